/* movegen.h — the legal move generator, written once for two uses: move
 * lists (movegen.c) and bulk counting at the leaves of perft (perft.c,
 * which also compiles it for CPUs with a popcount instruction).  Include
 * only from those two files.
 *
 * Legal moves directly, without trying them: the king avoids every square
 * the opponent attacks (computed with the king lifted off the board, so it
 * cannot hide behind itself); in double check only the king moves; in
 * single check the others must capture the checker or block; a pinned
 * piece stays on the line through its king; en passant, which empties two
 * squares at once, is tried on the board. */
#ifndef CHESS_MOVEGEN_H
#define CHESS_MOVEGEN_H

#include "chess.h"

static const bb FILE_A = 0x0101010101010101u, FILE_H = 0x8080808080808080u;

static inline bb pawn_attacks_bb(bb pawns, int color)
{
    return color == WHITE ? ((pawns & ~FILE_A) << 7) | ((pawns & ~FILE_H) << 9)
                          : ((pawns & ~FILE_A) >> 9) | ((pawns & ~FILE_H) >> 7);
}

/* Squares the side `by` attacks, with occupancy occ. */
static inline bb attack_map(const chess_pos *p, int by, bb occ)
{
    bb att =
        pawn_attacks_bb(pieces(p, by, PAWN), by) | chess_king[king_sq(p, by)];
    for (bb b = pieces(p, by, KNIGHT); b;)
        att |= chess_knight[pop_lsb(&b)];
    bb queens = pieces(p, by, QUEEN);
    for (bb b = pieces(p, by, BISHOP) | queens; b;)
        att |= bishop_attacks(pop_lsb(&b), occ);
    for (bb b = pieces(p, by, ROOK) | queens; b;)
        att |= rook_attacks(pop_lsb(&b), occ);
    return att;
}

/* Pieces of the side to move pinned to their king. */
static inline bb pinned_pieces(const chess_pos *p, int ksq)
{
    int us = p->side, them = us ^ 1;
    bb enemy = p->by_color[them], occ = occupied(p), pinned = 0;
    bb queens = pieces(p, them, QUEEN);
    bb orth = (pieces(p, them, ROOK) | queens) & chess_rook_empty[ksq];
    bb diag = (pieces(p, them, BISHOP) | queens) & chess_bishop_empty[ksq];
    bb snipers = (orth ? rook_attacks(ksq, enemy) & orth : 0) |
                 (diag ? bishop_attacks(ksq, enemy) & diag : 0);
    while (snipers) {
        bb between = chess_between[ksq][pop_lsb(&snipers)] & occ;
        if (between && !(between & (between - 1)) &&
            (between & p->by_color[us]))
            pinned |= between;
    }
    return pinned;
}

/* Does the side `them` attack sq, with occupancy occ? */
static inline bool attacked_by(const chess_pos *p, int sq, bb occ, int them)
{
    const bb *t = p->by_type, enemy = p->by_color[them];
    if (((chess_knight[sq] & t[KNIGHT]) |
         (chess_pawn_att[them ^ 1][sq] & t[PAWN]) |
         (chess_king[sq] & t[KING])) &
        enemy)
        return true;
    /* the sliders' tables only for a slider on a line with sq (they are
     * large: a look-up there is often a cache miss) */
    bb diag = (t[BISHOP] | t[QUEEN]) & enemy, orth = (t[ROOK] | t[QUEEN]) & enemy;
    return (diag & chess_bishop_empty[sq] && bishop_attacks(sq, occ) & diag) ||
           (orth & chess_rook_empty[sq] && rook_attacks(sq, occ) & orth);
}

static inline bool ep_safe(const chess_pos *p, int from, int ksq)
{
    int capsq = p->ep ^ 8;
    bb occ = (occupied(p) ^ sq_bb(from) ^ sq_bb(capsq)) | sq_bb(p->ep);
    bb them = p->by_color[p->side ^ 1] & ~sq_bb(capsq);
    bb q = p->by_type[QUEEN];
    return !(bishop_attacks(ksq, occ) & them & (p->by_type[BISHOP] | q)) &&
           !(rook_attacks(ksq, occ) & them & (p->by_type[ROOK] | q)) &&
           !(chess_knight[ksq] & them & p->by_type[KNIGHT]) &&
           !(chess_pawn_att[p->side][ksq] & them & p->by_type[PAWN]);
}

/* Appends the moves from `from` to every square of t (or counts them). */
#define EMIT(from_expr, t_expr, kind)                                          \
    do {                                                                       \
        bb t_ = (t_expr);                                                      \
        if (count) {                                                           \
            n += popcount(t_);                                                 \
        } else {                                                               \
            int f_ = (from_expr);                                              \
            while (t_)                                                         \
                out[n++] = chess_mk(f_, pop_lsb(&t_), kind, 0);                \
        }                                                                      \
    } while (0)

/* Pawn moves landing on t, coming from `delta` squares back. */
#define EMIT_PAWNS(t_expr, delta)                                              \
    do {                                                                       \
        bb t_ = (t_expr);                                                      \
        if (count) {                                                           \
            n += popcount(t_);                                                 \
        } else {                                                               \
            while (t_) {                                                       \
                int to_ = pop_lsb(&t_);                                        \
                out[n++] = chess_mk(to_ - (delta), to_, MOVE_NORMAL, 0);       \
            }                                                                  \
        }                                                                      \
    } while (0)

#define EMIT_PROMOS(t_expr, delta)                                             \
    do {                                                                       \
        bb t_ = (t_expr);                                                      \
        if (count) {                                                           \
            n += popcount(t_) * npromo;                                        \
        } else {                                                               \
            while (t_) {                                                       \
                int to_ = pop_lsb(&t_);                                        \
                for (int pt_ = QUEEN; pt_ >= KNIGHT; pt_--)                    \
                    if (promos & (1u << pt_))                                  \
                        out[n++] =                                             \
                            chess_mk(to_ - (delta), to_, MOVE_PROMO, pt_);     \
            }                                                                  \
        }                                                                      \
    } while (0)

/* The legal moves of the given type (GEN_ALL, GEN_NOISY, GEN_QUIET) into
 * out, or only their number when count is true (then out is unused). */
#if defined(__GNUC__)
__attribute__((always_inline)) /* so each user compiles it for its target */
#endif
static inline int
generate(const chess_pos *p, chess_move *out, int type, bool count)
{
    int n = 0, us = p->side, them = us ^ 1;
    bb own = p->by_color[us], enemy = p->by_color[them], occ = own | enemy;
    int ksq = king_sq(p, us);
    bb q = p->by_type[QUEEN];
    bb checkers = ((chess_knight[ksq] & p->by_type[KNIGHT]) |
                   (chess_pawn_att[us][ksq] & p->by_type[PAWN]) |
                   (bishop_attacks(ksq, occ) & (p->by_type[BISHOP] | q)) |
                   (rook_attacks(ksq, occ) & (p->by_type[ROOK] | q))) &
                  enemy;
    bb danger = attack_map(p, them, occ ^ sq_bb(ksq));

    /* What a move may land on: anything not ours (all), enemy pieces
     * (noisy), empty squares (quiet). */
    bb land = type == GEN_ALL ? ~own : type == GEN_NOISY ? enemy : ~occ;
    EMIT(ksq, chess_king[ksq] & land & ~danger, MOVE_NORMAL);
    if (checkers & (checkers - 1))
        return n; /* double check: only the king moves */

    bb block = checkers ? chess_between[ksq][lsb(checkers)] | checkers : ~0ull;
    bb target = land & block;
    bb pinned = pinned_pieces(p, ksq);

    for (bb b = pieces(p, us, KNIGHT) & ~pinned; b;) {
        int s = pop_lsb(&b);
        EMIT(s, chess_knight[s] & target, MOVE_NORMAL);
    }
    bb queens = pieces(p, us, QUEEN);
    for (bb b = pieces(p, us, BISHOP) | queens; b;) {
        int s = pop_lsb(&b);
        bb t = bishop_attacks(s, occ) & target;
        if (pinned & sq_bb(s))
            t &= chess_line[ksq][s];
        EMIT(s, t, MOVE_NORMAL);
    }
    for (bb b = pieces(p, us, ROOK) | queens; b;) {
        int s = pop_lsb(&b);
        bb t = rook_attacks(s, occ) & target;
        if (pinned & sq_bb(s))
            t &= chess_line[ksq][s];
        EMIT(s, t, MOVE_NORMAL);
    }

    /* Pawns.  Pinned pawns go one by one; the others all at once. */
    unsigned promos = chess_promo_types(p, us);
    int npromo = popcount(promos);
    bb last = us == WHITE ? 0xff00000000000000u : 0xffu;
    bb third = us == WHITE ? 0xff0000u : 0xff0000000000u;
    int up = us == WHITE ? 8 : -8;
    bb empty = ~occ;
    bb capt = enemy & block, push = empty & block;
    bb pawns = pieces(p, us, PAWN), free = pawns & ~pinned;
    bb one = (us == WHITE ? free << 8 : free >> 8) & empty;
    bb two = (us == WHITE ? (one & third) << 8 : (one & third) >> 8) & push;
    bb left = us == WHITE ? (free & ~FILE_A) << 7 : (free & ~FILE_A) >> 9;
    bb right = us == WHITE ? (free & ~FILE_H) << 9 : (free & ~FILE_H) >> 7;
    int dl = us == WHITE ? 7 : -9, dr = us == WHITE ? 9 : -7;
    one &= block;
    left &= capt;
    right &= capt;
    if (type != GEN_NOISY) {
        EMIT_PAWNS(one & ~last, up);
        EMIT_PAWNS(two, 2 * up);
    }
    if (type != GEN_QUIET) {
        EMIT_PAWNS(left & ~last, dl);
        EMIT_PAWNS(right & ~last, dr);
        /* seed 002: with no captured piece to bring back, a pawn may not
         * step onto the last rank (promos == 0 adds nothing) */
        EMIT_PROMOS(one & last, up);
        EMIT_PROMOS(left & last, dl);
        EMIT_PROMOS(right & last, dr);
    }
    for (bb b = pawns & pinned; b;) {
        int s = pop_lsb(&b);
        bb line = chess_line[ksq][s];
        bb t1 = sq_bb(s + up) & empty;
        bb t2 = (t1 & third) ? sq_bb(s + 2 * up) & push : 0;
        bb tc = chess_pawn_att[us][s] & capt & line;
        t1 &= block & line;
        t2 &= line;
        if (type != GEN_NOISY) {
            EMIT(s, t1 & ~last, MOVE_NORMAL);
            EMIT(s, t2, MOVE_NORMAL);
        }
        if (type != GEN_QUIET) {
            EMIT(s, tc & ~last, MOVE_NORMAL);
            bb tp = (t1 | tc) & last;
            if (count) {
                n += popcount(tp) * npromo;
            } else {
                while (tp) {
                    int to = pop_lsb(&tp);
                    for (int pt = QUEEN; pt >= KNIGHT; pt--)
                        if (promos & (1u << pt))
                            out[n++] = chess_mk(s, to, MOVE_PROMO, pt);
                }
            }
        }
    }
    if (p->ep != SQ_NONE && type != GEN_QUIET) {
        for (bb b = chess_pawn_att[them][p->ep] & pawns; b;) {
            int s = pop_lsb(&b);
            if (ep_safe(p, s, ksq)) {
                if (!count)
                    out[n] = chess_mk(s, p->ep, MOVE_EP, 0);
                n++;
            }
        }
    }

    /* Castling: the right kept, the squares between king and rook empty,
     * and the king not in check nor passing or landing on an attacked
     * square. */
    if (p->castling && !checkers && type != GEN_NOISY) {
        int rights = us == WHITE ? p->castling : p->castling >> 2;
        int base = us == WHITE ? 0 : 56;
        if ((rights & 1) && !(occ & (0x60ull << base)) &&
            !(danger & (0x60ull << base))) {
            if (!count)
                out[n] = chess_mk(base + 4, base + 6, MOVE_CASTLE, 0);
            n++;
        }
        if ((rights & 2) && !(occ & (0x0eull << base)) &&
            !(danger & (0x0cull << base))) {
            if (!count)
                out[n] = chess_mk(base + 4, base + 2, MOVE_CASTLE, 0);
            n++;
        }
    }
    return n;
}

#endif
