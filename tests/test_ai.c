/* test_ai.c — computer players: specs; searches that must find the right
 * moves of real positions worked out by hand (checked by a brute-force
 * verifier written here from the rules alone); expectimax values against
 * odds derived by hand; the arena's Elo and SPRT on known tables. */
#include <math.h>
#include <unistd.h>

#include "support.h"
#include "players.h"

#include "ludoteka/elo.h"

static lt_action named(const lt_game *g, const lt_state *s, const char *move)
{
    lt_action a;
    assert_int_equal(lt_parse(g, s, move, &a, NULL), LT_OK);
    return a;
}

static void specs(void **st)
{
    const lt_game *g = lt_game_find("three-mens-morris");
    static const char *const good[] = {
        "human", "random", "ai", "ai:level=1", "ai:level=5",
        "ai:mcts:iterations=10", "ai:mcts:time=0.5:c=0.7:threads=2:tt=on",
        "ai:alphabeta:depth=4", "ai:expectimax:nodes=100", "ai:paranoid",
        "ai:brs:depth=2:temp=0.1", "ai:mcts:playout=10"};
    static const char *const bad[] = {
        "robot", "ai:level=6", "ai:level=0", "ai:depth", "ai:mcts:iterations=x",
        "ai:mcts:time=-1", "human:level=2", "", "ai:minimax", "ai:mcts:tt=maybe",
        "ai:alphabeta:threads=99", "uci:", "uci:/nonexistent/engine"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        lt_player *p = player_of(g, good[i]);
        assert_string_equal(lt_player_spec(p), good[i]);
        assert_true(lt_player_is_human(p) == (i == 0));
        lt_player_free(p);
    }
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_bad_spec(g, bad[i]);
    lt_player_free(NULL);
}

/* Issue 18: a spec from a file or a network message (lt_player_new) never
 * starts a program; one the user gave (LT_SPEC_TRUSTED) does. */
static void programs_only_from_the_user(void **st)
{
    const lt_game *g = lt_game_find("three-mens-morris");
    char dir[] = "/tmp/ludoteka-test-XXXXXX", mark[64], spec[128];
    assert_non_null(mkdtemp(dir));
    snprintf(mark, sizeof mark, "%s/started", dir);
    static const char *const kinds[] = {"uci", "xboard", "UCI", "XBoard"};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        snprintf(spec, sizeof spec, "%s:/bin/sh -c id>%s", kinds[i], mark);
        assert_true(lt_spec_starts_program(spec));
        lt_error err = {0};
        assert_null(lt_player_new(g, spec, &err));
        assert_non_null(strstr(err.msg, "would start a program"));
        assert_null(lt_player_new_from(g, spec, LT_SPEC_UNTRUSTED, &err));
        assert_false(access(mark, F_OK) == 0);
    }
    assert_false(lt_spec_starts_program("ai:level=2"));
    assert_false(lt_spec_starts_program("human"));
    /* the user's own spec starts the program (a shell, which then fails
     * the UCI greeting) */
    snprintf(spec, sizeof spec, "uci:/bin/sh -c id>%s", mark);
    lt_error err = {0};
    assert_null(lt_player_new_from(g, spec, LT_SPEC_TRUSTED, &err));
    assert_true(access(mark, F_OK) == 0);
    unlink(mark);
    rmdir(dir);
}

/* A UCI engine is told the whole game, however long: a chess game of
 * more than 800 plies once outgrew a command line of fixed size (4096
 * bytes), and the engine forfeited it.  A random game of Great Chess of
 * 800 plies (its moves 5 to 7 characters long; the first seed whose game
 * lasts that long) is shown to a pretend engine (tests/cli/fake_uci.sh),
 * which writes what it is told to FAKE_LOG: its "position" line must
 * name all 800 moves. */
static void uci_told_a_long_game(void **st)
{
    enum { PLIES = 800 };
    const lt_game *g;
    lt_state *start = start_n(&g, "great-chess", NULL, 0), *s = lt_state_new(g);
    char dir[] = "/tmp/lt-uci-XXXXXX", log[64];
    assert_non_null(mkdtemp(dir));
    snprintf(log, sizeof log, "%s/fake.log", dir);
    setenv("FAKE_LOG", log, 1);
    lt_error err = {0};
    lt_player *p = lt_player_new_from(g, "uci:" LT_FAKE_UCI " e2e4",
                                      LT_SPEC_TRUSTED, &err);
    assert_non_null(p);
    int plies = 0;
    for (uint64_t seed = 1;
         (plies < PLIES || g->current_player(s) < 0) && seed < 10000; seed++) {
        lt_player_new_game(p, start);
        lt_state_copy(g, s, start);
        lt_rng r;
        lt_rng_seed(&r, seed, 0);
        for (plies = 0; plies < PLIES && g->current_player(s) >= 0; plies++) {
            lt_action a = lt_rng_play(&r, g, s);
            lt_player_observe(p, s, a);
            g->apply(s, a);
        }
    }
    assert_int_equal(plies, PLIES);
    assert_true(g->current_player(s) >= 0);
    lt_limits lim = {.nodes = 1};
    /* the pretend engine's e2e4 is no move of this game: a failure, but
     * after the position was sent */
    lt_player_choose(p, s, 1, &lim, NULL);
    lt_player_free(p);
    unsetenv("FAKE_LOG");
    FILE *f = fopen(log, "r");
    assert_non_null(f);
    static char line[1 << 16];
    int moves = -1;
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "position startpos moves ", 24)) {
            moves = 0;
            for (const char *q = line + 23; (q = strchr(q, ' ')); q++)
                moves++;
        }
    fclose(f);
    assert_int_equal(moves, PLIES);
    unlink(log);
    rmdir(dir);
    lt_state_free(start);
    lt_state_free(s);
}

static const char *const searchers[] = {
    "ai:mcts:nodes=4000", "ai:alphabeta:depth=6", "ai:expectimax:depth=6",
    "ai:brs:depth=6", "ai:paranoid:nodes=20000"};

/* Every searcher plays this move in this position of Three Men's Morris. */
static void all_play(const char *position, const char *move)
{
    const lt_game *g;
    lt_state *s = start_at(&g, "three-mens-morris", NULL, 0, position);
    for (size_t i = 0; i < sizeof searchers / sizeof searchers[0]; i++)
        if (choose(g, s, searchers[i], NULL) != named(g, s, move))
            fail_msg("%s did not play %s", searchers[i], move);
    lt_state_free(s);
}

/* White A1 A2 B3, Black B1 C1 C2, White to move: B3-A3 makes column A,
 * and no reply of Black's makes a row (worked out by hand), so it wins. */
static void takes_the_win(void **st)
{
    all_play(".W./W.B/WBB w 10", "B3-A3");
}

/* White A1 C3, Black B1 B2, White to place: Black threatens column B and
 * White has no row of his own to make, so only B3 does not lose. */
static void blocks_the_threat(void **st)
{
    all_play("..W/.B./WB. w 4", "B3");
}

/* Brute force from the rules alone: can the seat `me`, to move, force a
 * win within `plies` more actions? */
static bool forces_win(const lt_game *g, const lt_state *s, int me, int plies)
{
    int p = g->current_player(s);
    if (p == LT_TERMINAL) {
        double r[LT_MAX_PLAYERS];
        g->returns(s, r);
        return r[me] > 0;
    }
    if (plies == 0)
        return false;
    lt_action acts[LT_MAX_ACTIONS];
    int n = g->legal_actions(s, acts);
    lt_state *c = lt_state_new(g);
    bool any = false, all = true;
    for (int i = 0; i < n; i++) {
        lt_state_copy(g, c, s);
        g->apply(c, acts[i]);
        bool w = forces_win(g, c, me, plies - 1);
        any = any || w;
        all = all && w;
    }
    lt_state_free(c);
    return p == me ? any : all;
}

/* White B1 B2 C2, Black A3 B3 C1, White to move, no row in one: B1-A1
 * threatens A2 (row 2) and C3 (the diagonal) at once, and Black has no
 * row of his own (worked out by hand) - a win in two of White's moves.
 * Every searcher's move must force the win (checked by brute force). */
static void wins_in_two(void **st)
{
    const lt_game *g;
    lt_state *s = start_at(&g, "three-mens-morris", NULL, 0, "BB./.WW/.WB w 10");
    assert_false(forces_win(g, s, 0, 2));
    assert_true(forces_win(g, s, 0, 4));
    lt_state *c = lt_state_new(g);
    for (size_t i = 0; i < sizeof searchers / sizeof searchers[0]; i++) {
        lt_state_copy(g, c, s);
        g->apply(c, choose(g, s, searchers[i], NULL));
        if (!forces_win(g, c, 0, 3))
            fail_msg("%s let the win slip", searchers[i]);
    }
    lt_state_free(c);
    lt_state_free(s);
}

/* The same seed and limits give the same move and statistics. */
static void deterministic(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", NULL);
    const char *specs[] = {"ai:mcts:nodes=3000:threads=2", "ai:level=1",
                           "ai:alphabeta:nodes=5000:temp=0.1"};
    for (size_t k = 0; k < 3; k++) {
        lt_think_info a, b;
        lt_action x = choose(g, s, specs[k], &a), y = choose(g, s, specs[k], &b);
        assert_int_equal(x, y);
        assert_int_equal(a.nmoves, b.nmoves);
        for (int i = 0; i < a.nmoves; i++)
            assert_true(a.moves[i].action == b.moves[i].action &&
                        a.moves[i].visits == b.moves[i].visits);
    }
    lt_state_free(s);
}

/* ---- A toy dice game with odds known by hand ----------------------------
 * Two players take turns; on his turn a player throws one die or two and
 * wins at once if a six shows (one die: 1/6; two dice: 11/36).  After six
 * turns without a six the game is drawn.  Throwing two is always better,
 * so the first player's expected return (win +1, loss -1) is
 *   sum over his turns 0, 2, 4 of q^t p  -  over the other's 1, 3, 5
 *   = p (1 - q^6) / (1 + q),  p = 11/36, q = 25/36,
 * which is 11 (1 - (25/36)^6) / 61 = 0.16010289831752... */
typedef struct {
    uint8_t turn, mover, dice, result; /* dice: 0 deciding, else thrown */
} sixes;

static lt_status sx_init(lt_state *st, const lt_config *cfg)
{
    (void)cfg;
    memset(st, 0, sizeof(sixes));
    return LT_OK;
}
static int sx_players(const lt_state *st)
{
    return 2;
}
static int sx_current(const lt_state *st)
{
    const sixes *s = (const sixes *)st;
    return s->result ? LT_TERMINAL : s->dice ? LT_CHANCE : s->mover;
}
static int sx_legal(const lt_state *st, lt_action *out)
{
    out[0] = 1; /* one die */
    out[1] = 2; /* two dice */
    return 2;
}
static int sx_outcomes(const lt_state *st, lt_outcome *out)
{
    const sixes *s = (const sixes *)st;
    out[0] = (lt_outcome){10, s->dice == 1 ? 5 : 25};  /* no six */
    out[1] = (lt_outcome){11, s->dice == 1 ? 1 : 11};  /* a six */
    return 2;
}
static void sx_apply(lt_state *st, lt_action a)
{
    sixes *s = (sixes *)st;
    if (a < 10) {
        s->dice = (uint8_t)a;
        return;
    }
    s->dice = 0;
    if (a == 11)
        s->result = (uint8_t)(1 + s->mover);
    else if (++s->turn == 6)
        s->result = 3;
    s->mover ^= 1;
}
static void sx_returns(const lt_state *st, double *out)
{
    const sixes *s = (const sixes *)st;
    out[0] = s->result == 1 ? 1 : s->result == 2 ? -1 : 0;
    out[1] = -out[0];
}
static uint64_t sx_hash(const lt_state *st)
{
    const sixes *s = (const sixes *)st;
    return ((uint64_t)s->turn << 24 | (uint64_t)s->mover << 16 |
            (uint64_t)s->dice << 8 | s->result) * 0x9e3779b97f4a7c15u;
}
static const lt_option no_options[] = {{NULL, NULL, 0, 0, 0, NULL}};
static const lt_game sixes_game = {
    .id = "sixes", .options = no_options, .min_players = 2, .max_players = 2,
    .has_chance = true, .zero_sum = true, .min_return = -1, .max_return = 1,
    .state_size = sizeof(sixes), .max_actions = 2, .max_outcomes = 2,
    .num_actions = 12, .max_length = 20, .init = sx_init,
    .num_players = sx_players, .current_player = sx_current,
    .legal_actions = sx_legal, .chance_outcomes = sx_outcomes,
    .apply = sx_apply, .returns = sx_returns, .hash = sx_hash};

static void expectimax_is_exact(void **st)
{
    const lt_game *g = &sixes_game;
    lt_state *s = lt_state_new(g);
    g->init(s, NULL);
    const double exact = 11 * (1 - pow(25.0 / 36, 6)) / 61;
    const char *specs[] = {"ai:expectimax:depth=6", "ai:alphabeta:depth=6"};
    for (int k = 0; k < 2; k++) {
        lt_think_info info;
        lt_error err = {0};
        lt_player *p = lt_player_new(g, specs[k], &err);
        assert_non_null(p);
        lt_action a = lt_player_choose(p, s, 1, NULL, &info);
        assert_int_equal(a, 2); /* two dice */
        if (fabs(info.value[0] - exact) > 1e-9)
            fail_msg("%s: value %.12f, exact %.12f", specs[k], info.value[0],
                     exact);
        assert_true(fabs(info.value[1] + exact) < 1e-9);
        lt_player_free(p);
    }
    lt_state_free(s);
}

/* 60 wins, 20 draws, 20 losses: a score of 0.7, 400 log10(7/3) = 147.19
 * Elo.  The per-game score variance is 0.16; with z = 1.96 and n = 100,
 * Wilson's interval has centre (0.7 + z^2/200) / (1 + z^2/100) = 0.69260
 * and half-width z sqrt(0.16/100 + z^2/40000) / (1 + z^2/100) = 0.07773,
 * so the score lies in [0.61487, 0.77033]: [+81.27, +210.23] Elo.  Six
 * wins out of six: the lower end is (1 + z^2/12) / (1 + z^2/6) - (z^2/12)
 * / (1 + z^2/6) = 0.60967, +77.46 Elo.  SPRT of 0 against 100 Elo: s0 = 0.5,
 * s1 = 1/(1 + 10^-0.25) = 0.640065, LLR = 100 (s1 - s0)(1.4 - s0 - s1) /
 * (2 * 0.16) = 11.377, above ln(0.95/0.05) = 2.944: H1. */
static void elo_and_sprt(void **st)
{
    lt_wdl r = {60, 20, 20};
    double lo, hi;
    assert_true(fabs(lt_score(r) - 0.7) < 1e-12);
    assert_true(fabs(lt_elo(r, &lo, &hi) - 147.19) < 0.01);
    assert_true(fabs(lo - 81.27) < 0.01 && fabs(hi - 210.23) < 0.01);
    assert_true(fabs(lt_elo_of_score(0.75) - 190.85) < 0.01);
    assert_true(fabs(lt_score_of_elo(0) - 0.5) < 1e-12);
    double lower, upper, llr = lt_sprt_llr(r, 0, 100);
    assert_true(fabs(llr - 11.377) < 0.001);
    assert_int_equal(lt_sprt_decision(llr, &lower, &upper), 1);
    assert_true(fabs(lower + 2.944) < 0.001 && fabs(upper - 2.944) < 0.001);
    assert_int_equal(lt_sprt_decision(-3, NULL, NULL), -1);
    assert_int_equal(lt_sprt_decision(0, NULL, NULL), 0);
    lt_wdl none = {0, 0, 0}, all = {6, 0, 0};
    assert_true(lt_score(none) == 0.5);
    assert_true(isinf(lt_elo(all, &lo, &hi)));
    assert_true(fabs(lo - 77.46) < 0.01 && isinf(hi));
}

/* The limits the games' own engines share (ai.h): the tighter of two,
 * zero meaning none; and the words time (0 < S <= 1e6), depth (1 to the
 * engine's maximum), nodes (at least 1) and noise (0 to 10000). */
static void engine_limits(void **st)
{
    assert_true(lt_limit_tighter(0, 5) == 5);
    assert_true(lt_limit_tighter(5, 0) == 5);
    assert_true(lt_limit_tighter(3, 5) == 3);
    assert_true(lt_limit_tighter(0, 0) == 0);
    static const struct {
        const char *key, *value;
        bool ok;
        double seconds;
        int depth, noise;
        long long nodes;
    } cases[] = {
        {"time", "0.5", true, 0.5, 0, 0, 0},  {"time", "0", false, 0, 0, 0, 0},
        {"time", "2x", false, 0, 0, 0, 0},    {"depth", "20", true, 0, 20, 0, 0},
        {"depth", "21", false, 0, 0, 0, 0},   {"nodes", "1", true, 0, 0, 0, 1},
        {"nodes", "0", false, 0, 0, 0, 0},    {"noise", "0", true, 0, 0, 0, 0},
        {"noise", "10001", false, 0, 0, 0, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double s = 0;
        int depth = 0, noise = 0;
        long long nodes = 0;
        bool ok = !cases[i].ok;
        assert_true(lt_engine_limit(cases[i].key, cases[i].value, 20, &s,
                                    &depth, &nodes, &noise, &ok));
        assert_int_equal(ok, cases[i].ok);
        if (ok)
            assert_true(s == cases[i].seconds && depth == cases[i].depth &&
                        noise == cases[i].noise && nodes == cases[i].nodes);
    }
    double s = 0;
    int depth = 0, noise = 0;
    long long nodes = 0;
    bool ok = false;
    assert_false(lt_engine_limit("hash", "16", 20, &s, &depth, &nodes,
                                 &noise, &ok));
}

TEST_MAIN(cmocka_unit_test(specs),
          cmocka_unit_test(programs_only_from_the_user),
          cmocka_unit_test(uci_told_a_long_game),
          cmocka_unit_test(takes_the_win),
          cmocka_unit_test(blocks_the_threat),
          cmocka_unit_test(wins_in_two),
          cmocka_unit_test(deterministic),
          cmocka_unit_test(expectimax_is_exact),
          cmocka_unit_test(elo_and_sprt),
          cmocka_unit_test(engine_limits))
