/* httpapi.h — the server's HTTP API (/api/...), apart from the transport:
 * a request in (method, path, body, the log-in cookie's secret, the
 * client's address), a reply out (status, type, body, a cookie to set).
 *
 *   GET  /api/health                  "ok": the process serves (load
 *                                     balancers' checks)
 *   GET  /api/status                  rooms, connections, addresses
 *   GET  /api/rooms/ID/record         a room's record (attachment)
 *   GET  /api/games/ID/record         a finished game's, from the archive
 *                                     (ludoteka-ID.pgn for chess, .txt)
 *   POST /api/signup {name,password}  a new account, logged in
 *   POST /api/login  {name,password}  a log-in cookie (HttpOnly, Lax)
 *   POST /api/logout                  the cookie's log-in forgotten
 *   GET  /api/me                      who the cookie belongs to
 *   GET  /api/players/NAME            a profile: ratings and games
 *   GET  /api/players/NAME/games?game=&opponent=&result=&page=&per=
 *                                     the player's games searched, a page
 *   GET  /api/leaders/POOL            the best rated of a pool
 *
 * Service thread only. */
#ifndef LUDOTEKA_NET_HTTPAPI_H
#define LUDOTEKA_NET_HTTPAPI_H

#include <stdbool.h>
#include <stddef.h>

#include "net/peers.h"
#include "net/store.h"

enum {
    HTTPAPI_BODY_MAX = 2048, /* bytes of a request's body */
    HTTPAPI_QUERY_MAX = 512  /* bytes of a GET's query arguments */
};

typedef struct {
    unsigned status;
    const char *type;       /* content type */
    char *body;             /* malloc'd */
    char cookie[192];       /* a Set-Cookie value, or "" */
    char disposition[96];   /* a Content-Disposition value, or "" */
} httpapi_reply;

/* What the status page tells (the server fills it). */
typedef struct {
    int port;
    int naddresses;
    char (*addresses)[16];  /* INET_ADDRSTRLEN each */
} httpapi_status;

void httpapi_init(store *, const httpapi_status *);
/* Answers a request; false when the path is not the API's (a file).
 * body: a POST's body; for a GET, its query's arguments, decoded, each
 * "name=value" followed by a NUL byte, len bytes in all (more than
 * HTTPAPI_QUERY_MAX: the query was longer, and is refused). */
bool httpapi_handle(bool post, const char *path, const char *body, size_t len,
                    const char *login, peer *, httpapi_reply *out);
/* The cookie a request carries, from its Cookie header ("" when none). */
void httpapi_login_of(const char *cookie_header, char *secret, size_t size);

#endif
