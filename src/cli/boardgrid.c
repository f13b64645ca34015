/* boardgrid.c — a position laid out as characters (boardgrid.h): squares
 * side by side, points spaced out with their lines drawn between them,
 * coordinates from the cell names, titles over several boards, dice
 * faces below. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardgrid.h"

size_t bg_next_char(const char *s, wchar_t *wc, int *width)
{
    if (!*s)
        return 0;
    mbstate_t st;
    memset(&st, 0, sizeof st);
    size_t k = mbrtowc(wc, s, strlen(s), &st);
    if (k == (size_t)-1 || k == (size_t)-2) {
        *wc = L'?';
        *width = -1;
        return 1;
    }
    *width = wcwidth(*wc);
    return k;
}

int bg_text_width(const char *s)
{
    int total = 0, w;
    wchar_t wc;
    for (size_t k; (k = bg_next_char(s, &wc, &w)) > 0; s += k) {
        if (w < 0)
            return -1;
        total += w;
    }
    return total;
}

const char *bg_piece_text(const lt_piece *p, bool ascii)
{
    if (!ascii && p->glyph[0] && bg_text_width(p->glyph) > 0)
        return p->glyph;
    return p->text;
}

/* ---- Writing into the grid ---------------------------------------------- */

static bool inside(int row, int col)
{
    return row >= 0 && row < BG_ROWS && col >= 0 && col < BG_COLS;
}

static void mark_extent(bg_grid *g, int row, int col)
{
    if (row + 1 > g->rows)
        g->rows = row + 1;
    if (col + 1 > g->cols)
        g->cols = col + 1;
}

static void set(bg_grid *g, int row, int col, const char *ch, int role,
                int cell, int owner)
{
    if (!inside(row, col))
        return;
    bg_char *c = &g->at[row][col];
    size_t n = strlen(ch);
    if (n >= sizeof c->ch)
        n = sizeof c->ch - 1;
    memcpy(c->ch, ch, n);
    c->ch[n] = '\0';
    c->role = (uint8_t)role;
    c->cell = (int16_t)cell;
    c->owner = (int8_t)owner;
    if (n > 0)
        mark_extent(g, row, col);
}

/* Writes a UTF-8 text from (row, col), one character per column (two
 * for a wide one, a combining mark joining the one before); returns the
 * columns used.  With only_blank, stops at the first column in use. */
static int put(bg_grid *g, int row, int col, const char *text, int role,
               int cell, int owner, bool only_blank)
{
    int used = 0, w;
    wchar_t wc;
    for (size_t k; (k = bg_next_char(text, &wc, &w)) > 0; text += k) {
        char one[8];
        size_t n = k < sizeof one ? k : sizeof one - 1;
        memcpy(one, text, n);
        one[n] = '\0';
        if (w == 0 && used > 0 && inside(row, col + used - 1)) {
            bg_char *prev = &g->at[row][col + used - 1];
            size_t len = strlen(prev->ch);
            if (len + n < sizeof prev->ch)
                memcpy(prev->ch + len, one, n + 1);
            continue;
        }
        if (w <= 0)
            continue;
        if (only_blank) {
            for (int i = 0; i < w; i++)
                if (!inside(row, col + used + i) ||
                    g->at[row][col + used + i].role != BG_BLANK)
                    return used;
        }
        set(g, row, col + used, one, role, cell, owner);
        if (w == 2)
            set(g, row, col + used + 1, "", role, cell, owner);
        used += w;
    }
    return used;
}

static void clear(bg_grid *g)
{
    g->cols = g->rows = 0;
    g->dice_drawn = false;
    for (int r = 0; r < BG_ROWS; r++)
        for (int c = 0; c < BG_COLS; c++)
            g->at[r][c] = (bg_char){.ch = " ", .role = BG_BLANK, .owner = -1,
                                    .cell = -1};
    for (int i = 0; i < LT_VIEW_CELLS; i++)
        g->cell_row[i] = g->cell_col[i] = -1;
}

/* ---- Coordinates -------------------------------------------------------- */

/* "a1" -> "a" and "1"; names that are not letters then digits give "". */
static void split_name(const char *name, char *prefix, char *suffix)
{
    size_t i = 0, j;
    while (isalpha((unsigned char)name[i]))
        i++;
    for (j = i; isdigit((unsigned char)name[j]); j++)
        ;
    prefix[0] = suffix[0] = '\0';
    if (i == 0 || j == i || name[j] || i > 3 || j - i > 3)
        return;
    memcpy(prefix, name, i);
    prefix[i] = '\0';
    memcpy(suffix, name + i, j - i);
    suffix[j - i] = '\0';
}

/* The part of the names (letters: prefix, digits: not) that all cells of
 * a board in column (or row) k share, or "". */
static void shared_part(const lt_view *v, int board, bool column, bool prefix,
                        int k, char out[8])
{
    bool first = true;
    out[0] = '\0';
    for (int i = 0; i < v->ncells; i++) {
        const lt_cell *c = &v->cells[i];
        if (c->board != board || (column ? c->x : c->y) != k)
            continue;
        char pre[8], suf[8];
        split_name(c->name, pre, suf);
        const char *part = prefix ? pre : suf;
        if (first)
            strcpy(out, part);
        else if (strcmp(out, part) != 0)
            out[0] = '\0';
        first = false;
    }
}

/* The label shared by the cells of a board in column (or row) k: the
 * letters of their names for a column, the digits for a row - the other
 * way round on a board turned a quarter (`across`), or on a board whose
 * rows are named by letters (Medh Kuu Lash: W1..W8 a row, column 1 of
 * W1, M1 and G1); "" when neither part is shared. */
static void axis_label(const lt_view *v, int board, bool column, bool across,
                       int k, char out[8])
{
    shared_part(v, board, column, column != across, k, out);
    if (!out[0])
        shared_part(v, board, column, column == across, k, out);
}

/* ---- The board ---------------------------------------------------------- */

typedef struct {
    bool points;       /* spaced points with lines, not squares side by side */
    int w;             /* columns of the widest piece */
    int sx, sy;        /* characters per grid unit */
    int cw, ch;        /* a cell's rectangle */
    int left, top;     /* where grid unit (0, 0) begins */
    bool centred;      /* pieces in the middle of their squares */
} geometry;

static bool is_points(const lt_view *v)
{
    if (v->nlinks > 0)
        return true;
    for (int i = 0; i < v->ncells; i++)
        if (v->cells[i].shape == LT_SHAPE_POINT)
            return true;
    return false;
}

static void geometry_of(const lt_view *v, const bg_style *st, int size,
                        geometry *ge)
{
    ge->points = is_points(v);
    ge->w = 1;
    for (int i = 0; i < v->npieces; i++) {
        const lt_piece *p = &v->pieces[i];
        if (p->cell < 0 || p->cell >= v->ncells)
            continue;
        int w = bg_text_width(bg_piece_text(p, st->ascii));
        ge->w = w > ge->w ? w : ge->w;
    }
    int w = ge->w;
    if (ge->points) {
        static const int sy[BG_SIZES] = {4, 3, 2, 1};
        int sx[BG_SIZES] = {w + 5 > 8 ? w + 5 : 8, w + 3 > 6 ? w + 3 : 6,
                            w + 3 > 4 ? w + 3 : 4, w + 1};
        ge->sx = sx[size];
        ge->sy = sy[size];
        ge->cw = w;
        ge->ch = 1;
    } else {
        static const int ch[BG_SIZES] = {3, 1, 1, 1};
        int cw[BG_SIZES] = {w + 4, w + 2, w + 1, w};
        ge->sx = ge->cw = cw[size];
        ge->sy = ge->ch = ch[size];
    }
    ge->centred = !ge->points && size <= BG_NORMAL;
}

static bool cell_ok(const lt_view *v, int i)
{
    const lt_cell *c = &v->cells[i];
    return c->x >= 0 && c->y >= 0 && c->x < 1000 && c->y < 1000;
}

/* An outer link: one along a column whose straight line would cross
 * another cell (a ring that wraps from one row's end to another's, past
 * a row between them); drawn round the outside of the board, on the
 * left (-1) or right (1) of the column it joins.  0 for another link. */
static int outer_side(const lt_view *v, int a, int b)
{
    const lt_cell *ca = &v->cells[a], *cb = &v->cells[b];
    if (ca->x != cb->x || abs(ca->y - cb->y) < 2)
        return 0;
    int lo = ca->y < cb->y ? ca->y : cb->y, hi = ca->y ^ cb->y ^ lo;
    bool crossed = false;
    int minx = ca->x, maxx = ca->x;
    for (int i = 0; i < v->ncells; i++) {
        const lt_cell *c = &v->cells[i];
        if (c->board != ca->board)
            continue;
        minx = c->x < minx ? c->x : minx;
        maxx = c->x > maxx ? c->x : maxx;
        crossed = crossed || (c->x == ca->x && c->y > lo && c->y < hi);
    }
    if (!crossed || (ca->x != minx && ca->x != maxx))
        return 0;
    return ca->x == minx ? -1 : 1;
}

static bool link_ok(const lt_view *v, int a, int b)
{
    return a >= 0 && b >= 0 && a < v->ncells && b < v->ncells && cell_ok(v, a) &&
           cell_ok(v, b);
}

/* The outer links: a line out of each end, two columns beyond the board
 * (past its row names on the left), joined along the side, with an arrow
 * half way pointing from the link's first cell to its second. */
static void draw_outer_links(const lt_view *v, const bg_style *st,
                             const geometry *ge, int right_edge, bg_grid *g)
{
    const char *h = st->ascii ? "-" : "\u2500", *vert = st->ascii ? "|" : "\u2502";
    for (int i = 0; i < v->nlinks; i++) {
        int a = v->links[i].a, b = v->links[i].b, side;
        if (!link_ok(v, a, b) || !(side = outer_side(v, a, b)))
            continue;
        int x = ge->left + v->cells[a].x * ge->sx + (ge->cw - 1) / 2;
        int out = side < 0 ? 0 : right_edge + 2;
        int ra = ge->top + v->cells[a].y * ge->sy + ge->ch / 2;
        int rb = ge->top + v->cells[b].y * ge->sy + ge->ch / 2;
        int top = ra < rb ? ra : rb, bottom = ra ^ rb ^ top;
        /* the lines out of the cells: over blanks only (not the names) */
        int from = side < 0 ? out + 1 : x + ge->w;
        int to = side < 0 ? x - 1 : out - 1;
        for (int r = 0; r < 2; r++)
            for (int c = from; c <= to; c++) {
                int row = r ? bottom : top;
                if (!inside(row, c) || g->at[row][c].role != BG_BLANK)
                    break; /* up to the row's name */
                set(g, row, c, h, BG_LINK, -1, -1);
            }
        const char *corner_top = st->ascii ? "+" : side < 0 ? "\u256d" : "\u256e";
        const char *corner_bottom = st->ascii ? "+" : side < 0 ? "\u2570" : "\u256f";
        set(g, top, out, corner_top, BG_LINK, -1, -1);
        set(g, bottom, out, corner_bottom, BG_LINK, -1, -1);
        for (int row = top + 1; row < bottom; row++)
            set(g, row, out, vert, BG_LINK, -1, -1);
        if (bottom - top >= 2) {
            bool up = rb < ra;
            const char *arrow = st->ascii ? (up ? "^" : "v") : up ? "\u25b2" : "\u25bc";
            set(g, (top + bottom) / 2, out, arrow, BG_LINK, -1, -1);
        }
    }
}

static void draw_links(const lt_view *v, const bg_style *st,
                       const geometry *ge, bg_grid *g)
{
    const char *h = st->ascii ? "-" : "\u2500", *vert = st->ascii ? "|" : "\u2502",
               *back = st->ascii ? "\\" : "\u2572", *fwd = st->ascii ? "/" : "\u2571",
               *cross = st->ascii ? "X" : "\u2573", *plus = st->ascii ? "+" : "\u253c";
    for (int i = 0; i < v->nlinks; i++) {
        int a = v->links[i].a, b = v->links[i].b;
        if (!link_ok(v, a, b) || outer_side(v, a, b))
            continue;
        int c0 = ge->left + v->cells[a].x * ge->sx, r0 = ge->top + v->cells[a].y * ge->sy;
        int dc = (v->cells[b].x - v->cells[a].x) * ge->sx;
        int dr = (v->cells[b].y - v->cells[a].y) * ge->sy;
        int n = abs(dc) > abs(dr) ? abs(dc) : abs(dr);
        const char *ch = dr == 0 ? h : dc == 0 ? vert : (dc > 0) == (dr > 0) ? back : fwd;
        for (int k = 1; k < n; k++) {
            if (dc * k % n || dr * k % n)
                continue;
            int row = r0 + dr * k / n, col = c0 + dc * k / n;
            if (!inside(row, col))
                continue;
            const bg_char *old = &g->at[row][col];
            const char *put_ch = ch;
            if (old->role == BG_LINK && strcmp(old->ch, ch) != 0) {
                bool diag_old = !strcmp(old->ch, back) || !strcmp(old->ch, fwd);
                bool diag_new = ch == back || ch == fwd;
                put_ch = diag_old && diag_new ? cross : plus;
            }
            set(g, row, col, put_ch, BG_LINK, -1, -1);
        }
    }
}

/* What an empty cell shows. */
static const char *empty_mark(const lt_cell *c, const bg_style *st,
                              bool points)
{
    if (!st->coloured)
        return c->shade == LT_SHADE_BLOCKED  ? "#"
               : c->shade == LT_SHADE_MARKED ? ","
                                             : ".";
    if (c->shade == LT_SHADE_BLOCKED)
        return st->ascii ? "#" : "\u2591";
    if (!points)
        return " "; /* the colour shows the shade */
    if (c->shade == LT_SHADE_MARKED)
        return st->ascii ? "*" : "\u25c7";
    return st->ascii ? "." : "\u00b7";
}

static void draw_cells(const lt_view *v, const bg_style *st,
                       const geometry *ge, bg_grid *g)
{
    int on_cell[LT_VIEW_CELLS];
    for (int i = 0; i < v->ncells; i++)
        on_cell[i] = -1;
    for (int i = 0; i < v->npieces; i++)
        if (v->pieces[i].cell >= 0 && v->pieces[i].cell < v->ncells)
            on_cell[v->pieces[i].cell] = i;
    for (int i = 0; i < v->ncells; i++) {
        if (!cell_ok(v, i))
            continue;
        const lt_cell *c = &v->cells[i];
        int col = ge->left + c->x * ge->sx, row = ge->top + c->y * ge->sy;
        const char *fill = " ";
        bool blocked_fill = !ge->points && st->coloured &&
                            c->shade == LT_SHADE_BLOCKED && on_cell[i] < 0;
        if (blocked_fill)
            fill = empty_mark(c, st, false);
        for (int r = 0; r < ge->ch; r++)
            for (int k = 0; k < ge->cw; k++)
                set(g, row + r, col + k, fill, BG_CELL, i, -1);
        const char *text = empty_mark(c, st, ge->points);
        int owner = -1, role = BG_CELL;
        if (on_cell[i] >= 0) {
            const lt_piece *p = &v->pieces[on_cell[i]];
            text = bg_piece_text(p, st->ascii);
            owner = p->owner;
            role = BG_PIECE;
        }
        int w = bg_text_width(text);
        w = w < 0 ? 0 : w;
        int at = ge->centred ? col + (ge->cw - w) / 2 : col;
        int tr = row + ge->ch / 2;
        g->cell_row[i] = (int16_t)tr;
        g->cell_col[i] = (int16_t)at;
        if (!blocked_fill)
            put(g, tr, at, text, role, i, owner, false);
    }
}

/* Coordinates beside each board (rows) and below it (columns), and its
 * title above it, each where the grid is still blank. */
static void draw_labels(const lt_view *v, const bg_style *st, const geometry *ge,
                        bg_grid *g)
{
    bool across = st->across;
    for (int b = 0; b <= LT_VIEW_BOARDS; b++) {
        int minx = 1 << 14, maxx = -1, miny = 1 << 14, maxy = -1;
        for (int i = 0; i < v->ncells; i++) {
            const lt_cell *c = &v->cells[i];
            if (c->board != b || !cell_ok(v, i))
                continue;
            minx = c->x < minx ? c->x : minx;
            maxx = c->x > maxx ? c->x : maxx;
            miny = c->y < miny ? c->y : miny;
            maxy = c->y > maxy ? c->y : maxy;
        }
        if (maxx < 0)
            continue;
        int left = ge->left + minx * ge->sx, top = ge->top + miny * ge->sy;
        int bottom = ge->top + maxy * ge->sy + ge->ch - 1;
        char label[8];
        for (int y = miny; y <= maxy; y++) {
            axis_label(v, b, false, across, y, label);
            int len = (int)strlen(label);
            if (len && left - 1 - len >= 0)
                put(g, ge->top + y * ge->sy + ge->ch / 2, left - 1 - len, label,
                    BG_LABEL, -1, -1, true);
        }
        for (int x = minx; x <= maxx; x++) {
            axis_label(v, b, true, across, x, label);
            int len = (int)strlen(label);
            int col = ge->left + x * ge->sx;
            if (ge->centred)
                col += (ge->cw - len) / 2;
            if (len)
                put(g, bottom + 1, col, label, BG_LABEL, -1, -1, true);
        }
        if (b < v->nboards && v->board_title[b][0] && top > 0)
            put(g, top - 1, left, v->board_title[b], BG_TITLE, -1, -1, true);
        if (b == LT_VIEW_BOARDS && st->hand_title && top > 0)
            put(g, top - 1, left, st->hand_title, BG_TITLE, -1, -1, true);
    }
}

/* Room the labels need: columns on the left, a row on top for titles,
 * a row below for column letters. */
static void margins(const lt_view *v, bool across, int *left, int *top,
                    int *below)
{
    *left = *top = *below = 0;
    char label[8];
    for (int b = 0; b < LT_VIEW_BOARDS; b++) {
        if (b < v->nboards && v->board_title[b][0])
            *top = 1;
        for (int i = 0; i < v->ncells; i++) {
            const lt_cell *c = &v->cells[i];
            if (c->board != b || !cell_ok(v, i))
                continue;
            axis_label(v, b, false, across, c->y, label);
            if (label[0] && (int)strlen(label) + 1 > *left)
                *left = (int)strlen(label) + 1;
            axis_label(v, b, true, across, c->x, label);
            if (label[0])
                *below = 1;
        }
    }
}

/* ---- Dice ----------------------------------------------------------------- */

enum { FACE_W = 7, FACE_H = 5 };

/* The pips of each face on a 3 x 3 pattern, rows top to bottom. */
static const char *const pips[7] = {
    "........." /* not thrown */, "....o....", "..o...o..", "..o.o.o..",
    "o.o...o.o", "o.o.o.o.o", "o.oo.oo.o"};

static void draw_face(bg_grid *g, int row, int col, const lt_die *d, bool ascii)
{
    int owner = d->owner;
    const char *edge_h = ascii ? "-" : "\u2500", *edge_v = ascii ? "|" : "\u2502";
    const char *corner[4] = {ascii ? "+" : "\u256d", ascii ? "+" : "\u256e",
                             ascii ? "+" : "\u2570", ascii ? "+" : "\u256f"};
    for (int r = 0; r < FACE_H; r++)
        for (int c = 0; c < FACE_W; c++) {
            bool top = r == 0, bottom = r == FACE_H - 1;
            bool lside = c == 0, rside = c == FACE_W - 1;
            const char *ch = " ";
            if ((top || bottom) && (lside || rside))
                ch = corner[(bottom ? 2 : 0) + (rside ? 1 : 0)];
            else if (top || bottom)
                ch = edge_h;
            else if (lside || rside)
                ch = edge_v;
            else if ((c - 1) % 2 == 0) {
                int pr = r - 1, pc = (c - 1) / 2;
                int v = d->value <= 6 ? d->value : 0;
                if (pips[v][pr * 3 + pc] == 'o')
                    ch = ascii ? "o" : "\u25cf";
                else if (v == 0 && pr == 1 && pc == 1)
                    ch = "?";
            }
            set(g, row + r, col + c, ch, BG_DIE, -1, owner);
        }
}

static void draw_dice(const lt_view *v, const bg_style *st, int row, bool big,
                      bg_grid *g)
{
    for (int i = 0; i < v->ndice && i < LT_VIEW_DICE; i++) {
        const lt_die *d = &v->dice[i];
        if (big) {
            draw_face(g, row, i * (FACE_W + 1), d, st->ascii);
        } else {
            char text[8];
            if (d->value >= 1 && d->value <= 6)
                snprintf(text, sizeof text, "[%d]", d->value);
            else
                snprintf(text, sizeof text, "[ ]");
            put(g, row, i * 4, text, BG_DIE, -1, d->owner, false);
        }
    }
    g->dice_drawn = true;
}

/* ---- Layout ------------------------------------------------------------- */

static bool lay(const lt_view *v, const bg_style *st, int size, int max_cols,
                int max_rows, bg_grid *g)
{
    clear(g);
    geometry ge;
    geometry_of(v, st, size, &ge);
    int left, top, below;
    margins(v, st->across, &left, &top, &below);
    /* two columns each side for the links round the outside */
    int outer_left = 0, outer_right = 0;
    for (int i = 0; i < v->nlinks; i++) {
        int a = v->links[i].a, b = v->links[i].b, side;
        if (link_ok(v, a, b) && (side = outer_side(v, a, b)) != 0) {
            outer_left |= side < 0;
            outer_right |= side > 0;
        }
    }
    left += outer_left ? 2 : 0;
    ge.left = left;
    ge.top = top;
    int cols = 0, rows = 0;
    int maxx = -1, maxy = -1;
    for (int i = 0; i < v->ncells; i++)
        if (cell_ok(v, i)) {
            maxx = v->cells[i].x > maxx ? v->cells[i].x : maxx;
            maxy = v->cells[i].y > maxy ? v->cells[i].y : maxy;
        }
    if (maxx >= 0) {
        cols = left + maxx * ge.sx + ge.cw + (outer_right ? 3 : 0);
        rows = top + maxy * ge.sy + ge.ch + below;
    }
    if (cols > max_cols || rows > max_rows || cols > BG_COLS || rows > BG_ROWS)
        return false;
    g->size = size;
    g->piece_width = ge.w;
    g->step_x = ge.sx;
    g->step_y = ge.sy;
    if (maxx >= 0) {
        draw_links(v, st, &ge, g);
        draw_cells(v, st, &ge, g);
        draw_labels(v, st, &ge, g);
        draw_outer_links(v, st, &ge, left + maxx * ge.sx + ge.cw - 1, g);
    }
    if (st->faces && v->ndice > 0) {
        int at = rows ? rows + 1 : 0;
        int n = v->ndice < LT_VIEW_DICE ? v->ndice : LT_VIEW_DICE;
        if (at + FACE_H <= max_rows && n * (FACE_W + 1) - 1 <= max_cols)
            draw_dice(v, st, at, true, g);
        else if (at + 1 <= max_rows && n * 4 - 1 <= max_cols)
            draw_dice(v, st, at, false, g);
    }
    return true;
}

bool bg_layout(const lt_view *v, const bg_style *st, int max_cols,
               int max_rows, bg_grid *g)
{
    int from = st->largest < 0 ? 0 : st->largest >= BG_SIZES ? BG_TINY : st->largest;
    for (int size = from; size < BG_SIZES; size++)
        if (lay(v, st, size, max_cols, max_rows, g))
            return true;
    clear(g);
    return false;
}

int bg_hit(const bg_grid *g, int row, int col)
{
    if (inside(row, col) && g->at[row][col].cell >= 0)
        return g->at[row][col].cell;
    int best = -1, best_d = 1 << 30;
    for (int i = 0; i < LT_VIEW_CELLS; i++) {
        if (g->cell_row[i] < 0)
            continue;
        int dr = row - g->cell_row[i];
        int dc = col - (g->cell_col[i] + (g->piece_width - 1) / 2);
        if (abs(dr) * 2 >= g->step_y + (g->step_y == 1) ||
            abs(dc) * 2 >= g->step_x)
            continue;
        int d = 4 * dr * dr + dc * dc; /* a row is about two columns high */
        if (d < best_d) {
            best_d = d;
            best = i;
        }
    }
    return best;
}

size_t bg_row_text(const bg_grid *g, int row, char *buf, size_t size)
{
    size_t len = 0, keep = 0;
    if (size == 0)
        return 0;
    buf[0] = '\0';
    if (row < 0 || row >= BG_ROWS)
        return 0;
    for (int c = 0; c < g->cols; c++) {
        const char *ch = g->at[row][c].ch;
        size_t n = strlen(ch);
        if (len + n + 1 > size)
            break;
        memcpy(buf + len, ch, n);
        len += n;
        if (strcmp(ch, " ") != 0)
            keep = len;
    }
    buf[keep] = '\0';
    return keep;
}
