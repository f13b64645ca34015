/* talat.h — Talat (seed 004): the position, the geometry and the rules
 * shared by the files of this folder.  RULES.md beside it says where each
 * rule comes from. */
#ifndef LUDOTEKA_TALAT_H
#define LUDOTEKA_TALAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ludoteka/game.h"

/* Colours red, blue, violet (seats 0, 1, 2).  With two players violet is
 * the neutral colour.  Board b lies between colour b, whose start line is
 * row 1 and who moves up, and colour b+1 (mod 3), whose start line is
 * row 5 and who moves down: board 0 red-blue, 1 blue-violet, 2 violet-red
 * (notes §6, Geometry).  Every colour thus plays on two boards.
 *
 * A cell is board * 25 + row * 5 + file (row 0..4 = rows 1..5, file
 * 0..4); its name has file letters a-e on board 0, f-j on board 1, k-o on
 * board 2, so every square of the three boards has its own name.
 *
 * A tower is colour * 9 + kind; kind = height * 3 + base, height 0..2
 * (small, medium, tall: written 1, 2, 3), base 0..2 (triangle, square,
 * hexagon: 3, 4 and 6 sides, written t, s, h).  Kinds ascend in strength:
 * height first, then sides (the seed's tie-break order). */
enum {
    TL_COLOURS = 3,
    TL_BOARDS = 3,
    TL_SIDE = 5,
    TL_BOARD_CELLS = 25,
    TL_CELLS = 75,
    TL_KINDS = 9,
    TL_TOWERS = 27,
    TL_NEUTRAL = 2,        /* violet, in the two-player game */
    TL_NEUTRAL_USED = 8,   /* seed 6: eight neutral towers are placed */
    TL_DIRS = 5            /* see tl_step */
};

/* Where a tower is: a cell, or one of these. */
enum {
    TL_HAND = TL_CELLS,        /* not placed yet (or the unused neutral) */
    TL_TAKEN = TL_CELLS + 1    /* TL_TAKEN + seat: captured by that seat */
};

/* Actions: placing kind k on cell c is k * 75 + c; moving the tower on
 * cell c in direction d is TL_MOVE0 + c * 5 + d; then passing. */
enum {
    TL_MOVE0 = TL_KINDS * TL_CELLS,
    TL_PASS = TL_MOVE0 + TL_CELLS * TL_DIRS,
    TL_NUM_ACTIONS = TL_PASS + 1
};

/* Option frozen: when a board is frozen (notes §6, ambiguity 2). */
enum { TL_FROZEN_NO_MOVE, TL_FROZEN_NO_CAPTURE };

/* The position.  Invariants: sq and at describe the same towers; the
 * towers placed are exactly those the placing order gives for `placed`;
 * `frozen` and `over` follow from the boards (tl_settle); credit[t] is
 * non-zero only for a neutral tower standing on the start line of the seat
 * other than credit[t] - 1 (the seat that moved it there, RULES.md).
 * `left` (three players only): the seats that have left the game
 * (tl_leave); none of their towers is on a board, and the seat to act is
 * never one of them. */
typedef struct {
    uint8_t sq[TL_CELLS];      /* tower + 1 on the cell, 0 when empty */
    uint8_t at[TL_TOWERS];     /* where each tower is */
    uint8_t credit[TL_TOWERS];
    uint8_t players;           /* 2 or 3 */
    uint8_t rule;              /* TL_FROZEN_* */
    uint8_t turn;              /* the seat to act */
    uint8_t placed;            /* towers placed so far */
    uint8_t frozen;            /* bit b: board b is frozen */
    uint8_t over;
    uint8_t left;              /* bit per seat: has left the game */
} tl_state;

static inline int tl_colour(int tower) { return tower / TL_KINDS; }
static inline int tl_kind(int tower) { return tower % TL_KINDS; }
static inline int tl_board(int cell) { return cell / TL_BOARD_CELLS; }
static inline int tl_row(int cell) { return cell % TL_BOARD_CELLS / TL_SIDE; }
static inline int tl_file(int cell) { return cell % TL_SIDE; }
static inline bool tl_on_board(int at) { return at < TL_CELLS; }

/* The colour whose start line is this cell's row, or -1. */
int tl_line_owner(int cell);

/* Seed 10: does a tower of kind a capture one of kind b? */
bool tl_beats(int a, int b);

/* The cell a tower of colour c on `cell` reaches in direction d, or -1:
 * d = 0, 1, 2 diagonally forward to the lower file, forward, diagonally
 * forward to the higher file; d = 3, 4 sideways to the lower or higher
 * file (captures only). */
int tl_step(int colour, int cell, int d);

/* Placing: the phase, the colour being placed and the seat placing it. */
int tl_towers_to_place(const tl_state *);
bool tl_placing(const tl_state *);
int tl_placing_colour(const tl_state *);

/* May the seat move towers of this colour? */
bool tl_moves_colour(const tl_state *, int seat, int colour);

/* Is the move of the tower on `from` to `to` a capture the seat may make
 * (seed 9, 10, 15)?  `to` holds a tower. */
bool tl_may_capture(const tl_state *, int seat, int from, int to);

/* Is the seat still in the game (it has not left it)? */
static inline bool tl_in_game(const tl_state *s, int seat)
{
    return !(s->left >> seat & 1);
}

/* The seat leaves the game (lt_game.leave; three players). */
void tl_leave(tl_state *, int seat);

/* The legal actions of the seat to act, ascending (legal_actions). */
int tl_legal_actions(const tl_state *, lt_action *out);
void tl_apply(tl_state *, lt_action);

/* Is board b frozen under the state's rule?  Depends on the board alone. */
bool tl_board_frozen(const tl_state *, int b);
/* Recomputes frozen and over from the boards. */
void tl_settle(tl_state *);

/* The no-capture reading: can a capture ever be made on board b, after
 * plain moves of either colour (freeze.c)? */
bool tl_capture_reachable(const tl_state *, int b);

/* Scores (seed 14, 15) and the winners (bit per seat, after the
 * tie-break). */
void tl_points(const tl_state *, int *points);
unsigned tl_winners(const tl_state *);

/* Notation: "a1"... names; the cell named at text (two characters), or
 * -1.  Tower kind "3h", and its parse. */
void tl_cell_name(int cell, char out[3]);
int tl_parse_cell(const char *text);
void tl_kind_name(int kind, char out[3]);
int tl_parse_kind(const char *text);
int tl_action_name(const tl_state *, lt_action, char *buf, size_t size);
/* In the reader's language (lt_game.display_name): the bases' and the
 * colours' letters, and "pass". */
int tl_display_name(const tl_state *, lt_action, char *buf, size_t size);
const char *tl_colour_letters(void);
/* A kind as the reader reads it ("3s" in Polish for "3h"). */
void tl_kind_shown(int kind, char out[3]);
const char *tl_base_letters(void);
lt_status tl_parse_action(const tl_state *, const char *, lt_action *);
int tl_write_state(const tl_state *, char *buf, size_t size);
lt_status tl_read_state(tl_state *, const char *, lt_error *);

/* What the front ends draw (view.c). */
void tl_render(const tl_state *, lt_view *);
/* lt_game.seat_view: the boards from a seat, its start lines at the
 * bottom. */
void tl_seat_view(const tl_state *, int seat, lt_view *);
/* lt_game.end_reason: what ended the game, the points, the tie-break. */
int tl_end_reason(const tl_state *, char *buf, size_t size);
int tl_action_cells(const tl_state *, lt_action, int *cells, int max);

/* Zobrist hash (hash.c). */
uint64_t tl_hash(const tl_state *);
/* Returns from each seat's share of the win (shares sum to 1): share * n
 * - 1, over n - 1; a lone winner 1, the others -1/(n-1) (RULES.md). */
void tl_share(int players, const double *win, double *out);

#endif
