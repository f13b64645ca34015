/* morris3.h — 3 Men's Morris inside its folder: the state, shared by the
 * rules (three_mens_morris.c) and the solver and perfect player (in the
 * engines' folder of the same name). */
#ifndef LUDOTEKA_MORRIS3_H
#define LUDOTEKA_MORRIS3_H

#include <stdint.h>

#include "../../boards/graph.h"
#include "ludoteka/game.h"

/* Points A1..C3: index = (row - 1) * 3 + column, A = column 0.
 * Actions: 0..8 place on a point; 9 + from * 9 + to: a step; 90: pass. */
enum { POINTS = 9, MEN = 3, MOVE0 = 9, PASS = MOVE0 + POINTS * POINTS };
enum { DIAGONALS_ON, DIAGONALS_OFF };
enum { MOVE_STEP, MOVE_NONE, MOVE_ANYWHERE };
enum { ROWS_ROUND, ROWS_FIRST };
enum { PLAYING, WON_FIRST, WON_SECOND, DRAWN };
enum { OPT_DIAGONALS, OPT_MOVEMENT, OPT_CAP, OPT_ROWS };
enum { CAP_MAX = 10000 };

typedef struct {
    uint8_t cell[POINTS]; /* 0 empty, 1 the first seat's man, 2 the second's */
    uint8_t turn;         /* seat to move: 0 or 1 */
    uint8_t result;       /* PLAYING, WON_FIRST, WON_SECOND, DRAWN */
    uint8_t diagonals, movement, rows;
    uint16_t ply, cap;    /* actions so far; the draw cap.  ply <= cap + 1:
                           * a round whose first move makes a row is
                           * finished even at the cap */
    uint16_t men[2];      /* the cells of each seat's men as bit sets, kept
                           * by apply and m3_settle */
} m3;

extern const lt_game lt_three_mens_morris;

/* Decides whether the game is over, from the position alone (cell[]:
 * men[] follows it). */
void m3_settle(m3 *);
/* Would read_state accept this board with this side to move?  (The
 * message says why not.) */
bool m3_plausible(const m3 *, lt_error *);

#endif
