/* endgames.c — 9 Men's Morris's endgame tables: the game's own moves for
 * the retrograde analysis (../endgame/endgame.c), the way back it walks,
 * and the player that plays by the tables ("ai:endgame").
 *
 * A table position has every man placed and nobody about to remove a
 * man; its ply is a whole move: a step (or flight, or jump) and, with
 * capture=mills, the removal its mill brings.  Tables are per rule set:
 * capture=jump (least one man a side: with none the game is lost) or
 * mills (least three: with two it is lost), flying off or on; the draw
 * rules of the game's history (repetition, `quiet`) are not in them. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "../../ai/search.h"
#include "endgames.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"

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

void nmm_endgame_rules(eg_rules *r, bool mills, bool flying)
{
    memset(r, 0, sizeof *r);
    r->game = &lt_nine_mens_morris;
    snprintf(r->name, sizeof r->name, "nine-mens-morris-%s%s",
             mills ? "mills" : "jump", flying ? "-flying" : "");
    r->points = POINTS;
    r->least = mills ? 3 : 1;
    r->variant = (mills ? V_MILLS : 0) | (flying ? V_FLYING : 0);
    r->children = children;
    r->unmoves = unmoves;
}

/* ---- The tables in play: read once a process from the cache folder,
 * the most men there are; never built here ---- */

static eg_tables *loaded[VARIANTS];
static pthread_once_t once[VARIANTS] = {PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT,
                                        PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT};

static void load(unsigned variant)
{
    eg_rules r;
    nmm_endgame_rules(&r, variant & V_MILLS, variant & V_FLYING);
    char msg[256];
    for (int most = NMM_ENDGAME_MEN_MAX; most >= r.least && !loaded[variant]; most--)
        loaded[variant] = eg_cache_load(&r, most, msg, sizeof msg);
}

#define LOADER(v)                                                             \
    static void load##v(void)                                                 \
    {                                                                         \
        load(v);                                                              \
    }
LOADER(0)
LOADER(1)
LOADER(2)
LOADER(3)
#undef LOADER

static const eg_tables *tables_of(const nmm *s)
{
    static void (*const loaders[VARIANTS])(void) = {load0, load1, load2, load3};
    unsigned v = (s->mills ? V_MILLS : 0) | (s->flying ? V_FLYING : 0);
    pthread_once(&once[v], loaders[v]);
    return loaded[v];
}

/* A value for the mover from a value of the position after its move:
 * for the other side to move (that side's loss in d is the mover's win
 * in d + 1), or, in the middle of the mover's own turn, its own. */
static int mine(int v, bool same_mover)
{
    return same_mover || v == 0 ? v : v + 1;
}

/* Better values for the mover rank higher: the quickest win first, the
 * slowest loss last but one, the quickest loss last. */
static int rank(int v)
{
    return v == 0 ? 0 : v & 1 ? -1000 + v : 1000 - v;
}

int nmm_endgame_value(const nmm *s)
{
    if (s->result != PLAYING || s->hand[0] || s->hand[1])
        return -1;
    const eg_tables *t = tables_of(s);
    if (!t)
        return -1;
    if (!s->removing)
        return eg_value(t, s->men[s->turn], s->men[!s->turn]);
    const lt_game *g = &lt_nine_mens_morris;
    lt_action takes[LT_MAX_ACTIONS];
    int n = g->legal_actions(cst(s), takes), best = -1;
    nmm d;
    for (int i = 0; i < n; i++) {
        memcpy(&d, s, HEAD);
        d.hist.n = 0; /* the record is cleared by a removal */
        g->apply((lt_state *)(void *)&d, takes[i]);
        int v = d.result != PLAYING ? 2 : mine(eg_value(t, d.men[d.turn],
                                                         d.men[!d.turn]), false);
        if (v >= 0 && (best < 0 || rank(v) > rank(best)))
            best = v;
    }
    return best;
}

/* ---- The player ---- */

typedef struct {
    minimax *mm;
    lt_limits limits;
    double slip;
} player;

/* The search's evaluation: the tables' value where there is one (a hair
 * short of a win or a loss, by the distance), else the game's. */
static void evaluate(const lt_state *st, double *out)
{
    const nmm *s = (const nmm *)(const void *)st;
    int v = s->result == PLAYING ? nmm_endgame_value(s) : -1;
    if (v < 0) {
        lt_nine_mens_morris_engines.evaluate(st, out);
        return;
    }
    double x = v == 0 ? 0 : (v & 1 ? -1 : 1) * (0.998 - (v - 1) * 1e-6);
    out[s->turn] = x;
    out[!s->turn] = -x;
}

static void *create(const lt_game *g, const char *params, lt_error *err)
{
    player *p = calloc(1, sizeof *p);
    if (!p) {
        lt_error_set(err, _("out of memory"));
        return NULL;
    }
    search_params sp = {.kind = SEARCH_ALPHABETA, .evaluate = evaluate};
    char words[LT_SPEC_MAX];
    lt_copy(words, sizeof words, params);
    int noise = 0;
    for (char *w = words, *next; *w; w = next) {
        next = strchr(w, ':');
        if (next)
            *next++ = '\0';
        else
            next = w + strlen(w);
        char *v = strchr(w, '=');
        bool ok = v != NULL;
        if (ok)
            *v++ = '\0';
        if (ok && !strcmp(w, "slip")) {
            char *end;
            p->slip = strtod(v, &end);
            ok = end != v && !*end && p->slip >= 0 && p->slip <= 1;
        } else if (ok && !lt_engine_limit(w, v, 1000, &sp.limits.seconds,
                                          &sp.limits.depth, &sp.limits.nodes,
                                          &noise, &ok)) {
            ok = false;
        }
        if (!ok || noise) {
            lt_error_set(err, _("ai:endgame: bad parameter '%s'; expected "
                              "time=S, nodes=N, depth=D or slip=P"), w);
            free(p);
            return NULL;
        }
    }
    p->limits = sp.limits;
    p->mm = minimax_new(g, &sp);
    if (!p->mm) {
        lt_error_set(err, _("out of memory"));
        free(p);
        return NULL;
    }
    return p;
}

static void destroy(void *inst)
{
    player *p = inst;
    minimax_free(p->mm);
    free(p);
}

/* The perfect move in a table position (the quickest win, the slowest
 * loss, a draw rather than a loss), ties drawn by the seed; LT_NO_ACTION
 * if the position is in no table. */
static lt_action perfect(const nmm *s, uint64_t seed, lt_think_info *info)
{
    if (nmm_endgame_value(s) < 0)
        return LT_NO_ACTION;
    const lt_game *g = &lt_nine_mens_morris;
    const eg_tables *t = tables_of(s);
    lt_action acts[LT_MAX_ACTIONS], best[LT_MAX_ACTIONS];
    int n = g->legal_actions(cst(s), acts), nbest = 0, top = 0;
    nmm c;
    for (int i = 0; i < n; i++) {
        memcpy(&c, s, HEAD);
        c.hist.n = 0;
        c.hist.seen[0] = c.hist.seen[1] = 0;
        g->apply((lt_state *)(void *)&c, acts[i]);
        int v = c.result != PLAYING ? 2
                : c.removing        ? nmm_endgame_value(&c)
                                    : mine(eg_value(t, c.men[c.turn], c.men[!c.turn]),
                                           false);
        if (v < 0) /* (cannot be: the tables are whole) */
            continue;
        if (!nbest || rank(v) > rank(top)) {
            nbest = 0;
            top = v;
        }
        if (rank(v) == rank(top))
            best[nbest++] = acts[i];
    }
    if (!nbest)
        return LT_NO_ACTION;
    lt_rng rng;
    lt_rng_seed(&rng, seed, 1);
    lt_action a = best[lt_rng_below(&rng, (uint64_t)nbest)];
    if (info) {
        *info = (lt_think_info){.best = a, .depth = top ? top - 1 : 0};
        double x = top == 0 ? 0 : top & 1 ? -1 : 1;
        info->value[s->turn] = x;
        info->value[!s->turn] = -x;
        info->nmoves = 1;
        info->moves[0] = (lt_move_score){a, (x + 1) / 2, 0};
        info->npv = 1;
        info->pv[0] = a;
    }
    return a;
}

static lt_action choose(void *inst, const lt_state *st, const lt_limits *lim,
                        uint64_t seed, lt_think_info *info)
{
    player *p = inst;
    const nmm *s = (const nmm *)(const void *)st;
    double start = search_now();
    lt_action a = perfect(s, seed, info);
    if (a != LT_NO_ACTION) {
        if (info)
            info->seconds = search_now() - start;
        return a;
    }
    lt_limits l = *lim;
    l.seconds = lt_limit_tighter(p->limits.seconds, lim->seconds);
    l.nodes = (long long)lt_limit_tighter((double)p->limits.nodes,
                                          (double)lim->nodes);
    l.depth = (int)lt_limit_tighter(p->limits.depth, lim->depth);
    a = minimax_search(p->mm, st, &l, seed, info);
    /* a slip as a blunder of the generic levels makes it (player.c) */
    lt_rng rng;
    lt_rng_seed(&rng, seed, 0);
    if (a == LT_NO_ACTION || (p->slip > 0 && lt_rng_double(&rng) < p->slip)) {
        a = lt_rng_play(&rng, &lt_nine_mens_morris, st);
        if (info)
            info->best = a;
    }
    return a;
}

const lt_engine nmm_endgame_engine = {
    .name = "endgame",
    .create = create,
    .destroy = destroy,
    .choose = choose,
};
