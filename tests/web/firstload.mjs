// firstload.mjs — how fast the page comes, and that it comes again
// without the network:  node firstload.mjs LUDOTEKA
//
//  - over plain HTTP (node): index.html and sw.js revalidated (no-cache, an
//    ETag, 304 when it still matches); every other file named with a digest
//    of its content and kept for a year (immutable); each sent in brotli,
//    gzip or as it is by the request's Accept-Encoding (q-values, "*", a
//    refusal), every encoding the same bytes as the file on disk;
//  - the first visit, in a fresh chromium context through a counting proxy
//    (what the proxy passes is what went over the network, for the page,
//    its worker and its service worker alike): prints the bytes on the wire
//    (and the pages' and workers' own resource timing), how many times the
//    wasm was fetched and the time to the menu (li.game); checks at most
//    350 KB and one fetch of the wasm, also after a computer's move is
//    cancelled (its worker goes, the next takes the compiled module: no
//    worker fetches the wasm);
//  - a second visit: no file of the page over the network (sw.js, which
//    the browser asks for to look for a new version, apart);
//  - a third with the network cut: the menu, and a game of Three Men's
//    Morris against the computer played by clicks to its result.
// The time is printed, not checked: tests do not depend on timing.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import {
  check, equal, finish, log, startServer, stopServer, tempDir, CHROMIUM, CHROMIUM_ARGS, timed,
} from './lib.mjs';

const [exe] = process.argv.slice(2);
const WEB = path.join(path.dirname(exe), 'web'); /* where `ludoteka serve` finds the page */
const TIMEOUT = 20000;
const WIRE_LIMIT = 350 * 1000;
const HASHED = /^[a-z0-9_-]+\.[0-9a-f]{8}(\.[a-z0-9]+)+$/;
const IS_WASM = /\/ludoteka\.[0-9a-f]{8}\.wasm$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/* ---- HTTP, as node sees it -------------------------------------------------- */

function get(port, file, headers = {}) {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: file, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

const decode = {
  br: (b) => zlib.brotliDecompressSync(b),
  gzip: (b) => zlib.gunzipSync(b),
  none: (b) => b,
};

async function headers(server) {
  const port = server.port;
  const index = await get(port, '/', { 'Accept-Encoding': 'gzip, deflate, br' });
  equal([index.status, index.headers['cache-control'], index.headers['content-encoding']],
    [200, 'no-cache', 'br'], 'index.html: revalidated each time, in brotli');
  check(/^"[^"]+"$/.test(index.headers.etag || ''), `index.html has an ETag (${index.headers.etag})`);
  const again = await get(port, '/', { 'Accept-Encoding': 'gzip, deflate, br', 'If-None-Match': index.headers.etag });
  equal([again.status, again.body.length, again.headers.etag], [304, 0, index.headers.etag],
    'index.html not sent again while its ETag matches');
  const changed = await get(port, '/', { 'Accept-Encoding': 'gzip, deflate, br', 'If-None-Match': '"other"' });
  equal(changed.status, 200, 'index.html sent when the ETag does not match');
  const sw = await get(port, '/sw.js', {});
  equal([sw.status, sw.headers['cache-control']], [200, 'no-cache'], 'sw.js: revalidated each time');

  /* the files index.html names, and those they name in turn, are all named
   * with their digest */
  const html = decode.br(index.body).toString();
  const named = [...html.matchAll(/(?:src|href)="([^"#:]+)"/g)].map((m) => m[1]);
  check(named.length >= 4, `index.html names its files (${named.join(' ')})`);
  const listed = [...sw.body.toString().matchAll(/'\.\/([^']+)'/g)].map((m) => m[1]);
  for (const f of named) check(listed.includes(f), `${f} is in the service worker's list`);
  const wasm = listed.filter((f) => IS_WASM.test('/' + f));
  equal(wasm.length, 1, 'one wasm in the service worker\'s list');
  for (const f of listed) check(HASHED.test(f), `${f}: a name with a digest`);
  const onDisk = fs.readdirSync(WEB).filter((f) => !/\.(br|gz)$/.test(f));
  equal(onDisk.sort(), [...listed, 'index.html', 'sw.js'].sort(), 'the page\'s folder holds these files and no other');

  /* each encoding by Accept-Encoding, the same bytes as the file */
  const cases = [
    ['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['', 'none'], [null, 'none'],
    ['br;q=0, gzip', 'gzip'], ['gzip;q=0, br;q=0', 'none'], ['*', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'], ['identity', 'none'],
  ];
  for (const f of listed) {
    const file = fs.readFileSync(path.join(WEB, f));
    const has = (ext) => fs.existsSync(path.join(WEB, `${f}.${ext}`));
    for (const [accept, want] of cases) {
      const r = await get(port, '/' + f, accept === null ? {} : { 'Accept-Encoding': accept });
      const expect = (want === 'br' && !has('br')) || (want === 'gzip' && !has('gz')) ? 'none' : want;
      const enc = r.headers['content-encoding'] || 'none';
      equal([r.status, enc, r.headers['cache-control']], [200, expect, IMMUTABLE],
        `${f} for Accept-Encoding ${JSON.stringify(accept)}`);
      check(decode[enc](r.body).equals(file), `${f} in ${enc}: the bytes of the file`);
    }
  }
  const w = await get(port, '/' + wasm[0], { 'Accept-Encoding': 'gzip, deflate, br' });
  equal([w.headers['content-type'], w.headers.vary], ['application/wasm', 'accept-encoding'], 'the wasm: its type, and Vary');
  check(w.body.length * 2 < fs.statSync(path.join(WEB, wasm[0])).size,
    `the wasm in brotli is less than half its size (${w.body.length} bytes)`);
  equal((await get(port, '/app.js')).status, 404, 'no file under its name without a digest');
  return wasm[0];
}

/* ---- A proxy that counts what goes over the network --------------------------- */

function countingProxy(port) {
  const seen = []; /* {path, bytes} of each response passed on */
  const proxy = http.createServer((req, res) => {
    const up = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (r) => {
      /* the bytes as they came from the server: status line, headers, body */
      let bytes = `HTTP/1.1 ${r.statusCode} ${r.statusMessage}\r\n`.length + 2;
      for (let i = 0; i < r.rawHeaders.length; i += 2) bytes += `${r.rawHeaders[i]}: ${r.rawHeaders[i + 1]}\r\n`.length;
      const entry = { path: req.url.split('?')[0], status: r.statusCode, bytes };
      seen.push(entry);
      res.writeHead(r.statusCode, r.headers);
      r.on('data', (c) => { entry.bytes += c.length; });
      r.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve({
    url: `http://127.0.0.1:${proxy.address().port}/`,
    seen,
    close: () => new Promise((r) => { proxy.closeAllConnections(); proxy.close(r); }),
  })));
}

const wireBytes = (list) => list.reduce((sum, e) => sum + e.bytes, 0);

/* ---- The page ------------------------------------------------------------------- */

async function openPage(context) {
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  page.errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(m.text())) page.errors.push(m.text());
  });
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.workersSeen = [];
  page.on('worker', (w) => page.workersSeen.push(w));
  return page;
}

/* Loads url; resolves with the time from the navigation's start to the
 * menu (li.game) in the page, as the page's clock saw it (a mutation
 * observer, put in every page of the context, notes it). */
/* ... and counts the workers the page ends (a cancelled move's). */
const NOTE_MENU = () => {
  window.terminated = 0;
  const terminate = Worker.prototype.terminate;
  Worker.prototype.terminate = function counted() {
    window.terminated++;
    return terminate.call(this);
  };
  new MutationObserver((_, observer) => {
    if (document.querySelector('li.game')) {
      window.menuAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
};

async function toMenu(page, url) {
  await page.goto(url);
  await page.waitForSelector('li.game');
  return Math.round(await page.evaluate(() => window.menuAt));
}

/* What a realm (the page, a worker) fetched, by its own resource timing. */
const RESOURCES = () => [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
  .map((e) => ({ name: e.name, transfer: e.transferSize || 0 }));

const board = (page, key) => page.getAttribute('#board-host', 'data-' + key);

async function clickCell(page, cell) {
  const box = await page.locator(`#board-host .cell[data-cell="${cell}"] .hit`).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/* A game against the computer to its end: the person's moves picked from
 * the board's legal moves and made by clicks on their cells. */
async function playToTheEnd(page, human) {
  let moves = 0;
  for (;;) {
    await page.waitForFunction((mine) => {
      const b = document.querySelector('#board-host');
      if (!b || !b.dataset.to) return false;
      return b.dataset.to === '-2' || (Number(b.dataset.to) === mine && b.dataset.moves && b.dataset.moves !== '[]');
    }, human, { timeout: 60000 });
    if ((await board(page, 'to')) === '-2') break;
    const legal = JSON.parse(await board(page, 'moves'));
    const move = legal[moves % legal.length];
    const before = Number(await board(page, 'ply'));
    if (move.cells.length === 0) {
      await page.click(`.actions button[data-move="${move.name}"]`);
    } else {
      for (const c of move.cells.slice(0, 2)) await clickCell(page, c);
      const chooser = await page.$(`.actions button[data-move="${move.name}"]`);
      if (chooser) await chooser.click();
    }
    await page.waitForFunction((k) => {
      const b = document.querySelector('#board-host');
      return b && (Number(b.dataset.ply) > k || b.dataset.to === '-2');
    }, before);
    moves++;
  }
  await page.waitForSelector('#result:not(.hidden)');
  return { moves, result: await page.textContent('#result') };
}

async function visits(browser, server, wasmName) {
  const proxy = await countingProxy(server.port);
  const context = await browser.newContext({ locale: 'en-GB' });
  await context.addInitScript(NOTE_MENU);
  try {
    /* the first visit */
    const page = await openPage(context);
    const ms = await toMenu(page, proxy.url);
    await page.evaluate(() => navigator.serviceWorker.ready);
    /* the service worker has every file (its install is over) */
    const cached = await page.evaluate(async () => {
      const keys = await caches.keys();
      const c = await caches.open(keys.find((k) => k.startsWith('ludoteka-')));
      return (await c.keys()).length;
    });
    check(cached >= 8, `the service worker keeps the page (${cached} files)`);
    const first = [...proxy.seen];
    const pageOwn = await page.evaluate(RESOURCES);
    const workerOwn = (await Promise.all(page.workersSeen.map((w) => w.evaluate(RESOURCES).catch(() => [])))).flat();
    const swOwn = (await Promise.all(context.serviceWorkers().map((w) => w.evaluate(RESOURCES).catch(() => [])))).flat();
    const sum = (list) => list.reduce((s, e) => s + e.transfer, 0);
    const wasmFetches = first.filter((e) => IS_WASM.test(e.path)).length;
    log(`first load: ${wireBytes(first)} bytes on the wire in ${first.length} responses ` +
        `(resource timing: page ${sum(pageOwn)}, worker ${sum(workerOwn)}, service worker ${sum(swOwn)})`);
    log(`first load: the wasm fetched ${wasmFetches} time(s) over the network`);
    log(`first load: the menu after ${ms} ms`);
    for (const e of first) log(`  ${e.status} ${e.path} ${e.bytes}`);
    check(wireBytes(first) <= WIRE_LIMIT, `first load at most ${WIRE_LIMIT} bytes on the wire (${wireBytes(first)})`);
    equal(wasmFetches, 1, 'the wasm fetched once over the network on the first visit');
    /* (the service worker asks for the page again: a 304) */
    equal(first.filter((e) => !e.path.startsWith('/api/') && e.status === 200)
      .map((e) => e.path).filter((p, i, all) => all.indexOf(p) !== i), [], 'no file of the page downloaded twice');
    equal(workerOwn.filter((e) => IS_WASM.test(e.name)).length, 0, 'the worker fetches no wasm (it is given the module)');
    equal(pageOwn.filter((e) => IS_WASM.test(e.name)).length, 1, 'the page fetches the wasm once');
    check(IS_WASM.test('/' + wasmName), 'the wasm the page fetched is the one listed');

    /* a computer's move cancelled: its worker goes, the next takes the
     * compiled module (no fetch, no compilation), and plays */
    await page.goto(proxy.url + '#new=chess');
    await page.selectOption('select[name="seat-0"]', 'ai:level=5');
    await page.selectOption('select[name="seat-1"]', 'human');
    await page.click('#start');
    /* the computer thinks (or, faster than we look, has moved) */
    await page.waitForFunction(() => /thinking/.test(document.querySelector('#status')?.textContent || '') ||
      Number(document.querySelector('#board-host')?.dataset.ply) > 0);
    const workersBefore = page.workersSeen.length;
    const anotherWorker = new Promise((resolve) => page.on('worker', () => {
      if (page.workersSeen.length > workersBefore) resolve();
    }));
    await page.goto(proxy.url + '#'); /* the game closes, its thinking is cancelled */
    await page.waitForSelector('li.game');
    if (await page.evaluate(() => window.terminated) > 0) {
      await anotherWorker; /* started at once by the cancel */
      check(page.workersSeen.length === workersBefore + 1, 'a cancelled move: its worker ends, one other starts');
    } else {
      log('(the computer had moved before it could be cancelled)');
    }
    await page.goto(proxy.url + '#new=three-mens-morris');
    await page.selectOption('select[name="seat-0"]', 'human');
    await page.selectOption('select[name="seat-1"]', 'ai:level=1');
    await page.click('#start');
    await page.waitForSelector('svg.board');
    const legal = JSON.parse(await board(page, 'moves'));
    await clickCell(page, legal[0].cells[0]);
    await page.waitForFunction(() => Number(document.querySelector('#board-host').dataset.ply) >= 2);
    check(true, 'the computer answers after a cancelled move');
    equal(proxy.seen.filter((e) => IS_WASM.test(e.path)).length, 1, 'still one fetch of the wasm');
    const allWorkers = (await Promise.all(page.workersSeen.map((w) => w.evaluate(RESOURCES).catch(() => [])))).flat();
    equal(allWorkers.filter((e) => IS_WASM.test(e.name)).length, 0, 'no worker fetched the wasm');
    equal(page.errors, [], 'first visit: console errors');
    await page.close();

    /* the second visit: the page from the service worker */
    const mark = proxy.seen.length;
    const page2 = await openPage(context);
    const ms2 = await toMenu(page2, proxy.url);
    const second = proxy.seen.slice(mark).filter((e) => !e.path.startsWith('/api/'));
    log(`second visit: the menu after ${ms2} ms; over the network: ${second.map((e) => `${e.status} ${e.path}`).join(', ') || 'nothing'}`);
    equal(second.filter((e) => e.path !== '/sw.js').map((e) => e.path), [], 'second visit: no file of the page over the network');
    equal(page2.errors, [], 'second visit: console errors');
    await page2.close();

    /* the network cut: the menu, and a game to its end */
    await context.setOffline(true);
    const page3 = await openPage(context);
    await toMenu(page3, proxy.url);
    await page3.goto(proxy.url + '#new=three-mens-morris');
    await page3.selectOption('select[name="seat-0"]', 'human');
    await page3.selectOption('select[name="seat-1"]', 'ai:level=1');
    await page3.click('#start');
    await page3.waitForSelector('svg.board');
    const end = await playToTheEnd(page3, 0);
    log(`offline: Three Men's Morris over after ${end.moves} moves of the person: ${end.result}`);
    check(end.moves >= 2 && end.result.trim().length > 0, 'offline: a game against the computer played to its result');
    equal(page3.errors, [], 'offline: console errors');
  } finally {
    await context.close();
    await proxy.close();
  }
}

/* ---- Run -------------------------------------------------------------------------- */

const server = await startServer(exe, tempDir('lt-firstload-data-'));
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
try {
  const wasm = await timed('headers', () => headers(server));
  await timed('visits', () => visits(browser, server, wasm || ''));
} finally {
  await browser.close();
  equal(await stopServer(server), 0, 'the server stops cleanly on SIGTERM');
}
finish('firstload');
