/* panquist.c — Panquist (seed 000, i): the exact odds of a turn. */
#include "../../games/panquist/panquist.h"
#include "dice_engines.h"
#include "ludoteka/text.h"

/* ---- exact odds ----
 * With numbers a (thrower) and b, x = w(a)/216, y = w(b)/216, the
 * thrower first: he wins with x / (1 - (1-x)(1-y)); the staker to throw:
 * (1-y) x / (1 - (1-x)(1-y)).  What he takes is the mean payout of
 * throws summing to a. */
static void mean_stakes(int sum, rat *out)
{
    lt_outcome o[56];
    int n = lt_dice_outcomes(3, false, o);
    int64_t w = 0;
    for (int i = 0; i < n; i++)
        if (dice_sum(o[i].action, 3) == sum)
            w += (int64_t)o[i].weight * panquist_stakes(o[i].action);
    rat_set(out, w, dice_w3[sum]);
}

static void pair_odds(int a, int b, int pos, rat *win, rat *value)
{
    rat x, y, one, miss, den;
    rat_set(&x, dice_w3[a], 216);
    rat_set(&y, dice_w3[b], 216);
    rat_set(&one, 1, 1);
    rat nx, ny;
    rat_sub(&nx, &one, &x);
    rat_sub(&ny, &one, &y);
    rat_mul(&miss, &nx, &ny);
    rat_sub(&den, &one, &miss);
    rat_div(win, &x, &den);
    if (pos == 1)
        rat_mul(win, win, &ny);
    rat mean;
    mean_stakes(a, &mean);
    rat_mul(value, win, &mean);
}

void panquist_odds(const dice_state *s, dice_chances *d)
{
    const dice_duel *t = DICE_TURN(dice_duel, s);
    bool distinct = s->var[0] == 0;
    rat win, value;
    rat_set(&win, 0, 1);
    rat_set(&value, 0, 1);
    for (int a = 7; a <= 14; a++)
        for (int b = 7; b <= 14; b++) {
            rat pr, w, v;
            duel_numbers_chance(s, a, b, true, distinct, &pr);
            if (rat_is_zero(&pr))
                continue;
            pair_odds(a, b, t->theirs ? t->pos : 0, &w, &v);
            rat_mul(&w, &w, &pr);
            rat_mul(&v, &v, &pr);
            rat_add(&win, &win, &w);
            rat_add(&value, &value, &v);
        }
    rat one;
    rat_set(&one, 1, 1);
    rat_copy(&d->win[s->order[0]], &win);
    rat_sub(&d->win[s->order[1]], &one, &win);
    d->has_value = true;
    rat_copy(&d->value, &value);
    lt_copy(d->note, sizeof d->note,
            _("Value: the stakes the thrower can expect to take."));
}
