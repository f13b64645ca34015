/* rising_hazard.h — what the engines need of Rising Hazard's
 * rules (rising_hazard.c): its option cover. */
#ifndef LT_RISING_HAZARD_H
#define LT_RISING_HAZARD_H

#include "../dice/dicegame.h"

extern const dice_rules rising_hazard_rules;

/* the option cover (var[0]): who pays a unit */
enum { COVER_HALVES, COVER_ALTERNATE };

#endif
