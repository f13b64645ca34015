/* endgames.c — Rozbójnicy's endgame tables: every position with up to
 * K men a side and K + 1 in all, K 3 (1-2, 2-1, 1-3, 3-1, 2-2) or 2
 * (1-2, 2-1); one each is a draw by rule.  Its positions, moves and
 * way back for the shared tables (../endgame/: the solver, the layout,
 * the cache file, the values, the player ai:endgame).
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
 * the shared solver's (endgame.c, split over a job's processes as the
 * other games'), with this file's forward pass by the game's own moves
 * (legal_actions, apply) and its way back (a move without a capture, or
 * a pass, taken back) for the layers of distance k from the positions
 * decided in k; the check by the game's own moves, over the job's ranges
 * too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* ---- The solver's forward pass and way back (endgame.c) ---- */

/* Calls fn for each index of table (x, y) in [lo, hi), in order, with
 * its position (orange to move) or NULL where it is none. */
static void each_position(int x, int y, uint64_t lo, uint64_t hi, void *ctx,
                          void (*fn)(void *, uint64_t, const rob *))
{
    int m[MOST], o[MOST];
    uint64_t per = choose(CODES, y);
    codes_at(lo / per, x, m);
    codes_at(lo % per, y, o);
    for (uint64_t idx = lo; idx < hi; idx++) {
        rob s;
        fn(ctx, idx, place(&s, m, x, o, y) ? &s : NULL);
        if (!next_codes(o, y)) {
            codes_at(0, y, o);
            next_codes(m, x);
        }
    }
}

/* The forward pass of positions of one table. */
typedef struct {
    const eg_tables *t;
    int men;
    uint8_t *val, *cnt;
    uint64_t none;
    bool overflow;
} pass;

static void first(void *ctx, uint64_t idx, const rob *s)
{
    pass *ps = ctx;
    lt_action acts[MAX_MOVES];
    ps->val[idx] = 0;
    ps->cnt[idx] = EG_NOLOSS;
    if (!s) {
        ps->none++;
        return;
    }
    if (s->result != PLAYING) /* neither side can move */
        return;
    eg_moves mv = EG_MOVES_NONE;
    for (int k = 0, n = rob_legal_actions(s, acts); k < n; k++) {
        rob c = *s;
        rob_apply(&c, acts[k]);
        eg_moves_add(&mv, child_value(ps->t, &c, ps->men));
    }
    int v = eg_moves_value(&mv, &ps->cnt[idx]);
    ps->overflow |= v < 0;
    ps->val[idx] = v < 0 ? 0 : (uint8_t)v;
}

static uint64_t forward(const eg_tables *t, int x, int y, uint64_t lo,
                        uint64_t hi, uint8_t *val, uint8_t *cnt)
{
    pass ps = {.t = t, .men = x + y, .val = val, .cnt = cnt};
    each_position(x, y, lo, hi, &ps, first);
    return ps.overflow ? UINT64_MAX : ps.none;
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

/* The positions of table (y, x) that move to position idx of table
 * (x, y), orange to move: green's move that made it (without a capture)
 * taken back, or green's pass. */
static int back(const eg_tables *t, int x, int y, uint64_t idx,
                uint64_t *before)
{
    int m[MOST], o[MOST], n = 0;
    uint64_t per = choose(CODES, y);
    rob s;
    (void)t;
    codes_at(idx / per, x, m);
    codes_at(idx % per, y, o);
    place(&s, m, x, o, y);
    rob b = s, u;
    int bx, by;
    if (!rob_has_move(&s, GREEN)) { /* green passed */
        u = turned(&b);
        where(&u, &bx, &by, &before[n++]);
    }
    for (int kind = COMMANDER; kind <= SOLDIER; kind++)
        for (uint64_t p = s.bb[GREEN * 2 + kind]; p; p &= p - 1) {
            int q = __builtin_ctzll(p);
            for (int was = COMMANDER; was <= SOLDIER; was++) {
                if (kind == SOLDIER && was == COMMANDER)
                    continue;
                for (uint64_t f = came_from(&s, q, kind, was); f; f &= f - 1) {
                    b = s;
                    b.bb[GREEN * 2 + kind] ^= BIT(q);
                    b.bb[GREEN * 2 + was] |= f & -f;
                    if (rob_check(&b, NULL) && !rob_captures(&b, GREEN, q)) {
                        u = turned(&b);
                        where(&u, &bx, &by, &before[n++]);
                    }
                }
            }
        }
    return n;
}

static eg_tables *build(const eg_rules *rules, int most, const eg_job *job,
                        void (*report)(void *, const eg_report *), void *ctx,
                        char *msg, size_t size)
{
    if (most < 2) {
        snprintf(msg, size, "%s", _("Rozbójnicy's tables start at two men a "
                                    "side: one man each is a draw by rule"));
        return NULL;
    }
    return eg_solve(rules, most, job, report, ctx, msg, size);
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

/* This process's range of each table (eg_verify). */
static uint64_t verify(const eg_tables *t, const eg_job *job, char *msg,
                       size_t size)
{
    check ch = {.t = t, .msg = msg, .size = size};
    msg[0] = '\0';
    for (ch.x = 1; ch.x <= t->most; ch.x++)
        for (ch.y = 1; ch.y <= t->most; ch.y++) {
            uint64_t lo, hi;
            eg_range(job, t->size[ch.x][ch.y], &lo, &hi);
            if (lo < hi)
                each_position(ch.x, ch.y, lo, hi, &ch, check_one);
        }
    return ch.bad;
}

/* ---- The rules and the player ---- */

static void rules_of(eg_rules *r, unsigned variant)
{
    eg_rules_init(r, &lt_robbers, SQUARES, 1, variant, NULL, NULL);
    r->layout = layout;
    r->forward = forward;
    r->back = back;
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
