// archive.mjs — the archive in the page (a profile's games), in Debian's
// chromium, served by `ludoteka serve` on loopback:
//   node archive.mjs LUDOTEKA
//
//  - six games played through the server (archive_games.mjs: known
//    outcomes, Ala against Bob, a guest and the computer);
//  - Ala's profile lists her five games newest first with her outcome;
//    the form searches by game, opponent and result (the rows expected
//    exactly), a refused search says why;
//  - two games a page: older and newer;
//  - a game's PGN downloaded: its name, tags and moves;
//  - Analyse opens the game and its analysis appears (a point per move),
//    the board seen from Ala's seat; Back returns to the profile;
//  - at 360x740 nothing is wider than the screen; in Polish the form
//    and the outcomes are Polish.
// Every wait is for an element or an attribute the page sets.
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import {
  check, equal, recordMoves, runTest, startServer, stopServer, tempDir, timed, CHROMIUM, CHROMIUM_ARGS,
} from './lib.mjs';
import { openPage, overflow } from './page.mjs';
import { playGames } from './archive_games.mjs';

const [exe] = process.argv.slice(2);
const TIMEOUT = 60000;

/* The rows of the archive shown once the page's answer is in (a search
 * made since `mark` was set: the old status carries the mark). */
async function rows(page) {
  await page.waitForSelector('#archive-status[data-ready]:not([data-old])', { state: 'attached' });
  return page.$$eval('#archive li[data-id]', (ls) => ls.map((l) => l.dataset.id));
}

/* Marks the shown answer old, does `act` (a search, a page), and reads the
 * rows of the new answer. */
async function after(page, act) {
  await page.$eval('#archive-status', (e) => { e.dataset.old = '1'; });
  await act();
  return rows(page);
}

async function search(page, { game = '', opponent = '', result = '' }) {
  return after(page, async () => {
    await page.selectOption('#archive-game', game);
    await page.fill('#archive-opponent', opponent);
    await page.selectOption('#archive-result', result);
    await page.click('#archive-find');
  });
}

async function desktop(browser, server, ids) {
  const { g0, g1, g2, g3, g4 } = ids;
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await openPage(context, server.url + '#player=Ala', TIMEOUT);
  equal(await rows(page), [g4, g3, g2, g1, g0], 'Ala\'s games, newest first');
  equal(await page.$$eval('#archive li[data-id]', (ls) => ls.map((l) => l.dataset.outcome)),
    ['won', 'lost', 'drawn', 'won', 'lost'], 'her outcome in each');
  const first = await page.textContent(`#archive li[data-id="${g3}"]`);
  check(first.includes('Chess') && first.includes('Computer, level 1') && first.includes('lost'),
    `a game against the computer says so: ${first}`);
  equal(await overflow(page), 0, 'the profile fits 1280 px');

  /* searched */
  equal(await search(page, { game: 'chess' }), [g3, g2, g1, g0], 'chess');
  check(page.url().includes('game=chess'), 'the search is in the address');
  equal(await search(page, { game: 'chess', opponent: 'bob', result: 'won' }), [g1], 'chess won against bob');
  equal(await search(page, { opponent: 'Bob' }), [g4, g2, g1], 'against Bob');
  equal(await search(page, { opponent: 'guest' }), [g0], 'against a guest');
  equal(await search(page, { opponent: 'ai:level=1', result: 'lost' }), [g3], 'lost to the computer');
  equal(await search(page, { result: 'drawn' }), [g2], 'drawn');
  equal(await search(page, { game: 'talat' }), [], 'no Talat');
  equal(await page.textContent('#archive-status'), 'No games match the search.', 'and the page says so');
  equal(await search(page, { opponent: 'a b' }), [], 'a name with a space');
  equal(await page.getAttribute('#archive-status', 'class'), 'error', 'is refused');
  check((await page.textContent('#archive-status')).includes('opponent'), 'saying what to check');
  /* the form shows the search it made */
  await after(page, () => page.goto(server.url + '#player=Ala&game=chess&result=won'));
  equal([await page.inputValue('#archive-game'), await page.inputValue('#archive-result')], ['chess', 'won'],
    'the form keeps the search of the address');

  /* pages of two */
  equal(await after(page, () => page.goto(server.url + '#player=Ala&per=2')), [g4, g3], 'the first page');
  equal([!!(await page.$('#archive-newer')), !!(await page.$('#archive-older'))], [false, true], 'only older games from it');
  equal(await after(page, () => page.click('#archive-older')), [g2, g1], 'the second page');
  equal(await after(page, () => page.click('#archive-older')), [g0], 'the third page');
  equal([await page.textContent('#archive-page'), !!(await page.$('#archive-older'))], ['Page 3', false], 'the last');
  equal(await after(page, () => page.click('#archive-newer')), [g2, g1], 'newer again');

  /* the PGN of a game */
  await after(page, () => page.goto(server.url + '#player=Ala'));
  const [download] = await Promise.all([
    page.waitForEvent('download'), page.click(`#archive li[data-id="${g1}"] a.download`)]);
  equal(download.suggestedFilename(), `ludoteka-${g1}.pgn`, 'the download is named as PGN');
  const text = fs.readFileSync(await download.path(), 'utf8');
  check(/^\[White "Ala"\]$/m.test(text) && /^\[Black "Bob"\]$/m.test(text) && /^\[Result "1-0"\]$/m.test(text),
    `its tags name the players and the result: ${text.slice(0, 300)}`);
  equal(recordMoves(text), ['e4'], 'its moves');

  /* Analyse: the rated draw, Ala Black */
  await page.click(`#archive li[data-id="${g2}"] a.analyse`);
  await page.waitForSelector('#analysis[data-state="done"]');
  equal(await page.getAttribute('#analysis-graph', 'data-points'), '2', 'the analysis of its two moves');
  equal(await page.getAttribute('#board-host', 'data-viewer'), '1', 'the board seen from Ala\'s seat (Black)');
  equal(await page.getAttribute('#result', 'data-reason'), 'agreement', 'the result under the board');
  equal(await page.$$('#resign, #draw, #rematch'), [], 'nothing to play');
  equal(await overflow(page), 0, 'the game fits 1280 px');
  await page.click('#archived-back');
  equal(await rows(page), [g4, g3, g2, g1, g0], 'Back: the profile again');
  /* (the refused search: the browser logs its answer's status) */
  equal(page.errors, ['Failed to load resource: the server responded with a status of 400 (Bad Request)'],
    'desktop: no console errors but the refused search\'s');
  await context.close();
}

async function phone(browser, server, ids) {
  const { g3 } = ids;
  const context = await browser.newContext({
    locale: 'en-GB', viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true,
  });
  const page = await openPage(context, server.url + '#player=Ala', TIMEOUT);
  equal((await rows(page)).length, 5, 'five games on a phone');
  equal(await overflow(page), 0, 'the profile fits 360 px');
  const box = await page.locator('#archive-find').boundingBox();
  check(box && box.x >= 0 && box.x + box.width <= 360, 'the search button is on the screen');
  await page.tap(`#archive li[data-id="${g3}"] a.analyse`);
  await page.waitForSelector('#analysis[data-state="done"]');
  equal(await page.getAttribute('#analysis-graph', 'data-points'), '2', 'the analysis on a phone');
  equal(await overflow(page), 0, 'the analysed game fits 360 px');
  equal(page.errors, [], 'phone: console errors');
  await context.close();
}

async function polish(browser, server, ids) {
  const { g1 } = ids;
  const context = await browser.newContext({ locale: 'pl-PL', viewport: { width: 1280, height: 800 } });
  const page = await openPage(context, server.url + '#player=Ala', TIMEOUT);
  await rows(page);
  equal(await page.$$eval('#archive-result option', (os) => os.map((o) => o.textContent)),
    ['Każdy wynik', 'Wygrana', 'Remis', 'Przegrana'], 'the results in Polish');
  equal(await page.textContent('#archive-find'), 'Szukaj', 'the search button');
  equal(await page.textContent(`#archive li[data-id="${g1}"] .outcome`), 'wygrana', 'an outcome');
  equal(await page.textContent(`#archive li[data-id="${g1}"] a.analyse`), 'Analizuj', 'Analyse');
  equal(page.errors, [], 'Polish: console errors');
  await context.close();
}

let server = null;
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
await runTest('archive', async () => {
  server = await startServer(exe, tempDir('lt-archive-'));
  const played = await timed('games', () => playGames(server.port));
  if (played) {
    for (const [name, f] of [['desktop', desktop], ['phone', phone], ['polish', polish]])
      await timed(name, () => f(browser, server, played.ids));
  }
}, {
  seconds: 240,
  tidy: async () => {
    await browser.close();
    if (server) equal(await stopServer(server), 0, 'the server stops cleanly');
    server = null;
  },
});
