/* test_nine_mens_morris.c — 9 Men's Morris against seed 000, the board of
 * notes §3.3 and the readings of RULES.md.  Positions are worked out by
 * hand from the board drawing; each case says how. */
#include "support.h"

#include "games/moves_text.h"

#include "boards/graph.h"
#include "ludoteka/rng.h"

/* Seed: 18 men placed alternately on the free points; the 24 points are
 * all free at the start. */
static void opening(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, "nine-mens-morris", NULL);
    lt_action acts[LT_MAX_ACTIONS];
    assert_int_equal(g->legal_actions(s, acts), 24);
    assert_string_equal(text_of(g, s), ".../.../.../....../.../.../... w 9 9 -");
    lt_state_free(s);
}

/* notes §3.3: 32 links, the 16 mill lines, 32 jumps; only the 12
 * midpoints lie in the middle of a line, so the 12 corners can never be
 * jumped. */
static void board_lines_and_jumps(void **st)
{
    const graph *g = graph_morris();
    assert_int_equal(g->npoints, 24);
    assert_int_equal(g->nlinks, 32);
    assert_int_equal(g->nlines, 16);
    assert_int_equal(g->njumps, 32);
    uint32_t middles = 0;
    for (int i = 0; i < g->njumps; i++)
        middles |= 1u << g->jump[i][1];
    static const char *const mids[] = {"d1", "d2", "d3", "a4", "b4", "c4",
                                       "e4", "f4", "g4", "d5", "d6", "d7"};
    uint32_t want = 0;
    for (int i = 0; i < 12; i++)
        want |= 1u << graph_find(g, mids[i]);
    assert_true(middles == want);
}

/* Black on the corner a1 with White on both its neighbours d1 and a4,
 * and Black on the midpoint d7 next to White's g7 with a7 empty: White
 * may jump d7 (g7xa7) but nothing can take a1 - no line has it in the
 * middle.  Black, to move, may take either neighbour of a1 from there. */
static void corners_are_immune(void **st)
{
    const lt_game *g;
    lt_state *s = start_at(&g, "nine-mens-morris", NULL, 0,
            ".BW/.../.../W...../.../.../BW. w 0 0 -");
    assert_string_equal(moves_of(g, s), "d1-g1 d1-d2 a4-b4 a4-a7 g7-g4 g7xa7");
    set_position(g, s, ".BW/.../.../W...../.../.../BW. b 0 0 -");
    assert_true(legal(g, s, "a1xg1"));
    assert_true(legal(g, s, "a1xa7"));
    lt_state_free(s);
}

/* notes §3.3 ambiguity 2: nothing is captured while placing; the seed's
 * rule: one jump per move, and the game goes on with the other player. */
static void placing_then_jumping(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, "nine-mens-morris", NULL);
    /* White a1, Black d1, g1 empty: no jump while placing */
    play(g, s, "a1 d1");
    assert_false(legal(g, s, "a1xg1"));
    assert_true(legal(g, s, "g1"));
    lt_state_free(s);
    s = start_at(&g, "nine-mens-morris", NULL, 0, ".../.../.../....../.../.../WB. w 0 0 -");
    play(g, s, "a1xg1");
    /* Black's last man is gone: White wins (seed: all men lost) */
    /* RULES.md, Endings */
    assert_end(g, s, 0, 1, "Black has no men left", "Czarne nie mają już pionków");
    assert_info(g, s, "Black has no men left", "Czarne nie mają już pionków");
    lt_state_free(s);
}

/* Seed: a blocked player loses.  White's only man, on a1, has Black on
 * d1 and a4 with g1 and a7 behind them black too: no step, no jump. */
static void blocked_loses(void **st)
{
    const lt_game *g;
    lt_state *s = start_at(&g, "nine-mens-morris", NULL, 0,
            "B../.../.../B...../.../.../WBB w 0 0 -");
    assert_end(g, s, 1, 1, "White is blocked: no move", "Białe są zablokowane: brak ruchu");
    lt_state_free(s);
}

/* capture=mills (Alfonso, the classic game): a mill made by placing lets
 * the player remove an enemy man at once; the same player acts again. */
static void mills(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, "nine-mens-morris", "capture=mills");
    play(g, s, "a1 b2 d1 b4 g1");
    assert_int_equal(g->current_player(s), 0);
    assert_string_equal(moves_of(g, s), "xb2 xb4");
    assert_string_equal(text_of(g, s), ".../.../.../.B..../.../B../WWW wx 6 7 -");
    play(g, s, "xb2");
    assert_int_equal(g->current_player(s), 1);
    lt_state_free(s);
    /* a man in a mill is safe while another can be taken: Black's mill
     * b2 b4 b6 and a lone man on c3 - only c3 goes */
    s = start_at(&g, "nine-mens-morris", "capture=mills", 0,
            ".../B.W/.../.B..../B../B../WWW wx 0 0 -");
    assert_string_equal(moves_of(g, s), "xc3");
    lt_state_free(s);
}

/* RULES.md (mills): a player left with two men loses. */
static void two_men_lose(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, "nine-mens-morris", "capture=mills");
    /* Black a7, a4, c3 (no mill): White's mill takes a7, two are left */
    set_position(g, s, "B../.../.../B...../B../.../WWW wx 0 0 -");
    play(g, s, "xa7");
    assert_end(g, s, 0, 1, "Black has fewer than three men left",
               "Czarne mają już mniej niż trzy pionki");
    lt_state_free(s);
}

/* flying=on: with three men a man may go to any empty point. */
static void flying(void **st)
{
    /* White a1, g1, e4; Black a7, g7, a4 */
    const char *pos = "B.B/.../.../B..W../.../.../W.W w 0 0 -";
    const lt_game *g;
    lt_state *s = start_at(&g, "nine-mens-morris", "capture=mills flying=on", 0, pos);
    assert_true(legal(g, s, "a1-f2"));
    lt_state_free(s);
    s = start_at(&g, "nine-mens-morris", "capture=mills", 0, pos);
    assert_false(legal(g, s, "a1-f2"));
    assert_true(legal(g, s, "a1-d1"));
    lt_state_free(s);
}

/* A random playout's draw against the list under each pair of capture
 * and flying values, the counts apply keeps (near) checked against the
 * men by invariants_ok. */
static void draws_agree_with_the_list(void **st)
{
    static const char *const options[] = {
        "capture=jump flying=off", "capture=jump flying=on",
        "capture=mills flying=off", "capture=mills flying=on", NULL};
    assert_draws_agree("nine-mens-morris", options, 40);
}

/* RULES.md: the third occurrence of a position with the same player to
 * move draws; the steps since the last capture are part of the text. */
static void repetition(void **st)
{
    const lt_game *g;
    lt_state *s = start_at(&g, "nine-mens-morris", NULL, 0,
            "..B/.../.../....../.../.../W.. w 0 0 -");
    play(g, s, "a1-d1 g7-d7 d1-a1 d7-g7 a1-d1 g7-d7 d1-a1");
    assert_string_equal(text_of(g, s),
                        ".B./.../.../....../.../.../W.. b 0 0 "
                        "a1-d1,g7-d7,d1-a1,d7-g7,a1-d1,g7-d7,d1-a1");
    play(g, s, "d7-g7");
    assert_end(g, s, 0, 0, "draw: the same position for the third time",
               "remis: ta sama pozycja po raz trzeci");
    lt_state_free(s);
}

/* RULES.md: `quiet` moves of each player without a capture draw.  White
 * walks round the outer square (8 steps), Black c3-d3 and back: a
 * position recurs only after 16 moves, so none stands three times, and
 * with quiet=10 the 20th move draws and the 19th does not. */
static void quiet_moves(void **st)
{
    const lt_game *g;
    lt_state *s = start_at(&g, "nine-mens-morris", "quiet=10", 0,
            ".../.../.../....../B../.../W.. w 0 0 -");
    play(g, s, "a1-d1 c3-d3 d1-g1 d3-c3 g1-g4 c3-d3 g4-g7 d3-c3 g7-d7 c3-d3 "
               "d7-a7 d3-c3 a7-a4 c3-d3 a4-a1 d3-c3 a1-d1 c3-d3 d1-g1");
    assert_int_equal(g->current_player(s), 1);
    play(g, s, "d3-c3");
    assert_end(g, s, 0, 0, "draw: 10 moves each without a capture",
               "remis: 10 ruchów każdego gracza bez bicia");
    lt_state_free(s);
    /* the count agrees with its number, through the catalog's plural
     * forms: 1 ruch, 2 and 22 ruchy, 5, 12 and 25 ruchów */
    static const struct {
        int n;
        const char *en, *pl;
    } counts[] = {
        {1, "draw: 1 move each without a capture", "remis: 1 ruch każdego gracza bez bicia"},
        {2, "draw: 2 moves each without a capture", "remis: 2 ruchy każdego gracza bez bicia"},
        {5, "draw: 5 moves each without a capture", "remis: 5 ruchów każdego gracza bez bicia"},
        {12, "draw: 12 moves each without a capture", "remis: 12 ruchów każdego gracza bez bicia"},
        {22, "draw: 22 moves each without a capture", "remis: 22 ruchy każdego gracza bez bicia"},
        {25, "draw: 25 moves each without a capture", "remis: 25 ruchów każdego gracza bez bicia"},
    };
    char buf[96];
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        graph_end_reason(GRAPH_END_QUIET, 0, counts[i].n, buf, sizeof buf);
        assert_string_equal(buf, counts[i].en);
        speak(LT_LANG_PL);
        graph_end_reason(GRAPH_END_QUIET, 0, counts[i].n, buf, sizeof buf);
        speak(LT_LANG_EN);
        assert_string_equal(buf, counts[i].pl);
    }
}

static void bad_positions(void **st)
{
    static const char *const bad[] = {
        ".../.../.../....../.../.../... w 9 9",     /* no steps field */
        ".../.../.../....../.../.../... w 10 9 -",  /* ten men to place */
        ".../.../.../....../.../.../... b 9 9 -",   /* White places first */
        ".../.../.../....../.../.../WW. w 8 9 -",   /* two placed for one */
        ".../.../.../....../.../.../... wx 9 9 -",  /* no mill to remove by */
        "WWW/.../.../....../.../.../... w 0 0 -",   /* Black's loss was missed */
        ".../.../.../....../.../.../W.B w 0 0 g1-d1", /* d1 is not Black's */
        ".../.../.../....../.../.../W.B y 0 0 -",   /* no such side */
        "../.../.../....../.../.../W.B w 0 0 -",    /* a row too short */
    };
    const lt_game *g;
    lt_state *s = start(&g, "nine-mens-morris", NULL);
    assert_string_equal(text_of(g, s), ".../.../.../....../.../.../... w 9 9 -");
    assert_bad_positions(g, s, bad, sizeof bad / sizeof bad[0]);
    lt_state_free(s);
}

TEST_MAIN(cmocka_unit_test(opening),
          cmocka_unit_test(board_lines_and_jumps),
          cmocka_unit_test(corners_are_immune),
          cmocka_unit_test(placing_then_jumping),
          cmocka_unit_test(blocked_loses),
          cmocka_unit_test(mills),
          cmocka_unit_test(two_men_lose),
          cmocka_unit_test(flying),
          cmocka_unit_test(draws_agree_with_the_list),
          cmocka_unit_test(repetition),
          cmocka_unit_test(quiet_moves),
          cmocka_unit_test(bad_positions))
