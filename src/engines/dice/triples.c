/* triples.c — Triples (seed 000, d): the exact odds of a turn. */
#include <stdio.h>

#include "../../games/triples/triples.h"
#include "dice_engines.h"
#include "ludoteka/text.h"

/* A round: a lone Triple wins, else a lone throw of the group; anything
 * else starts a fresh round, which is the same for all, so each then
 * wins with 1/n. */
void triples_odds(const dice_state *s, dice_chances *d)
{
    int n = s->players, lo = triples_group_lo[s->var[0]],
        hi = triples_group_hi[s->var[0]];
    int wg = 0;
    for (int x = lo; x <= hi; x++)
        wg += dice_w3[x];
    /* the Triples with a sum in the group are Triples */
    for (int f = 1; f <= 6; f++)
        wg -= 3 * f >= lo && 3 * f <= hi;
    rat pt[DICE_SEATS], pg[DICE_SEATS], po[DICE_SEATS], decided;
    for (int i = 0; i < n; i++) {
        int k = DICE_TURN(tri_turn, s)->kind[i];
        rat_set(&pt[i], k ? k == TRI_TRIPLE : 6, k ? 1 : 216);
        rat_set(&pg[i], k ? k == TRI_GROUP : wg, k ? 1 : 216);
        rat_set(&po[i], k ? k == TRI_OTHER : 216 - 6 - wg, k ? 1 : 216);
    }
    rat_set(&decided, 0, 1);
    for (int i = 0; i < n; i++) {
        rat a, b, one;
        rat_copy(&a, &pt[i]);
        rat_copy(&b, &pg[i]);
        rat_set(&one, 1, 1);
        for (int j = 0; j < n; j++) {
            if (j == i)
                continue;
            rat not_triple;
            rat_sub(&not_triple, &one, &pt[j]);
            rat_mul(&a, &a, &not_triple);
            rat_mul(&b, &b, &po[j]);
        }
        rat_add(&d->win[i], &a, &b);
        rat_add(&decided, &decided, &d->win[i]);
    }
    rat again, one;
    rat_set(&one, 1, 1);
    rat_sub(&again, &one, &decided);
    rat_scale(&again, &again, 1, (uint64_t)n);
    for (int i = 0; i < n; i++)
        rat_add(&d->win[i], &d->win[i], &again);
    snprintf(d->note, sizeof d->note, _("Group %s."),
             triples_groups[s->var[0]]);
}
