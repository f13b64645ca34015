/* cmd_benchmark.c — ludoteka benchmark: the speed figures of issue 26 in
 * one run, with the machine's load, so that one run can be compared with
 * the next (docs/benchmarks.md keeps the last figures): random playouts
 * of every board game against Ludii's figures, dice simulation on one and
 * two threads, the exact odds of every dice game, the solve of catch the
 * rabbit (--solve), and the chess engines' nodes per second, beside
 * Fairy-Max's on the same Great Chess positions when it is installed. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700 /* nftw */
#endif
#include <errno.h>
#include <ftw.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <threads.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "cmd.h"
#include "ludoteka/ai.h"
#include "ludoteka/engines.h"
#include "ludoteka/options.h"
#include "ludoteka/rng.h"

#ifndef LUDOTEKA_VERSION
#define LUDOTEKA_VERSION "0.0.0"
#endif

/* Ludii's random playouts in plies per second, measured beside ours on
 * this kind of machine (issue 26's table: Ludii's --time-playouts, its
 * placements subtracted), with the options that make the rules alike. */
static const struct {
    const char *game, *options; /* options: space-separated k=v, "" none */
    double ludii;
} reference[] = {
    {"chess", "", 42.3e3},
    {"great-chess", "", 33.6e3},
    {"four-seasons", "", 45.9e3},
    {"alquerque", "chain=single", 288e3},
    {"nine-mens-morris", "capture=mills flying=on", 316e3},
    {"three-mens-morris", "", 555e3},
    {"catch-the-rabbit", "chain=single", 352e3},
};
enum { REFERENCES = sizeof reference / sizeof reference[0] };

/* The Great Chess positions of the engines' section: the start and three
 * positions of Fairy-Max's own play (at depth 4), as moves in XBoard's
 * coordinates, which both programs read; the rules are Fairy-Max's
 * (unicorn=all kingleap=quiet). */
static const char *const gc_options = "unicorn=all kingleap=quiet";
static const char *const gc_lines[] = {
    "",
    "c1f3 c12f10 b1e2 b12e11 h4h5 e11f8 e1i5 f10e8 e2d5 e8f10",
    "c1f3 c12f10 b1e2 h9h8 f3e5 b12e11 j1i3 e11f8 e5f7 e12h9 f7h6 h9c4 "
    "i3d9 f10d9",
    "c1f3 c12f10 b1e2 b12e11 h4h5 e11f8 e1i5 f10e8 e2d5 e8f10 i5f8 e9f8 "
    "j1c9 g12i10 c9a12 e12c10",
};
enum { GC_LINES = sizeof gc_lines / sizeof gc_lines[0] };

/* How long each measurement runs. */
typedef struct {
    bool quick, all, solve;
    double playout_s;   /* a row of the playouts */
    double simulate_s;  /* each thread count */
    double chess_s;     /* a chess position */
    double gc_s;        /* a Great Chess position (Fairy-Max: whole seconds) */
    int chess_positions, gc_positions;
} plan;

/* Sets options "k=v k=v" on cfg; false (reported) if one is refused. */
static bool set_options(const lt_game *g, lt_config *cfg, const char *options)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", options);
    lt_error err = {0};
    for (char *w = strtok(buf, " "); w; w = strtok(NULL, " "))
        if (lt_config_set(g, cfg, w, &err) != LT_OK) {
            cli_fail(EXIT_FAIL, "benchmark: %s %s: %s", g->id, w, err.msg);
            return false;
        }
    return true;
}

/* Processor seconds (user and system) from rusage a to b. */
static double cpu_between(const struct rusage *a, const struct rusage *b)
{
    return (double)(b->ru_utime.tv_sec - a->ru_utime.tv_sec) +
           (b->ru_utime.tv_usec - a->ru_utime.tv_usec) * 1e-6 +
           (double)(b->ru_stime.tv_sec - a->ru_stime.tv_sec) +
           (b->ru_stime.tv_usec - a->ru_stime.tv_usec) * 1e-6;
}

/* The processor time of this process so far, all its threads: beside
 * the time on the wall, its share says how much of the machine a
 * measurement had (100% a thread to itself; less on a busy machine). */
static double cpu_seconds(void)
{
    static const struct rusage start; /* zero */
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return cpu_between(&start, &ru);
}

/* ---- The head: when, what, and how busy the machine was ---- */

static void head(void)
{
    char when[64] = "?", commit[64] = "", load[128] = "?";
    time_t now = time(NULL);
    struct tm tm;
    if (gmtime_r(&now, &tm))
        strftime(when, sizeof when, "%Y-%m-%d %H:%M UTC", &tm);
    FILE *f = popen("git rev-parse --short HEAD 2>/dev/null", "r");
    if (f) {
        if (!fgets(commit, sizeof commit, f))
            commit[0] = '\0';
        commit[strcspn(commit, "\n")] = '\0';
        pclose(f);
    }
    f = fopen("/proc/loadavg", "r");
    if (f) {
        double a = 0, b = 0, c = 0;
        if (fscanf(f, "%lf %lf %lf", &a, &b, &c) == 3)
            snprintf(load, sizeof load, "%.2f %.2f %.2f", a, b, c);
        fclose(f);
    }
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    printf("# ludoteka benchmark %s, %s %s, %s\n", LUDOTEKA_VERSION,
           _("commit"), commit[0] ? commit : "?", when);
    printf("load %s\n", load);
    printf("processors %ld\n", cpus);
    printf(_("# load: the load average over 1, 5 and 15 minutes (/proc/loadavg); "
             "on a busy machine every figure is lower\n"));
}

/* ---- Random playouts ---- */

/* Random games from the start for about seconds; plies per second, or
 * -1 after a failure (reported); *cpu the processor's share. */
static double playouts(const lt_game *g, const char *options, double seconds,
                       double *cpu)
{
    lt_config cfg;
    lt_config_default(g, &cfg, 0);
    if (!set_options(g, &cfg, options))
        return -1;
    lt_state *s = lt_state_new(g), *first = lt_state_new(g);
    lt_error err = {0};
    if (!s || !first || lt_init(g, first, &cfg, &err) != LT_OK) {
        lt_state_free(s);
        lt_state_free(first);
        cli_fail(EXIT_FAIL, "benchmark: %s: %s", g->id,
                 s && first ? err.msg : _("out of memory"));
        return -1;
    }
    long long games, plies;
    double dt, cpu0 = cpu_seconds();
    bool ok = cli_playouts(g, first, s, seconds, &games, &plies, &dt);
    *cpu = ok ? (cpu_seconds() - cpu0) / dt : 0;
    lt_state_free(s);
    lt_state_free(first);
    if (!ok) {
        cli_no_memory();
        return -1;
    }
    return plies / dt;
}

static bool playout_row(const lt_game *g, const char *options, double ludii,
                        double seconds)
{
    double cpu, rate = playouts(g, options, seconds, &cpu);
    if (rate < 0)
        return false;
    char ratio[32] = "-", ref[32] = "-";
    if (ludii > 0) {
        snprintf(ref, sizeof ref, "%.0f", ludii);
        snprintf(ratio, sizeof ratio, "%.1fx", rate / ludii);
    }
    printf("playouts %-18s %-26s %12.0f %8s %8s %4.0f%%\n", g->id,
           options[0] ? options : "-", rate, ref, ratio, cpu * 100);
    return true;
}

/* Every board game (no odds): its defaults, and the options of Ludii's
 * figure where they differ. */
static bool section_playouts(const plan *p)
{
    printf(_("# playouts: random games from the start, plies per second; "
             "Ludii's figure (issue 26) and the ratio to it where the rules "
             "are alike\n"));
    printf("# %-27s %-26s %12s %8s %8s %5s\n", "game", "options", "plies/s",
           "Ludii", "ratio", "cpu");
    for (int i = 0; i < lt_game_count(); i++) {
        const lt_game *g = lt_game_at(i);
        if (lt_engines_of(g)->odds)
            continue;
        double ludii = 0;
        for (int r = 0; r < REFERENCES; r++)
            if (!strcmp(reference[r].game, g->id) && !reference[r].options[0])
                ludii = reference[r].ludii;
        if (!playout_row(g, "", ludii, p->playout_s))
            return false;
        for (int r = 0; r < REFERENCES; r++)
            if (!strcmp(reference[r].game, g->id) && reference[r].options[0] &&
                !playout_row(g, reference[r].options, reference[r].ludii,
                             p->playout_s))
                return false;
    }
    return true;
}

/* ---- Dice: simulate and odds ---- */

typedef struct {
    const lt_game *g;
    const lt_config *cfg;
    double deadline;
    uint64_t chunk, stream, turns;
    bool ok;
} sim_job;

static int sim_run(void *arg)
{
    sim_job *j = arg;
    lt_rng rng;
    lt_rng_seed(&rng, 1, j->stream);
    j->ok = true;
    do {
        lt_turn_tally tally = {0};
        j->ok = lt_engines_of(j->g)->simulate(j->g, j->cfg, j->chunk, &rng, &tally);
        j->turns += tally.turns;
    } while (j->ok && cli_seconds() < j->deadline);
    return 0;
}

/* Hazard's turns per second on 1 and on 2 threads, each for seconds. */
static bool section_simulate(const plan *p)
{
    const lt_game *g = cli_game("hazard");
    if (!g || !lt_engines_of(g)->simulate)
        return false;
    lt_config cfg;
    lt_config_default(g, &cfg, 0);
    printf(_("# simulate hazard: turns from their start, best play, per second "
             "(as ludoteka simulate hazard)\n"));
    for (int threads = 1; threads <= 2; threads++) {
        sim_job jobs[2];
        thrd_t tid[2];
        int started = 0;
        double t0 = cli_seconds(), cpu0 = cpu_seconds();
        for (int t = 0; t < threads; t++) {
            jobs[t] = (sim_job){.g = g, .cfg = &cfg, .deadline = t0 + p->simulate_s,
                                .chunk = p->quick ? 1u << 12 : 1u << 18,
                                .stream = (uint64_t)t};
            if (thrd_create(&tid[t], sim_run, &jobs[t]) != thrd_success)
                break;
            started++;
        }
        uint64_t turns = 0;
        bool ok = started == threads;
        for (int t = 0; t < started; t++) {
            thrd_join(tid[t], NULL);
            turns += jobs[t].turns;
            ok = ok && jobs[t].ok;
        }
        double dt = cli_seconds() - t0, cpu = (cpu_seconds() - cpu0) / dt;
        if (!ok) {
            cli_fail(EXIT_FAIL, "%s", _("benchmark: simulate hazard failed"));
            return false;
        }
        printf("simulate hazard threads %d turns/s %.0f cpu %.0f%%\n", threads,
               turns / dt, cpu * 100);
    }
    return true;
}

/* The odds of a turn's start with this many players: milliseconds (the
 * least of a few runs, a second at most), -1 if they cannot be had. */
static double odds_ms(const lt_game *g, int players, bool quick, lt_odds *o)
{
    lt_config cfg;
    lt_config_default(g, &cfg, players);
    lt_state *s = lt_state_new(g);
    lt_error err = {0};
    double best = -1, spent = 0;
    if (s && lt_init(g, s, &cfg, &err) == LT_OK)
        for (int run = 0; run < (quick ? 1 : 5) && spent < 1; run++) {
            double t0 = cli_seconds();
            if (lt_engines_of(g)->odds(s, LT_ODDS_SEAT_ORDER, o, &err) != LT_OK)
                break;
            double dt = cli_seconds() - t0;
            spent += dt;
            if (best < 0 || dt * 1000 < best)
                best = dt * 1000;
        }
    lt_state_free(s);
    return best;
}

/* Every dice game at every number of players it allows: all of them
 * with --all, else the slowest of each game. */
static bool section_odds(const plan *p)
{
    lt_odds *o = malloc(sizeof *o);
    if (!o)
        return false;
    printf(_("# odds: milliseconds for the exact odds of a turn's start (as "
             "ludoteka odds ID --players N); %s\n"),
           p->all ? _("every number of players") : _("the slowest number of players"));
    for (int i = 0; i < lt_game_count(); i++) {
        const lt_game *g = lt_game_at(i);
        if (!lt_engines_of(g)->odds)
            continue;
        double worst = -1;
        int worst_n = 0;
        for (int n = g->min_players; n <= g->max_players; n++) {
            double ms = odds_ms(g, n, p->quick, o);
            if (ms < 0) {
                printf("odds %-18s players %d %s\n", g->id, n, _("not computed"));
                continue;
            }
            if (p->all)
                printf("odds %-18s players %d ms %.2f\n", g->id, n, ms);
            if (ms > worst)
                worst = ms, worst_n = n;
        }
        if (!p->all && worst >= 0)
            printf("odds %-18s players %d ms %.2f\n", g->id, worst_n, worst);
    }
    free(o);
    return true;
}

/* ---- The solve of catch the rabbit ---- */

static int remove_entry(const char *path, const struct stat *st, int flag,
                        struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    remove(path);
    return 0;
}

/* Solves in a child process (its own peak memory, a cache of its own in a
 * temporary folder, so no table on disk is taken), then removes that. */
static bool section_solve(const plan *p)
{
    const char *options = p->quick ? "hunters=6 threshold=4" : "hunters=12";
    printf(_("# solve catch-the-rabbit: retrograde analysis from nothing (a "
             "temporary cache), wall and processor seconds, peak memory\n"));
    if (!p->solve) {
        printf(_("# (not run: --solve runs it, about a minute)\n"));
        return true;
    }
    const lt_game *g = cli_game("catch-the-rabbit");
    if (!g)
        return false;
    char dir[4096];
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/ludoteka-benchmark-XXXXXX",
             tmp && tmp[0] ? tmp : "/tmp");
    int fd[2];
    if (!mkdtemp(dir) || pipe(fd)) {
        cli_fail(EXIT_FAIL, "benchmark: %s", strerror(errno));
        return false;
    }
    fflush(stdout);
    double t0 = cli_seconds();
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        setenv("XDG_CACHE_HOME", dir, 1);
        long long positions = -1;
        lt_config cfg;
        lt_config_default(g, &cfg, 0);
        lt_error err = {0};
        lt_player *solver = lt_player_new(g, "ai:perfect:solve:fresh", &err);
        lt_state *s = lt_state_new(g);
        if (solver && s && set_options(g, &cfg, options) &&
            lt_init(g, s, &cfg, &err) == LT_OK) {
            lt_think_info info = {0};
            lt_player_choose(solver, s, 1, NULL, &info);
            if (!info.stand_in)
                positions = info.nodes;
        }
        ssize_t w = write(fd[1], &positions, sizeof positions);
        _exit(w == (ssize_t)sizeof positions && positions > 0 ? 0 : 1);
    }
    close(fd[1]);
    long long positions = -1;
    struct rusage before = {0}, ru = {0};
    getrusage(RUSAGE_CHILDREN, &before);
    int status = 0;
    bool ok = pid > 0 && read(fd[0], &positions, sizeof positions) ==
                             (ssize_t)sizeof positions;
    /* the children's peak is the greatest of any waited for: the solve's
     * (git's, before it, is far smaller); their time adds up */
    ok = pid > 0 && waitpid(pid, &status, 0) == pid && ok &&
         WIFEXITED(status) && WEXITSTATUS(status) == 0;
    getrusage(RUSAGE_CHILDREN, &ru);
    double wall = cli_seconds() - t0;
    close(fd[0]);
    nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    if (!ok) {
        cli_fail(EXIT_FAIL, "%s",
                 _("benchmark: the solve of catch-the-rabbit failed"));
        return false;
    }
    double cpu = cpu_between(&before, &ru);
    printf("solve catch-the-rabbit %s positions %lld seconds %.2f cpu %.2f "
           "MiB %.0f\n",
           options, positions, wall, cpu, ru.ru_maxrss / 1024.0);
    return true;
}

/* ---- Engines: nodes per second ---- */

/* The engine ai:engine of g searching for seconds from each position
 * (the options' rules; a position as a FEN-like text or as moves from
 * the start); prints the row. */
static bool engine_row(const lt_game *g, const char *options,
                       const char *const *texts, const char *const *lines,
                       int count, double seconds)
{
    lt_config cfg;
    lt_config_default(g, &cfg, 0);
    if (!set_options(g, &cfg, options))
        return false;
    char spec[64];
    snprintf(spec, sizeof spec, "ai:engine:time=%g", seconds);
    lt_error err = {0};
    lt_player *pl = lt_player_new(g, spec, &err);
    lt_state *s = lt_state_new(g);
    long long nodes = 0;
    double spent = 0, cpu = 0;
    bool ok = pl && s;
    for (int k = 0; ok && k < count; k++) {
        ok = lt_init(g, s, &cfg, &err) == LT_OK;
        if (ok && texts)
            ok = g->read_state(s, texts[k], &err) == LT_OK;
        char buf[512];
        snprintf(buf, sizeof buf, "%s", lines ? lines[k] : "");
        for (char *w = strtok(buf, " "); ok && w; w = strtok(NULL, " ")) {
            lt_action a;
            ok = lt_parse(g, s, w, &a, &err) == LT_OK;
            if (ok)
                lt_advance(g, s, a);
        }
        if (!ok)
            break;
        lt_player_new_game(pl, s);
        lt_think_info info = {0};
        double t0 = cli_seconds(), cpu0 = cpu_seconds();
        lt_player_choose(pl, s, 1, NULL, &info);
        spent += cli_seconds() - t0;
        cpu += cpu_seconds() - cpu0;
        nodes += info.nodes;
    }
    lt_player_free(pl);
    lt_state_free(s);
    if (!ok) {
        cli_fail(EXIT_FAIL, "benchmark: %s: %s", g->id,
                 err.msg[0] ? err.msg : _("out of memory"));
        return false;
    }
    printf("engine %-12s positions %d nodes %lld seconds %.2f nodes/s %.0f "
           "cpu %.0f%%\n",
           g->id, count, nodes, spent, spent > 0 ? nodes / spent : 0.0,
           spent > 0 ? cpu / spent * 100 : 0.0);
    return true;
}

/* Fairy-Max over XBoard: its program, a pipe each way. */
typedef struct {
    pid_t pid;
    FILE *to;
    int from;
    char buf[4096];
    size_t len;
    bool eof; /* its output has ended */
} xboard;

/* $LUDOTEKA_FAIRYMAX if set (empty: none), else fairymax on the PATH or
 * in /usr/games (where Debian puts it). */
static const char *fairymax_path(void)
{
    static char path[4096];
    const char *given = getenv("LUDOTEKA_FAIRYMAX");
    if (given)
        return given[0] && access(given, X_OK) == 0 ? given : NULL;
    const char *dirs = getenv("PATH");
    char list[4096];
    snprintf(list, sizeof list, "%s:/usr/games", dirs ? dirs : "/usr/bin");
    for (char *d = strtok(list, ":"); d; d = strtok(NULL, ":")) {
        snprintf(path, sizeof path, "%s/fairymax", d);
        if (access(path, X_OK) == 0)
            return path;
    }
    return NULL;
}

static bool xb_start(xboard *x, const char *path)
{
    int in[2], out[2];
    if (pipe(in))
        return false;
    if (pipe(out)) {
        close(in[0]), close(in[1]);
        return false;
    }
    x->pid = fork();
    if (x->pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        execl(path, path, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    x->from = out[0];
    x->to = fdopen(in[1], "w");
    x->len = 0;
    x->eof = false;
    if (x->pid < 0 || !x->to) {
        if (x->to)
            fclose(x->to);
        else
            close(in[1]);
        close(out[0]);
        return false;
    }
    return true;
}

static void xb_send(xboard *x, const char *line)
{
    fprintf(x->to, "%s\n", line);
    fflush(x->to);
}

/* The next line from the program, waiting until deadline (cli_seconds);
 * false at its end or the deadline.  A line longer than the buffer is
 * cut into pieces. */
static bool xb_line(xboard *x, char *line, size_t size, double deadline)
{
    for (;;) {
        char *nl = memchr(x->buf, '\n', x->len);
        if (nl || x->len == sizeof x->buf) {
            size_t n = nl ? (size_t)(nl - x->buf) : x->len;
            snprintf(line, size, "%.*s", (int)n, x->buf);
            size_t used = nl ? n + 1 : n;
            memmove(x->buf, x->buf + used, x->len - used);
            x->len -= used;
            return true;
        }
        double left = deadline - cli_seconds();
        if (left <= 0)
            return false;
        struct pollfd pfd = {.fd = x->from, .events = POLLIN};
        int r = poll(&pfd, 1, (int)(left * 1000) + 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return false;
        ssize_t got = read(x->from, x->buf + x->len, sizeof x->buf - x->len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            x->eof = true;
            return false;
        }
        x->len += (size_t)got;
    }
}

static void xb_stop(xboard *x)
{
    xb_send(x, "quit");
    fclose(x->to);
    char line[256];
    while (xb_line(x, line, sizeof line, cli_seconds() + 2))
        ;
    close(x->from);
    int status;
    if (waitpid(x->pid, &status, WNOHANG) == 0) {
        kill(x->pid, SIGTERM);
        waitpid(x->pid, &status, 0);
    }
}

/* Fairy-Max on the same Great Chess positions, analysing each for the
 * time ours searches it.  Its thinking lines read "depth score
 * centiseconds nodes pv": its nodes and its time are taken from the last
 * of each search. */
static bool fairymax_row(const plan *p)
{
    const char *path = fairymax_path();
    if (!path) {
        printf(_("# fairymax: not installed (Debian package fairymax)\n"));
        return true;
    }
    void (*was)(int) = signal(SIGPIPE, SIG_IGN);
    struct rusage before, after;
    getrusage(RUSAGE_CHILDREN, &before);
    xboard x;
    if (!xb_start(&x, path)) {
        signal(SIGPIPE, was);
        cli_fail(EXIT_FAIL, "benchmark: %s: %s", path, strerror(errno));
        return false;
    }
    char line[4096] = "";
    xb_send(&x, "xboard");
    xb_send(&x, "protover 2");
    bool ok = false;
    while (!ok && xb_line(&x, line, sizeof line, cli_seconds() + 10))
        ok = strstr(line, "done=1") != NULL;
    if (!ok)
        cli_fail(EXIT_FAIL, _("benchmark: %s: no answer to protover 2"), path);
    xb_send(&x, "memory 32"); /* MiB of hash, as ours */
    long long nodes = 0;
    double spent = 0, analysing = 0;
    /* --quick: only the last position (its moves are read) */
    int first = p->quick ? p->gc_positions - 1 : 0;
    for (int k = first; ok && k < p->gc_positions; k++) {
        xb_send(&x, "new");
        xb_send(&x, "variant grande-acedrex");
        xb_send(&x, "post");
        xb_send(&x, "force");
        char buf[512];
        snprintf(buf, sizeof buf, "%s", gc_lines[k]);
        for (char *w = strtok(buf, " "); w; w = strtok(NULL, " "))
            xb_send(&x, w);
        /* analysis searches until told to stop: the same time as ours */
        xb_send(&x, "analyze");
        double t0 = cli_seconds();
        long long n = 0;
        int cs = 0;
        /* (half a second at least: it prints nothing before its third
         * iteration) */
        double stop = cli_seconds() + (p->gc_s > 0.5 ? p->gc_s : 0.5);
        bool stopped = false;
        ok = false;
        for (;;) {
            line[0] = '\0';
            if (xb_line(&x, line, sizeof line, stopped ? cli_seconds() + 10 : stop)) {
                int depth, score, t;
                long long count;
                if (!strncmp(line, "pong", 4)) {
                    ok = stopped;
                    analysing += cli_seconds() - t0;
                    break;
                }
                if (!strncmp(line, "Illegal move", 12) || !strncmp(line, "Error", 5))
                    break;
                if (sscanf(line, "%d %d %d %lld", &depth, &score, &t, &count) == 4)
                    n = count, cs = t;
            } else if (stopped || x.eof) {
                break; /* it fell silent, or ended */
            }
            if (!stopped && cli_seconds() >= stop) {
                xb_send(&x, "exit");
                xb_send(&x, "ping 1");
                stopped = true;
            }
        }
        if (!ok)
            cli_fail(EXIT_FAIL, "benchmark: %s: %s", path,
                     line[0] ? line : _("no answer to exit and ping"));
        nodes += n;
        spent += cs / 100.0;
    }
    xb_stop(&x);
    signal(SIGPIPE, was);
    if (!ok)
        return false;
    /* its processor time: all of its life, which is mostly analysis */
    getrusage(RUSAGE_CHILDREN, &after);
    double cpu = cpu_between(&before, &after);
    printf("fairymax %-10s positions %d nodes %lld seconds %.2f nodes/s %.0f "
           "cpu %.0f%%\n",
           "great-chess", p->gc_positions - first, nodes, spent,
           spent > 0 ? nodes / spent : 0.0,
           analysing > 0 ? cpu / analysing * 100 : 0.0);
    return true;
}

static bool section_engines(const plan *p)
{
    printf(_("# engines: nodes per second of ai:engine, searching each fixed "
             "position for a time (a node: every position searched, quiescence "
             "too); Fairy-Max on the same Great Chess positions, its own count "
             "(docs/benchmarks.md)\n"));
    const lt_game *chess = cli_game("chess"), *gc = cli_game("great-chess");
    if (!chess || !gc)
        return false;
    const char *const *fens = lt_engines_of(chess)->bench_positions;
    int n = 0;
    while (fens && fens[n] && n < p->chess_positions)
        n++;
    return engine_row(chess, "", fens, NULL, n, p->chess_s) &&
           engine_row(gc, gc_options, NULL, gc_lines, p->gc_positions, p->gc_s) &&
           fairymax_row(p);
}

int cmd_benchmark(int argc, char **argv)
{
    plan p = {.playout_s = 0.4, .simulate_s = 1, .chess_s = 0.3, .gc_s = 1,
              .chess_positions = 10, .gc_positions = GC_LINES};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick"))
            p.quick = true;
        else if (!strcmp(argv[i], "--all"))
            p.all = true;
        else if (!strcmp(argv[i], "--solve"))
            p.solve = true;
        else
            return cli_unexpected(argv[0], argv[i]);
    }
    if (p.quick) {
        p.playout_s = 0.02;
        p.simulate_s = 0.02;
        p.chess_s = 0.1;
        p.gc_s = 0.1;
        p.chess_positions = 1;
    }
    double start = cli_seconds();
    head();
    fflush(stdout);
    bool ok = section_playouts(&p);
    fflush(stdout);
    ok = ok && section_simulate(&p);
    fflush(stdout);
    ok = ok && section_odds(&p);
    fflush(stdout);
    ok = ok && section_solve(&p);
    fflush(stdout);
    ok = ok && section_engines(&p);
    if (!ok)
        return EXIT_FAIL;
    printf("time %.1f s\n", cli_seconds() - start);
    return EXIT_OK;
}
