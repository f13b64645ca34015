// load.mjs — `ludoteka serve` under load and under abuse, on loopback:
//   node load.mjs LUDOTEKA RECORD_FINAL [ROOMS]
//
//  - 4 clients in each of ROOMS rooms (50: 200 clients) play random legal
//    moves; the players also send illegal, stale and out-of-turn moves,
//    the watchers other seats' moves, and every one is refused;
//  - other clients send garbage, binary and fragmented frames, oversized
//    messages, floods, unknown rooms and wrong tokens; each gets its error;
//  - mid-game the server is killed (SIGKILL) and started again on the same
//    records: every client reconnects, gets its seat back and finds every
//    move it was told of in the room's record, and every game goes on to
//    its end;
//  - every room's record replays natively to the final position its
//    clients were sent, with exactly the moves they were sent;
//  - the server's memory stays under a bound throughout;
//  - a server with small limits refuses connections and rooms beyond
//    them with clear errors.
import WebSocket from 'ws';
import {
  check, equal, finish, log, sleep, startServer, stopServer, tempDir,
  rssKiB, replayRecord,
} from './lib.mjs';

const [exe, finalTool, roomsArg] = process.argv.slice(2);
const ROOMS = Number(roomsArg || 50);
const MEMORY_BOUND_KIB = Number(process.env.LT_MEMORY_BOUND_KIB || 320 * 1024);

/* What each room plays: the game, its options, its seats (human seats are
 * the clients'; the rest of the four clients watch). */
const KINDS = [
  { game: 'four-seasons', options: 'cap=40', seats: ['human', 'human', 'human', 'human'] },
  { game: 'robbers', options: 'cap=300', seats: ['human', 'human'] },
  { game: 'half-hazard', options: 'turns=6', seats: ['human', 'human'] },
  { game: 'medh-kuu-lash', options: 'cap=80', seats: ['human', 'ai:level=1'] },
  { game: 'three-mens-morris', options: 'cap=200', seats: ['human', 'human'] },
];

const errors = new Map(); /* code -> count, for every error a client got */
const countError = (code) => errors.set(code, (errors.get(code) || 0) + 1);
let url = '';
let stopping = false;

/* The action names of a record's movetext. */
function recordMoves(text) {
  const body = text.split('\n').filter((l) => !l.startsWith('[')).join(' ');
  return body.split(/\s+/).filter(Boolean).map((w) => w.replace(/^\d+\.+/, '')).filter(Boolean);
}

/* One of the 200: a player (seat, token) or a watcher. */
class Client {
  constructor(room, seat, token) {
    this.room = room;
    this.seat = seat;
    this.token = token;
    this.seen = [];      /* every action it was told of, in order */
    this.state = null;   /* the last {ply, to, legal, pos, result} */
    this.reconnects = 0;
    this.lostMoves = 0;  /* moves it was told of but not in the record */
    this.gaps = 0;
    this.connect();
  }

  connect() {
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.on('open', () => {
      if (this.seat >= 0) ws.send(JSON.stringify({ t: 'join', room: this.room.id, seat: this.seat, token: this.token }));
      else ws.send(JSON.stringify({ t: 'watch', room: this.room.id }));
    });
    ws.on('message', (data) => this.onMessage(JSON.parse(data.toString())));
    ws.on('error', () => {});
    ws.on('close', () => {
      if (stopping) return;
      this.reconnects++;
      setTimeout(() => this.connect(), 50 + Math.random() * 150);
    });
  }

  send(m) {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(m));
  }

  onMessage(m) {
    if (m.t === 'room') {
      const moves = recordMoves(m.record);
      /* everything it was told of before is in the record */
      const prefix = moves.slice(0, this.seen.length);
      if (JSON.stringify(prefix) !== JSON.stringify(this.seen)) this.lostMoves++;
      this.seen = moves;
      this.state = m;
      this.act();
    } else if (m.t === 'move') {
      if (m.ply !== this.seen.length + 1) {
        this.gaps++;
        return;
      }
      this.seen.push(m.name);
      this.state = m;
      this.act();
    } else if (m.t === 'error') {
      countError(m.code);
      /* dropped for going too fast: the move is sent again, later */
      if (m.code === 'rate') setTimeout(() => this.act(true), 100);
    }
  }

  /* Its move when it is to move; now and then a wrong one first. */
  act(again = false) {
    const s = this.state;
    if (stopping || !s || s.result !== '*') return;
    if (this.seat < 0) {
      /* a watcher plays for the seat to move: refused */
      if (s.to >= 0 && Math.random() < 0.05) this.send({ t: 'move', ply: s.ply, name: s.legal[0] });
      return;
    }
    if (s.to !== this.seat || !s.legal.length) return;
    const r = again ? 1 : Math.random();
    if (r < 0.03) this.send({ t: 'move', ply: s.ply, name: 'zz99' });
    else if (r < 0.06 && s.ply > 0) this.send({ t: 'move', ply: s.ply - 1, name: s.legal[0] });
    const name = s.legal[Math.floor(Math.random() * s.legal.length)];
    const ply = s.ply;
    setTimeout(() => {
      if (this.state.ply === ply) this.send({ t: 'move', ply, name });
    }, Math.random() * 4);
  }

  close() {
    this.ws.close();
  }
}

/* Opens a connection, sends something, resolves with what came back
 * within a while (messages, and whether the server closed it). */
function probe(send, wait = 400) {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    const got = [];
    let closed = false;
    ws.on('open', () => send(ws));
    ws.on('message', (d) => got.push(JSON.parse(d.toString())));
    ws.on('close', () => { closed = true; });
    ws.on('error', () => {});
    setTimeout(() => {
      ws.terminate();
      resolve({ got, closed, codes: got.filter((m) => m.t === 'error').map((m) => m.code) });
    }, wait);
  });
}

function createRoom(kind) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('open', () => ws.send(JSON.stringify({ t: 'create', game: kind.game, options: kind.options, seats: kind.seats, id: 7 })));
    ws.on('message', (d) => {
      const m = JSON.parse(d.toString());
      ws.close();
      if (m.t === 'created') resolve({ id: m.room, tokens: m.tokens, kind });
      else reject(new Error(m.msg));
    });
    ws.on('error', reject);
  });
}

/* ---- Abuse ------------------------------------------------------------------ */

async function faults(rooms) {
  const room = rooms[0];
  const cases = [
    ['garbage', (ws) => ws.send('{not json'), 'bad-json', false],
    ['not an object', (ws) => ws.send('[1,2,3]'), 'bad-json', false],
    ['no type', (ws) => ws.send('{"x":1}'), 'bad-message', false],
    ['unknown type', (ws) => ws.send('{"t":"dance"}'), 'bad-message', false],
    ['a number too large', (ws) => ws.send(`{"t":"join","room":"${room.id}","seat":1e300,"token":"x"}`), 'bad-message', false],
    ['a fraction', (ws) => ws.send(`{"t":"join","room":"${room.id}","seat":0.5,"token":"x"}`), 'bad-message', false],
    ['move outside a room', (ws) => ws.send('{"t":"move","ply":0,"name":"a1"}'), 'no-room', false],
    ['binary', (ws) => ws.send(Buffer.from([0, 1, 2, 255])), 'bad-json', false],
    ['unknown room', (ws) => ws.send('{"t":"watch","room":"aaaaaaaaaa"}'), 'unknown-room', false],
    ['malformed room', (ws) => ws.send('{"t":"watch","room":"../../etc"}'), 'unknown-room', false],
    ['wrong token', (ws) => ws.send(JSON.stringify({ t: 'join', room: room.id, seat: 0, token: 'x'.repeat(16) })), 'bad-token', false],
    ['no such seat', (ws) => ws.send(JSON.stringify({ t: 'join', room: room.id, seat: 9, token: 'x' })), 'bad-token', false],
    ['unknown game', (ws) => ws.send('{"t":"create","game":"tiddlywinks","seats":["human"]}'), 'unknown-game', false],
    ['bad option', (ws) => ws.send('{"t":"create","game":"robbers","options":"cap=2","seats":["human","human"]}'), 'bad-options', false],
    ['too many seats', (ws) => ws.send('{"t":"create","game":"robbers","seats":["human","human","human"]}'), 'bad-seats', false],
    ['an engine for a seat', (ws) => ws.send('{"t":"create","game":"robbers","seats":["human","uci:/bin/sh"]}'), 'bad-seats', false],
    ['oversized', (ws) => ws.send('x'.repeat(100000)), 'too-big', true],
    ['fragmented', (ws) => { ws.send('{"t":', { fin: false }); ws.send('"ping"}', { fin: true }); }, 'fragmented', true],
  ];
  for (const [what, send, code, closes] of cases) {
    const r = await probe(send);
    check(r.codes.includes(code), `${what}: error '${code}' (got ${JSON.stringify(r.codes)})`);
    equal(r.closed, closes, `${what}: connection ${closes ? 'closed' : 'kept'}`);
    r.codes.forEach(countError);
  }
  /* a burst beyond the rate: the excess is dropped with an error... */
  const burst = await probe((ws) => {
    for (let i = 0; i < 80; i++) ws.send('{"t":"ping"}');
  }, 800);
  const pongs = burst.got.filter((m) => m.t === 'pong').length;
  check(burst.codes.includes('rate') && pongs >= 35 && pongs < 70 && !burst.closed,
    `a burst of 80 is answered up to the rate (${pongs} pongs) and the rest refused`);
  burst.codes.forEach(countError);
  /* ...and a connection that keeps on is closed */
  const flood = await probe((ws) => {
    for (let i = 0; i < 300; i++) ws.send('{"t":"ping"}');
  }, 800);
  check(flood.closed, 'a connection that keeps flooding is closed');
  /* big frames, several at once: answered and closed, memory comes back */
  const big = await Promise.all([...Array(8).keys()].map(() => probe((ws) => ws.send('y'.repeat(2 << 20)), 1500)));
  check(big.every((r) => r.codes.includes('too-big') && r.closed), '2 MiB frames from 8 clients at once are refused');
}

/* A second server with small limits: connections and rooms. */
async function limits() {
  const server = await startServer(exe, tempDir('lt-limits-'), ['--max-connections', '70', '--max-rooms', '2']);
  url = `ws://127.0.0.1:${server.port}/ws`;
  /* 72 watchers for one room: 2 over the server's 70 connections, and 6
   * over the 64 one room takes */
  const first = await createRoom(KINDS[1]);
  await sleep(300);
  const sockets = [];
  const results = await Promise.all([...Array(72).keys()].map(() => new Promise((resolve) => {
    const ws = new WebSocket(url);
    sockets.push(ws);
    ws.on('open', () => ws.send(JSON.stringify({ t: 'watch', room: first.id })));
    ws.on('message', (d) => {
      const m = JSON.parse(d.toString());
      resolve(m.t === 'error' ? m.code : m.t);
    });
    ws.on('error', () => resolve('failed'));
  })));
  const count = (what) => results.filter((r) => r === what).length;
  equal([count('room'), count('room-full'), count('too-many-connections')], [64, 6, 2],
    'of 72 watchers, 64 are in the room, 6 told it is full, 2 that the server is');
  sockets.forEach((ws) => ws.terminate());
  await sleep(300);
  /* two rooms in play (a watcher each); a third is refused; once one is
   * left, the third is made (the idle room unloaded, not lost) */
  const a = await createRoom(KINDS[1]);
  const b = await createRoom(KINDS[1]);
  const watchers = [a, b].map((r) => {
    const ws = new WebSocket(url);
    ws.on('open', () => ws.send(JSON.stringify({ t: 'watch', room: r.id })));
    return ws;
  });
  await sleep(400);
  const refused = await createRoom(KINDS[1]).then(() => null, (e) => e.message);
  check(refused && /rooms in play/.test(refused), `a third room is refused while two are in play (${refused})`);
  watchers[0].close();
  await sleep(300);
  const third = await createRoom(KINDS[1]).catch((e) => e);
  check(third && third.id, 'with one room left, a new one is made');
  /* the first room, unloaded to make space, comes back when asked for
   * (the third, which nobody watches, makes space for it) */
  const back = await probe((ws) => ws.send(JSON.stringify({ t: 'watch', room: a.id })));
  check(back.got.some((m) => m.t === 'room' && m.room === a.id), 'an unloaded room comes back when asked for');
  /* and with both rooms in memory watched, the third cannot come back */
  const keep = new WebSocket(url);
  keep.on('open', () => keep.send(JSON.stringify({ t: 'watch', room: a.id })));
  await sleep(300);
  const busy = await probe((ws) => ws.send(JSON.stringify({ t: 'watch', room: third.id })));
  check(busy.codes.includes('no-room'), `a room that does not fit now is refused as such (${busy.codes})`);
  keep.close();
  watchers[1].close();
  equal(await stopServer(server), 0, 'the small server stops cleanly');
}

/* ---- The run ------------------------------------------------------------------ */

async function main() {
  await limits();

  const data = tempDir('lt-load-');
  let server = await startServer(exe, data, ['--max-connections', '400', '--max-rooms', '100']);
  url = `ws://127.0.0.1:${server.port}/ws`;
  let maxRss = 0;
  const sampler = setInterval(() => {
    try {
      maxRss = Math.max(maxRss, rssKiB(server.proc.pid));
    } catch { /* between a kill and a start */ }
  }, 200);

  const t0 = Date.now();
  const rooms = await Promise.all([...Array(ROOMS).keys()].map((i) => createRoom(KINDS[i % KINDS.length])));
  const clients = [];
  for (const room of rooms) {
    room.clients = [];
    for (let k = 0; k < 4; k++) {
      const human = k < room.kind.seats.length && room.kind.seats[k] === 'human';
      const c = human ? new Client(room, k, room.tokens[k]) : new Client(room, -1, null);
      room.clients.push(c);
      clients.push(c);
    }
  }
  log(`${ROOMS} rooms, ${clients.length} clients`);

  /* play a while, then kill the server mid-game */
  const actions = () => rooms.reduce((n, r) => n + Math.max(...r.clients.map((c) => c.seen.length)), 0);
  const over = () => rooms.filter((r) => r.clients.every((c) => c.state && c.state.result !== '*')).length;
  for (let i = 0; i < 200 && actions() < ROOMS * 15; i++) await sleep(20);
  const before = actions();
  const unfinished = ROOMS - over();
  const rssBefore = maxRss;
  log(`killing the server: ${before} actions so far, ${unfinished} games unfinished, ${(Date.now() - t0) / 1000} s`);
  check(unfinished > ROOMS / 2, 'most games are under way when the server is killed');
  server.proc.kill('SIGKILL');
  await new Promise((r) => server.proc.once('exit', r));
  server = await startServer(exe, data, ['--port', String(server.port), '--max-connections', '400', '--max-rooms', '100']);
  /* a game may have ended in the last moment, unheard of by its clients;
   * none the clients saw end is resumed */
  check(server.resumed >= unfinished - 5 && server.resumed <= unfinished,
    `the unfinished rooms are resumed at the restart (${server.resumed} of ${unfinished})`);

  /* abuse, while the games go on */
  await faults(rooms);

  /* every game to its end */
  for (let i = 0; i < 300 && over() < ROOMS; i++) await sleep(50);
  const seconds = (Date.now() - t0) / 1000;
  if (!equal(over(), ROOMS, `every game finished after the restart (${seconds.toFixed(1)} s)`)) {
    for (const r of rooms.filter((room) => room.clients.some((c) => !c.state || c.state.result === '*')))
      log(`unfinished: ${r.id} ${r.kind.game}`, JSON.stringify(r.clients.map((c) => [c.seat, c.seen.length, c.state && c.state.to, c.state && c.state.ply, c.gaps, c.ws.readyState])));
  }
  check(actions() > before, 'the games went on after the restart');
  check(server.proc.exitCode === null, 'the server is up');
  clearInterval(sampler);
  const reconnects = clients.reduce((n, c) => n + c.reconnects, 0);
  check(reconnects >= clients.length, `every client reconnected after the kill (${reconnects} reconnections)`);
  equal(clients.reduce((n, c) => n + c.lostMoves, 0), 0, 'no move a client was told of is missing from its room\'s record');

  /* every room's record against what its clients were told */
  let replayed = 0;
  for (const room of rooms) {
    const text = await (await fetch(`http://127.0.0.1:${server.port}/api/rooms/${room.id}/record`)).text();
    const moves = recordMoves(text);
    const told = room.clients.map((c) => c.seen);
    const same = told.every((s) => JSON.stringify(s) === JSON.stringify(moves));
    const last = room.clients[0].state;
    let final = '';
    try {
      final = replayRecord(exe, finalTool, text).final.split('\n');
    } catch (e) {
      check(false, `room ${room.id}: the record does not replay: ${e.message}`);
      continue;
    }
    if (check(same, `room ${room.id} (${room.kind.game}): its clients were told exactly the record's ${moves.length} moves`) &&
        equal([final[0], final[1]], [last.pos, last.result], `room ${room.id}: the record replays to the final position`))
      replayed++;
  }
  equal(replayed, ROOMS, 'every room\'s record replays to its final state');

  /* what was refused, and memory */
  for (const code of ['not-your-turn', 'illegal', 'stale', 'bad-json', 'too-big', 'fragmented', 'rate', 'unknown-room', 'bad-token'])
    check(errors.get(code) > 0, `'${code}' errors were sent`);
  check(!errors.has('server'), 'no server-side failure (disk) was reported');
  log('errors sent:', JSON.stringify(Object.fromEntries(errors)));
  log(`memory: ${(rssBefore / 1024).toFixed(1)} MiB before the kill, at most ${(maxRss / 1024).toFixed(1)} MiB in all (bound ${MEMORY_BOUND_KIB / 1024} MiB)`);
  check(maxRss > 0 && maxRss < MEMORY_BOUND_KIB, 'the server\'s memory stays under the bound');

  stopping = true;
  clients.forEach((c) => c.close());
  equal(await stopServer(server), 0, 'the server stops cleanly on SIGTERM');
  if (/AddressSanitizer|runtime error/.test(server.stderr())) check(false, 'sanitizer report: ' + server.stderr().slice(-2000));
}

const watchdog = setTimeout(() => {
  check(false, 'the load test took longer than 5 minutes');
  finish('load');
}, 300000);
try {
  await main();
} catch (e) {
  check(false, e.stack || String(e));
}
clearTimeout(watchdog);
finish('load');
