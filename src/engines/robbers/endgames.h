/* endgames.h — Rozbójnicy's endgame tables (endgames.c) and the
 * evaluation their player falls back on (eval.c). */
#ifndef LUDOTEKA_ROB_ENDGAMES_H
#define LUDOTEKA_ROB_ENDGAMES_H

#include "../../games/robbers/robbers.h"
#include "../endgame/endgame.h"
#include "ludoteka/engines.h"

/* The game's own evaluation (eval.c). */
void rob_evaluate_state(const lt_state *, double *);

#endif
