// games.mjs — every game played to its end in the page, by clicks and
// taps, at a phone's size (360x740, touch) and a laptop's (1280x800):
//   node games.mjs LUDOTEKA OUTDIR [ID ...]
//
// For each of the games `ludoteka list` names (or those given), a person
// at seat 1 plays against the computer (level 1 at every other seat) only
// through the board: a tap or click on a piece and on its target, a tap
// on a cell, the buttons of the moves that are no cells, the chooser when
// several moves share their cells, "Throw the dice" when the person
// throws.  Checked at both sizes:
//  - the page never scrolls sideways (at the start and at the end);
//  - each seat's pieces are drawn in colours of their own (the pieces on
//    the board, else the seats' marks beside their names);
//  - the game ends with its result and the reason for it shown, inside
//    the first screen;
//  - no error on the console.
// A screenshot of each finished game: OUTDIR/games/ID-WIDTHxHEIGHT.png.
// The person's moves are drawn from a generator seeded by the game's id,
// so a failure replays; the test waits for the page's own attributes
// (#board-host data-ply, data-to, data-moves), never for a fixed time.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import {
  check, equal, finish, log, startServer, stopServer, tempDir, CHROMIUM,
  CHROMIUM_ARGS,
} from './lib.mjs';
import { board, overflow } from './page.mjs';

const [exe, outDir, ...only] = process.argv.slice(2);
const SIZES = [
  { width: 360, height: 740, touch: true },
  { width: 1280, height: 800, touch: false },
];
/* The games' own limits, set lower on the setup page (as a player may)
 * to keep the run short: the draw after so many moves or turns without a
 * capture, the move cap, the hunters' time. Every other option stays as
 * the game sets it. */
const SHORTER = {
  'robbers': { cap: 100 },
  'four-seasons': { cap: 24 },
  'medh-kuu-lash': { cap: 60 },
  'nine-mens-morris': { quiet: 20 },
  'alquerque': { quiet: 20 },
  'catch-the-rabbit': { cap: 40 },
  'great-chess': { cap: 40 },
};
/* A game that is not over after this many of the person's moves is a
 * failure. */
const MAX_MOVES = 400;

const ids = only.length ? only : execFileSync(exe, ['list'], { encoding: 'utf8' })
  .split('\n').filter(Boolean).map((line) => line.split(/\s+/)[0]);

/* xorshift32, seeded by the game's id: the person's choices replay. */
function generator(text) {
  let s = 2166136261;
  for (const c of text) s = Math.imul(s ^ c.charCodeAt(0), 16777619) >>> 0;
  return (n) => {
    s ^= s << 13; s >>>= 0;
    s ^= s >> 17;
    s ^= s << 5; s >>>= 0;
    return s % n;
  };
}


/* Waits until the person has something to do (a move, or dice to
 * throw) or the game is over: {what, ply, moves}. */
async function nextTurn(page) {
  const handle = await page.waitForFunction(() => {
    const b = document.querySelector('#board-host');
    if (!b || !b.dataset.to) return false;
    const state = (what) => ({ what, ply: Number(b.dataset.ply), moves: JSON.parse(b.dataset.moves || '[]') });
    if (b.dataset.to === '-2' && !document.querySelector('#result.hidden')) return state('over');
    if (b.dataset.moves && b.dataset.moves !== '[]') return state('move');
    if (document.querySelector('#roll')) return state('throw');
    return false;
  }, null, { timeout: 120000 });
  return handle.jsonValue();
}

/* Waits until the page has taken the action in (its ply counter moved
 * on, or the game ended). */
function taken(page, before) {
  return page.waitForFunction((k) => {
    const b = document.querySelector('#board-host');
    return b && (Number(b.dataset.ply) > k || b.dataset.to === '-2');
  }, before, { timeout: 60000 });
}

/* A tap or a click on a cell, scrolled into view first as a person
 * would; false if the page had already taken the move in. */
async function tapCell(page, cell, touch, before) {
  const at = await page.evaluate(([c, k]) => {
    if (Number(document.querySelector('#board-host').dataset.ply) > k) return null;
    const hit = document.querySelector(`#board-host .cell[data-cell="${c}"] .hit`);
    if (!hit) return 'gone';
    hit.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = hit.getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2];
  }, [cell, before]);
  if (at === 'gone') throw new Error(`cell ${cell} is not on the board`);
  if (!at) return false;
  const [x, y] = at;
  if (touch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
  return true;
}

/* One of the person's moves, made as a person makes it. */
async function playMove(page, move, touch, before) {
  if (move.cells.length === 0) {
    await page.click(`#actions button[data-move="${move.name}"]`);
  } else {
    /* a move may already be taken by its first cell: the page asks no
     * more */
    for (const cell of move.cells.slice(0, 2)) if (!(await tapCell(page, cell, touch, before))) break;
    /* several moves share these cells (the chooser asks which), or the
     * move is a button beside the board (stopping a chain) */
    if (Number(await board(page, 'ply')) === before) {
      const chooser = page.locator(`#actions button[data-move="${move.name}"]`);
      if (await chooser.count()) await chooser.click();
    }
  }
  await taken(page, before);
}


/* Each seat's colour as drawn: the pieces' fills on the board by owner
 * (data-fill: the piece's own colour, under any pattern on it), and the
 * seat marks' colours beside the names. */
async function seatColours(page) {
  return page.evaluate(() => {
    const byOwner = {};
    for (const p of document.querySelectorAll('#board-host .piece[data-owner]')) {
      const owner = Number(p.dataset.owner);
      if (owner >= 0) (byOwner[owner] ||= new Set()).add(p.dataset.fill);
    }
    const seats = [...document.querySelectorAll('#seats li .dot')].map((d) => getComputedStyle(d).backgroundColor);
    return { pieces: Object.fromEntries(Object.entries(byOwner).map(([k, v]) => [k, [...v]])), seats };
  });
}

function distinctColours(where, colours) {
  const owners = Object.keys(colours.pieces);
  if (owners.length >= 2) {
    check(owners.every((o) => colours.pieces[o].length === 1),
      `${where}: one colour a seat (${JSON.stringify(colours.pieces)})`);
    equal(new Set(owners.flatMap((o) => colours.pieces[o])).size, owners.length,
      `${where}: each seat's pieces in a colour of their own`);
  }
  check(colours.seats.length >= 2 && new Set(colours.seats).size === colours.seats.length,
    `${where}: each seat's mark in a colour of its own (${colours.seats})`);
  return owners.length;
}

async function playGame(context, server, id, size) {
  const where = `${id} at ${size.width}x${size.height}`;
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url + '#new=' + id);
  await page.waitForSelector('#start');
  for (const [name, value] of Object.entries(SHORTER[id] || {})) await page.fill(`[name="opt-${name}"]`, String(value));
  const seats = await page.$$eval('.seats-setup select', (els) => els.length);
  for (let i = 1; i < seats; i++) await page.selectOption(`select[name="seat-${i}"]`, 'ai:level=1');
  await page.click('#start');
  await page.waitForSelector('#board-host[data-ply]', { state: 'attached' });
  equal(await overflow(page), 0, `${where}: no sideways scrolling at the start`);
  const drawn = distinctColours(`${where}, at the start`, await seatColours(page));
  const pick = generator(id);
  let moves = 0;
  let throws = 0;
  const t0 = Date.now();
  for (;;) {
    const { what, ply, moves: legal } = await nextTurn(page);
    if (what === 'over') break;
    if (what === 'throw') {
      await page.click('#roll');
      await taken(page, ply);
      throws++;
      continue;
    }
    if (++moves > MAX_MOVES) {
      check(false, `${where}: not over after ${MAX_MOVES} of the person's moves`);
      break;
    }
    const move = legal[pick(legal.length)];
    try {
      await playMove(page, move, size.touch, ply);
    } catch (e) {
      throw new Error(`${move.name} (cells ${move.cells}) not taken at ply ${ply}: ${e.message}`);
    }
  }
  const plies = Number(await board(page, 'ply'));
  const reason = await page.getAttribute('#result', 'data-reason');
  const text = (await page.textContent('#result')).trim();
  check(reason && text.length > 0, `${where}: the result shown with its reason (${reason}: ${text})`);
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.locator('#result').boundingBox();
  check(box && box.y >= 0 && box.y + box.height <= size.height,
    `${where}: the result is inside the first screen (${JSON.stringify(box)})`);
  equal(await overflow(page), 0, `${where}: no sideways scrolling at the end`);
  /* a board that starts empty (the morrises, Talat) has its pieces now */
  const svg = await page.$('#board-host svg');
  check(!svg || Math.max(drawn, distinctColours(`${where}, at the end`, await seatColours(page))) >= 2,
    `${where}: pieces of two seats at least were drawn`);
  equal(errors, [], `${where}: console errors`);
  await page.screenshot({ path: path.join(outDir, 'games', `${id}-${size.width}x${size.height}.png`) });
  log(`${where}: ${plies} plies (${moves} moves, ${throws} throws by the person) in ` +
    `${((Date.now() - t0) / 1000).toFixed(1)} s — ${text}`);
  await page.close();
}

fs.mkdirSync(path.join(outDir, 'games'), { recursive: true });
const server = await startServer(exe, tempDir('lt-games-data-'));
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
/* the two sizes side by side, a game at a time in each */
try {
  await Promise.all(SIZES.map(async (size) => {
    const context = await browser.newContext({
      locale: 'en-GB', viewport: { width: size.width, height: size.height },
      hasTouch: size.touch, isMobile: size.touch,
    });
    for (const id of ids) {
      try {
        await playGame(context, server, id, size);
      } catch (e) {
        check(false, `${id} at ${size.width}x${size.height}: ${e.stack || e}`);
      }
    }
    await context.close();
  }));
} finally {
  await browser.close();
  const status = await stopServer(server);
  equal(status, 0, 'the server stops cleanly on SIGTERM');
}
finish('games');
