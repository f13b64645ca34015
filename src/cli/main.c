/* main.c — the ludoteka program: language, global flags, commands. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmd.h"
#include "menu.h"
#include "tui_menu.h"
#include "tui_term.h"

#ifndef LUDOTEKA_VERSION
#define LUDOTEKA_VERSION "0.0.0"
#endif

static void usage(FILE *out)
{
    fputs(_("usage: ludoteka [--lang pl|en] [--plain] [--ascii] [COMMAND [ARGS]]\n"
            "\n"
            "Without a command, the interactive menu starts: full-screen on a\n"
            "terminal, line by line with --plain (or without a terminal).\n"
            "--lang chooses the language (else the locale's: LANGUAGE, LC_ALL,\n"
            "LC_MESSAGES, LANG); in the full-screen menu L switches it.\n"
            "--ascii draws without UTF-8 glyphs and lines.\n"
            "\n"
            "commands:\n"
            "  list                  the games: id and title\n"
            "  rules ID              the rules of a game\n"
            "  play ID               play a game (humans and computer players)\n"
            "  moves ID              the legal moves of a position\n"
            "  replay FILE           replay recorded games\n"
            "  bench                 measure speed; print the node signature\n"
            "  playouts ID           random games per second\n"
            "  perft [ID]            count move sequences of a given length\n"
            "  arena ID              play computer players against each other\n"
            "  odds ID               exact chances of a dice game's turn\n"
            "  simulate ID           simulate turns of a dice game\n"
            "  solve ID              solve a game: its value, perfect play\n"
            "  uci                   the chess engine, speaking UCI\n"
            "  tune                  tune the chess engine's evaluation\n"
            "  serve                 play in the browser and over the network\n"
            "\n"
            "'ludoteka COMMAND --help' describes a command.\n"
            "--version prints the version.\n"),
          out);
}

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        int (*run)(int, char **);
    } commands[] = {
        {"list", cmd_list},     {"rules", cmd_rules},   {"play", cmd_play},
        {"moves", cmd_moves},   {"replay", cmd_replay}, {"bench", cmd_bench},
        {"playouts", cmd_playouts}, {"perft", cmd_perft}, {"arena", cmd_arena},
        {"odds", cmd_odds},     {"simulate", cmd_simulate}, {"solve", cmd_solve},
        {"uci", cmd_uci},       {"tune", cmd_tune},     {"serve", cmd_serve},
    };
    /* line mode waits for input with poll() while a clock runs: nothing
     * read may wait in stdio's buffer, unseen by poll */
    setvbuf(stdin, NULL, _IONBF, 0);
    lt_i18n_init(NULL); /* the locale's language, until --lang says */
    int i = 1;
    /* Global flags come before the command; --lang may also follow it. */
    for (int k = 1; k < argc; k++) {
        const char *lang = NULL;
        if (!strcmp(argv[k], "--plain") || !strcmp(argv[k], "--ascii")) {
            *(argv[k][2] == 'p' ? &cli_plain : &cli_ascii) = true;
            memmove(&argv[k], &argv[k + 1], (size_t)(argc - k) * sizeof *argv);
            argc--;
            k--;
            continue;
        }
        if (!strcmp(argv[k], "--lang") && k + 1 < argc)
            lang = argv[k + 1];
        else if (!strncmp(argv[k], "--lang=", 7))
            lang = argv[k] + 7;
        else if (!strcmp(argv[k], "--lang"))
            return cli_fail(EXIT_USAGE, _("--lang needs pl or en"));
        if (!lang)
            continue;
        if (!lt_i18n_has(lang))
            return cli_fail(EXIT_USAGE, _("--lang: expected a language with a "
                                          "catalog (pl, en), not '%s'"),
                            lang);
        lt_i18n_init(lang);
        /* remove the flag so the commands never see it */
        int drop = argv[k][6] == '=' ? 1 : 2;
        memmove(&argv[k], &argv[k + drop],
                (size_t)(argc - k - drop + 1) * sizeof *argv);
        argc -= drop;
        k--;
    }
    if (i >= argc)
        return cli_fullscreen() ? tui_menu_run() : menu_run(stdin, stdout);
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h") ||
        !strcmp(argv[i], "help")) {
        usage(stdout);
        return EXIT_OK;
    }
    if (!strcmp(argv[i], "--version")) {
        printf("ludoteka %s\n", LUDOTEKA_VERSION);
        return EXIT_OK;
    }
    for (size_t c = 0; c < sizeof commands / sizeof commands[0]; c++)
        if (!strcmp(argv[i], commands[c].name))
            return commands[c].run(argc - i, argv + i);
    usage(stderr);
    return cli_fail(EXIT_USAGE,
                    _("unknown command '%s' (ludoteka --help lists them)"), argv[i]);
}
