/* test_three_mens_morris.c — 3 Men's Morris against seed 000 and the
 * readings of RULES.md.  Each case names the rule it checks. */
#include "support.h"

#include "ludoteka/ai.h"
#include "engines/three-mens-morris/solve.h"

/* The start: nine empty points to place on. */
static void opening(void **st)
{
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
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", NULL);
    play(g, s, "A1 A2 B1 B2 C1");
    assert_int_equal(g->current_player(s), 1); /* Black still replies */
    play(g, s, "A3");
    /* RULES.md, Endings */
    assert_end2(g, s, 1, -1, "a line of three (A1 B1 C1)", "linia trzech pionków (A1 B1 C1)");
    assert_info(g, s, "a line of three (A1 B1 C1)", "linia trzech pionków (A1 B1 C1)");
    lt_state_free(s);
}

/* Seed: both players making a row in one round (White's move, then
 * Black's) is a draw. */
static void same_round_draw(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", NULL);
    play(g, s, "A1 A2 B1 B2 C1 C2");
    assert_end2(g, s, 0, 0, "draw: both made a line in the same round",
                "remis: obaj gracze ułożyli linię w tej samej kolejce");
    lt_state_free(s);
}

/* A row of the second player alone wins at once. */
static void second_player_row_wins(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", NULL);
    play(g, s, "A1 B1 A3 B2 C1 B3");
    assert_end2(g, s, -1, 1, "a line of three (B1 B2 B3)", "linia trzech pionków (B1 B2 B3)");
    lt_state_free(s);
}

/* The diagonals are lines (default); diagonals=off: they are not. */
static void diagonal_rows(void **st)
{
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
    const lt_game *g;
    const char *pos = "BB./.WB/W.W w 6"; /* White A1 C1 B2, Black A3 B3 C2 */
    lt_state *s = start_at(&g, "three-mens-morris", NULL, 0, pos);
    assert_true(legal(g, s, "B2-A2"));
    assert_true(legal(g, s, "B2-C3")); /* along the diagonal */
    lt_state_free(s);
    s = start_at(&g, "three-mens-morris", "diagonals=off", 0, pos);
    assert_true(legal(g, s, "B2-A2"));
    assert_false(legal(g, s, "B2-C3"));
    assert_false(legal(g, s, "A1-A3"));
    lt_state_free(s);
}

/* movement=none: Alfonso's game of placing only; no row is a draw. */
static void placing_only(void **st)
{
    const char *moves = "B2 A1 C1 A3 A2 C2";
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", "movement=none");
    play(g, s, moves);
    assert_end2(g, s, 0, 0, "draw: all men placed and no line (placing only)",
                "remis: wszystkie pionki postawione, bez linii (tylko stawianie)");
    lt_state_free(s);
    s = start(&g, "three-mens-morris", NULL);
    play(g, s, moves);
    assert_int_equal(g->current_player(s), 0);
    lt_state_free(s);
}

/* movement=anywhere: a man may go to any empty point. */
static void moving_anywhere(void **st)
{
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
    const char *pos = "B../WB./WWB w 6";
    const lt_game *g;
    lt_state *s = start_at(&g, "three-mens-morris", "diagonals=off", 0, pos);
    lt_action acts[LT_MAX_ACTIONS];
    assert_int_equal(g->legal_actions(s, acts), 1);
    assert_true(legal(g, s, "pass"));
    play(g, s, "pass");
    assert_int_equal(g->current_player(s), 1);
    lt_state_free(s);
    s = start_at(&g, "three-mens-morris", NULL, 0, pos);
    assert_end(g, s, 1, 1, "a line of three (C1 B2 A3)", "linia trzech pionków (C1 B2 A3)");
    lt_state_free(s);
}

/* RULES.md: the game ends in a draw at the cap, but a round whose first
 * move made a row is finished first. */
static void move_cap(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", "cap=6");
    play(g, s, "B2 A1 C1 A3 A2 C2");
    assert_end(g, s, 0, 0, "draw: the move cap (6 moves)", "remis: limit posunięć (6)");
    lt_state_free(s);
    /* White's row on the cap's move 11: Black still replies, and loses */
    s = start_at(&g, "three-mens-morris", "cap=11", 0, ".W./W.B/WBB w 10");
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
    assert_string_equal(text_of(g, s), ".../.../... w 0");
    assert_bad_positions(g, s, bad, sizeof bad / sizeof bad[0]);
    lt_state_free(s);
}

/* The value of a position from its moves, as the game plays them, with
 * the solved values of the positions they reach: win soonest, else draw,
 * else lose latest. */
static m3_value value_by_moves(const lt_game *g, const lt_state *s)
{
    lt_action acts[LT_MAX_ACTIONS];
    int n = g->legal_actions(s, acts), win = 0, loss = 0;
    bool draw = false;
    lt_state *c = lt_state_new(g);
    for (int i = 0; i < n; i++) {
        lt_state_copy(g, c, s);
        g->apply(c, acts[i]);
        m3_value v = m3_solved((const m3 *)c); /* for the other side */
        if (v.outcome < 0 && (!win || v.plies + 1 < win))
            win = v.plies + 1;
        else if (v.outcome == 0)
            draw = true;
        else if (v.outcome > 0 && v.plies + 1 > loss)
            loss = v.plies + 1;
    }
    lt_state_free(c);
    if (win)
        return (m3_value){1, (uint8_t)win};
    return draw ? (m3_value){0, 0} : (m3_value){-1, (uint8_t)loss};
}

/* Every position the game accepts as text, under all twelve combinations
 * of diagonals, movement and rows: the table agrees with the moves. */
static void solved_table_agrees_with_the_moves(void **st)
{
    static const char *const diagonals[] = {"on", "off"};
    static const char *const movements[] = {"step", "none", "anywhere"};
    static const char *const rows[] = {"round", "first"};
    for (int o = 0; o < 12; o++) {
        char opts[96];
        snprintf(opts, sizeof opts, "diagonals=%s movement=%s rows=%s",
                 diagonals[o / 3 % 2], movements[o % 3], rows[o / 6]);
        const lt_game *g;
        lt_state *s = start(&g, "three-mens-morris", opts);
        int positions = m3_positions((const m3 *)s);
        int count = 0;
        for (int b = 0; b < 19683; b++) {
            char text[32];
            int men = 0, n = 0;
            for (int row = 2; row >= 0; row--) {
                for (int col = 0; col < 3; col++) {
                    int v = b / (int[]){1, 3, 9, 27, 81, 243, 729, 2187, 6561}[row * 3 + col] % 3;
                    text[n++] = ".WB"[v];
                    men += v != 0;
                }
                text[n++] = row ? '/' : ' ';
            }
            for (int turn = 0; turn < 2; turn++) {
                /* moving positions get a move count past the placing */
                snprintf(text + n, sizeof text - (size_t)n, "%c %d",
                         turn ? 'b' : 'w', men < 6 ? men : 6 + turn);
                if (g->read_state(s, text, NULL) != LT_OK)
                    continue;
                count++;
                m3_value want = {0, 0}, got = m3_solved((const m3 *)s);
                if (g->current_player(s) == LT_TERMINAL) {
                    double r = return_of(g, s, turn);
                    want = (m3_value){(int8_t)(r > 0 ? 1 : r < 0 ? -1 : 0), 0};
                } else {
                    want = value_by_moves(g, s);
                }
                if (want.outcome != got.outcome || want.plies != got.plies)
                    fail_msg("%s, %s: table %d/%d, moves %d/%d", opts, text,
                             got.outcome, got.plies, want.outcome, want.plies);
            }
        }
        assert_int_equal(count, positions);
        lt_state_free(s);
    }
}

/* Known answers.  Placing only with the diagonals is noughts and crosses
 * cut off after six marks: a draw (neither side can force a row in noughts
 * and crosses, so neither can in its first six moves).  And a position
 * worked out by hand: White A1 B1 C2, Black A2 A3 B3, White to move: C2-C1
 * makes row 1, and no black step makes a row (A3 and B3 would need C3,
 * reached only from B3 itself, C2 or B2), so White wins in two moves -
 * his and Black's reply. */
static void solved_values(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", "movement=none");
    m3_value v = m3_solved((const m3 *)s);
    assert_int_equal(v.outcome, 0);
    lt_state_free(s);
    const char *const opts[] = {NULL, "diagonals=off", "movement=anywhere"};
    for (int o = 0; o < 2; o++) {
        s = start_at(&g, "three-mens-morris", opts[o], 0, "BB./B.W/WW. w 6");
        v = m3_solved((const m3 *)s);
        assert_int_equal(v.outcome, 1);
        assert_int_equal(v.plies, 2);
        lt_error err = {0};
        lt_player *p = lt_player_new(g, "ai:perfect", &err);
        assert_non_null(p);
        lt_think_info info = {0};
        char name[16];
        lt_action a = lt_player_choose(p, s, 1, NULL, &info);
        g->action_name(s, a, name, sizeof name);
        assert_string_equal(name, "C2-C1");
        assert_true(info.value[0] == 1);
        lt_player_free(p);
        lt_state_free(s);
    }
}

/* Dudeney, "Ovid's Game" (Amusements in Mathematics, 1917): with the
 * diagonals, moving to adjacent points and the first row winning, "the
 * first player can always win, provided he plays to the centre on his
 * first move"; if he may not take the centre, the second player takes it
 * and the game "should always end in a draw".  Under the seed's rule (a
 * row answered in the same round draws) the centre no longer wins. */
static void dudeney(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", "rows=first");
    assert_int_equal(m3_solved((const m3 *)s).outcome, 1);
    static const char *const first[] = {"A1", "B1", "C1", "A2", "C2",
                                        "A3", "B3", "C3"};
    for (int i = 0; i < 8; i++) { /* every other first move: no win */
        set_position(g, s, ".../.../... w 0");
        play(g, s, first[i]);
        assert_true(m3_solved((const m3 *)s).outcome >= 0); /* Black's view */
    }
    set_position(g, s, ".../.../... w 0");
    play(g, s, "A1 B2"); /* a corner, then Black in the centre: a draw */
    assert_int_equal(m3_solved((const m3 *)s).outcome, 0);
    set_position(g, s, ".../.../... w 0");
    play(g, s, "B2");
    assert_int_equal(m3_solved((const m3 *)s).outcome, -1); /* Black loses */
    lt_state_free(s);
    s = start(&g, "three-mens-morris", NULL);
    play(g, s, "B2");
    assert_int_equal(m3_solved((const m3 *)s).outcome, 0);
    lt_state_free(s);
}

/* RULES.md: the cap draws a win that cannot come before it.  Between two
 * perfect players the game must end as the player judged it at the first
 * move - with short caps, where many wins of the table come too late. */
static void cap_in_perfect_play(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", NULL);
    lt_config cfg;
    lt_config_default(g, &cfg, 2);
    lt_error err = {0};
    lt_player *perfect = lt_player_new(g, "ai:perfect", &err);
    lt_player *rnd = lt_player_new(g, "random", &err);
    int decided = 0, cut = 0;
    for (int k = 0; k < 300; k++) {
        cfg.value[0] = k % 2;
        cfg.value[1] = k % 3 == 1 ? 2 : 0; /* step or anywhere */
        cfg.value[2] = 8 + k % 9;          /* cap 8..16 */
        assert_int_equal(lt_init(g, s, &cfg, &err), LT_OK);
        for (int i = 6 + k % 3; i > 0 && g->current_player(s) >= 0; i--)
            g->apply(s, lt_player_choose(rnd, s, (uint64_t)(k * 31 + i), NULL, NULL));
        if (g->current_player(s) < 0)
            continue;
        lt_think_info info = {0};
        lt_player_choose(perfect, s, 1, NULL, &info);
        m3_value table = m3_solved((const m3 *)s);
        while (g->current_player(s) >= 0)
            g->apply(s, lt_player_choose(perfect, s, (uint64_t)k, NULL, NULL));
        assert_true(return_of(g, s, 0) == info.value[0]);
        decided += info.value[0] != 0;
        cut += info.value[0] == 0 && table.outcome != 0;
    }
    assert_true(decided > 0 && cut > 0); /* both kinds were tried */
    lt_player_free(perfect);
    lt_player_free(rnd);
    lt_state_free(s);
}

/* The perfect player never lets a position it holds won slip, against
 * random play, from positions reached by random moves. */
static void perfect_against_random(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", NULL);
    lt_config cfg;
    lt_config_default(g, &cfg, 2);
    lt_error err = {0};
    lt_player *perfect = lt_player_new(g, "ai:perfect", &err);
    lt_player *rnd = lt_player_new(g, "random", &err);
    int won = 0;
    for (int k = 0; k < 200; k++) {
        cfg.value[0] = k % 2;     /* diagonals */
        cfg.value[1] = k / 2 % 3; /* movement */
        assert_int_equal(lt_init(g, s, &cfg, &err), LT_OK);
        for (int i = k % 5; i > 0 && g->current_player(s) >= 0; i--)
            g->apply(s, (lt_action)lt_player_choose(rnd, s, (uint64_t)(k * 31 + i), NULL, NULL));
        int seat = k / 6 % 2;
        double best = -2;
        for (int n = 0; g->current_player(s) >= 0; n++) {
            int p = g->current_player(s);
            lt_think_info info = {0};
            lt_action a = lt_player_choose(p == seat ? perfect : rnd, s,
                                           (uint64_t)(k * 1000 + n), NULL, &info);
            if (p == seat && info.value[p] > best)
                best = info.value[p];
            g->apply(s, a);
        }
        if (best > 0) {
            won++;
            assert_true(return_of(g, s, seat) > 0);
        } else if (best == 0) {
            assert_true(return_of(g, s, seat) >= 0);
        }
    }
    assert_true(won > 0);
    lt_player_free(perfect);
    lt_player_free(rnd);
    lt_state_free(s);
}

TEST_MAIN(cmocka_unit_test(opening),
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
          cmocka_unit_test(solved_table_agrees_with_the_moves),
          cmocka_unit_test(solved_values),
          cmocka_unit_test(dudeney),
          cmocka_unit_test(cap_in_perfect_play),
          cmocka_unit_test(perfect_against_random))
