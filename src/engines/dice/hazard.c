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

static void later_odds(const uint8_t *reh, const uint8_t *order, int n,
                       int from, uint64_t *num, uint64_t *den)
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
            int w = dice_is_hazard3(sum)
                        ? seat
                        : hazard_rehazard_winner(reh, n, seat, sum);
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
        unsigned slot =
            (unsigned)(den * 0x9e3779b97f4a7c15u >> 52) & (GROUPS - 1);
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
