/* eval.c — Talat's evaluation for the generic searchers (lt_engines.evaluate):
 * expected points turned into shares of the win. */
#include <math.h>

#include "engine.h"

/* Towers still to go: the points a tower may yet bring, by the rows it
 * has left to its goal line (a neutral tower scores only if its player
 * gets it there himself, hence half). */
static const double advance[TL_SIDE] = {0, 0.55, 0.35, 0.22, 0.12};

/* The seat a tower works for: its owner, or for a neutral tower the
 * player who does not sit at its board (he alone can capture with it). */
static int beneficiary(const tl_state *s, int t)
{
    int c = tl_colour(t);
    if (c < s->players)
        return c;
    return tl_board(s->at[t]) == 1 ? 0 : 1; /* blue-violet: red */
}

static int rows_to_go(int t, int cell)
{
    int r = tl_row(cell);
    return tl_colour(t) == tl_board(cell) ? TL_SIDE - 1 - r : r;
}

/* Expected points of every seat, and how many towers are still free to
 * move (a measure of how much can change). */
static int expected_points(const tl_state *s, double *e)
{
    int points[TL_COLOURS], active = 0;
    tl_points(s, points);
    bool can_take[TL_COLOURS] = {false};
    for (int p = 0; p < s->players; p++)
        e[p] = points[p];
    for (int t = 0; t < TL_TOWERS; t++) {
        int cell = s->at[t];
        if (!tl_on_board(cell) || (s->frozen >> tl_board(cell) & 1))
            continue;
        int go = rows_to_go(t, cell), q = beneficiary(s, t);
        active++;
        e[q] += 3 * advance[go] * (tl_colour(t) < s->players ? 1 : 0.5);
        /* captures open to any seat that moves this tower */
        for (int p = 0; p < s->players; p++) {
            if (can_take[p] || !tl_moves_colour(s, p, tl_colour(t)))
                continue;
            for (int d = 0; d < TL_DIRS && !can_take[p]; d++) {
                int to = tl_step(tl_colour(t), cell, d);
                can_take[p] = to >= 0 && s->sq[to] && tl_may_capture(s, p, cell, to);
            }
        }
    }
    /* a capture on offer is likely taken by the seat to act, less likely
     * by the others (the victim may step away first) */
    for (int p = 0; p < s->players; p++)
        if (can_take[p] && !tl_placing(s))
            e[p] += p == s->turn ? 3.5 : 1.5;
    return active;
}

void tl_evaluate(const tl_state *s, double *out)
{
    double win[TL_COLOURS];
    if (s->over) {
        unsigned w = tl_winners(s);
        int k = __builtin_popcount(w);
        for (int p = 0; p < s->players; p++)
            win[p] = (w >> p & 1) ? 1.0 / k : 0;
        tl_share(s->players, win, out);
        return;
    }
    double e[TL_COLOURS];
    int active = expected_points(s, e);
    if (tl_placing(s))
        active = TL_TOWERS;
    /* the more towers still move, the less the present lead says: a
     * softmax over the expected points, wider early in the game */
    double scale = 2 + 0.25 * active, top = e[0], sum = 0;
    for (int p = 1; p < s->players; p++)
        top = e[p] > top ? e[p] : top;
    for (int p = 0; p < s->players; p++) {
        win[p] = exp((e[p] - top) / scale);
        sum += win[p];
    }
    for (int p = 0; p < s->players; p++)
        win[p] /= sum;
    tl_share(s->players, win, out);
}
