/* mpi_job.c — the messages between the processes of an MPI job
 * (ludoteka arena, selfplay); without MPI (LT_HAVE_MPI unset) one process
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

#endif
