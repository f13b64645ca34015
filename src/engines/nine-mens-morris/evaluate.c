/* evaluate.c — 9 Men's Morris's evaluation, for the searches that play
 * it. */
#include <math.h>

#include "endgames.h"

/* Men first (on the board and in hand); then, once the men are placed,
 * the freedom to move (a blocked player loses) and the captures on offer
 * or the mills half made. */
void nmm_evaluate(const lt_state *st, double *out)
{
    const nmm *s = (const nmm *)st;
    if (s->result != PLAYING) {
        lt_nine_mens_morris.returns(st, out);
        return;
    }
    const graph *g = graph_morris();
    uint32_t empty = g->all & ~(s->men[0] | s->men[1]);
    double score[2];
    for (int seat = 0; seat < 2; seat++) {
        score[seat] = graph_count(s->men[seat]) + s->hand[seat];
        int moves = 0, threats = 0;
        for (uint32_t m = s->men[seat]; m; m &= m - 1) {
            int p = __builtin_ctz(m);
            moves += graph_count(g->adjmask[p] & empty);
            if (!s->mills)
                threats += graph_count(graph_jumps(g, s->men, p, seat));
        }
        if (s->mills)
            for (int i = 0; i < g->nlines; i++) {
                uint32_t l = g->linemask[i];
                threats += graph_count(s->men[seat] & l) == 2 && (empty & l);
            }
        bool moving = s->hand[0] == 0 && s->hand[1] == 0;
        if (moving && !nmm_flies(s, seat))
            score[seat] += moves < 3 ? 0.25 * moves - 1.0 : 0.08 * moves;
        score[seat] += (seat == s->turn ? 0.5 : 0.2) * threats;
    }
    out[0] = tanh((score[0] - score[1]) / 3.0);
    out[1] = -out[0];
}

static const lt_engine *const engines[] = {&eg_engine, NULL};

const lt_engines lt_nine_mens_morris_engines = {
    "nine-mens-morris", .engines = engines, .levels = eg_levels,
    .evaluate = nmm_evaluate};
