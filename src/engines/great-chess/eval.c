/* eval.c — the static evaluation: material, mobility, pawns and the kings,
 * blended between middle game and end game by the material left. */
#include <stdlib.h>

#include "search.h"

/* Piece values in centipawns (the unicorn's depends on its reading: the
 * seed's slides only forwards).  Sized by the mobility of each piece on an
 * empty 12x12 board (rook 22 squares, Aanca 37, unicorn 24 or 15, crocodile
 * 14, lion 8.5, giraffe 5) and by Fairy-Max's values for the Cazaux rules
 * (its fmax.ini: giraffe 235, crocodile 340, lion 444, rook 481, unicorn
 * 700, Aanca 830). */
const int gc_value[GC_NTYPES] = {0, 100, 250, 340, 420, 500, 480, 830, 0};
static const int value_eg[GC_NTYPES] = {0, 120, 240, 360, 420, 560, 500, 880, 0};
enum { UNICORN_ALL_MG = 680, UNICORN_ALL_EG = 720 };

/* Mobility: centipawns per reachable square above the piece's typical
 * count (the weights chosen in self-play matches). */
static const int mob_weight[GC_NTYPES] = {0, 0, 9, 6, 7, 5, 6, 3, 0};
static const int mob_base[GC_NTYPES] = {0, 0, 4, 7, 6, 10, 8, 16, 0};

/* Phase: the non-pawn material of both sides at the start. */
static const int phase_weight[GC_NTYPES] = {0, 0, 1, 1, 2, 2, 3, 4, 0};
enum { PHASE_MAX = 2 * (2 * 1 + 2 * 1 + 2 * 2 + 2 * 2 + 2 * 3 + 4) };

static const int orth[4] = {1, -1, 16, -16};
static const int diag[4] = {17, 15, -15, -17};
static const int lion_leaps[12] = {3, -3, 48, -48, 19, -13, 13, -19, 49, 47, -47, -49};
static const int giraffe_leaps[8] = {35, -29, 29, -35, 50, 46, -46, -50};
static const int unicorn_leaps[8] = {33, 31, 18, 14, -31, -33, -14, -18};
static const int unicorn_slide[8] = {17, 15, 17, 15, -15, -17, -15, -17};
static const int aanca_slide[4][2] = {{1, 16}, {-1, 16}, {1, -16}, {-1, -16}};

/* Centrality 0 (corner) .. 10 (the middle four squares). */
static int centre(int sq)
{
    int f = gc_file(sq), r = gc_rank(sq);
    int df = f < 6 ? f : 11 - f, dr = r < 6 ? r : 11 - r;
    return df + dr;
}

typedef struct {
    int mg, eg;
    int attack[2];    /* weight of attacks on each king's surroundings */
    int attackers[2];
} score;

/* Squares a piece reaches (empty or enemy), and how many of them touch
 * the enemy king. */
static int reach(const gc_pos *p, int from, int c, int type, int enemy_king,
                 int *near_king)
{
    const uint8_t *b = p->sq;
    int own = GC_FLAG(c), n = 0, near = 0;
    /* t is beside the king (or on it) when t - king + 17, 16 a rank and
     * the file's difference + 1 below, is 0-2, 16-18 or 32-34: on the
     * board no file's difference reaches 15 */
    int corner = enemy_king - 17;
#define COUNT(t)                                                              \
    do {                                                                      \
        n++;                                                                  \
        unsigned d_ = (unsigned)((t) - corner);                               \
        near += d_ <= 34 && (d_ & 15) <= 2;                                   \
    } while (0)
    switch (type) {
    case GC_GIRAFFE:
        for (int i = 0; i < 8; i++)
            if (!(b[from + giraffe_leaps[i]] & own))
                COUNT(from + giraffe_leaps[i]);
        break;
    case GC_LION:
        for (int i = 0; i < 12; i++)
            if (!(b[from + lion_leaps[i]] & own))
                COUNT(from + lion_leaps[i]);
        break;
    case GC_CROC:
    case GC_ROOK: {
        const int *dirs = type == GC_CROC ? diag : orth;
        for (int i = 0; i < 4; i++) {
            int t = from + dirs[i];
            for (; !b[t]; t += dirs[i])
                COUNT(t);
            if (!(b[t] & own))
                COUNT(t);
        }
        break;
    }
    case GC_AANCA:
        for (int i = 0; i < 4; i++) {
            int t = from + diag[i];
            if (b[t] & own)
                continue;
            COUNT(t);
            if (b[t])
                continue;
            for (int k = 0; k < 2; k++) {
                int u = t + aanca_slide[i][k];
                for (; !b[u]; u += aanca_slide[i][k])
                    COUNT(u);
                if (!(b[u] & own))
                    COUNT(u);
            }
        }
        break;
    case GC_UNICORN: {
        bool all = p->rules.unicorn == GC_UNICORN_ALL;
        for (int i = 0; i < 8; i++) {
            int t = from + unicorn_leaps[i];
            if (b[t] & own)
                continue;
            COUNT(t);
            if (b[t] || (!all && (i < 4) != (c == 0)))
                continue;
            int u = t + unicorn_slide[i];
            for (; !b[u]; u += unicorn_slide[i])
                COUNT(u);
            if (!(b[u] & own))
                COUNT(u);
        }
        break;
    }
    default:
        break;
    }
#undef COUNT
    *near_king = near;
    return n;
}

/* Pawns: advance (worth more the better the piece it will become), passed
 * pawns, and the pawns sheltering the king. */
static void pawn_terms(const gc_pos *p, int sq, int c, score *s, int sign)
{
    int f = gc_file(sq), r = gc_rank(sq);
    int adv = c ? 8 - r : r - 3; /* 0 on the starting rank, 8 on the last */
    if (adv < 0)
        adv = 0;
    int promo = gc_value[gc_promotion[f]];
    s->mg += sign * adv * 3;
    s->eg += sign * adv * adv * 3;
    /* passed: no enemy pawn ahead on this or the next files (the ranks
     * ahead and the three files as bits of the sets: 16 a rank) */
    int up = c ? -16 : 16;
    uint64_t files = ((f ? 7ull << (f - 1) : 3ull) & 0xfff) * 0x0001000100010001ull;
    bool passed = true;
    for (int w = 0; w < 3; w++) {
        int edge = (c ? r : r + 1) * 16 - 64 * w; /* first bit beyond, in w */
        uint64_t above = edge <= 0 ? ~0ull : edge >= 64 ? 0 : ~0ull << edge;
        uint64_t ahead = c ? ~above : above;
        passed &= !(p->pawns[c ^ 1].w[w] & ahead & files);
    }
    if (passed) {
        int bonus = adv * adv * (promo + 200) / 100;
        s->mg += sign * bonus / 2;
        s->eg += sign * bonus;
        if (!p->sq[sq + up])
            s->eg += sign * adv * 4;
    }
    /* supported by a pawn beside or behind */
    int own_pawn = GC_PAWN | GC_FLAG(c);
    if (p->sq[sq - up - 1] == own_pawn || p->sq[sq - up + 1] == own_pawn ||
        p->sq[sq - 1] == own_pawn || p->sq[sq + 1] == own_pawn)
        s->mg += sign * 6, s->eg += sign * 4;
}

int gc_eval(const gc_pos *p)
{
    score s = {0, 0, {0, 0}, {0, 0}};
    int phase = 0;
    int unicorn_mg = p->rules.unicorn == GC_UNICORN_ALL ? UNICORN_ALL_MG
                                                        : gc_value[GC_UNICORN];
    int unicorn_eg = p->rules.unicorn == GC_UNICORN_ALL ? UNICORN_ALL_EG
                                                        : value_eg[GC_UNICORN];
    for (int c = 0; c < 2; c++) {
        int sign = c ? -1 : 1, enemy_king = p->king[c ^ 1];
        for (int w = 0; w < 3; w++)
            for (uint64_t bits = p->pawns[c].w[w]; bits; bits &= bits - 1) {
                int sq = GC_FIRST + 64 * w + __builtin_ctzll(bits);
                s.mg += sign * gc_value[GC_PAWN];
                s.eg += sign * value_eg[GC_PAWN];
                pawn_terms(p, sq, c, &s, sign);
            }
        /* the other pieces */
        for (int w = 0; w < 3; w++)
            for (uint64_t bits = p->occ[c].w[w] & ~p->pawns[c].w[w]; bits;
                 bits &= bits - 1) {
                int sq = GC_FIRST + 64 * w + __builtin_ctzll(bits);
                int type = p->sq[sq] & GC_TYPE;
                phase += phase_weight[type];
                if (type == GC_UNICORN) {
                    s.mg += sign * unicorn_mg;
                    s.eg += sign * unicorn_eg;
                } else {
                    s.mg += sign * gc_value[type];
                    s.eg += sign * value_eg[type];
                }
                if (type == GC_KING) {
                    /* at home in the middle game, central in the end */
                    int r = gc_rank(sq), home = c ? 11 - r : r;
                    s.mg -= sign * home * 12;
                    s.eg += sign * centre(sq) * 6;
                    continue;
                }
                int near, n = reach(p, sq, c, type, enemy_king, &near);
                int m = (n - mob_base[type]) * mob_weight[type];
                s.mg += sign * m;
                s.eg += sign * m;
                if (type == GC_LION || type == GC_GIRAFFE) {
                    s.mg += sign * centre(sq) * 3;
                    s.eg += sign * centre(sq) * 2;
                }
                if (near) {
                    s.attack[c ^ 1] += near;
                    s.attackers[c ^ 1]++;
                }
            }
    }
    /* king danger grows with the number of attackers */
    for (int c = 0; c < 2; c++) {
        int sign = c ? 1 : -1, a = s.attackers[c];
        if (a >= 2)
            s.mg += sign * s.attack[c] * (a - 1) * 4;
    }
    if (phase > PHASE_MAX)
        phase = PHASE_MAX;
    int v = (s.mg * phase + s.eg * (PHASE_MAX - phase)) / PHASE_MAX;
    return (p->side ? -v : v) + 10; /* and a little for having the move */
}
