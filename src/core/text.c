/* text.c — small text helpers. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ludoteka/text.h"

void lt_error_setv(lt_error *err, const char *fmt, va_list ap)
{
    if (!err)
        return;
    /* a message often quotes what it was given (a move, a tag, a file
     * name): whatever a terminal would act on is made visible here, once
     * for every message */
    char msg[sizeof err->msg];
    vsnprintf(msg, sizeof msg, fmt, ap);
    lt_escape(err->msg, sizeof err->msg, msg);
}

void lt_error_set(lt_error *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    lt_error_setv(err, fmt, ap);
    va_end(ap);
}

/* The length of the well-formed UTF-8 sequence at p (2 to 4 bytes), or 0
 * when p starts none (a lone or stray byte, an overlong or surrogate
 * form). */
static size_t utf8_length(const unsigned char *p)
{
    size_t n = p[0] >= 0xf0 ? 4 : p[0] >= 0xe0 ? 3 : 2;
    if (p[0] < 0xc2 || p[0] > 0xf4)
        return 0;
    for (size_t i = 1; i < n; i++)
        if ((p[i] & 0xc0) != 0x80)
            return 0;
    if ((p[0] == 0xe0 && p[1] < 0xa0) || (p[0] == 0xed && p[1] >= 0xa0) ||
        (p[0] == 0xf0 && p[1] < 0x90) || (p[0] == 0xf4 && p[1] >= 0x90))
        return 0;
    return n;
}

/* Is the byte at p (of a sequence of n) shown as it is? */
static bool visible(const unsigned char *p, size_t n)
{
    if (n == 1)
        return p[0] >= 0x20 && p[0] < 0x7f;
    /* the C1 controls (U+0080..U+009F: CSI is U+009B) */
    return n > 0 && !(p[0] == 0xc2 && p[1] < 0xa0);
}

char *lt_escape(char *buf, size_t size, const char *text)
{
    if (size == 0)
        return buf;
    const unsigned char *p = (const unsigned char *)text;
    size_t len = 0;
    while (*p) {
        size_t n = *p < 0x80 ? 1 : utf8_length(p);
        char piece[8];
        size_t k;
        if (visible(p, n)) {
            memcpy(piece, p, n);
            k = n;
        } else {
            k = (size_t)snprintf(piece, sizeof piece, "\\x%02x", *p);
            n = 1; /* a bad sequence is shown byte by byte */
        }
        if (len + k >= size)
            break;
        memcpy(buf + len, piece, k);
        len += k;
        p += n;
    }
    buf[len] = '\0';
    return buf;
}

char *lt_quote(char *buf, size_t size, const char *text)
{
    /* at most LT_QUOTE_SHOWN bytes of the text, cut at a character */
    size_t total = strlen(text), shown = total;
    if (total > LT_QUOTE_SHOWN) {
        shown = LT_QUOTE_SHOWN;
        while (shown > 0 && ((unsigned char)text[shown] & 0xc0) == 0x80)
            shown--;
    }
    char part[LT_QUOTE_SHOWN + 1], escaped[4 * LT_QUOTE_SHOWN + 1];
    memcpy(part, text, shown);
    part[shown] = '\0';
    lt_escape(escaped, sizeof escaped, part);
    if (shown == total) {
        snprintf(buf, size, "'%s'", escaped);
        return buf;
    }
    size_t chars = 0; /* UTF-8: the bytes that start a character */
    for (const char *c = text; *c; c++)
        chars += ((unsigned char)*c & 0xc0) != 0x80;
    snprintf(buf, size, "'%s...' (%zu characters)", escaped, chars);
    return buf;
}

bool lt_appendf(char *buf, size_t size, size_t *len, const char *fmt, ...)
{
    if (*len >= size)
        return false;
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(buf + *len, size - *len, fmt, ap);
    va_end(ap);
    if (w < 0)
        return false;
    if ((size_t)w >= size - *len) {
        *len = size - 1;
        return false;
    }
    *len += (size_t)w;
    return true;
}

int lt_option_choice_count(const lt_option *o)
{
    int n = 0;
    if (o->choices)
        while (o->choices[n])
            n++;
    return n;
}

bool lt_parse_int(const char *text, long long lo, long long hi,
                  long long *out)
{
    if (!text || !*text || isspace((unsigned char)*text))
        return false;
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

void lt_copy(char *dst, size_t size, const char *src)
{
    if (size == 0)
        return;
    size_t n = strlen(src);
    if (n >= size)
        n = size - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

int lt_split(char *text, char **words, int max)
{
    int n = 0;
    char *p = text;
    while (*p && n < max) {
        while (*p && isspace((unsigned char)*p))
            p++;
        if (!*p)
            break;
        words[n++] = p;
        while (*p && !isspace((unsigned char)*p))
            p++;
        if (*p)
            *p++ = '\0';
    }
    return n;
}

void lt_text_putn(lt_text *b, const char *s, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (b->len + n + 1 > cap)
            cap *= 2;
        char *p = realloc(b->buf, cap);
        if (!p) {
            b->failed = true;
            return;
        }
        b->buf = p;
        b->cap = cap;
    }
    memcpy(b->buf + b->len, s, n);
    b->len += n;
    b->buf[b->len] = '\0';
}

void lt_text_put(lt_text *b, const char *s)
{
    lt_text_putn(b, s, strlen(s));
}

bool lt_swap_letters(const char *text, const char *from, const char *to,
                     char *buf, size_t size)
{
    bool same = strlen(from) == strlen(to);
    for (const char *c = to; *c; c++)
        same &= (unsigned char)*c < 0x80; /* one byte a letter */
    size_t n = 0;
    for (; size && *text && n + 1 < size; text++) {
        const char *at = same && *text ? strchr(from, *text) : NULL;
        buf[n++] = at ? to[at - from] : *text;
    }
    if (size)
        buf[n] = '\0';
    return same;
}
