/* half_hazard.c — Pół Hazard (seed 000, j), and its exact solution: when
 * to stop throwing.  RULES.md beside this file. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../dice/dicegame.h"
#include "ludoteka/text.h"

enum { OPT_ORDER, OPT_POOL, OPT_UNIT, OPT_STREAK, OPT_BANKROLL, OPT_TURNS };
enum { STREAK_UNIT, STREAK_RISING };
enum {
    WHY_STOP_WON = DICE_WHY_GAME, /* stopped, took `amount` */
    WHY_STOP_NOTHING,             /* stopped with nothing won */
    WHY_POOL_REACHED,             /* a Hazard: winnings reach the pool */
    WHY_THEIR_NUMBER,             /* the opponent's number: the pool, `amount` */
    WHY_NOBODYS_LOSES             /* nobody's number loses */
};

static const char *const streaks[] = {
    NC_("option value", "unit"), NC_("option value", "rising"), NULL};

static const lt_option options[] = {
    DICE_OPT_ORDER,
    {NC_("option", "pool"), NULL, 2, 100, 20,
     N_("the pool set up each turn; each player covers half of it")},
    {NC_("option", "unit"), NULL, 1, 50, 2, N_("the basic unit Hazards pay "
                                               "in")},
    {NC_("option", "streak"), streaks, 0, 0, STREAK_UNIT,
     N_("unit: a streak's first Hazard pays 3 units, each further one 1 more; "
        "rising: the k-th Hazard of a streak pays 2+k units")},
    {NC_("option", "bankroll"), NULL, 1, 1000, 50,
     N_("each player's money at the start (one who cannot cover his half of the "
        "pool loses)")},
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
    return (unsigned)(s->money[0] < s->pool / 2) | (unsigned)(s->money[1] < s->pool / 2) << 1;
}

/* ... which joins what was left over */
static bool start(dice_state *s)
{
    return duel_pay_both(s, s->pool / 2);
}

/* seed 000, j: at least one throw, then as long as he likes */
/* What the k-th Hazard of a streak (k from 0) pays, in halves. */
static int32_t pay(int mode, int32_t unit, int k)
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
        d->won += pay(s->var[0], s->unit, d->streak);
        d->streak++;
        if (d->won >= s->pot) {
            end(s, s->pot, me, WHY_POOL_REACHED);
            return;
        }
    } else if (sum == d->mine) {
        d->streak = 0; /* his own number: the Hazards count afresh */
    } else if (sum == d->theirs) {
        end(s, s->pot, me, WHY_THEIR_NUMBER); /* the opponent's: the whole pool */
        return;
    } else {
        end(s, 0, other, WHY_NOBODYS_LOSES); /* any other: he loses what he won */
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
        if (strcmp(w[2], "winnings") || sscanf(w[3], "%lf%c", &won, &tail) != 1 ||
            strcmp(w[4], "streak") || !lt_parse_int(w[5], 0, 200, &streak) ||
            !duel_read_stage(s, w[6]))
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
            lt_error_set(err, _("winnings: nothing is won before the first throw"));
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
                w += pay(p->mode, p->unit, k++);
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
    int32_t w = p->w0 + m * p->unit + pay(p->mode, p->unit, k);
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
                *c = th;
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

static lt_action best(const dice_state *s)
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
    if (DICE_TURN(dice_duel, s)->mine && DICE_TURN(dice_duel, s)->thrown == DUEL_CHOOSE && rat_cmp(&thr->v, &W) <= 0) {
        rat_copy(&val->v, &W); /* he stops */
        rat_set(&val->pw, p.w0 > 0, 1);
        rat_set(&val->pl, 0, 1);
    }
    free(t);
    return true;
}

static void odds(const dice_state *s, dice_chances *d)
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
        dice_threw(r, NC_("threw", "a Hazard: the winnings reach the whole pool"), true, buf,
                   size, len);
        break;
    case WHY_THEIR_NUMBER:
        duel_threw_theirs(r, buf, size, len);
        break;
    default:
        dice_threw(r, NC_("threw", "nobody's number, and lost the winnings"), false, buf, size,
                   len);
        break;
    }
}

static const dice_rules rules = {
    .ndice = 3, .order_throw = ORDER_ONCE, .money = true, .configure = configure,
    .short_of = short_of, .turn_start = start, DUEL_STOP_OR_THROW, .turn_apply = apply,
    .turn_write = write_turn, .turn_read = read_turn, .turn_info = info, .turn_odds = odds,
    .best = best, .due = NC_("cannot cover", "half of the pool"), .why_words = why_words};

DICE_GAME(lt_half_hazard, rules, .id = "half-hazard", .title = N_("Half Hazard"),
          .source = N_("source 000, j: Pół Hazard"), .options = options, DICE_TWO_FOR_MONEY);
