// relay.mjs — two `ludoteka serve` processes sharing one PostgreSQL
// (docs/deploy.md), on loopback:
//   sh tests/net/with_postgres.sh node relay.mjs LUDOTEKA
//
//  - the lobby of one process lists the rooms of the other;
//  - a player on process B plays in a room kept by process A: moves,
//    chat (in Polish) and the watchers' count go both ways;
//  - a message bigger than one notification (a room with fifty long lines
//    of chat in Polish) comes through whole;
//  - quick pairing pairs a player waiting on A with one seeking on B;
//  - behind a proxy (--proxy), connections count for the address the
//    proxy forwards, and the limit per address holds for each;
//  - A killed with SIGKILL: B's relayed player is told and closed; joining
//    again on B finds the position, the clocks as the last move left them
//    and the chat; a computer's room nobody is in is taken over by B and
//    goes on; the game is finished on B and archived.
//
// Every wait is for the message or log line it needs (the watchdog bounds
// the run).
import { check, equal, runTest, socket, startServer, stopServer, tempDir } from './lib.mjs';

const [exe] = process.argv.slice(2);
const db = process.env.LT_TEST_PG;

const wsUrl = (srv) => `ws://127.0.0.1:${srv.port}/ws`;
const origin = (srv, more = {}) => ({ headers: { Origin: `http://127.0.0.1:${srv.port}`, ...more } });

async function connect(srv, headers) {
  const s = socket(wsUrl(srv), origin(srv, headers));
  check(await s.opened(), `a connection to ${srv.port}`);
  return s;
}

/* Sends m with a fresh id and waits for its answer (or an error). */
let ids = 1;
async function ask(s, m) {
  const id = ids++;
  s.send({ ...m, id });
  return s.next((x) => x.re === id);
}

/* The next move message at ply `ply`. */
const moveAt = (s, ply) => s.next((m) => m.t === 'move' && m.ply === ply);

async function main() {
  const A = await startServer(exe, tempDir('lt-relay-a-'),
    ['--db', db, '--node', 'A', '--proxy', '127.0.0.1', '--max-per-ip', '2']);
  const B = await startServer(exe, tempDir('lt-relay-b-'), ['--db', db, '--node', 'B']);

  // a chess room kept by A; White on A, Black on B
  const a = await connect(A, { 'X-Forwarded-For': '10.0.0.1' });
  const created = await ask(a, { t: 'create', game: 'chess', seats: ['human', 'human'],
    clock: '5+3', open: true });
  equal(created.t, 'created', 'a room made on A');
  const room = created.room;
  const b = await connect(B);
  const lobby = await ask(b, { t: 'lobby' });
  check(lobby.open.some((g) => g.room === room), "B's lobby lists A's open room");
  const white = await ask(a, { t: 'join', room, seat: 0, token: created.tokens[0] });
  equal(white.t, 'room', 'White joins on A');
  const black = await ask(b, { t: 'join', room, seat: 1, token: created.tokens[1] });
  equal(black.t, 'room', 'Black joins the room of A on B');
  equal(black.you, [1], 'Black holds seat 2 on B');
  const playing = await ask(b, { t: 'lobby' });
  check(playing.playing.some((g) => g.room === room) && !playing.open.some((g) => g.room === room),
    "the lobby lists the room among the games being played once both seats are taken");

  a.send({ t: 'move', ply: 0, name: 'e4' });
  equal((await moveAt(b, 1)).name, 'e4', "B's player sees A's player's move");
  b.send({ t: 'move', ply: 1, name: 'e5' });
  equal((await moveAt(a, 2)).name, 'e5', "A's player sees B's player's move");
  b.send({ t: 'say', text: 'Dzień dobry, żółw!' });
  equal((await a.next((m) => m.t === 'said')).line.text, 'Dzień dobry, żółw!',
    "A's player reads B's player's line");

  // watchers on A fill the chat with long Polish lines (each connection
  // may say five at once); a watcher on B then gets the whole room
  const line = (i) => `${i}: ${'żółć'.repeat(49)}`.slice(0, 200);
  const watchers = [];
  for (let w = 0; w < 10; w++) {
    const s = await connect(A, { 'X-Forwarded-For': `10.0.1.${w}` });
    equal((await ask(s, { t: 'watch', room })).t, 'room', `watcher ${w} on A`);
    watchers.push(s);
  }
  let said = 1;
  for (const [w, s] of watchers.entries()) {
    for (let k = 0; k < 5 && said < 50; k++, said++) s.send({ t: 'say', text: line(w * 5 + k) });
  }
  await a.next((m) => m.t === 'said' && m.line.text === line(48));
  const bw = await connect(B);
  const seen = await ask(bw, { t: 'watch', room });
  equal(seen.t, 'room', 'a watcher on B');
  equal(seen.chat.map((l) => l.text), ['Dzień dobry, żółw!', ...[...Array(49).keys()].map(line)],
    'the room with fifty long lines of Polish chat comes whole through the relay');
  check(Buffer.byteLength(JSON.stringify(seen)) > 16000,
    'that message is bigger than two notifications');
  equal(seen.watchers, 11, 'the watchers on both processes are counted in the room');
  for (const s of watchers) s.ws.close();

  // the limit per address behind the proxy: 10.0.0.1 has one connection
  const second = await connect(A, { 'X-Forwarded-For': '10.0.0.1' });
  equal((await ask(second, { t: 'ping' })).t, 'pong', "a second connection of 10.0.0.1");
  const third = socket(wsUrl(A), origin(A, { 'X-Forwarded-For': '10.0.0.1' }));
  equal(await third.opened(), false, 'a third connection of 10.0.0.1 is refused (2 an address)');
  const other = await connect(A, { 'X-Forwarded-For': '10.0.0.2' });
  equal((await ask(other, { t: 'ping' })).t, 'pong', 'another address behind the same proxy is served');
  second.ws.close();
  other.ws.close();

  // quick pairing across the processes: who waited (on A) plays first
  const seekA = await connect(A, { 'X-Forwarded-For': '10.0.2.1' });
  equal((await ask(seekA, { t: 'seek', game: 'alquerque', clock: '3+2' })).t, 'seeking',
    'a player waits on A');
  const seekB = await connect(B);
  const pairedB = await ask(seekB, { t: 'seek', game: 'alquerque', clock: '3+2' });
  const pairedA = await seekA.next((m) => m.t === 'paired');
  equal([pairedA.room === pairedB.room, pairedA.seat, pairedB.seat], [true, 0, 1],
    'paired across the processes in one room, the one who waited first');
  seekA.ws.close();
  seekB.ws.close();

  // a computer's room on A with nobody in it
  const robots = await ask(a, { t: 'create', game: 'nine-mens-morris', seats: ['ai:level=1', 'ai:level=1'] });
  equal(robots.t, 'created', "a computers' room on A");

  // A dies
  const lastMove = a.got.filter((m) => m.t === 'move').at(-1);
  A.proc.kill('SIGKILL');
  const moved = await b.next((m) => m.t === 'error' && m.code === 'moved');
  check(moved !== null, "B's relayed player is told that A has gone");
  await b.closed();
  await B.logged(new RegExp(`room ${robots.room}: owned by B`));
  check(true, "B takes over the computers' room nobody is in");

  const white2 = await connect(B);
  const back = await ask(white2, { t: 'join', room, seat: 0, token: created.tokens[0] });
  equal([back.t, back.ply, back.to], ['room', 2, 0], 'White joins again on B: the position');
  equal(back.clock.left[1], lastMove.clock.left[1],
    "Black's clock as the last move left it");
  check(back.clock.running === 0 && back.clock.left[0] <= lastMove.clock.left[0] &&
    back.clock.left[0] > 290000, "White's clock goes on from its time (not what A's death took)");
  equal(back.chat.length, 50, 'the chat is back');
  const black2 = await connect(B);
  equal((await ask(black2, { t: 'join', room, seat: 1, token: created.tokens[1] })).t, 'room',
    'Black joins again on B');
  white2.send({ t: 'move', ply: 2, name: 'Qh5' });
  await moveAt(black2, 3);
  black2.send({ t: 'move', ply: 3, name: 'Nc6' });
  await moveAt(white2, 4);
  white2.send({ t: 'move', ply: 4, name: 'Bc4' });
  await moveAt(black2, 5);
  black2.send({ t: 'move', ply: 5, name: 'Nf6' });
  await moveAt(white2, 6);
  white2.send({ t: 'move', ply: 6, name: 'Qxf7#' });
  const result = await black2.next((m) => m.t === 'result');
  equal([result.result, result.end.reason], ['1-0', 'rules'], 'the game ends on B by mate');

  const watchRobots = await connect(B);
  const rr = await ask(watchRobots, { t: 'watch', room: robots.room });
  equal(rr.t, 'room', "the computers' room is watched on B");
  const ply = rr.ply;
  check(await watchRobots.next((m) => m.t === 'move' && m.ply > ply) !== null,
    "the computers' game goes on on B");

  const record = await fetch(`http://127.0.0.1:${B.port}/api/games/${room}/record`);
  const text = await record.text();
  check(record.ok && /\[Result "1-0"\]/.test(text) && /Qxf7#/.test(text),
    'the finished game is in the archive with every move');
  for (const s of [a, white2, black2, bw, watchRobots]) s.ws.close();
  equal(await stopServer(B), 0, 'B stops cleanly');
  for (const srv of [A, B]) {
    if (/AddressSanitizer|runtime error/.test(srv.stderr())) check(false, 'sanitizer report: ' + srv.stderr().slice(-2000));
  }
}

if (!db) {
  console.log('relay: LT_TEST_PG names no PostgreSQL (run it under tests/net/with_postgres.sh)');
  process.exit(1);
}
await runTest('relay', main);
