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

/* ---- Rooms: their journals, shared by the server's processes ----------
 * A room's owner writes its journal here before anyone hears of a change
 * (cluster.c), so that another process can take the room over. */
enum { STORE_NODE_MAX = 48 }; /* a process's name, with its NUL */

typedef struct {
    const char *id, *journal;
    const char *owner;    /* the process that keeps it */
    const char *lobby;    /* its entry in the lobby (JSON), or "" */
    bool done;            /* the game is over */
    int listed;           /* 0: not in the lobby, 1: open, 2: being played */
    int64_t updated;      /* seconds since 1970 */
} store_room;

lt_status store_room_put(store *, const store_room *, lt_error *);
/* A room's journal (*journal malloc'd) and owner; LT_EILLEGAL: none. */
lt_status store_room_get(store *, const char *id, char **journal,
                         char owner[STORE_NODE_MAX], lt_error *);
/* Who made the room (an account "a:ID" or a guest "g:ADDRESS"), and how
 * many unfinished rooms a maker has (-1 on an error). */
lt_status store_room_maker(store *, const char *id, const char *maker,
                           lt_error *);
int store_rooms_made(store *, const char *maker, lt_error *);
/* The room is kept by this process from now on. */
lt_status store_room_own(store *, const char *id, const char *owner,
                         lt_error *);
/* The processes that keep unfinished rooms: at most max names; the
 * number written (-1 on an error). */
int store_room_owners(store *, char (*owners)[STORE_NODE_MAX], int max,
                      lt_error *);
/* The unfinished rooms one process keeps, the longest untouched first: at
 * most max ids; the number written (-1 on an error). */
int store_rooms_unfinished(store *, const char *owner, char (*ids)[16], int max,
                           lt_error *);
/* The lobby's entries of rooms listed so (1 open, 2 being played), the
 * newest first: at most max texts (malloc'd) into out; the number. */
int store_lobby(store *, int listed, char **out, int max, lt_error *);

/* Forgets the rooms (and their chat) untouched since `before` (seconds
 * since 1970); how many (-1 on an error). */
int store_rooms_expire(store *, int64_t before, lt_error *);

/* A room's chat: line n (counted from 0 in the room) added, lines older
 * than the last `keep` dropped. */
typedef struct {
    int64_t n;
    int seat;
    char name[32];
    char text[801];
    int64_t at;
} store_line;
lt_status store_chat_add(store *, const char *room, const store_line *,
                         int keep, lt_error *);
/* Its last max lines, oldest first; the number (-1 on an error). */
int store_chat_of(store *, const char *room, store_line *out, int max,
                  lt_error *);

/* ---- Players waiting to be paired (quick pairing), in every process ----- */
typedef struct {
    char node[STORE_NODE_MAX]; /* the process of its connection */
    int64_t conn;              /* the connection's number there */
    int re;                    /* the id of its message */
    char game[32], options[256], clock[64];
    bool rated;
    int64_t account;           /* 0: a guest */
    double rating;             /* in the game's pool (rated) */
    int64_t since;             /* ms since 1970: who waited longest */
} store_seek;

lt_status store_seek_add(store *, const store_seek *, lt_error *);
/* Takes (removes) the waiting seek that goes with s: the same game,
 * options, clock and kind; rated: another account, the closest in rating;
 * else the longest waiting.  1 with it in out, 0 none, -1 an error. */
int store_seek_take(store *, const store_seek *s, store_seek *out, lt_error *);
/* Drops a connection's seek (conn -1: every seek of the process). */
lt_status store_seek_drop(store *, const char *node, int64_t conn, lt_error *);
/* The processes with seeks: at most max names; the number (-1: error). */
int store_seek_nodes(store *, char (*nodes)[STORE_NODE_MAX], int max, lt_error *);
/* The seeks of one process. */
int store_seeks_of(store *, const char *node, lt_error *);

/* ---- Between processes (PostgreSQL; with SQLite there is one process) --
 * Advisory locks of this store's connection, held until unlocked or the
 * process dies; notifications on named channels. */
bool store_shared(const store *);
/* 1: locked now, 0: another process holds it, -1: an error. */
int store_try_lock(store *, int64_t key, lt_error *);
lt_status store_unlock(store *, int64_t key, lt_error *);
/* Sends n notifications (channel[i], payload[i]; payloads under 8000
 * bytes) in one statement. */
lt_status store_notify(store *, int n, const char *const *channel,
                       const char *const *payload, lt_error *);

/* A connection of its own that listens on one channel (PostgreSQL). */
typedef struct store_listener store_listener;
store_listener *store_listen(const char *where, const char *channel,
                             lt_error *);
/* Waits up to timeout_ms for notifications; calls f(payload, ctx) for
 * each.  LT_EIO when the connection is lost. */
lt_status store_listener_wait(store_listener *, int timeout_ms,
                              void (*f)(const char *payload, void *ctx),
                              void *ctx, lt_error *);
void store_listener_close(store_listener *);

#endif
