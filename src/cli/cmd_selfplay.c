/* cmd_selfplay.c — ludoteka selfplay: positions from the chess engine's
 * games against itself, scored by its search, for the network's trainer
 * (src/engines/chess/selfplay.c, docs/nnue.md). */
#include <stdlib.h>
#include <string.h>

#include "../engines/chess/nnue.h"
#include "../engines/chess/selfplay.h"
#include "cli.h"
#include "cmd.h"

static void progress(void *ctx, int games, long long positions)
{
    (void)ctx;
    if (games % 100 == 0)
        fprintf(stderr, _("%d games, %lld positions\n"), games, positions);
}

int cmd_selfplay(int argc, char **argv)
{
    if (argc < 2 || argv[1][0] == '-')
        return cli_which_game("selfplay");
    if (strcmp(argv[1], "chess") != 0)
        return cli_fail(EXIT_USAGE,
                        _("selfplay: only chess has self-play data, not "
                          "'%s'"),
                        argv[1]);
    const char *out_path = NULL, *net_path = NULL, *v;
    long long games = 100, nodes = 5000, plies = 8, seed = 1, jobs = 1;
    bool text = false;
    for (int i = 2; i < argc; i++) {
        long long *slot, lo = 1, hi = 10000000;
        const char *name;
        if (cli_flag(argc, argv, &i, "--out", &v)) {
            if (!v)
                return EXIT_USAGE;
            out_path = v;
            continue;
        } else if (cli_flag(argc, argv, &i, "--net", &v)) {
            if (!v)
                return EXIT_USAGE;
            net_path = v;
            continue;
        } else if (!strcmp(argv[i], "--text")) {
            text = true;
            continue;
        } else if (cli_flag(argc, argv, &i, "--games", &v)) {
            slot = &games, name = "--games";
        } else if (cli_flag(argc, argv, &i, "--nodes", &v)) {
            slot = &nodes, name = "--nodes", hi = 100000000;
        } else if (cli_flag(argc, argv, &i, "--random-plies", &v)) {
            slot = &plies, name = "--random-plies", lo = 0, hi = 40;
        } else if (cli_flag(argc, argv, &i, "--seed", &v)) {
            slot = &seed, name = "--seed", lo = 0, hi = INT64_MAX;
        } else if (cli_flag(argc, argv, &i, "--jobs", &v)) {
            slot = &jobs, name = "--jobs", hi = 64;
        } else {
            return cli_unexpected("selfplay", argv[i]);
        }
        if (!cli_int(name, v, lo, hi, slot))
            return EXIT_USAGE;
    }
    if (!out_path)
        return cli_fail(EXIT_USAGE, "%s", _("selfplay needs --out FILE"));
    char msg[512];
    nnue_net *net = NULL;
    if (net_path && !(net = nnue_load(net_path, msg, sizeof msg)))
        return cli_fail(EXIT_FAIL, "%s", msg);
    FILE *f = fopen(out_path, text ? "w" : "wb");
    if (!f) {
        nnue_free(net);
        return cli_fail(EXIT_FAIL, _("cannot write %s"), out_path);
    }
    long long n = chess_sp_run(f, text, (int)games, nodes, (int)plies,
                               (uint64_t)seed, (int)jobs, net, progress, NULL,
                               msg, sizeof msg);
    if (fclose(f) != 0 && n >= 0) {
        n = -1;
        snprintf(msg, sizeof msg, _("cannot write %s"), out_path);
    }
    nnue_free(net);
    if (n < 0)
        return cli_fail(EXIT_FAIL, "%s", msg);
    printf(_("%lld positions from %lld games\n"), n, games);
    return EXIT_OK;
}
