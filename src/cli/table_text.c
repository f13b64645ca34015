/* table_text.c — a game in play at this terminal in words of the current
 * language: events, clocks, the move list, the odds, hints and the
 * computer's progress.  (The result with its reason is the session's:
 * lt_session_result_text.) */
#include <stdlib.h>
#include <string.h>

#include "table_text.h"
#include "words.h"
#include "ludoteka/engines.h"
#include "ludoteka/text.h"

bool table_event_text(const table *t, const lt_event *ev, char *buf,
                      size_t size)
{
    buf[0] = '\0';
    if (ev->kind == LT_EV_MOVED || ev->kind == LT_EV_UNDONE ||
        ev->kind == LT_EV_RESULT)
        return false;
    lt_event_text(t->s, ev, buf, size);
    return buf[0] != '\0';
}

bool table_clock_line(const table *t, char *buf, size_t size)
{
    const lt_session *s = t->s;
    const lt_time_control *tc = lt_session_time_control(s);
    if (tc->kind == LT_TC_NONE)
        return false;
    const lt_game *g = lt_session_game(s);
    int to = lt_session_to_act(s);
    /* the running clock: the seat's to move, or at a roll the thrower's */
    int running = to == LT_CHANCE && g->thrower ? g->thrower(lt_session_state(s))
                                                : to;
    char control[64];
    size_t len = 0;
    lt_time_control_format(tc, control, sizeof control);
    buf[0] = '\0';
    lt_appendf(buf, size, &len, _("Clock %s:"), control);
    for (int i = 0; i < lt_session_seats(s); i++) {
        char who[64], left[32];
        lt_clock_text(lt_session_clock(s, i), left, sizeof left);
        lt_appendf(buf, size, &len, "%s %s %s%s", i ? "," : "",
                   lt_session_seat_name(s, i, who, sizeof who), left,
                   !lt_session_in_game(s, i) ? _(" (out)")
                   : i == running            ? _(" (running)")
                                             : "");
    }
    return true;
}

/* A row of a game with dice, in the order it was played: every seat's
 * part by name, the dice in brackets where they fall - "2. Green: [6-3]
 * G5-W3; Wooden: [5-3] keep", "4. Player 2: [6-5-4] stop" - so that each
 * throw shows its thrower; a throw by nobody in particular (who begins)
 * before any name: "1. [2-3] Wooden: [3-3] W5-G2". */
static int chance_row_text(const lt_session *s, int number, char *buf,
                           size_t size)
{
    lt_row row;
    size_t len = 0;
    buf[0] = '\0';
    if (!lt_session_row(s, number, &row))
        return 0;
    lt_appendf(buf, size, &len, "%d.", number);
    int named = -1; /* the seat whose name was written last */
    for (int k = row.first; k < row.first + row.count; k++) {
        const lt_ply *p = lt_session_ply(s, k);
        char who[64], name[LT_PLY_NAME];
        int seat = p->chance && p->seat < 0 ? -1 : p->col;
        if (seat >= 0 && seat != named)
            lt_appendf(buf, size, &len, "%s %s:", named >= 0 ? ";" : "",
                       lt_session_seat_name(s, seat, who, sizeof who));
        named = seat >= 0 ? seat : named;
        lt_appendf(buf, size, &len, p->chance ? " [%s]" : " %s",
                   lt_session_ply_shown(s, k, name, sizeof name));
    }
    return (int)len;
}

bool table_side_line(const table *t, char *buf, size_t size)
{
    const lt_session *s = t->s;
    char who[64];
    buf[0] = '\0';
    if (!lt_session_game(s)->seat_side) {
        if (t->flip)
            snprintf(buf, size, "%s", _("Board: turned round"));
        return t->flip;
    }
    /* the seat whose side is at the bottom: the viewer's, or turned
     * round, the one across the board */
    int viewer = table_viewer(t), shown = viewer;
    int turns = lt_session_view_turns(s, viewer, t->flip);
    for (int i = 0; t->flip && i < lt_session_seats(s); i++)
        if (i != viewer && lt_session_view_turns(s, i, false) == turns) {
            shown = i;
            break;
        }
    if (t->flip && shown == viewer) {
        snprintf(buf, size, "%s", _("Board: turned round"));
        return true;
    }
    lt_session_seat_name(s, shown, who, sizeof who);
    /* TRANSLATORS: the seat whose side of the board is at the bottom of
     * the screen: "Board: Black at the bottom" */
    snprintf(buf, size, t->flip ? _("Board: %s at the bottom (turned round)")
                                : _("Board: %s at the bottom"),
             who);
    return true;
}

char *table_moves_text(const table *t)
{
    const lt_session *s = t->s;
    int rows = lt_session_rows(s);
    if (rows == 0)
        return NULL;
    /* full moves of two flow on as in PGN; rounds and turns a line each */
    bool flow = lt_session_game(s)->numbering == LT_NUMBER_MOVES &&
                lt_session_seats(s) == 2 && !lt_session_game(s)->has_chance;
    size_t size = 1024, len = 0;
    char *text = malloc(size), row[1024];
    if (!text)
        return NULL;
    text[0] = '\0';
    for (int r = 1; r <= rows; r++) {
        int n = lt_session_game(s)->has_chance ? chance_row_text(s, r, row, sizeof row)
                                               : lt_session_row_text(s, r, row, sizeof row);
        if (len + (size_t)n + 2 > size) {
            char *grown = realloc(text, size * 2 + (size_t)n);
            if (!grown)
                break;
            text = grown;
            size = size * 2 + (size_t)n;
        }
        lt_appendf(text, size, &len, "%s%s", r == 1 ? "" : flow ? " " : "\n",
                   row);
    }
    return text;
}

/* The odds of the position (lt_engines.odds), allocated; NULL if none. */
static lt_odds *odds_of(const table *t)
{
    const lt_engines *en = lt_engines_of(lt_session_game(t->s));
    if (!en->odds || table_over(t))
        return NULL;
    lt_odds *o = calloc(1, sizeof *o);
    lt_error err = {0};
    if (!o)
        return NULL;
    if (en->odds(lt_session_state(t->s), 0, o, &err) != LT_OK) {
        free(o);
        return NULL;
    }
    return o;
}

bool table_odds_line(const table *t, char *buf, size_t size)
{
    lt_odds *o = odds_of(t);
    if (!o)
        return false;
    char who[64], num[64];
    size_t len = 0;
    buf[0] = '\0';
    lt_appendf(buf, size, &len, "%s", _("Odds:"));
    bool any = false;
    for (int i = 0; i < o->nseats; i++) {
        const lt_exact *e = &o->win[i];
        if (!e->known)
            continue;
        any = true;
        lt_appendf(buf, size, &len, "%s %s %s", i ? "," : "",
                   lt_session_seat_name(t->s, i, who, sizeof who),
                   cli_number(num, sizeof num, e->decimal, 4, false));
        if (e->exact[0] && strlen(e->exact) <= 15) /* short ones exactly */
            lt_appendf(buf, size, &len, " (%s)", e->exact);
    }
    if (o->value_seat >= 0 && o->value.known)
        lt_appendf(buf, size, &len, _("; value: %s %s"),
                   lt_session_seat_name(t->s, o->value_seat, who, sizeof who),
                   cli_number(num, sizeof num, o->value.decimal, 4, false));
    free(o);
    return any; /* nothing while the order of play is thrown for */
}

bool table_exact_hint(const table *t, char *buf, size_t size)
{
    const lt_game *g = lt_session_game(t->s);
    lt_odds *o = odds_of(t);
    if (!o)
        return false;
    bool shown = o->nchoices > 0;
    size_t len = 0;
    buf[0] = '\0';
    int best = 0;
    for (int k = 1; k < o->nchoices; k++)
        if (o->choice[k].value.decimal > o->choice[best].value.decimal)
            best = k;
    /* the best first, under "Hint:"; the others in its column */
    char blank[64], num[64];
    cli_pad(blank, sizeof blank, "", cli_width(_("Hint:")), false);
    for (int k = 0; k < o->nchoices; k++) {
        char name[64];
        const lt_exact *e = &o->choice[k].value;
        lt_appendf(buf, size, &len, "%s %s: %s = %s\n",
                   k == best ? _("Hint:") : blank,
                   lt_display_name(g, lt_session_state(t->s), o->choice[k].action, name, sizeof name),
                   e->exact[0] ? e->exact : "?",
                   cli_number(num, sizeof num, e->decimal, 6, false));
    }
    if (shown)
        lt_appendf(buf, size, &len, "%s\n",
                   _("(expected stakes gained in the turn, exactly)"));
    free(o);
    return shown;
}

/* How far a table being built has come, in whole per cent (99 at most
 * until it is there). */
static int table_percent(const lt_think_info *info)
{
    long long p = info->table_total > 0 ? 100 * info->table_done / info->table_total : 0;
    return (int)(p < 0 ? 0 : p > 99 ? 99 : p);
}

/* "; perfect-play table 12% built" while a table is being built, or "". */
static void table_note(const lt_think_info *info, char *buf, size_t size)
{
    buf[0] = '\0';
    if (info->table_total > 0)
        snprintf(buf, size, _("; perfect-play table %d%% built"),
                 table_percent(info));
}

void table_hint_text(const table *t, lt_action a,
                     const lt_think_info *info, char *buf, size_t size)
{
    const lt_game *g = lt_session_game(t->s);
    const lt_state *now = lt_session_state(t->s);
    char name[64], who[64], line[256];
    size_t len = 0;
    line[0] = '\0';
    /* a win-or-lose game reads best as expected scores in per cent; a
     * game of stakes as the stakes themselves */
    bool percent = g->min_return >= -1 && g->max_return <= 1;
    int n = lt_session_seats(t->s), p = lt_session_to_act(t->s);
    for (int i = 0; i < n; i++) {
        if (n > 2 && i != p)
            continue; /* the others' values are the searcher's guesses */
        double v = info->value[i];
        char num[64];
        lt_session_seat_name(t->s, i, who, sizeof who);
        if (percent)
            lt_appendf(line, sizeof line, &len, "%s%s %s%%", len ? ", " : "", who,
                       cli_number(num, sizeof num,
                                  100 * (v - g->min_return) /
                                      (g->max_return - g->min_return),
                                  0, false));
        else
            lt_appendf(line, sizeof line, &len, "%s%s %s", len ? ", " : "", who,
                       cli_number(num, sizeof num, v, 2, true));
    }
    lt_display_name(g, now, a, name, sizeof name);
    if (!info->stand_in) {
        snprintf(buf, size, _("Hint: %s (expected: %s)"),
                 name, line);
        return;
    }
    /* a search answered for a perfect player: say so, and how far its
     * table has come */
    char built[128];
    table_note(info, built, sizeof built);
    snprintf(buf, size, _("Hint: %s (search: %s%s)"),
             name, line, built);
}

void table_stand_in_note(const lt_think_info *info, char *buf, size_t size)
{
    buf[0] = '\0';
    if (!info->stand_in)
        return;
    char built[128];
    table_note(info, built, sizeof built);
    snprintf(buf, size, _(" (search%s)"), built);
}

void table_progress_text(const table *t, int seat,
                         const lt_think_info *info, char *buf, size_t size)
{
    const lt_game *g = lt_session_game(t->s);
    char name[64], who[64], secs[64], num[64], total[64], depth[64];
    lt_session_seat_name(t->s, seat, who, sizeof who);
    snprintf(secs, sizeof secs, _("%s s"),
             cli_number(num, sizeof num, info->seconds, 0, false));
    if (info->table_total > 0 && !info->stand_in) {
        snprintf(buf, size,
                 _("%s: perfect-play table %d%% built (%s of %s positions), %s"),
                 who, table_percent(info),
                 cli_number(num, sizeof num, (double)info->table_done, 0, false),
                 cli_number(total, sizeof total, (double)info->table_total, 0, false),
                 secs);
        return;
    }
    double span = g->max_return - g->min_return;
    double chance = span > 0 ? (info->value[seat] - g->min_return) / span : 0.5;
    char nodes[96], expected[64];
    cli_number(num, sizeof num, (double)info->nodes, 0, false);
    snprintf(nodes, sizeof nodes,
             lt_ngettext("%s node", "%s nodes", (unsigned long)info->nodes), num);
    depth[0] = '\0';
    if (info->depth)
        snprintf(depth, sizeof depth, _(", depth %d"), info->depth);
    snprintf(buf, size, _("%s thinks: %s, %s%s, best %s, expected score %s%%"),
             who, secs, nodes, depth,
             lt_display_name(g, lt_session_state(t->s), info->best, name, sizeof name),
             cli_number(expected, sizeof expected, 100 * chance, 0, false));
    if (info->stand_in) { /* searching meanwhile */
        char built[128];
        size_t len = strlen(buf);
        table_note(info, built, sizeof built);
        lt_appendf(buf, size, &len, "%s", built);
    }
}
