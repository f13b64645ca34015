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

static int cell_named(const lt_view *v, const char *name)
{
    for (int i = 0; i < v->ncells; i++)
        if (!strcmp(v->cells[i].name, name))
            return i;
    return -1;
}

void cli_extra_links(const lt_game *g, lt_view *v)
{
    static const char *const medh[][2] = {{"G8", "W8"}, {"W1", "G1"}};
    if (strcmp(g->id, "medh-kuu-lash") != 0)
        return;
    for (size_t k = 0; k < sizeof medh / sizeof medh[0]; k++) {
        int a = cell_named(v, medh[k][0]), b = cell_named(v, medh[k][1]);
        bool there = false;
        for (int i = 0; i < v->nlinks; i++)
            there = there || (v->links[i].a == a && v->links[i].b == b) ||
                    (v->links[i].a == b && v->links[i].b == a);
        if (a >= 0 && b >= 0 && !there && v->nlinks < LT_VIEW_LINKS)
            v->links[v->nlinks++] = (lt_link){(int16_t)a, (int16_t)b};
    }
}
