/* riffa.h — what the engines need of Riffa's rules (riffa.c). */
#ifndef LT_RIFFA_H
#define LT_RIFFA_H

#include "../dice/dicegame.h"

extern const dice_rules riffa_rules;

#endif
