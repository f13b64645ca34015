/* measure.c — playouts (random games per second) and perft (counting the
 * action sequences of a given length). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "cmd.h"
#include "ludoteka/ai.h"
#include "ludoteka/engines.h"
#include "ludoteka/options.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"

/* Plays one random game in s from first, an initial state (dice and
 * moves from the seed); returns its length and folds its actions into
 * *signature (may be NULL).  A game with its own playout
 * (lt_game.random_playout) plays it in one call, writing into buf (room
 * for max_length + 1 actions). */
static long long cli_random_game(const lt_game *g, lt_state *s,
                                  const lt_state *first, uint64_t seed,
                                  uint64_t *signature, lt_action *buf)
{
    lt_rng rng;
    lt_rng_seed(&rng, seed, 0);
    lt_state_copy(g, s, first);
    if (g->random_playout) {
        int n = g->random_playout(s, &rng, buf);
        for (int i = 0; signature && i < n; i++)
            *signature = (*signature ^ (uint64_t)buf[i]) * 0x100000001b3u;
        return n;
    }
    long long plies = 0;
    while (g->current_player(s) != LT_TERMINAL) {
        lt_action a = lt_rng_play(&rng, g, s);
        lt_advance(g, s, a);
        plies++;
        if (signature)
            *signature = (*signature ^ (uint64_t)a) * 0x100000001b3u;
    }
    return plies;
}

/* Room for one game's actions (cli_random_game), or NULL. */
static lt_action *game_buffer(const lt_game *g)
{
    return malloc(sizeof(lt_action) * (size_t)(g->max_length + 1));
}

bool cli_playouts(const lt_game *g, const lt_state *first, lt_state *s,
                  double seconds, long long *games, long long *plies,
                  double *dt)
{
    lt_action *buf = game_buffer(g);
    if (!buf)
        return false;
    double start = cli_seconds();
    *games = *plies = 0;
    do {
        for (long long stop = *games + *games / 64 + 1; *games < stop; ++*games)
            *plies += cli_random_game(g, s, first, (uint64_t)*games, NULL, buf);
    } while ((*dt = cli_seconds() - start) < seconds);
    free(buf);
    return true;
}

/* Reads the arguments both commands share: the game id first (or
 * --game), --option, --players and --position/--fen.  Returns the game or
 * NULL (reported); *used marks the arguments it took. */
static const lt_game *game_args(int argc, char **argv, const char *id,
                                lt_config *cfg, const char **position,
                                bool *used)
{
    if (argc >= CLI_ARGS_MAX) {
        cli_too_many();
        return NULL;
    }
    const char *v;
    for (int i = 1; i < argc; i++) {
        int at = i;
        if (cli_flag(argc, argv, &i, "--game", &v)) {
            if (!v)
                return NULL;
            id = v;
        } else if (argv[i][0] != '-' && i == 1) {
            id = argv[i];
        } else {
            continue;
        }
        for (int k = at; k <= i; k++)
            used[k] = true;
    }
    if (!id) {
        cli_fail(EXIT_USAGE, "%s: which game?", argv[0]);
        return NULL;
    }
    const lt_game *g = cli_game(id);
    if (!g || cli_game_config(argc, argv, 1, g, cfg, used) != EXIT_OK)
        return NULL;
    *position = NULL;
    for (int i = 1; i < argc; i++) {
        int at = i;
        if (used[i] || !(cli_flag(argc, argv, &i, "--position", &v) ||
                         cli_flag(argc, argv, &i, "--fen", &v)))
            continue;
        if (!v)
            return NULL;
        *position = v;
        for (int k = at; k <= i; k++)
            used[k] = true;
    }
    return g;
}

/* The first argument nobody took, if any, as an error. */
static bool leftovers(int argc, char **argv, const bool *used)
{
    for (int i = 1; i < argc; i++)
        if (!used[i]) {
            cli_fail(EXIT_USAGE, "%s: unexpected argument '%s' (see %s --help)",
                     argv[0], argv[i], argv[0]);
            return true;
        }
    return false;
}

int cmd_playouts(int argc, char **argv)
{
    bool used[CLI_ARGS_MAX] = {false};
    lt_config cfg;
    const char *position, *v;
    const lt_game *g = game_args(argc, argv, NULL, &cfg, &position, used);
    if (!g)
        return EXIT_USAGE;
    double seconds = 5;
    for (int i = 1; i < argc; i++) {
        int at = i;
        if (used[i] || !cli_flag(argc, argv, &i, "--seconds", &v))
            continue;
        if (!cli_real("--seconds", v, 0, false, 86400, &seconds))
            return EXIT_USAGE;
        used[at] = used[i] = true;
    }
    if (position)
        return cli_fail(EXIT_USAGE, "playouts starts from the initial position");
    if (leftovers(argc, argv, used))
        return EXIT_USAGE;
    lt_state *s = lt_state_new(g), *first = lt_state_new(g);
    lt_error err = {0};
    if (!s || !first || lt_init(g, first, &cfg, &err) != LT_OK) {
        lt_state_free(s);
        lt_state_free(first);
        return cli_fail(EXIT_USAGE, "%s", s && first ? err.msg : "out of memory");
    }
    long long games, plies;
    double dt;
    if (!cli_playouts(g, first, s, seconds, &games, &plies, &dt)) {
        lt_state_free(s);
        lt_state_free(first);
        return cli_no_memory();
    }
    printf("%s: %lld playouts, %lld plies in %.2f s\n", g->id, games, plies, dt);
    printf("playouts/s %.1f\nplies/s %.0f\nplies/playout %.1f\n", games / dt,
           plies / dt, (double)plies / (double)games);
    lt_state_free(s);
    lt_state_free(first);
    return EXIT_OK;
}

static uint64_t perft(const lt_game *g, const lt_state *s, int depth,
                      lt_state *scratch)
{
    if (depth == 0)
        return 1;
    if (g->perft)
        return g->perft(s, depth);
    lt_action acts[LT_MAX_ACTIONS];
    int n = lt_choices(g, s, acts);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    lt_state *child = (lt_state *)((char *)scratch);
    lt_state *deeper = (lt_state *)((char *)scratch + g->state_size);
    for (int i = 0; i < n; i++) {
        lt_state_copy(g, child, s);
        lt_advance(g, child, acts[i]);
        total += perft(g, child, depth - 1, deeper);
    }
    return total;
}

int cmd_perft(int argc, char **argv)
{
    bool used[CLI_ARGS_MAX] = {false};
    lt_config cfg;
    const char *position, *v;
    const lt_game *g = game_args(argc, argv, "chess", &cfg, &position, used);
    if (!g)
        return EXIT_USAGE;
    long long depth = -1;
    bool divide = false;
    for (int i = 1; i < argc; i++) {
        int at = i;
        if (used[i])
            continue;
        if (!strcmp(argv[i], "--divide")) {
            divide = used[i] = true;
        } else if (cli_flag(argc, argv, &i, "--depth", &v)) {
            if (!cli_int("--depth", v, 0, 64, &depth))
                return EXIT_USAGE;
            used[at] = used[i] = true;
        }
    }
    if (leftovers(argc, argv, used))
        return EXIT_USAGE;
    if (depth < 0)
        return cli_fail(EXIT_USAGE, "perft needs --depth N");
    lt_state *s = lt_state_new(g);
    char *scratch = malloc(g->state_size * (size_t)(depth + 2) + 16);
    lt_error err = {0};
    int status = EXIT_OK;
    if (!s || !scratch) {
        status = cli_no_memory();
    } else if (lt_init(g, s, &cfg, &err) != LT_OK) {
        status = cli_fail(EXIT_USAGE, "%s", err.msg);
    } else if (position && g->read_state(s, position, &err) != LT_OK) {
        status = cli_bad_position(g, err.msg);
    } else {
        double start = cli_seconds();
        uint64_t total = 0;
        if (divide && depth > 0) {
            lt_action acts[LT_MAX_ACTIONS];
            int n = lt_choices(g, s, acts);
            lt_state *child = lt_state_new(g);
            for (int i = 0; child && i < n; i++) {
                char name[64];
                lt_state_copy(g, child, s);
                lt_advance(g, child, acts[i]);
                uint64_t c = perft(g, child, (int)depth - 1, (lt_state *)scratch);
                printf("%s %" PRIu64 "\n", lt_name(g, s, acts[i], name, sizeof name), c);
                total += c;
            }
            lt_state_free(child);
        } else {
            total = perft(g, s, (int)depth, (lt_state *)scratch);
        }
        double dt = cli_seconds() - start;
        printf("nodes %" PRIu64 "\n", total);
        fprintf(stderr, "time %.3f s, %.0f nodes/s\n", dt, dt > 0 ? total / dt : 0.0);
    }
    free(scratch);
    lt_state_free(s);
    return status;
}

/* The search half of the bench: a deterministic search (by node count or
 * depth) from the game's bench positions, or from the start and from
 * three positions some random plies in. */
static long long bench_search(const lt_game *g, const lt_config *cfg,
                              uint64_t *signature)
{
    const lt_engines *en = lt_engines_of(g);
    const char *spec = en->bench_player     ? en->bench_player
                       : !en->evaluate      ? "ai:mcts:nodes=2000:threads=1"
                       : g->max_players > 2 ? "ai:brs:nodes=20000"
                       : g->has_chance      ? "ai:expectimax:nodes=20000"
                                            : "ai:alphabeta:nodes=20000";
    lt_error err = {0};
    lt_player *p = lt_player_new(g, spec, &err);
    lt_state *s = lt_state_new(g);
    long long nodes = 0;
    if (!p)
        cli_fail(EXIT_FAIL, "bench: %s: %s", g->id, err.msg);
    for (int k = 0; p && s && (en->bench_positions ? en->bench_positions[k] != NULL
                                                   : k < 4); k++) {
        lt_init(g, s, cfg, NULL);
        if (en->bench_positions) {
            if (g->read_state(s, en->bench_positions[k], &err) != LT_OK) {
                cli_fail(EXIT_FAIL, "bench: %s: %s", g->id, err.msg);
                break;
            }
        } else {
            lt_rng rng;
            lt_rng_seed(&rng, (uint64_t)k, 99);
            for (int ply = 0; ply < 6 * k || g->current_player(s) == LT_CHANCE;
                 ply++) {
                if (g->current_player(s) == LT_TERMINAL)
                    break;
                lt_advance(g, s, lt_rng_play(&rng, g, s));
            }
        }
        if (g->current_player(s) < 0)
            continue;
        lt_think_info info;
        lt_action a = lt_player_choose(p, s, (uint64_t)k, NULL, &info);
        nodes += info.nodes;
        *signature = (*signature ^ (uint64_t)a ^ (uint64_t)info.nodes << 20) *
                     0x100000001b3u;
    }
    lt_player_free(p);
    lt_state_free(s);
    return nodes;
}

int cmd_bench(int argc, char **argv)
{
    long long n = 2000;
    const char *v;
    for (int i = 1; i < argc; i++) {
        if (cli_flag(argc, argv, &i, "--playouts", &v)) {
            if (!cli_int("--playouts", v, 1, 100000000, &n))
                return EXIT_USAGE;
        } else {
            return cli_fail(EXIT_USAGE, "bench: unknown argument '%s'", argv[i]);
        }
    }
    long long nodes = 0;
    uint64_t signature = 0xcbf29ce484222325u;
    double start = cli_seconds();
    printf("%-20s %10s %12s %12s %12s %12s\n", "game", "playouts", "plies",
           "plies/s", "search", "nodes/s");
    for (int i = 0; i < lt_game_count(); i++) {
        const lt_game *g = lt_game_at(i);
        lt_config cfg;
        lt_config_default(g, &cfg, 0);
        lt_state *s = lt_state_new(g), *first = lt_state_new(g);
        lt_action *buf = game_buffer(g);
        if (!s || !first || !buf) {
            lt_state_free(s);
            lt_state_free(first);
            free(buf);
            return cli_no_memory();
        }
        lt_init(g, first, &cfg, NULL);
        double t0 = cli_seconds();
        long long plies = 0;
        for (long long k = 0; k < n; k++)
            plies += cli_random_game(g, s, first, (uint64_t)k, &signature, buf);
        double t1 = cli_seconds();
        free(buf);
        lt_state_free(s);
        lt_state_free(first);
        long long searched = bench_search(g, &cfg, &signature);
        double t2 = cli_seconds();
        printf("%-20s %10lld %12lld %12.0f %12lld %12.0f\n", g->id, n, plies,
               t1 > t0 ? plies / (t1 - t0) : 0.0, searched,
               t2 > t1 ? searched / (t2 - t1) : 0.0);
        nodes += plies + searched;
    }
    double dt = cli_seconds() - start;
    printf("time %.3f s\n", dt);
    printf("nodes %lld signature %016" PRIx64 "\n", nodes, signature);
    return EXIT_OK;
}
