/* riffa.c — Riffa (seed 000, g): the exact odds of a turn. */
#include "dice_engines.h"
#include "ludoteka/text.h"

/* The score is 2v + d: given a pair, its value v is uniform (each value
 * comes as 15 pairs and one triple of the 96 throws with a pair), and
 * so is the third die d. */
void riffa_odds(const dice_state *s, dice_chances *d)
{
    uint32_t dist[DIST_MAX] = {0}, now[DIST_MAX] = {0};
    for (int v = 1; v <= 6; v++)
        for (int f = 1; f <= 6; f++)
            dist[2 * v + f]++;
    int pair = DICE_TURN(dice_best, s)->pair;
    if (pair)
        for (int f = 1; f <= 6; f++)
            now[2 * pair + f] = 1;
    dice_best_odds(s, dist, 36, pair ? now : NULL, 6, false, d->win);
    lt_copy(d->note, sizeof d->note,
            _("Score: the kept pair and the third die; ties play off."));
}
