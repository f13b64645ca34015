/* words.c — the reader's words around the commands: titles and option
 * explanations in the reader's language, columns padded by screen width
 * (Polish letters are two bytes and one column), numbers as the language
 * writes them; a game's rules and options as they are printed. */
#include <stdio.h>
#include <string.h>

#include "words.h"
#include "boardgrid.h"
#include "ludoteka/ai.h"
#include "ludoteka/i18n.h"
#include "ludoteka/options.h"
#include "ludoteka/text.h"


const char *cli_spec_words(const char *spec, char *buf, size_t size)
{
    int level;
    char rest;
    if (!strcmp(spec, "human"))
        snprintf(buf, size, "%s", _("human"));
    else if (!strcmp(spec, "random"))
        snprintf(buf, size, "%s", _("random moves"));
    else if (!strcmp(spec, "ai"))
        snprintf(buf, size, _("computer, level %d"), LT_LEVEL_DEFAULT);
    else if (sscanf(spec, "ai:level=%d%c", &level, &rest) == 1)
        snprintf(buf, size, _("computer, level %d"), level);
    else
        snprintf(buf, size, "%s", spec);
    return buf;
}

int cli_width(const char *text)
{
    int w = bg_text_width(text);
    return w < 0 ? 0 : w;
}

const char *cli_pad(char *buf, size_t size, const char *text, int width,
                    bool right)
{
    int pad = width - cli_width(text);
    pad = pad < 0 ? 0 : pad;
    if (right)
        snprintf(buf, size, "%*s%s", pad, "", text);
    else
        snprintf(buf, size, "%s%*s", text, pad, "");
    return buf;
}

const char *cli_number(char *buf, size_t size, double x, int decimals,
                       bool sign)
{
    char n[96];
    lt_format_number(x, decimals, n, sizeof n);
    snprintf(buf, size, "%s%s", sign && n[0] != '-' && x >= 0 ? "+" : "", n);
    return buf;
}

void cli_print_rules(FILE *out, const lt_game *g)
{
    const char *text = lt_rules_text(g, lt_language());
    if (!text)
        text = lt_rules_text(g, "en");
    fputs(text ? text : _("(no rule text)"), out);
    if (!g->options[0].name)
        return;
    fprintf(out, "\n%s\n", _("Options (--option name=value):"));
    for (int i = 0; g->options[i].name; i++) {
        const lt_option *o = &g->options[i];
        char def[64], range[256], line[256], name[64];
        cli_option_range(o, range, sizeof range);
        snprintf(line, sizeof line, _("(default %s)"),
                 lt_option_value_shown(o, o->def, def, sizeof def));
        fprintf(out, "  %s=%s %s\n      %s\n",
                lt_option_name_shown(o, name, sizeof name), range, line,
                lt_option_help(o));
    }
}

void cli_option_range(const lt_option *o, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    char v[64];
    if (o->choices)
        for (int c = 0; o->choices[c]; c++)
            lt_appendf(buf, size, &len, "%s%s", c ? "|" : "",
                       lt_option_value_shown(o, c, v, sizeof v));
    else
        lt_appendf(buf, size, &len, "%d..%d", o->min, o->max);
}
