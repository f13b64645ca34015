/* player.c — the chess engine as a Ludoteka computer player
 * ("ai:engine[:depth=N][:nodes=N][:time=S][:hash=MB][:threads=N]
 * [:level=N][:eval=hand|nnue][:net=FILE]"); its five levels are
 * chess_apply_level's, with the hand-made evaluation (docs/levels.md);
 * otherwise it evaluates with the learned network built in, or net=FILE's
 * (nnue.h, docs/nnue.md), or with eval=hand the hand-made one. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../games/chess/chess_game.h"
#include "bench.h"
#include "evaluate.h"
#include "ludoteka/ai.h"
#include "ludoteka/engines.h"
#include "ludoteka/text.h"
#include "nnue.h"
#include "search.h"

typedef struct {
    chess_search *search;
    nnue_net *net;
    int depth, level;
    long long nodes;
    double seconds;
} player;

static void destroy(void *inst)
{
    player *pl = inst;
    if (pl) {
        chess_search_free(pl->search);
        nnue_free(pl->net);
    }
    free(pl);
}

static void *create(const lt_game *g, const char *params, lt_error *err)
{
    (void)g;
    player *pl = calloc(1, sizeof *pl);
    if (!pl) {
        lt_error_set(err, _("out of memory"));
        return NULL;
    }
    long long hash = 16, threads = 1, lv = 0;
    bool hand = false;
    const char *net_path = NULL;
    pl->seconds = -1;
    char buf[LT_SPEC_MAX], *save = NULL;
    lt_copy(buf, sizeof buf, params);
    for (char *w = strtok_r(buf, ":", &save); w;
         w = strtok_r(NULL, ":", &save)) {
        char *eq = strchr(w, '=');
        long long n = 0;
        const char *v = eq ? eq + 1 : "";
        if (eq)
            *eq = '\0';
        bool ok = true;
        if (!strcmp(w, "depth")) {
            ok = lt_parse_int(v, 1, MAX_PLY - 1, &n);
            pl->depth = (int)n;
        } else if (!strcmp(w, "nodes"))
            ok = lt_parse_int(v, 1, 1000000000000LL, &pl->nodes);
        else if (!strcmp(w, "hash"))
            ok = lt_parse_int(v, 1, HASH_MAX_MB, &hash);
        else if (!strcmp(w, "threads"))
            ok = lt_parse_int(v, 1, MAX_THREADS, &threads);
        else if (!strcmp(w, "level"))
            ok = lt_parse_int(v, 1, 5, &lv);
        else if (!strcmp(w, "eval")) {
            ok = !strcmp(v, "nnue") || !strcmp(v, "hand");
            hand = !strcmp(v, "hand");
            net_path = hand ? NULL : net_path;
        } else if (!strcmp(w, "net")) {
            /* the last of eval= and net= counts: ai:level=N:net=FILE */
            ok = *v != '\0';
            net_path = v;
            hand = false;
        } else if (!strcmp(w, "time")) {
            char *end;
            pl->seconds = strtod(v, &end);
            ok = end != v && !*end && pl->seconds > 0 && pl->seconds <= 86400;
        } else {
            lt_error_set(err,
                         _("ai:engine: unknown parameter '%s'; expected "
                         "depth=N, nodes=N, time=S, hash=MB, threads=N, "
                         "level=1..5, eval=hand|nnue or net=FILE"),
                         w);
            destroy(pl);
            return NULL;
        }
        if (!ok) {
            lt_error_set(err, _("ai:engine: bad value '%s' for %s"), v, w);
            destroy(pl);
            return NULL;
        }
    }
    pl->level = (int)lv;
    if (!net_path && !nnue_builtin_present())
        hand = true; /* a build without one: the hand-made evaluation */
    if (!hand) {
        char msg[512];
        pl->net = net_path ? nnue_load(net_path, msg, sizeof msg)
                           : nnue_builtin(msg, sizeof msg);
        if (!pl->net) {
            lt_error_set(err, "ai:engine: %s", msg);
            destroy(pl);
            return NULL;
        }
    }
    pl->search = chess_search_new((int)hash, (int)threads);
    if (!pl->search) {
        lt_error_set(err, _("ai:engine: out of memory for a %lld MB table"), hash);
        destroy(pl);
        return NULL;
    }
    chess_search_set_net(pl->search, pl->net);
    return pl;
}

typedef struct {
    const lt_limits *lim;
    const chess_pos *root;
    lt_think_info *info;
} progress_ctx;

/* Centipawns (or a mate) as an expected return in [-1, 1]. */
static double expected(int score)
{
    if (score >= SCORE_MATE_BOUND)
        return 1;
    if (score <= -SCORE_MATE_BOUND)
        return -1;
    return 2.0 / (1.0 + pow(10.0, -score / 400.0)) - 1.0;
}

static void fill(lt_think_info *info, const chess_pos *root,
                 const chess_report *r)
{
    info->best = r->pvlen ? chess_action_of(r->pv[0]) : 0;
    info->nodes = r->nodes;
    info->depth = r->depth;
    info->seconds = r->seconds;
    info->npv = r->pvlen < LT_THINK_PV ? r->pvlen : LT_THINK_PV;
    for (int i = 0; i < info->npv; i++)
        info->pv[i] = chess_action_of(r->pv[i]);
    double v = expected(r->score);
    info->value[root->side] = v;
    info->value[root->side ^ 1] = -v;
}

static void on_report(void *ctx, const chess_report *r)
{
    progress_ctx *pc = ctx;
    lt_think_info info = {0};
    fill(&info, pc->root, r);
    if (pc->lim && pc->lim->progress)
        pc->lim->progress(pc->lim->ctx, &info);
}

static lt_action choose(void *inst, const lt_state *st, const lt_limits *lim,
                        uint64_t seed, lt_think_info *info)
{
    player *pl = inst;
    const chess_state *s = (const chess_state *)st;
    chess_limits cl = {.depth = pl->depth, .nodes = pl->nodes, .seed = seed};
    if (pl->seconds > 0)
        cl.movetime = pl->seconds;
    if (lim) {
        cl.depth = (int)lt_limit_tighter(cl.depth, lim->depth);
        cl.nodes = (long long)lt_limit_tighter((double)cl.nodes,
                                               (double)lim->nodes);
        if (lim->clocks) {
            /* a clock: the engine plans its own time (search.c) rather
             * than take the caller's share of it for this move */
            cl.time_left = lim->clocks[s->pos.side];
            cl.increment = lim->increment;
            /* in the program itself a move costs no communication (the
             * 50 ms kept for UCI's would take half of a 0.1 s increment):
             * 10 ms of margin, Stockfish's own default */
            cl.overhead = 0.01;
        } else {
            cl.movetime = lt_limit_tighter(cl.movetime, lim->seconds);
        }
        cl.stop = lim->stop;
    }
    chess_apply_level(&cl, pl->level);
    /* no limit at all (the menu, play): level 5 thinks a second and a
     * half, the others a second at most */
    if (!cl.depth && !cl.nodes && cl.movetime == 0 && cl.time_left <= 0)
        cl.movetime = pl->level == 5 ? 1.5 : 1.0;
    progress_ctx pc = {lim, &s->pos, info};
    cl.report = on_report;
    cl.ctx = &pc;
    chess_report r;
    chess_move m =
        chess_search_run(pl->search, &s->pos, s->hist, s->nhist, &cl, &r);
    if (info) {
        memset(info, 0, sizeof *info);
        fill(info, &s->pos, &r);
    }
    return chess_action_of(m);
}

static const lt_engine chess_engine = {
    .name = "engine",
    .create = create,
    .destroy = destroy,
    .choose = choose,
};

/* Expected return from the engine's evaluation after the captures settle
 * (a short quiescence search), through the logistic curve that the
 * evaluation was tuned to. */
static void evaluate(const lt_state *st, double *out)
{
    const chess_state *s = (const chess_state *)st;
    double cp = chess_quiet_eval(&s->pos); /* for the side to move */
    double v = 2.0 / (1.0 + pow(10.0, -cp / 400.0)) - 1.0;
    out[s->pos.side] = v;
    out[s->pos.side ^ 1] = -v;
}

static const lt_engine *const engines[] = {&chess_engine, NULL};
/* the levels measured with the hand-made evaluation (docs/levels.md) */
static const char *const levels[] = {
    "ai:engine:level=1:eval=hand", "ai:engine:level=2:eval=hand",
    "ai:engine:level=3:eval=hand", "ai:engine:level=4:eval=hand",
    "ai:engine:level=5:eval=hand"};

const lt_engines lt_chess_engines = {
    "chess", .engines = engines, .levels = levels, .evaluate = evaluate,
    .bench_player = "ai:engine:depth=11",
    .analysis_depth = 8,
    .bench_positions = chess_bench_positions};
