/* freeze.c — the published freezing rule (option frozen=no-capture): can
 * a capture still be made on a board, now or after some plain moves of
 * either colour in any order?  Decided exactly by a search of the board's
 * plain moves (notes §6 ambiguity 2), made small by two tests:
 *
 * - a pair of towers that could capture one another can only ever meet
 *   inside their forward cones; no pair whose cones meet: no capture ever;
 * - if the two towers of such a pair can come into contact by moving
 *   only themselves (the other towers standing still), a capture can be
 *   made: move the first all the way, then the second; should the second
 *   run into the first, it was in contact one step earlier.
 *
 * Only when neither settles it are other towers moved out of the way: a
 * depth-first search over the plain moves, each board seen once.  A board
 * holds at most ten towers (five of each colour), so this stays small;
 * when the table of boards seen is full the search goes on without it,
 * still exact. */
#include <string.h>
#include <threads.h>

#include "talat.h"

enum { MEMO = 2048, LOW = 0, HIGH = 1 };

/* Board-local masks over the 25 cells (bit row * 5 + file).  The "low"
 * colour moves up, the "high" colour down. */
static uint32_t cone[2][TL_BOARD_CELLS];    /* cells reachable, ignoring others */
static uint32_t contact[TL_BOARD_CELLS];    /* high positions in contact with
                                             * a low tower on this cell */
static int8_t ahead[2][TL_BOARD_CELLS][3];  /* forward steps, -1 off board */
static once_flag tables_once = ONCE_FLAG_INIT;

static void build_tables(void)
{
    for (int c = 0; c < TL_BOARD_CELLS; c++) {
        int r = c / TL_SIDE, f = c % TL_SIDE;
        for (int side = LOW; side <= HIGH; side++) {
            int dr = side == LOW ? 1 : -1;
            for (int d = 0; d < 3; d++) {
                int r2 = r + dr, f2 = f + d - 1;
                ahead[side][c][d] = (int8_t)(r2 >= 0 && r2 < TL_SIDE && f2 >= 0 &&
                                             f2 < TL_SIDE ? r2 * TL_SIDE + f2 : -1);
            }
            uint32_t m = 0;
            for (int c2 = 0; c2 < TL_BOARD_CELLS; c2++) {
                int rows = (c2 / TL_SIDE - r) * dr, df = c2 % TL_SIDE - f;
                if (rows >= 0 && df <= rows && -df <= rows)
                    m |= 1u << c2;
            }
            cone[side][c] = m;
        }
        /* a capture is possible between a low tower on (r, f) and a high
         * one beside it or one row up, straight or diagonally */
        uint32_t m = 0;
        for (int c2 = 0; c2 < TL_BOARD_CELLS; c2++) {
            int dr = c2 / TL_SIDE - r, df = c2 % TL_SIDE - f;
            if ((dr == 0 && (df == 1 || df == -1)) ||
                (dr == 1 && df >= -1 && df <= 1))
                m |= 1u << c2;
        }
        contact[c] = m;
    }
}

typedef struct {
    uint8_t grid[TL_BOARD_CELLS]; /* kind + 1 for low, kind + 10 for high */
} board;

typedef struct {
    board memo[MEMO];
    uint8_t used[MEMO];
    int stored;
} search;

static int side_of(uint8_t v) { return v > TL_KINDS ? HIGH : LOW; }
static int kind_of(uint8_t v) { return (v - 1) % TL_KINDS; }

static bool capturable(uint8_t lo, uint8_t hi)
{
    return tl_beats(kind_of(lo), kind_of(hi)) || tl_beats(kind_of(hi), kind_of(lo));
}

/* Cells the tower on c can reach by plain moves, the others standing. */
static uint32_t reach(const board *bd, int c)
{
    int side = side_of(bd->grid[c]);
    uint32_t seen = 1u << c, todo = seen;
    while (todo) {
        int x = __builtin_ctz(todo);
        todo &= todo - 1;
        for (int d = 0; d < 3; d++) {
            int y = ahead[side][x][d];
            if (y >= 0 && !bd->grid[y] && !(seen >> y & 1)) {
                seen |= 1u << y;
                todo |= 1u << y;
            }
        }
    }
    return seen;
}

/* Could a low tower somewhere in lo and a high one somewhere in hi be in
 * contact? */
static bool meet(uint32_t lo, uint32_t hi)
{
    for (; lo; lo &= lo - 1)
        if (contact[__builtin_ctz(lo)] & hi)
            return true;
    return false;
}

/* 1: a capture can surely be made; 0: surely never; -1: undecided. */
static int judge(const board *bd)
{
    bool live = false;
    uint32_t reached[TL_BOARD_CELLS] = {0};
    for (int a = 0; a < TL_BOARD_CELLS; a++) {
        if (!bd->grid[a] || side_of(bd->grid[a]) != LOW)
            continue;
        for (int b = 0; b < TL_BOARD_CELLS; b++) {
            if (!bd->grid[b] || side_of(bd->grid[b]) != HIGH ||
                !capturable(bd->grid[a], bd->grid[b]) ||
                !meet(cone[LOW][a], cone[HIGH][b]))
                continue;
            live = true;
            if (!reached[a])
                reached[a] = reach(bd, a);
            if (!reached[b])
                reached[b] = reach(bd, b);
            if (meet(reached[a], reached[b]))
                return 1;
        }
    }
    return live ? -1 : 0;
}

static uint32_t key_of(const board *bd)
{
    uint32_t h = 2166136261u;
    for (int i = 0; i < TL_BOARD_CELLS; i++)
        h = (h ^ bd->grid[i]) * 16777619u;
    return h;
}

/* Marks the board as searched; false if it was already. */
static bool first_visit(search *se, const board *bd)
{
    for (uint32_t i = key_of(bd) % MEMO, probes = 0; probes < MEMO;
         i = (i + 1) % MEMO, probes++) {
        if (!se->used[i]) {
            if (se->stored >= MEMO * 3 / 4)
                return true; /* full: search on without remembering */
            se->used[i] = 1;
            se->memo[i] = *bd;
            se->stored++;
            return true;
        }
        if (memcmp(&se->memo[i], bd, sizeof *bd) == 0)
            return false;
    }
    return true;
}

static bool dfs(search *se, board *bd)
{
    int verdict = judge(bd);
    if (verdict >= 0)
        return verdict;
    if (!first_visit(se, bd))
        return false;
    for (int c = 0; c < TL_BOARD_CELLS; c++) {
        uint8_t v = bd->grid[c];
        if (!v)
            continue;
        for (int d = 0; d < 3; d++) {
            int to = ahead[side_of(v)][c][d];
            if (to < 0 || bd->grid[to])
                continue;
            bd->grid[to] = v;
            bd->grid[c] = 0;
            bool found = dfs(se, bd);
            bd->grid[c] = v;
            bd->grid[to] = 0;
            if (found)
                return true;
        }
    }
    return false;
}

bool tl_capture_reachable(const tl_state *s, int b)
{
    call_once(&tables_once, build_tables);
    board bd;
    for (int i = 0; i < TL_BOARD_CELLS; i++) {
        int t = s->sq[b * TL_BOARD_CELLS + i] - 1;
        bd.grid[i] = (uint8_t)(t < 0                ? 0
                               : tl_colour(t) == b ? tl_kind(t) + 1
                                                   : tl_kind(t) + 1 + TL_KINDS);
    }
    int verdict = judge(&bd);
    if (verdict >= 0)
        return verdict;
    search se;
    se.stored = 0;
    memset(se.used, 0, sizeof se.used);
    return dfs(&se, &bd);
}
