/* search.c — iterative deepening PVS: aspiration windows, transposition
 * table, quiescence, move ordering (hash move, MVV-LVA and SEE, killers,
 * history), null move, probcut, late move reductions, check extensions,
 * draws by repetition and the fifty-move rule, the static evaluation
 * corrected by pawn structure; lazy SMP over several threads. */
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include <time.h>

#include "evaluate.h"
#include "nnue.h"
#include "search.h"
#include "tt.h"

enum { HIST_KEYS = 128, HISTORY_MAX = 16384 };
/* correction history: CORR_SIZE entries a side (indexed by the top
 * CORR_BITS of the pawn hash), each in centipawns times CORR_GRAIN, never
 * more than CORR_LIMIT centipawns */
enum {
    CORR_BITS = 14,
    CORR_SIZE = 1 << CORR_BITS,
    CORR_GRAIN = 256,
    CORR_LIMIT = 128
};
static const double OVERHEAD_DEFAULT = 0.05; /* seconds a move costs */

typedef struct {
    chess_move move; /* the move that led here (MOVE_NONE: null) */
    uint8_t piece;   /* the piece code that made it */
    int eval;        /* static evaluation, or -SCORE_INF in check */
    chess_move killers[2];
    chess_move excluded; /* left out by a singular-extension search */
} frame;

typedef struct worker {
    struct chess_search *s;
    int id;
    chess_pos pos;
    uint64_t keys[HIST_KEYS + MAX_PLY + 8]; /* positions before this one */
    int nkeys;
    frame stack[MAX_PLY + 4];
    int16_t history[2][64][64];
    /* continuation history: how a quiet move (piece, to) fared after the
     * move one and two plies before, [piece][to] of that move */
    int16_t cont[16][64][16][64];
    chess_move counter[64][64]; /* the reply that refuted a move, by its
                                 * from and to squares */
    /* how far the search's results have strayed from the static
     * evaluation, by side to move and pawn structure: the evaluation
     * misjudges some structures the same way every time */
    int32_t corr[2][CORR_SIZE];
    /* the learned evaluation's accumulators, by ply (with a network) */
    nnue_acc acc[MAX_PLY + 4];
    chess_move pv[MAX_PLY + 1][MAX_PLY + 1];
    int pvlen[MAX_PLY + 1];
    long long nodes;
    int seldepth;
    chess_move best; /* of the last complete iteration */
    int best_score, depth_done;
    thrd_t thread;
} worker;

struct chess_search {
    tt_table tt;
    const nnue_net *net; /* the evaluation's network, or NULL */
    int threads;
    worker *workers;
    atomic_int stop, pondering;
    _Atomic long long nodes_published[MAX_THREADS];
    atomic_llong start_ns;
    const chess_limits *lim;
    double soft, hard; /* seconds from start; 0: none */
    int8_t lmr[64][64];
    int root_moves;
};

static long long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static double elapsed(const struct chess_search *s)
{
    return (double)(now_ns() - atomic_load(&s->start_ns)) * 1e-9;
}

chess_search *chess_search_new(int hash_mb, int threads)
{
    chess_init();
    struct chess_search *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    if (!tt_resize(&s->tt, (size_t)(hash_mb > 0 ? hash_mb : 1))) {
        free(s);
        return NULL;
    }
    for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++)
            s->lmr[d][m] = (int8_t)(1.0 + log(d) * log(m) / 2.0);
    chess_search_set_threads(s, threads);
    if (!s->workers) {
        chess_search_free(s);
        return NULL;
    }
    return s;
}

void chess_search_free(chess_search *s)
{
    if (!s)
        return;
    tt_free(&s->tt);
    free(s->workers);
    free(s);
}

bool chess_search_set_hash(chess_search *s, int mb)
{
    return tt_resize(&s->tt, (size_t)(mb < 1             ? 1
                                      : mb > HASH_MAX_MB ? HASH_MAX_MB
                                                         : mb));
}

void chess_search_set_threads(chess_search *s, int threads)
{
    threads = threads < 1 ? 1 : threads > MAX_THREADS ? MAX_THREADS : threads;
    worker *w = calloc((size_t)threads, sizeof *w);
    if (!w)
        return; /* keep the old ones */
    free(s->workers);
    s->workers = w;
    s->threads = threads;
    for (int i = 0; i < threads; i++) {
        w[i].s = s;
        w[i].id = i;
    }
}

void chess_search_clear(chess_search *s)
{
    tt_clear(&s->tt);
    for (int i = 0; i < s->threads; i++) {
        memset(s->workers[i].history, 0, sizeof s->workers[i].history);
        memset(s->workers[i].counter, 0, sizeof s->workers[i].counter);
        memset(s->workers[i].cont, 0, sizeof s->workers[i].cont);
        memset(s->workers[i].corr, 0, sizeof s->workers[i].corr);
    }
}

void chess_search_set_net(chess_search *s, const nnue_net *net)
{
    s->net = net;
}

void chess_search_stop(chess_search *s)
{
    atomic_store(&s->stop, 1);
}

void chess_search_ponderhit(chess_search *s)
{
    atomic_store(&s->start_ns, now_ns());
    atomic_store(&s->pondering, 0);
}

/* ---- Helpers ---------------------------------------------------------- */

static int score_to_tt(int v, int ply)
{
    return v >= SCORE_MATE_BOUND    ? v + ply
           : v <= -SCORE_MATE_BOUND ? v - ply
                                    : v;
}

static int score_from_tt(int v, int ply)
{
    return v >= SCORE_MATE_BOUND    ? v - ply
           : v <= -SCORE_MATE_BOUND ? v + ply
                                    : v;
}

/* Time, the stop flags and the node limit; checked now and then. */
static bool out_of_time(worker *w)
{
    struct chess_search *s = w->s;
    if (atomic_load_explicit(&s->stop, memory_order_relaxed))
        return true;
    if ((w->nodes & 1023) != 0)
        return false;
    atomic_store_explicit(&s->nodes_published[w->id], w->nodes,
                          memory_order_relaxed);
    if (w->id != 0)
        return false;
    const chess_limits *lim = s->lim;
    bool stop =
        (lim->stop && *lim->stop) ||
        (s->hard > 0 && !atomic_load(&s->pondering) && elapsed(s) >= s->hard);
    if (lim->nodes) {
        long long total = 0;
        for (int i = 0; i < s->threads; i++)
            total += atomic_load_explicit(&s->nodes_published[i],
                                          memory_order_relaxed);
        stop = stop || total >= lim->nodes || w->nodes >= lim->nodes;
    }
    if (stop)
        atomic_store(&s->stop, 1);
    return stop;
}

static bool stopped(const worker *w)
{
    return atomic_load_explicit(&w->s->stop, memory_order_relaxed) != 0;
}

static void push_key(worker *w)
{
    w->keys[w->nkeys++] = w->pos.key;
}

/* Draws the search can see: fifty moves (unless it is mate), a repeated
 * position (once is enough inside the search), dead material. */
static bool is_draw(const worker *w)
{
    const chess_pos *p = &w->pos;
    if (p->halfmove >= 100 && (!chess_in_check(p) || chess_count(p) > 0))
        return true;
    int back = p->halfmove < w->nkeys ? p->halfmove : w->nkeys;
    for (int i = 2; i <= back; i += 2)
        if (w->keys[w->nkeys - i] == p->key)
            return true;
    return chess_insufficient(p);
}

static bool has_pieces(const chess_pos *p, int color)
{
    return (p->by_color[color] & ~p->by_type[PAWN] & ~p->by_type[KING]) != 0;
}

/* The static evaluation of the position at ply: the network's when there
 * is one, else the hand-made one. */
static int static_eval(worker *w, int ply)
{
    if (!w->s->net)
        return chess_evaluate(&w->pos);
    int v = nnue_evaluate(w->s->net, &w->acc[ply], w->pos.side);
    return v >= SCORE_MATE_BOUND    ? SCORE_MATE_BOUND - 1
           : v <= -SCORE_MATE_BOUND ? -SCORE_MATE_BOUND + 1
                                    : v;
}

/* Makes move m at ply, the network's accumulator with it. */
static void make(worker *w, chess_move m, chess_undo *u, int ply)
{
    if (w->s->net)
        nnue_update(w->s->net, &w->pos, m, &w->acc[ply], &w->acc[ply + 1]);
    chess_make(&w->pos, m, u);
}

/* ---- Move ordering ---------------------------------------------------- */

/* The continuation-history table of the move `back` plies before the
 * node at ply (1: the move that led to it), or NULL for none (a null
 * move, the root's history). */
static int16_t (*cont_table(worker *w, int ply, int back))[64]
{
    if (ply - back + 1 < 1)
        return NULL;
    const frame *f = &w->stack[ply - back + 1];
    return f->move > 1 ? w->cont[f->piece][move_to(f->move)] : NULL;
}

/* The history score of a quiet move: butterfly plus continuations. */
static int quiet_score(worker *w, int ply, chess_move m)
{
    const chess_pos *p = &w->pos;
    int pc = p->board[move_from(m)], to = move_to(m);
    int v = w->history[p->side][move_from(m)][to];
    int16_t(*c1)[64] = cont_table(w, ply, 1), (*c2)[64] = cont_table(w, ply, 2);
    if (c1)
        v += c1[pc][to];
    if (c2)
        v += c2[pc][to];
    return v;
}

enum {
    ORDER_HASH = 1 << 30,
    ORDER_GOOD_CAPTURE = 1 << 28,
    ORDER_KILLER = 1 << 27,
    ORDER_COUNTER = (1 << 27) - 2,
    ORDER_BAD_CAPTURE = -(1 << 28)
};

static int capture_order(const chess_pos *p, chess_move m)
{
    int victim = move_kind(m) == MOVE_EP ? PAWN : type_on(p, move_to(m));
    if (victim == EMPTY)
        victim = PAWN; /* a quiet promotion */
    return chess_see_value[victim] * 8 - type_on(p, move_from(m));
}

static void score_moves(worker *w, const chess_move *list, int *score,
                        int n, chess_move hash_move, int ply)
{
    const chess_pos *p = &w->pos;
    const frame *f = &w->stack[ply];
    chess_move prev = f->move > 1 ? f->move : MOVE_NONE;
    chess_move counter =
        prev ? w->counter[move_from(prev)][move_to(prev)] : MOVE_NONE;
    for (int i = 0; i < n; i++) {
        chess_move m = list[i];
        bool noisy = chess_is_capture(p, m) || move_kind(m) == MOVE_PROMO;
        if (m == hash_move) {
            score[i] = ORDER_HASH;
        } else if (move_kind(m) == MOVE_PROMO && move_promo(m) != QUEEN) {
            score[i] = ORDER_BAD_CAPTURE - 1000 + move_promo(m);
        } else if (noisy) {
            int victim = type_on(p, move_to(m));
            bool good = move_kind(m) != MOVE_NORMAL ||
                        chess_see_value[victim] >=
                            chess_see_value[type_on(p, move_from(m))] ||
                        chess_see(p, m) >= 0;
            score[i] = (good ? ORDER_GOOD_CAPTURE : ORDER_BAD_CAPTURE) +
                       capture_order(p, m);
        } else if (m == f->killers[0]) {
            score[i] = ORDER_KILLER + 1;
        } else if (m == f->killers[1]) {
            score[i] = ORDER_KILLER;
        } else if (m == counter) {
            score[i] = ORDER_COUNTER;
        } else {
            score[i] = quiet_score(w, ply, m);
        }
    }
}

/* Brings the best remaining move to position i (selection sort, so an
 * early cut-off sorts little). */
static chess_move next_move(chess_move *list, int *score, int n, int i)
{
    int best = i;
    for (int k = i + 1; k < n; k++)
        if (score[k] > score[best])
            best = k;
    chess_move m = list[best];
    int sc = score[best];
    list[best] = list[i];
    score[best] = score[i];
    list[i] = m;
    score[i] = sc;
    return m;
}

static void update_history(int16_t *h, int bonus)
{
    int v = *h + bonus - *h * abs(bonus) / HISTORY_MAX;
    *h = (int16_t)(v > HISTORY_MAX    ? HISTORY_MAX
                   : v < -HISTORY_MAX ? -HISTORY_MAX
                                      : v);
}

/* A quiet move's histories after a cut-off: a bonus for the move that
 * made it, a malus for those tried before. */
static void reward(worker *w, int ply, chess_move m, int bonus)
{
    const chess_pos *p = &w->pos;
    int pc = p->board[move_from(m)], to = move_to(m);
    update_history(&w->history[p->side][move_from(m)][to], bonus);
    int16_t(*c1)[64] = cont_table(w, ply, 1), (*c2)[64] = cont_table(w, ply, 2);
    if (c1)
        update_history(&c1[pc][to], bonus);
    if (c2)
        update_history(&c2[pc][to], bonus);
}

/* ---- Correction history ----------------------------------------------- */

static int32_t *corr_entry(worker *w)
{
    return &w->corr[w->pos.side][chess_pawn_hash(&w->pos) >> (64 - CORR_BITS)];
}

/* The static evaluation moved by what searches of this pawn structure
 * have found. */
static int corrected(worker *w, int raw)
{
    int v = raw + *corr_entry(w) / CORR_GRAIN;
    return v >= SCORE_MATE_BOUND    ? SCORE_MATE_BOUND - 1
           : v <= -SCORE_MATE_BOUND ? -SCORE_MATE_BOUND + 1
                                    : v;
}

/* Moves the entry towards a searched score's distance from the raw
 * evaluation, the more the deeper the search. */
static void correct(worker *w, int raw, int score, int depth)
{
    int32_t *e = corr_entry(w);
    int diff = score - raw, weight = depth + 1 < 16 ? depth + 1 : 16;
    diff = diff > CORR_LIMIT    ? CORR_LIMIT
           : diff < -CORR_LIMIT ? -CORR_LIMIT
                                : diff;
    *e = (*e * (256 - weight) + diff * CORR_GRAIN * weight) / 256;
}

/* ---- Quiescence ------------------------------------------------------- */

static int qsearch(worker *w, int alpha, int beta, int ply)
{
    chess_pos *p = &w->pos;
    w->nodes++;
    w->pvlen[ply] = 0;
    if (ply > w->seldepth)
        w->seldepth = ply;
    if (out_of_time(w))
        return 0;
    if (is_draw(w))
        return 0;
    bool check = chess_in_check(p);
    if (ply >= MAX_PLY)
        return check ? 0 : static_eval(w, ply);

    tt_hit hit;
    bool found = tt_probe(&w->s->tt, p->key, &hit);
    if (found) {
        int v = score_from_tt(hit.score, ply);
        if (hit.bound == BOUND_EXACT ||
            (hit.bound == BOUND_LOWER && v >= beta) ||
            (hit.bound == BOUND_UPPER && v <= alpha))
            return v;
    }
    int stand = -SCORE_INF, best = -SCORE_INF, raw = 0;
    if (!check) {
        raw = found ? hit.eval : static_eval(w, ply);
        stand = corrected(w, raw);
        if (stand >= beta)
            return stand;
        if (stand > alpha)
            alpha = stand;
        best = stand;
    }
    chess_move list[CHESS_MAX_MOVES];
    int score[CHESS_MAX_MOVES];
    int n = chess_gen(p, list, check ? GEN_ALL : GEN_NOISY);
    if (check && n == 0)
        return -SCORE_MATE + ply;
    score_moves(w, list, score, n, found ? hit.move : MOVE_NONE, ply);
    chess_move best_move = MOVE_NONE;
    int old_alpha = alpha;
    for (int i = 0; i < n; i++) {
        chess_move m = next_move(list, score, n, i);
        if (!check) {
            /* hopeless or losing captures are not worth a look */
            if (score[i] < ORDER_GOOD_CAPTURE - (1 << 20) &&
                score[i] != ORDER_HASH)
                continue;
            int gain = chess_see_value[move_kind(m) == MOVE_EP ? PAWN
                                       : type_on(p, move_to(m)) == EMPTY
                                           ? PAWN
                                           : type_on(p, move_to(m))];
            if (move_kind(m) != MOVE_PROMO && stand + gain + 200 <= alpha)
                continue;
        }
        chess_undo u;
        push_key(w);
        w->stack[ply + 1].move = m;
        w->stack[ply + 1].piece = p->board[move_from(m)];
        make(w, m, &u, ply);
        tt_prefetch(&w->s->tt, p->key);
        int v = -qsearch(w, -beta, -alpha, ply + 1);
        chess_unmake(p, m, &u);
        w->nkeys--;
        if (stopped(w))
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                best_move = m;
                if (v >= beta)
                    break;
            }
        }
    }
    tt_store(&w->s->tt, p->key, best_move, score_to_tt(best, ply),
             raw, 0,
             best >= beta        ? BOUND_LOWER
             : alpha > old_alpha ? BOUND_EXACT
                                 : BOUND_UPPER);
    return best;
}

/* ---- The main search -------------------------------------------------- */

static int search(worker *w, int alpha, int beta, int depth, int ply, bool cut)
{
    struct chess_search *s = w->s;
    chess_pos *p = &w->pos;
    bool pv = beta - alpha > 1, root = ply == 0;
    w->pvlen[ply] = 0;

    /* 1. Leaves go to the quiescence search. */
    if (depth <= 0)
        return qsearch(w, alpha, beta, ply);
    w->nodes++;
    if (out_of_time(w))
        return 0;

    /* 2. Draws, the ply limit, and mate-distance pruning. */
    if (!root) {
        if (is_draw(w))
            return 0;
        if (ply >= MAX_PLY)
            return static_eval(w, ply);
        alpha = alpha > -SCORE_MATE + ply ? alpha : -SCORE_MATE + ply;
        beta = beta < SCORE_MATE - ply - 1 ? beta : SCORE_MATE - ply - 1;
        if (alpha >= beta)
            return alpha;
    }
    bool check = chess_in_check(p);

    /* 3. The transposition table. */
    tt_hit hit;
    chess_move excluded = w->stack[ply].excluded;
    bool found = !excluded && tt_probe(&s->tt, p->key, &hit);
    chess_move hash_move = found ? hit.move : MOVE_NONE;
    if (root && w->best)
        hash_move = w->best;
    if (found && !pv && hit.depth >= depth) {
        int v = score_from_tt(hit.score, ply);
        if (hit.bound == BOUND_EXACT ||
            (hit.bound == BOUND_LOWER && v >= beta) ||
            (hit.bound == BOUND_UPPER && v <= alpha))
            return v;
    }

    /* 4. Static evaluation, and whether it improves on two plies ago. */
    int eval = -SCORE_INF, raw = 0;
    if (!check) {
        raw = found ? hit.eval : static_eval(w, ply);
        eval = corrected(w, raw);
    }
    w->stack[ply].eval = eval;
    /* a stored score that bounds the evaluation the right way is a better
     * guess of this node's value (for the pruning below) */
    if (!check && found && abs(hit.score) < SCORE_MATE_BOUND &&
        (hit.bound == BOUND_EXACT ||
         (hit.bound == BOUND_LOWER ? hit.score > eval : hit.score < eval)))
        eval = hit.score;
    w->stack[ply + 2].killers[0] = w->stack[ply + 2].killers[1] = MOVE_NONE;
    bool improving = !check && ply >= 2 && eval > w->stack[ply - 2].eval;

    if (!pv && !check && !excluded) {
        /* 5. Reverse futility: far above beta with little depth left. */
        if (depth <= 7 && eval - 80 * depth + (improving ? 40 : 0) >= beta &&
            eval < SCORE_MATE_BOUND)
            return eval;
        /* 6. Null move: if passing still holds beta, a move will too
         * (not with pawns alone, where zugzwang is common). */
        if (depth >= 3 && eval >= beta && w->stack[ply].move != MOVE_NONE &&
            has_pieces(p, p->side) && ply > 0) {
            int r = 3 + depth / 4 +
                    ((eval - beta) / 200 < 3 ? (eval - beta) / 200 : 3);
            chess_undo u;
            push_key(w);
            chess_make_null(p, &u);
            if (s->net)
                w->acc[ply + 1] = w->acc[ply];
            w->stack[ply + 1].move = MOVE_NONE;
            int v = -search(w, -beta, -beta + 1, depth - 1 - r, ply + 1, !cut);
            chess_unmake_null(p, &u);
            w->nkeys--;
            if (stopped(w))
                return 0;
            if (v >= beta)
                return v >= SCORE_MATE_BOUND ? beta : v;
        }
        /* 7. Razoring: hopeless at the frontier, see if captures help. */
        if (depth <= 2 && eval + 250 * depth <= alpha) {
            int v = qsearch(w, alpha, beta, ply);
            if (v <= alpha)
                return v;
        }
        /* 7b. Probcut: a good capture that holds a bound well above
         * beta in a shallow search will hold beta in the full one. */
        int pbeta = beta + 200;
        if (depth >= 5 && abs(beta) < SCORE_MATE_BOUND &&
            !(found && hit.depth >= depth - 3 &&
              score_from_tt(hit.score, ply) < pbeta)) {
            chess_move caps[CHESS_MAX_MOVES];
            int cscore[CHESS_MAX_MOVES];
            int nc = chess_gen(p, caps, GEN_NOISY);
            score_moves(w, caps, cscore, nc, hash_move, ply);
            for (int i = 0; i < nc; i++) {
                chess_move m = next_move(caps, cscore, nc, i);
                if (cscore[i] < ORDER_GOOD_CAPTURE)
                    break;
                chess_undo u;
                push_key(w);
                w->stack[ply + 1].piece = p->board[move_from(m)];
                make(w, m, &u, ply);
                w->stack[ply + 1].move = m;
                int v = -qsearch(w, -pbeta, -pbeta + 1, ply + 1);
                if (v >= pbeta)
                    v = -search(w, -pbeta, -pbeta + 1, depth - 4, ply + 1,
                                !cut);
                chess_unmake(p, m, &u);
                w->nkeys--;
                if (stopped(w))
                    return 0;
                if (v >= pbeta)
                    return v;
            }
        }
    }
    /* 8. Without a hash move a deep node is searched a little less. */
    if (!hash_move && depth >= 6 && (pv || cut))
        depth--;

    /* 9. The moves, best first. */
    chess_move list[CHESS_MAX_MOVES], quiets[64];
    int score[CHESS_MAX_MOVES], nquiets = 0;
    int n = chess_legal(p, list);
    if (n == 0)
        return check ? -SCORE_MATE + ply : 0;
    score_moves(w, list, score, n, hash_move, ply);
    int best = -SCORE_INF, searched = 0;
    chess_move best_move = MOVE_NONE;
    int old_alpha = alpha;
    for (int i = 0; i < n; i++) {
        chess_move m = next_move(list, score, n, i);
        if (m == excluded)
            continue;
        bool capture = chess_is_capture(p, m);
        bool quiet = !capture && move_kind(m) != MOVE_PROMO;
        int stat = quiet ? quiet_score(w, ply, m) : 0;

        /* 11. Singular extension: a hash move much better than every
         * other move (they all fail low against a lowered bound) is
         * searched one ply deeper. */
        int extension = 0;
        if (m == hash_move && !root && depth >= 8 && !excluded && found &&
            hit.depth >= depth - 3 && hit.bound != BOUND_UPPER &&
            abs(hit.score) < SCORE_MATE_BOUND) {
            int sbeta = score_from_tt(hit.score, ply) - 2 * depth;
            w->stack[ply].excluded = m;
            int v = search(w, sbeta - 1, sbeta, (depth - 1) / 2, ply, cut);
            w->stack[ply].excluded = MOVE_NONE;
            if (stopped(w))
                return 0;
            if (v < sbeta)
                extension = 1;
            else if (sbeta >= beta)
                return sbeta; /* several moves beat beta: a cut anyway */
        }

        /* 10. Pruning of late, quiet and losing moves near the leaves. */
        if (!root && !check && best > -SCORE_MATE_BOUND &&
            has_pieces(p, p->side)) {
            if (quiet && depth <= 7 &&
                searched >= 3 + depth * depth / (improving ? 1 : 2))
                continue;
            if (quiet && depth <= 6 && eval + 100 + 90 * depth <= alpha)
                continue;
            /* quiet moves that keep failing in this context */
            if (quiet && depth <= 3 && stat < -3000 * depth &&
                score[i] < ORDER_COUNTER)
                continue;
            if (depth <= 6 && score[i] < ORDER_KILLER &&
                chess_see(p, m) < (quiet ? -60 * depth : -100 * depth))
                continue;
        }

        chess_undo u;
        push_key(w);
        w->stack[ply + 1].piece = p->board[move_from(m)];
        make(w, m, &u, ply);
        tt_prefetch(&s->tt, p->key);
        w->stack[ply + 1].move = m;
        bool gives_check = chess_in_check(p);
        /* 12. Check extension. */
        int new_depth = depth - 1 +
                        (extension     ? extension
                         : gives_check ? 1
                                       : 0);
        int v;
        if (searched == 0) {
            v = -search(w, -beta, -alpha, new_depth, ply + 1, !pv && !cut);
        } else {
            /* 13. Late move reductions, then a null window, then the full
             * window for a move that may be the new best. */
            int r = 0;
            if (depth >= 3 && searched >= 2 && quiet && !gives_check) {
                r = w->s->lmr[depth < 64 ? depth : 63]
                             [searched < 64 ? searched : 63];
                r += !improving;
                r += cut ? 1 : 0;
                r -= pv;
                r -= m == w->stack[ply].killers[0] ||
                     m == w->stack[ply].killers[1];
                r -= stat / 8000;
                r = r < 0 ? 0 : r > new_depth - 1 ? new_depth - 1 : r;
                if (r < 0)
                    r = 0;
            }
            v = -search(w, -alpha - 1, -alpha, new_depth - r, ply + 1, true);
            if (v > alpha && r > 0)
                v = -search(w, -alpha - 1, -alpha, new_depth, ply + 1, !cut);
            if (v > alpha && pv)
                v = -search(w, -beta, -alpha, new_depth, ply + 1, false);
        }
        chess_unmake(p, m, &u);
        w->nkeys--;
        if (stopped(w))
            return 0;
        searched++;
        if (v > best) {
            best = v;
            if (v > alpha) {
                best_move = m;
                alpha = v;
                /* a root move proven better than the first is played
                 * even if this iteration is cut short */
                if (root && searched > 1)
                    w->best = m;
                w->pv[ply][0] = m;
                memcpy(&w->pv[ply][1], w->pv[ply + 1],
                       sizeof(chess_move) * (size_t)w->pvlen[ply + 1]);
                w->pvlen[ply] = w->pvlen[ply + 1] + 1;
                if (v >= beta) {
                    /* 14. A cut-off: remember the quiet move that made it. */
                    if (quiet) {
                        frame *f = &w->stack[ply];
                        if (f->killers[0] != m) {
                            f->killers[1] = f->killers[0];
                            f->killers[0] = m;
                        }
                        chess_move prev = w->stack[ply].move;
                        if (prev > 1)
                            w->counter[move_from(prev)][move_to(prev)] = m;
                        int bonus =
                            depth * depth > 400 ? 400 * 16 : depth * depth * 16;
                        reward(w, ply, m, bonus);
                        for (int k = 0; k < nquiets; k++)
                            reward(w, ply, quiets[k], -bonus);
                    }
                    break;
                }
            }
        }
        if (quiet && nquiets < 64)
            quiets[nquiets++] = m;
    }
    if (searched == 0) /* every move was pruned: no better than alpha */
        return alpha;

    /* 15. Remember the result (not for a search leaving a move out). */
    int bound = best >= beta        ? BOUND_LOWER
                : alpha > old_alpha ? BOUND_EXACT
                                    : BOUND_UPPER;
    if (!excluded) {
        tt_store(&s->tt, p->key, best_move, score_to_tt(best, ply), raw,
                 depth, bound);
        /* a quiet result that bounds the evaluation the informative way
         * corrects it */
        if (!check && (!best_move || !chess_is_capture(p, best_move)) &&
            abs(best) < SCORE_MATE_BOUND &&
            (bound == BOUND_EXACT ||
             (bound == BOUND_LOWER ? best > w->stack[ply].eval
                                   : best < w->stack[ply].eval)))
            correct(w, raw, best, depth);
    }
    return best;
}

/* ---- Iterative deepening ---------------------------------------------- */

static void report(worker *w, int depth, int score, const chess_limits *lim)
{
    if (!lim->report)
        return;
    struct chess_search *s = w->s;
    chess_report r = {.depth = depth, .seldepth = w->seldepth, .score = score};
    for (int i = 0; i < s->threads; i++)
        r.nodes += i == w->id ? w->nodes : atomic_load(&s->nodes_published[i]);
    r.seconds = elapsed(s);
    r.hashfull = tt_hashfull(&s->tt);
    r.pvlen = w->pvlen[0];
    memcpy(r.pv, w->pv[0], sizeof(chess_move) * (size_t)r.pvlen);
    if (r.pvlen == 0 && w->best) {
        r.pv[0] = w->best;
        r.pvlen = 1;
    }
    lim->report(lim->ctx, &r);
}

static void deepen(worker *w)
{
    struct chess_search *s = w->s;
    const chess_limits *lim = s->lim;
    int max_depth = lim->depth > 0 ? lim->depth : MAX_PLY - 1;
    int prev = 0, stable = 0;
    chess_move last_best = MOVE_NONE;
    w->best = MOVE_NONE;
    w->depth_done = 0;
    for (int depth = 1 + (w->id & 1); depth <= max_depth; depth++) {
        int window = 18, alpha = -SCORE_INF, beta = SCORE_INF, v;
        if (depth >= 5) {
            alpha = prev - window > -SCORE_INF ? prev - window : -SCORE_INF;
            beta = prev + window < SCORE_INF ? prev + window : SCORE_INF;
        }
        w->seldepth = 0;
        for (;;) {
            v = search(w, alpha, beta, depth, 0, false);
            if (stopped(w))
                break;
            if (v <= alpha) {
                beta = (alpha + beta) / 2;
                alpha = v - window > -SCORE_INF ? v - window : -SCORE_INF;
            } else if (v >= beta) {
                beta = v + window < SCORE_INF ? v + window : SCORE_INF;
                if (w->pvlen[0])
                    w->best = w->pv[0][0];
            } else {
                break;
            }
            window += window / 2;
        }
        if (stopped(w) && w->depth_done > 0)
            break;
        if (w->pvlen[0])
            w->best = w->pv[0][0];
        w->best_score = v;
        w->depth_done = depth;
        int drop = prev - v;
        prev = v;
        if (w->id != 0)
            continue;
        report(w, depth, v, lim);
        if (stopped(w))
            break;
        /* time: stop between iterations once the planned share is used,
         * scaled by how settled the search looks: a best move that keeps
         * changing or a falling score earn more time, a long-stable best
         * move less */
        stable = w->best == last_best ? (stable < 6 ? stable + 1 : 6) : 0;
        last_best = w->best;
        static const double by_stability[7] = {1.5,  1.25, 1.1, 1.0,
                                               0.85, 0.75, 0.65};
        double factor = depth < 5 ? 1 : by_stability[stable];
        if (depth >= 5 && drop > 10)
            factor *= 1 + (drop < 150 ? drop : 150) / 150.0;
        /* (with a clock; a fixed time a move is used in full) */
        double limit = s->soft < s->hard ? s->soft * factor : s->soft;
        if (s->soft > 0 && !atomic_load(&s->pondering) && elapsed(s) >= limit)
            break;
        /* a single legal move, or a mate found, needs no deeper look */
        if (!lim->infinite && lim->depth == 0 && s->root_moves == 1 &&
            (s->soft > 0 || lim->movetime > 0))
            break;
        if (!lim->infinite && abs(v) >= SCORE_MATE_BOUND &&
            SCORE_MATE - abs(v) <= depth)
            break;
    }
}

static int helper_main(void *arg)
{
    deepen(arg);
    return 0;
}

/* Plans the time of a move from the clock. */
static void plan_time(struct chess_search *s, const chess_limits *lim)
{
    s->soft = s->hard = 0;
    double overhead = lim->overhead > 0 ? lim->overhead : OVERHEAD_DEFAULT;
    if (lim->movetime > 0) {
        double t = lim->movetime - overhead;
        s->soft = s->hard = t > 0.001 ? t : 0.001;
    } else if (lim->time_left > 0) {
        double avail = lim->time_left - overhead;
        if (avail < 0.001)
            avail = 0.001;
        /* a share of the clock as if 30 moves remained (a geometric
         * spending), plus what the increment leaves beyond the overhead
         * (the GUI's clock runs while the move travels): in a long game
         * the clock falls to where the hard limit, 0.4 of it, meets the
         * increment, and stays there (measured: docs/nnue.md) */
        int mtg = lim->moves_to_go > 0
                      ? (lim->moves_to_go < 40 ? lim->moves_to_go + 1 : 41)
                      : 30;
        double inc = lim->increment - overhead;
        double base = avail / mtg + (inc > 0 ? inc : 0);
        s->hard = base * 4 < avail * 0.4 ? base * 4 : avail * 0.4;
        s->soft = base < s->hard ? base : s->hard;
    }
}

/* Exact scores of every root move at a small depth, plus deterministic
 * noise: the weak levels' human-looking mistakes. */
static chess_move noisy_choice(worker *w, int depth, const chess_limits *lim,
                               int *out_score)
{
    chess_move list[CHESS_MAX_MOVES];
    int n = chess_legal(&w->pos, list), best = -SCORE_INF * 2;
    chess_move choice = list[0];
    uint64_t x = lim->seed ^ w->pos.key;
    for (int i = 0; i < n; i++) {
        chess_undo u;
        push_key(w);
        make(w, list[i], &u, 0);
        w->stack[1].move = list[i];
        int v = -search(w, -SCORE_INF, SCORE_INF, depth - 1, 1, false);
        chess_unmake(&w->pos, list[i], &u);
        w->nkeys--;
        if (stopped(w) && i > 0)
            break;
        x = (x + 0x9e3779b97f4a7c15u) * 0xbf58476d1ce4e5b9u;
        int noise = (int)((x >> 33) % (uint64_t)(lim->noise + 1));
        /* mates are never played around */
        if (abs(v) >= SCORE_MATE_BOUND)
            noise = v > 0 ? lim->noise : 0;
        if (v + noise > best) {
            best = v + noise;
            choice = list[i];
            *out_score = v;
        }
    }
    return choice;
}

void chess_apply_level(chess_limits *lim, int level)
{
    /* the weak levels err like people (a piece left hanging, a weak plan),
     * never at random: noise on exact scores of a shallow search; levels
     * 1-4 are limited by depth or nodes, so they play alike on any
     * machine, and only level 5 depends on the time it is given */
    static const struct {
        int depth, noise;
        long long nodes;
    } levels[5] = {{1, 300, 0}, {2, 120, 0}, {5, 0, 0}, {0, 0, 30000},
                   {0, 0, 0}};
    if (level < 1 || level > 5)
        return;
    if (levels[level - 1].depth &&
        (!lim->depth || lim->depth > levels[level - 1].depth))
        lim->depth = levels[level - 1].depth;
    lim->noise = levels[level - 1].noise;
    long long n = levels[level - 1].nodes;
    if (n > 0 && (lim->nodes <= 0 || lim->nodes > n))
        lim->nodes = n;
}

chess_move chess_search_run(chess_search *s, const chess_pos *root,
                            const uint64_t *hist, int nhist,
                            const chess_limits *lim, chess_report *result)
{
    atomic_store(&s->start_ns, now_ns());
    atomic_store(&s->stop, 0);
    atomic_store(&s->pondering, lim->infinite ? 1 : 0);
    s->lim = lim;
    plan_time(s, lim);
    s->tt.age++;
    chess_move list[CHESS_MAX_MOVES];
    s->root_moves = chess_legal(root, list);
    if (result)
        memset(result, 0, sizeof *result);
    if (s->root_moves == 0)
        return MOVE_NONE;
    if (nhist > HIST_KEYS) {
        hist += nhist - HIST_KEYS;
        nhist = HIST_KEYS;
    }
    for (int i = 0; i < s->threads; i++) {
        worker *w = &s->workers[i];
        w->pos = *root;
        if (s->net)
            nnue_refresh(s->net, root, &w->acc[0]);
        memcpy(w->keys, hist, sizeof *hist * (size_t)nhist);
        w->nkeys = nhist;
        memset(w->stack, 0, sizeof w->stack);
        w->stack[0].move = 1; /* not a null move */
        w->nodes = 0;
        w->best = MOVE_NONE;
        atomic_store(&s->nodes_published[i], 0);
    }
    worker *main = &s->workers[0];
    chess_move best;
    int score = 0;
    if (lim->noise > 0) {
        best = noisy_choice(main, lim->depth > 0 ? lim->depth : 1, lim, &score);
        main->depth_done = lim->depth > 0 ? lim->depth : 1;
        main->pvlen[0] = 0;
    } else {
        int started = 1;
        for (int i = 1; i < s->threads; i++)
            if (thrd_create(&s->workers[i].thread, helper_main,
                            &s->workers[i]) == thrd_success)
                started++;
            else
                break;
        deepen(main);
        /* a pondering or infinite search waits for stop before answering */
        while (lim->infinite && atomic_load(&s->pondering) && !stopped(main) &&
               !(lim->stop && *lim->stop))
            thrd_sleep(&(struct timespec){.tv_nsec = 1000000}, NULL);
        atomic_store(&s->stop, 1);
        for (int i = 1; i < started; i++)
            thrd_join(s->workers[i].thread, NULL);
        best = main->best;
        score = main->best_score;
    }
    if (!best) /* stopped before depth 1 ended: any legal move */
        best = list[0];
    if (result) {
        result->depth = main->depth_done;
        result->seldepth = main->seldepth;
        result->score = score;
        for (int i = 0; i < s->threads; i++)
            result->nodes += s->workers[i].nodes;
        result->seconds = elapsed(s);
        result->hashfull = tt_hashfull(&s->tt);
        result->pvlen = main->pvlen[0];
        memcpy(result->pv, main->pv[0],
               sizeof(chess_move) * (size_t)main->pvlen[0]);
        if (result->pvlen == 0 || result->pv[0] != best) {
            result->pv[0] = best;
            result->pvlen = 1;
        }
    }
    return best;
}
