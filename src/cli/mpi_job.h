/* mpi_job.h — the messages of `ludoteka arena`, `ludoteka selfplay` and
 * `ludoteka solve --endgames` between the processes of an MPI job (mpirun -np N ludoteka arena ...).
 * Built without MPI, or run without mpirun, there is one process and
 * nothing is sent. */
#ifndef LUDOTEKA_MPI_JOB_H
#define LUDOTEKA_MPI_JOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Joins the job when the program was started by mpirun (and was built
 * with MPI): *rank is this process's number from 0, *size how many there
 * are.  Otherwise, or when MPI cannot start, 0 and 1.  false (with a
 * message) only when started by mpirun but built without MPI or MPI
 * failed. */
bool mpi_job_begin(int *rank, int *size);
/* Leaves the job: waits for the messages still going out. */
void mpi_job_end(void);
/* With every process of the job: true when ok is true in all of them. */
bool mpi_job_all(bool ok);
/* Sends len bytes to process to, with a tag; the bytes are copied, so
 * the caller may reuse them.  false (with a message) on failure. */
bool mpi_job_send(int to, int tag, const void *bytes, size_t len);
/* The next message from process from (or any, -1) with any tag: when
 * wait is false and none has come, NULL; otherwise a malloc'd copy (the
 * caller frees it) with its sender, tag (above 0) and length.  NULL
 * with *tag 0 when none has come, -1 on failure (a message said). */
void *mpi_job_receive(int from, bool wait, int *sender, int *tag, size_t *len);
/* With every process: process r's bytes [start[r], start[r + 1]) of
 * buf to every process (start has one entry more than processes).
 * false (with a message) on failure. */
bool mpi_job_share(void *buf, const uint64_t *start);
/* With every process: to each process r the len[r] bytes at out + at[r]
 * (at, len: an entry a process, below 2 GiB in all); returns what every
 * process sent this one, one after another (malloc'd, the caller frees
 * it; *got bytes), or NULL (with a message) on failure. */
void *mpi_job_swap(const void *out, const size_t *at, const size_t *len,
                   size_t *got);

#endif
