/* test_marlota.c — Marlota (seed 000, f): rules and exact odds against
 * values worked out by hand and by enumeration here. */
#include "dice_test.h"

static void rules(void **st)
{
    const lt_game *g;
    lt_state *s = start_n(&g, "marlota", NULL, 2);
    play(g, s, "6-6-6 1-1-1"); /* seat 1 first: he throws the numbers */
    /* 3 is no number; 10 goes to the last in order (seat 2); 10 again is
     * taken; 11 is his own */
    play_to(g, s, "1-1-1 5-4-1 6-3-1 6-4-1", "play turn 1/1 score 0,0 order 1,2 numbers "
                                             "11,10 next 1 steps 4");
    play(g, s, "3-2-1 6-2-1"); /* nobody's: seat 2, then seat 1 throw on */
    play(g, s, "6-3-1");       /* seat 1 throws 10: seat 2's number wins */
    /* RULES.md, Endings */
    assert_end(g, s, 1, 1, "Player 1 threw 10, Player 2's number",
               "Gracz 1 wyrzuca 10, liczbę Gracza 2");
    assert_info(g, s, "Turn 1: P2 won it — P1 threw 10, P2's number",
                "Tura 1: wygrywa G2 — G1 wyrzuca 10, liczbę G2");
    lt_state_free(s);
    /* numbers 11, 10; seat 1 throws 11 */
    s = match_won(&g, "marlota", NULL, 2, "6-6-6 1-1-1 5-4-1 6-4-1 6-4-1", 0,
                  "Player 1 threw 11, own number", "Gracz 1 wyrzuca 11, własną liczbę");
    lt_state_free(s);
    /* 6 is nobody's number */
    assert_turn_cap("marlota", NULL, 2, "6-6-6 1-1-1 5-4-1 6-4-1", "3-2-1");
}

/* Numbers 7 (15 throws of 216) and 10 (27): whoever throws, the first
 * of them decides: 15/42 = 5/14 for the owner of 7. */
static void by_hand(void **st)
{
    assert_odds_at("marlota", NULL, 2, "play turn 1/1 score 0,0 order 1,2 numbers 7,10 next 2",
                   "5/14 9/14");
}

/* The start, three players: the first accepted number (drawn among
 * 7-14 by its weight) goes to the third in order, the next to the
 * second, the last to the first; then w(own) / sum w wins.  Every triple
 * of numbers enumerated. */
static void three_players(void **st)
{
    const lt_game *g;
    lt_state *s = start_n(&g, "marlota", NULL, 3);
    lt_odds *o = odds_of(g, s);
    rat win[3];
    for (int i = 0; i < 3; i++)
        rat_set(&win[i], 0, 1);
    for (int a = 7; a <= 14; a++)
        for (int b = 7; b <= 14; b++)
            for (int c = 7; c <= 14; c++) {
                if (a == b || a == c || b == c)
                    continue;
                int wa = ways3(a), wb = ways3(b), wc = ways3(c), total = wa + wb + wc;
                rat p;
                rat_set(&p, wa, 176);
                rat_scale(&p, &p, wb, (uint64_t)(176 - wa));
                rat_scale(&p, &p, wc, (uint64_t)(176 - wa - wb));
                int mine[3] = {wc, wb, wa}; /* seat 1 got c, seat 3 got a */
                for (int i = 0; i < 3; i++) {
                    rat t;
                    rat_scale(&t, &p, mine[i], (uint64_t)total);
                    rat_add(&win[i], &win[i], &t);
                }
            }
    for (int i = 0; i < 3; i++)
        assert_win(o, i, rat_str(&win[i]));
    lt_state_free(s);
}

/* Positions that must not read. */
static bad_texts bad = {"marlota", NULL, 3,
    {"play turn 1/1 score 0,0,0 order 1,2,3 numbers 7,-,-",
     "play turn 1/1 score 0,0,0 order 1,2,3 numbers -,7,7",
     "play turn 1/1 score 0,0,0 order 1,2,3 numbers 7,8,9",
     "play turn 1/1 score 0,0,0 order 1,2,3 numbers -,-,7 next 1",
     "play turn 1/1 score 0,0,0 order 1,2,3 numbers 6,8,9 next 1"}};

TEST_MAIN(cmocka_unit_test(rules),
          cmocka_unit_test(by_hand),
          cmocka_unit_test(three_players),
          cmocka_unit_test_prestate(bad_positions, &bad))
