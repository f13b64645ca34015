/* great_chess.h — the state of Great Chess as the game and its engine
 * player share it. */
#ifndef LUDOTEKA_GREAT_CHESS_H
#define LUDOTEKA_GREAT_CHESS_H

#include "../../engines/great-chess/gc.h"
#include "ludoteka/ai.h"

typedef struct {
    gc_pos pos;
    gc_guard guard;      /* of pos: check and shielding pieces */
    uint8_t result, end; /* PLAYING..DRAWN; how it ended */
} great;

/* ai:engine — the game's own searcher (player.c). */
extern const lt_engine great_chess_engine;

#endif
