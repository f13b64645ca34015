/* test_triples.c — Trójki (seed 000, d): rules and exact odds against
 * values worked out by hand and by enumeration here. */
#include "dice_test.h"

static void rounds(void **st)
{
    const lt_game *g;
    /* a lone Triple wins, even one whose sum (3) is in the group, and
     * over a throw in the group (4) */
    /* RULES.md, Endings: each way a turn ends, with its reason */
    lt_state *s = match_won(&g, "triples", NULL, 2, "1-1-1 2-1-1", 0,
                            "Player 1 threw the only Triple", "Gracz 1 wyrzuca jedyną Trójkę");
    assert_info(g, s, "Turn 1: P1 won it — threw the only Triple",
                "Tura 1: wygrywa G1 — wyrzuca jedyną Trójkę");
    /* two Triples: the round again */
    lt_state_free(s);
    s = start_n(&g, "triples", NULL, 3);
    play(g, s, "2-2-2 5-4-1 5-5-5");
    assert_string_equal(text_of(g, s),
                        "play turn 1/1 score 0,0,0 order 1,2,3 throws -,-,- steps 3");
    /* no Triple, two in the group: again; then a lone one wins */
    play(g, s, "3-2-1 4-1-1 6-5-4");
    assert_int_equal(g->current_player(s), LT_CHANCE);
    play(g, s, "6-5-4 3-2-1 6-6-5");
    assert_end(g, s, 1, 1, "Player 2 threw the only sum in the group 3-6, and no Triple came",
               "Gracz 2 wyrzuca jedyną sumę z grupy 3-6, bez Trójek");
    /* group 15-18: 6-6-6 is a Triple, 6-6-5 in the group */
    lt_state_free(s);
    s = match_won(&g, "triples", "group=15-18", 2, "6-6-5 6-5-1", 0,
                  "Player 1 threw the only sum in the group 15-18, and no Triple came",
                  "Gracz 1 wyrzuca jedyną sumę z grupy 15-18, bez Trójek");
    lt_state_free(s);
    /* two throws outside the group, round after round: the turn cap */
    assert_turn_cap("triples", NULL, 2, NULL, "5-4-1");
}

/* Group 3-6: 6 Triples of 216, 18 other throws in the group (20 minus
 * 1-1-1 and 2-2-2), 192 others.  Seat 1 has a Triple: seat 2 stops him
 * only with a Triple, and then the round is fair again:
 * 210/216 + 6/216 * 1/2 = 71/72.  Seat 1 in the group: seat 2 wins with
 * a Triple, ties with the group (18/216, then 1/2): 192/216 + 9/216 =
 * 67/72. */
static void by_hand(void **st)
{
    const lt_game *g;
    lt_state *s = start_n(&g, "triples", NULL, 2);
    assert_odds(g, s, "1/2");
    set_position(g, s, "play turn 1/1 score 0,0 order 1,2 throws t,-");
    assert_odds(g, s, "71/72");
    set_position(g, s, "play turn 1/1 score 0,0 order 1,2 throws g,-");
    assert_odds(g, s, "67/72 5/72");
    lt_state_free(s);
}

/* Three players, group 7-14, seat 1 has thrown in the group: every pair
 * of throws of seats 2 and 3 enumerated; an undecided round leaves 1/3
 * each. */
static void three_players(void **st)
{
    const lt_game *g;
    lt_state *s = start_at(&g, "triples", "group=7-14", 3,
            "play turn 1/1 score 0,0,0 order 1,2,3 throws g,-,-");
    lt_odds *o = odds_of(g, s);
    int64_t w[3] = {0}, again = 0; /* over 216^2 */
    for (int b = 0; b < 216; b++)
        for (int c = 0; c < 216; c++) {
            int kind[3] = {2, 0, 0}, x[2] = {b, c};
            for (int k = 0; k < 2; k++) {
                int f0 = x[k] / 36 + 1, f1 = x[k] / 6 % 6 + 1, f2 = x[k] % 6 + 1;
                int sum = f0 + f1 + f2;
                kind[k + 1] = f0 == f1 && f1 == f2 ? 3 : sum >= 7 && sum <= 14 ? 2 : 1;
            }
            int t = 0, gr = 0, wt = -1, wg = -1;
            for (int i = 0; i < 3; i++) {
                if (kind[i] == 3) {
                    t++;
                    wt = i;
                }
                if (kind[i] == 2) {
                    gr++;
                    wg = i;
                }
            }
            if (t == 1)
                w[wt]++;
            else if (t == 0 && gr == 1)
                w[wg]++;
            else
                again++;
        }
    for (int i = 0; i < 3; i++)
        assert_win(o, i, frac(3 * w[i] + again, 3 * 216 * 216));
    lt_state_free(s);
}

/* Positions that must not read. */
static bad_texts bad = {"triples", NULL, 3,
    {"play turn 1/1 score 0,0,0 order 1,2,3 throws -,t,-",
     "play turn 1/1 score 0,0,0 order 1,2,3 throws t,t,t",
     "play turn 1/1 score 0,0,0 order 1,2,3 throws x,-,-",
     "play turn 1/1 score 0,0,0 order 1,2,3 throws t,-"}};

TEST_MAIN(cmocka_unit_test(rounds),
          cmocka_unit_test(by_hand),
          cmocka_unit_test(three_players),
          cmocka_unit_test_prestate(bad_positions, &bad))
