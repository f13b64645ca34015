/* solve.h — 3 Men's Morris solved (solve.c): the value of every
 * position, for the perfect player and the tests. */
#ifndef LUDOTEKA_M3_SOLVE_H
#define LUDOTEKA_M3_SOLVE_H

#include "../../games/three-mens-morris/morris3.h"

/* The solved game, without the cap: for the side to move, the outcome
 * (+1 win, 0 draw, -1 loss) and the number of actions to the end with
 * perfect play (win fastest, lose slowest).  All twelve tables (diagonals
 * x movement x rows) are solved together on first use. */
typedef struct {
    int8_t outcome;
    uint8_t plies;
} m3_value;

m3_value m3_solved(const m3 *);
/* The number of positions of the table for the options of s. */
int m3_positions(const m3 *);
/* The outcome for the first seat (+1, 0, -1) with the cap of the game
 * counted, and the actions to the end. */
int m3_outcome(const m3 *, int *plies);

#endif
