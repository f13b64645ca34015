// cluster.mjs — two `ludoteka serve` processes behind HAProxy sharing one
// PostgreSQL (docs/deploy.md), one of them killed mid-game:
//   node cluster.mjs LUDOTEKA        (LT_TEST_PG names the database:
//                                     tests/net/cluster_test.sh gives it)
//
//  - 100 rooms with clocks (5+3) through HAProxy, 200 clients: 70 rooms of
//    two scripted people choosing legal moves by a seeded generator (chess,
//    alquerque, nine men's morris, Medh Kuu Lash with its dice), 30 rooms of
//    a person against a computer seat (ai:level=1) with a watcher each;
//    a game ends by the rules, or at its planned length by a resignation
//    or a draw offered and accepted;
//  - once about half the planned plies are played, the process that owns
//    the most unfinished rooms is killed (SIGKILL); every client whose
//    socket closes connects again through HAProxy (backoff, bounded tries)
//    and joins (or watches) again;
//  - at the end: every game finished; every room's archived record
//    (GET /api/games/ID/record) has exactly the moves each of its clients
//    saw, in order, and the [%clk] of each ply the clock the `move` told;
//    its result is the one the clients saw; the rooms the killed process
//    owned were taken over and finished by the other (the servers' logs:
//    "room ID: owned by NODE").
//
// Nothing waits for a fixed time: every wait is for the message, close or
// condition it needs (the watchdog bounds the whole run); the players'
// think times only spread the games out.
import WebSocket from 'ws';
import {
  check, equal, log, recordMoves, rssKiB, runTest, startHaproxy, startServer, stopServer,
  tempDir,
} from './lib.mjs';

const [exe] = process.argv.slice(2);
const PG = process.env.LT_TEST_PG;
const SEED = Number(process.env.LT_CLUSTER_SEED || 24);
const WATCHDOG_S = 150;
if (!exe || !PG) {
  console.error('usage: LT_TEST_PG=postgresql://... node cluster.mjs LUDOTEKA');
  process.exit(2);
}

/* mulberry32: the generator of the rooms' plans and the players' choices */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const plan = rng(SEED);
const between = (r, lo, hi) => lo + Math.floor(r() * (hi - lo + 1));

/* The hundred rooms: [game, options, how many, against a computer]. */
const KINDS = [
  ['chess', '', 25, false], ['alquerque', '', 15, false],
  ['nine-mens-morris', '', 15, false], ['medh-kuu-lash', 'cap=200', 15, false],
  ['chess', '', 10, true], ['alquerque', '', 10, true], ['nine-mens-morris', '', 10, true],
];
const CLOCK = '5+3';

/* ---- The servers ------------------------------------------------------------- */

/* as deployed (docs/deploy.md): HAProxy's requests count for the address
 * it forwards, here every client's 127.0.0.1 */
const LIMITS = ['--proxy', '127.0.0.1', '--max-connections', '1024', '--max-per-ip', '1024',
  '--max-rooms', '400', '--rooms-per-hour', '10000', '--rooms-each', '400', '--rate', '200',
  '--idle-seconds', '60'];
const nodes = ['a', 'b'];
const servers = {};
const owners = {};   /* node -> [[room, owner, when heard]] from its log, in order */
async function startNode(node) {
  const s = await startServer(exe, tempDir(`lt-cluster-${node}-`),
    ['--db', PG, '--node', node, ...LIMITS]);
  owners[node] = [];
  let rest = '';
  s.proc.stderr.on('data', (d) => {
    const lines = (rest + d).split('\n');
    rest = lines.pop();
    for (const line of lines) {
      const m = /room (\w+): owned by (\S+)/.exec(line);
      if (m) owners[node].push([m[1], m[2], performance.now()]);
    }
  });
  servers[node] = s;
  return s;
}

/* ---- The clients ------------------------------------------------------------- */

let proxyUrl = '';
let proxyProc = null;
let stopping = false;
let killed = null;    /* {node, at, ...}: the process killed, when */
let plies = 0;        /* the plies played in all rooms, as the clients learn them */
let killAt = Infinity;
let reconnects = 0;
let rejoins = 0;
const benign = new Map();   /* error code -> count, for errors that may come */
const clients = [];
let unfinished = 0;
let allDone;
const done = new Promise((r) => { allDone = r; });

/* The room's plies as one client saw them: view[ply] = {name, clk}. */
class Client {
  constructor(room, seat, token) {
    this.room = room;
    this.seat = seat;       /* -1: a watcher */
    this.token = token;
    this.view = [null];     /* view[k]: the k-th ply */
    this.state = null;
    this.result = null;
    this.end = null;
    this.tries = 0;
    this.offered = false;
    this.problems = [];
    this.r = rng(SEED * 1000 + room.n * 10 + seat + 1);
    unfinished++;
    this.connect();
  }

  problem(what) {
    if (this.problems.length < 5) this.problems.push(what);
  }

  connect() {
    const ws = new WebSocket(`${proxyUrl.replace('http', 'ws')}ws`);
    this.ws = ws;
    ws.on('open', () => this.enter());
    ws.on('message', (d) => this.onMessage(JSON.parse(d.toString())));
    ws.on('error', () => {});
    ws.on('close', () => {
      if (this.result || stopping) return;
      reconnects++;
      this.again('reconnect');
    });
  }

  /* Connects (or joins) again after a backoff: 50 ms doubling to 2 s, at
   * most 20 tries in a row without an answer. */
  again(what) {
    if (this.waiting) return; /* one try at a time */
    if (++this.tries > 20) {
      this.problem(`gave up after 20 tries to ${what}`);
      this.finish(null, null);
      return;
    }
    const wait = Math.min(2000, 50 * 2 ** Math.min(6, this.tries - 1));
    this.waiting = true;
    setTimeout(() => {
      this.waiting = false;
      if (this.result || stopping) return;
      if (what === 'reconnect' || this.ws.readyState !== WebSocket.OPEN) this.connect();
      else this.enter();
    }, wait * (0.5 + Math.random()));
  }

  enter() {
    this.joining = true;
    if (this.seat >= 0) this.send({ t: 'join', room: this.room.id, seat: this.seat, token: this.token });
    else this.send({ t: 'watch', room: this.room.id });
  }

  send(m) {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(m));
  }

  /* What it was told of a ply; a ply it was told differently before is a
   * failure. */
  saw(ply, name, clk, running) {
    const had = this.view[ply];
    if (had && had.name !== name) this.problem(`ply ${ply}: told ${had.name}, then ${name}`);
    if (!had || clk !== undefined) this.view[ply] = had && clk === undefined ? had : { name, clk, running };
    const before = this.room.seen;
    this.room.seen = Math.max(this.room.seen, ply);
    plies += this.room.seen - before;
    if (!killed && plies >= killAt) kill();
  }

  onMessage(m) {
    if (m.t === 'room') {
      if (this.joining && this.view.length > 1) rejoins++;
      this.joining = false;
      this.tries = 0;
      /* what it saw before is the start of the room's record */
      const moves = recordMoves(m.record);
      if (moves.length !== m.ply) this.problem(`room: ${moves.length} moves in the record, ply ${m.ply}`);
      moves.forEach((name, k) => this.saw(k + 1, name, undefined));
      if (this.view.length - 1 > m.ply) this.problem(`room: at ply ${m.ply}, but it saw ${this.view.length - 1}`);
      this.view.length = Math.min(this.view.length, m.ply + 1);
      this.state = m;
      if (!m.offer) this.offered = false;
      if (m.result !== '*') this.finish(m.result, m.end);
      else if (m.offer && m.offer.kind === 'draw' && m.offer.waiting.includes(this.seat)) this.send({ t: 'accept' });
      else this.act();
    } else if (m.t === 'move') {
      if (m.ply !== this.view.length) {
        this.problem(`move of ply ${m.ply} after ply ${this.view.length - 1}`);
        this.enter();
        return;
      }
      this.saw(m.ply, m.name, m.by >= 0 && m.clock ? m.clock.left[m.by] : null,
        m.clock && m.clock.running === m.by);
      this.state = m;
      if (m.result !== '*') this.finish(m.result, m.end);
      else this.act();
    } else if (m.t === 'result') {
      this.finish(m.result, m.end);
    } else if (m.t === 'offered') {
      if (m.kind === 'draw' && this.seat >= 0 && m.seat !== this.seat) this.send({ t: 'accept' });
    } else if (m.t === 'error') {
      if (this.joining) {
        /* the room is moving to the other process: join again */
        benign.set(`join: ${m.code}`, (benign.get(`join: ${m.code}`) || 0) + 1);
        this.again('join');
      } else if (m.code === 'moved') {
        /* the process it was relayed to has died: the connection closes,
         * and it connects and joins again */
        benign.set(m.code, (benign.get(m.code) || 0) + 1);
      } else if (m.code === 'stale' || m.code === 'not-your-turn') {
        benign.set(m.code, (benign.get(m.code) || 0) + 1);
      } else {
        this.problem(`error ${m.code}: ${m.msg}`);
      }
    }
  }

  /* Its turn: a legal move after a moment, or at the room's planned
   * length a resignation or a draw offered. */
  act() {
    const s = this.state;
    if (this.seat < 0 || !s || s.result !== '*' || s.to !== this.seat) return;
    const ply = s.ply;
    setTimeout(() => {
      if (this.result || this.state.ply !== ply || this.state.to !== this.seat) return;
      if (ply < this.room.length && s.legal.length) {
        this.send({ t: 'move', ply, name: s.legal[Math.floor(this.r() * s.legal.length)] });
      } else if (this.room.ending === 'draw') {
        if (!this.offered) this.send({ t: 'draw' });
        this.offered = true;
      } else {
        this.send({ t: 'resign' });
      }
    }, 5 + this.r() * 40);
  }

  finish(result, end) {
    if (this.result !== null) return;
    this.result = result || 'gave up';
    this.end = end;
    if (!this.room.over) this.room.over = performance.now();
    this.ws.close();
    if (--unfinished === 0) allDone();
  }
}

async function createRoom(n, game, options, ai) {
  const r = rng(SEED + n * 7919);
  const room = {
    n, game, ai, seen: 0, over: 0,
    length: game === 'medh-kuu-lash' ? between(r, 30, 70) : between(r, 16, 50),
    ending: !ai && r() < 0.35 ? 'draw' : 'resign',
  };
  for (let tries = 0; ; tries++) {
    const made = await new Promise((resolve) => {
      const ws = new WebSocket(`${proxyUrl.replace('http', 'ws')}ws`);
      ws.on('open', () => ws.send(JSON.stringify({
        t: 'create', game, ...(options ? { options } : {}), clock: CLOCK,
        seats: ['human', ai ? 'ai:level=1' : 'human'],
      })));
      ws.on('message', (d) => { resolve(JSON.parse(d.toString())); ws.close(); });
      ws.on('error', () => resolve(null));
      ws.on('close', () => resolve(null));
    });
    if (made && made.t === 'created') {
      room.id = made.room;
      room.tokens = made.tokens;
      return room;
    }
    if (tries === 3) throw new Error(`create ${game}: ${made ? made.msg : 'closed'}`);
  }
}

/* ---- The kill ------------------------------------------------------------------ */

let rooms = [];
/* The process that owns the most unfinished rooms now, from the logs. */
function lastOwners() {
  const last = new Map();
  for (const node of nodes) for (const [id, by, at] of owners[node]) {
    if (!last.has(id) || last.get(id).at < at) last.set(id, { by, at });
  }
  return last;
}

function kill() {
  const last = lastOwners();
  const count = {};
  for (const room of rooms) {
    if (room.over) continue;
    const o = last.get(room.id);
    if (o) count[o.by] = (count[o.by] || 0) + 1;
  }
  const node = nodes.reduce((best, n) => ((count[n] || 0) > (count[best] || 0) ? n : best), nodes[0]);
  killed = { node, at: performance.now(), plies, open: rooms.filter((r) => !r.over).length };
  for (const room of rooms) {
    const o = last.get(room.id);
    room.ownerAtKill = o ? o.by : null;
    room.overAtKill = !!room.over;
  }
  killed.rss = rssKiB(servers[node].proc.pid);
  servers[node].proc.kill('SIGKILL');
  log(`killed ${node} (SIGKILL) at ${plies} plies, owning ${count[node] || 0} of ${killed.open} unfinished rooms`);
}

/* ---- The record ---------------------------------------------------------------- */

/* The plies of a record: [{name, clk (ms, or null)}], one line a ply. */
function recordPlies(text) {
  const body = text.split('\n').filter((l) => l && !l.startsWith('[') && !l.startsWith('{'));
  const out = [];
  for (const line of body) {
    const m = /^(?:\d+\.+\s+)?(\S+)(?:\s+\{(.*)\})?$/.exec(line);
    if (!m || /^(1-0|0-1|1\/2-1\/2|\*)$/.test(m[1])) continue;
    const c = /\[%clk (\d+):(\d\d):(\d\d)\.(\d\d\d)\]/.exec(m[2] || '');
    out.push({ name: m[1], clk: c ? ((+c[1] * 60 + +c[2]) * 60 + +c[3]) * 1000 + +c[4] : null });
  }
  return out;
}
const tag = (text, name) => (new RegExp(`^\\[${name} "([^"]*)"\\]`, 'm').exec(text) || [])[1];

/* ---- The run ------------------------------------------------------------------- */

async function main() {
  const t0 = performance.now();
  /* both at once: the first to come migrates the new database, the other
   * waits for its lock */
  await Promise.all(nodes.map(startNode));
  const proxy = await startHaproxy(tempDir('lt-haproxy-'),
    nodes.map((n) => ({ name: n, port: servers[n].port })));
  proxyUrl = proxy.url;
  proxyProc = proxy.proc;
  log(`servers ${nodes.map((n) => `${n} :${servers[n].port}`).join(', ')}; HAProxy :${proxy.port}`);

  /* the rooms, ten at a time */
  const wanted = [];
  for (const [game, options, count, ai] of KINDS) {
    for (let i = 0; i < count; i++) wanted.push([game, options, ai]);
  }
  for (let i = 0; i < wanted.length; i += 10) {
    rooms.push(...await Promise.all(wanted.slice(i, i + 10)
      .map(([game, options, ai], k) => createRoom(i + k, game, options, ai))));
  }
  killAt = Math.floor(rooms.reduce((sum, r) => sum + r.length, 0) / 2);
  equal(rooms.length, 100, 'the rooms are made');
  for (const room of rooms) {
    room.clients = room.ai
      ? [new Client(room, 0, room.tokens[0]), new Client(room, -1, null)]
      : [new Client(room, 0, room.tokens[0]), new Client(room, 1, room.tokens[1])];
    clients.push(...room.clients);
  }
  equal(clients.length, 200, 'two hundred clients');
  await done;
  const seconds = (performance.now() - t0) / 1000;
  check(killed !== null, `a process was killed (at ${plies} of about ${2 * killAt} plies)`);
  const survivor = nodes.find((n) => n !== (killed && killed.node));

  /* every game finished, as its clients saw it and as the archive keeps it */
  let moves = 0;
  let clocks = 0;
  const last = lastOwners();
  let takenOver = 0, endedThere = 0;
  for (const room of rooms) {
    const res = await fetch(`${proxyUrl}api/games/${room.id}/record`);
    const text = res.status === 200 ? await res.text() : '';
    if (!check(text !== '', `${room.game} ${room.id}: the archive has its record (HTTP ${res.status})`)) continue;
    const rec = recordPlies(text);
    check(JSON.stringify(rec.map((p) => p.name)) === JSON.stringify(recordMoves(text)),
      `${room.id}: the record's plies read two ways agree`);
    moves += rec.length;
    for (const c of room.clients) {
      const who = `${room.game} ${room.id} ${c.seat < 0 ? 'watcher' : `seat ${c.seat}`}`;
      check(c.problems.length === 0, `${who}: ${c.problems.join('; ')}`);
      check(c.result !== null && c.result !== '*' && c.result !== 'gave up', `${who}: the game finished (${c.result})`);
      equal(c.result, tag(text, 'Result'), `${who}: the record's result is the one the client saw`);
      if (c.end) equal(c.end.reason, tag(text, 'Termination'), `${who}: the reason of the end`);
      const seen = c.view.slice(1).map((p) => p && p.name);
      equal(seen, rec.map((p) => p.name), `${who}: the record has the moves the client saw, in order`);
      c.view.forEach((p, k) => {
        if (!p || p.clk === undefined || p.clk === null || !rec[k - 1]) return;
        clocks++;
        /* a clock still running (the mover goes on: a chain of captures, a
         * throw that plays again) was told as it was when the message left */
        if (p.running) {
          check(p.clk <= rec[k - 1].clk && p.clk >= rec[k - 1].clk - 1000,
            `${who}: ply ${k} ${p.name}: the running clock told (${p.clk}) is at most [%clk] (${rec[k - 1].clk})`);
        } else {
          equal(p.clk, rec[k - 1].clk, `${who}: ply ${k} ${p.name}: the clock the move told is its [%clk]`);
        }
      });
    }
    /* a room the killed process owned, unfinished as far as its players
     * knew, is the survivor's now — unless its game had ended there and
     * the end was on its way to the players as it died (then nobody joins
     * it again, and it stays the killed process's, over in the store) */
    if (killed && room.ownerAtKill === killed.node && !room.overAtKill) {
      const by = last.get(room.id) && last.get(room.id).by;
      if (by === killed.node) {
        endedThere++;
        check(room.over, `${room.id}: ended on ${killed.node} as it died, and its players were told`);
      } else {
        takenOver++;
        equal(by, survivor, `${room.id}: owned by ${killed.node} at the kill, finished by ${survivor}`);
      }
    }
  }
  check(takenOver > 0, `the killed process owned unfinished rooms (${takenOver})`);
  check(clocks > 1000, `clocks compared: ${clocks}`);
  log(`the benign errors: ${JSON.stringify(Object.fromEntries(benign))}`);
  log(`summary: ${rooms.length} games, ${moves} plies, ${clients.length} clients, ` +
    `${reconnects} reconnections (${rejoins} seats and watchers back), ` +
    `${takenOver} rooms taken over by ${survivor} (${endedThere} ended as ${killed && killed.node} died), ` +
    `${clocks} clocks compared, ` +
    `killed ${killed && killed.node} (RSS ${killed ? (killed.rss / 1024).toFixed(0) : '?'} MiB) at ` +
    `${killed ? ((killed.at - t0) / 1000).toFixed(1) : '?'} s, ${seconds.toFixed(1)} s in all`);

  stopping = true;
  equal(await stopServer(servers[survivor]), 0, `${survivor} stops cleanly`);
  const err = servers[survivor].stderr();
  if (/AddressSanitizer|runtime error/.test(err)) check(false, 'sanitizer report: ' + err.slice(-2000));
}

/* No process of the test outlives it. */
function cleanUp() {
  stopping = true;
  if (proxyProc) proxyProc.kill('SIGKILL');
  for (const s of Object.values(servers)) s.proc.kill('SIGKILL');
}

await runTest('cluster', main, {
  seconds: WATCHDOG_S,
  stalled: () => {
    const left = clients.filter((c) => c.result === null);
    return `${left.length} clients unfinished, e.g. ` +
      left.slice(0, 5).map((c) => `${c.room.game} ${c.room.id} seat ${c.seat} at ply ${c.view.length - 1}` +
        ` (${c.problems.join('; ')}) tries ${c.tries}`).join(', ');
  },
  tidy: cleanUp,
});
