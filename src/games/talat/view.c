/* view.c — what the front ends draw of Talat: the three boards side by
 * side (board 0 on the left), row 5 at the top; towers by colour, height
 * and base; the towers still to place; scores and frozen boards. */
#include <stdio.h>
#include <string.h>

#include "ludoteka/text.h"
#include "talat.h"

enum { GAP = 1 }; /* empty columns between two boards */

/* the seats' names (talat.c), shown through _() */
static const char *const colour[] = {N_("Red"), N_("Blue"), N_("Violet")};
/* A height digit and the shape of the base (UTF-8). */
static const char *const shape[] = {"\u25b2", "\u25a0", "\u2b22"};

static const char *colour_name(const tl_state *s, int c)
{
    if (s->players == 2 && c == TL_NEUTRAL)
        /* TRANSLATORS: the neutral colour of the two-player game, named
         * like the seats (Red, Blue) */
        return _("Neutral");
    return _(colour[c % TL_COLOURS]);
}

static void add_piece(const tl_state *s, lt_view *v, int t, int cell)
{
    lt_piece *pc = &v->pieces[v->npieces++];
    int c = tl_colour(t);
    *pc = (lt_piece){.cell = (int16_t)cell,
                     .owner = (int8_t)(c < s->players ? c : -1),
                     .kind = (uint8_t)tl_kind(t)};
    pc->text[0] = tl_colour_letters()[c];
    tl_kind_shown(tl_kind(t), pc->text + 1);
    snprintf(pc->glyph, sizeof pc->glyph, "%c%s", '1' + tl_kind(t) / 3,
             shape[tl_kind(t) % 3]);
}

static void cells(const tl_state *s, lt_view *v)
{
    v->width = TL_BOARDS * TL_SIDE + (TL_BOARDS - 1) * GAP;
    v->height = TL_SIDE;
    v->nboards = TL_BOARDS;
    v->ncells = TL_CELLS;
    for (int b = 0; b < TL_BOARDS; b++)
        snprintf(v->board_title[b], sizeof v->board_title[b], "%s\u2013%s",
                 colour_name(s, b), colour_name(s, (b + 1) % TL_COLOURS));
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

static void score_lines(const tl_state *s, lt_view *v)
{
    int points[TL_COLOURS];
    tl_points(s, points);
    for (int p = 0; p < s->players; p++) {
        char *line = v->info[v->ninfo++];
        size_t len = 0;
        lt_appendf(line, sizeof v->info[0], &len, _("%s: %d points; captured:"),
                   colour_name(s, p), points[p]);
        size_t mark = len;
        for (int t = 0; t < TL_TOWERS; t++)
            if (s->at[t] == TL_TAKEN + p) {
                char k[3];
                tl_kind_shown(tl_kind(t), k);
                lt_appendf(line, sizeof v->info[0], &len, " %c%s",
                           tl_colour_letters()[tl_colour(t)], k);
            }
        if (len == mark)
            lt_appendf(line, sizeof v->info[0], &len, " -");
        if (!tl_in_game(s, p))
            lt_appendf(line, sizeof v->info[0], &len, " %s", _("(out of the game)"));
    }
}

/* A kind of tower: its code and words, "3h (tall hexagonal)", "3h
 * (wysokie sześciokątne)". */
static void kind_words(int kind, char *buf, size_t size)
{
    static const char *const height[] = {NC_("tower", "small"), NC_("tower", "medium"),
                                         NC_("tower", "tall")};
    static const char *const base[] = {NC_("tower", "triangular"), NC_("tower", "square"),
                                       NC_("tower", "hexagonal")};
    char code[3];
    tl_kind_shown(kind, code);
    snprintf(buf, size, "%s (%s %s)", code, P_("tower", height[kind / 3]),
             P_("tower", base[kind % 3]));
}

/* The seats still in the game with the most points (seed 14). */
static unsigned tied_on_points(const tl_state *s)
{
    int points[TL_COLOURS], best = -1;
    unsigned set = 0;
    tl_points(s, points);
    for (int p = 0; p < s->players; p++)
        if (tl_in_game(s, p) && points[p] > best)
            best = points[p];
    for (int p = 0; p < s->players; p++)
        set |= (unsigned)(tl_in_game(s, p) && points[p] == best) << p;
    return set;
}

/* Seed 14's tie-break in words, as tl_winners decides it: among the
 * seats equal on points, more of the strongest kind captured where the
 * counts differ, then the next, ...; nothing when the points decide. */
static void tie_break(const tl_state *s, char *buf, size_t size, size_t *len)
{
    int count[TL_COLOURS][TL_KINDS] = {{0}};
    for (int t = 0; t < TL_TOWERS; t++)
        if (s->at[t] >= TL_TAKEN)
            count[s->at[t] - TL_TAKEN][tl_kind(t)]++;
    unsigned set = tied_on_points(s);
    if (__builtin_popcount(set) < 2)
        return;
    lt_appendf(buf, size, len, "; %s ", _("tie on points (seed 14):"));
    bool first = true;
    for (int k = TL_KINDS - 1; k >= 0 && __builtin_popcount(set) > 1; k--) {
        int most = 0;
        unsigned next = 0;
        for (int p = 0; p < s->players; p++)
            if (set >> p & 1)
                most = count[p][k] > most ? count[p][k] : most;
        for (int p = 0; p < s->players; p++)
            next |= (unsigned)((set >> p & 1) && count[p][k] == most) << p;
        if (next == set)
            continue;
        char kind[64];
        kind_words(k, kind, sizeof kind);
        if (first)
            lt_appendf(buf, size, len, _("more %s taken:"), kind);
        else
            lt_appendf(buf, size, len, _("; then more %s taken:"), kind);
        bool comma = false;
        for (int p = 0; p < s->players; p++)
            if (set >> p & 1) {
                lt_appendf(buf, size, len, "%s %s %d", comma ? "," : "", colour_name(s, p),
                           count[p][k]);
                comma = true;
            }
        set = next;
        first = false;
    }
    if (__builtin_popcount(set) > 1)
        lt_appendf(buf, size, len, "%s",
                   first ? _("the same towers taken - a shared win")
                         : _("; then the same towers taken - a shared win"));
}

int tl_end_reason(const tl_state *s, char *buf, size_t size)
{
    int points[TL_COLOURS];
    size_t len = 0;
    buf[0] = '\0';
    tl_points(s, points);
    int in = s->players - __builtin_popcount(s->left);
    if (in < 2) {
        /* RULES.md (our reading): the last player left wins */
        for (int p = 0; p < s->players; p++)
            if (tl_in_game(s, p))
                lt_appendf(buf, size, &len, _("the last player in the game: %s"),
                           colour_name(s, p));
    } else {
        /* seed 13: two frozen boards end the game (the view names them) */
        bool all = s->frozen == (1u << TL_BOARDS) - 1;
        lt_appendf(buf, size, &len, "%s",
                   all ? _("all three boards frozen") : _("two boards frozen"));
    }
    /* seed 14: the points, and the tie-break where they are equal */
    lt_appendf(buf, size, &len, "; %s", _("points:"));
    for (int p = 0; p < s->players; p++) {
        lt_appendf(buf, size, &len, "%s ", p ? "," : "");
        if (tl_in_game(s, p))
            lt_appendf(buf, size, &len, "%s %d", colour_name(s, p), points[p]);
        else
            /* TRANSLATORS: a seat, its points, and that it has left the
             * game: "Red 3 (left)" */
            lt_appendf(buf, size, &len, _("%s %d (left)"), colour_name(s, p), points[p]);
    }
    tie_break(s, buf, size, &len);
    return (int)len;
}

/* lt_game.seat_view: the seat's two boards first, each turned so that
 * the seat's start line is at the bottom - on the left the board it
 * shares with the colour before it (its line is row 5 there: a half
 * turn), then its own first board (row 1, as render lays it) - and the
 * third board, which is not the seat's, last and as it is. */
void tl_seat_view(const tl_state *s, int seat, lt_view *v)
{
    if (seat < 0 || seat >= s->players)
        return;
    int slot[TL_BOARDS];
    bool turned[TL_BOARDS] = {false};
    slot[(seat + TL_BOARDS - 1) % TL_BOARDS] = 0;
    turned[(seat + TL_BOARDS - 1) % TL_BOARDS] = true;
    slot[seat] = 1;
    slot[(seat + 1) % TL_BOARDS] = 2;
    for (int cell = 0; cell < TL_CELLS && cell < v->ncells; cell++) {
        int b = tl_board(cell), f = tl_file(cell), r = tl_row(cell);
        lt_cell *c = &v->cells[cell];
        c->x = (int16_t)(slot[b] * (TL_SIDE + GAP) + (turned[b] ? TL_SIDE - 1 - f : f));
        c->y = (int16_t)(turned[b] ? r : TL_SIDE - 1 - r);
    }
}

void tl_render(const tl_state *s, lt_view *v)
{
    cells(s, v);
    char *line = v->info[v->ninfo++];
    size_t len = 0;
    const char *who = colour_name(s, s->turn);
    if (s->over) {
        unsigned w = tl_winners(s);
        lt_appendf(line, sizeof v->info[0], &len, "%s", _("Game over; won by:"));
        for (int p = 0; p < s->players; p++)
            if (w >> p & 1)
                lt_appendf(line, sizeof v->info[0], &len, " %s", colour_name(s, p));
    } else if (tl_placing(s)) {
        int c = tl_placing_colour(s);
        if (c == s->turn)
            lt_appendf(line, sizeof v->info[0], &len,
                       _("%s places a tower on his start lines; in hand:"), who);
        else
            lt_appendf(line, sizeof v->info[0], &len,
                       _("%s places a neutral tower; to choose from:"), who);
        for (int k = 0; k < TL_KINDS; k++)
            if (s->at[c * TL_KINDS + k] == TL_HAND) {
                char name[3];
                tl_kind_shown(k, name);
                lt_appendf(line, sizeof v->info[0], &len, " %s", name);
                add_piece(s, v, c * TL_KINDS + k, -1);
            }
    } else {
        lt_appendf(line, sizeof v->info[0], &len,
                   s->players == 2 ? _("%s to move (an own or a neutral tower)")
                                   : _("%s to move"),
                   who);
    }
    if (s->over && __builtin_popcount(tied_on_points(s)) > 1)
        snprintf(v->info[v->ninfo++], sizeof v->info[0], "%s",
                 _("Equal points: the towers captured decide (seed 14)"));
    score_lines(s, v);
    if (s->frozen) {
        line = v->info[v->ninfo++];
        len = 0;
        lt_appendf(line, sizeof v->info[0], &len, "%s", _("Frozen:"));
        for (int b = 0; b < TL_BOARDS; b++)
            if (s->frozen >> b & 1)
                lt_appendf(line, sizeof v->info[0], &len, " %s", v->board_title[b]);
    }
    bool credit = false;
    for (int t = 0; t < TL_TOWERS; t++)
        credit |= s->credit[t] != 0;
    if (credit)
        snprintf(v->info[v->ninfo++], sizeof v->info[0], "%s",
                 _("A neutral tower on a start line scores for whoever moved it there"));
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
