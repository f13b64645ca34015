/* guirguiesca.c — Guirguiesca (seed 000, l): the exact odds of a turn. */
#include "../../games/guirguiesca/guirguiesca.h"
#include "dice_engines.h"
#include "ludoteka/text.h"

/* ---- exact odds, by the stages of the turn (weights of 36): with both
 * numbers, his own t wins against the opponent's o and the Hazards (6,
 * or none when ignored): w_t / (w_t + w_o + h). */
static void both(int t, int o, int h, rat *out)
{
    rat_set(out, dice_w2[t], (uint64_t)(dice_w2[t] + dice_w2[o] + h));
}

static void second(int o, int h, rat *out)
{
    /* the next throw: Hazard (h of 36, loses), o (loses), another t */
    rat_set(out, 0, 1);
    for (int t = 4; t <= 10; t++) {
        if (t == o)
            continue;
        rat x;
        both(t, o, h, &x);
        rat_scale(&x, &x, dice_w2[t], (uint64_t)(30 + h));
        rat_add(out, out, &x);
    }
}

void guirguiesca_odds(const dice_state *s, dice_chances *d)
{
    const dice_duel *t = DICE_TURN(dice_duel, s);
    int h = s->var[0] == HAZARD_LOSES ? 6 : 0;
    rat win;
    if (t->mine) {
        both(t->mine, t->theirs, h, &win);
    } else if (t->theirs) {
        second(t->theirs, h, &win);
        /* a Hazard lost with h = 6: the weights above are out of 36 */
    } else {
        rat_set(&win, 0, 1);
        for (int o = 4; o <= 10; o++) {
            rat x;
            second(o, h, &x);
            rat_scale(&x, &x, dice_w2[o], 36);
            rat_add(&win, &win, &x);
        }
    }
    rat one;
    rat_set(&one, 1, 1);
    rat_copy(&d->win[s->order[0]], &win);
    rat_sub(&d->win[s->order[1]], &one, &win);
    lt_copy(d->note, sizeof d->note, _("Hazard: 2, 3, 11, 12."));
}
