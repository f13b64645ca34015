/* engine.h — Talat's computer player: its evaluation (engine_eval.c) and
 * the hooks that give it to the shared alpha-beta searcher (engine.c). */
#ifndef LUDOTEKA_TALAT_ENGINE_H
#define LUDOTEKA_TALAT_ENGINE_H

#include "../../games/talat/talat.h"

/* The mover's expected points less the best rival's, in tenths of a
 * point, and that margin as an expected return. */
int tl_engine_eval(const tl_state *, int me);
double tl_engine_return(double margin, int players);
/* Every seat's expected return, for the generic searchers (eval.c). */
void tl_evaluate(const tl_state *, double *out);

#endif
