// accounts.mjs — accounts, log-ins, rated games and the archive of
// `ludoteka serve`, on loopback:  node accounts.mjs LUDOTEKA
//
//  - sign-up and log-in (argon2id on the server), the cookie HttpOnly and
//    SameSite=Lax, /api/me, log-out; names unique whatever their case;
//  - requests from another site's page refused (Origin), on POST and on
//    the WebSocket;
//  - log-in tries limited per address;
//  - a rated chess game between two accounts: guests and one player in
//    both seats refused; at its end both Glicko-2 ratings move (the one
//    by what the other lost, between two new players), the profile and
//    the leaderboard show them, and the game is in the archive;
//  - a rated game where a computer played for a player away: that seat
//    forfeits the rating whatever the board says.
//
// Every wait is for the answer or message it needs.
import {
  check, equal, request as requestOn, runTest, socket, startServer, stopServer, tempDir,
} from './lib.mjs';

const [exe] = process.argv.slice(2);
let port = 0;

/* An HTTP request to the server (lib.mjs). */
const request = (method, path, options) => requestOn(port, method, path, options);

const cookieOf = (setCookie) => setCookie.split(';')[0];

/* A WebSocket with a log-in cookie. */
async function player(cookie) {
  const s = socket(`ws://127.0.0.1:${port}/ws`, cookie ? { headers: { cookie } } : {});
  check(await s.opened(), 'a player connects');
  return s;
}

async function main() {
  const server = await startServer(exe, tempDir('lt-accounts-'));
  running = server;
  port = server.port;

  /* sign-up, log-in, who, log-out */
  const up = await request('POST', '/api/signup', { body: { name: 'Ala', password: 'sekret123' } });
  equal([up.status, up.json && up.json.name], [200, 'Ala'], 'sign-up');
  check(/^ltsid=[\w-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/.test(up.setCookie),
    `the cookie is HttpOnly and SameSite=Lax (${up.setCookie})`);
  const again = await request('POST', '/api/signup', { body: { name: 'ALA', password: 'different1' } });
  equal([again.status, again.json.error], [400, 'name-taken'], 'a name is unique whatever its case');
  const short = await request('POST', '/api/signup', { body: { name: 'Bob', password: 'short' } });
  equal([short.status, short.json.error], [400, 'bad-account'], 'a password of five letters is refused');
  equal((await request('POST', '/api/signup', { body: { name: 'Bob', password: 'hasło-boba' } })).status, 200, 'Bob signs up');
  const wrong = await request('POST', '/api/login', { body: { name: 'ala', password: 'sekret124' } });
  equal([wrong.status, wrong.json.error], [401, 'wrong-login'], 'a wrong password');
  const nobody = await request('POST', '/api/login', { body: { name: 'nobody', password: 'sekret123' } });
  equal(nobody.json.msg, wrong.json.msg, 'an unknown name gets the same answer as a wrong password');
  const ala = cookieOf((await request('POST', '/api/login', { body: { name: 'ala', password: 'sekret123' } })).setCookie);
  const bob = cookieOf((await request('POST', '/api/login', { body: { name: 'bob', password: 'hasło-boba' } })).setCookie);
  equal((await request('GET', '/api/me', { cookie: ala })).json.name, 'Ala', 'the cookie says who');
  const third = cookieOf((await request('POST', '/api/login', { body: { name: 'Ala', password: 'sekret123' } })).setCookie);
  equal((await request('POST', '/api/logout', { cookie: third })).status, 200, 'log-out');
  const nobody2 = await request('GET', '/api/me', { cookie: third });
  equal([nobody2.status, nobody2.json.name], [200, null], 'a logged-out cookie is nobody\'s (a guest)');
  equal((await request('GET', '/api/me', { cookie: ala })).json.name, 'Ala', 'another log-in of the same player stands');

  /* another site's page may not act with the cookie */
  const evil = await request('POST', '/api/login', { body: { name: 'Ala', password: 'sekret123' }, origin: 'http://evil.example' });
  equal(evil.status, 403, 'a POST from another site is refused');
  const same = await request('POST', '/api/logout', { origin: `http://127.0.0.1:${port}` });
  equal(same.status, 200, 'a POST from this server\'s page is taken');
  const ws = socket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie: ala, origin: 'http://evil.example' } });
  equal(await ws.opened(), false, 'a WebSocket from another site is refused');

  /* tries per address: ten a minute */
  const tries = [];
  for (let i = 0; i < 11; i++) {
    tries.push((await request('POST', '/api/login', { body: { name: 'Ala', password: 'x'.repeat(8) }, from: '127.0.0.9' })).status);
  }
  equal([tries.slice(0, 10).every((s) => s === 401), tries[10]], [true, 429], 'the eleventh try in a minute is refused');

  /* a rated game: only its two logged-in players */
  const a = await player(ala);
  a.send({ t: 'create', game: 'chess', seats: ['human', 'ai'], rated: true, id: 1 });
  equal((await a.next((m) => m.re === 1)).code, 'bad-seats', 'a rated game is between two people');
  const guest = await player(null);
  guest.send({ t: 'create', game: 'chess', seats: ['human', 'human'], rated: true, id: 2 });
  equal((await guest.next((m) => m.re === 2)).code, 'not-logged-in', 'a guest cannot make a rated game');
  a.send({ t: 'create', game: 'chess', seats: ['human', 'human'], rated: true, id: 3 });
  const made = await a.next((m) => m.re === 3);
  equal(made.t, 'created', 'Ala makes a rated game');
  a.send({ t: 'join', room: made.room, seat: 0, token: made.tokens[0], id: 4 });
  equal((await a.next((m) => m.re === 4)).you, [0], 'Ala takes White');
  a.send({ t: 'join', room: made.room, seat: 1, token: made.tokens[1], id: 5 });
  equal((await a.next((m) => m.re === 5)).code, 'bad-token', 'one player cannot take both seats');
  guest.send({ t: 'join', room: made.room, seat: 1, token: made.tokens[1], id: 6 });
  equal((await guest.next((m) => m.re === 6)).code, 'not-logged-in', 'a guest cannot take a rated seat');
  const b = await player(bob);
  b.send({ t: 'join', room: made.room, seat: 1, token: made.tokens[1], id: 7 });
  const seated = await b.next((m) => m.re === 7);
  equal(seated.you, [1], 'Bob takes Black');
  a.send({ t: 'move', ply: 0, name: 'e4' });
  await b.next((m) => m.t === 'move' && m.name === 'e4');
  b.send({ t: 'resign' });
  const result = await a.next((m) => m.t === 'result');
  equal([result.result, result.end.reason], ['1-0', 'resign'], 'Bob resigns');

  /* the ratings moved, the profile, the leaders, the archive */
  const pa = (await request('GET', '/api/players/ala')).json;
  const pb = (await request('GET', '/api/players/Bob')).json;
  const ra = pa.ratings.find((r) => r.pool === 'chess/unlimited');
  const rb = pb.ratings.find((r) => r.pool === 'chess/unlimited');
  check(ra && rb && ra.games === 1 && rb.games === 1, 'both players have one rated game (chess without a clock)');
  check(ra.rating > 1500 && rb.rating < 1500 && Math.abs(ra.rating + rb.rating - 3000) < 1e-6,
    `two new players: the winner gains what the loser loses (${ra.rating}, ${rb.rating})`);
  check(ra.deviation < 350 && Math.abs(ra.deviation - rb.deviation) < 1e-9, 'and both are surer of it alike');
  const leaders = (await request('GET', '/api/leaders/chess/unlimited')).json;
  equal(leaders.map((r) => r.name), ['Ala', 'Bob'], 'the leaderboard, best first');
  equal(pa.games.map((g) => [g.id, g.result, g.reason, g.rated, g.players]),
    [[made.room, '1-0', 'resign', true, ['Ala', 'Bob']]], 'the game is in Ala\'s archive');
  const record = await request('GET', `/api/games/${made.room}/record`);
  check(record.status === 200 && /\[Termination "resign"\]/.test(record.text) && /1\. e4/.test(record.text),
    'its record is kept');
  /* a rated game whose room chose a computer for a player away: Bob
   * leaves after 1. e4, a computer plays Black on, Bob comes back and
   * Ala then resigns; on the board Bob won, but the seat a computer
   * played for forfeits the rating: Ala's rises, Bob's falls */
  a.send({ t: 'create', game: 'chess', seats: ['human', 'human'], rated: true, away: 1, away_then: 'computer', id: 10 });
  const made2 = await a.next((m) => m.re === 10);
  a.send({ t: 'join', room: made2.room, seat: 0, token: made2.tokens[0], id: 11 });
  await a.next((m) => m.re === 11);
  const b2 = await player(bob);
  b2.send({ t: 'join', room: made2.room, seat: 1, token: made2.tokens[1], id: 12 });
  await b2.next((m) => m.re === 12);
  a.send({ t: 'move', ply: 0, name: 'e4' });
  await b2.next((m) => m.t === 'move' && m.name === 'e4');
  b2.ws.close();
  const stood = await a.next((m) => m.t === 'move' && m.room === made2.room && m.ply === 2);
  equal(stood.by, 1, 'rated, away: a computer moved for Bob');
  const b3 = await player(bob);
  b3.send({ t: 'join', room: made2.room, seat: 1, token: made2.tokens[1], id: 13 });
  equal((await b3.next((m) => m.re === 13)).you, [1], 'Bob is back at Black');
  a.send({ t: 'resign' });
  const r2 = await b3.next((m) => m.t === 'result');
  equal([r2.result, r2.end.reason], ['0-1', 'resign'], 'Ala resigns: Bob won on the board');
  const ra2 = (await request('GET', '/api/players/ala')).json.ratings.find((r) => r.pool === 'chess/unlimited');
  const rb2 = (await request('GET', '/api/players/Bob')).json.ratings.find((r) => r.pool === 'chess/unlimited');
  check(ra2.games === 2 && rb2.games === 2 && ra2.rating > ra.rating && rb2.rating < rb.rating,
    `the seat a computer played for forfeits the rating (Ala ${ra.rating} → ${ra2.rating}, Bob ${rb.rating} → ${rb2.rating})`);
  [a, b, b3, guest].forEach((s) => s.ws.close());
  equal(await stopServer(server), 0, 'the server stops cleanly');
  if (/AddressSanitizer|runtime error/.test(server.stderr())) check(false, 'sanitizer report: ' + server.stderr().slice(-2000));
}

let running = null; /* the server, whose messages a failure shows */
await runTest('accounts', main, {
  onError: () => running && console.log('the server said:\n' + running.stderr().slice(-3000)),
});
