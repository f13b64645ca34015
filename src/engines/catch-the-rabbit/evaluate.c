/* evaluate.c — the computer players of Catch the Rabbit: the evaluation
 * the searches use, the perfect player (perfect.c) and the levels. */
#include <math.h>

#include "ludoteka/engines.h"
#include "solve.h"

/* The hunters want the rabbit penned in a small space, with no hunter
 * open to a jump from anywhere it can get to, and their reserve of men
 * intact; the rabbit wants room, hunters to take, and time running out
 * for the hunters. */
static void evaluate(const lt_state *st, double *out)
{
    const rabbit_state *s = (const rabbit_state *)st;
    if (s->result != RB_PLAYING) {
        lt_catch_the_rabbit.returns(st, out);
        return;
    }
    const graph *g = graph_alquerque();
    uint32_t empty = rabbit_empty(s), room = 1u << s->rabbit;
    for (;;) { /* the points the rabbit could reach if nobody moved */
        uint32_t grown = room;
        for (uint32_t m = room; m; m &= m - 1)
            grown |= g->adjmask[__builtin_ctz(m)] & empty;
        if (grown == room)
            break;
        room = grown;
    }
    uint32_t open = 0; /* hunters the rabbit could jump from its room */
    for (uint32_t m = room; m; m &= m - 1) {
        int q = __builtin_ctz(m);
        for (int i = 0; i < g->nhops[q]; i++)
            if (s->hunters >> g->hop[q][i][0] & 1 &&
                (empty | 1u << s->rabbit) >> g->hop[q][i][1] & 1)
                open |= 1u << g->hop[q][i][0];
    }
    int spare = graph_count(s->hunters) - s->need; /* captures to spare */
    int jumps = graph_count(rabbit_jumps(s));
    double x = 0.3 * graph_count(room) + 0.3 * graph_count(open) -
               0.5 * spare + (s->turn == RB_RABBIT ? 0.7 : 0.3) * jumps +
               2.0 * s->moves / s->cap - 1.0;
    out[RB_RABBIT] = tanh(x);
    out[RB_HUNTERS] = -out[RB_RABBIT];
}

static const lt_engine *const engines[] = {&rabbit_perfect, NULL};
/* Levels 1-2 search a little, 3 searches with the evaluation, 4 plays
 * perfectly but makes mistakes, 5 (and the hint) plays perfectly
 * (docs/levels.md).  The perfect player's table takes up to a minute to
 * solve the first time under new rules; meanwhile a player with a time
 * limit answers by level 3's search (perfect.c, RULES.md). */
static const char *const levels[] = {"ai:mcts:nodes=30", "ai:mcts:nodes=300",
                                     "ai:alphabeta:nodes=2000:blunder=0.1",
                                     "ai:perfect:blunder=0.04", "ai:perfect"};

const lt_engines lt_catch_the_rabbit_engines = {
    "catch-the-rabbit", .engines = engines, .levels = levels,
    .evaluate = evaluate};
