/* triples.h — what the engines need of Triples' rules (triples.c):
 * the turn and the groups of the option group. */
#ifndef LT_TRIPLES_H
#define LT_TRIPLES_H

#include "../dice/dicegame.h"

/* The turn: each throws once a round in order. */
typedef struct {
    uint8_t pos;
    uint8_t kind[DICE_SEATS]; /* TRI_* per seat, TRI_NONE before */
} tri_turn;
DICE_TURN_FITS(tri_turn);
enum { TRI_NONE, TRI_OTHER, TRI_GROUP, TRI_TRIPLE };

extern const dice_rules triples_rules;

/* the option group: its values, and each group's lowest and highest
 * sum */
extern const char *const triples_groups[];
extern const int triples_group_lo[], triples_group_hi[];

#endif
