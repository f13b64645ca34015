/* cmd_nnue.c — the chess engine's learned evaluation (docs/nnue.md):
 * ludoteka selfplay chess, positions from the engine's games against
 * itself scored by its search (src/engines/chess/selfplay.c), and
 * ludoteka train-nnue, the network trained on them (train.c). */
#include <stdlib.h>
#include <string.h>

#include "../engines/chess/selfplay.h"
#include "../engines/chess/train.h"
#include "cli.h"
#include "cmd.h"

/* A command's flags: a text, a whole number from lo to hi, a real number
 * above lo (F_REAL) or from lo (F_REAL_FROM) and at most hi, a switch, or
 * a text that may be repeated (up to hi times, counted in *count). */
typedef enum { F_TEXT, F_INT, F_REAL, F_REAL_FROM, F_SWITCH, F_TEXTS } flag_kind;
typedef struct {
    const char *name;
    flag_kind kind;
    void *slot;
    long long lo, hi; /* (whole numbers for the real ones too) */
    int *count;
} flag;

/* Reads argv[first..] by the table; an exit status (EXIT_OK when all
 * were read). */
static int read_flags(const char *command, int argc, char **argv, int first,
                      const flag *flags)
{
    for (int i = first; i < argc; i++) {
        const flag *f = flags;
        const char *v = NULL;
        for (; f->name; f++)
            if (f->kind == F_SWITCH ? !strcmp(argv[i], f->name)
                                    : cli_flag(argc, argv, &i, f->name, &v))
                break;
        if (!f->name)
            return cli_unexpected(command, argv[i]);
        long long n;
        switch (f->kind) {
        case F_SWITCH:
            *(bool *)f->slot = !*(bool *)f->slot;
            break;
        case F_TEXT:
            if (!v)
                return EXIT_USAGE;
            *(const char **)f->slot = v;
            break;
        case F_TEXTS:
            if (!v)
                return EXIT_USAGE;
            if (*f->count >= (int)f->hi)
                return cli_fail(EXIT_USAGE, _("%s: at most %d %s"), command,
                                (int)f->hi, f->name);
            ((const char **)f->slot)[(*f->count)++] = v;
            break;
        case F_INT:
            if (!cli_int(f->name, v, f->lo, f->hi, &n))
                return EXIT_USAGE;
            *(long long *)f->slot = n;
            break;
        case F_REAL:
        case F_REAL_FROM:
            if (!cli_real(f->name, v, (double)f->lo, f->kind == F_REAL_FROM,
                          (double)f->hi, f->slot))
                return EXIT_USAGE;
            break;
        }
    }
    return EXIT_OK;
}

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
    const char *out_path = NULL, *net_path = NULL;
    long long games = 100, nodes = 5000, plies = 8, seed = 1, jobs = 1;
    bool text = false;
    const flag flags[] = {
        {"--out", F_TEXT, &out_path, 0, 0, NULL},
        {"--net", F_TEXT, &net_path, 0, 0, NULL},
        {"--text", F_SWITCH, &text, 0, 0, NULL},
        {"--games", F_INT, &games, 1, 10000000, NULL},
        {"--nodes", F_INT, &nodes, 1, 100000000, NULL},
        {"--random-plies", F_INT, &plies, 0, 40, NULL},
        {"--seed", F_INT, &seed, 0, INT64_MAX, NULL},
        {"--jobs", F_INT, &jobs, 1, 64, NULL},
        {NULL, F_TEXT, NULL, 0, 0, NULL}};
    int st = read_flags("selfplay", argc, argv, 2, flags);
    if (st != EXIT_OK)
        return st;
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

/* The most positions the trainer reads (32 bytes each in memory). */
enum { DATA_MAX = 64 * 1000 * 1000, DATA_FILES_MAX = 16 };

int cmd_train_nnue(int argc, char **argv)
{
    const char *out_path = NULL, *data[DATA_FILES_MAX];
    int ndata = 0;
    long long hidden = 128, epochs = 30, batch = 1024, seed = 1;
    double lr = 0.001, lambda = 0.3;
    bool no_mirror = false;
    const flag flags[] = {
        {"--out", F_TEXT, &out_path, 0, 0, NULL},
        {"--data", F_TEXTS, data, 0, DATA_FILES_MAX, &ndata},
        {"--no-mirror", F_SWITCH, &no_mirror, 0, 0, NULL},
        {"--lr", F_REAL, &lr, 0, 1, NULL},
        {"--lambda", F_REAL_FROM, &lambda, 0, 1, NULL},
        {"--hidden", F_INT, &hidden, 16, NNUE_HIDDEN_MAX, NULL},
        {"--epochs", F_INT, &epochs, 1, 100000, NULL},
        {"--batch", F_INT, &batch, 1, 1000000, NULL},
        {"--seed", F_INT, &seed, 0, INT64_MAX, NULL},
        {NULL, F_TEXT, NULL, 0, 0, NULL}};
    int st = read_flags("train-nnue", argc, argv, 1, flags);
    if (st != EXIT_OK)
        return st;
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
                         .seed = (uint64_t)seed, .mirror = !no_mirror,
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
