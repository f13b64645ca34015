/* server.h — `ludoteka serve`: HTTP and WebSocket rooms (civetweb). */
#ifndef LUDOTEKA_NET_SERVER_H
#define LUDOTEKA_NET_SERVER_H

#include "ludoteka/game.h"

typedef struct {
    const char *bind;     /* address to listen on; NULL: every interface */
    int port;             /* 0: any free port (printed when listening) */
    const char *data_dir; /* the rooms' records */
    const char *web_dir;  /* the page (index.html, ludoteka.wasm, ...) */
    int max_rooms;        /* rooms in memory at once */
    int max_connections;  /* WebSocket connections at once */
    int robots;           /* threads for the computer seats */
    int rate;             /* messages a second one connection may send */
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
