/* search.c — Talat's own searcher, "ai:engine": alpha-beta for two
 * players; for three, the paranoid view (both rivals in turn play against
 * the mover) or best-reply search (one rival moves between two turns of
 * the mover); a quiescence search on captures, a transposition table and
 * iterative deepening; the evaluation is the mover's expected points less
 * the best rival's (engine_eval.c).
 *
 * Parameters: time=S, nodes=N, depth=D (the tightest limit wins),
 * noise=P: P tenths of a point of random noise on every root move's score,
 * the human-like mistakes of the weak levels, and view=brs|paranoid
 * (three players; paranoid by default).  Placing is searched like any other
 * move, so the same player chooses where its towers stand. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ludoteka/ai.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"
#include "talat.h"

enum {
    MAX_PLY = 64,
    Q_PLIES = 8,                 /* captures followed at a leaf, at most */
    TT_BITS = 18,
    DEFAULT_NODES = 200000,
    INF = INT_MAX / 2,
    WIN = 1000000,               /* a won game; ply counts below it */
    BOUND_EXACT = 1, BOUND_LOWER, BOUND_UPPER
};

typedef struct {
    uint64_t key;
    int32_t value;
    int16_t depth;
    uint8_t bound, me;
    lt_action move;
} tt_entry;

typedef struct {
    tt_entry *tt;
    int history[TL_NUM_ACTIONS];
    /* the spec's limits */
    double seconds;
    long long nodes;
    int depth, noise;
    bool brs;                    /* view=brs; else paranoid */
    /* one search */
    int me;
    long long count, node_limit;
    double start, time_limit;
    const volatile int *stop;
    bool abort;
} engine;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void destroy(void *p)
{
    engine *e = p;
    if (e)
        free(e->tt);
    free(e);
}

static void *create(const lt_game *g, const char *params, lt_error *err)
{
    (void)g;
    engine *e = calloc(1, sizeof *e);
    if (e)
        e->tt = calloc((size_t)1 << TT_BITS, sizeof *e->tt);
    if (!e || !e->tt) {
        lt_error_set(err, _("ai:engine: out of memory"));
        destroy(e);
        return NULL;
    }
    char buf[LT_SPEC_MAX];
    lt_copy(buf, sizeof buf, params);
    for (char *w = buf, *next; w && *w; w = next) {
        next = strchr(w, ':');
        if (next)
            *next++ = '\0';
        char *v = strchr(w, '=');
        bool ok = v != NULL;
        if (ok)
            *v++ = '\0';
        if (ok && !lt_engine_limit(w, v, MAX_PLY - Q_PLIES - 1, &e->seconds,
                                   &e->depth, &e->nodes, &e->noise, &ok)) {
            ok = !strcmp(w, "view") &&
                 (!strcmp(v, "paranoid") || !strcmp(v, "brs"));
            e->brs = ok && !strcmp(v, "brs");
        }
        if (!ok) {
            lt_error_set(err, _("ai:engine: bad parameter '%s'; expected "
                              "time=S, nodes=N, depth=D, noise=P or "
                              "view=brs|paranoid"),
                         w);
            destroy(e);
            return NULL;
        }
    }
    return e;
}

static bool out_of_time(engine *e)
{
    if (e->abort)
        return true;
    if (e->node_limit > 0 && e->count >= e->node_limit)
        e->abort = true;
    else if ((e->count & 255) == 0 &&
             ((e->stop && *e->stop) ||
              (e->time_limit > 0 && now() - e->start >= e->time_limit)))
        e->abort = true;
    return e->abort;
}

/* A finished game: the mover's return, as a score; wins sooner, losses
 * later. */
static int final_score(const tl_state *s, int me, int ply)
{
    unsigned w = tl_winners(s);
    int n = s->players, k = __builtin_popcount(w);
    /* RULES.md: a lone winner 1, the others -1/(n-1); k winners share */
    double r = (w >> me & 1) ? ((double)n / k - 1) / (n - 1) : -1.0 / (n - 1);
    int v = (int)(r * WIN);
    return v > 0 ? v - ply : v + ply;
}

/* Move ordering: captures first, the strongest victim first; then by
 * history. */
static int order_key(const engine *e, const tl_state *s, lt_action a)
{
    if (a >= TL_MOVE0 && a < TL_PASS) {
        int from = (a - TL_MOVE0) / TL_DIRS, d = (a - TL_MOVE0) % TL_DIRS;
        int t = s->sq[from] - 1, to = tl_step(tl_colour(t), from, d);
        if (s->sq[to])
            return 1000000000 + tl_kind(s->sq[to] - 1) * 16 - tl_kind(t);
    }
    return e->history[a];
}

static void sort_moves(const engine *e, const tl_state *s, lt_action *acts,
                       int n, lt_action first)
{
    int key[LT_MAX_ACTIONS];
    for (int i = 0; i < n; i++)
        key[i] = acts[i] == first ? INT_MAX : order_key(e, s, acts[i]);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && key[j] > key[j - 1]; j--) {
            int k = key[j];
            key[j] = key[j - 1];
            key[j - 1] = k;
            lt_action a = acts[j];
            acts[j] = acts[j - 1];
            acts[j - 1] = a;
        }
}

static bool is_capture(const tl_state *s, lt_action a)
{
    if (a < TL_MOVE0 || a >= TL_PASS)
        return false;
    int from = (a - TL_MOVE0) / TL_DIRS, d = (a - TL_MOVE0) % TL_DIRS;
    int to = tl_step(tl_colour(s->sq[from] - 1), from, d);
    return s->sq[to] != 0;
}

/* Captures only, each side free to stop (stand pat). */
static int quiesce(engine *e, const tl_state *s, int alpha, int beta, int ply,
                   int qply)
{
    e->count++;
    if (s->over)
        return final_score(s, e->me, ply);
    int stand = tl_engine_eval(s, e->me);
    bool maxing = s->turn == e->me;
    if (qply >= Q_PLIES || out_of_time(e))
        return stand;
    if (maxing ? stand >= beta : stand <= alpha)
        return stand;
    if (maxing && stand > alpha)
        alpha = stand;
    if (!maxing && stand < beta)
        beta = stand;
    if (tl_placing(s))
        return stand;
    lt_action acts[LT_MAX_ACTIONS];
    int n = tl_actions(s, acts), k = 0;
    for (int i = 0; i < n; i++)
        if (is_capture(s, acts[i]))
            acts[k++] = acts[i];
    sort_moves(e, s, acts, k, -1);
    int best = stand;
    for (int i = 0; i < k; i++) {
        tl_state c = *s;
        tl_apply(&c, acts[i]);
        int v = quiesce(e, &c, alpha, beta, ply + 1, qply + 1);
        if (maxing ? v > best : v < best)
            best = v;
        if (maxing && v > alpha)
            alpha = v;
        if (!maxing && v < beta)
            beta = v;
        if (alpha >= beta)
            break;
    }
    return best;
}

static int search(engine *e, const tl_state *s, int depth, int alpha, int beta,
                  int ply);

/* Best-reply search with three players: between two turns of the mover
 * only one rival moves (either of them); the other skips his turn.  The
 * rivals' layer takes the move, of either, that is worst for the mover. */
static int rivals(engine *e, const tl_state *s, int depth, int alpha, int beta,
                  int ply)
{
    int best = INF;
    for (int k = 1; k < s->players; k++) {
        tl_state base = *s;
        base.turn = (uint8_t)((e->me + k) % s->players);
        lt_action acts[LT_MAX_ACTIONS];
        int n = tl_actions(&base, acts);
        sort_moves(e, &base, acts, n, -1);
        for (int i = 0; i < n; i++) {
            tl_state c = base;
            tl_apply(&c, acts[i]);
            c.turn = (uint8_t)e->me;
            int v = search(e, &c, depth - 1, alpha, beta, ply + 1);
            if (e->abort)
                return 0;
            if (v < best)
                best = v;
            if (v < beta)
                beta = v;
            if (alpha >= beta) {
                if (!is_capture(&base, acts[i]) && e->history[acts[i]] < 1000000)
                    e->history[acts[i]] += depth * depth;
                return best;
            }
        }
    }
    return best;
}

static int search(engine *e, const tl_state *s, int depth, int alpha, int beta,
                  int ply)
{
    if (s->over) {
        e->count++;
        return final_score(s, e->me, ply);
    }
    if (depth <= 0 || ply >= MAX_PLY - Q_PLIES - 1)
        return quiesce(e, s, alpha, beta, ply, 0);
    e->count++;
    if (out_of_time(e))
        return 0;
    if (e->brs && s->players > 2 && s->turn != e->me)
        return rivals(e, s, depth, alpha, beta, ply);
    uint64_t key = tl_hash(s);
    tt_entry *te = &e->tt[key & (((uint64_t)1 << TT_BITS) - 1)];
    lt_action first = -1;
    if (te->key == key && te->me == e->me + 1) {
        first = te->move;
        if (te->depth >= depth) {
            int v = te->value;
            if (te->bound == BOUND_EXACT ||
                (te->bound == BOUND_LOWER && v >= beta) ||
                (te->bound == BOUND_UPPER && v <= alpha))
                return v;
        }
    }
    lt_action acts[LT_MAX_ACTIONS];
    int n = tl_actions(s, acts);
    sort_moves(e, s, acts, n, first);
    bool maxing = s->turn == e->me;
    int a0 = alpha, b0 = beta, best = maxing ? -INF : INF;
    lt_action best_move = acts[0];
    for (int i = 0; i < n; i++) {
        tl_state c = *s;
        tl_apply(&c, acts[i]);
        int v = search(e, &c, depth - 1, alpha, beta, ply + 1);
        if (e->abort)
            return 0;
        if (maxing ? v > best : v < best) {
            best = v;
            best_move = acts[i];
        }
        if (maxing && v > alpha)
            alpha = v;
        if (!maxing && v < beta)
            beta = v;
        if (alpha >= beta) {
            if (!is_capture(s, acts[i]) && e->history[acts[i]] < 1000000)
                e->history[acts[i]] += depth * depth;
            break;
        }
    }
    *te = (tt_entry){.key = key, .value = best, .depth = (int16_t)depth,
                     .bound = best <= a0 ? BOUND_UPPER
                              : best >= b0 ? BOUND_LOWER : BOUND_EXACT,
                     .me = (uint8_t)(e->me + 1), .move = best_move};
    return best;
}

static double expected_return(int score, int players)
{
    double r = score >= WIN / 4 || score <= -WIN / 4
                   ? (double)score / WIN
                   : tl_engine_return(score, players);
    return r > 1 ? 1 : r < -1 ? -1 : r;
}

/* What the search found, for the caller. */
static void report(const engine *e, const tl_state *s, lt_action best,
                   int score, int depth, lt_think_info *info)
{
    memset(info, 0, sizeof *info);
    info->best = best;
    info->depth = depth;
    info->nodes = e->count;
    info->seconds = now() - e->start;
    double v = expected_return(score, s->players);
    for (int q = 0; q < s->players; q++)
        info->value[q] = q == e->me ? v : -v / (s->players - 1);
    info->nmoves = 1;
    /* the mover's expected score in [0, 1] */
    info->moves[0] = (lt_move_score){best, (v + 1.0 / (s->players - 1)) /
                                               (1 + 1.0 / (s->players - 1)), 0};
    info->npv = 1;
    info->pv[0] = best;
}

static lt_action choose(void *p, const lt_state *st, const lt_limits *lim,
                        uint64_t seed, lt_think_info *info)
{
    engine *e = p;
    const tl_state *s = (const tl_state *)st;
    e->me = s->turn;
    e->count = 0;
    e->abort = false;
    e->start = now();
    e->stop = lim ? lim->stop : NULL;
    e->node_limit = (long long)lt_limit_tighter((double)e->nodes,
                                                lim ? (double)lim->nodes : 0);
    int max_depth = (int)lt_limit_tighter(e->depth, lim ? lim->depth : 0);
    e->time_limit = lt_limit_tighter(e->seconds, lim ? lim->seconds : 0);
    if (!max_depth && !e->node_limit && !(e->time_limit > 0))
        e->node_limit = DEFAULT_NODES;
    if (!max_depth || max_depth > MAX_PLY - Q_PLIES - 1)
        max_depth = MAX_PLY - Q_PLIES - 1;
    for (int i = 0; i < TL_NUM_ACTIONS; i++)
        e->history[i] /= 8;

    lt_action acts[LT_MAX_ACTIONS];
    int n = tl_actions(s, acts);
    int score[LT_MAX_ACTIONS], noise[LT_MAX_ACTIONS];
    lt_rng rng;
    lt_rng_seed(&rng, seed, 11);
    for (int i = 0; i < n; i++)
        noise[i] = e->noise > 0 ? (int)lt_rng_below(&rng, (uint64_t)e->noise + 1) : 0;
    sort_moves(e, s, acts, n, -1);
    lt_action best = acts[0];
    int best_score = 0, done = 0;
    for (int depth = 1; n > 1 && depth <= max_depth; depth++) {
        int alpha = -INF, iter_best = -INF;
        lt_action iter_move = acts[0];
        int searched = 0;
        for (int i = 0; i < n; i++) {
            tl_state c = *s;
            tl_apply(&c, acts[i]);
            /* with noise every root move needs its exact score */
            int v = search(e, &c, depth - 1, e->noise > 0 ? -INF : alpha, INF, 1);
            if (e->abort)
                break;
            score[i] = v;
            searched++;
            if (v + noise[i] > iter_best) {
                iter_best = v + noise[i];
                iter_move = acts[i];
            }
            if (v > alpha)
                alpha = v;
        }
        /* the first root move is the last iteration's best: a partial
         * iteration that found a better one is worth keeping */
        if (searched == n || (searched > 0 && iter_move != acts[0] && e->noise == 0)) {
            best = iter_move;
            best_score = iter_best;
        } else if (searched > 0 && done == 0) {
            best = iter_move;
            best_score = iter_best;
        }
        if (searched < n)
            break;
        done = depth;
        /* the best first next time; the others by this iteration's score */
        for (int i = 1; i < n; i++)
            for (int j = i; j > 0 && score[j] + noise[j] > score[j - 1] + noise[j - 1]; j--) {
                int t = score[j];
                score[j] = score[j - 1];
                score[j - 1] = t;
                t = noise[j];
                noise[j] = noise[j - 1];
                noise[j - 1] = t;
                lt_action a = acts[j];
                acts[j] = acts[j - 1];
                acts[j - 1] = a;
            }
        if (lim && lim->progress) {
            lt_think_info now_info;
            report(e, s, best, best_score, done, &now_info);
            lim->progress(lim->ctx, &now_info);
        }
        if (iter_best >= WIN / 2 || iter_best <= -WIN / 2)
            break; /* the outcome is known */
        if (e->time_limit > 0 && now() - e->start > 0.5 * e->time_limit)
            break; /* the next depth would not finish */
    }
    if (info)
        report(e, s, best, best_score, done, info);
    return best;
}

const lt_engine tl_engine = {
    .name = "engine",
    .create = create,
    .destroy = destroy,
    .choose = choose,
};
