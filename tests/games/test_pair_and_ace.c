/* test_pair_and_ace.c — Para i As (seed 000, h): rules and exact odds
 * worked out by hand. */
#include "dice_test.h"

static void rules(void **st)
{
    const lt_game *g;
    lt_state *s = start_n(&g, "pair-and-ace", NULL, 2);
    /* the throw for the order: 18 against 3, seat 1 first */
    play(g, s, "6-6-6 1-1-1");
    assert_string_equal(text_of(g, s),
                        "play turn 1/1 score 0,0 order 1,2 next 1");
    play(g, s, "6-5-4 3-2-1 5-5-1"); /* seat 1 throws the first pair */
    /* RULES.md, Endings */
    assert_end(g, s, 0, 1, "Player 1 threw 5-5-1, the first pair",
               "Gracz 1 wyrzuca 5-5-1, pierwszą parę");
    assert_info(g, s, "Turn 1: P1 won it — threw 5-5-1, the first pair",
                "Tura 1: wygrywa G1 — wyrzuca 5-5-1, pierwszą parę");
    /* order=lowest: the lower throw goes first; a tie throws again */
    lt_state_free(s);
    s = start_n(&g, "pair-and-ace", "order=lowest", 2);
    play(g, s, "4-4-4 6-5-1 6-6-6 1-1-1");
    assert_string_equal(text_of(g, s),
                        "play turn 1/1 score 0,0 order 2,1 next 2");
    play(g, s, "3-3-3");
    assert_end(g, s, 1, 1, "Player 2 threw 3-3-3, the first triple",
               "Gracz 2 wyrzuca 3-3-3, pierwszą trójkę");
    lt_state_free(s);
    assert_turn_cap("pair-and-ace", NULL, 2, "6-6-6 1-1-1", "3-2-1");
}

/* A pair or triple comes in 96 throws of 216 (216 - 6*5*4): p = 4/9,
 * q = 5/9.  The k-th in order wins q^k p / (1 - q^n):
 * two players 9/14 and 5/14; three 81/151, 45/151, 25/151. */
static void by_hand(void **st)
{
    assert_odds_at("pair-and-ace", NULL, 2, NULL, "9/14 5/14");
    assert_odds_at("pair-and-ace", NULL, 3, NULL, "81/151 45/151 25/151");
    /* the third in order to throw now: he is first of the cycle */
    assert_odds_at("pair-and-ace", NULL, 3, "play turn 1/1 score 0,0,0 order 2,3,1 next 1",
                   "81/151 45/151 25/151");
}

TEST_MAIN(cmocka_unit_test(rules),
          cmocka_unit_test(by_hand))
