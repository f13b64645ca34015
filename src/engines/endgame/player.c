/* player.c — playing by the endgame tables (endgame.h): the tables in
 * play, the value of a game's state, the search's evaluation, and the
 * player "ai:endgame". */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "../../ai/search.h"
#include "endgame.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

const eg_tables *eg_in_play(eg_slot *slot, void (*make)(eg_rules *, unsigned),
                            unsigned variant, int most)
{
    if (atomic_load_explicit(&slot->done, memory_order_acquire))
        return slot->tables;
    pthread_mutex_lock(&lock);
    if (!atomic_load_explicit(&slot->done, memory_order_relaxed)) {
        eg_rules r;
        make(&r, variant);
        char msg[256];
        for (; most >= r.least && !slot->tables; most--)
            slot->tables = eg_cache_load(&r, most, msg, sizeof msg);
        atomic_store_explicit(&slot->done, 1, memory_order_release);
    }
    pthread_mutex_unlock(&lock);
    return slot->tables;
}

/* A value for the mover from a value of the state after its action: for
 * the other side to move (that side's loss in d is the mover's win in d +
 * 1), or, in the middle of the mover's own turn, its own. */
static int mine(int v, bool same_mover)
{
    return same_mover || v <= 0 ? v : v + 1;
}

/* Better values for the mover rank higher: the quickest win first, then
 * a draw, the slowest loss, the quickest loss last. */
static int rank(int v)
{
    return v == 0 ? 0 : v & 1 ? -1000 + v : 1000 - v;
}

/* The value of each action of s for its mover (EG_OUTSIDE where there
 * is none) into v; their number.  A state over is judged by its
 * returns: a win in one, a draw (a draw rule of the game's history), or
 * a loss now. */
static int values(const eg_game *e, const lt_state *s, lt_action *acts, int *v)
{
    const lt_game *g = e->game;
    int me = g->current_player(s), n = g->legal_actions(s, acts);
    lt_state *c = lt_state_new(g);
    for (int i = 0; c && i < n; i++) {
        lt_state_copy(g, c, s);
        g->apply(c, acts[i]);
        int p = g->current_player(c);
        if (p == LT_TERMINAL) {
            double r[LT_MAX_PLAYERS];
            g->returns(c, r);
            v[i] = r[me] > 0 ? 2 : r[me] < 0 ? 1 : 0;
        } else {
            v[i] = mine(eg_state_value(e, c), p == me);
        }
    }
    lt_state_free(c);
    return c ? n : 0;
}

int eg_state_value(const eg_game *e, const lt_state *s)
{
    int v = e->lookup(s);
    if (v != EG_MIDTURN)
        return v;
    lt_action acts[LT_MAX_ACTIONS];
    int vals[LT_MAX_ACTIONS], n = values(e, s, acts, vals), best = EG_OUTSIDE;
    for (int i = 0; i < n; i++) {
        if (vals[i] < 0)
            return EG_OUTSIDE;
        if (best < 0 || rank(vals[i]) > rank(best))
            best = vals[i];
    }
    return best;
}

void eg_evaluate(const eg_game *e, const lt_state *s, double *out)
{
    int me = e->game->current_player(s);
    int v = me >= 0 ? eg_state_value(e, s) : EG_OUTSIDE;
    if (v < 0) {
        e->fallback(s, out);
        return;
    }
    double x = v == 0 ? 0 : (v & 1 ? -1 : 1) * (0.998 - (v - 1) * 1e-6);
    out[me] = x;
    out[!me] = -x;
}

/* ---- The player ---- */

typedef struct {
    const eg_game *e;
    minimax *mm;    /* the search, its leaves by the tables (eg_evaluate) */
    minimax *plain; /* by the game's own evaluation: among drawn moves */
    lt_limits limits;
    double slip;
} player;

static void *create(const lt_game *g, const char *params, lt_error *err)
{
    const eg_game *e = eg_game_of(g);
    player *p = e ? calloc(1, sizeof *p) : NULL;
    if (!p) {
        lt_error_set(err, "%s", e ? _("out of memory") : "ai:endgame: no tables");
        return NULL;
    }
    p->e = e;
    search_params sp = {.kind = SEARCH_ALPHABETA, .evaluate = e->evaluate};
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
    sp.evaluate = e->fallback;
    p->plain = minimax_new(g, &sp);
    if (!p->mm || !p->plain) {
        lt_error_set(err, _("out of memory"));
        minimax_free(p->mm);
        minimax_free(p->plain);
        free(p);
        return NULL;
    }
    return p;
}

static void destroy(void *inst)
{
    player *p = inst;
    minimax_free(p->mm);
    minimax_free(p->plain);
    free(p);
}

/* The perfect move in a table position (the quickest win, the slowest
 * loss, a draw rather than a loss); LT_NO_ACTION if the position is in
 * no table.  Among moves that keep a draw the plain search (the game's
 * own evaluation, within lim) chooses: the tables score them all alike,
 * and a move that gives a man away keeps the draw as well as one that
 * does not.  Other ties are drawn by the seed. */
static lt_action perfect(const player *p, const lt_state *s,
                         const lt_limits *lim, uint64_t seed,
                         lt_think_info *info)
{
    const eg_game *e = p->e;
    if (eg_state_value(e, s) < 0)
        return LT_NO_ACTION;
    lt_action acts[LT_MAX_ACTIONS], best[LT_MAX_ACTIONS];
    int v[LT_MAX_ACTIONS], n = values(e, s, acts, v), nbest = 0, top = 0;
    for (int i = 0; i < n; i++) {
        if (v[i] < 0) /* (cannot be: the tables are whole) */
            continue;
        if (!nbest || rank(v[i]) > rank(top)) {
            nbest = 0;
            top = v[i];
        }
        if (rank(v[i]) == rank(top))
            best[nbest++] = acts[i];
    }
    if (!nbest)
        return LT_NO_ACTION;
    lt_rng rng;
    lt_rng_seed(&rng, seed, 1);
    lt_action a = top == 0 && nbest > 1
                      ? minimax_search_among(p->plain, s, best, nbest, lim, seed, NULL)
                      : best[lt_rng_below(&rng, (uint64_t)nbest)];
    if (info) {
        int me = e->game->current_player(s);
        *info = (lt_think_info){.best = a, .depth = top ? top - 1 : 0};
        double x = top == 0 ? 0 : top & 1 ? -1 : 1;
        info->value[me] = x;
        info->value[!me] = -x;
        info->nmoves = 1;
        info->moves[0] = (lt_move_score){a, (x + 1) / 2, 0};
        info->npv = 1;
        info->pv[0] = a;
    }
    return a;
}

static lt_action choose(void *inst, const lt_state *s, const lt_limits *lim,
                        uint64_t seed, lt_think_info *info)
{
    player *p = inst;
    double start = search_now();
    lt_limits l = *lim;
    l.seconds = lt_limit_tighter(p->limits.seconds, lim->seconds);
    l.nodes = (long long)lt_limit_tighter((double)p->limits.nodes,
                                          (double)lim->nodes);
    l.depth = (int)lt_limit_tighter(p->limits.depth, lim->depth);
    lt_action a = perfect(p, s, &l, seed, info);
    if (a != LT_NO_ACTION) {
        if (info)
            info->seconds = search_now() - start;
        return a;
    }
    a = minimax_search(p->mm, s, &l, seed, info);
    /* a slip as the generic levels' blunder makes it (player.c) */
    lt_rng rng;
    lt_rng_seed(&rng, seed, 0);
    if (a == LT_NO_ACTION || (p->slip > 0 && lt_rng_double(&rng) < p->slip)) {
        a = lt_rng_play(&rng, p->e->game, s);
        if (info)
            info->best = a;
    }
    return a;
}

const lt_engine eg_engine = {
    .name = "endgame",
    .create = create,
    .destroy = destroy,
    .choose = choose,
};

const char *const eg_levels[5] = {
    "ai:alphabeta:depth=1:temp=0.1", "ai:alphabeta:nodes=20000:blunder=0.4",
    "ai:endgame:nodes=20000:slip=0.25", "ai:endgame:nodes=60000:slip=0.12",
    "ai:endgame:nodes=300000"};
