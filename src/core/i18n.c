/* i18n.c — the reader's language: gettext's catalogs through libintl in
 * the native program, through catalog.c in the page (i18n.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ludoteka/game.h"
#include "ludoteka/i18n.h"
#include "ludoteka/text.h"

static char current[8] = "en";

/* The language a code names: "pl" for pl, pl_PL.UTF-8, pl:en ...; the
 * letters before the first '_', '.', '@' or ':' (in a small buffer of
 * its own for each call site's lifetime: the result is copied at once). */
static const char *language_of(const char *code)
{
    static char lang[8];
    size_t n = code ? strspn(code, "abcdefghijklmnopqrstuvwxyz") : 0;
    if (n < 2 || n >= sizeof lang)
        return "en";
    memcpy(lang, code, n);
    lang[n] = '\0';
    return lang;
}

/* The language the environment asks for, as gettext reads it. */
static const char *from_environment(void)
{
    static const char *const vars[] = {"LANGUAGE", "LC_ALL", "LC_MESSAGES",
                                       "LANG"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v && *v && strcmp(v, "C") && strcmp(v, "POSIX"))
            return v;
    }
    return "en";
}

const char *lt_language(void)
{
    return current;
}


#ifdef __EMSCRIPTEN__
/* ---- The page: the catalogs compiled in (catalogs.c, generated) ---- */
#include "catalog.h"

typedef struct {
    const char *code;
    const unsigned char *mo;
    size_t size;
} lt_compiled_catalog;
extern const lt_compiled_catalog lt_compiled_catalogs[];
extern const int lt_compiled_catalog_count;

static lt_catalog catalog;
static bool have;

bool lt_i18n_has(const char *code)
{
    const char *lang = language_of(code);
    for (int i = 0; i < lt_compiled_catalog_count; i++)
        if (!strcmp(lt_compiled_catalogs[i].code, lang))
            return true;
    return !strcmp(lang, "en");
}

bool lt_i18n_init(const char *code)
{
    const char *lang = language_of(code && *code ? code : from_environment());
    have = false;
    for (int i = 0; i < lt_compiled_catalog_count; i++)
        if (!strcmp(lt_compiled_catalogs[i].code, lang))
            have = lt_catalog_open(&catalog, lt_compiled_catalogs[i].mo,
                                   lt_compiled_catalogs[i].size);
    lt_copy(current, sizeof current, have ? lang : "en");
    return have || !strcmp(lang, "en");
}

const char *lt_gettext(const char *msgid)
{
    const char *t = have && *msgid ? lt_catalog_find(&catalog, msgid) : NULL;
    return t ? t : msgid;
}

const char *lt_ngettext(const char *one, const char *many, unsigned long n)
{
    const char *t = have ? lt_catalog_plural(&catalog, one, n) : NULL;
    return t ? t : n == 1 ? one : many;
}

static const char *context_lookup(const char *key)
{
    return have ? lt_catalog_find(&catalog, key) : NULL;
}

#else
/* ---- The native program: GNU gettext in glibc ---------------------- */
#include <libintl.h>
#include <locale.h>

extern int _nl_msg_cat_cntr; /* gettext's: bumped when LANGUAGE changes */

/* The folder of the compiled catalogs: installed, or the build's. */
static const char *locale_dir(const char *lang)
{
    static const char *const dirs[] = {LT_LOCALEDIR, LT_BUILD_LOCALEDIR};
    const char *env = getenv("LUDOTEKA_LOCALEDIR");
    char path[1024];
    if (env && *env)
        return env;
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        snprintf(path, sizeof path, "%s/%s/LC_MESSAGES/" LT_TEXT_DOMAIN ".mo",
                 dirs[i], lang);
        if (access(path, R_OK) == 0)
            return dirs[i];
    }
    return NULL;
}

bool lt_i18n_has(const char *code)
{
    const char *lang = language_of(code);
    return !strcmp(lang, "en") || locale_dir(lang) != NULL;
}

bool lt_i18n_init(const char *code)
{
    /* the person's locale for characters (UTF-8, and wcwidth), gettext
     * reads nothing from the "C" locale, and numbers in files and
     * messages stay with a point whatever the locale */
    setlocale(LC_ALL, "");
    const char *m = setlocale(LC_MESSAGES, NULL);
    if (!m || !strcmp(m, "C") || !strcmp(m, "POSIX"))
        setlocale(LC_MESSAGES, "C.UTF-8");
    const char *ct = setlocale(LC_CTYPE, NULL);
    if (!ct || !strcmp(ct, "C") || !strcmp(ct, "POSIX"))
        setlocale(LC_CTYPE, "C.UTF-8");
    setlocale(LC_NUMERIC, "C");
    const char *lang = language_of(code && *code ? code : from_environment());
    const char *dir = strcmp(lang, "en") ? locale_dir(lang) : NULL;
    if (!dir)
        lang = "en";
    lt_copy(current, sizeof current, lang);
    setenv("LANGUAGE", lang, 1);
    if (dir)
        bindtextdomain(LT_TEXT_DOMAIN, dir);
    bind_textdomain_codeset(LT_TEXT_DOMAIN, "UTF-8");
    ++_nl_msg_cat_cntr;
    return dir != NULL || !strcmp(language_of(code), "en");
}

const char *lt_gettext(const char *msgid)
{
    return *msgid && strcmp(current, "en") ? dgettext(LT_TEXT_DOMAIN, msgid)
                                           : msgid;
}

const char *lt_ngettext(const char *one, const char *many, unsigned long n)
{
    return strcmp(current, "en") ? dngettext(LT_TEXT_DOMAIN, one, many, n)
                                 : n == 1 ? one : many;
}

static const char *context_lookup(const char *key)
{
    const char *t = dgettext(LT_TEXT_DOMAIN, key);
    return t == key ? NULL : t;
}
#endif

const char *lt_pgettext(const char *context, const char *msgid)
{
    /* gettext's key for a word in a context: "context\x04msgid" */
    char key[512];
    if (!strcmp(current, "en") ||
        (size_t)snprintf(key, sizeof key, "%s\x04%s", context, msgid) >= sizeof key)
        return msgid;
    const char *t = context_lookup(key);
    return t ? t : msgid;
}

int lt_format_number(double x, int decimals, char *buf, size_t size)
{
    /* TRANSLATORS: how numbers are written: the decimal point ("." or
     * ","), the separator of groups of three digits (",", a no-break
     * space), and from how many digits of the whole part on the groups
     * are separated ("4": 1,234; "5": 12 345 but 1234) */
    const char *point = P_("number: decimal point", "."),
               *sep = P_("number: thousands separator", ","),
               *from = P_("number: group from digits", "4");
    if (strlen(point) > 8)
        point = ".";
    if (strlen(sep) > 8)
        sep = ",";
    char raw[64], out[256]; /* 63 digits, 21 separators and a point of 8 */
    snprintf(raw, sizeof raw, "%.*f", decimals < 0 ? 0 : decimals, fabs(x));
    const char *dot = strchr(raw, '.');
    size_t whole = dot ? (size_t)(dot - raw) : strlen(raw), len = 0;
    bool group = whole >= (size_t)(*from >= '1' && *from <= '9' ? *from - '0' : 4);
    if (x < 0 && strspn(raw, "0.") != strlen(raw))
        out[len++] = '-';
    for (size_t i = 0; i < whole; i++) {
        if (group && i > 0 && (whole - i) % 3 == 0) {
            memcpy(out + len, sep, strlen(sep));
            len += strlen(sep);
        }
        out[len++] = raw[i];
    }
    if (dot) {
        memcpy(out + len, point, strlen(point));
        len += strlen(point);
        size_t k = strlen(dot + 1);
        memcpy(out + len, dot + 1, k);
        len += k;
    }
    out[len] = '\0';
    return snprintf(buf, size, "%s", out);
}
