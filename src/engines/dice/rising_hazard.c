/* rising_hazard.c — Rising Hazard (seed 000, k): its exact
 * solution (when to stop throwing): the best decision, the odds of a
 * turn and the evaluation. */
#include <math.h>

#include "../../games/rising-hazard/rising_hazard.h"
#include "dice_engines.h"
#include "ludoteka/text.h"

/* ---- the exact solution ----
 * The thrower's gain counts half the pool as his (it is split at the
 * end).  Over the pool P and who pays the next unit (x = 1: he does):
 * a Hazard adds U to P and moves d_x = -U/2 (he pays it), +U/2 (the
 * other does) or 0 (halves) to him; his own number changes nothing; the
 * opponent's gives him P/2; another ends the turn.  Stopping is worth 0:
 *   V(P,x) = max(0, (p_h (d_x + V(P+U, 1-x)) + p_o P/2) / (1 - p_m)).
 * Once p_o P/2 > p_h U/2 throwing is worth more than stopping whatever
 * follows (V >= 0), so from there on he always throws and V is linear:
 * V(P,x) = a P + b_x, with a = A/(1-h), b_x = (c_x + h c_(1-x))/(1-h^2),
 * A = p_o/(2(1-p_m)), h = p_h/(1-p_m), c_x = h d_x + h a U.  Below that
 * the few pools left are solved one by one.  All in halves. */
typedef struct {
    int32_t pot, unit;
    bool alternate;
    int x0;            /* 1: the thrower pays the next unit */
    int wh, wm, wo;    /* weights of 216 */
} rh_problem;

typedef struct {
    rat v, pw, pl;
} rh_cell;

static void rh_setup(rh_problem *p, const dice_state *s, int mine, int theirs)
{
    p->pot = s->pot;
    p->unit = s->unit;
    p->alternate = s->var[0] == COVER_ALTERNATE;
    p->x0 = p->alternate && s->payer == s->order[0];
    p->wh = 40;
    p->wm = dice_w3[mine];
    p->wo = dice_w3[theirs];
}

/* Is the pool P in the linear (always throw) part? */
static bool rh_linear(const rh_problem *p, int32_t P)
{
    return (int64_t)P * p->wo > (int64_t)p->wh * p->unit;
}

static int32_t rh_delta(const rh_problem *p, int x)
{
    return !p->alternate ? 0 : x ? -p->unit / 2 : p->unit / 2;
}

static void rh_linear_cell(const rh_problem *p, int32_t P, int x, rh_cell *c)
{
    rat one, pm, A, h, a, c0, c1, den, t;
    int wx = 216 - p->wh - p->wm - p->wo;
    rat_set(&one, 1, 1);
    rat_set(&pm, p->wm, 216);
    rat_set(&A, p->wo, 2 * (uint64_t)(216 - p->wm));
    rat_set(&h, p->wh, (uint64_t)(216 - p->wm));
    rat_sub(&den, &one, &h);
    rat_div(&a, &A, &den);
    /* c_x = h d_x + h a U */
    rat hau;
    rat_scale(&hau, &a, p->unit, 1);
    rat_mul(&hau, &hau, &h);
    rat_scale(&c0, &h, rh_delta(p, x), 1);
    rat_add(&c0, &c0, &hau);
    rat_scale(&c1, &h, rh_delta(p, 1 - x), 1);
    rat_add(&c1, &c1, &hau);
    rat_mul(&t, &h, &c1);
    rat_add(&c0, &c0, &t);
    rat_mul(&t, &h, &h);
    rat_sub(&den, &one, &t);
    rat_div(&c->v, &c0, &den);
    rat_scale(&t, &a, P, 1);
    rat_add(&c->v, &c->v, &t);
    rat_set(&c->pw, p->wo, (uint64_t)(p->wo + wx));
    rat_set(&c->pl, wx, (uint64_t)(p->wo + wx));
}

/* V(P, x) for both x at P = pot and pot + U (into c[0][x], c[1][x]). */
static void rh_solve_exact(const rh_problem *p, rh_cell c[2][2])
{
    int32_t top = p->pot;
    while (!rh_linear(p, top))
        top += p->unit;
    rh_cell up[2], cur[2];
    for (int x = 0; x < 2; x++)
        rh_linear_cell(p, top, x, &up[x]);
    if (top == p->pot) {
        c[0][0] = up[0];
        c[0][1] = up[1];
        rh_linear_cell(p, top + p->unit, 0, &c[1][0]);
        rh_linear_cell(p, top + p->unit, 1, &c[1][1]);
        return;
    }
    rat ph, pm, po, px, den, one, t;
    rat_set(&one, 1, 1);
    rat_set(&ph, p->wh, 216);
    rat_set(&pm, p->wm, 216);
    rat_set(&po, p->wo, 216);
    rat_set(&px, 216 - p->wh - p->wm - p->wo, 216);
    rat_sub(&den, &one, &pm);
    for (int32_t P = top - p->unit; P >= p->pot; P -= p->unit) {
        for (int x = 0; x < 2; x++) {
            rh_cell th;
            rat_scale(&th.v, &up[1 - x].v, 1, 1);
            rat_set(&t, rh_delta(p, x), 1);
            rat_add(&th.v, &th.v, &t);
            rat_mul(&th.v, &th.v, &ph);
            rat_scale(&t, &po, P, 2);
            rat_add(&th.v, &th.v, &t);
            rat_div(&th.v, &th.v, &den);
            if (!rat_is_zero(&th.v) && !th.v.neg) {
                rat_mul(&th.pw, &ph, &up[1 - x].pw);
                rat_add(&th.pw, &th.pw, &po);
                rat_div(&th.pw, &th.pw, &den);
                rat_mul(&th.pl, &ph, &up[1 - x].pl);
                rat_add(&th.pl, &th.pl, &px);
                rat_div(&th.pl, &th.pl, &den);
                cur[x] = th;
            } else { /* he stops */
                rat_set(&cur[x].v, 0, 1);
                rat_set(&cur[x].pw, 0, 1);
                rat_set(&cur[x].pl, 0, 1);
            }
        }
        if (P == p->pot) {
            c[0][0] = cur[0];
            c[0][1] = cur[1];
            c[1][0] = up[0];
            c[1][1] = up[1];
            return;
        }
        up[0] = cur[0];
        up[1] = cur[1];
    }
}

/* The value of throwing now at (pot, x0), from the solved cells. */
static void rh_throw(const rh_problem *p, rh_cell c[2][2], rh_cell *out)
{
    rat ph, pm, po, px, t;
    int x = p->x0;
    rat_set(&ph, p->wh, 216);
    rat_set(&pm, p->wm, 216);
    rat_set(&po, p->wo, 216);
    rat_set(&px, 216 - p->wh - p->wm - p->wo, 216);
    rat_set(&t, rh_delta(p, x), 1);
    rat_add(&out->v, &c[1][1 - x].v, &t);
    rat_mul(&out->v, &out->v, &ph);
    rat_mul(&t, &pm, &c[0][x].v);
    rat_add(&out->v, &out->v, &t);
    rat_scale(&t, &po, p->pot, 2);
    rat_add(&out->v, &out->v, &t);
    rat_mul(&out->pw, &ph, &c[1][1 - x].pw);
    rat_add(&out->pw, &out->pw, &po);
    rat_mul(&t, &pm, &c[0][x].pw);
    rat_add(&out->pw, &out->pw, &t);
    rat_mul(&out->pl, &ph, &c[1][1 - x].pl);
    rat_add(&out->pl, &out->pl, &px);
    rat_mul(&t, &pm, &c[0][x].pl);
    rat_add(&out->pl, &out->pl, &t);
}

/* The same in doubles: the value of throwing now. */
static double rh_throw_fast(const rh_problem *p)
{
    double ph = p->wh / 216.0, pm = p->wm / 216.0, po = p->wo / 216.0;
    double A = po / (2 * (1 - pm)), h = ph / (1 - pm), a = A / (1 - h);
    double b[2];
    for (int x = 0; x < 2; x++) {
        double c0 = h * rh_delta(p, x) + h * a * p->unit;
        double c1 = h * rh_delta(p, 1 - x) + h * a * p->unit;
        b[x] = (c0 + h * c1) / (1 - h * h);
    }
    int32_t top = p->pot;
    while (!rh_linear(p, top))
        top += p->unit;
    double up[2], here[2], above[2];
    for (int x = 0; x < 2; x++) {
        up[x] = here[x] = a * top + b[x];
        above[x] = a * (top + p->unit) + b[x];
    }
    for (int32_t P = top - p->unit; P >= p->pot; P -= p->unit) {
        double cur[2];
        for (int x = 0; x < 2; x++) {
            double t =
                (ph * (rh_delta(p, x) + up[1 - x]) + po * P / 2) / (1 - pm);
            cur[x] = t > 0 ? t : 0;
        }
        for (int x = 0; x < 2; x++) {
            above[x] = up[x];
            here[x] = up[x] = cur[x];
        }
    }
    int x = p->x0;
    return ph * (rh_delta(p, x) + above[1 - x]) + pm * here[x] +
           po * p->pot / 2;
}

/* Each seat's money and half the pool, as if the match ended now, plus
 * (minus) the thrower's expected gain in the turn under best play, in
 * doubles.  Later turns are left out. */
void rising_hazard_evaluate(const lt_state *st, double *out)
{
    const dice_state *s = (const dice_state *)st;
    if (s->phase == PHASE_OVER) {
        dice_returns(st, out);
        return;
    }
    for (int i = 0; i < s->players; i++)
        out[i] = (dice_equity(s, i) - s->bankroll) / 2.0;
    if (s->phase != PHASE_TURN)
        return;
    const dice_duel *d = DICE_TURN(dice_duel, s);
    double gain = 0;
    for (int o = 7; o <= 14; o++) {
        for (int m = 7; m <= 14; m++) {
            rat chance;
            duel_numbers_chance(s, m, o, false, true, &chance);
            if (rat_is_zero(&chance))
                continue;
            double pr = rat_double(&chance);
            rh_problem p;
            rh_setup(&p, s, m, o);
            double t = rh_throw_fast(&p);
            if (d->mine && d->thrown == DUEL_CHOOSE && t < 0)
                t = 0;
            gain += pr * t / 2; /* halves -> units */
        }
    }
    out[s->order[0]] += gain;
    out[s->order[1]] -= gain;
}

lt_action rising_hazard_best(const dice_state *s)
{
    const dice_duel *d = DICE_TURN(dice_duel, s);
    rh_problem p;
    rh_setup(&p, s, d->mine, d->theirs);
    double t = rh_throw_fast(&p);
    if (fabs(t) > 1e-9 * (1 + p.pot))
        return t > 0 ? DICE_THROW : DICE_STOP;
    static _Thread_local rh_cell c[2][2], th;
    rh_solve_exact(&p, c);
    rh_throw(&p, c, &th);
    return !rat_is_zero(&th.v) && !th.v.neg ? DICE_THROW : DICE_STOP;
}

void rising_hazard_odds(const dice_state *s, dice_chances *d)
{
    const dice_duel *t = DICE_TURN(dice_duel, s);
    int me = s->order[0], other = s->order[1];
    static _Thread_local rh_cell c[2][2], th;
    rat pw, pl, v;
    rat_set(&pw, 0, 1);
    rat_set(&pl, 0, 1);
    rat_set(&v, 0, 1);
    for (int o = 7; o <= 14; o++) {
        for (int m = 7; m <= 14; m++) {
            rat pa, x;
            duel_numbers_chance(s, m, o, false, true, &pa);
            if (rat_is_zero(&pa))
                continue;
            rh_problem p;
            rh_setup(&p, s, m, o);
            rh_solve_exact(&p, c);
            rh_throw(&p, c, &th);
            if (t->mine && t->thrown == DUEL_CHOOSE) {
                d->nchoices = 2;
                d->choice[0] = DICE_STOP;
                rat_set(&d->choice_value[0], 0, 1);
                d->choice[1] = DICE_THROW;
                rat_scale(&d->choice_value[1], &th.v, 1, 2);
                if (th.v.neg || rat_is_zero(&th.v)) { /* he stops */
                    rat_set(&th.v, 0, 1);
                    rat_set(&th.pw, 0, 1);
                    rat_set(&th.pl, 0, 1);
                }
            }
            rat_mul(&x, &pa, &th.pw);
            rat_add(&pw, &pw, &x);
            rat_mul(&x, &pa, &th.pl);
            rat_add(&pl, &pl, &x);
            rat_mul(&x, &pa, &th.v);
            rat_add(&v, &v, &x);
        }
    }
    duel_chances(d, me, other, &pw, &pl, &v, 2); /* halves -> units */
    lt_copy(d->note, sizeof d->note,
            _("Best play. The thrower wins the turn by taking the pool, the "
              "opponent when an unassigned number comes; value: the thrower's "
              "gain (half the pool being his)."));
}
