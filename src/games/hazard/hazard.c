/* hazard.c — Hazard (seed 000, e).  RULES.md beside this file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../dice/dicegame.h"
#include "ludoteka/text.h"

enum { OPT_ORDER, OPT_FORM, OPT_STAKE, OPT_BANKROLL, OPT_TURNS };
enum { FORM_TURNS, FORM_STAKES };
enum {
    WHY_HAZARD = DICE_WHY_GAME, /* the thrower's Hazard wins */
    WHY_OWN_REHAZARD,           /* his own ReHazard; v0 1: shared */
    WHY_REHAZARD_OF             /* the winner's ReHazard, thrown by `by` */
};

/* The turn: round 1, then later rounds until somebody wins. */
typedef struct {
    uint8_t later;        /* 0 in the first round, 1 after it */
    uint8_t pos;
    uint8_t reh[DICE_SEATS]; /* first-round sums: the ReHazards */
} haz_turn;
DICE_TURN_FITS(haz_turn);

static const char *const forms[] = {
    NC_("option value", "turns"), NC_("option value", "stakes"), NULL};

static const lt_option options[] = {
    DICE_OPT_ORDER,
    {NC_("option", "form"), forms, 0, 0, FORM_TURNS,
     N_("turns: the most turns won wins; stakes: the betting form - each turn "
        "everyone stakes, the winner takes the stakes")},
    {NC_("option", "stake"), NULL, 1, 100, 1, N_("form=stakes: each player's "
                                                 "stake in a turn")},
    {NC_("option", "bankroll"), NULL, 1, 1000, 10,
     N_("form=stakes: each player's money at the start")},
    DICE_OPT_TURNS,
    {NULL, NULL, 0, 0, 0, NULL}};

static void configure(dice_state *s, const lt_config *cfg)
{
    s->lowest = (uint8_t)cfg->value[OPT_ORDER];
    s->money_game = cfg->value[OPT_FORM] == FORM_STAKES;
    s->stake = 2 * cfg->value[OPT_STAKE];
    s->bankroll = 2 * cfg->value[OPT_BANKROLL];
    s->turns = (uint16_t)cfg->value[OPT_TURNS];
}

/* the betting form: everyone stakes; one who cannot loses (the match
 * ends, RULES.md) */
static unsigned short_of(const dice_state *s)
{
    unsigned broke = 0;
    if (s->money_game)
        for (int i = 0; i < s->players; i++)
            broke |= (unsigned)(s->money[i] < s->stake) << i;
    return broke;
}

static bool start(dice_state *s)
{
    if (s->money_game)
        for (int i = 0; i < s->players; i++)
            dice_pay(s, i, s->stake);
    return true;
}

static void abort_turn(dice_state *s)
{
    if (s->money_game) /* stakes back */
        for (int i = 0; i < s->players; i++)
            dice_take(s, i, s->stake);
}

static int thrower(const dice_state *s)
{
    return s->order[DICE_TURN(haz_turn, s)->pos];
}

/* The seat wins the turn, by the throw of `by`. */
static void win(dice_state *s, int seat, int why, int by, bool shared)
{
    if (s->money_game)
        dice_take(s, seat, s->pot);
    dice_end_turn(s, seat, (dice_why){.why = (uint8_t)why, .by = (int8_t)by,
                                      .v = {shared}});
}

/* Who a later-round sum wins for, -1 if nobody: seed 000, e - the owner
 * of the ReHazard thrown; if several own it, the thrower if he is one of
 * them, otherwise it does not count. */
static int rehazard_winner(const uint8_t *reh, int n, int thrower_seat, int sum)
{
    int owners = 0, owner = -1;
    for (int i = 0; i < n; i++)
        if (reh[i] == sum) {
            owners++;
            owner = i;
        }
    if (owners == 1)
        return owner;
    if (owners > 1 && reh[thrower_seat] == sum)
        return thrower_seat;
    return -1;
}

static void apply(dice_state *s, lt_action a)
{
    haz_turn *h = DICE_TURN(haz_turn, s);
    int sum = dice_sum(a, 3), seat = thrower(s), n = s->players;
    if (dice_is_hazard3(sum)) { /* seed 000, e: a Hazard wins */
        win(s, seat, WHY_HAZARD, seat, false);
        return;
    }
    if (!h->later) {
        /* seed 000, e: first-round sums become the ReHazards */
        h->reh[seat] = (uint8_t)sum;
        if (++h->pos == n) {
            h->later = 1;
            h->pos = 0;
        }
        return;
    }
    int w = rehazard_winner(h->reh, n, seat, sum);
    if (w >= 0) {
        int owners = 0;
        for (int i = 0; i < n; i++)
            owners += h->reh[i] == sum;
        win(s, w, w == seat ? WHY_OWN_REHAZARD : WHY_REHAZARD_OF, seat,
            owners > 1);
        return;
    }
    h->pos = (uint8_t)((h->pos + 1) % n);
}

static void write_turn(const dice_state *s, char *buf, size_t size, size_t *len)
{
    const haz_turn *h = DICE_TURN(haz_turn, s);
    if (h->later) {
        lt_appendf(buf, size, len, " round 2 next %d", thrower(s) + 1);
        dice_write_list(buf, size, len, "rehazards", h->reh, s->players);
    } else {
        lt_appendf(buf, size, len, " round 1");
        dice_write_list(buf, size, len, "sums", h->reh, s->players);
    }
}

static bool read_turn(dice_state *s, char **w, int nw, lt_error *err)
{
    haz_turn *h = DICE_TURN(haz_turn, s);
    int n = s->players, v[DICE_SEATS], count;
    long long next = 0;
    bool later = nw == 6 && !strcmp(w[0], "round") && !strcmp(w[1], "2") &&
                 !strcmp(w[2], "next") && lt_parse_int(w[3], 1, n, &next) &&
                 !strcmp(w[4], "rehazards");
    bool first = nw == 4 && !strcmp(w[0], "round") && !strcmp(w[1], "1") &&
                 !strcmp(w[2], "sums");
    if (!later && !first) {
        lt_error_set(err, _("expected 'round 1 sums S,S,...' (first round) or "
                          "'round 2 next N rehazards R,R,...' (a later round)"));
        return false;
    }
    if (!dice_parse_list(w[nw - 1], v, n, 7, 14, &count) || count != n) {
        lt_error_set(err,
                     first ? _("%s: a sum of 7..14 for each of the %d seats "
                               "('-' if he has not thrown)")
                           : _("%s: a sum of 7..14 for each of the %d seats"),
                     w[nw - 2], n);
        return false;
    }
    h->later = later;
    for (int i = 0; i < n; i++)
        h->reh[i] = (uint8_t)v[i];
    if (later) {
        for (int i = 0; i < n; i++)
            if (!v[i]) {
                lt_error_set(err, _("rehazards: every seat has one after round 1"));
                return false;
            }
        int pos = 0;
        while (s->order[pos] != next - 1)
            pos++;
        h->pos = (uint8_t)pos;
        return true;
    }
    int pos = 0;
    while (pos < n && v[s->order[pos]])
        pos++;
    for (int q = pos; q < n; q++)
        if (v[s->order[q]]) {
            lt_error_set(err, _("sums: the seats throw in order of play"));
            return false;
        }
    if (pos == n) {
        lt_error_set(err, _("sums: the first round is complete; write the "
                          "ReHazards as round 2"));
        return false;
    }
    h->pos = (uint8_t)pos;
    return true;
}

static void info(const dice_state *s, lt_view *v)
{
    const haz_turn *h = DICE_TURN(haz_turn, s);
    char line[96];
    size_t len = 0;
    line[0] = '\0';
    lt_appendf(line, sizeof line, &len, "%s",
               h->later ? _("ReHazards:") : _("First round:"));
    for (int p = 0; p < s->players; p++) {
        int seat = s->order[p];
        if (h->reh[seat])
            lt_appendf(line, sizeof line, &len, " %s %u",
                       dice_seat_label(seat), (unsigned)h->reh[seat]);
    }
    dice_info(v, "%s", line);
    dice_info(v, "%s", _("Hazard: 3-6 and 15-18"));
}

/* ---- exact odds ----
 * Later rounds are a cycle of throws: from position j the thrower's sum
 * ends the turn for someone (a_j) or passes the dice on (c_j).  With
 * weights out of 216, the chance of seat i from position `from` is
 * N_i / D, D = 216^n - prod C, N_i = sum_j prod_{k<j} C_k A_j(i)
 * 216^(n-1-j) (j counted from `from`) - all below 2^63. */
typedef struct {
    uint64_t hi, lo;
} u128;

static void u128_add_mul(u128 *x, uint64_t a, uint64_t b)
{
    /* a < 2^32 */
    uint64_t lo = a * (b & 0xffffffffu), hi = a * (b >> 32);
    uint64_t add_lo = lo + (hi << 32);
    uint64_t carry = add_lo < lo;
    uint64_t old = x->lo;
    x->lo += add_lo;
    x->hi += (hi >> 32) + carry + (x->lo < old);
}

static void later_odds(const uint8_t *reh, const uint8_t *order, int n, int from,
                       uint64_t *num, uint64_t *den)
{
    uint64_t T = 1, prodc = 1;
    for (int k = 0; k < n; k++)
        T *= 216;
    for (int i = 0; i < n; i++)
        num[i] = 0;
    uint64_t scale = T / 216; /* 216^(n-1-j) */
    for (int j = 0; j < n; j++) {
        int seat = order[(from + j) % n];
        uint64_t a[DICE_SEATS] = {0}, c = 0;
        for (int sum = 3; sum <= 18; sum++) {
            int w = dice_is_hazard3(sum) ? seat
                                         : rehazard_winner(reh, n, seat, sum);
            if (w >= 0)
                a[w] += dice_w3[sum];
            else
                c += dice_w3[sum];
        }
        for (int i = 0; i < n; i++)
            num[i] += prodc * a[i] * scale;
        prodc *= c;
        scale /= 216;
    }
    *den = T - prodc;
}

typedef struct {
    uint64_t den;
    u128 acc[DICE_SEATS];
} group;

enum { GROUPS = 1 << 12 };

static void add_rat_u128(rat *r, const u128 *x, uint64_t den)
{
    nat n, d, lo;
    nat_set(&n, x->hi); /* n = hi * 2^64 + lo */
    for (int k = 0; k < 4; k++)
        nat_mul_small(&n, &n, 65536);
    nat_set(&lo, x->lo);
    nat_add(&n, &n, &lo);
    nat_set(&d, den);
    rat q;
    rat_from_nats(&q, &n, &d, false);
    rat_add(r, r, &q);
}

static void odds(const dice_state *s, dice_chances *d)
{
    const haz_turn *h = DICE_TURN(haz_turn, s);
    int n = s->players;
    uint64_t num[DICE_SEATS], den;
    snprintf(d->note, sizeof d->note, "%s", _("Hazard: 3-6 and 15-18."));
    if (h->later) {
        later_odds(h->reh, s->order, n, h->pos, num, &den);
        for (int i = 0; i < n; i++) {
            nat a, b;
            nat_set(&a, num[i]);
            nat_set(&b, den);
            rat_from_nats(&d->win[i], &a, &b, false);
        }
        return;
    }
    /* the first round: a Hazard ends it (40 of 216) */
    rat reach;
    rat_set(&reach, 1, 1);
    for (int p = h->pos; p < n; p++) {
        rat t;
        rat_scale(&t, &reach, 40, 216);
        rat_add(&d->win[s->order[p]], &d->win[s->order[p]], &t);
        rat_scale(&reach, &reach, 176, 216);
    }
    /* every way the rest of the round can go without a Hazard, grouped
     * by the denominator of the later rounds */
    group *g = calloc(GROUPS, sizeof *g);
    if (!g) {
        for (int i = 0; i < n; i++)
            d->win[i].num.n = -1; /* reported as beyond range */
        return;
    }
    uint8_t reh[DICE_SEATS];
    memcpy(reh, h->reh, sizeof reh);
    int rest = n - h->pos, combos = 1;
    uint64_t total = 1;
    for (int k = 0; k < rest; k++) {
        combos *= 8;
        total *= 216;
    }
    for (int c = 0; c < combos; c++) {
        uint64_t pw = 1;
        for (int k = 0, x = c; k < rest; k++, x /= 8) {
            int sum = 7 + x % 8;
            reh[s->order[h->pos + k]] = (uint8_t)sum;
            pw *= dice_w3[sum];
        }
        later_odds(reh, s->order, n, 0, num, &den);
        unsigned slot = (unsigned)(den * 0x9e3779b97f4a7c15u >> 52) & (GROUPS - 1);
        while (g[slot].den && g[slot].den != den)
            slot = (slot + 1) & (GROUPS - 1);
        g[slot].den = den;
        for (int i = 0; i < n; i++)
            u128_add_mul(&g[slot].acc[i], pw, num[i]);
    }
    for (int i = 0; i < n; i++) {
        rat later;
        rat_set(&later, 0, 1);
        for (int k = 0; k < GROUPS; k++)
            if (g[k].den)
                add_rat_u128(&later, &g[k].acc[i], g[k].den);
        rat_scale(&later, &later, 1, total);
        rat_add(&d->win[i], &d->win[i], &later);
    }
    free(g);
}

static void why_words(const dice_reason *r, char *buf, size_t size, size_t *len)
{
    switch (r->s->shown.why) {
    case WHY_HAZARD:
        dice_threw(r, NC_("threw", "a Hazard"), false, buf, size, len);
        break;
    case WHY_OWN_REHAZARD:
        lt_appendf(buf, size, len,
                   r->s->shown.v[0] ? _("threw %d, own ReHazard (shared: the thrower wins)")
                                    : _("threw %d, own ReHazard"),
                   r->sum);
        break;
    default:
        lt_appendf(buf, size, len, _("threw %d, %s's ReHazard"), r->sum, r->owner);
        break;
    }
}

static const dice_rules rules = {
    .ndice = 3, .order_throw = ORDER_EACH_TURN, .configure = configure, .turn_start = start,
    .turn_thrower = thrower, .turn_apply = apply, .turn_write = write_turn,
    .turn_read = read_turn, .turn_info = info, .turn_odds = odds,
    .turn_abort = abort_turn, .short_of = short_of, .due = NC_("cannot cover", "the stake"),
    .why_words = why_words};

DICE_GAME(lt_hazard, rules, .id = "hazard", .title = N_("Hazard"),
          .source = N_("source 000, e: Hazard"), .options = options, .min_players = 2,
          .max_players = DICE_SEATS, .min_return = -1000, .max_return = 5000);
