/* mcts.c — Monte Carlo tree search (UCT) over any lt_game.
 *
 * Each node keeps, for every seat, the sum of that seat's returns scaled
 * to [0, 1]; the seat to move at a node picks the child best for itself,
 * so any number of players works, and turns need not alternate.  A chance
 * node picks its child by the outcome weights.  The tree holds actions and
 * statistics only: each iteration copies the root and replays the path.
 *
 * Root parallelism: each thread grows its own tree from its own seed
 * stream and the root statistics are summed, so a search limited by
 * iterations gives the same answer whatever the timing.  With tt=on,
 * positions reached by different paths (same hash) share one node.  With
 * playout=N a playout stops after N plies and the game's evaluate scores
 * it; a game's engine with view=mcts (search.h: playout -1) scores each
 * new leaf by its own returns at once. */
#include <assert.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ludoteka/rng.h"
#include "search.h"

enum {
    NODES_MAX = 1 << 21,   /* per tree; about 150 MB with the edges */
    DEFAULT_ITERATIONS = 1000
};

typedef struct {
    int32_t first_edge;    /* -1 before expansion */
    int32_t nedges;
    int32_t visits;
    float value[LT_MAX_PLAYERS];
} node;

typedef struct {
    lt_action action;
    uint32_t weight;       /* outcome weight below a chance node, else 0 */
    int32_t child;         /* node, or -1 until first visited */
} edge;

typedef struct {
    uint64_t key;
    int32_t node;
} tt_slot;

typedef struct {
    const lt_game *g;
    void (*evaluate)(const lt_state *, double *); /* the game's, or NULL */
    const search_params *params;
    const lt_limits *lim;
    const lt_state *root;
    uint64_t seed;
    long long budget;      /* iterations for this thread; 0: by time */
    double start;
    int players;
    double lo, span;
    /* the tree */
    node *nodes;
    edge *edges;
    int32_t nnodes, cap_nodes, nedges, cap_edges;
    tt_slot *tt;           /* with tt=on: 2 * NODES_MAX slots */
    lt_rng rng;
    long long iterations;
    bool full;             /* out of room: no more expansion */
    bool reporter;         /* this tree's thread calls lim->progress */
    double reported;       /* when it last did */
} tree;

static void *grow(void *p, int32_t *cap, int32_t need, size_t size)
{
    if (need <= *cap)
        return p;
    int32_t c = *cap ? *cap : 1024;
    while (c < need)
        c *= 2;
    void *q = realloc(p, (size_t)c * size);
    if (q)
        *cap = c;
    return q;
}

static int32_t new_node(tree *t)
{
    if (t->nnodes >= NODES_MAX) {
        t->full = true;
        return -1;
    }
    node *n = grow(t->nodes, &t->cap_nodes, t->nnodes + 1, sizeof *n);
    if (!n) {
        t->full = true;
        return -1;
    }
    t->nodes = n;
    t->nodes[t->nnodes] = (node){.first_edge = -1};
    return t->nnodes++;
}

/* The node of the state s: with transpositions, an existing one if the
 * position has been seen. */
static int32_t node_for(tree *t, const lt_state *s)
{
    if (!t->tt)
        return new_node(t);
    uint64_t key = t->g->hash(s) | 1; /* 0 marks a free slot */
    size_t mask = 2 * (size_t)NODES_MAX - 1, i = key & mask;
    while (t->tt[i].key && t->tt[i].key != key)
        i = (i + 1) & mask;
    if (t->tt[i].key == key)
        return t->tt[i].node;
    int32_t n = new_node(t);
    if (n >= 0)
        t->tt[i] = (tt_slot){key, n};
    return n;
}

static bool expand(tree *t, int32_t n, const lt_state *s)
{
    const lt_game *g = t->g;
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
    edge *e = grow(t->edges, &t->cap_edges, t->nedges + k, sizeof *e);
    if (!e || t->full) {
        t->full = true;
        return false;
    }
    t->edges = e;
    t->nodes[n].first_edge = t->nedges;
    t->nodes[n].nedges = k;
    for (int i = 0; i < k; i++)
        t->edges[t->nedges++] = (edge){out[i].action, out[i].weight, -1};
    return true;
}

static int32_t pick_chance(tree *t, const node *n)
{
    uint64_t total = 0;
    for (int i = 0; i < n->nedges; i++)
        total += t->edges[n->first_edge + i].weight;
    uint64_t x = lt_rng_below(&t->rng, total);
    for (int i = 0; i < n->nedges; i++) {
        uint32_t w = t->edges[n->first_edge + i].weight;
        if (x < w)
            return n->first_edge + i;
        x -= w;
    }
    return n->first_edge + n->nedges - 1;
}

static int32_t visits_of(const tree *t, const edge *e)
{
    return e->child < 0 ? 0 : t->nodes[e->child].visits;
}

/* UCT for the seat to move; unvisited children first, at random. */
static int32_t pick_decision(tree *t, const node *n, int seat, double c)
{
    int unvisited = 0;
    for (int i = 0; i < n->nedges; i++)
        unvisited += visits_of(t, &t->edges[n->first_edge + i]) == 0;
    if (unvisited) {
        int k = (int)lt_rng_below(&t->rng, (uint64_t)unvisited);
        for (int i = 0; i < n->nedges; i++)
            if (visits_of(t, &t->edges[n->first_edge + i]) == 0 && k-- == 0)
                return n->first_edge + i;
    }
    double logn = log((double)(n->visits > 0 ? n->visits : 1));
    int32_t best = n->first_edge;
    double best_score = -1e300;
    for (int i = 0; i < n->nedges; i++) {
        const edge *e = &t->edges[n->first_edge + i];
        const node *ch = &t->nodes[e->child];
        double score = ch->value[seat] / ch->visits +
                       c * sqrt(logn / ch->visits);
        if (score > best_score) {
            best_score = score;
            best = n->first_edge + i;
        }
    }
    return best;
}

/* Plays on at random (or up to the playout cut); the scaled returns, or
 * the evaluation at the cut, go to r.  Without a cut, a game with its own
 * playout (lt_game.random_playout, the same games as the loop) plays it,
 * writing into moves (room for max_length). */
static void rollout(tree *t, lt_state *s, lt_action *moves, double *r)
{
    const lt_game *g = t->g;
    int cut = t->params->playout != 0 && t->evaluate
                  ? (t->params->playout > 0 ? t->params->playout : 0)
                  : g->max_length + 1;
    if (moves && cut > g->max_length && g->current_player(s) != LT_TERMINAL)
        g->random_playout(s, &t->rng, moves);
    for (int ply = 0; ply < cut; ply++) {
        if (g->current_player(s) == LT_TERMINAL)
            break;
        g->apply(s, lt_rng_play(&t->rng, g, s));
    }
    double raw[LT_MAX_PLAYERS];
    if (g->current_player(s) == LT_TERMINAL || !t->evaluate)
        g->returns(s, raw);
    else
        t->evaluate(s, raw);
    for (int i = 0; i < t->players; i++)
        r[i] = (raw[i] - t->lo) / t->span;
}

/* Tells the caller what this tree thinks so far. */
static void report(tree *t, int32_t root)
{
    const node *rn = &t->nodes[root];
    lt_think_info info = {.nodes = t->iterations,
                          .seconds = search_now() - t->start};
    int seat = t->g->current_player(t->root);
    int32_t best = -1;
    for (int i = 0; i < rn->nedges; i++) {
        const edge *e = &t->edges[rn->first_edge + i];
        if (visits_of(t, e) > (best < 0 ? 0 : visits_of(t, &t->edges[best])))
            best = rn->first_edge + i;
    }
    if (best < 0 || rn->visits == 0)
        return;
    const node *bn = &t->nodes[t->edges[best].child];
    info.best = t->edges[best].action;
    info.nmoves = 1;
    info.moves[0] = (lt_move_score){info.best, bn->value[seat] / bn->visits,
                                    bn->visits};
    for (int p = 0; p < t->players; p++)
        info.value[p] = t->lo + t->span * rn->value[p] / rn->visits;
    t->lim->progress(t->lim->ctx, &info);
}

/* One tree, grown until its budget, the clock or the stop flag ends it. */
static void *grow_tree(void *arg)
{
    tree *t = arg;
    const lt_game *g = t->g;
    double c = t->params->c > 0 ? t->params->c : 1.4;
    lt_state *s = lt_state_new(g);
    int32_t *path = malloc(((size_t)g->max_length + 2) * sizeof *path);
    lt_action *moves = g->random_playout
                           ? malloc(((size_t)g->max_length + 1) * sizeof *moves)
                           : NULL;
    lt_rng_seed(&t->rng, t->seed, 0);
    int32_t root = s && path && (moves || !g->random_playout)
                       ? node_for(t, t->root)
                       : -1;
    if (root < 0 || !expand(t, root, t->root)) {
        free(moves);
        free(path);
        lt_state_free(s);
        return NULL;
    }
    for (;;) {
        if (t->budget > 0 && t->iterations >= t->budget)
            break;
        if ((t->iterations & 63) == 0 && t->iterations > 0 &&
            search_expired(t->lim, t->start))
            break;
        lt_state_copy(g, s, t->root);
        int depth = 0;
        int32_t n = root;
        path[depth++] = n;
        /* 1. Selection and expansion. */
        for (;;) {
            int p = g->current_player(s);
            if (p == LT_TERMINAL || depth > g->max_length)
                break;
            if (t->nodes[n].first_edge < 0 && !expand(t, n, s))
                break;
            const node *nd = &t->nodes[n];
            int32_t ei = p == LT_CHANCE ? pick_chance(t, nd)
                                        : pick_decision(t, nd, p, c);
            g->apply(s, t->edges[ei].action);
            bool fresh = t->edges[ei].child < 0;
            if (fresh) {
                int32_t ch = node_for(t, s);
                if (ch < 0)
                    break;
                t->edges[ei].child = ch;
            }
            n = t->edges[ei].child;
            path[depth++] = n;
            if (fresh || t->nodes[n].visits == 0)
                break; /* a new leaf: play it out */
        }
        /* 2. Simulation. */
        double r[LT_MAX_PLAYERS];
        rollout(t, s, moves, r);
        /* 3. Backpropagation. */
        for (int i = 0; i < depth; i++) {
            node *nd = &t->nodes[path[i]];
            nd->visits++;
            for (int k = 0; k < t->players; k++)
                nd->value[k] += (float)r[k];
        }
        t->iterations++;
        if (t->reporter && (t->iterations & 1023) == 0 &&
            search_now() - t->reported > 0.5) {
            report(t, root);
            t->reported = search_now();
        }
    }
    free(moves);
    free(path);
    lt_state_free(s);
    return NULL;
}

lt_action mcts_search(const lt_game *g, const lt_state *root,
                      const search_params *params, const lt_limits *lim,
                      uint64_t seed, lt_think_info *out)
{
    assert(g->current_player(root) >= 0);
    lt_think_info local, *info = out ? out : &local;
    memset(info, 0, sizeof *info);
    double start = search_now();
    int seat = g->current_player(root), players = g->num_players(root);
    lt_action acts[LT_MAX_ACTIONS];
    int nacts = g->legal_actions(root, acts);
    lt_move_score moves[LT_MAX_ACTIONS];
    for (int i = 0; i < nacts; i++)
        moves[i] = (lt_move_score){acts[i], 0, 0};
    int threads = params->threads > 0 ? params->threads : lt_ai_threads(0);
    if (threads > lt_ai_threads(0))
        threads = lt_ai_threads(0);
    bool by_count = lim->nodes > 0 || lim->seconds <= 0;
    long long total = lim->nodes > 0 ? lim->nodes
                      : lim->seconds > 0 ? 0 : DEFAULT_ITERATIONS;
    tree trees[LT_AI_THREADS_MAX];
    pthread_t tid[LT_AI_THREADS_MAX];
    bool started[LT_AI_THREADS_MAX] = {false};
    for (int k = 0; k < threads; k++) {
        trees[k] = (tree){.g = g, .evaluate = params->evaluate,
                          .params = params, .lim = lim, .root = root,
                          .start = start, .players = players,
                          .lo = g->min_return,
                          .span = g->max_return > g->min_return
                                      ? g->max_return - g->min_return : 1};
        /* thread k runs its share of the iterations, from its own stream */
        lt_rng r;
        lt_rng_seed(&r, seed, 1000 + (uint64_t)k);
        trees[k].seed = lt_rng_next(&r);
        trees[k].budget = by_count ? total / threads + (k < total % threads) : 0;
        trees[k].reporter = k == 0 && lim->progress;
        trees[k].reported = start;
        if (params->tt && g->hash) {
            trees[k].tt = calloc(2 * (size_t)NODES_MAX, sizeof *trees[k].tt);
            if (!trees[k].tt)
                trees[k].full = true;
        }
    }
    if (nacts > 1) {
        for (int k = 1; k < threads; k++)
            started[k] = pthread_create(&tid[k], NULL, grow_tree, &trees[k]) == 0;
        grow_tree(&trees[0]);
        for (int k = 1; k < threads; k++)
            if (started[k])
                pthread_join(tid[k], NULL);
    }
    /* Sum the root statistics of every tree. */
    double root_value[LT_MAX_PLAYERS] = {0};
    long long root_visits = 0, iterations = 0;
    for (int k = 0; k < threads; k++) {
        tree *t = &trees[k];
        iterations += t->iterations;
        if (!t->nnodes || t->nodes[0].first_edge < 0)
            continue;
        const node *rn = &t->nodes[0];
        root_visits += rn->visits;
        for (int p = 0; p < players; p++)
            root_value[p] += rn->value[p];
        for (int i = 0; i < rn->nedges; i++) {
            const edge *e = &t->edges[rn->first_edge + i];
            for (int j = 0; j < nacts; j++)
                if (moves[j].action == e->action && e->child >= 0) {
                    const node *ch = &t->nodes[e->child];
                    moves[j].visits += ch->visits;
                    moves[j].score += ch->value[seat];
                }
        }
    }
    for (int j = 0; j < nacts; j++)
        moves[j].score = moves[j].visits ? moves[j].score / moves[j].visits : 0;
    /* The most visited move (the temperature draws by score among the
     * moves the search trusted). */
    for (int i = 1; i < nacts; i++)
        for (int j = i; j > 0 && moves[j].visits > moves[j - 1].visits; j--) {
            lt_move_score m = moves[j];
            moves[j] = moves[j - 1];
            moves[j - 1] = m;
        }
    info->best = moves[0].action;
    info->nmoves = nacts < LT_THINK_MOVES ? nacts : LT_THINK_MOVES;
    memcpy(info->moves, moves, sizeof *moves * (size_t)info->nmoves);
    if (params->temp > 0) {
        int trusted = 0;
        for (int i = 0; i < nacts; i++)
            if (moves[i].visits > 0)
                moves[trusted++] = moves[i];
        lt_think_info pick = *info;
        search_choose(&pick, moves, trusted, params->temp, seed);
        info->best = pick.best;
    }
    double span = trees[0].span;
    for (int p = 0; p < LT_MAX_PLAYERS; p++)
        info->value[p] = p < players && root_visits
                             ? g->min_return + span * root_value[p] / root_visits
                             : 0;
    info->nodes = iterations;
    info->seconds = search_now() - start;
    info->npv = 1;
    info->pv[0] = info->best;
    for (int k = 0; k < threads; k++) {
        free(trees[k].nodes);
        free(trees[k].edges);
        free(trees[k].tt);
    }
    if (lim->progress)
        lim->progress(lim->ctx, info);
    return info->best;
}
