/* robbers.h — Rozbójnicy (seed 001): the position as bitboards and the
 * rules core shared by the files of this folder. */
#ifndef LUDOTEKA_ROBBERS_H
#define LUDOTEKA_ROBBERS_H

#include <stdbool.h>
#include <stdint.h>

#include "ludoteka/game.h"

/* Squares: index = rank * 8 + file, a1 = 0, h1 = 7, a8 = 56, h8 = 63.
 * Orange (seat 0) starts on ranks 1-2 and its soldiers move up (+8);
 * green (seat 1) starts on ranks 7-8 and moves down (-8).
 * Actions: from * 64 + to for a move; PASS when the mover cannot move. */
enum { SQUARES = 64, PASS = SQUARES * SQUARES };
enum { ORANGE, GREEN };
enum { COMMANDER, SOLDIER }; /* kind; bitboard index = side * 2 + kind */
enum { PLAYING, ORANGE_WON, GREEN_WON, DRAWN };
enum { DIR_N, DIR_E, DIR_S, DIR_W };
enum { CAP_MIN = 10, CAP_MAX = 5000, CAP_DEFAULT = 400 };
/* A commander reaches at most 14 squares; a side has at most 16 pieces. */
enum { MAX_MOVES = 16 * 14 };

/* Invariants: the four bitboards are disjoint; a side has at most 16
 * pieces, at most 8 of them soldiers and at most one soldier per file;
 * no soldier stands on rank 1 or rank 8; key == rob_key(position);
 * result == what rob_settle decides; ply <= cap. */
typedef struct {
    uint64_t bb[4];   /* orange commanders, orange soldiers, green ... */
    uint64_t key;     /* Zobrist key of the board and the side to move */
    uint16_t ply;     /* actions made since the start or the set-up */
    uint16_t cap;     /* option cap: the draw after this many actions */
    uint8_t turn;     /* ORANGE or GREEN */
    uint8_t result;   /* PLAYING, ORANGE_WON, GREEN_WON, DRAWN */
} rob;

#define BIT(sq) (UINT64_C(1) << (sq))

static inline uint64_t rob_side(const rob *s, int side)
{
    return s->bb[side * 2 + COMMANDER] | s->bb[side * 2 + SOLDIER];
}

static inline uint64_t rob_occupied(const rob *s)
{
    return s->bb[0] | s->bb[1] | s->bb[2] | s->bb[3];
}

/* Every square some piece of side can move to (the union of targets);
 * *mobility (may be NULL): the number of commander moves. */
uint64_t rob_reach(const rob *s, int side, int *mobility);

/* The set moved one square in direction dir (what leaves the board is
 * lost), and the squares orthogonally next to some square of set. */
uint64_t rob_shift(uint64_t set, int dir);
uint64_t rob_neighbours(uint64_t set);

/* Can side move at all? */
bool rob_has_move(const rob *s, int side);

/* The enemy pieces a piece of side captures by arriving on the empty
 * square to (the capture does not depend on which piece arrives). */
uint64_t rob_captures(const rob *s, int side, int to);

/* Legal actions of the side to move, ascending; PASS alone when it has no
 * move.  Only while the game is being played. */
int rob_legal_actions(const rob *s, lt_action *out);

/* Makes a legal action. */
void rob_apply(rob *s, lt_action a);

/* Sets s->result from the position, the side to move, ply and cap. */
void rob_settle(rob *s);

/* The Zobrist key of the board and the side to move, from scratch. */
uint64_t rob_key(const rob *s);

/* Notation (notation.c). */
int rob_action_name(const rob *s, lt_action a, char *buf, size_t size);
lt_status rob_parse_action(const rob *s, const char *text, lt_action *out);
int rob_write_state(const rob *s, char *buf, size_t size);
lt_status rob_read_state(rob *s, const char *text, lt_error *err);
void rob_square_name(int sq, char out[3]);
/* The facts of play a board must respect (message in err, may be NULL):
 * at most 16 pieces a side; soldiers never go back, never change file,
 * and become commanders on their last rank; the board is not empty. */
bool rob_check(const rob *s, lt_error *err);

#endif
