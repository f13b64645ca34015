/* mcts.c — Monte Carlo tree search (UCT) over any lt_game.
 *
 * The tree keeps actions and statistics only; each iteration copies the
 * root state and replays the path.  Every node stores, for every seat, the
 * sum of that seat's returns scaled to [0, 1], so the seat to move at a
 * node picks the child best for itself: any number of players works.  A
 * chance node picks its child by the outcome weights. */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ludoteka/rng.h"
#include "mcts.h"

enum { NODES_MAX = 1 << 21 }; /* about 100 MB at most */

typedef struct {
    lt_action action;   /* the move or outcome leading here */
    int32_t first;      /* first child, or -1 before expansion */
    int32_t nchildren;
    uint32_t weight;    /* outcome weight below a chance node, else 0 */
    int32_t visits;
    float value[LT_MAX_PLAYERS];
} node;

typedef struct {
    const lt_game *game;
    node *nodes;
    int32_t count, capacity;
    lt_rng rng;
    int players;
    double lo, span;    /* returns are scaled by (r - lo) / span */
} tree;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Creates the children of n for the state s; false when out of room. */
static bool expand(tree *t, int32_t n, const lt_state *s)
{
    const lt_game *g = t->game;
    lt_outcome out[LT_MAX_ACTIONS > LT_MAX_OUTCOMES ? LT_MAX_ACTIONS
                                                    : LT_MAX_OUTCOMES];
    int k;
    if (g->current_player(s) == LT_CHANCE) {
        k = g->chance_outcomes(s, out);
    } else {
        lt_action acts[LT_MAX_ACTIONS];
        k = g->legal_actions(s, acts);
        for (int i = 0; i < k; i++)
            out[i] = (lt_outcome){acts[i], 0};
    }
    if (t->count + k > t->capacity) {
        if (t->capacity >= NODES_MAX)
            return false;
        int32_t cap = t->capacity * 2;
        while (cap < t->count + k)
            cap *= 2;
        node *p = realloc(t->nodes, (size_t)cap * sizeof *p);
        if (!p)
            return false;
        t->nodes = p;
        t->capacity = cap;
    }
    node *parent = &t->nodes[n];
    parent->first = t->count;
    parent->nchildren = k;
    for (int i = 0; i < k; i++)
        t->nodes[t->count++] = (node){.action = out[i].action, .first = -1,
                                      .weight = out[i].weight};
    return true;
}

static int32_t pick_chance(tree *t, const node *n)
{
    uint64_t total = 0;
    for (int i = 0; i < n->nchildren; i++)
        total += t->nodes[n->first + i].weight;
    uint64_t x = lt_rng_below(&t->rng, total);
    for (int i = 0; i < n->nchildren; i++) {
        uint32_t w = t->nodes[n->first + i].weight;
        if (x < w)
            return n->first + i;
        x -= w;
    }
    return n->first + n->nchildren - 1;
}

/* UCT for the seat to move; unvisited children first, at random. */
static int32_t pick_decision(tree *t, const node *n, int seat, double c)
{
    int unvisited = 0;
    for (int i = 0; i < n->nchildren; i++)
        unvisited += t->nodes[n->first + i].visits == 0;
    if (unvisited) {
        int k = (int)lt_rng_below(&t->rng, (uint64_t)unvisited);
        for (int i = 0; i < n->nchildren; i++)
            if (t->nodes[n->first + i].visits == 0 && k-- == 0)
                return n->first + i;
    }
    double logn = log((double)n->visits);
    int32_t best = n->first;
    double best_score = -1e300;
    for (int i = 0; i < n->nchildren; i++) {
        const node *ch = &t->nodes[n->first + i];
        double score = ch->value[seat] / ch->visits +
                       c * sqrt(logn / ch->visits);
        if (score > best_score) {
            best_score = score;
            best = n->first + i;
        }
    }
    return best;
}

/* Random play to the end; the scaled returns go to r. */
static void rollout(tree *t, lt_state *s, double *r)
{
    const lt_game *g = t->game;
    for (int ply = 0; ply <= g->max_length; ply++) {
        if (g->current_player(s) == LT_TERMINAL)
            break;
        g->apply(s, lt_rng_play(&t->rng, g, s));
    }
    double raw[LT_MAX_PLAYERS];
    g->returns(s, raw);
    for (int i = 0; i < t->players; i++)
        r[i] = (raw[i] - t->lo) / t->span;
}

lt_action mcts_search(const lt_game *g, const lt_state *root,
                      const mcts_params *params, const lt_limits *lim,
                      uint64_t seed, lt_think_info *info)
{
    assert(g->current_player(root) >= 0);
    double start = now();
    tree t = {.game = g, .capacity = 1024};
    t.nodes = malloc((size_t)t.capacity * sizeof *t.nodes);
    lt_rng_seed(&t.rng, seed, 0);
    t.players = g->num_players(root);
    t.lo = g->min_return;
    t.span = g->max_return > g->min_return ? g->max_return - g->min_return : 1;
    lt_state *s = lt_state_new(g);
    int32_t *path = malloc(((size_t)g->max_length + 2) * sizeof *path);
    lt_action fallback;
    {
        lt_action acts[LT_MAX_ACTIONS];
        g->legal_actions(root, acts);
        fallback = acts[0];
    }
    if (!t.nodes || !s || !path) {
        free(t.nodes);
        free(path);
        lt_state_free(s);
        return fallback;
    }
    t.nodes[t.count++] = (node){.first = -1};
    expand(&t, 0, root);
    double c = params->c > 0 ? params->c : 1.4;
    long long budget = lim->nodes > 0 || lim->seconds > 0 ? lim->nodes : 1000;
    long long it = 0;
    while ((budget <= 0 || it < budget) && t.nodes[0].nchildren > 1) {
        if ((it & 63) == 0 && it) {
            if (lim->seconds > 0 && now() - start >= lim->seconds)
                break;
            if (lim->stop && *lim->stop)
                break;
        }
        lt_state_copy(g, s, root);
        int depth = 0;
        int32_t n = 0;
        path[depth++] = 0;
        /* 1. Selection and expansion. */
        for (;;) {
            int p = g->current_player(s);
            if (p == LT_TERMINAL)
                break;
            if (t.nodes[n].first < 0 && !expand(&t, n, s))
                break;
            int32_t ch = p == LT_CHANCE ? pick_chance(&t, &t.nodes[n])
                                        : pick_decision(&t, &t.nodes[n], p, c);
            g->apply(s, t.nodes[ch].action);
            path[depth++] = ch;
            n = ch;
            if (t.nodes[n].visits == 0)
                break; /* a new leaf: play it out */
        }
        /* 2. Simulation. */
        double r[LT_MAX_PLAYERS];
        rollout(&t, s, r);
        /* 3. Backpropagation. */
        for (int i = 0; i < depth; i++) {
            node *nd = &t.nodes[path[i]];
            nd->visits++;
            for (int k = 0; k < t.players; k++)
                nd->value[k] += (float)r[k];
        }
        it++;
    }
    /* The most visited move; ties go to the better mean. */
    const node *rootn = &t.nodes[0];
    int seat = g->current_player(root);
    int32_t best = rootn->first;
    for (int i = 1; i < rootn->nchildren; i++) {
        const node *a = &t.nodes[rootn->first + i], *b = &t.nodes[best];
        if (a->visits > b->visits ||
            (a->visits == b->visits && a->visits > 0 &&
             a->value[seat] / a->visits > b->value[seat] / b->visits))
            best = rootn->first + i;
    }
    lt_action move = t.nodes[best].action;
    if (info) {
        info->best = move;
        info->iterations = it;
        info->seconds = now() - start;
        for (int k = 0; k < LT_MAX_PLAYERS; k++)
            info->value[k] = k < t.players && rootn->visits
                                 ? t.lo + t.span * rootn->value[k] / rootn->visits
                                 : 0;
    }
    free(t.nodes);
    free(path);
    lt_state_free(s);
    return move;
}
