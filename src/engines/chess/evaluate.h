/* evaluate.h — the static evaluation: a tapered sum of weighted terms.
 *
 * The evaluation is linear in its weights: every term is a count (white's
 * minus black's) times a middlegame and an endgame weight, and the two
 * sums are blended by the material left (the game phase).  That is what
 * lets the Texel tuner (tune.c) fit the weights (weights.c) to game
 * results by gradient descent. */
#ifndef CHESS_EVALUATE_H
#define CHESS_EVALUATE_H

#include "../../games/chess/chess.h"

enum {
    W_MATERIAL = 0,                /* by piece type, king unused */
    W_PST = W_MATERIAL + 6,        /* [type][rank * 4 + file a-d]: the
                                     * kingside mirrors the queenside, ranks
                                     * from the piece's own side */
    W_MOB_KNIGHT = W_PST + 6 * 32, /* by number of safe squares */
    W_MOB_BISHOP = W_MOB_KNIGHT + 9,
    W_MOB_ROOK = W_MOB_BISHOP + 14,
    W_MOB_QUEEN = W_MOB_ROOK + 15,
    W_PASSED = W_MOB_QUEEN + 28,       /* by rank, from the pawn's side */
    W_PASSED_FREE = W_PASSED + 8,      /* passed, the square ahead empty */
    W_PASSED_KING = W_PASSED_FREE + 8, /* king distances to the stop square */
    W_DOUBLED = W_PASSED_KING + 2,
    W_ISOLATED,
    W_SUPPORTED, /* defended by a pawn */
    W_PHALANX,   /* a pawn beside it */
    W_BISHOP_PAIR,
    W_ROOK_OPEN,
    W_ROOK_SEMI,
    W_KING_ATTACK, /* [N B R Q]: attacked squares near the king */
    W_SHIELD = W_KING_ATTACK + 4, /* own pawns one and two ranks ahead */
    W_KING_OPEN = W_SHIELD + 2,   /* no own pawn on the king's file */
    W_THREAT_PAWN,                /* a pawn attacks a piece */
    W_THREAT_MINOR, /* a knight or bishop attacks a rook or queen */
    W_OUTPOST,      /* [N B] on ranks 4-6, guarded by a pawn,
                                     * beyond the reach of enemy pawns */
    W_KING_DANGER = W_OUTPOST + 2, /* (weighted attacks near the king)^2 / 16 */
    W_THREAT_ROOK,                 /* a rook attacks a queen */
    W_HANGING,                     /* [to move, not to move]: pieces attacked
                                     * and not defended */
    W_TEMPO = W_HANGING + 2,       /* the side to move */
    W_COUNT
};

enum { PHASE_MAX = 24 }; /* N, B = 1, R = 2, Q = 4 */

/* The weights, [index][0 = middlegame, 1 = endgame], in centipawns. */
extern const int16_t chess_weights[W_COUNT][2];

/* A hash of the two sides' pawns alone (the pawn structure), for tables
 * kept by pawn structure. */
static inline uint64_t chess_pawn_hash(const chess_pos *p)
{
    uint64_t h = pieces(p, WHITE, PAWN) * 0x9e3779b97f4a7c15u ^
                 pieces(p, BLACK, PAWN) * 0xc2b2ae3d27d4eb4fu;
    return h ^ (h >> 29);
}

/* Centipawns for the side to move. */
int chess_evaluate(const chess_pos *);
/* The same, also filling coef[W_COUNT] with each term's count (white's
 * minus black's) and *phase; for the tuner. */
int chess_eval_trace(const chess_pos *, int coef[W_COUNT], int *phase);
/* The evaluation once the captures have settled (a small quiescence
 * search), for the side to move. */
int chess_quiet_eval(const chess_pos *);

#endif
