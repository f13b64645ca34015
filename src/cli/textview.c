/* textview.c — any game's position as plain text, from its render
 * description: squares as a character grid, point boards with their lines
 * drawn in -, |, / and \, coordinates from the cell names. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* "a1" -> prefix "a", suffix "1"; names that are not letters followed by
 * digits give empty parts. */
static void split_name(const char *name, char *prefix, char *suffix)
{
    size_t i = 0;
    while (isalpha((unsigned char)name[i]))
        i++;
    size_t j = i;
    while (isdigit((unsigned char)name[j]))
        j++;
    if (i == 0 || j == i || name[j] || i > 3 || j - i > 3) {
        prefix[0] = suffix[0] = '\0';
        return;
    }
    memcpy(prefix, name, i);
    prefix[i] = '\0';
    memcpy(suffix, name + i, j - i);
    suffix[j - i] = '\0';
}

/* The label shared by every cell whose coordinate (x or y) is k: the
 * letters of their names for a column, the digits for a row. */
static void axis_label(const lt_view *v, bool column, int k, char *out)
{
    out[0] = '\0';
    bool first = true;
    for (int i = 0; i < v->ncells; i++) {
        const lt_cell *c = &v->cells[i];
        if ((column ? c->x : c->y) != k)
            continue;
        char pre[8], suf[8];
        split_name(c->name, pre, suf);
        const char *part = column ? pre : suf;
        if (first) {
            strcpy(out, part);
            first = false;
        } else if (strcmp(out, part) != 0) {
            out[0] = '\0';
            return;
        }
    }
}

static void draw_board(FILE *out, const lt_view *v)
{
    int on_cell[LT_VIEW_CELLS];
    bool points = false;
    int wide = 1;
    for (int i = 0; i < v->ncells; i++) {
        on_cell[i] = -1;
        points = points || v->cells[i].shape == LT_SHAPE_POINT;
    }
    for (int i = 0; i < v->npieces; i++) {
        const lt_piece *p = &v->pieces[i];
        if (p->cell < 0 || p->cell >= v->ncells)
            continue;
        on_cell[p->cell] = i;
        int w = (int)strlen(p->text);
        wide = w > wide ? w : wide;
    }
    int sx = points ? (wide + 3 > 4 ? wide + 3 : 4) : wide + 1;
    int sy = points ? 2 : 1;
    int cols = (v->width - 1) * sx + wide, rows = (v->height - 1) * sy + 1;
    if (v->width <= 0 || v->height <= 0 || cols > 400 || rows > 200)
        return;
    char *grid = malloc((size_t)cols * (size_t)rows);
    if (!grid)
        return;
    memset(grid, ' ', (size_t)cols * (size_t)rows);
#define AT(c, r) grid[(size_t)(r) * (size_t)cols + (size_t)(c)]
    for (int i = 0; i < v->nlinks; i++) {
        const lt_cell *a = &v->cells[v->links[i].a], *b = &v->cells[v->links[i].b];
        int c0 = a->x * sx, r0 = a->y * sy;
        int dc = b->x * sx - c0, dr = b->y * sy - r0;
        int n = abs(dc) > abs(dr) ? abs(dc) : abs(dr);
        char ch = dr == 0 ? '-' : dc == 0 ? '|' : (dc > 0) == (dr > 0) ? '\\' : '/';
        for (int k = 1; k < n; k++)
            if (dc * k % n == 0 && dr * k % n == 0)
                AT(c0 + dc * k / n, r0 + dr * k / n) = ch;
    }
    for (int i = 0; i < v->ncells; i++) {
        const lt_cell *c = &v->cells[i];
        int col = c->x * sx, row = c->y * sy;
        if (c->x < 0 || c->y < 0 || c->x >= v->width || c->y >= v->height)
            continue;
        const char *text = on_cell[i] >= 0 ? v->pieces[on_cell[i]].text
                           : c->shade == LT_SHADE_BLOCKED ? "#"
                           : c->shade == LT_SHADE_MARKED  ? ","
                                                          : ".";
        for (int k = 0; text[k] && k < wide; k++)
            AT(col + k, row) = text[k];
    }
    /* Row labels on the left, column labels below. */
    char label[8];
    int margin = 0;
    for (int y = 0; y < v->height; y++) {
        axis_label(v, false, y, label);
        margin = (int)strlen(label) > margin ? (int)strlen(label) : margin;
    }
    if (v->nboards > 1) {
        fprintf(out, "%*s", margin ? margin + 1 : 0, "");
        int at = 0;
        for (int b = 0; b < v->nboards; b++) {
            int x0 = 1 << 14;
            for (int i = 0; i < v->ncells; i++)
                if (v->cells[i].board == b && v->cells[i].x < x0)
                    x0 = v->cells[i].x;
            if (x0 * sx > at)
                at += fprintf(out, "%*s", x0 * sx - at, "");
            at += fprintf(out, "%s ", v->board_title[b]);
        }
        fputc('\n', out);
    }
    for (int r = 0; r < rows; r++) {
        label[0] = '\0';
        if (r % sy == 0)
            axis_label(v, false, r / sy, label);
        int end = cols;
        while (end > 0 && AT(end - 1, r) == ' ')
            end--;
        if (margin)
            fprintf(out, "%*s ", margin, label);
        fprintf(out, "%.*s\n", end, &AT(0, r));
    }
    char line[512];
    int len = 0;
    memset(line, ' ', sizeof line);
    for (int x = 0; x < v->width; x++) {
        axis_label(v, true, x, label);
        int at = x * sx;
        for (int k = 0; label[k] && at + k < (int)sizeof line - 1; k++)
            line[at + k] = label[k];
        if (label[0] && at + (int)strlen(label) > len)
            len = at + (int)strlen(label);
    }
    if (len > 0)
        fprintf(out, "%*s%.*s\n", margin ? margin + 1 : 0, "", len, line);
#undef AT
    free(grid);
}

void textview_print(FILE *out, const lt_game *g, const lt_state *s)
{
    lt_view *v = calloc(1, sizeof *v);
    if (!v)
        return;
    v->lang = cli_lang;
    g->render(s, v);
    if (v->ncells > 0)
        draw_board(out, v);
    if (v->ndice > 0) {
        fprintf(out, "%s", T("Dice:", "Kości:"));
        for (int i = 0; i < v->ndice; i++)
            if (v->dice[i].value)
                fprintf(out, " [%d]", v->dice[i].value);
            else
                fprintf(out, " [ ]");
        fputc('\n', out);
    }
    for (int i = 0; i < v->ninfo; i++)
        fprintf(out, "%s\n", v->info[i]);
    free(v);
}
