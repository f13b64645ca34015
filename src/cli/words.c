/* words.c — the reader's words around the commands: titles and option
 * explanations in the reader's language, columns padded by screen width
 * (Polish letters are two bytes and one column), numbers as the language
 * writes them. */
#include <stdio.h>
#include <string.h>

#include "boardgrid.h"
#include "cli.h"
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

