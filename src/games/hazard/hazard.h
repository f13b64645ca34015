/* hazard.h — what the engines need of Hazard's rules (hazard.c):
 * the turn, and who a sum of a later round wins for. */
#ifndef LT_HAZARD_H
#define LT_HAZARD_H

#include "../dice/dicegame.h"

/* The turn: round 1, then later rounds until somebody wins. */
typedef struct {
    uint8_t later;        /* 0 in the first round, 1 after it */
    uint8_t pos;
    uint8_t reh[DICE_SEATS]; /* first-round sums: the ReHazards */
} haz_turn;
DICE_TURN_FITS(haz_turn);

extern const dice_rules hazard_rules;

/* Who a later-round sum wins for, -1 if nobody: the owner of the
 * ReHazard thrown; if several own it, the thrower if he is one of them,
 * otherwise it does not count. */
int hazard_rehazard_winner(const uint8_t *reh, int n, int thrower_seat,
                           int sum);

#endif
