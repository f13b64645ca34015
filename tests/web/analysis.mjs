// analysis.mjs — the page's analysis (web/page/analysis.js) in Debian's
// chromium, served by `ludoteka serve` on loopback:
//   node analysis.mjs LUDOTEKA
//
//  - a chess game between two people here, uploaded as a record: 3...Nf6
//    lets White mate (Qxf7#) and 4.Qxh7 misses it and gives the queen
//    away.  "Analyse" draws the graph with one point per move (8), both
//    blunders marked as such; the list names the mate as the better
//    move; a click on 4.Qxh7's point goes to the position before it, with
//    the mate's squares (h5 and f7) marked on the board;
//  - a chess room on the server between two pages: once it is resigned
//    after 1.e4 e5, "Analyse" (only then) draws its two moves;
//  - a Half Hazard decision from a set-up position: throwing on after a
//    Hazard is a mistake, stopping (3) better than throwing (505/216),
//    the exact values of tests/games/test_half_hazard.c.
import { chromium } from 'playwright-core';
import {
  check, equal, finish, log, startServer, stopServer, tempDir, CHROMIUM, CHROMIUM_ARGS,
} from './lib.mjs';
import { openPage } from './page.mjs';

const [exe] = process.argv.slice(2);
const TIMEOUT = 60000;

async function openRecord(context, server, record) {
  const page = await openPage(context, server.url + '#', TIMEOUT);
  await page.setInputFiles('#upload', { name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(record) });
  await page.waitForSelector('#board-host[data-ply]', { state: 'attached' });
  return page;
}

async function chessBlunders(context, server) {
  const record = '[Game "chess"]\n[Players "human,human"]\n\n' +
    '1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxh7 Rxh7 *\n';
  const page = await openRecord(context, server, record);
  const t0 = Date.now();
  await page.click('#analyse');
  await page.waitForSelector('#analysis[data-state="done"]');
  log(`chess: 8 plies analysed in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  equal(await page.getAttribute('#analysis-graph', 'data-points'), '8', 'the graph says 8 points');
  equal(await page.locator('#analysis-graph circle.move-point').count(), 8, 'one point per move');
  const marks = await page.$$eval('#analysis-graph circle.move-point', (cs) => cs.map((c) => Number(c.dataset.mark)));
  equal(marks[5], 3, '3...Nf6 marked a blunder');
  equal(marks[6], 3, '4.Qxh7 marked a blunder');
  equal(marks[7], 0, '4...Rxh7 unmarked');
  const fill = await page.$eval('#analysis-graph circle.move-point[data-ply="6"]', (c) => getComputedStyle(c).fill);
  equal(fill, 'rgb(213, 94, 0)', 'a blunder drawn in the blunder colour');
  const item = page.locator('#analysis-list li[data-ply="6"]');
  const text = await item.textContent();
  check(text.includes('Qxh7??') && text.includes('blunder') && text.includes('Qxf7#'),
    `the list names the blunder and the mate: ${text}`);
  /* the point of 4.Qxh7: the position before it, the mate marked */
  await page.click('#analysis-graph circle.move-point[data-ply="6"]');
  await page.waitForFunction(() => document.querySelector('#board-host').dataset.ply === '6');
  const hinted = await page.$$eval('#board-host .cell.hint', (cs) => cs.map((c) => c.dataset.name).sort());
  equal(hinted, ['f7', 'h5'], 'the best move (Qh5xf7) marked on the board');
  equal(page.errors, [], 'chess: console errors');
  await page.close();
}

async function diceDecision(context, server) {
  const record = '[Game "half-hazard"]\n[Players "human,human"]\n' +
    '[Position "play turn 1/1 score 0,0 money 40,40 pot 20 order 1,2 numbers 12,10 winnings 6 streak 1 choose"]\n\n' +
    'throw 6-6-5 stop *\n';
  const page = await openRecord(context, server, record);
  await page.click('#analyse');
  await page.waitForSelector('#analysis[data-state="done"]');
  equal(await page.locator('#analysis-graph circle.move-point').count(), 2, 'one point per decision');
  const first = await page.textContent('#analysis-list li[data-ply="0"]');
  check(first.includes('throw (505/216)?') && first.includes('stop (3)') && first.includes('mistake'),
    `the exact values and the better choice: ${first}`);
  const second = await page.textContent('#analysis-list li[data-ply="2"]');
  check(second.includes('stop (4)') && second.includes('the best choice'), `then stopping was best: ${second}`);
  equal(page.errors, [], 'dice: console errors');
  await page.close();
}

/* A move typed into the move box, once the page may play it. */
async function typed(page, move, ply) {
  await page.waitForFunction((k) => document.querySelector('#board-host')?.dataset.ply === String(k), ply);
  await page.fill('#typed', move);
  await page.press('#typed', 'Enter');
  await page.waitForFunction((k) => document.querySelector('#board-host')?.dataset.ply === String(k), ply + 1);
}

async function roomAfterTheGame(browser, server) {
  const a = await browser.newContext({ locale: 'en-GB' });
  const b = await browser.newContext({ locale: 'en-GB' });
  const pa = await a.newPage();
  const pb = await b.newPage();
  for (const p of [pa, pb]) p.setDefaultTimeout(TIMEOUT);
  await pa.goto(server.url + '#new=chess');
  await pa.selectOption('select[name="seat-1"]', 'remote');
  await pa.click('#start');
  await pa.waitForSelector('input.link[data-seat="1"]');
  await pb.goto(await pa.inputValue('input.link[data-seat="1"]'));
  await pb.click('#challenge-accept');
  await pb.waitForSelector('svg.board');
  await typed(pa, 'e4', 0);
  await typed(pb, 'e5', 1);
  check(!(await pa.$('#analyse')), 'no analysis in a room while the game goes on');
  await pa.click('#resign');
  await pa.waitForSelector('#result:not(.hidden)');
  await pa.click('#analyse');
  await pa.waitForSelector('#analysis[data-state="done"]');
  equal(await pa.locator('#analysis-graph circle.move-point').count(), 2, 'the room\'s two moves in the graph');
  await a.close();
  await b.close();
}

const server = await startServer(exe, tempDir('lt-analysis-data-'));
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
const context = await browser.newContext({ locale: 'en-GB' });
try {
  for (const [name, f] of [['chess', chessBlunders], ['dice', diceDecision], ['room', roomAfterTheGame]]) {
    try {
      await f(name === 'room' ? browser : context, server);
    } catch (e) {
      check(false, `${name}: ${e.stack || e}`);
    }
  }
} finally {
  await browser.close();
  await stopServer(server);
}
finish('analysis');
