/* tui.h — the full-screen mode (ncursesw), shared by its files: the
 * terminal and its colours (tui_term.c), small screens that ask or show
 * something (tui_widgets.c), the computer thinking on a thread
 * (tui_think.c), the menu (tui_menu.c) and the play screen
 * (tui_play.c). */
#ifndef LUDOTEKA_TUI_H
#define LUDOTEKA_TUI_H

#include <curses.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include "cli.h"

/* ---- The terminal (tui_term.c) ---- */

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

/* ---- Screens that ask or show (tui_widgets.c) ---- */

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
 * page is written again in it.  The page ends with "Press ENTER to
 * return to the menu." when `enter_line`. */
void tui_pager(char *(*text)(void *), void *ctx, bool documents,
               bool enter_line);
/* The language after the program's own that has a catalog (po/LINGUAS,
 * and English), for L; and a language's name in itself ("polski"). */
const char *tui_next_language(void);
const char *tui_language_name(const char *code);

/* ---- The computer thinking on a thread (tui_think.c) ---- */

typedef struct {
    pthread_t thread;
    pthread_mutex_t lock;
    bool running;        /* started and not yet collected */
    bool done;           /* the answer is there (under lock) */
    volatile int stop;   /* set: answer now */
    lt_player *player;   /* not owned */
    lt_state *state;     /* a copy of the position */
    uint64_t seed;
    lt_limits limits;
    double clocks[LT_MAX_PLAYERS]; /* where limits.clocks points, if set */
    lt_action answer;
    lt_think_info info;  /* the latest progress (under lock) */
    bool have_info;
    double started;
} tui_thinker;

/* Starts the player on a copy of the position within lim (its clocks
 * copied; its stop and progress are the thinker's); false if it could
 * not. */
bool think_start(tui_thinker *, const lt_game *, lt_player *,
                 const lt_state *, uint64_t seed, const lt_limits *lim);
/* True once the answer is there (it is collected, the thread joined). */
bool think_poll(tui_thinker *, lt_action *answer, lt_think_info *info);
/* The latest progress; false if none yet. */
bool think_progress(tui_thinker *, lt_think_info *);
/* Asks for the answer now (it still comes through think_poll). */
void think_hurry(tui_thinker *);
/* Stops and forgets the search. */
void think_cancel(tui_thinker *);

/* ---- The play screen (tui_play.c) ---- */

/* Plays the game on the table on the screen until the user leaves it
 * (back to the menu when in_menu); `note` (may be NULL) is shown first.
 * Returns EXIT_OK, or 128 + the signal that ended it. */
int tui_play(table *, const char *note, bool in_menu);

#endif
