/* test_riffa.c — Riffa (seed 000, g): rules and exact odds against values
 * worked out by hand and by enumeration here. */
#include "dice_test.h"

static void rules(void **st)
{
    const lt_game *g;
    lt_state *s = start_n(&g, "riffa", NULL, 2);
    lt_outcome out[LT_MAX_OUTCOMES];
    play(g, s, "6-5-4");             /* no pair: all three again */
    assert_int_equal(g->chance_outcomes(s, out), 56);
    play(g, s, "4-4-2");             /* keeps 4-4, throws the third die */
    assert_int_equal(g->chance_outcomes(s, out), 6);
    play(g, s, "6");                 /* 14 */
    play(g, s, "3-3-3 2");           /* of a triple he keeps two: 8 */
    /* RULES.md, Endings */
    assert_end(g, s, 0, 1,
               "Player 1 scored 14 with a pair and the third die, the highest (next: 8)",
               "Gracz 1 ma 14 z pary i trzeciej kości, najwięcej (następny wynik: 8)");
    assert_info(g, s,
                "Turn 1: P1 won it — scored 14 with a pair and the third die, the highest (next: 8)",
                "Tura 1: wygrywa G1 — ma 14 z pary i trzeciej kości, najwięcej (następny wynik: 8)");
    /* equal scores play off */
    lt_state_free(s);
    s = start_n(&g, "riffa", NULL, 3);
    play(g, s, "5-5-1 2 4-4-1 4 2-2-2 1"); /* 12, 12, 5 */
    assert_string_equal(text_of(g, s),
                        "play turn 1/1 score 0,0,0 order 1,2,3 in 1,2 scores -,-,- steps 6");
    play(g, s, "1-1-2 6 6-6-1 1"); /* the play-off: 8 against 13 */
    assert_true(return_of(g, s, 1) == 1);
    assert_reason(g, s,
                  "Player 2 scored 13 with a pair and the third die, the highest in the "
                  "play-off (next: 8)",
                  "Gracz 2 ma 13 z pary i trzeciej kości, najwięcej w dogrywce (następny "
                  "wynik: 8)");
    lt_state_free(s);
    /* never a pair */
    assert_turn_cap("riffa", NULL, 2, NULL, "6-5-4");
}

/* Seat 1 scored 10; seat 2 keeps 4-4: 9 with a 1 loses, 10 with a 2 ties
 * (a fair play-off), 3 or more wins: seat 1 wins (1 + 1/2)/6 = 1/4. */
static void by_hand(void **st)
{
    assert_odds_at("riffa", NULL, 2, "play turn 1/1 score 0,0 order 1,2 in 1,2 scores 10,- pair 4",
                   "1/4 3/4");
}

/* Seat 1 scored 12; seat 2 throws from the start: the throws with a
 * pair (those without are thrown again), each with every last die,
 * enumerated. */
static void from_the_start(void **st)
{
    const lt_game *g;
    lt_state *s = start_at(&g, "riffa", NULL, 2,
            "play turn 1/1 score 0,0 order 1,2 in 1,2 scores 12,-");
    lt_odds *o = odds_of(g, s);
    int64_t win2 = 0, tie = 0, with_pair = 0;
    for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= 6; b++)
            for (int c = 1; c <= 6; c++) {
                int pair = a == b || a == c ? a : b == c ? b : 0;
                if (!pair)
                    continue;
                with_pair++;
                for (int d = 1; d <= 6; d++) {
                    win2 += 2 * pair + d > 12;
                    tie += 2 * pair + d == 12;
                }
            }
    assert_int_equal(with_pair, 96);
    assert_win(o, 1, frac(2 * win2 + tie, 2 * 96 * 6));
    lt_state_free(s);
}

TEST_MAIN(cmocka_unit_test(rules),
          cmocka_unit_test(by_hand),
          cmocka_unit_test(from_the_start))
