/* one_and_two.c — As Many on One as on Two (seed 000, c): the exact odds of a
 * turn. */
#include <stdio.h>
#include <stdlib.h>

#include "../../games/one-and-two/one_and_two.h"
#include "dice_engines.h"
#include "ludoteka/text.h"

/* ---- exact odds ----
 * p = 5/72 (one die v, two dice summing to v: (v-1)/36 for v = 2..6).
 * fresh[m]: a contest of m, nobody thrown yet, by index in throwing
 * order; its play-offs are contests of fewer, or of all m again (the
 * self-loop, solved: F = G / (1 - c)). */
typedef struct {
    int mode;
    rat p, q;
    rat fresh[DICE_SEATS + 1][DICE_SEATS];
    bool known[DICE_SEATS + 1];
} oat_solver;

static void hit_chance(const oat_solver *z, int single, rat *out)
{
    if (single)
        rat_set(out, single >= 2 ? single - 1 : 0, 36);
    else
        rat_copy(out, &z->p);
}

static void solve_fresh(oat_solver *z, int m);

/* Adds weight * (the outcome of the last throws) to out[] (by index of a
 * contest of m): equal E, due P, the one throwing now (cur) succeeding
 * with s_cur, the rest with p.  When all m end up equal and self is set,
 * the weight goes to *self instead (the contest starts again). */
static void last_throws(oat_solver *z, int m, uint8_t E, uint8_t P, int cur,
                        const rat *s_cur, const rat *weight, rat *out,
                        rat *self)
{
    for (unsigned S = 0; S < 256; S++) {
        if (S & ~(unsigned)P)
            continue;
        rat pr, one;
        rat_copy(&pr, weight);
        rat_set(&one, 1, 1);
        for (int k = 0; k < m; k++) {
            if (!(P >> k & 1))
                continue;
            const rat *sk = k == cur ? s_cur : &z->p;
            rat f;
            if (S >> k & 1)
                rat_copy(&f, sk);
            else
                rat_sub(&f, &one, sk);
            rat_mul(&pr, &pr, &f);
        }
        if (rat_is_zero(&pr))
            continue;
        uint8_t E2 = (uint8_t)(E | S);
        int size = __builtin_popcount(E2);
        if (size == 1) {
            int k = __builtin_ctz(E2);
            rat_add(&out[k], &out[k], &pr);
            continue;
        }
        if (size == m && self) {
            rat_add(self, self, &pr);
            continue;
        }
        solve_fresh(z, size);
        int rank = 0;
        for (int k = 0; k < m; k++)
            if (E2 >> k & 1) {
                rat t;
                rat_mul(&t, &pr, &z->fresh[size][rank++]);
                rat_add(&out[k], &out[k], &t);
            }
    }
}

/* From index j of a contest of m with nobody yet successful, the thrower
 * succeeding with s_j: the first success at j, then at j+1, ... */
static void seek(oat_solver *z, int m, int j, const rat *s_j, rat *out,
                 rat *self)
{
    rat one, qm, rest, w;
    rat_set(&one, 1, 1);
    rat_set(&qm, 1, 1);
    for (int k = 0; k < m; k++)
        rat_mul(&qm, &qm, &z->q);
    /* first success right now */
    last_throws(z, m, (uint8_t)(1u << j), oat_due_after(z->mode, m, j), -1,
                &z->p, s_j, out, self);
    /* or later: (1 - s_j) q^(r-1) p / (1 - q^m) at index j + r */
    rat_sub(&rest, &one, s_j);
    rat_mul(&rest, &rest, &z->p);
    rat d;
    rat_sub(&d, &one, &qm);
    rat_div(&w, &rest, &d);
    for (int r = 1; r <= m; r++) {
        int k = (j + r) % m;
        last_throws(z, m, (uint8_t)(1u << k), oat_due_after(z->mode, m, k), -1,
                    &z->p, &w, out, self);
        rat_mul(&w, &w, &z->q);
    }
}

static void solve_fresh(oat_solver *z, int m)
{
    if (z->known[m])
        return;
    rat *f = z->fresh[m];
    for (int k = 0; k < m; k++)
        rat_set(&f[k], m == 1, 1);
    if (m > 1) {
        rat self, one, den;
        rat_set(&self, 0, 1);
        seek(z, m, 0, &z->p, f, &self);
        rat_set(&one, 1, 1);
        rat_sub(&den, &one, &self);
        for (int k = 0; k < m; k++)
            rat_div(&f[k], &f[k], &den);
    }
    z->known[m] = true;
}

void one_and_two_odds(const dice_state *s, dice_chances *d)
{
    const oat_turn *o = DICE_TURN(oat_turn, s);
    oat_solver *z = calloc(1, sizeof *z);
    if (!z) {
        d->win[0].num.n = -1;
        return;
    }
    z->mode = s->var[0];
    rat_set(&z->p, 5, 72);
    rat_set(&z->q, 67, 72);
    int m = o->size;
    rat out[DICE_SEATS], s_now;
    for (int k = 0; k < DICE_SEATS; k++)
        rat_set(&out[k], 0, 1);
    solve_fresh(z, m);
    hit_chance(z, o->single, &s_now);
    if (o->leader) {
        rat one;
        rat_set(&one, 1, 1);
        last_throws(z, m, o->equal, o->pending, o->pos, &s_now, &one, out,
                    NULL);
    } else {
        seek(z, m, o->pos, &s_now, out, NULL);
    }
    /* a restart of the whole contest (NULL self above) uses fresh[m] */
    for (int k = 0; k < m; k++)
        rat_copy(&d->win[o->seat[k]], &out[k]);
    free(z);
    snprintf(d->note, sizeof d->note, "%s",
             s->var[0] == LAST_ALL
                 ? _("A success: 5/72 a throw; last throws: all others.")
                 : _("A success: 5/72 a throw; last throws: the rest of "
                     "the round."));
}
