/* odds.c — exact odds of the dice games: the lt_engines.odds member (the
 * frame around each game's odds, dice_engine.odds), the odds of a round
 * where the best score wins (highest, lowest, riffa) and of the numbers
 * of a duel (panquist, half-hazard, rising-hazard). */
#include <stdlib.h>
#include <string.h>

#include "dice_engines.h"
#include "ludoteka/text.h"

static void put(lt_exact *e, const rat *r)
{
    e->known = !rat_overflowed(r);
    e->exact[0] = '\0';
    e->decimal = 0;
    if (!e->known)
        return;
    rat_text(r, e->exact, sizeof e->exact);
    e->decimal = rat_double(r);
}

lt_status dice_odds(const lt_state *st, unsigned flags, lt_odds *o,
                    lt_error *err)
{
    dice_state s = *(const dice_state *)st;
    memset(o, 0, sizeof *o);
    o->nseats = s.players;
    o->value_seat = -1;
    if (s.phase == PHASE_OVER) {
        lt_copy(o->note, sizeof o->note,
                _("The match is over: there is no turn to give odds for."));
        return LT_OK;
    }
    bool assumed = false;
    if (s.phase == PHASE_ORDER) {
        if (!(flags & LT_ODDS_SEAT_ORDER)) {
            lt_copy(o->note, sizeof o->note,
                    _("The order of play is being thrown for; the odds "
                      "follow once it is fixed."));
            return LT_OK;
        }
        assumed = true;
        if (!dice_enter_seat_order(&s)) {
            lt_copy(o->note, sizeof o->note,
                    _("The turn cannot begin: a player cannot cover the "
                      "stakes."));
            return LT_OK;
        }
    }
    dice_chances *d = calloc(1, sizeof *d);
    if (!d) {
        lt_error_set(err, _("out of memory"));
        return LT_ENOMEM;
    }
    for (int i = 0; i < DICE_SEATS; i++)
        rat_set(&d->win[i], 0, 1);
    rat_set(&d->none, 0, 1);
    rat_set(&d->value, 0, 1);
    dice_engine_of(s.rules)->odds(&s, d);
    bool overflowed = false;
    for (int i = 0; i < s.players; i++) {
        put(&o->win[i], &d->win[i]);
        overflowed |= !o->win[i].known;
    }
    if (!rat_is_zero(&d->none))
        put(&o->none, &d->none);
    if (d->has_value) {
        o->value_seat = s.order[0];
        put(&o->value, &d->value);
        overflowed |= !o->value.known;
    }
    o->nchoices = d->nchoices;
    for (int k = 0; k < d->nchoices; k++) {
        o->choice[k].action = d->choice[k];
        put(&o->choice[k].value, &d->choice_value[k]);
    }
    size_t len = 0;
    if (assumed)
        lt_appendf(o->note, sizeof o->note, &len, "%s",
                   _("Order of play taken as seat order (seat 1 first). "));
    lt_appendf(o->note, sizeof o->note, &len, "%s", d->note);
    if (overflowed)
        lt_appendf(o->note, sizeof o->note, &len, "%s",
                   _(" An exact value exceeds the arithmetic's range."));
    free(d);
    return LT_OK;
}

/* dice_best: for each contender, the chance that his score is the best
 * and, with k others equal to it, 1/(k+1) of the fair play-off among the
 * k+1 tied (they all throw alike). */
void dice_best_odds(const dice_state *s, const uint32_t *dist, uint32_t total,
                    const uint32_t *now, uint32_t now_total, bool low,
                    rat *win)
{
    const dice_best *b = DICE_TURN(dice_best, s);
    int n = s->players, thrower = s->order[b->pos];
    if (!now) {
        now = dist;
        now_total = total;
    }
    /* per seat: a known score, or a distribution */
    for (int i = 0; i < n; i++) {
        rat_set(&win[i], 0, 1);
        if (!(b->contenders >> i & 1))
            continue;
        for (int x = 0; x < DIST_MAX; x++) {
            /* P(i scores x) */
            rat px;
            if (b->score[i])
                rat_set(&px, b->score[i] == x, 1);
            else if (i == thrower)
                rat_set(&px, now[x], now_total);
            else
                rat_set(&px, dist[x], total);
            if (rat_is_zero(&px))
                continue;
            /* poly[k]: P(exactly k of the others equal x, none better) */
            rat poly[DICE_SEATS + 1];
            int deg = 0;
            rat_set(&poly[0], 1, 1);
            for (int j = 0; j < n; j++) {
                if (j == i || !(b->contenders >> j & 1))
                    continue;
                rat worse, equal;
                if (b->score[j]) {
                    int y = b->score[j];
                    rat_set(&worse, low ? y > x : y < x, 1);
                    rat_set(&equal, y == x, 1);
                } else {
                    const uint32_t *dj = j == thrower ? now : dist;
                    uint32_t tj = j == thrower ? now_total : total;
                    uint64_t w = 0;
                    for (int y = 0; y < DIST_MAX; y++)
                        if (low ? y > x : y < x)
                            w += dj[y];
                    rat_set(&worse, (int64_t)w, tj);
                    rat_set(&equal, dj[x], tj);
                }
                /* poly *= worse + equal z */
                rat_set(&poly[deg + 1], 0, 1);
                for (int k = deg + 1; k >= 0; k--) {
                    rat t;
                    rat_mul(&t, &poly[k], &worse);
                    if (k > 0) {
                        rat e;
                        rat_mul(&e, &poly[k - 1], &equal);
                        rat_add(&t, &t, &e);
                    }
                    rat_copy(&poly[k], &t);
                }
                deg++;
            }
            rat share;
            rat_set(&share, 0, 1);
            for (int k = 0; k <= deg; k++) {
                rat t;
                rat_scale(&t, &poly[k], 1, (uint64_t)k + 1);
                rat_add(&share, &share, &t);
            }
            rat_mul(&share, &share, &px);
            rat_add(&win[i], &win[i], &share);
        }
    }
}

void dice_sum_weights(int k, uint32_t *w)
{
    memset(w, 0, sizeof *w * DIST_MAX);
    w[0] = 1;
    for (int d = 0; d < k; d++) {
        uint32_t next[DIST_MAX] = {0};
        for (int x = 0; x < DIST_MAX; x++)
            for (int f = 1; f <= 6 && x + f < DIST_MAX; f++)
                next[x + f] += w[x];
        memcpy(w, next, sizeof next);
    }
}

void duel_numbers_chance(const dice_state *s, int mine, int theirs,
                         bool mine_first, bool distinct, rat *out)
{
    const dice_duel *d = DICE_TURN(dice_duel, s);
    int first = mine_first ? mine : theirs, second = mine_first ? theirs : mine;
    int given_first = mine_first ? d->mine : d->theirs;
    int given_second = mine_first ? d->theirs : d->mine;
    rat_set(out, 1, 1);
    if ((distinct && first == second) ||
        (given_first && given_first != first) ||
        (given_second && given_second != second)) {
        rat_set(out, 0, 1);
        return;
    }
    /* each drawn by its weight among the sums 7-14 (176 throws of 216)
     * still allowed */
    if (!given_first)
        rat_scale(out, out, dice_w3[first], 176);
    if (!given_second)
        rat_scale(out, out, dice_w3[second],
                  (uint64_t)(176 - (distinct ? dice_w3[first] : 0)));
}

void duel_chances(dice_chances *d, int me, int other, const rat *pw,
                  const rat *pl, const rat *v, uint64_t per_unit)
{
    rat_copy(&d->win[me], pw);
    rat_copy(&d->win[other], pl);
    rat one;
    rat_set(&one, 1, 1);
    rat_sub(&d->none, &one, pw);
    rat_sub(&d->none, &d->none, pl);
    d->has_value = true;
    rat_scale(&d->value, v, 1, per_unit);
}
