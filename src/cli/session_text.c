/* session_text.c — what happens in a session, in words of the current
 * language: the result, the odds, hints and the computer's progress. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ludoteka/text.h"

void session_result_text(const session *se, char *buf, size_t size)
{
    const lt_game *g = se->game;
    if (se->resigned < 0) {
        cli_result_words(g, se->state, buf, size);
        return;
    }
    char who[64], other[64];
    size_t len = 0;
    buf[0] = '\0';
    lt_appendf(buf, size, &len, T("%s resigns", "%s poddaje partię"),
               lt_seat_name(g, se->resigned, cli_lang, who, sizeof who));
    if (se->rec.config.players == 2)
        lt_appendf(buf, size, &len, T("; %s wins", "; wygrywa %s"),
                   lt_seat_name(g, 1 - se->resigned, cli_lang, other,
                                sizeof other));
}

/* The odds of the position (lt_game.odds), allocated; NULL if none. */
static lt_odds *odds_of(const session *se)
{
    const lt_game *g = se->game;
    if (!g->odds || session_over(se))
        return NULL;
    lt_odds *o = calloc(1, sizeof *o);
    lt_error err = {0};
    if (!o)
        return NULL;
    o->lang = cli_lang;
    if (g->odds(se->state, 0, o, &err) != LT_OK) {
        free(o);
        return NULL;
    }
    return o;
}

bool session_odds_line(const session *se, char *buf, size_t size)
{
    const lt_game *g = se->game;
    lt_odds *o = odds_of(se);
    if (!o)
        return false;
    char who[64];
    size_t len = 0;
    buf[0] = '\0';
    lt_appendf(buf, size, &len, "%s", T("Odds:", "Szanse:"));
    bool any = false;
    for (int i = 0; i < o->nseats; i++) {
        const lt_exact *e = &o->win[i];
        if (!e->known)
            continue;
        any = true;
        lt_appendf(buf, size, &len, "%s %s %.4f", i ? "," : "",
                   lt_seat_name(g, i, cli_lang, who, sizeof who), e->decimal);
        if (e->exact[0] && strlen(e->exact) <= 15) /* short ones exactly */
            lt_appendf(buf, size, &len, " (%s)", e->exact);
    }
    if (o->value_seat >= 0 && o->value.known)
        lt_appendf(buf, size, &len, T("; value: %s %.4f", "; wartość: %s %.4f"),
                   lt_seat_name(g, o->value_seat, cli_lang, who, sizeof who),
                   o->value.decimal);
    free(o);
    return any; /* nothing while the order of play is thrown for */
}

bool session_exact_hint(const session *se, char *buf, size_t size)
{
    const lt_game *g = se->game;
    lt_odds *o = odds_of(se);
    if (!o)
        return false;
    bool shown = o->nchoices > 0;
    size_t len = 0;
    buf[0] = '\0';
    int best = 0;
    for (int k = 1; k < o->nchoices; k++)
        if (o->choice[k].value.decimal > o->choice[best].value.decimal)
            best = k;
    for (int k = 0; k < o->nchoices; k++) {
        char name[64];
        const lt_exact *e = &o->choice[k].value;
        lt_appendf(buf, size, &len, "%s %s: %s = %.6f\n",
                   k == best ? T("Hint:", "Podpowiedź:") : "     ",
                   lt_name(g, se->state, o->choice[k].action, name, sizeof name),
                   e->exact[0] ? e->exact : "?", e->decimal);
    }
    if (shown)
        lt_appendf(buf, size, &len, "%s\n",
                   T("(expected stakes gained in the turn, exactly)",
                     "(oczekiwany zysk w turze, dokładnie)"));
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
        snprintf(buf, size, T("; perfect-play table %d%% built",
                              "; tablica doskonałej gry gotowa w %d%%"),
                 table_percent(info));
}

void session_hint_text(const session *se, lt_action a,
                       const lt_think_info *info, char *buf, size_t size)
{
    const lt_game *g = se->game;
    char name[64], who[64], line[256];
    size_t len = 0;
    line[0] = '\0';
    /* a win-or-lose game reads best as expected scores in per cent; a
     * game of stakes as the stakes themselves */
    bool percent = g->min_return >= -1 && g->max_return <= 1;
    int n = g->num_players(se->state), p = session_to_move(se);
    for (int i = 0; i < n; i++) {
        if (n > 2 && i != p)
            continue; /* the others' values are the searcher's guesses */
        double v = info->value[i];
        lt_seat_name(g, i, cli_lang, who, sizeof who);
        if (percent)
            lt_appendf(line, sizeof line, &len, "%s%s %.0f%%", len ? ", " : "",
                       who, 100 * (v - g->min_return) / (g->max_return - g->min_return));
        else
            lt_appendf(line, sizeof line, &len, "%s%s %+.2f", len ? ", " : "",
                       who, v);
    }
    lt_name(g, se->state, a, name, sizeof name);
    if (!info->stand_in) {
        snprintf(buf, size, T("Hint: %s (expected: %s)", "Podpowiedź: %s (oczekiwany wynik: %s)"),
                 name, line);
        return;
    }
    /* a search answered for a perfect player: say so, and how far its
     * table has come */
    char table[128];
    table_note(info, table, sizeof table);
    snprintf(buf, size, T("Hint: %s (search: %s%s)", "Podpowiedź: %s (szukanie: %s%s)"),
             name, line, table);
}

void session_stand_in_note(const lt_think_info *info, char *buf, size_t size)
{
    buf[0] = '\0';
    if (!info->stand_in)
        return;
    char table[128];
    table_note(info, table, sizeof table);
    snprintf(buf, size, T(" (search%s)", " (szukanie%s)"), table);
}

void session_progress_text(const session *se, int seat,
                           const lt_think_info *info, char *buf, size_t size)
{
    const lt_game *g = se->game;
    char name[64], who[64];
    if (info->table_total > 0 && !info->stand_in) {
        snprintf(buf, size,
                 T("%s: perfect-play table %d%% built (%lld of %lld positions), %.0fs",
                   "%s: tablica doskonałej gry gotowa w %d%% (%lld z %lld pozycji), %.0fs"),
                 lt_seat_name(g, seat, cli_lang, who, sizeof who), table_percent(info),
                 info->table_done, info->table_total, info->seconds);
        return;
    }
    double span = g->max_return - g->min_return;
    double chance = span > 0 ? (info->value[seat] - g->min_return) / span : 0.5;
    snprintf(buf, size,
             T("%s thinks: %.0fs, %lld nodes%s%.0d, best %s, expected score %.0f%%",
               "%s myśli: %.0fs, %lld węzłów%s%.0d, najlepszy %s, oczekiwany "
               "wynik %.0f%%"),
             lt_seat_name(g, seat, cli_lang, who, sizeof who), info->seconds,
             info->nodes, info->depth ? T(", depth ", ", głębokość ") : "",
             info->depth, lt_name(g, se->state, info->best, name, sizeof name),
             100 * chance);
    if (info->stand_in) { /* searching meanwhile */
        char table[128];
        size_t len = strlen(buf);
        table_note(info, table, sizeof table);
        lt_appendf(buf, size, &len, "%s", table);
    }
}
