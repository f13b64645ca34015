/* frames.c — frames packed into notifications (frames.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/frames.h"

enum { NAME_MAX_FRAMES = 64, TAG_MAX = 40 };

bool frames_seal(frames_out *o)
{
    if (!o->now.len)
        return true;
    if (o->now.failed)
        return false;
    if (o->nfull == o->capfull) {
        int cap = o->capfull ? 2 * o->capfull : 8;
        char **more = realloc(o->full, (size_t)cap * sizeof *more);
        if (!more)
            return false;
        o->full = more;
        o->capfull = cap;
    }
    o->full[o->nfull++] = o->now.buf;
    memset(&o->now, 0, sizeof o->now);
    return true;
}

void frames_clear(frames_out *o)
{
    for (int i = 0; i < o->nfull; i++)
        free(o->full[i]);
    o->nfull = 0;
    free(o->now.buf);
    memset(&o->now, 0, sizeof o->now);
}

/* Byte i of head followed by body. */
static unsigned char byte_at(const char *head, size_t hlen, const char *body,
                             size_t i)
{
    return (unsigned char)(i < hlen ? head[i] : body[i - hlen]);
}

bool frames_put(frames_out *o, const char *from, char kind, unsigned id,
                const char *head, const char *body, size_t len)
{
    size_t hlen = strlen(head), total = hlen + len, done = 0;
    for (;;) {
        if (!o->now.len) {
            lt_text_put(&o->now, from);
            lt_text_put(&o->now, "\n");
        }
        size_t used = o->now.len + TAG_MAX;
        size_t room = FRAMES_PAYLOAD_MAX > used ? FRAMES_PAYLOAD_MAX - used : 0;
        if (room < 256 && o->now.len > NAME_MAX_FRAMES) {
            if (!frames_seal(o)) /* too little left: the next payload */
                return false;
            continue;
        }
        size_t k = total - done < room ? total - done : room;
        while (k > 0 && done + k < total &&
               (byte_at(head, hlen, body, done + k) & 0xc0) == 0x80)
            k--; /* not inside a character */
        bool more = done + k < total;
        char tag[TAG_MAX + 8];
        snprintf(tag, sizeof tag, "%c%u %d %zu\n", kind, id, more ? 1 : 0, k);
        lt_text_put(&o->now, tag);
        if (done < hlen)
            lt_text_putn(&o->now, head + done, k < hlen - done ? k : hlen - done);
        if (done + k > hlen) {
            size_t at = done > hlen ? done - hlen : 0;
            lt_text_putn(&o->now, body + at, done + k - hlen - at);
        }
        done += k;
        if (o->now.failed)
            return false;
        if (!more)
            return true;
        if (!frames_seal(o))
            return false;
    }
}

bool frames_take(const char *p, frames_fn f, void *ctx)
{
    const char *nl = strchr(p, '\n');
    if (!nl || nl - p >= NAME_MAX_FRAMES)
        return false;
    char from[NAME_MAX_FRAMES];
    memcpy(from, p, (size_t)(nl - p));
    from[nl - p] = '\0';
    p = nl + 1;
    while (*p) {
        char kind;
        unsigned id;
        int more;
        size_t len;
        /* the tag is its line (scanf's "\n" would also eat the white
         * space a piece of a message may begin with) */
        const char *end = strchr(p, '\n');
        size_t used = end ? (size_t)(end - p) + 1 : 0;
        if (!end || used > TAG_MAX ||
            sscanf(p, "%c%u %d %zu", &kind, &id, &more, &len) != 4 ||
            strnlen(p + used, len) < len)
            return false;
        f(ctx, from, kind, id, more != 0, p + used, len);
        p += used + len;
    }
    return true;
}
