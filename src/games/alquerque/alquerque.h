/* alquerque.h — Alquerque inside its folder: the state, shared by the
 * rules (alquerque.c) and its evaluation (in the engines' folder of the
 * same name). */
#ifndef LUDOTEKA_ALQUERQUE_H
#define LUDOTEKA_ALQUERQUE_H

#include <stdint.h>

#include "../../boards/graph.h"
#include "ludoteka/game.h"

/* Points A1..E5 (graph_alquerque: index = (row - 1) * 5 + column).
 * Actions: from * 25 + to, a step or a jump (the distance tells which);
 * STOP ends a capture chain. */
enum { POINTS = 25, MEN = 12, STOP = POINTS * POINTS };
enum { PLAYING, WON_FIRST, WON_SECOND, DRAWN };
enum { OPT_CAPTURE, OPT_CHAIN, OPT_QUIET };

typedef struct {
    uint32_t men[2];   /* the points of seat 0 (White) and seat 1 (Black) */
    uint8_t turn;      /* seat to move */
    int8_t chain;      /* the piece in the middle of a capture chain, or -1 */
    uint8_t result;    /* PLAYING, WON_FIRST, WON_SECOND, DRAWN */
    uint8_t forced, single, quiet; /* the options */
    /* the moves of the player to move by direction, steps and jumps
     * (graph_alq_move_planes; kept by the rules for the draw of a random
     * playout: not part of the position; alq_sync sets them) */
    graph_alq_planes planes;
    graph_history hist; /* positions since the last capture; n <= 2 quiet */
} alq;

extern const lt_game lt_alquerque;
/* Sets what the state keeps besides the position (planes) from it, for
 * a state made by hand. */
void alq_sync(alq *);

#endif
