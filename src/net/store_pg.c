/* store_pg.c — the store in PostgreSQL (libpq), shared by several server
 * processes. */
#include <libpq-fe.h>
#include <poll.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ludoteka/text.h"
#include "net/store_db.h"

struct db {
    PGconn *c;
};

static db *open_db(const char *where, lt_error *err)
{
    db *d = calloc(1, sizeof *d);
    if (!d) {
        lt_error_set(err, "out of memory");
        return NULL;
    }
    d->c = PQconnectdb(where);
    if (PQstatus(d->c) != CONNECTION_OK) {
        lt_error_set(err, "postgresql: %s", PQerrorMessage(d->c));
        PQfinish(d->c);
        free(d);
        return NULL;
    }
    /* a commit is seen by every process at once and outlives ours; only
     * a crash of PostgreSQL itself may lose its last fraction of a second
     * (a move per room at most): not worth a disk flush per move */
    PQclear(PQexec(d->c, "SET synchronous_commit = off"));
    return d;
}

static void close_db(db *d)
{
    if (!d)
        return;
    PQfinish(d->c);
    free(d);
}

static lt_status run(db *d, const char *sql, const char *const *params, int n,
                     db_rows *rows, lt_error *err)
{
    if (rows)
        memset(rows, 0, sizeof *rows);
    /* a migration is several statements: those go without parameters */
    PGresult *r = n ? PQexecParams(d->c, sql, n, NULL, params, NULL, NULL, 0)
                    : PQexec(d->c, sql);
    ExecStatusType s = PQresultStatus(r);
    if (s != PGRES_COMMAND_OK && s != PGRES_TUPLES_OK) {
        const char *state = PQresultErrorField(r, PG_DIAG_SQLSTATE);
        lt_error_set(err, "postgresql: %s", PQerrorMessage(d->c));
        /* class 23: integrity constraint violation (a name taken) */
        lt_status st = state && !strncmp(state, "23", 2) ? LT_EILLEGAL : LT_EIO;
        PQclear(r);
        return st;
    }
    if (rows && s == PGRES_TUPLES_OK) {
        rows->rows = PQntuples(r);
        rows->cols = PQnfields(r);
        size_t cells = (size_t)rows->rows * (size_t)rows->cols;
        rows->cell = cells ? calloc(cells, sizeof *rows->cell) : NULL;
        for (int i = 0; rows->cell && i < rows->rows; i++)
            for (int c = 0; c < rows->cols; c++)
                rows->cell[i * rows->cols + c] =
                    PQgetisnull(r, i, c) ? NULL : strdup(PQgetvalue(r, i, c));
        if (cells && !rows->cell) {
            rows->rows = 0;
            PQclear(r);
            lt_error_set(err, "out of memory");
            return LT_ENOMEM;
        }
    }
    PQclear(r);
    return LT_OK;
}

static const char *const migrations[] = {
    /* 1: accounts, logins, ratings, the archive */
    "CREATE TABLE accounts (id BIGSERIAL PRIMARY KEY, name TEXT NOT NULL, "
    "  name_key TEXT NOT NULL UNIQUE, hash TEXT NOT NULL, created BIGINT NOT NULL);"
    "CREATE TABLE logins (secret TEXT PRIMARY KEY, "
    "  account BIGINT NOT NULL REFERENCES accounts(id), expires BIGINT NOT NULL);"
    "CREATE TABLE ratings (account BIGINT NOT NULL REFERENCES accounts(id), "
    "  pool TEXT NOT NULL, rating DOUBLE PRECISION NOT NULL, "
    "  deviation DOUBLE PRECISION NOT NULL, volatility DOUBLE PRECISION NOT NULL, "
    "  games INTEGER NOT NULL, PRIMARY KEY (account, pool));"
    "CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, result TEXT NOT NULL, "
    "  reason TEXT NOT NULL, finished BIGINT NOT NULL, rated INTEGER NOT NULL, "
    "  seats INTEGER NOT NULL, record TEXT NOT NULL);"
    "CREATE TABLE game_seats (game TEXT NOT NULL REFERENCES games(id), "
    "  seat INTEGER NOT NULL, account BIGINT, name TEXT NOT NULL, "
    "  score DOUBLE PRECISION NOT NULL, PRIMARY KEY (game, seat));"
    "CREATE INDEX game_seats_account ON game_seats (account);",
    /* 2: the rooms' journals (shared by the processes; a room's owner
     * writes it before anyone hears of a change), their places in the
     * lobby, their chat, and the players waiting to be paired */
    "CREATE TABLE rooms (id TEXT PRIMARY KEY, journal TEXT NOT NULL, "
    "  done INTEGER NOT NULL, owner TEXT NOT NULL, listed INTEGER NOT NULL, "
    "  lobby TEXT NOT NULL, updated BIGINT NOT NULL, maker TEXT NOT NULL DEFAULT '');"
    "CREATE INDEX rooms_maker ON rooms (maker, done);"
    "CREATE INDEX rooms_listed ON rooms (listed, updated);"
    "CREATE INDEX rooms_done ON rooms (done, owner);"
    "CREATE TABLE chat (room TEXT NOT NULL, n INTEGER NOT NULL, seat INTEGER NOT NULL, "
    "  name TEXT NOT NULL, text TEXT NOT NULL, at BIGINT NOT NULL, PRIMARY KEY (room, n));"
    "CREATE TABLE seeks (node TEXT NOT NULL, conn BIGINT NOT NULL, re INTEGER NOT NULL, "
    "  game TEXT NOT NULL, options TEXT NOT NULL, clock TEXT NOT NULL, "
    "  rated INTEGER NOT NULL, account BIGINT NOT NULL, rating DOUBLE PRECISION NOT NULL, "
    "  since BIGINT NOT NULL, PRIMARY KEY (node, conn));",
    NULL};

/* ---- Listening ---------------------------------------------------------- */

struct store_listener {
    PGconn *c;
};

void store_listener_close(store_listener *l)
{
    if (!l)
        return;
    PQfinish(l->c);
    free(l);
}

store_listener *store_listen(const char *where, const char *channel,
                                 lt_error *err)
{
    store_listener *l = calloc(1, sizeof *l);
    if (!l) {
        lt_error_set(err, "out of memory");
        return NULL;
    }
    l->c = PQconnectdb(where);
    char *name = PQstatus(l->c) == CONNECTION_OK
                     ? PQescapeIdentifier(l->c, channel, strlen(channel)) : NULL;
    char sql[160];
    PGresult *r = NULL;
    if (name && strlen(name) < sizeof sql - 8) {
        snprintf(sql, sizeof sql, "LISTEN %s", name);
        r = PQexec(l->c, sql);
    }
    PQfreemem(name);
    bool ok = r && PQresultStatus(r) == PGRES_COMMAND_OK;
    PQclear(r);
    if (!ok) {
        lt_error_set(err, "postgresql: cannot listen on %s: %s", channel,
                     PQerrorMessage(l->c));
        store_listener_close(l);
        return NULL;
    }
    return l;
}

lt_status store_listener_wait(store_listener *l, int timeout_ms,
                              void (*f)(const char *, void *), void *ctx,
                              lt_error *err)
{
    struct pollfd p = {.fd = PQsocket(l->c), .events = POLLIN};
    if (p.fd < 0 || (poll(&p, 1, timeout_ms) < 0 && errno != EINTR) ||
        !PQconsumeInput(l->c)) {
        lt_error_set(err, "postgresql: the listening connection: %s",
                     PQerrorMessage(l->c));
        return LT_EIO;
    }
    for (PGnotify *n; (n = PQnotifies(l->c)) != NULL; PQfreemem(n))
        f(n->extra, ctx);
    return LT_OK;
}

const db_driver db_postgres = {"postgresql", open_db, close_db, run, migrations};
