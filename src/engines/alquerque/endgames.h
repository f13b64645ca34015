/* endgames.h — Alquerque's endgame tables (endgames.c): the rules the
 * retrograde analysis (../endgame/) plays by, and what the player that
 * plays by the tables asks of the game. */
#ifndef LUDOTEKA_ALQ_ENDGAMES_H
#define LUDOTEKA_ALQ_ENDGAMES_H

#include "../../games/alquerque/alquerque.h"
#include "../endgame/endgame.h"
#include "ludoteka/engines.h"

/* The game's own evaluation (evaluate.c). */
void alq_evaluate(const lt_state *, double *);

#endif
