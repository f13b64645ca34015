/* test_conformance.c — the contract of lt_game, checked on every
 * registered game under every option value and player count, by seeded
 * random playouts (the idea of OpenSpiel's basic tests).
 *
 * LT_CONFORMANCE_GAMES sets the number of playouts per configuration. */
#include <ctype.h>

#include "support.h"

#include "ludoteka/rng.h"
#include "ludoteka/text.h"

static int playouts_per_config(void)
{
    const char *v = getenv("LT_CONFORMANCE_GAMES");
    long long n;
    return v && lt_parse_int(v, 1, 1000000, &n) ? (int)n : 20;
}

static void check_name(const lt_game *g, const lt_state *s, lt_action a,
                       char seen[][64], int index)
{
    char name[64];
    int len = g->action_name(s, a, name, sizeof name);
    if (len <= 0 || len >= (int)sizeof name)
        fail_msg("%s: action %d has a name of length %d", g->id, a, len);
    for (const char *p = name; *p; p++)
        if (isspace((unsigned char)*p) || strchr("{}[]();$\".", *p))
            fail_msg("%s: action name '%s' has a forbidden character", g->id,
                     name);
    for (int i = 0; i < index; i++)
        if (strcmp(seen[i], name) == 0)
            fail_msg("%s: two actions are named '%s'", g->id, name);
    strcpy(seen[index], name);
    /* the game's own parser, when it has one (lt_parse would also check
     * legality, regenerating the moves for every name) */
    lt_action back;
    lt_error err = {0};
    lt_status st = g->parse_action ? g->parse_action(s, name, &back)
                                   : lt_parse(g, s, name, &back, &err);
    if (st != LT_OK || back != a)
        fail_msg("%s: '%s' does not parse back to action %d (%s)", g->id, name,
                 a, err.msg);
}

static void check_view(const lt_game *g, const lt_state *s)
{
    static lt_view v;
    memset(&v, 0, sizeof v);
    g->render(s, &v);
    assert_true(v.ncells >= 0 && v.ncells <= LT_VIEW_CELLS);
    assert_true(v.npieces >= 0 && v.npieces <= LT_VIEW_PIECES);
    assert_true(v.nlinks >= 0 && v.nlinks <= LT_VIEW_LINKS);
    assert_true(v.ndice >= 0 && v.ndice <= LT_VIEW_DICE);
    assert_true(v.ninfo >= 0 && v.ninfo <= LT_VIEW_INFO);
    for (int i = 0; i < v.ncells; i++) {
        assert_true(v.cells[i].x >= 0 && v.cells[i].x < v.width);
        assert_true(v.cells[i].y >= 0 && v.cells[i].y < v.height);
        assert_true(v.cells[i].name[0] != '\0');
    }
    for (int i = 0; i < v.npieces; i++) {
        assert_true(v.pieces[i].cell >= -1 && v.pieces[i].cell < v.ncells);
        assert_true(v.pieces[i].text[0] != '\0');
    }
    for (int i = 0; i < v.nlinks; i++)
        assert_true(v.links[i].a >= 0 && v.links[i].a < v.ncells &&
                    v.links[i].b >= 0 && v.links[i].b < v.ncells);
}

/* At the end, the game says why (lt_game.end_reason), in English and
 * in Polish: a line the session puts after its headline, short enough
 * for the session's reason (255 bytes), and the same for the state read
 * back from its text. */
static void check_reason(const lt_game *g, const lt_state *s)
{
    for (int lang = LT_LANG_EN; lang <= LT_LANG_PL; lang++) {
        char why[512];
        why[0] = '\0';
        speak(lang);
        int n = g->end_reason(s, why, sizeof why);
        speak(LT_LANG_EN);
        if (n <= 0 || n >= 256 || (int)strlen(why) != n || strchr(why, '\n'))
            fail_msg("%s: the end's reason '%s' (%s, %d bytes)", g->id, why,
                     lang ? "pl" : "en", n);
    }
}

/* Everything that must hold in one state. */
static void check_state(const lt_game *g, const lt_config *cfg,
                        const lt_state *s, lt_state *scratch)
{
    static char seen[LT_MAX_ACTIONS][64];
    char text[4096], again[4096];
    assert_true(g->invariants_ok(s));
    int n = g->num_players(s);
    assert_int_equal(n, cfg->players);
    int p = g->current_player(s);
    assert_true(p == LT_TERMINAL || p == LT_CHANCE || (p >= 0 && p < n));

    lt_action acts[LT_MAX_ACTIONS];
    if (p >= 0) {
        int k = g->legal_actions(s, acts);
        assert_true(k > 0 && k <= g->max_actions);
        for (int i = 0; i < k; i++) {
            assert_true(acts[i] >= 0 && acts[i] < g->num_actions);
            assert_true(i == 0 || acts[i] > acts[i - 1]);
            check_name(g, s, acts[i], seen, i);
            int cells[8];
            int c = g->action_cells(s, acts[i], cells, 8);
            assert_true(c >= 0 && c <= 8);
        }
        /* random_action draws what lt_rng_play would from the list, and
         * leaves the generator as it would */
        for (uint64_t seed = 0; g->random_action && seed < 4; seed++) {
            lt_rng r1, r2;
            lt_rng_seed(&r1, seed, 7);
            r2 = r1;
            lt_action a = g->random_action(s, &r1);
            assert_int_equal(a, acts[lt_rng_below(&r2, (uint64_t)k)]);
            assert_memory_equal(&r1, &r2, sizeof r1);
        }
    } else if (p == LT_CHANCE) {
        assert_true(g->has_chance);
        lt_outcome out[LT_MAX_OUTCOMES];
        int k = g->chance_outcomes(s, out);
        assert_true(k > 0 && k <= g->max_outcomes);
        for (int i = 0; i < k; i++) {
            assert_true(out[i].weight > 0);
            assert_true(out[i].action >= 0 && out[i].action < g->num_actions);
            assert_true(i == 0 || out[i].action > out[i - 1].action);
            check_name(g, s, out[i].action, seen, i);
        }
    }

    double r[LT_MAX_PLAYERS];
    g->returns(s, r);
    double sum = 0;
    for (int i = 0; i < n; i++) {
        if (p != LT_TERMINAL)
            assert_true(r[i] == 0);
        assert_true(r[i] >= g->min_return && r[i] <= g->max_return);
        sum += r[i];
    }
    if (g->zero_sum)
        assert_true(sum > -1e-9 && sum < 1e-9);

    /* write_state is canonical: read back into a fresh game, the same
     * text, player, moves and hash. */
    int len = g->write_state(s, text, sizeof text);
    assert_true(len > 0 && len < (int)sizeof text);
    lt_error err = {0};
    assert_int_equal(lt_init(g, scratch, cfg, &err), LT_OK);
    if (g->read_state(scratch, text, &err) != LT_OK)
        fail_msg("%s: its own text '%s' does not read: %s", g->id, text, err.msg);
    g->write_state(scratch, again, sizeof again);
    assert_string_equal(text, again);
    assert_int_equal(g->current_player(scratch), p);
    assert_true(g->invariants_ok(scratch));
    if (g->hash)
        assert_true(g->hash(scratch) == g->hash(s));
    if (p >= 0) {
        lt_action acts2[LT_MAX_ACTIONS];
        int k = g->legal_actions(s, acts), k2 = g->legal_actions(scratch, acts2);
        assert_int_equal(k, k2);
        assert_memory_equal(acts, acts2, sizeof *acts * (size_t)k);
    }
    check_view(g, s);
    if (p == LT_TERMINAL) {
        check_reason(g, s);
        check_reason(g, scratch);
    }
}

static void playout(const lt_game *g, const lt_config *cfg, uint64_t seed)
{
    lt_state *s = lt_state_new(g), *copy = lt_state_new(g),
             *scratch = lt_state_new(g);
    lt_error err = {0};
    if (lt_init(g, s, cfg, &err) != LT_OK)
        fail_msg("%s: init: %s", g->id, err.msg);
    lt_rng rng;
    lt_rng_seed(&rng, seed, 0);
    int length = 0;
    lt_action *played = malloc(sizeof *played * (size_t)(g->max_length + 1));
    assert_non_null(played);
    for (;;) {
        check_state(g, cfg, s, scratch);
        if (g->current_player(s) == LT_TERMINAL)
            break;
        if (length == g->max_length)
            fail_msg("%s: a game is longer than max_length %d", g->id,
                     g->max_length);
        lt_action a = lt_rng_play(&rng, g, s);
        played[length] = a;
        /* a copy is a full, independent game */
        lt_state_copy(g, copy, s);
        g->apply(s, a);
        g->apply(copy, a);
        char t1[4096], t2[4096];
        g->write_state(s, t1, sizeof t1);
        g->write_state(copy, t2, sizeof t2);
        assert_string_equal(t1, t2);
        length++;
    }
    /* random_playout plays the same game in one call, and leaves the
     * state and the generator as the loop did */
    if (g->random_playout) {
        lt_action *again = malloc(sizeof *again * (size_t)(g->max_length + 1));
        assert_non_null(again);
        lt_rng r2;
        lt_rng_seed(&r2, seed, 0);
        assert_int_equal(lt_init(g, copy, cfg, &err), LT_OK);
        assert_int_equal(g->random_playout(copy, &r2, again), length);
        assert_memory_equal(again, played, sizeof *played * (size_t)length);
        assert_memory_equal(&r2, &rng, sizeof rng);
        char t1[4096], t2[4096];
        g->write_state(s, t1, sizeof t1);
        g->write_state(copy, t2, sizeof t2);
        assert_string_equal(t1, t2);
        assert_int_equal(g->current_player(copy), LT_TERMINAL);
        free(again);
    }
    free(played);
    lt_state_free(s);
    lt_state_free(copy);
    lt_state_free(scratch);
}

/* Default options, then each other value of each option alone, for every
 * player count. */
static void conformance(void **st)
{
    int games = playouts_per_config();
    for (int i = 0; i < lt_game_count(); i++) {
        const lt_game *g = lt_game_at(i);
        for (int players = g->min_players; players <= g->max_players; players++) {
            lt_config base;
            lt_config_default(g, &base, players);
            for (int k = 0; k < games; k++)
                playout(g, &base, (uint64_t)k);
            for (int o = 0; g->options[o].name; o++) {
                const lt_option *opt = &g->options[o];
                int values[64], nv = 0;
                if (opt->choices)
                    for (int c = 0; opt->choices[c]; c++)
                        values[nv++] = c;
                else {
                    values[nv++] = opt->min;
                    values[nv++] = opt->max;
                }
                for (int v = 0; v < nv; v++) {
                    if (values[v] == opt->def)
                        continue;
                    lt_config cfg = base;
                    cfg.value[o] = values[v];
                    for (int k = 0; k < games; k++)
                        playout(g, &cfg, (uint64_t)k + 1000);
                }
            }
        }
    }
}

/* Every word a game names for people is in the Polish catalog: its
 * title, its seats, its options, their values and explanations (a text
 * the catalog lacks would come back as the same English pointer). */
static void polish_words(void **st)
{
    speak(LT_LANG_PL);
    for (int i = 0; i < lt_game_count(); i++) {
        const lt_game *g = lt_game_at(i);
        if (_(g->title) == g->title)
            fail_msg("%s: title '%s' not in Polish", g->id, g->title);
        for (int s = 0; g->seats && s < g->max_players && g->seats[s]; s++)
            if (_(g->seats[s]) == g->seats[s])
                fail_msg("%s: seat '%s' not in Polish", g->id, g->seats[s]);
        for (int o = 0; g->options[o].name; o++) {
            const lt_option *opt = &g->options[o];
            if (lt_option_help(opt) == opt->help)
                fail_msg("%s: option %s's help not in Polish", g->id, opt->name);
            for (int c = 0; opt->choices && opt->choices[c]; c++)
                if (P_("option value", opt->choices[c]) == opt->choices[c] &&
                    strspn(opt->choices[c], "0123456789") != strlen(opt->choices[c]))
                    fail_msg("%s: option %s's value %s not in Polish", g->id,
                             opt->name, opt->choices[c]);
        }
    }
    speak(LT_LANG_EN);
}

/* What every game declares about itself. */
static void declarations(void **st)
{
    assert_true(lt_game_count() > 0);
    for (int i = 0; i < lt_game_count(); i++) {
        const lt_game *g = lt_game_at(i);
        assert_ptr_equal(lt_game_find(g->id), g);
        assert_true(g->title && *g->title);
        assert_true(g->source && *g->source);
        assert_true(g->group >= 0 && g->group < LT_GROUP_COUNT);
        assert_true(g->min_players >= 1 && g->min_players <= g->max_players &&
                    g->max_players <= LT_MAX_PLAYERS);
        assert_true(g->default_players == 0 ||
                    (g->default_players >= g->min_players &&
                     g->default_players <= g->max_players));
        assert_true(g->max_actions > 0 && g->max_actions <= LT_MAX_ACTIONS);
        assert_true(g->max_outcomes >= 0 && g->max_outcomes <= LT_MAX_OUTCOMES);
        assert_true(g->has_chance == (g->max_outcomes > 0));
        assert_true(g->min_return <= g->max_return);
        /* the game in play: numbering always; sides, if declared, for
         * every seat (a board game's two seats face each other) */
        assert_true(g->numbering >= LT_NUMBER_MOVES &&
                    g->numbering <= LT_NUMBER_TURNS);
        if (g->seat_side) {
            lt_config cfg;
            lt_config_default(g, &cfg, 0);
            lt_state *s = lt_state_new(g);
            assert_int_equal(lt_init(g, s, &cfg, NULL), LT_OK);
            for (int seat = 0; seat < cfg.players; seat++) {
                int side = g->seat_side(s, seat);
                assert_true(side > LT_SIDE_NONE && side <= LT_SIDE_SOUTHEAST);
            }
            if (cfg.players == 2)
                assert_int_equal(lt_side_turns(g->seat_side(s, 0)),
                                 (lt_side_turns(g->seat_side(s, 1)) + 2) % 4);
            lt_state_free(s);
        }
        assert_true(!g->leave || (g->max_players >= 3 && g->in_game));
        /* every game says why it ended (issue 20) */
        if (!g->end_reason)
            fail_msg("%s: no end_reason", g->id);
        const char *en = lt_rules_text(g, "en"), *pl = lt_rules_text(g, "pl");
        if (!en || !pl || strlen(en) < 200 || strlen(pl) < 200)
            fail_msg("%s: rule texts in English and Polish are missing", g->id);
        for (int o = 0; g->options[o].name; o++) {
            const lt_option *opt = &g->options[o];
            assert_true(o < LT_MAX_OPTIONS);
            assert_true(opt->help && *opt->help);
            if (opt->choices)
                assert_true(opt->def >= 0 && opt->def < lt_option_choice_count(opt));
            else
                assert_true(opt->def >= opt->min && opt->def <= opt->max);
            /* the rule texts explain every option, each by the name its
             * readers type (the Polish one in Polish) */
            char name[64];
            speak(LT_LANG_PL);
            lt_option_name_shown(opt, name, sizeof name);
            speak(LT_LANG_EN);
            if (!strstr(en, opt->name) || !strstr(pl, name))
                fail_msg("%s: the rule texts do not mention option %s (%s)",
                         g->id, opt->name, name);
        }
    }
}

/* A seat that leaves a game of three or more (lt_game.leave), at a
 * random moment: the state stays whole and canonical, the seat never acts
 * again, the game still ends within max_length, and the seat that left
 * does no better than any seat still in. */
static void leave_playout(const lt_game *g, int players, uint64_t seed)
{
    lt_config cfg;
    lt_config_default(g, &cfg, players);
    lt_state *s = lt_state_new(g), *scratch = lt_state_new(g);
    assert_int_equal(lt_init(g, s, &cfg, NULL), LT_OK);
    lt_rng rng;
    lt_rng_seed(&rng, seed, 7);
    unsigned out = 0;
    int length = 0, leaves = 0;
    int leave_at[2] = {(int)lt_rng_below(&rng, 120), 0};
    leave_at[1] = leave_at[0] + (int)lt_rng_below(&rng, 80);
    while (g->current_player(s) != LT_TERMINAL) {
        int in = 0;
        for (int i = 0; i < players; i++)
            in += g->in_game(s, i);
        bool due = leaves < 2 && length >= leave_at[leaves];
        leaves += due; /* with fewer than three in, nobody may leave */
        if (due && in >= 3) {
            int seat;
            do
                seat = (int)lt_rng_below(&rng, (uint64_t)players);
            while (!g->in_game(s, seat));
            g->leave(s, seat);
            assert_false(g->in_game(s, seat));
            out |= 1u << seat;
            check_state(g, &cfg, s, scratch);
            continue;
        }
        int p = g->current_player(s);
        if (p >= 0 && !g->in_game(s, p))
            fail_msg("%s: seat %d acts out of the game", g->id, p + 1);
        if (p >= 0 && (out >> p & 1))
            fail_msg("%s: seat %d acts after it left", g->id, p + 1);
        if (length++ == g->max_length)
            fail_msg("%s: a game is longer than max_length", g->id);
        g->apply(s, lt_rng_play(&rng, g, s));
        assert_true(g->invariants_ok(s));
    }
    check_state(g, &cfg, s, scratch);
    double r[LT_MAX_PLAYERS];
    g->returns(s, r);
    for (int a = 0; a < players; a++)
        for (int b = 0; b < players; b++)
            if ((out >> a & 1) && !(out >> b & 1))
                assert_true(r[a] <= r[b]);
    lt_state_free(s);
    lt_state_free(scratch);
}

static void leaving(void **st)
{
    int games = playouts_per_config();
    for (int i = 0; i < lt_game_count(); i++) {
        const lt_game *g = lt_game_at(i);
        if (!g->leave)
            continue;
        int least = g->min_players > 3 ? g->min_players : 3;
        for (int players = least; players <= g->max_players; players++)
            for (int k = 0; k < 4 * games; k++)
                leave_playout(g, players, (uint64_t)k);
    }
}

/* Garbage never reads as a position, and never breaks the state. */
static void bad_positions(void **st)
{
    static const char *const junk[] = {"", " ", "x", "////////", "w 0",
                                       "\xff\xfe", "1 2 3 4 5 6 7 8 9 10"};
    for (int i = 0; i < lt_game_count(); i++) {
        const lt_game *g = lt_game_at(i);
        lt_config cfg;
        lt_config_default(g, &cfg, 0);
        lt_state *s = lt_state_new(g);
        char before[4096], after[4096];
        assert_int_equal(lt_init(g, s, &cfg, NULL), LT_OK);
        g->write_state(s, before, sizeof before);
        for (size_t k = 0; k < sizeof junk / sizeof junk[0]; k++) {
            lt_error err = {0};
            assert_int_not_equal(g->read_state(s, junk[k], &err), LT_OK);
            assert_true(err.msg[0] != '\0');
            g->write_state(s, after, sizeof after);
            assert_string_equal(before, after);
        }
        lt_state_free(s);
    }
}

TEST_MAIN(cmocka_unit_test(declarations),
          cmocka_unit_test(polish_words),
          cmocka_unit_test(bad_positions),
          cmocka_unit_test(leaving),
          cmocka_unit_test(conformance))
