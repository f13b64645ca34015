/* engine.h — Four Seasons chess: the evaluations of the generic
 * searchers (evaluate.c) and of ai:engine (engine_eval.c), and the
 * searches' key of a position (evaluate.c). */
#ifndef LUDOTEKA_FOUR_SEASONS_ENGINE_H
#define LUDOTEKA_FOUR_SEASONS_ENGINE_H

#include "../../games/four-seasons/four_seasons.h"
#include "ludoteka/game.h"

/* How much less than its share of the pot a draw is worth to the
 * engine, as a return: between equal players a game decided is then
 * better than one drawn (the returns make them indifferent, and four
 * careful players draw nearly every game). */
#define FS4_CONTEMPT 0.15
/* ... growing with the turns without progress to this at the cap, where
 * the game ends drawn: standing still costs more the longer it lasts. */
#define FS4_CONTEMPT_CAP 0.45

/* How well each seat stands, in pawns (0 for a seat out of the game). */
void fs4_strengths(const fs4 *s, double *out);
/* With dice, the chance that the seat's king, in check, is taken before
 * its owner answers the check (0 without dice or check). */
double fs4_king_taken(const fs4 *s, int seat);
/* With dice, the chance that another seat may check the seat's king at
 * its next move (0 without dice). */
double fs4_checks_coming(const fs4 *s, int seat);
/* How well the seat's men can mate, in (0, 1]: 1 with a rook, less with
 * lesser pieces and pawns that may still promote. */
double fs4_mating_force(const fs4 *s, int seat);
/* What a king outgunned loses for the part of the board it can still
 * reach, its flight squares and its distance to a corner, in pawns. */
double fs4_boxed(const fs4 *s, int seat);
/* Each seat's expected return, in [-1/3, 1] and summing to zero; the
 * value is the chance that nobody wins (1 for a game over in a draw). */
double fs4_expect(const fs4 *s, double *out);

/* The generic searchers' evaluation (lt_engines.evaluate): each seat's
 * expected return from material and safety. */
void fs4_generic_evaluate(const lt_state *st, double *out);
/* The searches' key of a position (lt_engines.key): its hash and its
 * turns without progress. */
uint64_t fs4_search_key(const lt_state *st);

#endif
