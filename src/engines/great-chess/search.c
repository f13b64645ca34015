/* search.c — the Grande Acedrex searcher: iterative deepening with
 * aspiration windows, principal variation search with a transposition
 * table, null move, reverse futility, futility and late move pruning, late
 * move reductions, killer and history ordering, and a quiescence search of
 * captures and promotions.  Stalemate is decisive in this game (seed: the
 * side with more, then higher, pieces wins), so it scores like mate. */
#define _DEFAULT_SOURCE /* madvise */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <threads.h>
#include <time.h>

#include "search.h"

enum { EXACT = 1, LOWER = 2, UPPER = 3 };
enum { MATE_BOUND = GC_MATE - 1000 };

typedef struct {
    uint32_t key;     /* high half of the Zobrist key */
    uint32_t move;
    int16_t score, eval;
    uint8_t depth, flag_age; /* bound in the low 2 bits, age above */
} tt_entry;

/* Static evaluations already worked out in this search, by the whole
 * key: the same value again without the work (the leaves of one
 * iteration are met again in the next). */
enum { ECACHE = 1 << 14 };
typedef struct {
    uint64_t key;
    int32_t value;
    int32_t used;
} ecache_entry;

struct gc_search {
    ecache_entry ecache[ECACHE];
    tt_entry *tt;
    size_t tt_mask;
    uint8_t age;
    gc_pos pos;
    const gc_limits *lim;
    long long nodes;
    double start;
    bool stopped;
    int root_depth;
    uint64_t path[GC_MAX_PLY + 8];  /* keys of the positions on the path */
    int evals[GC_MAX_PLY + 8];
    gc_move killers[GC_MAX_PLY + 8][2];
    int history[2][GC_CELLS][GC_CELLS];
    gc_move pv[GC_MAX_PLY + 8][GC_MAX_PLY + 8];
    int pv_len[GC_MAX_PLY + 8];
    gc_move moves[GC_MAX_PLY + 8][GC_MAX_MOVES];
    int scores[GC_MAX_PLY + 8][GC_MAX_MOVES];
};

/* Late move reductions by depth and move number. */
static int lmr[64][64];
static once_flag lmr_once = ONCE_FLAG_INIT;

static void build_lmr(void)
{
    for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++)
            lmr[d][m] = (int)(0.75 + log(d) * log(m) / 2.25);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The table, zeroed: in huge pages where the system gives them on
 * request (a probe then rarely misses the address cache as well as the
 * data cache), else as it comes. */
static tt_entry *tt_alloc(size_t entries)
{
    enum { HUGE_PAGE = 2 << 20 };
    size_t bytes = entries * sizeof(tt_entry); /* a power of two */
    if (bytes >= HUGE_PAGE) {
        tt_entry *t = aligned_alloc(HUGE_PAGE, bytes);
        if (t) {
#ifdef MADV_HUGEPAGE
            madvise(t, bytes, MADV_HUGEPAGE);
#endif
            memset(t, 0, bytes);
            return t;
        }
    }
    return calloc(entries, sizeof(tt_entry));
}

gc_search *gc_search_new(int hash_mb)
{
    gc_search *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    size_t entries = 1;
    while (entries * 2 * sizeof(tt_entry) <= (size_t)hash_mb << 20)
        entries *= 2;
    s->tt = tt_alloc(entries);
    if (!s->tt) {
        free(s);
        return NULL;
    }
    s->tt_mask = entries - 1;
    call_once(&lmr_once, build_lmr);
    return s;
}

void gc_search_free(gc_search *s)
{
    if (!s)
        return;
    free(s->tt);
    free(s);
}

/* ---- Transposition table: mate scores are stored from the node. ---- */

static int to_tt(int v, int ply)
{
    return v > MATE_BOUND ? v + ply : v < -MATE_BOUND ? v - ply : v;
}

static int from_tt(int v, int ply)
{
    return v > MATE_BOUND ? v - ply : v < -MATE_BOUND ? v + ply : v;
}

static tt_entry *tt_probe(gc_search *s, uint64_t key)
{
    tt_entry *e = &s->tt[key & s->tt_mask];
    return e->key == (uint32_t)(key >> 32) && e->flag_age & 3 ? e : NULL;
}

static void tt_store(gc_search *s, uint64_t key, gc_move m, int score,
                     int eval, int depth, int flag, int ply)
{
    tt_entry *e = &s->tt[key & s->tt_mask];
    uint32_t k = (uint32_t)(key >> 32);
    /* keep a deeper entry of this search for the same position */
    if (e->key == k && (e->flag_age >> 2) == s->age && depth < e->depth - 2 &&
        flag != EXACT)
        return;
    if (e->key != k || m)
        e->move = m;
    e->key = k;
    e->score = (int16_t)to_tt(score, ply);
    e->eval = (int16_t)eval;
    e->depth = (uint8_t)(depth < 0 ? 0 : depth);
    e->flag_age = (uint8_t)(flag | s->age << 2);
}

/* ---- Limits ---- */

static bool out_of_time(gc_search *s)
{
    const gc_limits *l = s->lim;
    if (l->nodes && s->nodes >= l->nodes)
        return true;
    if ((s->nodes & 1023) == 0) {
        if (l->stop && *l->stop)
            return true;
        if (l->seconds > 0 && now() - s->start >= l->seconds)
            return true;
    }
    return false;
}

/* ---- Evaluation with the level's noise ---- */

static int evaluate(gc_search *s)
{
    ecache_entry *e = &s->ecache[s->pos.key & (ECACHE - 1)];
    if (!e->used || e->key != s->pos.key) {
        e->key = s->pos.key;
        e->value = gc_eval(&s->pos);
        e->used = 1;
    }
    int v = e->value;
    if (s->lim->noise > 0) {
        uint64_t h = (s->pos.key ^ s->lim->seed) * 0x9e3779b97f4a7c15u;
        h ^= h >> 29;
        v += (int)(h % (uint64_t)(2 * s->lim->noise + 1)) - s->lim->noise;
    }
    return v;
}

/* ---- Move ordering ---- */

enum {
    SCORE_TT = 1 << 30,
    SCORE_GOOD = 1 << 24,
    SCORE_KILLER = 1 << 22,
    SCORE_BAD = -(1 << 24) /* losing-looking captures: after the quiet moves */
};

static bool is_tactical(const gc_pos *p, gc_move m)
{
    return p->sq[GC_TO(m)] || gc_promotes(p, m);
}

static int tactical_score(const gc_pos *p, gc_move m)
{
    int victim = p->sq[GC_TO(m)] & GC_TYPE, attacker = p->sq[GC_FROM(m)] & GC_TYPE;
    int v = gc_value[victim] * 16 - attacker;
    if (gc_promotes(p, m))
        v += gc_value[gc_promotion[gc_file(GC_TO(m))]] * 16;
    return v;
}

/* A bigger piece taking a smaller, defended one (a cheap stand-in for
 * static exchange evaluation). */
static bool bad_capture(const gc_pos *p, gc_move m)
{
    int victim = p->sq[GC_TO(m)] & GC_TYPE, attacker = p->sq[GC_FROM(m)] & GC_TYPE;
    return !gc_promotes(p, m) && gc_value[attacker] > gc_value[victim] + 50 &&
           gc_attacked(p, GC_TO(m), p->side ^ 1);
}

/* Scores the n moves of the ply; returns where the stored move is (-1:
 * not among them). */
static int score_moves(gc_search *s, int ply, int n, gc_move tt_move)
{
    const gc_pos *p = &s->pos;
    gc_move *mv = s->moves[ply];
    int *sc = s->scores[ply], tt_at = -1;
    for (int i = 0; i < n; i++) {
        gc_move m = mv[i];
        if (m == tt_move)
            sc[i] = SCORE_TT, tt_at = i;
        else if (is_tactical(p, m))
            sc[i] = (bad_capture(p, m) ? SCORE_BAD : SCORE_GOOD) +
                    tactical_score(p, m);
        else if (m == s->killers[ply][0])
            sc[i] = SCORE_KILLER + 1;
        else if (m == s->killers[ply][1])
            sc[i] = SCORE_KILLER;
        else
            sc[i] = s->history[p->side][gc_cell(GC_FROM(m))][gc_cell(GC_TO(m))];
    }
    return tt_at;
}

/* Swaps the move at `best` with the one at i and returns it. */
static gc_move take(gc_search *s, int ply, int i, int best)
{
    gc_move *mv = s->moves[ply], m = mv[best];
    int *sc = s->scores[ply], v = sc[best];
    mv[best] = mv[i];
    sc[best] = sc[i];
    mv[i] = m;
    sc[i] = v;
    return m;
}

/* Brings the best remaining move to index i (the first of the best:
 * the highest score found without a branch, then where it is). */
static gc_move pick(gc_search *s, int ply, int i, int n)
{
    int *sc = s->scores[ply], top = sc[i], best = i;
    for (int j = i + 1; j < n; j++)
        top = sc[j] > top ? sc[j] : top;
    while (sc[best] != top)
        best++;
    return take(s, ply, i, best);
}

/* The moves from index i on are to be passed over if quiet.  How many
 * are left to try: 0 if no capture is left; if the captures' scores all
 * differ (pick then takes them by score alone, wherever they stand),
 * those, moved to index i on; else -1, and pick must go through all, as
 * it takes equal scores by their places. */
static int drop_quiets(gc_search *s, int ply, int i, int n)
{
    enum { FEW = 32 };
    gc_move *mv = s->moves[ply];
    int *sc = s->scores[ply], at[FEW], k = 0;
    for (int j = i; j < n; j++)
        if (is_tactical(&s->pos, mv[j])) {
            if (k == FEW)
                return -1;
            for (int q = 0; q < k; q++)
                if (sc[at[q]] == sc[j])
                    return -1;
            at[k++] = j;
        }
    for (int q = 0; q < k; q++) {
        mv[i + q] = mv[at[q]];
        sc[i + q] = sc[at[q]];
    }
    return k;
}

static void history_update(gc_search *s, gc_move m, int bonus)
{
    int *h = &s->history[s->pos.side][gc_cell(GC_FROM(m))][gc_cell(GC_TO(m))];
    *h += bonus - *h * abs(bonus) / 16384;
}

/* ---- The end of the game ---- */

/* No legal move: mate loses; stalemate by the seed's rule. */
static int no_moves_score(gc_search *s, bool in_check, int ply)
{
    if (in_check || !gc_stalemate_wins(&s->pos))
        return -GC_MATE + ply;
    return GC_MATE - ply;
}

/* A repetition on the path (within the moves since the last capture or
 * pawn move) is scored as a draw: whoever repeats could have done better
 * or cannot, and the cap ends such play in a draw. */
static bool repeated(const gc_search *s, int ply)
{
    int back = s->pos.halfmove < ply ? s->pos.halfmove : ply;
    for (int i = 4; i <= back; i += 2)
        if (s->path[ply - i] == s->pos.key)
            return true;
    return false;
}

/* ---- Quiescence ---- */

static int qsearch(gc_search *s, int alpha, int beta, int ply)
{
    gc_pos *p = &s->pos;
    s->nodes++;
    s->pv_len[ply] = ply;
    if (out_of_time(s)) {
        s->stopped = true;
        return 0;
    }
    if (ply >= GC_MAX_PLY)
        return evaluate(s);
    /* the pieces shielding the king only once the stand pat has not
     * cut (most nodes end there) */
    gc_guard guard;
    guard.in_check = gc_in_check(p);
    bool in_check = guard.in_check;
    int best = -GC_INF, stand = -GC_INF;
    if (!in_check) {
        if (p->halfmove >= p->rules.cap)
            return 0;
        stand = best = evaluate(s);
        if (stand >= beta)
            return stand;
        if (stand > alpha)
            alpha = stand;
    }
    gc_guard_pins(p, &guard);
    int n = in_check ? gc_gen(p, s->moves[ply]) : gc_gen_tactical(p, s->moves[ply]);
    score_moves(s, ply, n, 0);
    int legal = 0;
    for (int i = 0; i < n; i++) {
        gc_move m = pick(s, ply, i, n);
        if (!in_check) { /* (then legal counts for nothing: test it last) */
            if (s->scores[ply][i] < 0)
                break; /* a bad capture, and so are the rest */
            int victim = p->sq[GC_TO(m)] & GC_TYPE;
            bool promo = gc_promotes(p, m);
            /* delta pruning: even the capture leaves us below alpha */
            if (!promo && stand + gc_value[victim] + 200 <= alpha)
                continue;
        }
        if (!gc_legal(p, m, &guard))
            continue;
        legal++;
        gc_undo u;
        gc_make(p, m, &u);
        s->path[ply + 1] = p->key;
        int v = -qsearch(s, -beta, -alpha, ply + 1);
        gc_unmake(p, m, &u);
        if (s->stopped)
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                if (v >= beta)
                    break;
            }
        }
    }
    if (in_check && !legal)
        return no_moves_score(s, true, ply);
    return best;
}

/* ---- The main search ---- */

static bool has_pieces(const gc_pos *p)
{
    const uint8_t *c = p->count[p->side];
    return c[GC_GIRAFFE] + c[GC_CROC] + c[GC_LION] + c[GC_ROOK] +
               c[GC_UNICORN] + c[GC_AANCA] > 0;
}

static int search(gc_search *s, int alpha, int beta, int depth, int ply,
                  bool null_ok)
{
    gc_pos *p = &s->pos;
    bool pv_node = beta - alpha > 1, root = ply == 0;
    if (depth <= 0)
        return qsearch(s, alpha, beta, ply);
    s->nodes++;
    s->pv_len[ply] = ply;
    if (out_of_time(s)) {
        s->stopped = true;
        return 0;
    }
    /* the pieces shielding the king only when moves are tried */
    gc_guard guard;
    guard.in_check = gc_in_check(p);
    bool in_check = guard.in_check;
    if (!root) {
        /* 1. the cap and repetitions */
        if (p->halfmove >= p->rules.cap) {
            gc_guard_pins(p, &guard);
            return gc_has_legal(p, &guard) ? 0 : no_moves_score(s, in_check, ply);
        }
        if (repeated(s, ply))
            return 0;
        if (ply >= GC_MAX_PLY - 1)
            return evaluate(s);
        /* 2. mate distance pruning */
        int lo = -GC_MATE + ply, hi = GC_MATE - ply - 1;
        if (alpha < lo)
            alpha = lo;
        if (beta > hi)
            beta = hi;
        if (alpha >= beta)
            return alpha;
    }
    /* 3. the transposition table */
    tt_entry *e = tt_probe(s, p->key);
    gc_move tt_move = 0;
    int eval;
    if (e) {
        tt_move = e->move;
        if (tt_move && !gc_pseudo_ok(p, tt_move))
            tt_move = 0;
        int v = from_tt(e->score, ply), flag = e->flag_age & 3;
        if (!pv_node && e->depth >= depth &&
            (flag == EXACT || (flag == LOWER && v >= beta) ||
             (flag == UPPER && v <= alpha)))
            return v;
        eval = e->eval;
    } else {
        eval = in_check ? -GC_INF : evaluate(s);
    }
    if (in_check)
        eval = -GC_INF;
    s->evals[ply] = eval;
    bool improving = !in_check && ply >= 2 && eval > s->evals[ply - 2];

    /* 4. check extension */
    if (in_check)
        depth++;

    if (!pv_node && !in_check) {
        /* 5. reverse futility: far above beta at a shallow depth */
        if (depth <= 7 && eval - 90 * (depth - improving) >= beta &&
            eval < MATE_BOUND)
            return eval;
        /* 6. null move: passing still keeps us above beta */
        if (null_ok && depth >= 3 && eval >= beta && has_pieces(p)) {
            int r = 3 + depth / 4 + (eval - beta) / 200;
            if (r > depth - 1)
                r = depth - 1;
            gc_undo u;
            gc_make_null(p, &u);
            s->path[ply + 1] = p->key;
            int v = -search(s, -beta, -beta + 1, depth - 1 - r, ply + 1, false);
            gc_unmake_null(p, &u);
            if (s->stopped)
                return 0;
            if (v >= beta)
                return v > MATE_BOUND ? beta : v;
        }
    }
    /* 7. internal iterative reduction: no stored move to start with */
    if (!tt_move && depth >= 5)
        depth--;

    gc_guard_pins(p, &guard);
    int n = gc_gen(p, s->moves[ply]);
    int tt_at = score_moves(s, ply, n, tt_move);
    int best = -GC_INF, legal = 0, quiets = 0, alpha0 = alpha;
    bool late = false; /* quiet moves are pruned from here on */
    gc_move best_move = 0;
    gc_move tried[64];
    for (int i = 0; i < n; i++) {
        /* the stored move first: no other scores as high */
        gc_move m = i == 0 && tt_at >= 0 ? take(s, ply, 0, tt_at) : pick(s, ply, i, n);
        bool quiet = !is_tactical(p, m);
        /* 8. pruning of late quiet moves at shallow depths (the count
         * with this move if it is legal; if not, it goes all the same).
         * As legal, best and alpha only grow, every quiet move after
         * the first pruned goes too, untested: the captures left, if
         * any, are next. */
        if (quiet && late)
            continue;
        if (quiet && !root && !in_check && best > -MATE_BOUND && depth <= 6 &&
            (legal + 1 > 3 + depth * depth / (2 - improving) ||
             (!pv_node && eval + 120 + 110 * depth <= alpha))) {
            int left = drop_quiets(s, ply, i + 1, n);
            if (!left)
                break;
            if (left > 0)
                n = i + 1 + left;
            late = true;
            continue;
        }
        if (!gc_legal(p, m, &guard))
            continue;
        legal++;
        gc_undo u;
        gc_make(p, m, &u);
        __builtin_prefetch(&s->tt[p->key & s->tt_mask]);
        s->path[ply + 1] = p->key;
        bool gives_check = gc_gives_check(p, m);
        int v, nd = depth - 1;
        /* 9. late move reductions */
        if (depth >= 3 && legal > 1 + pv_node && quiet && !gives_check) {
            int r = lmr[depth < 64 ? depth : 63][legal < 64 ? legal : 63];
            r -= pv_node;
            r += !improving;
            r -= s->history[p->side ^ 1][gc_cell(GC_FROM(m))][gc_cell(GC_TO(m))] / 6000;
            if (r < 0)
                r = 0;
            if (r > nd - 1)
                r = nd - 1 > 0 ? nd - 1 : 0;
            v = -search(s, -alpha - 1, -alpha, nd - r, ply + 1, true);
            if (v > alpha && r > 0)
                v = -search(s, -alpha - 1, -alpha, nd, ply + 1, true);
        } else if (!pv_node || legal > 1) {
            v = -search(s, -alpha - 1, -alpha, nd, ply + 1, true);
        } else {
            v = alpha + 1; /* the first move of a PV node: full window */
        }
        if (pv_node && (legal == 1 || (v > alpha && v < beta)))
            v = -search(s, -beta, -alpha, nd, ply + 1, true);
        gc_unmake(p, m, &u);
        if (s->stopped)
            return 0;
        if (quiet && quiets < 64)
            tried[quiets++] = m;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                best_move = m;
                s->pv[ply][ply] = m;
                for (int k = ply + 1; k < s->pv_len[ply + 1]; k++)
                    s->pv[ply][k] = s->pv[ply + 1][k];
                s->pv_len[ply] = s->pv_len[ply + 1] > ply + 1 ? s->pv_len[ply + 1]
                                                              : ply + 1;
                if (v >= beta) {
                    /* 10. a quiet cut move: killer and history */
                    if (quiet) {
                        if (s->killers[ply][0] != m) {
                            s->killers[ply][1] = s->killers[ply][0];
                            s->killers[ply][0] = m;
                        }
                        int bonus = depth * depth * 16;
                        if (bonus > 4000)
                            bonus = 4000;
                        for (int k = 0; k < quiets - 1; k++)
                            history_update(s, tried[k], -bonus);
                        history_update(s, m, bonus);
                    }
                    break;
                }
            }
        }
    }
    if (!legal)
        return no_moves_score(s, in_check, ply);
    int flag = best >= beta ? LOWER : alpha > alpha0 ? EXACT : UPPER;
    tt_store(s, p->key, best_move, best, in_check ? 0 : eval, depth, flag, ply);
    return best;
}

static void report(gc_search *s, gc_report *r, int depth, int score)
{
    r->best = s->pv_len[0] > 0 ? s->pv[0][0] : r->best;
    r->score = score;
    r->depth = depth;
    r->nodes = s->nodes;
    r->seconds = now() - s->start;
    r->pv_len = s->pv_len[0];
    memcpy(r->pv, s->pv[0], sizeof(gc_move) * (size_t)r->pv_len);
}

gc_move gc_search_run(gc_search *s, const gc_pos *pos, const gc_limits *lim,
                      gc_report *out)
{
    gc_report r;
    memset(&r, 0, sizeof r);
    s->pos = *pos;
    s->lim = lim;
    s->nodes = 0;
    s->start = now();
    s->stopped = false;
    s->age = (uint8_t)((s->age + 1) & 63);
    s->path[0] = pos->key;
    memset(s->killers, 0, sizeof s->killers);
    memset(s->ecache, 0, sizeof s->ecache); /* the rules may have changed */
    /* a legal move to answer with whatever happens */
    gc_move first[GC_MAX_MOVES];
    gc_guard guard;
    gc_guard_init(&s->pos, &guard);
    int n = gc_gen_legal(&s->pos, &guard, first);
    r.best = n ? first[0] : 0;
    if (n == 1) {
        r.pv_len = 1;
        r.pv[0] = first[0];
    }
    int max_depth = lim->depth > 0 && lim->depth < GC_MAX_PLY ? lim->depth
                                                              : GC_MAX_PLY - 1;
    int score = 0;
    for (int depth = 1; depth <= max_depth && n > 1; depth++) {
        s->root_depth = depth;
        int delta = 25, alpha = -GC_INF, beta = GC_INF, v;
        if (depth >= 5 && !GC_IS_MATE(score)) {
            alpha = score - delta;
            beta = score + delta;
        }
        for (;;) {
            v = search(s, alpha, beta, depth, 0, false);
            if (s->stopped)
                break;
            if (v <= alpha) {
                beta = (alpha + beta) / 2;
                alpha = v - delta > -GC_INF ? v - delta : -GC_INF;
            } else if (v >= beta) {
                beta = v + delta < GC_INF ? v + delta : GC_INF;
            } else {
                break;
            }
            delta += delta / 2 + 10;
        }
        if (s->stopped && depth > 1)
            break; /* keep the last finished iteration */
        score = v;
        report(s, &r, depth, score);
        if (lim->progress)
            lim->progress(lim->ctx, &r);
        if (s->stopped)
            break;
        /* time: a new iteration would likely not finish */
        if (lim->seconds > 0 && now() - s->start > lim->seconds * 0.45)
            break;
        if (GC_IS_MATE(score) && depth > 2 &&
            GC_MATE - abs(score) < depth)
            break; /* a forced end found within the depth */
    }
    r.nodes = s->nodes;
    r.seconds = now() - s->start;
    if (out)
        *out = r;
    return r.best;
}
