/* jsonw.h — writing JSON text into a growing buffer: objects and arrays
 * nest, commas are placed by the writer, strings come out as valid UTF-8
 * whatever bytes went in. */
#ifndef LUDOTEKA_JSONW_H
#define LUDOTEKA_JSONW_H

#include <stdbool.h>
#include <stddef.h>

#include "ludoteka/text.h"

enum { JW_DEPTH = 16 };

typedef struct {
    lt_text text;         /* the text so far; failed: out of memory, or
                           * nesting too deep */
    int depth;
    bool first[JW_DEPTH]; /* nothing written yet in this object/array */
    char close[JW_DEPTH]; /* '}' or ']' */
    bool after_key;       /* a key was written; its value comes next */
} jw;

/* Empties the writer, keeping its buffer. */
void jw_reset(jw *);
/* Frees the buffer; the writer may be used again. */
void jw_free(jw *);

void jw_obj(jw *);
void jw_arr(jw *);
void jw_end(jw *);
void jw_key(jw *, const char *key);
void jw_str(jw *, const char *s);
void jw_strn(jw *, const char *s, size_t n);
void jw_int(jw *, long long v);
void jw_num(jw *, double v);   /* non-finite numbers are written as null */
void jw_bool(jw *, bool v);
void jw_null(jw *);
/* A value written by a jw before (trusted: not checked). */
void jw_raw(jw *, const char *json);
/* A key and its value, in one call. */
void jw_kstr(jw *, const char *key, const char *s);
void jw_kint(jw *, const char *key, long long v);
void jw_knum(jw *, const char *key, double v);
void jw_kbool(jw *, const char *key, bool v);

/* The text written (an empty string after a failure). */
const char *jw_text(const jw *);

#endif
