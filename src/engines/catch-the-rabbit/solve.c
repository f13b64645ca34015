/* solve.c — the retrograde analysis of Catch the Rabbit (see solve.h).
 *
 * Levels are solved from the fewest hunters up: a capture always leads to
 * a level already solved, so within a level only steps connect positions
 * and every step can be taken back.  Within a level the classic scheme
 * runs: a position counts its moves still unresolved; sweep d takes back
 * the moves into every position whose value is d (a predecessor wins if a
 * move reaches a loss, it loses when its last move turns out a win).
 * Captures are known from the start: a winning one sets a provisional
 * value, a losing one only lengthens the loss, and one into a position
 * the rabbit holds forever means the position can never be lost.
 *
 * What makes it fast (issue 26: 12 hunters in under a minute):
 *   - the board's eight symmetries: positions are kept with the rabbit on
 *     one point of each orbit (6 of 25), so a quarter of the work and
 *     memory; a rabbit step taken back may come from any image;
 *   - a queue of the positions resolved with each value, so that sweep d
 *     looks at those alone rather than at the whole level each time, in
 *     the order of their indices, so that memory is read near where it
 *     was last read;
 *   - the hunters' counts of moves left in bytes, apart from the values.
 *
 * Every 64K positions looked at the solver publishes how many it has
 * resolved and looks at the stop flag (rabbit_progress): whoever waits
 * for the table may give up. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "../tablefile.h"
#include "ludoteka/options.h"
#include "solve.h"

enum { OTHER = RB_POINTS - 1 }; /* points besides the rabbit's */

/* The board's symmetries: the eight turns and mirrorings of the square,
 * which map lines to lines and so moves to moves; positions that are
 * images of each other have the same value.  The table keeps positions
 * with the rabbit on one point of each of the six orbits (the centre,
 * the corners, the middles of the sides, the other points of the sides,
 * the diagonal and the straight neighbours of the centre), with every set
 * of hunters: 6 of the 25 rabbit points, a quarter of the positions. */
enum { SYMS = 8, SLOTS = 6 };

static uint32_t binom[RB_POINTS + 1][RB_POINTS + 1];
/* part[b][v][j]: the colex rank contributed by the bits of v, byte b of a
 * set of points, when j bits of the set lie below that byte. */
static uint32_t part[3][256][RB_MAX_HUNTERS + 1];
static uint8_t ones[256]; /* the points of a byte of a set */
static int8_t image[SYMS][RB_POINTS];      /* point p under symmetry s */
static uint32_t byte_image[SYMS][4][256];   /* a set's bytes, under s */
static int8_t to_rep[RB_POINTS];  /* a symmetry taking p to its orbit's
                                   * representative (0, the identity, for
                                   * the representatives) */
static int8_t slot_of[RB_POINTS]; /* a representative's slot, else -1 */
static int8_t rep_of[SLOTS];      /* the representative of a slot */
/* A rabbit step into the orbit of a representative q, taken back: the
 * step ended on s (s's image is q), the hunters are mapped back by sym,
 * and the step came from one of the representatives next to s. */
typedef struct {
    int8_t sym, nfrom, from[GRAPH_DEGREE];
} back_step;
static back_step backs[SLOTS][SYMS];
static int nbacks[SLOTS];
static bool board_symmetric; /* the board is mapped onto itself by all */
static once_flag tables_once = ONCE_FLAG_INIT;

static int sym_point(int s, int p)
{
    int x = p % 5, y = p / 5, u, v;
    switch (s) {
    case 0: u = x, v = y; break;
    case 1: u = 4 - x, v = y; break;
    case 2: u = x, v = 4 - y; break;
    case 3: u = 4 - x, v = 4 - y; break;
    case 4: u = y, v = x; break;
    case 5: u = 4 - y, v = x; break;
    case 6: u = y, v = 4 - x; break;
    default: u = 4 - y, v = 4 - x; break;
    }
    return v * 5 + u;
}

static inline uint32_t sym_set(int s, uint32_t m)
{
    return byte_image[s][0][m & 0xff] | byte_image[s][1][m >> 8 & 0xff] |
           byte_image[s][2][m >> 16 & 0xff] | byte_image[s][3][m >> 24 & 1];
}

/* Whether symmetry s maps the board's links and jumps onto themselves. */
static bool keeps_board(const graph *g, int s)
{
    for (int p = 0; p < RB_POINTS; p++) {
        if (sym_set(s, g->adjmask[p]) != g->adjmask[image[s][p]])
            return false;
        int q = image[s][p];
        if (g->nhops[p] != g->nhops[q])
            return false;
        for (int i = 0; i < g->nhops[p]; i++) {
            bool found = false;
            for (int j = 0; j < g->nhops[q]; j++)
                found |= g->hop[q][j][0] == image[s][g->hop[p][i][0]] &&
                         g->hop[q][j][1] == image[s][g->hop[p][i][1]];
            if (!found)
                return false;
        }
    }
    return true;
}

static void build_symmetries(void)
{
    const graph *g = graph_alquerque();
    for (int s = 0; s < SYMS; s++) {
        for (int p = 0; p < RB_POINTS; p++)
            image[s][p] = (int8_t)sym_point(s, p);
        for (int b = 0; b < 4; b++)
            for (int v = 0; v < 256; v++) {
                uint32_t m = 0;
                for (int bit = 0; bit < 8 && 8 * b + bit < RB_POINTS; bit++)
                    if (v >> bit & 1)
                        m |= 1u << image[s][8 * b + bit];
                byte_image[s][b][v] = m;
            }
    }
    board_symmetric = g->npoints == RB_POINTS;
    for (int s = 0; s < SYMS; s++)
        board_symmetric = board_symmetric && keeps_board(g, s);
    /* the representative of an orbit is its lowest point */
    int slots = 0;
    for (int p = 0; p < RB_POINTS; p++) {
        int rep = p, via = 0;
        for (int s = SYMS - 1; s >= 0; s--)
            if (image[s][p] <= rep) {
                rep = image[s][p];
                via = s;
            }
        to_rep[p] = (int8_t)via;
        slot_of[p] = -1;
        if (rep == p) {
            slot_of[p] = (int8_t)slots;
            rep_of[slots++] = (int8_t)p;
        }
    }
    if (slots != SLOTS)
        board_symmetric = false;
    for (int p = 0; p < RB_POINTS && board_symmetric; p++) {
        int q = image[to_rep[p]][p], sl = slot_of[q];
        back_step *b = &backs[sl][nbacks[sl]++];
        /* the inverse of to_rep[p], taking q's frame back to p's */
        for (int s = 0; s < SYMS; s++) {
            bool back = true;
            for (int x = 0; x < RB_POINTS; x++)
                back = back && image[s][image[to_rep[p]][x]] == x;
            if (back)
                b->sym = (int8_t)s;
        }
        for (int i = 0; i < g->degree[p]; i++)
            if (slot_of[g->adj[p][i]] >= 0)
                b->from[b->nfrom++] = g->adj[p][i];
    }
}

static void build_tables(void)
{
    for (int n = 0; n <= RB_POINTS; n++) {
        binom[n][0] = 1;
        for (int k = 1; k <= n; k++)
            binom[n][k] = binom[n - 1][k - 1] + (k <= n - 1 ? binom[n - 1][k] : 0);
    }
    for (int v = 0; v < 256; v++)
        ones[v] = (uint8_t)graph_count((uint32_t)v);
    for (int b = 0; b < 3; b++)
        for (int v = 0; v < 256; v++)
            for (int j = 0; j <= RB_MAX_HUNTERS; j++) {
                uint32_t sum = 0;
                int i = j;
                for (int bit = 0; bit < 8; bit++)
                    if (v >> bit & 1) {
                        i++;
                        if (i <= RB_MAX_HUNTERS)
                            sum += binom[8 * b + bit][i];
                    }
                part[b][v][j] = sum;
            }
    build_symmetries();
}

static uint32_t rank_of(uint32_t m)
{
    int lo = ones[m & 0xff], mid = lo + ones[m >> 8 & 0xff];
    return part[0][m & 0xff][0] + part[1][m >> 8 & 0xff][lo] +
           part[2][m >> 16 & 0xff][mid];
}

/* The next set of as many points in colex order (Gosper). */
static uint32_t next_set(uint32_t v)
{
    uint32_t t = v | (v - 1);
    return (t + 1) | (((~t & (0u - ~t)) - 1) >> (__builtin_ctz(v) + 1));
}

/* The hunters' points among the 24 points other than r, and back. */
static uint32_t squeeze(uint32_t set, int r)
{
    uint32_t low = (1u << r) - 1;
    return (set & low) | (set >> 1 & ~low);
}

static uint32_t spread(uint32_t m, int r)
{
    uint32_t low = (1u << r) - 1;
    return (m & low) | (m & ~low) << 1;
}

/* Positions of level k kept in the table (one side to move), and all of
 * them. */
static uint64_t level_size(int k)
{
    return (uint64_t)SLOTS * binom[OTHER][k];
}

static uint64_t level_positions(int k)
{
    return (uint64_t)RB_POINTS * binom[OTHER][k];
}

/* The index of a position with the rabbit on a representative point. */
static inline uint64_t index_rep(int k, int r, uint32_t hunters)
{
    return (uint64_t)slot_of[r] * binom[OTHER][k] +
           rank_of(squeeze(hunters, r));
}

/* The index of any position: that of its image with the rabbit on the
 * representative of its point. */
static inline uint64_t index_in_level(int k, int r, uint32_t hunters)
{
    int s = to_rep[r];
    return index_rep(k, image[s][r], sym_set(s, hunters));
}

rabbit_rules rabbit_rules_of(const rabbit_state *s)
{
    return (rabbit_rules){s->start, s->need, s->single};
}

uint64_t rabbit_positions(const rabbit_rules *rules)
{
    rabbit_table t = {.rules = *rules};
    rabbit_layout(&t);
    return t.positions;
}

void rabbit_layout(rabbit_table *t)
{
    call_once(&tables_once, build_tables);
    memset(t->offset, 0, sizeof t->offset);
    uint64_t all = 0;
    for (int k = 1; k <= RB_MAX_HUNTERS + 1; k++) {
        bool in = k - 1 >= t->rules.need && k - 1 <= t->rules.hunters;
        t->offset[k] = t->offset[k - 1] + (in ? level_size(k - 1) : 0);
        all += in ? level_positions(k - 1) : 0;
    }
    for (int k = 0; k < t->rules.need; k++)
        t->offset[k] = 0;
    t->entries = t->offset[RB_MAX_HUNTERS + 1];
    t->positions = 2 * all;
}

/* ---- The solver ---- */

/* A working entry with the rabbit to move: a value (1 + d, as in the
 * table) with the flag set, or, while the position is unresolved, the
 * number of its moves still unresolved.  Such a position may hold a
 * provisional winning value, which a quicker win can still lower.  With
 * the hunters to move, the number of moves still unresolved (0 once the
 * position is resolved) is a byte apart from the value, a byte written
 * once: the counts are what the analysis reads most, from all over the
 * level, and the fewer bytes they take the more of them stay in the
 * processor's cache. */
enum { FLAG = 0x8000, NEVER = 0x1000 };

enum { CHECK_EVERY = 1 << 16 }; /* positions looked at between checks */

/* The positions resolved with each value (1 + d) and not yet taken back,
 * so that sweep d looks at them alone, not at the whole level: each item
 * is the position's index in its level, its side (bit 63) and its
 * hunters (bits 32..56).  A position whose provisional value was lowered
 * stays in the queue of the old value, where it is passed over.  A
 * position is queued at most twice (the rabbit's provisional win set at
 * the start, then a quicker one), so the queues stay within three items
 * a position of the level; a sweep's queue is freed once taken back. */
enum { VALUES = UINT8_MAX + 1 }; /* a value must fit the table's byte */
typedef struct {
    uint64_t *item;
    size_t n, room;
} queue;

typedef struct {
    const graph *g;
    rabbit_rules rules;
    uint16_t *rv;                     /* rabbit to move, this level */
    uint8_t *hc;                      /* hunters to move: moves left */
    uint8_t *hv[RB_MAX_HUNTERS + 1];  /* hunters to move: values (0 for
                                       * a position the rabbit holds) */
    queue todo[VALUES];               /* of the level being solved */
    int maxd;
    bool overflow;     /* some value does not fit a byte */
    bool nomem;        /* a queue could not grow */
    rabbit_progress *progress;        /* may be NULL */
    uint64_t done;     /* positions of the levels finished, both sides */
    uint64_t resolved; /* positions resolved in the level being solved */
} solver;

static void push(solver *sv, int value, uint64_t item)
{
    if (value >= VALUES) {
        sv->overflow = true;
        return;
    }
    queue *q = &sv->todo[value];
    if (q->n == q->room) {
        size_t room = q->room ? 2 * q->room : 4096;
        uint64_t *more = realloc(q->item, room * sizeof *more);
        if (!more) {
            sv->nomem = true;
            return;
        }
        q->item = more;
        q->room = room;
    }
    q->item[q->n++] = item;
}

static void drop(queue *q)
{
    free(q->item);
    *q = (queue){0};
}

/* Position idx of the level being solved, (r, hunters) with the rabbit
 * to move, is resolved with d turns to the end. */
static void resolve_rabbit(solver *sv, uint64_t idx, uint32_t hunters, int d)
{
    uint16_t *slot = &sv->rv[idx];
    if (!(*slot & FLAG))
        sv->resolved++;
    *slot = (uint16_t)(FLAG | (d + 1));
    push(sv, d + 1, (uint64_t)hunters << 32 | idx);
    if (d > sv->maxd)
        sv->maxd = d;
}

/* The same with the hunters to move, at level k. */
static void resolve_hunters(solver *sv, int k, uint64_t idx, uint32_t hunters,
                            int d)
{
    sv->resolved++;
    sv->hv[k][idx] = (uint8_t)(d + 1 < VALUES ? d + 1 : 0);
    push(sv, d + 1, (uint64_t)1 << 63 | (uint64_t)hunters << 32 | idx);
    if (d > sv->maxd)
        sv->maxd = d;
}

/* Publishes the progress; true when the solver is to stop. */
static bool checkpoint(solver *sv)
{
    rabbit_progress *pr = sv->progress;
    if (!pr)
        return false;
    /* the positions kept stand for all, about four each */
    atomic_store_explicit(&pr->done,
                          sv->done + sv->resolved * RB_POINTS / SLOTS,
                          memory_order_relaxed);
    return pr->stop && *pr->stop;
}

/* The value of a resolved entry, 0 for one still unresolved. */
static int value_in(uint16_t e)
{
    return e & FLAG ? e & ~FLAG : 0;
}

/* The rabbit's capture chains from (r, hunters) at level k, each ending
 * where it may stop: the fastest win, the slowest loss and whether some
 * chain reaches a position the rabbit holds forever.  Every capture leads
 * to a lower level, already solved. */
static void captures(const solver *sv, int k, int r, uint32_t hunters,
                     int *win, int *loss, bool *forever)
{
    const graph *g = sv->g;
    uint32_t empty = g->all & ~hunters & ~(1u << r);
    for (int i = 0; i < g->nhops[r]; i++) {
        int over = g->hop[r][i][0], to = g->hop[r][i][1];
        if (!(hunters >> over & 1) || !(empty >> to & 1))
            continue;
        uint32_t left = hunters & ~(1u << over);
        if (k - 1 < sv->rules.need) { /* the last capture needed */
            *win = 1;
            continue;
        }
        int v = sv->hv[k - 1][index_in_level(k - 1, to, left)];
        if (v == 0)
            *forever = true;
        else if ((v - 1) % 2 == 0 && v < *win) /* the hunters lose */
            *win = v;
        else if ((v - 1) % 2 == 1 && v > *loss)
            *loss = v;
        if (!sv->rules.single)
            captures(sv, k - 1, to, left, win, loss, forever);
    }
}

static int hunter_moves(const graph *g, uint32_t hunters, uint32_t empty)
{
    int n = 0;
    for (uint32_t m = hunters; m; m &= m - 1)
        n += graph_count(g->adjmask[__builtin_ctz(m)] & empty);
    return n;
}

/* Sets up level k; false if told to stop. */
static bool init_level(solver *sv, int k)
{
    const graph *g = sv->g;
    uint32_t n = binom[OTHER][k];
    for (int sl = 0; sl < SLOTS; sl++) {
        int r = rep_of[sl];
        uint32_t m = (1u << k) - 1;
        for (uint32_t rank = 0; rank < n; rank++, m = next_set(m)) {
            uint64_t idx = (uint64_t)sl * n + rank;
            if (idx % CHECK_EVERY == 0 && checkpoint(sv))
                return false;
            uint32_t hunters = spread(m, r);
            uint32_t empty = g->all & ~hunters & ~(1u << r);
            int moves = hunter_moves(g, hunters, empty);
            sv->hc[idx] = (uint8_t)moves; /* never 0: rabbit.h */
            sv->hv[k][idx] = 0;
            int steps = graph_count(g->adjmask[r] & empty);
            int win = 1 << 14, loss = 0;
            bool forever = false;
            captures(sv, k, r, hunters, &win, &loss, &forever);
            sv->rv[idx] = (uint16_t)(steps + (forever ? NEVER : 0));
            if (win < 1 << 14) /* provisional: a step may win sooner */
                resolve_rabbit(sv, idx, hunters, win);
            else if (!steps && !forever) /* blocked, or only losing jumps */
                resolve_rabbit(sv, idx, hunters, loss);
        }
    }
    return true;
}

/* The position with the hunters to move, j, has a move to a position
 * whose value for the rabbit is d. */
static void reached_by_hunters(solver *sv, int k, uint64_t j,
                               uint32_t hunters, int d)
{
    uint8_t *e = &sv->hc[j];
    if (*e == 0) /* resolved */
        return;
    if (d % 2 == 0 || --*e == 0) { /* a block, or no move left */
        *e = 0;
        resolve_hunters(sv, k, j, hunters, d + 1);
    }
}

/* The position with the rabbit to move, j = (r, hunters), has a step to
 * a position whose value for the hunters is d. */
static void reached_by_rabbit(solver *sv, int k, uint64_t j, int r,
                              uint32_t hunters, int d)
{
    uint16_t *e = &sv->rv[j];
    if (d % 2 == 0) { /* the hunters lose there: a win, or a quicker one */
        if (!(*e & FLAG) || value_in(*e) > d + 2)
            resolve_rabbit(sv, j, hunters, d + 1);
        return;
    }
    if (*e & FLAG || --*e > 0)
        return;
    /* every move loses: the loss lasts as long as the longest of them */
    int win = 1 << 14, loss = 0;
    bool forever = false;
    captures(sv, k, r, hunters, &win, &loss, &forever);
    resolve_rabbit(sv, j, hunters, (loss - 1 > d ? loss - 1 : d) + 1);
}

/* The rabbit to move at (r, hunters) (value d): the hunter moves that led
 * here, taken back; fetched from memory all at once, since they lie far
 * apart. */
static void back_from_rabbit(solver *sv, int k, int r, uint32_t hunters,
                             int d)
{
    const graph *g = sv->g;
    uint32_t empty = g->all & ~hunters & ~(1u << r);
    uint64_t at[RB_MAX_HUNTERS * GRAPH_DEGREE];
    uint32_t set[RB_MAX_HUNTERS * GRAPH_DEGREE];
    int nb = 0;
    for (uint32_t m = hunters; m; m &= m - 1) {
        int h = __builtin_ctz(m);
        for (uint32_t q = g->adjmask[h] & empty; q; q &= q - 1) {
            set[nb] = hunters ^ 1u << h ^ 1u << __builtin_ctz(q);
            at[nb] = index_rep(k, r, set[nb]);
            __builtin_prefetch(&sv->hc[at[nb++]], 1);
        }
    }
    for (int i = 0; i < nb; i++)
        reached_by_hunters(sv, k, at[i], set[i], d);
}

/* The hunters to move at (r, hunters) (value d), r in slot sl: the
 * rabbit's steps that led here or to an image of here, taken back - a
 * step to s, whose image is r, from a representative point next to s. */
static void back_from_hunters(solver *sv, int k, int sl, uint32_t hunters,
                              int d)
{
    uint64_t at[SYMS * GRAPH_DEGREE];
    uint32_t set[SYMS * GRAPH_DEGREE];
    int8_t from[SYMS * GRAPH_DEGREE];
    int nb = 0;
    for (int i = 0; i < nbacks[sl]; i++) {
        const back_step *b = &backs[sl][i];
        uint32_t before = sym_set(b->sym, hunters);
        for (int j = 0; j < b->nfrom; j++)
            if (!(before >> b->from[j] & 1)) {
                from[nb] = b->from[j];
                set[nb] = before;
                at[nb] = index_rep(k, b->from[j], before);
                __builtin_prefetch(&sv->rv[at[nb++]], 1);
            }
    }
    for (int i = 0; i < nb; i++)
        reached_by_rabbit(sv, k, at[i], from[i], set[i], d);
}

/* Puts a queue in the order of the positions' indices (a radix sort of
 * the low 24 bits, twice 12), so that the positions taken back one after
 * another lie near each other in memory and so do their predecessors:
 * far fewer of them are fetched from the main memory.  Left as it is
 * when there is no memory for the sort. */
enum { SORT_LEAST = 1 << 12, RADIX = 1 << 12 };
static void sort_queue(queue *q)
{
    if (q->n < SORT_LEAST)
        return;
    uint64_t *tmp = malloc(q->n * sizeof *tmp);
    size_t *count = malloc(RADIX * sizeof *count);
    if (!tmp || !count) {
        free(tmp);
        free(count);
        return;
    }
    uint64_t *src = q->item, *dst = tmp;
    for (int shift = 0; shift < 24; shift += 12) {
        memset(count, 0, RADIX * sizeof *count);
        for (size_t i = 0; i < q->n; i++)
            count[src[i] >> shift & (RADIX - 1)]++;
        size_t sum = 0;
        for (size_t b = 0; b < RADIX; b++) {
            size_t c = count[b];
            count[b] = sum;
            sum += c;
        }
        for (size_t i = 0; i < q->n; i++)
            dst[count[src[i] >> shift & (RADIX - 1)]++] = src[i];
        uint64_t *t = src;
        src = dst;
        dst = t;
    }
    /* two passes: the sorted items are back in q->item */
    free(tmp);
    free(count);
}

/* Sweep d of level k: every position resolved with value d + 1, taken
 * back; false if told to stop. */
static bool sweep(solver *sv, int k, int d)
{
    if (d + 1 >= VALUES) /* a table that cannot be kept: see overflow */
        return true;
    uint32_t n = binom[OTHER][k];
    uint16_t want = (uint16_t)(FLAG | (d + 1));
    queue *q = &sv->todo[d + 1];
    sort_queue(q);
    for (size_t i = 0; i < q->n; i++) {
        if (i % CHECK_EVERY == 0 && checkpoint(sv))
            return false;
        uint64_t item = q->item[i];
        uint64_t idx = item & 0xffffffffu;
        uint32_t hunters = (uint32_t)(item >> 32) & 0x1ffffffu;
        int sl = (int)(idx / n);
        if (item >> 63)
            back_from_hunters(sv, k, sl, hunters, d);
        else if (sv->rv[idx] == want) /* not lowered since */
            back_from_rabbit(sv, k, rep_of[sl], hunters, d);
    }
    drop(q);
    return true;
}

static void free_solver(solver *sv)
{
    free(sv->rv);
    free(sv->hc);
    for (int k = 0; k <= RB_MAX_HUNTERS; k++)
        free(sv->hv[k]);
    for (int v = 0; v < VALUES; v++)
        drop(&sv->todo[v]);
}

rabbit_table *rabbit_solve(const rabbit_rules *rules, rabbit_progress *progress,
                           char *msg, size_t size)
{
    call_once(&tables_once, build_tables);
    solver sv = {.g = graph_alquerque(), .rules = *rules, .progress = progress};
    rabbit_table *t = calloc(1, sizeof *t);
    if (t) {
        t->rules = *rules;
        rabbit_layout(t);
        t->value = malloc(t->entries + 1);
    }
    if (!t || !t->value)
        goto nomem;
    if (!board_symmetric) { /* never: the board is a square's */
        snprintf(msg, size, "the board is not symmetric");
        goto fail;
    }
    for (int k = rules->need; k <= rules->hunters; k++) {
        uint64_t n = level_size(k);
        sv.rv = malloc(n * sizeof *sv.rv);
        sv.hc = malloc(n);
        sv.hv[k] = malloc(n);
        if (!sv.rv || !sv.hc || !sv.hv[k])
            goto nomem;
        bool going = init_level(&sv, k);
        for (int d = 0; going && !sv.nomem && !sv.overflow && d <= sv.maxd; d++)
            going = sweep(&sv, k, d);
        if (sv.nomem)
            goto nomem;
        if (!going) {
            snprintf(msg, size, "stopped");
            goto fail;
        }
        if (sv.overflow) {
            snprintf(msg, size, "a position lasts more turns than the "
                                "table can hold");
            goto fail;
        }
        /* the table keeps the rabbit's side; the hunters' side of the
         * lower levels stays for the captures until the end */
        for (uint64_t i = 0; i < n; i++)
            t->value[t->offset[k] + i] = (uint8_t)value_in(sv.rv[i]);
        free(sv.rv);
        free(sv.hc);
        sv.rv = NULL;
        sv.hc = NULL;
        sv.done += 2 * level_positions(k);
        sv.resolved = 0;
        checkpoint(&sv);
    }
    t->maxd = sv.maxd;
    free_solver(&sv);
    return t;
nomem:
    snprintf(msg, size, "out of memory");
fail:
    free_solver(&sv);
    rabbit_table_free(t);
    return NULL;
}

/* ---- Reading the table ---- */

int rabbit_value_rabbit(const rabbit_table *t, uint32_t hunters, int rabbit)
{
    int k = graph_count(hunters);
    return t->value[t->offset[k] + index_in_level(k, rabbit, hunters)];
}

/* The value of a position for the side to move from the values of its
 * moves for the other side: win soonest, else hold, else lose latest. */
static int best_of(const int *v, int n)
{
    int win = 0, loss = 0;
    bool hold = false;
    for (int i = 0; i < n; i++) {
        if (v[i] == 0)
            hold = true;
        else if ((v[i] - 1) % 2 == 0 && (!win || v[i] + 1 < win))
            win = v[i] + 1;
        else if ((v[i] - 1) % 2 == 1 && v[i] + 1 > loss)
            loss = v[i] + 1;
    }
    return win ? win : hold ? 0 : loss;
}

int rabbit_value_hunters(const rabbit_table *t, uint32_t hunters, int rabbit)
{
    const graph *g = graph_alquerque();
    uint32_t empty = g->all & ~hunters & ~(1u << rabbit);
    int v[RB_MAX_HUNTERS * GRAPH_DEGREE], n = 0;
    for (uint32_t m = hunters; m; m &= m - 1) {
        int h = __builtin_ctz(m);
        for (uint32_t q = g->adjmask[h] & empty; q; q &= q - 1)
            v[n++] = rabbit_value_rabbit(
                t, hunters ^ 1u << h ^ 1u << __builtin_ctz(q), rabbit);
    }
    return best_of(v, n);
}

void rabbit_table_free(rabbit_table *t)
{
    if (!t)
        return;
    tf_release(t->mapping, t->mapped, t->value);
    free(t);
}

/* ---- The check, by the game's own rules ---- */

typedef struct {
    const rabbit_table *t;
    uint8_t *hv; /* hunters to move, once derived from the table */
} checker;

static int value_of(const checker *c, const rabbit_state *s);

/* The value of s for its side to move, from its moves as the game
 * generates and plays them. */
static int value_by_moves(const checker *c, const rabbit_state *s)
{
    const lt_game *g = &lt_catch_the_rabbit;
    lt_action acts[LT_MAX_ACTIONS];
    int v[LT_MAX_ACTIONS], n = g->legal_actions((const lt_state *)s, acts);
    for (int i = 0; i < n; i++) {
        rabbit_state child = *s;
        g->apply((lt_state *)&child, acts[i]);
        v[i] = value_of(c, &child);
        /* a capture chain going on is the same side in the same turn: as
         * seen from the other side it would be one turn shorter */
        if (child.result == RB_PLAYING && child.turn == s->turn && v[i])
            v[i]--;
    }
    return best_of(v, n);
}

static int value_of(const checker *c, const rabbit_state *s)
{
    if (s->result != RB_PLAYING)
        return 1; /* d = 0: the side to move has lost */
    int k = graph_count(s->hunters);
    if (s->turn == RB_HUNTERS && c->hv)
        return c->hv[c->t->offset[k] + index_in_level(k, s->rabbit, s->hunters)];
    if (s->turn == RB_RABBIT && !s->chaining && !c->hv)
        return rabbit_value_rabbit(c->t, s->hunters, s->rabbit);
    return value_by_moves(c, s);
}

int rabbit_value_of(const rabbit_table *t, const rabbit_state *s)
{
    /* without the hunters' side derived, the checker's reading of a state
     * is exactly this: the table, or the moves one or two turns deep */
    return value_of(&(checker){.t = t}, s);
}

/* Calls visit for every position of the table, set up as a state of the
 * game with the given side to move. */
static void each_position(const rabbit_table *t, int turn,
                          void (*visit)(void *, uint64_t, const rabbit_state *),
                          void *ctx)
{
    const lt_game *g = &lt_catch_the_rabbit;
    lt_config cfg;
    lt_config_default(g, &cfg, 2);
    cfg.value[0] = t->rules.hunters; /* the option table: hunters, */
    cfg.value[1] = t->rules.need;    /* threshold, cap, chain */
    cfg.value[3] = t->rules.single;
    rabbit_state base;
    g->init((lt_state *)&base, &cfg);
    for (int k = t->rules.need; k <= t->rules.hunters; k++) {
        uint32_t n = binom[OTHER][k];
        for (int sl = 0; sl < SLOTS; sl++) {
            int r = rep_of[sl];
            uint32_t m = (1u << k) - 1;
            for (uint32_t rank = 0; rank < n; rank++, m = next_set(m)) {
                rabbit_state s = base;
                s.hunters = spread(m, r);
                s.rabbit = (int8_t)r;
                s.turn = (uint8_t)turn;
                rabbit_settle(&s);
                visit(ctx, t->offset[k] + (uint64_t)sl * n + rank, &s);
            }
        }
    }
}

typedef struct {
    checker c;
    uint8_t *derived; /* the hunters' side, being derived */
    uint64_t wrong;
    char *msg;
    size_t size;
} check_run;

static void derive_hunters(void *ctx, uint64_t i, const rabbit_state *s)
{
    check_run *run = ctx;
    run->derived[i] = (uint8_t)value_of(&run->c, s);
}

static void check_rabbit(void *ctx, uint64_t i, const rabbit_state *s)
{
    check_run *run = ctx;
    int want = s->result != RB_PLAYING ? 1 : value_by_moves(&run->c, s);
    if (want != run->c.t->value[i] && run->wrong++ == 0) {
        char text[128];
        lt_catch_the_rabbit.write_state((const lt_state *)s, text, sizeof text);
        snprintf(run->msg, run->size, "%s: the table says %d, its moves %d",
                 text, run->c.t->value[i], want);
    }
}

uint64_t rabbit_check(const rabbit_table *t, char *msg, size_t size)
{
    call_once(&tables_once, build_tables);
    check_run run = {.c = {.t = t}, .msg = msg, .size = size};
    uint8_t *hv = malloc(t->entries + 1);
    if (!hv) {
        snprintf(msg, size, "out of memory");
        return 1;
    }
    snprintf(msg, size, "every position agrees with its moves");
    /* first the hunters' side from the rabbit's (run.c.hv still NULL),
     * then the rabbit's side from the hunters' */
    run.derived = hv;
    each_position(t, RB_HUNTERS, derive_hunters, &run);
    run.c.hv = hv;
    each_position(t, RB_RABBIT, check_rabbit, &run);
    free(hv);
    return run.wrong;
}
