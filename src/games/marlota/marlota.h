/* marlota.h — what the engines need of Marlota's rules (marlota.c):
 * the turn. */
#ifndef LT_MARLOTA_H
#define LT_MARLOTA_H

#include "../dice/dicegame.h"

/* The turn: the first player throws for the numbers, then all throw. */
typedef struct {
    uint8_t assigned;     /* numbers given so far */
    uint8_t pos;          /* thrower once all are given */
    uint8_t num[DICE_SEATS]; /* per seat, 0 before */
} mar_turn;
DICE_TURN_FITS(mar_turn);

extern const dice_rules marlota_rules;

#endif
