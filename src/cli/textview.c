/* textview.c — a position as plain text, for the line mode: the board
 * laid out by boardgrid.c in ASCII, the dice, the info lines. */
#include <stdlib.h>

#include "boardgrid.h"
#include "textview.h"

void textview_print(FILE *out, const lt_view *v, bool across)
{
    bg_grid *grid = malloc(sizeof *grid);
    if (!grid)
        return;
    /* the line mode's layout: ASCII, squares one column apart, points
     * three, empty cells shown as '.' */
    const bg_style plain = {.ascii = true, .coloured = false,
                            .largest = BG_COMPACT, .faces = false,
                            .across = across};
    if (v->ncells > 0 && bg_layout(v, &plain, BG_COLS, BG_ROWS, grid)) {
        char line[BG_COLS * 8];
        for (int r = 0; r < grid->rows; r++) {
            bg_row_text(grid, r, line, sizeof line);
            fprintf(out, "%s\n", line);
        }
    }
    if (v->ndice > 0) {
        fprintf(out, "%s", _("Dice:"));
        for (int i = 0; i < v->ndice; i++)
            if (v->dice[i].value)
                fprintf(out, " [%d]", v->dice[i].value);
            else
                fprintf(out, " [ ]");
        fputc('\n', out);
    }
    for (int i = 0; i < v->ninfo; i++)
        fprintf(out, "%s\n", v->info[i]);
    free(grid);
}
