/* api.c — what the browser asks of the C core, in JSON strings: the games
 * and their options, one game in play (its record), the view of any of its
 * positions with the legal moves, dice rolls, computer moves and exact
 * odds.  Compiled to WebAssembly only; JavaScript calls these functions by
 * name (web/CMakeLists.txt exports them).  Every answer points into one
 * buffer that the next call overwrites; errors are {"error": "..."}. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "ludoteka/ai.h"
#include "ludoteka/options.h"
#include "ludoteka/record.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"
#include "net/jsonw.h"
#include "webapi.h"

/* The game in play: its record and the position after all its actions
 * (valid when `loaded`). */
static lt_record rec;
static lt_state *end;
static bool loaded;
static jw out;

static const char *error(const char *msg)
{
    jw_reset(&out);
    jw_obj(&out);
    jw_key(&out, "error");
    jw_str(&out, msg);
    jw_end(&out);
    return jw_text(&out);
}

static const char *ok(void)
{
    jw_reset(&out);
    jw_obj(&out);
    jw_key(&out, "ok");
    jw_bool(&out, true);
    jw_end(&out);
    return jw_text(&out);
}

static lt_state *scratch(const lt_game *g)
{
    /* one scratch state per game size: states are small, games few */
    static lt_state *s;
    static size_t size;
    if (size < g->state_size) {
        lt_state_free(s);
        s = lt_state_new(g);
        size = s ? g->state_size : 0;
    }
    return s;
}

/* Makes r the game in play, replaying it; takes ownership of r. */
static const char *adopt(lt_record *r)
{
    lt_error err = {0};
    lt_state *s = lt_state_new(r->game);
    if (!s) {
        lt_record_clear(r);
        return error("out of memory");
    }
    if (lt_record_replay(r, -1, s, &err) != LT_OK) {
        lt_state_free(s);
        lt_record_clear(r);
        return error(err.msg);
    }
    if (loaded) {
        lt_record_clear(&rec);
        lt_state_free(end);
    }
    rec = *r;
    end = s;
    loaded = true;
    return ok();
}

/* ---- The games ---------------------------------------------------------- */

static void write_option(const lt_option *o)
{
    jw_obj(&out);
    jw_key(&out, "name");
    jw_str(&out, o->name);
    if (o->choices) {
        jw_key(&out, "choices");
        jw_arr(&out);
        for (int k = 0; o->choices[k]; k++)
            jw_str(&out, o->choices[k]);
        jw_end(&out);
    } else {
        jw_key(&out, "min");
        jw_int(&out, o->min);
        jw_key(&out, "max");
        jw_int(&out, o->max);
    }
    jw_key(&out, "def");
    jw_int(&out, o->def);
    jw_key(&out, "help");
    jw_obj(&out);
    jw_key(&out, "en");
    jw_str(&out, o->help_en ? o->help_en : "");
    jw_key(&out, "pl");
    jw_str(&out, o->help_pl ? o->help_pl : "");
    jw_end(&out);
    jw_end(&out);
}

const char *web_games(void)
{
    jw_reset(&out);
    jw_arr(&out);
    for (int i = 0; i < lt_game_count(); i++) {
        const lt_game *g = lt_game_at(i);
        jw_obj(&out);
        jw_key(&out, "id");
        jw_str(&out, g->id);
        jw_key(&out, "title");
        jw_obj(&out);
        jw_key(&out, "en");
        jw_str(&out, g->title_en);
        jw_key(&out, "pl");
        jw_str(&out, g->title_pl);
        jw_end(&out);
        jw_key(&out, "source");
        jw_str(&out, g->source ? g->source : "");
        jw_key(&out, "group");
        jw_int(&out, g->group);
        jw_key(&out, "min");
        jw_int(&out, g->min_players);
        jw_key(&out, "max");
        jw_int(&out, g->max_players);
        jw_key(&out, "chance");
        jw_bool(&out, g->has_chance);
        jw_key(&out, "odds");
        jw_bool(&out, g->odds != NULL);
        jw_key(&out, "options");
        jw_arr(&out);
        for (int k = 0; g->options[k].name; k++)
            write_option(&g->options[k]);
        jw_end(&out);
        jw_key(&out, "seats");
        jw_obj(&out);
        for (int lang = LT_LANG_EN; lang <= LT_LANG_PL; lang++) {
            jw_key(&out, lang == LT_LANG_PL ? "pl" : "en");
            jw_arr(&out);
            for (int s = 0; s < g->max_players; s++) {
                char name[64];
                jw_str(&out, lt_seat_name(g, s, lang, name, sizeof name));
            }
            jw_end(&out);
        }
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

const char *web_rules(const char *id, int lang)
{
    const lt_game *g = lt_game_find(id);
    const char *text = g ? lt_rules_text(g, lang) : NULL;
    return text ? text : "";
}

/* ---- The game in play --------------------------------------------------- */

const char *web_new(const char *id, const char *options, const char *players,
                    const char *seed)
{
    const lt_game *g = lt_game_find(id);
    lt_error err = {0};
    long long n;
    if (!g)
        return error("unknown game");
    lt_config cfg;
    lt_config_default(g, &cfg, 0);
    if (lt_config_parse(g, &cfg, options, &err) != LT_OK)
        return error(err.msg);
    lt_record r;
    lt_record_init(&r, g, &cfg);
    /* "human,ai:level=3,...": one spec a seat */
    int seats = 0;
    for (const char *p = players; *p;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (seats == LT_MAX_PLAYERS || len >= LT_SPEC_MAX)
            return error("too many or too long player specs");
        memcpy(r.players[seats], p, len);
        r.players[seats++][len] = '\0';
        p += len + (comma != NULL);
    }
    r.config.players = seats;
    if (lt_check_players(g, seats, &err) != LT_OK)
        return error(err.msg);
    if (!lt_parse_int(seed, 0, INT64_MAX, &n))
        return error("the seed must be a whole number");
    r.seed = (uint64_t)n;
    return adopt(&r);
}

const char *web_load(const char *text)
{
    lt_record r;
    lt_cursor cur = {0};
    lt_error err = {0};
    if (lt_record_parse(text, &cur, &r, &err) != LT_OK)
        return error(err.msg);
    return adopt(&r);
}

const char *web_record(void)
{
    if (!loaded)
        return "";
    lt_error err = {0};
    char *text = lt_record_format(&rec, &err);
    if (!text)
        return error(err.msg);
    /* the answer buffer owns every answer */
    jw_reset(&out);
    size_t n = strlen(text);
    if (out.cap < n + 1) {
        char *p = realloc(out.buf, n + 1);
        if (!p) {
            free(text);
            return error("out of memory");
        }
        out.buf = p;
        out.cap = n + 1;
    }
    memcpy(out.buf, text, n + 1);
    free(text);
    return out.buf;
}

const char *web_info(int lang)
{
    if (!loaded)
        return error("no game");
    const lt_game *g = rec.game;
    lt_state *s = scratch(g);
    lt_error err = {0};
    char text[256];
    if (!s || lt_record_replay(&rec, 0, s, &err) != LT_OK)
        return error(s ? err.msg : "out of memory");
    jw_reset(&out);
    jw_obj(&out);
    jw_key(&out, "game");
    jw_str(&out, g->id);
    lt_config_write(g, &rec.config, text, sizeof text);
    jw_key(&out, "options");
    jw_str(&out, text);
    jw_key(&out, "players");
    jw_arr(&out);
    for (int i = 0; i < rec.config.players; i++)
        jw_str(&out, rec.players[i]);
    jw_end(&out);
    jw_key(&out, "seats");
    jw_arr(&out);
    for (int i = 0; i < rec.config.players; i++)
        jw_str(&out, lt_seat_name(g, i, lang, text, sizeof text));
    jw_end(&out);
    snprintf(text, sizeof text, "%" PRIu64, rec.seed);
    jw_key(&out, "seed");
    jw_str(&out, text);
    jw_key(&out, "moves");
    jw_arr(&out);
    for (int k = 0; k < rec.nactions; k++) {
        jw_obj(&out);
        jw_key(&out, "name");
        jw_str(&out, lt_name(g, s, rec.actions[k], text, sizeof text));
        jw_key(&out, "p");
        jw_int(&out, g->current_player(s));
        jw_end(&out);
        g->apply(s, rec.actions[k]);
    }
    jw_end(&out);
    jw_key(&out, "to");
    jw_int(&out, g->current_player(end));
    lt_result_text(g, end, text, sizeof text);
    jw_key(&out, "result");
    jw_str(&out, text);
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
    jw_key(&out, "width");
    jw_int(&out, v->width);
    jw_key(&out, "height");
    jw_int(&out, v->height);
    jw_key(&out, "cells");
    jw_arr(&out);
    for (int i = 0; i < v->ncells; i++) {
        const lt_cell *c = &v->cells[i];
        jw_obj(&out);
        jw_key(&out, "x");
        jw_int(&out, c->x);
        jw_key(&out, "y");
        jw_int(&out, c->y);
        jw_key(&out, "shape");
        jw_int(&out, c->shape);
        jw_key(&out, "shade");
        jw_int(&out, c->shade);
        jw_key(&out, "board");
        jw_int(&out, c->board);
        jw_key(&out, "name");
        jw_str(&out, c->name);
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
        jw_key(&out, "cell");
        jw_int(&out, p->cell);
        jw_key(&out, "owner");
        jw_int(&out, p->owner);
        jw_key(&out, "kind");
        jw_int(&out, p->kind);
        jw_key(&out, "text");
        jw_str(&out, p->text);
        jw_key(&out, "glyph");
        jw_str(&out, p->glyph);
        jw_end(&out);
    }
    jw_end(&out);
    jw_key(&out, "dice");
    jw_arr(&out);
    for (int i = 0; i < v->ndice; i++) {
        jw_obj(&out);
        jw_key(&out, "owner");
        jw_int(&out, v->dice[i].owner);
        jw_key(&out, "value");
        jw_int(&out, v->dice[i].value);
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
}

const char *web_view(int ply, int lang)
{
    if (!loaded)
        return error("no game");
    const lt_game *g = rec.game;
    lt_state *s = scratch(g);
    lt_error err = {0};
    static lt_view v;
    static lt_action acts[LT_MAX_ACTIONS];
    char text[1024];
    if (ply < 0 || ply > rec.nactions)
        ply = rec.nactions;
    if (!s || lt_record_replay(&rec, ply > 0 ? ply - 1 : 0, s, &err) != LT_OK)
        return error(s ? err.msg : "out of memory");
    jw_reset(&out);
    jw_obj(&out);
    jw_key(&out, "ply");
    jw_int(&out, ply);
    jw_key(&out, "n");
    jw_int(&out, rec.nactions);
    /* the cells the last action touched, seen from before it */
    jw_key(&out, "last");
    if (ply > 0) {
        write_cells(g, s, rec.actions[ply - 1]);
        g->apply(s, rec.actions[ply - 1]);
    } else {
        jw_arr(&out);
        jw_end(&out);
    }
    int to = g->current_player(s);
    jw_key(&out, "to");
    jw_int(&out, to);
    lt_result_text(g, s, text, sizeof text);
    jw_key(&out, "result");
    jw_str(&out, text);
    jw_key(&out, "returns");
    jw_arr(&out);
    if (to == LT_TERMINAL) {
        double r[LT_MAX_PLAYERS];
        g->returns(s, r);
        for (int i = 0; i < g->num_players(s); i++)
            jw_num(&out, r[i]);
    }
    jw_end(&out);
    if (g->write_state(s, text, sizeof text) >= (int)sizeof text)
        text[0] = '\0';
    jw_key(&out, "pos");
    jw_str(&out, text);
    memset(&v, 0, sizeof v);
    v.lang = lang;
    g->render(s, &v);
    write_view(&v);
    /* the choices here: moves with their cells, or the dice's outcomes */
    jw_key(&out, "legal");
    jw_arr(&out);
    int n = lt_choices(g, s, acts);
    for (int i = 0; i < n; i++) {
        jw_obj(&out);
        jw_key(&out, "name");
        jw_str(&out, lt_name(g, s, acts[i], text, sizeof text));
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

/* Appends an action to the game in play; answers with its name. */
static const char *push(lt_action a)
{
    char name[64];
    lt_name(rec.game, end, a, name, sizeof name);
    if (lt_record_push(&rec, a) != LT_OK)
        return error("out of memory");
    rec.game->apply(end, a);
    jw_reset(&out);
    jw_obj(&out);
    jw_key(&out, "ok");
    jw_bool(&out, true);
    jw_key(&out, "name");
    jw_str(&out, name);
    jw_end(&out);
    return jw_text(&out);
}

const char *web_play(const char *name)
{
    lt_action a;
    lt_error err = {0};
    if (!loaded)
        return error("no game");
    if (lt_parse(rec.game, end, name, &a, &err) != LT_OK)
        return error(err.msg);
    return push(a);
}

const char *web_truncate(int n)
{
    if (!loaded)
        return error("no game");
    if (n < 0 || n > rec.nactions)
        return error("no such move");
    rec.nactions = n;
    lt_error err = {0};
    if (lt_record_replay(&rec, -1, end, &err) != LT_OK)
        return error(err.msg);
    return ok();
}

const char *web_roll(void)
{
    if (!loaded)
        return error("no game");
    if (rec.game->current_player(end) != LT_CHANCE)
        return error("no dice to roll");
    return push(lt_chance_draw(rec.game, end, rec.seed, (uint64_t)rec.nactions));
}

/* ---- Computer players and odds ------------------------------------------ */

const char *web_think(const char *spec, double seconds)
{
    if (!loaded)
        return error("no game");
    const lt_game *g = rec.game;
    int p = g->current_player(end);
    if (p < 0)
        return error("nobody is to move");
    lt_error err = {0};
    lt_player *pl = lt_player_new(g, spec, &err);
    if (!pl)
        return error(err.msg);
    lt_think_info info;
    memset(&info, 0, sizeof info);
    lt_limits lim = {.seconds = seconds};
    lt_action a = lt_player_choose(
        pl, end, lt_choice_seed(rec.seed, (uint64_t)rec.nactions), &lim, &info);
    lt_player_free(pl);
    if (a == LT_NO_ACTION || !lt_is_legal(g, end, a))
        return error("the computer player found no move");
    char name[64];
    jw_reset(&out);
    jw_obj(&out);
    jw_key(&out, "name");
    jw_str(&out, lt_name(g, end, a, name, sizeof name));
    jw_key(&out, "seat");
    jw_int(&out, p);
    jw_key(&out, "value");
    jw_arr(&out);
    for (int i = 0; i < g->num_players(end); i++)
        jw_num(&out, info.value[i]);
    jw_end(&out);
    jw_key(&out, "nodes");
    jw_int(&out, info.nodes);
    jw_key(&out, "depth");
    jw_int(&out, info.depth);
    jw_key(&out, "seconds");
    jw_num(&out, info.seconds);
    jw_end(&out);
    return jw_text(&out);
}

static void write_exact(const lt_exact *e)
{
    jw_obj(&out);
    jw_key(&out, "known");
    jw_bool(&out, e->known);
    jw_key(&out, "exact");
    jw_str(&out, e->exact);
    jw_key(&out, "decimal");
    jw_num(&out, e->decimal);
    jw_end(&out);
}

const char *web_odds(int lang)
{
    if (!loaded)
        return error("no game");
    const lt_game *g = rec.game;
    if (!g->odds)
        return error("this game has no odds");
    if (g->current_player(end) == LT_TERMINAL)
        return error("the game is over");
    lt_odds *o = calloc(1, sizeof *o);
    lt_error err = {0};
    if (!o)
        return error("out of memory");
    o->lang = lang;
    if (g->odds(end, 0, o, &err) != LT_OK) {
        free(o);
        return error(err.msg);
    }
    char name[64];
    jw_reset(&out);
    jw_obj(&out);
    jw_key(&out, "ply");
    jw_int(&out, rec.nactions);
    jw_key(&out, "win");
    jw_arr(&out);
    for (int i = 0; i < o->nseats; i++)
        write_exact(&o->win[i]);
    jw_end(&out);
    jw_key(&out, "none");
    write_exact(&o->none);
    jw_key(&out, "value_seat");
    jw_int(&out, o->value_seat);
    jw_key(&out, "value");
    write_exact(&o->value);
    jw_key(&out, "choices");
    jw_arr(&out);
    for (int k = 0; k < o->nchoices; k++) {
        jw_obj(&out);
        jw_key(&out, "name");
        jw_str(&out, lt_name(g, end, o->choice[k].action, name, sizeof name));
        jw_key(&out, "value");
        write_exact(&o->choice[k].value);
        jw_end(&out);
    }
    jw_end(&out);
    jw_key(&out, "note");
    jw_str(&out, o->note);
    jw_end(&out);
    free(o);
    return jw_text(&out);
}

int web_init(void)
{
    /* one thread: the page's computer players run in a Web Worker, which
     * has no threads of its own */
    lt_ai_threads(1);
    return lt_game_count();
}
