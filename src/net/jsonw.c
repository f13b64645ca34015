/* jsonw.c — writing JSON text into a growing buffer. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonw.h"

void jw_reset(jw *w)
{
    lt_text text = {.buf = w->text.buf, .cap = w->text.cap};
    memset(w, 0, sizeof *w);
    w->text = text;
    if (text.buf)
        text.buf[0] = '\0';
}

void jw_free(jw *w)
{
    free(w->text.buf);
    memset(w, 0, sizeof *w);
}

static void put(jw *w, const char *s, size_t n)
{
    lt_text_putn(&w->text, s, n);
}

/* The comma before a value or key, unless it is the first or follows its
 * key. */
static void sep(jw *w)
{
    if (w->after_key) {
        w->after_key = false;
        return;
    }
    if (w->depth > 0) {
        if (!w->first[w->depth - 1])
            put(w, ",", 1);
        w->first[w->depth - 1] = false;
    }
}

static void open(jw *w, char c, char close)
{
    sep(w);
    if (w->depth == JW_DEPTH) {
        w->text.failed = true;
        return;
    }
    put(w, &c, 1);
    w->first[w->depth] = true;
    w->close[w->depth++] = close;
}

void jw_obj(jw *w)
{
    open(w, '{', '}');
}

void jw_arr(jw *w)
{
    open(w, '[', ']');
}

void jw_end(jw *w)
{
    if (w->depth == 0) {
        w->text.failed = true;
        return;
    }
    w->depth--;
    put(w, &w->close[w->depth], 1);
}

/* Length of the valid UTF-8 sequence at s (at most n bytes), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    size_t len;
    unsigned min;
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
        min = 0x80;
        c &= 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        min = 0x800;
        c &= 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        min = 0x10000;
        c &= 0x07;
    } else {
        return 0;
    }
    if (len > n)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        c = c << 6 | (s[i] & 0x3F);
    }
    /* no overlong forms, no surrogates, nothing past U+10FFFF */
    if (c < min || (c >= 0xD800 && c <= 0xDFFF) || c > 0x10FFFF)
        return 0;
    return len;
}

void jw_strn(jw *w, const char *s, size_t n)
{
    sep(w);
    put(w, "\"", 1);
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        unsigned char c = p[i];
        if (c == '"' || c == '\\') {
            char esc[2] = {'\\', (char)c};
            put(w, esc, 2);
            i++;
        } else if (c == '\n') {
            put(w, "\\n", 2);
            i++;
        } else if (c < 0x20 || c == 0x7F) {
            char esc[8];
            snprintf(esc, sizeof esc, "\\u%04x", c);
            put(w, esc, 6);
            i++;
        } else {
            size_t k = utf8_len(p + i, n - i);
            if (k == 0) {
                put(w, "\xEF\xBF\xBD", 3); /* U+FFFD for a broken byte */
                i++;
            } else {
                put(w, s + i, k);
                i += k;
            }
        }
    }
    put(w, "\"", 1);
}

void jw_str(jw *w, const char *s)
{
    jw_strn(w, s, strlen(s));
}

void jw_key(jw *w, const char *key)
{
    jw_str(w, key);
    put(w, ":", 1);
    w->after_key = true;
}

void jw_int(jw *w, long long v)
{
    char buf[32];
    sep(w);
    int n = snprintf(buf, sizeof buf, "%lld", v);
    put(w, buf, (size_t)n);
}

void jw_num(jw *w, double v)
{
    char buf[40];
    if (!isfinite(v)) {
        jw_null(w);
        return;
    }
    sep(w);
    int n = snprintf(buf, sizeof buf, "%.17g", v);
    put(w, buf, (size_t)n);
}

void jw_bool(jw *w, bool v)
{
    sep(w);
    put(w, v ? "true" : "false", v ? 4 : 5);
}

void jw_raw(jw *w, const char *json)
{
    sep(w);
    put(w, json, strlen(json));
}

void jw_null(jw *w)
{
    sep(w);
    put(w, "null", 4);
}

const char *jw_text(const jw *w)
{
    return w->text.failed || !w->text.buf ? "" : w->text.buf;
}

void jw_kstr(jw *w, const char *key, const char *s)
{
    jw_key(w, key);
    jw_str(w, s);
}

void jw_kint(jw *w, const char *key, long long v)
{
    jw_key(w, key);
    jw_int(w, v);
}

void jw_knum(jw *w, const char *key, double v)
{
    jw_key(w, key);
    jw_num(w, v);
}

void jw_kbool(jw *w, const char *key, bool v)
{
    jw_key(w, key);
    jw_bool(w, v);
}
