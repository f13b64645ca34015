/* store_db.h — the two drivers under store.c: each runs SQL with text
 * parameters ($1, $2, ... in the SQL) and gives back the rows as text. */
#ifndef LUDOTEKA_NET_STORE_DB_H
#define LUDOTEKA_NET_STORE_DB_H

#include "net/store.h"

enum { DB_PARAMS = 16 };

/* The answer of a statement: rows x cols texts (NULL for SQL NULL). */
typedef struct {
    int rows, cols;
    char **cell;   /* rows * cols, row by row (malloc'd) */
} db_rows;

void db_rows_free(db_rows *);
/* A cell as text, "" for NULL or out of range. */
const char *db_cell(const db_rows *, int row, int col);

typedef struct db db;
typedef struct {
    const char *kind;
    db *(*open)(const char *where, lt_error *);
    void (*close)(db *);
    /* Runs one statement; rows may be NULL when no answer is wanted. */
    lt_status (*run)(db *, const char *sql, const char *const *params, int n,
                     db_rows *rows, lt_error *);
    /* The schema's text of each migration, for this database. */
    const char *const *migrations;
} db_driver;

extern const db_driver db_sqlite, db_postgres;

#endif
