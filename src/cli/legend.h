/* legend.h — a line that explains what a game's board shows where its
 * pictures or names say little by themselves (legend.c): Talat's towers
 * and boards, Medh Kuu Lash's ring.  The full screen shows it beside the
 * board and in the help, the line mode with the board. */
#ifndef LUDOTEKA_CLI_LEGEND_H
#define LUDOTEKA_CLI_LEGEND_H

#include <stdbool.h>

#include "ludoteka/game.h"

/* The legend of the game in the program's language (ASCII words where
 * the screen has no UTF-8), or NULL when it needs none. */
const char *cli_legend(const lt_game *, bool ascii);

/* Links a front end adds to a game's view where the view leaves out
 * what the board shows: Medh Kuu Lash's ring wrapping from G8 to W8 and
 * from W1 to G1 (in the ring's direction), drawn round the outside. */
void cli_extra_links(const lt_game *, lt_view *);

#endif
