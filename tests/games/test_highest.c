/* test_highest.c — Najwyższa wygrywa (seed 000, a): rules and exact odds
 * against values worked out by hand and by enumeration here. */
#include "dice_test.h"

/* Ties are thrown again among the tied only (RULES.md). */
static void ties_throw_again(void **st)
{
    (void)st;
    const lt_game *g;
    lt_state *s = start_n(&g, "highest", NULL, 3);
    play(g, s, "6-3-1 5-4-1 1-1-1"); /* 10, 10, 3 */
    assert_string_equal(text_of(g, s),
                        "play turn 1/1 score 0,0,0 order 1,2,3 in 1,2 scores -,-,- steps 3");
    play(g, s, "6-6-6 2-1-1");
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, 0) == 1);
    assert_true(return_of(g, s, 1) == -0.5 && return_of(g, s, 2) == -0.5);
    lt_state_free(s);
}

/* Seat 1 has 10; seat 2 beats it with 11 or more (108 of 216 throws)
 * and ties with 10 (27 of 216), a tie being a fair play-off: seat 2
 * wins 1/2 + 27/432 = 9/16. */
static void second_thrower(void **st)
{
    (void)st;
    const lt_game *g;
    lt_state *s = start_n(&g, "highest", NULL, 2);
    set_position(g, s, "play turn 1/1 score 0,0 order 1,2 in 1,2 scores 10,-");
    lt_odds *o = odds_of(g, s);
    assert_win(o, 0, "7/16");
    assert_win(o, 1, "9/16");
    assert_true(fabs(o->win[1].decimal - 0.5625) < 1e-15);
    assert_int_equal(o->value_seat, -1);
    lt_state_free(s);
}

/* Three players, seat 1 has 12: every pair of throws of seats 2 and 3,
 * enumerated, the best sharing the turn equally. */
static void three_players(void **st)
{
    (void)st;
    const lt_game *g;
    lt_state *s = start_n(&g, "highest", NULL, 3);
    set_position(g, s, "play turn 1/1 score 0,0,0 order 1,2,3 in 1,2,3 scores 12,-,-");
    lt_odds *o = odds_of(g, s);
    int64_t share[3] = {0}; /* in units of 1/6 of a throw pair */
    for (int b = 3; b <= 18; b++)
        for (int c = 3; c <= 18; c++) {
            int x[3] = {12, b, c}, best = 0, k = 0;
            for (int i = 0; i < 3; i++)
                best = x[i] > best ? x[i] : best;
            for (int i = 0; i < 3; i++)
                k += x[i] == best;
            for (int i = 0; i < 3; i++)
                if (x[i] == best)
                    share[i] += (int64_t)ways3(b) * ways3(c) * (6 / k);
        }
    for (int i = 0; i < 3; i++)
        assert_win(o, i, frac(share[i], 216 * 216 * 6));
    lt_state_free(s);
}

/* Five dice are thrown as three and then two; with 30 to beat and 18 on
 * the first three, only 6-6 ties (a fair play-off): 1/72. */
static void many_dice(void **st)
{
    (void)st;
    const lt_game *g;
    lt_state *s = start_n(&g, "highest", "dice=5", 2);
    lt_outcome out[LT_MAX_OUTCOMES];
    assert_int_equal(g->chance_outcomes(s, out), 56);
    play(g, s, "6-6-6");
    assert_int_equal(g->chance_outcomes(s, out), 21);
    assert_string_equal(text_of(g, s),
                        "play turn 1/1 score 0,0 order 1,2 in 1,2 scores -,- part 3/18 steps 1");
    set_position(g, s, "play turn 1/1 score 0,0 order 1,2 in 1,2 scores 30,- part 3/18");
    lt_odds *o = odds_of(g, s);
    assert_win(o, 0, "71/72");
    assert_win(o, 1, "1/72");
    lt_state_free(s);
}

/* With one die, two players: a fair game, 1/2 each; a match of turns
 * lets each seat throw first in turn. */
static void matches(void **st)
{
    (void)st;
    const lt_game *g;
    lt_state *s = start_n(&g, "highest", "dice=1 turns=2", 2);
    lt_odds *o = odds_of(g, s);
    assert_win(o, 0, "1/2");
    play(g, s, "6 1");
    assert_string_equal(text_of(g, s),
                        "play turn 2/2 score 1,0 order 2,1 in 2,1 scores -,-");
    play(g, s, "5 5 4 2"); /* a tie, then seat 2 throws 4, seat 1 2 */
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, 0) == 0 && return_of(g, s, 1) == 0); /* 1-1 */
    lt_state_free(s);
}

static void bad_positions(void **st)
{
    (void)st;
    const lt_game *g;
    lt_state *s = start_n(&g, "highest", NULL, 3);
    assert_bad_position(g, s, "play turn 1/1 score 0,0,0 order 1,2,3 in 1 scores -,-,-");
    assert_bad_position(g, s, "play turn 1/1 score 0,0,0 order 1,2,3 in 1,2 scores -,-,9");
    assert_bad_position(g, s, "play turn 1/1 score 0,0,0 order 1,2,3 in 1,2,3 scores -,9,-");
    assert_bad_position(g, s, "play turn 1/1 score 0,0,0 order 1,2,3 in 1,2,3 scores 9,9,9");
    assert_bad_position(g, s, "play turn 1/1 score 0,0,0 order 1,2,3 in 1,2,3 scores -,-,- part 3/9");
    assert_bad_position(g, s, "play turn 1/1 score 0,0,0 order 2,1,3 in 1,2,3 scores -,-,-");
    assert_bad_position(g, s, "play turn 2/1 score 0,0,0 order 1,2,3 in 1,2,3 scores -,-,-");
    assert_bad_position(g, s, "order turn 1/1 score 0,0,0 order 1,2,3 thrown -,-,-");
    assert_bad_position(g, s, "play turn 1/1 score 1,0,0 order 1,2,3 in 1,2,3 scores -,-,-");
    lt_state_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ties_throw_again), cmocka_unit_test(second_thrower),
        cmocka_unit_test(three_players),    cmocka_unit_test(many_dice),
        cmocka_unit_test(matches),          cmocka_unit_test(bad_positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
