/* endgames.c — 9 Men's Morris's endgame tables: the game's own moves for
 * the retrograde analysis (../endgame/endgame.c), the way back it walks,
 * and what the player that plays by them (ai:endgame, ../endgame/player.c)
 * asks of the game.
 *
 * A table position has every man placed and nobody about to remove a
 * man; its ply is a whole move: a step (or flight, or jump) and, with
 * capture=mills, the removal its mill brings.  Tables are per rule set:
 * capture=jump (least one man a side: with none the game is lost) or
 * mills (least three: with two it is lost), flying off or on; the draw
 * rules of the game's history (repetition, `quiet`) are not in them. */
#include <stdio.h>
#include <string.h>

#include "endgames.h"

enum { V_MILLS = 1, V_FLYING = 2, VARIANTS = 4 };

/* The part of a state the rules read with no steps recorded (hist.n 0):
 * copying only this keeps the analysis from copying the record. */
#define HEAD (offsetof(nmm, hist) + offsetof(graph_history, men))

static const lt_state *cst(const nmm *s)
{
    return (const lt_state *)(const void *)s;
}

/* White to move with the men placed: the state the game would hold. */
static void setup(nmm *s, unsigned variant, uint32_t mover, uint32_t other)
{
    memset(s, 0, HEAD);
    s->men[0] = mover;
    s->men[1] = other;
    s->mills = variant & V_MILLS ? 1 : 0;
    s->flying = variant & V_FLYING ? 1 : 0;
    s->quiet = GRAPH_QUIET_MAX;
    s->result = PLAYING;
    nmm_sync(s);
}

static eg_child child_of(const nmm *c)
{
    return (eg_child){c->men[c->turn], c->men[!c->turn], c->result != PLAYING};
}

static int children(const eg_rules *r, uint32_t mover, uint32_t other,
                    eg_child *out)
{
    const lt_game *g = &lt_nine_mens_morris;
    nmm s, c, d;
    setup(&s, r->variant, mover, other);
    lt_action acts[LT_MAX_ACTIONS], takes[LT_MAX_ACTIONS];
    int n = g->legal_actions(cst(&s), acts), k = 0;
    for (int i = 0; i < n; i++) {
        memcpy(&c, &s, HEAD);
        g->apply((lt_state *)(void *)&c, acts[i]);
        if (!c.removing) {
            out[k++] = child_of(&c);
            continue;
        }
        int m = g->legal_actions(cst(&c), takes);
        for (int j = 0; j < m && k < EG_CHILDREN_MAX; j++) {
            memcpy(&d, &c, HEAD);
            g->apply((lt_state *)(void *)&d, takes[j]);
            out[k++] = child_of(&d);
        }
    }
    return k;
}

/* `other` moved last: a step (a flight with three men and flying on) of a
 * man now on q from an empty point, that made no mill (a mill removes a
 * man: a table of fewer men). */
static int unmoves(const eg_rules *r, uint32_t mover, uint32_t other,
                   uint32_t *before)
{
    const graph *g = graph_morris();
    uint32_t empty = g->all & ~(mover | other);
    bool flies = (r->variant & V_FLYING) && graph_count(other) == 3;
    int n = 0;
    for (uint32_t m = other; m; m &= m - 1) {
        int q = __builtin_ctz(m);
        if ((r->variant & V_MILLS) && graph_line_through(g, other, q))
            continue;
        for (uint32_t f = flies ? empty : g->adjmask[q] & empty; f; f &= f - 1)
            before[n++] = other ^ (1u << q) ^ (f & -f);
    }
    return n;
}

/* The rules of the tables of a rule set (V_MILLS, V_FLYING). */
static void rules_of(eg_rules *r, unsigned variant)
{
    eg_rules_init(r, &lt_nine_mens_morris, POINTS, variant & V_MILLS ? 3 : 1,
                  variant, children, unmoves);
    snprintf(r->name, sizeof r->name, "nine-mens-morris-%s%s",
             variant & V_MILLS ? "mills" : "jump",
             variant & V_FLYING ? "-flying" : "");
}

void nmm_endgame_config(const lt_config *cfg, eg_rules *r, int *men,
                        int *men_max)
{
    rules_of(r, (cfg->value[OPT_CAPTURE] == CAPTURE_MILLS ? V_MILLS : 0) |
                    (cfg->value[OPT_FLYING] ? V_FLYING : 0));
    *men = NMM_ENDGAME_MEN;
    *men_max = NMM_ENDGAME_MEN_MAX;
}

/* ---- In play: the tables of the state's rules ---- */

static int lookup(const lt_state *st)
{
    static eg_slot slots[VARIANTS];
    const nmm *s = (const nmm *)(const void *)st;
    if (s->result != PLAYING || s->hand[0] || s->hand[1])
        return EG_OUTSIDE;
    unsigned v = (s->mills ? V_MILLS : 0) | (s->flying ? V_FLYING : 0);
    const eg_tables *t = eg_in_play(&slots[v], rules_of, v, NMM_ENDGAME_MEN_MAX);
    if (!t)
        return EG_OUTSIDE;
    if (s->removing)
        return EG_MIDTURN;
    return eg_value(t, s->men[s->turn], s->men[!s->turn]);
}

static void evaluate(const lt_state *st, double *out)
{
    eg_evaluate(&nmm_endgame, st, out);
}

const eg_game nmm_endgame = {&lt_nine_mens_morris, lookup, nmm_evaluate,
                             evaluate};
