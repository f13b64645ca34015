/* great_chess.h — the state of Great Chess as the game and its engine
 * player (in the engines' folder of the same name) share it. */
#ifndef LUDOTEKA_GREAT_CHESS_H
#define LUDOTEKA_GREAT_CHESS_H

#include "gc.h"
#include "ludoteka/game.h"

enum { PLAYING, WHITE_WON, BLACK_WON, DRAWN }; /* great.result */

typedef struct {
    gc_pos pos;
    gc_guard guard;      /* of pos: check and shielding pieces */
    uint32_t king;       /* of pos: the king's legal moves (gc_guard_game) */
    uint8_t result, end; /* PLAYING..DRAWN; how it ended */
} great;

extern const lt_game lt_great_chess;

#endif
