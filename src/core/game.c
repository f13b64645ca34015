/* game.c — checked helpers around the lt_game interface. */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ludoteka/game.h"
#include "ludoteka/options.h"
#include "ludoteka/text.h"

enum { STATE_ALIGN = 16 };

lt_state *lt_state_new(const lt_game *g)
{
    size_t size = (g->state_size + STATE_ALIGN - 1) / STATE_ALIGN * STATE_ALIGN;
    lt_state *s = aligned_alloc(STATE_ALIGN, size);
    if (s)
        memset(s, 0, size);
    return s;
}

void lt_state_free(lt_state *s)
{
    free(s);
}

void lt_state_copy(const lt_game *g, lt_state *dst, const lt_state *src)
{
    memcpy(dst, src, g->state_size);
}

lt_status lt_check_players(const lt_game *g, int players, lt_error *err)
{
    if (players >= g->min_players && players <= g->max_players)
        return LT_OK;
    if (g->min_players == g->max_players)
        lt_error_set(err,
                     lt_ngettext("%s is played by %d player, not %d",
                                 "%s is played by %d players, not %d",
                                 (unsigned long)g->min_players),
                     g->id, g->min_players, players);
    else
        lt_error_set(err,
                     lt_ngettext("%s is played by %d to %d player, not %d",
                                 "%s is played by %d to %d players, not %d",
                                 (unsigned long)g->max_players),
                     g->id, g->min_players, g->max_players, players);
    return LT_ERANGE;
}

lt_status lt_init(const lt_game *g, lt_state *s, const lt_config *cfg,
                  lt_error *err)
{
    if (lt_check_players(g, cfg->players, err) != LT_OK)
        return LT_ERANGE;
    for (int i = 0; g->options[i].name; i++) {
        const lt_option *o = &g->options[i];
        int v = cfg->value[i];
        int hi = o->choices ? lt_option_choice_count(o) - 1 : o->max;
        int lo = o->choices ? 0 : o->min;
        if (v < lo || v > hi) {
            lt_error_set(err, _("option %s: value %d out of range"),
                         lt_option_label(o), v);
            return LT_ERANGE;
        }
    }
    memset(s, 0, g->state_size);
    lt_status st = g->init(s, cfg);
    if (st != LT_OK)
        lt_error_set(err, _("%s cannot start with these options"), g->id);
    return st;
}

int lt_choices(const lt_game *g, const lt_state *s, lt_action *out)
{
    int p = g->current_player(s);
    if (p == LT_TERMINAL)
        return 0;
    if (p >= 0)
        return g->legal_actions(s, out);
    lt_outcome oc[LT_MAX_OUTCOMES];
    int n = g->chance_outcomes(s, oc);
    for (int i = 0; i < n; i++)
        out[i] = oc[i].action;
    return n;
}

bool lt_is_legal(const lt_game *g, const lt_state *s, lt_action a)
{
    lt_action acts[LT_MAX_ACTIONS];
    int n = lt_choices(g, s, acts);
    for (int i = 0; i < n; i++)
        if (acts[i] == a)
            return true;
    return false;
}

lt_status lt_apply(const lt_game *g, lt_state *s, lt_action a)
{
    if (!lt_is_legal(g, s, a))
        return LT_EILLEGAL;
    g->apply(s, a);
    assert(g->invariants_ok(s));
    return LT_OK;
}

int lt_side_first_south(const lt_state *s, int seat)
{
    (void)s;
    return seat == 0 ? LT_SIDE_SOUTH : LT_SIDE_NORTH;
}

int lt_side_first_north(const lt_state *s, int seat)
{
    (void)s;
    return seat == 0 ? LT_SIDE_NORTH : LT_SIDE_SOUTH;
}

int lt_cap_reason(unsigned cap, char *buf, size_t size)
{
    return snprintf(buf, size,
                    lt_ngettext("draw: the move cap (%u move)",
                                "draw: the move cap (%u moves)", cap),
                    cap);
}

void lt_view_moves(lt_view *v, unsigned move, unsigned cap)
{
    snprintf(v->info[v->ninfo++], sizeof v->info[0], _("Move %u of %u"),
             move, cap);
}

const char *const lt_white_black[] = {N_("White"), N_("Black")};

int lt_two_players(const lt_state *s)
{
    (void)s;
    return 2;
}

int lt_no_chance(const lt_state *s, lt_outcome *out)
{
    (void)s;
    (void)out;
    return 0;
}

int lt_side_turns(int side)
{
    /* a clockwise quarter turn takes the west side to the north, the
     * north to the east, the east to the south */
    switch (side) {
    case LT_SIDE_EAST:
    case LT_SIDE_SOUTHEAST: return 1;
    case LT_SIDE_NORTH:
    case LT_SIDE_NORTHEAST: return 2;
    case LT_SIDE_WEST:
    case LT_SIDE_NORTHWEST: return 3;
    default: return 0;
    }
}

void lt_view_turn(lt_view *v, int quarter_turns)
{
    int q = ((quarter_turns % 4) + 4) % 4;
    for (int k = 0; k < q; k++) {
        /* clockwise: (x, y) -> (height - 1 - y, x) */
        for (int i = 0; i < v->ncells; i++) {
            lt_cell *c = &v->cells[i];
            int16_t x = c->x;
            c->x = (int16_t)(v->height - 1 - c->y);
            c->y = x;
        }
        int w = v->width;
        v->width = v->height;
        v->height = w;
    }
}

const char *lt_name(const lt_game *g, const lt_state *s, lt_action a,
                    char *buf, size_t size)
{
    if (size == 0)
        return buf;
    int n = g->action_name(s, a, buf, size);
    if (n < 0)
        snprintf(buf, size, "#%d", (int)a);
    return buf;
}

/* The words of the games' notations ("pass", "back-G5", "die3"), shown
 * in the reader's language. */
static const char *const move_words[] = {
    NC_("move", "pass"), NC_("move", "roll"), NC_("move", "keep"),
    NC_("move", "push"), NC_("move", "back"), NC_("move", "add"),
    NC_("move", "stop"), NC_("move", "throw"), NC_("move", "die"), NULL};

const char *lt_move_words(const char *name, char *buf, size_t size)
{
    size_t n = strspn(name, "abcdefghijklmnopqrstuvwxyz");
    for (int i = 0; n && move_words[i]; i++)
        if (strlen(move_words[i]) == n && !strncmp(name, move_words[i], n)) {
            snprintf(buf, size, "%s%s", P_("move", move_words[i]), name + n);
            return buf;
        }
    lt_copy(buf, size, name);
    return buf;
}

const char *lt_display_name(const lt_game *g, const lt_state *s,
                            lt_action a, char *buf, size_t size)
{
    if (size == 0)
        return buf;
    if (!g->display_name) {
        char name[64];
        return lt_move_words(lt_name(g, s, a, name, sizeof name), buf, size);
    }
    if (g->display_name(s, a, buf, size) < 0)
        snprintf(buf, size, "#%d", (int)a);
    return buf;
}

const char *lt_game_title(const lt_game *g)
{
    return _(g->title);
}

const char *lt_game_source(const lt_game *g)
{
    return g->source && *g->source ? _(g->source) : "";
}

/* Lists up to a few legal actions as examples for a message. */
static void examples(const lt_game *g, const lt_state *s, char *buf,
                     size_t size)
{
    lt_action acts[LT_MAX_ACTIONS];
    int n = lt_choices(g, s, acts);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && i < 12; i++) {
        char name[64];
        lt_display_name(g, s, acts[i], name, sizeof name);
        int w = snprintf(buf + len, size - len, "%s%s", i ? ", " : "", name);
        if (w < 0 || (size_t)w >= size - len)
            return;
        len += (size_t)w;
    }
    if (n > 12)
        snprintf(buf + len, size - len, _(", ... (%d in all)"), n);
}

lt_status lt_parse(const lt_game *g, const lt_state *s, const char *text,
                   lt_action *out, lt_error *err)
{
    if (g->current_player(s) == LT_TERMINAL) {
        lt_error_set(err, "%s", _("the game is over"));
        return LT_EILLEGAL;
    }
    lt_status st = LT_EILLEGAL;
    if (g->parse_action) {
        st = g->parse_action(s, text, out);
        if (st == LT_OK && !lt_is_legal(g, s, *out))
            st = LT_EILLEGAL;
    } else {
        /* No parser: the names of the legal actions are the notation. */
        lt_action acts[LT_MAX_ACTIONS];
        int n = lt_choices(g, s, acts);
        for (int i = 0; i < n; i++) {
            char name[64], shown[64];
            if (strcasecmp(lt_name(g, s, acts[i], name, sizeof name), text) == 0 ||
                strcasecmp(lt_display_name(g, s, acts[i], shown, sizeof shown),
                           text) == 0) {
                *out = acts[i];
                return LT_OK;
            }
        }
    }
    if (st == LT_OK)
        return LT_OK;
    char ex[200], quoted[LT_QUOTE_MAX];
    examples(g, s, ex, sizeof ex);
    lt_quote(quoted, sizeof quoted, text);
    if (st == LT_ESYNTAX)
        lt_error_set(err, _("%s is not a move of %s; expected one of: %s"),
                     quoted, g->id, ex);
    else
        lt_error_set(err, _("%s is not legal here; legal: %s"), quoted, ex);
    return st;
}

/* Are two names of a move the same, but for case and the marks of check
 * and mate that a person may leave out? */
static bool same_move(const char *a, const char *b, bool exact_case)
{
    size_t la = strcspn(a, "+#"), lb = strcspn(b, "+#");
    return la == lb && la > 0 &&
           (exact_case ? strncmp(a, b, la) : strncasecmp(a, b, la)) == 0 &&
           strspn(a + la, "+#") == strlen(a + la) &&
           strspn(b + lb, "+#") == strlen(b + lb);
}

lt_status lt_parse_typed(const lt_game *g, const lt_state *s, const char *text,
                         lt_action *out, lt_error *err)
{
    if (g->current_player(s) != LT_TERMINAL) {
        lt_action acts[LT_MAX_ACTIONS];
        int n = lt_choices(g, s, acts);
        for (int pass = 0; pass < 2; pass++)
            for (int i = 0; i < n; i++) {
                char shown[64];
                lt_display_name(g, s, acts[i], shown, sizeof shown);
                if (same_move(shown, text, pass == 0)) {
                    *out = acts[i];
                    return LT_OK;
                }
            }
    }
    return lt_parse(g, s, text, out, err);
}

const char *lt_seat_name(const lt_game *g, int seat, char *buf,
                         size_t size)
{
    if (g->seats && seat >= 0 && seat < g->max_players && g->seats[seat])
        snprintf(buf, size, "%s", _(g->seats[seat]));
    else
        snprintf(buf, size, _("Player %d"), seat + 1);
    return buf;
}

int lt_score_text(const lt_game *g, const double *r, int players, char *buf,
                  size_t size)
{
    static const struct { double a, b; const char *text; } score[] = {
        {1, -1, "1\u20130"}, {-1, 1, "0\u20131"}, {0, 0, "\u00bd\u2013\u00bd"}};
    if (players == 2 && g->min_return == -1 && g->max_return == 1)
        for (size_t i = 0; i < sizeof score / sizeof score[0]; i++)
            if (r[0] == score[i].a && r[1] == score[i].b)
                return snprintf(buf, size, "%s", score[i].text);
    if (size)
        buf[0] = '\0';
    return 0;
}

void lt_result_text(const lt_game *g, const lt_state *s, char *buf,
                    size_t size)
{
    if (g->current_player(s) != LT_TERMINAL) {
        snprintf(buf, size, "*");
        return;
    }
    int n = g->num_players(s);
    double r[LT_MAX_PLAYERS];
    g->returns(s, r);
    if (n == 2) {
        static const struct { double a, b; const char *text; } pgn[] = {
            {1, -1, "1-0"}, {-1, 1, "0-1"}, {0, 0, "1/2-1/2"}};
        for (size_t i = 0; i < sizeof pgn / sizeof pgn[0]; i++)
            if (r[0] == pgn[i].a && r[1] == pgn[i].b) {
                snprintf(buf, size, "%s", pgn[i].text);
                return;
            }
    }
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        int w = snprintf(buf + len, size - len, "%s%g", i ? " " : "", r[i]);
        if (w < 0 || (size_t)w >= size - len)
            return;
        len += (size_t)w;
    }
}
