// browser.mjs — the page in Debian's chromium, served by `ludoteka serve`
// on loopback:  node browser.mjs LUDOTEKA RECORD_FINAL OUTDIR
//
//  - the page loads without a console error, lists every game;
//  - Robbers against the computer: legal targets highlighted,
//    moves by click-click, drag and click; undo; hint; the record
//    downloaded replays natively to the page's position, and uploaded
//    again gives the same game;
//  - chess against the computer: 1. e4 played by clicking its squares, the
//    computer's reply, both in the move list's first row;
//  - chess between two people at one page: the move list reads
//    `1. e4 e5 2. Nf3`; a takeback asked and accepted takes Nf3 off the
//    list and the board; flip turns the board; abort only before both
//    have moved; a draw offered and accepted ends it drawn by agreement;
//    in the rematch a threefold repetition is claimed; the next is
//    resigned, with the reason;
//  - a 0:02+0 clock: White's flag falls and the game is lost on time;
//    its record replays natively and uploaded again shows the same end;
//  - a person playing Black sees the board from Black's side;
//  - half-hazard against the computer: undo takes back the person's last
//    decision and the dice after it;
//  - alquerque: a capture chain of two jumps, each a click, from a record
//    with a set-up position uploaded to the page;
//  - a Hazard turn thrown to the end, the exact odds beside it equal to
//    the native program's at every throw, and at the start of the turn to
//    the value derived by hand in tests/games/test_hazard.c;
//  - Polish, and a phone-sized screen played by touch; a resignation's
//    result in Polish;
//  - two browser contexts play a networked Four Seasons game with two
//    computer seats (on the server) to the end; the room's record replays
//    to the position both pages show;
//  - two pages in a chess room on the server: clocks, a draw offered and
//    accepted, a rematch with colours swapped, a takeback, a resignation;
//  - a challenge link (a seat's link) declined, the challenger told at
//    once, and another accepted; a room whose player away is played on
//    by a computer, and who comes back plays the seat again; the chat
//    muted and shown again; a watcher counted and no longer;
//  - a screenshot of the finished game: OUTDIR/ludoteka-browser.png.
// LT_ONLY="room play,accounts" runs only those parts.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import {
  check, equal, finish, log, startServer, stopServer, tempDir, CHROMIUM,
  CHROMIUM_ARGS, replayRecord, moduleUrl, timed,
} from './lib.mjs';
import { openPage, board, ply, legalMoves, waitPly, waitTurn } from './page.mjs';

const [exe, finalTool, outDir] = process.argv.slice(2);

/* ---- Helpers on a page -------------------------------------------------- */

/* A page whose console errors are collected. */

async function cellCentre(page, cell) {
  const box = await page.locator(`.cell[data-cell="${cell}"] .hit`).boundingBox();
  return [box.x + box.width / 2, box.y + box.height / 2];
}

async function clickCell(page, cell) {
  const [x, y] = await cellCentre(page, cell);
  await page.mouse.click(x, y);
}

async function dragCell(page, from, to) {
  const [x0, y0] = await cellCentre(page, from);
  const [x1, y1] = await cellCentre(page, to);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, { steps: 4 });
  await page.mouse.move(x1, y1, { steps: 4 });
  await page.mouse.up();
}

/* Plays a move through the board as a person would: a click on its cell,
 * a click on each of its two cells, or a drag; a button for moves off the
 * board, and the chooser when several moves share their cells. */
async function playMove(page, move, how = 'click') {
  const before = await ply(page);
  if (move.cells.length === 0) {
    await page.click(`.actions button[data-move="${move.name}"]`);
  } else if (move.cells.length === 1) {
    await clickCell(page, move.cells[0]);
  } else if (how === 'drag') {
    await dragCell(page, move.cells[0], move.cells[1]);
  } else {
    await clickCell(page, move.cells[0]);
    await clickCell(page, move.cells[1]);
  }
  const chooser = await page.$(`.actions button[data-move="${move.name}"]`);
  if (chooser && move.cells.length) await chooser.click();
  await waitPly(page, before);
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/* The move list's rows as they read ("1. e4 e5"). */
const moveRows = (page) => page.$$eval('#moves li.row:not(.head)',
  (els) => els.map((e) => e.textContent.replace(/\s+/g, ' ').trim()));

/* Plays moves by name, each through the board, by whoever is to move. */
async function playNamed(page, names) {
  for (const name of names) {
    const move = (await legalMoves(page)).find((m) => m.name === name);
    check(move, `${name} is on offer`);
    await playMove(page, move, 'click');
  }
}

/* Where a square is on the screen. */
async function squareBox(page, name) {
  return page.locator(`.cell[data-name="${name}"] .hit`).boundingBox();
}

/* Waits for the game's result and returns its reason and its words. */
async function result(page) {
  await page.waitForSelector('#result:not(.hidden)');
  return [await page.getAttribute('#result', 'data-reason'), await page.textContent('#result')];
}

/* A new game of id from the setup page: seats by their select values,
 * and a time control (a preset or a text), if any. */
async function newGame(page, url, id, seats, clock) {
  await page.goto(url + '#new=' + id);
  await page.waitForSelector('#start');
  for (const [i, spec] of Object.entries(seats)) await page.selectOption(`select[name="seat-${i}"]`, spec);
  if (clock) {
    const presets = await page.$$eval('#clock option', (els) => els.map((e) => e.value));
    if (presets.includes(clock)) {
      await page.selectOption('#clock', clock);
    } else {
      await page.selectOption('#clock', 'custom');
      await page.fill('#clock-custom', clock);
    }
  }
  await page.click('#start');
  await page.waitForSelector('#board-host[data-ply]', { state: 'attached' });
}

function noConsoleErrors(page, what) {
  equal(page.errors, [], `${what}: console errors`);
}

/* ---- The tests ------------------------------------------------------------ */

/* (the first load's size and time, and offline play: firstload.mjs) */
async function pageLoads(context, server) {
  const page = await openPage(context, server.url);
  await page.waitForSelector('li.game');
  const listed = await page.$$eval('li.game', (els) => els.map((e) => e.dataset.game));
  const ids = execFileSync(exe, ['list'], { encoding: 'utf8' })
    .split('\n').filter(Boolean).map((line) => line.split(/\s+/)[0]);
  equal(listed.sort(), ids.sort(), 'the page lists the games of `ludoteka list`');
  await page.click('li[data-game="robbers"] a[href^="#rules"]');
  const rules = await page.textContent('.rules-text');
  check(rules.includes('cap'), 'the rules page shows the rule text with its options');
  noConsoleErrors(page, 'home and rules');
  await page.close();
}

/* What no registered game draws yet (Talat's three boards, a 12x12
 * board, stacks): the board from a made-up view. */
async function anyView(context, server) {
  const page = await openPage(context, server.url);
  await page.waitForSelector('li.game');
  const drawn = await page.evaluate(async (url) => {
    const { drawBoard } = await import(url);
    const cells = [];
    for (let y = 0; y < 12; y++)
      for (let x = 0; x < 12; x++)
        cells.push({ x, y, shape: 0, shade: (x + y) % 2 ? 2 : 1, board: 0, name: String.fromCharCode(97 + x) + (12 - y) });
    for (let k = 0; k < 9; k++) cells.push({ x: 13 + (k % 3), y: Math.floor(k / 3), shape: 1, shade: 0, board: 1, name: 'P' + (k + 1) });
    for (let k = 0; k < 4; k++) cells.push({ x: 13 + k, y: 4, shape: 0, shade: 3 + (k % 2), board: 2, name: 'R' + (k + 1) });
    const links = [];
    for (let k = 0; k < 9; k++) {
      if (k % 3 < 2) links.push([144 + k, 145 + k]);
      if (k < 6) links.push([144 + k, 147 + k]);
    }
    const pieces = [...Array(4)].map(() => ({ cell: 0, owner: 0, kind: 0, text: 'M', glyph: '' }));
    pieces.push({ cell: 5, owner: 1, kind: 1, text: 'K', glyph: '\u2654' });
    pieces.push({ cell: -1, owner: 1, kind: 2, text: 'm', glyph: '' }, { cell: -1, owner: 1, kind: 2, text: 'm', glyph: '' });
    const view = { width: 17, height: 12, cells, links, pieces, dice: [], titles: ['Big', 'Points', 'Row'], info: ['made up'] };
    const host = document.createElement('div');
    document.body.append(host);
    drawBoard(host, view, { colours: ['#f6f2e6', '#2a2724'], selected: -1 });
    const all = (sel) => [...host.querySelectorAll(sel)];
    return {
      titles: all('.board-title').map((t) => t.textContent),
      cells: all('g.cell').length, points: all('circle.point').length, edges: all('line.edge').length,
      counts: all('text.count').map((t) => t.textContent), blocked: all('g.cell.blocked').length,
      columns: all('text.coord').map((t) => t.textContent).filter((t) => /^[a-l]$/.test(t)).length,
      pieces: all('g.piece').length,
    };
  }, await moduleUrl(page, 'board'));
  equal(drawn.titles, ['Big', 'Points', 'Row'], 'three boards, each with its title');
  equal([drawn.cells, drawn.points, drawn.edges, drawn.blocked], [157, 9, 12, 2], 'cells, points, lines, blocked cells');
  equal(drawn.columns, 12, 'the 12x12 board\'s columns are labelled a to l');
  check(drawn.counts.includes('×4') && drawn.counts.includes('×2'), `a stack of four and two in hand are counted (${drawn.counts})`);
  equal(drawn.pieces, 5, 'three of the stack, the king and one for the pieces in hand drawn');
  noConsoleErrors(page, 'made-up view');
  await page.close();
}

async function boardGame(context, server) {
  const page = await openPage(context, server.url + '#new=robbers');
  await page.selectOption('select[name="seat-1"]', 'ai:level=1');
  await page.click('#start');
  await page.waitForSelector('svg.board');
  let turns = 0;
  let sawTargets = false;
  let sawDrag = false;
  while (turns < 12) {
    await waitTurn(page, [0]);
    if ((await board(page, 'to')) === '-2') break;
    const moves = await legalMoves(page);
    const slides = moves.filter((m) => m.cells.length >= 2);
    if (slides.length && !sawTargets) {
      /* a click on a piece shows where it can go, and nothing else */
      const from = slides[0].cells[0];
      await clickCell(page, from);
      const shown = await page.$$eval('circle.target', (els) => els.length);
      const expected = new Set(slides.filter((m) => m.cells[0] === from).map((m) => m.cells[1])).size;
      equal(shown, expected, 'targets highlighted for the selected piece');
      await clickCell(page, from); /* deselect */
      sawTargets = true;
    }
    const move = pick(moves);
    const how = move.cells.length >= 2 && turns % 2 ? 'drag' : 'click';
    sawDrag ||= how === 'drag';
    await playMove(page, move, how);
    turns++;
  }
  check(turns > 3, 'several moves played against the computer');
  check(sawTargets && sawDrag, 'targets shown and a move dragged');
  const over = (await board(page, 'to')) === '-2';
  if (!over) {
    /* undo: back to the last position with White to move */
    await waitTurn(page, [0]);
    const n = await ply(page);
    await page.click('#undo');
    await page.waitForFunction((k) => Number(document.querySelector('#board-host').dataset.ply) < k, n);
    const back = await ply(page);
    check(back < n && (await board(page, 'to')) === '0', `undo takes back to the person's previous move (${n} -> ${back})`);
    await page.click('#hint');
    await page.waitForFunction(() => /Hint:/.test(document.querySelector('#message').textContent), null, { timeout: 30000 });
    check(await page.$('.cell.hint'), 'a hint shows its move on the board');
  }
  /* the record: downloaded, replayed natively, uploaded again */
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
  const text = fs.readFileSync(await download.path(), 'utf8');
  const pos = await board(page, 'pos');
  const native = replayRecord(exe, finalTool, text);
  equal(native.final.split('\n')[0], pos, 'the downloaded record replays to the page\'s position');
  const moves = await ply(page);
  await page.goto(server.url + '#');
  await page.setInputFiles('#upload', { name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.waitForSelector('svg.board');
  equal([await board(page, 'pos'), await ply(page)], [pos, moves], 'the uploaded record is the same game');
  noConsoleErrors(page, 'robbers');
  await page.close();
}

async function chessAgainstComputer(context, server) {
  const page = await openPage(context, server.url + '#new=chess');
  await page.selectOption('select[name="seat-1"]', 'ai:level=1');
  await page.click('#start');
  await page.waitForSelector('svg.board');
  await waitTurn(page, [0]);
  const e4 = (await legalMoves(page)).find((m) => m.name === 'e4');
  check(e4 && e4.cells.length === 2, 'e2-e4 has its two squares');
  await clickCell(page, e4.cells[0]);
  const shown = await page.$$eval('circle.target', (els) => els.length);
  equal(shown, 2, 'the e2 pawn can go to e3 and e4');
  await clickCell(page, e4.cells[1]);
  await waitPly(page, 1); /* the computer's reply */
  await waitTurn(page, [0]);
  const list = await moveRows(page);
  check(/^1\. e4 \S+$/.test(list[0]), `the move list begins with 1. e4 and the reply (${list[0]})`);
  equal(await ply(page), 2, 'the computer answered');
  await page.screenshot({ path: path.join(outDir, 'ludoteka-chess.png') });
  noConsoleErrors(page, 'chess');
  await page.close();
}

/* Two people at one page: the move list, abort, a takeback, flip, a
 * draw by agreement, a claimed repetition, a resignation. */
async function chessBetweenTwo(context, server) {
  const page = await openPage(context);
  await newGame(page, server.url, 'chess', { 1: 'human' });
  check(await page.$('#abort'), 'abort is offered before anyone has moved');
  await playNamed(page, ['e4', 'e5']);
  check(!(await page.$('#abort')), 'and not once both have moved');
  const afterE5 = await board(page, 'pos');
  await playNamed(page, ['Nf3']);
  equal(await moveRows(page), ['1. e4 e5', '2. Nf3'], 'the move list in full moves');
  check(!(await page.$('#undo')), 'no undo between people: a takeback is asked');
  /* White asks to take Nf3 back; Black, at the same page, agrees */
  await page.click('#takeback');
  await page.waitForSelector('#offer[data-kind="takeback"]');
  await page.click('#accept');
  await page.waitForFunction(() => document.querySelector('#board-host').dataset.ply === '2');
  equal(await moveRows(page), ['1. e4 e5'], 'the takeback took Nf3 off the move list');
  equal(await board(page, 'pos'), afterE5, 'and off the board');
  equal(await board(page, 'to'), '0', 'White is to move again');
  /* flip: a1 from the bottom left to the top right */
  const [a1, h8] = [await squareBox(page, 'a1'), await squareBox(page, 'h8')];
  check(a1.y > h8.y && a1.x < h8.x, 'White\'s side at the bottom: a1 at the bottom left');
  await page.click('#flip');
  await page.waitForFunction(() => document.querySelector('#board-host').dataset.turns === '2');
  const [b1, b8] = [await squareBox(page, 'a1'), await squareBox(page, 'h8')];
  check(b1.y < b8.y && b1.x > b8.x, 'flipped: a1 at the top right');
  /* a draw offered by White, accepted by Black */
  await page.click('#draw');
  await page.waitForSelector('#offer[data-kind="draw"]');
  await page.click('#accept');
  equal(await result(page), ['agreement', 'Draw \u00bd\u2013\u00bd \u2014 by agreement'], 'drawn by agreement');
  equal(await board(page, 'to'), '-2', 'the game is over');
  /* the next game: the knights go out and back twice; the start
   * position is there for the third time, and White claims the draw
   * (FIDE 9.2) */
  await page.click('#rematch');
  await page.waitForSelector('#result.hidden', { state: 'attached' });
  equal(await ply(page), 0, 'the rematch starts from the beginning');
  await playNamed(page, ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1']);
  check(!(await page.$('#claim')), 'no claim before the third time');
  await playNamed(page, ['Ng8']);
  await page.click('#claim');
  equal(await result(page), ['claim', 'Draw \u00bd\u2013\u00bd \u2014 White claimed a draw: threefold repetition'],
    'a draw claimed on the third repetition');
  /* and the next: White resigns at once */
  await page.click('#rematch');
  await page.waitForSelector('#result.hidden', { state: 'attached' });
  await page.click('#resign');
  equal(await result(page), ['resign', 'Black won 0\u20131 \u2014 White resigned'], 'a resignation with its reason');
  noConsoleErrors(page, 'chess between two');
  await page.close();
}

/* A clock of two seconds: White's flag falls before any move. */
async function chessClock(context, server) {
  const page = await openPage(context);
  await page.goto(server.url + '#new=chess');
  await page.waitForSelector('#clock');
  const presets = await page.$$eval('#clock option', (els) => els.map((e) => e.value));
  equal(presets, ['none', '1+0', '3+2', '5+3', '10+0', '15+10', 'custom'], 'the time controls offered');
  await newGame(page, server.url, 'chess', { 1: 'human' }, '0:02+0');
  equal(await page.$$eval('#clocks .clock', (els) => els.length), 2, 'a clock for each seat');
  check(await page.$('#clocks .clock.running[data-seat="0"]'), 'White\'s clock runs');
  equal(await result(page), ['time', 'Black won 0\u20131 \u2014 White ran out of time'], 'a flag fall ends the game on time');
  equal(await page.getAttribute('#clocks .clock[data-seat="0"]', 'data-ms'), '0', 'White\'s clock shows no time left');
  equal(await legalMoves(page), [], 'nothing more to play');
  /* the record keeps the clock and the loss on time: the native program
   * replays it, and the page reads it back as it was */
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
  const text = fs.readFileSync(await download.path(), 'utf8');
  check(text.includes('[Clock "0:02+0"]') && text.includes('[Result "0-1"]'), 'the record has the clock and the result');
  const native = replayRecord(exe, finalTool, text);
  equal(native.final.split('\n')[0], await board(page, 'pos'), 'the native program replays the record');
  await page.goto(server.url + '#');
  await page.setInputFiles('#upload', { name: 'clock.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
  equal(await result(page), ['time', 'Black won 0\u20131 \u2014 White ran out of time'], 'uploaded again: lost on time');
  noConsoleErrors(page, 'chess clock');
  await page.close();
}

/* A person playing Black sees Black's side at the bottom. */
async function blackAtTheBottom(context, server) {
  const page = await openPage(context);
  await newGame(page, server.url, 'chess', { 0: 'ai:level=1', 1: 'human' });
  await waitTurn(page, [1]);
  equal([await board(page, 'viewer'), await board(page, 'turns')], ['1', '2'], 'the board from Black\'s seat, half a turn round');
  const [a1, h8] = [await squareBox(page, 'a1'), await squareBox(page, 'h8')];
  check(a1.y < h8.y && a1.x > h8.x, 'a1 at the top right, h8 at the bottom left');
  noConsoleErrors(page, 'black at the bottom');
  await page.close();
}

/* Half-hazard against the computer: the person decides, the dice fall,
 * and undo takes back the decision and the dice.  The dice come from the
 * seed: with seed 1 the person is the first thrower and, after a Hazard,
 * chooses between stopping and throwing on. */
async function diceUndo(context, server) {
  const page = await openPage(context, server.url + '#');
  const record = '[Game "half-hazard"]\n[Options "turns=10"]\n[Players "human,ai:level=1"]\n[Seed "1"]\n\n';
  await page.setInputFiles('#upload', { name: 'half-hazard.txt', mimeType: 'text/plain', buffer: Buffer.from(record) });
  await page.waitForSelector('#board-host[data-ply]', { state: 'attached' });
  let before = null;
  for (let k = 0; k < 300 && !before; k++) {
    await page.waitForSelector('#roll, .actions button[data-move], #status[data-over="true"]');
    if (await page.$('#status[data-over="true"]')) break;
    const n = await ply(page);
    if (await page.$('#roll')) {
      await page.click('#roll');
    } else {
      before = { n, pos: await board(page, 'pos'), rows: await moveRows(page) };
      const names = await page.$$eval('.actions button[data-move]', (els) => els.map((e) => e.dataset.move));
      before.name = names.includes('throw') ? 'throw' : names[0];
      await page.click(`.actions button[data-move="${before.name}"]`);
    }
    await waitPly(page, n);
  }
  check(before, 'the person had a decision to make');
  if (before) {
    if (await page.$('#roll')) { /* the dice after the decision, too */
      const n = await ply(page);
      await page.click('#roll');
      await waitPly(page, n);
    }
    check((await ply(page)) > before.n, 'the decision was played');
    log(`half-hazard: ${before.name} at ply ${before.n}, undone from ply ${await ply(page)}`);
    await page.click('#undo');
    await page.waitForFunction((k) => document.querySelector('#board-host').dataset.ply === String(k), before.n);
    equal(await board(page, 'pos'), before.pos, 'undo: the position before the decision');
    equal(await moveRows(page), before.rows, 'undo: the move list before the decision');
    equal(await board(page, 'to'), '0', 'the person decides again');
  }
  noConsoleErrors(page, 'dice undo');
  await page.close();
}

/* White's man on A1 jumps B2 to C3 and, going on, D4 to E5: Black has
 * nothing left (the position of tests/tui/tui_test.sh's chain). */
async function alquerqueChain(context, server) {
  const page = await openPage(context, server.url + '#');
  const record = '[Game "alquerque"]\n[Players "human,human"]\n' +
    '[Position "...../...B./...../.B.../W.... w - -"]\n\n';
  await page.setInputFiles('#upload', { name: 'chain.txt', mimeType: 'text/plain', buffer: Buffer.from(record) });
  await page.waitForSelector('svg.board');
  await waitTurn(page, [0]);
  const first = (await legalMoves(page)).find((m) => m.name === 'A1xC3');
  check(first, 'the jump A1xC3 is on offer');
  await playMove(page, first, 'click');
  await waitTurn(page, [0]);
  equal(await board(page, 'to'), '0', 'the same player goes on capturing');
  const second = (await legalMoves(page)).find((m) => m.name === 'C3xE5');
  check(second && second.cells[0] === first.cells[1], 'the chain goes on from the landing point');
  /* the piece stays selected, its next jump marked, "stop" a button */
  equal(await page.getAttribute('.cell.selected', 'data-name'), 'C3', 'the piece that jumped stays selected');
  check((await page.$$eval('circle.target', (els) => els.length)) === 1, 'its next jump is marked');
  check(await page.$('#stop-chain[data-move="stop"]'), 'a button stops the chain');
  await playMove(page, second, 'click');
  await page.waitForFunction(() => document.querySelector('#board-host').dataset.to === '-2');
  equal(await ply(page), 2, 'two jumps, two actions of one player');
  noConsoleErrors(page, 'alquerque');
  await page.close();
}

async function hazardTurn(context, server) {
  const page = await openPage(context, server.url + '#new=hazard');
  /* two people at this page: every throw is thrown here, the first of
   * the turn too (a computer throws its own) */
  await page.selectOption('select[name="seat-1"]', 'human');
  await page.click('#start');
  await page.waitForSelector('#status');
  let compared = 0;
  let sawTurnStart = false;
  let navigated = false;
  for (let throws = 0; throws < 200; throws++) {
    await page.waitForSelector('#roll, #status[data-over="true"]');
    if (await page.$('#status[data-over="true"]')) break;
    const n = await ply(page);
    /* the odds beside the board, once they are for this position */
    const known = await page.waitForFunction((k) => {
      const o = document.querySelector('#odds');
      return o && o.dataset.ply === String(k) && o.querySelector('h3') ? o.innerHTML : false;
    }, n).catch(() => null);
    if (known) {
      const exact = await page.$$eval('#odds li[data-seat]', (els) => els.map((e) => e.dataset.exact));
      if (exact.length) {
        const cli = JSON.parse(execFileSync(exe, ['odds', 'hazard', '--players', '2',
          '--position', await board(page, 'pos'), '--json'], { encoding: 'utf8' }));
        equal(exact, cli.seats.map((s) => s.exact), `odds after ${n} throws agree with the native program`);
        compared++;
        /* the whole turn, first thrower's chance: tests/games/test_hazard.c
         * derives it by Cramer's rule (and src/games/hazard/RULES.md) */
        if (!sawTurnStart) {
          check(exact.includes('24298296676888433677205006791/43545762570418032921528692160'),
            'at the start of the turn the thrower\'s odds are the hand-derived value');
          sawTurnStart = true;
        }
      }
    }
    if (throws === 1) {
      navigated = true;
      /* back through the moves and forward again: the dice wait */
      await page.click('button[title="Previous move"]');
      check(!(await page.$('#roll')) && (await ply(page)) === n - 1, 'an earlier position is shown, with nothing to throw');
      await page.click('button[title="Last position"]');
      await page.waitForSelector('#roll');
      equal(await ply(page), n, 'back at the live position, the dice wait to be thrown');
    }
    await page.click('#roll');
    await waitPly(page, n);
  }
  check(await page.$('#status[data-over="true"]'), 'the Hazard turn was thrown to its end');
  check(compared >= 1, `odds compared with the native program (${compared} throws)`);
  check(navigated, 'the moves were stepped through in the middle of the turn');
  await page.screenshot({ path: path.join(outDir, 'ludoteka-hazard.png') });
  noConsoleErrors(page, 'hazard');
  await page.close();
}

async function polishOnAPhone(browser, server) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, locale: 'pl-PL',
  });
  const page = await openPage(context, server.url);
  await page.waitForSelector('li.game');
  check((await page.textContent('main')).includes('Gry w kości'), 'Polish is chosen for a Polish browser');
  await page.goto(server.url + '#new=robbers');
  await page.click('#start');
  await page.waitForSelector('svg.board');
  const status = await page.textContent('#status');
  check(/twój ruch/.test(status), `the status is in Polish (${status})`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 0, `nothing wider than a phone's screen (${overflow} px over)`);
  const box = await page.locator('svg.board').boundingBox();
  check(box.width <= 360 && box.width > 300, `the board fills the phone's width (${box.width} px)`);
  const move = (await legalMoves(page))[0];
  const n = await ply(page);
  for (const cell of move.cells) {
    const [x, y] = await cellCentre(page, cell);
    await page.touchscreen.tap(x, y);
  }
  await waitPly(page, n);
  check((await ply(page)) > n, 'a move made by tapping');
  await page.screenshot({ path: path.join(outDir, 'ludoteka-phone.png') });
  /* chess against the computer, resigned: the result in Polish */
  await newGame(page, server.url, 'chess', { 1: 'ai:level=1' }, '5+3');
  await page.click('#resign');
  equal(await result(page), ['resign', 'Wygrana: Czarne (0\u20131) \u2014 poddanie partii (Białe)'], 'the result in Polish');
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(wide <= 0, `the game's buttons and clocks fit the phone (${wide} px over)`);
  noConsoleErrors(page, 'phone');
  await context.close();
}

/* Four Seasons in a room: context A makes it (seat 1 here, seat 2 invited,
 * seats 3 and 4 computers on the server), context B follows the link. */
async function networked(browser, server) {
  const a = await browser.newContext();
  const b = await browser.newContext();
  const pa = await openPage(a, server.url + '#new=four-seasons');
  await pa.fill('input[name="opt-cap"]', '16');
  await pa.selectOption('select[name="seat-1"]', 'remote');
  await pa.selectOption('select[name="seat-2"]', 'ai:level=1');
  await pa.selectOption('select[name="seat-3"]', 'ai:level=1');
  await pa.click('#start');
  await pa.waitForSelector('input.link[data-seat="1"]');
  const invite = await pa.inputValue('input.link[data-seat="1"]');
  const room = /challenge=(\w+)/.exec(invite)[1];
  const pb = await openPage(b, invite);
  await pb.click('#challenge-accept');
  await pb.waitForSelector('svg.board');
  let moves = 0;
  const player = async (page, seat) => {
    for (;;) {
      await waitTurn(page, [seat]);
      if ((await board(page, 'to')) === '-2') return;
      await playMove(page, pick(await legalMoves(page)), moves % 3 ? 'click' : 'drag');
      moves++;
    }
  };
  await Promise.all([player(pa, 0), player(pb, 1)]);
  await Promise.all([pa, pb].map((p) => p.waitForSelector('#status[data-over="true"]')));
  log(`networked Four Seasons: ${moves} moves by the two browsers, ${await ply(pa)} actions in all`);
  const [posA, posB] = [await board(pa, 'pos'), await board(pb, 'pos')];
  equal(posA, posB, 'both browsers show the same final position');
  const listA = await pa.$$eval('#moves li', (els) => els.map((e) => e.textContent));
  const listB = await pb.$$eval('#moves li', (els) => els.map((e) => e.textContent));
  equal(listA, listB, 'both browsers show the same moves');
  const text = await (await fetch(`${server.url}api/rooms/${room}/record`)).text();
  check(/\[Seed "\d+"\]/.test(text), 'the finished room\'s record shows its seed');
  check(!/Tokens/.test(text), 'the record never shows the seats\' tokens');
  const native = replayRecord(exe, finalTool, text);
  equal(native.final.split('\n')[0], posA, 'the room\'s record replays to the final position');
  await pa.screenshot({ path: path.join(outDir, 'ludoteka-browser.png') });
  noConsoleErrors(pa, 'room, first browser');
  noConsoleErrors(pb, 'room, second browser');
  await a.close();
  await b.close();
}

/* Two people in a chess room on the real server (docs/network.md): the
 * clock chosen goes in `create` and runs on both pages; a draw offered on
 * one page is accepted on the other, with the result's reason on both; a
 * rematch asked for on both pages swaps the colours (each page sees the
 * board from its new side); a takeback asked for and granted across the
 * pages; a resignation with its reason. */
async function roomPlay(browser, server) {
  const a = await browser.newContext({ locale: 'en-GB' });
  const b = await browser.newContext({ locale: 'en-GB' });
  const pa = await openPage(a, server.url + '#new=chess');
  await pa.selectOption('select[name="seat-1"]', 'remote');
  await pa.selectOption('#clock', '5+3');
  await pa.click('#start');
  await pa.waitForSelector('input.link[data-seat="1"]');
  const invite = await pa.inputValue('input.link[data-seat="1"]');
  const pb = await openPage(b, invite);
  await pb.click('#challenge-accept');
  await pb.waitForSelector('svg.board');
  await Promise.all([pa, pb].map((p) => p.waitForSelector('.clock.running[data-seat="0"]')));
  check(Number(await pb.getAttribute('.clock[data-seat="0"]', 'data-ms')) <= 300000,
    'the room\'s clock (5+3): White\'s runs on both pages');
  await playNamed(pa, ['e4']);
  await waitTurn(pb, [1]);
  await playNamed(pb, ['e5']);
  await waitTurn(pa, [0]);
  equal(await moveRows(pb), ['1. e4 e5'], 'the move list on the other page');
  await pa.click('#draw');
  await pb.click('#accept');
  const drawn = ['agreement', 'Draw \u00bd\u2013\u00bd \u2014 by agreement'];
  equal(await result(pa), drawn, 'a draw offered on one page and accepted on the other');
  equal(await result(pb), drawn, 'the same result on both pages');
  const first = await pa.evaluate(() => location.hash);
  await pa.click('#rematch');
  await pb.waitForFunction(() => document.querySelector('#message').textContent.includes('rematch'));
  await pb.click('#rematch');
  const swapped = (page, viewer) => page.waitForFunction(([h, v]) => location.hash !== h &&
    location.hash.startsWith('#room=') && document.querySelector('#board-host')?.dataset.viewer === v, [first, viewer]);
  await Promise.all([swapped(pa, '1'), swapped(pb, '0')]);
  equal([await board(pa, 'viewer'), await board(pb, 'viewer')], ['1', '0'],
    'the rematch: the first page plays Black now, the second White');
  await waitTurn(pb, [0]);
  await playNamed(pb, ['d4']);
  await waitTurn(pa, [1]);
  await pb.click('#takeback');
  await pa.click('#accept');
  await Promise.all([pa, pb].map((p) => p.waitForFunction(() =>
    document.querySelector('#board-host')?.dataset.ply === '0')));
  equal(await moveRows(pa), [], 'a takeback asked for on one page and granted on the other');
  await pa.click('#resign');
  equal(await result(pb), ['resign', 'White won 1\u20130 \u2014 Black resigned'], 'a resignation, with its reason');
  noConsoleErrors(pa, 'room, first page');
  noConsoleErrors(pb, 'room, second page');
  await a.close();
  await b.close();
}

/* The lobby and the chat: page A makes a chess room with Black over the
 * network, offered in the lobby; page B (in Polish) finds it there, takes
 * the seat with one click and plays Black; a line of chat from A reaches
 * B, and A sees B watching no more than it plays (no watcher counted). */
async function lobbyAndChat(browser, server) {
  const a = await browser.newContext({ locale: 'en-GB' });
  const b = await browser.newContext({ locale: 'pl-PL' });
  const pa = await openPage(a, server.url + '#new=chess');
  await pa.selectOption('select[name="seat-1"]', 'remote');
  await pa.check('#lobby-open');
  await pa.click('#start');
  await pa.waitForSelector('input.link[data-seat="1"]');
  const room = new URLSearchParams((await pa.evaluate(() => location.hash)).slice(1)).get('room');
  const pb = await openPage(b, server.url);
  await pb.waitForSelector('li.game');
  await pb.waitForSelector('#lobby-link:not(.hidden)');
  await pb.click('#lobby-link');
  await pb.waitForSelector('#lobby-status[data-ready="true"]', { state: 'attached' });
  const listed = pb.locator(`#lobby-open-games li[data-room="${room}"]`);
  check(await listed.count() === 1, 'the open game is in the lobby');
  const line = await listed.innerText();
  check(/Szachy/.test(line) && /Czarne: wolne/.test(line), `the lobby says what is free, in Polish (${line})`);
  await listed.locator('button').click();
  await pb.waitForSelector('#board-host[data-ply]', { state: 'attached' });
  equal(new URLSearchParams((await pb.evaluate(() => location.hash)).slice(1)).get('room'), room,
    'one click took the seat and opened the room');
  /* White moves on A, Black answers on B: B holds Black */
  await playNamed(pa, ['e4']);
  await waitPly(pb, 0);
  await playNamed(pb, ['e5']);
  await waitPly(pa, 1);
  check((await ply(pa)) === 2, 'the player from the lobby plays Black');
  await pa.fill('#chat-input', 'Powodzenia!');
  await pa.click('#chat-send');
  await pb.waitForSelector('#chat-lines li:has-text("Powodzenia!")');
  check((await pb.innerText('#chat-lines')).includes('Białe: Powodzenia!'), 'a line of chat reaches the other page, with its seat');
  /* after a reload the chat is still there (the server keeps it) */
  await pb.reload();
  await pb.waitForSelector('#chat-lines li:has-text("Powodzenia!")');
  check(true, 'the chat comes back with the room');
  /* the game is no longer open, but among those being played */
  const pc = await openPage(a, server.url + '#lobby');
  await pc.waitForSelector('#lobby-status[data-ready="true"]', { state: 'attached' });
  check(await pc.locator(`#lobby-open-games li[data-room="${room}"]`).count() === 0 &&
        await pc.locator(`#lobby-playing li[data-room="${room}"]`).count() === 1,
  'the game is listed as being played, to watch');
  noConsoleErrors(pa, 'lobby, first page');
  noConsoleErrors(pb, 'lobby, second page');
  await a.close();
  await b.close();
}

/* Page A makes a chess room with Black over the network (5+3) and gives
 * Black's link; returns the link. */
async function chessChallenge(page, server, setup = async () => {}) {
  await page.goto(server.url + '#new=chess');
  await page.selectOption('select[name="seat-1"]', 'remote');
  await page.selectOption('#clock', '5+3');
  await setup(page);
  await page.click('#start');
  await page.waitForSelector('input.link[data-seat="1"]');
  return page.inputValue('input.link[data-seat="1"]');
}

/* A challenge link: page B (in Polish) opens Black's link and sees the
 * challenge (the game, its clock, casual, the seat) with Accept and
 * Decline; declined, page A hears it at once and its game is off; a
 * second challenge accepted seats B at Black. */
async function challengeLinks(browser, server) {
  const a = await browser.newContext({ locale: 'en-GB' });
  const b = await browser.newContext({ locale: 'pl-PL' });
  const pa = await openPage(a);
  const link = await chessChallenge(pa, server);
  check(/#challenge=\w+&seat=1&token=\w+$/.test(link), `the seat's link is a challenge (${link})`);
  const pb = await openPage(b, link);
  await pb.waitForSelector('#challenge-accept');
  const text = await pb.innerText('#challenge');
  check(/Szachy/.test(text) && /5\+3/.test(text) && /Towarzyska/.test(text) && /Czarne/.test(text),
    `the challenge says the game, its clock, casual and the seat, in Polish (${text})`);
  await pb.click('#challenge-decline');
  await pb.waitForSelector('#challenge-answer:has-text("Odrzucone")');
  await pa.waitForFunction(() => document.querySelector('#status')?.dataset.over === 'true');
  check((await pa.innerText('main')).includes('declined the challenge'), 'declined: the challenger is told at once, and the game is off');
  const again = await chessChallenge(pa, server);
  await pb.goto(again);
  await pb.click('#challenge-accept');
  await pb.waitForSelector('svg.board');
  await playNamed(pa, ['e4']);
  await waitTurn(pb, [1]);
  await playNamed(pb, ['e5']);
  await waitTurn(pa, [0]);
  equal(await board(pb, 'viewer'), '1', 'accepted: the page plays Black');
  noConsoleErrors(pa, 'challenge, first page');
  noConsoleErrors(pb, 'challenge, second page');
  await a.close();
  await b.close();
}

/* Away, then a computer: the room's set-up chooses it (here with a limit
 * of one second, a choice the test adds to the list); Black's page leaves
 * after 1. e4, the server's computer answers for Black and the room says
 * so; Black's page comes back and plays the seat again. */
async function awayComputer(browser, server) {
  const a = await browser.newContext({ locale: 'en-GB' });
  const b = await browser.newContext({ locale: 'en-GB' });
  const pa = await openPage(a);
  const link = await chessChallenge(pa, server, async (page) => {
    await page.$eval('#away', (sel) => {
      sel.append(new Option('1 s', '1'));
      sel.value = '1';
    });
    await page.selectOption('#away-then', 'computer');
  });
  const room = /challenge=(\w+)/.exec(link)[1];
  const pb = await openPage(b, link);
  await pb.click('#challenge-accept');
  await pb.waitForSelector('svg.board');
  await playNamed(pa, ['e4']);
  await waitTurn(pb, [1]);
  await pb.goto(server.url); /* Black's page leaves the room */
  await waitPly(pa, 1);
  await pa.waitForSelector('#seats li:has-text("away: a computer plays on")');
  check((await pa.innerText('#message')).includes('is away: a computer plays on') && (await ply(pa)) === 2,
    'away past the limit: a computer plays Black\'s move, and the room says so');
  await pb.goto(server.url + '#room=' + room);
  await pb.waitForSelector('svg.board');
  await pa.waitForSelector('#seats li:has-text("away: a computer plays on")', { state: 'detached' });
  await waitTurn(pa, [0]);
  const move = (await legalMoves(pa)).find((m) => m.name === 'd4' || m.name === 'Nf3');
  await playMove(pa, move);
  await waitTurn(pb, [1]);
  const n = await ply(pb);
  await playMove(pb, (await legalMoves(pb))[0]);
  equal([await ply(pb), await board(pb, 'to')], [n + 1, '0'], 'back: the player plays Black again');
  noConsoleErrors(pa, 'away, first page');
  noConsoleErrors(pb, 'away, second page');
  await a.close();
  await b.close();
}

/* Chat muted and watchers counted: page B hides the chat (no line shows,
 * not even one said meanwhile) and shows it again (every line back); a
 * third page watching is counted on A's page, and no longer once it has
 * gone. */
async function muteAndWatchers(browser, server) {
  const a = await browser.newContext({ locale: 'en-GB' });
  const b = await browser.newContext({ locale: 'en-GB' });
  const c = await browser.newContext({ locale: 'en-GB' });
  const pa = await openPage(a);
  const link = await chessChallenge(pa, server);
  const room = /challenge=(\w+)/.exec(link)[1];
  const pb = await openPage(b, link);
  await pb.click('#challenge-accept');
  await pb.waitForSelector('svg.board');
  const say = async (text) => {
    await pa.fill('#chat-input', text);
    await pa.click('#chat-send');
    await pa.waitForSelector(`#chat-lines li:has-text("${text}")`);
  };
  await say('one');
  await pb.waitForSelector('#chat-lines li:has-text("one")');
  await pb.check('#chat-mute');
  await say('two');
  equal(await pb.locator('#chat-lines li').count(), 0, 'muted: no line of the chat shows');
  await pb.uncheck('#chat-mute');
  await pb.waitForSelector('#chat-lines li:has-text("two")');
  equal(await pb.locator('#chat-lines li').count(), 2, 'shown again: every line, the one said meanwhile too');
  const pc = await openPage(c, server.url + '#room=' + room);
  await pc.waitForSelector('svg.board');
  await pa.waitForSelector('#watchers:has-text("1 watching")');
  check(true, 'a page watching is counted on the player\'s page');
  await c.close();
  await pa.waitForSelector('#watchers', { state: 'detached' });
  check(true, 'and no longer once it has gone');
  noConsoleErrors(pa, 'mute, first page');
  noConsoleErrors(pb, 'mute, second page');
  await a.close();
  await b.close();
}

/* Quick pairing from the lobby: two pages ask for chess at 5+3 and meet
 * in one room, the one who waited playing White. */
async function quickPairing(browser, server) {
  const a = await browser.newContext({ locale: 'en-GB' });
  const b = await browser.newContext({ locale: 'pl-PL' });
  const seek = async (context) => {
    const page = await openPage(context, server.url + '#lobby');
    await page.waitForSelector('#seek');
    await page.selectOption('#seek-game', 'chess');
    await page.selectOption('#seek-clock', '5+3');
    await page.click('#seek');
    return page;
  };
  const pa = await seek(a);
  await pa.waitForSelector('#seek-status:has-text("Waiting for an opponent")');
  const pb = await seek(b);
  await Promise.all([pa, pb].map((p) => p.waitForSelector('#board-host[data-viewer]', { state: 'attached' })));
  const room = async (p) => new URLSearchParams((await p.evaluate(() => location.hash)).slice(1)).get('room');
  equal([await room(pa) === await room(pb), await board(pa, 'viewer'), await board(pb, 'viewer')], [true, '0', '1'],
    'two seeks meet in one room: who waited plays White');
  await Promise.all([pa, pb].map((p) => p.waitForSelector('.clock[data-seat="0"]')));
  check(Number(await pb.getAttribute('.clock[data-seat="0"]', 'data-ms')) <= 300000, 'with the clock asked for (5+3)');
  noConsoleErrors(pa, 'quick pairing, first page');
  noConsoleErrors(pb, 'quick pairing, second page');
  await a.close();
  await b.close();
}

/* Accounts on the page: signing up, out and in again (a wrong password
 * refused in words), a rated game between two logged-in people made from
 * the set-up, and after it both profiles with their ratings and the game,
 * and the pool's leaders.  Two players new to a pool: the winner's rating
 * rises above 1500 by what the loser's falls (Glicko-2, src/net/glicko.c). */
async function accounts(browser, server) {
  const a = await browser.newContext({ locale: 'en-GB' });
  const b = await browser.newContext({ locale: 'pl-PL' });
  const signUp = async (context, name, password) => {
    const page = await openPage(context, server.url);
    await page.waitForSelector('#account-link:not(.hidden)');
    await page.click('#account-link');
    await page.fill('#signup input[name="name"]', name);
    await page.fill('#signup input[name="password"]', password);
    await page.click('#signup button[type="submit"]');
    await page.waitForFunction((n) => location.hash === '#player=' + n, name);
    await page.waitForSelector('section.player h1');
    return page;
  };
  const pa = await signUp(a, 'Ola', 'hasło-oli-1');
  equal(await pa.textContent('section.player h1'), 'Ola', 'signed up: the new profile');
  equal(await pa.textContent('#account-link'), 'Ola', 'the header names who is logged in');
  await pa.click('#account-link');
  await pa.click('#logout');
  await pa.waitForFunction(() => document.querySelector('#account-link').textContent === 'Log in');
  await pa.click('#account-link');
  await pa.fill('#login input[name="name"]', 'Ola');
  await pa.fill('#login input[name="password"]', 'not-her-password');
  await pa.click('#login button[type="submit"]');
  await pa.waitForSelector('#login p.error:has-text("Wrong name or password.")');
  check(true, 'a wrong password is refused in words');
  await pa.fill('#login input[name="password"]', 'hasło-oli-1');
  await pa.click('#login button[type="submit"]');
  await pa.waitForFunction(() => location.hash === '#player=Ola');
  const pb = await signUp(b, 'Piotr', 'hasło-piotra-2');
  /* a rated game: Ola White here, Piotr Black by the invitation */
  await pa.goto(server.url + '#new=chess');
  await pa.waitForSelector('#rated');
  await pa.selectOption('select[name="seat-1"]', 'remote');
  await pa.check('#rated');
  await pa.click('#start');
  await pa.waitForSelector('input.link[data-seat="1"]');
  await pb.goto(await pa.inputValue('input.link[data-seat="1"]'));
  await pb.click('#challenge-accept');
  await pb.waitForSelector('svg.board');
  await playNamed(pa, ['e4']);
  await waitTurn(pb, [1]);
  await pb.click('#resign');
  await result(pa);
  await pa.goto(server.url + '#player=Ola');
  await pa.waitForSelector('#ratings');
  const row = await pa.innerText('#ratings');
  const rating = Number((/(\d[\d,]*) ±/.exec(row) || [0, '0'])[1].replace(/,/g, ''));
  check(/Chess · without a clock/.test(row) && rating > 1500, `the winner's rating rose (${row.replace(/\s+/g, ' ')})`);
  check((await pa.innerText('#archive')).includes('Ola – Piotr'), 'the game is in her archive');
  await pb.goto(server.url + '#player=Piotr');
  await pb.waitForSelector('#ratings');
  check(/Szachy · bez zegara/.test(await pb.innerText('#ratings')), 'his profile, in Polish');
  await pa.click('#ratings a');
  await pa.waitForSelector('#leaders');
  equal((await pa.$$eval('#leaders li a', (els) => els.map((e) => e.textContent))), ['Ola', 'Piotr'],
    'the leaders of the pool, best first');
  /* (the wrong password's refusal is an HTTP 401, which the browser logs) */
  pa.errors = pa.errors.filter((e) => !/status of 401/.test(e));
  noConsoleErrors(pa, 'accounts, first page');
  noConsoleErrors(pb, 'accounts, second page');
  await a.close();
  await b.close();
}

/* The words each language never shows in the other (tests/words.sh, the
 * list the terminal tests use too). */
function wordLists() {
  const text = fs.readFileSync(new URL('../words.sh', import.meta.url), 'utf8');
  const value = (name) => new RegExp(`^${name}='([^']*)'`, 'm').exec(text)[1];
  return {
    english: new RegExp(`^(${value('ENGLISH')})$`, 'i'),
    polish: new RegExp(`(${value('DIACRITICS')})|^(${value('POLISH')})[.,:;!?)]*$`, 'i'),
    sources: new RegExp(`^(${value('SOURCES')})$`),
  };
}

/* The words of the other language on the page as it shows it. */
function foreignWords(text, lang, lists) {
  /* (as tests/words.sh: what is typed as it is in any language) */
  text = text.replace(/(source|źródło) \d{3}[^)\n]*/g, ' ').replace(/\S*\d\S*/g, ' ').replace(/\b[a-z]+-[a-z][a-z-]*/g, ' ');
  const words = lang === 'pl'
    ? text.split(/[^A-Za-z'\u00c0-\u017f]+/).filter((w) => lists.english.test(w))
    : text.split(/\s+/).filter((w) => lists.polish.test(w) && !lists.sources.test(w));
  return [...new Set(words)];
}

/* Every game's setup page, rules and board in Polish and in English: no
 * word of the other language. */
async function oneLanguage(browser, server) {
  const lists = wordLists();
  const ids = execFileSync(exe, ['list'], { encoding: 'utf8' })
    .split('\n').filter(Boolean).map((line) => line.split(/\s+/)[0]);
  for (const lang of ['pl', 'en']) {
    const context = await browser.newContext({ locale: lang === 'pl' ? 'pl-PL' : 'en-GB' });
    const page = await openPage(context, server.url);
    await page.waitForSelector('li.game');
    const seen = { home: await page.innerText('main') };
    await page.goto(server.url + '#lobby');
    await page.waitForSelector('#lobby-status[data-ready="true"]', { state: 'attached' });
    seen.lobby = await page.innerText('main');
    await page.goto(server.url + '#account');
    await page.waitForSelector('#signup');
    seen.account = await page.innerText('main');
    for (const id of ids) {
      await page.goto(server.url + '#rules=' + id);
      await page.waitForSelector('.rules-text');
      seen[id + ' rules'] = await page.innerText('main');
      await page.goto(server.url + '#new=' + id);
      await page.waitForSelector('#start');
      seen[id + ' setup'] = await page.innerText('main');
      await page.click('#start');
      await page.waitForSelector('#board-host[data-ply]', { state: 'attached' });
      seen[id] = await page.innerText('main');
    }
    for (const [where, text] of Object.entries(seen))
      equal(foreignWords(text, lang, lists), [], `${where} in ${lang}: words of the other language`);
    noConsoleErrors(page, `one language (${lang})`);
    await context.close();
  }
}

/* ---- Run ---------------------------------------------------------------------- */

fs.mkdirSync(outDir, { recursive: true });
const server = await startServer(exe, tempDir('lt-browser-data-'));
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
const context = await browser.newContext({ locale: 'en-GB', acceptDownloads: true });
/* LT_ONLY="room play,accounts": only those parts (while working on them) */
const only = process.env.LT_ONLY ? process.env.LT_ONLY.split(',') : null;
const timedOnly = (name, f) => (!only || only.includes(name) ? timed(name, f) : null);
try {
  await timedOnly('page', () => pageLoads(context, server));
  await timedOnly('any view', () => anyView(context, server));
  await timedOnly('board game', () => boardGame(context, server));
  await timedOnly('chess', () => chessAgainstComputer(context, server));
  await timedOnly('chess between two', () => chessBetweenTwo(context, server));
  await timedOnly('chess clock', () => chessClock(context, server));
  await timedOnly('black at the bottom', () => blackAtTheBottom(context, server));
  await timedOnly('dice undo', () => diceUndo(context, server));
  await timedOnly('alquerque', () => alquerqueChain(context, server));
  await timedOnly('hazard', () => hazardTurn(context, server));
  await timedOnly('phone', () => polishOnAPhone(browser, server));
  await timedOnly('one language', () => oneLanguage(browser, server));
  await timedOnly('networked', () => networked(browser, server));
  await timedOnly('room play', () => roomPlay(browser, server));
  await timedOnly('lobby and chat', () => lobbyAndChat(browser, server));
  await timedOnly('quick pairing', () => quickPairing(browser, server));
  await timedOnly('accounts', () => accounts(browser, server));
  await timedOnly('challenge links', () => challengeLinks(browser, server));
  await timedOnly('away then a computer', () => awayComputer(browser, server));
  await timedOnly('chat muted and watchers', () => muteAndWatchers(browser, server));
} finally {
  await browser.close();
  const status = await stopServer(server);
  equal(status, 0, 'the server stops cleanly on SIGTERM');
}
finish('browser');
