/* tables.c — Four Seasons chess: the two arrays of the notes and the
 * geometry tables (piece steps, the crossed-out centre, Zobrist keys),
 * built once. */
#include <stdlib.h>
#include <threads.h>

#include "four_seasons.h"
#include "ludoteka/rng.h"

#define P_N (K_PAWN + DIR_N)
#define P_S (K_PAWN + DIR_S)
#define P_E (K_PAWN + DIR_E)
#define P_W (K_PAWN + DIR_W)

/* notes §1, "Setup listing": array A (chessvariants, the default) and
 * array B (the start block of the Ludii file). */
const fs4_placement fs4_arrays[ARRAYS][ARRAY_PIECES] = {
    {
        {"a8", GREEN, K_KING}, {"b8", GREEN, K_ROOK}, {"a7", GREEN, K_KNIGHT},
        {"b7", GREEN, K_ALFIL}, {"a6", GREEN, P_S}, {"b6", GREEN, P_S},
        {"c8", GREEN, P_E}, {"c7", GREEN, P_E},
        {"a1", RED, K_KING}, {"b1", RED, K_ROOK}, {"a2", RED, K_KNIGHT},
        {"b2", RED, K_ALFIL}, {"a3", RED, P_N}, {"b3", RED, P_N},
        {"c1", RED, P_E}, {"c2", RED, P_E},
        {"h1", BLACK, K_KING}, {"g1", BLACK, K_ROOK}, {"h2", BLACK, K_KNIGHT},
        {"g2", BLACK, K_ALFIL}, {"g3", BLACK, P_N}, {"h3", BLACK, P_N},
        {"f1", BLACK, P_W}, {"f2", BLACK, P_W},
        {"h8", WHITE, K_KING}, {"g8", WHITE, K_ROOK}, {"h7", WHITE, K_KNIGHT},
        {"g7", WHITE, K_ALFIL}, {"h6", WHITE, P_S}, {"g6", WHITE, P_S},
        {"f8", WHITE, P_W}, {"f7", WHITE, P_W},
    },
    {
        {"h1", GREEN, K_KING}, {"g1", GREEN, K_KNIGHT}, {"h2", GREEN, K_ROOK},
        {"g2", GREEN, K_ALFIL}, {"f1", GREEN, P_W}, {"f2", GREEN, P_W},
        {"g3", GREEN, P_N}, {"h3", GREEN, P_N},
        {"h8", RED, K_KING}, {"g8", RED, K_KNIGHT}, {"h7", RED, K_ROOK},
        {"g7", RED, K_ALFIL}, {"f8", RED, P_W}, {"f7", RED, P_W},
        {"h6", RED, P_S}, {"g6", RED, P_S},
        {"a8", BLACK, K_KING}, {"b8", BLACK, K_KNIGHT}, {"a7", BLACK, K_ROOK},
        {"b7", BLACK, K_ALFIL}, {"c8", BLACK, P_E}, {"c7", BLACK, P_E},
        {"a6", BLACK, P_S}, {"b6", BLACK, P_S},
        {"a1", WHITE, K_KING}, {"b1", WHITE, K_KNIGHT}, {"a2", WHITE, K_ROOK},
        {"b2", WHITE, K_ALFIL}, {"c1", WHITE, P_E}, {"c2", WHITE, P_E},
        {"a3", WHITE, P_N}, {"b3", WHITE, P_N},
    }};

/* notes ambiguity 5: the first move goes towards the next player, i.e.
 * from one's own corner towards the next seat's corner.  Array A: green
 * a8 -> red a1 (south), red -> black h1 (east), black -> white h8
 * (north), white -> green (west).  Array B: green h1 -> red h8 (north),
 * red -> black a8 (west), black -> white a1 (south), white -> green
 * (east). */
const uint8_t fs4_first_dir[ARRAYS][SEATS] = {
    {DIR_S, DIR_E, DIR_N, DIR_W},
    {DIR_N, DIR_W, DIR_S, DIR_E}};

static fs4_tables tables;
static once_flag tables_once = ONCE_FLAG_INIT;

static const int dfile[DIRS] = {0, 0, 1, -1}, drank[DIRS] = {1, -1, 0, 0};

static bool on_board(int file, int rank)
{
    return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

/* The square at (file + df, rank + dr) as a bit, or 0 off the board. */
static uint64_t step(int sq, int df, int dr)
{
    int f = sq % 8 + df, r = sq / 8 + dr;
    return on_board(f, r) ? fs4_bit(r * 8 + f) : 0;
}

/* seed: "środkowy obszar planszy o wielkości 4x4 jest przekreślony"; notes
 * ambiguity 2: all sixteen squares c3-f6 (default), or only the eight the
 * two diagonals c3-f6 and c6-f3 pass through, or none (the seed's option
 * without the lines). */
static uint64_t centre_mask(int centre)
{
    uint64_t m = 0;
    for (int r = 2; r <= 5; r++)
        for (int f = 2; f <= 5; f++)
            if (centre == CENTRE_BLOCKED ||
                (centre == CENTRE_DIAGONALS && (r == f || r + f == 7)))
                m |= fs4_bit(r * 8 + f);
    return m;
}

static void build_steps(fs4_tables *t, int c, int sq)
{
    static const int knight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                     {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    uint64_t free_sq = ~t->forbidden[c];
    for (int df = -1; df <= 1; df++)
        for (int dr = -1; dr <= 1; dr++)
            if (df || dr) {
                t->king[c][sq] |= step(sq, df, dr) & free_sq;
                if (df && dr) {
                    /* seed: the General moves one square diagonally */
                    t->general[c][sq] |= step(sq, df, dr) & free_sq;
                    /* seed: the Biskup moves "po skosie do 2 pól" and may
                     * leap (default, 1 or 2); option alfil=2: the
                     * historical alfil, exactly 2.  notes ambiguity 3: it
                     * may not leap over a crossed-out square. */
                    uint64_t one = step(sq, df, dr) & free_sq;
                    uint64_t mid = step(sq, df, dr);
                    uint64_t two = step(sq, 2 * df, 2 * dr) & free_sq;
                    if (mid & t->forbidden[c])
                        two = 0;
                    t->alfil[c][ALFIL_UP_TO_2][sq] |= one | two;
                    t->alfil[c][ALFIL_2][sq] |= two;
                }
            }
    for (int k = 0; k < 8; k++)
        t->knight[c][sq] |= step(sq, knight[k][0], knight[k][1]) & free_sq;
    for (int d = 0; d < DIRS; d++) {
        /* seed: a pawn moves one square forward and captures one square
         * diagonally forward, in the direction it was set up in */
        t->push[c][d][sq] = step(sq, dfile[d], drank[d]) & free_sq;
        t->capture[c][d][sq] =
            (step(sq, dfile[d] + drank[d], drank[d] + dfile[d]) |
             step(sq, dfile[d] - drank[d], drank[d] - dfile[d])) &
            free_sq;
    }
}

static void build(void)
{
    fs4_tables *t = &tables;
    for (int c = 0; c < CENTRES; c++) {
        t->forbidden[c] = centre_mask(c);
        for (int sq = 0; sq < SQUARES; sq++)
            build_steps(t, c, sq);
    }
    for (int sq = 0; sq < SQUARES; sq++) {
        int f = sq % 8, r = sq / 8;
        for (int d = 0; d < DIRS; d++) {
            /* a pawn moving in d attacks sq from one step behind sq,
             * one square to either side */
            t->pawn_from[d][sq] =
                step(sq, -dfile[d] + drank[d], -drank[d] + dfile[d]) |
                step(sq, -dfile[d] - drank[d], -drank[d] - dfile[d]);
            for (int k = 1; k < 8; k++)
                t->ray[d][sq] |= step(sq, k * dfile[d], k * drank[d]);
            t->cross[sq] |= t->ray[d][sq];
        }
        for (int o = 0; o < SQUARES; o++) {
            int fo = o % 8, ro = o / 8;
            if (fo > f)
                t->ahead[DIR_E][sq] |= fs4_bit(o);
            if (fo < f)
                t->ahead[DIR_W][sq] |= fs4_bit(o);
            if (ro > r)
                t->ahead[DIR_N][sq] |= fs4_bit(o);
            if (ro < r)
                t->ahead[DIR_S][sq] |= fs4_bit(o);
            if (o != sq && fo == f)
                t->line[sq][o] = t->ray[DIR_N][f] | fs4_bit(f);
            if (o != sq && ro == r)
                t->line[sq][o] = t->ray[DIR_E][r * 8] | fs4_bit(r * 8);
        }
    }
    for (int k = 0; k < 8; k++) {
        t->edge[DIR_N] |= fs4_bit(56 + k);
        t->edge[DIR_S] |= fs4_bit(k);
        t->edge[DIR_E] |= fs4_bit(k * 8 + 7);
        t->edge[DIR_W] |= fs4_bit(k * 8);
    }
    /* Zobrist keys from a fixed seed: the same on every run */
    uint64_t seed = 0x4f53454153303030u;
    for (int p = 0; p < SEATS; p++)
        for (int k = 0; k < KINDS; k++)
            for (int sq = 0; sq < SQUARES; sq++)
                t->zobrist[p][k][sq] = lt_splitmix64(&seed);
    for (int p = 0; p < SEATS; p++) {
        t->zobrist_turn[p] = lt_splitmix64(&seed);
        for (int q = 0; q < SEATS; q++)
            t->zobrist_recent[p][q] = lt_splitmix64(&seed);
    }
    for (int ph = 0; ph < 4; ph++)
        for (int a = 0; a < 7; a++)
            for (int b = 0; b < 7; b++)
                t->zobrist_phase[ph][a][b] = lt_splitmix64(&seed);
    for (int o = 0; o < 16; o++)
        t->zobrist_owe[o] = lt_splitmix64(&seed);
}

const fs4_tables *fs4_tables_get(void)
{
    call_once(&tables_once, build);
    return &tables;
}
