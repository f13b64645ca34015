/* legend.c — what a board's pictures and names mean, for the games
 * whose board does not say it by itself (legend.h). */
#include <string.h>

#include "legend.h"
#include "ludoteka/i18n.h"

const char *cli_legend(const lt_game *g, bool ascii)
{
    if (!strcmp(g->id, "talat"))
        /* the glyphs and letters of src/games/talat/view.c and notation.c */
        return ascii ? _("Towers: height 1 small, 2 medium, 3 tall; base t "
                         "triangle, s square, h hexagon (R1t: Red's small "
                         "triangle). Board A-B: row 1 is A's start line, row 5 B's.")
                     : _("Towers: height 1 small, 2 medium, 3 tall; base ▲ "
                         "triangle (t), ■ square (s), ⬢ hexagon (h). "
                         "Board A–B: row 1 is A's start line, row 5 B's.");
    if (!strcmp(g->id, "medh-kuu-lash"))
        /* rules.en.txt: the ring of the two rows of peaks */
        return ascii ? _("The ring: G1 to G8, on to W8, W8 to W1, on to G1; "
                         "the mornings M1..M8 are off it.")
                     : _("The ring: G1→G8, on to W8, W8→W1, on to G1; "
                         "the mornings M1..M8 are off it.");
    return NULL;
}
