/* cli.c — what every command and screen of the program shares: its
 * errors, its flags, the game and options named on the command line,
 * lines read from the keyboard, seeds and the clock. */
#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "ludoteka/options.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"

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

const lt_game *cli_first_game(int argc, char **argv)
{
    if (argc < 2 || argv[1][0] == '-') {
        cli_which_game(argv[0]);
        return NULL;
    }
    return cli_game(argv[1]);
}

int cli_game_config(int argc, char **argv, int first, const lt_game *g,
                    lt_config *cfg, bool *used)
{
    if (argc >= CLI_ARGS_MAX)
        return cli_too_many();
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

double cli_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int64_t cli_now_ms(void *ctx)
{
    (void)ctx;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}
