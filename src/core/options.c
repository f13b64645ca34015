/* options.c — rule options: defaults, "name=value" parsing, text form. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "ludoteka/options.h"
#include "ludoteka/text.h"

int lt_option_count(const lt_game *g)
{
    int n = 0;
    while (g->options[n].name)
        n++;
    return n;
}

int lt_option_find(const lt_game *g, const char *name)
{
    for (int i = 0; g->options[i].name; i++)
        if (strcasecmp(g->options[i].name, name) == 0)
            return i;
    return -1;
}

const char *lt_option_text(const lt_option *o, int value, char *buf,
                           size_t size)
{
    if (o->choices && value >= 0 && value < lt_option_choice_count(o))
        snprintf(buf, size, "%s", o->choices[value]);
    else
        snprintf(buf, size, "%d", value);
    return buf;
}

void lt_config_default(const lt_game *g, lt_config *cfg, int players)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->players = players          ? players
                   : g->default_players ? g->default_players
                                        : g->min_players;
    for (int i = 0; g->options[i].name; i++)
        cfg->value[i] = g->options[i].def;
}

/* "on|off" for a message. */
static void list_choices(const lt_option *o, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; o->choices[i]; i++)
        lt_appendf(buf, size, &len, "%s%s", i ? "|" : "", o->choices[i]);
}

static void list_options(const lt_game *g, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; g->options[i].name; i++)
        lt_appendf(buf, size, &len, "%s%s", i ? ", " : "", g->options[i].name);
    if (len == 0)
        lt_appendf(buf, size, &len, "(%s has no options)", g->id);
}

lt_status lt_config_set(const lt_game *g, lt_config *cfg,
                        const char *assignment, lt_error *err)
{
    const char *eq = strchr(assignment, '=');
    char name[64];
    char expected[256], quoted[LT_QUOTE_MAX];
    if (!eq || eq == assignment || (size_t)(eq - assignment) >= sizeof name) {
        lt_error_set(err, "option %s: expected name=value",
                     lt_quote(quoted, sizeof quoted, assignment));
        return LT_ESYNTAX;
    }
    memcpy(name, assignment, (size_t)(eq - assignment));
    name[eq - assignment] = '\0';
    const char *value = eq + 1;
    int i = lt_option_find(g, name);
    if (i < 0) {
        list_options(g, expected, sizeof expected);
        lt_error_set(err, "unknown option %s for %s; options: %s",
                     lt_quote(quoted, sizeof quoted, name), g->id, expected);
        return LT_ESYNTAX;
    }
    const lt_option *o = &g->options[i];
    if (o->choices) {
        for (int c = 0; o->choices[c]; c++)
            if (strcasecmp(o->choices[c], value) == 0) {
                cfg->value[i] = c;
                return LT_OK;
            }
        list_choices(o, expected, sizeof expected);
        lt_error_set(err, "option %s: %s is not one of %s", o->name,
                     lt_quote(quoted, sizeof quoted, value), expected);
        return LT_ERANGE;
    }
    long long v;
    if (!lt_parse_int(value, o->min, o->max, &v)) {
        lt_error_set(err, "option %s: %s is not a number from %d to %d",
                     o->name, lt_quote(quoted, sizeof quoted, value), o->min,
                     o->max);
        return LT_ERANGE;
    }
    cfg->value[i] = (int)v;
    return LT_OK;
}

lt_status lt_config_parse(const lt_game *g, lt_config *cfg, const char *list,
                          lt_error *err)
{
    char word[128];
    const char *p = list;
    while (*p) {
        while (*p && (isspace((unsigned char)*p) || *p == ','))
            p++;
        size_t n = 0;
        while (p[n] && !isspace((unsigned char)p[n]) && p[n] != ',')
            n++;
        if (n == 0)
            break;
        if (n >= sizeof word) {
            lt_error_set(err, "option text too long");
            return LT_ESYNTAX;
        }
        memcpy(word, p, n);
        word[n] = '\0';
        lt_status st = lt_config_set(g, cfg, word, err);
        if (st != LT_OK)
            return st;
        p += n;
    }
    return LT_OK;
}

int lt_config_write(const lt_game *g, const lt_config *cfg, char *buf,
                    size_t size)
{
    size_t len = 0;
    char v[32];
    if (size)
        buf[0] = '\0';
    for (int i = 0; g->options[i].name; i++) {
        const lt_option *o = &g->options[i];
        if (!lt_appendf(buf, size, &len, "%s%s=%s", i ? " " : "", o->name,
                        lt_option_text(o, cfg->value[i], v, sizeof v)))
            return -1;
    }
    return (int)len;
}
