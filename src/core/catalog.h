/* catalog.h — reading a compiled gettext catalog (a .mo file) held in
 * memory: for the page, where there is no libintl; the native program
 * reads the same files through gettext, and a test checks that both give
 * the same words.
 *
 * The format (GNU gettext manual, "The Format of GNU MO Files"): a header
 * of 32-bit words (magic 0x950412de, revision, the number of strings N,
 * the offsets of the original and the translated tables), then N (length,
 * offset) pairs for each table, the originals sorted by bytes.  A plural
 * entry's original is "one\0many", its translation the forms joined by
 * NUL; a context is "context\x04msgid".  The header entry (msgid "")
 * holds Plural-Forms, whose C expression chooses the form. */
#ifndef LUDOTEKA_CATALOG_H
#define LUDOTEKA_CATALOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    const unsigned char *data;
    size_t size;
    uint32_t n, originals, translations;
    bool swapped;           /* written with the other byte order */
    char plural[256];       /* the Plural-Forms expression, or "" */
    int nplurals;
} lt_catalog;

/* Checks and opens a catalog; false if the bytes are not one. */
bool lt_catalog_open(lt_catalog *, const unsigned char *data, size_t size);
/* The translation of key (msgid, or "ctx\x04msgid"), or NULL. */
const char *lt_catalog_find(const lt_catalog *, const char *key);
/* The plural entry one/many for n, or NULL when not there. */
const char *lt_catalog_plural(const lt_catalog *, const char *one,
                              unsigned long n);
/* The form Plural-Forms chooses for n (0 .. nplurals-1). */
int lt_catalog_form(const lt_catalog *, unsigned long n);

#endif
