// palette.mjs — the board's colours (web/page/board.js) without a browser:
// every game's seats in distinct colours, each with its own pattern where
// the colours are more than white and black; WCAG AA contrast: text on
// pieces and on the board 4.5:1, a piece against every square it can
// stand on (by its fill or its outline) 3:1.
import {
  BOARD, INK_DARK, INK_LIGHT, OUTLINE, PATTERNS, contrast, inkFor, luminance, seatColours,
} from '../../web/page/board.js';
import { check, equal, finish } from './lib.mjs';

/* the contrast function against known values (WCAG 2: black on white
 * 21:1, #767676 on white the lightest grey that passes 4.5:1) */
equal(Number(contrast('#000000', '#ffffff').toFixed(2)), 21, 'black on white');
equal(Number(contrast('#ffffff', '#000000').toFixed(2)), 21, 'the order does not matter');
equal(contrast('#3a7f22', '#3a7f22'), 1, 'a colour on itself');
check(contrast('#767676', '#ffffff') >= 4.5 && contrast('#777777', '#ffffff') < 4.5, 'the 4.5:1 edge: #767676 passes, #777777 fails');
equal(Number(luminance('#ffffff').toFixed(3)), 1, 'luminance of white');
equal(inkFor('#ffffff'), INK_DARK, 'dark ink on white');
equal(inkFor('#000000'), INK_LIGHT, 'light ink on black');

/* the seats of every game, by their English names (web/api.c: colours) */
const GAMES = {
  chess: ['White', 'Black'], 'great-chess': ['White', 'Black'], alquerque: ['White', 'Black'],
  'catch-the-rabbit': ['Rabbit', 'Hunters'], 'medh-kuu-lash': ['Green', 'Wooden'],
  robbers: ['Orange', 'Green'], talat: ['Red', 'Blue', 'Violet'],
  'four-seasons': ['Green', 'Red', 'Black', 'White'], 'dice (4 seats)': ['', '', '', ''],
};
const squares = ['plain', 'light', 'dark', 'blocked', 'marked'].map((k) => BOARD[k]);
for (const [game, names] of Object.entries(GAMES)) {
  const colours = seatColours(names);
  equal(new Set(colours).size, names.length, `${game}: a colour per seat ${colours}`);
  colours.forEach((c, i) => {
    const ink = inkFor(c);
    check(contrast(ink, c) >= 4.5, `${game} seat ${i}: text on ${c} ${contrast(ink, c).toFixed(2)}:1`);
    for (const sq of [...squares, BOARD.paper]) {
      const best = Math.max(contrast(c, sq), contrast(OUTLINE, sq));
      check(best >= 3, `${game} seat ${i}: piece ${c} on ${sq} ${best.toFixed(2)}:1`);
    }
  });
}
/* neutral pieces (Talat's two-player game) */
check(contrast(inkFor('#b9b2a5'), '#b9b2a5') >= 4.5, 'text on a neutral piece');
/* Talat's red, blue and violet in greyscale: their patterns differ */
equal(new Set(PATTERNS.slice(0, 4)).size, 4, 'four seat patterns');
/* the board's labels: names in the cells' corners, on every square, and
 * the coordinates along the edges on the page */
for (const sq of squares) {
  check(contrast(inkFor(sq), sq) >= 4.5, `a cell's name on ${sq}: ${contrast(inkFor(sq), sq).toFixed(2)}:1`);
}
check(contrast(BOARD.line, BOARD.paper) >= 4.5, `coordinates on the page ${contrast(BOARD.line, BOARD.paper).toFixed(2)}:1`);
finish('palette');
