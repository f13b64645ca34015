/* panquist.c — Panquist (seed 000, i).  RULES.md beside this file. */
#include <stdio.h>
#include <string.h>
#include <threads.h>

#include "panquist.h"
#include "ludoteka/text.h"

enum { OPT_ORDER, OPT_DISTINCT, OPT_BANKROLL, OPT_TURNS };
enum { STAKES = 4 }; /* seed 000, i: the staker puts down four stakes */
enum {
    WHY_PANQUIST = DICE_WHY_GAME, /* the thrower's number: v0 stakes taken */
    WHY_STAKER                    /* the staker's number first: nothing taken */
};

static const char *const yesno[] = {
    NC_("option value", "yes"), NC_("option value", "no"), NULL};

static const lt_option options[] = {
    DICE_OPT_ORDER,
    {NC_("option", "distinct"), yesno, 0, 0, 0,
     N_("the staker's number must differ from the thrower's")},
    {NC_("option", "bankroll"), NULL, 4, 1000, 20,
     N_("each player's stakes at the start (one who cannot put down four "
        "loses)")},
    DICE_OPT_TURNS,
    {NULL, NULL, 0, 0, 0, NULL}};

/* seed 000, i (RULES.md: 7 is "5-1-1 or 4-2-1 pay 2", the seed's 5-5-1
 * being a slip): the stakes each throw of 7-14 takes, 4 = Panquist. */
static const struct {
    int a, b, c, stakes;
} payout_table[] = {
    /* 7 */
    {5, 1, 1, 2}, {4, 2, 1, 2}, {3, 2, 2, 3}, {3, 3, 1, 4},
    /* 8 */
    {5, 2, 1, 1}, {4, 3, 1, 2}, {4, 2, 2, 3}, {6, 1, 1, 3}, {3, 3, 2, 4},
    /* 9 */
    {6, 2, 1, 1}, {5, 3, 1, 1}, {4, 3, 2, 2}, {5, 2, 2, 3}, {3, 3, 3, 3},
    {4, 4, 1, 4},
    /* 10 */
    {5, 4, 1, 1}, {5, 3, 2, 1}, {6, 3, 1, 2}, {6, 2, 2, 3}, {4, 3, 3, 3},
    {4, 4, 2, 4},
    /* 11 */
    {6, 3, 2, 1}, {5, 4, 2, 1}, {6, 4, 1, 2}, {5, 5, 1, 3}, {4, 4, 3, 3},
    {5, 3, 3, 4},
    /* 12 */
    {6, 5, 1, 1}, {6, 4, 2, 1}, {5, 4, 3, 2}, {5, 5, 2, 3}, {4, 4, 4, 3},
    {6, 3, 3, 4},
    /* 13 */
    {6, 5, 2, 1}, {6, 4, 3, 2}, {6, 6, 1, 3}, {5, 5, 3, 3}, {5, 4, 4, 4},
    /* 14 */
    {6, 5, 3, 2}, {6, 6, 2, 3}, {5, 5, 4, 3}, {6, 4, 4, 4},
};

static uint8_t payout[216]; /* by throw action; 0 outside 7-14 */
static once_flag payout_once = ONCE_FLAG_INIT;

static void build_payout(void)
{
    for (size_t i = 0; i < sizeof payout_table / sizeof payout_table[0]; i++) {
        int f[3] = {payout_table[i].a, payout_table[i].b, payout_table[i].c};
        payout[lt_dice_encode(3, f)] = (uint8_t)payout_table[i].stakes;
    }
}

int panquist_stakes(lt_action a)
{
    call_once(&payout_once, build_payout);
    return payout[a];
}

static void configure(dice_state *s, const lt_config *cfg)
{
    s->lowest = (uint8_t)cfg->value[OPT_ORDER];
    s->var[0] = (uint8_t)cfg->value[OPT_DISTINCT];
    s->bankroll = 2 * cfg->value[OPT_BANKROLL];
    s->stake = 2; /* amounts are counted in stakes */
    s->turns = (uint16_t)cfg->value[OPT_TURNS];
}

/* seed 000, i: the other player stakes four; who cannot, loses */
static bool start(dice_state *s)
{
    return dice_pay(s, s->order[1], STAKES * s->stake);
}

static void abort_turn(dice_state *s)
{
    dice_take(s, s->order[1], s->pot);
}

static int thrower(const dice_state *s)
{
    const dice_duel *d = DICE_TURN(dice_duel, s);
    return d->theirs ? s->order[d->pos] : s->order[0];
}

static void apply(dice_state *s, lt_action a)
{
    dice_duel *d = DICE_TURN(dice_duel, s);
    int sum = dice_sum(a, 3);
    /* seed 000, i: the thrower throws until a number of 7-14 is his, then
     * one for the other (RULES.md: a different one unless distinct=no) */
    if (duel_assign(s, sum, true, s->var[0] == 0))
        return;
    /* then they throw in turn, the thrower first */
    int me = s->order[0], other = s->order[1];
    if (d->pos == 0 && sum == d->mine) {
        /* he takes as many stakes as the throw shows; the rest go back */
        dice_take(s, me, panquist_stakes(a) * s->stake);
        dice_take(s, other, s->pot);
        dice_end_turn(s, me, (dice_why){.why = WHY_PANQUIST, .by = (int8_t)me,
                                        .v = {(uint8_t)panquist_stakes(a)}});
        return;
    }
    if (d->pos == 1 && sum == d->theirs) {
        dice_take(s, other, s->pot); /* nothing is taken */
        dice_end_turn(s, other,
                      (dice_why){.why = WHY_STAKER, .by = (int8_t)other});
        return;
    }
    d->pos ^= 1;
}

static void write_turn(const dice_state *s, char *buf, size_t size, size_t *len)
{
    duel_write_numbers(s, buf, size, len);
    if (DICE_TURN(dice_duel, s)->theirs)
        lt_appendf(buf, size, len, " next %d", thrower(s) + 1);
}

static bool read_turn(dice_state *s, char **w, int nw, lt_error *err)
{
    dice_duel *d = DICE_TURN(dice_duel, s);
    long long next = 0;
    if ((nw != 2 && nw != 4) || strcmp(w[0], "numbers") ||
        (nw == 4 &&
         (strcmp(w[2], "next") || !lt_parse_int(w[3], 1, 2, &next)))) {
        lt_error_set(err, _("expected 'numbers' with the two seats' numbers "
                          "(7..14, '-' for none yet), then, once both have "
                          "one, 'next' and the seat to throw"));
        return false;
    }
    if (!duel_read_numbers(s, w[1], true, s->var[0] == 0, 7, 14, err))
        return false;
    if ((d->theirs != 0) != (nw == 4)) {
        lt_error_set(err, d->theirs ? "numbers: both are given; say who throws "
                                      "next (next N)"
                                    : "next: the numbers are not both given");
        return false;
    }
    d->pos = next && next - 1 != s->order[0];
    if (s->pot != STAKES * s->stake) {
        lt_error_set(err,
                     _("pot: the four stakes are on the table during a turn"));
        return false;
    }
    return true;
}

static void info(const dice_state *s, lt_view *v)
{
    duel_info(s, v, true);
}

/* The four stakes on the table stay the staker's until taken. */
static int32_t claim(const dice_state *s, int seat)
{
    return seat == s->order[1] ? s->pot : 0;
}

static void why_words(const dice_reason *r, char *buf, size_t size, size_t *len)
{
    unsigned stakes = r->s->shown.v[0];
    if (r->s->shown.why == WHY_STAKER)
        dice_threw(
            r,
            NC_("threw", "own number, before the thrower's: no stakes taken"),
            false, buf, size, len);
    else if (stakes == 4)
        lt_appendf(buf, size, len,
                   _("threw %d (%s), own number: Panquist, all 4 stakes"),
                   r->sum, r->faces);
    else
        lt_appendf(buf, size, len,
                   _("threw %d (%s), own number: takes %u of the 4 stakes"),
                   r->sum, r->faces, stakes);
}

const dice_rules panquist_rules = {
    .ndice = 3, .order_throw = ORDER_ONCE, .money = true,
    .configure = configure, .turn_start = start, .turn_thrower = thrower,
    .turn_apply = apply, .turn_write = write_turn, .turn_read = read_turn,
    .turn_info = info, .turn_abort = abort_turn, .claim = claim,
    .due = NC_("cannot cover", "the four stakes"), .why_words = why_words};

DICE_GAME(lt_panquist, panquist_rules, .id = "panquist",
          .title = N_("Panquist"), .source = N_("source 000, i: Panquist"),
          .options = options, DICE_TWO_FOR_MONEY);
