/* guirguiesca.c — Guirguiesca (seed 000, l).  RULES.md beside this file. */
#include <stdio.h>
#include <string.h>

#include "../dice/dicegame.h"
#include "ludoteka/text.h"

enum { OPT_ORDER, OPT_HAZARD, OPT_TURNS };
enum { HAZARD_LOSES, HAZARD_IGNORED };
enum {
    WHY_HAZARD_LOSES = DICE_WHY_GAME, /* a Hazard loses */
    WHY_THEIRS_LOSES,                 /* the opponent's number loses */
    WHY_OWN_WINS                      /* his own number wins */
};

static const char *const hazard_rules[] = {
    NC_("option value", "loses"), NC_("option value", "ignored"), NULL};

static const lt_option options[] = {
    DICE_OPT_ORDER,
    {NC_("option", "hazard-after-assign"), hazard_rules, 0, 0, HAZARD_LOSES,
     N_("a Hazard thrown once the opponent has his number: loses, or is ignored "
        "(throw again)")},
    DICE_OPT_TURNS,
    {NULL, NULL, 0, 0, 0, NULL}};

static void configure(dice_state *s, const lt_config *cfg)
{
    s->lowest = (uint8_t)cfg->value[OPT_ORDER];
    s->var[0] = (uint8_t)cfg->value[OPT_HAZARD];
    s->turns = (uint16_t)cfg->value[OPT_TURNS];
}

/* seed 000, l: Hazard is 6-6, 6-5, 2-1, 1-1: the sums 12, 11, 3, 2 */
static bool is_hazard(int sum)
{
    return sum <= 3 || sum >= 11;
}

static void apply(dice_state *s, lt_action a)
{
    dice_duel *d = DICE_TURN(dice_duel, s);
    int sum = dice_sum(a, 2), me = s->order[0], other = s->order[1];
    if (is_hazard(sum)) {
        /* seed 000, l: a Hazard loses (option: once numbers are being
         * given, it is thrown again) */
        if (!d->theirs || s->var[0] == HAZARD_LOSES)
            dice_end_turn(s, other, (dice_why){.why = WHY_HAZARD_LOSES,
                                               .by = (int8_t)me});
        return;
    }
    if (!d->theirs) { /* the first number goes to the opponent */
        d->theirs = (uint8_t)sum;
        return;
    }
    if (sum == d->theirs) { /* the opponent's number loses */
        dice_end_turn(s, other, (dice_why){.why = WHY_THEIRS_LOSES,
                                           .by = (int8_t)me});
        return;
    }
    if (!d->mine) { /* a different one is his own */
        d->mine = (uint8_t)sum;
        return;
    }
    if (sum == d->mine) /* his own wins */
        dice_end_turn(s, me, (dice_why){.why = WHY_OWN_WINS, .by = (int8_t)me});
    /* any other: he throws on */
}

static void write_turn(const dice_state *s, char *buf, size_t size, size_t *len)
{
    duel_write_numbers(s, buf, size, len);
}

static bool read_turn(dice_state *s, char **w, int nw, lt_error *err)
{
    if (nw != 2 || strcmp(w[0], "numbers")) {
        lt_error_set(err, _("expected 'numbers' with the two seats' numbers "
                          "(4..10, '-' for none yet)"));
        return false;
    }
    return duel_read_numbers(s, w[1], false, true, 4, 10, err);
}

static void info(const dice_state *s, lt_view *v)
{
    duel_info(s, v, false);
    dice_info(v, "%s", _("Hazard: 2, 3, 11, 12"));
}

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

static void odds(const dice_state *s, dice_chances *d)
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

static void why_words(const dice_reason *r, char *buf, size_t size, size_t *len)
{
    int why = r->s->shown.why;
    dice_threw(r,
               why == WHY_HAZARD_LOSES   ? NC_("threw", "a Hazard, and lost")
               : why == WHY_THEIRS_LOSES ? NC_("threw", "the opponent's number, and lost")
                                         : NC_("threw", "own number, and won"),
               false, buf, size, len);
}

static const dice_rules rules = {
    .ndice = 2, .order_throw = ORDER_ONCE, .configure = configure,
    .turn_thrower = duel_thrower, .turn_apply = apply, .turn_write = write_turn,
    .turn_read = read_turn, .turn_info = info, .turn_odds = odds, .why_words = why_words};

DICE_GAME(lt_guirguiesca, rules, .id = "guirguiesca", .title = N_("Guirguiesca"),
          .source = N_("source 000, l: Guirguiesca"), .options = options, .min_players = 2,
          .max_players = 2, .min_return = -1, .max_return = 1);
