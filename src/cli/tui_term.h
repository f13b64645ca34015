/* tui_term.h — the full-screen mode's terminal (tui_term.c, ncursesw):
 * starting and ending it, colours, events from the keyboard and the
 * mouse, texts written by screen width, the title and key bars. */
#ifndef LUDOTEKA_TUI_TERM_H
#define LUDOTEKA_TUI_TERM_H

#include <curses.h>
#include <stdbool.h>
#include <stddef.h>

#include "ludoteka/game.h"

/* The full-screen mode: on when stdin and stdout are a terminal that is
 * not "dumb" and --plain was not given. */
bool cli_fullscreen(void);
/* Starts it (false, with a message, if the terminal cannot be used) and
 * ends it, restoring the terminal (safe to call twice). */
bool tui_start(void);
void tui_stop(void);

extern bool tui_ascii;  /* no UTF-8: texts instead of glyphs and lines */

/* Colours: a foreground and a background of these. */
enum { TC_DEFAULT, TC_WHITE, TC_RED, TC_GREEN, TC_YELLOW, TC_MAGENTA, TC_CYAN,
       TC_BLUE, TC_BLACK, TC_COUNT };
enum { TB_DEFAULT, TB_LIGHT, TB_DARK, TB_MARKED, TB_TARGET, TB_SELECTED,
       TB_CAPTURE, TB_COUNT };
/* The attribute for a colour pair (0 on a terminal without colours). */
attr_t tui_color(int fg, int bg);
bool tui_has_colors(void);
/* A seat's colour (TC_*): the colour its English name says ("White",
 * "Green (spring)", "Wooden"), else one of a row of colours by seat. */
int tui_seat_color(const lt_game *, int seat);

/* What the user did. */
enum { EV_TIMEOUT, EV_CHAR, EV_KEY, EV_MOUSE, EV_RESIZE, EV_SIGNAL };
typedef struct {
    int type;
    wint_t ch;      /* EV_CHAR: the character (Ctrl-C is 3, Esc 27) */
    int key;        /* EV_KEY: KEY_UP, ... */
    int row, col;   /* EV_MOUSE: where */
    int button;     /* EV_MOUSE: 1 press, 4 wheel up, 5 wheel down */
} tui_event;

/* Waits up to ms milliseconds (-1: for ever) for an event. */
int tui_wait(int ms, tui_event *);
/* The signal (SIGTERM, SIGHUP, SIGINT) that asked the program to end,
 * or 0. */
int tui_signalled(void);
/* Monotonic seconds. */
double tui_now(void);

/* Writes a UTF-8 text at (row, col), cut at width columns; returns the
 * columns written. */
int tui_put(int row, int col, int width, attr_t, const char *text);
/* Blanks width columns from (row, col). */
void tui_fill(int row, int col, int width, attr_t);
/* Word-wraps text into lines of at most width columns: the start and
 * byte length of each; returns the count (at most max). */
int tui_wrap(const char *text, int width, int *start, int *len, int max);
/* Screen columns of a text (0 for what cannot be shown). */
int tui_width(const char *text);

/* The title bar (row 0) and the key bar (the last row). */
void tui_title(const char *left, const char *right);
void tui_keys(const char *text);

#endif
