/* external.h — players that are other programs: chess engines over UCI,
 * engines such as Fairy-Max over XBoard. */
#ifndef LUDOTEKA_EXTERNAL_H
#define LUDOTEKA_EXTERNAL_H

#include "ludoteka/ai.h"

typedef struct external external;

/* "uci:PATH [ARG ...] [Name=value ...]" or "xboard:PATH [ARG ...]
 * [variant=NAME] [Name=value ...]": starts the program and greets it. */
external *external_new(const lt_game *, const char *spec, lt_error *);
void external_free(external *);
void external_new_game(external *, const lt_state *start);
void external_observe(external *, const lt_state *before, lt_action);
lt_action external_choose(external *, const lt_state *, const lt_limits *,
                          lt_think_info *);
const char *external_error(const external *);

#endif
