// lib.mjs — what the browser test and the load test share: starting and
// stopping `ludoteka serve` on loopback with a free port, Debian's
// chromium under playwright-core (never a downloaded browser), checks that
// count their failures, and the native tools that judge records.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';

let failures = 0;
let passes = 0;

export function check(ok, what) {
  if (ok) {
    passes++;
  } else {
    failures++;
    console.log(`FAIL: ${what}`);
  }
  return ok;
}

export function equal(actual, expected, what) {
  const ok = JSON.stringify(actual) === JSON.stringify(expected);
  return check(ok, `${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

const temps = [];

export function finish(name) {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  console.log(`${name}: ${passes} checks passed, ${failures} failed`);
  process.exit(failures ? 1 : 0);
}

/* Runs a test's main and counts: a throw is a failed check (onError(e)
 * may say more); the whole run is bounded by a watchdog of `seconds`,
 * whose failure says what stalled() tells; tidy() runs either way. */
export async function runTest(name, main, {
  seconds = 120, stalled = () => '', onError = () => {}, tidy = () => {},
} = {}) {
  const watchdog = setTimeout(() => {
    const why = stalled();
    check(false, `the ${name} test took longer than ${seconds} s${why ? `; ${why}` : ''}`);
    tidy();
    finish(name);
  }, seconds * 1000);
  try {
    await main();
  } catch (e) {
    check(false, e.stack || String(e));
    onError(e);
  }
  clearTimeout(watchdog);
  await tidy();
  finish(name);
}

export function log(...args) {
  console.log(...args);
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/* Runs one part of a test: a throw is a failed check, not the end of the
 * run; says how long it took; its value (null after a throw). */
export async function timed(name, f) {
  const t0 = Date.now();
  try {
    return await f();
  } catch (e) {
    check(false, `${name}: ${e.stack || e}`);
    return null;
  } finally {
    log(`${name}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
}

/* A new folder, removed when the test finishes. */
export function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

/* Starts the server; resolves once it says where it listens.  Under
 * tests/net/with_postgres.sh (LT_TEST_PG set) its store is that
 * PostgreSQL unless extra names one: the server's tests run on both. */
export function startServer(exe, dataDir, extra = []) {
  const db = process.env.LT_TEST_PG && !extra.includes('--db') ? ['--db', process.env.LT_TEST_PG] : [];
  return new Promise((resolve, reject) => {
    const proc = spawn(exe, ['serve', '--port', '0', '--bind', '127.0.0.1',
      '--data', dataDir, ...db, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const logWaiters = [];
    const timer = setTimeout(() => reject(new Error('server did not start: ' + err)), 20000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /127\.0\.0\.1:(\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        const resumed = Number((/(\d+) resumed/.exec(out) || [0, 0])[1]);
        resolve({ proc, port: Number(m[1]), url: `http://127.0.0.1:${m[1]}/`, resumed, stderr: () => err, logged });
      }
    });
    proc.stderr.on('data', (d) => {
      err += d;
      if (err.length > 1 << 20) err = err.slice(-65536);
      for (const w of [...logWaiters]) {
        if (w.re.test(err)) {
          logWaiters.splice(logWaiters.indexOf(w), 1);
          w.resolve();
        }
      }
    });
    /* resolves once the server has logged a line matching re */
    const logged = (re) => new Promise((resolve) => {
      if (re.test(err)) resolve();
      else logWaiters.push({ re, resolve });
    });
    proc.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (!out.includes('127.0.0.1')) reject(new Error(`server exited (${code ?? signal}): ${err}`));
    });
  });
}

/* SIGTERM, and the exit status. */
export function stopServer(server, signal = 'SIGTERM') {
  return new Promise((resolve) => {
    if (server.proc.exitCode !== null || server.proc.signalCode !== null) {
      resolve(server.proc.exitCode);
      return;
    }
    server.proc.once('exit', (code, sig) => resolve(code ?? sig));
    server.proc.kill(signal);
  });
}

/* ---- Several servers behind HAProxy (cluster.mjs, bench_rooms.mjs) ----------- */

export const HAPROXY = process.env.HAPROXY ||
  ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => fs.existsSync(p)) || 'haproxy';

/* A free loopback port, for a program that cannot say which it got. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/* HAProxy on loopback in front of servers [{name, port}] (docs/deploy.md
 * has the same configuration for a real deployment): http mode, WebSocket
 * tunnels, health checks on /api/health, round robin, a connection to a
 * dead server tried again on another.  Its servers' ups and downs are
 * logged on its stderr.  Resolves once it answers through to a server. */
export async function startHaproxy(dir, servers, maxconn = 1024) {
  const port = await freePort();
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, `global
    maxconn ${maxconn + 64}
    log stderr format short local0 notice
defaults
    mode http
    log global
    option dontlognull
    option forwardfor
    timeout connect 2s
    timeout client 30s
    timeout server 30s
    timeout tunnel 1h
    timeout client-fin 5s
    timeout http-request 10s
    retries 3
    option redispatch 1
frontend ludoteka
    bind 127.0.0.1:${port}
    maxconn ${maxconn}
    default_backend ludoteka
backend ludoteka
    balance roundrobin
    option httpchk GET /api/health
    http-check expect status 200
    timeout check 2s
    default-server check inter 1s fall 3 rise 2
${servers.map((s) => `    server ${s.name} 127.0.0.1:${s.port}`).join('\n')}
`);
  const proc = spawn(HAPROXY, ['-f', file, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  proc.stderr.on('data', (d) => { err = (err + d).slice(-65536); });
  const deadline = Date.now() + 20000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`haproxy exited: ${err}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status === 200, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`haproxy did not answer: ${err}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { proc, port, url: `http://127.0.0.1:${port}/`, stderr: () => err };
}

/* An HTTP request to the server on port; resolves with {status, json (or
 * null), text, headers, setCookie (the first Set-Cookie, or '')}.  body: a
 * value sent as JSON, or a text as it is; from: the local address. */
export function request(port, method, path, { body, cookie, origin, from } = {}) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) };
    if (cookie) headers.cookie = cookie;
    if (origin) headers.origin = origin;
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, localAddress: from },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => { text += d; });
        res.on('end', () => {
          let json = null;
          try { json = JSON.parse(text); } catch { /* text */ }
          const set = res.headers['set-cookie'];
          resolve({ status: res.statusCode, json, text, headers: res.headers, setCookie: set ? set[0] : '' });
        });
      });
    req.on('error', reject);
    req.end(data);
  });
}

/* Resident memory of a process, in KiB. */
export function rssKiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
}

/* The address of one of the page's modules (board.js) under the hashed
 * name the build gave it (board.1a2b3c4d.js), as the page loaded it. */
export function moduleUrl(page, name) {
  return page.evaluate((base) => performance.getEntriesByType('resource').map((e) => e.name)
    .find((n) => new RegExp(`/${base}\\.[0-9a-f]{8}\\.js$`).test(n)), name);
}

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic',
  '--no-first-run', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--disable-dev-shm-usage'];

/* The final position of a record, by the native program: `ludoteka replay`
 * checks every move and prints the moves and the result; the helper
 * record_final prints the position text. */
export function replayRecord(exe, finalTool, text) {
  const file = path.join(tempDir('lt-record-'), 'game.txt');
  fs.writeFileSync(file, text);
  const replay = execFileSync(exe, ['replay', file], { encoding: 'utf8' });
  const final = execFileSync(finalTool, [file], { encoding: 'utf8' }).trim();
  return { replay, final };
}

/* ---- WebSocket clients, waiting for events ---------------------------------- */


/* Conditions waited for; checked again whenever a client hears something. */
const waiters = new Set();
export function until(predicate) {
  if (predicate()) return Promise.resolve();
  return new Promise((resolve) => waiters.add({ predicate, resolve }));
}
export function recheck() {
  for (const w of [...waiters]) {
    if (w.predicate()) {
      waiters.delete(w);
      w.resolve();
    }
  }
}

/* A WebSocket with its messages queued: next(pred) resolves with the first
 * message (past or future) that matches, closed() when it closes. */
export function socket(url, options = {}) {
  const ws = new WebSocket(url, options);
  const got = [];
  const pending = [];
  let closedNow = false;
  const closing = [];
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString());
    got.push(m);
    for (const p of [...pending]) {
      if (p.pred(m)) {
        pending.splice(pending.indexOf(p), 1);
        p.resolve(m);
      }
    }
    recheck();
  });
  ws.on('error', () => {});
  ws.on('close', () => {
    closedNow = true;
    closing.forEach((r) => r());
    pending.forEach((p) => p.resolve(null));
    recheck();
  });
  return {
    ws,
    got,
    opened: () => new Promise((resolve) => {
      if (ws.readyState === WebSocket.OPEN) resolve(true);
      else if (closedNow) resolve(false);
      else {
        ws.once('open', () => resolve(true));
        closing.push(() => resolve(false));
      }
    }),
    send: (m) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)),
    next: (pred) => new Promise((resolve) => {
      const m = got.find(pred);
      if (m) resolve(m);
      else if (closedNow) resolve(null);
      else pending.push({ pred, resolve });
    }),
    closed: () => new Promise((resolve) => (closedNow ? resolve() : closing.push(resolve))),
    isClosed: () => closedNow,
  };
}

/* Sends a message on a new connection and resolves with the answer:
 * the first reply that is not a broadcast, or null if it closed. */
export async function ask(url, message, options) {
  const s = socket(url, options);
  await s.opened();
  s.send(message);
  const m = await s.next((x) => x.t !== 'seats' && x.t !== 'move');
  /* closed on both sides before the next step counts connections */
  s.ws.close();
  await s.closed();
  return m;
}

/* Is the connection still served?  A ping gets its pong. */
export async function alive(s) {
  s.send({ t: 'ping', id: 424242 });
  return (await s.next((m) => m.t === 'pong' && m.re === 424242)) !== null;
}

/* The action names of a record's movetext (without its comments: the
 * times of the plies, offers and the like). */
export function recordMoves(text) {
  const body = text.split('\n').filter((l) => !l.startsWith('[')).join(' ').replace(/\{[^}]*\}/g, ' ');
  return body.split(/\s+/).filter(Boolean).map((w) => w.replace(/^\d+\.+/, ''))
    .filter((w) => w && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(w));
}

