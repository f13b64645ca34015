// load.mjs — `ludoteka serve` under load and under attack, on loopback:
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
//  - the attacks of a hostile client, each against a server with small
//    limits: frame headers claiming a gigabyte, a flood of connections
//    from one address, idle sockets, rooms made over reconnections, a
//    crowd of watchers, many computer players' searches, expired and
//    symlinked room files.
//
// Nothing here waits for a fixed time: every wait is for the message,
// close or condition it needs (the watchdog bounds the whole run).
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import crypto from 'node:crypto';
import WebSocket from 'ws';
import {
  alive, ask, check, equal, log, recheck, recordMoves, replayRecord, rssKiB, runTest, socket,
  startServer, stopServer, tempDir, until,
} from './lib.mjs';

const [exe, finalTool, roomsArg] = process.argv.slice(2);
const ROOMS = Number(roomsArg || 50);
const MEMORY_BOUND_KIB = Number(process.env.LT_MEMORY_BOUND_KIB || 320 * 1024);
/* the main run comes from one address: its limit is lifted there */
const MANY = ['--max-per-ip', '2000', '--rooms-per-hour', '100000', '--rooms-each', '100000'];

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

async function createRoom(kind, options) {
  const m = await ask(url, { t: 'create', game: kind.game, options: kind.options, seats: kind.seats, id: 7 }, options);
  if (!m || m.t !== 'created') throw new Error(m ? m.msg : 'closed');
  return { id: m.room, tokens: m.tokens, kind };
}

/* ---- The players ------------------------------------------------------------- */

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
    this.gaps = 0;       /* moves it missed, then asked the room again */
    this.connect();
  }

  enter() {
    if (this.seat >= 0) this.send({ t: 'join', room: this.room.id, seat: this.seat, token: this.token });
    else this.send({ t: 'watch', room: this.room.id });
  }

  connect() {
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.on('open', () => this.enter());
    ws.on('message', (data) => {
      this.onMessage(JSON.parse(data.toString()));
      recheck();
    });
    ws.on('error', () => {});
    ws.on('close', () => {
      if (stopping) return;
      this.reconnects++;
      /* the server may be down for a moment: try again soon */
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
      if (m.ply <= this.seen.length) return; /* heard already */
      if (m.ply !== this.seen.length + 1) {
        /* a move it did not hear: the room is asked for again */
        this.gaps++;
        this.enter();
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

/* ---- Abuse on the loaded server ---------------------------------------------- */

async function faults(rooms) {
  const room = rooms[0];
  /* [what, what to send, the error expected, is the connection closed] */
  const cases = [
    ['garbage', '{not json', 'bad-json', false],
    ['not an object', '[1,2,3]', 'bad-json', false],
    ['no type', '{"x":1}', 'bad-message', false],
    ['unknown type', '{"t":"dance"}', 'bad-message', false],
    ['a number too large', `{"t":"join","room":"${room.id}","seat":1e300,"token":"x"}`, 'bad-message', false],
    ['a fraction', `{"t":"join","room":"${room.id}","seat":0.5,"token":"x"}`, 'bad-message', false],
    ['move outside a room', '{"t":"move","ply":0,"name":"a1"}', 'no-room', false],
    ['binary', Buffer.from([0, 1, 2, 255]), 'bad-json', false],
    ['unknown room', '{"t":"watch","room":"aaaaaaaaaa"}', 'unknown-room', false],
    ['malformed room', '{"t":"watch","room":"../../etc"}', 'unknown-room', false],
    ['wrong token', JSON.stringify({ t: 'join', room: room.id, seat: 0, token: 'x'.repeat(16) }), 'bad-token', false],
    ['no such seat', JSON.stringify({ t: 'join', room: room.id, seat: 9, token: 'x' }), 'bad-token', false],
    ['unknown game', '{"t":"create","game":"tiddlywinks","seats":["human"]}', 'unknown-game', false],
    ['bad option', '{"t":"create","game":"robbers","options":"cap=2","seats":["human","human"]}', 'bad-options', false],
    ['too many seats', '{"t":"create","game":"robbers","seats":["human","human","human"]}', 'bad-seats', false],
    ['an engine for a seat', '{"t":"create","game":"robbers","seats":["human","uci:/bin/sh"]}', 'bad-seats', false],
    ['oversized', 'x'.repeat(100000), 'too-big', true],
  ];
  for (const [what, message, code, closes] of cases) {
    const s = socket(url);
    await s.opened();
    s.ws.send(message);
    const m = await s.next((x) => x.t === 'error');
    const got = m ? m.code : 'closed without an error';
    countError(got);
    check(got === code, `${what}: error '${code}' (got '${got}')`);
    if (closes) {
      await s.closed(); /* or the watchdog fails the run */
    } else {
      check(await alive(s), `${what}: connection kept`);
    }
    s.ws.terminate();
  }
  /* a message in two fragments is one message */
  const frag = socket(url);
  await frag.opened();
  frag.ws.send('{"t":"pi', { fin: false });
  frag.ws.send('ng","id":5}', { fin: true });
  check((await frag.next((m) => m.t === 'pong' && m.re === 5)) !== null, 'a message in two fragments is answered');
  /* and fragments that add up to too much are refused */
  frag.ws.send('{"t":"ping","x":"' + 'y'.repeat(6000), { fin: false });
  frag.ws.send('y'.repeat(6000) + '"}', { fin: true });
  const tooMuch = await frag.next((m) => m.t === 'error');
  check(tooMuch && tooMuch.code === 'too-big', 'fragments over the limit together are refused');
  await frag.closed();
  /* a burst beyond the rate: the excess is dropped with an error, and
   * every message is answered one way or the other */
  const burst = socket(url);
  await burst.opened();
  for (let i = 0; i < 100; i++) burst.send({ t: 'ping', id: i });
  await until(() => burst.got.length >= 100 || burst.isClosed());
  const pongs = burst.got.filter((m) => m.t === 'pong').length;
  const drops = burst.got.filter((m) => m.t === 'error' && m.code === 'rate').length;
  check(drops > 0 && pongs >= 40 && pongs + drops === 100 && !burst.isClosed(),
    `a burst of 100 is answered up to the rate (${pongs} pongs, ${drops} refused)`);
  for (let i = 0; i < drops; i++) countError('rate');
  burst.ws.close();
  /* ...and a connection that keeps on is closed */
  const flood = socket(url);
  await flood.opened();
  for (let i = 0; i < 400; i++) flood.send('{"t":"ping"}');
  await flood.closed();
  const refused = flood.got.filter((m) => m.code === 'rate').length;
  check(refused >= 64, `a connection that keeps flooding is closed after 64 refusals (${refused})`);
  /* big frames, several at once: answered and closed, memory comes back */
  const big = await Promise.all([...Array(8).keys()].map(async () => {
    const s = socket(url);
    await s.opened();
    s.send('y'.repeat(2 << 20));
    const m = await s.next((x) => x.t === 'error');
    await s.closed();
    return m && m.code;
  }));
  check(big.every((c) => c === 'too-big'), '2 MiB frames from 8 clients at once are refused');
}

/* ---- Attacks, each on a server of its own --------------------------------- */

/* A WebSocket handshake by hand on a raw socket; resolves with the socket
 * once the server has answered 101. */
function rawSocket(port) {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, '127.0.0.1');
    const key = crypto.randomBytes(16).toString('base64');
    let head = '';
    sock.on('error', reject);
    sock.on('connect', () => sock.write(`GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\n` +
      'Sec-WebSocket-Version: 13\r\n\r\n'));
    const onData = (d) => {
      head += d.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      sock.off('data', onData);
      if (!/^HTTP\/1\.1 101/.test(head)) reject(new Error(head.split('\r\n')[0]));
      else resolve({ sock, rest: Buffer.from(head.slice(end + 4), 'latin1') });
    };
    sock.on('data', onData);
  });
}

/* The text of the server's frames in buf (unmasked, short frames). */
function frames(buf) {
  const out = [];
  for (let i = 0; i + 2 <= buf.length;) {
    let len = buf[i + 1] & 127;
    let at = i + 2;
    if (len === 126) { len = buf.readUInt16BE(at); at += 2; } else if (len === 127) { len = Number(buf.readBigUInt64BE(at)); at += 8; }
    out.push({ op: buf[i] & 15, text: buf.slice(at, at + len).toString() });
    i = at + len;
  }
  return out;
}

/* Frame headers that claim a gigabyte: refused from the header, before the
 * payload is read; the server does not grow. */
async function hugeFrames() {
  const server = await startServer(exe, tempDir('lt-huge-'));
  const before = rssKiB(server.proc.pid);
  const results = await Promise.all([...Array(4).keys()].map(async () => {
    const { sock, rest } = await rawSocket(server.port);
    let got = rest;
    sock.on('data', (d) => { got = Buffer.concat([got, d]); });
    const closed = new Promise((r) => sock.on('close', r));
    /* FIN + text, masked, 64-bit length 1 GiB; a mask; the first 64 KiB
     * (letters: text the server would take as UTF-8) */
    const header = Buffer.alloc(14);
    header[0] = 0x81;
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(1n << 30n, 2);
    const mask = crypto.randomBytes(4);
    mask.copy(header, 10);
    const payload = Buffer.alloc(65536, 0x41).map((b, i) => b ^ mask[i % 4]);
    sock.write(header);
    sock.write(payload);
    await closed;
    return frames(got);
  }));
  const after = rssKiB(server.proc.pid);
  log(`frames claiming 1 GiB from 4 clients: the server's memory ${before} -> ${after} KiB`);
  check(results.every((f) => f.some((x) => x.op === 1 && /"too-big"/.test(x.text) && /1073741824/.test(x.text))),
    'a frame header claiming 1 GiB is answered too-big, naming its size');
  check(after - before < 16 * 1024, `the server did not grow for them (${before} -> ${after} KiB)`);
  equal(await stopServer(server), 0, 'the server stops cleanly');
}

/* Connections from one address: at most --max-per-ip; the page still
 * loads for other addresses; idle sockets are closed.  (Each part comes
 * from an address of its own, so no connection of another part counts.) */
async function connectionFlood() {
  const server = await startServer(exe, tempDir('lt-flood-'), ['--max-per-ip', '6', '--idle-seconds', '2']);
  url = `ws://127.0.0.1:${server.port}/ws`;
  const room = await createRoom(KINDS[1]);
  const from = { localAddress: '127.0.0.5' };
  /* six watchers: in a room, so they do not idle out */
  const held = [...Array(6).keys()].map(() => socket(url, from));
  const inRoom = await Promise.all(held.map(async (s) => {
    if (!(await s.opened())) return false;
    s.send({ t: 'watch', room: room.id });
    return (await s.next((m) => m.t === 'room')) !== null;
  }));
  equal(inRoom.filter(Boolean).length, 6, 'six connections from one address are taken');
  const seventh = socket(url, from);
  equal(await seventh.opened(), false, 'a seventh from that address is refused');
  const fetchFrom = (localAddress) => new Promise((resolve) => {
    const req = net.connect({ port: server.port, host: '127.0.0.1', localAddress }, () => {
      req.write('GET /api/status HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    });
    let text = '';
    req.on('data', (d) => { text += d; });
    req.on('close', () => resolve(text.split('\r\n')[0]));
    req.on('error', () => resolve('refused'));
  });
  check(!/200/.test(await fetchFrom('127.0.0.5')), 'and so is its page request');
  check(/^HTTP\/1\.1 200/.test(await fetchFrom('127.0.0.6')), 'the server answers another address meanwhile');
  /* a connection that joins no room is closed after --idle-seconds; the
   * watchers opened before it are not */
  const idle = socket(url, { localAddress: '127.0.0.7' });
  check(await idle.opened(), 'an idle connection is taken');
  await idle.closed();
  equal(idle.got.length, 0, 'and closed after --idle-seconds, unanswered');
  check((await Promise.all(held.map(alive))).every(Boolean), 'the watchers stay');
  held.forEach((s) => s.ws.terminate());
  equal(await stopServer(server), 0, 'the server stops cleanly');
}

/* Rooms per address, over reconnections; rooms in memory and the part
 * kept for players; connections kept for seats; watchers per room. */
async function roomLimits() {
  const server = await startServer(exe, tempDir('lt-rooms-'), ['--rooms-per-hour', '5', '--max-connections', '24', '--max-rooms', '4', '--max-per-ip', '500']);
  url = `ws://127.0.0.1:${server.port}/ws`;
  const made = [];
  for (let i = 0; i < 5; i++) made.push(await createRoom(KINDS[1]));
  const sixth = await ask(url, { t: 'create', game: 'robbers', seats: ['human', 'human'] });
  equal(sixth && sixth.code, 'limit', 'a sixth room from one address in an hour is refused, over new connections');
  check(sixth && /5 rooms an hour/.test(sixth.msg), `and the message says the limit (${sixth && sixth.msg})`);
  const other = await ask(url, { t: 'create', game: 'robbers', seats: ['human', 'human'] }, { localAddress: '127.0.0.2' });
  equal(other && other.t, 'created', 'another address may still make one');

  /* four rooms in memory, the last for players: watchers of three rooms
   * are let in, of a fourth refused; its player gets his seat */
  const watchRoom = async (room) => {
    const s = socket(url);
    await s.opened();
    s.send({ t: 'watch', room: room.id });
    const m = await s.next((x) => x.t === 'room' || x.t === 'error');
    return { s, answer: m ? (m.t === 'error' ? m.code : m.t) : 'closed' };
  };
  const three = [];
  for (let i = 0; i < 3; i++) three.push(await watchRoom(made[i]));
  equal(three.map((w) => w.answer), ['room', 'room', 'room'], 'watchers of three rooms are let in');
  const fourth = await watchRoom(made[3]);
  equal(fourth.answer, 'no-room', 'a fourth room in memory is not loaded for a watcher');
  fourth.s.send({ t: 'join', room: made[3].id, seat: 1, token: made[3].tokens[1] });
  const j4 = await fourth.s.next((m) => m.t === 'room');
  equal(j4 && j4.you, [1], 'but is for its player');
  /* closed on both sides before connections are counted */
  await Promise.all([...three, fourth].map((w) => {
    w.s.ws.close();
    return w.s.closed();
  }));

  /* 24 connections at most, of which 21 may hold no seat: of 26 watchers
   * coming one after another, 21 are let in and 5 told the server keeps
   * the rest for seats (and closed) */
  const room = made[4];
  const answers = [];
  const watchers = [];
  for (let i = 0; i < 26; i++) {
    const s = socket(url, { localAddress: '127.0.0.3' });
    watchers.push(s);
    if (!(await s.opened())) {
      answers.push('refused');
      continue;
    }
    s.send({ t: 'watch', room: room.id });
    const m = await s.next((x) => x.t === 'room' || x.t === 'error');
    answers.push(m ? (m.t === 'error' ? m.code : m.t) : 'closed');
    if (m && m.t === 'error') await s.closed();
  }
  const count = (what) => answers.filter((a) => a === what).length;
  equal([count('room'), count('too-many-connections')], [21, 5], 'of 26 watchers 21 are in, 5 told the server keeps the rest for seats');
  /* a player comes back to his seat: there is a place */
  const player = socket(url, { localAddress: '127.0.0.4' });
  check(await player.opened(), 'a player finds a connection');
  player.send({ t: 'join', room: room.id, seat: 0, token: room.tokens[0] });
  const joined = await player.next((m) => m.t === 'room' || m.t === 'error');
  equal(joined && joined.you, [0], 'and takes his seat');
  [...watchers, player].forEach((s) => s.ws.terminate());
  equal(await stopServer(server), 0, 'the server stops cleanly');

  /* 66 watchers of one room: 64 are let in, 2 told it is full; its
   * players still take their seats */
  const big = await startServer(exe, tempDir('lt-watch-'), ['--max-connections', '200', '--max-per-ip', '500']);
  url = `ws://127.0.0.1:${big.port}/ws`;
  const r = await createRoom(KINDS[1]);
  const crowd = [...Array(66).keys()].map(() => socket(url));
  const seen = await Promise.all(crowd.map(async (s) => {
    await s.opened();
    s.send({ t: 'watch', room: r.id });
    const m = await s.next((x) => x.t === 'room' || x.t === 'error');
    return m ? (m.t === 'error' ? m.code : m.t) : 'closed';
  }));
  equal([seen.filter((a) => a === 'room').length, seen.filter((a) => a === 'room-full').length], [64, 2],
    'of 66 watchers, 64 are in the room and 2 told it is full');
  const players = [0, 1].map(() => socket(url));
  const seats = await Promise.all(players.map(async (s, i) => {
    await s.opened();
    s.send({ t: 'join', room: r.id, seat: i, token: r.tokens[i] });
    const m = await s.next((x) => x.t === 'room' || x.t === 'error');
    return m && m.you;
  }));
  equal(seats, [[0], [1]], 'both players take their seats in the full room');
  /* the same player again, from a new connection: the old one is told and
   * leaves, so a player cannot crowd a room with himself */
  const again = socket(url);
  await again.opened();
  again.send({ t: 'join', room: r.id, seat: 0, token: r.tokens[0] });
  check((await again.next((m) => m.t === 'room')) !== null, 'a player may come back from a new connection');
  check((await players[0].next((m) => m.t === 'seat-lost')) !== null, 'the old connection is told it lost the seat');
  [...crowd, ...players, again].forEach((s) => s.ws.terminate());
  equal(await stopServer(big), 0, 'the server stops cleanly');
}

/* Computer players' time is shared in turn between addresses: many deep
 * searches from one address do not keep another's quick reply waiting
 * behind them all. */
async function fairThinking() {
  const server = await startServer(exe, tempDir('lt-think-'), ['--robots', '1', '--think-seconds', '2']);
  url = `ws://127.0.0.1:${server.port}/ws`;
  const heavy = { game: 'great-chess', options: '', seats: ['ai:level=5', 'human'] };
  const greedy = [];
  for (let i = 0; i < 4; i++) greedy.push(await createRoom(heavy, { localAddress: '127.0.0.2' }));
  /* watch them all: the order in which their computers move */
  const order = [];
  let heard;
  const quickMoved = new Promise((resolve) => { heard = resolve; });
  const watch = async (room, who) => {
    const s = socket(url, { localAddress: who === 'quick' ? '127.0.0.1' : '127.0.0.2' });
    await s.opened();
    s.send({ t: 'watch', room: room.id });
    s.ws.on('message', (d) => {
      const m = JSON.parse(d.toString());
      if (m.t === 'move' && m.by === 0) {
        order.push(who);
        if (who === 'quick') heard();
      }
    });
    await s.next((m) => m.t === 'room');
    return s;
  };
  const watchers = [];
  for (const room of greedy) watchers.push(await watch(room, 'greedy'));
  const quick = await createRoom({ game: 'three-mens-morris', options: '', seats: ['ai:level=1', 'human'] });
  watchers.push(await watch(quick, 'quick'));
  await quickMoved;
  const before = order.indexOf('quick');
  check(before <= 1, `a quick reply waits for at most the search under way (${before} deep searches went first: ${order.join(' ')})`);
  watchers.forEach((s) => s.ws.terminate());
  equal(await stopServer(server), 0, 'the server stops while searching');
}

/* A client that sends but never reads: what waits for it is bounded
 * (--max-queue-kib), then it is dropped; the server does not grow. */
async function slowReader() {
  const server = await startServer(exe, tempDir('lt-slow-'), ['--max-queue-kib', '64', '--rate', '10000']);
  url = `ws://127.0.0.1:${server.port}/ws`;
  /* a finished game with a long record: every "room" answer carries it */
  const room = await createRoom({ game: 'four-seasons', options: 'cap=200', seats: ['random', 'random', 'random', 'random'] });
  const viewer = socket(url);
  await viewer.opened();
  viewer.send({ t: 'watch', room: room.id });
  await viewer.next((m) => (m.t === 'room' || m.t === 'move') && m.result !== '*');
  const first = await ask(url, { t: 'watch', room: room.id });
  const before = rssKiB(server.proc.pid);
  const slow = socket(url);
  await slow.opened();
  slow.ws._socket.pause(); /* reads nothing more */
  const answer = JSON.stringify(first).length;
  const count = Math.ceil((16 << 20) / answer); /* 16 MiB of answers */
  for (let i = 0; i < count; i++) slow.send({ t: 'watch', room: room.id });
  await server.logged(/reads too slowly/);
  log(`a client that does not read is dropped (${count} answers of ${answer} bytes asked for)`);
  const after = rssKiB(server.proc.pid);
  check(after - before < 16 * 1024, `the server did not grow for it (${before} -> ${after} KiB)`);
  slow.ws._socket.resume();
  await slow.closed();
  if (!check(await alive(viewer), 'the other watcher is still served')) log(server.stderr().slice(-2000));
  viewer.ws.close();
  equal(await stopServer(server), 0, 'the server stops cleanly');
}

/* Room files: one untouched for longer than --keep-days is removed at the
 * start; a room file that is a symbolic link is never read or written. */
async function roomFiles() {
  const data = tempDir('lt-files-');
  let server = await startServer(exe, data);
  url = `ws://127.0.0.1:${server.port}/ws`;
  const old = await createRoom(KINDS[1]);
  const fresh = await createRoom(KINDS[1]);
  equal(await stopServer(server), 0, 'the server stops');
  const oldPath = path.join(data, `${old.id}.txt`);
  const longAgo = new Date(Date.now() - 40 * 86400 * 1000);
  fs.utimesSync(oldPath, longAgo, longAgo);
  /* a symlink named like a room, to a file outside */
  const secret = path.join(tempDir('lt-secret-'), 'secret.txt');
  fs.writeFileSync(secret, 'not a room\n');
  const linkId = 'zzzzzzzzzz';
  fs.symlinkSync(secret, path.join(data, `${linkId}.txt`));
  server = await startServer(exe, data, ['--keep-days', '30']);
  url = `ws://127.0.0.1:${server.port}/ws`;
  check(!fs.existsSync(oldPath), 'a room untouched for 40 days is removed (--keep-days 30)');
  check(fs.existsSync(path.join(data, `${fresh.id}.txt`)), 'a fresh room is kept');
  const m = await ask(url, { t: 'watch', room: linkId });
  equal(m && m.code, 'unknown-room', 'a room file that is a symbolic link is refused');
  equal(fs.readFileSync(secret, 'utf8'), 'not a room\n', 'and the file it points to is untouched');
  equal(await stopServer(server), 0, 'the server stops cleanly');
}

/* ---- The run ------------------------------------------------------------------ */

async function main() {
  await hugeFrames();
  await connectionFlood();
  await roomLimits();
  await fairThinking();
  await slowReader();
  await roomFiles();

  const data = tempDir('lt-load-');
  let server = await startServer(exe, data, ['--max-connections', '400', '--max-rooms', '100', ...MANY]);
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
  await until(() => actions() >= ROOMS * 15);
  const before = actions();
  const unfinished = ROOMS - over();
  const rssBefore = maxRss;
  log(`killing the server: ${before} actions so far, ${unfinished} games unfinished, ${(Date.now() - t0) / 1000} s`);
  check(unfinished > ROOMS / 2, 'most games are under way when the server is killed');
  server.proc.kill('SIGKILL');
  await new Promise((r) => server.proc.once('exit', r));
  server = await startServer(exe, data, ['--port', String(server.port), '--max-connections', '400', '--max-rooms', '100', ...MANY]);
  /* a game may have ended in the last moment, unheard of by its clients;
   * none the clients saw end is resumed */
  check(server.resumed >= unfinished - 5 && server.resumed <= unfinished,
    `the unfinished rooms are resumed at the restart (${server.resumed} of ${unfinished})`);

  /* abuse, while the games go on */
  await faults(rooms);

  /* every game to its end */
  diagnose = () => {
    for (const r of rooms.filter((room) => room.clients.some((c) => !c.state || c.state.result === '*')))
      log(`unfinished: ${r.id} ${r.kind.game}`, JSON.stringify(r.clients.map((c) => [c.seat, c.seen.length, c.state && c.state.to, c.state && c.state.ply, c.gaps, c.ws.readyState])));
    log(server.stderr().slice(-3000));
  };
  await until(() => over() === ROOMS);
  const seconds = (Date.now() - t0) / 1000;
  equal(over(), ROOMS, `every game finished after the restart (${seconds.toFixed(1)} s)`);
  check(actions() > before, 'the games went on after the restart');
  check(server.proc.exitCode === null, 'the server is up');
  clearInterval(sampler);
  const reconnects = clients.reduce((n, c) => n + c.reconnects, 0);
  check(reconnects >= clients.length, `every client reconnected after the kill (${reconnects} reconnections)`);
  equal(clients.reduce((n, c) => n + c.lostMoves, 0), 0, 'no move a client was told of is missing from its room\'s record');
  log(`moves missed and asked for again: ${clients.reduce((n, c) => n + c.gaps, 0)}`);

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
  for (const code of ['not-your-turn', 'illegal', 'stale', 'bad-json', 'too-big', 'rate', 'unknown-room', 'bad-token'])
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

let diagnose = () => {};
await runTest('load', main, { seconds: 360, stalled: () => (diagnose(), '') });
