/* see.c — static exchange evaluation: what a capture wins once every
 * recapture on its square has been played, cheapest attacker first. */
#include "search.h"

const int chess_see_value[7] = {100, 320, 330, 500, 950, 20000, 0};

int chess_see(const chess_pos *p, chess_move m)
{
    int from = move_from(m), to = move_to(m), kind = move_kind(m);
    if (kind == MOVE_CASTLE)
        return 0;
    int swap[40], d = 0;
    bb occ = occupied(p) ^ sq_bb(from);
    swap[0] = chess_see_value[kind == MOVE_EP ? PAWN : type_on(p, to)];
    int on_square = type_on(p, from);
    if (kind == MOVE_PROMO) {
        on_square = move_promo(m);
        swap[0] += chess_see_value[on_square] - chess_see_value[PAWN];
    }
    if (kind == MOVE_EP)
        occ ^= sq_bb(to ^ 8);
    bb attackers = chess_attackers(p, to, occ) & occ;
    const bb diag = p->by_type[BISHOP] | p->by_type[QUEEN];
    const bb orth = p->by_type[ROOK] | p->by_type[QUEEN];
    int side = p->side ^ 1;
    for (;;) {
        bb mine = attackers & p->by_color[side];
        if (!mine)
            break;
        int t = PAWN;
        while (!(mine & p->by_type[t]))
            t++;
        if (t == KING && (attackers & p->by_color[side ^ 1]))
            break; /* the king may not take into a defended square */
        d++;
        swap[d] = chess_see_value[on_square] - swap[d - 1];
        on_square = t;
        occ ^= sq_bb(lsb(mine & p->by_type[t]));
        attackers |=
            (bishop_attacks(to, occ) & diag) | (rook_attacks(to, occ) & orth);
        attackers &= occ;
        side ^= 1;
        if (d == 38)
            break;
    }
    while (d > 0) {
        if (-swap[d] < swap[d - 1])
            swap[d - 1] = -swap[d];
        d--;
    }
    return swap[0];
}
