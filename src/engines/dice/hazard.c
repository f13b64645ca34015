/* hazard.c — Hazard (seed 000, e): the exact odds of a turn. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../games/hazard/hazard.h"
#include "dice_engines.h"
#include "ludoteka/text.h"

/* ---- exact odds ----
 * Later rounds are a cycle of throws: from position j the thrower's sum
 * ends the turn for someone (a_j) or passes the dice on (c_j).  With
 * weights out of 216, the chance of seat i from position `from` is
 * N_i / D, D = 216^n - prod C, N_i = sum_j prod_{k<j} C_k A_j(i)
 * 216^(n-1-j) (j counted from `from`) - all below 2^63.
 *
 * A thrower j wins with a Hazard (40) or his own ReHazard (w_j: alone
 * or shared, it is his); a ReHazard that is one seat's alone (u_i = w_i,
 * else 0) wins for that seat whoever throws it; anything else passes the
 * dice on: a_j(j) = 40 + w_j, a_j(i) = u_i, c_j = 176 - w_j - U + u_j
 * (U the sum of the u). */
typedef struct {
    uint64_t hi, lo;
} u128;

/* x += a * b, exactly (a, b < 2^64) */
static void u128_add_mul(u128 *x, uint64_t a, uint64_t b)
{
    uint64_t a0 = a & 0xffffffffu, a1 = a >> 32;
    uint64_t b0 = b & 0xffffffffu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    uint64_t lo = (mid << 32) | (p00 & 0xffffffffu);
    uint64_t hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    uint64_t old = x->lo;
    x->lo += lo;
    x->hi += hi + (x->lo < old);
}

static void later_odds(const uint8_t *reh, const uint8_t *order, int n,
                       int from, uint64_t *num, uint64_t *den)
{
    uint8_t owners[19] = {0};
    uint64_t u[DICE_SEATS], w[DICE_SEATS], U = 0;
    for (int i = 0; i < n; i++)
        owners[reh[i]]++;
    for (int i = 0; i < n; i++) {
        w[i] = dice_w3[reh[i]];
        u[i] = owners[reh[i]] == 1 ? w[i] : 0;
        U += u[i];
    }
    /* f_j = prod_{k<j} C_k 216^(n-1-j): N_i = u_i sum_j f_j + f_(i's
     * position) (40 + w_i - u_i) */
    uint64_t T = 1, prodc = 1, all = 0, own[DICE_SEATS];
    for (int k = 0; k < n; k++)
        T *= 216;
    uint64_t scale = T / 216; /* 216^(n-1-j) */
    for (int j = 0; j < n; j++) {
        int seat = order[(from + j) % n];
        uint64_t f = prodc * scale;
        all += f;
        own[seat] = f * (40 + w[seat] - u[seat]);
        prodc *= 176 - w[seat] - U + u[seat];
        scale /= 216;
    }
    for (int i = 0; i < n; i++)
        num[i] = u[i] * all + own[i];
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

/* The ways the rest of the first round can go without a Hazard.  The
 * later rounds see only which ReHazards are equal and their weights,
 * and the weights pair up (7 and 14 weigh 15, 8 and 13 21, 9 and 12
 * 25, 10 and 11 27): so a sum not yet anyone's stands for every unused
 * sum of its weight, counted that many times, and each such choice is
 * followed once. */
typedef struct {
    const uint8_t *order;
    int n;
    uint8_t reh[DICE_SEATS];
    uint8_t owners[19];
    group *g;
    bool full;
} first_round;

static void fr_leaf(first_round *f, uint64_t pw)
{
    uint64_t num[DICE_SEATS], den;
    later_odds(f->reh, f->order, f->n, 0, num, &den);
    unsigned slot = (unsigned)(den * 0x9e3779b97f4a7c15u >> 52) & (GROUPS - 1);
    for (unsigned probe = 0; f->g[slot].den && f->g[slot].den != den;
         probe++) {
        if (probe == GROUPS) {
            f->full = true;
            return;
        }
        slot = (slot + 1) & (GROUPS - 1);
    }
    f->g[slot].den = den;
    for (int i = 0; i < f->n; i++)
        u128_add_mul(&f->g[slot].acc[i], pw, num[i]);
}

static void fr_walk(first_round *f, int p, uint64_t pw)
{
    if (p == f->n) {
        fr_leaf(f, pw);
        return;
    }
    int seat = f->order[p];
    for (int sum = 7; sum <= 14; sum++) {
        int mate = 21 - sum; /* the other sum of the same weight */
        int count = 1;       /* somebody's already, or its mate is */
        if (!f->owners[sum] && !f->owners[mate]) {
            if (sum > mate)
                continue; /* the lower of a free pair stands for both */
            count = 2;
        }
        f->reh[seat] = (uint8_t)sum;
        f->owners[sum]++;
        fr_walk(f, p + 1, pw * count * dice_w3[sum]);
        f->owners[sum]--;
    }
    f->reh[seat] = 0;
}

void hazard_odds(const dice_state *s, dice_chances *d)
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
    first_round f = {.order = s->order, .n = n, .g = g};
    memcpy(f.reh, h->reh, sizeof f.reh);
    for (int i = 0; i < n; i++)
        if (f.reh[i])
            f.owners[f.reh[i]]++;
    uint64_t total = 1;
    for (int k = h->pos; k < n; k++)
        total *= 216;
    fr_walk(&f, h->pos, 1);
    if (f.full) { /* more denominators than the table holds: never seen */
        for (int i = 0; i < n; i++)
            d->win[i].num.n = -1;
        free(g);
        return;
    }
    /* each seat's sum over the groups, added in pairs, then pairs of
     * pairs: the long denominators meet only near the top (a sum in one
     * line would carry the longest through every addition) */
    int m = 0;
    for (int k = 0; k < GROUPS; k++)
        if (g[k].den)
            g[m++] = g[k];
    rat *part = malloc((size_t)(m ? m : 1) * sizeof *part);
    for (int i = 0; i < n && part; i++) {
        for (int k = 0; k < m; k++) {
            rat_set(&part[k], 0, 1);
            add_rat_u128(&part[k], &g[k].acc[i], g[k].den);
        }
        for (int step = 1; step < m; step *= 2)
            for (int k = 0; k + step < m; k += 2 * step)
                rat_add(&part[k], &part[k], &part[k + step]);
        if (m) {
            rat_scale(&part[0], &part[0], 1, total);
            rat_add(&d->win[i], &d->win[i], &part[0]);
        }
    }
    if (!part)
        for (int i = 0; i < n; i++)
            d->win[i].num.n = -1; /* reported as beyond range */
    free(part);
    free(g);
}

/* ---- fast simulation (dice_engine.fast): the turn of Hazard's rules
 * (src/games/hazard/hazard.c) from its start, on the throws' sums, with
 * the frame's cap and the betting form's money (match.c) ---- */
enum { NOBODY = -1, SHARED = -2, THROWER = -3 };

void hazard_fast(const dice_state *start, uint64_t turns, dice_fast *f,
                 lt_turn_tally *t)
{
    const int n = start->players, first = start->order[0];
    uint8_t order[DICE_SEATS];
    memcpy(order, start->order, sizeof order);
    /* the sums' meaning before anyone has a ReHazard: a Hazard is the
     * thrower's, the rest nobody's yet */
    int8_t base[19];
    for (int sum = 0; sum <= 18; sum++)
        base[sum] = dice_is_hazard3(sum) ? THROWER : NOBODY;
    /* the first thrower's gain (money units) when he wins the turn, when
     * another does, when the cap ends it (stakes back): his equity after
     * the match of this one turn less his equity now, as dice_simulate
     * counts it */
    double gain[3] = {0, 0, 0};
    if (start->money_game) {
        int64_t e0 = dice_equity(start, first);
        int32_t back = start->pot - n * start->stake;
        gain[0] = (double)(start->money[first] + start->pot - e0) / 2;
        gain[1] = (double)(start->money[first] - e0) / 2;
        gain[2] = (double)(start->money[first] + start->stake + back / n +
                           (first < back % n) - e0) /
                  2;
    }
    /* all in locals, so that the compiler keeps them in registers */
    dice_fast src = *f;
    uint64_t wins[DICE_SEATS] = {0}, none = 0;
    double value_sum = 0, value_sq = 0;
    uint8_t reh[DICE_SEATS];
    for (uint64_t k = 0; k < turns; k++) {
        int winner = NOBODY;
        for (int p = 0; p < n; p++) { /* the first round */
            int sum = dice_fast_sum3(&src);
            if (base[sum] == THROWER) {
                winner = order[p];
                break;
            }
            reh[order[p]] = (uint8_t)sum;
        }
        if (winner == NOBODY) { /* later rounds */
            int8_t owner[19];
            memcpy(owner, base, sizeof owner);
            for (int i = 0; i < n; i++)
                owner[reh[i]] = owner[reh[i]] == NOBODY ? (int8_t)i : SHARED;
            unsigned steps = (unsigned)n;
            for (int p = 0;; p = p + 1 == n ? 0 : p + 1) {
                int sum = dice_fast_sum3(&src), seat = order[p];
                int o = owner[sum];
                if (o >= 0) {
                    winner = o;
                    break;
                }
                if (o == THROWER || (o == SHARED && reh[seat] == sum)) {
                    winner = seat;
                    break;
                }
                if (++steps >= DICE_TURN_CAP)
                    break; /* nobody: the cap */
            }
        }
        if (winner >= 0)
            wins[winner]++;
        else
            none++;
        if (start->money_game) {
            double g = gain[winner == first ? 0 : winner >= 0 ? 1 : 2];
            value_sum += g;
            value_sq += g * g;
        }
    }
    *f = src;
    for (int i = 0; i < n; i++)
        t->wins[i] += wins[i];
    t->none += none;
    t->value_sum += value_sum;
    t->value_sq += value_sq;
    t->turns += turns;
}
