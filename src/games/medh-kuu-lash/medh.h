/* medh.h — Medh Kuu Lash (seed 003, "Poranki i Szczyty"): the board, the
 * state and the functions the files of this folder share.  The rules and
 * the readings we chose are in RULES.md beside this file. */
#ifndef LUDOTEKA_MEDH_H
#define LUDOTEKA_MEDH_H

#include <stdbool.h>
#include <stdint.h>

#include "ludoteka/game.h"

/* The board (notes §5): three rows of eight.  Cells 0..15 are the peaks
 * numbered along the ring in the direction of play (counter-clockwise):
 * G1..G8 = 0..7, then W8..W1 = 8..15, so the ring step from G8 goes to W8
 * and from W1 back to G1.  Cells 16..23 are the mornings M1..M8.  Column k
 * (0-based) is G(k+1), M(k+1), W(k+1): the line across the rows. */
enum {
    COLS = 8,
    RING = 16,
    MORNING0 = 16,
    CELLS = 24,
    PIECES = 9,     /* a side: 8 on the board at the start, 1 in reserve */
    MIN_PIECES = 4  /* seed 003, §8: never fewer on the board */
};

/* What a cell holds; a colour's seat is colour - 1. */
enum { EMPTY, GREEN, WOODEN };

/* Where the game stands.
 * OPENING  chance: the throw for who begins (dice must differ)
 * START    the player may pass (drop a morning piece) or roll
 * ROLL     chance: the turn's throw
 * DEED     the player does what the dice say (choosing the piece)
 * PUSH     the deed of `from` waits for the direction of a push chain
 * BACK     §8: a piece of colour `victim` goes back onto a free peak
 * ADD      §8: then a piece of the other colour is added anywhere
 * REMOVE   a new triple lets the player remove `removals` enemy pieces
 * WON      over, `turn` won;  DRAWN  over at the turn cap */
enum { OPENING, START, ROLL, DEED, PUSH, BACK, ADD, REMOVE, WON, DRAWN };

/* The state.  Invariants (medh_check):
 * - both colours have 4..9 pieces on the board, except that in BACK the
 *   victim has 3, and in ADD the colour added has fewer than 9;
 * - `die` holds the turn's throw (green's die first) in DEED, PUSH, BACK,
 *   ADD and REMOVE, and is zero otherwise;
 * - `from` is set only in PUSH, `victim` only in BACK and ADD;
 *   `removals` (0..2) is zero outside BACK, ADD and REMOVE, and at least
 *   1 in REMOVE;
 * - `turn` is 0 in OPENING and DRAWN;
 * - turns < cap while the game goes on;
 * - at every point between whole deeds (OPENING, START, ROLL, DEED, PUSH)
 *   neither side has won; every triple standing then has been used, so
 *   the state needs no memory of triples. */
typedef struct {
    uint8_t cell[CELLS];
    uint8_t phase;
    uint8_t turn;      /* seat to act: 0 green, 1 wooden */
    uint8_t die[2];    /* green's die, wooden's die; 0: not thrown */
    uint8_t from;      /* PUSH: the cell the deed starts from */
    uint8_t victim;    /* BACK, ADD: the colour that lost its fourth piece */
    uint8_t removals;  /* removals still due for new triples */
    uint16_t turns;    /* whole turns played */
    uint16_t cap;      /* the game is drawn after this many turns */
} medh;

/* Actions.  Dice outcomes are lt_dice_encode(2, {green, wooden}). */
enum {
    A_DICE = 0,                   /* 36 throws */
    A_ROLL = 36,                  /* roll instead of passing */
    A_PASS = 37,                  /* + column: drop that morning piece */
    A_GO = A_PASS + COLS,         /* + cell: move or fall from the cell */
    A_SWAP = A_GO + CELLS,        /* + a * CELLS + b, a < b */
    A_KEEP = A_SWAP + CELLS * CELLS, /* a swap of two own pieces: no change */
    A_PUSH = A_KEEP + 1,          /* + 0: chain towards M1, + 1: towards M8 */
    A_REMOVE = A_PUSH + 2,        /* + cell */
    A_BACK = A_REMOVE + CELLS,    /* + cell (a free peak) */
    A_ADD = A_BACK + CELLS,       /* + cell (any free cell) */
    A_COUNT = A_ADD + CELLS
};

enum {
    MAX_ACTIONS = 40,      /* 9 pieces x 4 swap partners, and keep */
    TURN_ACTIONS = 12,     /* most actions in one turn: start, throw, deed,
                            * push, 2 placements, then 2 removals with 2
                            * placements each */
    CAP_MIN = 10,
    CAP_MAX = 5000,
    CAP_DEFAULT = 1000
};

/* ---- board.c: geometry and the board rules ---- */
static inline int opposite(int colour) { return GREEN + WOODEN - colour; }
static inline bool is_peak(int cell) { return cell < RING; }
static inline int column_of(int cell)
{
    return cell < COLS ? cell : cell < RING ? RING - 1 - cell : cell - MORNING0;
}
/* The peak of a colour's own row in a column (towards that player). */
static inline int own_peak(int colour, int col)
{
    return colour == GREEN ? col : RING - 1 - col;
}
/* "G1", "W8", "M3". */
const char *medh_cell_name(int cell);
/* The cell named by text (any case), or -1; *len gets the name's length. */
int medh_cell_parse(const char *text, int *len);
int medh_count(const medh *, int colour);
/* Columns (bit k = column k) where colour holds all three cells. */
unsigned medh_triples(const medh *, int colour);
/* Has colour won (seed §1, §9): all its pieces on mornings, or 9 to 4? */
bool medh_qualifies(const medh *, int colour);
/* Can the player drop a morning piece onto his free peak below (§10)? */
bool medh_can_pass(const medh *, int colour);

/* ---- rules.c: the turn ---- */
int medh_legal_actions(const medh *, lt_action *out);
int medh_chance_outcomes(const medh *, lt_outcome *out);
void medh_apply(medh *, lt_action);
/* The cell a move or fall from `from` lands on with the current dice. */
int medh_landing(const medh *, int from);
/* Directions a push chain of this deed may take (bit 0 towards M1, bit 1
 * towards M8); 0 when the deed pushes nothing that needs a direction. */
unsigned medh_push_choices(const medh *, int from);
/* The morning where the chain of a PUSH state ends in direction d. */
int medh_chain_end(const medh *, int d);
/* The throw's role for the player to move: opponent's die, own die. */
int medh_their_die(const medh *);
int medh_own_die(const medh *);
/* ---- game.c ---- */
extern const char *const medh_seats[]; /* N_(): shown through _() */
/* LT_OK, or a message saying which invariant the state breaks. */
lt_status medh_check(const medh *, lt_error *);

/* ---- notation.c ---- */
int medh_action_name(const medh *, lt_action, char *, size_t);
lt_status medh_parse_action(const medh *, const char *, lt_action *);
int medh_write_state(const medh *, char *, size_t);
lt_status medh_read_state(medh *, const char *, lt_error *);

/* ---- view.c ---- */
void medh_render(const medh *, lt_view *);
/* lt_game.end_reason */
int medh_end_reason(const medh *, char *buf, size_t size);
int medh_action_cells(const medh *, lt_action, int *, int);

/* ---- hash.c ---- */
uint64_t medh_hash(const medh *);

#endif
