/* rising_hazard.c — Rosnący Hazard (seed 000, k).  RULES.md beside this
 * file; its exact solution (when to stop throwing) is its engine's, in
 * the dice engines' folder. */
#include <stdio.h>
#include <string.h>

#include "rising_hazard.h"
#include "ludoteka/text.h"

enum { OPT_ORDER, OPT_UNIT, OPT_COVER, OPT_BANKROLL, OPT_TURNS };

enum {
    WHY_STOP_PASSES = DICE_WHY_GAME, /* stopped: the roles change */
    WHY_THEIR_NUMBER, /* the opponent's number: the pool, `amount` */
    WHY_NOBODYS_PASSES /* nobody's number: the roles change */
};

static const char *const covers[] = {
    NC_("option value", "halves"), NC_("option value", "alternate"), NULL};

static const lt_option options[] = {
    DICE_OPT_ORDER,
    {NC_("option", "unit"), NULL, 1, 50, 2,
     N_("the basic unit: the pool starts at one, each Hazard adds one")},
    {NC_("option", "cover"), covers, 0, 0, COVER_HALVES,
     N_("who pays a unit: half each, or the whole unit in turn, starting with "
        "the player who does not throw")},
    {NC_("option", "bankroll"), NULL, 1, 1000, 50,
     N_("each player's money at the start (one who cannot pay his part "
        "loses)")},
    DICE_OPT_TURNS,
    {NULL, NULL, 0, 0, 0, NULL}};

static void configure(dice_state *s, const lt_config *cfg)
{
    s->lowest = (uint8_t)cfg->value[OPT_ORDER];
    s->unit = 2 * cfg->value[OPT_UNIT];
    s->var[0] = (uint8_t)cfg->value[OPT_COVER];
    s->bankroll = 2 * cfg->value[OPT_BANKROLL];
    s->turns = (uint16_t)cfg->value[OPT_TURNS];
}

/* seed 000, k: a unit goes into the pool, half from each player or (by
 * turns) all from one; false if it cannot be paid. */
static bool add_unit(dice_state *s)
{
    if (s->var[0] == COVER_HALVES)
        return duel_pay_both(s, s->unit / 2);
    if (!dice_pay(s, s->payer, s->unit))
        return false;
    s->payer = (uint8_t)(s->players - 1 - s->payer); /* the other pays next */
    return true;
}

static bool start(dice_state *s)
{
    if (s->pot > 0)
        return true; /* the pool left over is played for again */
    /* a fresh pool of one unit; by turns, the one not throwing pays first */
    s->payer = s->var[0] == COVER_ALTERNATE ? s->order[1] : 0;
    return add_unit(s);
}

static void apply(dice_state *s, lt_action a)
{
    dice_duel *d = DICE_TURN(dice_duel, s);
    int me = s->order[0], other = s->order[1];
    if (a == DICE_STOP) { /* roles change; the pool stays */
        dice_end_turn(s, -1,
                      (dice_why){.why = WHY_STOP_PASSES, .by = (int8_t)me});
        return;
    }
    if (a == DICE_THROW) {
        d->thrown = DUEL_THROWING;
        return;
    }
    int sum = dice_sum(a, 3);
    /* as in Pół Hazard: the opponent's number first, then his own */
    if (duel_assign(s, sum, false, true))
        return;
    if (dice_is_hazard3(sum)) {
        /* seed 000, k: every Hazard adds a unit to the pool */
        if (!add_unit(s)) {
            dice_end_match(s); /* he who cannot pay loses */
            return;
        }
    } else if (sum == d->theirs) { /* the whole pool */
        int32_t pool = s->pot;
        dice_take(s, me, pool);
        s->payer = 0;
        dice_end_turn(s, me, (dice_why){.why = WHY_THEIR_NUMBER,
                                        .by = (int8_t)me, .amount = pool});
        return;
    } else if (sum != d->mine) { /* another: roles change, the pool stays */
        dice_end_turn(s, other, (dice_why){.why = WHY_NOBODYS_PASSES,
                                           .by = (int8_t)me});
        return;
    }
    d->thrown = DUEL_CHOOSE; /* his own number: nothing happens */
}

static void write_turn(const dice_state *s, char *buf, size_t size, size_t *len)
{
    const dice_duel *d = DICE_TURN(dice_duel, s);
    duel_write_numbers(s, buf, size, len);
    if (s->var[0] == COVER_ALTERNATE)
        lt_appendf(buf, size, len, " payer %d", s->payer + 1);
    if (d->mine)
        lt_appendf(buf, size, len, " %s", duel_stage_name(d->thrown));
}

static bool read_turn(dice_state *s, char **w, int nw, lt_error *err)
{
    dice_duel *d = DICE_TURN(dice_duel, s);
    int i = 2;
    long long payer;
    if (nw < 2 || strcmp(w[0], "numbers"))
        goto bad;
    if (!duel_read_numbers(s, w[1], false, true, 7, 14, err))
        return false;
    if (s->var[0] == COVER_ALTERNATE) {
        if (i + 1 >= nw || strcmp(w[i], "payer") ||
            !lt_parse_int(w[i + 1], 1, 2, &payer))
            goto bad;
        s->payer = (uint8_t)(payer - 1);
        i += 2;
    }
    if (d->mine ? i + 1 != nw || !duel_read_stage(s, w[i]) : i != nw)
        goto bad;
    if (s->pot < s->unit || s->pot % s->unit) {
        lt_error_set(err, _("pot: whole units, at least one, during a turn"));
        return false;
    }
    return true;
bad:
    if (s->var[0] == COVER_ALTERNATE)
        lt_error_set(err, "%s",
                     _("expected 'numbers' with the two seats' numbers "
                       "(7..14, '-' for none yet; the opponent's first), "
                       "'payer' and the seat to pay the next unit, then, once "
                       "both are given, first, choose or throwing"));
    else
        lt_error_set(err, "%s",
                     _("expected 'numbers' with the two seats' numbers "
                       "(7..14, '-' for none yet; the opponent's first), "
                       "then, once both are given, first, choose or throwing"));
    return false;
}

static void info(const dice_state *s, lt_view *v)
{
    char u[32];
    duel_info(s, v, false);
    if (s->var[0] == COVER_ALTERNATE)
        dice_info(v, _("Unit %s; %s pays the next"),
                  dice_money_text(s->unit, u, sizeof u),
                  dice_seat_label(s->payer));
    else
        dice_info(v, _("Unit %s, paid half each"),
                  dice_money_text(s->unit, u, sizeof u));
}

static void why_words(const dice_reason *r, char *buf, size_t size, size_t *len)
{
    switch (r->s->shown.why) {
    case WHY_STOP_PASSES:
        lt_appendf(buf, size, len, "%s",
                   _("stopped: the roles change, the pool stays"));
        break;
    case WHY_THEIR_NUMBER:
        duel_threw_theirs(r, buf, size, len);
        break;
    default:
        dice_threw(
            r,
            NC_("threw", "nobody's number: the roles change, the pool stays"),
            false, buf, size, len);
        break;
    }
}

const dice_rules rising_hazard_rules = {
    .ndice = 3, .order_throw = ORDER_ONCE, .money = true,
    .configure = configure, .turn_start = start, DUEL_STOP_OR_THROW,
    .turn_apply = apply, .turn_write = write_turn, .turn_read = read_turn,
    .turn_info = info, .due = NC_("cannot cover", "the next unit"),
    .why_words = why_words};

DICE_GAME(lt_rising_hazard, rising_hazard_rules, .id = "rising-hazard",
          .title = N_("Rising Hazard"),
          .source = N_("source 000, k: Rosnący Hazard"), .options = options,
          DICE_TWO_FOR_MONEY);
