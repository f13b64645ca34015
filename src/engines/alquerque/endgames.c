/* endgames.c — Alquerque's endgame tables: the game's own moves for the
 * retrograde analysis (../endgame/endgame.c), the way back it walks, and
 * what the player that plays by them (ai:endgame, ../endgame/player.c)
 * asks of the game.
 *
 * A table position is the start of a turn (no capture chain going on);
 * its ply is a whole move: a step, or a jump with the chain of jumps that
 * follows it, up to `stop` or the last jump.  Tables are per rule set:
 * capture=optional|forced, chain=multi|single; a side with no men has
 * lost, so the least is one man; the draw rules of the game's history
 * (repetition, `quiet`) are not in them. */
#include <stdio.h>
#include <string.h>

#include "endgames.h"

enum { V_FORCED = 1, V_SINGLE = 2, VARIANTS = 4, MOST = 5 };

/* The part of a state the rules read with no steps recorded (hist.n 0):
 * copying only this keeps the analysis from copying the record. */
#define HEAD (offsetof(alq, hist) + offsetof(graph_history, men))

static const lt_state *cst(const alq *s)
{
    return (const lt_state *)(const void *)s;
}

/* White to move at the start of a turn: the state the game would hold,
 * with the moves by direction as its rules find them then. */
static void setup(alq *s, unsigned variant, uint32_t mover, uint32_t other)
{
    memset(s, 0, HEAD);
    s->men[0] = mover;
    s->men[1] = other;
    s->chain = -1;
    s->forced = variant & V_FORCED ? 1 : 0;
    s->single = variant & V_SINGLE ? 1 : 0;
    s->quiet = GRAPH_QUIET_MAX;
    alq_sync(s);
    s->result = PLAYING; /* with no man to move, no action: lost */
}

/* The positions after each way to finish the turn begun in s. */
static int finish(const lt_game *g, const alq *s, eg_child *out, int k)
{
    lt_action acts[LT_MAX_ACTIONS];
    int n = g->legal_actions(cst(s), acts);
    alq c;
    for (int i = 0; i < n && k < EG_CHILDREN_MAX; i++) {
        memcpy(&c, s, HEAD);
        g->apply((lt_state *)(void *)&c, acts[i]);
        if (c.result == PLAYING && c.turn == s->turn) { /* the chain goes on */
            k = finish(g, &c, out, k);
        } else {
            out[k++] = (eg_child){c.men[c.turn], c.men[!c.turn],
                                  c.result != PLAYING};
        }
    }
    return k;
}

static int children(const eg_rules *r, uint32_t mover, uint32_t other,
                    eg_child *out)
{
    alq s;
    setup(&s, r->variant, mover, other);
    return finish(&lt_alquerque, &s, out, 0);
}

/* `other` moved last: a step along a line of a man now on q from an
 * empty point; with capture=forced only if it had no jump then. */
static int unmoves(const eg_rules *r, uint32_t mover, uint32_t other,
                   uint32_t *before)
{
    const graph *g = graph_alquerque();
    uint32_t empty = g->all & ~(mover | other);
    int n = 0;
    for (uint32_t m = other; m; m &= m - 1) {
        int q = __builtin_ctz(m);
        for (uint32_t f = g->adjmask[q] & empty; f; f &= f - 1) {
            uint32_t was = other ^ (1u << q) ^ (f & -f);
            if ((r->variant & V_FORCED) &&
                graph_alq_jumpers(was, mover, g->all & ~(was | mover)))
                continue;
            before[n++] = was;
        }
    }
    return n;
}

/* The rules of the tables of a rule set (V_FORCED, V_SINGLE). */
static void rules_of(eg_rules *r, unsigned variant)
{
    eg_rules_init(r, &lt_alquerque, POINTS, 1, variant, children, unmoves);
    snprintf(r->name, sizeof r->name, "alquerque-%s-%s",
             variant & V_FORCED ? "forced" : "optional",
             variant & V_SINGLE ? "single" : "multi");
}

void alq_endgame_config(const lt_config *cfg, eg_rules *r, int *men,
                        int *men_max)
{
    rules_of(r, (cfg->value[OPT_CAPTURE] ? V_FORCED : 0) |
                    (cfg->value[OPT_CHAIN] ? V_SINGLE : 0));
    *men = 4;
    *men_max = MOST;
}

/* ---- In play: the tables of the state's rules ---- */

static int lookup(const lt_state *st)
{
    static eg_slot slots[VARIANTS];
    const alq *s = (const alq *)(const void *)st;
    if (s->result != PLAYING)
        return EG_OUTSIDE;
    unsigned v = (s->forced ? V_FORCED : 0) | (s->single ? V_SINGLE : 0);
    const eg_tables *t = eg_in_play(&slots[v], rules_of, v, MOST);
    if (!t)
        return EG_OUTSIDE;
    if (s->chain >= 0)
        return EG_MIDTURN;
    return eg_value(t, s->men[s->turn], s->men[!s->turn]);
}

static void evaluate(const lt_state *st, double *out)
{
    eg_evaluate(&alq_endgame, st, out);
}

const eg_game alq_endgame = {&lt_alquerque, lookup, alq_evaluate, evaluate};
