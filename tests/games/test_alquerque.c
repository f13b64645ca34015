/* test_alquerque.c — Alquerque ("12 Men's Morris") against seed 000, the
 * setup of notes §3.1 and the readings of RULES.md.  Positions are worked
 * out by hand from the board drawing; each case says how. */
#include "support.h"

#include "games/moves_text.h"

/* notes §3.1: White rows 1-2 and D3 E3, Black rows 4-5 and A3 B3, C3
 * empty.  Alfonso: the first move must go into the centre - C3's
 * neighbours holding white men are B2, C2, D2 (lines) and D3; nothing can
 * jump, as the only empty point is C3 and every man next to it is
 * White's. */
static void opening_goes_to_the_centre(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, "alquerque", NULL);
    assert_string_equal(text_of(g, s), "BBBBB/BBBBB/BB.WW/WWWWW/WWWWW w - -");
    assert_string_equal(moves_of(g, s), "B2-C3 C2-C3 D2-C3 D3-C3");
    lt_state_free(s);
}

/* After D2-C3 the only black capture is B4 over C3 to the emptied D2
 * (C4 and D4 land on occupied C2 and B2, B3 on D3).  From D2 the black man
 * finds no second jump (every neighbour is white with its far point taken,
 * or off the board), so White moves.  B4 and C3 are now empty: White can
 * jump into C3 only from E1 over D2 (the other lines into C3 start at
 * black or own men), and into B4 only from B2 over B3 (B4 ends the lines
 * B2-B3-B4, D4-C4-B4 and D2-C3-B4). */
static void first_captures(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, "alquerque", NULL);
    play(g, s, "D2-C3");
    assert_true(legal(g, s, "B4xD2"));
    assert_false(legal(g, s, "C4xC2"));
    assert_false(legal(g, s, "D4xB2"));
    play(g, s, "B4xD2");
    assert_int_equal(g->current_player(s), 0); /* no second jump: White */
    lt_action acts[LT_MAX_ACTIONS];
    char jumps[64] = "";
    for (int i = 0, n = g->legal_actions(s, acts); i < n; i++) {
        char name[16];
        g->action_name(s, acts[i], name, sizeof name);
        if (strchr(name, 'x'))
            strcat(strcat(jumps, " "), name);
    }
    assert_string_equal(jumps, " E1xC3 B2xB4");
    assert_string_equal(text_of(g, s), "BBBBB/B.BBB/BB.WW/WWWBW/WWWWW w - -");
    lt_state_free(s);
}

/* White A1 and E1, Black B2, D4 and A5: A1 jumps B2 into C3, then may
 * jump D4 into E5 or stop (seed: one or several men in one move). */
static const char *const chain_position = "B..../...B./...../.B.../W...W w - -";

static void capture_chains(void **st)
{
    const lt_game *g;
    lt_state *s = start_at(&g, "alquerque", NULL, 0, chain_position);
    play(g, s, "A1xC3");
    assert_int_equal(g->current_player(s), 0); /* the same player goes on */
    assert_string_equal(moves_of(g, s), "C3xE5 stop");
    assert_string_equal(text_of(g, s), "B..../...B./..W../...../....W w C3 -");
    play(g, s, "stop");
    assert_int_equal(g->current_player(s), 1);
    lt_state_free(s);

    s = start_at(&g, "alquerque", NULL, 0, chain_position);
    play(g, s, "A1xC3 C3xE5");
    assert_int_equal(g->current_player(s), 1); /* no third jump: Black */
    assert_string_equal(text_of(g, s), "B...W/...../...../...../....W b - -");
    lt_state_free(s);

    /* chain=single: one jump per move */
    s = start_at(&g, "alquerque", "chain=single", 0, chain_position);
    play(g, s, "A1xC3");
    assert_int_equal(g->current_player(s), 1);
    lt_state_free(s);
}

/* capture=forced: the jump is the only move, and so is the next one. */
static void forced_capture(void **st)
{
    const lt_game *g;
    lt_state *s = start_at(&g, "alquerque", NULL, 0, chain_position);
    assert_true(legal(g, s, "A1-A2"));
    lt_state_free(s);
    s = start_at(&g, "alquerque", "capture=forced", 0, chain_position);
    assert_string_equal(moves_of(g, s), "A1xC3");
    play(g, s, "A1xC3");
    assert_string_equal(moves_of(g, s), "C3xE5");
    lt_state_free(s);
}

/* Seed: whoever loses all his men loses; so does a player who cannot
 * move.  White's last man on A1 is shut in by Black on A2, B1 and B2,
 * which stand with A3, C1 and C3 behind them (all black): no step and no
 * jump. */
static void losing(void **st)
{
    const lt_game *g;
    lt_state *s = start_at(&g, "alquerque", NULL, 0, "...../...../B.B../BB.../WBB.. w - -");
    /* RULES.md, Endings */
    assert_end(g, s, 1, 1, "White is blocked: no move", "Białe są zablokowane: brak ruchu");
    assert_info(g, s, "White is blocked: no move", "Białe są zablokowane: brak ruchu");
    lt_state_free(s);
    /* Black's last man taken: White wins at once */
    s = start_at(&g, "alquerque", NULL, 0, "...../...../...../.B.../W...W w - -");
    play(g, s, "A1xC3");
    assert_end(g, s, 0, 1, "Black has no men left", "Czarne nie mają już pionków");
    lt_state_free(s);
}

/* RULES.md: the third time the same position stands with the same player
 * to move, the game is drawn.  White A1 and Black E5 shuffle back and
 * forth: the start position recurs after 4 and after 8 moves.  The steps
 * since the last capture are part of the position text, so the count
 * goes on from a position set up from text. */
static void threefold_repetition(void **st)
{
    const char *after7 = "...../....B/...../...../W.... b - "
                         "A1-A2,E5-E4,A2-A1,E4-E5,A1-A2,E5-E4,A2-A1";
    const lt_game *g;
    lt_state *s = start_at(&g, "alquerque", NULL, 0, "....B/...../...../...../W.... w - -");
    play(g, s, "A1-A2 E5-E4 A2-A1 E4-E5 A1-A2 E5-E4 A2-A1");
    assert_int_equal(g->current_player(s), 1);
    assert_string_equal(text_of(g, s), after7);
    play(g, s, "E4-E5");
    assert_end(g, s, 0, 0, "draw: the same position for the third time",
               "remis: ta sama pozycja po raz trzeci");
    lt_state_free(s);
    s = start_at(&g, "alquerque", NULL, 0, after7);
    play(g, s, "E4-E5");
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, 0) == 0);
    lt_state_free(s);
}

/* RULES.md: `quiet` moves of each player without a capture draw.  White
 * walks the 4-cycle A1 A2 B2 B1, Black the 3-cycle E5 E4 D4 (D4-E5 is a
 * diagonal): no position recurs within 24 moves, so with quiet=10 the
 * 20th move draws and the 19th does not. */
static void quiet_moves(void **st)
{
    const lt_game *g;
    lt_state *s = start_at(&g, "alquerque", "quiet=10", 0, "....B/...../...../...../W.... w - -");
    play(g, s, "A1-A2 E5-E4 A2-B2 E4-D4 B2-B1 D4-E5 B1-A1 E5-E4 A1-A2 E4-D4 "
               "A2-B2 D4-E5 B2-B1 E5-E4 B1-A1 E4-D4 A1-A2 D4-E5 A2-B2");
    assert_int_equal(g->current_player(s), 1);
    play(g, s, "E5-E4");
    assert_end(g, s, 0, 0, "draw: 10 moves each without a capture",
               "remis: 10 ruchów każdego gracza bez bicia");
    lt_state_free(s);
}

static void bad_positions(void **st)
{
    static const char *const bad[] = {
        "BBBBB/BBBBB/BBBWW/WWWWW/WWWWW w - -", /* thirteen black men */
        "BBBBB/BBBBB/BB.WW/WWWWW/WWWWW x - -", /* no such side */
        "BBBBB/BBBBB/BB.WW/WWWWW/WWWWW w -",   /* a field missing */
        "BBBBB/BBBBB/BB.WW/WWWWW/WWWWW w - - x", /* trailing text */
        "BBBB/BBBBB/BB.WW/WWWWW/WWWWW w - -",  /* a row too short */
        "...../...../...../...../W.... w - -", /* Black's loss was missed */
        "B..../...B./...../.B.../W...W w E1 -", /* E1 has no jump */
        "....B/...../...../...../W.... w - A2-A1", /* the piece is not on A1 */
        "....B/...../...../...../W.... w - C3-A1", /* C3 and A1 not linked */
        "....B/...../...../...../.W... w - E5-E4,A1-B1", /* E5 empty */
        "....B/...../...../...../W.... w - A1", /* not a step */
    };
    const lt_game *g;
    lt_state *s = start(&g, "alquerque", NULL);
    assert_string_equal(text_of(g, s), "BBBBB/BBBBB/BB.WW/WWWWW/WWWWW w - -");
    assert_bad_positions(g, s, bad, sizeof bad / sizeof bad[0]);
    lt_state_free(s);
}

/* A random playout's draw (the moves by direction, counted below points)
 * against the list under each pair of capture and chain values, the
 * planes apply keeps checked against the men by invariants_ok. */
static void draws_agree_with_the_list(void **st)
{
    static const char *const options[] = {
        "capture=optional chain=multi", "capture=optional chain=single",
        "capture=forced chain=multi", "capture=forced chain=single", NULL};
    assert_draws_agree("alquerque", options, 40);
}

TEST_MAIN(cmocka_unit_test(opening_goes_to_the_centre),
          cmocka_unit_test(first_captures),
          cmocka_unit_test(capture_chains),
          cmocka_unit_test(forced_capture),
          cmocka_unit_test(losing),
          cmocka_unit_test(threefold_repetition),
          cmocka_unit_test(quiet_moves),
          cmocka_unit_test(bad_positions),
          cmocka_unit_test(draws_agree_with_the_list))
