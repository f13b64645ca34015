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

/* The links where a ring of the view wraps from one row's end to
 * another's, added to the view to be drawn round the outside (Medh Kuu
 * Lash: G8 to W8, W1 to G1): the cells with one link, in pairs on the
 * same column at the left or right edge, from a run's last cell to the
 * next run's first - the page's rule (board.js, wraps). */
void cli_wrap_links(lt_view *);

#endif
