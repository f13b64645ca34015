/* test_guirguiesca.c — Guirguiesca (seed 000, l): rules and exact odds
 * against values worked out by hand and by enumeration here. */
#include "dice_test.h"

static void rules(void **st)
{
    const lt_game *g;
    lt_state *s = start_n(&g, "guirguiesca", "turns=3", 2);
    lt_outcome out[LT_MAX_OUTCOMES];
    assert_int_equal(g->chance_outcomes(s, out), 21); /* two dice */
    play(g, s, "6-6 1-1");   /* seat 1 throws first */
    /* a Hazard: he loses; roles change */
    play_to(g, s, "2-1", "play turn 2/3 score 0,1 order 2,1 numbers -,-");
    /* RULES.md, Endings */
    assert_info(g, s, "Turn 1: P2 won it — P1 threw 3, a Hazard, and lost",
                "Tura 1: wygrywa G2 — G1 wyrzuca 3, Hazard, i przegrywa");
    lt_state_free(s);
    s = match_won(&g, "guirguiesca", NULL, 2, "6-6 1-1 6-6", 1, /* 12, a Hazard */
                  "Player 1 threw 12, a Hazard, and lost",
                  "Gracz 1 wyrzuca 12, Hazard, i przegrywa");
    lt_state_free(s);
    /* 7 to the opponent, 8 his own; 9, 5, 10, 6 nobody's, thrown on and on */
    assert_turn_cap("guirguiesca", NULL, 2, "6-6 1-1 4-3 5-3", "5-4 4-1 5-5 5-1");
}

static void numbers(void **st)
{
    const lt_game *g;
    lt_state *s = start_n(&g, "guirguiesca", "turns=3", 2);
    play(g, s, "6-6 1-1");
    play(g, s, "4-3 5-3");   /* 7 to the opponent, 8 his own */
    assert_string_equal(text_of(g, s),
                        "play turn 1/3 score 0,0 order 1,2 numbers 8,7 steps 2");
    play(g, s, "5-4 6-2");   /* 9 and nothing: on; his 8 wins */
    assert_string_equal(text_of(g, s),
                        "play turn 2/3 score 1,0 order 2,1 numbers -,-");
    assert_info(g, s, "Turn 1: P1 won it — threw 8, own number, and won",
                "Tura 1: wygrywa G1 — wyrzuca 8, własną liczbę, i wygrywa");
    play(g, s, "3-1 2-2");   /* seat 2: 4 to seat 1; 4 again: he loses */
    assert_string_equal(text_of(g, s),
                        "play turn 3/3 score 2,0 order 1,2 numbers -,-");
    assert_info(g, s, "Turn 2: P1 won it — P2 threw 4, the opponent's number, and lost",
                "Tura 2: wygrywa G1 — G2 wyrzuca 4, liczbę przeciwnika, i przegrywa");
    play(g, s, "6-5"); /* seat 1's Hazard gives seat 2 the third turn */
    assert_reason(g, s, "Player 1 wins 2 turns to 1", "Gracz 1 wygrywa 2 tury do 1");
    lt_state_free(s);
}

/* With both numbers, his own t against the opponent's o and the four
 * Hazards (6 of 36): 7 (6 ways) against 4 (3 ways): 6/15 = 2/5; with the
 * Hazards ignored, 6/9 = 2/3. */
static void by_hand(void **st)
{
    assert_odds_at("guirguiesca", NULL, 2, "play turn 1/1 score 0,0 order 1,2 numbers 7,4", "2/5");
    assert_odds_at("guirguiesca", "hazard-after-assign=ignored", 2,
                   "play turn 1/1 score 0,0 order 1,2 numbers 7,4", "2/3");
}

/* The whole turn: every first and second number, and the race between
 * them, enumerated with the weights of two dice. */
static void whole_turn(void **st)
{
    static const int w[13] = {0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1};
    for (int ignored = 0; ignored < 2; ignored++) {
        const lt_game *g;
        lt_state *s = start_n(&g, "guirguiesca",
                              ignored ? "hazard-after-assign=ignored" : NULL, 2);
        rat total, t;
        rat_set(&total, 0, 1);
        int h = ignored ? 0 : 6;
        for (int o = 4; o <= 10; o++)
            for (int m = 4; m <= 10; m++) {
                if (m == o)
                    continue;
                /* o first (of 36); then m (of 36, or of 30 when Hazards
                 * are thrown again); then m before o and the Hazards */
                rat_set(&t, w[o], 36);
                rat_scale(&t, &t, w[m], (uint64_t)(30 + h));
                rat_scale(&t, &t, w[m], (uint64_t)(w[m] + w[o] + h));
                rat_add(&total, &total, &t);
            }
        assert_win(odds_of(g, s), 0, rat_str(&total));
        lt_state_free(s);
    }
}

TEST_MAIN(cmocka_unit_test(rules),
          cmocka_unit_test(numbers),
          cmocka_unit_test(by_hand),
          cmocka_unit_test(whole_turn))
