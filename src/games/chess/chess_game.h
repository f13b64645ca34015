/* chess_game.h — the state of a chess game as an lt_game, shared by the
 * adapter and its engine player. */
#ifndef CHESS_GAME_H
#define CHESS_GAME_H

#include "chess.h"
#include "ludoteka/game.h"

/* How the game ended by the rules (FIDE 5.1, 5.2, 9.6): the draws a
 * player may claim (threefold repetition, fifty moves) do not end it;
 * the session ends it when one is claimed (lt_game.claimable). */
enum {
    END_NONE,
    END_MATE,
    END_STALEMATE,
    END_SEVENTYFIVE, /* 75 moves of each side without capture or pawn move */
    END_FIVEFOLD,    /* the same position for the fifth time */
    END_MATERIAL     /* a dead position: neither side can mate */
};
/* Earlier positions that may still repeat: those since the last capture
 * or pawn move, at most one per half-move of the clock (< 150). */
enum { CHESS_HIST = 150 };

/* The lt_state of chess.  Invariants: pos is consistent (chess_pos_ok);
 * hist holds the keys of the nhist positions before this one since the
 * last capture or pawn move (nhist <= pos.halfmove); end says how the game
 * ended, if it has. */
typedef struct {
    chess_pos pos;
    uint8_t end, nhist;
    uint64_t hist[CHESS_HIST];
} chess_state;

lt_action chess_action_of(chess_move);
chess_move chess_move_of(const chess_pos *, lt_action);
/* Plays a legal move: history, then the end of the game. */
void chess_state_play(chess_state *, chess_move);

#endif
