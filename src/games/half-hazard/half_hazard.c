/* half_hazard.c — Pół Hazard (seed 000, j).  RULES.md beside this file;
 * its exact solution (when to stop throwing) is its engine's, in the
 * dice engines' folder. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "half_hazard.h"
#include "ludoteka/text.h"

enum { OPT_ORDER, OPT_POOL, OPT_UNIT, OPT_STREAK, OPT_BANKROLL, OPT_TURNS };

enum {
    WHY_STOP_WON = DICE_WHY_GAME, /* stopped, took `amount` */
    WHY_STOP_NOTHING, /* stopped with nothing won */
    WHY_POOL_REACHED, /* a Hazard: winnings reach the pool */
    WHY_THEIR_NUMBER, /* the opponent's number: the pool, `amount` */
    WHY_NOBODYS_LOSES /* nobody's number loses */
};

static const char *const streaks[] = {
    NC_("option value", "unit"), NC_("option value", "rising"), NULL};

static const lt_option options[] = {
    DICE_OPT_ORDER,
    {NC_("option", "pool"), NULL, 2, 100, 20,
     N_("the pool set up each turn; each player covers half of it")},
    {NC_("option", "unit"), NULL, 1, 50, 2,
     N_("the basic unit Hazards pay in")},
    {NC_("option", "streak"), streaks, 0, 0, STREAK_UNIT,
     N_("unit: a streak's first Hazard pays 3 units, each further one 1 more; "
        "rising: the k-th Hazard of a streak pays 2+k units")},
    {NC_("option", "bankroll"), NULL, 1, 1000, 50,
     N_("each player's money at the start (one who cannot cover his half of "
        "the pool loses)")},
    DICE_OPT_TURNS,
    {NULL, NULL, 0, 0, 0, NULL}};

static void configure(dice_state *s, const lt_config *cfg)
{
    s->lowest = (uint8_t)cfg->value[OPT_ORDER];
    s->pool = 2 * cfg->value[OPT_POOL];
    s->unit = 2 * cfg->value[OPT_UNIT];
    s->var[0] = (uint8_t)cfg->value[OPT_STREAK];
    s->bankroll = 2 * cfg->value[OPT_BANKROLL];
    s->turns = (uint16_t)cfg->value[OPT_TURNS];
}

/* seed 000, j: both must cover half of the pool */
static unsigned short_of(const dice_state *s)
{
    return (unsigned)(s->money[0] < s->pool / 2) |
           (unsigned)(s->money[1] < s->pool / 2) << 1;
}

/* ... which joins what was left over */
static bool start(dice_state *s)
{
    return duel_pay_both(s, s->pool / 2);
}

/* seed 000, j: at least one throw, then as long as he likes */
/* What the k-th Hazard of a streak (k from 0) pays, in halves. */
int32_t half_hazard_pay(int mode, int32_t unit, int k)
{
    if (mode == STREAK_RISING)
        return (3 + k) * unit;
    return k == 0 ? 3 * unit : unit;
}

/* The turn ends: the thrower takes `take`; why says how. */
static void end(dice_state *s, int32_t take, int winner, int why)
{
    if (take)
        dice_take(s, s->order[0], take);
    dice_end_turn(s, winner, (dice_why){.why = (uint8_t)why,
                                        .by = (int8_t)s->order[0],
                                        .amount = take});
}

static void apply(dice_state *s, lt_action a)
{
    dice_duel *d = DICE_TURN(dice_duel, s);
    int me = s->order[0], other = s->order[1];
    if (a == DICE_STOP) { /* he takes what he won; the rest stays */
        end(s, d->won, d->won ? me : -1,
            d->won ? WHY_STOP_WON : WHY_STOP_NOTHING);
        return;
    }
    if (a == DICE_THROW) {
        d->thrown = DUEL_THROWING;
        return;
    }
    int sum = dice_sum(a, 3);
    /* seed 000, j: numbers for the opponent, then for himself (RULES.md:
     * a different one) */
    if (duel_assign(s, sum, false, true))
        return;
    if (dice_is_hazard3(sum)) {
        /* 3 units, one more for each further Hazard in a row; never more
         * than the pool */
        d->won += half_hazard_pay(s->var[0], s->unit, d->streak);
        d->streak++;
        if (d->won >= s->pot) {
            end(s, s->pot, me, WHY_POOL_REACHED);
            return;
        }
    } else if (sum == d->mine) {
        d->streak = 0; /* his own number: the Hazards count afresh */
    } else if (sum == d->theirs) {
        /* the opponent's: the whole pool */
        end(s, s->pot, me, WHY_THEIR_NUMBER);
        return;
    } else {
        /* any other: he loses what he won */
        end(s, 0, other, WHY_NOBODYS_LOSES);
        return;
    }
    d->thrown = DUEL_CHOOSE;
}

static void write_turn(const dice_state *s, char *buf, size_t size, size_t *len)
{
    const dice_duel *d = DICE_TURN(dice_duel, s);
    char m[32];
    duel_write_numbers(s, buf, size, len);
    if (d->mine)
        lt_appendf(buf, size, len, " winnings %s streak %u %s",
                   dice_money_text(d->won, m, sizeof m), (unsigned)d->streak,
                   duel_stage_name(d->thrown));
}

static bool read_turn(dice_state *s, char **w, int nw, lt_error *err)
{
    dice_duel *d = DICE_TURN(dice_duel, s);
    long long streak = 0;
    if ((nw != 2 && nw != 7) || strcmp(w[0], "numbers"))
        goto bad;
    if (!duel_read_numbers(s, w[1], false, true, 7, 14, err))
        return false;
    if ((nw == 7) != (d->mine != 0))
        goto bad;
    if (nw == 7) {
        double won;
        char tail;
        if (strcmp(w[2], "winnings") ||
            sscanf(w[3], "%lf%c", &won, &tail) != 1 || strcmp(w[4], "streak") ||
            !lt_parse_int(w[5], 0, 200, &streak) || !duel_read_stage(s, w[6]))
            goto bad;
        d->won = (int32_t)lround(won * 2);
        d->streak = (uint8_t)streak;
        if (d->won < 0 || d->won != won * 2 || d->won >= s->pot ||
            (streak > 0 && d->won == 0)) {
            lt_error_set(err, _("winnings: less than the pot, and some if on a "
                              "streak of Hazards"));
            return false;
        }
        if (d->thrown == DUEL_FIRST && d->won) {
            lt_error_set(err,
                         _("winnings: nothing is won before the first throw"));
            return false;
        }
    }
    return true;
bad:
    lt_error_set(err, _("expected 'numbers' with the two seats' numbers "
                      "(7..14, '-' for none yet; the opponent's first), "
                      "then, once both are given, 'winnings W streak K' and "
                      "first, choose or throwing"));
    return false;
}

static void info(const dice_state *s, lt_view *v)
{
    const dice_duel *d = DICE_TURN(dice_duel, s);
    char m[32], u[32];
    duel_info(s, v, false);
    if (d->mine)
        dice_info(v, _("Won this turn: %s; Hazards in a row: %u; unit %s"),
                  dice_money_text(d->won, m, sizeof m), (unsigned)d->streak,
                  dice_money_text(s->unit, u, sizeof u));
}

static void why_words(const dice_reason *r, char *buf, size_t size, size_t *len)
{
    switch (r->s->shown.why) {
    case WHY_STOP_WON:
        lt_appendf(buf, size, len, _("stopped and took %s"), r->money);
        break;
    case WHY_STOP_NOTHING:
        lt_appendf(buf, size, len, "%s", _("stopped with nothing won"));
        break;
    case WHY_POOL_REACHED:
        dice_threw(r,
                   NC_("threw", "a Hazard: the winnings reach the whole pool"),
                   true, buf, size, len);
        break;
    case WHY_THEIR_NUMBER:
        duel_threw_theirs(r, buf, size, len);
        break;
    default:
        dice_threw(r, NC_("threw", "nobody's number, and lost the winnings"),
                   false, buf, size, len);
        break;
    }
}

const dice_rules half_hazard_rules = {
    .ndice = 3, .order_throw = ORDER_ONCE, .money = true,
    .configure = configure, .short_of = short_of, .turn_start = start,
    DUEL_STOP_OR_THROW, .turn_apply = apply, .turn_write = write_turn,
    .turn_read = read_turn, .turn_info = info,
    .due = NC_("cannot cover", "half of the pool"), .why_words = why_words};

DICE_GAME(lt_half_hazard, half_hazard_rules, .id = "half-hazard",
          .title = N_("Half Hazard"), .source = N_("source 000, j: Pół Hazard"),
          .options = options, DICE_TWO_FOR_MONEY);
