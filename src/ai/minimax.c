/* minimax.c — alpha-beta over any lt_game.
 *
 * The seat to move at the root (the mover) maximises its own value and
 * every other seat minimises it: plain alpha-beta for two players, the
 * paranoid view for more.  Turns need not alternate: each node asks the
 * game who is to act.  Dice rolls are averaged over their exact weights
 * with Star1 pruning, and with Star2 probing for "expectimax".  "brs" is
 * best-reply search (BRS+): between two turns of the mover only one
 * opponent searches all its moves; the others play their best-ordered
 * move.  Iterative deepening, a transposition table keyed by the game's
 * hash, and move ordering by the table's move, killers and history.
 *
 * Scores are the mover's return mapped to [-1, 1]; a game won or lost
 * outright scores a hair more (or less) the sooner it ends, so wins are
 * taken fast and losses put off without disturbing expected values; the
 * game's evaluate is kept strictly inside (-1, 1).
 *
 * A game's engine may bring hooks (lt_search_hooks): its own evaluation
 * from the mover's view in place of evaluate, moves it orders first
 * (captures), a quiescence search on its noisy moves at the horizon, and
 * random noise on the root moves' scores for its weak levels. */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ludoteka/rng.h"
#include "search.h"

enum {
    MAX_PLY = 200,
    KILLERS = 2,
    HISTORY = 1 << 16,          /* history slots per seat */
    TT_ENTRIES = 1 << 20,       /* 32 MB */
    DEFAULT_NODES = 200000,     /* a search with no limit at all */
    PROBE = 1, BRANCHED = 2     /* node flags */
};
enum { BOUND_EXACT = 1, BOUND_LOWER, BOUND_UPPER };

static const double WIN = 1 + 1e-9; /* the most a score can be */
static const double EVAL_MAX = 0.999;

typedef struct {
    uint64_t key;
    double value;
    int16_t depth;
    uint8_t bound;
    uint8_t seat;  /* the mover the value is for, plus one; 0: empty */
    lt_action move;
} tt_entry;

struct minimax {
    const lt_game *g;
    void (*evaluate)(const lt_state *, double *); /* the game's, or NULL */
    search_params params;
    tt_entry *tt;                 /* NULL when the game has no hash */
    int32_t *history;             /* [seat][HISTORY] */
    lt_action killers[MAX_PLY + 1][KILLERS];
    lt_state *stack[MAX_PLY + 2]; /* one state per ply */
    /* one search */
    int me, players;
    double lo, span;              /* returns map by (r - lo) / span */
    long long nodes, node_limit;
    double start;
    lt_limits lim;
    bool abort;
};

minimax *minimax_new(const lt_game *g, const search_params *params)
{
    minimax *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->g = g;
    m->evaluate = params->evaluate;
    m->params = *params;
    m->history = calloc((size_t)LT_MAX_PLAYERS * HISTORY, sizeof *m->history);
    if (g->hash)
        m->tt = calloc(TT_ENTRIES, sizeof *m->tt);
    bool ok = m->history && (!g->hash || m->tt);
    for (int i = 0; ok && i < MAX_PLY + 2; i++)
        ok = (m->stack[i] = lt_state_new(g)) != NULL;
    if (!ok) {
        minimax_free(m);
        return NULL;
    }
    return m;
}

void minimax_free(minimax *m)
{
    if (!m)
        return;
    for (int i = 0; i < MAX_PLY + 2; i++)
        lt_state_free(m->stack[i]);
    free(m->tt);
    free(m->history);
    free(m);
}

static double terminal_score(minimax *m, const lt_state *s, int ply)
{
    double r[LT_MAX_PLAYERS];
    m->g->returns(s, r);
    double x = 2 * (r[m->me] - m->lo) / m->span - 1;
    if (x == 1 || x == -1)
        x *= 1 + (1000 - (ply < 1000 ? ply : 1000)) * 1e-12;
    else if (m->params.hooks)
        x -= m->params.hooks->contempt; /* a game nobody won */
    return x;
}

static double eval_score(minimax *m, const lt_state *s)
{
    const lt_search_hooks *h = m->params.hooks;
    if (h) {
        double x = h->evaluate(s, m->me) * h->unit;
        return x > EVAL_MAX ? EVAL_MAX : x < -EVAL_MAX ? -EVAL_MAX : x;
    }
    if (!m->evaluate)
        return 0;
    double e[LT_MAX_PLAYERS];
    m->evaluate(s, e);
    double x = 2 * (e[m->me] - m->lo) / m->span - 1;
    return x > EVAL_MAX ? EVAL_MAX : x < -EVAL_MAX ? -EVAL_MAX : x;
}

static uint64_t node_key(minimax *m, const lt_state *s, int flags)
{
    /* BRS values depend on whether an opponent has branched */
    return (m->params.key ? m->params.key(s) : m->g->hash(s)) ^
           (flags & BRANCHED ? 0x9e3779b97f4a7c15u : 0);
}

static tt_entry *tt_slot(minimax *m, uint64_t key)
{
    return &m->tt[key & (TT_ENTRIES - 1)];
}

static void tt_store(minimax *m, uint64_t key, int depth, double value,
                     double alpha, double beta, lt_action move)
{
    if (!m->tt || m->abort)
        return;
    tt_entry *e = tt_slot(m, key);
    if (e->key == key && e->seat == m->me + 1 && e->depth > depth)
        return; /* keep the deeper result of this position */
    e->key = key;
    e->value = value;
    e->depth = (int16_t)depth;
    e->seat = (uint8_t)(m->me + 1);
    e->bound = value <= alpha ? BOUND_UPPER : value >= beta ? BOUND_LOWER
                                                            : BOUND_EXACT;
    e->move = move;
}

static int32_t *history_of(minimax *m, int seat, lt_action a)
{
    return &m->history[(size_t)seat * HISTORY + ((uint32_t)a & (HISTORY - 1))];
}

/* The hooks' bonus for trying a move early; 0 without one. */
static int order_bonus(const minimax *m, const lt_state *s, lt_action a)
{
    const lt_search_hooks *h = m->params.hooks;
    return h && h->order ? h->order(s, a) : 0;
}

/* Orders moves: the table's move, the moves the hooks put early, the
 * killers, then by history. */
static void order(minimax *m, int seat, int ply, lt_action hint,
                  lt_action *moves, int n)
{
    enum { KILLER = INT32_MAX - LT_ORDER_MAX - 1 };
    const lt_state *s = m->stack[ply];
    int32_t key[LT_MAX_ACTIONS];
    for (int i = 0; i < n; i++) {
        lt_action a = moves[i];
        int bonus = order_bonus(m, s, a);
        /* history stays below 2^30 (it is halved there) */
        key[i] = a == hint ? INT32_MAX
                 : bonus > 0 ? KILLER + bonus
                 : a == m->killers[ply][0] ? KILLER
                 : a == m->killers[ply][1] ? KILLER - 1
                                           : *history_of(m, seat, a);
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && key[j] > key[j - 1]; j--) {
            int32_t k = key[j];
            key[j] = key[j - 1];
            key[j - 1] = k;
            lt_action a = moves[j];
            moves[j] = moves[j - 1];
            moves[j - 1] = a;
        }
}

static bool out_of_budget(minimax *m)
{
    if (m->abort)
        return true;
    if (m->node_limit > 0 && m->nodes >= m->node_limit)
        m->abort = true;
    else if ((m->nodes & 1023) == 0 && search_expired(&m->lim, m->start))
        m->abort = true;
    return m->abort;
}

static double search(minimax *m, int ply, int depth, double alpha,
                     double beta, int flags);

/* The horizon with the hooks' noisy moves: the side to act may stand on
 * the evaluation or make a noisy move, and so on, noisy_plies deep. */
static double quiesce(minimax *m, int ply, int qply, double alpha,
                      double beta)
{
    const lt_game *g = m->g;
    const lt_search_hooks *h = m->params.hooks;
    const lt_state *s = m->stack[ply];
    int p = g->current_player(s);
    if (p == LT_TERMINAL)
        return terminal_score(m, s, ply);
    double stand = eval_score(m, s);
    bool maxing = p == m->me;
    if (p < 0 || qply >= h->noisy_plies || ply >= MAX_PLY ||
        (maxing ? stand >= beta : stand <= alpha))
        return stand;
    if (maxing && stand > alpha)
        alpha = stand;
    if (!maxing && stand < beta)
        beta = stand;
    lt_action moves[LT_MAX_ACTIONS];
    int n = g->legal_actions(s, moves), k = 0;
    for (int i = 0; i < n; i++)
        if (h->noisy(s, moves[i]))
            moves[k++] = moves[i];
    order(m, p, ply, -1, moves, k);
    double best = stand;
    lt_state *child = m->stack[ply + 1];
    for (int i = 0; i < k && alpha < beta; i++) {
        lt_state_copy(g, child, s);
        g->apply(child, moves[i]);
        m->nodes++;
        double v = out_of_budget(m) ? 0
                                    : quiesce(m, ply + 1, qply + 1, alpha, beta);
        if (m->abort)
            return 0;
        if (maxing ? v > best : v < best)
            best = v;
        if (maxing && v > alpha)
            alpha = v;
        if (!maxing && v < beta)
            beta = v;
    }
    return best;
}

/* A dice roll: the weighted mean of its outcomes, with Star1 windows and,
 * for expectimax, Star2 probes of each outcome's first move. */
static double chance_node(minimax *m, int ply, int depth, double alpha,
                          double beta, int flags)
{
    const lt_game *g = m->g;
    const lt_state *s = m->stack[ply];
    lt_state *child = m->stack[ply + 1];
    lt_outcome out[LT_MAX_OUTCOMES];
    int n = g->chance_outcomes(s, out);
    double total = 0, p[LT_MAX_OUTCOMES], bound[LT_MAX_OUTCOMES];
    for (int i = 0; i < n; i++)
        total += out[i].weight;
    for (int i = 0; i < n; i++) {
        p[i] = out[i].weight / total;
        bound[i] = -WIN; /* the best lower bound known for outcome i */
    }
    if (m->params.kind == SEARCH_EXPECTIMAX && depth > 0) {
        /* Star2: the first move of a maximising outcome bounds it from
         * below; enough of them can prove the roll good enough. */
        double known = 0, rest = 1;
        for (int i = 0; i < n; i++) {
            rest -= p[i];
            lt_state_copy(g, child, s);
            g->apply(child, out[i].action);
            if (g->current_player(child) == m->me) {
                double b = (beta - known + rest * WIN) / p[i];
                double v = search(m, ply + 1, depth, -WIN, b, flags | PROBE);
                if (m->abort)
                    return 0;
                bound[i] = v;
                if (v >= b)
                    return known + p[i] * v - rest * WIN;
            }
            known += p[i] * bound[i];
        }
    }
    double sum = 0, rest = 1, rest_low = 0;
    for (int i = 0; i < n; i++)
        rest_low += p[i] * bound[i];
    for (int i = 0; i < n; i++) {
        rest -= p[i];
        rest_low -= p[i] * bound[i];
        double a = (alpha - sum - rest * WIN) / p[i];
        double b = (beta - sum - rest_low) / p[i];
        lt_state_copy(g, child, s);
        g->apply(child, out[i].action);
        double v = search(m, ply + 1, depth, a > -WIN ? a : -WIN,
                          b < WIN ? b : WIN, flags & ~PROBE);
        if (m->abort)
            return 0;
        if (v >= b)
            return sum + p[i] * v + rest_low; /* at least beta */
        if (v <= a)
            return sum + p[i] * v + rest * WIN; /* at most alpha */
        sum += p[i] * v;
    }
    return sum;
}

static double search(minimax *m, int ply, int depth, double alpha,
                     double beta, int flags)
{
    const lt_game *g = m->g;
    const lt_state *s = m->stack[ply];
    m->nodes++;
    if (out_of_budget(m))
        return 0;
    int p = g->current_player(s);
    if (p == LT_TERMINAL)
        return terminal_score(m, s, ply);
    /* the horizon falls after a dice roll: a roll at depth 0 is still
     * averaged, its outcomes then evaluated */
    if (depth < 0 || (depth == 0 && p != LT_CHANCE) || ply >= MAX_PLY)
        return m->params.hooks && m->params.hooks->noisy
                   ? quiesce(m, ply, 0, alpha, beta)
                   : eval_score(m, s);
    if (p == LT_CHANCE)
        return chance_node(m, ply, depth > 0 ? depth : -1, alpha, beta, flags);

    /* 1. The table: a deep enough result may answer at once; its move
     * goes first either way. */
    uint64_t key = 0;
    lt_action hint = -1;
    if (m->tt) {
        key = node_key(m, s, flags);
        tt_entry *e = tt_slot(m, key);
        if (e->key == key && e->seat == m->me + 1) {
            hint = e->move;
            if (e->depth >= depth && !(flags & PROBE)) {
                double v = e->value;
                if (e->bound == BOUND_EXACT ||
                    (e->bound == BOUND_LOWER && v >= beta) ||
                    (e->bound == BOUND_UPPER && v <= alpha))
                    return v;
            }
        }
    }

    /* 2. The moves, best first. */
    lt_action moves[LT_MAX_ACTIONS];
    int n = g->legal_actions(s, moves);
    order(m, p, ply, hint, moves, n);
    bool maxing = p == m->me;
    int child_flags = maxing ? 0 : flags;
    int child_depth = depth - 1;
    if (m->params.kind == SEARCH_BRS && !maxing) {
        if (flags & BRANCHED) {
            n = 1;              /* another opponent has replied already */
            child_depth = depth;
        } else {
            child_flags |= BRANCHED;
        }
    }
    if (flags & PROBE)
        n = 1;

    /* 3. Search them. */
    double best = maxing ? -2 * WIN : 2 * WIN, a0 = alpha, b0 = beta;
    lt_action best_move = moves[0];
    lt_state *child = m->stack[ply + 1];
    for (int i = 0; i < n; i++) {
        lt_state_copy(g, child, s);
        g->apply(child, moves[i]);
        double v = search(m, ply + 1, child_depth, alpha, beta,
                          child_flags & ~PROBE);
        if (m->abort)
            return 0;
        if (maxing ? v > best : v < best) {
            best = v;
            best_move = moves[i];
        }
        if (maxing && v > alpha)
            alpha = v;
        if (!maxing && v < beta)
            beta = v;
        if (alpha >= beta) {
            /* a cut: remember the move that made it, unless the hooks
             * order it anyway */
            if (order_bonus(m, s, moves[i]) > 0)
                break;
            if (ply <= MAX_PLY && m->killers[ply][0] != moves[i]) {
                m->killers[ply][1] = m->killers[ply][0];
                m->killers[ply][0] = moves[i];
            }
            int32_t *h = history_of(m, p, moves[i]);
            *h += depth * depth;
            if (*h > (1 << 30))
                for (size_t k = 0; k < (size_t)LT_MAX_PLAYERS * HISTORY; k++)
                    m->history[k] /= 2;
            break;
        }
    }
    /* BRS+: an opponent may also let a later opponent make the reply. */
    if (m->params.kind == SEARCH_BRS && !maxing && !(flags & BRANCHED) &&
        alpha < beta) {
        lt_state_copy(g, child, s);
        g->apply(child, moves[0]);
        int q = g->current_player(child);
        if (q >= 0 && q != m->me) {
            double v = search(m, ply + 1, depth, alpha, beta, flags & ~PROBE);
            if (m->abort)
                return 0;
            if (v < best) {
                best = v;
                best_move = moves[0];
            }
        }
    }
    if (!(flags & PROBE))
        tt_store(m, key, depth, best, a0, b0, best_move);
    return best;
}

/* The expected line: the table's moves from the root. */
static void principal_variation(minimax *m, const lt_state *root,
                                lt_action first, lt_think_info *info)
{
    const lt_game *g = m->g;
    lt_state *s = m->stack[0];
    lt_state_copy(g, s, root);
    info->npv = 0;
    lt_action a = first;
    while (info->npv < LT_THINK_PV && lt_is_legal(g, s, a)) {
        info->pv[info->npv++] = a;
        g->apply(s, a);
        if (!m->tt || g->current_player(s) < 0)
            break;
        tt_entry *e = tt_slot(m, node_key(m, s, 0));
        if (e->key != node_key(m, s, 0) || e->seat != m->me + 1)
            break;
        a = e->move;
    }
}

/* Up to `noise` of the hooks' units added to a root move's score, drawn
 * from the seed and the move: the same for the move at every depth. */
static double root_noise(const minimax *m, uint64_t seed, lt_action a)
{
    if (m->params.noise <= 0)
        return 0;
    lt_rng r;
    lt_rng_seed(&r, seed, 11 + (uint64_t)a);
    return (double)lt_rng_below(&r, (uint64_t)m->params.noise + 1) *
           m->params.hooks->unit;
}

/* A score as the mover's expected return in [-1, 1]: the hooks' own
 * reading of an evaluation, if they have one. */
static double expected(const minimax *m, double x)
{
    const lt_search_hooks *h = m->params.hooks;
    if (!h || !h->expected || fabs(x) >= EVAL_MAX)
        return x;
    return h->expected(x / h->unit, m->players);
}

lt_action minimax_search(minimax *m, const lt_state *root,
                         const lt_limits *lim, uint64_t seed,
                         lt_think_info *out)
{
    return minimax_search_among(m, root, NULL, 0, lim, seed, out);
}

lt_action minimax_search_among(minimax *m, const lt_state *root,
                               const lt_action *among, int count,
                               const lt_limits *lim, uint64_t seed,
                               lt_think_info *out)
{
    const lt_game *g = m->g;
    lt_think_info local, *info = out ? out : &local;
    memset(info, 0, sizeof *info);
    m->start = search_now();
    m->lim = *lim;
    m->me = g->current_player(root);
    m->players = g->num_players(root);
    m->lo = g->min_return;
    m->span = g->max_return > g->min_return ? g->max_return - g->min_return : 1;
    m->nodes = 0;
    m->abort = false;
    bool unlimited = lim->seconds <= 0 && lim->nodes <= 0 && lim->depth <= 0;
    m->node_limit = unlimited ? DEFAULT_NODES : lim->nodes;
    int max_depth = lim->depth > 0 ? lim->depth : MAX_PLY - 1;
    memset(m->killers, 0, sizeof m->killers);
    assert(m->me >= 0);

    lt_move_score moves[LT_MAX_ACTIONS];
    lt_action acts[LT_MAX_ACTIONS];
    int n = among ? count : g->legal_actions(root, acts);
    for (int i = 0; i < n; i++)
        moves[i] = (lt_move_score){among ? among[i] : acts[i], 0, 0};
    const lt_search_hooks *h = m->params.hooks;
    double known_score = 0;
    lt_action known = h && h->root && !among ? h->root(root, &known_score)
                                             : LT_NO_ACTION;
    if (known != LT_NO_ACTION) { /* the only move to consider */
        moves[0] = (lt_move_score){known, (known_score + 1) / 2, 0};
        n = 1;
    }
    double scores[LT_MAX_ACTIONS];
    /* every root move needs its value */
    bool full = m->params.temp > 0 || m->params.noise > 0;
    lt_state_copy(g, m->stack[0], root);

    for (int depth = 1; depth <= max_depth && n > 1; depth++) {
        double alpha = -2 * WIN, best = -2 * WIN;
        int done = 0;
        for (int i = 0; i < n; i++) {
            lt_state_copy(g, m->stack[1], root);
            g->apply(m->stack[1], moves[i].action);
            double v = search(m, 1, depth - 1, full ? -2 * WIN : alpha,
                              2 * WIN, 0);
            if (m->abort)
                break;
            v += root_noise(m, seed, moves[i].action);
            scores[i] = v;
            done++;
            if (v > best) {
                best = v;
                alpha = v;
            }
        }
        if (done > 0 && (done == n || scores[0] < best)) {
            /* keep a finished depth, or a better move found in an
             * unfinished one after the previous best was searched */
            for (int i = 0; i < n; i++)
                moves[i].score = i < done ? (scores[i] + 1) / 2 : -1;
            search_choose(info, moves, n, 0, seed);
            if (done == n)
                info->depth = depth;
            if (m->tt) {
                /* the root's best move into the table, for the PV */
                uint64_t key = node_key(m, root, 0);
                tt_entry *e = tt_slot(m, key);
                *e = (tt_entry){key, best, (int16_t)depth, BOUND_EXACT,
                                (uint8_t)(m->me + 1), info->best};
            }
        }
        if (m->abort)
            break;
        if (lim->progress) {
            info->nodes = m->nodes;
            info->seconds = search_now() - m->start;
            lim->progress(lim->ctx, info);
        }
        /* a proven result does not change with depth */
        if (fabs(best) > 1)
            break;
        /* the next depth would take several times as long */
        if (lim->seconds > 0 && search_now() - m->start > lim->seconds * 0.4)
            break;
    }
    if (n == 1) {
        if (known == LT_NO_ACTION)
            moves[0].score = 0.5;
        search_choose(info, moves, 1, 0, seed);
    }
    /* the final choice, at temperature for a weaker player */
    lt_move_score all[LT_MAX_ACTIONS];
    memcpy(all, moves, sizeof *moves * (size_t)n);
    search_choose(info, all, n, m->params.temp, seed);
    /* scores of finished games lie a little outside [0, 1] */
    for (int i = 0; i < info->nmoves; i++)
        info->moves[i].score = fmin(1, fmax(0, info->moves[i].score));
    double x = expected(m, info->nmoves ? info->moves[0].score * 2 - 1 : 0);
    for (int k = 0; k < m->players; k++)
        info->value[k] = m->lo + m->span / 2;
    info->value[m->me] = m->lo + (x + 1) / 2 * m->span;
    if (m->players == 2 && g->zero_sum)
        info->value[1 - m->me] = 2 * (m->lo + m->span / 2) - info->value[m->me];
    info->nodes = m->nodes;
    info->seconds = search_now() - m->start;
    principal_variation(m, root, info->best, info);
    return info->best;
}
