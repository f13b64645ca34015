/* four_seasons.h — Four Seasons chess (seed 000, "Cztery pory roku zwane
 * również Światem"): the state, the geometry tables and the functions the
 * files of this folder share.  The rules and the readings we chose are in
 * RULES.md beside this file. */
#ifndef LUDOTEKA_FOUR_SEASONS_H
#define LUDOTEKA_FOUR_SEASONS_H

#include <stdbool.h>
#include <stdint.h>

#include "ludoteka/game.h"

/* Squares: rank * 8 + file, a1 = 0, h1 = 7, a8 = 56 (a1 bottom left, as
 * in the notes).  Seats in turn order: green (spring), red (summer),
 * black (autumn), white (winter). */
enum { SQUARES = 64, SEATS = 4 };
enum { GREEN, RED, BLACK, WHITE };

/* Directions of pawns and of the first-move rule. */
enum { DIR_N, DIR_S, DIR_E, DIR_W, DIRS };

/* Piece kinds; a pawn's kind carries the direction it moves in, because
 * pawns keep their direction when a mate hands them to another player. */
enum {
    K_KING, K_ROOK, K_KNIGHT, K_ALFIL, K_GENERAL,
    K_PAWN, /* K_PAWN + DIR_x */
    KINDS = K_PAWN + DIRS
};

/* Options, in the order of the option table. */
enum { OPT_ARRAY, OPT_CENTRE, OPT_ALFIL, OPT_FIRST, OPT_DICE, OPT_CAP };
enum { ARRAY_A, ARRAY_B, ARRAYS };
enum { CENTRE_BLOCKED, CENTRE_DIAGONALS, CENTRE_OPEN, CENTRES };
enum { ALFIL_UP_TO_2, ALFIL_2, ALFILS };
enum { FIRST_EACH, FIRST_GREEN, FIRST_OFF };
enum { DICE_OFF, DICE_ONE, DICE_TWO };
/* the draw rule: this many turns without a capture, a promotion or an
 * elimination */
enum { CAP_MIN = 4, CAP_DEFAULT = 200, CAP_MAX = 400 };
/* a game makes progress at most 31 captures + 16 promotions + 3
 * eliminations times, so it lasts at most this many cap spans */
enum { PROGRESS_MAX = 31 + 16 + 3 };

/* Phases of a turn.  Without dice a turn is one move.  With dice: the
 * roll (a chance node), with two different dice the choice of one, then
 * the move of a piece of the die's kind (or the lost turn). */
enum { PH_MOVE, PH_ROLL, PH_CHOOSE, PH_OVER };

/* Actions: from * 64 + to moves a piece (promotion is automatic); then
 * the lost turn, the choice of a die (by its face), the rolls (the
 * dice.h code of the faces, highest first). */
enum {
    A_PASS = SQUARES * SQUARES,
    A_CHOOSE = A_PASS + 1,      /* + face - 1 */
    A_ROLL = A_CHOOSE + 6,      /* + lt_dice_encode(faces) */
    A_COUNT = A_ROLL + 36
};

/* How a seat went out of the game (fs4.out[seat]): the cause, and for a
 * mate or a king taken, in the high four bits, the seat that did it. */
enum { OUT_IN, OUT_MATED, OUT_STALEMATED, OUT_TAKEN, OUT_LEFT, OUTS };
static inline int fs4_out_cause(const uint8_t out) { return out & 15; }
static inline int fs4_out_by(const uint8_t out) { return out >> 4; }

/* The state.  Invariants (invariants_ok): the occ[] are disjoint, the
 * kind[] are disjoint and both cover the same squares, none in the
 * crossed-out centre; a seat is in the game iff it has a king, and has
 * exactly one; eliminated seats own nothing; no pawn stands on the edge it
 * promotes at; material never exceeds the initial array's (4 of each
 * piece, 4 pawns of each direction, pawns + generals <= 16).  turn is a
 * seat in the game unless the game is over.  out[p] is OUT_IN iff seat p
 * is in the game; a mate or a king taken names another seat as its
 * cause, the other ways none. */
typedef struct {
    uint64_t occ[SEATS];   /* squares of each seat's pieces */
    uint64_t kind[KINDS];  /* squares of each kind of piece */
    uint16_t ply;          /* turns played: moves and lost turns */
    uint16_t quiet;        /* turns since the last capture, promotion or
                            * elimination; the game is drawn when it
                            * reaches cap */
    uint16_t cap;
    uint8_t turn;          /* the seat whose turn it is */
    uint8_t phase;         /* PH_* */
    uint8_t die[2];        /* PH_MOVE with dice: die[0] is the face that
                            * rules the move; PH_CHOOSE: die[0] > die[1];
                            * otherwise 0 */
    uint8_t owe;           /* bit per seat: first move still to be made
                            * under the first-move rule */
    uint8_t recent[SEATS]; /* seats from the most recent mover to the
                            * least recent (a permutation) */
    uint8_t out[SEATS];    /* how each seat went out: OUT_* | by << 4 */
    uint8_t array, centre, alfil, first, dice; /* the options */
} fs4;

/* Geometry, built once (tables.c).  Target tables already leave out the
 * crossed-out squares of their centre option. */
typedef struct {
    uint64_t forbidden[CENTRES];
    uint64_t king[CENTRES][SQUARES];
    uint64_t knight[CENTRES][SQUARES];
    uint64_t general[CENTRES][SQUARES];
    uint64_t alfil[CENTRES][ALFILS][SQUARES];
    uint64_t push[CENTRES][DIRS][SQUARES];    /* the square ahead, or 0 */
    uint64_t capture[CENTRES][DIRS][SQUARES]; /* the two forward diagonals */
    uint64_t pawn_from[DIRS][SQUARES]; /* where a pawn attacking sq stands */
    uint64_t ray[DIRS][SQUARES];       /* rook rays, sq excluded */
    uint64_t cross[SQUARES];           /* the four rays together */
    uint64_t line[SQUARES][SQUARES];   /* rank or file through both, or 0 */
    uint64_t ahead[DIRS][SQUARES];     /* squares strictly beyond sq's
                                        * rank or file in a direction */
    uint64_t edge[DIRS];               /* where pawns of a direction promote */
    uint64_t zobrist[SEATS][KINDS][SQUARES];
    uint64_t zobrist_turn[SEATS], zobrist_phase[4][7][7];
    uint64_t zobrist_owe[16], zobrist_recent[SEATS][SEATS];
} fs4_tables;

const fs4_tables *fs4_tables_get(void);

/* The arrays of the notes (tables.c). */
typedef struct {
    char square[3];
    uint8_t seat, kind;
} fs4_placement;
enum { ARRAY_PIECES = 32 };
extern const fs4_placement fs4_arrays[ARRAYS][ARRAY_PIECES];
/* The side each seat's first move goes towards: the next seat's corner. */
extern const uint8_t fs4_first_dir[ARRAYS][SEATS];

/* The seats the first-move rule binds under the option's value. */
static inline uint8_t fs4_first_seats(int first)
{
    return first == FIRST_EACH ? 0xf : first == FIRST_GREEN ? 1 : 0;
}

static inline uint64_t fs4_bit(int sq) { return (uint64_t)1 << sq; }
static inline int fs4_lsb(uint64_t b) { return __builtin_ctzll(b); }
static inline int fs4_count(uint64_t b) { return __builtin_popcountll(b); }

static inline uint64_t fs4_all(const fs4 *s)
{
    return s->occ[0] | s->occ[1] | s->occ[2] | s->occ[3];
}
static inline bool fs4_active(const fs4 *s, int seat)
{
    return (s->occ[seat] & s->kind[K_KING]) != 0;
}
static inline int fs4_king(const fs4 *s, int seat)
{
    return fs4_lsb(s->occ[seat] & s->kind[K_KING]);
}
/* Kind and owner of an occupied square. */
int fs4_kind_at(const fs4 *s, int sq);
int fs4_owner_at(const fs4 *s, int sq);

/* movegen.c */
uint64_t fs4_rook_attacks(const fs4_tables *t, int sq, uint64_t blockers);
/* Pieces of `enemy` that attack sq, with blockers the occupied and the
 * crossed-out squares. */
uint64_t fs4_attackers(const fs4 *s, int sq, uint64_t enemy,
                       uint64_t blockers);
/* Squares every piece of a seat attacks (for the evaluation). */
uint64_t fs4_attack_map(const fs4 *s, int seat);
/* Legal moves of the seat, as actions in ascending order; only pieces on
 * `movable` move; the first-move rule applies if `first_rule`.  Returns
 * the count. */
int fs4_moves(const fs4 *s, int seat, uint64_t movable, bool first_rule,
              lt_action *out);
bool fs4_has_move(const fs4 *s, int seat);
/* The kinds a die allows to move: 6 king, 5 general, 4 knight, 3 rook,
 * 2 alfil, 1 pawn. */
uint64_t fs4_die_pieces(const fs4 *s, int face);
/* Is the first-move rule still binding on the seat to move? */
bool fs4_first_rule_binds(const fs4 *s);

/* turn.c */
void fs4_setup(fs4 *s, const lt_config *cfg);
void fs4_apply(fs4 *s, lt_action a);
int fs4_legal_actions(const fs4 *s, lt_action *out);
int fs4_chance_outcomes(const fs4 *s, lt_outcome *out);
int fs4_current_player(const fs4 *s);
void fs4_returns(const fs4 *s, double *out);
bool fs4_game_over(const fs4 *s);
/* Does the position end the game (one king, the cap, two bare kings)? */
bool fs4_finished(const fs4 *s);
/* The seat, still in the game, leaves it (lt_game.leave). */
void fs4_leave(fs4 *s, int seat);
/* lt_game.end_reason: the last king and how the others went out, or the
 * draw's rule (view.c). */
int fs4_end_reason(const fs4 *s, char *buf, size_t size);

/* notation.c */
int fs4_action_name(const fs4 *s, lt_action a, char *buf, size_t size);
lt_status fs4_parse_action(const fs4 *s, const char *text, lt_action *out);
int fs4_write_state(const fs4 *s, char *buf, size_t size);
lt_status fs4_read_state(fs4 *s, const char *text, lt_error *err);
bool fs4_valid(const fs4 *s, lt_error *err);
void fs4_square_name(int sq, char out[3]);
extern const char fs4_seat_letters[SEATS + 1];

/* view.c */
extern const char *const fs4_seats[SEATS]; /* N_(): shown through _() */
void fs4_render(const fs4 *s, lt_view *v);
int fs4_action_cells(const fs4 *s, lt_action a, int *cells, int max);

/* hash.c */
uint64_t fs4_hash(const fs4 *s);

#endif
