/* test_ai.c — computer players: specs, and searches that must find the
 * one right move of real positions worked out by hand. */
#include "support.h"

#include "ludoteka/ai.h"

static lt_action choose(const lt_game *g, const lt_state *s, const char *spec)
{
    lt_error err = {0};
    lt_player *p = lt_player_new(g, spec, &err);
    if (!p)
        fail_msg("%s", err.msg);
    lt_action a = lt_player_choose(p, s, 1, NULL, NULL);
    lt_player_free(p);
    return a;
}

static lt_action named(const lt_game *g, const lt_state *s, const char *move)
{
    lt_action a;
    assert_int_equal(lt_parse(g, s, move, &a, NULL), LT_OK);
    return a;
}

static void specs(void **st)
{
    (void)st;
    const lt_game *g = lt_game_find("three-mens-morris");
    static const char *const good[] = {"human", "random", "ai", "ai:level=1",
                                       "ai:level=5", "ai:mcts:iterations=10",
                                       "ai:mcts:time=0.5:c=0.7"};
    static const char *const bad[] = {"robot", "ai:level=6", "ai:level=0",
                                      "ai:depth", "ai:mcts:iterations=x",
                                      "ai:time=-1", "human:level=2", ""};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        lt_error err = {0};
        lt_player *p = lt_player_new(g, good[i], &err);
        if (!p)
            fail_msg("'%s': %s", good[i], err.msg);
        assert_string_equal(lt_player_spec(p), good[i]);
        assert_true(lt_player_is_human(p) == (i == 0));
        lt_player_free(p);
    }
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        lt_error err = {0};
        lt_player *p = lt_player_new(g, bad[i], &err);
        if (p)
            fail_msg("'%s' was accepted", bad[i]);
        assert_true(err.msg[0] != '\0');
    }
    lt_player_free(NULL);
}

/* White A1 A2 B3, Black B1 C1 C2, White to move: B3-A3 makes column A,
 * and no reply of Black's makes a row (worked out by hand), so it wins. */
static void mcts_takes_the_win(void **st)
{
    (void)st;
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", NULL);
    set_position(g, s, ".W./W.B/WBB w 10");
    assert_int_equal(choose(g, s, "ai:mcts:iterations=3000"), named(g, s, "B3-A3"));
    lt_state_free(s);
}

/* White A1 C3, Black B1 B2, White to place: Black threatens column B and
 * White has no row of his own to make, so only B3 does not lose. */
static void mcts_blocks_the_threat(void **st)
{
    (void)st;
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", NULL);
    set_position(g, s, "..W/.B./WB. w 4");
    assert_int_equal(choose(g, s, "ai:mcts:iterations=3000"), named(g, s, "B3"));
    lt_state_free(s);
}

/* The same seed and iteration limit give the same move. */
static void mcts_is_deterministic(void **st)
{
    (void)st;
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", NULL);
    lt_action a = choose(g, s, "ai:mcts:iterations=500");
    for (int i = 0; i < 3; i++)
        assert_int_equal(choose(g, s, "ai:mcts:iterations=500"), a);
    lt_state_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(specs),
        cmocka_unit_test(mcts_takes_the_win),
        cmocka_unit_test(mcts_blocks_the_threat),
        cmocka_unit_test(mcts_is_deterministic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
