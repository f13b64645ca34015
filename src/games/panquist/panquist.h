/* panquist.h — what the engines need of Panquist's rules (panquist.c):
 * what each throw takes. */
#ifndef LT_PANQUIST_H
#define LT_PANQUIST_H

#include "../dice/dicegame.h"

extern const dice_rules panquist_rules;

/* The stakes a throw (its action) takes when it is the thrower's number,
 * 4 = Panquist; 0 outside 7-14. */
int panquist_stakes(lt_action);

#endif
