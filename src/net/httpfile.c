/* httpfile.c — the choices in sending a file of the page (httpfile.h). */
#include "net/httpfile.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char *skip_space(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* A qvalue ("0", "0.5", "1.000") in thousandths; -1 when it is none. */
static int qvalue(const char *s, size_t n)
{
    if (n == 0 || (s[0] != '0' && s[0] != '1'))
        return -1;
    int q = (s[0] - '0') * 1000;
    if (n == 1)
        return q;
    if (s[1] != '.' || n > 5)
        return -1;
    int scale = 100;
    for (size_t i = 2; i < n; i++, scale /= 10) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        q += (s[i] - '0') * scale;
    }
    return q > 1000 ? -1 : q;
}

enum { CODING_BR, CODING_GZIP, CODING_IDENTITY, CODING_STAR, CODINGS };

static int coding_of(const char *name, size_t n)
{
    static const struct {
        const char *name;
        int coding;
    } known[] = {{"br", CODING_BR}, {"gzip", CODING_GZIP}, {"x-gzip", CODING_GZIP},
                 {"identity", CODING_IDENTITY}, {"*", CODING_STAR}};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strlen(known[i].name) == n && !strncasecmp(name, known[i].name, n))
            return known[i].coding;
    return -1;
}

httpfile_encoding httpfile_encoding_for(const char *accept, bool have_br,
                                        bool have_gzip)
{
    int q[CODINGS]; /* thousandths; -1: not named */
    for (int i = 0; i < CODINGS; i++)
        q[i] = -1;
    const char *s = accept ? accept : "";
    while (*s) {
        /* an element: a coding, then parameters (";q=0.5") */
        s = skip_space(s);
        const char *name = s;
        while (*s && *s != ',' && *s != ';' && *s != ' ' && *s != '\t')
            s++;
        int coding = coding_of(name, (size_t)(s - name));
        int weight = 1000;
        while (*s && *s != ',') {
            s = skip_space(s);
            if (!*s || *s == ',')
                break;
            if (*s != ';') { /* not the grammar: the element is dropped */
                weight = -1;
                while (*s && *s != ',')
                    s++;
                break;
            }
            s = skip_space(s + 1);
            const char *param = s;
            while (*s && *s != ',' && *s != ';' && *s != ' ' && *s != '\t')
                s++;
            if ((param[0] == 'q' || param[0] == 'Q') && param[1] == '=')
                weight = qvalue(param + 2, (size_t)(s - param - 2));
        }
        if (*s == ',')
            s++;
        if (coding >= 0 && weight >= 0 && q[coding] < 0)
            q[coding] = weight; /* the first mention counts */
    }
    /* what each encoding is worth: its own q, else that of "*", else
     * nothing; identity, unless refused, is acceptable but worth least
     * when not named (a browser that says "gzip;q=0.5" wants gzip) */
    int worth[CODINGS];
    for (int i = CODING_BR; i <= CODING_IDENTITY; i++)
        worth[i] = q[i] >= 0 ? q[i] : q[CODING_STAR] >= 0 ? q[CODING_STAR]
                 : i == CODING_IDENTITY ? 1 : 0;
    if (!have_br)
        worth[CODING_BR] = 0;
    if (!have_gzip)
        worth[CODING_GZIP] = 0;
    if (worth[CODING_BR] > 0 && worth[CODING_BR] >= worth[CODING_GZIP] &&
        worth[CODING_BR] >= worth[CODING_IDENTITY])
        return HTTPFILE_BR;
    if (worth[CODING_GZIP] > 0 && worth[CODING_GZIP] >= worth[CODING_IDENTITY])
        return HTTPFILE_GZIP;
    return HTTPFILE_IDENTITY; /* also when everything is refused */
}

const char *httpfile_encoding_name(httpfile_encoding e)
{
    return e == HTTPFILE_BR ? "br" : e == HTTPFILE_GZIP ? "gzip" : NULL;
}

bool httpfile_immutable(const char *path)
{
    const char *name = strrchr(path, '/');
    name = name ? name + 1 : path;
    const char *dot = strchr(name, '.');
    if (!dot || dot == name)
        return false;
    for (int i = 1; i <= 8; i++)
        if (!((dot[i] >= '0' && dot[i] <= '9') || (dot[i] >= 'a' && dot[i] <= 'f')))
            return false;
    return dot[9] == '\0' || (dot[9] == '.' && dot[10] != '\0');
}

void httpfile_etag(char *out, size_t size, long long bytes, long long mtime_ns)
{
    snprintf(out, size, "\"%llx-%llx\"", (unsigned long long)bytes,
             (unsigned long long)mtime_ns);
}

bool httpfile_etag_matches(const char *if_none_match, const char *etag)
{
    if (!if_none_match)
        return false;
    /* the tag between etag's quotes */
    size_t n = strlen(etag);
    if (n < 2 || etag[0] != '"' || etag[n - 1] != '"')
        return false;
    const char *want = etag + 1;
    n -= 2;
    const char *s = skip_space(if_none_match);
    if (*s == '*')
        return *skip_space(s + 1) == '\0';
    while (*s) {
        s = skip_space(s);
        if (!strncmp(s, "W/", 2))
            s += 2;
        if (*s != '"')
            return false; /* not a list of tags */
        const char *tag = ++s;
        while (*s && *s != '"')
            s++;
        if (!*s)
            return false;
        if ((size_t)(s - tag) == n && !strncmp(tag, want, n))
            return true;
        s = skip_space(s + 1);
        if (*s == ',')
            s++;
        else if (*s)
            return false;
    }
    return false;
}
