/* peers.c — the per-address table: a fixed array searched linearly (a few
 * thousand entries at most); an address with no connection left is
 * forgotten when its place is needed, the one seen longest ago first. */
#include <stdlib.h>
#include <string.h>

#include "ludoteka/text.h"
#include "net/peers.h"

static peer *table;
static int cap, count;
static double per_hour;

bool peers_init(int max, int rooms_per_hour)
{
    table = calloc((size_t)max, sizeof *table);
    cap = table ? max : 0;
    count = 0;
    per_hour = rooms_per_hour;
    return table != NULL;
}

void peers_shutdown(void)
{
    free(table);
    table = NULL;
    cap = count = 0;
}

static void top_up(peer *p, double now)
{
    p->rooms += (now - p->rooms_when) * per_hour / 3600.0;
    if (p->rooms > per_hour)
        p->rooms = per_hour;
    p->rooms_when = now;
}

peer *peers_get(const char *addr, double now)
{
    int oldest = -1;
    for (int i = 0; i < count; i++) {
        if (!strcmp(table[i].addr, addr)) {
            table[i].seen = now;
            return &table[i];
        }
        if (table[i].connections == 0 &&
            (oldest < 0 || table[i].seen < table[oldest].seen))
            oldest = i;
    }
    peer *p;
    if (count < cap) {
        p = &table[count++];
    } else if (oldest >= 0) {
        p = &table[oldest]; /* forgotten: it comes back with a full allowance */
    } else {
        return NULL;
    }
    memset(p, 0, sizeof *p);
    lt_copy(p->addr, sizeof p->addr, addr);
    p->rooms = per_hour;
    p->tries = PEERS_TRIES_PER_MINUTE;
    p->rooms_when = p->seen = p->tries_when = now;
    return p;
}

bool peers_take_room(peer *p, double now)
{
    top_up(p, now);
    if (p->rooms < 1)
        return false;
    p->rooms -= 1;
    return true;
}

double peers_room_wait(const peer *p, double now)
{
    peer q = *p;
    top_up(&q, now);
    return q.rooms >= 1 ? 0 : (1 - q.rooms) * 3600.0 / per_hour;
}

bool peers_take_try(peer *p, double now)
{
    p->tries += (now - p->tries_when) * PEERS_TRIES_PER_MINUTE / 60.0;
    if (p->tries > PEERS_TRIES_PER_MINUTE)
        p->tries = PEERS_TRIES_PER_MINUTE;
    p->tries_when = now;
    if (p->tries < 1)
        return false;
    p->tries -= 1;
    return true;
}
