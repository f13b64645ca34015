// board.mjs — the board of every game in Debian's chromium, served by
// `ludoteka serve` on loopback:  node board.mjs LUDOTEKA OUTDIR
//
//  - the contrast function in the page: known ratios;
//  - Talat on a phone (360x740, touch): cells of 40 px at least, no
//    horizontal overflow, a tower in hand tapped marks its cells, a marked
//    cell tapped places it (and a tower dragged from the hand too); the
//    towers' legend;
//  - Medh Kuu Lash: every cell labelled with its name, the ring's wraps;
//  - chess between two people: 1. e4 f6 2. Qh5+ by clicks, the check
//    drawn on e8; the pieces' legend;
//  - the keys: 1. e4 played with the arrows and Enter.
// The page's own elements and attributes are waited for, never a time.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import {
  check, equal, finish, log, startServer, stopServer, tempDir, CHROMIUM, CHROMIUM_ARGS, moduleUrl,
} from './lib.mjs';
import { openPage, board, legalMoves, waitPly, waitTurn, overflow } from './page.mjs';

const [exe, outDir] = process.argv.slice(2);


/* A new game from the setup page, seats by their select values. */
async function newGame(page, url, id, seats = {}, players = 0) {
  await page.goto(url + '#new=' + id);
  await page.waitForSelector('#start');
  if (players) await page.selectOption('select[name="players"]', String(players));
  for (const [i, spec] of Object.entries(seats)) await page.selectOption(`select[name="seat-${i}"]`, spec);
  await page.click('#start');
  await page.waitForSelector('#board-host[data-ply]', { state: 'attached' });
}

async function centre(page, selector) {
  await page.locator(selector).first().scrollIntoViewIfNeeded();
  const box = await page.locator(selector).first().boundingBox();
  return [box.x + box.width / 2, box.y + box.height / 2];
}

const cellSel = (name) => `.cell[data-name="${name}"] .hit`;

async function clickName(page, name) {
  const [x, y] = await centre(page, cellSel(name));
  await page.mouse.click(x, y);
}



/* ---- the contrast function in the page ---------------------------------- */

async function contrastInPage(browser, server) {
  const context = await browser.newContext();
  const page = await openPage(context, server.url);
  await page.waitForSelector('li.game');
  const got = await page.evaluate(async (url) => {
    const b = await import(url);
    return [b.contrast('#000000', '#ffffff'), b.contrast('#767676', '#ffffff'), b.contrast('#777777', '#ffffff'),
      b.inkFor('#0072b2'), b.inkFor('#e69f00'), b.INK_LIGHT, b.INK_DARK];
  }, await moduleUrl(page, 'board'));
  equal(Math.round(got[0] * 100) / 100, 21, 'contrast of black on white');
  check(got[1] >= 4.5 && got[2] < 4.5, `the AA edge: #767676 ${got[1]}, #777777 ${got[2]}`);
  equal(got[3], got[5], 'light ink on blue');
  equal(got[4], got[6], 'dark ink on orange');
  await context.close();
}

/* ---- Talat on a phone --------------------------------------------------- */

async function talatPhone(browser, server) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true,
  });
  const page = await openPage(context);
  await newGame(page, server.url, 'talat');
  await waitTurn(page, [0]);
  const sizes = await page.$$eval('svg.board .cell .hit', (els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    return Math.min(r.width, r.height);
  }));
  const smallest = Math.min(...sizes);
  log(`talat at 360: ${sizes.length} cells, the smallest ${smallest.toFixed(1)} px`);
  check(smallest >= 40, `talat at 360: cells of 40 px at least (${smallest})`);
  equal(await overflow(page), 0, 'talat at 360: no horizontal overflow');
  /* three boards, each titled */
  equal(await page.$$eval('svg.board .board-title', (els) => els.length), 3, 'talat: three board titles');
  /* the placements are marked before anything is chosen */
  const legal = await legalMoves(page);
  const placeCells = new Set(legal.filter((m) => m.cells.length === 1).map((m) => m.cells[0]));
  equal(await page.$$eval('svg.board .cell.place', (els) => els.length), placeCells.size, 'talat: every start-line cell marked');
  /* a tower in hand tapped: its cells marked */
  const towers = await page.$$eval('svg.board .reserve.movable', (els) => els.map((e) => e.getAttribute('data-text')));
  equal(towers.length, 9, 'talat: nine towers in hand to tap');
  const slot = (text) => `svg.board .reserve[data-text="${text}"] .slot`;
  const tower = towers.find((t) => t.endsWith('2t')) || towers[0];
  const code = tower.slice(1);
  let [x, y] = await centre(page, slot(tower));
  await page.touchscreen.tap(x, y);
  await page.waitForSelector(`svg.board .reserve.chosen[data-text="${tower}"]`);
  const mine = legal.filter((m) => m.cells.length === 1 && m.shown.startsWith(code + '@'));
  equal(await page.$$eval('svg.board .place-target', (els) => els.length), mine.length, `talat: the cells of ${tower} marked`);
  const target = mine[mine.length - 1];
  const name = await page.getAttribute(`.cell[data-cell="${target.cells[0]}"]`, 'data-name');
  [x, y] = await centre(page, cellSel(name));
  const before = Number(await board(page, 'ply'));
  await page.touchscreen.tap(x, y);
  await waitPly(page, before);
  const first = await page.$eval('#moves .ply[data-ply="1"]', (e) => e.textContent);
  equal(first, target.shown, 'talat: the tower tapped is placed on the cell tapped');
  check(await page.$(`svg.board .piece[data-cell="${target.cells[0]}"]`), 'talat: the tower stands there');
  /* the legend of heights and bases */
  await page.click('#legend summary');
  const legendRows = await page.$$eval('#legend tr', (els) => els.length);
  check(legendRows >= 6, `talat: the legend lists heights and bases (${legendRows} rows)`);
  /* the next tower by a drag from the hand (with the mouse) */
  await waitTurn(page, [0]);
  const again = await legalMoves(page);
  const left = await page.$$eval('svg.board .reserve.movable', (els) => els.map((e) => e.getAttribute('data-text')));
  const next = left[0];
  const to = again.find((m) => m.cells.length === 1 && m.shown.startsWith(next.slice(1) + '@'));
  const n1 = Number(await board(page, 'ply'));
  const [x0, y0] = await centre(page, slot(next));
  const [x1, y1] = await centre(page, `.cell[data-cell="${to.cells[0]}"] .hit`);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, { steps: 4 });
  await page.mouse.move(x1, y1, { steps: 4 });
  await page.mouse.up();
  await waitPly(page, n1);
  const moves = await page.$$eval('#moves .ply', (els) => els.map((e) => e.textContent));
  check(moves.includes(to.shown), `talat: a tower dragged from the hand is placed (${to.shown} in ${moves})`);
  equal(page.errors, [], 'talat: console errors');
  if (outDir) await page.screenshot({ path: path.join(outDir, 'board-talat-placed-360.png'), fullPage: true });
  await context.close();
}

/* ---- Medh Kuu Lash ------------------------------------------------------ */

async function medhLabels(browser, server) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await openPage(context);
  await newGame(page, server.url, 'medh-kuu-lash');
  await page.waitForSelector('svg.board .cell');
  const cells = await page.$$eval('svg.board .cell', (els) => els.map((e) => [e.getAttribute('data-name'),
    (e.ownerSVGElement.querySelector(`g.cell-name[data-cell="${e.getAttribute('data-cell')}"]`) || {}).textContent]));
  check(cells.length === 24, `medh: 24 cells (${cells.length})`);
  check(cells.every(([n, label]) => n && n === label), `medh: every cell labelled with its name ${JSON.stringify(cells)}`);
  for (const n of ['W1', 'W8', 'M1', 'M8', 'G1', 'G8']) check(cells.some(([c]) => c === n), `medh: cell ${n}`);
  const wraps = await page.$$eval('svg.board path.wrap', (els) => els.map((e) =>
    `${e.getAttribute('data-from')}-${e.getAttribute('data-to')}`).sort());
  equal(wraps, ['G8-W8', 'W1-G1'], 'medh: the ring wraps from G8 to W8 and from W1 to G1');
  equal(await overflow(page), 0, 'medh at 360: no horizontal overflow');
  await context.close();
}

/* ---- chess: check, the legend, the keys --------------------------------- */

async function chessCheck(browser, server) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openPage(context);
  await newGame(page, server.url, 'chess', { 1: 'human' });
  for (const [from, to] of [['e2', 'e4'], ['f7', 'f6'], ['d1', 'h5']]) {
    const n = Number(await board(page, 'ply'));
    check(!(await page.$('svg.board .cell.check')), `no check before ${from}-${to}`);
    await clickName(page, from);
    await page.waitForSelector(`.cell.selected[data-name="${from}"]`);
    await clickName(page, to);
    await waitPly(page, n);
  }
  await page.waitForSelector('svg.board .cell.check');
  equal(await page.$$eval('svg.board .cell.check', (els) => els.map((e) => e.getAttribute('data-name'))), ['e8'],
    'chess: 2. Qh5+ - the check on e8');
  const last = await page.$$eval('svg.board .cell.last', (els) => els.map((e) => e.getAttribute('data-name')).sort());
  equal(last, ['d1', 'h5'], 'chess: the last move drawn');
  /* the pieces' legend, on demand */
  check(!(await page.isVisible('#legend table')), 'the legend closed at first');
  await page.click('#legend summary');
  const kinds = await page.$$eval('#legend tr', (els) => els.map((e) => e.querySelector('.name').textContent));
  equal(kinds, ['King', 'Queen', 'Rook', 'Bishop', 'Knight', 'Pawn'], 'chess: the legend names the pieces');
  equal(page.errors, [], 'chess check: console errors');
  await context.close();
}

async function greatChessLegend(browser, server) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await openPage(context);
  await newGame(page, server.url, 'great-chess');
  await page.waitForSelector('svg.board .cell');
  await page.click('#legend summary');
  const names = await page.$$eval('#legend tr .name', (els) => els.map((e) => e.textContent));
  equal(names, ['King', 'Aanca', 'Unicorn', 'Rook', 'Lion', 'Crocodile', 'Giraffe', 'Pawn'], 'great chess: the legend');
  /* a letter piece readable: its letter at least 14 px high */
  const letter = await page.$eval('svg.board .piece text[font-weight="bold"]', (e) => e.getBoundingClientRect().height);
  check(letter >= 14, `great chess at 360: letters ${letter.toFixed(1)} px high`);
  equal(await overflow(page), 0, 'great chess at 360: no horizontal overflow');
  await context.close();
}

async function keyboard(browser, server) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openPage(context);
  await newGame(page, server.url, 'chess', { 1: 'ai:level=1' });
  await waitTurn(page, [0]);
  check(await page.getAttribute('svg.board', 'tabindex') === '0', 'the board is focusable');
  check(await page.getAttribute('svg.board', 'aria-label'), 'the board has a label');
  await page.focus('svg.board');
  const focused = () => page.$eval('svg.board', (s) => {
    const id = s.getAttribute('aria-activedescendant');
    return id ? s.querySelector('#' + id).getAttribute('data-name') : '';
  });
  /* walks the focus ring to a square with the arrows (a1 at the bottom
   * left for White) */
  const walk = async (name) => {
    for (let k = 0; k < 20; k++) {
      const at = await focused();
      if (at === name) return true;
      const df = name.charCodeAt(0) - at.charCodeAt(0), dr = Number(name.slice(1)) - Number(at.slice(1));
      await page.keyboard.press(df > 0 ? 'ArrowRight' : df < 0 ? 'ArrowLeft' : dr > 0 ? 'ArrowUp' : 'ArrowDown');
    }
    return false;
  };
  check(await walk('e2'), 'the arrows reach e2');
  const label = await page.$eval('.cell[data-name="e2"]', (e) => e.getAttribute('aria-label'));
  equal(label, 'e2 Pawn (White)', "e2's label names it, its piece and the piece's owner");
  await page.keyboard.press('Enter');
  await page.waitForSelector('.cell.selected[data-name="e2"]');
  check(await walk('e4'), 'the arrows reach e4');
  const n = Number(await board(page, 'ply'));
  await page.keyboard.press('Enter');
  await waitPly(page, n);
  const first = await page.$eval('#moves .ply[data-ply="1"]', (e) => e.textContent);
  equal(first, 'e4', 'the keys played 1. e4');
  equal(page.errors, [], 'keys: console errors');
  await context.close();
}

const data_ = tempDir('ludoteka-board-');
if (outDir) fs.mkdirSync(outDir, { recursive: true });
const server = await startServer(exe, data_);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  await contrastInPage(browser, server);
  await chessCheck(browser, server);
  await keyboard(browser, server);
  await talatPhone(browser, server);
  await medhLabels(browser, server);
  await greatChessLegend(browser, server);
} catch (e) {
  check(false, `the test ran to its end: ${e.stack}`);
} finally {
  await browser.close();
  stopServer(server);
}
finish('board');
