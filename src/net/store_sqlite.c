/* store_sqlite.c — the store in one SQLite file (WAL), for one process. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ludoteka/text.h"
#include "net/store_db.h"

struct db {
    sqlite3 *h;
};

static db *open_db(const char *where, lt_error *err)
{
    db *d = calloc(1, sizeof *d);
    if (!d) {
        lt_error_set(err, "out of memory");
        return NULL;
    }
    if (sqlite3_open_v2(where, &d->h, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
                                          SQLITE_OPEN_NOFOLLOW, NULL) != SQLITE_OK) {
        lt_error_set(err, "%s: %s", where, d->h ? sqlite3_errmsg(d->h) : "cannot open");
        sqlite3_close(d->h);
        free(d);
        return NULL;
    }
    /* one writer, readers beside it; a busy file is waited for briefly */
    sqlite3_busy_timeout(d->h, 5000);
    char *msg = NULL;
    if (sqlite3_exec(d->h, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; "
                           "PRAGMA foreign_keys=ON;", NULL, NULL, &msg) != SQLITE_OK) {
        lt_error_set(err, "%s: %s", where, msg ? msg : "cannot set it up");
        sqlite3_free(msg);
        sqlite3_close(d->h);
        free(d);
        return NULL;
    }
    return d;
}

static void close_db(db *d)
{
    if (!d)
        return;
    sqlite3_close(d->h);
    free(d);
}

static lt_status run(db *d, const char *sql, const char *const *params, int n,
                     db_rows *rows, lt_error *err)
{
    sqlite3_stmt *st = NULL;
    const char *tail = sql;
    if (rows)
        memset(rows, 0, sizeof *rows);
    /* several statements (a migration) run one after another; parameters
     * go to the one statement that names them */
    while (tail && *tail) {
        if (sqlite3_prepare_v2(d->h, tail, -1, &st, &tail) != SQLITE_OK) {
            lt_error_set(err, "sqlite: %s", sqlite3_errmsg(d->h));
            return LT_EIO;
        }
        if (!st)
            break; /* only white space left */
        for (int i = 0; i < n; i++) {
            char name[16];
            snprintf(name, sizeof name, "$%d", i + 1);
            int k = sqlite3_bind_parameter_index(st, name);
            if (k > 0 && sqlite3_bind_text(st, k, params[i], -1, SQLITE_TRANSIENT) != SQLITE_OK)
                goto fail;
        }
        int cols = sqlite3_column_count(st), rc;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            if (!rows)
                continue;
            char **cell = realloc(rows->cell, sizeof *cell * (size_t)(rows->rows + 1) *
                                                  (size_t)cols);
            if (!cell)
                goto fail;
            rows->cell = cell;
            rows->cols = cols;
            for (int c = 0; c < cols; c++) {
                const unsigned char *t = sqlite3_column_text(st, c);
                cell[rows->rows * cols + c] = t ? strdup((const char *)t) : NULL;
            }
            rows->rows++;
        }
        if (rc != SQLITE_DONE)
            goto fail;
        sqlite3_finalize(st);
        st = NULL;
    }
    return LT_OK;
fail:
    lt_error_set(err, "sqlite: %s", sqlite3_errmsg(d->h));
    sqlite3_finalize(st);
    if (rows)
        db_rows_free(rows);
    return sqlite3_errcode(d->h) == SQLITE_CONSTRAINT ? LT_EILLEGAL : LT_EIO;
}

static const char *const migrations[] = {
    /* 1: accounts, logins, ratings, the archive */
    "CREATE TABLE accounts (id INTEGER PRIMARY KEY, name TEXT NOT NULL, "
    "  name_key TEXT NOT NULL UNIQUE, hash TEXT NOT NULL, created INTEGER NOT NULL);"
    "CREATE TABLE logins (secret TEXT PRIMARY KEY, "
    "  account INTEGER NOT NULL REFERENCES accounts(id), expires INTEGER NOT NULL);"
    "CREATE TABLE ratings (account INTEGER NOT NULL REFERENCES accounts(id), "
    "  pool TEXT NOT NULL, rating REAL NOT NULL, deviation REAL NOT NULL, "
    "  volatility REAL NOT NULL, games INTEGER NOT NULL, PRIMARY KEY (account, pool));"
    "CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, result TEXT NOT NULL, "
    "  reason TEXT NOT NULL, finished INTEGER NOT NULL, rated INTEGER NOT NULL, "
    "  seats INTEGER NOT NULL, record TEXT NOT NULL);"
    "CREATE TABLE game_seats (game TEXT NOT NULL REFERENCES games(id), "
    "  seat INTEGER NOT NULL, account INTEGER, name TEXT NOT NULL, score REAL NOT NULL, "
    "  PRIMARY KEY (game, seat));"
    "CREATE INDEX game_seats_account ON game_seats (account);",
    /* 2: the rooms' journals (shared by the processes; a room's owner
     * writes it before anyone hears of a change), their places in the
     * lobby, their chat, and the players waiting to be paired */
    "CREATE TABLE rooms (id TEXT PRIMARY KEY, journal TEXT NOT NULL, "
    "  done INTEGER NOT NULL, owner TEXT NOT NULL, listed INTEGER NOT NULL, "
    "  lobby TEXT NOT NULL, updated INTEGER NOT NULL, maker TEXT NOT NULL DEFAULT '');"
    "CREATE INDEX rooms_maker ON rooms (maker, done);"
    "CREATE INDEX rooms_listed ON rooms (listed, updated);"
    "CREATE INDEX rooms_done ON rooms (done, owner);"
    "CREATE TABLE chat (room TEXT NOT NULL, n INTEGER NOT NULL, seat INTEGER NOT NULL, "
    "  name TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (room, n));"
    "CREATE TABLE seeks (node TEXT NOT NULL, conn INTEGER NOT NULL, re INTEGER NOT NULL, "
    "  game TEXT NOT NULL, options TEXT NOT NULL, clock TEXT NOT NULL, "
    "  rated INTEGER NOT NULL, account INTEGER NOT NULL, rating REAL NOT NULL, "
    "  since INTEGER NOT NULL, PRIMARY KEY (node, conn));",
    NULL};

const db_driver db_sqlite = {"sqlite", open_db, close_db, run, migrations};
