/* support.h — helpers for the tests: set up a game, play moves by name. */
#ifndef LUDOTEKA_TEST_SUPPORT_H
#define LUDOTEKA_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ludoteka/game.h"
#include "ludoteka/options.h"
#include "ludoteka/rng.h"

/* A test file's main: runs the cmocka tests listed, in order. */
#define TEST_MAIN(...)                                                 \
    int main(void)                                                     \
    {                                                                  \
        const struct CMUnitTest tests[] = {__VA_ARGS__};               \
        return cmocka_run_group_tests(tests, NULL, NULL);              \
    }

/* The configuration of g with "name=value ..." options (NULL: defaults)
 * and a player count (0: the game's default). */
static inline lt_config config_of(const lt_game *g, const char *options,
                                  int players)
{
    lt_config cfg;
    lt_config_default(g, &cfg, players);
    lt_error err = {0};
    if (options && lt_config_parse(g, &cfg, options, &err) != LT_OK)
        fail_msg("options '%s': %s", options, err.msg);
    return cfg;
}

/* A started game of id with options and a player count (config_of). */
static inline lt_state *start_n(const lt_game **gp, const char *id,
                                const char *options, int players)
{
    const lt_game *g = lt_game_find(id);
    assert_non_null(g);
    lt_config cfg = config_of(g, options, players);
    lt_error err = {0};
    lt_state *s = lt_state_new(g);
    assert_non_null(s);
    if (lt_init(g, s, &cfg, &err) != LT_OK)
        fail_msg("init: %s", err.msg);
    *gp = g;
    return s;
}

/* The same with the default player count. */
static inline lt_state *start(const lt_game **gp, const char *id,
                              const char *options)
{
    return start_n(gp, id, options, 0);
}

/* Plays space-separated move names; each must be legal. */
static inline void play(const lt_game *g, lt_state *s, const char *moves)
{
    char buf[1024], *save = NULL;
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        lt_action a;
        lt_error err = {0};
        if (lt_parse(g, s, w, &a, &err) != LT_OK)
            fail_msg("move '%s': %s", w, err.msg);
        g->apply(s, a);
        assert_true(g->invariants_ok(s));
    }
}

/* Is the named move legal now? */
static inline bool legal(const lt_game *g, const lt_state *s, const char *move)
{
    lt_action a;
    return lt_parse(g, s, move, &a, NULL) == LT_OK;
}

/* The position as text. */
static inline const char *text_of(const lt_game *g, const lt_state *s)
{
    static char buf[1024];
    g->write_state(s, buf, sizeof buf);
    return buf;
}

/* Plays the moves (as play); the position is then this text. */
static inline void play_to(const lt_game *g, lt_state *s, const char *moves,
                           const char *text)
{
    play(g, s, moves);
    assert_string_equal(text_of(g, s), text);
}

/* A seat's return. */
static inline double return_of(const lt_game *g, const lt_state *s, int seat)
{
    double r[LT_MAX_PLAYERS];
    g->returns(s, r);
    return r[seat];
}

/* The leaves of the tree of choices (moves, and chance outcomes by
 * lt_choices) below s to a depth, walked by apply: a perft done through
 * the game's interface. */
static inline uint64_t tree_leaves(const lt_game *g, const lt_state *s, int depth)
{
    if (depth == 0)
        return 1;
    lt_action acts[LT_MAX_ACTIONS];
    int n = lt_choices(g, s, acts);
    uint64_t total = 0;
    lt_state *child = lt_state_new(g);
    for (int i = 0; i < n; i++) {
        lt_state_copy(g, child, s);
        g->apply(child, acts[i]);
        total += tree_leaves(g, child, depth - 1);
    }
    lt_state_free(child);
    return total;
}

/* Sets up a position; it must read. */
static inline void set_position(const lt_game *g, lt_state *s, const char *text)
{
    lt_error err = {0};
    if (g->read_state(s, text, &err) != LT_OK)
        fail_msg("position '%s': %s", text, err.msg);
}

/* A started game (as start_n) at a position (NULL: the start). */
static inline lt_state *start_at(const lt_game **gp, const char *id, const char *options,
                                 int players, const char *position)
{
    lt_state *s = start_n(gp, id, options, players);
    if (position)
        set_position(*gp, s, position);
    return s;
}

/* The position text must be rejected (and leave the state alone). */
static inline void assert_bad_position(const lt_game *g, lt_state *s,
                                       const char *text)
{
    char before[1024], after[1024];
    lt_error err = {0};
    g->write_state(s, before, sizeof before);
    if (g->read_state(s, text, &err) == LT_OK)
        fail_msg("%s: position '%s' was accepted", g->id, text);
    assert_true(err.msg[0] != '\0');
    g->write_state(s, after, sizeof after);
    assert_string_equal(before, after);
}

/* Each of n position texts must be rejected, as assert_bad_position. */
static inline void assert_bad_positions(const lt_game *g, lt_state *s,
                                        const char *const texts[], size_t n)
{
    for (size_t i = 0; i < n; i++)
        assert_bad_position(g, s, texts[i]);
}

/* The names of the cells the view marks in check, space-separated. */
static inline const char *checked_cells(const lt_game *g, const lt_state *s)
{
    static lt_view v;
    static char out[64];
    memset(&v, 0, sizeof v);
    g->render(s, &v);
    out[0] = '\0';
    for (int i = 0; i < v.nchecks; i++) {
        assert_true(v.check[i] >= 0 && v.check[i] < v.ncells);
        strcat(out, i ? " " : "");
        strcat(out, v.cells[v.check[i]].name);
    }
    return out;
}

/* The two languages the tests read, English and Polish. */
enum { LT_LANG_EN, LT_LANG_PL };

/* Speaks a language from now on (LT_LANG_EN, LT_LANG_PL): the program's
 * one language, as --lang sets it (i18n.h). */
static inline void speak(int lang)
{
    assert_true(lt_i18n_init(lang == LT_LANG_PL ? "pl" : "en"));
}

/* Why the game ended (lt_game.end_reason), in a language; the game
 * must be over. */
static inline const char *reason_of(const lt_game *g, const lt_state *s,
                                    int lang)
{
    static char buf[2][512];
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_non_null(g->end_reason);
    speak(lang);
    int n = g->end_reason(s, buf[lang], sizeof buf[0]);
    speak(LT_LANG_EN);
    assert_true(n > 0 && n < (int)sizeof buf[0]);
    return buf[lang];
}

/* The game is over for this reason, in English and in Polish. */
static inline void assert_reason(const lt_game *g, const lt_state *s,
                                 const char *en, const char *pl)
{
    assert_string_equal(reason_of(g, s, LT_LANG_EN), en);
    assert_string_equal(reason_of(g, s, LT_LANG_PL), pl);
}

/* The game is over for this reason, in English and in Polish, and seat's
 * return is ret. */
static inline void assert_end(const lt_game *g, const lt_state *s, int seat,
                              double ret, const char *en, const char *pl)
{
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, seat) == ret);
    assert_reason(g, s, en, pl);
}

/* The same for a game of two: the seats' returns are r0 and r1. */
static inline void assert_end2(const lt_game *g, const lt_state *s, double r0,
                               double r1, const char *en, const char *pl)
{
    assert_true(return_of(g, s, 0) == r0);
    assert_end(g, s, 1, r1, en, pl);
}

/* Does the view, in a language, have this line of info? */
static inline bool has_info(const lt_game *g, const lt_state *s, int lang,
                            const char *line)
{
    static lt_view v;
    memset(&v, 0, sizeof v);
    speak(lang);
    g->render(s, &v);
    speak(LT_LANG_EN);
    for (int i = 0; i < v.ninfo; i++)
        if (!strcmp(v.info[i], line))
            return true;
    for (int i = 0; i < v.ninfo; i++)
        print_message("info: %s\n", v.info[i]);
    return false;
}

/* The view has this line, in English and in Polish. */
static inline void assert_info(const lt_game *g, const lt_state *s,
                               const char *en, const char *pl)
{
    if (!has_info(g, s, LT_LANG_EN, en))
        fail_msg("no line '%s' in the view", en);
    if (!has_info(g, s, LT_LANG_PL, pl))
        fail_msg("no line '%s' in the view", pl);
}

/* A random playout's draw against the list under each of the NULL-ended
 * options (the conformance test changes one option at a time): at every
 * ply of games random games (seeds 0, 1, ...) random_action picks the
 * entry of legal_actions that lt_rng_below would and leaves the generator
 * as it would, and the state's invariants hold after each move. */
static inline void assert_draws_agree(const char *id,
                                      const char *const *options,
                                      uint64_t games)
{
    for (; *options; options++)
        for (uint64_t seed = 0; seed < games; seed++) {
            const lt_game *g;
            lt_state *s = start(&g, id, *options);
            lt_rng r;
            lt_rng_seed(&r, seed, 0);
            while (g->current_player(s) != LT_TERMINAL) {
                lt_action acts[LT_MAX_ACTIONS];
                int n = g->legal_actions(s, acts);
                lt_rng q = r;
                lt_action a = g->random_action(s, &r);
                assert_int_equal(a, acts[lt_rng_below(&q, (uint64_t)n)]);
                assert_memory_equal(&r, &q, sizeof r);
                g->apply(s, a);
                assert_true(g->invariants_ok(s));
            }
            lt_state_free(s);
        }
}

#endif
