/* server.h — `ludoteka serve`: HTTP and WebSocket rooms (libwebsockets),
 * and the limits that keep one client from taking the server. */
#ifndef LUDOTEKA_NET_SERVER_H
#define LUDOTEKA_NET_SERVER_H

#include "ludoteka/game.h"

enum {
    SERVE_MESSAGE_MAX = 8192    /* bytes of one message from a client */
};

typedef struct {
    const char *bind;     /* address to listen on; NULL: every interface */
    int port;             /* 0: any free port (printed when listening) */
    const char *data_dir; /* the rooms' records */
    const char *db;       /* accounts, ratings, the archive: a PostgreSQL
                           * URL, or NULL for SQLite in data_dir */
    const char *node;     /* this process's name among several sharing
                           * PostgreSQL (NULL: host-pid) */
    const char *proxy;    /* the address of a proxy in front (HAProxy):
                           * its connections count for the address its
                           * X-Forwarded-For names; NULL: none */
    const char *web_dir;  /* the page (index.html, ludoteka.wasm, ...) */
    int max_rooms;        /* rooms in memory at once */
    int max_stored;       /* room files on disk */
    int keep_days;        /* a room untouched this long is removed */
    int max_connections;  /* WebSocket connections at once */
    int max_per_ip;       /* connections from one address at once */
    int idle_seconds;     /* a WebSocket must join a room within this */
    int rooms_per_hour;   /* rooms one address may create */
    int rooms_each;       /* unfinished rooms one account (or one guest
                           * address) may have made at once */
    int robots;           /* threads for the computer seats */
    int think_seconds;    /* longest a computer seat thinks on a move */
    int rate;             /* messages a second one connection may send */
    int max_queue_kib;    /* KiB waiting to be sent to one client */
} serve_options;

/* Serves until SIGINT or SIGTERM; an exit status. */
int net_serve(const serve_options *);

/* Seconds from a monotonic clock. */
double server_now(void);
/* A line on standard error, with the time. */
void server_log(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

#endif
