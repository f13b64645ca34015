/* cmd_solve.c — ludoteka solve: the retrograde analysis of a game that has
 * a perfect player (lt_engines.engines "perfect"), the value of its start,
 * and a check of the perfect player in play. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "../engines/endgame/endgame.h"
#include "cli.h"
#include "cmd.h"
#include "mpi_job.h"
#include "ludoteka/ai.h"
#include "ludoteka/engines.h"
#include "ludoteka/options.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"

static bool has_perfect(const lt_game *g)
{
    const lt_engine *const *engines = lt_engines_of(g)->engines;
    for (int e = 0; engines && engines[e]; e++)
        if (!strcmp(engines[e]->name, "perfect"))
            return true;
    return false;
}

static double peak_mib(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss / 1024.0; /* Linux: kilobytes */
}

/* Processor time so far: on a shared machine the clock on the wall says
 * little. */
static double cpu_seconds(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 +
           (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
}

/* One game from s to the end between the given players (seat order);
 * returns its length in actions.  *held is the best value the seat
 * perfect_seat saw at any of its moves (+1 a win, 0 a draw), -2 if it
 * never moved: once it held a win it must win, once a draw not lose. */
static long play_out(const lt_game *g, lt_state *s, lt_player **players,
                     uint64_t seed, int perfect_seat, double *held)
{
    long n = 0;
    *held = -2;
    for (int p; (p = g->current_player(s)) != LT_TERMINAL; n++) {
        uint64_t k = seed * 1000003u + (uint64_t)n;
        lt_action a;
        if (p == LT_CHANCE) {
            lt_rng rng;
            lt_rng_seed(&rng, k, 0);
            a = lt_rng_play(&rng, g, s);
        } else {
            lt_think_info info = {0};
            a = lt_player_choose(players[p], s, k, NULL, &info);
            if (p == perfect_seat && info.value[p] > *held)
                *held = info.value[p];
        }
        lt_advance(g, s, a);
    }
    return n;
}

/* Games of the perfect player against random play and against MCTS,
 * from the start and from positions reached by random moves; a position
 * it judged won must end won, one judged drawn must not end lost. */
static int check_games(const lt_game *g, const lt_config *cfg, long games,
                       long iterations, uint64_t seed)
{
    char mcts[64];
    snprintf(mcts, sizeof mcts, "ai:mcts:iterations=%ld", iterations);
    lt_error err = {0};
    lt_player *perfect = lt_player_new(g, "ai:perfect", &err);
    lt_player *rnd = lt_player_new(g, "random", &err);
    lt_player *search = lt_player_new(g, mcts, &err);
    lt_state *s = lt_state_new(g);
    long won = 0, won_kept = 0, drawn = 0, drawn_kept = 0, lost = 0, moved = 0;
    int status = EXIT_OK;
    if (!perfect || !rnd || !search || !s) {
        status = cli_fail(EXIT_FAIL, "%s", err.msg[0] ? err.msg : "out of memory");
        goto done;
    }
    for (long k = 0; k < games; k++) {
        lt_rng rng;
        lt_rng_seed(&rng, seed + (uint64_t)k, 1);
        lt_init(g, s, cfg, NULL);
        /* a random opening of 0..15 actions, so that many positions, won
         * and lost ones for either side, are tried */
        for (int i = (int)lt_rng_below(&rng, 16);
             i > 0 && g->current_player(s) != LT_TERMINAL; i--)
            lt_advance(g, s, lt_rng_play(&rng, g, s));
        int seat = (int)(k / 2 % 2);
        lt_player *players[2];
        players[seat] = perfect;
        players[!seat] = k % 2 ? rnd : search;
        double held, r[LT_MAX_PLAYERS];
        play_out(g, s, players, seed + (uint64_t)k, seat, &held);
        g->returns(s, r);
        moved += held > -2;
        if (held >= 1) {
            won++;
            won_kept += r[seat] > 0;
        } else if (held >= 0) {
            drawn++;
            drawn_kept += r[seat] >= 0;
        } else if (held > -2) {
            lost++;
        }
    }
    printf("check: %ld games against random play and MCTS (%ld iterations), "
           "the perfect player moved in %ld\n", games, iterations, moved);
    printf("won positions won %ld of %ld, drawn positions not lost %ld of %ld, "
           "lost positions %ld\n", won_kept, won, drawn_kept, drawn, lost);
    if (won_kept != won || drawn_kept != drawn)
        status = cli_fail(EXIT_FAIL, "the perfect player let a position slip");
done:
    lt_player_free(perfect);
    lt_player_free(rnd);
    lt_player_free(search);
    lt_state_free(s);
    return status;
}

/* How far the analysis has come, on one line of a terminal. */
static void solving(void *ctx, const lt_think_info *info)
{
    bool *shown = ctx;
    if (info->table_total <= 0 || info->seconds < 0.5 || !isatty(fileno(stderr)))
        return;
    fputs("\r", stderr);
    fprintf(stderr, _("  solving: %lld of %lld positions (%lld%%), %.0fs"),
            info->table_done, info->table_total,
            100 * info->table_done / info->table_total, info->seconds);
    fputs("\033[K", stderr);
    *shown = true;
}

static void table_done(void *ctx, const eg_report *r)
{
    (void)ctx;
    printf("table %s: %" PRIu64 " positions, won %" PRIu64 ", drawn %" PRIu64
           ", lost %" PRIu64 ", longest %d plies, %.2f s\n", r->name,
           r->positions, r->won, r->drawn, r->lost, r->maxd, r->seconds);
    fflush(stdout);
}

/* The messages of an MPI job for the tables (mpi_job.h). */
static bool job_all(void *ctx, bool ok)
{
    (void)ctx;
    return mpi_job_all(ok);
}

static bool job_share(void *ctx, void *buf, const uint64_t *start)
{
    (void)ctx;
    return mpi_job_share(buf, start);
}

static void *job_swap(void *ctx, const void *out, const size_t *at,
                      const size_t *len, size_t *got)
{
    (void)ctx;
    return mpi_job_swap(out, at, len, got);
}

/* The processor seconds since *cpu of all the job's processes, into
 * *cpu, and the peak memory of the largest; alone, this process's. */
static void job_totals(const eg_job *job, double *cpu, double *mib)
{
    *cpu = cpu_seconds() - *cpu;
    *mib = peak_mib();
    eg_combine(job, cpu, 1, false);
    eg_combine(job, mib, 1, true);
}

/* solve ID --endgames: the endgame tables of the game's rules up to `men`
 * men a side, built (or with cached read from the cache folder) and
 * stored there, with verify checked position by position; in the
 * processes of an MPI job (rank of size) built and checked together,
 * process 0 printing and storing them. */
static int solve_endgames(const lt_game *g, const lt_config *cfg, long long men,
                          bool cached, bool verify, int rank, int size)
{
    eg_rules rules;
    int men_default, men_max;
    char opts[512], msg[1400], path[1200];
    if (!eg_rules_of(g, cfg, &rules, &men_default, &men_max, msg, sizeof msg))
        return cli_fail(EXIT_USAGE, "%s", msg);
    if (men == 0)
        men = men_default;
    if (men < rules.least || men > men_max)
        return cli_fail(EXIT_USAGE, _("--men: from %d to %d for these rules"),
                        rules.least, men_max);
    eg_job job = {.rank = rank, .size = size, .all = job_all,
                  .share = job_share, .swap = job_swap};
    bool lead = rank == 0;
    lt_config_write(g, cfg, opts, sizeof opts);
    if (lead)
        printf("%s (%s): endgame tables %s, --men %lld\n", g->id,
               opts, rules.name, men);
    fflush(stdout);
    eg_tables *t = NULL;
    if (cached) {
        t = eg_cache_load(&rules, (int)men, msg, sizeof msg);
        if (!t && msg[0])
            fprintf(stderr, _("%s; building it again\n"), msg);
        if (!mpi_job_all(t != NULL)) { /* built by all, or by none */
            eg_free(t);
            t = NULL;
        }
    }
    double start = cli_seconds(), cpu = cpu_seconds(), mib = 0;
    bool built = !t;
    if (built) {
        t = eg_build(&rules, (int)men, &job, lead ? table_done : NULL, NULL,
                     msg, sizeof msg);
        if (!t)
            return cli_fail(EXIT_FAIL, "%s", msg);
        job_totals(&job, &cpu, &mib);
    }
    double seconds = cli_seconds() - start;
    int status = EXIT_OK;
    eg_cache_path(&rules, (int)men, path, sizeof path);
    if (lead) {
        printf("positions %" PRIu64 "\n", t->entries);
        printf("longest %d plies\n", t->maxd);
    }
    if (lead && built) {
        printf("build %.2f s (processor %.2f s)\n", seconds, cpu);
        printf("memory %.0f MiB\n", mib);
        if (size > 1) /* the processor time of all, the memory of the largest */
            printf("processes %d\n", size);
        if (!eg_cache_store(t, msg, sizeof msg)) {
            status = cli_fail(EXIT_FAIL, _("the tables could not be stored: %s"), msg);
        }
    }
    if (lead)
        printf("file %s (%" PRIu64 " bytes)\n", path, eg_file_bytes(t));
    fflush(stdout);
    /* the others stop with process 0 (its message said why) */
    if (!mpi_job_all(status == EXIT_OK))
        status = EXIT_FAIL;
    if (verify && status == EXIT_OK) {
        double v0 = cli_seconds(), c0 = cpu_seconds();
        uint64_t bad = eg_verify(t, &job, msg, sizeof msg);
        double vseconds = cli_seconds() - v0;
        job_totals(&job, &c0, &mib);
        if (lead && bad != UINT64_MAX)
            printf("verify %" PRIu64 " positions disagree, %.2f s (processor %.2f s)\n",
                   bad, vseconds, c0);
        if (bad == UINT64_MAX) {
            status = cli_fail(EXIT_FAIL, "%s", msg);
        } else if (bad && lead) { /* no player is to play by tables found wrong */
            remove(path);
            status = cli_fail(EXIT_FAIL, _("%s; the file is removed"), msg);
        } else if (bad) {
            status = EXIT_FAIL;
        }
    }
    eg_free(t);
    return status;
}

/* solve with the processes of the MPI job it runs in (rank of size), or
 * alone. */
static int solve(int argc, char **argv, int rank, int size)

{
    if (argc < 2 || argv[1][0] == '-')
        return cli_fail(EXIT_USAGE, "usage: ludoteka solve ID [--option k=v]...");
    const lt_game *g = cli_game(argv[1]);
    if (!g)
        return EXIT_USAGE;
    lt_config cfg;
    lt_config_default(g, &cfg, 0);
    long long games = 0, iterations = 300, seed = 1, men = 0;
    bool cached = false, endgames = false, verify = false;
    const char *v;
    lt_error err = {0};
    for (int i = 2; i < argc; i++) {
        if (cli_flag(argc, argv, &i, "--option", &v)) {
            if (!v)
                return EXIT_USAGE;
            if (lt_config_set(g, &cfg, v, &err) != LT_OK)
                return cli_fail(EXIT_USAGE, "%s", err.msg);
        } else if (!strcmp(argv[i], "--cached")) {
            cached = true;
        } else if (!strcmp(argv[i], "--endgames")) {
            endgames = true;
        } else if (!strcmp(argv[i], "--verify")) {
            verify = true;
        } else if (cli_flag(argc, argv, &i, "--men", &v)) {
            if (!cli_int("--men", v, 1, EG_MEN_MAX, &men))
                return EXIT_USAGE;
        } else if (cli_flag(argc, argv, &i, "--games", &v)) {
            if (!cli_int("--games", v, 0, 100000000, &games))
                return EXIT_USAGE;
        } else if (cli_flag(argc, argv, &i, "--mcts", &v)) {
            if (!cli_int("--mcts", v, 1, 100000000, &iterations))
                return EXIT_USAGE;
        } else if (cli_flag(argc, argv, &i, "--seed", &v)) {
            if (!cli_int("--seed", v, 0, INT64_MAX, &seed))
                return EXIT_USAGE;
        } else {
            return cli_fail(EXIT_USAGE, "solve: unexpected argument '%s' (see "
                                        "solve --help)", argv[i]);
        }
    }
    if (endgames)
        return solve_endgames(g, &cfg, men, cached, verify, rank, size);
    if (size > 1)
        return cli_fail(EXIT_USAGE, "%s", _("under mpirun, solve works only with "
                                            "--endgames"));
    if (men || verify)
        return cli_fail(EXIT_USAGE, "%s", _("--men and --verify go with --endgames"));
    if (!has_perfect(g))
        return cli_fail(EXIT_USAGE, "%s has no perfect player: it cannot be "
                                    "solved here", g->id);
    /* the perfect player solves afresh (or takes a cached table) and
     * judges as the solve reports */
    lt_player *solver = lt_player_new(g, cached ? "ai:perfect:solve"
                                                : "ai:perfect:solve:fresh", &err);
    lt_player *players[2] = {lt_player_new(g, "ai:perfect", &err),
                             lt_player_new(g, "ai:perfect", &err)};
    lt_state *s = lt_state_new(g);
    int status = EXIT_OK;
    if (!solver || !players[0] || !players[1] || !s) {
        status = cli_fail(EXIT_FAIL, "%s", err.msg[0] ? err.msg : "out of memory");
        goto done;
    }
    if (lt_init(g, s, &cfg, &err) != LT_OK || g->current_player(s) < 0) {
        status = cli_fail(EXIT_USAGE, "%s", err.msg[0] ? err.msg
                                                       : "the game is over at once");
        goto done;
    }
    char opts[512];
    lt_config_write(g, &cfg, opts, sizeof opts);
    printf("%s (%s)\n", g->id, opts);
    fflush(stdout);
    double start = cli_seconds(), cpu = cpu_seconds();
    lt_think_info info = {0};
    bool shown = false;
    lt_limits lim = {.progress = solving, .ctx = &shown};
    lt_player_choose(solver, s, 1, &lim, &info);
    if (shown)
        fputs("\r\033[K", stderr);
    double seconds = cli_seconds() - start;
    cpu = cpu_seconds() - cpu;
    if (info.nodes <= 0 || info.stand_in) {
        status = cli_fail(EXIT_FAIL, "the analysis failed (out of memory?)");
        goto done;
    }
    double first = info.value[0];
    printf("value %s\n", first > 0 ? "win" : first < 0 ? "loss" : "draw");
    printf("positions %lld\n", info.nodes);
    printf("time %.2f s (processor %.2f s)\n", seconds, cpu);
    printf("memory %.0f MiB\n", peak_mib());
    double held;
    long plies = play_out(g, s, players, (uint64_t)seed, -1, &held);
    char result[64];
    lt_result_text(g, s, result, sizeof result);
    printf("perfect play %ld actions, %s\n", plies, result);
    fflush(stdout);
    if (games > 0)
        status = check_games(g, &cfg, (long)games, (long)iterations,
                             (uint64_t)seed);
done:
    lt_player_free(solver);
    lt_player_free(players[0]);
    lt_player_free(players[1]);
    lt_state_free(s);
    return status;
}

int cmd_solve(int argc, char **argv)
{
    int rank, size;
    if (!mpi_job_begin(&rank, &size)) {
        mpi_job_end();
        return EXIT_FAIL;
    }
    int status = solve(argc, argv, rank, size);
    mpi_job_end();
    return status;
}
