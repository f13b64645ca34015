/* test_three_mens_morris.c — 3 Men's Morris against seed 000 and the
 * readings of RULES.md.  Each case names the rule it checks. */
#include "support.h"

/* The start: nine empty points to place on. */
static void opening(void **st)
{
    (void)st;
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", NULL);
    lt_action acts[LT_MAX_ACTIONS];
    assert_int_equal(g->legal_actions(s, acts), 9);
    assert_int_equal(g->current_player(s), 0);
    assert_string_equal(text_of(g, s), ".../.../... w 0");
    lt_state_free(s);
}

/* Seed: the first to make a row wins; RULES.md: rows made while placing
 * count.  White's row 1 waits for Black's move of the round. */
static void row_while_placing_wins(void **st)
{
    (void)st;
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", NULL);
    play(g, s, "A1 A2 B1 B2 C1");
    assert_int_equal(g->current_player(s), 1); /* Black still replies */
    play(g, s, "A3");
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, 0) == 1 && return_of(g, s, 1) == -1);
    lt_state_free(s);
}

/* Seed: both players making a row in one round (White's move, then
 * Black's) is a draw. */
static void same_round_draw(void **st)
{
    (void)st;
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", NULL);
    play(g, s, "A1 A2 B1 B2 C1 C2");
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, 0) == 0 && return_of(g, s, 1) == 0);
    lt_state_free(s);
}

/* A row of the second player alone wins at once. */
static void second_player_row_wins(void **st)
{
    (void)st;
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", NULL);
    play(g, s, "A1 B1 A3 B2 C1 B3");
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, 0) == -1 && return_of(g, s, 1) == 1);
    lt_state_free(s);
}

/* The diagonals are lines (default); diagonals=off: they are not. */
static void diagonal_rows(void **st)
{
    (void)st;
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", NULL);
    play(g, s, "A1 A2 B2 A3 C3 B3");
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, 0) == 1);
    lt_state_free(s);
    s = start(&g, "three-mens-morris", "diagonals=off");
    play(g, s, "A1 A2 B2 A3 C3 B3");
    assert_int_equal(g->current_player(s), 0); /* no row: moving begins */
    lt_state_free(s);
}

/* A step goes along a drawn line to a neighbouring empty point. */
static void steps_follow_the_lines(void **st)
{
    (void)st;
    const lt_game *g;
    /* White A1 B3 C2, Black A2 B2 C3 (after "A1 A2 B3 B2 C2 C3") */
    lt_state *s = start(&g, "three-mens-morris", NULL);
    play(g, s, "A1 A2 B3 B2 C2 C3");
    assert_int_equal(g->current_player(s), 0);
    assert_true(legal(g, s, "C2-C1"));
    assert_false(legal(g, s, "C2-B1")); /* no line joins C2 and B1 */
    assert_false(legal(g, s, "C2-C3")); /* occupied */
    lt_state_free(s);
}

static void no_diagonal_steps_without_diagonals(void **st)
{
    (void)st;
    const lt_game *g;
    const char *pos = "BB./.WB/W.W w 6"; /* White A1 C1 B2, Black A3 B3 C2 */
    lt_state *s = start(&g, "three-mens-morris", NULL);
    set_position(g, s, pos);
    assert_true(legal(g, s, "B2-A2"));
    assert_true(legal(g, s, "B2-C3")); /* along the diagonal */
    lt_state_free(s);
    s = start(&g, "three-mens-morris", "diagonals=off");
    set_position(g, s, pos);
    assert_true(legal(g, s, "B2-A2"));
    assert_false(legal(g, s, "B2-C3"));
    assert_false(legal(g, s, "A1-A3"));
    lt_state_free(s);
}

/* movement=none: Alfonso's game of placing only; no row is a draw. */
static void placing_only(void **st)
{
    (void)st;
    const char *moves = "B2 A1 C1 A3 A2 C2";
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", "movement=none");
    play(g, s, moves);
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, 0) == 0 && return_of(g, s, 1) == 0);
    lt_state_free(s);
    s = start(&g, "three-mens-morris", NULL);
    play(g, s, moves);
    assert_int_equal(g->current_player(s), 0);
    lt_state_free(s);
}

/* movement=anywhere: a man may go to any empty point. */
static void moving_anywhere(void **st)
{
    (void)st;
    const char *moves = "B2 A1 C1 A3 A2 C2"; /* empty: B1 B3 C3 */
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", "movement=anywhere");
    play(g, s, moves);
    assert_true(legal(g, s, "A2-C3"));
    assert_true(legal(g, s, "C1-B3"));
    lt_action acts[LT_MAX_ACTIONS];
    assert_int_equal(g->legal_actions(s, acts), 9);
    lt_state_free(s);
    s = start(&g, "three-mens-morris", NULL);
    play(g, s, moves);
    assert_false(legal(g, s, "A2-C3"));
    assert_false(legal(g, s, "A2-B3"));
    assert_true(legal(g, s, "B2-B3"));
    lt_state_free(s);
}

/* A player who cannot move passes (RULES.md).  White A1 B1 A2 is shut in
 * by Black C1 B2 A3 - which is a diagonal row when diagonals count. */
static void blocked_player_passes(void **st)
{
    (void)st;
    const char *pos = "B../WB./WWB w 6";
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", "diagonals=off");
    set_position(g, s, pos);
    lt_action acts[LT_MAX_ACTIONS];
    assert_int_equal(g->legal_actions(s, acts), 1);
    assert_true(legal(g, s, "pass"));
    play(g, s, "pass");
    assert_int_equal(g->current_player(s), 1);
    lt_state_free(s);
    s = start(&g, "three-mens-morris", NULL);
    set_position(g, s, pos);
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, 1) == 1);
    lt_state_free(s);
}

/* RULES.md: the game ends in a draw at the cap, but a round whose first
 * move made a row is finished first. */
static void move_cap(void **st)
{
    (void)st;
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", "cap=6");
    play(g, s, "B2 A1 C1 A3 A2 C2");
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, 0) == 0);
    lt_state_free(s);
    /* White's row on the cap's move 11: Black still replies, and loses */
    s = start(&g, "three-mens-morris", "cap=11");
    set_position(g, s, ".W./W.B/WBB w 10");
    play(g, s, "B3-A3");
    assert_int_equal(g->current_player(s), 1);
    play(g, s, "C2-C3");
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, 0) == 1);
    assert_string_equal(text_of(g, s), "W.B/W../WBB w 12");
    lt_state_free(s);
}

static void notation(void **st)
{
    (void)st;
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", NULL);
    play(g, s, "b2 a1 c1 a3 a2 c2");
    assert_true(legal(g, s, "b2b3"));
    assert_true(legal(g, s, "B2-B3"));
    assert_false(legal(g, s, "A2-D3"));
    assert_false(legal(g, s, "B2"));
    assert_false(legal(g, s, "pass"));
    assert_string_equal(text_of(g, s), "B../WWB/B.W w 6");
    lt_state_free(s);
}

static void bad_positions(void **st)
{
    (void)st;
    static const char *const bad[] = {
        "WWW/WWW/... w 6",   /* four men */
        "W../.../... w 1",   /* White placed one, so Black is to move */
        "BBB/WW./W.. b 7",   /* Black's row would have ended the game */
        "W.B/.W./B.. w 5",   /* the count does not fit the side to move */
        "W.B/.W./B.. w 4 x", /* trailing text */
        "W.B/.W. w 4",       /* a row missing */
        "W.B/.W./B.. x 4",   /* no such side */
        "W.B/.W./B.. w 999", /* beyond the cap */
    };
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", NULL);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        lt_error err = {0};
        if (g->read_state(s, bad[i], &err) == LT_OK)
            fail_msg("'%s' was accepted", bad[i]);
        assert_string_equal(text_of(g, s), ".../.../... w 0");
    }
    lt_state_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(opening),
        cmocka_unit_test(row_while_placing_wins),
        cmocka_unit_test(same_round_draw),
        cmocka_unit_test(second_player_row_wins),
        cmocka_unit_test(diagonal_rows),
        cmocka_unit_test(steps_follow_the_lines),
        cmocka_unit_test(no_diagonal_steps_without_diagonals),
        cmocka_unit_test(placing_only),
        cmocka_unit_test(moving_anywhere),
        cmocka_unit_test(blocked_player_passes),
        cmocka_unit_test(move_cap),
        cmocka_unit_test(notation),
        cmocka_unit_test(bad_positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
