/* boardgrid.h — a position (lt_view) laid out as a grid of characters:
 * the boards with their lines, coordinates and titles, and the dice as
 * faces.  Pure: it knows no terminal and no game.  The line mode prints
 * the grid; the full-screen mode paints it, colouring each character by
 * the cell, shade and owner it carries, and finds cells under the mouse
 * with it. */
#ifndef LUDOTEKA_BOARDGRID_H
#define LUDOTEKA_BOARDGRID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

#include "ludoteka/game.h"

enum { BG_COLS = 240, BG_ROWS = 80 };

/* What a character of the grid shows. */
enum {
    BG_BLANK,
    BG_LINK,   /* a line of a point board */
    BG_LABEL,  /* a coordinate */
    BG_TITLE,  /* a board's title */
    BG_CELL,   /* an empty cell, or the room around a piece on a square */
    BG_PIECE,
    BG_DIE     /* a die's face; owner says whose */
};

/* Sizes, largest first: squares of (width + 4) x 3 characters, then
 * (width + 2) x 1, (width + 1) x 1 (the line mode's), width x 1; points
 * spaced alike. */
enum { BG_LARGE, BG_NORMAL, BG_COMPACT, BG_TINY, BG_SIZES };

typedef struct {
    char ch[8];    /* one screen column in UTF-8; "" continues a wide one */
    uint8_t role;  /* BG_* */
    int8_t owner;  /* seat of the piece or die, or -1 */
    int16_t cell;  /* the cell this column belongs to, or -1 */
} bg_char;

typedef struct {
    bool ascii;    /* piece texts and ASCII lines instead of glyphs */
    bool coloured; /* shades will be shown in colour: empty squares stay
                    * blank instead of showing '.' */
    int largest;   /* the largest size to try (BG_LARGE .. BG_TINY) */
    bool faces;    /* the dice as faces below the board */
    bool across;   /* the view is turned a quarter (lt_view_turn): the
                    * digits of the cells' names run along the bottom,
                    * their letters down the side */
    const char *hand_title; /* the title over the cells of board
                    * LT_VIEW_BOARDS (pieces in hand, which the front end
                    * adds to the view), or NULL */
} bg_style;

typedef struct {
    int cols, rows;  /* extent used */
    int size;        /* the size chosen */
    int piece_width; /* columns of the widest piece */
    int step_x, step_y; /* characters from one grid unit to the next */
    bool dice_drawn; /* the dice are in the grid */
    int16_t cell_row[LT_VIEW_CELLS], cell_col[LT_VIEW_CELLS]; /* where a
                                      * cell's piece text begins; -1 off */
    bg_char at[BG_ROWS][BG_COLS];
} bg_grid;

/* Lays out the view in at most max_cols x max_rows characters, trying the
 * sizes from style->largest down; false when even the smallest does not
 * fit (the grid then holds nothing). */
bool bg_layout(const lt_view *, const bg_style *, int max_cols, int max_rows,
               bg_grid *);

/* The cell drawn at (row, col), or the nearest one within half a step;
 * -1 when there is none. */
int bg_hit(const bg_grid *, int row, int col);

/* One row as text, without the blanks at its end; returns its length. */
size_t bg_row_text(const bg_grid *, int row, char *buf, size_t size);

/* Screen columns of a UTF-8 text (wcwidth under the current LC_CTYPE);
 * -1 if it holds a character that cannot be shown. */
int bg_text_width(const char *utf8);

/* The next character of a UTF-8 text: its length in bytes (0 at the
 * end), the character and its screen width (-1: it cannot be shown; a
 * byte that starts no character counts as one such, of length 1). */
size_t bg_next_char(const char *utf8, wchar_t *wc, int *width);

/* The piece text to show: the glyph unless ascii is asked for or the
 * glyph cannot be shown. */
const char *bg_piece_text(const lt_piece *, bool ascii);

#endif
