/* movegen.c — Four Seasons chess: attacks and legal moves on bitboards.
 *
 * Only rooks slide, so only rooks pin: the alfil's leap and every other
 * piece ignore what stands between.  A move is legal when it does not
 * leave the mover's king attacked by any other seat (RULES.md: "a move
 * may not leave one's own king attacked"); out of check, only the king's
 * own moves and the moves of pinned pieces need a test. */
#include <assert.h>

#include "four_seasons.h"

static inline int msb(uint64_t b) { return 63 - __builtin_clzll(b); }

/* The first blocker along a ray: the lowest bit going north or east, the
 * highest going south or west. */
static inline int nearest(int d, uint64_t b)
{
    return d == DIR_N || d == DIR_E ? fs4_lsb(b) : msb(b);
}

uint64_t fs4_rook_attacks(const fs4_tables *t, int sq, uint64_t blockers)
{
    uint64_t a = 0;
    for (int d = 0; d < DIRS; d++) {
        uint64_t r = t->ray[d][sq], b = r & blockers;
        a |= b ? r ^ t->ray[d][nearest(d, b)] : r;
    }
    return a;
}

int fs4_kind_at(const fs4 *s, int sq)
{
    for (int k = 0; k < KINDS; k++)
        if (s->kind[k] & fs4_bit(sq))
            return k;
    return -1;
}

int fs4_owner_at(const fs4 *s, int sq)
{
    for (int p = 0; p < SEATS; p++)
        if (s->occ[p] & fs4_bit(sq))
            return p;
    return -1;
}

/* The pieces of `enemy` attacking sq; the tables come from the caller
 * because this is the innermost loop of the move generator. */
static inline uint64_t attackers(const fs4_tables *t, const fs4 *s, int sq,
                                 uint64_t enemy, uint64_t blockers)
{
    int c = s->centre;
    uint64_t a = (t->king[c][sq] & s->kind[K_KING]) |
                 (t->knight[c][sq] & s->kind[K_KNIGHT]) |
                 (t->general[c][sq] & s->kind[K_GENERAL]) |
                 (t->alfil[c][s->alfil][sq] & s->kind[K_ALFIL]);
    for (int d = 0; d < DIRS; d++)
        a |= t->pawn_from[d][sq] & s->kind[K_PAWN + d];
    a &= enemy;
    uint64_t rooks = s->kind[K_ROOK] & enemy & t->cross[sq];
    if (rooks)
        a |= fs4_rook_attacks(t, sq, blockers) & rooks;
    return a;
}

uint64_t fs4_attackers(const fs4 *s, int sq, uint64_t enemy,
                       uint64_t blockers)
{
    return attackers(fs4_tables_get(), s, sq, enemy, blockers);
}

uint64_t fs4_attack_map(const fs4 *s, int seat)
{
    const fs4_tables *t = fs4_tables_get();
    int c = s->centre;
    uint64_t blockers = fs4_all(s) | t->forbidden[c], a = 0;
    for (uint64_t b = s->occ[seat]; b; b &= b - 1) {
        int sq = fs4_lsb(b), k = fs4_kind_at(s, sq);
        switch (k) {
        case K_KING: a |= t->king[c][sq]; break;
        case K_ROOK:
            a |= fs4_rook_attacks(t, sq, blockers) & ~t->forbidden[c];
            break;
        case K_KNIGHT: a |= t->knight[c][sq]; break;
        case K_ALFIL: a |= t->alfil[c][s->alfil][sq]; break;
        case K_GENERAL: a |= t->general[c][sq]; break;
        default: a |= t->capture[c][k - K_PAWN][sq]; break;
        }
    }
    return a;
}

/* What every move of one seat shares. */
typedef struct {
    const fs4_tables *t;
    const fs4 *s;
    uint64_t own, enemy, occ, blockers, forbidden;
    uint64_t pinned, checkers;
    int ksq;
} ctx;

static void ctx_init(ctx *c, const fs4 *s, int seat)
{
    c->t = fs4_tables_get();
    c->s = s;
    c->own = s->occ[seat];
    c->occ = fs4_all(s);
    c->enemy = c->occ & ~c->own;
    c->forbidden = c->t->forbidden[s->centre];
    c->blockers = c->occ | c->forbidden;
    c->ksq = fs4_king(s, seat);
    c->checkers = attackers(c->t, s, c->ksq, c->enemy, c->blockers);
    /* A pinned piece is the only own piece between the king and an enemy
     * rook on a rank or file (the centre stops the rook as a piece
     * would). */
    c->pinned = 0;
    uint64_t rooks = s->kind[K_ROOK] & c->enemy;
    if (!(rooks & c->t->cross[c->ksq]))
        return;
    for (int d = 0; d < DIRS; d++) {
        if (!(c->t->ray[d][c->ksq] & rooks))
            continue; /* no enemy rook that way */
        uint64_t b = c->t->ray[d][c->ksq] & c->blockers;
        int first = nearest(d, b);
        if (!(c->own & fs4_bit(first)))
            continue;
        b = c->t->ray[d][first] & c->blockers;
        if (b && (rooks & fs4_bit(nearest(d, b))))
            c->pinned |= fs4_bit(first);
    }
}

/* Where the piece of kind k on sq may go, before the check test. */
static uint64_t pseudo(const ctx *c, int sq, int k)
{
    const fs4_tables *t = c->t;
    int ce = c->s->centre;
    switch (k) {
    case K_KING: return t->king[ce][sq] & ~c->own;
    case K_ROOK:
        return fs4_rook_attacks(t, sq, c->blockers) & ~c->own & ~c->forbidden;
    case K_KNIGHT: return t->knight[ce][sq] & ~c->own;
    case K_ALFIL: return t->alfil[ce][c->s->alfil][sq] & ~c->own;
    case K_GENERAL: return t->general[ce][sq] & ~c->own;
    default: {
        int d = k - K_PAWN;
        return (t->push[ce][d][sq] & ~c->occ) | (t->capture[ce][d][sq] & c->enemy);
    }
    }
}

/* Does moving from -> to leave the king (on ksq after the move) safe?
 * Judged after the whole move: a king taken hands its owner's army to
 * the taker (RULES.md), so those pieces attack nobody's king of his. */
static bool safe_after(const ctx *c, int from, int to, int ksq)
{
    uint64_t occ = (c->occ & ~fs4_bit(from)) | fs4_bit(to);
    uint64_t enemy = c->enemy & ~fs4_bit(to);
    if (c->s->kind[K_KING] & c->enemy & fs4_bit(to))
        enemy &= ~c->s->occ[fs4_owner_at(c->s, to)];
    return !attackers(c->t, c->s, ksq, enemy, occ | c->forbidden);
}

static uint64_t legal_targets(const ctx *c, int sq, int k)
{
    uint64_t to = pseudo(c, sq, k);
    if (!to)
        return 0;
    /* a king move, a check to answer, or a king to take (which may free a
     * pinned piece: the pinner may be the taken army's) is tried target by
     * target */
    if (k == K_KING || c->checkers || (to & c->s->kind[K_KING])) {
        uint64_t ok = 0;
        for (uint64_t b = to; b; b &= b - 1) {
            int t = fs4_lsb(b);
            if (safe_after(c, sq, t, k == K_KING ? t : c->ksq))
                ok |= fs4_bit(t);
        }
        return ok;
    }
    if (c->pinned & fs4_bit(sq))
        to &= c->t->line[c->ksq][sq];
    return to;
}

uint64_t fs4_die_pieces(const fs4 *s, int face)
{
    /* seed, "Wariant gry z kośćmi": 6 King, 5 General, 4 Knight (Rycerz),
     * 3 Rook, 2 Bishop (alfil), 1 Pawn */
    switch (face) {
    case 6: return s->kind[K_KING];
    case 5: return s->kind[K_GENERAL];
    case 4: return s->kind[K_KNIGHT];
    case 3: return s->kind[K_ROOK];
    case 2: return s->kind[K_ALFIL];
    case 1:
        return s->kind[K_PAWN + DIR_N] | s->kind[K_PAWN + DIR_S] |
               s->kind[K_PAWN + DIR_E] | s->kind[K_PAWN + DIR_W];
    default: return ~(uint64_t)0;
    }
}

bool fs4_first_rule_binds(const fs4 *s)
{
    return (s->owe >> s->turn) & 1;
}

int fs4_moves(const fs4 *s, int seat, uint64_t movable, bool first_rule,
              lt_action *out)
{
    ctx c;
    ctx_init(&c, s, seat);
    uint64_t targets[SQUARES], pieces = c.own & movable;
    for (int k = 0; k < KINDS; k++)
        for (uint64_t b = pieces & s->kind[k]; b; b &= b - 1)
            targets[fs4_lsb(b)] = legal_targets(&c, fs4_lsb(b), k);
    /* notes ambiguity 5: the first move must go towards the next player
     * if any legal move does; otherwise any legal move will do */
    const uint64_t *ahead = c.t->ahead[fs4_first_dir[s->array][seat]];
    for (int pass = first_rule ? 0 : 1; pass < 2; pass++) {
        int n = 0;
        /* by from-square, then to-square: the actions ascend */
        for (uint64_t b = pieces; b; b &= b - 1) {
            int sq = fs4_lsb(b);
            uint64_t to = pass == 0 ? targets[sq] & ahead[sq] : targets[sq];
            for (; to; to &= to - 1)
                out[n++] = sq * SQUARES + fs4_lsb(to);
        }
        if (n)
            return n;
    }
    return 0;
}

bool fs4_has_move(const fs4 *s, int seat)
{
    ctx c;
    ctx_init(&c, s, seat);
    /* the king first: out of check it usually has a step, and in check
     * it is the likeliest piece to have one */
    if (legal_targets(&c, c.ksq, K_KING))
        return true;
    for (int k = K_ROOK; k < KINDS; k++)
        for (uint64_t b = c.own & s->kind[k]; b; b &= b - 1)
            if (legal_targets(&c, fs4_lsb(b), k))
                return true;
    return false;
}
