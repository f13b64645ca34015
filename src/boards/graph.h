/* graph.h — point-and-line boards (alquerque, the morris games): points
 * with layout coordinates, the links drawn between them, and what follows
 * from the drawing: neighbours, straight lines of three points (mills,
 * rows) and jumps (from, over, to along one straight line); the two boards
 * the games share; Zobrist keys; the record of reversible steps that the
 * repetition rule needs. */
#ifndef LUDOTEKA_GRAPH_H
#define LUDOTEKA_GRAPH_H

#include <assert.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ludoteka/cpu.h"
#include "ludoteka/game.h"

enum {
    GRAPH_POINTS = 25,
    GRAPH_LINKS = 64,
    GRAPH_DEGREE = 8,
    GRAPH_LINES = 48,
    GRAPH_JUMPS = 128,
    GRAPH_LINES_AT = 12, /* lines through one point: as middle or as end */
    GRAPH_GROUPS = 16,   /* links or jumps alike in their index offsets */
    GRAPH_HISTORY = 200  /* reversible steps remembered */
};

/* What a board is drawn as: point names and layout positions (x right,
 * y down), and the links as pairs of point indices. */
typedef struct {
    int npoints;
    const char *const *names;
    const int8_t (*xy)[2];
    int nlinks;
    const int8_t (*links)[2];
} graph_spec;

/* Invariants: adj[p][0..degree[p]) are p's neighbours in ascending order
 * and bit q of adjmask[p] is set iff p and q are linked.  A line (a, m, b)
 * has a < b and m - a == b - m as vectors, with both links drawn; each
 * straight triple appears once.  A jump (from, over, to) is a line walked
 * in either direction, so there are twice as many jumps as lines.
 * hop[p][0..nhops[p]) are the jumps starting at p as (over, to), in
 * ascending order of `to`; between[a][b] is the middle point of the line
 * with ends a and b, or -1; lines_at[p] lists the lines containing p. */
typedef struct {
    int npoints, nlinks, nlines, njumps;
    uint32_t all; /* every point */
    char name[GRAPH_POINTS][4];
    int8_t x[GRAPH_POINTS], y[GRAPH_POINTS];
    int8_t link[GRAPH_LINKS][2];
    uint8_t degree[GRAPH_POINTS];
    int8_t adj[GRAPH_POINTS][GRAPH_DEGREE];
    uint32_t adjmask[GRAPH_POINTS];
    int8_t line[GRAPH_LINES][3];
    uint32_t linemask[GRAPH_LINES];
    int8_t jump[GRAPH_JUMPS][3];
    uint8_t nhops[GRAPH_POINTS];
    int8_t hop[GRAPH_POINTS][GRAPH_DEGREE][2];
    uint32_t hopmask[GRAPH_POINTS]; /* the `to` of p's hops */
    /* nearbytes[p]: a one in byte q % 8 of word q / 8 for each neighbour
     * q of p, so that their sum over a set of points counts, in each
     * point's byte, its neighbours in the set */
    uint64_t nearbytes[GRAPH_POINTS][4];
    int8_t between[GRAPH_POINTS][GRAPH_POINTS];
    uint8_t nlines_at[GRAPH_POINTS];
    int8_t lines_at[GRAPH_POINTS][GRAPH_LINES_AT];
    int8_t reading[GRAPH_POINTS]; /* points by rows from the top, then x */
    /* The links and the jumps in groups alike in the offsets of point
     * index from where they start, so that a group is done for all men
     * at once by shifts (graph_steppers, graph_jumpers): the links from
     * each p in sfrom[k] to p + soff[k]; the jumps from each p in
     * jfrom[k] over p + jover[k] to p + jto[k]. */
    int nsgroups, njgroups;
    uint32_t sfrom[GRAPH_GROUPS], jfrom[GRAPH_GROUPS];
    int8_t soff[GRAPH_GROUPS], jover[GRAPH_GROUPS], jto[GRAPH_GROUPS];
} graph;

/* The number of points in a set; inline, as the portable build has no
 * popcount instruction and the library call is slow. */
static inline int graph_count(uint32_t x)
{
    x = x - (x >> 1 & 0x55555555u);
    x = (x & 0x33333333u) + (x >> 2 & 0x33333333u);
    return (int)(((x + (x >> 4)) & 0x0f0f0f0fu) * 0x01010101u >> 24);
}

/* The set moved by d points of index: bit p of the result is bit p + d
 * of set (bits moved past either end are lost). */
static inline uint32_t graph_shift(uint32_t set, int d)
{
    return d >= 0 ? set >> d : set << -d;
}

/* The men of own next to a point of empty. */
static inline uint32_t graph_steppers(const graph *g, uint32_t own,
                                      uint32_t empty)
{
    uint32_t any = 0;
    for (int k = 0; k < g->nsgroups; k++)
        any |= own & g->sfrom[k] & graph_shift(empty, g->soff[k]);
    return any;
}

/* The men of own that can jump over a man of enemy onto a point of
 * empty. */
static inline uint32_t graph_jumpers(const graph *g, uint32_t own,
                                     uint32_t enemy, uint32_t empty)
{
    uint32_t any = 0;
    for (int k = 0; k < g->njgroups; k++)
        any |= own & g->jfrom[k] & graph_shift(enemy, g->jover[k]) &
               graph_shift(empty, g->jto[k]);
    return any;
}

/* The same on the alquerque board (graph_alquerque), from its groups
 * written out as constants, so that the shifts are compiled into the
 * code: the eight directions, by offset of point index -6 -5 -4 -1 1 4
 * 5 6; the points a link leaves in each, and the points a jump leaves
 * (the tests check them against the groups graph_build finds). */
#define GRAPH_ALQ_OFFSETS {-6, -5, -4, -1, 1, 4, 5, 6}
#define GRAPH_ALQ_STEPS                                                       \
    {0x1455140, 0x1ffffe0, 0x551540, 0x1ef7bde, 0xf7bdef, 0x55154, 0xfffff,   \
     0x51545}
#define GRAPH_ALQ_JUMPS                                                       \
    {0x1445000, 0x1fffc00, 0x511400, 0x1ce739c, 0x739ce7, 0x5114, 0x7fff,     \
     0x1445}
static inline uint32_t graph_alq_steppers(uint32_t own, uint32_t empty)
{
    static const int8_t off[8] = GRAPH_ALQ_OFFSETS;
    static const uint32_t from[8] = GRAPH_ALQ_STEPS;
    uint32_t any = 0;
    for (int k = 0; k < 8; k++)
        any |= from[k] & graph_shift(empty, off[k]);
    return own & any;
}
static inline uint32_t graph_alq_jumpers(uint32_t own, uint32_t enemy,
                                         uint32_t empty)
{
    static const int8_t off[8] = GRAPH_ALQ_OFFSETS;
    static const uint32_t from[8] = GRAPH_ALQ_JUMPS;
    uint32_t any = 0;
    for (int k = 0; k < 8; k++)
        any |= from[k] & graph_shift(enemy, off[k]) &
               graph_shift(empty, 2 * off[k]);
    return own & any;
}
/* The landing points of those jumps by direction: land[k] holds p + 2
 * off[k] for each man p of own with a jump in direction k. */
static inline void graph_alq_landings(uint32_t own, uint32_t enemy,
                                      uint32_t empty, uint32_t land[8])
{
    static const int8_t off[8] = GRAPH_ALQ_OFFSETS;
    static const uint32_t from[8] = GRAPH_ALQ_JUMPS;
    for (int k = 0; k < 8; k++)
        land[k] = graph_shift(own & from[k] & graph_shift(enemy, off[k]),
                              -2 * off[k]) & empty;
}
/* The same on the nine men's morris board (graph_morris): its sixteen
 * link offsets and the points each leaves; its sixteen jump offsets
 * (over, to) and the points each leaves. */
#define GRAPH_MORRIS_STEPS                                                    \
    {{-12, 0x204000}, {-9, 0x800200}, {-8, 0x42000}, {-7, 0x100400},          \
     {-5, 0x20800},   {-4, 0x9000},   {-3, 0x480090}, {-1, 0xdb6db6},          \
     {1, 0x6db6db},   {3, 0x90012},   {4, 0x900},     {5, 0x1040},             \
     {7, 0x2008},     {8, 0x420},     {9, 0x4001},    {12, 0x204}}
#define GRAPH_MORRIS_JUMPS                                                    \
    {{-12, -21, 0x200000}, {-9, -21, 0x800000}, {-8, -15, 0x40000},           \
     {-7, -15, 0x100000},  {-5, -9, 0x20000},   {-4, -9, 0x8000},             \
     {-3, -6, 0x400080},   {-1, -2, 0x924924},  {1, 2, 0x249249},             \
     {3, 6, 0x10002},      {4, 9, 0x100},       {5, 9, 0x40},                 \
     {7, 15, 0x8},         {8, 15, 0x20},       {9, 21, 0x1},                 \
     {12, 21, 0x4}}
static inline uint32_t graph_morris_steppers(uint32_t own, uint32_t empty)
{
    static const struct { int8_t off; uint32_t from; } g[16] = GRAPH_MORRIS_STEPS;
    uint32_t any = 0;
    for (int k = 0; k < 16; k++)
        any |= g[k].from & graph_shift(empty, g[k].off);
    return own & any;
}
static inline uint32_t graph_morris_jumpers(uint32_t own, uint32_t enemy,
                                            uint32_t empty)
{
    static const struct { int8_t over, to; uint32_t from; } g[16] = GRAPH_MORRIS_JUMPS;
    uint32_t any = 0;
    for (int k = 0; k < 16; k++)
        any |= g[k].from & graph_shift(enemy, g[k].over) &
               graph_shift(empty, g[k].to);
    return own & any;
}

/* The mills of the nine men's morris board (graph_morris): its eight
 * rows, points 3i, 3i + 1 and 3i + 2, and its eight columns, written out
 * by the point (each point is on one row and one column; the tests check
 * them against the lines graph_build finds). */
#define GRAPH_MORRIS_COLUMNS                                                  \
    {0x200201, 0x92,     0x804004, 0x40408,  0x92,     0x102020,             \
     0x8840,   0x92,     0x21100,  0x200201, 0x40408,  0x8840,               \
     0x21100,  0x102020, 0x804004, 0x8840,   0x490000, 0x21100,              \
     0x40408,  0x490000, 0x102020, 0x200201, 0x490000, 0x804004}
/* Does the set hold a whole mill through p? */
static inline bool graph_morris_mill_through(uint32_t set, int p)
{
    static const uint32_t column[24] = GRAPH_MORRIS_COLUMNS;
    uint32_t row = 7u << (p / 3 * 3);
    return ((set & row) == row) | ((set & column[p]) == column[p]);
}
/* The points of set in a whole mill of set: the rows by shifts (a full
 * row's first point spread over the three by * 7), then the columns. */
static inline uint32_t graph_morris_in_mills(uint32_t set)
{
    static const uint32_t column[24] = GRAPH_MORRIS_COLUMNS;
    static const int8_t lowest[8] = {0, 1, 2, 3, 5, 6, 8, 16}; /* a column's */
    uint32_t in = (set & set >> 1 & set >> 2 & 0x249249u) * 7;
    for (int k = 0; k < 8; k++) {
        uint32_t c = column[lowest[k]];
        in |= (set & c) == c ? c : 0;
    }
    return in;
}

/* The landing points of the jumps of the man on p, from land[]. */
static inline uint32_t graph_alq_hops(const uint32_t land[8], int p)
{
    static const int8_t off[8] = GRAPH_ALQ_OFFSETS;
    uint32_t to = 0;
    for (int k = 0; k < 8; k++)
        to |= land[k] & graph_shift(1u << p, -2 * off[k]);
    return to;
}

/* The same for the man on p from the board (graph_alquerque) without
 * the directions: a straight line from p over q lands on 2q - p, so the
 * enemy men next to p, their offsets from p - 6 spread to twice their
 * distance (bit i to bit 2i), are the landing points behind them. */
extern uint16_t graph_spread7[128]; /* bit i to bit 2i (graph_build) */
static inline uint32_t graph_alq_hops1(const graph *g, int p, uint32_t enemy,
                                       uint32_t empty)
{
    uint32_t x = (g->adjmask[p] & enemy) << 6 >> p; /* 13 bits */
    uint64_t to = graph_spread7[x & 127] | (uint64_t)graph_spread7[x >> 7] << 14;
    return (uint32_t)(to << p >> 12) & g->hopmask[p] & empty;
}

/* The landing points of the jumps from p over a man of enemy onto a point
 * of empty. */
static inline uint32_t graph_hops(const graph *g, int p, uint32_t enemy,
                                  uint32_t empty)
{
    uint32_t to = 0;
    for (int i = 0; i < g->nhops[p]; i++)
        to |= (uint32_t)(enemy >> g->hop[p][i][0] & empty >> g->hop[p][i][1] & 1)
              << g->hop[p][i][1];
    return to;
}

/* The same, looking at the first k hops of p whatever their number, for
 * a k no point of the board has more than: the rest are (0, 0), which
 * never jump, as no point is both enemy and empty. */
static inline uint32_t graph_hops_k(const graph *g, int p, uint32_t enemy,
                                    uint32_t empty, int k)
{
    uint32_t to = 0;
    for (int i = 0; i < k; i++)
        to |= (uint32_t)(enemy >> g->hop[p][i][0] & empty >> g->hop[p][i][1] & 1)
              << g->hop[p][i][1];
    return to;
}

/* Writes the actions base + p for the points p of set to out, in
 * ascending order, and returns their number.  It may write up to
 * GRAPH_EMIT_SLACK entries past them (the first three go without a
 * branch, as most men have few moves): the caller's out has that room
 * (a game's max_actions counts it). */
enum { GRAPH_EMIT_SLACK = 3 };
static inline int graph_emit(lt_action *out, int base, uint32_t set)
{
    int n = 0;
    for (int i = 0; i < 3; i++) {
        out[n] = base + __builtin_ctz(set | 1u << 31);
        n += set != 0;
        set &= set - 1;
    }
    for (; set; set &= set - 1)
        out[n++] = base + __builtin_ctz(set);
    return n;
}

/* The point of set that is k-th in ascending order (from 0); k is less
 * than the number of points in set. */
static inline int graph_nth(uint32_t set, unsigned k)
{
    for (; k; k--)
        set &= set - 1;
    return __builtin_ctz(set);
}

/* graph_nth for a set of at most four points (a man's steps): the set
 * with its lowest point cleared k times, picked by masks (the compiler
 * makes a branch of a choice, and k is random). */
static inline int graph_nth4(uint32_t set, unsigned k)
{
    assert(k < 4);
    uint32_t s1 = set & (set - 1), s2 = s1 & (s1 - 1), s3 = s2 & (s2 - 1);
    return __builtin_ctz((set & -(uint32_t)(k == 0)) | (s1 & -(uint32_t)(k == 1)) |
                         (s2 & -(uint32_t)(k == 2)) | (s3 & -(uint32_t)(k == 3)));
}

/* A random playout's draw (lt_game.random_action) counts moves at every
 * ply: on x86-64 processors with the POPCNT instruction it runs compiled
 * for it.  GRAPH_DRAW(T, core) defines random_action(const T *, lt_rng
 * *) calling core(s, rng, hw), an always-inline function that counts the
 * points of a set with GRAPH_COUNT(hw, set): the instruction when hw,
 * graph_count otherwise. */
#define GRAPH_COUNT(hw, x) ((hw) ? __builtin_popcount(x) : graph_count(x))
#define GRAPH_INLINE static inline __attribute__((always_inline))
#define GRAPH_DRAW(T, core)                                                   \
    LT_POPCNT_TARGET static lt_action random_action_hw(const T *s,           \
                                                       struct lt_rng *r)     \
    {                                                                         \
        return core(s, r, true);                                              \
    }                                                                         \
    __attribute__((noinline)) static lt_action random_action_sw(              \
        const T *s, struct lt_rng *r)                                         \
    {                                                                         \
        return core(s, r, false);                                             \
    }                                                                         \
    /* two calls in tail position: no frame of the draw's own to set up      \
     * before the processor is asked */                                      \
    static lt_action random_action(const T *s, struct lt_rng *r)              \
    {                                                                         \
        if (lt_has_popcnt())                                                  \
            return random_action_hw(s, r);                                    \
        return random_action_sw(s, r);                                        \
    }

/* The draws and moves of the games of steps and jumps with capture
 * chains (alquerque, catch-the-rabbit; actions from * GRAPH_POINTS + to,
 * and GRAPH_CHAIN_STOP): from draw_move(s, rng, hw, &from), the point
 * the drawn move goes to (-1: stop), move(s, from, to), stop(s) and
 * playing(s), GRAPH_CHAIN_GAME(T, draw_move, move, stop, playing)
 * defines apply(s, action), random_action (GRAPH_DRAW) and
 * random_playout (GRAPH_PLAYOUT), whose ply plays the drawn move
 * without making it an action and taking that apart again. */
enum { GRAPH_CHAIN_STOP = GRAPH_POINTS * GRAPH_POINTS };
#define GRAPH_CHAIN_GAME(T, draw_move, move, stop, playing)                   \
    GRAPH_INLINE lt_action draw(const T *s, struct lt_rng *r, bool hw)       \
    {                                                                         \
        int from, to = draw_move(s, r, hw, &from);                            \
        return to < 0 ? GRAPH_CHAIN_STOP : from * GRAPH_POINTS + to;          \
    }                                                                         \
    GRAPH_INLINE void apply(T *s, lt_action a)                                \
    {                                                                         \
        if (a == GRAPH_CHAIN_STOP)                                            \
            stop(s);                                                          \
        else                                                                  \
            move(s, a / GRAPH_POINTS, a % GRAPH_POINTS);                      \
    }                                                                         \
    GRAPH_INLINE lt_action play(T *s, struct lt_rng *r, bool hw)             \
    {                                                                         \
        int from, to = draw_move(s, r, hw, &from);                            \
        if (to < 0) {                                                         \
            stop(s);                                                          \
            return GRAPH_CHAIN_STOP;                                          \
        }                                                                     \
        move(s, from, to);                                                    \
        return from * GRAPH_POINTS + to;                                      \
    }                                                                         \
    GRAPH_DRAW(T, draw)                                                       \
    GRAPH_PLAYOUT(T, play, playing)

/* The rest of a random game in one call (lt_game.random_playout), with
 * the POPCNT check made once a game instead of at every draw:
 * GRAPH_PLAYOUT(T, play, playing) defines random_playout(T *, lt_rng *,
 * lt_action *), which while playing(s) plays a ply by play(s, rng, hw):
 * the action GRAPH_DRAW's core would draw, applied, and returned. */
#define GRAPH_PLAYOUT_LOOP_(play, playing, hw)                                \
    int n = 0;                                                                \
    while (playing(s))                                                        \
        out[n++] = play(s, r, hw);                                            \
    return n;
#define GRAPH_PLAYOUT(T, play, playing)                                       \
    LT_POPCNT_TARGET static int random_playout_hw(                            \
        T *restrict s, struct lt_rng *restrict r, lt_action *restrict out)    \
    {                                                                         \
        GRAPH_PLAYOUT_LOOP_(play, playing, true)                              \
    }                                                                         \
    static int random_playout(T *restrict s, struct lt_rng *restrict r,       \
                              lt_action *restrict out)                        \
    {                                                                         \
        if (lt_has_popcnt())                                                  \
            return random_playout_hw(s, r, out);                              \
        GRAPH_PLAYOUT_LOOP_(play, playing, false)                             \
    }

/* graph_nth8[byte][k]: the k-th point of a set of eight (graph_build
 * fills it in). */
extern uint8_t graph_nth8[256][8];

/* graph_nth(set, k) in a random playout's draw: without a branch that
 * depends on k where the processor counts bits (hw): the half and then
 * the quarter of the set that holds it by their counts, and in that
 * byte the table. */
GRAPH_INLINE int graph_nth_draw(uint32_t set, unsigned k, bool hw)
{
    if (!hw)
        return graph_nth(set, k);
    int at = 0;
    for (int w = 16; w >= 8; w /= 2) {
        unsigned c = (unsigned)__builtin_popcount(set & ((1u << w) - 1));
        unsigned past = k >= c ? ~0u : 0;
        k -= c & past;
        at += w & (int)past;
        set >>= w & (int)past;
    }
    return at + graph_nth8[set & 255][k];
}

/* The steps of men on the alquerque board by direction (the planes of
 * graph_alq_steppers, each the men with a step that way), two
 * directions to a word: a draw counts them below a point, so it finds
 * the man of the k-th step without going through the men one by one. */
typedef struct {
    uint64_t w[4];
} graph_alq_planes;

GRAPH_INLINE void graph_alq_step_planes(graph_alq_planes *pl, uint32_t own,
                                        uint32_t empty)
{
    static const int8_t off[8] = GRAPH_ALQ_OFFSETS;
    static const uint32_t from[8] = GRAPH_ALQ_STEPS;
    for (int k = 0; k < 4; k++)
        pl->w[k] = (uint64_t)(own & from[2 * k] & graph_shift(empty, off[2 * k])) |
                   (uint64_t)(own & from[2 * k + 1] &
                              graph_shift(empty, off[2 * k + 1])) << 32;
}

/* The same with the jumps: each plane the men with a move that way, a
 * step (where steps is all ones) or a jump; a man has at most one move
 * in a direction. */
GRAPH_INLINE void graph_alq_move_planes(graph_alq_planes *pl, uint32_t own,
                                        uint32_t enemy, uint32_t empty,
                                        uint32_t steps)
{
    static const int8_t off[8] = GRAPH_ALQ_OFFSETS;
    static const uint32_t sfrom[8] = GRAPH_ALQ_STEPS;
    static const uint32_t jfrom[8] = GRAPH_ALQ_JUMPS;
    uint32_t pl32[8];
    for (int k = 0; k < 8; k++)
        pl32[k] = own & ((sfrom[k] & graph_shift(empty, off[k]) & steps) |
                         (jfrom[k] & graph_shift(enemy, off[k]) &
                          graph_shift(empty, 2 * off[k])));
    for (int k = 0; k < 4; k++)
        pl->w[k] = (uint64_t)pl32[2 * k] | (uint64_t)pl32[2 * k + 1] << 32;
}

/* The number of points in a set of 64, as GRAPH_COUNT. */
#define GRAPH_COUNT64(hw, x)                                                  \
    ((hw) ? __builtin_popcountll(x)                                           \
          : graph_count((uint32_t)(x)) + graph_count((uint32_t)((x) >> 32)))

/* The steps of the men on points below p (p <= 25). */
GRAPH_INLINE unsigned graph_alq_planes_below(const graph_alq_planes *pl, int p,
                                              bool hw)
{
    uint64_t m = (((uint64_t)1 << p) - 1) * (((uint64_t)1 << 32) + 1);
    return (unsigned)(GRAPH_COUNT64(hw, pl->w[0] & m) + GRAPH_COUNT64(hw, pl->w[1] & m) +
                      GRAPH_COUNT64(hw, pl->w[2] & m) + GRAPH_COUNT64(hw, pl->w[3] & m));
}

/* The point of the man whose steps hold the k-th (k < all of them), in
 * the order of legal_actions (by man, then by point); *k becomes its
 * place among his.  The row by the counts below four rows' starts, then
 * the point in it by the counts below four of its points: all without
 * a branch. */
GRAPH_INLINE int graph_alq_planes_man(const graph_alq_planes *pl, unsigned *k,
                                      bool hw)
{
    /* the counts grow with the point: the last one at or below k is
     * the count below the row (the point) */
    unsigned below = 0;
    int r = 0, i = 0;
    for (int j = 1; j < 5; j++) {
        unsigned c = graph_alq_planes_below(pl, 5 * j, hw);
        r += *k >= c;
        below = *k >= c ? c : below;
    }
    for (int j = 1; j < 5; j++) {
        unsigned c = graph_alq_planes_below(pl, 5 * r + j, hw);
        i += *k >= c;
        below = *k >= c ? c : below;
    }
    *k -= below;
    return 5 * r + i;
}

/* Points next to any point of set. */
static inline uint32_t graph_neighbours(const graph *g, uint32_t set)
{
    uint32_t n = 0;
    for (; set; set &= set - 1)
        n |= g->adjmask[__builtin_ctz(set)];
    return n;
}

void graph_build(graph *, const graph_spec *);
/* Index of a point by name (any case), or -1. */
int graph_find(const graph *, const char *name);
/* Index of a point named by the first two characters of text, or -1. */
int graph_find_prefix(const graph *, const char *text);
static inline bool graph_linked(const graph *g, int a, int b)
{
    return g->adjmask[a] >> b & 1;
}
/* Does the set of points (bit p = point p) contain a whole line? */
bool graph_has_line(const graph *, uint32_t set);
/* Does the set contain a whole line through point p? */
static inline bool graph_line_through(const graph *g, uint32_t set, int p)
{
    bool any = false;
    for (int i = 0; i < g->nlines_at[p]; i++) {
        uint32_t m = g->linemask[g->lines_at[p][i]];
        any |= (set & m) == m;
    }
    return any;
}

/* A position as text: the points in reading order (top row first, left
 * to right), rows separated by '/', each point written as chars[content
 * of the point].  snprintf-like. */
int graph_board_write(const graph *, const uint8_t *content,
                      const char *chars, char *buf, size_t size);
/* Reads such a text from *text (case does not matter) into content,
 * and moves *text past it; false, with a message, if it is not one. */
bool graph_board_read(const graph *, const char **text, const char *chars,
                      uint8_t *content, lt_error *);

/* A move between two points as text: "A1-B2", or with sep 'x' "A1xC3". */
int graph_move_name(const graph *, int from, int to, char sep, char *buf,
                    size_t size);
/* Reads two points written "A1-B2", "A1xC3" or "a1b2": *sep is '-', 'x'
 * or '\0' as written; false if the text is not two points so joined. */
bool graph_move_read(const graph *, const char *text, int *from, int *to,
                     char *sep);
/* A step along a line ('-'), or a jump over the middle of a line ('x');
 * without a separator, whichever the two points make.  LT_ESYNTAX for
 * text that is no move, LT_EILLEGAL for points that make neither. */
lt_status graph_read_step_or_jump(const graph *, const char *text, int *from,
                                  int *to);

/* The actions of the games whose moves are steps and jumps with capture
 * chains (alquerque, catch-the-rabbit): from * npoints + to, and `stop`
 * (npoints * npoints) that ends a chain.  Named "A1-B2", "A1xC3", "stop";
 * read from those or from "a1b2". */
int graph_chain_action_name(const graph *, lt_action a, char *buf,
                            size_t size);
lt_status graph_chain_action_read(const graph *, const char *text,
                                  lt_action *out);

/* The board into a view: its points as named cells on the layout (which
 * sets width and height) and its links.  Pieces are added with
 * graph_piece (point -1: off the board, in hand). */
void graph_render(const graph *, lt_view *);
void graph_piece(lt_view *, int point, int owner, int kind, const char *text,
                 const char *glyph);

/* The boards the games share, built once: the alquerque board (A1..E5,
 * columns A-E, rows 1-5, diagonals through the points whose column and
 * row add up to an even number; notes §3.1) and the nine men's morris
 * board (three squares and four spokes, named on a 7x7 lattice a1..g7;
 * notes §3.3). */
extern _Atomic(const graph *) graph_shared_[2];
const graph *graph_shared_build_(int which);
static inline const graph *graph_alquerque(void)
{
    /* once built, a plain load: the rules ask for it at every move */
    const graph *g = atomic_load_explicit(&graph_shared_[0], memory_order_acquire);
    return g ? g : graph_shared_build_(0);
}
static inline const graph *graph_morris(void)
{
    const graph *g = atomic_load_explicit(&graph_shared_[1], memory_order_acquire);
    return g ? g : graph_shared_build_(1);
}

/* A Zobrist key: a fixed pseudo-random number for a kind of piece (0..7)
 * on a point, and the sum (xor) of the keys of a set of points. */
uint64_t graph_key(int kind, int point);
uint64_t graph_set_key(int kind, uint32_t set);

/* Positions since the last irreversible action (a capture, a placement),
 * for the repetition rule: men[i] are the two players' point sets before
 * the i-th reversible step; the players alternate, so the step before the
 * current position was made by the player not to move.  seen[i % 2] has
 * the bit graph_history_bit of each men[i] (of 256, in four words), and
 * twice[i % 2] the bits found in seen[i % 2] already when men[i] came: a
 * position whose bit is clear in twice has not stood twice before with
 * the same player to move, and the rule need not look. */
typedef struct {
    uint64_t seen[2][4], twice[2][4];
    uint16_t n;
    uint32_t men[GRAPH_HISTORY][2];
} graph_history;

static inline int graph_history_bit(uint32_t a, uint32_t b)
{
    return (int)(((uint64_t)a << 32 ^ b) * 0x9e3779b97f4a7c15u >> 56);
}

/* Records the position (a, b) before a reversible step. */
static inline void graph_history_push(graph_history *h, uint32_t a,
                                      uint32_t b)
{
    assert(h->n < GRAPH_HISTORY);
    int bit = graph_history_bit(a, b), w = bit >> 6;
    uint64_t m = 1ull << (bit & 63);
    h->twice[h->n & 1][w] |= h->seen[h->n & 1][w] & m;
    h->seen[h->n & 1][w] |= m;
    h->men[h->n][0] = a;
    h->men[h->n][1] = b;
    h->n++;
}

/* Forgets every position: after an irreversible action. */
static inline void graph_history_clear(graph_history *h)
{
    h->n = 0;
    memset(h->seen, 0, sizeof h->seen);
    memset(h->twice, 0, sizeof h->twice);
}

int graph_history_scan_(const graph_history *, uint32_t a, uint32_t b);
/* Does the current position (a, b) stand for the third time (or more)
 * with the same player to move? */
static inline bool graph_history_thrice(const graph_history *h, uint32_t a,
                                        uint32_t b)
{
    int bit = graph_history_bit(a, b);
    if (!(h->twice[h->n & 1][bit >> 6] >> (bit & 63) & 1))
        return false;
    return graph_history_scan_(h, a, b) >= 3;
}
/* The steps as text, oldest first: "A1-B2,B3-C3", or "-" for none; the
 * current position (a, b) follows the last one.  snprintf-like. */
int graph_history_write(const graph *, const graph_history *, uint32_t a,
                        uint32_t b, char *buf, size_t size);
/* Reads steps written as above into from[] and to[] (at most max);
 * returns their number, or -1 if the text is not such a list. */
int graph_steps_read(const graph *, const char *text, int8_t *from,
                     int8_t *to, int max);

/* ---- White's and Black's men on points (alquerque, nine men's morris):
 * men[0] and men[1] are the two players' point sets. */

/* The quiet rule's option ("quiet": a draw after this many moves each
 * without a capture), a row of the game's option table. */
enum { GRAPH_QUIET_MIN = 10, GRAPH_QUIET_MAX = GRAPH_HISTORY / 2 };
#define GRAPH_QUIET_OPTION                                                    \
    {NC_("option", "quiet"), NULL, GRAPH_QUIET_MIN, GRAPH_QUIET_MAX, 50,      \
     N_("a draw after this many moves of each player without a capture")}
/* The line of a view that counts the moves towards the quiet rule. */
void graph_view_quiet(lt_view *, const graph_history *, int quiet);

/* The points the man of seat on p can jump to: over an enemy man next to
 * it along a line, onto the empty point behind. */
uint32_t graph_jumps(const graph *, const uint32_t men[2], int p, int seat);
/* Which draw rule ends the game now: GRAPH_END_REPEATED (the same
 * position for the third time), GRAPH_END_QUIET (quiet moves each
 * without a capture), or -1 for none (below). */
static inline int graph_draw(const graph_history *, const uint32_t men[2],
                             int quiet);
/* The position as text: the board (".WB"), then middle, then the steps
 * since the last capture (graph_history_write).  snprintf-like. */
int graph_men_write(const graph *, const uint32_t men[2],
                    const graph_history *, const char *middle, char *buf,
                    size_t size);
/* Reads the board of such a text from *text into men and moves *text
 * past it; false, with a message, if it is not one. */
bool graph_men_read(const graph *, const char **text, uint32_t men[2],
                    lt_error *);
/* Takes back the steps from[i]-to[i] (graph_steps_read), newest first:
 * the newest made by seat last, the ones before by the players in turn;
 * linked: each step went along a link.  False, with a message, if one
 * cannot have been made. */
bool graph_steps_undo(const graph *, uint32_t men[2], const int8_t *from,
                      const int8_t *to, int n, int last, bool linked,
                      lt_error *);

/* How a game of White and Black men on points ended (alquerque, nine
 * men's morris), in a language: the seat that lost and why, or the draw
 * rule; `moves` is the quiet rule's count of moves each.  snprintf-like. */
enum {
    GRAPH_END_NO_MEN,   /* the loser has no men left */
    GRAPH_END_FEW_MEN,  /* ... fewer than three */
    GRAPH_END_BLOCKED,  /* ... no move */
    GRAPH_END_REPEATED, /* a draw: the same position a third time */
    GRAPH_END_QUIET     /* a draw: `moves` moves each without a capture */
};
int graph_end_reason(int end, int loser, int moves, char *buf, size_t size);

static inline int graph_draw(const graph_history *h, const uint32_t men[2],
                             int quiet)
{
    if (graph_history_thrice(h, men[0], men[1]))
        return GRAPH_END_REPEATED;
    return h->n >= 2 * quiet ? GRAPH_END_QUIET : -1;
}

#endif
