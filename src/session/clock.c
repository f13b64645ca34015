/* clock.c — time controls: their text, the clocks of a game in play. */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ludoteka/text.h"
#include "session_impl.h"

enum {
    SECOND = 1000,
    MINUTE = 60 * SECOND,
    HOUR = 60 * MINUTE,
    DAY = 24 * HOUR
};
/* the longest time a text may give: 100 days */
#define TIME_MAX ((int64_t)100 * DAY)

/* A decimal number "12", "0.5", "1.25" (at most three decimals) times
 * unit; false if the text is not one. */
static bool read_decimal(const char *text, size_t n, int64_t unit,
                         int64_t *out)
{
    int64_t whole = 0, frac = 0, scale = 1;
    size_t i = 0;
    if (n == 0 || !isdigit((unsigned char)text[0]))
        return false;
    for (; i < n && isdigit((unsigned char)text[i]); i++) {
        whole = whole * 10 + (text[i] - '0');
        if (whole * unit > TIME_MAX)
            return false;
    }
    if (i < n && text[i] == '.') {
        if (++i == n)
            return false;
        for (; i < n && isdigit((unsigned char)text[i]); i++) {
            if (scale == 1000)
                return false;
            frac = frac * 10 + (text[i] - '0');
            scale *= 10;
        }
    }
    if (i != n)
        return false;
    *out = whole * unit + frac * unit / scale;
    return *out <= TIME_MAX;
}

/* "m:ss" or "h:mm:ss", the seconds with up to three decimals ("0:10.5"),
 * or a decimal of `unit`. */
static bool read_time(const char *text, size_t n, int64_t unit, int64_t *out)
{
    const char *colon = memchr(text, ':', n);
    if (!colon)
        return read_decimal(text, n, unit, out);
    int64_t frac = 0;
    const char *dot = memchr(colon, '.', n - (size_t)(colon - text));
    if (dot) {
        size_t digits = n - (size_t)(dot - text) - 1;
        if (digits == 0 || digits > 3)
            return false;
        for (size_t k = 1; k <= 3; k++) {
            char c = k <= digits ? dot[k] : '0';
            if (!isdigit((unsigned char)c))
                return false;
            frac = frac * 10 + (c - '0');
        }
        n = (size_t)(dot - text);
    }
    int64_t parts[3];
    int np = 0;
    size_t start = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && text[i] != ':')
            continue;
        size_t len = i - start;
        if (np == 3 || len == 0 || len > 4 || (np > 0 && len != 2))
            return false;
        int64_t v = 0;
        for (size_t k = start; k < i; k++) {
            if (!isdigit((unsigned char)text[k]))
                return false;
            v = v * 10 + (text[k] - '0');
        }
        if (np > 0 && v >= 60)
            return false;
        parts[np++] = v;
        start = i + 1;
    }
    int64_t t = np == 2 ? parts[0] * MINUTE + parts[1] * SECOND
                        : parts[0] * HOUR + parts[1] * MINUTE + parts[2] * SECOND;
    t += frac;
    if (t > TIME_MAX)
        return false;
    *out = t;
    return true;
}

lt_status lt_time_control_parse(const char *text, lt_time_control *out,
                                lt_error *err)
{
    lt_time_control tc = {LT_TC_NONE, 0, 0};
    size_t n = strlen(text);
    const char *plus = strchr(text, '+'), *slash = strchr(text, '/');
    const char *d = strchr(text, 'd');
    bool ok = false;
    if (!strcmp(text, "none") || !strcmp(text, "-")) {
        ok = true;
    } else if (plus) {
        tc.kind = LT_TC_FISCHER;
        ok = read_time(text, (size_t)(plus - text), MINUTE, &tc.base) &&
             read_decimal(plus + 1, strlen(plus + 1), SECOND, &tc.extra);
    } else if (slash) {
        tc.kind = LT_TC_MOVE;
        ok = !strcmp(slash, "/move") &&
             read_time(text, (size_t)(slash - text), SECOND, &tc.base);
    } else if (n > 3 && (!strcmp(text + n - 3, "day") ||
                         (n > 4 && !strcmp(text + n - 4, "days")))) {
        tc.kind = LT_TC_DAYS;
        int64_t days;
        ok = read_decimal(text, (size_t)(strstr(text, "day") - text), 1,
                          &days) &&
             days >= 1 && days <= 100 && days * DAY <= TIME_MAX;
        tc.base = days * DAY;
    } else if (d) {
        tc.kind = LT_TC_DELAY;
        ok = read_time(text, (size_t)(d - text), MINUTE, &tc.base) &&
             read_decimal(d + 1, strlen(d + 1), SECOND, &tc.extra);
    }
    if (ok && tc.kind != LT_TC_NONE && tc.base <= 0)
        ok = false;
    if (!ok) {
        lt_error_set(err, "clock '%.40s': expected none, 5+3 (minutes + "
                          "seconds added a move; 0:30+0 for m:ss), 5d3 "
                          "(minutes, a delay of seconds), 30/move "
                          "(seconds a move) or 3days (days a move)",
                     text);
        return LT_ESYNTAX;
    }
    *out = tc;
    return LT_OK;
}

/* Seconds, with the decimals there are: "3", "0.5". */
static void seconds_text(int64_t ms, char *buf, size_t size)
{
    int64_t ms_part = ms % SECOND;
    if (!ms_part)
        snprintf(buf, size, "%" PRId64, ms / SECOND);
    else if (ms_part % 100 == 0)
        snprintf(buf, size, "%" PRId64 ".%d", ms / SECOND, (int)(ms_part / 100));
    else if (ms_part % 10 == 0)
        snprintf(buf, size, "%" PRId64 ".%02d", ms / SECOND, (int)(ms_part / 10));
    else
        snprintf(buf, size, "%" PRId64 ".%03d", ms / SECOND, (int)ms_part);
}

/* A base as the text form writes it: whole minutes "5", else "m:ss" or
 * "h:mm:ss", with the decimals of a second there are ("0:10.5"). */
static void base_text(int64_t ms, char *buf, size_t size)
{
    char frac[8] = "";
    int part = (int)(ms % SECOND);
    if (part > 0) { /* ".5", ".25", ".001" */
        snprintf(frac, sizeof frac, ".%03d", part);
        size_t k = strlen(frac);
        while (k > 1 && frac[k - 1] == '0')
            frac[--k] = '\0';
    }
    if (ms % MINUTE == 0)
        snprintf(buf, size, "%" PRId64, ms / MINUTE);
    else if (ms >= HOUR)
        snprintf(buf, size, "%" PRId64 ":%02d:%02d%s", ms / HOUR,
                 (int)(ms / MINUTE % 60), (int)(ms / SECOND % 60), frac);
    else
        snprintf(buf, size, "%d:%02d%s", (int)(ms / MINUTE),
                 (int)(ms / SECOND % 60), frac);
}

int lt_time_control_format(const lt_time_control *tc, char *buf, size_t size)
{
    char a[32], b[32];
    switch (tc->kind) {
    case LT_TC_FISCHER:
    case LT_TC_DELAY:
        base_text(tc->base, a, sizeof a);
        seconds_text(tc->extra, b, sizeof b);
        return snprintf(buf, size, "%s%c%s", a,
                        tc->kind == LT_TC_FISCHER ? '+' : 'd', b);
    case LT_TC_MOVE:
        if (tc->base < MINUTE || tc->base % SECOND)
            seconds_text(tc->base, a, sizeof a);
        else
            snprintf(a, sizeof a, "%d:%02d", (int)(tc->base / MINUTE),
                     (int)(tc->base / SECOND % 60));
        return snprintf(buf, size, "%s/move", a);
    case LT_TC_DAYS:
        return snprintf(buf, size, "%" PRId64 "%s", tc->base / DAY,
                        tc->base == DAY ? "day" : "days");
    default:
        return snprintf(buf, size, "none");
    }
}

int lt_clock_text(int64_t ms, char *buf, size_t size)
{
    if (ms < 0)
        ms = 0;
    if (ms >= DAY)
        return snprintf(buf, size, "%" PRId64 "d %d:%02d:%02d", ms / DAY,
                        (int)(ms / HOUR % 24), (int)(ms / MINUTE % 60),
                        (int)(ms / SECOND % 60));
    if (ms >= HOUR)
        return snprintf(buf, size, "%d:%02d:%02d", (int)(ms / HOUR),
                        (int)(ms / MINUTE % 60), (int)(ms / SECOND % 60));
    if (ms < 10 * SECOND)
        return snprintf(buf, size, "0:%02d.%d", (int)(ms / SECOND),
                        (int)(ms / 100 % 10));
    return snprintf(buf, size, "%d:%02d", (int)(ms / MINUTE),
                    (int)(ms / SECOND % 60));
}

int clk_exact(int64_t ms, char *buf, size_t size)
{
    if (ms < 0)
        ms = 0;
    return snprintf(buf, size, "%" PRId64 ":%02d:%02d.%03d", ms / HOUR,
                    (int)(ms / MINUTE % 60), (int)(ms / SECOND % 60),
                    (int)(ms % SECOND));
}

bool clk_parse_exact(const char *text, int64_t *ms)
{
    /* h:mm:ss with up to three decimals of a second */
    const char *dot = strchr(text, '.');
    size_t n = dot ? (size_t)(dot - text) : strlen(text);
    int64_t whole, frac = 0;
    if (!memchr(text, ':', n) || !read_time(text, n, SECOND, &whole))
        return false;
    if (dot) {
        char buf[16];
        int w = snprintf(buf, sizeof buf, "0%s", dot);
        if (w <= 0 || (size_t)w >= sizeof buf ||
            !read_decimal(buf, (size_t)w, SECOND, &frac))
            return false;
    }
    *ms = whole + frac;
    return true;
}

int64_t clk_left(const lt_session *s, int seat)
{
    if (s->tc.kind == LT_TC_NONE || seat < 0 || seat >= s->nseats)
        return -1;
    int64_t left = s->clock[seat];
    if (seat == s->running)
        left -= ses_now(s) - s->since;
    return left < 0 ? 0 : left;
}

int64_t clk_after(const lt_session *s, int seat, int64_t took, bool passes)
{
    int64_t left = s->clock[seat] - took;
    if (left < 0)
        left = 0;
    if (!passes)
        return left; /* the same seat goes on: its move is not over */
    switch (s->tc.kind) {
    case LT_TC_FISCHER:
        return left + s->tc.extra;
    case LT_TC_DELAY:
        /* Bronstein: what the move took comes back, up to the delay */
        return left + (took < s->tc.extra ? took : s->tc.extra);
    case LT_TC_MOVE:
    case LT_TC_DAYS:
        return s->tc.base; /* the next move has its own time */
    default:
        return -1;
    }
}
