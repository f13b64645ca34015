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
#include "mpi_job.h"

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

/* ---- ludoteka selfplay chess, in one process or an MPI job ------------- */

/* Under mpirun, process r plays games r, r + N, ...; the others send
 * theirs to process 0, which writes every game in its number's order, so
 * that the file is the one a single process writes.  A process is never
 * more than SP_CREDIT games ahead of the file. */
enum { MSG_GAME = 1, MSG_ACK, MSG_STOP, SP_CREDIT = 8 };

typedef struct {
    FILE *out; /* process 0's file */
    const char *path;
    int rank, size;
    int next;            /* process 0: the next game to write */
    long long positions; /* process 0: written, everyone's */
    int unacked;         /* another process: sent, not yet written */
} sp_out;

/* Process 0 writes game g and tells the process that played it. */
static bool put_game(sp_out *o, int g, const unsigned char *bytes, size_t len,
                     int positions)
{
    if (fwrite(bytes, 1, len, o->out) != len || fflush(o->out) != 0) {
        cli_fail(EXIT_FAIL, _("cannot write %s"), o->path);
        return false;
    }
    o->positions += positions;
    o->next = g + 1;
    if (g % o->size != 0 && !mpi_job_send(g % o->size, MSG_ACK, "", 0))
        return false;
    if (o->next % 100 == 0)
        fprintf(stderr, _("%d games, %lld positions\n"), o->next, o->positions);
    return true;
}

/* Process 0: the other processes' games before game upto, in order. */
static bool take_others(sp_out *o, int upto)
{
    while (o->next < upto) {
        int from = o->next % o->size, sender, tag;
        size_t len;
        unsigned char *bytes = mpi_job_receive(from, true, &sender, &tag, &len);
        if (!bytes)
            return false;
        int32_t positions = -1;
        if (tag == MSG_GAME && len >= sizeof positions)
            memcpy(&positions, bytes, sizeof positions);
        bool ok = positions >= 0 && positions <= SP_GAME_MAX
                      ? put_game(o, o->next, bytes + sizeof positions,
                                 len - sizeof positions, positions)
                      : !cli_fail(EXIT_FAIL,
                                  _("selfplay: process %d stopped or sent "
                                    "what is not a game"),
                                  from);
        free(bytes);
        if (!ok)
            return false;
    }
    return true;
}

/* Another process: waits for process 0 to write one of its games; false
 * when process 0 stopped the job. */
static bool wait_ack(sp_out *o)
{
    int sender, tag;
    size_t len;
    void *bytes = mpi_job_receive(0, true, &sender, &tag, &len);
    free(bytes);
    if (bytes && tag == MSG_ACK) {
        o->unacked--;
        return true;
    }
    return false;
}

static bool sp_sink(void *ctx, int g, const unsigned char *bytes, size_t len,
                    int positions)
{
    sp_out *o = ctx;
    if (o->rank == 0)
        return take_others(o, g) && put_game(o, g, bytes, len, positions);
    while (o->unacked >= SP_CREDIT)
        if (!wait_ack(o))
            return false;
    unsigned char *msg = malloc(sizeof(int32_t) + len);
    if (!msg) {
        cli_no_memory();
        return false;
    }
    int32_t n = positions;
    memcpy(msg, &n, sizeof n);
    memcpy(msg + sizeof n, bytes, len);
    bool ok = mpi_job_send(0, MSG_GAME, msg, sizeof n + len);
    free(msg);
    o->unacked += ok;
    return ok;
}

/* The run of one process of the job (or the only one); an exit status. */
static int selfplay_run(const chess_sp_plan *plan, const char *out_path,
                        sp_out *o)
{
    char msg[512];
    if (o->rank == 0) {
        o->path = out_path;
        o->out = fopen(out_path, plan->text ? "w" : "wb");
        if (!o->out) {
            for (int r = 1; r < o->size; r++)
                mpi_job_send(r, MSG_STOP, "", 0);
            return cli_fail(EXIT_FAIL, _("cannot write %s"), out_path);
        }
        if (!plan->text)
            fwrite(chess_sp_magic, 1, SP_HEADER, o->out);
    }
    long long n = chess_sp_run(plan, sp_sink, o, msg, sizeof msg);
    bool ok = n >= 0;
    if (n < 0 && msg[0])
        cli_fail(EXIT_FAIL, "%s", msg);
    if (o->rank == 0) {
        ok = ok && take_others(o, plan->games);
        if (fclose(o->out) != 0 && ok)
            ok = !cli_fail(EXIT_FAIL, _("cannot write %s"), out_path);
        if (!ok)
            for (int r = 1; r < o->size; r++)
                mpi_job_send(r, MSG_STOP, "", 0);
        else
            printf(_("%lld positions from %lld games\n"), o->positions,
                   (long long)plan->games);
    } else {
        if (!ok)
            mpi_job_send(0, MSG_STOP, "", 0);
        while (ok && o->unacked > 0)
            ok = wait_ack(o);
    }
    return ok ? EXIT_OK : EXIT_FAIL;
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
    sp_out o = {0};
    if (!mpi_job_begin(&o.rank, &o.size)) {
        mpi_job_end();
        nnue_free(net);
        return EXIT_FAIL;
    }
    chess_sp_plan plan = {.text = text,
                          .games = (int)games,
                          .part = o.rank,
                          .parts = o.size,
                          .random_plies = (int)plies,
                          .jobs = (int)jobs,
                          .nodes = nodes,
                          .seed = (uint64_t)seed,
                          .net = net};
    st = selfplay_run(&plan, out_path, &o);
    if (!mpi_job_all(st == EXIT_OK) && st == EXIT_OK)
        st = EXIT_FAIL;
    mpi_job_end();
    nnue_free(net);
    return st;
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
