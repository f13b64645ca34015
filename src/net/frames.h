/* frames.h — what the server's processes send each other (cluster.c):
 * messages for a client, cut into frames packed into notifications.
 *
 * A payload is the sender's name and a line break, then frames, each a
 * tag line `K<id> <more> <len>` and len bytes.  A frame too long for what
 * is left of a payload goes in pieces (more = 1 but on the last), each
 * piece ending between UTF-8 characters: a payload is text, at most
 * FRAMES_PAYLOAD_MAX bytes. */
#ifndef LUDOTEKA_NET_FRAMES_H
#define LUDOTEKA_NET_FRAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "ludoteka/text.h"

enum { FRAMES_PAYLOAD_MAX = 7900 }; /* PostgreSQL's NOTIFY: under 8000 */

/* Payloads for one process: those ready, and the one being filled. */
typedef struct {
    lt_text now;
    char **full;
    int nfull, capfull;
} frames_out;

/* Adds a frame from `from` (kind, id, then head and body); false when out
 * of memory. */
bool frames_put(frames_out *, const char *from, char kind, unsigned id,
                const char *head, const char *body, size_t len);
/* The payload being filled is ready too. */
bool frames_seal(frames_out *);
/* Frees the payloads ready (after sending them) and the one being filled. */
void frames_clear(frames_out *);

/* Reads a payload: f(ctx, from, kind, id, more, data, len) for each frame
 * (data not NUL-terminated); false when it is not well formed (the frames
 * before the fault have been read). */
typedef void (*frames_fn)(void *ctx, const char *from, char kind, unsigned id,
                          bool more, const char *data, size_t len);
bool frames_take(const char *payload, frames_fn f, void *ctx);

#endif
