/* extreme.c — Highest Wins and Lowest Wins (seed 000, a and b): the exact odds
 * of a turn. */
#include <stdio.h>

#include "dice_engines.h"
#include "ludoteka/text.h"

void extreme_odds(const dice_state *s, dice_chances *d)
{
    uint32_t dist[DIST_MAX], now[DIST_MAX] = {0}, rest[DIST_MAX];
    int nd = s->var[0];
    dice_sum_weights(nd, dist);
    uint32_t total = 1, now_total = 1;
    for (int i = 0; i < nd; i++)
        total *= 6;
    const dice_best *b = DICE_TURN(dice_best, s);
    dice_sum_weights(nd - b->thrown, rest);
    for (int i = 0; i < nd - b->thrown; i++)
        now_total *= 6;
    for (int x = 0; x + b->partial < DIST_MAX; x++)
        now[x + b->partial] = rest[x];
    dice_best_odds(s, dist, total, now, now_total, s->rules == &extreme_lowest,
                   d->win);
    snprintf(d->note, sizeof d->note,
             _("Each throws %d dice; ties throw again."), nd);
}
