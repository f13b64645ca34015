/* cmd_play.c — `ludoteka play`: sets a game up from the command line
 * (a new one, or one kept in a file) and plays it on the full screen or
 * line by line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "cmd.h"
#include "play.h"
#include "table.h"
#include "tui_play.h"
#include "tui_term.h"
#include "ludoteka/options.h"
#include "ludoteka/text.h"

/* Splits "human,ai:level=2" into specs (*n of them); false after saying
 * what is wrong (too many players for the game, a spec too long).  g:
 * the game, or NULL when it is a saved file's. */
static bool parse_players(const lt_game *g, const char *list,
                          char specs[][LT_SPEC_MAX], int *n)
{
    int count = 1;
    for (const char *c = list; *c; c++)
        count += *c == ',';
    lt_error err = {0};
    if (count > LT_MAX_PLAYERS) {
        if (g)
            lt_check_players(g, count, &err);
        else
            lt_error_set(&err, _("at most %d players, got %d"), LT_MAX_PLAYERS, count);
        cli_fail(EXIT_USAGE, "--players: %s", err.msg);
        return false;
    }
    *n = 0;
    for (const char *p = list;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len >= LT_SPEC_MAX) {
            char *spec = malloc(len + 1), quoted[LT_QUOTE_MAX];
            if (spec) {
                memcpy(spec, p, len);
                spec[len] = '\0';
            }
            cli_fail(EXIT_USAGE,
                     _("--players: a player spec has at most %d characters; "
                       "player %d is %s"),
                     LT_SPEC_MAX - 1, *n + 1,
                     spec ? lt_quote(quoted, sizeof quoted, spec) : "?");
            free(spec);
            return false;
        }
        memcpy(specs[*n], p, len);
        specs[(*n)++][len] = '\0';
        if (!comma)
            return true;
        p = comma + 1;
    }
}

/* Copies the file `from` to `to` (atomically): a resumed game recorded
 * elsewhere plays on in the copy and leaves the original as it was. */
static lt_status copy_file(const char *from, const char *to, lt_error *err)
{
    size_t size = 0;
    char *text = lt_read_file(from, &size, err);
    if (!text)
        return LT_EIO;
    lt_status st = lt_write_file_atomic(to, text, size, true, err);
    free(text);
    return st;
}

int cmd_play(int argc, char **argv)
{
    const char *id = NULL, *players = NULL, *seed_text = NULL, *record = NULL,
               *resume = NULL, *first_text = NULL, *position = NULL,
               *dice = NULL, *clock = NULL, *v;
    const char *options[64];
    int noptions = 0;
    for (int i = 1; i < argc; i++) {
        const char **slot = NULL;
        if (cli_flag(argc, argv, &i, "--players", &v))
            slot = &players;
        else if (cli_flag(argc, argv, &i, "--seed", &v))
            slot = &seed_text;
        else if (cli_flag(argc, argv, &i, "--record", &v))
            slot = &record;
        else if (cli_flag(argc, argv, &i, "--resume", &v))
            slot = &resume;
        else if (cli_flag(argc, argv, &i, "--first", &v))
            slot = &first_text;
        else if (cli_flag(argc, argv, &i, "--position", &v))
            slot = &position;
        else if (cli_flag(argc, argv, &i, "--dice", &v))
            slot = &dice;
        else if (cli_flag(argc, argv, &i, "--clock", &v))
            slot = &clock;
        else if (cli_flag(argc, argv, &i, "--option", &v)) {
            if (!v)
                return EXIT_USAGE;
            if (noptions == 64)
                return cli_too_many();
            options[noptions++] = v;
            continue;
        } else if (argv[i][0] == '-' || id) {
            return cli_unexpected(argv[0], argv[i]);
        } else {
            id = argv[i];
            continue;
        }
        if (!v)
            return EXIT_USAGE;
        *slot = v;
    }
    if (dice && strcasecmp(dice, "manual") && strcasecmp(dice, "auto")) {
        char quoted[LT_QUOTE_MAX];
        return cli_fail(EXIT_USAGE, _("--dice: expected manual or auto, got %s"),
                        lt_quote(quoted, sizeof quoted, dice));
    }
    lt_error err = {0}, warning = {0};
    lt_session_setup su;
    memset(&su, 0, sizeof su);
    if (clock && lt_time_control_parse(clock, &su.clock, &err) != LT_OK)
        return cli_fail(EXIT_USAGE, "--clock: %s", err.msg);
    char specs[LT_MAX_PLAYERS][LT_SPEC_MAX];
    int n = 0;
    bool fullscreen = cli_fullscreen();
    char note[512] = "";
    table t;
    memset(&t, 0, sizeof t);
    lt_status st;
    if (resume) {
        if (id || noptions || seed_text || position || first_text || clock)
            return cli_fail(EXIT_USAGE, "%s",
                            _("--resume takes the game, options, seed and clock "
                              "from the saved file"));
        if (players && !parse_players(NULL, players, specs, &n))
            return EXIT_USAGE;
        for (int i = 0; i < n; i++)
            su.seats[i] = table_seat(specs[i]);
        const char *file = resume;
        if (record && strcmp(record, resume)) {
            if (copy_file(resume, record, &err) != LT_OK)
                return cli_fail(EXIT_FAIL, "%s", err.msg);
            file = record;
        }
        st = table_resume(&t, file, players ? su.seats : NULL, n, &err, &warning);
    } else {
        if (!id)
            return cli_which_game(argv[0]);
        const lt_game *g = cli_game(id);
        if (!g)
            return EXIT_USAGE;
        su.game = g;
        lt_config_default(g, &su.config, 0);
        if (players && !parse_players(g, players, specs, &n))
            return EXIT_USAGE;
        if (!players)
            lt_copy(specs[n++], LT_SPEC_MAX, "human");
        /* seats nobody was named for get computer players */
        for (; n < g->min_players; n++)
            lt_copy(specs[n], LT_SPEC_MAX, "ai");
        su.config.players = n;
        if (lt_check_players(g, n, &err) != LT_OK)
            return cli_fail(EXIT_USAGE, "%s", err.msg);
        for (int k = 0; k < noptions; k++)
            if (lt_config_set(g, &su.config, options[k], &err) != LT_OK)
                return cli_fail(EXIT_USAGE, "%s", err.msg);
        long long seed;
        if (seed_text && !cli_int("--seed", seed_text, 0, INT64_MAX, &seed))
            return EXIT_USAGE;
        su.seed = seed_text ? (uint64_t)seed : cli_fresh_seed();
        su.position = position;
        if (first_text) {
            long long k = 0;
            bool lots = !strcasecmp(first_text, "random");
            if (!lots && !lt_parse_int(first_text, 1, n, &k)) {
                char quoted[LT_QUOTE_MAX];
                return cli_fail(EXIT_USAGE,
                                _("--first: expected random or the number of a "
                                  "listed player, 1 to %d, got %s"),
                                n, lt_quote(quoted, sizeof quoted, first_text));
            }
            int f = cli_draw_first(specs, n, lots ? -1 : (int)k - 1, su.seed);
            if (lots)
                snprintf(note, sizeof note, _("Lots drawn: player %d (%s) moves first."),
                         f + 1, specs[0]);
        }
        for (int i = 0; i < n; i++)
            su.seats[i] = table_seat(specs[i]);
        st = table_new(&t, &su, record, &err);
    }
    if (st != LT_OK)
        return cli_fail(st == LT_ESYNTAX ? EXIT_USAGE : EXIT_FAIL, "%s", err.msg);
    t.dice_manual = dice && !strcasecmp(dice, "manual");
    if (warning.msg[0] && fullscreen) /* the full screen shows it first */
        snprintf(note, sizeof note, "%s", warning.msg);
    else if (warning.msg[0])
        cli_fail(EXIT_OK, "%s", warning.msg);
    else if (note[0] && !fullscreen)
        printf("%s\n", note);
    int status;
    if (fullscreen && tui_start()) {
        status = tui_play(&t, note[0] ? note : NULL, false);
        tui_stop();
    } else { /* line by line; also where the terminal cannot be used */
        status = play_lines(&t, stdin, stdout);
    }
    table_close(&t);
    return status;
}
