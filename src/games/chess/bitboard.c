/* bitboard.c — attack tables, magic sliding attacks and Zobrist keys,
 * built once at start-up (chess_init). */
#include <assert.h>
#include <threads.h>

#include "chess.h"

bb chess_knight[64], chess_king[64], chess_pawn_att[2][64];
bb chess_between[64][64], chess_line[64][64];
bb chess_rook_empty[64], chess_bishop_empty[64];
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

/* The magic multipliers: each maps every occupancy of its square's mask
 * to a slot holding its attacks (two occupancies may share a slot only if
 * their attacks agree).  We found them once by trial - random numbers
 * with few bits set (three splitmix64 outputs ANDed), seeded 0x5eed0001
 * for the rooks and 0x5eed0002 for the bishops - as that search takes
 * far longer than start-up should; fill_magics checks every one. */
static const uint64_t rook_magics[64] = {
    0x1180001180400120u, 0x0040002000100040u, 0x2080082000801000u,
    0x2080048008001000u, 0x0500030008001004u, 0x0b00010008020400u,
    0x0200410818940a00u, 0x0100020040308100u, 0x8012802080024000u,
    0x1002002080421500u, 0x4060802000801000u, 0x0040808008001000u,
    0x8001000801001004u, 0x0102000201048810u, 0x2000800100800200u,
    0x0002000214490084u, 0x0801010020408005u, 0x8020008020804008u,
    0x9801010040200010u, 0x0140848008001000u, 0x0010828004000800u,
    0x8000808004000200u, 0x8020040018028150u, 0x8051020000440081u,
    0x1486400080003880u, 0x0000820200410020u, 0x0020200480100280u,
    0x0900080080100080u, 0x0204080080040280u, 0x1600040801201040u,
    0x0201814400080210u, 0x1002084a00040081u, 0x0402204001800080u,
    0x0292004102002080u, 0x0010200080801000u, 0x4140800802801001u,
    0x0481001005000800u, 0x0202040080800200u, 0x4082020001010004u,
    0x0050291082000044u, 0x0410884102020020u, 0x0000200050004000u,
    0x0402001880420020u, 0x1010042011010008u, 0x8004080004008080u,
    0x002c040002008080u, 0x4806000401020008u, 0x1041000080410002u,
    0x0210420081003200u, 0x0000400080200480u, 0x0048100220028880u,
    0x8041024820500300u, 0x0002100800050100u, 0x0085000208040100u,
    0x0201000a00041500u, 0x2000800100004080u, 0x000100c120160086u,
    0x0200201080400101u, 0x1444088010204202u, 0x80060010c420404au,
    0x80420044302068aeu, 0x0202004810a10402u, 0x0002000108040082u,
    0x0f01000882042041u,
};
static const uint64_t bishop_magics[64] = {
    0x0010200084024540u, 0x0010822a00420c60u, 0x0111081081001002u,
    0x2044241a80040f40u, 0x4082021010804004u, 0x0022015009020085u,
    0x8401109050482202u, 0x000a044108182225u, 0x2a00412508008300u,
    0x4608100252044200u, 0x0211a10104008020u, 0x8c03080600430942u,
    0x0280420210000000u, 0x41020a0802480400u, 0xc848042208440400u,
    0x8000604110901021u, 0x09a001081830a0a0u, 0x0488100208010410u,
    0x0010102218204100u, 0x018800108205c080u, 0x0209003090400080u,
    0x4200209410041010u, 0x0c0c001900880520u, 0x6801024201010112u,
    0x1c90440008204c10u, 0x0022828410500205u, 0x0002010318081520u,
    0x60040800002020c0u, 0x2261010000104000u, 0x104820404a0100a0u,
    0x02220040020802c1u, 0x080c002d06860100u, 0x005144a000408800u,
    0x6024300404824400u, 0x220282405a040400u, 0x2280a08020080200u,
    0x0840010040460802u, 0x0200a08100520100u, 0xa850042040110900u,
    0x0201042284010040u, 0x20841004041c1000u, 0x8000480a30900803u,
    0x2002001048010404u, 0x0224850401010820u, 0x204a083010102100u,
    0x2010101000404020u, 0x002002a401010043u, 0x02101a0083000020u,
    0x00018598a0101400u, 0x0240462a1002088cu, 0x1200044404440d00u,
    0x0820044484042200u, 0x0200851020220000u, 0x000510a001091408u,
    0x09b80850a4104340u, 0x1004810801010004u, 0x020601010082a020u,
    0x0040408401080214u, 0x0000200022311004u, 0x8000004040208803u,
    0x008c020804104408u, 0x0418a11020011104u, 0x1000124450008200u,
    0x60121c0806040122u,
};

/* Fills a square's table slice from its magic; false on a collision. */
static bool fill_magics(chess_magic *magics, bb *table, const int dirs[4][2],
                        const uint64_t *multipliers)
{
    bb *slice = table;
    for (int sq = 0; sq < 64; sq++) {
        chess_magic *m = &magics[sq];
        m->mask = relevant(sq, dirs);
        m->magic = multipliers[sq];
        int bits = popcount(m->mask);
        m->shift = 64 - bits;
        m->table = slice;
        size_t size = (size_t)1 << bits;
        for (size_t i = 0; i < size; i++)
            slice[i] = ~0ull; /* no attack set is everything */
        bb sub = 0;
        do { /* every subset of the mask (carry-rippler) */
            bb att = slide(sq, sub, dirs);
            bb *slot = &slice[((sub * m->magic) >> m->shift)];
            if (*slot != ~0ull && *slot != att)
                return false;
            *slot = att;
            sub = (sub - m->mask) & m->mask;
        } while (sub);
        slice += size;
    }
    return true;
}

static void build(void)
{
    for (int sq = 0; sq < 64; sq++) {
        int f = sq_file(sq), r = sq_rank(sq);
        static const int kn[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
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
    bool ok =
        fill_magics(chess_rook_magic, rook_table, rook_dirs, rook_magics) &&
        fill_magics(chess_bishop_magic, bishop_table, bishop_dirs,
                    bishop_magics);
    assert(ok);
    (void)ok;
    for (int a = 0; a < 64; a++) {
        chess_rook_empty[a] = rook_attacks(a, 0);
        chess_bishop_empty[a] = bishop_attacks(a, 0);
    }
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
                chess_line[a][b] =
                    (bishop_attacks(a, 0) & bishop_attacks(b, 0)) | sq_bb(a) |
                    sq_bb(b);
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
