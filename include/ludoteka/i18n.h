/* i18n.h — the program's words in the reader's language.
 *
 * English is the source language; every other language is one GNU
 * gettext catalog, po/LANG.po (po/README.md).  The native program reads
 * the compiled catalogs through gettext (libintl in glibc); the page,
 * which has no libintl, carries the same catalogs compiled into it and
 * reads them with catalog.c.  One language for the whole program, chosen
 * once at the start (--lang, or the locale), before any word is shown.
 *
 * Mark every text a person reads: _("...") where it is shown, N_("...")
 * where it is only named (a table of words shown later through _()),
 * P_("context", "...") where a short word needs telling apart (an
 * option's value), and lt_ngettext for numbers of things (Polish has
 * three forms: 1 gracz, 2 gracze, 5 graczy). */
#ifndef LUDOTEKA_I18N_H
#define LUDOTEKA_I18N_H

#include <stdbool.h>
#include <stddef.h>

#define LT_TEXT_DOMAIN "ludoteka"

/* Chooses the language: "en", "pl", or NULL/"" for the environment's
 * (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as gettext reads them).  False
 * when that language has no catalog here: English then. */
bool lt_i18n_init(const char *code);
/* The language chosen: "en", "pl". */
const char *lt_language(void);
/* Is there a catalog for this language ("en" always)? */
bool lt_i18n_has(const char *code);

/* The compiler checks a translated format against its English one. */
#if defined(__GNUC__)
#define LT_FORMAT_ARG(n) __attribute__((format_arg(n)))
#else
#define LT_FORMAT_ARG(n)
#endif

const char *lt_gettext(const char *msgid) LT_FORMAT_ARG(1);
const char *lt_pgettext(const char *context, const char *msgid) LT_FORMAT_ARG(2);
const char *lt_ngettext(const char *one, const char *many, unsigned long n)
    LT_FORMAT_ARG(1) LT_FORMAT_ARG(2);

#define _(s) lt_gettext(s)
#define N_(s) s
#define P_(c, s) lt_pgettext(c, s)
#define NC_(c, s) s /* named in a context: shown later through P_ */

/* A number as the language writes it: a decimal comma and thin groups of
 * thousands in Polish ("1 234,5"), "1,234.5" in English; `decimals`
 * digits after the point.  snprintf-like. */
int lt_format_number(double x, int decimals, char *buf, size_t size);

#endif
