/* board.c — Rozbójnicy's rules on bitboards: moves, custodial capture,
 * promotion, the end of the game, and the Zobrist key. */
#include <assert.h>
#include <threads.h>

#include "ludoteka/rng.h"
#include "robbers.h"

/* ray[dir][sq]: the squares from sq (exclusive) to the edge in dir.
 * zobrist[bitboard][sq], and the key of green to move. */
static uint64_t ray[4][SQUARES];
static uint64_t zobrist[4][SQUARES], zobrist_green;
static once_flag tables_once = ONCE_FLAG_INIT;

/* The square one step from sq in direction dir, or -1 off the board. */
static int step(int sq, int dir)
{
    int file = sq & 7, rank = sq >> 3;
    switch (dir) {
    case DIR_N: return rank < 7 ? sq + 8 : -1;
    case DIR_S: return rank > 0 ? sq - 8 : -1;
    case DIR_E: return file < 7 ? sq + 1 : -1;
    default: return file > 0 ? sq - 1 : -1;
    }
}

static void build_tables(void)
{
    for (int dir = 0; dir < 4; dir++)
        for (int sq = 0; sq < SQUARES; sq++)
            for (int t = step(sq, dir); t >= 0; t = step(t, dir))
                ray[dir][sq] |= BIT(t);
    /* a fixed seed: the keys are the same in every run */
    uint64_t seed = UINT64_C(0x526f7a626f6a6e69);
    for (int b = 0; b < 4; b++)
        for (int sq = 0; sq < SQUARES; sq++)
            zobrist[b][sq] = lt_splitmix64(&seed);
    zobrist_green = lt_splitmix64(&seed);
}

static void tables(void)
{
    call_once(&tables_once, build_tables);
}

/* The empty squares a commander on sq slides over (seed 001: commanders
 * move vertically and horizontally over any number of empty squares). */
static uint64_t slides(int sq, uint64_t occ)
{
    uint64_t to = 0;
    for (int dir = 0; dir < 4; dir++) {
        uint64_t r = ray[dir][sq], block = r & occ;
        if (block) {
            /* N and E run towards higher squares: the nearest blocker is
             * the lowest bit; S and W: the highest. */
            int b = dir == DIR_N || dir == DIR_E ? __builtin_ctzll(block)
                                                 : 63 - __builtin_clzll(block);
            r &= ~ray[dir][b] & ~BIT(b);
        }
        to |= r;
    }
    return to;
}

/* The square in front of a soldier of side on sq (seed 001: a soldier
 * moves one square forward only; it never stands on its last rank). */
static int ahead(int side, int sq)
{
    return side == ORANGE ? sq + 8 : sq - 8;
}

uint64_t rob_reach(const rob *s, int side, int *mobility)
{
    tables();
    uint64_t occ = rob_occupied(s), to = 0;
    uint64_t soldiers = s->bb[side * 2 + SOLDIER];
    int moves = 0;
    for (uint64_t c = s->bb[side * 2 + COMMANDER]; c; c &= c - 1) {
        uint64_t t = slides(__builtin_ctzll(c), occ);
        moves += __builtin_popcountll(t);
        to |= t;
    }
    if (mobility)
        *mobility = moves;
    to |= rob_shift(soldiers, side == ORANGE ? DIR_N : DIR_S);
    return to & ~occ;
}

uint64_t rob_shift(uint64_t set, int dir)
{
    static const uint64_t not_a = ~UINT64_C(0x0101010101010101),
                          not_h = ~UINT64_C(0x8080808080808080);
    switch (dir) {
    case DIR_N: return set << 8;
    case DIR_S: return set >> 8;
    case DIR_E: return (set & not_h) << 1;
    default: return (set & not_a) >> 1;
    }
}

uint64_t rob_neighbours(uint64_t set)
{
    return rob_shift(set, DIR_N) | rob_shift(set, DIR_E) |
           rob_shift(set, DIR_S) | rob_shift(set, DIR_W);
}

bool rob_has_move(const rob *s, int side)
{
    uint64_t empty = ~rob_occupied(s);
    uint64_t fwd = rob_shift(s->bb[side * 2 + SOLDIER],
                             side == ORANGE ? DIR_N : DIR_S);
    return ((fwd | rob_neighbours(s->bb[side * 2 + COMMANDER])) & empty) != 0;
}

/* Seed 001: an enemy piece is captured when the mover's move leaves it
 * between the moved piece and another piece of the mover, or pressed
 * against the edge; two enemy pieces side by side are captured the same
 * way (notes §4, resolutions 2-4: the moved piece is one end, exactly one
 * or two enemies, every direction at once). */
uint64_t rob_captures(const rob *s, int side, int to)
{
    uint64_t own = rob_side(s, side), enemy = rob_side(s, side ^ 1), caught = 0;
    for (int dir = 0; dir < 4; dir++) {
        int a = step(to, dir);
        if (a < 0 || !(enemy & BIT(a)))
            continue;
        int b = step(a, dir);
        if (b < 0 || (own & BIT(b))) {
            caught |= BIT(a);
            continue;
        }
        if (!(enemy & BIT(b)))
            continue;
        int c = step(b, dir);
        if (c < 0 || (own & BIT(c)))
            caught |= BIT(a) | BIT(b);
        /* three enemies in a row, or a gap: nothing (resolution 2) */
    }
    return caught;
}

int rob_legal_actions(const rob *s, lt_action *out)
{
    assert(s->result == PLAYING);
    tables();
    int side = s->turn, n = 0;
    uint64_t occ = rob_occupied(s), commanders = s->bb[side * 2 + COMMANDER];
    /* pieces in ascending order, each one's targets in ascending order:
     * the actions from * 64 + to come out ascending */
    for (uint64_t p = rob_side(s, side); p; p &= p - 1) {
        int from = __builtin_ctzll(p);
        uint64_t t = commanders & BIT(from) ? slides(from, occ)
                                            : BIT(ahead(side, from)) & ~occ;
        for (; t; t &= t - 1)
            out[n++] = from * SQUARES + __builtin_ctzll(t);
    }
    if (n == 0)
        out[n++] = PASS; /* notes §4, resolution 8: no move, a pass */
    return n;
}

void rob_apply(rob *s, lt_action a)
{
    tables();
    int side = s->turn;
    if (a != PASS) {
        int from = a / SQUARES, to = a % SQUARES;
        int kind = s->bb[side * 2 + COMMANDER] & BIT(from) ? COMMANDER : SOLDIER;
        int b = side * 2 + kind;
        /* the captures are judged with the mover already on `to`; `from`
         * can never be the far end of a line through `to` */
        uint64_t caught = rob_captures(s, side, to);
        s->bb[b] ^= BIT(from) | BIT(to);
        s->key ^= zobrist[b][from] ^ zobrist[b][to];
        for (int e = (side ^ 1) * 2; e < (side ^ 1) * 2 + 2; e++)
            for (uint64_t c = s->bb[e] & caught; c; c &= c - 1)
                s->key ^= zobrist[e][__builtin_ctzll(c)];
        s->bb[(side ^ 1) * 2 + COMMANDER] &= ~caught;
        s->bb[(side ^ 1) * 2 + SOLDIER] &= ~caught;
        /* seed 001: a soldier reaching the far end of the board becomes a
         * commander (notes §4, resolution 7: after the capture) */
        if (kind == SOLDIER && (to >> 3) == (side == ORANGE ? 7 : 0)) {
            s->bb[b] ^= BIT(to);
            s->bb[side * 2 + COMMANDER] |= BIT(to);
            s->key ^= zobrist[b][to] ^ zobrist[side * 2 + COMMANDER][to];
        }
    }
    s->turn ^= 1;
    s->key ^= zobrist_green;
    s->ply++;
    rob_settle(s);
}

void rob_settle(rob *s)
{
    int orange = __builtin_popcountll(rob_side(s, ORANGE));
    int green = __builtin_popcountll(rob_side(s, GREEN));
    if (green == 0)
        s->result = ORANGE_WON; /* seed 001: all enemy pieces captured */
    else if (orange == 0)
        s->result = GREEN_WON;
    else if (orange == 1 && green == 1)
        s->result = DRAWN; /* seed 001: one piece each is a draw */
    else if (s->ply >= s->cap)
        s->result = DRAWN; /* RULES.md: the ply cap (option cap) */
    else if (!rob_has_move(s, s->turn) && !rob_has_move(s, s->turn ^ 1))
        s->result = DRAWN; /* RULES.md: two passes in a row, settled at once */
    else
        s->result = PLAYING;
}

uint64_t rob_key(const rob *s)
{
    tables();
    uint64_t key = s->turn == GREEN ? zobrist_green : 0;
    for (int b = 0; b < 4; b++)
        for (uint64_t p = s->bb[b]; p; p &= p - 1)
            key ^= zobrist[b][__builtin_ctzll(p)];
    return key;
}
