/* tui_term.c — the terminal of the full-screen mode: starting ncursesw
 * and always giving the terminal back (on leaving, on errors through
 * atexit, on SIGTERM, SIGHUP and SIGINT through the event loop), the
 * colours, reading keys and the mouse, writing and wrapping UTF-8 text. */
#include <ctype.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>

#include "boardgrid.h"
#include "tui_term.h"
#include "cli.h"

bool tui_ascii;
static bool utf8_terminal; /* the locale's characters are UTF-8 */
static bool active;
static bool colors;
static SCREEN *screen;
static volatile sig_atomic_t signalled;

static void on_signal(int sig)
{
    signalled = sig;
}

int tui_signalled(void)
{
    return (int)signalled;
}

double tui_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

bool cli_fullscreen(void)
{
    const char *term = getenv("TERM");
    return !cli_plain && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) && term &&
           *term && strcmp(term, "dumb") != 0;
}

/* The colours behind TB_*: squares light and dark, a marked square, a
 * target, the selection, a capture; and behind TC_*. */
static short backgrounds[TB_COUNT] = {-1, COLOR_CYAN, COLOR_BLUE, COLOR_WHITE,
                                      COLOR_GREEN, COLOR_MAGENTA, COLOR_RED};
static const short foregrounds[TC_COUNT] = {-1, COLOR_WHITE, COLOR_RED, COLOR_GREEN,
                                            COLOR_YELLOW, COLOR_MAGENTA, COLOR_CYAN,
                                            COLOR_BLUE, COLOR_BLACK};

static int pair_of(int fg, int bg)
{
    return fg * TB_COUNT + bg;
}

static void init_colors(void)
{
    colors = has_colors() && start_color() == OK;
    if (!colors)
        return;
    bool defaults = use_default_colors() == OK;
    if (COLORS >= 256) { /* squares of light and dark wood */
        backgrounds[TB_LIGHT] = 180;
        backgrounds[TB_DARK] = 137;
    }
    for (int fg = 0; fg < TC_COUNT; fg++)
        for (int bg = 0; bg < TB_COUNT; bg++) {
            int pair = pair_of(fg, bg);
            if (pair == 0 || pair >= COLOR_PAIRS)
                continue;
            short f = foregrounds[fg], b = backgrounds[bg];
            if (!defaults) {
                f = f < 0 ? COLOR_WHITE : f;
                b = b < 0 ? COLOR_BLACK : b;
            }
            if (f == b && f >= 0) /* a piece on its own colour */
                f = f == COLOR_BLACK ? COLOR_WHITE : COLOR_BLACK;
            init_pair((short)pair, f, b);
        }
}

attr_t tui_color(int fg, int bg)
{
    int pair = pair_of(fg, bg);
    if (!colors || pair <= 0 || pair >= COLOR_PAIRS)
        return 0;
    return COLOR_PAIR(pair);
}

bool tui_has_colors(void)
{
    return colors;
}

int tui_seat_color(const lt_game *g, int seat)
{
    static const struct {
        const char *word;
        int color;
    } named[] = {{"white", TC_WHITE},   {"black", TC_BLACK},  {"red", TC_RED},
                 {"green", TC_GREEN},   {"blue", TC_BLUE},    {"yellow", TC_YELLOW},
                 {"orange", TC_YELLOW}, {"gold", TC_YELLOW},  {"wood", TC_YELLOW},
                 {"violet", TC_MAGENTA}, {"purple", TC_MAGENTA}};
    static const int by_seat[] = {TC_WHITE, TC_RED, TC_GREEN, TC_YELLOW,
                                  TC_MAGENTA, TC_CYAN};
    if (seat < 0)
        return TC_DEFAULT;
    char name[64];
    lt_seat_name(g, seat, name, sizeof name);
    for (char *c = name; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (strstr(name, named[i].word))
            return named[i].color;
    return seat < 6 ? by_seat[seat] : TC_DEFAULT;
}

bool tui_start(void)
{
    if (active)
        return true;
    setlocale(LC_CTYPE, "");
    const char *codeset = nl_langinfo(CODESET);
    utf8_terminal = codeset && strcmp(codeset, "UTF-8") == 0;
    tui_ascii = cli_ascii || !utf8_terminal;
    screen = newterm(NULL, stdout, stdin);
    if (!screen) {
        cli_fail(EXIT_FAIL, "%s", _("this terminal cannot show the full "
                                    "screen; going on line by line (--plain)"));
        return false;
    }
    set_term(screen);
    active = true;
    atexit(tui_stop);
    struct sigaction sa = {.sa_handler = on_signal};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    raw(); /* Ctrl-C arrives as a key: it makes the computer move */
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    /* Esc at once (25 ms for the rest of a key's sequence), unless the
     * environment gives ncurses its own wait (ESCDELAY, in ms: a slow
     * link, or a loaded machine whose sequences come in pieces) */
    if (!getenv("ESCDELAY"))
        set_escdelay(25);
    /* the release too: a release ncurses had to filter out made it wait
     * for the next key, ignoring the timeout */
    mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON4_PRESSED |
                  BUTTON5_PRESSED, NULL);
    mouseinterval(0);
    init_colors();
    return true;
}

void tui_stop(void)
{
    if (!active)
        return;
    active = false;
    endwin();
    delscreen(screen);
    screen = NULL;
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    signal(SIGINT, SIG_DFL);
}

int tui_wait(int ms, tui_event *ev)
{
    memset(ev, 0, sizeof *ev);
    if (signalled)
        return ev->type = EV_SIGNAL;
    wtimeout(stdscr, ms);
    wint_t wc;
    int r = wget_wch(stdscr, &wc);
    if (signalled)
        return ev->type = EV_SIGNAL;
    if (r == ERR)
        return ev->type = EV_TIMEOUT;
    if (r == OK) {
        ev->ch = wc;
        return ev->type = EV_CHAR;
    }
    if (wc == KEY_RESIZE)
        return ev->type = EV_RESIZE;
    if (wc == KEY_MOUSE) {
        MEVENT me;
        if (getmouse(&me) != OK)
            return ev->type = EV_TIMEOUT;
        ev->row = me.y;
        ev->col = me.x;
        /* a press counts; so does a release with no press before it (in
         * the old X10 encoding ncurses now and then reports a press as a
         * release) */
        static bool down;
        bool press = me.bstate & BUTTON1_PRESSED;
        bool lone_release = (me.bstate & BUTTON1_RELEASED) && !down;
        down = press;
        ev->button = me.bstate & BUTTON4_PRESSED   ? 4
                     : me.bstate & BUTTON5_PRESSED ? 5
                     : press || lone_release       ? 1
                                                   : 0;
        return ev->type = ev->button ? EV_MOUSE : EV_TIMEOUT;
    }
    ev->key = (int)wc;
    return ev->type = EV_KEY;
}

int tui_width(const char *s)
{
    int total = 0;
    wchar_t wc;
    int w;
    for (size_t k; (k = bg_next_char(s, &wc, &w)) > 0; s += k)
        total += w > 0 ? w : 0;
    return total;
}

/* A terminal without UTF-8 gets the texts folded to ASCII: Polish
 * letters without their marks, dashes and dots as '-' and '.'. */
static void fold_to_ascii(const char *s, char *out, size_t size)
{
    static const struct {
        unsigned code;
        char ascii;
    } folds[] = {{0x105, 'a'}, {0x107, 'c'}, {0x119, 'e'}, {0x142, 'l'},
                 {0x144, 'n'}, {0xf3, 'o'},  {0x15b, 's'}, {0x17a, 'z'},
                 {0x17c, 'z'}, {0x104, 'A'}, {0x106, 'C'}, {0x118, 'E'},
                 {0x141, 'L'}, {0x143, 'N'}, {0xd3, 'O'},  {0x15a, 'S'},
                 {0x179, 'Z'}, {0x17b, 'Z'}, {0x2014, '-'}, {0x2013, '-'},
                 {0xb7, '.'},  {0x2026, '.'}, {0x25b6, '>'}};
    size_t n = 0;
    const unsigned char *p = (const unsigned char *)s;
    while (*p && n + 1 < size) {
        unsigned code = *p, len = 1;
        if (*p >= 0xf0 && p[1] && p[2] && p[3])
            code = (*p & 7u) << 18 | (p[1] & 63u) << 12 | (p[2] & 63u) << 6 | (p[3] & 63u), len = 4;
        else if (*p >= 0xe0 && p[1] && p[2])
            code = (*p & 15u) << 12 | (p[1] & 63u) << 6 | (p[2] & 63u), len = 3;
        else if (*p >= 0xc0 && p[1])
            code = (*p & 31u) << 6 | (p[1] & 63u), len = 2;
        char c = code < 0x80 ? (char)code : '?';
        for (size_t i = 0; i < sizeof folds / sizeof folds[0]; i++)
            if (folds[i].code == code)
                c = folds[i].ascii;
        out[n++] = c;
        p += len;
    }
    out[n] = '\0';
}

int tui_put(int row, int col, int width, attr_t attr, const char *text)
{
    if (row < 0 || row >= LINES || col >= COLS || width <= 0)
        return 0;
    char folded[1024];
    if (!utf8_terminal) {
        fold_to_ascii(text, folded, sizeof folded);
        text = folded;
    }
    if (col + width > COLS)
        width = COLS - col;
    wchar_t buf[512];
    int n = 0, used = 0, w;
    wchar_t wc;
    for (size_t k; n < 511 && (k = bg_next_char(text, &wc, &w)) > 0; text += k) {
        if (w < 0) {
            wc = L'?';
            w = 1;
        }
        if (used + w > width)
            break;
        buf[n++] = wc;
        used += w;
    }
    buf[n] = L'\0';
    attr_t old_attr;
    short old_pair;
    attr_get(&old_attr, &old_pair, NULL);
    attrset(attr);
    mvaddnwstr(row, col, buf, n);
    attr_set(old_attr, old_pair, NULL);
    return used;
}

void tui_fill(int row, int col, int width, attr_t attr)
{
    if (row < 0 || row >= LINES || col >= COLS)
        return;
    if (col + width > COLS)
        width = COLS - col;
    attr_t old_attr;
    short old_pair;
    attr_get(&old_attr, &old_pair, NULL);
    attrset(attr);
    for (int i = 0; i < width; i++)
        mvaddch(row, col + i, ' ');
    attr_set(old_attr, old_pair, NULL);
}

int tui_wrap(const char *text, int width, int *start, int *len, int max)
{
    int n = 0;
    size_t pos = 0, total = strlen(text);
    if (width < 1)
        width = 1;
    while (pos < total && n < max) {
        if (text[pos] == '\n') { /* an empty line */
            start[n] = (int)pos;
            len[n++] = 0;
            pos++;
            continue;
        }
        /* take characters while they fit; remember the last space */
        size_t at = pos, cut = 0;
        int used = 0;
        wchar_t wc;
        int w;
        while (at < total && text[at] != '\n') {
            size_t k = bg_next_char(text + at, &wc, &w);
            if (k == 0)
                break;
            w = w < 0 ? 1 : w;
            if (used + w > width)
                break;
            if (wc == L' ')
                cut = at;
            used += w;
            at += k;
        }
        size_t end = at;
        if (at < total && text[at] != '\n' && cut > pos)
            end = cut; /* break at the last space */
        start[n] = (int)pos;
        len[n++] = (int)(end - pos);
        pos = end;
        while (pos < total && text[pos] == ' ')
            pos++;
        if (pos < total && text[pos] == '\n' && end == at)
            pos++; /* the line ended where the text did */
    }
    return n;
}

void tui_title(const char *left, const char *right)
{
    attr_t a = A_REVERSE | A_BOLD;
    tui_fill(0, 0, COLS, a);
    tui_put(0, 1, COLS - 2, a, left);
    if (right && *right) {
        int w = tui_width(right);
        if (w + 2 + tui_width(left) < COLS)
            tui_put(0, COLS - 1 - w, w, a, right);
    }
}

void tui_keys(const char *text)
{
    tui_fill(LINES - 1, 0, COLS, A_REVERSE);
    tui_put(LINES - 1, 1, COLS - 2, A_REVERSE, text);
}
