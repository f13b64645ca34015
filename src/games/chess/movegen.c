/* movegen.c — legal move lists (the generator itself is in movegen.h). */
#include "movegen.h"

int chess_gen(const chess_pos *p, chess_move *out, int type)
{
    return generate(p, out, type, false);
}

int chess_count(const chess_pos *p)
{
    return generate(p, NULL, GEN_ALL, true);
}


/* The legal moves in ascending order of (from, to, promotion N B R Q):
 * the order of the game's actions, with no sort.  Each piece in square
 * order gets its whole set of destinations, as generate() computes them
 * (the same checks, pins and king danger), then emits them in order. */
int chess_gen_ordered(const chess_pos *p, chess_move *out)
{
    int n = 0, us = p->side, them = us ^ 1;
    bb own = p->by_color[us], enemy = p->by_color[them], occ = own | enemy;
    int ksq = king_sq(p, us);
    bb q = p->by_type[QUEEN];
    bb dq = (p->by_type[BISHOP] | q) & enemy & chess_bishop_empty[ksq];
    bb rq = (p->by_type[ROOK] | q) & enemy & chess_rook_empty[ksq];
    bb checkers = ((chess_knight[ksq] & p->by_type[KNIGHT]) |
                   (chess_pawn_att[us][ksq] & p->by_type[PAWN])) &
                  enemy;
    if (dq)
        checkers |= bishop_attacks(ksq, occ) & dq;
    if (rq)
        checkers |= rook_attacks(ksq, occ) & rq;
    /* the king's squares one by one, with the king lifted off the board
     * (it has few, and most are usually its own men's) */
    bb lifted = occ ^ sq_bb(ksq), king_to = 0;
    for (bb b = chess_king[ksq] & ~own; b;) {
        int to = pop_lsb(&b);
        if (!attacked_by(p, to, lifted, them))
            king_to |= sq_bb(to);
    }
    if (p->castling && !checkers) {
        int rights = us == WHITE ? p->castling : p->castling >> 2;
        int base = us == WHITE ? 0 : 56;
        /* the square the king passes is already known: one of its steps */
        if ((rights & 1) && !(occ & (0x60ull << base)) &&
            (king_to & sq_bb(base + 5)) &&
            !attacked_by(p, base + 6, lifted, them))
            king_to |= sq_bb(base + 6);
        if ((rights & 2) && !(occ & (0x0eull << base)) &&
            (king_to & sq_bb(base + 3)) &&
            !attacked_by(p, base + 2, lifted, them))
            king_to |= sq_bb(base + 2);
    }
    bool double_check = checkers & (checkers - 1);
    bb block = checkers ? chess_between[ksq][lsb(checkers)] | checkers : ~0ull;
    bb target = ~own & block;
    bb pinned = double_check ? 0 : pinned_pieces(p, ksq);
    unsigned promos = chess_promo_types(p, us);
    bb last = us == WHITE ? 0xff00000000000000u : 0xffu;
    bb third = us == WHITE ? 0xff0000u : 0xff0000000000u;
    int up = us == WHITE ? 8 : -8;
    bb empty = ~occ;
    bb ep = p->ep != SQ_NONE ? sq_bb(p->ep) : 0;
    for (bb b = double_check ? sq_bb(ksq) : own; b;) {
        int s = pop_lsb(&b), type = p->board[s] & 7;
        bb t;
        switch (type) {
        case PAWN: {
            bb t1 = sq_bb(s + up) & empty;
            bb t2 = (t1 & third) ? sq_bb(s + 2 * up) & empty : 0;
            t = ((t1 | t2) & block) | (chess_pawn_att[us][s] & enemy & block);
            if (pinned & sq_bb(s))
                t &= chess_line[ksq][s];
            if (chess_pawn_att[us][s] & ep && ep_safe(p, s, ksq))
                t |= ep;
            if (t & last) { /* only promotions, one square at a time */
                while (t) {
                    int to = pop_lsb(&t);
                    for (int pt = KNIGHT; pt <= QUEEN; pt++)
                        if (promos & (1u << pt))
                            out[n++] = chess_mk(s, to, MOVE_PROMO, pt);
                }
                continue;
            }
            while (t) {
                int to = pop_lsb(&t);
                out[n++] = chess_mk(s, to, sq_bb(to) & ep ? MOVE_EP : MOVE_NORMAL,
                                    0);
            }
            continue;
        }
        case KNIGHT:
            t = pinned & sq_bb(s) ? 0 : chess_knight[s] & target;
            break;
        case BISHOP:
            t = bishop_attacks(s, occ) & target;
            break;
        case ROOK:
            t = rook_attacks(s, occ) & target;
            break;
        case QUEEN:
            t = queen_attacks(s, occ) & target;
            break;
        default: /* the king: castling is its two-square step */
            while (king_to) {
                int to = pop_lsb(&king_to);
                out[n++] = chess_mk(s, to,
                                    to - s == 2 || s - to == 2 ? MOVE_CASTLE
                                                               : MOVE_NORMAL,
                                    0);
            }
            continue;
        }
        if (pinned & sq_bb(s))
            t &= chess_line[ksq][s];
        while (t)
            out[n++] = chess_mk(s, pop_lsb(&t), MOVE_NORMAL, 0);
    }
    return n;
}

/* Whether the side to move has a legal move: out of check, the first
 * piece (other than the king) found with a move answers; otherwise the
 * full count. */
bool chess_has_legal(const chess_pos *p)
{
    int us = p->side;
    bb own = p->by_color[us], occ = occupied(p);
    int ksq = king_sq(p, us);
    if (attacked_by(p, ksq, occ, us ^ 1))
        return chess_count(p) > 0;
    bb pinned = pinned_pieces(p, ksq);
    for (bb b = pieces(p, us, KNIGHT) & ~pinned; b;)
        if (chess_knight[pop_lsb(&b)] & ~own)
            return true;
    bb free = pieces(p, us, PAWN) & ~pinned;
    bb last = us == WHITE ? 0xff00000000000000u : 0xffu;
    bb one = (us == WHITE ? free << 8 : free >> 8) & ~occ & ~last;
    if (one)
        return true;
    bb queens = pieces(p, us, QUEEN);
    for (bb b = (pieces(p, us, BISHOP) | queens) & ~pinned; b;)
        if (bishop_attacks(pop_lsb(&b), occ) & ~own)
            return true;
    for (bb b = (pieces(p, us, ROOK) | queens) & ~pinned; b;)
        if (rook_attacks(pop_lsb(&b), occ) & ~own)
            return true;
    return chess_count(p) > 0;
}
