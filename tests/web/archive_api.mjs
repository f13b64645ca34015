// archive_api.mjs — the archive of `ludoteka serve` over HTTP, on
// loopback:  node archive_api.mjs LUDOTEKA
//
//  - six games played through the server (archive_games.mjs: known
//    outcomes, against Bob, a guest and the computer);
//  - GET /api/players/NAME/games: every game of Ala's newest first, and
//    searched by game, opponent (an account whatever its case, guest, a
//    computer's spec) and result from her side, together, in pages;
//  - bad searches refused with 400 and what is wrong (an unknown or
//    repeated argument, a bad value, a query over 512 bytes), an unknown
//    player 404;
//  - the records downloaded: ludoteka-ID.pgn for chess, with the
//    players' names in [White] and [Black], .txt for the others.
import {
  check, equal, recordMoves, request, runTest, startServer, stopServer, tempDir,
} from './lib.mjs';
import { playGames } from './archive_games.mjs';

const [exe] = process.argv.slice(2);

async function main() {
  const server = await startServer(exe, tempDir('lt-archive-api-'));
  running = server;
  const port = server.port;
  const { ids } = await playGames(port);
  const { g0, g1, g2, g3, g4, g5 } = ids;
  const get = (path) => request(port, 'GET', path);
  const search = async (name, query) => {
    const r = await get(`/api/players/${name}/games${query ? '?' + query : ''}`);
    check(r.status === 200, `${name} ?${query}: ${r.status} ${r.text.slice(0, 200)}`);
    return r.json || { games: [] };
  };
  const found = async (name, query) => (await search(name, query)).games.map((g) => g.id);

  /* every game of Ala's, newest first, with her seat and outcome */
  const all = await search('ala', '');
  equal(all.games.map((g) => g.id), [g4, g3, g2, g1, g0], 'Ala\'s games, newest first (not Bob\'s game with a guest)');
  equal(all.games.map((g) => [g.game, g.players, g.accounts, g.you, g.result, g.outcome, g.reason, g.rated, g.format]), [
    ['three-mens-morris', ['Ala', 'Bob'], [true, true], 0, '1-0', 'won', 'resign', false, 'txt'],
    ['chess', ['Ala', 'ai:level=1'], [true, false], 0, '0-1', 'lost', 'resign', false, 'pgn'],
    ['chess', ['Bob', 'Ala'], [true, true], 1, '1/2-1/2', 'drawn', 'agreement', true, 'pgn'],
    ['chess', ['Ala', 'Bob'], [true, true], 0, '1-0', 'won', 'resign', false, 'pgn'],
    ['chess', ['Ala', 'guest'], [true, false], 0, '0-1', 'lost', 'resign', false, 'pgn'],
  ], 'each game: its players, Ala\'s seat and outcome');
  equal([all.player, all.page, all.per, all.more], ['Ala', 1, 20, false], 'the page of the answer');

  /* searched */
  equal(await found('Ala', 'game=chess'), [g3, g2, g1, g0], 'chess only');
  equal(await found('Ala', 'game=three-mens-morris'), [g4], 'three men\'s morris only');
  equal(await found('Ala', 'game=talat'), [], 'no Talat');
  equal(await found('Ala', 'opponent=bob'), [g4, g2, g1], 'against Bob (his name in lower case)');
  equal(await found('Ala', 'opponent=guest'), [g0], 'against a guest');
  equal(await found('Ala', 'opponent=ai%3Alevel%3D1'), [g3], 'against the computer at level 1');
  equal(await found('Ala', 'opponent=ai:level=2'), [], 'not against level 2');
  equal(await found('Ala', 'opponent=Ala'), [], 'never against herself');
  equal(await found('Ala', 'result=won'), [g4, g1], 'won');
  equal(await found('Ala', 'result=drawn'), [g2], 'drawn');
  equal(await found('Ala', 'result=lost'), [g3, g0], 'lost');
  equal(await found('Ala', 'game=chess&opponent=Bob&result=won'), [g1], 'chess won against Bob');
  equal(await found('Ala', 'game=chess&opponent=Bob&result=lost'), [], 'no chess lost against Bob');
  equal(await found('Ala', 'game=&opponent=&result='), [g4, g3, g2, g1, g0], 'empty values ask for anything');
  equal(await found('Bob', 'result=lost'), [g4, g1], 'Bob lost to Ala twice');
  equal(await found('Bob', 'opponent=guest&result=won'), [g5], 'and beat a guest');

  /* pages */
  const pages = [];
  for (let page = 1; page <= 4; page++) {
    const p = await search('Ala', `per=2&page=${page}`);
    pages.push([p.page, p.per, p.more, p.games.map((g) => g.id)]);
  }
  equal(pages, [[1, 2, true, [g4, g3]], [2, 2, true, [g2, g1]], [3, 2, false, [g0]], [4, 2, false, []]],
    'two games a page');

  /* refused */
  const bad = async (query, what, status = 400, name = 'Ala') => {
    const r = await get(`/api/players/${name}/games?${query}`);
    check(r.status === status && r.json && r.json.error === (status === 400 ? 'bad-query' : 'unknown-player') &&
      typeof r.json.msg === 'string' && r.json.msg.length > 0,
    `${what}: refused with ${status} (${r.status} ${r.text.slice(0, 160)})`);
    return r.json ? r.json.msg : '';
  };
  check((await bad('page=0', 'page 0')).includes('page'), 'the message names the page');
  await bad('page=1001', 'page 1001');
  await bad('page=two', 'a page in words');
  check((await bad('per=51', 'fifty-one a page')).includes('per'), 'the message names per');
  await bad('per=0', 'none a page');
  check((await bad('result=win', 'result win')).includes('won, drawn or lost'), 'the message says the results');
  await bad('game=nope', 'an unknown game');
  await bad('opponent=a%20b', 'a space in a name');
  await bad(`opponent=${'a'.repeat(32)}`, 'a name of 32 letters');
  check((await bad('colour=white', 'an unknown argument')).includes('colour'), 'the message names the argument');
  await bad('game=chess&game=talat', 'an argument twice');
  await bad(`game=chess&x=${'y'.repeat(600)}`, 'a query over 512 bytes');
  await bad('result=won', 'an unknown player', 404, 'nobody');

  /* the records */
  const pgn = await get(`/api/games/${g1}/record`);
  equal([pgn.status, pgn.headers['content-disposition']], [200, `attachment; filename="ludoteka-${g1}.pgn"`],
    'a chess game downloads as PGN');
  const tags = (text) => Object.fromEntries([...text.matchAll(/^\[(\w+) "([^"]*)"\]$/gm)].map((m) => [m[1], m[2]]));
  const t1 = tags(pgn.text);
  equal([t1.White, t1.Black, t1.Result, t1.Termination, t1.Game], ['Ala', 'Bob', '1-0', 'resign', 'chess'],
    'its tags: the players\' names, the result');
  equal(recordMoves(pgn.text), ['e4'], 'its moves');
  check(/\n1-0\n*$/.test(pgn.text), 'the movetext ends with the result');
  const t0 = tags((await get(`/api/games/${g0}/record`)).text);
  equal([t0.White, t0.Black, t0.Result], ['Ala', 'guest', '0-1'], 'a guest is a guest');
  const r3 = await get(`/api/games/${g3}/record`);
  equal([tags(r3.text).Black, recordMoves(r3.text).length], ['ai:level=1', 2], 'a computer is its spec; two moves');
  const r2 = await get(`/api/games/${g2}/record`);
  equal([tags(r2.text).White, tags(r2.text).Black, tags(r2.text).Termination, recordMoves(r2.text)],
    ['Bob', 'Ala', 'agreement', ['e4', 'e5']], 'the rated draw');
  const txt = await get(`/api/games/${g4}/record`);
  equal([txt.status, txt.headers['content-disposition']], [200, `attachment; filename="ludoteka-${g4}.txt"`],
    'another game downloads as text');
  equal([tags(txt.text).Game, tags(txt.text).Names, recordMoves(txt.text)], ['three-mens-morris', 'Ala,Bob', ['B2']],
    'its record, with the players\' names');
  const room = await get(`/api/rooms/${g1}/record`);
  equal([room.status, room.headers['content-disposition']], [200, `attachment; filename="ludoteka-${g1}.pgn"`],
    'a chess room\'s record is PGN too');
  equal((await get('/api/games/zzzzzzzzzz/record')).status, 404, 'no such game');
  equal(await stopServer(server), 0, 'the server stops cleanly');
  if (/AddressSanitizer|runtime error/.test(server.stderr())) check(false, 'sanitizer report: ' + server.stderr().slice(-2000));
}

let running = null;
await runTest('archive_api', main, {
  onError: () => running && console.log('the server said:\n' + running.stderr().slice(-3000)),
});
