// rooms.mjs — the game in play over the network (docs/network.md), on
// loopback:  node rooms.mjs LUDOTEKA
//
//  - chess between two people: resign, a draw offered and accepted, a
//    takeback asked for and granted, a draw claimed by threefold
//    repetition, an abort; each ends (or goes on) with the reason given in
//    both languages; a rematch swaps the colours;
//  - the server's clock: a flag falls with nobody sending anything;
//  - a watcher or the wrong seat is refused;
//  - Talat for three: a seat resigns and leaves, the game goes on;
//  - a player away past the limit: a computer plays on, as the room
//    chose, until the player is back;
//  - a challenge (a seat's link) seen, declined, or too late to decline;
//  - killed and started again, a room keeps its offer and its clocks;
//  - the bound on unfinished rooms one address has made.
//
// Every wait is for the message it needs (the watchdog bounds the run).
import {
  ask, check, equal, runTest, socket, startServer, stopServer, tempDir,
} from './lib.mjs';

const [exe] = process.argv.slice(2);
let url = '';

async function create(game, seats, extra = {}) {
  const m = await ask(url, { t: 'create', game, seats, ...extra });
  if (!m || m.t !== 'created') throw new Error(m ? m.msg : 'closed');
  return m;
}

/* A player at a seat: its socket, once the room has answered. */
async function sit(room, seat, token) {
  const s = socket(url);
  await s.opened();
  s.send({ t: 'join', room, seat, token });
  s.room = await s.next((m) => m.t === 'room');
  return s;
}

/* The next message of a kind (after those already read of it). */
function expect(s, t, pred = () => true) {
  s.seen = s.seen || new Set();
  return s.next((m) => m.t === t && !s.seen.has(m) && pred(m)).then((m) => {
    if (m) s.seen.add(m);
    return m;
  });
}

async function move(s, name) {
  const before = s.got.filter((m) => m.t === 'move').length;
  const ply = s.lastPly ?? s.room.ply;
  s.send({ t: 'move', ply, name });
  const m = await s.next((x) => x.t === 'error' ||
    (x.t === 'move' && s.got.filter((y) => y.t === 'move').indexOf(x) >= before));
  if (!m || m.t !== 'move') throw new Error(`${name}: ${m ? m.msg : 'closed'}`);
  return m;
}

/* Moves alternately by the two players; each learns the ply from what it
 * was told. */
async function play(white, black, names) {
  let last = null;
  for (const [i, name] of names.entries()) {
    const mover = i % 2 === 0 ? white : black;
    mover.lastPly = last ? last.ply : mover.room.ply;
    last = await move(mover, name);
    await expect(i % 2 === 0 ? black : white, 'move', (m) => m.ply === last.ply);
  }
  return last;
}

async function chess(extra) {
  const c = await create('chess', ['human', 'human'], extra);
  const white = await sit(c.room, 0, c.tokens[0]);
  const black = await sit(c.room, 1, c.tokens[1]);
  return { c, white, black };
}

async function main() {
  const data = tempDir('lt-rooms-');
  let server = await startServer(exe, data);
  url = `ws://127.0.0.1:${server.port}/ws`;

  /* (the page's files, their encodings and caching: firstload.mjs) */

  /* resign: the game ends with its reason, in both languages */
  {
    const { c, white, black } = await chess();
    await play(white, black, ['e4']);
    black.send({ t: 'resign' });
    const r = await expect(white, 'result');
    equal([r.result, r.end.reason, r.end.seat], ['1-0', 'resign', 1], 'resign: 1-0, by Black');
    const text = await (await fetch(`http://127.0.0.1:${url.split(':')[2].split('/')[0]}/api/rooms/${c.room}/record`)).text();
    check(/\[Termination "resign"\]/.test(text) && /\{\[%result resign 2\]\}/.test(text),
      'resign: the record says how the game ended, for any reader to word');
    check(typeof r.seed === 'string', 'resign: the seed is shown at the end');
    /* a rematch: colours swapped */
    white.send({ t: 'rematch' });
    const asked = await expect(black, 'offered', (m) => m.kind === 'rematch');
    equal(asked.seat, 0, 'rematch: Black hears that White asks');
    black.send({ t: 'rematch' });
    const [rw, rb] = await Promise.all([expect(white, 'rematch'), expect(black, 'rematch')]);
    equal([rw.room === rb.room, rw.room !== c.room, rw.seat, rb.seat], [true, true, 1, 0],
      'rematch: one new room, White now at seat 1 and Black at seat 0');
    const again = await sit(rw.room, rw.seat, rw.token);
    equal(again.room.you, [1], 'rematch: the new seat is taken with its secret');
    [white, black, again].forEach((s) => s.ws.close());
  }

  /* a draw offered and accepted */
  {
    const { white, black } = await chess();
    await play(white, black, ['d4', 'd5']);
    white.send({ t: 'draw' });
    const o = await expect(black, 'offered');
    equal([o.kind, o.seat], ['draw', 0], 'draw: Black hears White\'s offer');
    black.send({ t: 'accept' });
    const r = await expect(white, 'result');
    equal([r.result, r.end.reason], ['1/2-1/2', 'agreement'], 'draw: drawn by agreement');
    [white, black].forEach((s) => s.ws.close());
  }

  /* a takeback asked for and granted; then a declined draw */
  {
    const { white, black } = await chess();
    await play(white, black, ['e4']);
    white.send({ t: 'takeback' });
    await expect(black, 'offered', (m) => m.kind === 'takeback');
    black.send({ t: 'accept' });
    const u = await expect(white, 'undone');
    equal([u.ply, u.to], [0, 0], 'takeback: back to the start, White to move');
    check(u.legal.includes('e4') && !/\be4\b/.test(u.record.split('\n\n')[1] || ''),
      'takeback: e4 is gone from the record and legal again');
    white.send({ t: 'draw' });
    await expect(black, 'offered');
    black.send({ t: 'decline' });
    const a = await expect(white, 'answered', (m) => m.kind === 'draw');
    equal([a.kind, a.accepted, a.seat], ['draw', false, 1], 'draw: declined');
    /* the wrong seat, and a watcher */
    black.send({ t: 'resign', seat: 0 });
    equal((await expect(black, 'error')).code, 'bad-token', 'a player cannot resign for the other seat');
    const watcher = socket(url);
    await watcher.opened();
    watcher.send({ t: 'watch', room: white.room.room });
    await watcher.next((m) => m.t === 'room');
    watcher.send({ t: 'resign' });
    equal((await expect(watcher, 'error')).code, 'bad-token', 'a watcher cannot resign');
    /* abort: nobody has moved yet (the takeback undid the only move) */
    black.send({ t: 'abort' });
    const r = await expect(white, 'result');
    equal([r.result, r.end.reason], ['*', 'abort'], 'abort: no result');
    [white, black, watcher].forEach((s) => s.ws.close());
  }

  /* threefold repetition, claimed by the seat to move */
  {
    const { white, black } = await chess();
    await play(white, black, ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8']);
    const cl = await expect(white, 'claimable');
    equal(cl.seat, 0, 'claim: White may claim the repetition');
    white.send({ t: 'claim' });
    const r = await expect(black, 'result');
    equal([r.result, r.end.reason], ['1/2-1/2', 'claim'], 'claim: a draw');
    [white, black].forEach((s) => s.ws.close());
  }

  /* the server's clock: nobody moves, White's flag falls */
  {
    const { white, black } = await chess({ clock: '0:02+0' });
    equal([white.room.clock.control, white.room.clock.running, white.room.clock.left.length],
      ['0:02+0', 0, 2], 'clock: the room says the control and whose clock runs');
    check(white.room.clock.left[0] <= 2000 && white.room.clock.left[1] === 2000, 'clock: two seconds each');
    const r = await expect(black, 'result');
    equal([r.result, r.end.reason, r.end.seat], ['0-1', 'time', 0], 'clock: White lost on time');
    [white, black].forEach((s) => s.ws.close());
  }

  /* three players: one resigns and leaves, the game goes on */
  {
    const c = await create('talat', ['human', 'human', 'human']);
    const seats = await Promise.all([0, 1, 2].map((i) => sit(c.room, i, c.tokens[i])));
    seats[2].send({ t: 'resign' });
    const l = await expect(seats[0], 'left');
    equal([l.seat, l.reason, l.result], [2, 'resign', '*'], 'talat: the third seat leaves, the game goes on');
    check(l.to === 0 || l.to === 1, `talat: a seat still in is to act (${l.to})`);
    seats.forEach((s) => s.ws.close());
  }

  /* the lobby: an open game with a free seat is listed, taken from there
   * with one message, then listed as being played; chat in the room */
  {
    const c = await create('chess', ['human', 'human'], { open: true });
    const host = await sit(c.room, 0, c.tokens[0]);
    const looker = socket(url);
    await looker.opened();
    looker.send({ t: 'lobby', id: 1 });
    const lobby = await looker.next((m) => m.re === 1);
    const listed = lobby.open.find((g) => g.room === c.room);
    equal(listed && [listed.game, listed.options, listed.seats.map((x) => x.free)], ['chess', 'rules=fide', [false, true]],
      'the lobby lists the open game, its options (chess\'s default rules) and its second seat free');
    looker.send({ t: 'sit', room: c.room, id: 2 });
    const seated = await looker.next((m) => m.re === 2);
    equal([seated.t, seated.seat], ['seated', 1], 'a seat taken from the lobby with one message');
    looker.send({ t: 'join', room: c.room, seat: 1, token: seated.token, id: 3 });
    equal((await looker.next((m) => m.re === 3)).you, [1], 'and joined with its secret');
    const other = socket(url);
    await other.opened();
    other.send({ t: 'sit', room: c.room, id: 4 });
    equal((await other.next((m) => m.re === 4)).code, 'no-seat', 'no free seat is left');
    other.send({ t: 'lobby', id: 5 });
    const after = await other.next((m) => m.re === 5);
    check(!after.open.some((g) => g.room === c.room) && after.playing.some((g) => g.room === c.room),
      'the game is now among those being played, not the open ones');
    /* chat: to everyone in the room, kept for who joins later */
    host.send({ t: 'say', text: 'Powodzenia!' });
    const said = await looker.next((m) => m.t === 'said');
    equal([said.line.seat, said.line.text], [0, 'Powodzenia!'], 'a line of chat reaches the room');
    host.send({ t: 'say', text: 'x'.repeat(201), id: 6 });
    equal((await host.next((m) => m.re === 6)).code, 'bad-message', 'a line of 201 characters is refused');
    const lines = [];
    for (let i = 0; i < 6; i++) host.send({ t: 'say', text: `line ${i}`, id: 10 + i });
    for (let i = 0; i < 6; i++) lines.push(await host.next((m) => m.re === 10 + i || (m.t === 'said' && m.line.text === `line ${i}`)));
    check(lines.some((m) => m && m.code === 'rate'), 'a burst of chat beyond its rate is refused');
    other.send({ t: 'watch', room: c.room, id: 7 });
    const watched = await other.next((m) => m.re === 7);
    check(watched.chat.some((l) => l.text === 'Powodzenia!'), 'who joins later reads the chat so far');
    equal(watched.watchers, 1, 'the room counts its watchers');
    [host, looker, other].forEach((x) => x.ws.close());
  }

  /* quick pairing: seeks of the same game and clock meet in a new room */
  {
    const seeker = async (message) => {
      const x = socket(url);
      await x.opened();
      x.send({ t: 'seek', ...message, id: 1 });
      x.first = await x.next((m) => m.re === 1);
      return x;
    };
    const p1 = await seeker({ game: 'chess', clock: '5+3' });
    equal(p1.first.t, 'seeking', 'a seek waits for an opponent');
    const p3 = await seeker({ game: 'chess', clock: '3+2' });
    equal(p3.first.t, 'seeking', 'another clock waits apart');
    const p2 = await seeker({ game: 'chess', clock: '5+3' });
    const a = await p1.next((m) => m.t === 'paired');
    const b = p2.first;
    equal([b.t, a.room === b.room, a.seat, b.seat], ['paired', true, 0, 1],
      'two seeks of 5+3 meet in one room, who waited playing White');
    p2.send({ t: 'join', room: b.room, seat: 1, token: b.token, id: 2 });
    const joined = await p2.next((m) => m.re === 2);
    equal([joined.you, joined.clock && joined.clock.control], [[1], '5+3'], 'with the clock both asked for');
    p3.send({ t: 'unseek', id: 3 });
    equal((await p3.next((m) => m.re === 3)).t, 'unseek', 'a seek called off');
    const p4 = await seeker({ game: 'chess', clock: '3+2' });
    equal(p4.first.t, 'seeking', 'and no longer met');
    equal((await seeker({ game: 'four-seasons' })).first.code, 'bad-seats', 'a game of four is not paired');
    equal((await seeker({ game: 'chess', rated: true })).first.code, 'not-logged-in', 'a guest seeks no rated game');
    equal((await seeker({ game: 'chess', clock: 'soon' })).first.code, 'bad-clock', 'a clock that is none');
    [p1, p2, p3, p4].forEach((x) => x.ws.close());
  }

  /* a player away past the room's limit forfeits: Black leaves, White
   * stays; the server ends the game with "abandon" (the wait is the
   * server's own, a second: the test waits for the result, not a time) */
  {
    equal((await ask(url, { t: 'create', game: 'chess', seats: ['human', 'human'], away: -1 })).code,
      'bad-message', 'a negative time away is refused');
    const c = await create('chess', ['human', 'human'], { away: 1 });
    const white = await sit(c.room, 0, c.tokens[0]);
    const black = await sit(c.room, 1, c.tokens[1]);
    white.send({ t: 'move', ply: 0, name: 'e4' });
    await black.next((m) => m.t === 'move' && m.ply === 1);
    black.ws.close();
    const result = await white.next((m) => m.t === 'result');
    equal([result.result, result.end.reason, result.end.seat], ['1-0', 'abandon', 1],
      'the seat away past the limit forfeits');
    /* with nobody left to go on, nobody forfeits: the room waits */
    const d = await create('chess', ['human', 'human'], { away: 1 });
    const w2 = await sit(d.room, 0, d.tokens[0]);
    const b2 = await sit(d.room, 1, d.tokens[1]);
    w2.ws.close();
    b2.ws.close();
    await w2.closed();
    await b2.closed();
    /* the tick that would have ended it has passed once the server logs
     * a later room's forfeit; then the first room is still in play */
    const e = await create('chess', ['human', 'human'], { away: 1 });
    const w3 = await sit(e.room, 0, e.tokens[0]);
    const b3 = await sit(e.room, 1, e.tokens[1]);
    b3.ws.close();
    await w3.next((m) => m.t === 'result');
    const back = await sit(d.room, 0, d.tokens[0]);
    equal([back.room.result, back.room.end], ['*', null], 'a room everyone left waits for them');
    [white, w3, back].forEach((x) => x.ws.close());
  }

  /* a player away past the limit of a room that chose "computer": a
   * computer plays the seat on; back, the player takes it again */
  {
    equal((await ask(url, { t: 'create', game: 'chess', seats: ['human', 'human'], away: 1, away_then: 'robot' })).code,
      'bad-message', 'away_then is forfeit or computer');
    const c = await create('chess', ['human', 'human'], { away: 1, away_then: 'computer' });
    const white = await sit(c.room, 0, c.tokens[0]);
    const black = await sit(c.room, 1, c.tokens[1]);
    white.send({ t: 'move', ply: 0, name: 'e4' });
    await black.next((m) => m.t === 'move' && m.ply === 1);
    black.ws.close();
    const stood = await expect(white, 'stand-in');
    equal(stood.seat, 1, 'away: the room hears that a computer plays Black on');
    const seats = await expect(white, 'seats', (m) => m.seats[1].standin);
    equal([seats.seats[1].here, seats.seats[1].spec], [false, 'human'], 'away: the seat is still the person\'s');
    const reply = await expect(white, 'move', (m) => m.ply === 2);
    equal([reply.by, reply.result, reply.to], [1, '*', 0], 'away: the computer moved for Black, and the game goes on');
    const back = await sit(c.room, 1, c.tokens[1]);
    equal([back.room.seats[1].standin, back.room.ply], [false, 2], 'away: back, the player has the seat again');
    const reply2 = await expect(white, 'seats', (m) => !m.seats[1].standin && m.seats[1].here);
    check(reply2, 'away: the room hears that the player is back');
    white.lastPly = 2;
    const m3 = await move(white, 'd4');
    await expect(back, 'move', (m) => m.ply === m3.ply);
    back.lastPly = m3.ply;
    const m4 = await move(back, 'Nc6');
    equal([m4.by, m4.name], [1, 'Nc6'], 'away: the person plays the seat again, not the computer');
    const port = url.split(':')[2].split('/')[0];
    const text = await (await fetch(`http://127.0.0.1:${port}/api/rooms/${c.room}/record`)).text();
    check(/\[AwayThen "computer"\]/.test(text) && /\[StandIn "0,1"\]/.test(text),
      'away: the room\'s file keeps the choice and who was played for');
    [white, back].forEach((x) => x.ws.close());
  }

  /* a challenge: the seat's link shows the game; declined, the game is
   * off and the challenger hears it at once */
  {
    const c = await create('chess', ['human', 'human'], { clock: '5+3', away: 60, away_then: 'computer' });
    const host = await sit(c.room, 0, c.tokens[0]);
    const friend = socket(url);
    await friend.opened();
    friend.send({ t: 'challenge', room: c.room, seat: 1, token: 'x'.repeat(16), id: 1 });
    equal((await friend.next((m) => m.re === 1)).code, 'bad-token', 'challenge: a wrong token is refused');
    friend.send({ t: 'challenge', room: c.room, seat: 1, token: c.tokens[1], id: 2 });
    const ch = await friend.next((m) => m.re === 2);
    equal([ch.t, ch.game, ch.clock, ch.rated, ch.seat, ch.taken, ch.away, ch.away_then, ch.from],
      ['challenge', 'chess', '5+3', false, 1, false, 60, 'computer', ''],
      'challenge: the link shows the game, clock, kind and seat (a guest\'s: no name)');
    friend.send({ t: 'refuse', room: c.room, seat: 1, token: c.tokens[1], id: 3 });
    const told = await expect(host, 'refused');
    equal(told.seat, 1, 'challenge declined: the challenger hears it');
    const r = await expect(host, 'result');
    equal([r.result, r.end.reason], ['*', 'abort'], 'challenge declined: the game is called off');
    equal((await friend.next((m) => m.re === 3)).t, 'refused', 'challenge declined: answered');
    /* accepted (joined), it can no longer be declined */
    const d = await create('chess', ['human', 'human']);
    const p1 = await sit(d.room, 1, d.tokens[1]);
    friend.send({ t: 'refuse', room: d.room, seat: 1, token: d.tokens[1], id: 4 });
    equal((await friend.next((m) => m.re === 4)).code, 'illegal', 'challenge accepted: too late to decline');
    friend.send({ t: 'challenge', room: d.room, seat: 1, token: d.tokens[1], id: 5 });
    equal((await friend.next((m) => m.re === 5)).taken, true, 'challenge accepted: the link says so');
    [host, friend, p1].forEach((x) => x.ws.close());
  }

  /* killed with an offer standing and a clock running: both survive;
   * and a computer playing for a player away goes on doing so */
  {
    const s = await create('chess', ['human', 'human'], { away: 1, away_then: 'computer' });
    const sw = await sit(s.room, 0, s.tokens[0]);
    const sb = await sit(s.room, 1, s.tokens[1]);
    sw.send({ t: 'move', ply: 0, name: 'e4' });
    await sb.next((m) => m.t === 'move' && m.ply === 1);
    sb.ws.close();
    await expect(sw, 'move', (m) => m.ply === 2);
    sw.ws.close();
    await sw.closed();
    const { c, white, black } = await chess({ clock: '5+0' });
    await play(white, black, ['e4', 'e5']);
    white.send({ t: 'draw' });
    await expect(black, 'offered');
    server.proc.kill('SIGKILL');
    await new Promise((r) => server.proc.once('exit', r));
    server = await startServer(exe, data, ['--port', String(server.port)]);
    const sw2 = await sit(s.room, 0, s.tokens[0]);
    equal([sw2.room.ply, sw2.room.seats[1].standin], [2, true], 'restart: the computer still plays for Black, away');
    sw2.lastPly = 2;
    await move(sw2, 'd4');
    const answer = await expect(sw2, 'move', (m) => m.ply === 4);
    equal(answer.by, 1, 'restart: and answers for Black');
    sw2.ws.close();
    const back = await sit(c.room, 1, c.tokens[1]);
    equal([back.room.ply, back.room.offer && back.room.offer.kind, back.room.offer && back.room.offer.from],
      [2, 'draw', 0], 'restart: the game and the standing offer are back');
    check(back.room.clock && back.room.clock.left[0] <= 300000 && back.room.clock.left[0] > 250000,
      `restart: White's clock is back (${back.room.clock && back.room.clock.left[0]} ms)`);
    back.send({ t: 'accept' });
    const r = await expect(back, 'result');
    equal(r.end.reason, 'agreement', 'restart: the offer can still be accepted');
    back.ws.close();
  }
  equal(await stopServer(server), 0, 'the server stops cleanly');
  if (/AddressSanitizer|runtime error/.test(server.stderr())) check(false, 'sanitizer report: ' + server.stderr().slice(-2000));

  /* the bound on unfinished rooms one guest address has made at once */
  {
    /* a store of its own: the count is the store's (every server's) */
    const dir = tempDir('lt-rooms-each-');
    const small = await startServer(exe, dir, ['--rooms-each', '2', '--db', `${dir}/each.db`]);
    url = `ws://127.0.0.1:${small.port}/ws`;
    const a = await create('chess', ['human', 'human']);
    await create('chess', ['human', 'human']);
    const third = await ask(url, { t: 'create', game: 'chess', seats: ['human', 'human'] });
    equal(third.code, 'limit', 'a third unfinished room of one address is refused');
    check(/2 unfinished rooms/.test(third.msg), `with a clear message (${third.msg})`);
    const p = await sit(a.room, 0, a.tokens[0]);
    p.send({ t: 'resign' });
    await expect(p, 'result');
    await create('chess', ['human', 'human']);
    check(true, 'once one is over, another may be made');
    p.ws.close();
    equal(await stopServer(small), 0, 'that server stops cleanly');
  }
}

await runTest('rooms', main);
