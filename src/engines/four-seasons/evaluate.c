/* evaluate.c — Four Seasons chess for the generic searchers (the levels):
 * a material and safety evaluation turned into each seat's expected
 * return, and the key under which every search (theirs and ai:engine's)
 * keeps a position.  ai:engine has its own evaluation (engine_eval.c). */
#include <math.h>

#include "../../games/four-seasons/four_seasons.h"
#include "engine.h"

/* Values in pawns.  The General steps one square diagonally (the old
 * fers); the alfil that may also step is worth more than the bare leaper. */
static const double value[KINDS] = {0, 5.0, 3.0, 2.2, 1.8, 1, 1, 1, 1};
static const double bare_alfil = 1.5;
enum { DRAW_HORIZON = 40 }; /* turns before the cap when a draw looms */

static double piece_value(const fs4 *s, int k)
{
    if (k == K_ALFIL && s->alfil == ALFIL_2)
        return bare_alfil;
    return k >= K_PAWN ? 1 : value[k];
}

/* How well a seat stands, in pawns: material, threats to its pieces and
 * its king, and a little mobility. */
static double strength(const fs4 *s, int seat, const uint64_t *attacks)
{
    const fs4_tables *t = fs4_tables_get();
    uint64_t enemy_att = 0;
    for (int q = 0; q < SEATS; q++)
        if (q != seat)
            enemy_att |= attacks[q];
    uint64_t own = s->occ[seat], mine = attacks[seat];
    bool to_move = s->turn == seat;
    double score = 0.03 * fs4_count(mine & ~own);
    for (uint64_t b = own & ~s->kind[K_KING]; b; b &= b - 1) {
        int sq = fs4_lsb(b), k = fs4_kind_at(s, sq);
        double v = piece_value(s, k);
        score += v;
        if (k >= K_PAWN) {
            /* a pawn near its edge is close to becoming a General */
            uint64_t next = t->push[CENTRE_OPEN][k - K_PAWN][sq];
            if (next & t->edge[k - K_PAWN])
                score += 0.4;
        }
        if (enemy_att & fs4_bit(sq)) {
            /* a threatened piece: the player to move can still save it */
            double loss = (mine & fs4_bit(sq)) ? 0.15 : 0.5;
            score -= v * loss * (to_move ? 0.3 : 1.0);
        }
    }
    int ksq = fs4_king(s, seat);
    uint64_t all = fs4_all(s);
    uint64_t checkers = fs4_attackers(s, ksq, all & ~own,
                                      all | t->forbidden[s->centre]);
    if (checkers & s->occ[s->turn] && !to_move)
        score -= 12; /* the player to move can take the king */
    else if (checkers)
        score -= to_move ? 0.6 : 2.5;
    uint64_t zone = t->king[s->centre][ksq];
    score -= 0.2 * fs4_count(zone & enemy_att);
    score += 0.1 * fs4_count(zone & own);
    return score;
}

static void fs4_evaluate(const fs4 *s, double *out)
{
    if (fs4_game_over(s)) {
        fs4_returns(s, out);
        return;
    }
    uint64_t attacks[SEATS] = {0};
    double w[SEATS] = {0}, total = 0;
    int alive = 0;
    for (int p = 0; p < SEATS; p++)
        if (fs4_active(s, p))
            attacks[p] = fs4_attack_map(s, p);
    for (int p = 0; p < SEATS; p++)
        if (fs4_active(s, p)) {
            /* four pawns of advantage make a seat e times likelier to win */
            w[p] = exp(strength(s, p, attacks) / 4.0);
            total += w[p];
            alive++;
        }
    /* the expected return of a win with probability w/total is
     * (4w/total - 1) / 3; near the cap it tends to the survivors' share of
     * a draw, (4 - alive) / (3 alive) */
    double draw = (double)(SEATS - alive) / (3.0 * alive);
    double left = (double)(s->cap - s->quiet) / DRAW_HORIZON;
    double lambda = left > 1 ? 1 : left;
    for (int p = 0; p < SEATS; p++) {
        if (!fs4_active(s, p)) {
            out[p] = -1.0 / 3.0;
            continue;
        }
        double win = (4.0 * w[p] / total - 1.0) / 3.0;
        out[p] = lambda * win + (1 - lambda) * draw;
        if (out[p] > 1)
            out[p] = 1;
        if (out[p] < -1.0 / 3.0)
            out[p] = -1.0 / 3.0;
    }
}

void fs4_generic_evaluate(const lt_state *st, double *out)
{
    fs4_evaluate((const fs4 *)st, out);
}

/* The position's hash and its turns without progress: both evaluations
 * drift towards a draw as the quiet turns near the cap (and ai:engine's
 * contempt for it grows with them), so the same position later in a quiet
 * spell is worth less.  Kept across moves under the hash alone, its
 * earlier (higher) value drew the searches back to the positions they had
 * seen: a winning side shuffled to the cap. */
uint64_t fs4_search_key(const lt_state *st)
{
    const fs4 *s = (const fs4 *)st;
    return fs4_hash(s) ^ (uint64_t)(s->quiet + 1) * 0xd1b54a32d192ed03u;
}
