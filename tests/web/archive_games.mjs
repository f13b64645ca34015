// archive_games.mjs — what the archive's tests (archive_api.mjs, the
// HTTP API; archive.mjs, the page) share: two accounts, Ala and Bob, and
// six games played to their end through the server, whose outcomes are
// known from the moves and the commands sent:
//
//   g0  chess              Ala (White) – a guest       Ala resigns     0-1      Ala lost
//   g1  chess              Ala (White) – Bob           Bob resigns     1-0      Ala won
//   g2  chess, rated       Bob (White) – Ala           drawn by agreement after 1.e4 e5
//   g3  chess              Ala (White) – ai:level=1    Ala resigns after the computer's move: lost
//   g4  three-mens-morris  Ala – Bob                   Bob resigns after B2: Ala won
//   g5  chess              Bob (White) – a guest       not Ala's
//
// Each game ends in a later second than the one before (the archive
// keeps seconds, and orders the games of one second by their random id):
// before a game starts, the test waits until the clock has passed the
// second the last one ended in.
import { check, equal, request, socket } from './lib.mjs';

/* Resolves once the clock is in a later second than `ms` was. */
function pastSecondOf(ms) {
  const wait = 1000 - (ms % 1000) + 5;
  return new Promise((resolve) => { setTimeout(resolve, wait); })
    .then(() => (Math.floor(Date.now() / 1000) > Math.floor(ms / 1000) ? null : pastSecondOf(ms)));
}

/* Plays the six games; resolves with {ids: {g0..g5}, cookies}. */
export async function playGames(port) {
  const url = `ws://127.0.0.1:${port}/ws`;
  const cookies = {};
  for (const [name, password] of [['Ala', 'sekret123'], ['Bob', 'hasło-boba']]) {
    const up = await request(port, 'POST', '/api/signup', { body: { name, password } });
    equal(up.status, 200, `${name} signs up`);
    cookies[name] = up.headers['set-cookie'][0].split(';')[0];
  }
  const connect = async (cookie) => {
    const s = socket(url, cookie ? { headers: { cookie } } : {});
    check(await s.opened(), 'a player connects');
    return s;
  };
  const ala = await connect(cookies.Ala);
  const bob = await connect(cookies.Bob);
  const guest = await connect(null);
  let id = 100;
  let ended = 0;
  /* a room of `game` with these seats; each player [socket, seat] joins */
  const room = async (maker, game, seats, players, rated) => {
    if (ended) await pastSecondOf(ended);
    const re = ++id;
    maker.send({ t: 'create', game, seats, rated: !!rated, id: re });
    const made = await maker.next((m) => m.re === re);
    equal(made.t, 'created', `a room of ${game}`);
    for (const [s, seat] of players) {
      const k = ++id;
      s.send({ t: 'join', room: made.room, seat, token: made.tokens[seat], id: k });
      const joined = await s.next((m) => m.re === k);
      check(joined.t === 'room' && joined.you.includes(seat), `seat ${seat} taken in ${made.room}: ${JSON.stringify(joined).slice(0, 200)}`);
    }
    return made.room;
  };
  const move = async (s, others, r, ply, name) => {
    s.send({ t: 'move', ply, name });
    for (const o of [s, ...others]) await o.next((m) => m.t === 'move' && m.room === r && m.ply === ply + 1);
  };
  const over = async (s, r, expected) => {
    const m = await s.next((x) => x.t === 'result' && x.room === r);
    ended = Date.now();
    equal(m.result, expected, `room ${r} ends ${expected}`);
  };
  const ids = {};
  /* g0: Ala resigns to a guest */
  ids.g0 = await room(ala, 'chess', ['human', 'human'], [[ala, 0], [guest, 1]]);
  await move(ala, [guest], ids.g0, 0, 'e4');
  ala.send({ t: 'resign' });
  await over(guest, ids.g0, '0-1');
  /* g1: Bob resigns to Ala */
  ids.g1 = await room(ala, 'chess', ['human', 'human'], [[ala, 0], [bob, 1]]);
  await move(ala, [bob], ids.g1, 0, 'e4');
  bob.send({ t: 'resign' });
  await over(ala, ids.g1, '1-0');
  /* g2: rated, drawn by agreement */
  ids.g2 = await room(bob, 'chess', ['human', 'human'], [[bob, 0], [ala, 1]], true);
  await move(bob, [ala], ids.g2, 0, 'e4');
  await move(ala, [bob], ids.g2, 1, 'e5');
  bob.send({ t: 'draw' });
  await ala.next((m) => m.t === 'offered' && m.room === ids.g2);
  ala.send({ t: 'accept' });
  await over(bob, ids.g2, '1/2-1/2');
  /* g3: Ala resigns to the computer after its first move */
  ids.g3 = await room(ala, 'chess', ['human', 'ai:level=1'], [[ala, 0]]);
  ala.send({ t: 'move', ply: 0, name: 'e4' });
  await ala.next((m) => m.t === 'move' && m.room === ids.g3 && m.ply === 2);
  ala.send({ t: 'resign' });
  await over(ala, ids.g3, '0-1');
  /* g4: three men's morris, Bob resigns */
  ids.g4 = await room(ala, 'three-mens-morris', ['human', 'human'], [[ala, 0], [bob, 1]]);
  await move(ala, [bob], ids.g4, 0, 'B2');
  bob.send({ t: 'resign' });
  await over(ala, ids.g4, '1-0');
  /* g5: Bob and a guest, not Ala's */
  ids.g5 = await room(bob, 'chess', ['human', 'human'], [[bob, 0], [guest, 1]]);
  await move(bob, [guest], ids.g5, 0, 'e4');
  guest.send({ t: 'resign' });
  await over(bob, ids.g5, '1-0');
  for (const s of [ala, bob, guest]) s.ws.close();
  return { ids, cookies };
}
