/* analysis.js — a game judged move by move by the computer (analysis.h,
 * web_analyse), as lichess and GNU Backgammon show it: a graph of the
 * expected score after every move, the mistakes as coloured points (a
 * click goes to the position where the move was made, with the
 * computer's best move marked on the board), and the list of mistakes
 * with the better move; in dice games every decision with the exact
 * values of the choice made and the best one.  The search runs in the
 * worker (worker.js, kind 'analyse') on a copy of the game. */
import { h as el } from './dom.js';
import { t, number } from './i18n.js';

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 320;
const HEIGHT = 120;
const PAD = 7;
/* inaccuracy, mistake, blunder: blue, orange, vermillion (Okabe and
 * Ito's colour-blind-safe palette), told apart by size and sign too */
const MARK_COLOURS = ['#555', '#0072b2', '#e69f00', '#d55e00'];
/* the same darkened for words (WCAG AA on the light panel) */
const MARK_INKS = ['#333', '#005a8c', '#7a4f00', '#a33c00'];

function svg(tag, attrs, parent) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

const signed = (x) => (x > 0 ? '+' : x < 0 ? '−' : '') + number(Math.abs(x), 2);

/* "12... Nf6??" */
const moveText = (m) => `${m.number} ${m.played}${m.sign}`;

/* The panel, made once beside the move list of the game shown. */
function panel(view) {
  let p = document.getElementById('analysis');
  if (p && p.isConnected) return p;
  p = el('section', { id: 'analysis', class: 'analysis', 'aria-live': 'polite' });
  const host = document.querySelector('section.play .panel') || document.getElementById('main');
  host.append(p);
  return p;
}

/* The cells of the computer's best move at the position before ply
 * `ply` of the view's game (played or not), once the game is analysed
 * and unchanged since (GameView's render shows them as hints); []
 * otherwise. */
export function analysisHint(view, ply) {
  const a = view.analysis;
  if (!a || a.version !== view.version || ply === null || ply === undefined) return [];
  const m = a.answer.moves.find((x) => x.ply === ply);
  /* the point of the move made from here, outlined */
  for (const c of document.querySelectorAll('#analysis-graph circle.move-point')) {
    const here = m && c.dataset.ply === String(m.ply);
    c.setAttribute('stroke', here ? '#000' : '#fff');
    c.setAttribute('stroke-width', here ? 2 : Number(c.dataset.mark) ? 1 : 0);
    if (here) c.setAttribute('aria-current', 'true');
    else c.removeAttribute('aria-current');
  }
  return m ? m.bestCells.slice(0, 2) : [];
}

function drawGraph(view, answer, seat) {
  const moves = answer.moves;
  const box = svg('svg', {
    class: 'analysis-graph', id: 'analysis-graph', viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: 'group', 'aria-label': t('Expected score of {seat} after every move', { seat: view.seatName(seat) }),
    'data-points': String(moves.length), style: 'display:block;width:100%;height:auto',
  });
  const x = (k) => PAD + (moves.length > 1 ? k * (WIDTH - 2 * PAD) / (moves.length - 1) : (WIDTH - 2 * PAD) / 2);
  const y = (v) => HEIGHT / 2 - v * (HEIGHT / 2 - PAD);
  svg('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT, fill: '#f4f4f4' }, box);
  svg('line', { x1: 0, x2: WIDTH, y1: y(0), y2: y(0), stroke: '#999', 'stroke-dasharray': '4 4' }, box);
  if (moves.length) {
    const pts = moves.map((m, k) => `${x(k).toFixed(1)},${y(m.score[seat]).toFixed(1)}`);
    svg('polygon', {
      points: `${x(0).toFixed(1)},${y(0)} ${pts.join(' ')} ${x(moves.length - 1).toFixed(1)},${y(0)}`,
      fill: '#0072b222',
    }, box);
    svg('polyline', { points: pts.join(' '), fill: 'none', stroke: '#333', 'stroke-width': 1.5 }, box);
  }
  moves.forEach((m, k) => {
    const c = svg('circle', {
      class: `move-point mark-${m.mark}`, cx: x(k).toFixed(1), cy: y(m.score[seat]).toFixed(1),
      r: m.mark ? 3 + m.mark : 2.5, fill: MARK_COLOURS[m.mark], stroke: '#fff', 'stroke-width': m.mark ? 1 : 0,
      tabindex: 0, role: 'button', 'data-ply': String(m.ply), 'data-mark': String(m.mark),
      'aria-label': `${moveText(m)} ${m.markName} ${signed(m.score[seat])}`.trim(),
    }, box);
    svg('title', {}, c).textContent = `${moveText(m)} ${m.markName}`.trim();
    const go = () => view.goto(m.ply);
    c.addEventListener('click', go);
    c.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' || ev.key === ' ') {
        ev.preventDefault();
        go();
      }
    });
  });
  return box;
}

/* The mistakes with the better move, or in a game of dice every
 * decision with the exact values. */
function listMoves(view, answer) {
  const dice = answer.analyser === 'odds';
  const shown = answer.moves.filter((m) => (dice ? m.bestExact !== '' : m.mark > 0));
  if (!shown.length)
    return el('p', { class: 'help', id: 'analysis-none' }, dice ? t('No decisions to judge.') : t('No mistakes found.'));
  const link = 'background:none;border:0;padding:0;margin:0;font:inherit;font-weight:bold;' +
    'color:inherit;text-decoration:underline;cursor:pointer;min-height:0';
  return el('ul', { class: 'analysis-list', id: 'analysis-list', style: 'list-style:none;padding:0' }, shown.map((m) => {
    const value = (name, exact) => (exact ? `${name} (${exact})` : name);
    const best = m.isBest ? t('the best choice') : t('best: {move}', { move: value(m.best, m.bestExact) });
    return el('li', { 'data-ply': String(m.ply), 'data-mark': String(m.mark), style: 'margin:0.3em 0' },
      el('button', { type: 'button', class: 'link', style: link, onclick: () => view.goto(m.ply) },
        `${m.number} ${value(m.played, m.playedExact)}${m.sign}`),
      ' ', m.markName ? el('span', { class: `mark mark-${m.mark}`, style: `color:${MARK_INKS[m.mark]}` }, m.markName) : null,
      ' — ', best, ' ', t('(lost {loss})', { loss: number(m.loss, 2) }));
  }));
}

function summary(view, answer) {
  const rows = [];
  for (let s = 0; s < answer.players; s++) {
    const count = (mark) => answer.moves.filter((m) => m.seat === s && m.mark === mark).length;
    rows.push(el('li', {}, t('{seat}: inaccuracies {a}, mistakes {b}, blunders {c}',
      { seat: view.seatName(s), a: count(1), b: count(2), c: count(3) })));
  }
  return el('ul', { class: 'analysis-summary', style: 'padding-left:1.2em' }, rows);
}

/* Analyses the view's game (its record) in the worker and shows it. */
export async function analyse(view, thinker, record) {
  const p = panel(view);
  const version = view.version;
  p.dataset.state = 'busy';
  p.replaceChildren(el('h3', {}, t('Analysis')), el('p', { class: 'help' }, t('The computer is analysing the game…')));
  const answer = await thinker.ask({ kind: 'analyse', record, depth: 0, nodes: 0 });
  if (answer.cancelled) {
    p.dataset.state = 'cancelled';
    p.replaceChildren(el('h3', {}, t('Analysis')), el('p', { class: 'help' }, t('The analysis was interrupted.')));
    return;
  }
  if (answer.error) {
    p.dataset.state = 'error';
    p.replaceChildren(el('h3', {}, t('Analysis')), el('p', { class: 'error' }, answer.error));
    return;
  }
  view.analysis = { answer, version };
  const seat = view.viewer();
  const how = answer.analyser === 'odds' ? t('every decision valued by the exact odds')
    : answer.analyser === 'ai:perfect' ? t('by the perfect player')
      : answer.depth ? t('depth {n}', { n: answer.depth }) : t('nodes a position: {n}', { n: answer.nodes });
  p.dataset.state = 'done';
  p.replaceChildren(
    el('h3', {}, t('Analysis')),
    el('p', { class: 'help' }, t('Expected score of {seat} after every move, from −1 (lost) to +1 (won); the computer: {how}.',
      { seat: view.seatName(seat), how })),
    drawGraph(view, answer, seat),
    listMoves(view, answer),
    summary(view, answer));
  view.render();
}
