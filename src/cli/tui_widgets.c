/* tui_widgets.c — small screens of the full-screen mode that ask or show
 * something: a line to type, a list to choose from, a yes-or-no
 * question, a page of text to scroll. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "tui_widgets.h"
#include "tui_term.h"
#include "ludoteka/text.h"

static bool is_enter(const tui_event *ev)
{
    return (ev->type == EV_CHAR && (ev->ch == '\n' || ev->ch == '\r')) ||
           (ev->type == EV_KEY && ev->key == KEY_ENTER);
}

static bool is_cancel(const tui_event *ev)
{
    return ev->type == EV_SIGNAL ||
           (ev->type == EV_CHAR && (ev->ch == 27 || ev->ch == 3));
}

int tui_scroll(int at, int *top, int rows)
{
    rows = rows < 3 ? 3 : rows;
    if (at < *top)
        *top = at;
    if (at >= *top + rows)
        *top = at - rows + 1;
    return rows;
}

bool tui_prompt(const char *label, char *buf, size_t size)
{
    int row = LINES - 2;
    bool ok = false;
    curs_set(1);
    for (;;) {
        tui_fill(row, 0, COLS, A_BOLD);
        int at = tui_put(row, 1, COLS - 2, A_BOLD, label);
        at += tui_put(row, 1 + at, COLS - 2 - at, A_BOLD, "> ");
        /* the end of a long line stays in view */
        const char *shown = buf;
        while (tui_width(shown) > COLS - 4 - at && *shown)
            shown++;
        int w = tui_put(row, 1 + at, COLS - 2 - at, 0, shown);
        move(row, 1 + at + w);
        refresh();
        tui_event ev;
        tui_wait(-1, &ev);
        if (is_cancel(&ev))
            break;
        if (is_enter(&ev)) {
            ok = true;
            break;
        }
        size_t len = strlen(buf);
        bool back = (ev.type == EV_KEY && ev.key == KEY_BACKSPACE) ||
                    (ev.type == EV_CHAR && (ev.ch == 127 || ev.ch == 8));
        if (back) {
            while (len > 0 && ((unsigned char)buf[len - 1] & 0xC0) == 0x80)
                len--; /* the continuation bytes of the last character */
            if (len > 0)
                len--;
            buf[len] = '\0';
        } else if (ev.type == EV_CHAR && ev.ch == 21) { /* Ctrl-U */
            buf[0] = '\0';
        } else if (ev.type == EV_CHAR && ev.ch >= 32) {
            char mb[MB_LEN_MAX];
            mbstate_t st;
            memset(&st, 0, sizeof st);
            size_t k = wcrtomb(mb, (wchar_t)ev.ch, &st);
            if (k != (size_t)-1 && len + k + 1 < size) {
                memcpy(buf + len, mb, k);
                buf[len + k] = '\0';
            }
        }
    }
    curs_set(0);
    tui_fill(row, 0, COLS, 0);
    return ok;
}

bool tui_confirm(const char *question)
{
    int row = LINES - 2;
    tui_fill(row, 0, COLS, A_BOLD);
    char text[256];
    snprintf(text, sizeof text, _("%s (y/n)"), question);
    tui_put(row, 1, COLS - 2, A_BOLD, text);
    refresh();
    for (;;) {
        tui_event ev;
        tui_wait(-1, &ev);
        if (ev.type == EV_CHAR &&
            (ev.ch == 'y' || ev.ch == 'Y' || ev.ch == 't' || ev.ch == 'T'))
            return true;
        if (is_cancel(&ev) || is_enter(&ev) ||
            (ev.type == EV_CHAR && (ev.ch == 'n' || ev.ch == 'N')))
            return false;
    }
}

int tui_choose(const char *title, const char *const *items, int n, int at)
{
    if (n <= 0)
        return -1;
    int top = 0;
    at = at < 0 || at >= n ? 0 : at;
    for (;;) {
        int w = tui_width(title) + 4;
        for (int i = 0; i < n; i++)
            w = tui_width(items[i]) + 8 > w ? tui_width(items[i]) + 8 : w;
        w = w > COLS - 2 ? COLS - 2 : w;
        int h = n < LINES - 6 ? n : LINES - 6;
        h = h < 1 ? 1 : h;
        int r0 = (LINES - h - 2) / 2, c0 = (COLS - w) / 2;
        tui_scroll(at, &top, h);
        for (int r = 0; r < h + 2; r++)
            tui_fill(r0 + r, c0, w, A_REVERSE);
        tui_put(r0, c0 + 2, w - 4, A_REVERSE | A_BOLD, title);
        for (int r = 0; r < h && top + r < n; r++) {
            int i = top + r;
            char line[160];
            if (i < 9) /* the first nine by their number too */
                snprintf(line, sizeof line, "%d %s", i + 1, items[i]);
            else
                snprintf(line, sizeof line, "  %s", items[i]);
            attr_t a = i == at ? A_BOLD : A_REVERSE;
            tui_fill(r0 + 1 + r, c0 + 1, w - 2, a);
            tui_put(r0 + 1 + r, c0 + 2, w - 4, a, line);
        }
        refresh();
        tui_event ev;
        tui_wait(-1, &ev);
        if (is_cancel(&ev))
            return -1;
        if (is_enter(&ev) || (ev.type == EV_CHAR && ev.ch == ' '))
            return at;
        if (ev.type == EV_CHAR && ev.ch >= '1' && ev.ch <= '9' &&
            (int)(ev.ch - '1') < n)
            return (int)(ev.ch - '1');
        if (ev.type == EV_MOUSE && ev.button == 1) {
            int i = top + ev.row - r0 - 1;
            if (ev.row > r0 && ev.row <= r0 + h && i < n && ev.col >= c0 &&
                ev.col < c0 + w)
                return i;
            return -1; /* a click outside gives up */
        }
        if (ev.type == EV_MOUSE)
            at += ev.button == 4 ? -1 : 1;
        if (ev.type == EV_KEY) {
            switch (ev.key) {
            case KEY_UP: at--; break;
            case KEY_DOWN: at++; break;
            case KEY_PPAGE: at -= h; break;
            case KEY_NPAGE: at += h; break;
            case KEY_HOME: at = 0; break;
            case KEY_END: at = n - 1; break;
            default: break;
            }
        }
        at = at < 0 ? 0 : at >= n ? n - 1 : at;
        if (ev.type == EV_RESIZE)
            clear();
    }
}

/* The languages a catalog may be built for, each named in itself; one
 * not listed here is named by its code. */
static const struct {
    const char *code, *name;
} language_names[] = {{"en", "English"}, {"pl", "polski"}};

const char *tui_language_name(const char *code)
{
    for (size_t i = 0; i < sizeof language_names / sizeof *language_names; i++)
        if (!strcmp(language_names[i].code, code))
            return language_names[i].name;
    return code;
}

const char *tui_next_language(void)
{
    /* English, then po/LINGUAS in its order (LT_LANGUAGES: the build) */
    static const char list[] = "en " LT_LANGUAGES;
    static char code[8];
    const char *now = lt_language(), *p = list, *first = NULL, *after = NULL;
    bool passed = false;
    while (*p) {
        size_t n = strcspn(p, " ");
        if (n > 0 && n < sizeof code) {
            char c[8];
            memcpy(c, p, n);
            c[n] = '\0';
            if (lt_i18n_has(c)) {
                if (!first)
                    first = p;
                if (passed && !after)
                    after = p;
                passed |= !strcmp(c, now);
            }
        }
        p += n + (p[n] == ' ');
    }
    const char *pick = after ? after : first ? first : "en";
    size_t n = strcspn(pick, " ");
    memcpy(code, pick, n < sizeof code ? n : sizeof code - 1);
    code[n < sizeof code ? n : sizeof code - 1] = '\0';
    return code;
}

void tui_pager(char *(*text_of)(void *), void *ctx, bool documents,
               bool enter_line)
{
    int top = 0;
    char *text = NULL;
    int *start = NULL, *len = NULL, nlines = 0, cap = 0, width = -1;
    char shown[8] = "";
    for (;;) {
        if (strcmp(shown, lt_language()) || width != COLS - 2) {
            if (strcmp(shown, lt_language())) {
                free(text);
                char *body = text_of(ctx);
                const char *end = _("Press ENTER to return to the menu.");
                size_t n = (body ? strlen(body) : 0) + strlen(end) + 4;
                text = malloc(n);
                if (!text) {
                    free(body);
                    break;
                }
                snprintf(text, n, "%s%s%s", body ? body : "",
                         enter_line ? "\n\n" : "", enter_line ? end : "");
                free(body);
                lt_copy(shown, sizeof shown, lt_language());
            }
            width = COLS - 2;
            /* every wrapped line; a line per 8 characters is plenty */
            int need = (int)strlen(text) + 8;
            if (need > cap) {
                int *s2 = realloc(start, (size_t)need * sizeof *s2);
                if (s2)
                    start = s2;
                int *l2 = realloc(len, (size_t)need * sizeof *l2);
                if (l2)
                    len = l2;
                if (!s2 || !l2)
                    break;
                cap = need;
            }
            nlines = tui_wrap(text, width, start, len, cap);
        }
        int h = LINES - 2;
        int last = nlines - h > 0 ? nlines - h : 0;
        top = top < 0 ? 0 : top > last ? last : top;
        erase();
        char pos[64];
        snprintf(pos, sizeof pos, "%d/%d", top + h < nlines ? top + h : nlines,
                 nlines);
        /* the first line of the text is its title */
        char head[256] = "";
        if (nlines > 0)
            snprintf(head, sizeof head, "%.*s", len[0], text + start[0]);
        tui_title(head, pos);
        for (int r = 0; r < h && top + r < nlines; r++) {
            char line[1024];
            snprintf(line, sizeof line, "%.*s", len[top + r], text + start[top + r]);
            tui_put(1 + r, 1, width, 0, line);
        }
        /* L: the page in the next language, and the program's words with
         * it (one language on the screen) */
        char keys[256];
        snprintf(keys, sizeof keys,
                 _("Up/Down PgUp/PgDn: scroll   L: %s   Enter: back"),
                 tui_language_name(tui_next_language()));
        tui_keys(documents ? keys : _("Up/Down PgUp/PgDn: scroll   Enter: back"));
        refresh();
        tui_event ev;
        tui_wait(-1, &ev);
        if (is_cancel(&ev) || is_enter(&ev) ||
            (ev.type == EV_CHAR && (ev.ch == 'q' || ev.ch == 'Q')))
            break;
        if (documents && ev.type == EV_CHAR && (ev.ch == 'l' || ev.ch == 'L'))
            lt_i18n_init(tui_next_language());
        if (ev.type == EV_CHAR && ev.ch == ' ')
            top += h - 1;
        if (ev.type == EV_MOUSE)
            top += ev.button == 4 ? -3 : ev.button == 5 ? 3 : 0;
        if (ev.type == EV_KEY) {
            switch (ev.key) {
            case KEY_UP: top--; break;
            case KEY_DOWN: top++; break;
            case KEY_PPAGE: top -= h - 1; break;
            case KEY_NPAGE: top += h - 1; break;
            case KEY_HOME: top = 0; break;
            case KEY_END: top = last; break;
            default: break;
            }
        }
    }
    free(text);
    free(start);
    free(len);
}
