/* main.c — the ludoteka program: language, global flags, commands. */
#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "ludoteka/options.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"

#ifndef LUDOTEKA_VERSION
#define LUDOTEKA_VERSION "0.0.0"
#endif

bool cli_plain, cli_ascii;

int cli_fail(int status, const char *fmt, ...)
{
    /* a message may quote an argument, a file or a move as given:
     * escaped, so no control code reaches the terminal */
    char msg[4096], safe[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, "ludoteka: %s\n", lt_escape(safe, sizeof safe, msg));
    return status;
}

bool cli_read_line(FILE *in, char *buf, size_t size)
{
    if (!fgets(buf, (int)size, in))
        return false;
    size_t n = strlen(buf);
    if (n && buf[n - 1] == '\n') {
        buf[--n] = '\0';
    } else if (n + 1 == size) {
        int c; /* a line too long for the buffer: drop the rest */
        while ((c = fgetc(in)) != EOF && c != '\n')
            ;
    }
    if (n && buf[n - 1] == '\r')
        buf[--n] = '\0';
    return true;
}

bool cli_input_ready(FILE *in, int ms)
{
    struct pollfd p = {.fd = fileno(in), .events = POLLIN};
    int n;
    while ((n = poll(&p, 1, ms)) < 0 && errno == EINTR)
        ;
    return n != 0; /* an error reads as input: the read says what it is */
}

bool cli_flag(int argc, char **argv, int *i, const char *name,
              const char **value)
{
    size_t n = strlen(name);
    const char *a = argv[*i];
    if (strncmp(a, name, n) != 0 || (a[n] != '\0' && a[n] != '='))
        return false;
    *value = NULL;
    if (a[n] == '=')
        *value = a + n + 1;
    else if (*i + 1 < argc)
        *value = argv[++*i];
    else
        cli_fail(EXIT_USAGE, _("%s needs a value"), name);
    return true;
}

bool cli_int(const char *flag, const char *value, long long lo, long long hi,
             long long *out)
{
    if (!value) /* cli_flag has said that it is missing */
        return false;
    if (lt_parse_int(value, lo, hi, out))
        return true;
    char quoted[LT_QUOTE_MAX];
    lt_quote(quoted, sizeof quoted, value);
    cli_fail(EXIT_USAGE, _("%s: expected a whole number from %lld to %lld, got %s"),
             flag, lo, hi, quoted);
    return false;
}

bool cli_real(const char *flag, const char *value, double lo, bool lo_too,
              double hi, double *out)
{
    if (!value)
        return false;
    char *end;
    errno = 0;
    double x = strtod(value, &end);
    if (end != value && !*end && !errno && !isspace((unsigned char)*value) &&
        (lo_too ? x >= lo : x > lo) && x <= hi) {
        *out = x;
        return true;
    }
    char quoted[LT_QUOTE_MAX];
    lt_quote(quoted, sizeof quoted, value);
    if (lo_too)
        cli_fail(EXIT_USAGE, _("%s: expected a number from %.15g to %.15g, got %s"),
                 flag, lo, hi, quoted);
    else
        cli_fail(EXIT_USAGE, _("%s: expected a number above %.15g, at most %.15g; "
                               "got %s"),
                 flag, lo, hi, quoted);
    return false;
}

bool cli_wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return true;
    return false;
}

const lt_game *cli_game(const char *id)
{
    const lt_game *g = lt_game_find(id);
    if (g)
        return g;
    char ids[1024];
    size_t len = 0;
    ids[0] = '\0';
    for (int k = 0; k < lt_game_count(); k++)
        lt_appendf(ids, sizeof ids, &len, "%s%s", k ? ", " : "",
                   lt_game_at(k)->id);
    cli_fail(EXIT_USAGE, _("unknown game '%s'; the games are: %s"), id, ids);
    return NULL;
}

int cli_game_config(int argc, char **argv, int first, const lt_game *g,
                    lt_config *cfg, bool *used)
{
    const char *v;
    lt_error err = {0};
    lt_config_default(g, cfg, 0);
    for (int i = first; i < argc; i++) {
        int at = i;
        long long n;
        if (cli_flag(argc, argv, &i, "--option", &v)) {
            if (!v)
                return EXIT_USAGE;
            if (lt_config_set(g, cfg, v, &err) != LT_OK)
                return cli_fail(EXIT_USAGE, "%s", err.msg);
        } else if (cli_flag(argc, argv, &i, "--players", &v)) {
            if (!v)
                return EXIT_USAGE;
            if (!lt_parse_int(v, 0, 1000000, &n)) {
                char quoted[LT_QUOTE_MAX], range[32];
                snprintf(range, sizeof range, g->min_players == g->max_players
                                                  ? "%d" : "%d..%d",
                         g->min_players, g->max_players);
                return cli_fail(EXIT_USAGE,
                                _("--players: expected the number of players "
                                  "(%s: %s), got %s"),
                                g->id, range, lt_quote(quoted, sizeof quoted, v));
            }
            if (lt_check_players(g, (int)n, &err) != LT_OK)
                return cli_fail(EXIT_USAGE, "--players: %s", err.msg);
            cfg->players = (int)n;
        } else {
            continue;
        }
        for (int k = at; k <= i; k++)
            used[k] = true;
    }
    if (lt_check_players(g, cfg->players, &err) != LT_OK)
        return cli_fail(EXIT_USAGE, "%s", err.msg);
    return EXIT_OK;
}

int cli_unexpected(const char *command, const char *arg)
{
    return cli_fail(EXIT_USAGE, _("%s: unexpected argument '%s' (see ludoteka "
                                  "%s --help)"),
                    command, arg, command);
}

int cli_which_game(const char *command)
{
    return cli_fail(EXIT_USAGE, _("%s: which game? (ludoteka list names them)"),
                    command);
}

int cli_too_many(void)
{
    return cli_fail(EXIT_USAGE, "%s", _("too many arguments"));
}

int cli_no_memory(void)
{
    return cli_fail(EXIT_FAIL, "%s", _("out of memory"));
}

int cli_bad_position(const lt_game *g, const char *why)
{
    return cli_fail(EXIT_FAIL, _("bad position for %s: %s"), g->id, why);
}

uint64_t cli_fresh_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t x = (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec ^
                 (uint64_t)getpid() << 32;
    return lt_splitmix64(&x) % 1000000000u; /* short enough to type */
}


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
