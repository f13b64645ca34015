/* catalog.c — a compiled gettext catalog read from memory (catalog.h). */
#include <stdio.h>
#include <string.h>

#include "catalog.h"

static uint32_t word(const lt_catalog *c, size_t at)
{
    const unsigned char *p = c->data + at;
    return c->swapped ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
                            (uint32_t)p[2] << 8 | p[3]
                      : (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 |
                            (uint32_t)p[1] << 8 | p[0];
}

/* String i of a table at `table`: its bytes, or NULL if out of bounds. */
static const char *entry(const lt_catalog *c, uint32_t table, uint32_t i,
                         uint32_t *len)
{
    size_t at = (size_t)table + 8 * (size_t)i;
    if (at + 8 > c->size)
        return NULL;
    *len = word(c, at);
    uint32_t off = word(c, at + 4);
    if ((size_t)off + *len + 1 > c->size || c->data[off + *len] != '\0')
        return NULL;
    return (const char *)c->data + off;
}

/* ---- Plural-Forms: a C expression of n ---------------------------------
 * ?: || && == != < > <= >= + - * / % ! ( ) n and decimal numbers. */
typedef struct {
    const char *p;
    unsigned long n;
    bool bad;
} expr;

static unsigned long ternary(expr *e);

static void blank(expr *e)
{
    while (*e->p == ' ' || *e->p == '\t' || *e->p == '\n')
        e->p++;
}

static bool take(expr *e, const char *op)
{
    blank(e);
    size_t k = strlen(op);
    if (strncmp(e->p, op, k) != 0)
        return false;
    /* '<' is not the start of "<=", nor '!' of "!=" */
    if (k == 1 && (op[0] == '<' || op[0] == '>' || op[0] == '!' || op[0] == '=') &&
        e->p[1] == '=')
        return false;
    e->p += k;
    return true;
}

static unsigned long primary(expr *e)
{
    blank(e);
    if (take(e, "!"))
        return !primary(e);
    if (take(e, "(")) {
        unsigned long v = ternary(e);
        if (!take(e, ")"))
            e->bad = true;
        return v;
    }
    if (*e->p == 'n') {
        e->p++;
        return e->n;
    }
    if (*e->p >= '0' && *e->p <= '9') {
        unsigned long v = 0;
        while (*e->p >= '0' && *e->p <= '9')
            v = v * 10 + (unsigned long)(*e->p++ - '0');
        return v;
    }
    e->bad = true;
    return 0;
}

static unsigned long product(expr *e)
{
    unsigned long v = primary(e);
    for (;;) {
        if (take(e, "*")) {
            v *= primary(e);
        } else if (take(e, "/") || take(e, "%")) {
            bool mod = e->p[-1] == '%';
            unsigned long d = primary(e);
            if (d == 0) {
                e->bad = true;
                return 0;
            }
            v = mod ? v % d : v / d;
        } else {
            return v;
        }
    }
}

static unsigned long sum(expr *e)
{
    unsigned long v = product(e);
    for (;;) {
        if (take(e, "+"))
            v += product(e);
        else if (take(e, "-"))
            v -= product(e);
        else
            return v;
    }
}

static unsigned long compare(expr *e)
{
    unsigned long v = sum(e);
    for (;;) {
        if (take(e, "<="))
            v = v <= sum(e);
        else if (take(e, ">="))
            v = v >= sum(e);
        else if (take(e, "<"))
            v = v < sum(e);
        else if (take(e, ">"))
            v = v > sum(e);
        else
            return v;
    }
}

static unsigned long equality(expr *e)
{
    unsigned long v = compare(e);
    for (;;) {
        if (take(e, "=="))
            v = v == compare(e);
        else if (take(e, "!="))
            v = v != compare(e);
        else
            return v;
    }
}

static unsigned long both(expr *e)
{
    unsigned long v = equality(e);
    while (take(e, "&&")) {
        unsigned long w = equality(e);
        v = v && w;
    }
    return v;
}

static unsigned long disj(expr *e)
{
    unsigned long v = both(e);
    while (take(e, "||")) {
        unsigned long w = both(e);
        v = v || w;
    }
    return v;
}

static unsigned long ternary(expr *e)
{
    unsigned long c = disj(e);
    if (!take(e, "?"))
        return c;
    unsigned long a = ternary(e);
    if (!take(e, ":")) {
        e->bad = true;
        return 0;
    }
    unsigned long b = ternary(e);
    return c ? a : b;
}

int lt_catalog_form(const lt_catalog *c, unsigned long n)
{
    if (!c->plural[0])
        return n == 1 ? 0 : 1; /* gettext's default: English */
    expr e = {c->plural, n, false};
    unsigned long v = ternary(&e);
    blank(&e);
    if (e.bad || *e.p || v >= (unsigned long)c->nplurals)
        return 0;
    return (int)v;
}

/* Plural-Forms: nplurals=3; plural=EXPR; from the header entry. */
static void read_plural_forms(lt_catalog *c, const char *header)
{
    const char *pf = strstr(header, "Plural-Forms:");
    if (!pf)
        return;
    const char *np = strstr(pf, "nplurals="), *pl = strstr(pf, "plural=");
    while (pl && pl > pf && pl[-1] == 'n') /* not the "plural=" in nplurals */
        pl = strstr(pl + 1, "plural=");
    if (!np || !pl || sscanf(np, "nplurals=%d", &c->nplurals) != 1)
        return;
    pl += 7;
    size_t k = strcspn(pl, ";\n");
    if (k >= sizeof c->plural)
        return;
    memcpy(c->plural, pl, k);
    c->plural[k] = '\0';
}

bool lt_catalog_open(lt_catalog *c, const unsigned char *data, size_t size)
{
    memset(c, 0, sizeof *c);
    if (size < 28)
        return false;
    c->data = data;
    c->size = size;
    uint32_t magic = word(c, 0);
    if (magic != 0x950412de) {
        c->swapped = true;
        if (word(c, 0) != 0x950412de)
            return false;
    }
    c->n = word(c, 8);
    c->originals = word(c, 12);
    c->translations = word(c, 16);
    if ((size_t)c->originals + 8 * (size_t)c->n > size ||
        (size_t)c->translations + 8 * (size_t)c->n > size)
        return false;
    const char *header = lt_catalog_find(c, "");
    if (header)
        read_plural_forms(c, header);
    return true;
}

/* The index of key among the originals, sorted as strcmp sorts them (a
 * plural original "one\0many" compares as "one"), or -1. */
static long find(const lt_catalog *c, const char *key)
{
    uint32_t lo = 0, hi = c->n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2, len;
        const char *s = entry(c, c->originals, mid, &len);
        if (!s)
            return -1;
        int d = strcmp(s, key);
        if (d == 0)
            return mid;
        if (d < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

const char *lt_catalog_find(const lt_catalog *c, const char *key)
{
    long i = c->data ? find(c, key) : -1;
    uint32_t len;
    const char *t = i >= 0 ? entry(c, c->translations, (uint32_t)i, &len) : NULL;
    return t && len > 0 ? t : NULL;
}

const char *lt_catalog_plural(const lt_catalog *c, const char *one,
                              unsigned long n)
{
    long i = c->data ? find(c, one) : -1;
    uint32_t len;
    const char *t = i >= 0 ? entry(c, c->translations, (uint32_t)i, &len) : NULL;
    if (!t || len == 0)
        return NULL;
    /* the forms, NUL-separated, within len bytes */
    int form = lt_catalog_form(c, n);
    const char *p = t, *end = t + len;
    for (int k = 0; k < form && p < end; k++)
        p += strlen(p) + 1;
    return p < end ? p : t;
}
