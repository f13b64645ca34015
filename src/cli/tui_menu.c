/* tui_menu.c — the full-screen menu: the games as the seeds group them;
 * for each, its rules (a page to scroll, in either language), its
 * options with their defaults and explanations, who sits in each seat,
 * and play. */
#include <stdlib.h>
#include <string.h>

#include "tui_menu.h"
#include "cli.h"
#include "menu.h"
#include "tui_play.h"
#include "tui_term.h"
#include "tui_widgets.h"
#include "words.h"
#include "ludoteka/options.h"
#include "ludoteka/text.h"

static bool is_enter(const tui_event *ev)
{
    return (ev->type == EV_CHAR && (ev->ch == '\n' || ev->ch == '\r')) ||
           (ev->type == EV_KEY && ev->key == KEY_ENTER);
}

static bool is_back(const tui_event *ev)
{
    return ev->type == EV_CHAR && (ev->ch == 27 || ev->ch == 'q' || ev->ch == 'Q');
}

/* L in the menus: the next language */
static bool switch_language(const tui_event *ev)
{
    if (ev->type != EV_CHAR || (ev->ch != 'l' && ev->ch != 'L'))
        return false;
    lt_i18n_init(tui_next_language());
    return true;
}

/* ---- The rules page ------------------------------------------------------ */

static char *rules_of(void *ctx)
{
    const lt_game *g = ctx;
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    if (!f)
        return NULL;
    cli_print_rules(f, g);
    fclose(f);
    return text;
}

/* ---- The page of one game ------------------------------------------------ */

/* The seats' menu of players: a person, the computer's levels, random. */
static const char *const seat_specs[] = {"human", "ai:level=1", "ai:level=2",
                                         "ai:level=3", "ai:level=4",
                                         "ai:level=5", "random"};
enum { NSPECS = sizeof seat_specs / sizeof seat_specs[0] };

enum { IT_RULES, IT_PLAY, IT_HEAD, IT_OPTION, IT_COUNT, IT_SEAT, IT_DICE,
       IT_BLANK, IT_BACK };

typedef struct {
    int kind, index;
} item;

typedef struct {
    const lt_game *g;
    lt_config cfg;
    char specs[LT_MAX_PLAYERS][LT_SPEC_MAX];
    bool manual_dice;
    item items[64];
    int nitems;
} page;

static void build_items(page *pg)
{
    const lt_game *g = pg->g;
    int n = 0;
    pg->items[n++] = (item){IT_RULES, 0};
    pg->items[n++] = (item){IT_PLAY, 0};
    pg->items[n++] = (item){IT_BLANK, 0};
    if (g->options[0].name) {
        pg->items[n++] = (item){IT_HEAD, 0};
        for (int i = 0; g->options[i].name && n < 40; i++)
            pg->items[n++] = (item){IT_OPTION, i};
    }
    pg->items[n++] = (item){IT_HEAD, 1};
    if (g->min_players != g->max_players)
        pg->items[n++] = (item){IT_COUNT, 0};
    for (int i = 0; i < pg->cfg.players; i++)
        pg->items[n++] = (item){IT_SEAT, i};
    if (g->has_chance)
        pg->items[n++] = (item){IT_DICE, 0};
    pg->items[n++] = (item){IT_BLANK, 0};
    pg->items[n++] = (item){IT_BACK, 0};
    pg->nitems = n;
}

static bool selectable(int kind)
{
    return kind != IT_HEAD && kind != IT_BLANK;
}

/* The text of an item: a label and a value; help says what it is. */
static void item_text(const page *pg, const item *it, char *label, char *value,
                      char *help, size_t size)
{
    const lt_game *g = pg->g;
    label[0] = value[0] = help[0] = '\0';
    switch (it->kind) {
    case IT_RULES:
        snprintf(label, size, "%s", P_("menu", "Rules"));
        snprintf(help, size, "%s", _("The rules of the game and its options, to read."));
        break;
    case IT_PLAY:
        snprintf(label, size, "%s", P_("menu", "Play"));
        snprintf(help, size, "%s", _("Start a game with these options and players; "
                                     "lots decide who takes the first seat."));
        break;
    case IT_HEAD:
        snprintf(label, size, "%s",
                 it->index ? P_("menu", "Players") : P_("menu", "Options"));
        break;
    case IT_OPTION: {
        const lt_option *o = &g->options[it->index];
        char def[64], range[256], now[64], deftext[96], a[128], b[128], name[64];
        cli_option_range(o, range, sizeof range);
        snprintf(label, size, "  %s", lt_option_name_shown(o, name, sizeof name));
        lt_option_value_shown(o, pg->cfg.value[it->index], now, sizeof now);
        snprintf(deftext, sizeof deftext, _("(default %s)"),
                 lt_option_value_shown(o, o->def, def, sizeof def));
        snprintf(value, size, "%s %s", cli_pad(a, sizeof a, now, 10, false),
                 cli_pad(b, sizeof b, deftext, 20, false));
        snprintf(help, size, "%s  [%s]", lt_option_help(o), range);
        break;
    }
    case IT_COUNT:
        snprintf(label, size, "  %s", _("number of players"));
        snprintf(value, size, "%d", pg->cfg.players);
        snprintf(help, size,
                 lt_ngettext("From %d to %d player.", "From %d to %d players.",
                             (unsigned long)g->max_players),
                 g->min_players, g->max_players);
        break;
    case IT_SEAT: {
        char who[64];
        snprintf(label, size, "  %d. %s", it->index + 1,
                 lt_seat_name(g, it->index, who, sizeof who));
        cli_spec_words(pg->specs[it->index], value, size);
        snprintf(help, size, "%s", _("Who sits here: a person, the computer at level 1 "
                                     "(weakest) to 5 (strongest), or random moves. "
                                     "Enter: type any player spec (ai:mcts:time=2, ...)."));
        break;
    }
    case IT_DICE:
        snprintf(label, size, "  %s", _("dice"));
        snprintf(value, size, "%s", pg->manual_dice ? _("typed in (real dice)")
                                                    : _("thrown by the computer"));
        snprintf(help, size, "%s", _("Throw real dice and type what came up, or let the "
                                     "computer throw."));
        break;
    case IT_BACK:
        snprintf(label, size, "%s", P_("menu", "Back to the menu"));
        break;
    default:
        break;
    }
}

/* Left or right on an item: the previous or next value. */
static void change(page *pg, const item *it, int by)
{
    const lt_game *g = pg->g;
    if (it->kind == IT_OPTION) {
        const lt_option *o = &g->options[it->index];
        int *v = &pg->cfg.value[it->index];
        if (o->choices) {
            int n = lt_option_choice_count(o);
            *v = ((*v + by) % n + n) % n;
        } else {
            long long x = (long long)*v + by;
            *v = (int)(x < o->min ? o->min : x > o->max ? o->max : x);
        }
    } else if (it->kind == IT_COUNT) {
        int n = pg->cfg.players + (by > 0 ? 1 : -1);
        if (n >= g->min_players && n <= g->max_players)
            pg->cfg.players = n;
        build_items(pg);
    } else if (it->kind == IT_SEAT) {
        char *spec = pg->specs[it->index];
        int at = -1;
        for (int k = 0; k < NSPECS; k++)
            if (!strcmp(spec, seat_specs[k]) || (!strcmp(spec, "ai") && k == LT_LEVEL_DEFAULT))
                at = k;
        at = at < 0 ? 0 : ((at + (by > 0 ? 1 : -1)) % NSPECS + NSPECS) % NSPECS;
        lt_copy(spec, LT_SPEC_MAX, seat_specs[at]);
    } else if (it->kind == IT_DICE) {
        pg->manual_dice = !pg->manual_dice;
    }
}

/* Enter on an option or a seat: type the value. */
static void type_value(page *pg, const item *it, char *message, size_t size)
{
    const lt_game *g = pg->g;
    char line[LT_SPEC_MAX] = "";
    lt_error err = {0};
    if (it->kind == IT_OPTION) {
        const lt_option *o = &g->options[it->index];
        if (o->choices) {
            change(pg, it, 1);
            return;
        }
        if (!tui_prompt(o->name, line, sizeof line) || !line[0])
            return;
        char assign[LT_SPEC_MAX + 64];
        snprintf(assign, sizeof assign, "%s=%s", o->name, line);
        if (lt_config_set(g, &pg->cfg, assign, &err) != LT_OK)
            snprintf(message, size, "%s", err.msg);
    } else if (it->kind == IT_SEAT) {
        lt_copy(line, sizeof line, pg->specs[it->index]);
        if (!tui_prompt(_("Player"), line, sizeof line) || !line[0])
            return;
        lt_player *p = lt_player_new_from(g, line, LT_SPEC_TRUSTED, &err);
        if (!p) {
            snprintf(message, size, "%s", err.msg);
            return;
        }
        lt_player_free(p);
        lt_copy(pg->specs[it->index], LT_SPEC_MAX, line);
    } else {
        change(pg, it, 1);
    }
}

static void play(page *pg)
{
    table t;
    char note[256];
    lt_error err = {0};
    if (cli_menu_table(&t, pg->g, &pg->cfg,
                       (const char (*)[LT_SPEC_MAX])pg->specs, note,
                       sizeof note, &err) != LT_OK) {
        tui_confirm(err.msg);
        return;
    }
    t.dice_manual = pg->manual_dice;
    tui_play(&t, note[0] ? note : NULL, true);
    table_close(&t);
}

static void game_page(const lt_game *g)
{
    page *pg = calloc(1, sizeof *pg);
    if (!pg)
        return;
    pg->g = g;
    lt_config_default(g, &pg->cfg, 0);
    for (int i = 0; i < LT_MAX_PLAYERS; i++)
        lt_copy(pg->specs[i], LT_SPEC_MAX, i == 0 ? "human" : "ai");
    build_items(pg);
    int at = 0, top = 0;
    char message[256] = "";
    while (!tui_signalled()) {
        erase();
        char title[256];
        snprintf(title, sizeof title, "%s", lt_game_title(g));
        tui_title(title, lt_game_source(g));
        int h = tui_scroll(at, &top, LINES - 6);
        char label[256], value[256], help[512];
        for (int r = 0; r < h && top + r < pg->nitems; r++) {
            const item *it = &pg->items[top + r];
            item_text(pg, it, label, value, help, 256);
            bool cur = top + r == at;
            attr_t a = cur ? A_REVERSE : it->kind == IT_HEAD ? A_BOLD : 0;
            if (cur)
                tui_fill(2 + r, 1, COLS - 2, a);
            char line[600], padded[300];
            snprintf(line, sizeof line, "%s %s %s", cur ? ">" : " ",
                     cli_pad(padded, sizeof padded, label, 24, false), value);
            int w = tui_put(2 + r, 1, COLS - 2, a, line);
            if (it->kind == IT_OPTION && w + 4 < COLS - 2) /* its explanation */
                tui_put(2 + r, 3 + w, COLS - 4 - w, a | A_DIM,
                        lt_option_help(&g->options[it->index]));
        }
        item_text(pg, &pg->items[at], label, value, help, 512);
        int start[3], len[3];
        int n = tui_wrap(message[0] ? message : help, COLS - 2, start, len, 3);
        const char *shown = message[0] ? message : help;
        for (int i = 0; i < n; i++) {
            char line[600];
            snprintf(line, sizeof line, "%.*s", len[i], shown + start[i]);
            tui_put(LINES - 4 + i, 1, COLS - 2,
                    message[0] ? tui_color(TC_RED, TB_DEFAULT) | A_BOLD : 0, line);
        }
        char keys[256]; /* L names the next language */
        snprintf(keys, sizeof keys,
                 _("Up/Down: choose   Left/Right: change   Enter: open   L: %s   "
                   "Esc: back"),
                 tui_language_name(tui_next_language()));
        tui_keys(keys);
        refresh();
        tui_event ev;
        tui_wait(-1, &ev);
        message[0] = '\0';
        const item *it = &pg->items[at];
        int step = 0;
        if (ev.type == EV_SIGNAL || is_back(&ev))
            break;
        if (switch_language(&ev))
            continue;
        if (ev.type == EV_MOUSE && ev.button == 1) {
            int k = top + ev.row - 2;
            if (ev.row >= 2 && k < pg->nitems && selectable(pg->items[k].kind)) {
                at = k;
                it = &pg->items[at];
                ev.type = EV_KEY;
                ev.key = KEY_ENTER;
            }
        }
        if (ev.type == EV_MOUSE)
            step = ev.button == 4 ? -1 : ev.button == 5 ? 1 : 0;
        if (ev.type == EV_KEY) {
            switch (ev.key) {
            case KEY_UP: step = -1; break;
            case KEY_DOWN: step = 1; break;
            case KEY_LEFT: change(pg, it, -1); break;
            case KEY_RIGHT: change(pg, it, 1); break;
            case KEY_PPAGE: if (it->kind == IT_OPTION) change(pg, it, -10); break;
            case KEY_NPAGE: if (it->kind == IT_OPTION) change(pg, it, 10); break;
            default: break;
            }
        }
        if (is_enter(&ev) || (ev.type == EV_KEY && ev.key == KEY_ENTER)) {
            if (it->kind == IT_RULES)
                tui_pager(rules_of, (void *)g, true, true);
            else if (it->kind == IT_PLAY)
                play(pg);
            else if (it->kind == IT_BACK)
                break;
            else
                type_value(pg, it, message, sizeof message);
        }
        /* the next item that can be chosen */
        for (int k = at + step; step && k >= 0 && k < pg->nitems; k += step)
            if (selectable(pg->items[k].kind)) {
                at = k;
                break;
            }
        if (at >= pg->nitems)
            at = pg->nitems - 1;
    }
    free(pg);
}

/* ---- The list of games ----------------------------------------------------- */

int tui_menu_run(void)
{
    if (!tui_start())
        return menu_run(stdin, stdout);
    const lt_game *games[256];
    int ngames = cli_menu_games(games);
    /* rows: a heading before each group, then its games */
    int rows[512], nrows = 0;
    for (int i = 0, group = -1; i < ngames; i++) {
        if (games[i]->group != group) {
            group = games[i]->group;
            if (nrows)
                rows[nrows++] = -1;              /* a blank line */
            rows[nrows++] = -2 - group;          /* the heading */
        }
        rows[nrows++] = i;
    }
    int at = 0, top = 0;
    while (at < nrows && rows[at] < 0)
        at++;
    while (!tui_signalled()) {
        erase();
        tui_title(_("LUDOTEKA — historical board and dice games"), NULL);
        int h = tui_scroll(at, &top, LINES - 4);
        if (top > 0 && rows[top - 1] < -1 && at - top + 1 < h)
            top--; /* show the heading of the first group in view */
        for (int r = 0; r < h && top + r < nrows; r++) {
            int k = rows[top + r];
            if (k == -1)
                continue;
            if (k < -1) {
                tui_put(2 + r, 2, COLS - 3, A_BOLD, cli_group_name(-2 - k));
                continue;
            }
            bool cur = top + r == at;
            char line[256];
            snprintf(line, sizeof line, "%s %s", cur ? ">" : " ", lt_game_title(games[k]));
            if (cur)
                tui_fill(2 + r, 3, COLS - 5, A_REVERSE);
            tui_put(2 + r, 3, COLS - 5, cur ? A_REVERSE : 0, line);
        }
        const lt_game *g = games[rows[at]];
        tui_put(LINES - 2, 1, COLS - 2, A_DIM, g->source);
        char keys[256]; /* L names the next language */
        snprintf(keys, sizeof keys, _("Up/Down: choose   Enter: open   L: %s   q: quit"),
                 tui_language_name(tui_next_language()));
        tui_keys(keys);
        refresh();
        tui_event ev;
        tui_wait(-1, &ev);
        int step = 0;
        /* q leaves the program; Esc here (a stray one of a key's escape
         * sequence, too) does not */
        if (ev.type == EV_SIGNAL || (ev.type == EV_CHAR && (ev.ch == 'q' || ev.ch == 'Q')))
            break;
        if (switch_language(&ev))
            continue;
        if (ev.type == EV_KEY)
            step = ev.key == KEY_UP     ? -1
                   : ev.key == KEY_DOWN ? 1
                   : ev.key == KEY_PPAGE ? -h
                   : ev.key == KEY_NPAGE ? h
                                         : 0;
        if (ev.type == EV_MOUSE && ev.button == 1) {
            int k = top + ev.row - 2;
            if (ev.row >= 2 && k < nrows && rows[k] >= 0) {
                at = k;
                game_page(games[rows[at]]);
            }
        } else if (ev.type == EV_MOUSE) {
            step = ev.button == 4 ? -1 : 1;
        }
        if (is_enter(&ev))
            game_page(g);
        if (step) {
            /* the nearest game at or past the target, else before it */
            int to = at + step < 0 ? 0 : at + step >= nrows ? nrows - 1 : at + step;
            int dir = step > 0 ? 1 : -1, k = to;
            while (k >= 0 && k < nrows && rows[k] < 0)
                k += dir;
            if (k < 0 || k >= nrows)
                for (k = to; k >= 0 && k < nrows && rows[k] < 0; k -= dir)
                    ;
            if (k >= 0 && k < nrows)
                at = k;
        }
    }
    int status = tui_signalled() ? 128 + tui_signalled() : EXIT_OK;
    tui_stop();
    return status;
}
