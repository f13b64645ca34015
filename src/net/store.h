/* store.h — what a server keeps beyond its rooms' journals: accounts and
 * their login sessions, ratings, and the archive of finished games.  One
 * interface, two drivers: SQLite (one file under --data, WAL; the default
 * for one process) and PostgreSQL (--db postgresql://...; several
 * processes share it).  The schema is the same numbered migrations on
 * both (store.c); every call is a complete transaction.
 *
 * A store is used by one thread at a time (the server's service thread);
 * texts it returns are copied into the caller's buffers. */
#ifndef LUDOTEKA_NET_STORE_H
#define LUDOTEKA_NET_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ludoteka/game.h"
#include "net/glicko.h"

enum {
    STORE_NAME_MAX = 32,   /* bytes of an account's name, with its NUL */
    STORE_HASH_MAX = 128,  /* a password's argon2id string, with its NUL */
    STORE_POOL_MAX = 64    /* a rating pool: "chess/blitz", "talat" */
};

typedef struct store store;

/* Opens (and migrates) the store at `where`: a PostgreSQL URL
 * ("postgresql://..." or "postgres://..."), else the path of an SQLite
 * file.  NULL with a message. */
store *store_open(const char *where, lt_error *);
void store_close(store *);
/* "sqlite" or "postgresql". */
const char *store_kind(const store *);
/* The schema's version now (the number of migrations applied). */
int store_version(store *);

/* ---- Accounts ----------------------------------------------------------
 * Names are 3-20 letters, digits, '_' or '-', unique whatever their case;
 * the password is kept only as its argon2id hash (libsodium). */
typedef struct {
    int64_t id;
    char name[STORE_NAME_MAX];
    int64_t created;  /* seconds since 1970 */
} store_account;

/* LT_EILLEGAL: the name is taken. */
lt_status store_account_add(store *, const char *name, const char *hash,
                            int64_t now, store_account *out, lt_error *);
/* LT_EILLEGAL: no such account; the hash into hash[STORE_HASH_MAX]. */
lt_status store_account_find(store *, const char *name, store_account *out,
                             char *hash, lt_error *);
lt_status store_account_by_id(store *, int64_t id, store_account *out,
                              lt_error *);

/* ---- Login sessions: a cookie's secret, kept as its hash ------------- */
lt_status store_login_add(store *, const char *secret_hash, int64_t account,
                          int64_t expires, lt_error *);
/* LT_EILLEGAL: unknown or expired at `now`. */
lt_status store_login_find(store *, const char *secret_hash, int64_t now,
                           store_account *out, lt_error *);
lt_status store_login_drop(store *, const char *secret_hash, lt_error *);

/* ---- Ratings: Glicko-2 per account and pool --------------------------- */
typedef struct {
    int64_t account;
    char name[STORE_NAME_MAX];
    char pool[STORE_POOL_MAX];
    glicko r;
    int games;
} store_rating;

/* The account's rating in a pool (a new player's when it has none). */
lt_status store_rating_get(store *, int64_t account, const char *pool,
                           store_rating *out, lt_error *);
lt_status store_rating_put(store *, const char *pool, const store_rating *,
                           lt_error *);
/* An account's ratings in every pool it has played, by pool: at most max
 * into out; the number written (-1 on an error). */
int store_ratings_of(store *, int64_t account, store_rating *out, int max,
                     lt_error *);
/* The best rated of a pool, highest first: at most max into out; the
 * number written. */
int store_leaders(store *, const char *pool, store_rating *out, int max,
                  lt_error *);

/* ---- The archive of finished games ------------------------------------ */
typedef struct {
    char id[16];                   /* the room's id */
    char game[32];
    char result[32];               /* "1-0", "1/2-1/2", scores */
    char reason[16];               /* "rules", "resign", "time", ... */
    int64_t finished;              /* seconds since 1970 */
    bool rated;
    int seats;
    int64_t account[LT_MAX_PLAYERS]; /* 0: a guest or a computer */
    char name[LT_MAX_PLAYERS][STORE_NAME_MAX];
    double score[LT_MAX_PLAYERS];
    int you;                       /* a search's player's seat (else 0) */
} store_game;

/* Stores a finished game and its record (once: again is LT_OK, unchanged). */
lt_status store_game_add(store *, const store_game *, const char *record,
                         lt_error *);
/* A player's games, newest first, optionally of one game id (NULL: all):
 * at most max; the number written. */
int store_games_of(store *, int64_t account, const char *game,
                   store_game *out, int max, lt_error *);

/* How a game went for one of its seats: an aborted game ("*") has no
 * result; else won when the seat's score is above every other seat's,
 * drawn when it is the best but shared, lost when another seat's is
 * higher (two seats: 1-0, 1/2-1/2, 0-1; more: the best score alone). */
typedef enum {
    STORE_ANY = 0,   /* (a search: every game; a game: no result) */
    STORE_WON,
    STORE_DRAWN,
    STORE_LOST
} store_outcome;

enum { STORE_OPPONENT_MAX = 32 }; /* bytes of an opponent's name, with NUL */

/* A search of one player's games. */
typedef struct {
    int64_t account;      /* whose games */
    const char *game;     /* a game's id; NULL or "": every game */
    /* NULL or "": anyone; else a seat not the player's named so: an
     * account's name whatever its case, "guest" (a player without an
     * account) or a computer's spec ("ai:level=3", "random") */
    const char *opponent;
    store_outcome result; /* the player's outcome; STORE_ANY: any */
    int skip;             /* games of the answer skipped (paging) */
} store_search;

/* The player's games that match, newest first (ties by id), skipping
 * q->skip: at most max into out, each with `you` its seat (the first of
 * the player's seats); the number written, -1 on an error. */
int store_games_search(store *, const store_search *q, store_game *out,
                       int max, lt_error *);
/* How the game went for seat `seat` (STORE_ANY: it has no result). */
store_outcome store_game_outcome(const store_game *, int seat);
/* "won", "drawn", "lost", "" */
const char *store_outcome_word(store_outcome);
/* An outcome from its word; false when it is none of them. */
bool store_outcome_parse(const char *word, store_outcome *out);

/* One archived game with its seats (no record); LT_EILLEGAL: none. */
lt_status store_game_get(store *, const char *id, store_game *out, lt_error *);
/* A game's record (malloc'd), or NULL with a message. */
char *store_game_record(store *, const char *id, lt_error *);

#endif
