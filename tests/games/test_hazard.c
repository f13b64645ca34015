/* test_hazard.c — Hazard (seed 000, e): rules, the betting form, and
 * exact odds against values worked out by hand and by a separate exact
 * computation here. */
#include "dice_test.h"

static void rules(void **st)
{
    const lt_game *g;
    lt_state *s = start_n(&g, "hazard", NULL, 2);
    play(g, s, "6-6-6 1-1-1"); /* the order: 18 before 3 */
    /* no Hazard: ReHazards 10 and 11 */
    play_to(g, s, "5-4-1 6-4-1", "play turn 1/1 score 0,0 order 1,2 round 2 "
                                 "next 1 rehazards 10,11 steps 2");
    play(g, s, "6-4-1"); /* seat 1 throws seat 2's ReHazard */
    /* RULES.md, Endings */
    assert_end(g, s, 1, 1, "Player 1 threw 11, Player 2's ReHazard",
               "Gracz 1 wyrzuca 11, ReHazard Gracza 2");
    assert_info(g, s, "Turn 1: P2 won it — P1 threw 11, P2's ReHazard",
                "Tura 1: wygrywa G2 — G1 wyrzuca 11, ReHazard G2");
    lt_state_free(s);
    /* seat 1 throws his 10 */
    s = match_won(&g, "hazard", NULL, 2, "6-6-6 1-1-1 5-4-1 6-4-1 5-4-1", 0,
                  "Player 1 threw 10, own ReHazard", "Gracz 1 wyrzuca 10, własny ReHazard");
    /* a Hazard in the first round wins at once */
    lt_state_free(s);
    s = start_n(&g, "hazard", NULL, 3);
    /* order 1,3,2 after a tie */
    play_to(g, s, "6-6-6 3-2-1 2-2-2 4-1-1 6-5-4", "play turn 1/1 score 0,0,0 order 1,3,2 round 1 "
                                                   "sums -,-,-");
    play(g, s, "5-4-1 6-5-5");
    assert_end(g, s, 2, 1, "Player 3 threw 16, a Hazard", "Gracz 3 wyrzuca 16, Hazard");
    lt_state_free(s);
    /* ReHazards 10 and 11; 9 is nobody's, thrown round after round */
    assert_turn_cap("hazard", NULL, 2, "6-6-6 1-1-1 5-4-1 6-4-1", "5-3-1");
}

/* Shared ReHazards: seats 1 and 2 both own 10.  Seat 3 throws 10: it
 * does not count; seat 1 throws 10: he wins. */
static void shared(void **st)
{
    const lt_game *g;
    lt_state *s = start_at(&g, "hazard", NULL, 3,
            "play turn 1/1 score 0,0,0 order 1,2,3 round 2 next 3 "
            "rehazards 10,10,9");
    play(g, s, "5-4-1");
    assert_int_equal(g->current_player(s), LT_CHANCE);
    play(g, s, "6-3-1");
    assert_end(g, s, 0, 1, "Player 1 threw 10, own ReHazard (shared: the thrower wins)",
               "Gracz 1 wyrzuca 10, własny ReHazard (wspólny: wygrywa rzucający)");
    lt_state_free(s);
}

/* Later rounds, ReHazards 10 and 11, seat 1 to throw.  His throw wins
 * for him with a Hazard or 10 (40 + 27 of 216), for seat 2 with 11 (27),
 * else seat 2 throws (122), and the same the other way round:
 * x = 67/216 + 122/216 y, y = 27/216 + 122/216 x, so
 * x = (67*216 + 122*27) / (216^2 - 122^2) = 17766/31772 = 189/338. */
static void later_round(void **st)
{
    assert_odds_at("hazard", NULL, 2,
                   "play turn 1/1 score 0,0 order 1,2 round 2 next 1 rehazards 10,11",
                   "189/338 149/338");
}

/* The whole turn for two players, computed here: the first round's
 * Hazards, then for every pair of ReHazards the two-state system of the
 * later rounds, by Cramer's rule.  (An independent Python prototype with
 * exact fractions gives the same 24298296676888433677205006791 /
 * 43545762570418032921528692160.) */
static void whole_turn(void **st)
{
    const lt_game *g;
    lt_state *s = start_n(&g, "hazard", NULL, 2);
    lt_odds *o = odds_of(g, s);
    rat total, t;
    rat_set(&total, 40, 216); /* seat 1's Hazard */
    for (int a = 7; a <= 14; a++)
        for (int b = 7; b <= 14; b++) {
            /* seat k's throw: wins for 1 (w1[k]), for 2 (w2[k]), goes on */
            int64_t w1[2] = {40, 0}, w2[2] = {0, 40};
            for (int sum = 7; sum <= 14; sum++) {
                int owners = (sum == a) + (sum == b);
                for (int k = 0; k < 2; k++) {
                    int winner = owners == 1 ? (sum == a ? 0 : 1)
                                 : owners == 2 ? k : -1;
                    if (winner == 0)
                        w1[k] += ways3(sum);
                    if (winner == 1)
                        w2[k] += ways3(sum);
                }
            }
            int64_t c0 = 216 - w1[0] - w2[0], c1 = 216 - w1[1] - w2[1];
            /* x = w1[0]/216 + c0/216 y; y = w1[1]/216 + c1/216 x */
            rat x;
            rat_set(&x, w1[0] * 216 + c0 * w1[1], (uint64_t)(216 * 216 - c0 * c1));
            rat_scale(&t, &x, (int64_t)ways3(a) * ways3(b), 216 * 216);
            rat_add(&total, &total, &t);
        }
    assert_string_equal(rat_str(&total),
                        "24298296676888433677205006791/43545762570418032921528692160");
    assert_win(o, 0, rat_str(&total));
    lt_state_free(s);
}

/* The betting form: stakes 3 of 5; seat 1 wins the first turn (6 in the
 * pot), and seat 2, left with 2, cannot stake again: the match ends. */
static void betting(void **st)
{
    const lt_game *g;
    lt_state *s = start_n(&g, "hazard", "form=stakes stake=3 bankroll=5 turns=3", 2);
    assert_string_equal(text_of(g, s), "order turn 1/3 score 0,0 money 5,5 pot 0 "
                                       "order 1,2 thrown -,-");
    play_to(g, s, "6-6-6 1-1-1", "play turn 1/3 score 0,0 money 2,2 pot 6 "
                                 "order 1,2 round 1 sums -,-");
    play(g, s, "6-6-6");
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, 0) == 3 && return_of(g, s, 1) == -3);
    assert_string_equal(text_of(g, s), "over played 1/3 score 1,0 money 8,2 pot 0");
    /* RULES.md, Endings: the one who cannot stake loses */
    assert_reason(g, s, "Player 2 cannot cover the stake", "brak środków na stawkę: Gracz 2");
    lt_state_free(s);
    /* two turns for stakes of 1, seat 1 wins both with a Hazard */
    s = start_n(&g, "hazard", "form=stakes stake=1 bankroll=10 turns=2", 2);
    play(g, s, "6-6-6 1-1-1 6-6-6 6-6-6 1-1-1 6-6-6");
    assert_end(g, s, 0, 2, "after 2 turns: Player 1 +2, Player 2 -2",
               "po 2 turach: Gracz 1 +2, Gracz 2 -2");
    lt_state_free(s);
}

/* Positions that must not read. */
static bad_texts bad = {"hazard", NULL, 2,
    {"play turn 1/1 score 0,0 order 1,2 round 2 next 1 rehazards 10,-",
     "play turn 1/1 score 0,0 order 1,2 round 1 sums 10,11",
     "play turn 1/1 score 0,0 order 1,2 round 1 sums -,11",
     "play turn 1/1 score 0,0 order 1,2 round 1 sums 5,-",
     "play turn 1/1 score 0,0 order 1,2 round 3 next 1 rehazards 9,9",
     "order turn 1/1 score 0,0 order 1,2 thrown 9,9",
     "order turn 1/1 score 0,0 order 1|2 thrown -,-"}};

static bad_texts bad_stakes = {"hazard", "form=stakes", 2,
    {"order turn 1/1 score 0,0 money 9,9 pot 1 order 1,2 thrown -,-"}};

TEST_MAIN(cmocka_unit_test(rules),
          cmocka_unit_test(shared),
          cmocka_unit_test(later_round),
          cmocka_unit_test(whole_turn),
          cmocka_unit_test(betting),
          cmocka_unit_test_prestate(bad_positions, &bad),
          cmocka_unit_test_prestate(bad_positions, &bad_stakes))
