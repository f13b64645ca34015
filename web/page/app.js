/* app.js — the Ludoteka page: the games, their rules and options, and a
 * game in play, here against the computer (whose players think in a Web
 * Worker) or in a room of `ludoteka serve` with players elsewhere.  The
 * rules live in the C core (core.js); this file only shows them. */
import { analyse, analysisHint } from './analysis.js';
import { h, put } from './dom.js';
import { drawBoard, drawDice, seatColours } from './board.js';
import { drawLegend, pieceName } from './legend.js';
import {
  t, tn, tParts, number, lang, setLang, languages, languageName, startLanguage,
} from './i18n.js';
import { RoomClient, knownRooms, request, roomKeys, saveRoomKeys, serverError, socketUrl } from './net.js';

const core = await loadLudotekaCore();
startLanguage(core);
/* the games in the reader's language (titles, seats, options): read
 * again when the language changes */
let GAMES = core.games();
const main = document.getElementById('main');
const SAVED = 'ludoteka-game';      /* the local game in play (its journal) */
const AUTOROLL = 'ludoteka-autoroll';
const CLOCK_PRESETS = ['1+0', '3+2', '5+3', '10+0', '15+10'];
const TICK_MS = 200;                /* how often a running clock is looked at */
const MAX_RECORD = 2 ** 20;         /* bytes: a larger file is no record */

/* Is the page served by `ludoteka serve` and the server reachable?  Then
 * remote players can be invited. */
let online = false;
let serverInfo = { addresses: [] };
const onlineCheck = fetch('api/status', { cache: 'no-store' })
  .then((r) => (r.ok ? r.json() : null))
  .then((info) => {
    online = !!info;
    if (info) serverInfo = info;
  })
  .catch(() => { online = false; });

/* Where others reach this page: the address it was opened at, unless that
 * is this machine's own name (localhost) and the server knows a better
 * one. */
function sharedOrigin() {
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(location.hostname);
  if (local && serverInfo.addresses.length)
    return `${location.protocol}//${serverInfo.addresses[0]}:${serverInfo.port}`;
  return location.origin;
}

const gameById = (id) => GAMES.find((g) => g.id === id);
const title = (g) => g.title;
const seatName = (g, i) => g.seats[i];
const isComputer = (spec) => spec !== '' && spec !== 'human';

const computerLevel = (n) => t('Computer, level {n}', { n: number(n) });

/* The groups of games, as the core numbers them (LT_GROUP_*). */
const GROUP_NAMES = [
  () => t('Dice games'),
  () => t("Board games of Alfonso X's book"),
  () => t('Robbers'),
  () => t('Chess'),
  () => t('Medh Kuu Lash'),
  () => t('Talat'),
];
const GROUP_CHESS = 3; /* LT_GROUP_CHESS: its records are PGN */
const groupName = (group) => (GROUP_NAMES[group] ? GROUP_NAMES[group]() : String(group));

function specLabel(spec) {
  if (!isComputer(spec)) return t('Person here');
  const m = /^ai:level=(\d)$/.exec(spec);
  if (m) return computerLevel(Number(m[1]));
  if (spec === 'ai') return computerLevel(3);
  return t('Computer ({spec})', { spec });
}

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = h('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/* Sound on moves: off unless switched on; a short tone made here. */
const SOUND = 'ludoteka-sound';
const TURN_BOARD = 'ludoteka-turn-board';
const DICE_MODE = 'ludoteka-dice';    /* the local game's dice: auto or manual */
const soundOn = () => localStorage.getItem(SOUND) === 'on';
let audio = null;

function playTone(freq) {
  if (!soundOn() || !window.AudioContext) return;
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    const now = audio.currentTime;
    osc.type = 'sine';
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.15, now + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.12);
    osc.connect(gain).connect(audio.destination);
    osc.start(now);
    osc.stop(now + 0.13);
    document.body.dataset.tones = String(Number(document.body.dataset.tones || 0) + 1);
  } catch {
    /* no sound here: the game goes on silently */
  }
}

function randomSeed() {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return (BigInt(a[0] & 0x7fffffff) << 32n | BigInt(a[1])).toString();
}

/* ---- The computer's thread ------------------------------------------------- */

class Thinker {
  constructor() {
    this.start();
  }

  /* A worker with the page's compiled core (core.js): it fetches and
   * compiles nothing again. */
  start() {
    const worker = new Worker('worker.js');
    this.worker = worker;
    this.pending = new Map();
    this.next = 1;
    ludotekaModule().then((module) => worker.postMessage({ module }));
    worker.onmessage = (e) => {
      const resolve = this.pending.get(e.data.id);
      this.pending.delete(e.data.id);
      if (resolve) resolve(e.data.answer);
    };
  }

  ask(request) {
    return new Promise((resolve) => {
      const id = this.next++;
      this.pending.set(id, resolve);
      this.worker.postMessage({ ...request, id, lang: lang() });
    });
  }

  /* Stops whatever it is thinking about: a search cannot be interrupted,
   * so its worker goes and another takes the same compiled module. */
  cancel() {
    if (!this.pending.size) return;
    this.worker.terminate();
    for (const resolve of this.pending.values()) resolve({ cancelled: true });
    this.start();
  }
}
const thinker = new Thinker();

/* ---- Routes ------------------------------------------------------------------- */

let current = null; /* the game on screen, if any */

function route() {
  if (current) {
    current.close();
    current = null;
  }
  thinker.cancel();
  stopSeeking();
  const params = new URLSearchParams(location.hash.slice(1));
  document.documentElement.lang = lang();
  showLanguages();
  showAccountLink();
  if (params.has('rules')) showRules(params.get('rules'));
  else if (params.has('new')) showSetup(params.get('new'));
  else if (params.has('play')) resumeLocal();
  else if (params.has('room')) openRoom(params);
  else if (params.has('challenge')) showChallenge(params);
  else if (params.has('lobby')) showLobby();
  else if (params.has('account')) showAccount();
  else if (params.has('archived')) showArchived(params);
  else if (params.has('player')) showPlayer(params.get('player'), params);
  else if (params.has('leaders')) showLeaders(params.get('leaders'));
  else showHome();
  window.scrollTo(0, 0);
}

/* ---- Accounts, profiles, leaders (the server's HTTP API, docs/network.md) ------ */

let me = null; /* the name this browser is logged in as, or null */

async function whoAmI() {
  await onlineCheck;
  if (!online) return;
  try {
    const r = await fetch('api/me', { cache: 'no-store' });
    me = r.ok ? (await r.json()).name : null;
  } catch {
    me = null;
  }
  showAccountLink();
}

function showAccountLink() {
  const link = document.getElementById('account-link');
  if (!link) return;
  link.classList.toggle('hidden', !online);
  link.textContent = me || t('Log in');
}

/* What an answer of the accounts' API means to a person, by its code. */
const ACCOUNT_ERRORS = {
  'name-taken': () => t('That name is taken.'),
  'bad-account': () => t('A name is 3 to 20 letters, digits, _ or -; a password 8 to 128 characters.'),
  'wrong-login': () => t('Wrong name or password.'),
  'rate': () => t('Too many tries: wait a minute.'),
  'not-found': () => t('There is no such player.'),
};
const accountError = (answer) => (ACCOUNT_ERRORS[answer.error] ? ACCOUNT_ERRORS[answer.error]() : answer.msg || t('The server ran into a problem.'));

async function api(method, what, body) {
  const r = await fetch('api/' + what, {
    method, cache: 'no-store', headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  let json = null;
  try {
    json = await r.json();
  } catch {
    json = null;
  }
  return { ok: r.ok, status: r.status, json: json || {} };
}

/* Logged in: who, and a way out; else signing up and logging in. */
async function showAccount() {
  document.title = t('Account') + ' — Ludoteka';
  await whoAmI();
  if (me) {
    put(main, h('section', { class: 'account' },
      h('h1', {}, t('Account')),
      h('p', { id: 'logged-in' }, t('Logged in as {name}.', { name: me })),
      h('div', { class: 'row' },
        h('a', { class: 'button', href: '#player=' + encodeURIComponent(me) }, t('Your games and ratings')),
        h('button', {
          type: 'button', id: 'logout',
          onclick: async () => {
            await api('POST', 'logout');
            me = null;
            location.hash = '';
          },
        }, t('Log out')))));
    return;
  }
  const form = (id, heading, button, endpoint) => {
    const error = h('p', { class: 'error', 'aria-live': 'polite' });
    const f = h('form', { class: 'account', id },
      h('h2', {}, heading),
      h('label', { class: 'option' }, h('span', {}, t('Name')),
        h('input', { name: 'name', autocomplete: 'username', required: true, maxlength: 20 })),
      h('label', { class: 'option' }, h('span', {}, t('Password')),
        h('input', { name: 'password', type: 'password', required: true, maxlength: 128,
          autocomplete: endpoint === 'signup' ? 'new-password' : 'current-password' })),
      error, h('button', { type: 'submit', class: 'primary' }, button));
    f.addEventListener('submit', async (e) => {
      e.preventDefault();
      const name = f.elements.name.value.trim();
      const answer = await api('POST', endpoint, { name, password: f.elements.password.value });
      if (!answer.ok) {
        error.textContent = accountError(answer.json);
        return;
      }
      me = answer.json.name || name;
      showAccountLink();
      location.hash = 'player=' + encodeURIComponent(me);
    });
    return f;
  };
  put(main, h('section', { class: 'account' },
    h('h1', {}, t('Account')),
    h('p', { class: 'help' }, t('Guests play as they are; an account keeps your games and your ratings from rated games.')),
    form('login', t('Log in'), t('Log in'), 'login'),
    form('signup', t('New account'), t('Sign up'), 'signup')));
}

/* A pool of ratings ("chess/blitz", "talat") in words. */
function poolName(pool) {
  const [id, speed] = pool.split('/');
  const g = gameById(id);
  const speeds = {
    bullet: t('bullet'), blitz: t('blitz'), rapid: t('rapid'), classical: t('classical'),
    unlimited: t('without a clock'), correspondence: t('correspondence'),
  };
  return (g ? title(g) : id) + (speed ? ' · ' + (speeds[speed] || speed) : '');
}

/* Why a game ended, as the archive keeps it (the session's words). */
function reasonName(reason) {
  const words = {
    rules: t('by the rules'), resign: t('resigned'), time: t('out of time'),
    agreement: t('drawn by agreement'), claim: t('draw claimed'), abandon: t('abandoned'), abort: t('aborted'),
  };
  return words[reason] || reason;
}

/* A profile: who, the ratings, and the archive of the player's games,
 * searched by game, opponent and result and shown a page at a time (the
 * search is in the address: #player=NAME&game=&opponent=&result=&page=). */
async function showPlayer(name, params) {
  document.title = name + ' — Ludoteka';
  const answer = await api('GET', 'players/' + encodeURIComponent(name));
  if (!answer.ok) {
    put(main, h('section', {}, h('h1', {}, name), h('p', { class: 'error' }, accountError(answer.json))));
    return;
  }
  const p = answer.json;
  const since = new Date(p.player.since * 1000).toLocaleDateString(lang());
  const archive = h('div', { id: 'archive-results' });
  put(main, h('section', { class: 'player' },
    h('h1', {}, p.player.name),
    h('p', { class: 'help' }, t('Playing here since {date}.', { date: since })),
    h('h2', {}, t('Ratings')),
    p.ratings.length ? h('table', { class: 'ratings', id: 'ratings' },
      h('tr', {}, h('th', {}, t('Game')), h('th', {}, t('Rating')), h('th', {}, t('Rated games'))),
      p.ratings.map((r) => h('tr', {},
        h('td', {}, h('a', { href: '#leaders=' + r.pool }, poolName(r.pool))),
        h('td', {}, number(r.rating, 0) + ' ± ' + number(2 * r.deviation, 0)),
        h('td', {}, number(r.games))))) : h('p', {}, t('No rated games yet.')),
    h('h2', {}, t('Games')),
    archiveForm(p.player.name, params), archive));
  showArchive(p.player.name, params, archive);
}

/* What a search asks, from the address ('' for anything). */
function archiveQuery(params) {
  const q = {};
  for (const key of ['game', 'opponent', 'result', 'page', 'per']) q[key] = (params && params.get(key)) || '';
  return q;
}

/* The archive's search: a game, an opponent (a name, a guest, a
 * computer), a result; a search goes to the address, so that Back
 * returns to the one before. */
function archiveForm(name, params) {
  const q = archiveQuery(params);
  const per = Number(q.per) >= 1 && Number(q.per) <= 50 ? q.per : '';
  const games = [...GAMES].sort((a, b) => title(a).localeCompare(title(b), lang()));
  const game = h('select', { id: 'archive-game', name: 'game' },
    h('option', { value: '' }, t('All games')),
    games.map((g) => h('option', { value: g.id, selected: g.id === q.game }, title(g))));
  const opponent = h('input', {
    id: 'archive-opponent', name: 'opponent', list: 'archive-opponents', value: q.opponent,
    autocomplete: 'off', maxlength: 31, placeholder: t('anyone'),
  });
  const known = h('datalist', { id: 'archive-opponents' },
    h('option', { value: 'guest' }, t('a player without an account')),
    ['ai:level=1', 'ai:level=2', 'ai:level=3', 'ai:level=4', 'ai:level=5', 'random']
      .map((spec) => h('option', { value: spec }, specLabel(spec))));
  const result = h('select', { id: 'archive-result', name: 'result' },
    [['', t('Any result')], ['won', t('Won')], ['drawn', t('Drawn')], ['lost', t('Lost')]]
      .map(([v, text]) => h('option', { value: v, selected: v === q.result }, text)));
  const form = h('form', { class: 'archive-search', id: 'archive-search', role: 'search' },
    h('label', { class: 'option' }, h('span', {}, t('Game')), game),
    h('label', { class: 'option' }, h('span', {}, t('Opponent')), opponent, known,
      h('span', { class: 'help' }, t('A player\'s name, guest, or a computer (ai:level=3).'))),
    h('label', { class: 'option' }, h('span', {}, t('Result')), result),
    h('div', { class: 'row' }, h('button', { type: 'submit', class: 'primary', id: 'archive-find' }, t('Search'))));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const next = new URLSearchParams({ player: name });
    if (game.value) next.set('game', game.value);
    if (opponent.value.trim()) next.set('opponent', opponent.value.trim());
    if (result.value) next.set('result', result.value);
    if (per) next.set('per', per);
    location.hash = next.toString();
  });
  return form;
}

/* Why a search was refused, in words. */
const ARCHIVE_ERRORS = {
  'bad-query': () => t('The search asks for something the archive does not know: check the opponent\'s name.'),
  'unknown-player': () => t('There is no such player.'),
};

/* One page of the player's games that match the address's search. */
async function showArchive(name, params, box) {
  const q = archiveQuery(params);
  const page = Math.max(1, Math.min(1000, Number(q.page) || 1));
  const ask = new URLSearchParams();
  for (const key of ['game', 'opponent', 'result']) if (q[key]) ask.set(key, q[key]);
  if (page > 1) ask.set('page', String(page));
  /* (games a page: the server's 20 unless the address asks) */
  if (Number(q.per) >= 1 && Number(q.per) <= 50) ask.set('per', String(Math.floor(Number(q.per))));
  const query = ask.toString();
  const status = h('p', { class: 'help', id: 'archive-status', 'aria-live': 'polite' }, t('Asking the server…'));
  put(box, status);
  const answer = await api('GET', 'players/' + encodeURIComponent(name) + '/games' + (query ? '?' + query : ''));
  if (!answer.ok) {
    status.className = 'error';
    status.textContent = ARCHIVE_ERRORS[answer.json.error] ? ARCHIVE_ERRORS[answer.json.error]() : accountError(answer.json);
    status.dataset.ready = 'true';
    return;
  }
  const list = answer.json.games;
  const outcomes = { won: t('won'), drawn: t('drawn'), lost: t('lost') };
  const when = (s) => new Date(s * 1000).toLocaleString(lang(), { dateStyle: 'medium', timeStyle: 'short' });
  const who = (gm) => gm.players.map((n, i) => [i ? ' – ' : '',
    gm.accounts[i] ? h('a', { href: '#player=' + encodeURIComponent(n) }, n)
      : n === 'guest' ? t('guest') : isComputer(n) ? specLabel(n) : n]);
  const pageLink = (k) => {
    const next = new URLSearchParams(params);
    if (k > 1) next.set('page', String(k));
    else next.delete('page');
    return '#' + next.toString();
  };
  status.textContent = list.length ? '' : page > 1 ? t('No more games.')
    : query ? t('No games match the search.') : t('No finished games yet.');
  status.dataset.ready = 'true';
  put(box, status,
    list.length ? h('ul', { class: 'archive', id: 'archive' }, list.map((gm) => {
      const g = gameById(gm.game);
      const analyse = new URLSearchParams({ archived: gm.id, seat: String(gm.you), player: name, analyse: '1' });
      return h('li', { 'data-id': gm.id, 'data-outcome': gm.outcome },
        h('b', {}, g ? title(g) : gm.game), ' · ', who(gm), ' · ', gm.result,
        gm.outcome ? [' ', h('span', { class: 'outcome outcome-' + gm.outcome }, outcomes[gm.outcome])] : null,
        ' (', reasonName(gm.reason), ')', gm.rated ? ' · ' + t('rated') : '',
        ' · ', h('time', { datetime: new Date(gm.finished * 1000).toISOString() }, when(gm.finished)),
        h('span', { class: 'row archive-buttons' },
          h('a', {
            class: 'button small download', href: 'api/games/' + gm.id + '/record',
            download: 'ludoteka-' + gm.id + '.' + gm.format,
          }, gm.format === 'pgn' ? t('Download (PGN)') : t('Download the record')),
          h('a', { class: 'button small analyse', href: '#' + analyse.toString() }, t('Analyse'))));
    })) : null,
    page > 1 || answer.json.more ? h('nav', { class: 'row archive-pages', 'aria-label': t('Pages') },
      page > 1 ? h('a', { class: 'button small', id: 'archive-newer', href: pageLink(page - 1) }, t('Newer games')) : null,
      h('span', { id: 'archive-page' }, t('Page {n}', { n: number(page) })),
      answer.json.more ? h('a', { class: 'button small', id: 'archive-older', href: pageLink(page + 1) }, t('Older games')) : null) : null);
}

/* A finished game of the archive (#archived=ID&seat=K): its record from
 * the server, shown to be gone through move by move, and analysed at
 * once when the address says so (the Analyse of the archive's list). */
async function showArchived(params) {
  const id = params.get('archived');
  const back = params.get('player') ? '#player=' + encodeURIComponent(params.get('player')) : '#';
  const failed = (text) => put(main, h('p', { class: 'error', id: 'archived-error' }, text),
    h('a', { class: 'button', href: back }, t('Back')));
  main.replaceChildren(h('p', { id: 'status', class: 'status' }, t('Asking the server…')));
  let text;
  try {
    const r = await fetch('api/games/' + encodeURIComponent(id) + '/record', { cache: 'no-store' });
    if (!r.ok) return failed(t('The archive has no such game.'));
    text = await r.text();
  } catch {
    return failed(t('The server cannot be reached.'));
  }
  /* gone elsewhere meanwhile */
  if (new URLSearchParams(location.hash.slice(1)).get('archived') !== id) return;
  const answer = core.load(text, false);
  const g = !answer.error && gameById(core.info().game);
  if (!g) return failed(t('This is not a record Ludoteka can read:') + ' ' + (answer.error || ''));
  document.title = title(g) + ' — Ludoteka';
  current = new ArchivedGame(g, id, Number(params.get('seat')) || 0, back);
  if (params.get('analyse')) current.analyse();
}
async function showLeaders(pool) {
  document.title = poolName(pool) + ' — Ludoteka';
  const answer = await api('GET', 'leaders/' + pool);
  put(main, h('section', { class: 'leaders' },
    h('h1', {}, t('Best players: {pool}', { pool: poolName(pool) })),
    answer.ok && answer.json.length ? h('ol', { id: 'leaders' }, answer.json.map((r) => h('li', {},
      h('a', { href: '#player=' + encodeURIComponent(r.name) }, r.name), ' · ',
      number(r.rating, 0), ' · ', tn('{n} game', '{n} games', r.games))))
      : h('p', {}, t('Nobody has a rating here yet.'))));
}

/* ---- The lobby ------------------------------------------------------------------ */

/* The games of the server's lobby: open ones with a seat free, taken with
 * one click, and games being played, to watch (docs/network.md: lobby,
 * sit). */
async function showLobby() {
  document.title = t('Lobby') + ' — Ludoteka';
  const status = h('p', { class: 'help', id: 'lobby-status', 'aria-live': 'polite' }, t('Asking the server…'));
  const open = h('ul', { class: 'lobby', id: 'lobby-open-games' });
  const playing = h('ul', { class: 'lobby', id: 'lobby-playing' });
  put(main, h('section', { class: 'lobby' },
    h('h1', {}, t('Lobby')), quickGame(), status,
    h('h2', {}, t('Open games')), open,
    h('h2', {}, t('Games being played')), playing,
    h('div', { class: 'row' },
      h('button', { type: 'button', id: 'lobby-refresh', onclick: () => showLobby() }, t('Refresh')),
      h('a', { class: 'button', href: '#' }, t('Back')))));
  let answer;
  try {
    answer = await request({ t: 'lobby' });
  } catch (e) {
    status.textContent = e.message;
    return;
  }
  if (answer.t !== 'lobby') {
    status.textContent = serverError(answer);
    return;
  }
  const game = (r) => gameById(r.game);
  const line = (r) => {
    const g = game(r);
    const who = r.seats.map((s, i) => (s.free ? t('{who}: free', { who: seatName(g, i) })
      : t('{who}: taken', { who: seatName(g, i) }))).join(', ');
    return [h('span', { class: 'lobby-game' }, title(g)),
      r.options ? ' · ' + optionWords(g, r.options) : '',
      ' · ', r.clock === 'none' ? t('No clock') : r.clock,
      r.rated ? ' · ' + t('rated') : '', ' · ', who];
  };
  const known = (r) => game(r);
  put(open, answer.open.filter(known).map((r) => h('li', { 'data-room': r.room }, line(r), ' ',
    h('button', { type: 'button', class: 'primary small', onclick: () => takeSeat(r.room, status) }, t('Take the seat')))));
  put(playing, answer.playing.filter(known).map((r) => h('li', { 'data-room': r.room }, line(r), ' ',
    h('a', { class: 'button small', href: '#room=' + r.room }, t('Watch')))));
  status.textContent = answer.open.length || answer.playing.length ? ''
    : t('Nobody is waiting or playing now: make a game with a player over the network and offer it here.');
  status.dataset.ready = 'true';
}

/* Quick pairing: a game of two and a clock, and the server finds the
 * opponent (seek); the socket stays open while waiting, and closing it
 * (leaving the page) calls the seek off. */
let seeking = null;

function stopSeeking() {
  if (seeking) seeking.close();
  seeking = null;
}

function quickGame() {
  const twos = GAMES.filter((g) => g.min <= 2 && g.max >= 2);
  const game = h('select', { id: 'seek-game', name: 'game' },
    twos.map((g) => h('option', { value: g.id, selected: g.id === 'chess' }, title(g))));
  const clock = h('select', { id: 'seek-clock', name: 'clock' },
    h('option', { value: 'none' }, t('No clock')), CLOCK_PRESETS.map((c) => h('option', { value: c, selected: c === '5+3' }, c)));
  const rated = me ? h('input', { type: 'checkbox', id: 'seek-rated' }) : null;
  const note = h('p', { class: 'help', id: 'seek-status', 'aria-live': 'polite' });
  const cancel = h('button', { type: 'button', id: 'seek-cancel', class: 'hidden', onclick: () => {
    stopSeeking();
    note.textContent = '';
    cancel.classList.add('hidden');
  } }, t('Cancel'));
  const find = h('button', { type: 'button', class: 'primary', id: 'seek', onclick: () => {
    stopSeeking();
    const ws = new WebSocket(socketUrl());
    seeking = ws;
    const message = { t: 'seek', game: game.value, id: 1 };
    if (clock.value !== 'none') message.clock = clock.value;
    if (rated && rated.checked) message.rated = true;
    ws.onopen = () => ws.send(JSON.stringify(message));
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.t === 'seeking') {
        note.textContent = t('Waiting for an opponent…');
        cancel.classList.remove('hidden');
      } else if (m.t === 'paired') {
        saveRoomKeys(m.room, { seats: { [m.seat]: m.token }, invites: {}, game: game.value, time: Date.now() });
        seeking = null;
        ws.close();
        location.hash = 'room=' + m.room;
      } else if (m.t === 'error') {
        note.textContent = serverError(m);
        stopSeeking();
      }
    };
    ws.onerror = () => { note.textContent = t('The server cannot be reached.'); };
  } }, t('Find an opponent'));
  return h('form', { class: 'quick', onsubmit: (e) => e.preventDefault() },
    h('h2', {}, t('Quick game')),
    h('label', { class: 'option' }, h('span', {}, t('Game')), game),
    h('label', { class: 'option' }, h('span', {}, t('Clock')), clock),
    rated ? h('label', { class: 'check' }, rated, h('span', {}, t('Rated'))) : null,
    h('div', { class: 'row' }, find, cancel), note);
}

/* A free seat of an open game: its secret kept, then the room. */
async function takeSeat(room, status) {
  try {
    const m = await request({ t: 'sit', room });
    if (m.t !== 'seated') throw new Error(serverError(m));
    const keys = roomKeys(room);
    keys.seats[m.seat] = m.token;
    saveRoomKeys(room, keys);
    location.hash = 'room=' + room;
  } catch (e) {
    status.textContent = e.message;
  }
}

/* ---- The games ------------------------------------------------------------------ */

function showHome() {
  document.title = 'Ludoteka';
  const saved = localStorage.getItem(SAVED);
  const upload = h('input', {
    type: 'file', accept: '.txt,.pgn,text/plain', class: 'hidden', id: 'upload',
    onchange: async (e) => {
      const file = e.target.files[0];
      if (!file) return;
      if (file.size > MAX_RECORD) return alert(t('That file is too large to be a game record.'));
      const text = await file.text();
      const answer = core.load(text);
      if (answer.error) return alert(t('This is not a record Ludoteka can read:') + '\n' + answer.error);
      localStorage.setItem(SAVED, core.record());
      localStorage.setItem(DICE_MODE, 'auto');
      location.hash = 'play';
    },
  });
  const groups = new Map();
  for (const g of GAMES) {
    if (!groups.has(g.group)) groups.set(g.group, []);
    groups.get(g.group).push(g);
  }
  const rooms = knownRooms().filter((r) => gameById(r.game)).slice(0, 8);
  onlineCheck.then(() => {
    const lobby = document.getElementById('lobby-link');
    if (lobby && online) lobby.classList.remove('hidden');
  });
  put(main,
    h('section', { class: 'intro' },
      h('p', {}, t('Historical board and dice games, played by their sources: against the computer here, or with others over the network.')),
      h('div', { class: 'row' },
        saved ? h('a', { class: 'button primary', href: '#play', id: 'continue' }, t('Continue the last game')) : null,
        h('label', { class: 'button', for: 'upload' }, t('Open a record…')), upload,
        h('a', { class: 'button hidden', href: '#lobby', id: 'lobby-link' }, t('The lobby: games over the network'))),
      rooms.length ? h('div', { class: 'row' }, h('span', {}, t('Your rooms:')), rooms.map((r) =>
        h('a', { class: 'button small', href: '#room=' + r.id }, `${title(gameById(r.game))} · ${r.id}`))) : null),
    ...[...groups.keys()].sort((a, b) => a - b).map((grp) =>
      h('section', { class: 'group' },
        h('h2', {}, groupName(grp)),
        h('ul', { class: 'games' }, groups.get(grp).map((g) =>
          h('li', { class: 'game', 'data-game': g.id },
            h('div', { class: 'game-title' }, title(g)),
            h('div', { class: 'game-sub' },
              g.min === g.max ? tn('{n} player', '{n} players', g.min)
                : t('{min}–{max} players', { min: number(g.min), max: number(g.max) }),
              g.chance ? ' · ' + t('with dice') : ''),
            h('div', { class: 'row' },
              h('a', { class: 'button primary', href: '#new=' + g.id }, t('Play')),
              h('a', { class: 'button', href: '#rules=' + g.id }, t('Rules')))))))));
}

/* A rule text as the terminal shows it, for any screen: its plain
 * paragraphs flow as paragraphs; what is laid out in columns (diagrams,
 * tables, the options) keeps its lines and scrolls sideways inside its
 * box when wider than the screen. */
function rulesBlocks(text) {
  return text.split(/\n\s*\n/).filter((b) => b.trim()).map((block) => {
    const lines = block.replace(/^\n+|\s+$/g, '').split('\n');
    const laidOut = lines.some((l) => /^\s/.test(l) || /\S {2,}\S/.test(l));
    return laidOut ? h('pre', { class: 'diagram' }, lines.join('\n'))
      : h('p', {}, lines.map((l) => l.trim()).join(' '));
  });
}

function showRules(id) {
  const g = gameById(id);
  if (!g) return showHome();
  document.title = title(g) + ' — Ludoteka';
  main.replaceChildren(h('section', { class: 'rules' },
    h('h1', {}, title(g)),
    h('p', { class: 'source' }, g.source),
    h('div', { class: 'rules-text' }, rulesBlocks(core.rules(id))),
    h('div', { class: 'row' },
      h('a', { class: 'button primary', href: '#new=' + id }, t('Play')),
      h('a', { class: 'button', href: '#' }, t('Back')))));
}

/* Options, players and seats, then a local game or a room. */
async function showSetup(id) {
  const g = gameById(id);
  if (!g) return showHome();
  await onlineCheck;
  document.title = title(g) + ' — Ludoteka';
  const form = h('form', { class: 'setup', id: 'setup' });
  const options = g.options.map((o) => {
    const input = o.choices
      ? h('select', { name: 'opt-' + o.name },
        o.choices.map((c, i) => h('option', { value: c.value, selected: i === o.def }, c.text)))
      : h('input', { type: 'number', name: 'opt-' + o.name, min: o.min, max: o.max, value: o.def });
    /* the option's name as the reader types it (the command line takes
     * it too, and the identifier) */
    return h('label', { class: 'option' },
      h('code', { class: 'option-name' }, o.label || o.name), input,
      h('span', { class: 'help' }, o.help));
  });
  const seatsBox = h('div', { class: 'seats-setup' });
  const count = h('select', { name: 'players', onchange: () => drawSeats() },
    [...Array(g.max - g.min + 1).keys()].map((k) =>
      h('option', { value: g.min + k, selected: g.min + k === (g.players || g.min) }, String(g.min + k))));
  const choices = [['human', t('Person here')],
    ...[1, 2, 3, 4, 5].map((n) => ['ai:level=' + n, computerLevel(n)])];
  if (online) choices.push(['remote', t('Player over the network')]);
  const drawSeats = () => {
    const n = Number(count.value);
    const old = [...seatsBox.querySelectorAll('select')].map((s) => s.value);
    seatsBox.replaceChildren(...[...Array(n).keys()].map((i) =>
      h('label', { class: 'seat' },
        h('span', {}, seatName(g, i)),
        h('select', { name: 'seat-' + i },
          choices.map(([v, text]) => h('option', {
            value: v, selected: v === (old[i] || (i === 0 ? 'human' : 'ai:level=3')),
          }, text))))));
  };
  drawSeats();
  /* the time control: none, a few presets, or one typed in */
  const custom = h('input', {
    name: 'clock-custom', id: 'clock-custom', class: 'hidden', autocomplete: 'off',
    placeholder: '0:30+0, 5d3, 30/move, 3days',
  });
  const clock = h('select', {
    name: 'clock', id: 'clock',
    onchange: () => custom.classList.toggle('hidden', clock.value !== 'custom'),
  }, h('option', { value: 'none' }, t('No clock')),
  CLOCK_PRESETS.map((c) => h('option', { value: c }, c)),
  h('option', { value: 'custom' }, t('Other…')));
  const clockText = () => (clock.value === 'custom' ? custom.value.trim() || 'none' : clock.value);
  /* the dice: thrown here by the computer, or thrown at the table and
   * typed in (as `ludoteka play --dice manual`) */
  const dice = g.chance ? h('label', { class: 'option' }, h('span', {}, t('Dice')),
    h('select', { name: 'dice', id: 'dice-mode' },
      h('option', { value: 'auto', selected: true }, t('thrown by the computer')),
      h('option', { value: 'manual' }, t('entered by hand')))) : null;
  /* (DOM append writes a null as the text "null": only the parts there) */
  form.append(...[
    h('h1', {}, title(g)),
    options.length ? h('fieldset', {}, h('legend', {}, t('Options')), options) : null,
    h('fieldset', {}, h('legend', {}, t('Players')),
      g.min !== g.max ? h('label', { class: 'option' }, h('span', {}, t('How many')), count) : null,
      seatsBox,
      online ? h('p', { class: 'help' }, t('Players over the network get a link to their seat once the room is made.')) : null,
      online ? h('label', { class: 'option' }, h('span', {}, t('A player who leaves the room')),
        h('select', { name: 'away', id: 'away', onchange: (e) => {
          form.elements.away_then.disabled = e.target.value === '0';
        } },
          h('option', { value: '0' }, t('is waited for')),
          h('option', { value: '30' }, t('half a minute away')),
          h('option', { value: '60', selected: true }, t('a minute away')),
          h('option', { value: '300' }, t('five minutes away')),
          h('option', { value: '3600' }, t('an hour away')))) : null,
      online ? h('label', { class: 'option' }, h('span', {}, t('and then')),
        h('select', { name: 'away_then', id: 'away-then' },
          h('option', { value: 'forfeit', selected: true }, t('loses the game')),
          h('option', { value: 'computer' }, t('a computer plays for them'))),
        h('span', { class: 'help' }, t('The player who comes back takes the seat again. In a rated game, a player a computer played for loses the rating points whatever the board says.'))) : null,
      online && me && g.min <= 2 ? h('label', { class: 'check' },
        h('input', { type: 'checkbox', name: 'rated', id: 'rated' }),
        h('span', {}, t('Rated: two people, each logged in; the result moves their ratings.'))) : null,
      online ? h('label', { class: 'check' },
        h('input', { type: 'checkbox', name: 'lobby', id: 'lobby-open' }),
        h('span', {}, t('Offer the seats over the network in the lobby too: anyone may take them.'))) : null),
    h('fieldset', {}, h('legend', {}, t('Clock')),
      h('label', { class: 'option' }, h('span', {}, t('Time for each player')), clock, custom,
        h('span', { class: 'help' }, tParts('Minutes + seconds added after each move ({example}). Others: {forms} ({delay}: a delay of 3 s a move).',
          { example: h('code', {}, '5+3'), forms: h('code', {}, '0:30+0, 5d3, 30/move, 3days'), delay: h('code', {}, '5d3') })))),
    dice ? h('fieldset', {}, h('legend', {}, t('Dice')), dice) : null,
    h('p', { class: 'error', id: 'setup-error' }),
    h('div', { class: 'row' },
      h('button', { type: 'submit', class: 'primary', id: 'start' }, t('Start')),
      h('a', { class: 'button', href: '#rules=' + id }, t('Rules')),
      h('a', { class: 'button', href: '#' }, t('Back')))].filter(Boolean));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const optionText = g.options.map((o) => o.name + '=' + form.elements['opt-' + o.name].value).join(' ');
    const seats = [...seatsBox.querySelectorAll('select')].map((s) => s.value);
    const error = document.getElementById('setup-error');
    if (seats.includes('remote')) {
      error.textContent = t('Making the room…');
      try {
        const create = {
          t: 'create', game: id, options: optionText,
          seats: seats.map((s) => (s === 'remote' ? 'human' : s)),
        };
        if (clockText() !== 'none') create.clock = clockText();
        if (form.elements.lobby && form.elements.lobby.checked) create.open = true;
        if (form.elements.rated && form.elements.rated.checked) create.rated = true;
        if (form.elements.away && Number(form.elements.away.value) > 0) {
          create.away = Number(form.elements.away.value);
          create.away_then = form.elements.away_then.value;
        }
        const answer = await request(create);
        if (answer.t !== 'created') throw new Error(serverError(answer));
        const keys = { seats: {}, invites: {} };
        seats.forEach((s, i) => {
          if (s === 'human') keys.seats[i] = answer.tokens[i];
          if (s === 'remote') keys.invites[i] = answer.tokens[i];
        });
        saveRoomKeys(answer.room, keys);
        location.hash = 'room=' + answer.room;
      } catch (err) {
        error.textContent = t('The room could not be made:') + ' ' + err.message;
      }
      return;
    }
    const answer = core.newGame(id, optionText, seats, randomSeed(), clockText());
    if (answer.error) {
      error.textContent = answer.error;
      return;
    }
    localStorage.setItem(SAVED, core.record());
    localStorage.setItem(DICE_MODE, form.elements.dice ? form.elements.dice.value : 'auto');
    location.hash = 'play';
  });
  main.replaceChildren(form);
}

/* ---- A game on screen ----------------------------------------------------------- */

/* What a game on screen shows and how a move or a command is made;
 * LocalGame and RoomGame differ in where the game is kept and who plays
 * the moves.  `info` is the game as it stands (core.info, with a room's
 * own clock, offer and end over it), `view` the position drawn. */
class GameView {
  constructor(game) {
    this.game = game;
    this.viewPly = null; /* null: the live position */
    this.selected = -1;
    this.hintCells = [];
    this.message = '';
    this.flip = false;
    this.turnBoard = localStorage.getItem(TURN_BOARD) === 'yes';
    this.clockState = null; /* {left: [ms], running, at: performance.now()} */
    this.build();
    this.timer = setInterval(() => this.tickClocks(), TICK_MS);
  }

  build() {
    const g = this.game;
    const e = (id) => h('div', { id, class: id });
    this.el = {
      status: e('status'), result: h('p', { id: 'result', class: 'result hidden', 'aria-live': 'polite' }),
      clocks: e('clocks'), board: e('board-host'), legend: e('legend-host'), dice: e('dice'), actions: e('actions'),
      controls: h('div', { id: 'controls', class: 'row controls' }),
      info: h('ul', { class: 'info', id: 'info' }),
      seats: h('ul', { class: 'seats', id: 'seats' }), moves: h('ol', { class: 'moves', id: 'moves' }),
      odds: e('odds'), extra: e('extra'), message: h('p', { class: 'message', id: 'message', 'aria-live': 'polite' }),
    };
    const typed = h('input', { name: 'move', placeholder: t('or type a move'), autocomplete: 'off', id: 'typed' });
    const nav = (label, title, f) => h('button', { type: 'button', class: 'small', title, onclick: f }, label);
    this.buttons = h('div', { class: 'row buttons' });
    /* the dice: the last throw with its thrower, and the dice typed in */
    this.el.throwLine = h('p', { class: 'throw-line', id: 'throw-line' });
    this.el.manual = h('form', { class: 'row manual-dice hidden', id: 'manual-dice', novalidate: true, onsubmit: (ev) => ev.preventDefault() });
    this.el.settings = h('div', { class: 'row settings', id: 'settings' });
    /* moves and results for screen readers */
    this.el.announce = h('p', { id: 'announce', class: 'sr-only', role: 'status', 'aria-live': 'polite' });
    /* On a wide screen the board, and beside it the game's state, its
     * buttons, then the panel; on a phone one column (style.css orders
     * it: the state above the board, the buttons under it). */
    main.replaceChildren(h('section', { class: 'play', 'data-game': g.id },
      h('div', { class: 'stage' }, this.el.board, this.el.legend),
      h('div', { class: 'side' },
        h('h1', {}, title(g)), this.el.status, this.el.result, this.el.clocks,
        h('div', { class: 'dice-area', id: 'dice-area' }, this.el.dice, this.el.throwLine),
        this.el.manual, this.el.actions, this.el.message, this.el.info, this.el.odds, this.el.controls,
        h('aside', { class: 'panel' },
          this.el.seats,
          h('div', { class: 'row nav' },
            nav('«', t('First position'), () => this.goto(0)),
            nav('‹', t('Previous move'), () => this.goto(this.ply() - 1)),
            nav('›', t('Next move'), () => this.goto(this.ply() + 1)),
            nav('»', t('Last position'), () => this.goto(null))),
          this.el.moves,
          h('form', {
            class: 'row typed', onsubmit: (ev) => {
              ev.preventDefault();
              if (typed.value.trim()) this.move(typed.value.trim());
              typed.value = '';
            },
          }, typed, h('button', { type: 'submit', class: 'small' }, t('Play'))),
          this.buttons, this.el.settings, this.el.extra)),
      this.el.announce));
    this.keys = (ev) => {
      if (ev.target.tagName === 'INPUT' || ev.target.tagName === 'SELECT') return;
      if (ev.key === 'ArrowLeft') this.goto(this.ply() - 1);
      if (ev.key === 'ArrowRight') this.goto(this.ply() + 1);
    };
    document.addEventListener('keydown', this.keys);
  }

  close() {
    document.removeEventListener('keydown', this.keys);
    clearInterval(this.timer);
  }

  ply() {
    if (!this.info) return 0;
    return this.viewPly === null ? this.info.moves.length : this.viewPly;
  }

  goto(ply) {
    if (!this.info) return;
    const n = this.info.moves.length;
    this.viewPly = ply === null || ply >= n ? null : Math.max(0, ply);
    this.selected = -1;
    this.render();
  }

  say(text) {
    this.message = text;
    if (this.el) this.el.message.textContent = text;
  }

  /* The events of a command in words, but the moves (the board shows
   * them), an offer (shown with its answers) and the result (shown under
   * the status); the command's refusal instead, if it was refused. */
  sayAnswer(answer, clear) {
    const text = answer.error || (answer.events || [])
      .filter((e) => !['moved', 'offered', 'result'].includes(e.kind)).map((e) => e.text + '.').join(' ');
    if (text || clear) this.say(text);
  }

  /* Can this page move for seat p now? */
  mine(p) {
    return p >= 0 && this.mySeats().has(p);
  }

  seatName(i) {
    return (this.info && this.info.seats[i]) || seatName(this.game, i);
  }

  /* The side the board is seen from: the one seat played here, the
   * first of several, else the first seat. */
  viewer() {
    const mine = [...this.mySeats()].sort((a, b) => a - b);
    return mine.length ? mine[0] : 0;
  }

  /* Who here resigns, offers a draw, claims or aborts: the seat to move
   * if it is played here, else the last seat here that moved. */
  actor() {
    if (this.mine(this.info.to)) return this.info.to;
    const last = this.lastDecider();
    return last >= 0 ? last : this.viewer();
  }

  /* The seat here that made the last decision (not a throw), or -1: the
   * one a takeback is for. */
  lastDecider() {
    const moves = this.info.moves;
    for (let k = moves.length - 1; k >= 0; k--)
      if (!moves[k].chance && this.mine(moves[k].seat)) return moves[k].seat;
    return -1;
  }

  /* Redraws everything from the core's view of the game. */
  render() {
    const g = this.game;
    this.info = this.readInfo();
    const info = this.info;
    const live = this.viewPly === null;
    const v = core.view(live ? -1 : this.viewPly, this.boardSeat(), this.flip);
    if (live && info.to === -2) {
      v.to = -2; /* a room's game ended by its server: resigned, on time... */
      v.legal = [];
    }
    this.view = v;
    const colours = seatColours(g.colours.slice(0, info.players.length));
    this.colours = colours;
    const interactive = live && this.mine(v.to) && !this.busy;
    const legal = interactive ? v.legal : [];
    /* a move is a target cell, or a from and a to cell; some are neither */
    const fromOf = (a) => (a.cells.length >= 2 ? a.cells[0] : -1);
    const toOf = (a) => (a.cells.length >= 2 ? a.cells[1] : a.cells.length === 1 ? a.cells[0] : -1);
    /* a capture chain goes on: its piece stays selected */
    const chain = this.chainCell(v, legal);
    if (this.selected < 0 && chain >= 0) this.selected = chain;
    /* where a piece may go from the selection; with none, the cells a
     * move is a click on (placing a piece, a man to remove) */
    const single = legal.filter((a) => a.cells.length === 1).map((a) => a.cells[0]);
    const targets = this.selected >= 0 ? legal.filter((a) => fromOf(a) === this.selected).map(toOf) : single;
    const movable = legal.filter((a) => a.cells.length).map((a) => a.cells[0]);
    const pick = (list) => {
      if (list.length === 1) this.move(list[0].name);
      else if (list.length > 1) this.choose(list);
    };
    drawBoard(this.el.board, v, {
      colours,
      label: title(g),
      strings: { board: t('board') },
      describe: (p) => (p.owner >= 0
        ? t('{piece} ({seat})', { piece: pieceName(g.id, p.kind) || p.text, seat: this.seatName(p.owner) })
        : pieceName(g.id, p.kind) || p.text),
      legal,
      onReserve: interactive ? (list) => pick(list) : null,
      selected: this.selected,
      targets,
      movable,
      last: v.last,
      hint: live ? this.hintCells : analysisHint(this, this.viewPly),
      onCell: interactive ? (cell, how) => {
        const to = legal.filter((a) => fromOf(a) === this.selected && toOf(a) === cell);
        const here = legal.filter((a) => a.cells.length === 1 && a.cells[0] === cell);
        const from = legal.filter((a) => fromOf(a) === cell);
        if (how === 'drag') {
          this.selected = cell;
          return;
        }
        if (this.selected >= 0 && to.length) return pick(to);
        if (chain >= 0 && cell === chain) return; /* "stop" is a button */
        if (from.length && cell !== this.selected) {
          this.selected = cell;
          return this.render();
        }
        if (here.length) return pick(here);
        if (chain >= 0) return; /* the chain's piece stays selected */
        this.selected = -1;
        this.render();
      } : null,
      targetsOf: (cell) => legal.filter((a) => fromOf(a) === cell).map(toOf),
      onDrag: interactive ? (fromCell, toCell) => {
        const list = legal.filter((a) => fromOf(a) === fromCell && toOf(a) === toCell);
        if (list.length) pick(list);
        else {
          this.selected = fromCell;
          this.render();
        }
      } : null,
    });
    this.fitBoard();
    drawLegend(this.el.legend, g.id, v, colours, this.viewer());
    drawDice(this.el.dice, v.dice, colours);
    this.renderThrow(v);
    this.el.info.replaceChildren(...v.info.map((line) => h('li', {}, line)));
    /* a removal asked for in place: every move a click on a man of
     * another seat, in the turn the same player began */
    const removal = single.length && single.length === legal.length && this.sameTurn(v)
      && single.every((c) => v.pieces.some((p) => p.cell === c && p.owner >= 0 && p.owner !== v.to));
    /* moves that are no cells (stop, throw, pass...) as buttons; in a
     * chain, the one that stops it said so */
    const stop = chain >= 0 ? this.chainStop(chain, legal) : null;
    const offBoard = legal.filter((a) => a.cells.length === 0 && a !== stop);
    put(this.el.actions,
      removal ? h('span', { class: 'prompt', id: 'prompt' }, t("Remove one of the opponent's men")) : null,
      chain >= 0 ? h('span', { class: 'prompt', id: 'prompt' }, t('Capture again with the same piece')) : null,
      stop ? h('button', {
        type: 'button', class: 'action primary stop', 'data-move': stop.name, id: 'stop-chain',
        onclick: () => this.move(stop.name),
      }, t('Stop here ({move})', { move: stop.shown || stop.name })) : null,
      offBoard.map((a) => h('button', {
        type: 'button', class: 'action', 'data-move': a.name, onclick: () => this.move(a.name),
      }, a.shown || a.name)),
      live ? this.liveActions(v) : []);
    if (!live) this.el.manual.classList.add('hidden');
    this.renderStatus(v);
    this.renderResult();
    this.clockState = info.clock;
    this.renderClocks();
    this.renderMoves();
    this.renderSeats();
    this.renderControls();
    this.renderButtons();
    this.renderSettings();
    this.announce();
    this.el.message.textContent = this.message;
    /* what the page offers, for scripts and tests: the legal moves here
     * with their cells, the position, who is to move, the board's turn */
    const b = this.el.board.dataset;
    b.moves = JSON.stringify(legal);
    b.ply = String(this.ply());
    b.to = String(v.to);
    b.pos = v.pos;
    b.turns = String(v.turns);
    b.viewer = String(this.viewer());
    b.thrower = String(info.thrower ?? -1);
  }

  /* Buttons for the live position besides its moves (the dice). */
  liveActions() {
    return [];
  }

  /* The seat the board is seen from: the viewer's, or at one device
   * with several people, the one to move if they want it turned. */
  boardSeat() {
    const to = this.info.to;
    if (this.turnBoard && this.mySeats().size > 1 && this.viewPly === null && this.mine(to)) return to;
    return this.viewer();
  }

  /* Did the player to move make the last action too (a turn of several
   * steps: a capture chain, a mill and its removal)? */
  sameTurn(v) {
    const moves = this.info.moves;
    const k = (this.viewPly === null ? moves.length : this.viewPly) - 1;
    return v.to >= 0 && k >= 0 && !moves[k].chance && moves[k].seat === v.to;
  }

  /* The cell a capture chain goes on from (where the last jump landed,
   * when every move starts there), or -1. */
  chainCell(v, legal) {
    if (!legal.length || !this.sameTurn(v) || !v.last || v.last.length < 2) return -1;
    const moving = legal.filter((a) => a.cells.length >= 2);
    const land = moving.length ? moving[0].cells[0] : -1;
    if (!v.last.includes(land) || v.last[0] === land) return -1;
    /* a move on the piece's own cell alone stops the chain */
    return legal.every((a) => a.cells.length === 0 || a.cells[0] === land) ? land : -1;
  }

  /* The move that ends a capture chain where it is: the one off the board,
   * or the one on the chain's own cell alone (alquerque's "stop"). */
  chainStop(chain, legal) {
    const stops = legal.filter((a) => a.cells.length === 0 || (a.cells.length === 1 && a.cells[0] === chain));
    return stops.length === 1 ? stops[0] : null;
  }

  /* The board as large as the screen lets it be: its shape (the SVG's
   * width over its height) tells the style sheet how wide it may be. */
  fitBoard() {
    const svg = this.el.board.querySelector('svg.board');
    const box = svg && svg.viewBox.baseVal;
    if (box && box.height > 0) this.el.board.style.setProperty('--aspect', String(box.width / box.height));
  }

  /* The last throw in words, with its thrower. */
  renderThrow(v) {
    const moves = this.info.moves;
    const n = this.viewPly === null ? moves.length : this.viewPly;
    let k = n - 1;
    while (k >= 0 && !moves[k].chance) k--;
    const shown = k >= 0 && v.dice.length > 0;
    this.el.throwLine.textContent = !shown ? ''
      : moves[k].seat >= 0 ? t('{who} threw {dice}.', { who: this.seatName(moves[k].seat), dice: moves[k].shown || moves[k].name })
        : t('The dice showed {dice}.', { dice: moves[k].shown || moves[k].name });
    this.el.throwLine.dataset.ply = shown ? String(k + 1) : '';
  }

  /* The new actions since the last look, for screen readers, and a tone
   * if sound is on. */
  announce() {
    const info = this.info;
    const n = info.moves.length;
    const seen = this.announced;
    this.announced = n;
    const ended = !!info.end && !this.endAnnounced;
    this.endAnnounced = !!info.end;
    if (seen === undefined || (n <= seen && !ended)) return;
    const said = [];
    for (let k = Math.max(seen, n - 4); k < n; k++) {
      const m = info.moves[k];
      const what = m.shown || m.name;
      if (m.chance) said.push(m.seat >= 0 ? t('{who} threw {dice}.', { who: this.seatName(m.seat), dice: what }) : t('The dice showed {dice}.', { dice: what }));
      else said.push(t('{who} played {move}.', { who: this.seatName(m.seat), move: what }));
    }
    if (ended) said.push(info.end.text);
    this.el.announce.textContent = said.join(' ');
    if (n > seen) playTone(info.moves[n - 1].chance ? 660 : 440);
  }

  /* Switches of the page, kept in the browser: sound, and at one device
   * with several people, the board turned to the player to move (made
   * once, so that a redraw keeps the focus on them). */
  renderSettings() {
    if (!this.el.settings.childElementCount) {
      const sound = h('input', {
        type: 'checkbox', id: 'sound', checked: soundOn(),
        onchange: (e) => {
          localStorage.setItem(SOUND, e.target.checked ? 'on' : 'off');
          if (e.target.checked) playTone(520);
        },
      });
      const turn = h('input', {
        type: 'checkbox', id: 'turn-board', checked: this.turnBoard,
        onchange: (e) => {
          this.turnBoard = e.target.checked;
          localStorage.setItem(TURN_BOARD, this.turnBoard ? 'yes' : 'no');
          this.selected = -1;
          this.render();
        },
      });
      this.turnSwitch = h('label', { class: 'check' }, turn, h('span', {}, t('Turn the board to the player to move')));
      put(this.el.settings, h('label', { class: 'check' }, sound, h('span', {}, t('Sound on moves'))), this.turnSwitch);
    }
    this.turnSwitch.classList.toggle('hidden', this.mySeats().size < 2);
  }

  /* Several moves end on the same cell (a promotion, a choice of
   * captures): the player says which. */
  choose(list) {
    this.el.actions.replaceChildren(h('span', {}, t('Which move?')), ...list.map((a) =>
      h('button', { type: 'button', class: 'action', 'data-move': a.name, onclick: () => this.move(a.name) }, a.shown || a.name)),
    h('button', { type: 'button', class: 'small', onclick: () => { this.selected = -1; this.render(); } }, t('Cancel')));
  }

  renderStatus(v) {
    let text;
    if (v.to === -2) {
      text = t('The game is over.');
    } else if (v.to === -1) {
      text = t('The dice are to be thrown.');
    } else {
      const who = this.seatName(v.to);
      if (this.mine(v.to)) text = t('{who}: your move.', { who });
      else if (this.busy) text = t('{who} is thinking…', { who });
      else text = t('{who} to move.', { who });
    }
    if (this.viewPly !== null) text = t('Position after move {k} of {n}.', { k: number(this.viewPly), n: number(this.info.moves.length) }) + ' ' + text;
    this.el.status.textContent = text;
    this.el.status.dataset.over = String(v.to === -2);
  }

  /* The result with its reason, as the core words it, under the status
   * while the game is over (also while earlier positions are shown). */
  renderResult() {
    const end = this.info.end;
    this.el.result.textContent = end ? end.text : '';
    this.el.result.classList.toggle('hidden', !end);
    this.el.result.dataset.reason = end ? end.reason : '';
  }

  /* Every seat's time, the running one counted down from when it was
   * read. */
  renderClocks() {
    const c = this.clockState;
    if (!c) {
      this.el.clocks.replaceChildren();
      return;
    }
    const now = performance.now();
    put(this.el.clocks, c.left.map((ms, i) => {
      const left = ms < 0 ? -1 : Math.max(0, ms - (i === c.running ? now - c.at : 0));
      return h('span', {
        class: 'clock' + (i === c.running ? ' running' : '') + (left >= 0 && left < 10000 ? ' low' : ''),
        'data-seat': i, 'data-ms': Math.round(left),
      }, h('span', { class: 'dot', style: `background:${this.colours[i]}` }), this.seatName(i), ' ',
      h('b', {}, left < 0 ? '—' : core.clockText(left)));
    }));
  }

  /* Called every TICK_MS: the running clock goes down on screen. */
  tickClocks() {
    if (this.clockState && this.clockState.running >= 0) this.renderClocks();
  }

  /* The move list as the core numbers it: full moves (`1. e4 e5`),
   * rounds with a column per seat, or turns with their thrower. */
  renderMoves() {
    const info = this.info;
    const ply = this.ply();
    const turns = this.game.numbering === 'turns';
    const seats = info.seats.length;
    const plyEl = (k) => {
      const m = info.moves[k];
      return h('span', {
        class: 'ply' + (m.chance ? ' chance' : '') + (k + 1 === ply ? ' current' : ''),
        'data-ply': k + 1, onclick: () => this.goto(k + 1),
      }, (m.chance ? '⚄\u00a0' : '') + (m.shown || m.name));
    };
    const cell = ([first, count]) => {
      const list = [];
      for (let k = first; k < first + count; k++) list.push(plyEl(k), ' ');
      return list;
    };
    const dot = (i) => h('span', { class: 'dot', style: `background:${this.colours[i]}` });
    const rows = info.rows.map((row) => {
      if (turns) {
        const i = row.cells.findIndex(([, count]) => count > 0);
        return h('li', { class: 'row turn' }, h('span', { class: 'num' }, row.n + '.'), ' ',
          h('span', { class: 'cell' }, dot(i), this.seatName(i), ': ', cell(row.cells[i])));
      }
      return h('li', { class: `row cols-${seats}` }, h('span', { class: 'num' }, row.n + '.'), ' ',
        row.cells.map((c, i) => [h('span', { class: 'cell' },
          c[1] ? cell(c) : (i === 0 ? '…' : '')), ' ']));
    });
    /* three or four seats: their names over the columns */
    const head = !turns && seats > 2 ? h('li', { class: `row head cols-${seats}` }, h('span', { class: 'num' }),
      info.seats.map((name, i) => h('span', { class: 'cell' }, dot(i), name))) : null;
    put(this.el.moves, head, rows);
    const cur = this.el.moves.querySelector('.current');
    if (cur) cur.scrollIntoView({ block: 'nearest' });
  }

  renderSeats() {
    this.el.seats.replaceChildren(...this.info.players.map((spec, i) =>
      h('li', { class: (this.view.to === i ? 'to-move' : '') + (this.info.in[i] === false ? ' out' : '') },
        h('span', { class: 'dot', style: `background:${this.colours[i]}` }),
        this.seatName(i), ' — ', this.seatLabel(i, spec))));
  }

  /* Resign, draws, takebacks, the answer to an offer, claims, abort,
   * rematch and flip; which of them the game allows now. */
  renderControls() {
    const info = this.info;
    const over = info.to === -2;
    const here = this.mySeats().size > 0;
    const button = (id, label, f, cls) => h('button', { type: 'button', id, class: cls, onclick: f }, label);
    const offer = info.offer;
    const answerer = offer && this.mine(offer.waiting) ? offer.waiting : -1;
    const several = this.mySeats().size > 1;
    put(this.el.controls,
      offer ? h('span', { class: 'offer', id: 'offer', 'data-kind': offer.kind },
        t(offer.kind === 'draw' ? 'offer-draw-from' : 'offer-takeback-from', this.seatName(offer.from))) : null,
      answerer >= 0 ? [
        several ? h('span', {}, t('Answer for {who}:', { who: this.seatName(answerer) })) : null,
        button('accept', t('Accept'), () => this.act(answerer, 'accept'), 'primary'),
        button('decline', t('Decline'), () => this.act(answerer, 'decline'))] : null,
      here && !over && info.claimable && this.mine(info.to)
        ? h('button', { type: 'button', id: 'claim', class: 'primary', title: info.claimable, onclick: () => this.act(info.to, 'claim') }, t('Claim a draw')) : null,
      here && !over && !offer ? button('draw', t('Offer a draw'), () => this.act(this.actor(), 'draw')) : null,
      here ? this.takebackButtons(over, offer) : null,
      here && !over && info.abortable ? button('abort', t('Abort the game'), () => this.act(this.actor(), 'abort')) : null,
      here && !over ? button('resign', t('Resign'), () => this.act(this.actor(), 'resign')) : null,
      here && over ? button('rematch', t('Rematch'), () => this.rematch(), 'primary') : null,
      here ? this.levelChoice() : null,
      !this.view.cells.length ? null : button('flip', t('Flip the board'), () => {
        this.flip = !this.flip;
        this.selected = -1;
        this.render();
      }));
  }

  /* A choice for the next game, where there is one. */
  levelChoice() {
    return null;
  }

  /* Between people a takeback is asked for (and answered). */
  takebackButtons(over, offer) {
    const seat = this.lastDecider();
    if (over || offer || seat < 0) return null;
    return h('button', { type: 'button', id: 'takeback', onclick: () => this.act(seat, 'takeback') }, t('Ask to take back'));
  }

  /* Odds of the turn in progress, for the games that know them exactly. */
  async showOdds() {
    const g = this.game;
    if (!g.odds || this.info.to === -2) {
      this.el.odds.replaceChildren();
      return;
    }
    const ply = this.info.moves.length;
    const answer = await thinker.ask({ kind: 'odds', record: core.record() });
    if (answer.cancelled || !this.info || ply !== this.info.moves.length) return;
    if (answer.error) {
      this.el.odds.replaceChildren(h('p', { class: 'help' }, answer.error));
      return;
    }
    const pct = (e) => t('{number}%', { number: number(100 * e.decimal, 2) });
    const exact = (e) => (e.exact && e.exact.length <= 24 ? ` (${e.exact})` : '');
    const known = answer.win.map((e, i) => [e, i]).filter(([e]) => e.known);
    const best = answer.choices.reduce((b, c, k) => (b < 0 || c.value.decimal > answer.choices[b].value.decimal ? k : b), -1);
    this.el.odds.dataset.ply = String(ply);
    put(this.el.odds, h('h3', {}, t('Odds of the turn (exact)')),
      known.length ? h('ul', {}, known.map(([e, i]) =>
        h('li', { 'data-seat': i, 'data-exact': e.exact, title: e.exact },
          this.seatName(i), ': ', h('b', {}, pct(e)), exact(e)))) : null,
      answer.none.known ? h('p', {}, t('Nobody wins it:'), ' ', pct(answer.none)) : null,
      answer.value_seat >= 0 && answer.value.known
        ? h('p', {}, t('Stakes {who} can expect:', { who: this.seatName(answer.value_seat) }), ' ', number(answer.value.decimal, 4), exact(answer.value)) : null,
      answer.choices.length ? h('ul', { class: 'choices' }, answer.choices.map((c, k) =>
        h('li', { class: k === best ? 'best' : '' }, c.shown || c.name, ': ', number(c.value.decimal, 4), exact(c.value)))) : null,
      answer.note ? h('p', { class: 'help' }, answer.note) : null);
  }
}

/* A game played in this browser: people here and computer players.  The
 * game is the core's session; the computer's moves are searched in the
 * worker on a copy and handed back as moves of its seat, so its thinking
 * time counts on its clock. */
class LocalGame extends GameView {
  constructor(game) {
    super(game);
    this.autoRoll = localStorage.getItem(AUTOROLL) === 'yes';
    this.diceManual = localStorage.getItem(DICE_MODE) === 'manual';
    this.version = 0; /* goes up with every change of the game */
    this.onHide = () => this.save();
    window.addEventListener('pagehide', this.onHide);
    this.refresh();
  }

  readInfo() {
    const info = core.info();
    if (info.clock) info.clock.at = performance.now();
    return info;
  }

  mySeats() {
    return new Set(this.info.players.map((s, i) => (isComputer(s) ? -1 : i)).filter((i) => i >= 0));
  }

  seatLabel(i, spec) {
    return specLabel(spec);
  }

  /* Against the computer alone: undo and redo at once. */
  againstComputer() {
    return this.mySeats().size === 1;
  }

  close() {
    super.close();
    this.closed = true;
    window.removeEventListener('pagehide', this.onHide);
    this.save();
    thinker.cancel();
  }

  save() {
    localStorage.setItem(SAVED, core.record());
  }

  /* After every change: draw, then let the dice or the computer act. */
  refresh() {
    this.version++;
    this.hintCells = [];
    this.render();
    this.showOdds();
    this.step();
  }

  /* What a command did: its words, the game saved and drawn again. */
  changed(answer, clear) {
    this.sayAnswer(answer, clear);
    this.selected = -1;
    this.save();
    this.refresh();
  }

  /* A command of a seat here; whatever the computer was thinking about
   * is no longer asked. */
  act(seat, name, arg) {
    if (this.busy) thinker.cancel();
    this.viewPly = null;
    this.changed(core.command(seat, name, arg), true);
  }

  /* The next game; its computer seats at the level chosen for it. */
  rematch() {
    this.flip = false;
    if (this.busy) thinker.cancel();
    this.viewPly = null;
    const answer = core.command(-1, 'rematch');
    const level = this.nextLevel;
    if (!answer.error && level) {
      const atLevel = (spec) => (isComputer(spec) && /^ai(:level=\d)?$/.test(spec) ? 'ai:level=' + level : spec);
      /* (a RegExp of a string: xgettext reads a quote in a literal
       * as a string's start) */
      const record = core.record().replace(new RegExp('^\\[Players "([^"]*)"\\]$', 'm'),
        (line, list) => '[Players "' + list.split(',').map(atLevel).join(',') + '"]');
      const loaded = core.load(record);
      if (loaded.error) return this.changed(loaded, true);
    }
    this.changed(answer, true);
  }

  /* A computer's level for the next game, near Rematch and New game. */
  levelChoice() {
    const levels = this.info.players.filter(isComputer).map((spec) => {
      const m = /^ai(?::level=(\d))?$/.exec(spec);
      return m ? Number(m[1] || 3) : 0;
    }).filter((n) => n > 0);
    if (!levels.length) return null;
    const select = h('select', {
      id: 'next-level', onchange: (e) => { this.nextLevel = Number(e.target.value); },
    }, [1, 2, 3, 4, 5].map((n) => h('option', { value: n, selected: n === (this.nextLevel || levels[0]) }, computerLevel(n))));
    return h('label', { class: 'next-level' }, h('span', {}, t('Next game:')), ' ', select);
  }

  /* Typed dice, as thrown at the table: a field for each die. */
  enterDice(inputs) {
    const faces = inputs.map((i) => Number(i.value));
    if (faces.some((f) => !(f >= 1 && f <= 6))) {
      this.say(t('Type each die from 1 to 6.'));
      this.el.message.textContent = this.message;
      return;
    }
    this.changed(core.command(-1, 'move', faces.join('-')), true);
  }

  /* The dice are thrown by a person here, unless they said to throw
   * them automatically or nobody here plays; a computer's own throws are
   * thrown for it when its clock runs. */
  throwsByHand() {
    const clock = this.info.clock;
    if (clock && clock.running >= 0 && !this.mine(clock.running)) return false;
    if (this.info.thrower >= 0 && !this.mine(this.info.thrower)) return false;
    return this.mySeats().size > 0 && !this.autoRoll;
  }

  step() {
    if (this.closed || this.viewPly !== null || this.busy) return;
    const to = this.info.to;
    const version = this.version;
    if (to === -1) {
      if (this.diceManual || this.throwsByHand()) return;
      setTimeout(() => {
        if (!this.closed && version === this.version) this.changed(core.step(), false);
      }, this.mySeats().size ? 250 : 120);
      return;
    }
    if (to < 0 || !isComputer(this.info.players[to])) return;
    const asked = core.step();
    if (!('think' in asked)) {
      this.changed(asked, false); /* it claimed a draw */
      return;
    }
    this.busy = true;
    this.render();
    thinker.ask({ kind: 'think', record: core.record(), spec: '', seconds: 30 }).then((answer) => {
      this.busy = false;
      if (this.closed) return;
      if (answer.cancelled || version !== this.version) {
        this.render();
        this.step();
        return;
      }
      if (answer.error) return this.say(answer.error);
      this.changed(core.command(to, 'move', answer.name), false);
    });
  }

  /* The running clock, as the session sees it: a flag that falls ends
   * the game (or takes the seat out of it) by the session's rules. */
  tickClocks() {
    if (!this.clockState || this.clockState.running < 0) return;
    const tick = core.tick();
    if (tick.flag || tick.events.length) {
      if (this.busy) thinker.cancel();
      this.changed(tick, false);
      return;
    }
    this.clockState = { ...tick.clock, at: performance.now() };
    this.renderClocks();
  }

  goto(ply) {
    super.goto(ply);
    this.step(); /* back at the live position: play on */
  }

  liveActions(v) {
    this.renderManual(v);
    if (v.to !== -1 || this.diceManual || !this.throwsByHand()) return [];
    return [h('button', {
      type: 'button', class: 'primary', id: 'roll', onclick: () => this.changed(core.step(), false),
    }, t('Throw the dice'))];
  }

  /* ...and in a game of dice, whether the page throws the person's dice
   * too (a switch that stays, so that it can be turned off again) */
  renderSettings() {
    super.renderSettings();
    if (!this.game.chance || this.el.settings.querySelector('#auto-roll')) return;
    const auto = h('input', {
      type: 'checkbox', id: 'auto-roll', checked: this.autoRoll,
      onchange: (e) => {
        this.autoRoll = e.target.checked;
        localStorage.setItem(AUTOROLL, this.autoRoll ? 'yes' : 'no');
        this.refresh();
      },
    });
    this.el.settings.append(h('label', { class: 'check' }, auto, h('span', {}, t('Throw my dice automatically'))));
  }

  /* Dice entered by hand: when they are to be thrown, a field for each
   * die (as many as the game's throws have), Enter, and the computer's
   * throw instead. */
  renderManual(v) {
    const box = this.el.manual;
    const on = this.diceManual && v.to === -1 && this.viewPly === null;
    box.classList.toggle('hidden', !on);
    if (!on) {
      box.replaceChildren();
      return;
    }
    if (box.dataset.ply === String(this.info.moves.length) && box.childElementCount) return;
    box.dataset.ply = String(this.info.moves.length);
    const example = v.legal.length ? v.legal[0].name : '1-1';
    const count = example.split('-').length;
    const thrower = this.info.thrower;
    const inputs = [...Array(count).keys()].map((k) => h('input', {
      type: 'number', min: 1, max: 6, step: 1, required: true, class: 'die-input', name: 'die-' + k,
      inputmode: 'numeric', 'aria-label': t('Die {n}', { n: number(k + 1) }),
    }));
    box.onsubmit = (ev) => {
      ev.preventDefault();
      this.enterDice(inputs);
    };
    box.replaceChildren(
      h('span', {}, thrower >= 0 ? t('The dice {who} threw:', { who: this.seatName(thrower) }) : t('The dice thrown:')),
      ...inputs,
      h('button', { type: 'submit', class: 'primary', id: 'enter-dice' }, t('Enter')),
      h('button', { type: 'button', id: 'roll-for-me', onclick: () => this.changed(core.step(), false) }, t('Let the computer throw')));
  }

  move(name) {
    if (this.viewPly !== null || !this.mine(this.info.to)) return;
    this.changed(core.command(this.info.to, 'move', name), true);
  }

  /* Against the computer: undo and redo; between people: takeback. */
  takebackButtons(over, offer) {
    if (!this.againstComputer()) return super.takebackButtons(over, offer);
    const seat = this.viewer();
    const end = this.info.end;
    if (end && end.reason !== 'rules') return null;
    /* nothing to take back before the person's first decision (the dice
     * alone are no one's decision) */
    const none = this.lastDecider() < 0;
    return [
      h('button', {
        type: 'button', id: 'undo', disabled: none, title: none ? t('Nothing of yours to take back yet') : null,
        onclick: () => this.act(seat, 'undo'),
      }, t('Undo')),
      h('button', { type: 'button', id: 'redo', onclick: () => this.act(seat, 'redo') }, t('Redo'))];
  }

  async hint() {
    const v = this.view;
    if (!this.mine(v.to) || this.viewPly !== null) return;
    this.say(t('The computer is looking for a good move…'));
    const version = this.version;
    const answer = await thinker.ask({ kind: 'think', record: core.record(), spec: 'ai:level=4', seconds: 3 });
    if (answer.cancelled || version !== this.version) return;
    if (answer.error) return this.say(answer.error);
    const a = v.legal.find((x) => x.name === answer.name);
    this.hintCells = a ? a.cells.slice(0, 2) : [];
    /* every seat's expected result with two players; the mover's with
     * more (the others' are the search's guesses) */
    const seats = answer.value.map((x, i) => [x, i]).filter(([, i]) => answer.value.length <= 2 || i === v.to);
    const expect = seats.map(([x, i]) => `${this.seatName(i)} ${x >= 0 ? '+' : ''}${number(x, 2)}`);
    this.say(t('Hint: {move} (expected: {values})', { move: answer.shown || answer.name, values: expect.join('; ') }));
    this.render();
  }

  renderButtons() {
    const g = this.game;
    this.buttons.replaceChildren(
      h('button', { type: 'button', id: 'hint', onclick: () => this.hint() }, t('Hint')),
      h('button', { type: 'button', id: 'analyse', onclick: () => analyse(this, thinker, core.record()) }, t('Analyse')),
      h('button', {
        type: 'button', id: 'download',
        onclick: () => download(`ludoteka-${g.id}-${new Date().toISOString().slice(0, 10)}.txt`, core.record()),
      }, t('Download the record')),
      h('a', { class: 'button', href: '#new=' + g.id }, t('New game')));
  }
}

/* A game in a room of the server (docs/network.md): the server referees,
 * keeps the clocks, rolls and plays the computer seats; this page keeps a
 * copy of the game to draw (time stands still in it: the server's clock
 * decides), shows the room's clocks, offers and result, and sends its own
 * seats' moves and commands. */
class RoomGame extends GameView {
  constructor(game, id, client) {
    super(game);
    this.id = id;
    this.you = new Set();
    this.seats = [];
    this.oddsPly = -1;
    this.room = { clock: null, offer: null, end: null, result: '*', claimable: -1 };
    this.client = client;
    client.onMessage = (m) => this.onMessage(m);
    client.onState = (state) => this.onState(state);
    this.makeChat();
  }

  /* The room's chat: the lines said so far (the server keeps the last
   * 50), a line to send, and a switch that hides it (muted). */
  makeChat() {
    this.chatLines = [];
    this.chatList = h('ul', { class: 'chat-lines', id: 'chat-lines', 'aria-live': 'polite' });
    const input = h('input', { id: 'chat-input', maxlength: 200, autocomplete: 'off', 'aria-label': t('A line to the room') });
    const send = (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (text && this.client.send({ t: 'say', text })) input.value = '';
    };
    this.muted = localStorage.getItem('ludoteka-chat-muted') === '1';
    const mute = h('input', {
      type: 'checkbox', id: 'chat-mute', checked: this.muted,
      onchange: () => {
        this.muted = mute.checked;
        localStorage.setItem('ludoteka-chat-muted', this.muted ? '1' : '0');
        this.renderChat();
      },
    });
    this.chat = h('section', { class: 'chat' },
      h('h3', {}, t('Chat')), this.chatList,
      h('form', { class: 'row', onsubmit: send }, input, h('button', { type: 'submit', id: 'chat-send' }, t('Send'))),
      h('label', { class: 'help' }, mute, ' ', t('Hide the chat')));
  }

  renderChat() {
    put(this.chatList, this.muted ? [] : this.chatLines.map((l) => h('li', {},
      h('b', {}, (l.seat >= 0 ? this.seatName(l.seat) : t('a watcher')) + ': '), l.text)));
    this.chatList.scrollTop = this.chatList.scrollHeight;
  }

  readInfo() {
    const info = core.info();
    const r = this.room;
    if (r.end) {
      info.to = -2;
      /* the result in words: the page's copy of the game knows it (its
       * record's end, see endCopy) */
      if (!info.end) info.end = { reason: r.end.reason, seat: r.end.seat, text: t('The game is over.') };
      info.result = r.result;
    }
    info.clock = r.clock;
    info.claimable = r.claimable >= 0 && r.claimable === info.to ? t('The rules let the player to move claim a draw.') : '';
    info.offer = null;
    if (r.offer && !r.end) {
      /* the first seat here that still has to answer */
      const waiting = [...this.you].find((s) => !r.offer.agreed.has(s) && info.in[s] !== false);
      info.offer = { kind: r.offer.kind, from: r.offer.from, waiting: waiting ?? -1 };
    }
    return info;
  }

  mySeats() {
    return this.you;
  }

  seatLabel(i, spec) {
    if (this.you.has(i)) return t('you');
    if (isComputer(spec)) return specLabel(spec) + ' (' + t('on the server') + ')';
    const s = this.seats[i];
    if (s && s.standin) return t('away: a computer plays on');
    return s && s.here ? t('connected') : t('not connected');
  }

  close() {
    super.close();
    this.client.close();
  }

  onState(state) {
    if (state === 'lost') this.say(t('The connection to the server was lost; trying again…'));
    if (state === 'open') this.say('');
  }

  /* The room's clocks as the message tells them, counted down from now. */
  setClock(clock) {
    if (clock !== undefined) this.room.clock = clock ? { ...clock, at: performance.now() } : null;
  }

  /* The game is over: the running clock stops where it has got to. */
  stopClock() {
    const c = this.room.clock;
    if (!c || c.running < 0) return;
    const left = [...c.left];
    left[c.running] = Math.max(0, left[c.running] - (performance.now() - c.at));
    this.room.clock = { ...c, left, running: -1 };
  }

  /* An event told by the server, in the core's words. */
  tell(kind, m) {
    this.say(core.eventText(kind, m.seat, m.kind || '', !!m.accepted, m.reason || '') + '.');
  }

  onMessage(m) {
    const r = this.room;
    if (m.t === 'room' || m.t === 'undone') {
      const answer = core.load(m.record, false);
      if (answer.error) return this.say(answer.error);
      this.setClock(m.clock);
      if (m.t === 'room') {
        saveRoomKeys(this.id, { ...roomKeys(this.id), game: m.game, time: Date.now() });
        for (const s of m.you) this.you.add(s);
        this.seats = m.seats;
        r.end = m.end || null;
        r.result = m.result || '*';
        r.claimable = m.claimable ? m.to : -1;
        this.chatLines = m.chat || [];
        this.watchers = m.watchers || 0;
        this.renderChat();
        r.offer = m.offer ? { kind: m.offer.kind, from: m.offer.from, agreed: this.agreed(m.offer) } : null;
      } else {
        r.offer = null;
        r.claimable = -1;
      }
      this.viewPly = null;
      this.ready = true;
      this.render();
    } else if (m.t === 'move' && this.ready) {
      const info = core.info();
      const by = m.by ?? info.to;
      if (m.ply !== info.moves.length + 1 || core.command(by, 'move', m.name).error) {
        this.client.rejoin(); /* out of step: ask for the whole game */
        return;
      }
      if (m.seed) this.seed = m.seed;
      this.setClock(m.clock);
      /* playing on declines an offer the mover had not agreed to */
      if (r.offer && by >= 0 && !r.offer.agreed.has(by)) r.offer = null;
      r.claimable = -1;
      this.selected = -1;
      this.render();
    } else if (m.t === 'offered' && this.ready && m.kind === 'rematch') {
      /* the next game is made once everyone has asked for it */
      this.say(t('{who} asks for a rematch: the next game starts when every player has asked.', { who: this.seatName(m.seat) }));
    } else if (m.t === 'offered' && this.ready) {
      r.offer = { kind: m.kind, from: m.seat, agreed: new Set([m.seat]) };
      this.render();
    } else if (m.t === 'answered' && this.ready) {
      if (r.offer && m.accepted) r.offer.agreed.add(m.seat);
      else r.offer = null;
      this.tell('answered', m);
      this.render();
    } else if (m.t === 'claimable') {
      r.claimable = m.seat;
      if (this.ready) this.render();
    } else if (m.t === 'left' && this.ready) {
      this.tell('left', m);
      this.client.rejoin(); /* the seat's pieces leave the board: the whole game again */
    } else if (m.t === 'result' && this.ready) {
      r.end = m.end || null;
      r.result = m.result;
      r.offer = null;
      if (m.seed) this.seed = m.seed;
      this.stopClock();
      this.endCopy(m.end);
      this.render();
    } else if (m.t === 'rematch') {
      /* the next game, and this page's seat in it */
      const keys = roomKeys(m.room);
      keys.seats[m.seat] = m.token;
      saveRoomKeys(m.room, keys);
      location.hash = 'room=' + m.room;
    } else if (m.t === 'said') {
      this.chatLines = [...this.chatLines, m.line].slice(-50);
      this.renderChat();
    } else if (m.t === 'seats') {
      this.seats = m.seats;
      if (m.watchers !== undefined) this.watchers = m.watchers;
      if (this.ready) this.render();
    } else if (m.t === 'stand-in') {
      this.say(t('{who} is away: a computer plays on until they are back.', { who: this.seatName(m.seat) }));
    } else if (m.t === 'refused') {
      this.say(t('{who} declined the challenge: the game is off.', { who: this.seatName(m.seat) }));
    } else if (m.t === 'seat-lost') {
      this.you.delete(m.seat);
      this.say(t('{who} is now played from another window.', { who: seatName(this.game, m.seat) }));
      if (this.ready) this.render();
    } else if (m.t === 'error') {
      this.say(serverError(m));
    }
  }

  /* The game ended on the server: its copy here ends the same way, as the
   * room's record would say it ({[%result REASON SEAT]}, docs/session.md),
   * so that it words the result in the reader's language.  Should the copy
   * not take it, the whole game is asked for again (its record has the
   * end). */
  endCopy(end) {
    if (!end || core.info().end) return;
    const line = `{[%result ${end.reason} ${end.seat + 1}]}\n`;
    const answer = core.load(core.record() + line, false);
    if (answer.error || !core.info().end) this.client.rejoin();
  }

  /* The seats that have agreed to an offer: those no longer waited for. */
  agreed(offer) {
    const waiting = new Set(offer.waiting || []);
    const seats = this.seats.map((s, i) => i).filter((i) => !waiting.has(i));
    return new Set([offer.from, ...seats]);
  }

  render() {
    if (!this.ready) {
      this.el.status.textContent = t('Connecting to the room…');
      return;
    }
    super.render();
    if (this.oddsPly !== this.info.moves.length) {
      this.oddsPly = this.info.moves.length;
      this.showOdds();
    }
  }

  /* A command to the server, for one of this page's seats. */
  send(message, seat) {
    if (this.you.size > 1 && seat >= 0) message.seat = seat;
    if (!this.client.send(message)) this.say(t('The connection to the server was lost; trying again…'));
  }

  move(name) {
    const n = core.info().moves.length;
    if (this.viewPly !== null || !this.mine(this.view.to)) return;
    this.send({ t: 'move', ply: n, name }, this.view.to);
    this.selected = -1;
  }

  act(seat, name, arg) {
    this.send(arg ? { t: name, arg } : { t: name }, seat);
  }

  /* the server tells the room who asked (offered, kind rematch) */
  rematch() {
    this.act(-1, 'rematch');
  }

  renderButtons() {
    const g = this.game;
    const keys = roomKeys(this.id);
    const link = (params) => `${sharedOrigin()}${location.pathname}#room=${this.id}${params}`;
    this.buttons.replaceChildren(
      h('a', { class: 'button', id: 'download', href: `api/rooms/${this.id}/record`, download: `ludoteka-${this.id}.txt` }, t('Download the record')),
      ...(this.info.end ? [h('button', { type: 'button', id: 'analyse', onclick: () => analyse(this, thinker, core.record()) }, t('Analyse'))] : []),
      h('a', { class: 'button', href: '#new=' + g.id }, t('New game')));
    const invites = Object.entries(keys.invites);
    put(this.el.extra,
      h('h3', {}, t('Room {id}', { id: this.id })),
      this.watchers ? h('p', { class: 'help', id: 'watchers' }, tn('{n} watching', '{n} watching', this.watchers)) : null,
      ...invites.map(([seat, token]) =>
        h('p', { class: 'invite' }, t('Link for {who}:', { who: seatName(g, Number(seat)) }), ' ',
          h('input', { readonly: true, value: `${sharedOrigin()}${location.pathname}#challenge=${this.id}&seat=${seat}&token=${token}`, class: 'link', 'data-seat': seat, onfocus: (e) => e.target.select() }))),
      h('p', { class: 'invite' }, t('Link for watching:'), ' ',
        h('input', { readonly: true, value: link(''), class: 'link', onfocus: (e) => e.target.select() })),
      this.seed ? h('p', { class: 'help' }, t('The dice were thrown from the random seed {seed}; the record has it.', { seed: this.seed })) : null,
      this.chat);
  }
}

/* A game of the archive on screen: nobody plays it here; it is gone
 * through move by move and analysed, as a room's game after its end. */
class ArchivedGame extends GameView {
  constructor(game, id, seat, back) {
    super(game);
    this.id = id;
    this.seat = seat;
    this.back = back;
    this.version = 1; /* the game does not change */
    this.render();
  }

  /* over, however it ended (resigned, agreed: the copy's seat to move
   * stays) */
  readInfo() {
    const info = core.info();
    if (info.end) info.to = -2;
    return info;
  }

  mySeats() {
    return new Set();
  }

  /* the board and the analysis seen from the player whose archive it is */
  viewer() {
    return this.seat >= 0 && this.seat < this.game.max ? this.seat : 0;
  }

  seatLabel(i, spec) {
    return isComputer(spec) ? specLabel(spec) : t('a person');
  }

  move() {}

  act() {}

  rematch() {}

  analyse() {
    analyse(this, thinker, core.record());
  }

  renderButtons() {
    const pgn = this.game.group === GROUP_CHESS;
    this.buttons.replaceChildren(
      h('button', { type: 'button', id: 'analyse', onclick: () => this.analyse() }, t('Analyse')),
      h('a', {
        class: 'button', id: 'download', href: 'api/games/' + this.id + '/record',
        download: 'ludoteka-' + this.id + (pgn ? '.pgn' : '.txt'),
      }, t('Download the record')),
      h('a', { class: 'button', id: 'archived-back', href: this.back }, t('Back')));
  }
}

function resumeLocal() {
  const saved = localStorage.getItem(SAVED);
  const answer = saved ? core.load(saved) : { error: 'none' };
  if (answer.error) return showHome();
  const g = gameById(core.info().game);
  document.title = title(g) + ' — Ludoteka';
  current = new LocalGame(g);
}

/* The options of a game as the setup shows them: each option's label and
 * its choice's words, from the text `name=value ...`. */
function optionWords(g, text) {
  return text.split(/\s+/).filter(Boolean).map((pair) => {
    const [name, value] = pair.split('=');
    const o = g.options.find((x) => x.name === name);
    if (!o) return pair;
    const c = o.choices && o.choices.find((x) => String(x.value) === value);
    return `${o.label || o.name}: ${c ? c.text : value}`;
  }).join(', ');
}

/* #challenge=ID&seat=S&token=T: a seat's link.  Whoever opens it sees the
 * challenge (who, the game, its options and clock, rated or casual) and
 * accepts (the seat is theirs: the room) or declines (the game is off,
 * and the challenger is told at once). */
async function showChallenge(params) {
  const id = params.get('challenge');
  const seat = Number(params.get('seat'));
  const token = params.get('token') || '';
  const status = h('p', { class: 'help', id: 'challenge-status', 'aria-live': 'polite' }, t('Asking the server…'));
  put(main, h('section', { class: 'challenge', id: 'challenge' }, h('h1', {}, t('A challenge')), status));
  let m;
  try {
    m = await request({ t: 'challenge', room: id, seat, token });
  } catch (e) {
    status.textContent = e.message;
    return;
  }
  const g = m.t === 'challenge' ? gameById(m.game) : null;
  if (!g) {
    status.textContent = m.t === 'error' ? serverError(m) : t('The server does not know this game.');
    return;
  }
  const accept = () => {
    const keys = roomKeys(id);
    keys.seats[seat] = token;
    saveRoomKeys(id, keys);
    location.hash = 'room=' + id;
  };
  if (m.taken) return accept(); /* accepted before: the seat is this link's */
  document.title = t('A challenge') + ' — Ludoteka';
  const span = m.away % 60 ? t('{n} s', { n: number(m.away) }) : t('{n} min', { n: number(m.away / 60) });
  const away = m.away ? (m.away_then === 'computer'
    ? t('A player away for {time} is played on by a computer until they are back.', { time: span })
    : t('A player away for {time} loses the game.', { time: span })) : null;
  const answer = h('p', { class: 'error', id: 'challenge-answer', 'aria-live': 'polite' });
  const decline = async () => {
    try {
      const r = await request({ t: 'refuse', room: id, seat, token });
      answer.textContent = r.t === 'refused' ? t('Declined: the challenger has been told.') : serverError(r);
      if (r.t === 'refused') buttons.remove();
    } catch (e) {
      answer.textContent = e.message;
    }
  };
  const buttons = h('div', { class: 'row' },
    h('button', { type: 'button', class: 'primary', id: 'challenge-accept', onclick: accept }, t('Accept')),
    h('button', { type: 'button', id: 'challenge-decline', onclick: decline }, t('Decline')));
  put(main, h('section', { class: 'challenge', id: 'challenge', 'data-room': id },
    h('h1', {}, t('A challenge')),
    h('p', { id: 'challenge-who' }, m.from ? t('{who} invites you to play {game}.', { who: m.from, game: title(g) })
      : t('You are invited to play {game}.', { game: title(g) })),
    h('ul', { class: 'challenge-terms' },
      h('li', {}, t('Your seat: {seat}', { seat: seatName(g, seat) })),
      m.options ? h('li', {}, t('Options: {options}', { options: optionWords(g, m.options) })) : null,
      h('li', {}, m.clock === 'none' ? t('No clock') : t('Clock: {clock}', { clock: m.clock })),
      h('li', { id: 'challenge-kind' }, m.rated ? t('Rated: the result moves both ratings.') : t('Casual: not rated.')),
      away ? h('li', {}, away) : null),
    m.over ? h('p', { class: 'error' }, t('This game is over: the challenge is no longer open.')) : buttons,
    answer,
    h('a', { class: 'button', href: '#' }, t('Back'))));
}

/* #room=ID, perhaps with the seat and token of an invitation. */
function openRoom(params) {
  const id = params.get('room');
  if (params.has('token')) {
    const keys = roomKeys(id);
    keys.seats[params.get('seat')] = params.get('token');
    saveRoomKeys(id, keys);
    history.replaceState(null, '', '#room=' + id);
  }
  main.replaceChildren(h('p', { id: 'status', class: 'status' }, t('Connecting to the room…')));
  /* the game is known once the room answers; the first answer is then
   * the game's own */
  const client = new RoomClient(id, (m) => {
    if (m.t === 'error' && m.code === 'unknown-room') {
      client.close();
      main.replaceChildren(h('p', { class: 'error', id: 'room-error' }, serverError(m)), h('a', { class: 'button', href: '#' }, t('Back')));
    }
    if (m.t !== 'room') return;
    const g = gameById(m.game);
    document.title = title(g) + ' — Ludoteka';
    current = new RoomGame(g, id, client);
    current.onMessage(m);
  }, () => {});
  current = { close: () => client.close() };
}

/* The language switch: every language with a catalog, by its own name.
 * A new language shows the whole page again (a game in play is kept). */
const langSwitch = document.getElementById('lang');
langSwitch.replaceChildren(...languages().map((code) => h('option', { value: code }, languageName(code))));
langSwitch.addEventListener('change', () => {
  setLang(langSwitch.value);
  GAMES = core.games();
  route();
});

function showLanguages() {
  langSwitch.value = lang();
  langSwitch.title = t('Language');
  langSwitch.setAttribute('aria-label', t('Language'));
}
window.addEventListener('hashchange', route);
whoAmI();
if ('serviceWorker' in navigator && location.protocol !== 'file:')
  navigator.serviceWorker.register('sw.js').catch(() => {});
route();
