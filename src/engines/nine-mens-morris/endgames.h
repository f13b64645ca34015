/* endgames.h — 9 Men's Morris's endgame tables (endgames.c): the rules
 * the retrograde analysis (../endgame/) plays by, and what the player
 * that plays by the tables asks of the game. */
#ifndef LUDOTEKA_NMM_ENDGAMES_H
#define LUDOTEKA_NMM_ENDGAMES_H

#include "../../games/nine-mens-morris/morris9.h"
#include "../endgame/endgame.h"
#include "ludoteka/engines.h"

/* The tables' men a side: by default, and at most (docs/endgames.md). */
enum { NMM_ENDGAME_MEN = 4, NMM_ENDGAME_MEN_MAX = 5 };

/* The game's own evaluation (evaluate.c). */
void nmm_evaluate(const lt_state *, double *);

#endif
