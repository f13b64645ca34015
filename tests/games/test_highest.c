/* test_highest.c — Najwyższa wygrywa (seed 000, a): rules and exact odds
 * against values worked out by hand and by enumeration here. */
#include "dice_test.h"

/* Ties are thrown again among the tied only (RULES.md). */
static void ties_throw_again(void **st)
{
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
    const lt_game *g;
    lt_state *s = start_at(&g, "highest", NULL, 2,
            "play turn 1/1 score 0,0 order 1,2 in 1,2 scores 10,-");
    assert_odds(g, s, "7/16 9/16");
    lt_odds *o = odds_of(g, s);
    assert_true(fabs(o->win[1].decimal - 0.5625) < 1e-15);
    assert_int_equal(o->value_seat, -1);
    lt_state_free(s);
}

/* Three players, seat 1 has 12: every pair of throws of seats 2 and 3,
 * enumerated, the best sharing the turn equally. */
static void three_players(void **st)
{
    const lt_game *g;
    lt_state *s = start_at(&g, "highest", NULL, 3,
            "play turn 1/1 score 0,0,0 order 1,2,3 in 1,2,3 scores 12,-,-");
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
    const lt_game *g;
    lt_state *s = start_n(&g, "highest", "dice=5", 2);
    lt_outcome out[LT_MAX_OUTCOMES];
    assert_int_equal(g->chance_outcomes(s, out), 56);
    play(g, s, "6-6-6");
    assert_int_equal(g->chance_outcomes(s, out), 21);
    assert_string_equal(text_of(g, s),
                        "play turn 1/1 score 0,0 order 1,2 in 1,2 scores -,- part 3/18 steps 1");
    set_position(g, s, "play turn 1/1 score 0,0 order 1,2 in 1,2 scores 30,- part 3/18");
    assert_odds(g, s, "71/72 1/72");
    lt_state_free(s);
}

/* With one die, two players: a fair game, 1/2 each; a match of turns
 * lets each seat throw first in turn. */
static void matches(void **st)
{
    const lt_game *g;
    lt_state *s = start_n(&g, "highest", "dice=1 turns=2", 2);
    assert_odds(g, s, "1/2");
    play(g, s, "6 1");
    assert_string_equal(text_of(g, s),
                        "play turn 2/2 score 1,0 order 2,1 in 2,1 scores -,-");
    play(g, s, "5 5 4 2"); /* a tie, then seat 2 throws 4, seat 1 2 */
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, 0) == 0 && return_of(g, s, 1) == 0); /* 1-1 */
    lt_state_free(s);
}

/* RULES.md, Endings: the reason shown for each way a turn and a match
 * end, worked from the throws. */
static void endings(void **st)
{
    const lt_game *g;
    lt_state *s = match_won(&g, "highest", NULL, 2, "6-5-4 3-2-1", 0, /* 15 against 6 */
                            "Player 1 threw 15, the highest (next: 6)",
                            "Gracz 1 wyrzuca 15, najwięcej (następny wynik: 6)");
    assert_info(g, s, "Turn 1: P1 won it — threw 15, the highest (next: 6)",
                "Tura 1: wygrywa G1 — wyrzuca 15, najwięcej (następny wynik: 6)");
    lt_state_free(s);
    /* 10, 10 and 3: seats 1 and 2 play off, 18 against 4 */
    s = match_won(&g, "highest", NULL, 3, "6-3-1 5-4-1 1-1-1 6-6-6 2-1-1", 0,
                  "Player 1 threw 18, the highest in the play-off (next: 4)",
                  "Gracz 1 wyrzuca 18, najwięcej w dogrywce (następny wynik: 4)");
    lt_state_free(s);
    /* three turns, the first thrower moving on each turn: seat 1 wins
     * the first (18 to 3), seat 2 the second (18, thrown first, to 3)
     * and the third (6 to seat 1's 4) */
    s = start_n(&g, "highest", "turns=3", 2);
    play(g, s, "6-6-6 1-1-1");
    assert_info(g, s, "Turn 1: P1 won it — threw 18, the highest (next: 3)",
                "Tura 1: wygrywa G1 — wyrzuca 18, najwięcej (następny wynik: 3)");
    play(g, s, "6-6-6 1-1-1 2-1-1");
    /* the last turn's line stays while the next turn is played */
    assert_info(g, s, "Turn 2: P2 won it — threw 18, the highest (next: 3)",
                "Tura 2: wygrywa G2 — wyrzuca 18, najwięcej (następny wynik: 3)");
    play(g, s, "3-2-1");
    assert_end(g, s, 1, 1, "Player 2 wins 2 turns to 1", "Gracz 2 wygrywa 2 tury do 1");
    assert_info(g, s, "Turn 3: P2 won it — threw 6, the highest (next: 4)",
                "Tura 3: wygrywa G2 — wyrzuca 6, najwięcej (następny wynik: 4)");
    lt_state_free(s);
    /* two turns, one each: a drawn match */
    s = start_n(&g, "highest", "turns=2", 2);
    play(g, s, "6-6-6 1-1-1 6-6-6 1-1-1");
    assert_end(g, s, 0, 0, "Player 1 and Player 2 win 1 turn each",
               "Gracz 1 i Gracz 2 wygrywają po 1 turze");
    lt_state_free(s);
    /* three seats, three turns: seat 3 wins two, seat 1 one */
    s = start_n(&g, "highest", "turns=3", 3);
    play(g, s, "1-1-1 1-1-1 6-6-6"); /* turn 1: seat 3 */
    play(g, s, "1-1-1 6-6-6 1-1-1"); /* turn 2, from seat 2: seat 3 */
    play(g, s, "1-1-1 2-1-1 6-6-6"); /* turn 3, from seat 3: seat 2 */
    assert_reason(g, s, "Player 3 wins 2 turns (Player 1: 0, Player 2: 1)",
                  "Gracz 3 wygrywa 2 tury (Gracz 1: 0, Gracz 2: 1)");
    lt_state_free(s);
    /* RULES.md (the frame): a turn still undecided after 4000 actions
     * ends with no winner - 2000 rounds of ties */
    s = start_n(&g, "highest", NULL, 2);
    for (int i = 0; i < DICE_TURN_CAP / 2; i++)
        play(g, s, "1-1-1 1-1-1");
    assert_end2(g, s, 0, 0, "the turn cap (4000 actions) was reached",
                "osiągnięto limit tury (4000 akcji)");
    assert_info(g, s, "Turn 1: nobody won it — the turn cap (4000 actions) was reached",
                "Tura 1 bez zwycięzcy — osiągnięto limit tury (4000 akcji)");
    lt_state_free(s);
}

/* Positions that must not read. */
static bad_texts bad = {"highest", NULL, 3,
    {"play turn 1/1 score 0,0,0 order 1,2,3 in 1 scores -,-,-",
     "play turn 1/1 score 0,0,0 order 1,2,3 in 1,2 scores -,-,9",
     "play turn 1/1 score 0,0,0 order 1,2,3 in 1,2,3 scores -,9,-",
     "play turn 1/1 score 0,0,0 order 1,2,3 in 1,2,3 scores 9,9,9",
     "play turn 1/1 score 0,0,0 order 1,2,3 in 1,2,3 scores -,-,- part 3/9",
     "play turn 1/1 score 0,0,0 order 2,1,3 in 1,2,3 scores -,-,-",
     "play turn 2/1 score 0,0,0 order 1,2,3 in 1,2,3 scores -,-,-",
     "order turn 1/1 score 0,0,0 order 1,2,3 thrown -,-,-",
     "play turn 1/1 score 1,0,0 order 1,2,3 in 1,2,3 scores -,-,-"}};

TEST_MAIN(cmocka_unit_test(ties_throw_again),
          cmocka_unit_test(second_thrower),
          cmocka_unit_test(three_players),
          cmocka_unit_test(many_dice),
          cmocka_unit_test(matches),
          cmocka_unit_test(endings),
          cmocka_unit_test_prestate(bad_positions, &bad))
