/* app.js — the Ludoteka page: the games, their rules and options, and a
 * game in play, here against the computer (whose players think in a Web
 * Worker) or in a room of `ludoteka serve` with players elsewhere.  The
 * rules live in the C core (core.js); this file only shows them. */
import { drawBoard, drawDice, seatColours } from './board.js';
import { t, lang, setLang, groupName } from './i18n.js';
import { RoomClient, knownRooms, request, roomKeys, saveRoomKeys } from './net.js';

const core = await loadLudotekaCore();
const GAMES = core.games();
const main = document.getElementById('main');
const SAVED = 'ludoteka-game';      /* the local game in play (a record) */
const AUTOROLL = 'ludoteka-autoroll';

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

/* ---- Small DOM helpers --------------------------------------------------- */

function h(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.className = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : String(c));
  }
  return e;
}

/* Replaces an element's children, skipping the null ones. */
function put(parent, ...children) {
  parent.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}

const gameById = (id) => GAMES.find((g) => g.id === id);
const title = (g) => g.title[lang()];
const seatName = (g, i) => g.seats[lang()][i] || t('player', i + 1);
const isComputer = (spec) => spec !== '' && spec !== 'human';

function specLabel(spec) {
  if (!isComputer(spec)) return t('human');
  const m = /^ai:level=(\d)$/.exec(spec);
  if (m) return t('computer-level', m[1]);
  if (spec === 'ai') return t('computer-level', 3);
  return t('computer') + ' (' + spec + ')';
}

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = h('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
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

  start() {
    this.worker = new Worker('worker.js');
    this.pending = new Map();
    this.next = 1;
    this.worker.onmessage = (e) => {
      const resolve = this.pending.get(e.data.id);
      this.pending.delete(e.data.id);
      if (resolve) resolve(e.data.answer);
    };
  }

  ask(request) {
    return new Promise((resolve) => {
      const id = this.next++;
      this.pending.set(id, resolve);
      this.worker.postMessage({ ...request, id });
    });
  }

  /* Stops whatever it is thinking about. */
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
  const params = new URLSearchParams(location.hash.slice(1));
  document.documentElement.lang = lang();
  document.getElementById('lang').textContent = lang() === 'pl' ? 'English' : 'Polski';
  if (params.has('rules')) showRules(params.get('rules'));
  else if (params.has('new')) showSetup(params.get('new'));
  else if (params.has('play')) resumeLocal();
  else if (params.has('room')) openRoom(params);
  else showHome();
  window.scrollTo(0, 0);
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
      if (file.size > 1 << 20) return alert(t('file-too-big'));
      const text = await file.text();
      const answer = core.load(text);
      if (answer.error) return alert(t('bad-record') + '\n' + answer.error);
      localStorage.setItem(SAVED, core.record());
      location.hash = 'play';
    },
  });
  const groups = new Map();
  for (const g of GAMES) {
    if (!groups.has(g.group)) groups.set(g.group, []);
    groups.get(g.group).push(g);
  }
  const rooms = knownRooms().filter((r) => gameById(r.game)).slice(0, 8);
  put(main,
    h('section', { class: 'intro' },
      h('p', {}, t('intro')),
      h('div', { class: 'row' },
        saved ? h('a', { class: 'button primary', href: '#play', id: 'continue' }, t('continue')) : null,
        h('label', { class: 'button', for: 'upload' }, t('open-record')), upload),
      rooms.length ? h('div', { class: 'row' }, h('span', {}, t('your-rooms')), rooms.map((r) =>
        h('a', { class: 'button small', href: '#room=' + r.id }, `${title(gameById(r.game))} · ${r.id}`))) : null),
    ...[...groups.keys()].sort((a, b) => a - b).map((grp) =>
      h('section', { class: 'group' },
        h('h2', {}, groupName(grp)),
        h('ul', { class: 'games' }, groups.get(grp).map((g) =>
          h('li', { class: 'game', 'data-game': g.id },
            h('div', { class: 'game-title' }, title(g)),
            h('div', { class: 'game-sub' },
              g.min === g.max ? t('players-n', g.min) : t('players-range', g.min, g.max),
              g.chance ? ' · ' + t('dice') : ''),
            h('div', { class: 'row' },
              h('a', { class: 'button primary', href: '#new=' + g.id }, t('play')),
              h('a', { class: 'button', href: '#rules=' + g.id }, t('rules')))))))));
}

function showRules(id) {
  const g = gameById(id);
  if (!g) return showHome();
  document.title = title(g) + ' — Ludoteka';
  main.replaceChildren(h('section', { class: 'rules' },
    h('h1', {}, title(g)),
    h('p', { class: 'source' }, g.source),
    h('pre', { class: 'rules-text' }, core.rules(id, lang())),
    h('div', { class: 'row' },
      h('a', { class: 'button primary', href: '#new=' + id }, t('play')),
      h('a', { class: 'button', href: '#' }, t('back')))));
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
        o.choices.map((c, i) => h('option', { value: c, selected: i === o.def }, c)))
      : h('input', { type: 'number', name: 'opt-' + o.name, min: o.min, max: o.max, value: o.def });
    return h('label', { class: 'option' },
      h('span', { class: 'option-name' }, o.name), input,
      h('span', { class: 'help' }, o.help[lang()]));
  });
  const seatsBox = h('div', { class: 'seats-setup' });
  const count = h('select', { name: 'players', onchange: () => drawSeats() },
    [...Array(g.max - g.min + 1).keys()].map((k) =>
      h('option', { value: g.min + k, selected: k === 0 }, String(g.min + k))));
  const choices = [['human', t('human')],
    ...[1, 2, 3, 4, 5].map((n) => ['ai:level=' + n, t('computer-level', n)])];
  if (online) choices.push(['remote', t('remote')]);
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
  form.append(
    h('h1', {}, title(g)),
    options.length ? h('fieldset', {}, h('legend', {}, t('options')), options) : null,
    h('fieldset', {}, h('legend', {}, t('players')),
      g.min !== g.max ? h('label', { class: 'option' }, h('span', {}, t('how-many')), count) : null,
      seatsBox,
      online ? h('p', { class: 'help' }, t('remote-help')) : null),
    h('p', { class: 'error', id: 'setup-error' }),
    h('div', { class: 'row' },
      h('button', { type: 'submit', class: 'primary', id: 'start' }, t('start')),
      h('a', { class: 'button', href: '#rules=' + id }, t('rules')),
      h('a', { class: 'button', href: '#' }, t('back'))));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const optionText = g.options.map((o) => `${o.name}=${form.elements['opt-' + o.name].value}`).join(' ');
    const seats = [...seatsBox.querySelectorAll('select')].map((s) => s.value);
    const error = document.getElementById('setup-error');
    if (seats.includes('remote')) {
      error.textContent = t('creating-room');
      try {
        const answer = await request({
          t: 'create', game: id, options: optionText,
          seats: seats.map((s) => (s === 'remote' ? 'human' : s)),
        });
        if (answer.t !== 'created') throw new Error(answer.msg);
        const keys = { seats: {}, invites: {} };
        seats.forEach((s, i) => {
          if (s === 'human') keys.seats[i] = answer.tokens[i];
          if (s === 'remote') keys.invites[i] = answer.tokens[i];
        });
        saveRoomKeys(answer.room, keys);
        location.hash = 'room=' + answer.room;
      } catch (err) {
        error.textContent = t('room-failed') + ' ' + err.message;
      }
      return;
    }
    const answer = core.newGame(id, optionText, seats, randomSeed());
    if (answer.error) {
      error.textContent = answer.error;
      return;
    }
    localStorage.setItem(SAVED, core.record());
    location.hash = 'play';
  });
  main.replaceChildren(form);
}

/* ---- A game on screen ----------------------------------------------------------- */

/* What a game on screen shows and how a move is made; LocalGame and
 * RoomGame differ in who plays the moves. */
class GameView {
  constructor(game) {
    this.game = game;
    this.viewPly = null; /* null: the live position */
    this.selected = -1;
    this.hintCells = [];
    this.message = '';
    this.build();
  }

  build() {
    const g = this.game;
    const e = (id) => h('div', { id, class: id });
    this.el = {
      status: e('status'), board: e('board-host'), dice: e('dice'),
      actions: e('actions'), info: h('ul', { class: 'info', id: 'info' }),
      seats: h('ul', { class: 'seats', id: 'seats' }), moves: h('ol', { class: 'moves', id: 'moves' }),
      odds: e('odds'), extra: e('extra'), message: h('p', { class: 'message', id: 'message', 'aria-live': 'polite' }),
    };
    const typed = h('input', { name: 'move', placeholder: t('type-move'), autocomplete: 'off', id: 'typed' });
    const nav = (label, title, f) => h('button', { type: 'button', class: 'small', title, onclick: f }, label);
    this.buttons = h('div', { class: 'row buttons' });
    main.replaceChildren(h('section', { class: 'play', 'data-game': g.id },
      h('div', { class: 'stage' },
        h('h1', {}, title(g)), this.el.status, this.el.board, this.el.dice,
        this.el.actions, this.el.message, this.el.info),
      h('aside', { class: 'panel' },
        this.el.seats,
        h('div', { class: 'row nav' },
          nav('«', t('first'), () => this.goto(0)),
          nav('‹', t('previous'), () => this.goto(this.ply() - 1)),
          nav('›', t('next'), () => this.goto(this.ply() + 1)),
          nav('»', t('last'), () => this.goto(null))),
        this.el.moves,
        h('form', {
          class: 'row typed', onsubmit: (ev) => {
            ev.preventDefault();
            if (typed.value.trim()) this.move(typed.value.trim());
            typed.value = '';
          },
        }, typed, h('button', { type: 'submit', class: 'small' }, t('play'))),
        this.buttons, this.el.odds, this.el.extra)));
    this.keys = (ev) => {
      if (ev.target.tagName === 'INPUT' || ev.target.tagName === 'SELECT') return;
      if (ev.key === 'ArrowLeft') this.goto(this.ply() - 1);
      if (ev.key === 'ArrowRight') this.goto(this.ply() + 1);
    };
    document.addEventListener('keydown', this.keys);
  }

  close() {
    document.removeEventListener('keydown', this.keys);
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

  /* Can this page move for seat p now? */
  mine(p) {
    return p >= 0 && this.mySeats().has(p);
  }

  /* Redraws everything from the core's view of the game. */
  render() {
    const g = this.game;
    this.info = core.info(lang());
    const live = this.viewPly === null;
    const v = core.view(live ? -1 : this.viewPly, lang());
    this.view = v;
    const colours = seatColours(g.seats.en.slice(0, this.info.players.length));
    this.colours = colours;
    const interactive = live && this.mine(v.to) && !this.busy;
    const legal = interactive ? v.legal : [];
    /* a move is a target cell, or a from and a to cell; some are neither */
    const fromOf = (a) => (a.cells.length >= 2 ? a.cells[0] : -1);
    const toOf = (a) => (a.cells.length >= 2 ? a.cells[1] : a.cells.length === 1 ? a.cells[0] : -1);
    const targets = this.selected >= 0 ? legal.filter((a) => fromOf(a) === this.selected).map(toOf) : [];
    const movable = legal.filter((a) => a.cells.length).map((a) => a.cells[0]);
    const pick = (list) => {
      if (list.length === 1) this.move(list[0].name);
      else if (list.length > 1) this.choose(list);
    };
    drawBoard(this.el.board, v, {
      colours,
      selected: this.selected,
      targets,
      movable,
      last: v.last,
      hint: live ? this.hintCells : [],
      onCell: interactive ? (cell, how) => {
        const to = legal.filter((a) => fromOf(a) === this.selected && toOf(a) === cell);
        const here = legal.filter((a) => a.cells.length === 1 && a.cells[0] === cell);
        const from = legal.filter((a) => fromOf(a) === cell);
        if (how === 'drag') {
          this.selected = cell;
          return;
        }
        if (this.selected >= 0 && to.length) return pick(to);
        if (from.length && cell !== this.selected) {
          this.selected = cell;
          return this.render();
        }
        if (here.length) return pick(here);
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
    drawDice(this.el.dice, v.dice, colours);
    this.el.info.replaceChildren(...v.info.map((line) => h('li', {}, line)));
    /* moves that are no cells (stop, throw, pass...) as buttons */
    const offBoard = legal.filter((a) => a.cells.length === 0);
    put(this.el.actions, offBoard.map((a) =>
      h('button', { type: 'button', class: 'action', 'data-move': a.name, onclick: () => this.move(a.name) }, a.name)),
    live ? this.liveActions(v) : []);
    this.renderStatus(v);
    this.renderMoves();
    this.renderSeats();
    this.renderButtons();
    this.el.message.textContent = this.message;
    /* what the page offers, for scripts and tests: the legal moves here
     * with their cells, the position, who is to move */
    this.el.board.dataset.moves = JSON.stringify(legal);
    this.el.board.dataset.ply = String(this.ply());
    this.el.board.dataset.to = String(v.to);
    this.el.board.dataset.pos = v.pos;
  }

  /* Buttons for the live position besides its moves (the dice). */
  liveActions() {
    return [];
  }

  /* Several moves end on the same cell (a promotion, a choice of
   * captures): the player says which. */
  choose(list) {
    this.el.actions.replaceChildren(h('span', {}, t('which-move')), ...list.map((a) =>
      h('button', { type: 'button', class: 'action', 'data-move': a.name, onclick: () => this.move(a.name) }, a.name)),
    h('button', { type: 'button', class: 'small', onclick: () => { this.selected = -1; this.render(); } }, t('cancel')));
  }

  renderStatus(v) {
    const g = this.game;
    let text;
    if (v.to === -2) {
      text = this.resultText(v);
    } else if (v.to === -1) {
      text = t('dice-due');
    } else {
      const who = seatName(g, v.to);
      text = this.mine(v.to) ? t('your-move', who) : this.busy ? t('thinking', who) : t('to-move', who);
    }
    if (this.viewPly !== null) text = t('viewing', this.viewPly, this.info.moves.length) + ' ' + text;
    this.el.status.textContent = text;
    this.el.status.dataset.over = String(v.to === -2);
  }

  resultText(v) {
    const g = this.game;
    const r = v.returns;
    if (!r.length) return t('over');
    const best = Math.max(...r);
    const winners = r.map((x, i) => (x === best ? i : -1)).filter((i) => i >= 0);
    const score = ` (${v.result})`;
    if (winners.length === r.length) return t('draw') + score;
    return t('wins', winners.map((i) => seatName(g, i)).join(', ')) + score;
  }

  renderMoves() {
    const ply = this.ply();
    this.el.moves.replaceChildren(...this.info.moves.map((m, k) => {
      const li = h('li', {
        class: (m.p < 0 ? 'chance' : 'seat-move') + (k + 1 === ply ? ' current' : ''),
        title: m.p >= 0 ? seatName(this.game, m.p) : t('dice'),
        onclick: () => this.goto(k + 1),
      }, m.p >= 0 ? h('span', { class: 'dot', style: `background:${this.colours[m.p]}` }) : h('span', { class: 'die-mark' }, '⚄ '), m.name);
      return li;
    }));
    const cur = this.el.moves.querySelector('.current');
    if (cur) cur.scrollIntoView({ block: 'nearest' });
  }

  renderSeats() {
    this.el.seats.replaceChildren(...this.info.players.map((spec, i) =>
      h('li', { class: this.view.to === i ? 'to-move' : '' },
        h('span', { class: 'dot', style: `background:${this.colours[i]}` }),
        seatName(this.game, i), ' — ', this.seatLabel(i, spec))));
  }

  /* Odds of the turn in progress, for the games that know them exactly. */
  async showOdds() {
    const g = this.game;
    if (!g.odds || this.view.to === -2) {
      this.el.odds.replaceChildren();
      return;
    }
    const ply = this.info.moves.length;
    const answer = await thinker.ask({ kind: 'odds', record: core.record(), lang: lang() });
    if (answer.cancelled || !this.info || ply !== this.info.moves.length) return;
    if (answer.error) {
      this.el.odds.replaceChildren(h('p', { class: 'help' }, answer.error));
      return;
    }
    const pct = (e) => (100 * e.decimal).toFixed(2) + '%';
    const exact = (e) => (e.exact && e.exact.length <= 24 ? ` (${e.exact})` : '');
    const known = answer.win.map((e, i) => [e, i]).filter(([e]) => e.known);
    const best = answer.choices.reduce((b, c, k) => (b < 0 || c.value.decimal > answer.choices[b].value.decimal ? k : b), -1);
    this.el.odds.dataset.ply = String(ply);
    put(this.el.odds, h('h3', {}, t('odds')),
      known.length ? h('ul', {}, known.map(([e, i]) =>
        h('li', { 'data-seat': i, 'data-exact': e.exact, title: e.exact },
          seatName(g, i), ': ', h('b', {}, pct(e)), exact(e)))) : null,
      answer.none.known ? h('p', {}, t('nobody'), ' ', pct(answer.none)) : null,
      answer.value_seat >= 0 && answer.value.known
        ? h('p', {}, t('value', seatName(g, answer.value_seat)), ' ', answer.value.decimal.toFixed(4), exact(answer.value)) : null,
      answer.choices.length ? h('ul', { class: 'choices' }, answer.choices.map((c, k) =>
        h('li', { class: k === best ? 'best' : '' }, c.name, ': ', c.value.decimal.toFixed(4), exact(c.value)))) : null,
      answer.note ? h('p', { class: 'help' }, answer.note) : null);
  }
}

/* A game played in this browser: people here and computer players. */
class LocalGame extends GameView {
  constructor(game) {
    super(game);
    this.autoRoll = localStorage.getItem(AUTOROLL) === 'yes';
    this.refresh();
  }

  mySeats() {
    return new Set(this.info.players.map((s, i) => (isComputer(s) ? -1 : i)).filter((i) => i >= 0));
  }

  seatLabel(i, spec) {
    return specLabel(spec);
  }

  close() {
    super.close();
    this.closed = true;
    thinker.cancel();
  }

  save() {
    localStorage.setItem(SAVED, core.record());
  }

  /* After every change: draw, then let the dice or the computer act. */
  refresh() {
    this.hintCells = [];
    this.info = core.info(lang());
    this.render();
    this.showOdds();
    this.step();
  }

  /* The dice are thrown by a person here, unless they said to throw
   * them automatically or nobody here plays. */
  throwsByHand() {
    return this.mySeats().size > 0 && !this.autoRoll;
  }

  step() {
    if (this.closed || this.viewPly !== null || this.busy) return;
    const to = this.info.to;
    const ply = this.info.moves.length;
    if (to === -1) {
      if (this.throwsByHand()) return;
      setTimeout(() => {
        if (this.closed || ply !== core.info(lang()).moves.length) return;
        core.roll();
        this.save();
        this.refresh();
      }, this.mySeats().size ? 250 : 120);
      return;
    }
    if (to >= 0 && isComputer(this.info.players[to])) {
      this.busy = true;
      this.render();
      thinker.ask({ kind: 'think', record: core.record(), spec: this.info.players[to], seconds: 30 })
        .then((answer) => {
          this.busy = false;
          if (answer.cancelled || this.closed || ply !== core.info(lang()).moves.length) return;
          if (answer.error) return this.say(answer.error);
          const played = core.play(answer.name);
          if (played.error) return this.say(played.error);
          this.save();
          this.refresh();
        });
    }
  }

  goto(ply) {
    super.goto(ply);
    this.step(); /* back at the live position: play on */
  }

  liveActions(v) {
    if (v.to !== -1 || !this.throwsByHand()) return [];
    const roll = h('button', {
      type: 'button', class: 'primary', id: 'roll', onclick: () => {
        core.roll();
        this.save();
        this.refresh();
      },
    }, t('roll'));
    const auto = h('label', { class: 'small-label' },
      h('input', {
        type: 'checkbox', onchange: (e) => {
          this.autoRoll = e.target.checked;
          localStorage.setItem(AUTOROLL, this.autoRoll ? 'yes' : 'no');
          this.refresh();
        },
      }), ' ', t('auto-roll'));
    return [roll, auto];
  }

  move(name) {
    if (this.viewPly !== null || !this.mine(this.info.to)) return;
    const answer = core.play(name);
    if (answer.error) return this.say(answer.error);
    this.say('');
    this.selected = -1;
    this.save();
    this.refresh();
  }

  /* Takes back moves until a person here is to move again. */
  undo() {
    thinker.cancel();
    this.busy = false;
    const moves = this.info.moves;
    let k = moves.length - 1;
    while (k >= 0 && !(moves[k].p >= 0 && this.mine(moves[k].p))) k--;
    if (k < 0) return this.say(t('nothing-to-undo'));
    core.truncate(k);
    this.viewPly = null;
    this.say('');
    this.save();
    this.refresh();
  }

  async hint() {
    const v = this.view;
    if (!this.mine(v.to) || this.viewPly !== null) return;
    this.say(t('hint-thinking'));
    const ply = this.info.moves.length;
    const answer = await thinker.ask({ kind: 'think', record: core.record(), spec: 'ai:level=4', seconds: 3 });
    if (answer.cancelled || ply !== this.info.moves.length) return;
    if (answer.error) return this.say(answer.error);
    const g = this.game;
    const a = v.legal.find((x) => x.name === answer.name);
    this.hintCells = a ? a.cells.slice(0, 2) : [];
    /* every seat's expected result with two players; the mover's with
     * more (the others' are the search's guesses) */
    const seats = answer.value.map((x, i) => [x, i]).filter(([, i]) => answer.value.length <= 2 || i === v.to);
    const expect = seats.map(([x, i]) => `${seatName(g, i)} ${x >= 0 ? '+' : ''}${x.toFixed(2)}`);
    this.say(t('hint', answer.name) + ' (' + t('expected') + ' ' + expect.join(', ') + ')');
    this.render();
  }

  renderButtons() {
    const g = this.game;
    this.buttons.replaceChildren(
      h('button', { type: 'button', id: 'undo', onclick: () => this.undo() }, t('undo')),
      h('button', { type: 'button', id: 'hint', onclick: () => this.hint() }, t('hint-button')),
      h('button', {
        type: 'button', id: 'download',
        onclick: () => download(`ludoteka-${g.id}-${new Date().toISOString().slice(0, 10)}.txt`, core.record()),
      }, t('download')),
      h('a', { class: 'button', href: '#new=' + g.id }, t('new-game')));
  }
}

/* A game in a room of the server: it referees, rolls and plays the
 * computer seats; this page shows and sends its own seats' moves. */
class RoomGame extends GameView {
  constructor(game, id, client) {
    super(game);
    this.id = id;
    this.you = new Set();
    this.seats = [];
    this.oddsPly = -1;
    this.client = client;
    client.onMessage = (m) => this.onMessage(m);
    client.onState = (state) => this.onState(state);
  }

  mySeats() {
    return this.you;
  }

  seatLabel(i, spec) {
    if (this.you.has(i)) return t('you');
    if (isComputer(spec)) return specLabel(spec) + ' (' + t('server') + ')';
    const s = this.seats[i];
    return s && s.here ? t('connected') : t('away');
  }

  close() {
    super.close();
    this.client.close();
  }

  onState(state) {
    if (state === 'lost') this.say(t('connection-lost'));
    if (state === 'open') this.say('');
  }

  onMessage(m) {
    if (m.t === 'room') {
      const answer = core.load(m.record);
      if (answer.error) return this.say(answer.error);
      const keys = roomKeys(this.id);
      saveRoomKeys(this.id, { ...keys, game: m.game, time: Date.now() });
      for (const s of m.you) this.you.add(s);
      this.seats = m.seats;
      this.ready = true;
      this.render();
    } else if (m.t === 'move' && this.ready) {
      if (m.ply !== core.info(lang()).moves.length + 1 || core.play(m.name).error) {
        this.client.rejoin(); /* out of step: ask for the whole game */
        return;
      }
      if (m.seed) this.seed = m.seed;
      this.selected = -1;
      this.render();
    } else if (m.t === 'seats') {
      this.seats = m.seats;
      if (this.ready) this.render();
    } else if (m.t === 'seat-lost') {
      this.you.delete(m.seat);
      this.say(t('seat-lost', seatName(this.game, m.seat)));
      if (this.ready) this.render();
    } else if (m.t === 'error') {
      this.say(m.msg);
    }
  }

  render() {
    if (!this.ready) {
      this.el.status.textContent = t('connecting');
      return;
    }
    super.render();
    if (this.oddsPly !== this.info.moves.length) {
      this.oddsPly = this.info.moves.length;
      this.showOdds();
    }
  }

  move(name) {
    const n = core.info(lang()).moves.length;
    if (this.viewPly !== null || !this.mine(this.view.to)) return;
    if (!this.client.send({ t: 'move', ply: n, name })) this.say(t('connection-lost'));
    this.selected = -1;
  }

  renderButtons() {
    const g = this.game;
    const keys = roomKeys(this.id);
    const link = (params) => `${sharedOrigin()}${location.pathname}#room=${this.id}${params}`;
    this.buttons.replaceChildren(
      h('a', { class: 'button', id: 'download', href: `api/rooms/${this.id}/record`, download: `ludoteka-${this.id}.txt` }, t('download')),
      h('a', { class: 'button', href: '#new=' + g.id }, t('new-game')));
    const invites = Object.entries(keys.invites);
    put(this.el.extra,
      h('h3', {}, t('room', this.id)),
      ...invites.map(([seat, token]) =>
        h('p', { class: 'invite' }, t('invite', seatName(g, Number(seat))), ' ',
          h('input', { readonly: true, value: link(`&seat=${seat}&token=${token}`), class: 'link', 'data-seat': seat, onfocus: (e) => e.target.select() }))),
      h('p', { class: 'invite' }, t('watch-link'), ' ',
        h('input', { readonly: true, value: link(''), class: 'link', onfocus: (e) => e.target.select() })),
      this.seed ? h('p', { class: 'help' }, t('seed', this.seed)) : null);
  }
}

function resumeLocal() {
  const saved = localStorage.getItem(SAVED);
  const answer = saved ? core.load(saved) : { error: 'none' };
  if (answer.error) return showHome();
  const g = gameById(core.info(lang()).game);
  document.title = title(g) + ' — Ludoteka';
  current = new LocalGame(g);
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
  main.replaceChildren(h('p', { id: 'status', class: 'status' }, t('connecting')));
  /* the game is known once the room answers; the first answer is then
   * the game's own */
  const client = new RoomClient(id, (m) => {
    if (m.t === 'error' && m.code === 'unknown-room') {
      client.close();
      main.replaceChildren(h('p', { class: 'error' }, m.msg), h('a', { class: 'button', href: '#' }, t('back')));
    }
    if (m.t !== 'room') return;
    const g = gameById(m.game);
    document.title = title(g) + ' — Ludoteka';
    current = new RoomGame(g, id, client);
    current.onMessage(m);
  }, () => {});
  current = { close: () => client.close() };
}

document.getElementById('lang').addEventListener('click', () => {
  setLang(lang() === 'pl' ? 'en' : 'pl');
  route();
});
window.addEventListener('hashchange', route);
if ('serviceWorker' in navigator && location.protocol !== 'file:')
  navigator.serviceWorker.register('sw.js').catch(() => {});
route();
