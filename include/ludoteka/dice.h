/* dice.h — exact outcome tables for one to three six-sided dice. */
#ifndef LUDOTEKA_DICE_H
#define LUDOTEKA_DICE_H

#include <stdbool.h>

#include "ludoteka/game.h"

enum { LT_DICE_MAX = 3, LT_DICE_OUTCOMES_MAX = 216 };

/* Ordered: every sequence of faces, weight 1 (6, 36, 216 outcomes).
 * Unordered: every multiset, weighted by its orderings (6, 21, 56
 * outcomes).  Actions ascend; returns the count. */
int lt_dice_outcomes(int ndice, bool ordered, lt_outcome *out);
/* Action of these faces (1..6); for unordered tables sort them first
 * with lt_dice_sort. */
lt_action lt_dice_encode(int ndice, const int *faces);
void lt_dice_decode(lt_action, int ndice, int *faces);
/* Sorts faces from highest to lowest (the seed writes 6-5-4). */
void lt_dice_sort(int ndice, int *faces);
int lt_dice_sum(lt_action, int ndice);
/* "6-5-4": faces joined by '-'; snprintf-like. */
int lt_dice_name(lt_action, int ndice, char *buf, size_t size);
/* Reads "6-5-4" (or "654"); LT_OK and the action, or LT_ESYNTAX. */
lt_status lt_dice_parse(const char *text, int ndice, lt_action *out);

#endif
