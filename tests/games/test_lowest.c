/* test_lowest.c — Najniższa wygrywa (seed 000, b): rules and exact odds
 * against values worked out by hand. */
#include "dice_test.h"

/* The lowest wins; ties are thrown again among the tied only. */
static void lowest_wins(void **st)
{
    const lt_game *g;
    /* 4, 18, 5; RULES.md, Endings */
    lt_state *s = match_won(&g, "lowest", NULL, 3, "2-1-1 6-6-6 3-1-1", 0,
                            "Player 1 threw 4, the lowest (next: 5)",
                            "Gracz 1 wyrzuca 4, najmniej (następny wynik: 5)");
    assert_info(g, s, "Turn 1: P1 won it — threw 4, the lowest (next: 5)",
                "Tura 1: wygrywa G1 — wyrzuca 4, najmniej (następny wynik: 5)");
    lt_state_free(s);
    s = start_n(&g, "lowest", NULL, 3);
    play(g, s, "6-6-6 2-1-1 2-1-1"); /* 18, 4, 4: seats 2 and 3 again */
    assert_string_equal(text_of(g, s),
                        "play turn 1/1 score 0,0,0 order 1,2,3 in 2,3 scores -,-,- steps 3");
    play(g, s, "3-1-1 2-2-1"); /* the play-off: 5, then 5 again */
    play(g, s, "1-1-1 2-1-1"); /* 3 against 4 */
    assert_end(g, s, 1, 1, "Player 2 threw 3, the lowest in the play-off (next: 4)",
               "Gracz 2 wyrzuca 3, najmniej w dogrywce (następny wynik: 4)");
    lt_state_free(s);
}

/* Seat 1 has 10; seat 2 needs 9 or less (81 of 216: 1+3+6+10+15+21+25)
 * or ties with 10 (27, a fair play-off): 81/216 + 27/432 = 7/16. */
static void second_thrower(void **st)
{
    assert_odds_at("lowest", NULL, 2, "play turn 1/1 score 0,0 order 1,2 in 1,2 scores 10,-",
                   "9/16 7/16");
}

/* Two dice, seat 1 has 2 (the lowest possible): seat 2 can only tie,
 * with 1-1 (1 of 36): 1/72. */
static void two_dice(void **st)
{
    assert_odds_at("lowest", "dice=2", 2, "play turn 1/1 score 0,0 order 1,2 in 1,2 scores 2,-",
                   "71/72 1/72");
}

TEST_MAIN(cmocka_unit_test(lowest_wins),
          cmocka_unit_test(second_thrower),
          cmocka_unit_test(two_dice))
