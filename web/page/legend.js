/* legend.js — what the pieces on a board are, shown on demand under it: the
 * pieces of chess, Great Chess and Four Seasons (name, the piece as the
 * board draws it, how it moves in one line), and Talat's towers (height and
 * base). The data is keyed by game id and by the kind the view gives each
 * piece (render in game.h); the moves in our own words after each game's
 * RULES.md and rules text. */
import { pieceIcon } from './board.js';
import { h } from './dom.js';
import { t } from './i18n.js';

/* kind -> [name, how it moves, the symbol to draw when no such piece is
 * on the board] */
const LEGENDS = {
  chess: {
    5: () => [t('King'), t('One square in any direction; castles once with a rook (rules=fide).'), '♔'],
    4: () => [t('Queen'), t('Any distance along a rank, a file or a diagonal.'), '♕'],
    3: () => [t('Rook'), t('Any distance along a rank or a file.'), '♖'],
    2: () => [t('Bishop'), t('Any distance along a diagonal.'), '♗'],
    1: () => [t('Knight'), t('Jumps two squares straight, then one to the side, over anything.'), '♘'],
    0: () => [t('Pawn'), t('One square forward (two from its first square); captures one square diagonally forward; promotes on the last rank.'), '♙'],
  },
  'great-chess': {
    8: () => [t('King'), t('One square any way; its first move may instead leap two squares in any direction.'), '♔'],
    7: () => [t('Aanca'), t('One square diagonally, then, if that square was empty, on straight away from its start along a rank or file.'), 'A'],
    6: () => [t('Unicorn'), t('A knight\'s jump; after a forward jump to an empty square it may go on diagonally forwards.'), 'U'],
    5: () => [t('Rook'), t('Any distance along a rank or a file.'), '♖'],
    4: () => [t('Lion'), t('Jumps three squares along a rank or file, or three one way and one across.'), 'L'],
    3: () => [t('Crocodile'), t('Any distance diagonally, like a bishop.'), '♗'],
    2: () => [t('Giraffe'), t('Jumps three squares one way and two across.'), 'G'],
    1: () => [t('Pawn'), t('One square forward; captures one square diagonally forward; on the last rank it becomes the piece that started on its file.'), '♙'],
  },
  'four-seasons': {
    0: () => [t('King'), t('One square any way.'), '♔'],
    1: () => [t('Rook'), t('Any distance along a rank or a file.'), '♖'],
    2: () => [t('Knight'), t('Jumps two squares straight, then one to the side, over anything.'), '♘'],
    3: () => [t('Bishop (alfil)'), t('One or two squares diagonally, leaping over the square between.'), '♗'],
    4: () => [t('General'), t('One square diagonally; a pawn becomes one on the far edge.'), '♕'],
    5: () => [t('Pawn'), t('One square ahead in its arrow\'s direction; captures one square diagonally ahead.'), '♙↑'],
  },
};

/* Four Seasons' pawns are four kinds (one per direction): one row. */
const kindOf = (game, kind) => (game === 'four-seasons' && kind > 5 ? 5 : kind);

function pieceRows(game, view, colours, seat) {
  const data = LEGENDS[game];
  const rows = [];
  for (const kind of Object.keys(data).map(Number).sort((a, b) => b - a)) {
    const [name, how, symbol] = data[kind]();
    /* the piece as the board draws it: one of the reader's, else any */
    const all = view.pieces.filter((p) => kindOf(game, p.kind) === kind);
    const piece = all.find((p) => p.owner === seat) || all[0] ||
      { owner: seat, kind, glyph: symbol.length <= 2 && !/^[A-Z]$/.test(symbol) ? symbol : '', text: symbol };
    rows.push(h('tr', { 'data-kind': kind },
      h('td', { class: 'pic' }, pieceIcon(piece, colours)),
      h('td', { class: 'name' }, name),
      h('td', { class: 'how' }, how)));
  }
  return rows;
}

/* Talat: the towers' heights and bases, their letters as the moves write
 * them (`2t@f5`), and what takes what. */
function towerRows(view, colours, seat) {
  const shapes = ['▲', '■', '⬢'];
  const letters = ['t', 's', 'h'];
  /* the letters of the reader's language, read off the towers drawn
   * (text: colour, height, base; glyph: height, shape) */
  for (const p of view.pieces) {
    const k = shapes.indexOf([...p.glyph].slice(1).join(''));
    if (k >= 0 && p.text.length >= 3) letters[k] = p.text[2];
  }
  const tower = (height, k) => pieceIcon({ owner: seat, kind: 0, glyph: `${height}${shapes[k]}`, text: `${height}${letters[k]}` }, colours);
  const heights = [t('small'), t('medium'), t('tall')];
  const bases = [t('triangle: 3 sides'), t('square: 4 sides'), t('hexagon: 6 sides')];
  const rows = [];
  heights.forEach((word, i) => rows.push(h('tr', { 'data-height': i + 1 },
    h('td', { class: 'pic' }, tower(i + 1, 0)), h('td', { class: 'name' }, String(i + 1)),
    h('td', { class: 'how' }, t('Height {n}: a {word} tower.', { n: i + 1, word })))));
  bases.forEach((word, k) => rows.push(h('tr', { 'data-base': letters[k] },
    h('td', { class: 'pic' }, tower(2, k)), h('td', { class: 'name' }, `${shapes[k]} ${letters[k]}`),
    h('td', { class: 'how' }, t('Base {letter}: {word}.', { letter: letters[k], word })))));
  rows.push(h('tr', {}, h('td', { class: 'pic' }, tower(2, 0)), h('td', { class: 'name' }, `2${letters[0]}@f5`),
    h('td', { class: 'how' }, t('A move names the tower, then the square: a medium triangle placed on f5.'))));
  rows.push(h('tr', {}, h('td', { class: 'pic' }, tower(1, 0)), h('td', { class: 'name' }, '×'),
    h('td', { class: 'how' }, t('A tower takes one a height lower, or one as high with fewer sides; the small triangle takes the tall hexagon.'))));
  return rows;
}

/* Puts the legend of the game's pieces into `host` (or nothing, for a game
 * with none); it stays open or closed as the reader left it. */
/* A piece's name as the legend gives it ("Pawn"), or "" where the game
 * has no legend. */
export function pieceName(game, kind) {
  const data = LEGENDS[game];
  const entry = data && data[kindOf(game, kind)];
  return entry ? entry()[0] : '';
}

export function drawLegend(host, game, view, colours, seat = 0) {
  const talat = game === 'talat';
  if (!LEGENDS[game] && !talat) {
    host.replaceChildren();
    return;
  }
  const old = host.querySelector('details');
  const open = old ? old.open : false;
  const rows = talat ? towerRows(view, colours, seat) : pieceRows(game, view, colours, seat);
  const details = h('details', { class: 'legend', id: 'legend', 'data-game': game },
    h('summary', {}, talat ? t('Towers: height and base') : t('Pieces')),
    h('table', {}, h('tbody', {}, rows)));
  details.open = open;
  host.replaceChildren(details);
}
