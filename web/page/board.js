/* board.js — any game's position drawn as SVG from its view (render in
 * game.h): squares and points on a layout grid, the lines of point boards,
 * pieces with their owners' colours and patterns, pieces off the board,
 * dice; the highlights (last move, check, the pieces that may move, the
 * targets of the selection, the points where a piece may be placed); and
 * the clicks, drags and keys that pick a move. */

const SVG = 'http://www.w3.org/2000/svg';
const U = 60; /* one cell of the layout grid, in SVG units */

const SHADE = ['plain', 'light', 'dark', 'blocked', 'marked'];

/* ---- Colours -------------------------------------------------------------
 * WCAG 2 relative luminance and contrast ratio, used to pick the ink of
 * every text drawn on a colour, and checked by tests/web/palette.mjs. */

function channel(v) {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function luminance(colour) {
  const n = parseInt(colour.slice(1, 7), 16);
  return 0.2126 * channel(n >> 16) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrast(a, b) {
  const la = luminance(a), lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export const INK_DARK = '#12100e';
export const INK_LIGHT = '#fbf8f0';

/* The ink (dark or light) that reads better on a colour. */
export function inkFor(colour) {
  return contrast(colour, INK_DARK) >= contrast(colour, INK_LIGHT) ? INK_DARK : INK_LIGHT;
}

/* The board's own colours (the squares by shade, the page around it); the
 * SVG sets them as CSS variables, style.css uses them. */
export const BOARD = {
  plain: '#e9dab8', light: '#efdfbb', dark: '#b8865a', blocked: '#978a7b',
  marked: '#dcc07a', paper: '#f7f1e3', line: '#5a4632',
};
/* Every piece is ringed with this, so that it stands out from any square
 * (3:1 at least) whatever its own colour. */
export const OUTLINE = INK_DARK;

/* Seat colours: Okabe and Ito's palette for colour-blind readers, chosen
 * by the colour words in the seats' English names ("White", "Green
 * (spring)", "Wooden"), else in seat order. */
const NAMED = [
  ['white', '#f4f1ea'], ['black', '#2a2724'], ['red', '#d55e00'],
  ['green', '#009e73'], ['orange', '#e69f00'], ['blue', '#0072b2'],
  ['yellow', '#f0e442'], ['wooden', '#8c5a30'], ['brown', '#8c5a30'],
  ['violet', '#cc79a7'], ['purple', '#cc79a7'], ['grey', '#8a8a8a'],
  ['gray', '#8a8a8a'],
];
export const PALETTE = ['#f4f1ea', '#2a2724', '#d55e00', '#0072b2', '#009e73',
  '#e69f00', '#cc79a7', '#56b4e9'];

export function seatColours(namesEn) {
  const used = new Set();
  const colours = namesEn.map((name) => {
    const lower = name.toLowerCase();
    const hit = NAMED.find(([word]) => lower.includes(word));
    if (hit && !used.has(hit[1])) {
      used.add(hit[1]);
      return hit[1];
    }
    return null;
  });
  return colours.map((c, i) => {
    if (c) return c;
    const free = PALETTE.find((p) => !used.has(p)) || PALETTE[i % PALETTE.length];
    used.add(free);
    return free;
  });
}

/* Besides its colour each seat has a pattern inside its pieces (none,
 * a ring, a dashed ring, a dotted ring), so that the seats differ without
 * colour too - but for plain white and black, which differ enough. */
export const PATTERNS = ['none', 'ring', 'dashed', 'dotted'];
function patterned(colours) {
  return colours.some((c) => c !== NAMED[0][1] && c !== NAMED[1][1]);
}

/* ---- Small helpers ------------------------------------------------------ */

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/* "a1" -> ["a", "1"]; names that are not letters then digits -> ["", ""] */
function splitName(name) {
  const m = /^([A-Za-z]{1,3})(\d{1,3})$/.exec(name);
  return m ? [m[1], m[2]] : ['', ''];
}

/* The label shared by every cell in column (or row) k, or "": the
 * letters of their names on a column, the digits on a row; `turned`: the
 * other way round (a square board turned a quarter). */
function axisLabel(cells, column, k, turned) {
  const part = column !== Boolean(turned) ? 0 : 1;
  const line = cells.filter((c) => (column ? c.x : c.y) === k).map((c) => splitName(c.name)[part]);
  return line.length && line.every((n) => n && n === line[0]) ? line[0] : '';
}

/* Where off-board pieces go: one group per owner, kind and symbol. */
function reserveGroups(pieces) {
  const groups = new Map();
  for (const p of pieces) {
    if (p.cell >= 0) continue;
    const key = `${p.owner}|${p.kind}|${p.glyph || p.text}`;
    const g = groups.get(key) || { key, piece: p, count: 0 };
    g.count++;
    groups.set(key, g);
  }
  return [...groups.values()];
}

/* The moves that put a piece from off the board onto an empty cell:
 * the moves with one cell where no piece stands. */
export function placements(view, legal) {
  const taken = new Set(view.pieces.filter((p) => p.cell >= 0).map((p) => p.cell));
  return (legal || []).filter((a) => a.cells.length === 1 && !taken.has(a.cells[0]));
}

/* The placements of one piece in hand: where the moves name the piece
 * (`2t@f5`, a Talat tower: its height and base, the piece's text after the
 * owner's letter), those of its kind; else all of them, for the player to
 * move (or a neutral piece). */
export function reserveMoves(view, piece, legal) {
  const places = placements(view, legal);
  const shown = (a) => a.shown || a.name;
  const named = places.filter((a) => shown(a).includes('@'));
  if (!named.length) return piece.owner === view.to || piece.owner < 0 ? places : [];
  const code = piece.text.slice(1);
  return named.filter((a) => shown(a).split('@')[0] === code);
}

/* ---- Drawing ------------------------------------------------------------ */

const STONES = new Set(['\u25cb', '\u25cf', '\u25ef']);

function drawPiece(parent, p, cx, cy, r, colours, patterns) {
  const fill = p.owner >= 0 ? colours[p.owner] || '#999999' : '#b9b2a5';
  const ink = inkFor(fill);
  const g = el('g', { class: 'piece', 'data-owner': p.owner, 'data-fill': fill }, parent);
  el('circle', { cx, cy, r, fill, stroke: OUTLINE, 'stroke-width': 2.5, class: 'body' }, g);
  const pattern = patterns && p.owner >= 0 ? PATTERNS[p.owner % PATTERNS.length] : 'none';
  if (pattern !== 'none') {
    el('circle', {
      cx, cy, r: r * 0.8, fill: 'none', stroke: ink, 'stroke-width': r * 0.09,
      'stroke-dasharray': pattern === 'dashed' ? `${r * 0.35} ${r * 0.2}` : pattern === 'dotted' ? `0.1 ${r * 0.22}` : 'none',
      'stroke-linecap': 'round', class: 'pattern', 'data-pattern': pattern,
    }, g);
  }
  /* a plain stone (○ ●) is the disc itself: no symbol on it */
  const symbol = STONES.has(p.glyph) ? '' : p.glyph || p.text;
  /* letters (no glyph) drawn large and bold: Great Chess's unicorns,
   * lions, giraffes and Aancas on small cells */
  const letter = !p.glyph;
  const size = r * (symbol.length > 2 ? 0.8 : symbol.length > 1 ? 1.0 : letter ? 1.45 : 1.6);
  const t = el('text', {
    x: cx, y: cy, 'font-size': size, fill: ink,
    'text-anchor': 'middle', 'dominant-baseline': 'central',
    'font-weight': letter ? 'bold' : 'normal',
  }, g);
  t.textContent = symbol;
  const title = el('title', {}, g);
  title.textContent = p.text;
  return g;
}

/* A piece alone, as the board draws it (for the legend). */
export function pieceIcon(piece, colours) {
  const svg = el('svg', { viewBox: '0 0 48 48', class: 'piece-icon', 'aria-hidden': 'true' });
  drawPiece(svg, piece, 24, 24, piece.glyph ? 20 : 21, colours || [], patterned(colours || []));
  return svg;
}

/* The board's layout: a copy of the cells' positions, where the boards
 * of a game with several (Talat's three) are stacked one under another
 * when side by side their cells would be smaller than MIN_CELL pixels. */
const MIN_CELL = 40;
const STACKED_CELL = 42;
function layout(view, hostWidth) {
  const cells = view.cells.map((c) => ({ ...c }));
  const boards = view.titles.length;
  let width = view.width, height = view.height;
  let stacked = false;
  if (boards > 1 && hostWidth > 0 && hostWidth / (view.width + 0.6) < MIN_CELL) {
    const ext = [];
    for (let b = 0; b < boards; b++) {
      const mine = cells.filter((c) => c.board === b);
      if (!mine.length) continue;
      ext[b] = {
        x0: Math.min(...mine.map((c) => c.x)), x1: Math.max(...mine.map((c) => c.x)),
        y0: Math.min(...mine.map((c) => c.y)), y1: Math.max(...mine.map((c) => c.y)),
      };
    }
    /* side by side (same rows, different columns): one column of boards,
     * a row's gap for the next board's title */
    const side = ext.every((e, b) => !e || !b || e.y0 === ext[0].y0);
    if (side && ext.length > 1) {
      stacked = true;
      let y = 0;
      width = 0;
      ext.forEach((e, b) => {
        if (!e) return;
        for (const c of cells) {
          if (c.board !== b) continue;
          c.x -= e.x0;
          c.y = c.y - e.y0 + y;
        }
        e.top = y;
        width = Math.max(width, e.x1 - e.x0 + 1);
        y += e.y1 - e.y0 + 1 + 0.7;
      });
      height = y - 0.7;
    }
  }
  return { cells, width, height, stacked };
}

/* The ends of the rows a ring's links run along that the ring joins
 * round the board's edge: the cells with one link, in pairs on the same
 * column at the left or right edge (Medh Kuu Lash: G8 and W8, G1 and W1).
 * A pair goes from the end of one run (the second cell of its link) to
 * the start of the next (the first of its link), as the ring's links are
 * written in its direction. */
function wraps(cells, links, width) {
  const degree = new Map();
  const starts = new Set();
  for (const [a, b] of links) {
    degree.set(a, (degree.get(a) || 0) + 1);
    degree.set(b, (degree.get(b) || 0) + 1);
    starts.add(a);
  }
  const ends = [...degree].filter(([, d]) => d === 1).map(([i]) => i)
    .filter((i) => cells[i].x === 0 || cells[i].x === width - 1);
  const pairs = [];
  for (let k = 0; k < ends.length; k++) {
    for (let j = k + 1; j < ends.length; j++) {
      if (cells[ends[k]].x !== cells[ends[j]].x) continue;
      const [a, b] = [ends[k], ends[j]];
      /* one way round when the links say it, else both ways */
      if (starts.has(a) !== starts.has(b)) pairs.push(starts.has(a) ? [b, a, true] : [a, b, true]);
      else pairs.push([a, b, false]);
    }
  }
  return pairs.length && pairs.length * 2 === ends.length ? pairs : [];
}

/* What a cell holds, for its aria-label: "e2 Pawn (White)", each piece
 * as opts.describe words it (else its letter) */
function cellLabel(c, list, describe) {
  const what = list.map((p) => (describe ? describe(p) : p.text)).join(', ');
  return what ? `${c.name} ${what}` : c.name;
}

/* Draws the view into `host` (an element; its content is replaced).
 * opts: colours (by seat), selected (a cell or -1), targets (cells a move
 * goes to from the selection), movable (cells a click can act on), last and
 * hint (cells), onCell(cell, 'click' | 'drag'), onDrag(from, to),
 * targetsOf(cell) (where a piece carried from there may go); legal (the
 * moves here, as the page has them: {name, shown, cells}) and
 * onReserve(moves, piece): a piece off the board (a tower in hand) tapped,
 * clicked or reached by the keys, then a marked cell (or the piece dragged
 * onto it) - the moves that put it there, normally one; describe(piece):
 * a piece in words for a screen reader; label: the board's
 * name for screen readers (the game's title); strings: {board: "…"} words
 * for screen readers in the reader's language.
 *
 * The view's `check` (cells of kings in check) is drawn too. */
export function drawBoard(host, view, opts) {
  const state = host.boardState || (host.boardState = { reserve: null, focus: null, stamp: '' });
  const hadFocus = host.contains(document.activeElement) && document.activeElement.tagName === 'svg';
  host.replaceChildren();
  const stamp = `${view.ply}/${view.n}/${view.turns}`;
  /* a piece in hand stays chosen until a move is made or a piece on the
   * board is selected */
  if (stamp !== state.stamp || (opts.selected >= 0 && opts.selected !== state.selected)) state.reserve = null;
  state.stamp = stamp;
  state.selected = opts.selected;
  if (!view.cells.length && !view.pieces.length) return;
  const hostWidth = host.clientWidth || (typeof window !== 'undefined' ? window.innerWidth : 0);
  const { cells, width: gridW, height: gridH, stacked } = layout(view, hostWidth);
  watchWidth(host, view, opts, stacked);
  /* coordinates on the edges where most columns and most rows have their
   * own (on a square board turned a quarter, letters name the rows); else
   * each cell's name in its corner (Medh Kuu Lash, Talat's boards turned
   * to their players) */
  const lines = (column, turn) => {
    const used = [...Array(column ? gridW : gridH).keys()]
      .filter((k) => cells.some((c) => (column ? c.x : c.y) === k));
    return 2 * used.filter((k) => axisLabel(cells, column, k, turn)).length >= used.length;
  };
  const labelled = (turn) => !stacked && lines(true, turn) && lines(false, turn);
  const turned = gridW === gridH && !labelled(false) && labelled(true);
  const edges = labelled(turned);
  const named = !edges && cells.some((c) => c.name);
  const titled = view.titles.some((t) => t);
  const ringEnds = wraps(cells, view.links, gridW);
  const side = ringEnds.length ? U * 0.55 : 0;
  const left = (edges ? U * 0.5 : U * 0.1) + side;
  const bottom = edges ? U * 0.5 : U * 0.1;
  const legal = opts.legal || [];
  const reserve = reserveGroups(view.pieces);
  const canPlace = opts.onReserve ? reserve.map((g) => reserveMoves(view, g.piece, legal)) : reserve.map(() => []);
  const width = left + gridW * U + U * 0.1 + side;
  /* pieces off the board in rows as wide as the board, larger when they
   * can be tapped */
  const tappable = canPlace.some((m) => m.length);
  const slot = tappable ? U * 1.0 : U * 0.8;
  const perRow = Math.max(1, Math.floor((width - U * 0.1) / (slot + U * 0.25)));
  const reserveRows = Math.ceil(reserve.length / perRow);
  const reserveHeight = reserve.length ? reserveRows * (tappable ? U * 1.1 : U * 0.9) : 0;
  /* stacked boards (a phone): the pieces in hand above them, in reach */
  const top = (stacked ? reserveHeight : 0) + (titled ? U * 0.6 : U * 0.1);
  const height = top + gridH * U + bottom + (stacked ? 0 : reserveHeight);
  const colours = opts.colours || [];
  const patterns = patterned(colours);
  const svg = el('svg', {
    viewBox: `0 0 ${width} ${height}`, class: 'board' + (stacked ? ' stacked' : ''),
    role: 'application', tabindex: 0,
    'aria-label': opts.label || (view.info && view.info[0]) || 'board',
    'aria-roledescription': (opts.strings && opts.strings.board) || 'board',
  }, host);
  for (const [k, v] of Object.entries(BOARD)) svg.style.setProperty(`--b-${k}`, v);
  /* stacked boards: cells of about 42 px, not the whole phone's width */
  if (stacked) svg.style.maxWidth = `${Math.round((width / U) * STACKED_CELL)}px`;
  const cx = (c) => left + (c.x + 0.5) * U;
  const cy = (c) => top + (c.y + 0.5) * U;

  /* board titles, above each board's cells */
  view.titles.forEach((title, b) => {
    const mine = cells.filter((c) => c.board === b);
    if (!title || !mine.length) return;
    const x0 = Math.min(...mine.map((c) => c.x)), x1 = Math.max(...mine.map((c) => c.x));
    const y0 = Math.min(...mine.map((c) => c.y));
    const t = el('text', {
      x: left + ((x0 + x1 + 1) / 2) * U, y: top + y0 * U - U * 0.18,
      'text-anchor': 'middle', class: 'board-title',
    }, svg);
    t.textContent = title;
  });
  const last = new Set(opts.last || []);
  const hint = new Set(opts.hint || []);
  const check = new Set(view.check || []);
  const targets = new Set(opts.targets || []);
  const movable = new Set(opts.movable || []);
  const reserveKey = state.reserve;
  const chosen = reserve.findIndex((g) => g.key === reserveKey);
  if (chosen < 0) state.reserve = null;
  /* where a piece may be placed: the cells of the piece in hand chosen,
   * else of every placement */
  const placeCells = new Set((chosen >= 0 ? canPlace[chosen] : opts.onReserve ? placements(view, legal) : [])
    .map((a) => a.cells[0]));
  const onCell = new Map();
  for (const p of view.pieces) {
    if (p.cell < 0 || p.cell >= cells.length) continue;
    if (!onCell.has(p.cell)) onCell.set(p.cell, []);
    onCell.get(p.cell).push(p);
  }
  cells.forEach((c, i) => {
    const shade = SHADE[c.shade] || 'plain';
    const g = el('g', {
      class: `cell ${shade}`, 'data-cell': i, 'data-name': c.name, id: `cell-${i}`,
      role: 'button', 'aria-label': cellLabel(c, onCell.get(i) || [], opts.describe),
    }, svg);
    if (c.shape === 0) {
      el('rect', { x: left + c.x * U, y: top + c.y * U, width: U, height: U, class: 'square' }, g);
      if (shade === 'blocked') {
        el('path', {
          d: `M${left + c.x * U + 8},${top + c.y * U + 8}l${U - 16},${U - 16}` +
             `M${left + c.x * U + U - 8},${top + c.y * U + 8}l${16 - U},${U - 16}`,
          class: 'cross',
        }, g);
      }
    } else {
      el('circle', { cx: cx(c), cy: cy(c), r: U * 0.13, class: 'point' }, g);
    }
    if (last.has(i)) g.classList.add('last');
    if (hint.has(i)) g.classList.add('hint');
    if (check.has(i)) g.classList.add('check');
    if (i === opts.selected) g.classList.add('selected');
    /* the pieces that may move (points to place on are marked below) */
    if (movable.has(i) && onCell.has(i)) g.classList.add('movable');
    if (placeCells.has(i)) g.classList.add('place');
    /* the whole cell answers clicks */
    el('rect', {
      x: left + c.x * U, y: top + c.y * U, width: U, height: U, class: 'hit',
    }, g);
    if (check.has(i)) {
      el('circle', { cx: cx(c), cy: cy(c), r: U * 0.46, class: 'check-ring' }, g);
    }
  });
  /* lines of point boards (and rings), over the cells, under the pieces */
  for (const [a, b] of view.links) {
    el('line', {
      x1: cx(cells[a]), y1: cy(cells[a]), x2: cx(cells[b]), y2: cy(cells[b]),
      class: 'edge',
    }, svg);
  }
  /* where a ring wraps from one row's end to the other's: a curve round
   * the board's edge, its arrow the ring's way */
  if (ringEnds.length) {
    const defs = el('defs', {}, svg);
    const marker = el('marker', {
      id: 'wrap-arrow', viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 5,
      markerHeight: 5, orient: 'auto-start-reverse',
    }, defs);
    el('path', { d: 'M0,0L10,5L0,10z', class: 'wrap-head' }, marker);
    for (const [a, b, oneWay] of ringEnds) {
      const ca = cells[a], cb = cells[b];
      const out = ca.x === 0 ? -1 : 1;
      const xa = cx(ca) + out * U * 0.3, xb = cx(cb) + out * U * 0.3;
      const bend = cx(ca) + out * (U * 0.5 + side * 0.9);
      el('path', {
        d: `M${xa},${cy(ca)} C${bend},${cy(ca)} ${bend},${cy(cb)} ${xb},${cy(cb)}`,
        class: 'wrap', 'marker-end': 'url(#wrap-arrow)', ...(oneWay ? {} : { 'marker-start': 'url(#wrap-arrow)' }),
        'data-from': ca.name, 'data-to': cb.name,
      }, svg);
    }
  }
  /* coordinates along the edges */
  for (let x = 0; x < gridW && edges; x++) {
    const t = el('text', {
      x: left + (x + 0.5) * U, y: top + gridH * U + U * 0.35,
      class: 'coord', 'text-anchor': 'middle',
    }, svg);
    t.textContent = axisLabel(cells, true, x, turned);
  }
  for (let y = 0; y < gridH && edges; y++) {
    const t = el('text', {
      x: (left - side) * 0.5, y: top + (y + 0.5) * U, class: 'coord',
      'text-anchor': 'middle', 'dominant-baseline': 'central',
    }, svg);
    t.textContent = axisLabel(cells, false, y, turned);
  }
  /* pieces: several on one cell are stacked */
  const pieceOf = new Map();
  for (const [i, list] of onCell) {
    const c = cells[i];
    const shown = list.slice(-3);
    shown.forEach((p, k) => {
      const g = drawPiece(svg, p, cx(c), cy(c) - k * U * 0.1, U * (p.glyph ? 0.38 : 0.42), colours, patterns);
      g.setAttribute('data-cell', i);
      if (movable.has(i)) g.classList.add('movable');
      pieceOf.set(i, g);
    });
    if (list.length > 3) {
      const t = el('text', { x: cx(c) + U * 0.3, y: cy(c) - U * 0.3, class: 'count' }, svg);
      t.textContent = '×' + list.length;
    }
  }
  /* cells' names in their corners, over the pieces, on a label of the
   * board's colour */
  if (named) {
    cells.forEach((c, i) => {
      if (!c.name) return;
      const shade = SHADE[c.shade] || 'plain';
      const bg = c.shape === 0 ? BOARD[shade] || BOARD.plain : BOARD.paper;
      const g = el('g', { class: 'cell-name', 'data-cell': i }, svg);
      const w = 10 * c.name.length + 6;
      el('rect', { x: left + c.x * U + 1, y: top + c.y * U + 1, width: w, height: 20, rx: 4, fill: bg, opacity: 0.9 }, g);
      const t = el('text', {
        x: left + c.x * U + 4, y: top + c.y * U + 11, fill: inkFor(bg), 'dominant-baseline': 'central',
      }, g);
      t.textContent = c.name;
    });
  }
  /* targets drawn over the pieces */
  for (const i of targets) {
    const c = cells[i];
    el('circle', {
      cx: cx(c), cy: cy(c), r: U * (onCell.has(i) ? 0.44 : 0.15),
      class: onCell.has(i) ? 'target capture' : 'target',
    }, svg);
  }
  /* where a piece may be placed: rings (the chosen piece's: dots) */
  for (const i of placeCells) {
    if (targets.has(i)) continue;
    const c = cells[i];
    el('circle', {
      cx: cx(c), cy: cy(c), r: U * (chosen >= 0 ? 0.15 : 0.2),
      class: chosen >= 0 ? 'target place-target' : 'place-mark',
    }, svg);
  }
  /* pieces off the board */
  const reserveSlots = [];
  const rowH = tappable ? U * 1.1 : U * 0.9;
  const y0 = stacked ? 0 : top + gridH * U + bottom;
  reserve.forEach(({ key, piece, count }, k) => {
    const col = k % perRow, row = Math.floor(k / perRow);
    const rx = U * 0.1 + col * (slot + U * 0.25) + slot / 2;
    const ry = y0 + row * rowH + rowH / 2;
    const can = canPlace[k].length > 0;
    const g = el('g', {
      class: 'reserve' + (can ? ' movable' : '') + (k === chosen ? ' chosen' : ''),
      'data-reserve': key, 'data-owner': piece.owner, 'data-text': piece.text,
      id: `reserve-${k}`, role: 'button',
      'aria-label': `${piece.text}${count > 1 ? ' ×' + count : ''}`,
      'aria-pressed': String(k === chosen),
    }, svg);
    el('rect', {
      x: rx - slot / 2, y: ry - rowH / 2 + 2, width: slot, height: rowH - 4, rx: 8, class: 'slot',
    }, g);
    drawPiece(g, piece, rx, ry, U * (tappable ? 0.38 : 0.3), colours, patterns);
    if (count > 1) {
      const t = el('text', { x: rx + U * 0.34, y: ry + U * 0.3, class: 'count' }, g);
      t.textContent = '×' + count;
    }
    reserveSlots.push({ key, piece, k, x: rx, y: ry, g, moves: canPlace[k] });
  });
  const ctx = { svg, state, opts, view, pieceOf, movable, reserveSlots, placeCells, cells, cx, cy, host };
  if (opts.onCell || opts.onReserve) attachPointer(ctx);
  attachKeys(ctx);
  /* the focus ring (keys) where it was, and the focus kept over a redraw */
  showFocus(ctx);
  if (hadFocus) svg.focus({ preventScroll: true });
}

/* Several boards are stacked or side by side by the host's width: drawn
 * again when a change of width changes that. */
function watchWidth(host, view, opts, stacked) {
  const state = host.boardState;
  state.drawn = { view, opts, stacked };
  if (state.observer || typeof ResizeObserver === 'undefined' || view.titles.length < 2) return;
  state.observer = new ResizeObserver(() => {
    const d = state.drawn;
    if (d && d.view.titles.length > 1 && layout(d.view, host.clientWidth).stacked !== d.stacked) {
      drawBoard(host, d.view, d.opts);
    }
  });
  state.observer.observe(host);
}

/* The cell (or piece in hand) under a point of the screen. */
function itemAt(svg, x, y) {
  const hit = document.elementFromPoint(x, y);
  if (!hit || !svg.contains(hit)) return null;
  const r = hit.closest('[data-reserve]');
  if (r) return { reserve: r.getAttribute('data-reserve') };
  const g = hit.closest('[data-cell]');
  return g ? { cell: Number(g.getAttribute('data-cell')) } : null;
}

/* A piece in hand chosen (again: let go), or a cell acted on while one is
 * chosen: its placement there, or the cell handed on to the page. */
function chooseReserve(ctx, key) {
  const slot = ctx.reserveSlots.find((s) => s.key === key);
  if (!slot || !slot.moves.length) return;
  ctx.state.reserve = ctx.state.reserve === key ? null : key;
  redraw(ctx);
}

function actOnCell(ctx, cell, how) {
  const { state, opts } = ctx;
  if (state.reserve !== null) {
    const slot = ctx.reserveSlots.find((s) => s.key === state.reserve);
    const here = slot ? slot.moves.filter((a) => a.cells[0] === cell) : [];
    state.reserve = null;
    if (here.length) {
      opts.onReserve(here, slot.piece);
      return;
    }
  }
  if (opts.onCell) opts.onCell(cell, how);
  else redraw(ctx);
}

/* Draws again with the same options (a piece in hand chosen or let go). */
function redraw(ctx) {
  const opts = ctx.state.reserve !== null ? { ...ctx.opts, selected: -1, targets: [] } : ctx.opts;
  drawBoard(ctx.host, ctx.view, opts);
}

/* Clicks, and drags of a piece from a cell that can move or from the hand. */
function attachPointer(ctx) {
  const { svg, opts, pieceOf, movable } = ctx;
  let drag = null;
  svg.addEventListener('pointerdown', (e) => {
    const item = itemAt(svg, e.clientX, e.clientY);
    if (!item) return;
    if (item.reserve !== undefined) {
      const slot = ctx.reserveSlots.find((s) => s.key === item.reserve);
      drag = { reserve: slot, x: e.clientX, y: e.clientY, moved: false, piece: slot && slot.moves.length ? slot.g.querySelector('.piece') : null };
      if (drag.piece) svg.setPointerCapture(e.pointerId);
      return;
    }
    const cell = item.cell;
    drag = { cell, x: e.clientX, y: e.clientY, moved: false, piece: pieceOf.get(cell) };
    if (drag.piece && movable.has(cell) && opts.onCell) svg.setPointerCapture(e.pointerId);
  });
  svg.addEventListener('pointermove', (e) => {
    if (!drag || !drag.piece) return;
    if (drag.reserve === undefined && (!movable.has(drag.cell) || !opts.onCell)) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 6) return;
    if (!drag.moved) {
      drag.moved = true;
      drag.piece.classList.add('dragging');
      let cellsTo;
      if (drag.reserve) {
        ctx.state.reserve = drag.reserve.key;
        cellsTo = drag.reserve.moves.map((a) => a.cells[0]);
      } else {
        ctx.state.reserve = null;
        opts.onCell(drag.cell, 'drag');
        cellsTo = opts.targetsOf ? opts.targetsOf(drag.cell) : [];
      }
      /* where it may go, while it is carried */
      drag.marks = cellsTo.map((i) => {
        const box = svg.querySelector(`.cell[data-cell="${i}"] .hit`);
        return box && el('circle', {
          cx: Number(box.getAttribute('x')) + U / 2, cy: Number(box.getAttribute('y')) + U / 2,
          r: U * 0.15, class: 'target',
        }, svg);
      }).filter(Boolean);
    }
    const scale = svg.viewBox.baseVal.width / svg.getBoundingClientRect().width;
    drag.piece.setAttribute('transform', `translate(${dx * scale},${dy * scale})`);
  });
  const finish = (e) => {
    if (!drag) return;
    const d = drag;
    drag = null;
    if (d.moved) {
      d.marks.forEach((m) => m.remove());
      d.piece.style.visibility = 'hidden';
      const to = itemAt(svg, e.clientX, e.clientY);
      d.piece.style.visibility = '';
      d.piece.removeAttribute('transform');
      d.piece.classList.remove('dragging');
      if (d.reserve) {
        if (to && to.cell !== undefined) actOnCell(ctx, to.cell, 'drop');
        else redraw(ctx);
      } else if (opts.onDrag) {
        opts.onDrag(d.cell, to && to.cell !== undefined ? to.cell : -1);
      }
    } else if (d.reserve !== undefined) {
      if (d.reserve) chooseReserve(ctx, d.reserve.key);
    } else {
      actOnCell(ctx, d.cell, 'click');
    }
  };
  svg.addEventListener('pointerup', finish);
  svg.addEventListener('pointercancel', () => {
    if (drag && drag.marks) drag.marks.forEach((m) => m.remove());
    if (drag && drag.piece) {
      drag.piece.removeAttribute('transform');
      drag.piece.classList.remove('dragging');
    }
    drag = null;
  });
}

/* ---- Keys: arrows move a focus ring over the cells (and the pieces in
 * hand), Enter or Space acts as a click there. */

/* Everything the keys can reach, with its centre in SVG units. */
function focusables(ctx) {
  const list = ctx.cells.map((c, i) => ({ id: `cell-${i}`, cell: i, x: ctx.cx(c), y: ctx.cy(c) }));
  for (const s of ctx.reserveSlots) list.push({ id: `reserve-${s.k}`, reserve: s.key, x: s.x, y: s.y });
  return list;
}

function showFocus(ctx) {
  const { svg, state } = ctx;
  const items = focusables(ctx);
  let item = items.find((it) => it.id === state.focus);
  if (!item) {
    /* start on the selection, else the first cell that can move */
    const sel = ctx.opts.selected >= 0 ? `cell-${ctx.opts.selected}` : null;
    const first = [...ctx.movable][0];
    item = items.find((it) => it.id === sel) || items.find((it) => it.cell === first) || items[0];
  }
  if (!item) return;
  state.focus = item.id;
  svg.setAttribute('aria-activedescendant', item.id);
  const target = svg.querySelector(`#${item.id}`);
  const box = target && (target.querySelector('.hit') || target.querySelector('.slot'));
  if (!box) return;
  svg.querySelectorAll('.focus-ring').forEach((r) => r.remove());
  el('rect', {
    x: Number(box.getAttribute('x')) + 3, y: Number(box.getAttribute('y')) + 3,
    width: Number(box.getAttribute('width')) - 6, height: Number(box.getAttribute('height')) - 6,
    rx: 6, class: 'focus-ring',
  }, svg);
}

/* The nearest item from `from` in a direction (dx, dy): ahead of it, and
 * off the line as little as possible. */
function nearest(items, from, dx, dy) {
  let best = null, bestScore = Infinity;
  for (const it of items) {
    if (it === from) continue;
    const ahead = (it.x - from.x) * dx + (it.y - from.y) * dy;
    if (ahead < U * 0.3) continue;
    const aside = Math.abs((it.x - from.x) * dy - (it.y - from.y) * dx);
    const score = ahead + aside * 3;
    if (score < bestScore) {
      bestScore = score;
      best = it;
    }
  }
  return best;
}

function attachKeys(ctx) {
  const { svg, state } = ctx;
  const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  svg.addEventListener('keydown', (e) => {
    const items = focusables(ctx);
    const from = items.find((it) => it.id === state.focus) || items[0];
    if (!from) return;
    if (dirs[e.key]) {
      e.preventDefault();
      e.stopPropagation(); /* not the move list's arrows */
      const next = nearest(items, from, ...dirs[e.key]);
      if (next) {
        state.focus = next.id;
        showFocus(ctx);
      }
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.stopPropagation();
      if (from.reserve !== undefined) chooseReserve(ctx, from.reserve);
      else if (ctx.opts.onCell || state.reserve !== null) actOnCell(ctx, from.cell, 'click');
    } else if (e.key === 'Escape' && state.reserve !== null) {
      state.reserve = null;
      redraw(ctx);
    }
  });
  svg.addEventListener('focus', () => svg.classList.add('focused'));
  svg.addEventListener('blur', () => svg.classList.remove('focused'));
}

/* Dice as small SVG faces. */
export function drawDice(host, dice, colours) {
  host.replaceChildren();
  const pips = {
    1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]],
    4: [[1, 1], [3, 1], [1, 3], [3, 3]], 5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
    6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]],
  };
  for (const d of dice) {
    /* each player's dice in his colour */
    const face = d.owner >= 0 ? colours[d.owner] || '#fffdf7' : '#fffdf7';
    const svg = el('svg', { viewBox: '0 0 48 48', class: 'die', 'data-value': d.value }, host);
    el('rect', { x: 2, y: 2, width: 44, height: 44, rx: 8, fill: face, stroke: '#3b3026', 'stroke-width': 2.5 }, svg);
    for (const [x, y] of pips[d.value] || []) el('circle', { cx: x * 12, cy: y * 12, r: 4.2, fill: inkFor(face) }, svg);
    const title = el('title', {}, svg);
    title.textContent = d.value ? String(d.value) : '?';
  }
}
