/* external.c — players that are other programs, spoken to over pipes:
 * UCI (chess engines) and XBoard (Fairy-Max and friends).  Moves go out in
 * the game's coordinate notation (lt_game.coord_name) and come back through
 * the game's parser, so an illegal answer is caught and reported. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "external.h"
#include "ludoteka/options.h"
#include "ludoteka/text.h"
#include "search.h"

enum { ARGS_MAX = 16, OPTIONS_MAX = 16, LINE_MAX_LEN = 4096 };
static const double GREETING_TIMEOUT = 10, GRACE = 5;

struct external {
    const lt_game *g;
    bool uci;
    pid_t pid;
    int to, from;                 /* the program's stdin and stdout */
    char buf[LINE_MAX_LEN * 2];   /* what it wrote, not yet read as lines */
    size_t len;
    char variant[64];
    char options[OPTIONS_MAX][2][96];
    int noptions;
    /* the game so far: its start and the moves in coordinate notation */
    char start[1024];
    bool from_initial;
    char *moves;
    size_t moves_len, moves_cap;
    int nmoves, sent;             /* XBoard: moves the program knows */
    bool level_sent;              /* XBoard: the time control is set */
    int pings;                    /* XBoard: pings sent */
    lt_error error;
};

static bool fail(external *x, const char *fmt, ...) LT_PRINTF(2, 3);
static bool fail(external *x, const char *fmt, ...)
{
    /* a message may quote what the program wrote: escaped */
    va_list ap;
    va_start(ap, fmt);
    lt_error_setv(&x->error, fmt, ap);
    va_end(ap);
    return false;
}

/* A copy of a message, for building a new one out of it. */
static const char *copy_of(const char *msg)
{
    static _Thread_local char copy[256];
    lt_copy(copy, sizeof copy, msg);
    return copy;
}

/* Writes n bytes to the program. */
static bool send_bytes(external *x, const char *data, size_t n)
{
    for (size_t done = 0; done < n;) {
        ssize_t w = write(x->to, data + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return fail(x, _("the engine stopped reading (%s)"), strerror(errno));
        done += (size_t)w;
    }
    return true;
}

static bool send_line(external *x, const char *fmt, ...) LT_PRINTF(2, 3);
static bool send_line(external *x, const char *fmt, ...)
{
    char line[LINE_MAX_LEN];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0 || n >= (int)sizeof line - 1)
        return fail(x, _("a command to the engine is too long"));
    line[n++] = '\n';
    return send_bytes(x, line, (size_t)n);
}

/* The next line the program writes, within timeout seconds. */
static bool read_line(external *x, char *line, size_t size, double timeout)
{
    double deadline = search_now() + timeout;
    for (;;) {
        char *nl = memchr(x->buf, '\n', x->len);
        if (nl) {
            size_t n = (size_t)(nl - x->buf);
            size_t keep = n < size - 1 ? n : size - 1;
            memcpy(line, x->buf, keep);
            line[keep] = '\0';
            if (keep && line[keep - 1] == '\r')
                line[keep - 1] = '\0';
            memmove(x->buf, nl + 1, x->len - n - 1);
            x->len -= n + 1;
            return true;
        }
        if (x->len == sizeof x->buf)
            x->len = 0; /* a line longer than any we need: drop it */
        double left = deadline - search_now();
        if (left <= 0)
            return fail(x, _("the engine did not answer in time"));
        struct pollfd pfd = {x->from, POLLIN, 0};
        int r = poll(&pfd, 1, (int)(left * 1000) + 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            continue;
        ssize_t got = read(x->from, x->buf + x->len, sizeof x->buf - x->len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return fail(x, _("the engine has exited"));
        x->len += (size_t)got;
    }
}

/* Reads lines until one starts with the word; false on timeout. */
static bool expect(external *x, const char *word, double timeout, char *line,
                   size_t size)
{
    double deadline = search_now() + timeout;
    size_t n = strlen(word);
    while (read_line(x, line, size, deadline - search_now()))
        if (!strncmp(line, word, n) && (line[n] == '\0' || line[n] == ' '))
            return true;
    return false;
}

/* Splits the spec into the program, its arguments and its options. */
static bool start_program(external *x, const char *spec, lt_error *err)
{
    char text[LT_SPEC_MAX];
    lt_copy(text, sizeof text, strchr(spec, ':') + 1);
    char *words[ARGS_MAX + OPTIONS_MAX + 1];
    int nwords = lt_split(text, words, ARGS_MAX + OPTIONS_MAX);
    char *argv[ARGS_MAX + 1];
    int argc = 0;
    for (int i = 0; i < nwords; i++) {
        char *eq = strchr(words[i], '=');
        if (!eq || i == 0) {
            if (argc == ARGS_MAX)
                break;
            argv[argc++] = words[i];
            continue;
        }
        *eq = '\0';
        if (!strcmp(words[i], "variant")) {
            lt_copy(x->variant, sizeof x->variant, eq + 1);
        } else if (x->noptions < OPTIONS_MAX) {
            lt_copy(x->options[x->noptions][0], 96, words[i]);
            lt_copy(x->options[x->noptions++][1], 96, eq + 1);
        }
    }
    argv[argc] = NULL;
    if (argc == 0) {
        lt_error_set(err, _("player '%s': which program?"), spec);
        return false;
    }
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) {
        lt_error_set(err, _("cannot start %s: %s"), argv[0], strerror(errno));
        return false;
    }
    /* an engine that dies must not kill us through SIGPIPE */
    signal(SIGPIPE, SIG_IGN);
    x->pid = fork();
    if (x->pid < 0) {
        lt_error_set(err, _("cannot start %s: %s"), argv[0], strerror(errno));
        return false;
    }
    if (x->pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        int devnull = open("/dev/null", O_WRONLY);
        if (devnull >= 0)
            dup2(devnull, 2);
        for (int fd = 3; fd < 256; fd++)
            close(fd);
        execv(argv[0], argv);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    x->to = in[1];
    x->from = out[0];
    fcntl(x->to, F_SETFD, FD_CLOEXEC);
    fcntl(x->from, F_SETFD, FD_CLOEXEC);
    return true;
}

static bool greet(external *x)
{
    char line[LINE_MAX_LEN];
    if (x->uci) {
        if (!send_line(x, "uci") ||
            !expect(x, "uciok", GREETING_TIMEOUT, line, sizeof line))
            return fail(x, _("no 'uciok' from the engine: %s"), copy_of(x->error.msg));
        for (int i = 0; i < x->noptions; i++)
            if (!send_line(x, "setoption name %s value %s", x->options[i][0],
                           x->options[i][1]))
                return false;
        if (!send_line(x, "isready") ||
            !expect(x, "readyok", GREETING_TIMEOUT, line, sizeof line))
            return fail(x, _("no 'readyok' from the engine: %s"), copy_of(x->error.msg));
        return true;
    }
    if (!send_line(x, "xboard") || !send_line(x, "protover 2"))
        return false;
    /* wait for "feature ... done=1", or for a quiet while from engines
     * that never send it */
    double deadline = search_now() + 2;
    while (read_line(x, line, sizeof line, deadline - search_now()))
        if (strstr(line, "done=1"))
            break;
    x->error.msg[0] = '\0';
    /* option names may have spaces ("Claim draw after"): a spec writes
     * them with underscores */
    for (int i = 0; i < x->noptions; i++) {
        for (char *c = x->options[i][0]; *c; c++)
            if (*c == '_')
                *c = ' ';
        if (!send_line(x, "option %s=%s", x->options[i][0], x->options[i][1]))
            return false;
    }
    return true;
}

external *external_new(const lt_game *g, const char *spec, lt_error *err)
{
    external *x = calloc(1, sizeof *x);
    if (!x) {
        lt_error_set(err, _("out of memory"));
        return NULL;
    }
    x->g = g;
    x->uci = !strncasecmp(spec, "uci:", 4);
    x->pid = -1;
    x->to = x->from = -1;
    if (!start_program(x, spec, err)) {
        external_free(x);
        return NULL;
    }
    if (!greet(x)) {
        lt_error_set(err, _("player '%s': %s"), spec, x->error.msg);
        external_free(x);
        return NULL;
    }
    return x;
}

void external_free(external *x)
{
    if (!x)
        return;
    if (x->to >= 0) {
        send_line(x, "quit");
        close(x->to);
    }
    if (x->from >= 0)
        close(x->from);
    if (x->pid > 0) {
        /* a moment to quit, then the hard way */
        for (int i = 0; i < 50; i++) {
            if (waitpid(x->pid, NULL, WNOHANG) == x->pid) {
                x->pid = -1;
                break;
            }
            nanosleep(&(struct timespec){0, 10000000}, NULL);
        }
        if (x->pid > 0) {
            kill(x->pid, SIGKILL);
            waitpid(x->pid, NULL, 0);
        }
    }
    free(x->moves);
    free(x);
}

void external_new_game(external *x, const lt_state *start)
{
    const lt_game *g = x->g;
    x->nmoves = x->sent = 0;
    x->moves_len = 0;
    x->level_sent = false;
    g->write_state(start, x->start, sizeof x->start);
    /* is it the game's own starting position? */
    lt_state *fresh = lt_state_new(g);
    char initial[sizeof x->start] = "";
    lt_config cfg;
    lt_config_default(g, &cfg, g->num_players(start));
    if (fresh && lt_init(g, fresh, &cfg, NULL) == LT_OK)
        g->write_state(fresh, initial, sizeof initial);
    lt_state_free(fresh);
    x->from_initial = !strcmp(initial, x->start);
    char line[LINE_MAX_LEN];
    if (x->uci) {
        if (send_line(x, "ucinewgame") && send_line(x, "isready"))
            expect(x, "readyok", GREETING_TIMEOUT, line, sizeof line);
        return;
    }
    send_line(x, "new");
    if (x->variant[0])
        send_line(x, "variant %s", x->variant);
    send_line(x, "force");
    if (!x->from_initial)
        send_line(x, "setboard %s", x->start);
    /* what it still had to say about the last game (a "1-0 {White
     * mates}") must not be read as its answer in this one: ping, and
     * drop everything before the pong (a short quiet wait for engines
     * without ping) */
    if (send_line(x, "ping %d", ++x->pings) &&
        !expect(x, "pong", GREETING_TIMEOUT, line, sizeof line)) {
        double until = search_now() + 0.2;
        while (read_line(x, line, sizeof line, until - search_now()))
            ;
    }
    x->error.msg[0] = '\0';
}

void external_observe(external *x, const lt_state *before, lt_action a)
{
    char name[64];
    const lt_game *g = x->g;
    if (g->current_player(before) < 0)
        return; /* dice are not the engine's business */
    int n = g->coord_name ? g->coord_name(before, a, name, sizeof name)
                          : g->action_name(before, a, name, sizeof name);
    if (n <= 0 || n >= (int)sizeof name)
        return;
    size_t need = x->moves_len + (size_t)n + 2;
    if (need > x->moves_cap) {
        size_t cap = x->moves_cap ? x->moves_cap * 2 : 1024;
        while (cap < need)
            cap *= 2;
        char *p = realloc(x->moves, cap);
        if (!p)
            return;
        x->moves = p;
        x->moves_cap = cap;
    }
    if (x->moves_len)
        x->moves[x->moves_len++] = ' ';
    memcpy(x->moves + x->moves_len, name, (size_t)n + 1);
    x->moves_len += (size_t)n;
    x->nmoves++;
}

/* The moves from the k-th on (XBoard sends them one by one). */
static const char *moves_from(const external *x, int k)
{
    const char *p = x->moves ? x->moves : "";
    while (k-- > 0 && (p = strchr(p, ' ')))
        p++;
    return p ? p : "";
}

static void parse_info(const char *line, lt_think_info *info)
{
    const char *p;
    if ((p = strstr(line, " depth ")))
        info->depth = atoi(p + 7);
    if ((p = strstr(line, " nodes ")))
        info->nodes = atoll(p + 7);
}

/* Asks the program for its move and reads it back into move[64]. */
static bool ask(external *x, const lt_state *s, const lt_limits *lim,
                char *move, lt_think_info *info)
{
    int seat = x->g->current_player(s);
    double budget = lim && lim->seconds > 0 ? lim->seconds : 1;
    if (lim && lim->clocks)
        budget = lim->clocks[seat];
    char line[LINE_MAX_LEN];
    if (x->uci) {
        /* the whole game, however long (a UCI engine judges repetitions
         * by it): the moves straight from their buffer, not through a
         * line of fixed size (a chess game of 800 plies outgrew it) */
        const char *parts[] = {
            x->from_initial ? "position startpos" : "position fen ",
            x->from_initial ? "" : x->start, x->nmoves ? " moves " : "",
            moves_from(x, 0), "\n"};
        for (size_t i = 0; i < sizeof parts / sizeof *parts; i++)
            if (!send_bytes(x, parts[i], strlen(parts[i])))
                return false;
        bool ok;
        if (lim && lim->clocks)
            ok = send_line(x, "go wtime %.0f btime %.0f winc %.0f binc %.0f",
                           lim->clocks[0] * 1000, lim->clocks[1] * 1000,
                           lim->increment * 1000, lim->increment * 1000);
        else if (lim && lim->seconds > 0)
            ok = send_line(x, "go movetime %.0f", lim->seconds * 1000);
        else if (lim && lim->nodes > 0)
            ok = send_line(x, "go nodes %lld", lim->nodes);
        else if (lim && lim->depth > 0)
            ok = send_line(x, "go depth %d", lim->depth);
        else
            ok = send_line(x, "go movetime 1000");
        if (!ok)
            return false;
        double deadline = search_now() + budget + GRACE;
        while (read_line(x, line, sizeof line, deadline - search_now())) {
            if (!strncmp(line, "info ", 5)) {
                parse_info(line, info);
            } else if (!strncmp(line, "bestmove ", 9)) {
                sscanf(line + 9, "%63s", move);
                return true;
            }
        }
        send_line(x, "stop"); /* one last chance */
        if (expect(x, "bestmove", GRACE, line, sizeof line)) {
            sscanf(line + 8, "%63s", move);
            return true;
        }
        return fail(x, _("the engine gave no move in time"));
    }
    /* XBoard: catch its board up in force mode, then let it move once */
    for (const char *p = moves_from(x, x->sent); *p;) {
        size_t n = strcspn(p, " ");
        if (!send_line(x, "%.*s", (int)n, p))
            return false;
        p += n + (p[n] == ' ');
    }
    x->sent = x->nmoves;
    if (lim && lim->clocks) {
        if (!x->level_sent) {
            int base = (int)lim->clocks[seat];
            send_line(x, "level 0 %d:%02d %g", base / 60, base % 60, lim->increment);
            x->level_sent = true;
        }
        send_line(x, "time %.0f", lim->clocks[seat] * 100);
        send_line(x, "otim %.0f", lim->clocks[1 - seat] * 100);
    } else if (lim && lim->depth > 0 && lim->seconds <= 0) {
        send_line(x, "sd %d", lim->depth);
    } else {
        send_line(x, "st %.0f", budget < 1 ? 1 : budget);
    }
    if (!send_line(x, "go"))
        return false;
    double deadline = search_now() + budget + GRACE;
    while (read_line(x, line, sizeof line, deadline - search_now())) {
        if (!strncmp(line, "move ", 5)) {
            sscanf(line + 5, "%63s", move);
            send_line(x, "force");
            x->sent = x->nmoves + 1; /* it has made this move itself */
            return true;
        }
        if (!strncmp(line, "Illegal move", 12) || !strncmp(line, "Error", 5))
            return fail(x, _("the engine rejected a move: %s"), line);
        if (!strncmp(line, "resign", 6) || strstr(line, "resigns"))
            return fail(x, _("the engine resigned"));
        if (!strncmp(line, "1-0", 3) || !strncmp(line, "0-1", 3) ||
            !strncmp(line, "1/2-1/2", 7))
            return fail(x, _("the engine claims the game is over: %s"), line);
        parse_info(line, info);
    }
    return fail(x, _("the engine gave no move in time"));
}

lt_action external_choose(external *x, const lt_state *s, const lt_limits *lim,
                          lt_think_info *out)
{
    lt_think_info local, *info = out ? out : &local;
    memset(info, 0, sizeof *info);
    double start = search_now();
    char move[64] = "";
    x->error.msg[0] = '\0';
    if (!ask(x, s, lim, move, info))
        return LT_NO_ACTION;
    lt_action a;
    lt_error err = {0};
    if (lt_parse(x->g, s, move, &a, &err) != LT_OK) {
        fail(x, _("the engine played '%s': %s"), move, err.msg);
        return LT_NO_ACTION;
    }
    info->best = a;
    info->seconds = search_now() - start;
    return a;
}

const char *external_error(const external *x)
{
    return x->error.msg;
}
