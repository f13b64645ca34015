/* bitboard.c — attack tables, magic sliding attacks and Zobrist keys,
 * built once at start-up (chess_init). */
#include <threads.h>

#include "chess.h"

bb chess_knight[64], chess_king[64], chess_pawn_att[2][64];
bb chess_between[64][64], chess_line[64][64];
uint64_t chess_zobrist_piece[2][6][64], chess_zobrist_castle[16],
    chess_zobrist_ep[8], chess_zobrist_side;
chess_magic chess_rook_magic[64], chess_bishop_magic[64];

/* Fancy magics: one table slice per square, sized by its mask's bits
 * (at most 4096 for a rook, 512 for a bishop). */
enum { ROOK_TABLE = 102400, BISHOP_TABLE = 5248 };
static bb rook_table[ROOK_TABLE], bishop_table[BISHOP_TABLE];

static const int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

static bool on_board(int f, int r)
{
    return f >= 0 && f < 8 && r >= 0 && r < 8;
}

/* Attacks along the rays, stopping at (and including) the first piece. */
static bb slide(int sq, bb occ, const int dirs[4][2])
{
    bb att = 0;
    for (int d = 0; d < 4; d++) {
        int f = sq_file(sq) + dirs[d][0], r = sq_rank(sq) + dirs[d][1];
        while (on_board(f, r)) {
            att |= sq_bb(r * 8 + f);
            if (occ & sq_bb(r * 8 + f))
                break;
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    return att;
}

/* The squares whose occupancy matters: the rays without their last
 * square. */
static bb relevant(int sq, const int dirs[4][2])
{
    bb m = 0;
    for (int d = 0; d < 4; d++) {
        int f = sq_file(sq) + dirs[d][0], r = sq_rank(sq) + dirs[d][1];
        while (on_board(f + dirs[d][0], r + dirs[d][1])) {
            m |= sq_bb(r * 8 + f);
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    return m;
}

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* Finds a magic for every square by trial: a multiplier with few bits set
 * that maps every occupancy subset to a slot holding its attacks (two
 * subsets may share a slot only if their attacks agree). */
static void build_magics(chess_magic *magics, bb *table, const int dirs[4][2],
                         uint64_t seed)
{
    static bb occs[4096], atts[4096];
    static int epoch[4096];
    int stamp = 0;
    bb *slice = table;
    for (int sq = 0; sq < 64; sq++) {
        chess_magic *m = &magics[sq];
        m->mask = relevant(sq, dirs);
        int bits = popcount(m->mask), n = 0;
        m->shift = 64 - bits;
        m->table = slice;
        bb sub = 0;
        do { /* every subset of the mask (carry-rippler) */
            occs[n] = sub;
            atts[n++] = slide(sq, sub, dirs);
            sub = (sub - m->mask) & m->mask;
        } while (sub);
        for (;;) {
            uint64_t magic = splitmix(&seed) & splitmix(&seed) & splitmix(&seed);
            if (popcount((m->mask * magic) >> 56) < 6)
                continue;
            stamp++;
            int i;
            for (i = 0; i < n; i++) {
                unsigned idx = (unsigned)((occs[i] * magic) >> m->shift);
                if (epoch[idx] < stamp) {
                    epoch[idx] = stamp;
                    slice[idx] = atts[i];
                } else if (slice[idx] != atts[i]) {
                    break;
                }
            }
            if (i == n) {
                m->magic = magic;
                break;
            }
        }
        slice += (size_t)1 << bits;
    }
}

static void build(void)
{
    for (int sq = 0; sq < 64; sq++) {
        int f = sq_file(sq), r = sq_rank(sq);
        static const int kn[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                     {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
        for (int k = 0; k < 8; k++) {
            if (on_board(f + kn[k][0], r + kn[k][1]))
                chess_knight[sq] |= sq_bb((r + kn[k][1]) * 8 + f + kn[k][0]);
        }
        for (int df = -1; df <= 1; df++)
            for (int dr = -1; dr <= 1; dr++)
                if ((df || dr) && on_board(f + df, r + dr))
                    chess_king[sq] |= sq_bb((r + dr) * 8 + f + df);
        for (int df = -1; df <= 1; df += 2) {
            if (on_board(f + df, r + 1))
                chess_pawn_att[WHITE][sq] |= sq_bb((r + 1) * 8 + f + df);
            if (on_board(f + df, r - 1))
                chess_pawn_att[BLACK][sq] |= sq_bb((r - 1) * 8 + f + df);
        }
    }
    build_magics(chess_rook_magic, rook_table, rook_dirs, 0x5eed0001u);
    build_magics(chess_bishop_magic, bishop_table, bishop_dirs, 0x5eed0002u);
    for (int a = 0; a < 64; a++)
        for (int b = 0; b < 64; b++) {
            if (a == b)
                continue;
            if (rook_attacks(a, 0) & sq_bb(b)) {
                chess_line[a][b] = (rook_attacks(a, 0) & rook_attacks(b, 0)) |
                                   sq_bb(a) | sq_bb(b);
                chess_between[a][b] =
                    rook_attacks(a, sq_bb(b)) & rook_attacks(b, sq_bb(a));
            } else if (bishop_attacks(a, 0) & sq_bb(b)) {
                chess_line[a][b] = (bishop_attacks(a, 0) & bishop_attacks(b, 0)) |
                                   sq_bb(a) | sq_bb(b);
                chess_between[a][b] =
                    bishop_attacks(a, sq_bb(b)) & bishop_attacks(b, sq_bb(a));
            }
        }
    uint64_t seed = 0x6c75646f74656b61u; /* "ludoteka" */
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < 6; t++)
            for (int s = 0; s < 64; s++)
                chess_zobrist_piece[c][t][s] = splitmix(&seed);
    for (int i = 0; i < 16; i++) /* castling keys compose bit by bit */
        chess_zobrist_castle[i] = 0;
    for (int bit = 0; bit < 4; bit++) {
        uint64_t k = splitmix(&seed);
        for (int i = 0; i < 16; i++)
            if (i & (1 << bit))
                chess_zobrist_castle[i] ^= k;
    }
    for (int f = 0; f < 8; f++)
        chess_zobrist_ep[f] = splitmix(&seed);
    chess_zobrist_side = splitmix(&seed);
}

static once_flag once = ONCE_FLAG_INIT;

void chess_init(void)
{
    call_once(&once, build);
}
