/* text.c — small text helpers. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ludoteka/text.h"

void lt_error_set(lt_error *err, const char *fmt, ...)
{
    if (!err)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
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
