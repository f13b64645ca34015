/* cmd_tune.c — ludoteka tune: self-play positions and Texel tuning of the
 * chess engine's evaluation (src/engines/chess/tune.c). */
#include <stdlib.h>
#include <string.h>

#include "../engines/chess/tune.h"
#include "cli.h"
#include "cmd.h"
#include "ludoteka/text.h"

const char cmd_tune_usage[] =
    "usage: ludoteka tune selfplay --out FILE [--games N] [--nodes N]\n"
    "                      [--random-plies N] [--seed N]\n"
    "       ludoteka tune fit DATA [--out FILE] [--epochs N] [--rate X]\n"
    "                             [--reg X] [--lambda X]\n"
    "\n"
    "selfplay: the chess engine plays itself (N nodes a move, default\n"
    "3000; the first moves at random, default 8) and appends each quiet\n"
    "position with the game's result and the search's score, both\n"
    "from white's side, to FILE ('FEN | 1.0 | 35').\n"
    "fit: Texel tuning - fits the evaluation's weights to the results\n"
    "of the positions in DATA (default 1000 epochs of Adam at rate 1\n"
    "centipawn; --reg pulls towards the present weights; the target\n"
    "is lambda * result + (1 - lambda) * the curve at the score, default\n"
    "lambda 0.5) and writes\n"
    "the weights that best predict the held-out tenth as weights.c\n"
    "(default to standard output; put it in src/engines/chess/ and\n"
    "rebuild).";

int cmd_tune(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "%s\n", cmd_tune_usage);
        return EXIT_USAGE;
    }
    bool selfplay = !strcmp(argv[1], "selfplay"), fit = !strcmp(argv[1], "fit");
    if (!selfplay && !fit)
        return cli_fail(EXIT_USAGE, "tune: expected selfplay or fit, not '%s'",
                        argv[1]);
    const char *out_path = NULL, *data = NULL, *v;
    long long games = 100, nodes = 3000, plies = 8, seed = 1, epochs = 1000;
    double rate = 1.0, reg = 0, lambda = 0.5;
    for (int i = 2; i < argc; i++) {
        long long *slot = NULL, lo = 1, hi = 1000000000;
        const char *flag = argv[i];
        if (cli_flag(argc, argv, &i, "--out", &v)) {
            if (!v)
                return EXIT_USAGE;
            out_path = v;
            continue;
        } else if (cli_flag(argc, argv, &i, "--rate", &v)) {
            if (!cli_real("--rate", v, 0, false, 100, &rate))
                return EXIT_USAGE;
            continue;
        } else if (cli_flag(argc, argv, &i, "--reg", &v)) {
            if (!cli_real("--reg", v, 0, true, 1e6, &reg))
                return EXIT_USAGE;
            continue;
        } else if (cli_flag(argc, argv, &i, "--lambda", &v)) {
            if (!cli_real("--lambda", v, 0, true, 1, &lambda))
                return EXIT_USAGE;
            continue;
        } else if (cli_flag(argc, argv, &i, "--games", &v)) {
            slot = &games;
        } else if (cli_flag(argc, argv, &i, "--nodes", &v)) {
            slot = &nodes;
        } else if (cli_flag(argc, argv, &i, "--random-plies", &v)) {
            slot = &plies;
            lo = 0;
            hi = 40;
        } else if (cli_flag(argc, argv, &i, "--seed", &v)) {
            slot = &seed;
            lo = 0;
            hi = INT64_MAX;
        } else if (cli_flag(argc, argv, &i, "--epochs", &v)) {
            slot = &epochs;
            lo = 0;
        } else if (fit && !data && argv[i][0] != '-') {
            data = argv[i];
            continue;
        } else {
            return cli_fail(EXIT_USAGE, "tune: unexpected argument '%s'",
                            argv[i]);
        }
        /* the flag's name, without "=value" */
        char name[32];
        lt_copy(name, sizeof name, flag);
        name[strcspn(name, "=")] = '\0';
        if (!cli_int(name, v, lo, hi, slot))
            return EXIT_USAGE;
    }
    if (selfplay) {
        if (!out_path)
            return cli_fail(EXIT_USAGE, "tune selfplay needs --out FILE");
        FILE *f = fopen(out_path, "a");
        if (!f)
            return cli_fail(EXIT_FAIL, "cannot write %s", out_path);
        long long n =
            chess_selfplay(f, (int)games, nodes, (int)plies, (uint64_t)seed);
        fclose(f);
        if (n < 0)
            return cli_no_memory();
        printf("%lld positions from %lld games\n", n, games);
        return EXIT_OK;
    }
    if (!data)
        return cli_fail(EXIT_USAGE, "tune fit needs a data file");
    FILE *out = out_path ? fopen(out_path, "w") : stdout;
    if (!out)
        return cli_fail(EXIT_FAIL, "cannot write %s", out_path);
    char msg[256];
    int st = chess_tune_fit(data, out, (int)epochs, rate, reg, lambda, stderr,
                            msg, sizeof msg);
    if (out != stdout)
        fclose(out);
    return st == 0 ? EXIT_OK : cli_fail(EXIT_FAIL, "%s", msg);
}
