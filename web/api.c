/* api.c — what the browser asks of the C core, in JSON strings: the games
 * and their options, and one game in play kept in the core's session
 * (lt_session, docs/session.md): its commands (the same as line mode's),
 * its events in words, its clocks, the view of any of its positions from
 * a seat's side, the move list as numbered rows, a computer's move and
 * exact odds; and the page's own words, read from the same catalogs as
 * the core's (i18n.h: one language for the whole module, chosen by
 * web_set_language).  Compiled to WebAssembly only; JavaScript calls these
 * functions by name (web/CMakeLists.txt exports them).  The module has one
 * thread: every call drains the session's events into its answer, and a
 * running clock is looked at when the page calls web_tick.  Every answer
 * points into one buffer that the next call overwrites; errors are
 * {"error": "..."}. */
#include <emscripten.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ludoteka/ai.h"
#include "ludoteka/analysis.h"
#include "ludoteka/engines.h"
#include "ludoteka/commands.h"
#include "ludoteka/i18n.h"
#include "ludoteka/options.h"
#include "ludoteka/rng.h"
#include "ludoteka/session.h"
#include "ludoteka/text.h"
#include "net/jsonw.h"
#include "webapi.h"

static lt_session *ses; /* the game in play, or NULL */
static jw out;

/* The page's time: milliseconds of performance.now().  A copy that only
 * shows or searches a game (a room's, the worker's) has time that stands
 * still, so its clocks never fall on their own. */
static int64_t page_now(void *ctx)
{
    (void)ctx;
    return (int64_t)emscripten_get_now();
}

static int64_t still_now(void *ctx)
{
    (void)ctx;
    return 0;
}

static const char *error(const char *msg)
{
    jw_reset(&out);
    jw_obj(&out);
    jw_kstr(&out, "error", msg);
    jw_end(&out);
    return jw_text(&out);
}

static const char *no_game(void)
{
    return error("no game");
}

/* Makes s the game in play. */
static void adopt(lt_session *s)
{
    lt_session_free(ses);
    ses = s;
}

/* ---- The language --------------------------------------------------------- */

const char *web_set_language(const char *code)
{
    lt_i18n_init(code);
    return lt_language();
}

/* The languages compiled in (po/LINGUAS, and English): the build names
 * them (web/CMakeLists.txt). */
const char *web_languages(void)
{
    const char *list = "en," LT_WEB_LANGUAGES;
    jw_reset(&out);
    jw_arr(&out);
    for (const char *p = list; *p;) {
        size_t n = strcspn(p, ",");
        char code[8];
        if (n > 0 && n < sizeof code) {
            memcpy(code, p, n);
            code[n] = '\0';
            jw_str(&out, code);
        }
        p += n + (p[n] == ',');
    }
    jw_end(&out);
    return jw_text(&out);
}

/* The page's words: its msgids are its English texts (web/page/i18n.js),
 * and the translation is the catalog's own text, which lives as long as
 * the module. */
const char *web_gettext(const char *msgid)
{
    return lt_gettext(msgid);
}

const char *web_ngettext(const char *one, const char *many, int n)
{
    return lt_ngettext(one, many, n < 0 ? 0u : (unsigned long)n);
}

const char *web_pgettext(const char *context, const char *msgid)
{
    return lt_pgettext(context, msgid);
}

const char *web_format_number(double x, int decimals)
{
    static char text[96];
    lt_format_number(x, decimals, text, sizeof text);
    return text;
}

/* ---- The games ---------------------------------------------------------- */

/* The words a game names in its tables, in the reader's language. */
/* A choice's own word, as the command line takes it, shown in the
 * reader's language (marked NC_("option value", ...) where it is
 * named). */
static const char *choice_text(const char *choice)
{
    return P_("option value", choice);
}

/* A seat's English name, whose colour word ("White", "Green") gives its
 * pieces' colour on the page. */
static const char *seat_colour_name(const lt_game *g, int seat)
{
    return g->seats && g->seats[seat] ? g->seats[seat] : "";
}

static void write_option(const lt_option *o)
{
    char label[64];
    jw_obj(&out);
    jw_kstr(&out, "name", o->name);
    jw_key(&out, "label"); /* as the reader types it: "bicie" */
    jw_str(&out, lt_option_name_shown(o, label, sizeof label));
    if (o->choices) {
        jw_key(&out, "choices");
        jw_arr(&out);
        for (int k = 0; o->choices[k]; k++) {
            jw_obj(&out);
            jw_kstr(&out, "value", o->choices[k]);
            jw_kstr(&out, "text", choice_text(o->choices[k]));
            jw_end(&out);
        }
        jw_end(&out);
    } else {
        jw_kint(&out, "min", o->min);
        jw_kint(&out, "max", o->max);
    }
    jw_kint(&out, "def", o->def);
    jw_kstr(&out, "help", lt_option_help(o));
    jw_end(&out);
}

const char *web_games(void)
{
    static const char *const numbering[] = {"", "moves", "rounds", "turns"};
    jw_reset(&out);
    jw_arr(&out);
    for (int i = 0; i < lt_game_count(); i++) {
        const lt_game *g = lt_game_at(i);
        jw_obj(&out);
        jw_kstr(&out, "id", g->id);
        jw_kstr(&out, "title", lt_game_title(g));
        jw_kstr(&out, "source", lt_game_source(g));
        jw_kint(&out, "group", g->group);
        jw_kint(&out, "min", g->min_players);
        jw_kint(&out, "max", g->max_players);
        jw_kint(&out, "players", g->default_players ? g->default_players
                                                     : g->min_players);
        jw_kbool(&out, "chance", g->has_chance);
        jw_kbool(&out, "odds", lt_engines_of(g)->odds != NULL);
        jw_key(&out, "numbering");
        jw_str(&out, numbering[g->numbering >= 1 && g->numbering <= 3
                                   ? g->numbering
                                   : 0]);
        jw_key(&out, "options");
        jw_arr(&out);
        for (int k = 0; g->options[k].name; k++)
            write_option(&g->options[k]);
        jw_end(&out);
        jw_key(&out, "seats");
        jw_arr(&out);
        for (int s = 0; s < g->max_players; s++) {
            char name[64];
            jw_str(&out, lt_seat_name(g, s, name, sizeof name));
        }
        jw_end(&out);
        jw_key(&out, "colours");
        jw_arr(&out);
        for (int s = 0; s < g->max_players; s++)
            jw_str(&out, seat_colour_name(g, s));
        jw_end(&out);
        jw_key(&out, "levels");
        jw_arr(&out);
        const char *const *levels = lt_levels(g);
        for (int k = 0; k < LT_LEVEL_MAX; k++)
            jw_str(&out, levels[k]);
        jw_end(&out);
        jw_end(&out);
    }
    jw_end(&out);
    return jw_text(&out);
}

const char *web_rules(const char *id)
{
    const lt_game *g = lt_game_find(id);
    const char *text = g ? lt_rules_text(g, lt_language()) : NULL;
    if (g && !text)
        text = lt_rules_text(g, "en");
    return text ? text : "";
}

/* ---- Answers with the events -------------------------------------------- */

static const char *const event_kinds[] = {
    "moved", "undone", "offered", "answered", "claimable", "flag", "left",
    "result"};

/* Drains the session's events: "events": [{kind, seat, text}, ...]. */
static void write_events(void)
{
    jw_key(&out, "events");
    jw_arr(&out);
    lt_event ev;
    while (ses && lt_session_event(ses, &ev)) {
        char text[256];
        lt_event_text(ses, &ev, text, sizeof text);
        jw_obj(&out);
        jw_kstr(&out, "kind", event_kinds[ev.kind]);
        jw_kint(&out, "seat", ev.seat);
        jw_kstr(&out, "text", text);
        jw_end(&out);
    }
    jw_end(&out);
}

/* {"ok": true, "events": [...]}, or the error with the events anyway (a
 * refused command changes nothing, but a flag may have fallen first). */
static const char *answer(lt_status st, const lt_error *err)
{
    jw_reset(&out);
    jw_obj(&out);
    if (st == LT_OK) {
        jw_kbool(&out, "ok", true);
    } else {
        jw_kstr(&out, "error", err->msg[0] ? err->msg : _("the command was refused"));
    }
    write_events();
    jw_end(&out);
    return jw_text(&out);
}

/* ---- A new game ----------------------------------------------------------- */

/* "human,ai:level=3,remote": one spec a seat. */
static lt_status read_seats(const char *players, lt_session_setup *su,
                            lt_error *err)
{
    int n = 0;
    for (const char *p = players; *p;) {
        size_t len = strcspn(p, ",");
        if (n == LT_MAX_PLAYERS || len >= LT_SPEC_MAX) {
            lt_error_set(err, "too many or too long player specs");
            return LT_ERANGE;
        }
        lt_seat *seat = &su->seats[n++];
        memcpy(seat->spec, p, len);
        seat->spec[len] = '\0';
        seat->kind = !strcmp(seat->spec, "human")    ? LT_SEAT_HUMAN
                     : !strcmp(seat->spec, "remote") ? LT_SEAT_REMOTE
                                                     : LT_SEAT_COMPUTER;
        p += len + (p[len] == ',');
    }
    su->config.players = n;
    return lt_check_players(su->game, n, err);
}

const char *web_new(const char *id, const char *options, const char *players,
                    const char *seed, const char *clock)
{
    lt_session_setup su;
    lt_error err = {0};
    long long n;
    memset(&su, 0, sizeof su);
    su.game = lt_game_find(id);
    if (!su.game)
        return error("unknown game");
    lt_config_default(su.game, &su.config, 0);
    if (lt_config_parse(su.game, &su.config, options, &err) != LT_OK ||
        read_seats(players, &su, &err) != LT_OK ||
        lt_time_control_parse(*clock ? clock : "none", &su.clock, &err) != LT_OK)
        return error(err.msg);
    if (!lt_parse_int(seed, 0, INT64_MAX, &n))
        return error("the seed must be a whole number");
    su.seed = (uint64_t)n;
    su.time = (lt_time_source){page_now, NULL};
    lt_session *s = lt_session_new(&su, &err);
    if (!s)
        return error(err.msg);
    adopt(s);
    return answer(LT_OK, &err);
}

const char *web_load(const char *text, int live)
{
    lt_error err = {0};
    lt_time_source time = {live ? page_now : still_now, NULL};
    lt_session *s = lt_session_load_text(text, &time, &err);
    if (!s)
        return error(err.msg);
    adopt(s);
    return answer(LT_OK, &err);
}

const char *web_record(void)
{
    if (!ses)
        return "";
    lt_error err = {0};
    char *text = lt_session_text(ses, &err);
    if (!text)
        return error(err.msg);
    /* the answer buffer owns every answer */
    jw_reset(&out);
    lt_text_put(&out.text, text);
    free(text);
    return out.text.failed ? error("out of memory") : out.text.buf;
}

/* ---- The game as it stands --------------------------------------------- */

/* A clock as players read it ("4:57"), its tenths of a second in the last
 * ten seconds with the language's decimal mark ("0:09,3" in Polish). */
static void clock_text(int64_t ms, char *buf, size_t size)
{
    char half[8];
    lt_clock_text(ms, buf, size);
    lt_format_number(0.5, 1, half, sizeof half);
    char *mark = strchr(buf, '.');
    if (mark)
        *mark = half[1];
}

/* The seat whose clock runs: the one to act, the thrower at a roll. */
static int clock_seat(void)
{
    const lt_game *g = lt_session_game(ses);
    int to = lt_session_to_act(ses);
    if (to == LT_CHANCE && g->thrower)
        to = g->thrower(lt_session_state(ses));
    return to >= 0 && lt_session_time_control(ses)->kind != LT_TC_NONE ? to
                                                                       : -1;
}

/* "clock": {control, left: [ms], text: [...], running} or null. */
static void write_clock(void)
{
    const lt_time_control *tc = lt_session_time_control(ses);
    char text[64];
    jw_key(&out, "clock");
    if (tc->kind == LT_TC_NONE) {
        jw_null(&out);
        return;
    }
    jw_obj(&out);
    lt_time_control_format(tc, text, sizeof text);
    jw_kstr(&out, "control", text);
    jw_key(&out, "left");
    jw_arr(&out);
    for (int i = 0; i < lt_session_seats(ses); i++)
        jw_int(&out, lt_session_clock(ses, i));
    jw_end(&out);
    jw_key(&out, "text");
    jw_arr(&out);
    for (int i = 0; i < lt_session_seats(ses); i++) {
        clock_text(lt_session_clock(ses, i), text, sizeof text);
        jw_str(&out, text);
    }
    jw_end(&out);
    jw_kint(&out, "running", clock_seat());
    jw_end(&out);
}

/* May a person still call the game off: has some seat still in it not
 * moved yet?  (lt_session_abort decides; this only offers the button.) */
static bool abortable(void)
{
    unsigned moved = 0, in = 0;
    for (int k = 0; k < lt_session_plies(ses); k++)
        if (lt_session_ply(ses, k)->seat >= 0)
            moved |= 1u << lt_session_ply(ses, k)->seat;
    for (int i = 0; i < lt_session_seats(ses); i++)
        in |= (unsigned)lt_session_in_game(ses, i) << i;
    return lt_session_to_act(ses) != LT_TERMINAL && (moved & in) != in;
}

static void write_rows(void)
{
    jw_key(&out, "rows");
    jw_arr(&out);
    lt_row row;
    for (int r = 1; lt_session_row(ses, r, &row); r++) {
        jw_obj(&out);
        jw_kint(&out, "n", row.number);
        jw_key(&out, "cells"); /* per seat: its first ply and how many */
        jw_arr(&out);
        for (int i = 0; i < lt_session_seats(ses); i++) {
            jw_arr(&out);
            jw_int(&out, row.cell[i].first);
            jw_int(&out, row.cell[i].count);
            jw_end(&out);
        }
        jw_end(&out);
        jw_end(&out);
    }
    jw_end(&out);
}

/* Who throws the dice now: the game's thrower, else the one seat that
 * moves after every outcome (Medh Kuu Lash's turn); -1 when nobody in
 * particular does (an opening throw) or no dice are to be thrown. */
static int thrower_now(void)
{
    const lt_game *g = lt_session_game(ses);
    const lt_state *now = lt_session_state(ses);
    if (lt_session_to_act(ses) != LT_CHANCE)
        return -1;
    if (g->thrower)
        return g->thrower(now);
    static lt_action acts[LT_MAX_ACTIONS];
    int n = lt_choices(g, now, acts), who = -1;
    lt_state *next = malloc(g->state_size);
    if (!next)
        return -1;
    for (int i = 0; i < n; i++) {
        lt_state_copy(g, next, now);
        int p = lt_apply(g, next, acts[i]) == LT_OK ? g->current_player(next)
                                                    : -1;
        if (p < 0 || (i > 0 && p != who)) {
            who = -1;
            break;
        }
        who = p;
    }
    free(next);
    return who;
}

const char *web_info(void)
{
    static const char *const kinds[] = {"human", "computer", "remote"};
    static const char *const reasons[] = {"",      "rules",   "resign",
                                          "time",  "agreement", "claim",
                                          "abandon", "abort"};
    if (!ses)
        return no_game();
    const lt_game *g = lt_session_game(ses);
    int nseats = lt_session_seats(ses);
    char text[512];
    jw_reset(&out);
    jw_obj(&out);
    jw_kstr(&out, "game", g->id);
    lt_config_write(g, lt_session_config(ses), text, sizeof text);
    jw_kstr(&out, "options", text);
    jw_key(&out, "players");
    jw_arr(&out);
    for (int i = 0; i < nseats; i++)
        jw_str(&out, lt_session_seat(ses, i)->kind == LT_SEAT_COMPUTER
                         ? lt_session_seat(ses, i)->spec
                         : kinds[lt_session_seat(ses, i)->kind]);
    jw_end(&out);
    jw_key(&out, "seats");
    jw_arr(&out);
    for (int i = 0; i < nseats; i++)
        jw_str(&out, lt_session_seat_name(ses, i, text, sizeof text));
    jw_end(&out);
    jw_key(&out, "in");
    jw_arr(&out);
    for (int i = 0; i < nseats; i++)
        jw_bool(&out, lt_session_in_game(ses, i));
    jw_end(&out);
    snprintf(text, sizeof text, "%" PRIu64, lt_session_seed(ses));
    jw_kstr(&out, "seed", text);
    jw_kint(&out, "to", lt_session_to_act(ses));
    jw_kint(&out, "thrower", thrower_now());
    jw_key(&out, "moves");
    jw_arr(&out);
    for (int k = 0; k < lt_session_plies(ses); k++) {
        const lt_ply *p = lt_session_ply(ses, k);
        jw_obj(&out);
        jw_kstr(&out, "name", p->name);
        jw_kstr(&out, "shown", lt_session_ply_shown(ses, k, text, sizeof text));
        jw_kint(&out, "seat", p->seat);
        jw_kbool(&out, "chance", p->chance);
        jw_end(&out);
    }
    jw_end(&out);
    write_rows();
    lt_session_result_token(ses, text, sizeof text);
    jw_kstr(&out, "result", text);
    int end_seat;
    lt_end end = lt_session_end(ses, &end_seat);
    jw_key(&out, "end");
    if (end == LT_END_NONE) {
        jw_null(&out);
    } else {
        jw_obj(&out);
        jw_kstr(&out, "reason", reasons[end]);
        jw_kint(&out, "seat", end_seat);
        lt_session_result_text(ses, text, sizeof text);
        jw_kstr(&out, "text", text);
        jw_end(&out);
    }
    write_clock();
    int from;
    lt_offer_kind offer = lt_session_offer_pending(ses, &from);
    jw_key(&out, "offer");
    if (offer == LT_OFFER_NONE) {
        jw_null(&out);
    } else {
        jw_obj(&out);
        jw_kstr(&out, "kind", offer == LT_OFFER_DRAW ? "draw" : "takeback");
        jw_kint(&out, "from", from);
        jw_kint(&out, "waiting", lt_session_answerer(ses));
        jw_end(&out);
    }
    jw_key(&out, "claimable");
    if (!lt_session_claimable(ses, text, sizeof text))
        text[0] = '\0';
    jw_str(&out, text);
    jw_kbool(&out, "abortable", abortable());
    jw_end(&out);
    return jw_text(&out);
}

static void write_cells(const lt_game *g, const lt_state *s, lt_action a)
{
    int cells[16];
    int n = g->action_cells ? g->action_cells(s, a, cells, 16) : 0;
    jw_arr(&out);
    for (int i = 0; i < n && i < 16; i++)
        jw_int(&out, cells[i]);
    jw_end(&out);
}

static void write_view(const lt_view *v)
{
    jw_kint(&out, "width", v->width);
    jw_kint(&out, "height", v->height);
    jw_key(&out, "cells");
    jw_arr(&out);
    for (int i = 0; i < v->ncells; i++) {
        const lt_cell *c = &v->cells[i];
        jw_obj(&out);
        jw_kint(&out, "x", c->x);
        jw_kint(&out, "y", c->y);
        jw_kint(&out, "shape", c->shape);
        jw_kint(&out, "shade", c->shade);
        jw_kint(&out, "board", c->board);
        jw_kstr(&out, "name", c->name);
        jw_end(&out);
    }
    jw_end(&out);
    jw_key(&out, "links");
    jw_arr(&out);
    for (int i = 0; i < v->nlinks; i++) {
        jw_arr(&out);
        jw_int(&out, v->links[i].a);
        jw_int(&out, v->links[i].b);
        jw_end(&out);
    }
    jw_end(&out);
    jw_key(&out, "pieces");
    jw_arr(&out);
    for (int i = 0; i < v->npieces; i++) {
        const lt_piece *p = &v->pieces[i];
        jw_obj(&out);
        jw_kint(&out, "cell", p->cell);
        jw_kint(&out, "owner", p->owner);
        jw_kint(&out, "kind", p->kind);
        jw_kstr(&out, "text", p->text);
        jw_kstr(&out, "glyph", p->glyph);
        jw_end(&out);
    }
    jw_end(&out);
    jw_key(&out, "dice");
    jw_arr(&out);
    for (int i = 0; i < v->ndice; i++) {
        jw_obj(&out);
        jw_kint(&out, "owner", v->dice[i].owner);
        jw_kint(&out, "value", v->dice[i].value);
        jw_end(&out);
    }
    jw_end(&out);
    jw_key(&out, "titles");
    jw_arr(&out);
    for (int i = 0; i < v->nboards; i++)
        jw_str(&out, v->board_title[i]);
    jw_end(&out);
    jw_key(&out, "info");
    jw_arr(&out);
    for (int i = 0; i < v->ninfo; i++)
        jw_str(&out, v->info[i]);
    jw_end(&out);
    /* the kings in check (chess, great chess, four seasons) */
    jw_key(&out, "check");
    jw_arr(&out);
    for (int i = 0; i < v->nchecks; i++)
        jw_int(&out, v->check[i]);
    jw_end(&out);
}

const char *web_view(int ply, int viewer, int flip)
{
    if (!ses)
        return no_game();
    const lt_game *g = lt_session_game(ses);
    static lt_view v;
    static lt_action acts[LT_MAX_ACTIONS];
    char text[1024];
    int n = lt_session_plies(ses);
    if (ply < 0 || ply > n)
        ply = n;
    const lt_state *s = lt_session_state_at(ses, ply);
    bool live = ply == n;
    int to = live ? lt_session_to_act(ses) : g->current_player(s);
    jw_reset(&out);
    jw_obj(&out);
    jw_kint(&out, "ply", ply);
    jw_kint(&out, "n", n);
    /* the cells the last action touched, seen from before it */
    jw_key(&out, "last");
    if (ply > 0) {
        write_cells(g, lt_session_state_at(ses, ply - 1),
                    lt_session_ply(ses, ply - 1)->action);
    } else {
        jw_arr(&out);
        jw_end(&out);
    }
    jw_kint(&out, "to", to);
    if (g->write_state(s, text, sizeof text) >= (int)sizeof text)
        text[0] = '\0';
    jw_kstr(&out, "pos", text);
    int turns = lt_session_view_turns(ses, viewer, flip != 0);
    jw_kint(&out, "turns", turns);
    lt_session_render_at(ses, ply, viewer, flip != 0, &v);
    write_view(&v);
    /* the choices here: moves with their cells, or the dice's outcomes */
    jw_key(&out, "legal");
    jw_arr(&out);
    int k = to == LT_TERMINAL ? 0 : lt_choices(g, s, acts);
    for (int i = 0; i < k; i++) {
        jw_obj(&out);
        jw_kstr(&out, "name", lt_name(g, s, acts[i], text, sizeof text));
        jw_key(&out, "shown"); /* as the reader reads it */
        jw_str(&out, lt_display_name(g, s, acts[i], text, sizeof text));
        jw_key(&out, "cells");
        if (to >= 0) {
            write_cells(g, s, acts[i]);
        } else {
            jw_arr(&out);
            jw_end(&out);
        }
        jw_end(&out);
    }
    jw_end(&out);
    jw_end(&out);
    return jw_text(&out);
}

/* ---- Commands ------------------------------------------------------------ */

const char *web_command(int seat, const char *name, const char *arg)
{
    lt_error err = {0};
    if (!ses)
        return no_game();
    const lt_command *c = lt_command_find(name);
    if (c && c->id == LT_CMD_REMATCH) {
        if (lt_session_to_act(ses) != LT_TERMINAL)
            return error(_("a rematch comes after the end of the game"));
        lt_session *next = lt_session_rematch(ses, NULL, &err);
        if (!next)
            return error(err.msg);
        adopt(next);
        return answer(LT_OK, &err);
    }
    if (!c || !c->in_session || c->id == LT_CMD_SAVE)
        return error("not a command of the page");
    return answer(lt_session_command(ses, seat, c->id, arg, &err), &err);
}

const char *web_step(void)
{
    lt_error err = {0};
    if (!ses)
        return no_game();
    int to = lt_session_to_act(ses);
    const lt_seat *seat = lt_session_seat(ses, to);
    char why[128];
    /* a computer's move is searched in the page's worker (web_think on a
     * copy), unless it claims a draw */
    if (seat && seat->kind == LT_SEAT_COMPUTER &&
        !lt_session_claimable(ses, why, sizeof why)) {
        jw_reset(&out);
        jw_obj(&out);
        jw_kint(&out, "think", to);
        jw_end(&out);
        return jw_text(&out);
    }
    return answer(lt_session_step(ses, NULL, &err), &err);
}

const char *web_tick(void)
{
    if (!ses)
        return no_game();
    bool flag = lt_session_tick(ses);
    jw_reset(&out);
    jw_obj(&out);
    jw_kbool(&out, "flag", flag);
    write_clock();
    write_events();
    jw_end(&out);
    return jw_text(&out);
}

const char *web_clock_text(double ms)
{
    static char text[64];
    clock_text((int64_t)ms, text, sizeof text);
    return text;
}

/* An event a room's server told of, in the words of the game in play's
 * own (lt_event_text): offered/answered (offer "draw" or "takeback",
 * accepted), left (reason "resign", "time", "abandon"). */
const char *web_event_text(const char *kind, int seat, const char *offer,
                           int accepted, const char *reason)
{
    static char text[256];
    int known = -1;
    for (int k = 0; k < (int)(sizeof event_kinds / sizeof *event_kinds); k++)
        if (!strcmp(kind, event_kinds[k]))
            known = k;
    if (!ses || known < 0)
        return "";
    lt_event ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = (lt_event_kind)known;
    ev.seat = seat;
    ev.offer = !strcmp(offer, "draw")       ? LT_OFFER_DRAW
               : !strcmp(offer, "takeback") ? LT_OFFER_TAKEBACK
                                            : LT_OFFER_NONE;
    ev.accepted = accepted != 0;
    ev.reason = !strcmp(reason, "time")      ? LT_END_TIME
                : !strcmp(reason, "abandon") ? LT_END_ABANDON
                                             : LT_END_RESIGN;
    lt_event_text(ses, &ev, text, sizeof text);
    return text;
}

/* ---- Computer players and odds ------------------------------------------ */

const char *web_think(const char *spec, double seconds)
{
    if (!ses)
        return no_game();
    const lt_game *g = lt_session_game(ses);
    const lt_state *now = lt_session_state(ses);
    int p = lt_session_to_act(ses);
    if (p < 0)
        return error("nobody is to move");
    lt_error err = {0};
    lt_limits lim;
    double clocks[LT_MAX_PLAYERS];
    lt_player *own = NULL, *pl = lt_session_player(ses, p);
    if (*spec) { /* advice: another player, for so long */
        pl = own = lt_player_new(g, spec, &err);
        if (!pl)
            return error(err.msg);
        memset(&lim, 0, sizeof lim);
    } else if (!pl) {
        return error("a person is to move");
    } else { /* the seat's own move: as its clock allows */
        lt_session_limits(ses, p, &lim, clocks);
    }
    if (!lim.clocks && !lim.seconds)
        lim.seconds = seconds;
    lt_think_info info;
    memset(&info, 0, sizeof info);
    lt_action a = lt_player_choose(
        pl, now,
        lt_choice_seed(lt_session_seed(ses), (uint64_t)lt_session_plies(ses)),
        &lim, &info);
    lt_player_free(own);
    if (a == LT_NO_ACTION || !lt_is_legal(g, now, a))
        return error(_("the computer player found no move"));
    char name[64];
    jw_reset(&out);
    jw_obj(&out);
    jw_kstr(&out, "name", lt_name(g, now, a, name, sizeof name));
    jw_kstr(&out, "shown", lt_display_name(g, now, a, name, sizeof name));
    jw_kint(&out, "seat", p);
    jw_key(&out, "value");
    jw_arr(&out);
    for (int i = 0; i < g->num_players(now); i++)
        jw_num(&out, info.value[i]);
    jw_end(&out);
    jw_kint(&out, "nodes", info.nodes);
    jw_kint(&out, "depth", info.depth);
    jw_knum(&out, "seconds", info.seconds);
    jw_end(&out);
    return jw_text(&out);
}

static void write_exact(const lt_exact *e)
{
    jw_obj(&out);
    jw_kbool(&out, "known", e->known);
    jw_kstr(&out, "exact", e->exact);
    jw_knum(&out, "decimal", e->decimal);
    jw_end(&out);
}

const char *web_odds(void)
{
    if (!ses)
        return no_game();
    const lt_game *g = lt_session_game(ses);
    const lt_state *now = lt_session_state(ses);
    lt_status (*odds)(const lt_state *, unsigned, lt_odds *, lt_error *) =
        lt_engines_of(g)->odds;
    if (!odds)
        return error("this game has no odds");
    if (lt_session_to_act(ses) == LT_TERMINAL)
        return error("the game is over");
    lt_odds *o = calloc(1, sizeof *o);
    lt_error err = {0};
    if (!o)
        return error("out of memory");
    if (odds(now, 0, o, &err) != LT_OK) {
        free(o);
        return error(err.msg);
    }
    char name[64];
    jw_reset(&out);
    jw_obj(&out);
    jw_kint(&out, "ply", lt_session_plies(ses));
    jw_key(&out, "win");
    jw_arr(&out);
    for (int i = 0; i < o->nseats; i++)
        write_exact(&o->win[i]);
    jw_end(&out);
    jw_key(&out, "none");
    write_exact(&o->none);
    jw_kint(&out, "value_seat", o->value_seat);
    jw_key(&out, "value");
    write_exact(&o->value);
    jw_key(&out, "choices");
    jw_arr(&out);
    for (int k = 0; k < o->nchoices; k++) {
        jw_obj(&out);
        jw_kstr(&out, "name", lt_name(g, now, o->choice[k].action, name, sizeof name));
        jw_key(&out, "shown");
        jw_str(&out, lt_display_name(g, now, o->choice[k].action, name,
                                     sizeof name));
        jw_key(&out, "value");
        write_exact(&o->choice[k].value);
        jw_end(&out);
    }
    jw_end(&out);
    jw_kstr(&out, "note", o->note);
    jw_end(&out);
    free(o);
    return jw_text(&out);
}

/* ---- Analysis ------------------------------------------------------------- */

/* Every move of the game in play judged by the computer (analysis.h),
 * each position searched to depth plies or nodes nodes (0: the game's
 * default): for each ply a player made, its number in the move list, the
 * move and the best one (their names and the cells the best touches), the
 * mover's expected score before and after, each seat's after it (the
 * graph), the loss and the mark. */
const char *web_analyse(int depth, double nodes)
{
    if (!ses)
        return no_game();
    const lt_game *g = lt_session_game(ses);
    int n = lt_session_plies(ses);
    lt_action *acts = malloc(sizeof *acts * (size_t)(n > 0 ? n : 1));
    if (!acts)
        return error("out of memory");
    for (int k = 0; k < n; k++)
        acts[k] = lt_session_ply(ses, k)->action;
    lt_analysis_limits lim = {.depth = depth, .nodes = (long long)nodes};
    lt_analysis a;
    lt_error err = {0};
    lt_status st = lt_analyse(g, lt_session_state_at(ses, 0), acts, n, &lim,
                              &a, &err);
    free(acts);
    if (st != LT_OK)
        return error(err.msg);
    char name[64];
    jw_reset(&out);
    jw_obj(&out);
    jw_kstr(&out, "analyser", a.analyser);
    jw_kint(&out, "depth", a.depth);
    jw_kint(&out, "nodes", a.nodes);
    jw_kint(&out, "plies", n);
    jw_kint(&out, "players", lt_session_seats(ses));
    jw_key(&out, "moves");
    jw_arr(&out);
    for (int k = 0; k < a.n; k++) {
        const lt_analysed_ply *p = &a.plies[k];
        const lt_state *s = lt_session_state_at(ses, p->ply);
        const lt_ply *lp = lt_session_ply(ses, p->ply);
        lt_row row;
        bool later = g->numbering == LT_NUMBER_MOVES &&
                     lt_session_row(ses, lp->row, &row) && row.first != p->ply;
        char no[24];
        snprintf(no, sizeof no, "%d.%s", lp->row, later ? ".." : "");
        jw_obj(&out);
        jw_kint(&out, "ply", p->ply);
        jw_kint(&out, "seat", p->seat);
        jw_kstr(&out, "number", no);
        jw_kstr(&out, "played", lt_display_name(g, s, p->played, name, sizeof name));
        jw_kstr(&out, "best", p->best == LT_NO_ACTION
                                  ? ""
                                  : lt_display_name(g, s, p->best, name, sizeof name));
        jw_kbool(&out, "isBest", p->best == p->played);
        jw_key(&out, "bestCells");
        if (p->best == LT_NO_ACTION) {
            jw_arr(&out);
            jw_end(&out);
        } else {
            write_cells(g, s, p->best);
        }
        jw_knum(&out, "before", p->before);
        jw_knum(&out, "after", p->after);
        jw_knum(&out, "loss", p->loss);
        jw_kint(&out, "mark", p->mark);
        jw_kstr(&out, "sign", lt_mark_sign(p->mark));
        jw_kstr(&out, "markName", lt_mark_name(p->mark));
        jw_kbool(&out, "exact", p->exact);
        jw_kstr(&out, "bestExact", p->best_exact);
        jw_kstr(&out, "playedExact", p->played_exact);
        jw_key(&out, "score");
        jw_arr(&out);
        for (int i = 0; i < lt_session_seats(ses); i++)
            jw_num(&out, p->score[i]);
        jw_end(&out);
        jw_end(&out);
    }
    jw_end(&out);
    jw_end(&out);
    lt_analysis_free(&a);
    return jw_text(&out);
}

int web_init(void)
{
    /* one thread: the page's computer players run in a Web Worker, which
     * has no threads of its own */
    lt_ai_threads(1);
    lt_i18n_init("en"); /* until the page says (web_set_language) */
    return lt_game_count();
}
