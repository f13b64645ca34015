/* text.h — small text helpers shared by the core, the games and the
 * front ends. */
#ifndef LUDOTEKA_TEXT_H
#define LUDOTEKA_TEXT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "ludoteka/game.h"

#if defined(__GNUC__)
#define LT_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define LT_PRINTF(f, a)
#endif

/* Sets err->msg (err may be NULL); line and column are left alone.  The
 * message goes through lt_escape, so text quoted from a file, a network
 * message or the command line cannot reach a terminal as control codes. */
void lt_error_set(lt_error *, const char *fmt, ...) LT_PRINTF(2, 3);
/* The same, the arguments in a va_list. */
void lt_error_setv(lt_error *, const char *fmt, va_list ap) LT_PRINTF(2, 0);

/* Copies text into buf (always terminated, cut to fit) with what a
 * terminal would act on made visible: control bytes (tab and newline
 * too), the C1 controls (U+0080..U+009F) and bytes that are not UTF-8
 * become \xNN, one per byte.  Any other UTF-8 is kept.  Returns buf. */
char *lt_escape(char *buf, size_t size, const char *text);

enum { LT_QUOTE_SHOWN = 40 }; /* bytes of a long text that lt_quote shows */

/* Untrusted text for a message: escaped (lt_escape) in quotes, and past
 * LT_QUOTE_SHOWN bytes shortened, with its length: 'abc'  or
 * 'aaaaaaaa...' (5000 characters).  LT_QUOTE_MAX bytes hold any answer.
 * Returns buf. */
enum { LT_QUOTE_MAX = 4 * LT_QUOTE_SHOWN + 48 };
char *lt_quote(char *buf, size_t size, const char *text);

/* text with each letter of `from` written as the letter at the same
 * place in `to` (chess piece letters: "KQRBN" -> "KHWGS"); other
 * characters as they are.  False (buf as text) when from and to differ
 * in length or `to` is not ASCII. */
bool lt_swap_letters(const char *text, const char *from, const char *to,
                     char *buf, size_t size);

/* snprintf that appends at *len and never overflows; returns false when
 * the text did not fit (the buffer then ends with what fitted). */
bool lt_appendf(char *buf, size_t size, size_t *len, const char *fmt, ...)
    LT_PRINTF(4, 5);

/* Number of choices of a choice option. */
int lt_option_choice_count(const lt_option *);

/* Parses a whole decimal number in [lo, hi]; false if the text is
 * anything else. */
bool lt_parse_int(const char *text, long long lo, long long hi,
                  long long *out);

/* Text that grows as it is written (malloc'd buf, NUL-terminated); after
 * running out of memory `failed` is set and nothing more is written.
 * Start from {0}; the caller frees buf. */
typedef struct {
    char *buf;
    size_t len, cap;
    bool failed;
} lt_text;

void lt_text_putn(lt_text *, const char *s, size_t n);
void lt_text_put(lt_text *, const char *s);

/* Copies at most size-1 bytes and terminates. */
void lt_copy(char *dst, size_t size, const char *src);

/* Splits text into white-space separated words, in place; returns the
 * count (at most max). */
int lt_split(char *text, char **words, int max);

#endif
