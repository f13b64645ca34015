/* pick.c — choosing a move by pointing at cells (pick.h). */
#include <string.h>

#include "pick.h"

void pick_load(pick_moves *pm, const lt_game *g, const lt_state *s)
{
    pm->n = 0;
    if (g->current_player(s) < 0)
        return;
    pm->n = g->legal_actions(s, pm->act);
    for (int i = 0; i < pm->n; i++) {
        int cells[PICK_CELLS];
        int k = g->action_cells ? g->action_cells(s, pm->act[i], cells, PICK_CELLS) : 0;
        k = k < 0 ? 0 : k > PICK_CELLS ? PICK_CELLS : k;
        pm->ncells[i] = (int8_t)k;
        for (int j = 0; j < k; j++)
            pm->cells[i][j] = (int16_t)cells[j];
    }
}

static bool is_source(const pick_moves *pm, int cell)
{
    for (int i = 0; i < pm->n; i++)
        if (pm->ncells[i] >= 2 && pm->cells[i][0] == cell)
            return true;
    return false;
}

/* The actions whose cells match: from (or -1 for any) and to, or with
 * to < 0 the actions of one cell at from. */
static int matching(const pick_moves *pm, int from, int to, lt_action *out)
{
    int n = 0;
    for (int i = 0; i < pm->n; i++) {
        bool hit = to < 0 ? pm->ncells[i] == 1 && pm->cells[i][0] == from
                          : pm->ncells[i] >= 2 && pm->cells[i][1] == to &&
                                (from < 0 || pm->cells[i][0] == from);
        if (hit)
            out[n++] = pm->act[i];
    }
    return n;
}

int pick_press(const pick_moves *pm, int sel, int cell, lt_action *out,
               int *nout)
{
    *nout = 0;
    if (cell < 0)
        return PICK_NOTHING;
    if (sel >= 0 && cell == sel) {
        *nout = matching(pm, cell, -1, out); /* e.g. stop a chain here */
        return *nout ? PICK_PLAY : PICK_DESELECT;
    }
    if (sel >= 0 && (*nout = matching(pm, sel, cell, out)) > 0)
        return PICK_PLAY;
    if (is_source(pm, cell))
        return PICK_SELECT;
    if ((*nout = matching(pm, cell, -1, out)) > 0)
        return PICK_PLAY;
    if ((*nout = matching(pm, -1, cell, out)) > 0)
        return PICK_PLAY;
    return PICK_NOTHING;
}

void pick_marks(const pick_moves *pm, int sel, uint8_t *marks)
{
    for (int i = 0; i < pm->n; i++) {
        const int16_t *c = pm->cells[i];
        int k = pm->ncells[i];
        if (k == 1 && (sel < 0 || c[0] == sel) && c[0] < LT_VIEW_CELLS)
            marks[c[0]] |= MARK_TARGET;
        if (k < 2 || c[0] < 0 || c[0] >= LT_VIEW_CELLS)
            continue;
        if (sel < 0) {
            marks[c[0]] |= MARK_SOURCE;
        } else if (c[0] == sel) {
            if (c[1] >= 0 && c[1] < LT_VIEW_CELLS)
                marks[c[1]] |= MARK_TARGET;
            for (int j = 2; j < k; j++)
                if (c[j] >= 0 && c[j] < LT_VIEW_CELLS)
                    marks[c[j]] |= MARK_CAPTURE;
        }
    }
}

int pick_only_source(const pick_moves *pm)
{
    int only = -1;
    bool moves = false;
    for (int i = 0; i < pm->n; i++) {
        if (pm->ncells[i] == 0)
            continue;
        if (only >= 0 && pm->cells[i][0] != only)
            return -1;
        only = pm->cells[i][0];
        moves = moves || pm->ncells[i] >= 2;
    }
    return moves ? only : -1;
}

int pick_stop(const pick_moves *pm, int sel)
{
    int stop = -1;
    bool on = false;
    for (int i = 0; sel >= 0 && i < pm->n; i++) {
        if (pm->ncells[i] == 1 && pm->cells[i][0] == sel)
            stop = i;
        on = on || (pm->ncells[i] >= 2 && pm->cells[i][0] == sel);
    }
    return on ? stop : -1;
}

int pick_off_board(const pick_moves *pm, lt_action *out)
{
    int n = 0;
    for (int i = 0; i < pm->n; i++)
        if (pm->ncells[i] == 0)
            out[n++] = pm->act[i];
    return n;
}
