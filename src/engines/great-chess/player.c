/* player.c — "ai:engine", Great Chess's own searcher as an lt_engine:
 * parameters depth=N, nodes=N, time=S, hash=MB, noise=CP (levels). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../games/great-chess/great_chess.h"
#include "ludoteka/ai.h"
#include "ludoteka/engines.h"
#include "ludoteka/text.h"
#include "search.h"

enum { DEFAULT_NODES = 1000000, DEFAULT_HASH_MB = 32 };

typedef struct {
    gc_search *search;
    int depth, noise;
    long long nodes;
    double seconds;
    /* progress, as the caller asked for it */
    const lt_limits *lim;
    int side;
} engine;

static void destroy(void *p)
{
    engine *e = p;
    if (!e)
        return;
    gc_search_free(e->search);
    free(e);
}

static void *create(const lt_game *g, const char *params, lt_error *err)
{
    (void)g;
    engine *e = calloc(1, sizeof *e);
    char buf[LT_SPEC_MAX];
    lt_copy(buf, sizeof buf, params);
    long long hash = DEFAULT_HASH_MB;
    for (char *w = buf, *next; e && w && *w; w = next) {
        next = strchr(w, ':');
        if (next)
            *next++ = '\0';
        char *v = strchr(w, '=');
        bool ok = v != NULL;
        if (ok)
            *v++ = '\0';
        if (ok && !lt_engine_limit(w, v, GC_MAX_PLY - 1, &e->seconds,
                                   &e->depth, &e->nodes, &e->noise, &ok))
            ok = !strcmp(w, "hash") && lt_parse_int(v, 1, 4096, &hash);
        if (!ok) {
            lt_error_set(err, _("ai:engine: bad parameter '%s'; expected "
                              "depth=N, nodes=N, time=S, hash=MB or noise=CP"),
                         w);
            destroy(e);
            return NULL;
        }
    }
    if (e)
        e->search = gc_search_new((int)hash);
    if (!e || !e->search) {
        lt_error_set(err, _("ai:engine: out of memory"));
        destroy(e);
        return NULL;
    }
    return e;
}

/* Expected return of the side to move for a score. */
static double expected(int score)
{
    if (GC_IS_MATE(score))
        return score > 0 ? 1 : -1;
    return tanh(score / 600.0);
}

static lt_action action_of(gc_move m)
{
    return gc_cell(GC_FROM(m)) * GC_CELLS + gc_cell(GC_TO(m));
}

static void to_info(const gc_report *r, int side, lt_think_info *info)
{
    memset(info, 0, sizeof *info);
    info->best = action_of(r->best);
    info->nodes = r->nodes;
    info->depth = r->depth;
    info->seconds = r->seconds;
    info->value[side] = expected(r->score);
    info->value[side ^ 1] = -info->value[side];
}

static void progress(void *ctx, const gc_report *r)
{
    const engine *e = ctx;
    lt_think_info info;
    to_info(r, e->side, &info);
    e->lim->progress(e->lim->ctx, &info);
}

static lt_action choose(void *p, const lt_state *st, const lt_limits *lim,
                        uint64_t seed, lt_think_info *info)
{
    engine *e = p;
    const great *s = (const great *)st;
    gc_limits l = {.depth = (int)lt_limit_tighter(e->depth,
                                                  lim ? lim->depth : 0),
                   .nodes = (long long)lt_limit_tighter(
                       (double)e->nodes, lim ? (double)lim->nodes : 0),
                   .seconds = lt_limit_tighter(e->seconds,
                                               lim ? lim->seconds : 0),
                   .noise = e->noise,
                   .seed = seed};
    if (!l.depth && !l.nodes && !(l.seconds > 0))
        l.nodes = DEFAULT_NODES;
    if (lim) {
        l.stop = lim->stop;
        if (lim->progress) {
            e->lim = lim;
            e->side = s->pos.side;
            l.progress = progress;
            l.ctx = e;
        }
    }
    gc_report r;
    gc_search_run(e->search, &s->pos, &l, &r);
    if (info)
        to_info(&r, s->pos.side, info);
    return action_of(r.best);
}

static const lt_engine great_chess_engine = {
    .name = "engine",
    .create = create,
    .destroy = destroy,
    .choose = choose,
};

/* The engine's evaluation in centipawns through a logistic curve. */
static void evaluate(const lt_state *st, double *out)
{
    const great *s = (const great *)st;
    if (s->result != PLAYING) {
        lt_great_chess.returns(st, out);
        return;
    }
    int cp = gc_eval(&s->pos);
    out[0] = tanh((s->pos.side ? -cp : cp) / 600.0);
    out[1] = -out[0];
}

static const lt_engine *const engines[] = {&great_chess_engine, NULL};

/* Level 1 looks one move ahead through a haze of noise (it misses
 * captures and drops pieces); 2 looks two moves ahead, a little hazily;
 * 3-5 search cleanly, about 0.05, 0.5 and 5 seconds a move. */
static const char *const levels[LT_LEVEL_MAX] = {
    "ai:engine:depth=1:noise=800", "ai:engine:depth=2:noise=150",
    "ai:engine:nodes=30000", "ai:engine:nodes=300000",
    "ai:engine:nodes=3000000"};

const lt_engines lt_great_chess_engines = {
    "great-chess", .engines = engines, .levels = levels,
    .evaluate = evaluate};
