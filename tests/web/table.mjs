// table.mjs — the game around the board in the page, in Debian's chromium
// against `ludoteka serve` on loopback:  node table.mjs LUDOTEKA OUTDIR
//
//  - alquerque and Catch the Rabbit: after a jump the same piece stays
//    selected, its next jump is marked and a button stops the chain where
//    the rules allow it;
//  - the status, the result with its reason, the dice, the buttons and
//    the lines under the board inside the first screen at 1280x800 and at
//    360x740, for chess and for Hazard; no rules page wider than a phone;
//  - dice entered by hand: the throw typed is the throw played;
//  - Medh Kuu Lash: the computer's dice are thrown for it, never by the
//    person's button; undo takes back the person's last decision;
//  - sound on moves: off by default, the switch remembered;
//  - the person's dice thrown by the page, and by hand again;
//  - the computer's level chosen for the next game is the rematch's;
//  - Talat starts with three players; pass-and-play turns the board;
//  - the aria-live region tells the move played and the result.
// Every wait is for an element or an attribute of the page, never for a
// fixed time.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import {
  check, equal, finish, log, startServer, stopServer, tempDir, CHROMIUM, CHROMIUM_ARGS, timed,
} from './lib.mjs';
import { openPage, board, ply, legalMoves, waitPly } from './page.mjs';

const [exe, outDir] = process.argv.slice(2);


async function clickCell(page, cell) {
  const box = await page.locator(`.cell[data-cell="${cell}"] .hit`).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/* A new game from the setup page: seats by their select values, and other
 * fields by name. */
async function newGame(page, url, id, seats, fields = {}) {
  await page.goto(url + '#new=' + id);
  await page.waitForSelector('#start');
  for (const [i, spec] of Object.entries(seats)) await page.selectOption(`select[name="seat-${i}"]`, spec);
  for (const [name, value] of Object.entries(fields)) await page.selectOption(`select[name="${name}"]`, value);
  await page.click('#start');
  await page.waitForSelector('#board-host[data-ply]', { state: 'attached' });
}

async function upload(page, url, name, record) {
  await page.goto(url + '#');
  await page.setInputFiles('#upload', { name, mimeType: 'text/plain', buffer: Buffer.from(record) });
  await page.waitForSelector('#board-host[data-ply]', { state: 'attached' });
}

function noConsoleErrors(page, what) {
  equal(page.errors, [], `${what}: console errors`);
}

/* Is the element wholly inside the first screen (the page scrolled to its
 * top)? */
async function inView(page, selector, what) {
  const box = await page.evaluate((sel) => {
    window.scrollTo(0, 0);
    const e = document.querySelector(sel);
    if (!e) return null;
    const r = e.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, w: innerWidth, h: innerHeight };
  }, selector);
  if (!check(box, `${what}: ${selector} is on the page`)) return;
  check(box.top >= 0 && box.bottom <= box.h && box.left >= 0 && box.right <= box.w,
    `${what}: ${selector} inside the ${box.w}x${box.h} screen (${Math.round(box.left)},${Math.round(box.top)})-(${Math.round(box.right)},${Math.round(box.bottom)})`);
}

async function noOverflow(page, what) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(over <= 0, `${what}: nothing wider than the screen (${over} px over)`);
}

/* ---- Capture chains ----------------------------------------------------- */

/* White's man on A1 jumps B2 to C3 and may go on over D4 to E5, or stop. */
const CHAIN = '[Game "alquerque"]\n[Players "human,human"]\n' +
  '[Position "...../...B./...../.B.../W.... w - -"]\n\n';

async function chain(context, server) {
  const page = await openPage(context);
  await upload(page, server.url, 'chain.txt', CHAIN);
  const first = (await legalMoves(page)).find((m) => m.name === 'A1xC3');
  check(first, 'the jump A1xC3 is on offer');
  await clickCell(page, first.cells[0]);
  await clickCell(page, first.cells[1]);
  await waitPly(page, 0);
  /* no click: the piece that jumped is selected, its next jump marked */
  await page.waitForSelector('.cell.selected', { state: 'attached' });
  equal(await page.getAttribute('.cell.selected', 'data-name'), 'C3', 'the piece that jumped stays selected');
  const next = (await legalMoves(page)).find((m) => m.name === 'C3xE5');
  check(next, 'the next jump is on offer');
  check((await page.$$eval('circle.target', (els) => els.length)) >= 1, 'the next jump\'s point is marked');
  await page.waitForSelector('#stop-chain');
  equal(await page.getAttribute('#stop-chain', 'data-move'), 'stop', 'a button stops the chain (the game\'s "stop")');
  check(/Stop here/.test(await page.textContent('#stop-chain')), 'the button says so');
  /* one click on the landing point plays the next jump */
  await clickCell(page, next.cells[1]);
  await page.waitForFunction(() => document.querySelector('#board-host').dataset.to === '-2');
  equal(await ply(page), 2, 'the chain of two jumps, the second by one click');
  /* again, stopped after the first jump: Black moves next */
  await upload(page, server.url, 'chain.txt', CHAIN);
  await clickCell(page, first.cells[0]);
  await clickCell(page, first.cells[1]);
  await page.waitForSelector('#stop-chain');
  await page.click('#stop-chain');
  await page.waitForFunction(() => document.querySelector('#board-host').dataset.to === '1');
  equal(await ply(page), 2, 'the chain stopped: a jump and "stop"');
  check(!(await page.$('.cell.selected')), 'nothing stays selected for Black');
  /* Catch the Rabbit: the rabbit on A1 jumps B2, and may go on over D4
   * (eleven hunters: one taken, the game goes on) */
  await upload(page, server.url, 'rabbit.txt', '[Game "catch-the-rabbit"]\n[Players "human,human"]\n' +
    '[Position "HHHH./H..H./HH..H/.H..H/R.... r 0"]\n\n');
  const jump = (await legalMoves(page)).find((m) => /x/.test(m.name));
  check(jump, 'the rabbit has a jump');
  await clickCell(page, jump.cells[0]);
  await clickCell(page, jump.cells[1]);
  await page.waitForSelector('#stop-chain');
  equal(Number(await page.getAttribute('.cell.selected', 'data-cell')), jump.cells[1], 'the rabbit stays selected where it landed');
  const onward = (await legalMoves(page)).filter((m) => m.cells.length >= 2);
  check(onward.length && onward.every((m) => m.cells[0] === jump.cells[1]), 'its next jumps start there');
  noConsoleErrors(page, 'chain');
  await page.close();
}

/* ---- What a player must see, in the first screen ------------------------ */

async function firstScreen(browser, server) {
  for (const [width, height] of [[1280, 800], [360, 740]]) {
    const context = await browser.newContext({ viewport: { width, height }, locale: 'en-GB', hasTouch: width < 500 });
    const page = await openPage(context);
    const size = `${width}x${height}`;
    /* chess: the status, the lines under the board, the buttons; then
     * the result with its reason */
    await newGame(page, server.url, 'chess', { 1: 'ai:level=1' });
    await page.waitForFunction(() => document.querySelector('#board-host').dataset.moves !== '[]');
    for (const sel of ['#status', '#info', '#controls #resign', 'svg.board']) await inView(page, sel, `chess ${size}`);
    await page.click('#resign');
    await page.waitForSelector('#result:not(.hidden)');
    for (const sel of ['#result', '#controls #rematch', '#info']) await inView(page, sel, `chess over ${size}`);
    await noOverflow(page, `chess ${size}`);
    await page.screenshot({ path: path.join(outDir, `table-chess-${width}.png`) });
    /* Hazard: the dice, the throw and the decisions */
    await newGame(page, server.url, 'hazard', { 1: 'ai:level=1' });
    for (let k = 0; k < 2; k++) {
      await page.waitForSelector('#roll, .actions button[data-move], #status[data-over="true"]');
      const n = await ply(page);
      if (await page.$('#roll')) await page.click('#roll');
      else if (await page.$('.actions button[data-move]')) await page.click('.actions button[data-move]');
      else break;
      await waitPly(page, n);
    }
    await page.waitForSelector('.dice svg.die');
    for (const sel of ['#status', '#dice', '#throw-line', '#actions', '#info']) await inView(page, sel, `hazard ${size}`);
    if (await page.$('#resign')) await page.click('#resign');
    await page.waitForSelector('#result:not(.hidden)');
    await inView(page, '#result', `hazard over ${size}`);
    await noOverflow(page, `hazard ${size}`);
    await page.screenshot({ path: path.join(outDir, `table-hazard-${width}.png`) });
    /* the rules, diagrams and all, no wider than the screen */
    if (width < 500) {
      await page.goto(server.url + '#');
      await page.waitForSelector('li.game');
      const ids = await page.$$eval('li.game', (els) => els.map((e) => e.dataset.game));
      const wide = [];
      for (const id of ids) {
        await page.goto(server.url + '#rules=' + id);
        await page.waitForSelector('.rules-text');
        const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (over > 0) wide.push(`${id} (${over} px)`);
      }
      equal(wide, [], `rules pages wider than a ${width} px screen (of ${ids.length})`);
    }
    noConsoleErrors(page, `first screen ${size}`);
    await context.close();
  }
}

/* ---- Dice --------------------------------------------------------------- */

/* Hazard with the dice entered by hand: the throw typed is the one played,
 * the dice drawn show it. */
async function manualDice(context, server) {
  const page = await openPage(context);
  await newGame(page, server.url, 'hazard', { 1: 'ai:level=1' }, { dice: 'manual' });
  await page.waitForSelector('#manual-dice:not(.hidden) input.die-input');
  check(!(await page.$('#roll')), 'no "Throw the dice" when they are typed in');
  const fields = await page.$$('#manual-dice input.die-input');
  equal(fields.length, 3, 'a field for each of Hazard\'s three dice');
  const typed = [3, 5, 6];
  for (let k = 0; k < fields.length; k++) await fields[k].fill(String(typed[k]));
  const n = await ply(page);
  await page.click('#enter-dice');
  await waitPly(page, n);
  const digits = (text) => (text.match(/[1-6]/g) || []).map(Number).sort();
  const last = await page.$$eval('#moves .ply', (els) => els.map((e) => e.textContent).pop());
  equal(digits(last), typed, `the throw typed is the throw played (${last})`);
  const faces = (await page.$$eval('.dice svg.die', (els) => els.map((e) => Number(e.dataset.value)))).sort();
  equal(faces, typed, 'the dice drawn are those typed');
  const told = await page.textContent('#throw-line');
  check(told.includes(last.replace(/^[^1-6]+/, '').trim()) && told.includes(await page.$$eval('#seats li', (els) => els[0].textContent.split(' — ')[0])),
    `the throw is told with its thrower (${told})`);
  /* a throw that cannot be: refused, and the dice wait */
  await page.waitForSelector('#manual-dice:not(.hidden) input.die-input, #status[data-over="true"]');
  if (await page.$('#manual-dice:not(.hidden)')) {
    const again = await page.$$('#manual-dice input.die-input');
    for (const f of again) await f.fill('9');
    await page.click('#enter-dice');
    await page.waitForFunction(() => document.querySelector('#message').textContent !== '');
    check(await page.$('#manual-dice:not(.hidden)'), 'a die of 9 is refused and the fields stay');
  }
  noConsoleErrors(page, 'manual dice');
  await page.close();
}

/* Medh Kuu Lash against the computer: the person throws the person's
 * dice, the computer's are thrown for it. */
async function medhComputerThrows(context, server) {
  const page = await openPage(context);
  await newGame(page, server.url, 'medh-kuu-lash', { 0: 'human', 1: 'ai:level=1' });
  const computer = (await page.$$eval('#seats li', (els) => els.map((e) => e.textContent)))[1].split(' — ')[0];
  const threw = async () => (await page.textContent('#throw-line')).startsWith(computer + ' ');
  let computerThrew = false;
  let presses = 0;
  let decided = 0;
  for (let k = 0; k < 60 && !computerThrew; k++) {
    await page.waitForFunction(() => {
      const b = document.querySelector('#board-host');
      return document.querySelector('#roll') || b.dataset.to === '-2' ||
        (b.dataset.to === '0' && b.dataset.moves !== '[]');
    }, null, { timeout: 60000 });
    if ((await board(page, 'to')) === '-2') break;
    /* the person's turn: whatever the computer did since is all shown,
     * its throw on the throw line if it threw last (once the person has
     * decided a move: the undo below goes back to it) */
    if (decided > 0 && (computerThrew = await threw())) break;
    const n = await ply(page);
    if (await page.$('#roll')) {
      check((await board(page, 'thrower')) !== '1', 'the person is never asked to throw the computer\'s dice');
      await page.click('#roll');
      presses++;
    } else {
      const moves = await legalMoves(page);
      const move = moves.find((m) => m.cells.length === 0 && m.name !== 'pass') || moves[0];
      await page.fill('#typed', move.name);
      await page.press('#typed', 'Enter');
      decided++;
    }
    await waitPly(page, n);
    computerThrew = decided > 0 && await threw();
  }
  check(computerThrew, `the computer (${computer}) threw its own dice (after ${presses} throws of the person)`);
  /* undo: back to the person's last decision, the person to decide */
  await page.waitForFunction(() => {
    const b = document.querySelector('#board-host');
    return document.querySelector('#roll') || b.dataset.to === '-2' || (b.dataset.to === '0' && b.dataset.moves !== '[]');
  }, null, { timeout: 60000 });
  if ((await board(page, 'to')) !== '-2') {
    const n = await ply(page);
    await page.click('#undo:not([disabled])');
    await page.waitForFunction((k) => Number(document.querySelector('#board-host').dataset.ply) < k, n);
    equal(await board(page, 'to'), '0', `undo: the person decides again (from ply ${n} back to ${await ply(page)})`);
  }
  noConsoleErrors(page, 'medh kuu lash throws');
  await page.close();
}

/* ---- Around the game ---------------------------------------------------- */

async function sound(browser, server) {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await openPage(context);
  await newGame(page, server.url, 'chess', { 1: 'human' });
  await page.waitForSelector('#sound');
  equal(await page.isChecked('#sound'), false, 'sound is off by default');
  await page.check('#sound');
  await page.goto(server.url + '#');
  await page.waitForSelector('li.game');
  await page.goto(server.url + '#play');
  await page.waitForSelector('#sound');
  equal(await page.isChecked('#sound'), true, 'the sound switch is remembered');
  await page.uncheck('#sound');
  await page.reload();
  await page.waitForSelector('#sound');
  equal(await page.isChecked('#sound'), false, 'switched off, it stays off');
  noConsoleErrors(page, 'sound');
  await context.close();
}

/* The person's dice thrown by the page, and the switch turned off again:
 * the Throw button is back. */
async function autoRoll(browser, server) {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await openPage(context);
  await newGame(page, server.url, 'hazard', { 1: 'human' });
  await page.waitForSelector('#roll');
  equal(await page.isChecked('#auto-roll'), false, 'the person throws by hand by default');
  await page.check('#auto-roll');
  /* nobody presses anything: the game goes on to its end */
  await page.waitForSelector('#result:not(.hidden)', { timeout: 60000 });
  await page.uncheck('#auto-roll');
  await page.click('#rematch');
  await page.waitForSelector('#roll');
  await page.reload();
  await page.waitForSelector('#roll');
  equal(await page.isChecked('#auto-roll'), false, 'switched off, the person throws again');
  noConsoleErrors(page, 'auto roll');
  await context.close();
}

async function levelForRematch(context, server) {
  const page = await openPage(context);
  await newGame(page, server.url, 'chess', { 1: 'ai:level=1' });
  await page.waitForSelector('#next-level');
  equal(await page.inputValue('#next-level'), '1', 'the level in play is offered');
  check(!(await page.isVisible('#turn-board')), 'one person here: no switch to turn the board to the player to move');
  await page.selectOption('#next-level', '4');
  await page.click('#resign');
  await page.waitForSelector('#rematch');
  await page.click('#rematch');
  await page.waitForSelector('#result.hidden', { state: 'attached' });
  const seats = await page.textContent('#seats');
  check(/level 4/.test(seats) && !/level 1/.test(seats), `the rematch's computer plays at the level chosen (${seats})`);
  noConsoleErrors(page, 'level');
  await page.close();
}

async function talatAndPassAndPlay(context, server) {
  const page = await openPage(context, server.url + '#new=talat');
  await page.waitForSelector('#start');
  equal(await page.inputValue('select[name="players"]'), '3', 'Talat starts with three players');
  /* two people at one device, the board turned to whoever moves */
  await newGame(page, server.url, 'chess', { 1: 'human' });
  await page.check('#turn-board');
  const e4 = (await legalMoves(page)).find((m) => m.name === 'e4');
  await clickCell(page, e4.cells[0]);
  await clickCell(page, e4.cells[1]);
  await page.waitForFunction(() => document.querySelector('#board-host').dataset.turns === '2');
  const [a1, h8] = await Promise.all(['a1', 'h8'].map((n) => page.locator(`.cell[data-name="${n}"] .hit`).boundingBox()));
  check(a1.y < h8.y, 'Black to move sees the board from Black\'s side');
  await page.uncheck('#turn-board');
  await page.waitForFunction(() => document.querySelector('#board-host').dataset.turns === '0');
  noConsoleErrors(page, 'pass and play');
  await page.close();
}

async function announced(context, server) {
  const page = await openPage(context);
  await newGame(page, server.url, 'chess', { 1: 'human' });
  equal(await page.getAttribute('#announce', 'aria-live'), 'polite', 'a polite live region');
  const e4 = (await legalMoves(page)).find((m) => m.name === 'e4');
  await clickCell(page, e4.cells[0]);
  await clickCell(page, e4.cells[1]);
  await page.waitForFunction(() => /White played e4/.test(document.querySelector('#announce').textContent));
  await page.click('#resign');
  await page.waitForSelector('#result:not(.hidden)');
  const said = await page.textContent('#announce');
  const result = await page.textContent('#result');
  check(said.includes(result), `the result is announced (${said})`);
  noConsoleErrors(page, 'announced');
  await page.close();
}

/* ---- Run ---------------------------------------------------------------- */

fs.mkdirSync(outDir, { recursive: true });
const server = await startServer(exe, tempDir('lt-table-data-'));
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
const context = await browser.newContext({ locale: 'en-GB' });
const only = process.env.TABLE_ONLY ? process.env.TABLE_ONLY.split(',') : null;
const tests = [
  ['chain', () => chain(context, server)],
  ['first screen', () => firstScreen(browser, server)],
  ['manual dice', () => manualDice(context, server)],
  ['medh throws', () => medhComputerThrows(context, server)],
  ['sound', () => sound(browser, server)],
  ['auto roll', () => autoRoll(browser, server)],
  ['level', () => levelForRematch(context, server)],
  ['talat and pass-and-play', () => talatAndPassAndPlay(context, server)],
  ['announced', () => announced(context, server)],
];
try {
  for (const [name, f] of tests) if (!only || only.includes(name)) await timed(name, f);
} finally {
  await browser.close();
  const status = await stopServer(server);
  equal(status, 0, 'the server stops cleanly on SIGTERM');
}
finish('table');
