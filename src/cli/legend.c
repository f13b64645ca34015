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

void cli_wrap_links(lt_view *v)
{
    int degree[LT_VIEW_CELLS] = {0}, ends[LT_VIEW_CELLS], nends = 0;
    bool starts[LT_VIEW_CELLS] = {false};
    for (int i = 0; i < v->nlinks; i++) {
        degree[v->links[i].a]++;
        degree[v->links[i].b]++;
        starts[v->links[i].a] = true;
    }
    for (int c = 0; c < v->ncells; c++)
        if (degree[c] == 1 &&
            (v->cells[c].x == 0 || v->cells[c].x == v->width - 1))
            ends[nends++] = c;
    /* each end paired with the other end on its edge column, or none */
    lt_link wrap[LT_VIEW_CELLS / 2];
    int nwrap = 0;
    for (int k = 0; k < nends; k++)
        for (int j = k + 1; j < nends; j++) {
            int a = ends[k], b = ends[j];
            if (v->cells[a].x != v->cells[b].x)
                continue;
            if (nwrap == LT_VIEW_CELLS / 2)
                return;
            /* from a run's last cell to the next run's first */
            bool back = starts[a] && !starts[b];
            wrap[nwrap++] = (lt_link){(int16_t)(back ? b : a),
                                      (int16_t)(back ? a : b)};
        }
    if (nwrap == 0 || 2 * nwrap != nends || v->nlinks + nwrap > LT_VIEW_LINKS)
        return;
    for (int k = 0; k < nwrap; k++)
        v->links[v->nlinks++] = wrap[k];
}
