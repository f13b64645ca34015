/* test_frames.c — frames packed into notifications (src/net/frames.h):
 * every message comes back whole and in order whatever its length and
 * its bytes (white space and multi-byte characters where pieces are cut
 * included), every payload is at most FRAMES_PAYLOAD_MAX bytes of valid
 * UTF-8, and a damaged payload is refused. */
#include <stdlib.h>
#include <string.h>

#include "net/frames.h"
#include "support.h"

enum { MESSAGES = 400 };

typedef struct {
    char kind;
    unsigned id;
    char *head, *body;
    size_t len;
} sent;

/* What a reader put back together: per connection, its message so far. */
typedef struct {
    sent *want;
    int next, n;        /* the next message expected */
    lt_text part;       /* the one coming in pieces */
    char from[16];
} reader;

static void got(void *ctx, const char *from, char kind, unsigned id, bool more,
                const char *data, size_t len)
{
    reader *r = ctx;
    assert_string_equal(from, r->from);
    assert_true(r->next < r->n);
    sent *w = &r->want[r->next];
    assert_int_equal(kind, w->kind);
    assert_int_equal(id, w->id);
    lt_text_putn(&r->part, data, len);
    if (more)
        return;
    size_t hlen = strlen(w->head);
    assert_int_equal(r->part.len, hlen + w->len);
    assert_memory_equal(r->part.buf ? r->part.buf : "", w->head, hlen);
    assert_memory_equal((r->part.buf ? r->part.buf : "") + hlen, w->body, w->len);
    free(r->part.buf);
    memset(&r->part, 0, sizeof r->part);
    r->next++;
}

/* Is text valid UTF-8 (RFC 3629's shortest forms)? */
static bool utf8(const unsigned char *s)
{
    while (*s) {
        int n = *s < 0x80 ? 0 : (*s & 0xe0) == 0xc0 ? 1 : (*s & 0xf0) == 0xe0 ? 2
              : (*s & 0xf8) == 0xf0 ? 3 : -1;
        if (n < 0)
            return false;
        for (int i = 1; i <= n; i++)
            if ((s[i] & 0xc0) != 0x80)
                return false;
        s += n + 1;
    }
    return true;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static unsigned next_rand(unsigned below)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % below);
}

/* A message of len bytes made of pieces that stress the cuts: spaces and
 * line breaks, digits, and 2-, 3- and 4-byte characters. */
static char *text(size_t len)
{
    static const char *const bits[] = {" ", "\n", "7", "{", "ż", "€", "𝄞", "\t"};
    char *t = malloc(len + 1);
    size_t n = 0;
    while (n < len) {
        const char *b = bits[next_rand(8)];
        size_t k = strlen(b);
        if (n + k > len)
            b = " ", k = 1;
        memcpy(t + n, b, k);
        n += k;
    }
    t[n] = '\0';
    return t;
}

static void round_trip(void **st)
{
    sent *msgs = calloc(MESSAGES, sizeof *msgs);
    frames_out o = {0};
    for (int i = 0; i < MESSAGES; i++) {
        sent *m = &msgs[i];
        static const char kinds[] = "MCSXP";
        m->kind = kinds[next_rand(5)];
        m->id = next_rand(1000);
        /* lengths around the payload's and around zero */
        unsigned pick = next_rand(4);
        m->len = pick == 0 ? 0 : pick == 1 ? next_rand(100)
               : pick == 2 ? FRAMES_PAYLOAD_MAX - 200 + next_rand(400)
                           : next_rand(3 * FRAMES_PAYLOAD_MAX);
        m->body = text(m->len);
        m->head = m->kind == 'M' ? text(next_rand(60)) : text(0);
        assert_true(frames_put(&o, "node-a", m->kind, m->id, m->head, m->body, m->len));
        if (next_rand(10) == 0)
            assert_true(frames_seal(&o)); /* a flush now and then */
    }
    assert_true(frames_seal(&o));
    reader r = {.want = msgs, .n = MESSAGES, .from = "node-a"};
    for (int i = 0; i < o.nfull; i++) {
        assert_true(strlen(o.full[i]) <= FRAMES_PAYLOAD_MAX);
        assert_true(utf8((const unsigned char *)o.full[i]));
        assert_true(frames_take(o.full[i], got, &r));
    }
    assert_int_equal(r.next, MESSAGES);
    frames_clear(&o);
    free(o.full);
    for (int i = 0; i < MESSAGES; i++) {
        free(msgs[i].head);
        free(msgs[i].body);
    }
    free(msgs);
}

static void never(void *ctx, const char *from, char kind, unsigned id, bool more,
                  const char *data, size_t len)
{
    (void)from, (void)kind, (void)id, (void)more, (void)data, (void)len;
    (*(int *)ctx)++;
}

/* A payload cut short, a tag that is not one, a name line missing: refused
 * (the frames read before the fault are those given). */
static void damaged(void **st)
{
    int n = 0;
    assert_false(frames_take("no-line-break", never, &n));
    assert_false(frames_take("a\nS1 0 10\nshort", never, &n));
    assert_false(frames_take("a\nS1 0\n", never, &n));
    assert_false(frames_take("a\nQQQ\n", never, &n));
    assert_int_equal(n, 0);
    assert_false(frames_take("a\nS1 0 2\nokS2 0 99\nno", never, &n));
    assert_int_equal(n, 1);
    assert_true(frames_take("a\n", never, &n)); /* nothing in it */
    assert_true(frames_take("a\nC5 0 0\nS5 0 1\n ", never, &n));
    assert_int_equal(n, 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trip),
        cmocka_unit_test(damaged),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
