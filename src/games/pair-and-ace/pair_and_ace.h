/* pair_and_ace.h — what the engines need of the rules of Pair and
 * Ace (pair_and_ace.c): the turn. */
#ifndef LT_PAIR_AND_ACE_H
#define LT_PAIR_AND_ACE_H

#include "../dice/dicegame.h"

/* The turn: the throwers in order. */
typedef struct {
    uint8_t pos;
} pa_turn;
DICE_TURN_FITS(pa_turn);

extern const dice_rules pair_and_ace_rules;

#endif
