/* one_and_two.h — what the engines need of the rules of As Many
 * on One as on Two (one_and_two.c): the turn and who throws last. */
#ifndef LT_ONE_AND_TWO_H
#define LT_ONE_AND_TWO_H

#include "../dice/dicegame.h"

/* the option last: who gets a last throw to equal the first success */
enum { LAST_ALL, LAST_ROUND };

/* The turn: contests of the players in `seat` order. */
typedef struct {
    uint8_t seat[DICE_SEATS]; /* the contest, in throwing order */
    uint8_t size;
    uint8_t pos;          /* index into seat of the thrower */
    uint8_t single;       /* his single die, 0 before it is thrown */
    uint8_t leader;       /* 0: no success yet; else 1 + index of the first */
    uint8_t pending;      /* bits over seat[]: last throws still due */
    uint8_t equal;        /* bits over seat[]: succeeded (leader too) */
} oat_turn;
DICE_TURN_FITS(oat_turn);

extern const dice_rules one_and_two_rules;

/* Last throws due after a first success at index `leader` (bits over
 * oat_turn.seat): mode is the option last. */
uint8_t oat_due_after(int mode, int size, int leader);

#endif
