/* options.c — rule options: defaults, "name=value" parsing, text form.
 * Identifiers are ASCII; a person may also give an option by its name and
 * value in the program's language (options.h). */
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

/* Is the typed word this identifier or translation?  Case is ignored in
 * ASCII letters, and a hyphen or an underscore stands for a space of the
 * translation ("bez-ruchu" for "bez ruchu"). */
static bool same_word(const char *typed, const char *word)
{
    for (;; typed++, word++) {
        unsigned char a = (unsigned char)*typed, b = (unsigned char)*word;
        if (b == ' ' && (a == '-' || a == '_' || a == ' '))
            continue;
        if (tolower(a) != tolower(b))
            return false;
        if (!a)
            return true;
    }
}

const char *lt_option_label(const lt_option *o)
{
    return P_("option", o->name);
}

const char *lt_option_help(const lt_option *o)
{
    return o->help && *o->help ? _(o->help) : "";
}

int lt_option_find(const lt_game *g, const char *name)
{
    for (int i = 0; g->options[i].name; i++)
        if (strcasecmp(g->options[i].name, name) == 0)
            return i;
    for (int i = 0; g->options[i].name; i++)
        if (same_word(name, lt_option_label(&g->options[i])))
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

const char *lt_option_value_label(const lt_option *o, int value, char *buf,
                                  size_t size)
{
    if (o->choices && value >= 0 && value < lt_option_choice_count(o))
        snprintf(buf, size, "%s", P_("option value", o->choices[value]));
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

/* A translated word as it is typed: hyphens for its spaces. */
static char *hyphenate(char *word)
{
    for (char *p = word; *p; p++)
        if (*p == ' ')
            *p = '-';
    return word;
}

static const char *typed_form(const char *word, char *buf, size_t size)
{
    lt_copy(buf, size, word);
    return hyphenate(buf);
}

/* "on|off" for a message, as the reader calls them. */
static void list_choices(const lt_option *o, char *buf, size_t size)
{
    size_t len = 0;
    char word[64];
    buf[0] = '\0';
    for (int i = 0; o->choices[i]; i++)
        lt_appendf(buf, size, &len, "%s%s", i ? "|" : "",
                   typed_form(P_("option value", o->choices[i]), word,
                              sizeof word));
}

static void list_options(const lt_game *g, char *buf, size_t size)
{
    size_t len = 0;
    char word[64];
    buf[0] = '\0';
    for (int i = 0; g->options[i].name; i++)
        lt_appendf(buf, size, &len, "%s%s", i ? ", " : "",
                   typed_form(lt_option_label(&g->options[i]), word,
                              sizeof word));
    if (len == 0)
        lt_appendf(buf, size, &len, _("(%s has no options)"), g->id);
}

/* The choice the typed value names: its identifier first, then its
 * translation; -1 if none. */
static int find_choice(const lt_option *o, const char *value)
{
    for (int c = 0; o->choices[c]; c++)
        if (strcasecmp(o->choices[c], value) == 0)
            return c;
    for (int c = 0; o->choices[c]; c++)
        if (same_word(value, P_("option value", o->choices[c])))
            return c;
    return -1;
}

lt_status lt_config_set(const lt_game *g, lt_config *cfg,
                        const char *assignment, lt_error *err)
{
    const char *eq = strchr(assignment, '=');
    char name[64];
    char expected[256], quoted[LT_QUOTE_MAX];
    if (!eq || eq == assignment || (size_t)(eq - assignment) >= sizeof name) {
        lt_error_set(err, _("option %s: expected name=value"),
                     lt_quote(quoted, sizeof quoted, assignment));
        return LT_ESYNTAX;
    }
    memcpy(name, assignment, (size_t)(eq - assignment));
    name[eq - assignment] = '\0';
    const char *value = eq + 1;
    int i = lt_option_find(g, name);
    if (i < 0) {
        list_options(g, expected, sizeof expected);
        lt_error_set(err, _("unknown option %s for %s; options: %s"),
                     lt_quote(quoted, sizeof quoted, name), g->id, expected);
        return LT_ESYNTAX;
    }
    const lt_option *o = &g->options[i];
    char label[64];
    typed_form(lt_option_label(o), label, sizeof label);
    if (o->choices) {
        int c = find_choice(o, value);
        if (c >= 0) {
            cfg->value[i] = c;
            return LT_OK;
        }
        list_choices(o, expected, sizeof expected);
        lt_error_set(err, _("option %s: %s is not one of %s"), label,
                     lt_quote(quoted, sizeof quoted, value), expected);
        return LT_ERANGE;
    }
    long long v;
    if (!lt_parse_int(value, o->min, o->max, &v)) {
        lt_error_set(err, _("option %s: %s is not a number from %d to %d"),
                     label, lt_quote(quoted, sizeof quoted, value), o->min,
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
        /* name=value, or name="a value" (the quotes are dropped) */
        size_t n = 0, len = 0;
        char quote = 0;
        while (p[n] && (quote || (!isspace((unsigned char)p[n]) && p[n] != ','))) {
            if (quote ? p[n] == quote
                      : (p[n] == '"' || p[n] == '\'') && n > 0 && p[n - 1] == '=') {
                quote = quote ? 0 : p[n];
                n++;
                continue;
            }
            if (len + 1 >= sizeof word) {
                lt_error_set(err, _("option text too long"));
                return LT_ESYNTAX;
            }
            word[len++] = p[n++];
        }
        if (n == 0)
            break;
        if (quote) {
            char quoted[LT_QUOTE_MAX];
            lt_error_set(err, _("option %s: the quote is not closed"),
                         lt_quote(quoted, sizeof quoted, p));
            return LT_ESYNTAX;
        }
        word[len] = '\0';
        lt_status st = lt_config_set(g, cfg, word, err);
        if (st != LT_OK)
            return st;
        p += n;
    }
    return LT_OK;
}

/* Every option as name=value: identifiers, or what the reader reads. */
const char *lt_option_name_shown(const lt_option *o, char *buf, size_t size)
{
    return typed_form(lt_option_label(o), buf, size);
}

const char *lt_option_value_shown(const lt_option *o, int value, char *buf,
                                  size_t size)
{
    lt_option_value_label(o, value, buf, size);
    return hyphenate(buf);
}

static int write_config(const lt_game *g, const lt_config *cfg, bool shown,
                        char *buf, size_t size)
{
    size_t len = 0;
    char v[64], name[64];
    if (size)
        buf[0] = '\0';
    for (int i = 0; g->options[i].name; i++) {
        const lt_option *o = &g->options[i];
        if (shown) {
            lt_option_name_shown(o, name, sizeof name);
            lt_option_value_shown(o, cfg->value[i], v, sizeof v);
        } else {
            lt_copy(name, sizeof name, o->name);
            lt_option_text(o, cfg->value[i], v, sizeof v);
        }
        if (!lt_appendf(buf, size, &len, "%s%s=%s", i ? " " : "", name, v))
            return -1;
    }
    return (int)len;
}

int lt_config_write(const lt_game *g, const lt_config *cfg, char *buf,
                    size_t size)
{
    return write_config(g, cfg, false, buf, size);
}

int lt_config_describe(const lt_game *g, const lt_config *cfg, char *buf,
                       size_t size)
{
    return write_config(g, cfg, true, buf, size);
}
