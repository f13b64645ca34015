/* guirguiesca.h — what the engines need of Guirguiesca's rules
 * (guirguiesca.c): its option hazard-after-assign. */
#ifndef LT_GUIRGUIESCA_H
#define LT_GUIRGUIESCA_H

#include "../dice/dicegame.h"

extern const dice_rules guirguiesca_rules;

/* the option hazard-after-assign (var[0]) */
enum { HAZARD_LOSES, HAZARD_IGNORED };

#endif
