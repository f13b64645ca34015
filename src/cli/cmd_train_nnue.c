/* cmd_train_nnue.c — ludoteka train-nnue: trains the chess engine's
 * network on selfplay files and writes it (src/engines/chess/train.c,
 * docs/nnue.md). */
#include <stdlib.h>
#include <string.h>

#include "../engines/chess/train.h"
#include "cli.h"
#include "cmd.h"

/* The most positions the trainer reads (32 bytes each in memory). */
enum { DATA_MAX = 64 * 1000 * 1000, DATA_FILES_MAX = 16 };

int cmd_train_nnue(int argc, char **argv)
{
    const char *out_path = NULL, *data[DATA_FILES_MAX], *v;
    int ndata = 0;
    long long hidden = 128, epochs = 30, batch = 1024, seed = 1;
    double lr = 0.001, lambda = 0.3;
    bool mirror = true;
    for (int i = 1; i < argc; i++) {
        long long *slot, lo = 1, hi = 100000;
        const char *name;
        if (cli_flag(argc, argv, &i, "--out", &v)) {
            if (!v)
                return EXIT_USAGE;
            out_path = v;
            continue;
        } else if (cli_flag(argc, argv, &i, "--data", &v)) {
            if (!v)
                return EXIT_USAGE;
            if (ndata == DATA_FILES_MAX)
                return cli_fail(EXIT_USAGE, _("train-nnue: at most %d --data "
                                              "files"),
                                DATA_FILES_MAX);
            data[ndata++] = v;
            continue;
        } else if (!strcmp(argv[i], "--no-mirror")) {
            mirror = false;
            continue;
        } else if (cli_flag(argc, argv, &i, "--lr", &v)) {
            if (!cli_real("--lr", v, 0, false, 1, &lr))
                return EXIT_USAGE;
            continue;
        } else if (cli_flag(argc, argv, &i, "--lambda", &v)) {
            if (!cli_real("--lambda", v, 0, true, 1, &lambda))
                return EXIT_USAGE;
            continue;
        } else if (cli_flag(argc, argv, &i, "--hidden", &v)) {
            slot = &hidden, name = "--hidden", lo = 16, hi = NNUE_HIDDEN_MAX;
        } else if (cli_flag(argc, argv, &i, "--epochs", &v)) {
            slot = &epochs, name = "--epochs";
        } else if (cli_flag(argc, argv, &i, "--batch", &v)) {
            slot = &batch, name = "--batch", hi = 1000000;
        } else if (cli_flag(argc, argv, &i, "--seed", &v)) {
            slot = &seed, name = "--seed", lo = 0, hi = INT64_MAX;
        } else {
            return cli_unexpected("train-nnue", argv[i]);
        }
        if (!cli_int(name, v, lo, hi, slot))
            return EXIT_USAGE;
    }
    if (hidden % 16)
        return cli_fail(EXIT_USAGE, "%s",
                        _("--hidden: expected a multiple of 16"));
    if (!ndata || !out_path)
        return cli_fail(EXIT_USAGE, "%s",
                        _("train-nnue needs --data FILE and --out NET"));
    char msg[512];
    nnue_data d = {0};
    for (int k = 0; k < ndata; k++)
        if (!nnue_data_read(&d, data[k], DATA_MAX, msg, sizeof msg)) {
            nnue_data_free(&d);
            return cli_fail(EXIT_FAIL, "%s", msg);
        }
    nnue_train_opts o = {.hidden = (int)hidden, .epochs = (int)epochs,
                         .batch = (int)batch, .lr = lr, .lambda = lambda,
                         .seed = (uint64_t)seed, .mirror = mirror,
                         .log = stderr};
    double loss;
    nnue_float *f = nnue_train(&d, &o, &loss, msg, sizeof msg);
    nnue_data_free(&d);
    if (!f)
        return cli_fail(EXIT_FAIL, "%s", msg);
    nnue_net *net = nnue_quantize(f);
    nnue_float_free(f);
    if (!net)
        return cli_no_memory();
    bool ok = nnue_save(net, out_path, msg, sizeof msg);
    nnue_free(net);
    if (!ok)
        return cli_fail(EXIT_FAIL, "%s", msg);
    printf(_("%s: held-out loss %.6f\n"), out_path, loss);
    return EXIT_OK;
}
