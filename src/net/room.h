/* room.h — a room of `ludoteka serve`: one game with its seats, its record
 * on disk, and the connections that take part or watch.
 *
 * On disk a room is one file, DIR/ID.txt: the game's record with two more
 * tags, [Room "ID"] and [Tokens "t1,-,t3"] (the secret of each human seat,
 * "-" for a computer seat), then one action name per line, appended as the
 * game goes on; a finished game is rewritten as a formatted record.  The
 * record's seed rolls the dice (lt_chance_draw) and chooses the computer's
 * moves, so a room reloaded after a crash goes on exactly as it would
 * have.  Clients never see the tokens, nor the seed before the end. */
#ifndef LUDOTEKA_NET_ROOM_H
#define LUDOTEKA_NET_ROOM_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "ludoteka/game.h"
#include "ludoteka/record.h"
#include "net/jsonw.h"
#include "net/peers.h"

enum {
    ROOM_ID_LEN = 10,    /* letters and digits */
    ROOM_TOKEN_LEN = 16, /* 80 bits */
    ROOM_WATCHERS = 64,  /* connections in one room that hold no seat */
    /* and the seat holders: each seat's holder always finds its place */
    ROOM_CONNS = ROOM_WATCHERS + LT_MAX_PLAYERS
};

typedef struct {
    char spec[LT_SPEC_MAX];          /* "human" or a computer player */
    char token[ROOM_TOKEN_LEN + 1];  /* a human seat's secret; "" otherwise */
    struct conn *holder;             /* the connection holding it, or NULL */
} room_seat;

typedef struct room {
    pthread_mutex_t lock; /* guards everything below but refs */
    atomic_int refs;      /* users of the pointer (see rooms.c) */
    char id[ROOM_ID_LEN + 1];
    const lt_game *game;
    lt_record rec;        /* config, specs, seed, tags, the actions */
    lt_state *state;      /* the position after rec's actions */
    room_seat seats[LT_MAX_PLAYERS];
    char *path;           /* the record file */
    int fd;               /* open for appending while the game goes on */
    struct conn *conns[ROOM_CONNS]; /* connections in the room */
    int nconns, nwatchers;  /* all of them; those holding no seat */
    char owner[PEER_ADDR_MAX]; /* the address that made it ("" when
                             * loaded from disk): the computer seats'
                             * time is shared fairly between addresses */
    bool robot_queued;    /* a computer seat's move has been asked for */
    double active;        /* when something last happened (seconds) */
} room;

/* Is text a well-formed room id? */
bool room_valid_id(const char *text);
/* Is this a spec the server accepts for a seat: human, random, ai or
 * ai:level=1..5? */
bool room_valid_spec(const char *spec, lt_error *);

/* A new room in dir for a game: a fresh id, seed and tokens; its record
 * is on disk when it returns. */
room *room_create(const char *dir, const lt_game *, const lt_config *,
                  char specs[][LT_SPEC_MAX], lt_error *);
/* Is there a record of this room in dir? */
bool room_exists(const char *dir, const char *id);
/* The room with this id from its file in dir (a regular file: a
 * symbolic link is refused without being read). */
room *room_load(const char *dir, const char *id, lt_error *);
void room_free(room *);

/* Plays an action (legal here: the caller checked) and appends it to the
 * file first; name receives its name.  Not LT_OK, and nothing changed,
 * when the disk failed. */
lt_status room_apply(room *, lt_action, char name[64], lt_error *);

/* Who is to move, and is it a computer seat? */
bool room_robot_to_move(const room *);

/* The record as clients see it: no tokens, no seed before the end
 * (malloc'd text, or NULL). */
char *room_public_record(const room *, lt_error *);

/* JSON members describing the game as it is now (into an open object):
 * "ply" (actions so far), "to" (who is to move), "pos" (the position
 * text), "legal" (the moves there), "result". */
void room_write_state(const room *, jw *);
/* "seats": each seat's spec and whether someone holds it. */
void room_write_seats(const room *, jw *);

#endif
