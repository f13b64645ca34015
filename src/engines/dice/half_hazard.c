/* half_hazard.c — Half Hazard (seed 000, j): its exact
 * solution (when to stop throwing): the best decision, the odds of a
 * turn and the evaluation. */
#include <math.h>
#include <stdlib.h>

#include "../../games/half-hazard/half_hazard.h"
#include "dice_engines.h"
#include "ludoteka/text.h"

/* ---- the exact solution ----
 * Over what he has won W (from W0 in steps of the unit: row m is W0 +
 * m*unit) and the streak k: stopping is worth W; a throw is worth
 * p_h V(W + pay(k), k+1) + p_m V(W, 0) + p_o P (a Hazard, his number,
 * the opponent's: the pot P), another 7-14 nothing; V = max(W, throw),
 * stopping when equal.  At k = 0 his own number leads back to the same
 * state, so if he throws there, V(W,0) = (p_h V(W+pay(0),1) + p_o P) /
 * (1 - p_m).  Values are halves taken from the pot; his gain in money is
 * half of that (half the pot was his).  The rows are solved from the
 * top down, keeping only the few a Hazard can reach. */
enum { EXACT_CELLS = 4096 };

typedef struct {
    int32_t pot, w0, unit;
    int mode, k0, rows, ks, ring; /* ring: rows kept */
    int wh, wm, wo;               /* weights of 216 */
} hh_problem;

typedef struct {
    rat v, pw, pl; /* value; chances he ends with a gain / loses the turn */
} hh_cell;

static void hh_setup(hh_problem *p, const dice_state *s, int mine, int theirs)
{
    const dice_duel *d = DICE_TURN(dice_duel, s);
    p->pot = s->pot;
    p->w0 = d->mine ? d->won : 0;
    p->unit = s->unit;
    p->mode = s->var[0];
    p->k0 = d->mine ? d->streak : 0;
    p->rows = (p->pot - p->w0 + p->unit - 1) / p->unit;
    if (p->rows < 1)
        p->rows = 1;
    /* streaks beyond what the pot allows never happen */
    int kmax = 1;
    if (p->mode == STREAK_RISING) {
        /* the longest streak before the pot is reached, from k0 or from
         * a fresh streak */
        for (int from = 0; from <= 1; from++) {
            int k = from ? p->k0 : 0;
            for (int32_t w = 0; w < p->pot - p->w0;)
                w += half_hazard_pay(p->mode, p->unit, k++);
            kmax = k > kmax ? k : kmax;
        }
    } else if (p->k0 > 1) {
        p->k0 = 1; /* beyond the first, every Hazard pays the same */
    }
    p->ks = kmax + 1;
    p->ring = 4 + kmax;
    p->wh = 40;
    p->wm = dice_w3[mine];
    p->wo = dice_w3[theirs];
}

static size_t hh_index(const hh_problem *p, int m, int k)
{
    return (size_t)(m % p->ring) * (size_t)p->ks + (size_t)k;
}

/* Row reached by a Hazard from (m, k), or -1 if it takes the pot. */
static int hh_next(const hh_problem *p, int m, int k)
{
    int32_t w = p->w0 + m * p->unit + half_hazard_pay(p->mode, p->unit, k);
    return w >= p->pot ? -1 : (w - p->w0) / p->unit;
}

static int hh_knext(const hh_problem *p, int k)
{
    return k + 1 < p->ks ? k + 1 : p->ks - 1;
}

/* The value of throwing from (m, k), the row's k = 0 cell being known
 * (or being (m, 0) itself: then the closed form). */
static void hh_throw_exact(const hh_problem *p, const hh_cell *t, int m, int k,
                           hh_cell *out)
{
    rat ph, pm, po, px, tmp, one;
    rat_set(&ph, p->wh, 216);
    rat_set(&pm, p->wm, 216);
    rat_set(&po, p->wo, 216);
    rat_set(&px, 216 - p->wh - p->wm - p->wo, 216);
    rat_set(&one, 1, 1);
    int mn = hh_next(p, m, k);
    const hh_cell *next = mn < 0 ? NULL : &t[hh_index(p, mn, hh_knext(p, k))];
    if (next) {
        rat_mul(&out->v, &ph, &next->v);
        rat_mul(&out->pw, &ph, &next->pw);
        rat_mul(&out->pl, &ph, &next->pl);
    } else { /* the Hazard takes the whole pot */
        rat_scale(&out->v, &ph, p->pot, 1);
        rat_copy(&out->pw, &ph);
        rat_set(&out->pl, 0, 1);
    }
    rat_scale(&tmp, &po, p->pot, 1);
    rat_add(&out->v, &out->v, &tmp);
    rat_add(&out->pw, &out->pw, &po);
    rat_add(&out->pl, &out->pl, &px);
    const hh_cell *own = &t[hh_index(p, m, 0)];
    if (k == 0 && own->v.den.n == 0) {
        /* (m, 0) itself: divide by 1 - p_m */
        rat den;
        rat_sub(&den, &one, &pm);
        rat_div(&out->v, &out->v, &den);
        rat_div(&out->pw, &out->pw, &den);
        rat_div(&out->pl, &out->pl, &den);
        return;
    }
    rat_mul(&tmp, &pm, &own->v);
    rat_add(&out->v, &out->v, &tmp);
    rat_mul(&tmp, &pm, &own->pw);
    rat_add(&out->pw, &out->pw, &tmp);
    rat_mul(&tmp, &pm, &own->pl);
    rat_add(&out->pl, &out->pl, &tmp);
}

/* Solves every row; row 0 and those a Hazard reaches from it are left in
 * the ring.  NULL if too large to do exactly. */
static hh_cell *hh_solve_exact(const hh_problem *p)
{
    if ((int64_t)p->rows * p->ks > EXACT_CELLS)
        return NULL;
    hh_cell *t = malloc((size_t)p->ring * (size_t)p->ks * sizeof *t);
    if (!t)
        return NULL;
    for (int m = p->rows - 1; m >= 0; m--) {
        rat W;
        rat_set(&W, p->w0 + m * p->unit, 1);
        bool some = p->w0 + m * p->unit > 0;
        for (int k = 0; k < p->ks; k++) {
            hh_cell *c = &t[hh_index(p, m, k)], th;
            if (k == 0)
                c->v.den.n = 0; /* marks "being solved" for the closed form */
            hh_throw_exact(p, t, m, k, &th);
            if (rat_cmp(&th.v, &W) > 0) {
                rat_copy(&c->v, &th.v); /* the used limbs only */
                rat_copy(&c->pw, &th.pw);
                rat_copy(&c->pl, &th.pl);
            } else {
                rat_copy(&c->v, &W);
                rat_set(&c->pw, some, 1);
                rat_set(&c->pl, 0, 1);
            }
        }
    }
    return t;
}

/* The same in doubles, for quick decisions. */
static double hh_throw_fast(const hh_problem *p, const double *v, int m, int k,
                            bool self)
{
    double ph = p->wh / 216.0, pm = p->wm / 216.0, po = p->wo / 216.0;
    int mn = hh_next(p, m, k);
    double next = mn < 0 ? p->pot : v[hh_index(p, mn, hh_knext(p, k))];
    if (self)
        return (ph * next + po * p->pot) / (1 - pm);
    return ph * next + pm * v[hh_index(p, m, 0)] + po * p->pot;
}

static double *hh_solve_fast(const hh_problem *p)
{
    double *v = malloc((size_t)p->ring * (size_t)p->ks * sizeof *v);
    if (!v)
        return NULL;
    for (int m = p->rows - 1; m >= 0; m--) {
        double W = p->w0 + m * p->unit;
        for (int k = 0; k < p->ks; k++) {
            double t = hh_throw_fast(p, v, m, k, k == 0);
            v[hh_index(p, m, k)] = t > W ? t : W;
        }
    }
    return v;
}

lt_action half_hazard_best(const dice_state *s)
{
    const dice_duel *d = DICE_TURN(dice_duel, s);
    hh_problem p;
    hh_setup(&p, s, d->mine, d->theirs);
    double *v = hh_solve_fast(&p);
    if (!v)
        return DICE_STOP;
    double t = hh_throw_fast(&p, v, 0, p.k0, false), w = p.w0;
    free(v);
    if (fabs(t - w) > 1e-9 * (1 + fabs(w)))
        return t > w ? DICE_THROW : DICE_STOP;
    /* too close to call in doubles: exactly */
    lt_action a = t > w ? DICE_THROW : DICE_STOP;
    hh_cell *tab = hh_solve_exact(&p);
    if (tab) {
        static _Thread_local hh_cell th;
        rat W;
        hh_throw_exact(&p, tab, 0, p.k0, &th);
        rat_set(&W, p.w0, 1);
        a = rat_cmp(&th.v, &W) > 0 ? DICE_THROW : DICE_STOP;
        free(tab);
    }
    return a;
}

/* What the thrower can expect to take from here (halves), in doubles:
 * for the evaluation function. */
static double expected_take(const dice_state *s)
{
    const dice_duel *d = DICE_TURN(dice_duel, s);
    double total = 0;
    for (int o = 7; o <= 14; o++) {
        for (int m = 7; m <= 14; m++) {
            rat chance;
            duel_numbers_chance(s, m, o, false, true, &chance);
            if (rat_is_zero(&chance))
                continue;
            double pr = rat_double(&chance);
            hh_problem p;
            hh_setup(&p, s, m, o);
            double *v = hh_solve_fast(&p);
            if (!v)
                return 0;
            double t = hh_throw_fast(&p, v, 0, p.k0, false);
            free(v);
            if (d->mine && d->thrown == DUEL_CHOOSE && t < p.w0)
                t = p.w0;
            total += pr * t;
        }
    }
    return total;
}

/* Each seat's money and half the pot, as if the match ended now, plus
 * (for the thrower; minus for the other) his expected gain in the turn
 * under best play.  Later turns, with the roles changing, are left out. */
void half_hazard_evaluate(const lt_state *st, double *out)
{
    const dice_state *s = (const dice_state *)st;
    if (s->phase == PHASE_OVER) {
        dice_returns(st, out);
        return;
    }
    for (int i = 0; i < s->players; i++)
        out[i] = (dice_equity(s, i) - s->bankroll) / 2.0;
    if (s->phase == PHASE_TURN) {
        double gain = expected_take(s) / 4; /* halves taken -> units gained */
        out[s->order[0]] += gain;
        out[s->order[1]] -= gain;
    }
}

/* For given numbers, from the state: the value of throwing now (into
 * thr) and of the state under best play (into val); false if too large
 * to do exactly. */
static bool numbers_odds(const dice_state *s, int mine, int theirs,
                         hh_cell *thr, hh_cell *val)
{
    hh_problem p;
    hh_setup(&p, s, mine, theirs);
    hh_cell *t = hh_solve_exact(&p);
    if (!t)
        return false;
    hh_throw_exact(&p, t, 0, p.k0, thr);
    *val = *thr;
    rat W;
    rat_set(&W, p.w0, 1);
    if (DICE_TURN(dice_duel, s)->mine &&
        DICE_TURN(dice_duel, s)->thrown == DUEL_CHOOSE &&
        rat_cmp(&thr->v, &W) <= 0) {
        rat_copy(&val->v, &W); /* he stops */
        rat_set(&val->pw, p.w0 > 0, 1);
        rat_set(&val->pl, 0, 1);
    }
    free(t);
    return true;
}

void half_hazard_odds(const dice_state *s, dice_chances *d)
{
    const dice_duel *t = DICE_TURN(dice_duel, s);
    int me = s->order[0], other = s->order[1];
    static _Thread_local hh_cell thr, val;
    rat pw, pl, v;
    rat_set(&pw, 0, 1);
    rat_set(&pl, 0, 1);
    rat_set(&v, 0, 1);
    bool ok = true;
    for (int o = 7; o <= 14 && ok; o++) {
        for (int m = 7; m <= 14 && ok; m++) {
            rat pa, x;
            duel_numbers_chance(s, m, o, false, true, &pa);
            if (rat_is_zero(&pa))
                continue;
            ok = numbers_odds(s, m, o, &thr, &val);
            rat_mul(&x, &pa, &val.pw);
            rat_add(&pw, &pw, &x);
            rat_mul(&x, &pa, &val.pl);
            rat_add(&pl, &pl, &x);
            rat_mul(&x, &pa, &val.v);
            rat_add(&v, &v, &x);
        }
    }
    if (ok && t->mine && t->thrown == DUEL_CHOOSE) {
        d->nchoices = 2;
        d->choice[0] = DICE_STOP;
        rat_set(&d->choice_value[0], t->won, 4);
        d->choice[1] = DICE_THROW;
        rat_scale(&d->choice_value[1], &thr.v, 1, 4);
    }
    if (!ok) { /* beyond exact reach: left undefined */
        pw.num.n = pl.num.n = v.num.n = -1;
        pw.den.n = pl.den.n = v.den.n = -1;
    }
    /* halves taken -> his gain in units */
    duel_chances(d, me, other, &pw, &pl, &v, 4);
    lt_copy(d->note, sizeof d->note,
            _("Best play. The thrower wins the turn by taking money, the "
              "opponent when an unassigned number comes; value: the thrower's "
              "gain (half the pot being his)."));
}
