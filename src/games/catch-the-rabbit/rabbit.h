/* rabbit.h — Catch the Rabbit inside its folder: the state, shared by the
 * rules (catch_the_rabbit.c) and its engine (the solver, the perfect
 * player, the evaluation, in the engines' folder of the same name). */
#ifndef LUDOTEKA_RABBIT_H
#define LUDOTEKA_RABBIT_H

#include <stdint.h>

#include "../../boards/graph.h"
#include "ludoteka/game.h"

/* Actions: from * 25 + to, a step or a jump (the distance tells which) of
 * the rabbit or a hunter; STOP ends the rabbit's capture chain.  The
 * hunters always have a move: the board without the rabbit's point is
 * connected, so hunters with no empty neighbour would fill all 24 other
 * points. */
enum { RB_POINTS = 25, RB_MAX_HUNTERS = 12 };
enum { RB_STOP = RB_POINTS * RB_POINTS };
enum { RB_RABBIT, RB_HUNTERS };                    /* seats */
enum { RB_PLAYING, RB_RABBIT_WON, RB_HUNTERS_WON }; /* results */

typedef struct {
    uint32_t hunters;  /* their points */
    int8_t rabbit;     /* its point, not among the hunters' */
    uint8_t turn;      /* RB_RABBIT or RB_HUNTERS */
    uint8_t chaining;  /* the rabbit has jumped and may jump on */
    uint8_t result;
    uint8_t start;     /* hunters at the start (option) */
    uint8_t need;      /* the rabbit wins when fewer hunters than this
                        * remain: min(threshold option, start) */
    uint8_t single;    /* option chain=single */
    uint16_t moves;    /* hunter moves made */
    uint16_t cap;      /* option: the rabbit wins after this many */
} rabbit_state;

extern const lt_game lt_catch_the_rabbit;

/* Decides from the position whether the game is over (result). */
void rabbit_settle(rabbit_state *);

/* The hunters' points at the start for a count of 1..12 (RULES.md). */
uint32_t rabbit_setup(int hunters);

/* The empty points; the landing points of the rabbit's jumps over a
 * hunter. */
uint32_t rabbit_empty(const rabbit_state *);
uint32_t rabbit_jumps(const rabbit_state *);

#endif
