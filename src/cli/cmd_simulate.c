/* cmd_simulate.c — ludoteka simulate: many turns of a dice game played
 * with the seeded generator, on several threads; win rates and mean
 * stakes with 95% confidence intervals, and turns per second. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "cli.h"
#include "cmd.h"
#include "words.h"
#include "ludoteka/engines.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"

enum { THREADS_MAX = 64 };

typedef struct {
    const lt_game *game;
    const lt_config *cfg;
    uint64_t turns, seed;
    int index;
    lt_turn_tally tally;
    bool ok;
} job;

static int run(void *arg)
{
    job *j = arg;
    lt_rng rng;
    /* each thread its own stream of the seed */
    lt_rng_seed(&rng, j->seed, (uint64_t)j->index);
    j->ok = lt_engines_of(j->game)->simulate(j->game, j->cfg, j->turns, &rng,
                                             &j->tally);
    return 0;
}

int cmd_simulate(int argc, char **argv)
{
    const lt_game *g = cli_first_game(argc, argv);
    if (!g)
        return EXIT_USAGE;
    if (!lt_engines_of(g)->simulate)
        return cli_fail(EXIT_USAGE, _("simulate: %s is not one of the dice games"),
                        g->id);
    bool used[CLI_ARGS_MAX] = {false};
    lt_config cfg;
    int status = cli_game_config(argc, argv, 2, g, &cfg, used);
    if (status != EXIT_OK)
        return status;
    long long n = -1, seed = 1, threads = 2;
    const char *v;
    for (int i = 2; i < argc; i++) {
        if (used[i])
            continue;
        if (cli_flag(argc, argv, &i, "-n", &v)) {
            if (!cli_int("-n", v, 1, INT64_MAX, &n))
                return EXIT_USAGE;
        } else if (cli_flag(argc, argv, &i, "--seed", &v)) {
            if (!cli_int("--seed", v, 0, INT64_MAX, &seed))
                return EXIT_USAGE;
        } else if (cli_flag(argc, argv, &i, "--threads", &v)) {
            if (!cli_int("--threads", v, 1, THREADS_MAX, &threads))
                return EXIT_USAGE;
        } else {
            return cli_unexpected(argv[0], argv[i]);
        }
    }
    if (n < 0)
        return cli_fail(EXIT_USAGE, "%s", _("simulate needs -n N, the number of turns"));
    job jobs[THREADS_MAX];
    thrd_t tid[THREADS_MAX];
    int started = 0;
    double t0 = cli_seconds();
    for (int t = 0; t < threads; t++) {
        jobs[t] = (job){.game = g, .cfg = &cfg, .seed = (uint64_t)seed, .index = t,
                        .turns = (uint64_t)n / (uint64_t)threads +
                                 ((uint64_t)t < (uint64_t)n % (uint64_t)threads)};
        if (thrd_create(&tid[t], run, &jobs[t]) != thrd_success)
            break;
        started++;
    }
    for (int t = 0; t < started; t++)
        thrd_join(tid[t], NULL);
    double dt = cli_seconds() - t0;
    if (started < threads)
        return cli_fail(EXIT_FAIL, _("could not start %lld threads"), threads);
    lt_turn_tally all = {0};
    for (int t = 0; t < started; t++) {
        if (!jobs[t].ok)
            return cli_fail(EXIT_FAIL, _("%s: no turn can be played with these "
                                         "options (a player cannot cover the "
                                         "stakes)"),
                            g->id);
        all.has_value = jobs[t].tally.has_value;
        all.turns += jobs[t].tally.turns;
        all.none += jobs[t].tally.none;
        all.value_sum += jobs[t].tally.value_sum;
        all.value_sq += jobs[t].tally.value_sq;
        for (int i = 0; i < LT_MAX_PLAYERS; i++)
            all.wins[i] += jobs[t].tally.wins[i];
    }
    double N = (double)all.turns;
    char turns[64], num[4][64];
    cli_number(turns, sizeof turns, N, 0, false);
    printf("%s: ", g->id);
    printf(lt_ngettext("%d player", "%d players", (unsigned long)cfg.players),
           cfg.players);
    printf(", ");
    printf(lt_ngettext("%s turn", "%s turns", (unsigned long)all.turns), turns);
    printf(_(", seed %lld, "), seed);
    printf(lt_ngettext("%lld thread", "%lld threads", (unsigned long)threads),
           threads);
    putchar('\n');
    /* a label, the rate (or the mean) and its 95% interval; the labels
     * padded alike */
    char label[LT_MAX_PLAYERS + 2][64];
    double mean[LT_MAX_PLAYERS + 2], half[LT_MAX_PLAYERS + 2];
    int rows = 0, width = 6;
    for (int i = 0; i < cfg.players || (i == cfg.players && all.none); i++) {
        uint64_t k = i < cfg.players ? all.wins[i] : all.none;
        mean[rows] = k / N;
        half[rows] = 1.959963984540054 * sqrt(mean[rows] * (1 - mean[rows]) / N);
        if (i < cfg.players)
            snprintf(label[rows++], sizeof label[0], _("seat%d"), i + 1);
        else
            snprintf(label[rows++], sizeof label[0], "%s", P_("odds", "none"));
    }
    if (all.has_value) {
        mean[rows] = all.value_sum / N;
        double var = all.value_sq / N - mean[rows] * mean[rows];
        half[rows] = 1.959963984540054 * sqrt((var > 0 ? var : 0) / N);
        snprintf(label[rows++], sizeof label[0], "%s", P_("odds", "value"));
    }
    for (int r = 0; r < rows; r++)
        width = cli_width(label[r]) > width ? cli_width(label[r]) : width;
    for (int r = 0; r < rows; r++) {
        char padded[96];
        printf("%s %s ± %s  [%s, %s]\n",
               cli_pad(padded, sizeof padded, label[r], width, false),
               cli_number(num[0], sizeof num[0], mean[r], 7, false),
               cli_number(num[1], sizeof num[1], half[r], 7, false),
               cli_number(num[2], sizeof num[2], mean[r] - half[r], 7, false),
               cli_number(num[3], sizeof num[3], mean[r] + half[r], 7, false));
    }
    printf(_("turns/s %s (%s s)\n"),
           cli_number(num[0], sizeof num[0], dt > 0 ? N / dt : 0.0, 0, false),
           cli_number(num[1], sizeof num[1], dt, 3, false));
    return EXIT_OK;
}
