/* view.c — what the front ends draw of Talat: the three boards side by
 * side (board 0 on the left), row 5 at the top; towers by colour, height
 * and base; the towers still to place; scores and frozen boards. */
#include <stdio.h>
#include <string.h>

#include "ludoteka/text.h"
#include "talat.h"

enum { GAP = 1 }; /* empty columns between two boards */

static const char *const colour_en[] = {"Red", "Blue", "Violet"};
static const char *const colour_pl[] = {"Czerwony", "Niebieski", "Fioletowy"};
/* A height digit and the shape of the base (UTF-8). */
static const char *const shape[] = {"\u25b2", "\u25a0", "\u2b22"};

static const char *colour_name(const tl_state *s, int c, bool pl)
{
    if (s->players == 2 && c == TL_NEUTRAL)
        return pl ? "Neutralny" : "Neutral";
    return (pl ? colour_pl : colour_en)[c % TL_COLOURS];
}

static void add_piece(const tl_state *s, lt_view *v, int t, int cell)
{
    lt_piece *pc = &v->pieces[v->npieces++];
    int c = tl_colour(t);
    *pc = (lt_piece){.cell = (int16_t)cell,
                     .owner = (int8_t)(c < s->players ? c : -1),
                     .kind = (uint8_t)tl_kind(t)};
    pc->text[0] = "RBV"[c];
    tl_kind_name(tl_kind(t), pc->text + 1);
    snprintf(pc->glyph, sizeof pc->glyph, "%c%s", '1' + tl_kind(t) / 3,
             shape[tl_kind(t) % 3]);
}

static void cells(const tl_state *s, lt_view *v, bool pl)
{
    v->width = TL_BOARDS * TL_SIDE + (TL_BOARDS - 1) * GAP;
    v->height = TL_SIDE;
    v->nboards = TL_BOARDS;
    v->ncells = TL_CELLS;
    for (int b = 0; b < TL_BOARDS; b++)
        snprintf(v->board_title[b], sizeof v->board_title[b], "%s\u2013%s",
                 colour_name(s, b, pl), colour_name(s, (b + 1) % TL_COLOURS, pl));
    for (int cell = 0; cell < TL_CELLS; cell++) {
        lt_cell *c = &v->cells[cell];
        int b = tl_board(cell);
        *c = (lt_cell){.x = (int16_t)(b * (TL_SIDE + GAP) + tl_file(cell)),
                       .y = (int16_t)(TL_SIDE - 1 - tl_row(cell)),
                       .shape = LT_SHAPE_SQUARE,
                       .shade = tl_line_owner(cell) >= 0 ? LT_SHADE_MARKED
                                                         : LT_SHADE_PLAIN,
                       .board = (uint8_t)b};
        tl_cell_name(cell, c->name);
        if (s->sq[cell])
            add_piece(s, v, s->sq[cell] - 1, cell);
    }
}

static void score_lines(const tl_state *s, lt_view *v, bool pl)
{
    int points[TL_COLOURS];
    tl_points(s, points);
    for (int p = 0; p < s->players; p++) {
        char *line = v->info[v->ninfo++];
        size_t len = 0;
        lt_appendf(line, sizeof v->info[0], &len, pl ? "%s: %d pkt; zbite:" : "%s: %d points; captured:",
                   colour_name(s, p, pl), points[p]);
        size_t mark = len;
        for (int t = 0; t < TL_TOWERS; t++)
            if (s->at[t] == TL_TAKEN + p) {
                char k[3];
                tl_kind_name(tl_kind(t), k);
                lt_appendf(line, sizeof v->info[0], &len, " %c%s", "RBV"[tl_colour(t)], k);
            }
        if (len == mark)
            lt_appendf(line, sizeof v->info[0], &len, " -");
        if (!tl_in_game(s, p))
            lt_appendf(line, sizeof v->info[0], &len, "%s",
                       pl ? " (poza grą)" : " (out of the game)");
    }
}

void tl_render(const tl_state *s, lt_view *v)
{
    bool pl = v->lang == LT_LANG_PL;
    cells(s, v, pl);
    char *line = v->info[v->ninfo++];
    size_t len = 0;
    const char *who = colour_name(s, s->turn, pl);
    if (s->over) {
        unsigned w = tl_winners(s);
        lt_appendf(line, sizeof v->info[0], &len, pl ? "Koniec gry; wygrywa:" : "Game over; won by:");
        for (int p = 0; p < s->players; p++)
            if (w >> p & 1)
                lt_appendf(line, sizeof v->info[0], &len, " %s", colour_name(s, p, pl));
    } else if (tl_placing(s)) {
        int c = tl_placing_colour(s);
        if (c == s->turn)
            lt_appendf(line, sizeof v->info[0], &len,
                       pl ? "%s stawia wieżę na swojej linii startowej; w ręce:"
                          : "%s places a tower on his start lines; in hand:", who);
        else
            lt_appendf(line, sizeof v->info[0], &len,
                       pl ? "%s stawia wieżę neutralną; do wyboru:"
                          : "%s places a neutral tower; to choose from:", who);
        for (int k = 0; k < TL_KINDS; k++)
            if (s->at[c * TL_KINDS + k] == TL_HAND) {
                char name[3];
                tl_kind_name(k, name);
                lt_appendf(line, sizeof v->info[0], &len, " %s", name);
                add_piece(s, v, c * TL_KINDS + k, -1);
            }
    } else {
        lt_appendf(line, sizeof v->info[0], &len,
                   s->players == 2 ? (pl ? "Ruch: %s (własna lub neutralna wieża)"
                                         : "%s to move (an own or a neutral tower)")
                                   : (pl ? "Ruch: %s" : "%s to move"),
                   who);
    }
    score_lines(s, v, pl);
    if (s->frozen) {
        line = v->info[v->ninfo++];
        len = 0;
        lt_appendf(line, sizeof v->info[0], &len, pl ? "Zamrożone:" : "Frozen:");
        for (int b = 0; b < TL_BOARDS; b++)
            if (s->frozen >> b & 1)
                lt_appendf(line, sizeof v->info[0], &len, " %s", v->board_title[b]);
    }
    bool credit = false;
    for (int t = 0; t < TL_TOWERS; t++)
        credit |= s->credit[t] != 0;
    if (credit)
        snprintf(v->info[v->ninfo++], sizeof v->info[0], "%s",
                 pl ? "Neutralna wieża na linii startowej liczy się temu, kto ją tam wprowadził"
                    : "A neutral tower on a start line scores for whoever moved it there");
}

int tl_action_cells(const tl_state *s, lt_action a, int *out, int max)
{
    if (max < 2 || a >= TL_PASS)
        return 0;
    if (a < TL_MOVE0) {
        out[0] = a % TL_CELLS;
        return 1;
    }
    int from = (a - TL_MOVE0) / TL_DIRS, t = s->sq[from] - 1;
    if (t < 0)
        return 0;
    int to = tl_step(tl_colour(t), from, (a - TL_MOVE0) % TL_DIRS);
    if (to < 0)
        return 0;
    out[0] = from;
    out[1] = to;
    return 2;
}
