/* morris9.h — 9 Men's Morris inside its folder: the state, shared by the
 * rules (nine_mens_morris.c) and its evaluation (in the engines' folder
 * of the same name). */
#ifndef LUDOTEKA_MORRIS9_H
#define LUDOTEKA_MORRIS9_H

#include <stdbool.h>
#include <stdint.h>

#include "../../boards/graph.h"
#include "ludoteka/game.h"

/* Points of graph_morris (a1 d1 g1 b2 ... g7).  Actions: place on a point,
 * move (a step, or a flight with flying=on), jump over an enemy man,
 * remove an enemy man after a mill. */
enum { POINTS = 24, MEN = 9 };
enum {
    PLACE0 = 0,
    MOVE0 = PLACE0 + POINTS,
    JUMP0 = MOVE0 + POINTS * POINTS,
    REMOVE0 = JUMP0 + POINTS * POINTS,
    ACTIONS = REMOVE0 + POINTS
};
enum { PLAYING, WON_FIRST, WON_SECOND, DRAWN };
enum { OPT_CAPTURE, OPT_FLYING, OPT_QUIET };
enum { CAPTURE_JUMP, CAPTURE_MILLS };

typedef struct {
    uint32_t men[2];   /* the points of seat 0 (White) and seat 1 (Black) */
    uint8_t hand[2];   /* men still to place */
    uint8_t turn;      /* seat to move */
    uint8_t removing;  /* capture=mills: the mover made a mill and removes */
    uint8_t result;
    uint8_t mills, flying, quiet; /* the options */
    /* Kept by apply from the men, for the turns of random playouts (and
     * set by nmm_sync): on[seat], the number of the seat's men on the
     * board; near[p / 8] byte p % 8, how many of point p's neighbours are
     * empty (the sum of graph.nearbytes over the empty points). */
    uint8_t on[2];
    uint64_t near[3];
    graph_history hist; /* positions since the last placement or capture */
} nmm;

extern const lt_game lt_nine_mens_morris;

/* option flying=on: a player down to three men may move to any point */
bool nmm_flies(const nmm *, int seat);
/* Sets on[] and near[] from the men: for a state made other than by
 * init, read_state and apply. */
void nmm_sync(nmm *);

#endif
