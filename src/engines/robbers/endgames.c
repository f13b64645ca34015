/* endgames.c — Rozbójnicy's endgame tables: every position with up to
 * K men a side and K + 1 in all, K 3 (1-2, 2-1, 1-3, 3-1, 2-2) or 2
 * (1-2, 2-1); one each is a draw by rule.  Solved by a
 * retrograde analysis of its own, kept and read through the shared
 * tables (../endgame/: the layout, the cache file, the values, the
 * player ai:endgame).
 *
 * The shared solver's positions are men on at most 32 points; here a man
 * is a square of 64 and a kind, and a soldier only goes one way, so the
 * board is turned (ranks reversed, colours swapped) to have the side to
 * move play up, as orange does.  A side's men are a set of codes, 0-63 a
 * commander on that square, 64-127 a soldier; table (x, y) is indexed by
 * the colex rank of the mover's x codes among 128, times C(128, y), plus
 * the colex rank of the other side's y codes.  Indices whose men share a
 * square, or with a soldier the game would refuse (on rank 1 or 8, two of
 * a side on a file), are no positions: value 0, never reached.
 *
 * A table position is any board with the side to move; a ply is a move
 * or a pass (the side that cannot move passes; neither can: a draw at
 * once).  The move cap (option cap) is a draw rule of the game's history,
 * not in the values, as the other games' quiet rules.  The analysis is
 * the shared one's (endgame.c), in one process: a forward pass by the
 * game's own moves (legal_actions, apply), then layers of distance k from
 * the positions decided in k, the way back (a move without a capture, or
 * a pass, taken back) reaching the positions before them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "endgames.h"
#include "ludoteka/text.h"

/* The tables of most men a side hold most + 1 men in all, MOST a side at
 * most: with four (five men: 3-2, 2-3, 4-1, 1-4) a build would take 14
 * GB and over an hour (docs/endgames.md). */
enum { CODES = 128, MOST = 3 };

static uint64_t choose(int n, int k)
{
    uint64_t r = 1;
    if (k < 0 || k > n)
        return 0;
    for (int i = 0; i < k; i++)
        r = r * (uint64_t)(n - i) / (uint64_t)(i + 1);
    return r;
}

/* The tables of t->most men a side: table (x, y) has every x codes
 * against every y; none at one man each (a draw by rule), nor beyond
 * most + 1 men. */
static void layout(eg_tables *t)
{
    for (int x = 1; x <= t->most; x++)
        for (int y = 1; y <= t->most; y++) {
            bool none = (x == 1 && y == 1) || x + y > t->most + 1;
            t->offset[x][y] = t->entries;
            t->size[x][y] = none ? 0 : choose(CODES, x) * choose(CODES, y);
            t->entries += t->size[x][y];
        }
}

/* ---- Positions ---- */

/* The codes of side's men, ascending (commanders first). */
static int codes_of(const rob *s, int side, int *c)
{
    int n = 0;
    for (int kind = COMMANDER; kind <= SOLDIER; kind++)
        for (uint64_t b = s->bb[side * 2 + kind]; b; b &= b - 1)
            c[n++] = kind * SQUARES + __builtin_ctzll(b);
    return n;
}

static uint64_t rank_of(const int *c, int n)
{
    uint64_t r = 0;
    for (int i = 0; i < n; i++)
        r += choose(c[i], i + 1);
    return r;
}

/* The n codes of colex rank r. */
static void codes_at(uint64_t r, int n, int *c)
{
    for (int i = n; i >= 1; i--) {
        int v = i - 1;
        while (choose(v + 1, i) <= r)
            v++;
        c[i - 1] = v;
        r -= choose(v, i);
    }
}

/* The next n codes in colex order; false after the last. */
static bool next_codes(int *c, int n)
{
    for (int i = 0; i < n; i++)
        if (c[i] + 1 < (i + 1 < n ? c[i + 1] : CODES)) {
            c[i]++;
            for (int j = 0; j < i; j++)
                c[j] = j;
            return true;
        }
    return false;
}

/* Orange (the mover, playing up) to move with these men, as the game
 * holds it; false if they are no position. */
static bool place(rob *s, const int *m, int x, const int *o, int y)
{
    memset(s, 0, sizeof *s);
    for (int i = 0; i < x + y; i++) {
        int c = i < x ? m[i] : o[i - x], side = i < x ? ORANGE : GREEN;
        int sq = c % SQUARES;
        if (rob_occupied(s) & BIT(sq))
            return false;
        s->bb[side * 2 + c / SQUARES] |= BIT(sq);
    }
    if (!rob_check(s, NULL))
        return false;
    s->cap = CAP_MAX; /* the cap is no part of the values */
    s->turn = ORANGE;
    rob_settle(s);
    return true;
}

/* s with green to move turned round: orange to move, playing up. */
static rob turned(const rob *s)
{
    rob t = *s;
    for (int b = 0; b < 4; b++)
        t.bb[b] = __builtin_bswap64(s->bb[b ^ 2]); /* ranks reversed */
    t.turn = ORANGE;
    return t;
}

/* Where orange-to-move s is in the tables: its table and index. */
static void where(const rob *s, int *x, int *y, uint64_t *idx)
{
    int m[16], o[16];
    *x = codes_of(s, ORANGE, m);
    *y = codes_of(s, GREEN, o);
    *idx = rank_of(m, *x) * choose(CODES, *y) + rank_of(o, *y);
}

/* The value of orange-to-move s, or -1 if it is in no table. */
static int value_of(const eg_tables *t, const rob *s)
{
    int x = __builtin_popcountll(rob_side(s, ORANGE));
    int y = __builtin_popcountll(rob_side(s, GREEN));
    if (x < 1 || y < 1 || x > t->most || y > t->most || !t->size[x][y])
        return -1;
    uint64_t idx;
    where(s, &x, &y, &idx);
    return t->value[t->offset[x][y] + idx];
}

/* What a child of a position (after orange's action) is worth to its
 * side to move: 1 lost now (orange took the last man), 0 drawn (one man
 * each, or neither can move), -1 if it has `men` men (of the pair being
 * solved: not known yet), else its table's value (-1: none). */
static int child_value(const eg_tables *t, const rob *c, int men)
{
    if (c->result == ORANGE_WON)
        return 1;
    if (c->result != PLAYING)
        return 0;
    if (__builtin_popcountll(rob_occupied(c)) == men)
        return -1;
    rob u = turned(c);
    return value_of(t, &u);
}

/* ---- The analysis of a group (x, y), (y, x) ---- */

typedef struct {
    eg_tables *t;
    int xs[2], ys[2], ntables;
    uint8_t *val[2], *cnt[2];
    uint64_t invalid[2]; /* indices that are no position */
    int at;              /* the table the forward pass is in */
    int maxk;
    bool overflow;
} group;

/* Calls fn for each index of table (x, y) in order, with its position
 * (orange to move) or NULL where it is none. */
static void each_position(int x, int y, void *ctx,
                          void (*fn)(void *, uint64_t, const rob *))
{
    int m[MOST], o[MOST];
    uint64_t idx = 0;
    codes_at(0, x, m);
    do {
        codes_at(0, y, o);
        do {
            rob s;
            fn(ctx, idx++, place(&s, m, x, o, y) ? &s : NULL);
        } while (next_codes(o, y));
    } while (next_codes(m, x));
}

/* The forward pass: position idx of the group's table gr->at. */
static void first(void *ctx, uint64_t idx, const rob *s)
{
    group *gr = ctx;
    int i = gr->at, men = gr->xs[0] + gr->ys[0];
    uint8_t *val = gr->val[i], *cnt = gr->cnt[i];
    lt_action acts[MAX_MOVES];
    val[idx] = 0;
    cnt[idx] = EG_NOLOSS;
    if (!s) {
        gr->invalid[i]++;
        return;
    }
    if (s->result != PLAYING) /* neither side can move */
        return;
    eg_moves mv = EG_MOVES_NONE;
    for (int k = 0, n = rob_legal_actions(s, acts); k < n; k++) {
        rob c = *s;
        rob_apply(&c, acts[k]);
        eg_moves_add(&mv, child_value(gr->t, &c, men));
    }
    int v = eg_moves_value(&mv, &cnt[idx]);
    gr->overflow |= v < 0;
    val[idx] = v < 0 ? 0 : (uint8_t)v;
    if (val[idx] && val[idx] - 1 > gr->maxk)
        gr->maxk = val[idx] - 1;
}

static void reach(group *gr, int j, uint64_t idx, int k)
{
    int d = eg_reach(&gr->val[j][idx], &gr->cnt[j][idx], k);
    if (d > gr->maxk)
        gr->maxk = d;
}

/* The empty squares green's man on q, `kind` now, can have come from as
 * a `was` (a soldier steps down, and becomes a commander on rank 1; a
 * commander slides); whether that move captured is the caller's. */
static uint64_t came_from(const rob *s, int q, int kind, int was)
{
    uint64_t occ = rob_occupied(s), from = 0;
    if (was == SOLDIER) {
        bool ok = kind == SOLDIER || q < 8; /* promoted on rank 1 */
        return ok && q < 48 ? BIT(q + 8) & ~occ : 0;
    }
    for (int dir = 0; dir < 4; dir++)
        for (uint64_t b = rob_shift(BIT(q), dir); b & ~occ; b = rob_shift(b, dir))
            from |= b;
    return from;
}

/* The positions of table (y, x) that move to orange-to-move s, the
 * position idx of table i decided in layer k: green's move that made it
 * (without a capture) taken back, or green's pass. */
static void back_from(group *gr, int i, const rob *s, int k)
{
    int j = gr->ntables == 2 ? !i : 0;
    if (k + 2 > 255) {
        gr->overflow = true;
        return;
    }
    rob before[MAX_MOVES * 2 + 1];
    int n = 0;
    if (!rob_has_move(s, GREEN))
        before[n++] = *s; /* green passed */
    for (int kind = COMMANDER; kind <= SOLDIER; kind++)
        for (uint64_t p = s->bb[GREEN * 2 + kind]; p; p &= p - 1) {
            int q = __builtin_ctzll(p);
            for (int was = COMMANDER; was <= SOLDIER; was++) {
                if (kind == SOLDIER && was == COMMANDER)
                    continue;
                for (uint64_t f = came_from(s, q, kind, was); f; f &= f - 1) {
                    rob b = *s;
                    b.bb[GREEN * 2 + kind] ^= BIT(q);
                    b.bb[GREEN * 2 + was] |= f & -f;
                    if (rob_check(&b, NULL) && !rob_captures(&b, GREEN, q))
                        before[n++] = b;
                }
            }
        }
    for (int b = 0; b < n; b++) {
        rob u = turned(&before[b]);
        int x, y;
        uint64_t idx;
        where(&u, &x, &y, &idx);
        reach(gr, j, idx, k);
    }
}

static void layers(group *gr)
{
    eg_tables *t = gr->t;
    for (int k = 0; k <= gr->maxk && !gr->overflow; k++)
        for (int i = 0; i < gr->ntables; i++) {
            int x = gr->xs[i], y = gr->ys[i], m[MOST], o[MOST];
            uint64_t per = choose(CODES, y);
            uint8_t *val = gr->val[i], *end = val + t->size[x][y];
            for (uint8_t *p = val; (p = memchr(p, k + 1, (size_t)(end - p))); p++) {
                uint64_t idx = (uint64_t)(p - val);
                if (!(k & 1) && gr->cnt[i][idx] != 0)
                    continue; /* a loss not yet sure */
                rob s;
                codes_at(idx / per, x, m);
                codes_at(idx % per, y, o);
                place(&s, m, x, o, y);
                back_from(gr, i, &s, k);
            }
        }
    for (int i = 0; i < gr->ntables; i++) /* what no layer reached: drawn */
        for (uint64_t idx = 0; idx < gr->t->size[gr->xs[i]][gr->ys[i]]; idx++)
            if ((gr->val[i][idx] & 1) && gr->cnt[i][idx] != 0)
                gr->val[i][idx] = 0;
}

static eg_tables *build(const eg_rules *rules, int most, const eg_job *job,
                        void (*report)(void *, const eg_report *), void *ctx,
                        char *msg, size_t size)
{
    (void)job; /* one process (eg_build) */
    if (most < 2) {
        snprintf(msg, size, "%s", _("Rozbójnicy's tables start at two men a "
                                    "side: one man each is a draw by rule"));
        return NULL;
    }
    eg_tables *t = calloc(1, sizeof *t);
    uint8_t *cnt = NULL;
    if (t) {
        eg_layout(t, rules, most);
        uint64_t largest = 0;
        for (int x = 1; x <= most; x++)
            for (int y = 1; y <= most; y++)
                largest = t->size[x][y] > largest ? t->size[x][y] : largest;
        t->value = malloc(t->entries ? t->entries : 1);
        cnt = malloc(2 * largest + 1);
    }
    if (!t || !t->value || !cnt) {
        snprintf(msg, size, "%s", _("out of memory"));
        goto fail;
    }
    for (int sum = 3; sum <= 2 * most; sum++)
        for (int x = 1; 2 * x <= sum; x++) {
            int y = sum - x;
            if (y > most || !t->size[x][y])
                continue;
            clock_t start = clock();
            group gr = {.t = t, .xs = {x, y}, .ys = {y, x},
                        .ntables = x == y ? 1 : 2,
                        .val = {t->value + t->offset[x][y],
                                t->value + t->offset[y][x]},
                        .cnt = {cnt, cnt + t->size[x][y]}};
            for (gr.at = 0; gr.at < gr.ntables; gr.at++)
                each_position(gr.xs[gr.at], gr.ys[gr.at], &gr, first);
            layers(&gr);
            if (gr.overflow) {
                snprintf(msg, size, _("a distance to the end does not fit a "
                                      "byte (tables %d-%d)"), x, y);
                goto fail;
            }
            double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
            for (int i = 0; i < gr.ntables; i++)
                eg_solved(t, gr.xs[i], gr.ys[i], gr.invalid[i], seconds, report, ctx);
        }
    free(cnt);
    return t;
fail:
    free(cnt);
    eg_free(t);
    return NULL;
}

/* ---- The check, by the game's own moves only ---- */

/* What the check has found so far. */
typedef struct {
    const eg_tables *t;
    int x, y;
    uint64_t bad;
    char *msg;
    size_t size;
} check;

static void check_one(void *ctx, uint64_t idx, const rob *s)
{
    check *ch = ctx;
    const eg_tables *t = ch->t;
    int v = t->value[t->offset[ch->x][ch->y] + idx], want = 0, missing = 0;
    lt_action acts[MAX_MOVES];
    if (s && s->result == PLAYING) { /* (else none, or neither can move) */
        eg_moves mv = EG_MOVES_NONE;
        for (int k = 0, n = rob_legal_actions(s, acts); k < n; k++) {
            rob c = *s;
            rob_apply(&c, acts[k]);
            eg_moves_add(&mv, child_value(t, &c, 0));
        }
        uint8_t unused;
        want = eg_moves_value(&mv, &unused);
        missing = mv.unknown;
    }
    if (v == want && !missing)
        return;
    if (!ch->bad++)
        snprintf(ch->msg, ch->size, _("table %d-%d, position %llu: value %d, "
                                      "its moves make it %d"),
                 ch->x, ch->y, (unsigned long long)idx, v, want);
}

static uint64_t verify(const eg_tables *t, const eg_job *job, char *msg,
                       size_t size)
{
    (void)job; /* one process (eg_verify) */
    check ch = {.t = t, .msg = msg, .size = size};
    msg[0] = '\0';
    for (ch.x = 1; ch.x <= t->most; ch.x++)
        for (ch.y = 1; ch.y <= t->most; ch.y++)
            if (t->size[ch.x][ch.y])
                each_position(ch.x, ch.y, &ch, check_one);
    return ch.bad;
}

/* ---- The rules and the player ---- */

static void rules_of(eg_rules *r, unsigned variant)
{
    eg_rules_init(r, &lt_robbers, SQUARES, 1, variant, NULL, NULL);
    r->layout = layout;
    r->build = build;
    r->verify = verify;
    snprintf(r->name, sizeof r->name, "robbers");
}

void rob_endgame_config(const lt_config *cfg, eg_rules *r, int *men,
                        int *men_max)
{
    (void)cfg; /* the cap is no part of the tables */
    rules_of(r, 0);
    *men = MOST;
    *men_max = MOST;
}

static int lookup(const lt_state *st)
{
    static eg_slot slot;
    const rob *s = (const rob *)(const void *)st;
    if (s->result != PLAYING ||
        __builtin_popcountll(rob_side(s, ORANGE)) > MOST ||
        __builtin_popcountll(rob_side(s, GREEN)) > MOST)
        return EG_OUTSIDE;
    const eg_tables *t = eg_in_play(&slot, rules_of, 0, MOST);
    if (!t)
        return EG_OUTSIDE;
    rob u = s->turn == ORANGE ? *s : turned(s);
    int v = value_of(t, &u);
    return v < 0 ? EG_OUTSIDE : v;
}

static void evaluate(const lt_state *st, double *out)
{
    eg_evaluate(&rob_endgame, st, out);
}

const eg_game rob_endgame = {&lt_robbers, lookup, rob_evaluate_state, evaluate};
