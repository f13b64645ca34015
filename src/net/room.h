/* room.h — a room of `ludoteka serve`: one game in play (lt_session) with
 * its seats' secrets and the connections that take part or watch.
 *
 * On disk a room is its session's journal, DIR/ID.txt (docs/session.md):
 * the record's tags with two more, [Room "ID"] and [Tokens "t1,-,t3"] (the
 * secret of each human seat, "-" for a computer seat), then a line for
 * every ply and event, written (and copied to the store, cluster.h)
 * before anyone hears of it; not flushed to the disk line by line: a
 * server that dies loses nothing, a machine that stops may lose the last
 * moves.  The seed rolls
 * the dice and chooses the computer's moves, so a room reloaded after a
 * crash goes on exactly as it would have.  Clients never see the tokens,
 * nor the seed before the end. */
#ifndef LUDOTEKA_NET_ROOM_H
#define LUDOTEKA_NET_ROOM_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <sys/types.h>
#include <time.h>

#include "ludoteka/game.h"
#include "ludoteka/session.h"
#include "net/jsonw.h"
#include "net/peers.h"

enum {
    ROOM_CHAT = 50,      /* lines of chat a room keeps */
    ROOM_CHAT_CHARS = 200, /* characters of a line */
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

typedef struct {
    int seat;            /* who said it: a seat, or -1 for a watcher */
    char name[32];
    char text[ROOM_CHAT_CHARS * 4 + 1]; /* UTF-8 */
    int64_t at;          /* seconds since 1970 */
} room_line;

typedef struct room {
    pthread_mutex_t lock; /* guards everything below but refs */
    atomic_int refs;      /* users of the pointer (see rooms.c) */
    char id[ROOM_ID_LEN + 1];
    const lt_game *game;
    lt_session *s;        /* the game in play, kept in the room's file */
    int nseats;
    room_seat seats[LT_MAX_PLAYERS];
    struct conn *conns[ROOM_CONNS]; /* connections in the room */
    int nconns, nwatchers;  /* all of them; those holding no seat */
    char owner[PEER_ADDR_MAX]; /* the address that made it ("" when
                             * loaded from disk): the computer seats'
                             * time is shared fairly between addresses */
    bool robot_queued;    /* a computer seat's move has been asked for */
    bool rated;           /* a rated game: its seats go to accounts */
    bool open;            /* listed in the lobby while a seat is free */
    int away;             /* seconds a seat may stay away before it
                           * forfeits (0: no limit; the tag [Away]) */
    bool away_computer;   /* past that, a computer plays the seat on
                           * instead (the tag [AwayThen "computer"]) */
    char standin[LT_MAX_PLAYERS]; /* per seat: 0 no computer has played
                           * it for its person, 1 one did, 2 one does now
                           * (the tag [StandIn "0,2"]) */
    double gone[LT_MAX_PLAYERS]; /* when the seat's player left (0: here,
                           * or never came) */
    bool taken[LT_MAX_PLAYERS]; /* a person has had the seat (its secret
                           * given or used): not free in the lobby; the
                           * tag [Taken "1,0"] keeps it */
    room_line chat[ROOM_CHAT]; /* the last lines said, oldest first from */
    int chat_first, chat_count; /* chat_first (a ring) */
    int64_t account[LT_MAX_PLAYERS]; /* the account of each seat, or 0
                           * (the tag [Accounts "a,b"]) */
    unsigned rematch;     /* seats that asked for the next game */
    char next[ROOM_ID_LEN + 1]; /* that game's room, once made */
    double active;        /* when something last happened (seconds) */
    char *saved, *saved_lobby; /* the journal and lobby entry last written
                           * to the store (cluster.c), and the journal
                           * file's inode, size and time of change then */
    ino_t saved_ino;
    off_t saved_size;
    struct timespec saved_mtime;
    int64_t chat_next;    /* the number of the next line of chat */
} room;

/* Is text a well-formed room id? */
bool room_valid_id(const char *text);
/* Is this a spec the server accepts for a seat: human, random, ai or
 * ai:level=1..5? */
bool room_valid_spec(const char *spec, lt_error *);

/* A new room in dir for a game: a fresh id, seed and tokens; its journal
 * is on disk when it returns.  tc: the time control (NULL: none). */
room *room_create(const char *dir, const lt_game *, const lt_config *,
                  char specs[][LT_SPEC_MAX], const lt_time_control *tc,
                  bool rated, bool open, lt_error *);
/* The room's limit of time away (seconds, 0: none): kept in its file. */
lt_status room_set_away(room *, int seconds, lt_error *);
/* What the room does with a seat away past its limit: it forfeits, or
 * (computer) a computer plays it on; kept in the room's file. */
lt_status room_set_away_then(room *, bool computer, lt_error *);
/* A computer plays the seat on for its person (on), or stops as the
 * person comes back (off); kept in the room's file. */
lt_status room_stand_in(room *, int seat, bool on, lt_error *);
/* The computer player that plays for a seat away: the game's default
 * level, neither a gift to the one who stayed nor far above a casual
 * player, its search bounded by the seat's clock as any computer's. */
#define ROOM_STANDIN_SPEC "ai:level=3"
/* The computer spec that plays the seat now: a computer seat's own, a
 * stand-in's, or NULL for a person's seat. */
const char *room_robot_spec(const room *, int seat);
/* The name of the room's maker, when logged in ("" otherwise): the
 * challenge of a seat link says who it is from (the tag [Maker]). */
lt_status room_set_maker(room *, const char *name, lt_error *);
const char *room_maker(const room *);
/* A person has the seat now: kept in the room's file. */
lt_status room_take(room *, int seat, lt_error *);
/* Is the seat free for anyone in the lobby (an open room's human seat
 * nobody has had)? */
bool room_free_seat(const room *, int seat);
/* Gives a seat to the account of the first logged-in player who takes it
 * (in a rated room, the only one who may take it again), kept in the
 * room's file. */
lt_status room_bind(room *, int seat, int64_t account, lt_error *);
/* Is there a file of this room in dir? */
bool room_exists(const char *dir, const char *id);
/* The room with this id from its file in dir (a regular file: a
 * symbolic link is refused without being read). */
room *room_load(const char *dir, const char *id, lt_error *);
void room_free(room *);

/* Who is to act now (lt_session_to_act), and is it a computer seat (or
 * a seat a computer plays for its person away)? */
int room_to_act(const room *);
bool room_robot_to_move(const room *);
bool room_over(const room *);

/* The record as clients see it: no tokens, no seed before the end
 * (malloc'd text, or NULL). */
char *room_public_record(room *, lt_error *);
/* The same of a room's journal text (its own, changed in place). */
char *room_public_text(char *journal, bool over);

/* JSON members describing the game as it is now (into an open object):
 * "ply", "to", "pos", "legal", "result", "clock", "offer", "claimable",
 * "end" (docs/network.md). */
void room_write_state(room *, jw *);
/* How a game ended, as messages and the archive say it: "rules",
 * "resign", "time", "agreement", "claim", "abandon", "abort". */
const char *room_end_word(lt_end);
/* "clock" alone, and "end" alone. */
void room_write_clock(room *, jw *);
void room_write_end(room *, jw *);
/* "seats": each seat's spec, name, whether someone holds it, whether it
 * is still in the game. */
void room_write_seats(room *, jw *);

/* The room's entry in the lobby (an object into w) and where it is
 * listed: 0 nowhere (over, or nobody there), 1 among the open games (a
 * free seat), 2 among the games being played. */
int room_write_lobby(room *, jw *);

/* The time source of the rooms' clocks: milliseconds of the server's
 * monotonic clock. */
extern const lt_time_source room_time;

#endif
