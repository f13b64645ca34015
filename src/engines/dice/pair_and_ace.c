/* pair_and_ace.c — Pair and Ace (seed 000, h): the exact odds of a turn. */
#include "../../games/pair-and-ace/pair_and_ace.h"
#include "dice_engines.h"
#include "ludoteka/text.h"

/* Each throw has a pair or triple with p = 96/216 = 4/9: the k-th
 * thrower from now wins with q^k p / (1 - q^n), q = 5/9. */
void pair_and_ace_odds(const dice_state *s, dice_chances *d)
{
    int n = s->players;
    rat p, q, qn, one, den;
    rat_set(&p, 4, 9);
    rat_set(&q, 5, 9);
    rat_set(&one, 1, 1);
    rat_set(&qn, 1, 1);
    for (int k = 0; k < n; k++)
        rat_mul(&qn, &qn, &q);
    rat_sub(&den, &one, &qn);
    rat term;
    rat_div(&term, &p, &den);
    for (int k = 0; k < n; k++) {
        rat_copy(&d->win[s->order[(DICE_TURN(pa_turn, s)->pos + k) % n]],
                 &term);
        rat_mul(&term, &term, &q);
    }
    lt_copy(d->note, sizeof d->note, _("A pair or triple: 4/9 a throw."));
}
