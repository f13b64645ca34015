/* guirguiesca.c — Guirguiesca (seed 000, l).  RULES.md beside this file. */
#include <stdio.h>
#include <string.h>

#include "guirguiesca.h"
#include "ludoteka/text.h"

enum { OPT_ORDER, OPT_HAZARD, OPT_TURNS };

enum {
    WHY_HAZARD_LOSES = DICE_WHY_GAME, /* a Hazard loses */
    WHY_THEIRS_LOSES,                 /* the opponent's number loses */
    WHY_OWN_WINS                      /* his own number wins */
};

static const char *const hazard_choices[] = {
    NC_("option value", "loses"), NC_("option value", "ignored"), NULL};

static const lt_option options[] = {
    DICE_OPT_ORDER,
    {NC_("option", "hazard-after-assign"), hazard_choices, 0, 0, HAZARD_LOSES,
     N_("a Hazard thrown once the opponent has his number: loses, or is "
        "ignored (throw again)")},
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

static void why_words(const dice_reason *r, char *buf, size_t size, size_t *len)
{
    int why = r->s->shown.why;
    dice_threw(r,
               why == WHY_HAZARD_LOSES ? NC_("threw", "a Hazard, and lost")
               : why == WHY_THEIRS_LOSES
                   ? NC_("threw", "the opponent's number, and lost")
                   : NC_("threw", "own number, and won"),
               false, buf, size, len);
}

const dice_rules guirguiesca_rules = {
    .ndice = 2, .order_throw = ORDER_ONCE, .configure = configure,
    .turn_thrower = duel_thrower, .turn_apply = apply, .turn_write = write_turn,
    .turn_read = read_turn, .turn_info = info, .why_words = why_words};

DICE_GAME(lt_guirguiesca, guirguiesca_rules, .id = "guirguiesca",
          .title = N_("Guirguiesca"),
          .source = N_("source 000, l: Guirguiesca"), .options = options,
          .min_players = 2, .max_players = 2, .min_return = -1,
          .max_return = 1);
