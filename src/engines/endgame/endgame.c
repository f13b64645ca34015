/* endgame.c — the retrograde analysis of endgame tables (endgame.h).
 *
 * A group of tables, (x, y) and (y, x), is solved at once: a move that
 * captures nothing turns (x, y) into (y, x).  First a pass forward over
 * every position, by the game's own moves: a mover without moves has
 * lost; the moves into smaller tables (captures, removals) are looked up
 * there; the moves within the group are counted.  Then layers of
 * distance k = 0, 1, 2, ...: the positions lost in k (k even) make every
 * position that moves to them (found by the way back, unmoves) won in
 * k + 1, unless won sooner; the positions won in k (k odd) take one off
 * the count of each position that moves to them, and a position whose
 * moves are then all won for the other side is lost in k + 1 (or later,
 * if a capture puts its end off further).  What no layer reaches is
 * drawn.  A layer scans the values for its own byte. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "../../boards/graph.h"
#include "../tablefile.h"
#include "endgame.h"
#include "ludoteka/text.h"


static uint64_t binom[33][33];
static pthread_once_t binom_once = PTHREAD_ONCE_INIT;

static void make_binom(void)
{
    for (int n = 0; n <= 32; n++) {
        binom[n][0] = 1;
        for (int k = 1; k <= n; k++)
            binom[n][k] = binom[n - 1][k - 1] + (k <= n - 1 ? binom[n - 1][k] : 0);
    }
}

static int count(uint32_t set)
{
    return graph_count(set); /* no library call */
}

/* The colex rank of a set among the sets of as many points. */
static uint64_t rank_of(uint32_t set)
{
    uint64_t r = 0;
    for (int i = 1; set; set &= set - 1, i++)
        r += binom[__builtin_ctz(set)][i];
    return r;
}

/* The set of k points (of n) of colex rank r. */
static uint32_t set_of(uint64_t r, int k, int n)
{
    uint32_t set = 0;
    int c = n - 1;
    for (int i = k; i >= 1; i--, c--) {
        while (binom[c][i] > r)
            c--;
        set |= 1u << c;
        r -= binom[c][i];
    }
    return set;
}

/* The points of set numbered among the points not in taken, and back. */
static uint32_t squeeze(uint32_t set, uint32_t taken)
{
    uint32_t out = 0;
    for (; set; set &= set - 1) {
        int p = __builtin_ctz(set);
        out |= 1u << (p - count(taken & ((1u << p) - 1)));
    }
    return out;
}

static uint32_t spread(uint32_t bits, uint32_t taken, int points)
{
    uint32_t out = 0, avail = ~taken & (points == 32 ? ~0u : (1u << points) - 1);
    for (int i = 0; bits; avail &= avail - 1, i++)
        if (bits >> i & 1) {
            out |= avail & -avail;
            bits &= ~(1u << i);
        }
    return out;
}

/* The positions of a table in the order of their indices: the mover's
 * sets in colex order, and for each the other's among the points it
 * leaves free (rest numbers them), in colex order; no ranking needed. */
typedef struct {
    int points, x, y;
    uint32_t mover, rest;
    int8_t free[32]; /* the points the mover leaves, ascending */
} walk;

/* The next set of as many points in colex order. */
static uint32_t next_set(uint32_t v)
{
    uint32_t t = v | (v - 1);
    return (t + 1) | (((~t & (0u - ~t)) - 1) >> (__builtin_ctz(v) + 1));
}

static void walk_frees(walk *w)
{
    for (int p = 0, n = 0; p < w->points; p++)
        if (!(w->mover >> p & 1))
            w->free[n++] = (int8_t)p;
}

/* The walk from position idx of table (x, y) on (idx below its size). */
static void walk_start(walk *w, int points, int x, int y, uint64_t idx)
{
    uint64_t per = binom[points - x][y];
    *w = (walk){.points = points, .x = x, .y = y,
                .mover = set_of(idx / per, x, points),
                .rest = set_of(idx % per, y, points - x)};
    walk_frees(w);
}

static uint32_t walk_other(const walk *w)
{
    uint32_t other = 0;
    for (uint32_t r = w->rest; r; r &= r - 1)
        other |= 1u << w->free[__builtin_ctz(r)];
    return other;
}

static void walk_next(walk *w)
{
    w->rest = next_set(w->rest);
    if (w->rest >> (w->points - w->x)) {
        w->rest = (1u << w->y) - 1;
        w->mover = next_set(w->mover);
        walk_frees(w);
    }
}

void eg_rules_init(eg_rules *r, const lt_game *g, int points, int least,
                   unsigned variant,
                   int (*children)(const eg_rules *, uint32_t, uint32_t, eg_child *),
                   int (*unmoves)(const eg_rules *, uint32_t, uint32_t, uint32_t *))
{
    *r = (eg_rules){.game = g, .points = points, .least = least,
                    .variant = variant, .children = children,
                    .unmoves = unmoves};
}

void eg_layout(eg_tables *t, const eg_rules *rules, int most)
{
    pthread_once(&binom_once, make_binom);
    memset(t->offset, 0, sizeof t->offset);
    memset(t->size, 0, sizeof t->size);
    t->rules = *rules;
    t->most = most;
    t->entries = 0;
    int n = rules->points;
    if (rules->layout) {
        rules->layout(t);
        return;
    }
    for (int x = rules->least; x <= most; x++)
        for (int y = rules->least; y <= most; y++) {
            t->offset[x][y] = t->entries;
            t->size[x][y] = binom[n][x] * binom[n - x][y];
            t->entries += t->size[x][y];
        }
}

static bool in_tables(const eg_tables *t, int x, int y)
{
    return x >= t->rules.least && y >= t->rules.least && x <= t->most &&
           y <= t->most;
}

uint64_t eg_index(const eg_tables *t, uint32_t mover, uint32_t other)
{
    int y = count(other), n = t->rules.points - count(mover);
    return rank_of(mover) * binom[n][y] + rank_of(squeeze(other, mover));
}

void eg_position(const eg_tables *t, int x, int y, uint64_t index,
                 uint32_t *mover, uint32_t *other)
{
    uint64_t per = binom[t->rules.points - x][y];
    *mover = set_of(index / per, x, t->rules.points);
    *other = spread(set_of(index % per, y, t->rules.points - x), *mover,
                    t->rules.points);
}

int eg_value(const eg_tables *t, uint32_t mover, uint32_t other)
{
    int x = count(mover), y = count(other);
    if (!t || !in_tables(t, x, y))
        return -1;
    return t->value[t->offset[x][y] + eg_index(t, mover, other)];
}

void eg_free(eg_tables *t)
{
    if (!t)
        return;
    tf_release(t->mapping, t->mapped, t->value);
    free(t);
}

static double cpu_now(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 +
           (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
}

/* ---- A job of several processes ---- */

static const eg_job alone = {.rank = 0, .size = 1};

bool eg_all(const eg_job *job, bool ok)
{
    return job->size > 1 ? job->all(job->ctx, ok) : ok;
}

void eg_range(const eg_job *job, uint64_t n, uint64_t *lo, uint64_t *hi)
{
    *lo = n * (uint64_t)job->rank / (uint64_t)job->size;
    *hi = n * (uint64_t)(job->rank + 1) / (uint64_t)job->size;
}

/* (the largest r with n * r / size <= idx) */
int eg_owner(const eg_job *job, uint64_t n, uint64_t idx)
{
    return (int)(((idx + 1) * (uint64_t)job->size - 1) / n);
}

bool eg_share(const eg_job *job, void *values, uint64_t n)
{
    if (job->size == 1)
        return true;
    uint64_t *start = malloc(((size_t)job->size + 1) * sizeof *start);
    bool ok = start != NULL;
    if (ok) {
        for (int r = 0; r <= job->size; r++)
            start[r] = n * (uint64_t)r / (uint64_t)job->size;
        ok = job->share(job->ctx, values, start);
    }
    free(start);
    return ok;
}

bool eg_combine(const eg_job *job, double *v, int n, bool most)
{
    if (job->size == 1)
        return true;
    double *all = calloc((size_t)job->size * (size_t)n, sizeof *all);
    bool ok = all != NULL;
    if (ok) {
        memcpy(all + (size_t)job->rank * (size_t)n, v, (size_t)n * sizeof *v);
        ok = eg_share(job, all, (uint64_t)job->size * (uint64_t)n * sizeof *all);
    }
    for (int i = 0; ok && i < n; i++) {
        v[i] = all[i];
        for (int r = 1; r < job->size; r++) {
            double w = all[(size_t)r * (size_t)n + (size_t)i];
            v[i] = !most ? v[i] + w : w > v[i] ? w : v[i];
        }
    }
    free(all);
    return ok;
}

void eg_failed(bool mine, const char *what, char *msg, size_t size)
{
    snprintf(msg, size, "%s", mine ? what : _("another process of the job "
                                             "failed"));
}

/* ---- The updates for other processes ---- */

enum { OUT_MAX = 1 << 18 }; /* words put aside in a round, by default */

bool eg_exchange_init(eg_exchange *x, const eg_job *job)
{
    *x = (eg_exchange){.job = job};
    if (job->size == 1)
        return true;
    x->cap = job->words ? job->words : OUT_MAX / (size_t)(job->size - 1);
    x->cap = x->cap > 4 * EG_CHILDREN_MAX ? x->cap : 4 * EG_CHILDREN_MAX;
    x->out = malloc((size_t)job->size * x->cap * sizeof *x->out);
    x->nout = calloc((size_t)job->size, sizeof *x->nout);
    return x->out && x->nout;
}

void eg_exchange_free(eg_exchange *x)
{
    free(x->out);
    free(x->nout);
    x->out = NULL;
    x->nout = NULL;
}

void eg_exchange_put(eg_exchange *x, int p, uint64_t word)
{
    x->out[(size_t)p * x->cap + x->nout[p]++] = word;
    if (x->nout[p] + EG_CHILDREN_MAX > x->cap)
        x->full = true;
}

/* One round of the words put aside: sent to their processes, and those
 * the others sent here applied. */
static void exchange_round(eg_exchange *x, void (*apply)(void *, uint64_t),
                           void *ctx)
{
    const eg_job *job = x->job;
    size_t *at = malloc(2 * (size_t)job->size * sizeof *at), got = 0;
    uint64_t *in = NULL;
    if (at) {
        for (int p = 0; p < job->size; p++) {
            at[p] = (size_t)p * x->cap * sizeof *x->out;
            at[job->size + p] = x->nout[p] * sizeof *x->out;
        }
        in = job->swap(job->ctx, x->out, at, at + job->size, &got);
    }
    if (!in) {
        x->failed = true;
    } else {
        for (size_t e = 0; e < got / sizeof *in; e++)
            apply(ctx, in[e]);
    }
    free(in);
    free(at);
    memset(x->nout, 0, (size_t)job->size * sizeof *x->nout);
    x->full = false;
}

void eg_exchange_layer(eg_exchange *x, bool (*scan)(void *),
                       void (*apply)(void *, uint64_t), void *ctx)
{
    bool through;
    do {
        through = scan(ctx);
        if (x->job->size > 1)
            exchange_round(x, apply, ctx);
    } while (x->job->size > 1 && !eg_all(x->job, through));
}

/* ---- One group ---- */

typedef struct {
    eg_tables *t;
    const eg_job *job;
    int xs[2], ys[2], ntables; /* (x, y) and, unless x == y, (y, x) */
    uint8_t *val[2];           /* per table: its values */
    uint64_t lo[2], hi[2];     /* per table: this process's range */
    uint8_t *cnt[2];           /* per table: moves within the group not
                                * yet known won, or EG_NOLOSS (this
                                * process's range only) */
    double none[2];            /* per table: indices that are no position
                                * (of the range, then of all) */
    int maxk;                  /* the longest distance assigned so far */
    bool overflow;
    eg_exchange x;
    int k, at;                 /* the layer, the table its scan is in, */
    uint64_t next;             /* and the position it goes on from */
} group;

static int table_of(const group *gr, int x)
{
    return gr->xs[0] == x ? 0 : 1;
}

/* The forward pass over this process's range of table i of the group:
 * the game's own, or by its children. */
static void first_pass(group *gr, int i)
{
    eg_tables *t = gr->t;
    const eg_rules *r = &t->rules;
    int x = gr->xs[i], y = gr->ys[i];
    uint8_t *val = gr->val[i], *cnt = gr->cnt[i];
    eg_child kids[EG_CHILDREN_MAX];
    if (gr->lo[i] == gr->hi[i])
        return;
    if (r->forward) {
        uint64_t none = r->forward(t, x, y, gr->lo[i], gr->hi[i], val, cnt);
        gr->overflow |= none == UINT64_MAX;
        gr->none[i] = none == UINT64_MAX ? 0 : (double)none;
        for (uint64_t idx = gr->lo[i]; idx < gr->hi[i]; idx++)
            if (val[idx] && val[idx] - 1 > gr->maxk)
                gr->maxk = val[idx] - 1;
        return;
    }
    walk w;
    walk_start(&w, r->points, x, y, gr->lo[i]);
    for (uint64_t idx = gr->lo[i]; idx < gr->hi[i]; idx++, walk_next(&w)) {
        uint32_t mover = w.mover, other = walk_other(&w);
        int n = r->children(r, mover, other, kids);
        eg_moves m = EG_MOVES_NONE;
        for (int k = 0; k < n; k++) {
            int cx = count(kids[k].mover), cy = count(kids[k].other);
            eg_moves_add(&m, kids[k].over          ? 1
                             : cx + cy == x + y ? -1
                                                : eg_value(t, kids[k].mover,
                                                           kids[k].other));
        }
        int v = eg_moves_value(&m, &cnt[idx]);
        gr->overflow |= v < 0;
        val[idx] = v < 0 ? 0 : (uint8_t)v;
        if (val[idx] && val[idx] - 1 > gr->maxk)
            gr->maxk = val[idx] - 1;
    }
}

void eg_moves_add(eg_moves *m, int v)
{
    m->n++;
    if (v < 0)
        m->unknown++;
    else if (v == 0)
        m->draw = true;
    else if (v & 1)
        m->win = m->win < v ? m->win : v; /* lost in v - 1: won in v */
    else
        m->lossmax = m->lossmax > v ? m->lossmax : v;
}

int eg_moves_value(const eg_moves *m, uint8_t *count)
{
    *count = EG_NOLOSS;
    if (m->n == 0) { /* no move: lost now */
        *count = 0;
        return 1;
    }
    if ((m->win < 256 && m->win > 254) || m->lossmax > 254)
        return -1; /* 1 + d would not fit a byte */
    if (m->win < 256)
        return 1 + m->win;
    if (m->draw)
        return 0;
    /* lost no sooner than lossmax, once every unknown move is known won
     * for the other side */
    *count = (uint8_t)m->unknown;
    return m->lossmax ? 1 + m->lossmax : m->unknown ? 0 : 1;
}

/* The outcome of a layer does not depend on the order of the positions
 * reached: in an even layer each sets the same win, in an odd one each
 * takes one off a count. */
int eg_reach(uint8_t *val, uint8_t *cnt, int k)
{
    uint8_t v = *val;
    bool won = v && !(v & 1);
    if (!(k & 1)) { /* a move to a lost position: won in k + 1 */
        if (won && v - 1 <= k + 1)
            return -1;
        *val = (uint8_t)(k + 2);
    } else { /* a move to a won position */
        if (won || *cnt == EG_NOLOSS || *cnt == 0 || --*cnt)
            return -1;
        int d = v ? v - 1 : 0;
        d = d > k + 1 ? d : k + 1;
        *val = (uint8_t)(1 + d);
    }
    return *val - 1;
}

/* What reaching a position of the current layer means to position idx
 * of table j that moves to it (idx in this process's range). */
static void reach(group *gr, int j, uint64_t idx)
{
    int d = eg_reach(&gr->val[j][idx], &gr->cnt[j][idx], gr->k);
    if (d > gr->maxk)
        gr->maxk = d;
}

/* An update another process sent: index * 2 + table. */
static void reach_word(void *ctx, uint64_t word)
{
    reach(ctx, (int)(word & 1), word >> 1);
}

/* The positions of the group that move to position idx of table i,
 * reached in the current layer: here, or put aside for their process. */
static void back_from(group *gr, int i, uint64_t idx)
{
    eg_tables *t = gr->t;
    const eg_rules *r = &t->rules;
    int x = gr->xs[i], y = gr->ys[i], j = table_of(gr, y), n;
    uint64_t before[EG_CHILDREN_MAX];
    if (gr->k + 2 > 255) {
        gr->overflow = true;
        return;
    }
    if (r->back) {
        n = r->back(t, x, y, idx, before);
    } else {
        uint32_t mover, other, sets[EG_CHILDREN_MAX];
        eg_position(t, x, y, idx, &mover, &other);
        n = r->unmoves(r, mover, other, sets);
        for (int m = 0; m < n; m++)
            before[m] = eg_index(t, sets[m], mover);
    }
    for (int m = 0; m < n; m++) {
        if (before[m] >= gr->lo[j] && before[m] < gr->hi[j])
            reach(gr, j, before[m]);
        else
            eg_exchange_put(&gr->x, eg_owner(gr->job, t->size[y][x], before[m]),
                            before[m] << 1 | (uint64_t)j);
    }
}

/* This process's positions of the group decided in the current layer,
 * from where the scan left off, and the way back from each, until the
 * group is through (true) or the updates put aside fill up. */
static bool scan(void *ctx)
{
    group *gr = ctx;
    int k = gr->k;
    for (; gr->at < gr->ntables; gr->at++, gr->next = 0) {
        int i = gr->at;
        uint8_t *val = gr->val[i], *cnt = gr->cnt[i];
        uint64_t from = gr->next > gr->lo[i] ? gr->next : gr->lo[i];
        for (uint8_t *p = val + from, *end = val + gr->hi[i];
             (p = memchr(p, k + 1, (size_t)(end - p))) != NULL; p++) {
            uint64_t idx = (uint64_t)(p - val);
            if (!(k & 1) && cnt[idx] != 0)
                continue; /* a loss not yet sure */
            back_from(gr, i, idx);
            if (gr->x.full) {
                gr->next = idx + 1;
                return false;
            }
        }
    }
    return true;
}

static void layers(group *gr)
{
    /* every process goes on while one has a layer to do, and none has
     * found a distance too long */
    for (int k = 0;; k++) {
        if (!eg_all(gr->job, !gr->overflow)) {
            gr->overflow = true;
            break;
        }
        if (eg_all(gr->job, k > gr->maxk))
            break;
        gr->k = k;
        gr->at = 0;
        gr->next = 0;
        eg_exchange_layer(&gr->x, scan, reach_word, gr);
    }
    /* what no layer reached is drawn */
    for (int i = 0; i < gr->ntables; i++) {
        uint8_t *val = gr->val[i];
        for (uint64_t idx = gr->lo[i]; idx < gr->hi[i]; idx++)
            if ((val[idx] & 1) && gr->cnt[i][idx] != 0)
                val[idx] = 0;
    }
}

void eg_tally(eg_report *rep, const uint8_t *val, uint64_t n, uint64_t none)
{
    rep->positions = n - none;
    rep->won = rep->lost = 0;
    rep->maxd = 0;
    for (uint64_t i = 0; i < n; i++) {
        uint8_t v = val[i];
        rep->lost += v & 1;
        rep->won += v && !(v & 1);
        if (v && v - 1 > rep->maxd)
            rep->maxd = v - 1;
    }
    rep->drawn = rep->positions - rep->won - rep->lost;
}

/* Table (x, y) solved: its line (report, may be NULL) and the tables'
 * longest distance; none of its indices are no position (value 0),
 * seconds the processor time of its pair. */
static void solved(eg_tables *t, int x, int y, uint64_t none, double seconds,
                   void (*report)(void *, const eg_report *), void *ctx)
{
    eg_report rep = {.x = x, .y = y, .seconds = seconds};
    snprintf(rep.name, sizeof rep.name, "%d-%d", x, y);
    eg_tally(&rep, t->value + t->offset[x][y], t->size[x][y], none);
    t->maxd = rep.maxd > t->maxd ? rep.maxd : t->maxd;
    if (report)
        report(ctx, &rep);
}

/* Solves the group (x, y), (y, x); the same in every process of the
 * job.  false with a message when it failed in one. */
static bool solve_group(eg_tables *t, const eg_job *job, int x, int y,
                        uint8_t *cnt, group *gr, char *msg, size_t size)
{
    *gr = (group){.t = t, .job = job, .xs = {x, y}, .ys = {y, x},
                  .ntables = x == y ? 1 : 2,
                  .val = {t->value + t->offset[x][y], t->value + t->offset[y][x]},
                  .cnt = {cnt, cnt + t->size[x][y]}};
    bool ok = eg_exchange_init(&gr->x, job);
    if (!eg_all(job, ok)) {
        eg_failed(!ok, _("out of memory"), msg, size);
        goto done;
    }
    for (int i = 0; i < gr->ntables; i++) {
        eg_range(job, t->size[gr->xs[i]][gr->ys[i]], &gr->lo[i], &gr->hi[i]);
        first_pass(gr, i);
    }
    layers(gr);
    if (gr->overflow) { /* (agreed by every process) */
        ok = false;
        snprintf(msg, size, _("a distance to the end does not fit a byte "
                              "(tables %d-%d)"), x, y);
        goto done;
    }
    for (int i = 0; ok && i < gr->ntables; i++)
        ok = eg_share(job, gr->val[i], t->size[gr->xs[i]][gr->ys[i]]);
    if (!ok || gr->x.failed) {
        ok = false;
        snprintf(msg, size, "%s", _("the messages between the processes of "
                                    "the job failed"));
    }
done:
    eg_exchange_free(&gr->x);
    return ok;
}

eg_tables *eg_build(const eg_rules *rules, int most, const eg_job *job,
                    void (*report)(void *, const eg_report *), void *ctx,
                    char *msg, size_t size)
{
    job = job ? job : &alone;
    return rules->build ? rules->build(rules, most, job, report, ctx, msg, size)
                        : eg_solve(rules, most, job, report, ctx, msg, size);
}

eg_tables *eg_solve(const eg_rules *rules, int most, const eg_job *job,
                    void (*report)(void *, const eg_report *), void *ctx,
                    char *msg, size_t size)
{
    eg_tables *t = calloc(1, sizeof *t);
    uint8_t *cnt = NULL;
    if (t) {
        eg_layout(t, rules, most);
        uint64_t largest = 0;
        for (int x = rules->least; x <= most; x++)
            for (int y = rules->least; y <= most; y++)
                largest = t->size[x][y] > largest ? t->size[x][y] : largest;
        t->value = malloc(t->entries ? t->entries : 1);
        /* a process writes only the counts of its own ranges */
        cnt = malloc(2 * largest + 1);
    }
    bool ok = t && t->value && cnt;
    if (!eg_all(job, ok)) {
        eg_failed(!ok, _("out of memory"), msg, size);
        goto fail;
    }
    /* the groups by men in all, fewest first (a game's own layout may
     * leave some tables empty) */
    for (int sum = 2 * rules->least; sum <= 2 * most; sum++)
        for (int x = rules->least; 2 * x <= sum; x++) {
            int y = sum - x;
            if (y > most || !t->size[x][y])
                continue;
            double start = cpu_now();
            group gr;
            if (!solve_group(t, job, x, y, cnt, &gr, msg, size))
                goto fail;
            /* the processor time of the group in every process, and the
             * indices that are no position in every range */
            double sums[3] = {cpu_now() - start, gr.none[0], gr.none[1]};
            eg_combine(job, sums, 3, false);
            for (int i = 0; i < gr.ntables; i++)
                solved(t, gr.xs[i], gr.ys[i], (uint64_t)sums[1 + i], sums[0],
                       report, ctx);
        }
    free(cnt);
    return t;
fail:
    free(cnt);
    eg_free(t);
    return NULL;
}

/* ---- The check ---- */

/* The check of this process's range of every table; *first says the
 * first position that disagrees. */
static uint64_t verify_ranges(const eg_tables *t, const eg_job *job,
                              char *first, size_t size)
{
    const eg_rules *r = &t->rules;
    eg_child kids[EG_CHILDREN_MAX];
    uint64_t bad = 0;
    first[0] = '\0';
    for (int x = r->least; x <= t->most; x++)
        for (int y = r->least; y <= t->most; y++) {
            uint64_t lo, hi;
            eg_range(job, t->size[x][y], &lo, &hi);
            if (lo == hi)
                continue;
            walk w;
            walk_start(&w, r->points, x, y, lo);
            for (uint64_t idx = lo; idx < hi; idx++, walk_next(&w)) {
                uint32_t mover = w.mover, other = walk_other(&w);
                int v = t->value[t->offset[x][y] + idx];
                int n = r->children(r, mover, other, kids);
                eg_moves m = EG_MOVES_NONE;
                for (int k = 0; k < n; k++)
                    eg_moves_add(&m, kids[k].over ? 1 : eg_value(t, kids[k].mover,
                                                                 kids[k].other));
                uint8_t unused;
                int want = eg_moves_value(&m, &unused), missing = m.unknown;
                if (v == want && !missing)
                    continue;
                if (!bad++)
                    snprintf(first, size, _("table %d-%d, position %llu: value "
                                            "%d, its moves make it %d"),
                             x, y, (unsigned long long)idx, v, want);
            }
        }
    return bad;
}

/* What a process of the job found. */
typedef struct {
    uint64_t bad;
    char first[400];
} verdict;

uint64_t eg_verify(const eg_tables *t, const eg_job *job, char *msg, size_t size)
{
    uint64_t (*check)(const eg_tables *, const eg_job *, char *, size_t) =
        t->rules.verify ? t->rules.verify : verify_ranges;
    if (!job || job->size == 1)
        return check(t, &alone, msg, size);
    verdict *all = calloc((size_t)job->size, sizeof *all);
    verdict mine;
    mine.bad = check(t, job, mine.first, sizeof mine.first);
    msg[0] = '\0';
    if (!eg_all(job, all != NULL)) {
        eg_failed(!all, _("out of memory"), msg, size);
        free(all);
        return UINT64_MAX;
    }
    all[job->rank] = mine;
    if (!eg_share(job, all, (uint64_t)job->size * sizeof *all)) {
        snprintf(msg, size, "%s", _("the messages between the processes of "
                                    "the job failed"));
        free(all);
        return UINT64_MAX;
    }
    uint64_t bad = 0;
    for (int r = 0; r < job->size; r++) {
        if (all[r].bad && !bad)
            snprintf(msg, size, "%s", all[r].first);
        bad += all[r].bad;
    }
    free(all);
    return bad;
}

/* ---- The cache file ---- */

enum { VERSION = 2 }; /* 2: the checksum shared with the other table files */

typedef struct {
    char magic[8]; /* "LTENDGAM" */
    uint32_t version;
    int32_t points, least, most, maxd;
    char rules[48];
    uint32_t pad;
    uint64_t entries;
    uint64_t checksum;
} header;

/* The file's path; with make, the folders are created. */
static bool path_of(const char *rules, int most, bool make, char *buf,
                    size_t size)
{
    char name[80];
    snprintf(name, sizeof name, "%s-%d.endgames", rules, most);
    return tf_path(name, make, buf, size);
}

void eg_cache_path(const eg_rules *r, int most, char *buf, size_t size)
{
    if (!path_of(r->name, most, false, buf, size))
        buf[0] = '\0';
}

uint64_t eg_file_bytes(const eg_tables *t)
{
    return sizeof(header) + t->entries;
}

eg_tables *eg_cache_load(const eg_rules *rules, int most, char *msg,
                         size_t size)
{
    char path[1200];
    msg[0] = '\0';
    if (!path_of(rules->name, most, false, path, sizeof path))
        return NULL;
    eg_tables *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    eg_layout(t, rules, most);
    tf_mapping map;
    int got = tf_map(path, sizeof(header), &map);
    if (got == TF_SHORT)
        snprintf(msg, size, _("%s: cut short, not used"), path);
    if (got != TF_MAPPED) {
        free(t);
        return NULL;
    }
    const header *h = map.bytes;
    const uint8_t *values = (const uint8_t *)map.bytes + sizeof *h;
    const char *why = NULL;
    if (memcmp(h->magic, "LTENDGAM", 8) || h->version != VERSION)
        why = _("another version or not a table file");
    else if (h->points != rules->points || h->least != rules->least ||
             h->most != most || strncmp(h->rules, rules->name, sizeof h->rules))
        why = _("tables of other rules");
    else if (h->entries != t->entries ||
             (uint64_t)map.size != sizeof *h + h->entries)
        why = _("cut short or too long");
    else if (h->maxd < 0 || h->maxd > 254 ||
             tf_checksum(values, h->entries) != h->checksum)
        why = _("damaged (its checksum does not match)");
    if (why) {
        snprintf(msg, size, _("%s: %s, not used"), path, why);
        tf_unmap(&map);
        free(t);
        return NULL;
    }
    t->maxd = h->maxd;
    t->mapping = map.bytes;
    t->mapped = map.size;
    t->value = (uint8_t *)values;
    return t;
}

bool eg_cache_store(const eg_tables *t, char *msg, size_t size)
{
    char path[1200];
    if (!path_of(t->rules.name, t->most, true, path, sizeof path)) {
        snprintf(msg, size, "%s", _("no cache folder (set XDG_CACHE_HOME or HOME)"));
        return false;
    }
    header h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, "LTENDGAM", 8);
    h.version = VERSION;
    h.points = t->rules.points;
    h.least = t->rules.least;
    h.most = t->most;
    h.maxd = t->maxd;
    lt_copy(h.rules, sizeof h.rules, t->rules.name);
    h.entries = t->entries;
    h.checksum = tf_checksum(t->value, t->entries);
    return tf_store(path, &h, sizeof h, t->value, t->entries, NULL, msg, size);
}
