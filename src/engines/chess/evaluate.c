/* evaluate.c — the static evaluation (terms in evaluate.h, weights in
 * weights.c). */
#include "evaluate.h"
#include "../../games/chess/movegen.h"
#include "ludoteka/cpu.h"

static const int phase_weight[6] = {0, 1, 1, 2, 4, 0};

static inline bb file_bb(int f)
{
    return FILE_A << f;
}
static inline bb adjacent_files(int f)
{
    return (f > 0 ? file_bb(f - 1) : 0) | (f < 7 ? file_bb(f + 1) : 0);
}
/* Squares strictly ahead of sq, from color's side, on its file. */
static inline bb ahead(int color, int sq)
{
    bb f = file_bb(sq_file(sq));
    return color == WHITE ? f & (~0ull << sq << 1) : f & ((1ull << sq) - 1);
}
static inline int distance(int a, int b)
{
    int df = sq_file(a) - sq_file(b), dr = sq_rank(a) - sq_rank(b);
    df = df < 0 ? -df : df;
    dr = dr < 0 ? -dr : dr;
    return df > dr ? df : dr;
}

/* The pawn-structure cache: per thread, so the search threads never
 * share an entry being written.  Small: every thread of the program
 * carries it (the server has hundreds), and pawn structures repeat. */
enum { PAWN_CACHE = 1024 };
typedef struct {
    bb pawns[2], passed[2];
    int mg, eg;
    bool valid;
} pawn_entry;
static _Thread_local pawn_entry pawn_cache[PAWN_CACHE];

/* Adds n of term idx for the side being scored (sign +1 white, -1 black). */
#define TERM(idx, n)                                                           \
    do {                                                                       \
        int n_ = (n)*sign;                                                     \
        mg += n_ * chess_weights[idx][0];                                      \
        eg += n_ * chess_weights[idx][1];                                      \
        if (coef)                                                              \
            coef[idx] += n_;                                                   \
    } while (0)

#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int
eval_core(const chess_pos *p, int *coef, int *phase_out)
{
    int mg = 0, eg = 0, phase = 0;
    bb occ = occupied(p);
    bb pawn_att[2] = {pawn_attacks_bb(pieces(p, WHITE, PAWN), WHITE),
                      pawn_attacks_bb(pieces(p, BLACK, PAWN), BLACK)};
    bb all_att[2] = {pawn_att[WHITE] | chess_king[king_sq(p, WHITE)],
                     pawn_att[BLACK] | chess_king[king_sq(p, BLACK)]};
    for (int c = 0; c < 2; c++) {
        int sign = c == WHITE ? 1 : -1, them = c ^ 1;
        bb own_pawns = pieces(p, c, PAWN), their_pawns = pieces(p, them, PAWN);
        int their_king = king_sq(p, them), our_king = king_sq(p, c);
        bb zone = chess_king[their_king] | sq_bb(their_king);
        bb mob_area = ~(own_pawns | pieces(p, c, KING) | pawn_att[them]);
        bb queens = pieces(p, c, QUEEN);
        bb majors_them = pieces(p, them, ROOK) | pieces(p, them, QUEEN);

        /* material and piece-square tables */
        for (int t = PAWN; t <= KING; t++) {
            bb b = pieces(p, c, t);
            phase += phase_weight[t] * popcount(b);
            if (t != KING)
                TERM(W_MATERIAL + t, popcount(b));
            while (b) {
                int s = pop_lsb(&b);
                int r = c == WHITE ? sq_rank(s) : 7 - sq_rank(s);
                int f = sq_file(s) < 4 ? sq_file(s) : 7 - sq_file(s);
                TERM(W_PST + t * 32 + r * 4 + f, 1);
            }
        }
        if (popcount(pieces(p, c, BISHOP)) >= 2)
            TERM(W_BISHOP_PAIR, 1);

        /* mobility, attacks on the king's squares, threats */
        int att[4] = {0, 0, 0, 0}, attackers = 0;
        for (bb b = pieces(p, c, KNIGHT) | pieces(p, c, BISHOP); b;) {
            int s = pop_lsb(&b), r = c == WHITE ? sq_rank(s) : 7 - sq_rank(s);
            if (r < 3 || r > 5 || !(pawn_att[c] & sq_bb(s)))
                continue;
            bb front = adjacent_files(sq_file(s)) &
                       (c == WHITE ? ~0ull << (sq_rank(s) * 8 + 8)
                                   : (1ull << (sq_rank(s) * 8)) - 1);
            if (!(front & their_pawns))
                TERM(W_OUTPOST + (type_on(p, s) == BISHOP), 1);
        }
        for (bb b = pieces(p, c, KNIGHT); b;) {
            bb a = chess_knight[pop_lsb(&b)];
            all_att[c] |= a;
            TERM(W_MOB_KNIGHT + popcount(a & mob_area), 1);
            att[0] += popcount(a & zone);
            attackers += (a & zone) != 0;
            TERM(W_THREAT_MINOR, popcount(a & majors_them));
        }
        for (bb b = pieces(p, c, BISHOP); b;) {
            bb a = bishop_attacks(pop_lsb(&b), occ ^ queens);
            all_att[c] |= a;
            TERM(W_MOB_BISHOP + popcount(a & mob_area), 1);
            att[1] += popcount(a & zone);
            attackers += (a & zone) != 0;
            TERM(W_THREAT_MINOR, popcount(a & majors_them));
        }
        for (bb b = pieces(p, c, ROOK); b;) {
            int s = pop_lsb(&b);
            bb a = rook_attacks(s, occ ^ queens ^ pieces(p, c, ROOK));
            all_att[c] |= a;
            TERM(W_MOB_ROOK + popcount(a & mob_area), 1);
            att[2] += popcount(a & zone);
            attackers += (a & zone) != 0;
            bb f = file_bb(sq_file(s));
            if (!(f & own_pawns))
                TERM(f & their_pawns ? W_ROOK_SEMI : W_ROOK_OPEN, 1);
        }
        for (bb b = queens; b;) {
            bb a = queen_attacks(pop_lsb(&b), occ);
            all_att[c] |= a;
            TERM(W_MOB_QUEEN + popcount(a & mob_area), 1);
            att[3] += popcount(a & zone);
            attackers += (a & zone) != 0;
        }
        for (int k = 0; k < 4; k++)
            TERM(W_KING_ATTACK + k, att[k]);
        /* king danger grows faster than the attacks when several pieces
         * join in: the square of weighted attack units, from two
         * attackers on */
        if (attackers >= 2) {
            int units = 2 * att[0] + 2 * att[1] + 3 * att[2] + 5 * att[3];
            units = units < 48 ? units : 48;
            TERM(W_KING_DANGER, units * units / 16);
        }
        TERM(W_THREAT_PAWN,
             popcount(pawn_att[c] & p->by_color[them] & ~their_pawns));
        for (bb b = pieces(p, c, ROOK); b;)
            TERM(W_THREAT_ROOK, popcount(rook_attacks(pop_lsb(&b), occ) &
                                         pieces(p, them, QUEEN)));

        /* the own king's shelter: pawns one and two ranks ahead of it on
         * its file and the files beside */
        int kf = sq_file(our_king), up = c == WHITE ? 1 : -1;
        bb files = file_bb(kf) | adjacent_files(kf);
        for (int k = 1; k <= 2; k++) {
            int r = sq_rank(our_king) + k * up;
            if (r >= 0 && r <= 7)
                TERM(W_SHIELD + k - 1,
                     popcount(own_pawns & files & (0xffull << (8 * r))));
        }
        if (!(file_bb(kf) & own_pawns))
            TERM(W_KING_OPEN, 1);
    }

    /* Pieces attacked and not defended, the side to move's and the
     * other's (the side to move may still save its own). */
    for (int c = 0; c < 2; c++) {
        int sign = c == WHITE ? 1 : -1;
        bb loose = (p->by_color[c] & ~p->by_type[PAWN] & ~p->by_type[KING]) &
                   all_att[c ^ 1] & ~all_att[c];
        TERM(W_HANGING + (c != p->side), popcount(loose));
    }

    /* Pawn structure, which depends on the pawns alone: cached by the
     * two pawn sets (not while tracing for the tuner). */
    pawn_entry *pe = &pawn_cache[(chess_pawn_hash(p) >> 51) & (PAWN_CACHE - 1)];
    bb wp = pieces(p, WHITE, PAWN), bp = pieces(p, BLACK, PAWN);
    if (!coef && pe->valid && pe->pawns[WHITE] == wp &&
        pe->pawns[BLACK] == bp) {
        mg += pe->mg;
        eg += pe->eg;
    } else {
        int mg0 = mg, eg0 = eg;
        for (int c = 0; c < 2; c++) {
            int sign = c == WHITE ? 1 : -1, them = c ^ 1;
            bb own_pawns = pieces(p, c, PAWN),
               their_pawns = pieces(p, them, PAWN);
            pe->passed[c] = 0;
            for (bb b = own_pawns; b;) {
                int s = pop_lsb(&b), f = sq_file(s);
                int rank = c == WHITE ? sq_rank(s) : 7 - sq_rank(s);
                bb front = ahead(c, s);
                if (front & own_pawns)
                    TERM(W_DOUBLED, 1);
                if (!(adjacent_files(f) & own_pawns))
                    TERM(W_ISOLATED, 1);
                if (chess_pawn_att[them][s] & own_pawns)
                    TERM(W_SUPPORTED, 1);
                if (chess_king[s] & own_pawns & (0xffull << (sq_rank(s) * 8)))
                    TERM(W_PHALANX, 1);
                bb span =
                    front | (adjacent_files(f) & ~file_bb(f) &
                             (c == WHITE ? ~0ull << (sq_rank(s) * 8 + 8)
                                         : (1ull << (sq_rank(s) * 8)) - 1));
                if (!(span & their_pawns) && !(front & own_pawns)) {
                    TERM(W_PASSED + rank, 1);
                    pe->passed[c] |= sq_bb(s);
                }
            }
        }
        pe->pawns[WHITE] = wp;
        pe->pawns[BLACK] = bp;
        pe->mg = mg - mg0;
        pe->eg = eg - eg0;
        pe->valid = true;
    }

    /* Passed pawns: the square ahead, and the kings' race to it. */
    for (int c = 0; c < 2; c++) {
        int sign = c == WHITE ? 1 : -1;
        for (bb b = pe->passed[c]; b;) {
            int s = pop_lsb(&b), stop = c == WHITE ? s + 8 : s - 8;
            int rank = c == WHITE ? sq_rank(s) : 7 - sq_rank(s);
            if (p->board[stop] == EMPTY)
                TERM(W_PASSED_FREE + rank, 1);
            TERM(W_PASSED_KING, distance(stop, king_sq(p, c ^ 1)));
            TERM(W_PASSED_KING + 1, distance(stop, king_sq(p, c)));
        }
    }
    int sign = p->side == WHITE ? 1 : -1;
    TERM(W_TEMPO, 1);
    if (phase > PHASE_MAX)
        phase = PHASE_MAX;
    if (phase_out)
        *phase_out = phase;
    int v = (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX;
    return p->side == WHITE ? v : -v;
}

static int eval_plain(const chess_pos *p)
{
    return eval_core(p, NULL, NULL);
}

/* The evaluation counts bits all the time: on x86-64 CPUs with POPCNT it
 * runs compiled for that instruction (ludoteka/cpu.h). */
LT_POPCNT_TARGET static int eval_popcnt(const chess_pos *p)
{
    return eval_core(p, NULL, NULL);
}

int chess_evaluate(const chess_pos *p)
{
    if (lt_has_popcnt())
        return eval_popcnt(p);
    return eval_plain(p);
}

int chess_eval_trace(const chess_pos *p, int coef[W_COUNT], int *phase)
{
    for (int i = 0; i < W_COUNT; i++)
        coef[i] = 0;
    return eval_core(p, coef, phase);
}

/* Captures only, alpha-beta, no tables: small and deterministic. */
static int quiet(chess_pos *p, int alpha, int beta, int depth)
{
    int stand = chess_evaluate(p);
    if (stand >= beta || depth == 0)
        return stand;
    if (stand > alpha)
        alpha = stand;
    chess_move list[CHESS_MAX_MOVES];
    int n = chess_gen(p, list, GEN_NOISY);
    for (int i = 0; i < n; i++) {
        chess_undo u;
        chess_make(p, list[i], &u);
        int v = -quiet(p, -beta, -alpha, depth - 1);
        chess_unmake(p, list[i], &u);
        if (v >= beta)
            return v;
        if (v > alpha)
            alpha = v;
    }
    return alpha;
}

int chess_quiet_eval(const chess_pos *start)
{
    chess_pos p = *start;
    return quiet(&p, -30000, 30000, 4);
}
