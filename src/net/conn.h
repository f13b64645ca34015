/* conn.h — a client's WebSocket connection as the referee sees it, and
 * what the transport (server.c) does for it.
 *
 * Every function here runs on the server's one service thread: the
 * connections, the per-address table and the rooms' connection lists are
 * never touched by another thread (the computer players think on threads
 * of their own and hand their moves to the service thread). */
#ifndef LUDOTEKA_NET_CONN_H
#define LUDOTEKA_NET_CONN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "net/peers.h"

struct room;

typedef struct conn {
    struct room *room;   /* the room it is in (a reference), or NULL */
    peer *peer;          /* its address's entry */
    int seats;           /* seats it holds in its room */
    double allowance;    /* messages it may send now (token bucket) */
    double last;         /* when the allowance was last topped up */
    int drops;           /* messages refused for the rate */
    double chat, chat_when; /* lines of chat it may say now (a bucket) */
    bool idle;           /* not yet in a room: closed after a while */
    bool seeking;        /* waiting to be paired (a seek in the store) */
    int64_t account;     /* the logged-in player's account, or 0 */
    char name[32];       /* his name */
    void *transport;     /* the server's own data */
    /* several processes (cluster.c) */
    unsigned id;         /* its number in this process */
    char owner[48];      /* relayed: the process keeping its room, or "" */
    char owner_room[12]; /* ... and that room */
    bool remote;         /* a connection of another process's client */
    bool gone;           /* remote: closed, its process told */
    bool counted;        /* remote: the referee took it in */
    char from[48];       /* remote: that process */
    unsigned from_id;    /* remote: its number there */
    char *partial;       /* a message coming in pieces (malloc'd) */
    size_t partial_len;
} conn;

/* Queues a text message to the client; a client that reads too slowly
 * to keep its queue under the limit is closed. */
void conn_send(conn *, const char *text);
/* Closes the connection once what is queued has gone. */
void conn_close(conn *);
/* The connection is in a room: it no longer times out for idling. */
void conn_settled(conn *);

#endif
