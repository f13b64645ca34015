/* board.js — any game's position drawn as SVG from its view (render in
 * game.h): squares and points on a layout grid, the lines of point boards,
 * pieces with their owners' colours, pieces off the board, dice; and the
 * clicks and drags that pick a move. */

const SVG = 'http://www.w3.org/2000/svg';
const U = 60; /* one cell of the layout grid, in SVG units */

const SHADE = ['plain', 'light', 'dark', 'blocked', 'marked'];

/* Colours for seats, by the colour words in their English names ("White",
 * "Green (spring)", "Wooden"), else in seat order. */
const NAMED = [
  ['white', '#f6f2e6'], ['black', '#2a2724'], ['red', '#c0392b'],
  ['green', '#2e8b57'], ['orange', '#e07b24'], ['blue', '#2e6db4'],
  ['yellow', '#e3c13b'], ['wooden', '#9a6235'], ['brown', '#8b5a2b'],
  ['purple', '#7d3c98'], ['grey', '#8a8a8a'], ['gray', '#8a8a8a'],
];
const PALETTE = ['#f6f2e6', '#2a2724', '#c0392b', '#2e8b57', '#2e6db4',
  '#e3c13b'];

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

/* Black or white text, whichever reads better on a colour. */
export function inkFor(colour) {
  const n = parseInt(colour.slice(1), 16);
  const lum = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return lum > 150 ? '#1d1a17' : '#fbf8f0';
}

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

/* The label shared by every cell in column (or row) k, or "". */
function axisLabel(cells, column, k) {
  let label = null;
  for (const c of cells) {
    if ((column ? c.x : c.y) !== k) continue;
    const part = splitName(c.name)[column ? 0 : 1];
    if (label === null) label = part;
    else if (label !== part) return '';
  }
  return label || '';
}

/* Where off-board pieces go: one group per owner, kind and symbol. */
function reserveGroups(pieces) {
  const groups = new Map();
  for (const p of pieces) {
    if (p.cell >= 0) continue;
    const key = `${p.owner}|${p.kind}|${p.glyph || p.text}`;
    const g = groups.get(key) || { piece: p, count: 0 };
    g.count++;
    groups.set(key, g);
  }
  return [...groups.values()];
}

function drawPiece(parent, p, cx, cy, r, colours) {
  const fill = p.owner >= 0 ? colours[p.owner] || '#999' : '#b9b2a5';
  const g = el('g', { class: 'piece', 'data-owner': p.owner }, parent);
  el('circle', { cx, cy, r, fill, stroke: '#3b3026', 'stroke-width': 2 }, g);
  const symbol = p.glyph || p.text;
  const size = r * (symbol.length > 2 ? 0.8 : symbol.length > 1 ? 1.0 : 1.25);
  const t = el('text', {
    x: cx, y: cy, 'font-size': size, fill: inkFor(fill),
    'text-anchor': 'middle', 'dominant-baseline': 'central',
  }, g);
  t.textContent = symbol;
  const title = el('title', {}, g);
  title.textContent = p.text;
  return g;
}

/* Draws the view into `host` (an element; its content is replaced).
 * opts: colours (by seat), selected (a cell or -1), targets (cells a move
 * goes to from the selection), movable (cells a click can act on), last and
 * hint (cells), onCell(cell, 'click' | 'drag'), onDrag(from, to),
 * targetsOf(cell) (where a piece carried from there may go). */
export function drawBoard(host, view, opts) {
  host.replaceChildren();
  const cells = view.cells;
  if (!cells.length && !view.pieces.length) return;
  const hasCols = [...Array(view.width).keys()].some((x) => axisLabel(cells, true, x));
  const hasRows = [...Array(view.height).keys()].some((y) => axisLabel(cells, false, y));
  const titled = view.titles.some((t) => t);
  const left = hasRows ? U * 0.5 : U * 0.1;
  const top = titled ? U * 0.6 : U * 0.1;
  const bottom = hasCols ? U * 0.5 : U * 0.1;
  const reserve = reserveGroups(view.pieces);
  const reserveHeight = reserve.length ? U * 0.9 : 0;
  const width = left + view.width * U + U * 0.1;
  const height = top + view.height * U + bottom + reserveHeight;
  const svg = el('svg', {
    viewBox: `0 0 ${width} ${height}`, class: 'board', role: 'img',
    'aria-label': view.info[0] || 'board',
  }, host);
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
  const targets = new Set(opts.targets || []);
  const movable = new Set(opts.movable || []);
  cells.forEach((c, i) => {
    const shade = SHADE[c.shade] || 'plain';
    const g = el('g', { class: `cell ${shade}`, 'data-cell': i, 'data-name': c.name }, svg);
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
    if (i === opts.selected) g.classList.add('selected');
    if (movable.has(i)) g.classList.add('movable');
    /* the whole cell answers clicks */
    el('rect', {
      x: left + c.x * U, y: top + c.y * U, width: U, height: U, class: 'hit',
    }, g);
  });
  /* lines of point boards (and rings), over the cells, under the pieces */
  for (const [a, b] of view.links) {
    el('line', {
      x1: cx(cells[a]), y1: cy(cells[a]), x2: cx(cells[b]), y2: cy(cells[b]),
      class: 'edge',
    }, svg);
  }
  /* coordinates along the edges */
  for (let x = 0; x < view.width && hasCols; x++) {
    const t = el('text', {
      x: left + (x + 0.5) * U, y: top + view.height * U + U * 0.35,
      class: 'coord', 'text-anchor': 'middle',
    }, svg);
    t.textContent = axisLabel(cells, true, x);
  }
  for (let y = 0; y < view.height && hasRows; y++) {
    const t = el('text', {
      x: left * 0.5, y: top + (y + 0.5) * U, class: 'coord',
      'text-anchor': 'middle', 'dominant-baseline': 'central',
    }, svg);
    t.textContent = axisLabel(cells, false, y);
  }
  /* pieces: several on one cell are stacked */
  const onCell = new Map();
  for (const p of view.pieces) {
    if (p.cell < 0 || p.cell >= cells.length) continue;
    if (!onCell.has(p.cell)) onCell.set(p.cell, []);
    onCell.get(p.cell).push(p);
  }
  const pieceOf = new Map();
  for (const [i, list] of onCell) {
    const c = cells[i];
    const shown = list.slice(-3);
    shown.forEach((p, k) => {
      const g = drawPiece(svg, p, cx(c), cy(c) - k * U * 0.1, U * 0.36, opts.colours);
      g.setAttribute('data-cell', i);
      pieceOf.set(i, g);
    });
    if (list.length > 3) {
      const t = el('text', { x: cx(c) + U * 0.3, y: cy(c) - U * 0.3, class: 'count' }, svg);
      t.textContent = '×' + list.length;
    }
  }
  /* targets drawn over the pieces */
  for (const i of targets) {
    const c = cells[i];
    el('circle', {
      cx: cx(c), cy: cy(c), r: U * (onCell.has(i) ? 0.42 : 0.15),
      class: onCell.has(i) ? 'target capture' : 'target',
    }, svg);
  }
  /* pieces off the board */
  let rx = left + U * 0.45;
  const ry = top + view.height * U + bottom + U * 0.45;
  for (const { piece, count } of reserve) {
    drawPiece(svg, piece, rx, ry, U * 0.3, opts.colours);
    if (count > 1) {
      const t = el('text', { x: rx + U * 0.34, y: ry + U * 0.3, class: 'count' }, svg);
      t.textContent = '×' + count;
    }
    rx += U * (count > 1 ? 1.1 : 0.8);
  }
  if (opts.onCell) attachPointer(svg, opts, pieceOf, movable);
}

/* Clicks, and drags of a piece from a cell that can move. */
function attachPointer(svg, opts, pieceOf, movable) {
  const cellAt = (x, y) => {
    const hit = document.elementFromPoint(x, y);
    const g = hit && hit.closest('[data-cell]');
    return g && svg.contains(g) ? Number(g.getAttribute('data-cell')) : -1;
  };
  let drag = null;
  svg.addEventListener('pointerdown', (e) => {
    const cell = cellAt(e.clientX, e.clientY);
    if (cell < 0) return;
    drag = { cell, x: e.clientX, y: e.clientY, moved: false, piece: pieceOf.get(cell) };
    if (drag.piece && movable.has(cell)) svg.setPointerCapture(e.pointerId);
  });
  svg.addEventListener('pointermove', (e) => {
    if (!drag || !drag.piece || !movable.has(drag.cell)) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 6) return;
    if (!drag.moved) {
      drag.moved = true;
      drag.piece.classList.add('dragging');
      opts.onCell(drag.cell, 'drag');
      /* where it may go, while it is carried */
      drag.marks = (opts.targetsOf ? opts.targetsOf(drag.cell) : []).map((i) => {
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
      const to = cellAt(e.clientX, e.clientY);
      d.piece.style.visibility = '';
      d.piece.removeAttribute('transform');
      d.piece.classList.remove('dragging');
      if (opts.onDrag) opts.onDrag(d.cell, to);
    } else {
      opts.onCell(d.cell, 'click');
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
