/* peers.h — what the server keeps per client address: its open
 * connections and its allowance of new rooms, so that the limits hold per
 * address and not per connection (a client that reconnects is still the
 * same address).  Service thread only. */
#ifndef LUDOTEKA_NET_PEERS_H
#define LUDOTEKA_NET_PEERS_H

#include <stdbool.h>

enum { PEER_ADDR_MAX = 48 }; /* an IPv6 address as text, with its NUL */

typedef struct peer {
    char addr[PEER_ADDR_MAX];
    int connections;      /* open TCP connections, pages and sockets */
    double rooms;         /* rooms it may create now (token bucket) */
    double rooms_when;    /* when that was last topped up */
    double seen;          /* when it last connected */
    double tries;         /* log-ins and sign-ups it may try now */
    double tries_when;
} peer;

/* The table: at most `max` addresses; each may make `rooms_per_hour`
 * rooms an hour, up to that many at once. */
bool peers_init(int max, int rooms_per_hour);
void peers_shutdown(void);

/* The entry of an address, made if need be (an address with no
 * connection is forgotten to make space); NULL when the table is full of
 * connected addresses. */
peer *peers_get(const char *addr, double now);
/* May this address create a room now?  Takes one from its allowance. */
bool peers_take_room(peer *, double now);
/* Seconds until it may create one again. */
double peers_room_wait(const peer *, double now);

enum { PEERS_TRIES_PER_MINUTE = 10 }; /* log-ins and sign-ups */
/* May this address try to log in (or sign up) now? */
bool peers_take_try(peer *, double now);

#endif
