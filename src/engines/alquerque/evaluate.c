/* evaluate.c — Alquerque's evaluation, for the searches that play it. */
#include <math.h>

#include "endgames.h"

/* Material first, then the captures on offer and the freedom to move. */
void alq_evaluate(const lt_state *st, double *out)
{
    const alq *s = (const alq *)st;
    if (s->result != PLAYING) {
        lt_alquerque.returns(st, out);
        return;
    }
    const graph *g = graph_alquerque();
    uint32_t empty = g->all & ~(s->men[0] | s->men[1]);
    double score[2] = {0, 0};
    for (int seat = 0; seat < 2; seat++) {
        score[seat] = graph_count(s->men[seat]);
        for (uint32_t m = s->men[seat]; m; m &= m - 1) {
            int p = __builtin_ctz(m);
            score[seat] += 0.03 * graph_count(g->adjmask[p] & empty);
            /* a jump on offer to the side to move is nearly a man */
            score[seat] += (seat == s->turn ? 0.6 : 0.25) *
                           graph_count(graph_jumps(g, s->men, p, seat));
        }
    }
    out[0] = tanh((score[0] - score[1]) / 3.0);
    out[1] = -out[0];
}

static const lt_engine *const engines[] = {&eg_engine, NULL};

const lt_engines lt_alquerque_engines = {"alquerque", .engines = engines,
                                         .levels = eg_levels,
                                         .evaluate = alq_evaluate};
