/* menu.c — the interactive menu: the games as the seeds group them, each
 * with its rules, options, players and play. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "menu.h"
#include "cli.h"
#include "play.h"
#include "words.h"
#include "ludoteka/options.h"
#include "ludoteka/text.h"

const char *cli_group_name(int group)
{
    switch (group) {
    case LT_GROUP_DICE: return _("Dice games of the 13th century");
    case LT_GROUP_ALFONSO: return _("Board games from Alfonso's book");
    case LT_GROUP_ROBBERS: return _("Rozbójnicy (the robbers)");
    case LT_GROUP_CHESS: return P_("group of games", "Chess");
    case LT_GROUP_MEDH: return "Medh Kuu Lash"; /* names in every language */
    default: return "Talat";
    }
}

static void wait_enter(FILE *in, FILE *out)
{
    char line[64];
    fprintf(out, "\n%s", _("Press ENTER to return to the menu."));
    fflush(out);
    cli_read_line(in, line, sizeof line);
}

int cli_menu_games(const lt_game **out)
{
    int n = 0;
    for (int grp = 0; grp < LT_GROUP_COUNT; grp++)
        for (int i = 0; i < lt_game_count(); i++)
            if (lt_game_at(i)->group == grp)
                out[n++] = lt_game_at(i);
    return n;
}

/* The number of players as the options' list names it ("players=3";
 * "gracze=3" in Polish: typed either way). */
static const char *players_word(void)
{
    return P_("option", "players");
}

static void edit_options(const lt_game *g, lt_config *cfg, FILE *in, FILE *out)
{
    for (;;) {
        fprintf(out, "\n%s\n", _("Options:"));
        for (int i = 0; g->options[i].name; i++) {
            const lt_option *o = &g->options[i];
            char cur[64], range[256], name[64];
            cli_option_range(o, range, sizeof range);
            fprintf(out, "  %s=%s  [%s]\n      %s\n",
                    lt_option_name_shown(o, name, sizeof name),
                    lt_option_value_shown(o, cfg->value[i], cur, sizeof cur),
                    range, lt_option_help(o));
        }
        if (g->min_players != g->max_players)
            fprintf(out, "  %s=%d  [%d..%d]\n", players_word(), cfg->players,
                    g->min_players, g->max_players);
        fprintf(out, "%s", _("Type name=value to change, or ENTER when done: "));
        fflush(out);
        char line[128];
        if (!cli_read_line(in, line, sizeof line) || !line[0])
            return;
        lt_error err = {0};
        long long n;
        size_t pw = strlen(players_word());
        const char *count = !strncasecmp(line, "players=", 8) ? line + 8
                            : !strncmp(line, players_word(), pw) && line[pw] == '='
                                ? line + pw + 1
                                : NULL;
        if (count && g->min_players != g->max_players) {
            if (lt_parse_int(count, g->min_players, g->max_players, &n))
                cfg->players = (int)n;
            else {
                char quoted[LT_QUOTE_MAX];
                cli_fail(EXIT_USAGE,
                         _("players: expected a number from %d to %d, got %s"),
                         g->min_players, g->max_players,
                         lt_quote(quoted, sizeof quoted, count));
            }
        } else if (lt_config_set(g, cfg, line, &err) != LT_OK) {
            cli_fail(EXIT_USAGE, "%s", err.msg);
        }
    }
}

static void edit_players(const lt_game *g, int n, char specs[][LT_SPEC_MAX],
                         FILE *in, FILE *out)
{
    fprintf(out, "\n%s\n", _("Who sits in each seat: human, random, ai, "
                             "ai:level=1..5 (ENTER keeps it)."));
    for (int i = 0; i < n; i++) {
        char seat[64], line[LT_SPEC_MAX], who[128];
        for (;;) {
            fprintf(out, "  %d. %s [%s]: ", i + 1,
                    lt_seat_name(g, i, seat, sizeof seat),
                    cli_spec_words(specs[i], who, sizeof who));
            fflush(out);
            if (!cli_read_line(in, line, sizeof line) || !line[0])
                break;
            lt_error err = {0};
            lt_player *p = lt_player_new_from(g, line, LT_SPEC_TRUSTED, &err);
            if (p) {
                lt_player_free(p);
                lt_copy(specs[i], LT_SPEC_MAX, line);
                break;
            }
            cli_fail(EXIT_USAGE, "%s", err.msg);
        }
    }
}

lt_status cli_menu_table(table *t, const lt_game *g, const lt_config *cfg,
                         const char specs[][LT_SPEC_MAX], char *note,
                         size_t size, lt_error *err)
{
    lt_session_setup su;
    memset(&su, 0, sizeof su);
    su.game = g;
    su.config = *cfg;
    su.seed = cli_fresh_seed();
    char seated[LT_MAX_PLAYERS][LT_SPEC_MAX];
    memcpy(seated, specs, sizeof seated);
    /* RULES.md: where the seed has the players draw lots, the program
     * draws the seats before the game. */
    int first = cli_draw_first(seated, cfg->players, -1, su.seed);
    note[0] = '\0';
    if (cfg->players > 1) {
        char who[128];
        snprintf(note, size, _("Lots drawn: player %d (%s) takes the first seat."),
                 first + 1, cli_spec_words(seated[0], who, sizeof who));
    }
    for (int i = 0; i < cfg->players; i++)
        su.seats[i] = table_seat(seated[i]);
    memset(t, 0, sizeof *t);
    return table_new(t, &su, NULL, err);
}

static void play(const lt_game *g, const lt_config *cfg,
                 char specs[][LT_SPEC_MAX], FILE *in, FILE *out)
{
    table t;
    char note[256];
    lt_error err = {0};
    if (cli_menu_table(&t, g, cfg, (const char (*)[LT_SPEC_MAX])specs, note,
                       sizeof note, &err) != LT_OK) {
        cli_fail(EXIT_USAGE, "%s", err.msg);
        return;
    }
    if (note[0])
        fprintf(out, "%s\n", note);
    play_lines(&t, in, out);
    table_close(&t);
}

static void game_page(const lt_game *g, FILE *in, FILE *out)
{
    lt_config cfg;
    lt_config_default(g, &cfg, 0);
    char specs[LT_MAX_PLAYERS][LT_SPEC_MAX];
    for (int i = 0; i < LT_MAX_PLAYERS; i++)
        lt_copy(specs[i], LT_SPEC_MAX, i == 0 ? "human" : "ai");
    for (;;) {
        char opts[256], line[64];
        lt_config_describe(g, &cfg, opts, sizeof opts);
        fprintf(out, "\n== %s ==  (%s)\n", lt_game_title(g), lt_game_source(g));
        fprintf(out, "  1. %s\n", P_("menu", "Rules"));
        fprintf(out, "  2. %s\n", P_("menu", "Play"));
        fprintf(out, "  3. %s: %s\n", P_("menu", "Options"), opts[0] ? opts : "-");
        fprintf(out, "  4. %s:", P_("menu", "Players"));
        for (int i = 0; i < cfg.players; i++) {
            char who[128];
            fprintf(out, "%s %s", i ? "," : "",
                    cli_spec_words(specs[i], who, sizeof who));
        }
        fprintf(out, "\n  b. %s\n> ", P_("menu", "Back to the menu"));
        fflush(out);
        if (!cli_read_line(in, line, sizeof line) || !strcasecmp(line, "b") ||
            !strcasecmp(line, "q"))
            return;
        if (!strcmp(line, "1")) {
            const char *text = lt_rules_text(g, lt_language());
            if (!text)
                text = lt_rules_text(g, "en");
            fprintf(out, "\n%s", text ? text : _("(no rule text)"));
            wait_enter(in, out);
        } else if (!strcmp(line, "2")) {
            play(g, &cfg, specs, in, out);
            wait_enter(in, out);
        } else if (!strcmp(line, "3")) {
            edit_options(g, &cfg, in, out);
        } else if (!strcmp(line, "4")) {
            edit_players(g, cfg.players, specs, in, out);
        }
    }
}

int menu_run(FILE *in, FILE *out)
{
    const lt_game *games[256];
    int n = cli_menu_games(games);
    for (;;) {
        fprintf(out, "\n%s\n", _("LUDOTEKA — historical board and dice games"));
        int group = -1;
        for (int i = 0; i < n; i++) {
            if (games[i]->group != group) {
                group = games[i]->group;
                fprintf(out, "\n  %s\n", cli_group_name(group));
            }
            fprintf(out, "  %3d. %s\n", i + 1, lt_game_title(games[i]));
        }
        fprintf(out, "\n    q. %s\n%s", P_("menu", "Quit"),
                _("Choose a game (number): "));
        fflush(out);
        char line[64];
        if (!cli_read_line(in, line, sizeof line)) {
            fputc('\n', out);
            return EXIT_OK;
        }
        if (!strcasecmp(line, "q") || !strcasecmp(line, "quit"))
            return EXIT_OK;
        long long k;
        if (lt_parse_int(line, 1, n, &k))
            game_page(games[k - 1], in, out);
        else if (line[0])
            cli_fail(EXIT_USAGE, _("choose a number from 1 to %d, or q"), n);
    }
}
