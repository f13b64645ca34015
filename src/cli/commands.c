/* commands.c — list, rules, moves and replay. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmd.h"
#include "textview.h"
#include "words.h"
#include "ludoteka/options.h"
#include "ludoteka/session.h"
#include "ludoteka/text.h"

int cmd_list(int argc, char **argv)
{
    if (argc > 1)
        return cli_unexpected(argv[0], argv[1]);
    for (int i = 0; i < lt_game_count(); i++) {
        const lt_game *g = lt_game_at(i);
        printf("%-20s %s\n", g->id, lt_game_title(g)); /* ids are ASCII */
    }
    return EXIT_OK;
}

int cmd_rules(int argc, char **argv)
{
    if (argc != 2)
        return argc < 2 ? cli_which_game(argv[0]) : cli_unexpected(argv[0], argv[2]);
    const lt_game *g = cli_game(argv[1]);
    if (!g)
        return EXIT_USAGE;
    if (!lt_rules_text(g, lt_language()) && !lt_rules_text(g, "en"))
        return cli_fail(EXIT_FAIL, _("%s has no rule text"), g->id);
    cli_print_rules(stdout, g);
    return EXIT_OK;
}

int cmd_moves(int argc, char **argv)
{
    const lt_game *g = cli_first_game(argc, argv);
    if (!g)
        return EXIT_USAGE;
    bool used[CLI_ARGS_MAX] = {false};
    lt_config cfg;
    int status = cli_game_config(argc, argv, 2, g, &cfg, used);
    if (status != EXIT_OK)
        return status;
    const char *position = NULL, *v;
    lt_error err = {0};
    for (int i = 2; i < argc; i++) {
        if (used[i])
            continue;
        if (cli_flag(argc, argv, &i, "--position", &v)) {
            if (!v)
                return EXIT_USAGE;
            position = v;
        } else {
            return cli_unexpected(argv[0], argv[i]);
        }
    }
    lt_state *s = lt_state_new(g);
    if (!s)
        return cli_no_memory();
    if (lt_init(g, s, &cfg, &err) != LT_OK) {
        status = cli_fail(EXIT_USAGE, "%s", err.msg);
    } else if (position && g->read_state(s, position, &err) != LT_OK) {
        status = cli_bad_position(g, err.msg);
    } else if (g->current_player(s) == LT_CHANCE) {
        lt_outcome out[LT_MAX_OUTCOMES];
        int n = g->chance_outcomes(s, out);
        uint64_t total = 0;
        for (int k = 0; k < n; k++)
            total += out[k].weight;
        for (int k = 0; k < n; k++) {
            char name[64];
            printf("%s %" PRIu32 "/%" PRIu64 "\n",
                   lt_name(g, s, out[k].action, name, sizeof name),
                   out[k].weight, total);
        }
    } else if (g->current_player(s) >= 0) {
        lt_action acts[LT_MAX_ACTIONS];
        int n = g->legal_actions(s, acts);
        for (int k = 0; k < n; k++) {
            char name[64];
            puts(lt_name(g, s, acts[k], name, sizeof name));
        }
    } else {
        char result[64];
        lt_result_text(g, s, result, sizeof result);
        cli_fail(EXIT_OK, _("the game is over: %s"), result);
    }
    lt_state_free(s);
    return status;
}

/* Prints a game's position as the line mode shows it. */
static void print_position(const lt_session *s, lt_view *v)
{
    lt_session_render(s, -1, false, v);
    textview_print(stdout, v, false);
}

/* Plays a record's actions in a game in play, checking each, printing
 * them (and the boards); its result is then the session's, worded as a
 * game played here words it. */
static lt_status replay_record(const lt_record *rec, bool boards,
                               lt_error *err)
{
    const lt_game *g = rec->game;
    lt_session_setup su;
    memset(&su, 0, sizeof su); /* seats of people: nobody to start */
    su.game = g;
    su.config = rec->config;
    su.seed = rec->seed;
    su.position = rec->position;
    lt_session *s = lt_session_new(&su, err);
    lt_view *v = calloc(1, sizeof *v);
    if (!s || !v) {
        if (s)
            lt_error_set(err, "%s", _("out of memory"));
        lt_session_free(s);
        free(v);
        return LT_ENOMEM;
    }
    if (boards)
        print_position(s, v);
    lt_status st = LT_OK;
    for (int k = 0; k < rec->nactions && st == LT_OK; k++) {
        char name[64], seat[64], who[96];
        int p = lt_session_to_act(s);
        lt_name(g, lt_session_state(s), rec->actions[k], name, sizeof name);
        printf("%4d. %s %s\n", k + 1,
               cli_pad(who, sizeof who,
                       p >= 0 ? lt_session_seat_name(s, p, seat, sizeof seat)
                              : _("dice"),
                       10, false),
               name);
        st = lt_session_play(s, p, rec->actions[k], err);
        if (boards && st == LT_OK)
            print_position(s, v);
    }
    if (st == LT_OK && !boards)
        print_position(s, v);
    char result[512];
    lt_session_result_text(s, result, sizeof result);
    if (st == LT_OK)
        puts(lt_session_to_act(s) == LT_TERMINAL
                 ? result
                 : _("(the game is not finished)"));
    free(v);
    lt_session_free(s);
    return st;
}

int cmd_replay(int argc, char **argv)
{
    const char *path = NULL;
    bool boards = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--boards"))
            boards = true;
        else if (argv[i][0] == '-' || path)
            return cli_unexpected(argv[0], argv[i]);
        else
            path = argv[i];
    }
    if (!path)
        return cli_fail(EXIT_USAGE, "%s", _("replay: which file? (ludoteka "
                                            "replay FILE)"));
    lt_error err = {0};
    char *text = lt_read_file(path, NULL, &err);
    if (!text)
        return cli_fail(EXIT_FAIL, "%s", err.msg);
    lt_cursor cur = {0};
    int games = 0, status = EXIT_OK;
    for (;;) {
        lt_record rec;
        lt_status st = lt_record_parse(text, &cur, &rec, &err);
        if (st == LT_EIO && games > 0)
            break;
        if (st != LT_OK) {
            status = cli_fail(EXIT_FAIL, "%s: %s", path, err.msg);
            break;
        }
        const lt_game *g = rec.game;
        char options[256];
        lt_config_write(g, &rec.config, options, sizeof options);
        printf("%s%s (%s)  %s %s  %s %" PRIu64 "\n", games ? "\n" : "",
               lt_game_title(g), g->id, _("options:"), options,
               _("seed"), rec.seed);
        st = replay_record(&rec, boards, &err);
        lt_record_clear(&rec);
        if (st != LT_OK) {
            status = cli_fail(EXIT_FAIL, "%s: %s", path, err.msg);
            break;
        }
        games++;
    }
    free(text);
    return status;
}
