/* tui_widgets.h — small screens of the full-screen mode that ask or show
 * something (tui_widgets.c): a list, a line to type, a choice, a
 * question, a page to scroll; and the languages L switches between. */
#ifndef LUDOTEKA_TUI_WIDGETS_H
#define LUDOTEKA_TUI_WIDGETS_H

#include <stdbool.h>
#include <stddef.h>

/* Scrolls a list of `rows` visible lines (at least 3) so that line `at`
 * shows; returns the rows. */
int tui_scroll(int at, int *top, int rows);
/* A line to type, edited in place on the last-but-one row; false when
 * given up (Esc). */
bool tui_prompt(const char *label, char *buf, size_t size);
/* One of n items, in a box; the index, or -1 when given up. */
int tui_choose(const char *title, const char *const *items, int n, int at);
/* A yes-or-no question on the last-but-one row. */
bool tui_confirm(const char *question);
/* A scrollable page of text, malloc'd by `text` (given ctx) in the
 * program's language; its first line is the title.  With `documents`, L
 * switches the program to the next language (tui_next_language) and the
 * page is written again in it; so is every screen behind it, which makes
 * its words again when it sees the language change (lt_language).  The
 * page ends with "Press ENTER to return to the menu." when
 * `enter_line`. */
void tui_pager(char *(*text)(void *), void *ctx, bool documents,
               bool enter_line);
/* The language after the program's own that has a catalog (po/LINGUAS,
 * and English), for L; and a language's name in itself ("polski"). */
const char *tui_next_language(void);
const char *tui_language_name(const char *code);

#endif
