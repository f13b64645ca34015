/* message.h — a client's message to `ludoteka serve`, read and checked.
 *
 * A message is one JSON object with a type "t" and the members its type
 * needs; reading it checks their types and ranges, so that the handlers
 * only decide what the message means in the room it is for.  The fuzz
 * target fuzz/fuzz_message.c feeds it any bytes. */
#ifndef LUDOTEKA_NET_MESSAGE_H
#define LUDOTEKA_NET_MESSAGE_H

#include <stdbool.h>
#include <stddef.h>

#include "ludoteka/game.h"

enum { MSG_AWAY_MAX = 86400 }; /* a day */

typedef enum {
    MSG_CREATE, /* {game, options?, seats: [spec...], clock?} */
    MSG_JOIN,   /* {room, seat, token} */
    MSG_WATCH,  /* {room} */
    MSG_MOVE,   /* {ply, name} */
    MSG_LEAVE,  /* {} */
    MSG_PING,   /* {} */
    MSG_SAY,    /* {text}: a line of the room's chat */
    MSG_LOBBY,  /* {}: the open games and the games being played */
    MSG_SIT,    /* {room, seat?}: a free seat of an open game */
    MSG_SEEK,   /* {game, options?, clock?, rated?}: an opponent, paired
                 * by the server */
    MSG_UNSEEK, /* {}: no longer */
    MSG_CHALLENGE, /* {room, seat, token}: what a seat link offers */
    MSG_REFUSE, /* {room, seat, token}: declines it (the game is off) */
    MSG_COMMAND /* a command of the game in play (commands.h) by its name:
                 * resign, draw, takeback, accept, decline, claim {arg?},
                 * abort, rematch; {seat?} */
} msg_type;

typedef struct {
    msg_type type;
    int re;                 /* the client's "id" (0..1e9), or -1 */
    int command;            /* MSG_COMMAND: its lt_command_id */
    /* text members point into json, and live as long as the message */
    const char *game, *options, *room, *token, *name, *clock, *arg;
    int seat, ply;          /* -1 when absent */
    bool rated;             /* create: a rated game */
    bool open;              /* create: listed in the lobby */
    int away;               /* create: seconds a player may stay away
                             * before forfeiting (0: no limit, at most
                             * MSG_AWAY_MAX) */
    bool away_computer;     /* create: past that, a computer plays the
                             * seat on ("away_then": "computer"), rather
                             * than the seat forfeiting ("forfeit") */
    const char *text;       /* say */
    int nseats;             /* members of "seats"; only the first
                             * LT_MAX_PLAYERS are kept */
    const char *seats[LT_MAX_PLAYERS];
    void *json;             /* the parsed text (cJSON), owned */
} net_msg;

/* Why a message was refused: a code the client can act on and a
 * sentence for people. */
typedef struct {
    const char *code;       /* "bad-json", "bad-message", "bad-seats" */
    char text[160];
} msg_error;

/* Reads len bytes of text; false with the error (and *m empty) when they
 * are not a well-formed message.  m->re is set whenever the text was an
 * object with a usable "id", so that the error can answer it. */
bool msg_parse(const char *data, size_t len, net_msg *m, msg_error *);
/* Frees what m owns; m may be read into again. */
void msg_free(net_msg *m);

#endif
