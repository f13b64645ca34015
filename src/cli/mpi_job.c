/* mpi_job.c — the messages between the processes of an MPI job
 * (ludoteka arena, selfplay, solve --endgames); without MPI (LT_HAVE_MPI unset) one process
 * alone. */
#include "mpi_job.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ludoteka/text.h"

/* The launchers' words for "you are one of N": Open MPI's mpirun, then
 * PMIx and PMI launchers (Slurm's srun, MPICH's Hydra). */
static long launched_size(void)
{
    static const char *const names[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_SIZE",
                                        "PMI_SIZE"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *v = getenv(names[i]);
        if (v && *v)
            return strtol(v, NULL, 10);
    }
    return 1;
}

#ifndef LT_HAVE_MPI

bool mpi_job_begin(int *rank, int *size)
{
    *rank = 0;
    *size = 1;
    if (launched_size() > 1) {
        cli_fail(EXIT_FAIL, "%s",
                 _("started by mpirun, but this ludoteka was built "
                   "without MPI (cmake -DLT_MPI=ON, with libopenmpi-dev)"));
        return false;
    }
    return true;
}

void mpi_job_end(void) {}

bool mpi_job_all(bool ok) { return ok; }

bool mpi_job_send(int to, int tag, const void *bytes, size_t len)
{
    (void)to, (void)tag, (void)bytes, (void)len;
    return false;
}

void *mpi_job_receive(int from, bool wait, int *sender, int *tag, size_t *len)
{
    (void)from, (void)wait, (void)sender, (void)len;
    *tag = -1;
    return NULL;
}

bool mpi_job_share(void *buf, const uint64_t *start)
{
    (void)buf, (void)start;
    return true; /* one process: it has its bytes */
}

void *mpi_job_swap(const void *out, const size_t *at, const size_t *len,
                   size_t *got)
{
    (void)out, (void)at, (void)len;
    *got = 0;
    return malloc(1); /* one process sends itself nothing */
}

#else

#include <mpi.h>

/* Messages on their way out: each send keeps its copy until MPI is done
 * with it; at most PENDING_MAX at a time (then the oldest is waited
 * for). */
enum { PENDING_MAX = 256 };
static struct {
    MPI_Request req;
    void *bytes;
} pending[PENDING_MAX];
static int npending;
static bool joined;
static int job_size = 1;

static bool failed(int rc, const char *what)
{
    if (rc == MPI_SUCCESS)
        return false;
    char text[MPI_MAX_ERROR_STRING];
    int n = 0;
    if (MPI_Error_string(rc, text, &n) != MPI_SUCCESS)
        lt_copy(text, sizeof text, "?");
    cli_fail(EXIT_FAIL, _("MPI: %s: %s"), what, text);
    return true;
}

/* Frees the copies MPI is done with; with wait, waits for all of them. */
static void reap(bool wait)
{
    int kept = 0;
    for (int i = 0; i < npending; i++) {
        int done = 0;
        if (wait)
            failed(MPI_Wait(&pending[i].req, MPI_STATUS_IGNORE), "wait");
        else if (failed(MPI_Test(&pending[i].req, &done, MPI_STATUS_IGNORE),
                        "test"))
            done = 1;
        if (wait || done)
            free(pending[i].bytes);
        else
            pending[kept++] = pending[i];
    }
    npending = kept;
}

bool mpi_job_begin(int *rank, int *size)
{
    *rank = 0;
    *size = 1;
    if (launched_size() <= 1)
        return true; /* not started by mpirun: alone, as without MPI */
    int provided = 0;
    /* only the thread that runs the command calls MPI */
    if (failed(MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided),
               "init"))
        return false;
    joined = true;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    if (failed(MPI_Comm_rank(MPI_COMM_WORLD, rank), "rank") ||
        failed(MPI_Comm_size(MPI_COMM_WORLD, size), "size"))
        return false;
    job_size = *size;
    return true;
}

void mpi_job_end(void)
{
    if (!joined)
        return;
    reap(true);
    MPI_Finalize();
    joined = false;
}

bool mpi_job_all(bool ok)
{
    if (!joined)
        return ok;
    int mine = ok, all = 0;
    if (failed(MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD),
               "allreduce"))
        return false;
    return all != 0;
}

bool mpi_job_send(int to, int tag, const void *bytes, size_t len)
{
    if (len > INT32_MAX) {
        cli_fail(EXIT_FAIL, "%s", _("MPI: a message too long to send"));
        return false;
    }
    reap(false);
    if (npending == PENDING_MAX) {
        failed(MPI_Wait(&pending[0].req, MPI_STATUS_IGNORE), "wait");
        free(pending[0].bytes);
        memmove(pending, pending + 1, (size_t)--npending * sizeof pending[0]);
    }
    void *copy = malloc(len ? len : 1);
    if (!copy) {
        cli_no_memory();
        return false;
    }
    memcpy(copy, bytes, len);
    MPI_Request req;
    if (failed(MPI_Isend(copy, (int)len, MPI_BYTE, to, tag, MPI_COMM_WORLD, &req),
               "send")) {
        free(copy);
        return false;
    }
    pending[npending].req = req;
    pending[npending++].bytes = copy;
    return true;
}

void *mpi_job_receive(int from, bool wait, int *sender, int *tag, size_t *len)
{
    MPI_Status st;
    int source = from < 0 ? MPI_ANY_SOURCE : from, there = 1, count = 0;
    *tag = -1;
    reap(false);
    if (wait ? failed(MPI_Probe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &st), "probe")
             : failed(MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &there, &st),
                      "probe"))
        return NULL;
    if (!there) {
        *tag = 0; /* nothing yet */
        return NULL;
    }
    if (failed(MPI_Get_count(&st, MPI_BYTE, &count), "count"))
        return NULL;
    void *bytes = malloc(count ? (size_t)count : 1);
    if (!bytes) {
        cli_no_memory();
        return NULL;
    }
    if (failed(MPI_Recv(bytes, count, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG,
                        MPI_COMM_WORLD, MPI_STATUS_IGNORE),
               "receive")) {
        free(bytes);
        return NULL;
    }
    *sender = st.MPI_SOURCE;
    *tag = st.MPI_TAG;
    *len = (size_t)count;
    return bytes;
}

/* A broadcast from each process in turn, in pieces that MPI's int counts
 * can hold. */
bool mpi_job_share(void *buf, const uint64_t *start)
{
    enum { PIECE = 1 << 30 };
    for (int r = 0; joined && r < job_size; r++)
        for (uint64_t at = start[r]; at < start[r + 1];) {
            uint64_t n = start[r + 1] - at < PIECE ? start[r + 1] - at : PIECE;
            if (failed(MPI_Bcast((char *)buf + at, (int)n, MPI_BYTE, r,
                                 MPI_COMM_WORLD),
                       "broadcast"))
                return false;
            at += n;
        }
    return true;
}

void *mpi_job_swap(const void *out, const size_t *at, const size_t *len,
                   size_t *got)
{
    size_t n = (size_t)job_size;
    uint64_t *sent = calloc(2 * n, sizeof *sent), *came = sent ? sent + n : NULL;
    int *counts = malloc(4 * n * sizeof *counts);
    void *in = NULL;
    if (!sent || !counts) {
        cli_no_memory();
        goto done;
    }
    for (size_t r = 0; r < n; r++)
        sent[r] = len[r];
    if (failed(MPI_Alltoall(sent, 1, MPI_UINT64_T, came, 1, MPI_UINT64_T,
                            MPI_COMM_WORLD),
               "alltoall"))
        goto done;
    /* counts and places, to send and to receive: MPI's ints */
    int *scount = counts, *sat = counts + n, *rcount = counts + 2 * n,
        *rat = counts + 3 * n;
    uint64_t total = 0;
    bool fits = true;
    for (size_t r = 0; r < n; r++) {
        fits = fits && at[r] + len[r] <= INT32_MAX;
        scount[r] = (int)len[r];
        sat[r] = (int)at[r];
        rcount[r] = (int)came[r];
        rat[r] = (int)total;
        total += came[r];
        fits = fits && total <= INT32_MAX;
    }
    if (!fits) { /* (the callers keep well below) */
        cli_fail(EXIT_FAIL, "%s", _("MPI: a message too long to send"));
        goto done;
    }
    in = malloc(total ? (size_t)total : 1);
    if (!in) {
        cli_no_memory();
        goto done;
    }
    if (failed(MPI_Alltoallv(out, scount, sat, MPI_BYTE, in, rcount, rat,
                             MPI_BYTE, MPI_COMM_WORLD),
               "alltoallv")) {
        free(in);
        in = NULL;
        goto done;
    }
    *got = (size_t)total;
done:
    free(sent);
    free(counts);
    return in;
}

#endif
