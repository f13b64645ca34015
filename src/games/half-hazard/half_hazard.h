/* half_hazard.h — what the engines need of Half Hazard's rules
 * (half_hazard.c): what a Hazard pays. */
#ifndef LT_HALF_HAZARD_H
#define LT_HALF_HAZARD_H

#include "../dice/dicegame.h"

extern const dice_rules half_hazard_rules;

/* the option streak (var[0]) */
enum { STREAK_UNIT, STREAK_RISING };
/* What the k-th Hazard of a streak (k from 0) pays, in halves. */
int32_t half_hazard_pay(int mode, int32_t unit, int k);

#endif
