/* test_panquist.c — Panquist (seed 000, i): the payout table of the seed
 * (with 5-1-1 for its 5-5-1 under 7), the turn, the stakes, and exact
 * odds worked out by hand and by enumeration here. */
#include "dice_test.h"

/* The seed's table: each throw of 7-14 and the stakes it takes (4 is
 * Panquist). */
static const struct {
    const char *throw_;
    int stakes;
} seed_table[] = {
    {"5-1-1", 2}, {"4-2-1", 2}, {"3-2-2", 3}, {"3-3-1", 4},
    {"5-2-1", 1}, {"4-3-1", 2}, {"4-2-2", 3}, {"6-1-1", 3}, {"3-3-2", 4},
    {"6-2-1", 1}, {"5-3-1", 1}, {"4-3-2", 2}, {"5-2-2", 3}, {"3-3-3", 3}, {"4-4-1", 4},
    {"5-4-1", 1}, {"5-3-2", 1}, {"6-3-1", 2}, {"6-2-2", 3}, {"4-3-3", 3}, {"4-4-2", 4},
    {"6-3-2", 1}, {"5-4-2", 1}, {"6-4-1", 2}, {"5-5-1", 3}, {"4-4-3", 3}, {"5-3-3", 4},
    {"6-5-1", 1}, {"6-4-2", 1}, {"5-4-3", 2}, {"5-5-2", 3}, {"4-4-4", 3}, {"6-3-3", 4},
    {"6-5-2", 1}, {"6-4-3", 2}, {"6-6-1", 3}, {"5-5-3", 3}, {"5-4-4", 4},
    {"6-5-3", 2}, {"6-6-2", 3}, {"5-5-4", 3}, {"6-4-4", 4},
};

static void payouts(void **st)
{
    int covered = 0;
    for (size_t i = 0; i < sizeof seed_table / sizeof seed_table[0]; i++) {
        const char *t = seed_table[i].throw_;
        int sum = (t[0] - '0') + (t[2] - '0') + (t[4] - '0');
        char pos[160];
        snprintf(pos, sizeof pos, "play turn 1/1 score 0,0 money 20,16 pot 4 "
                                  "order 1,2 numbers %d,%d next 1",
                 sum, sum == 7 ? 8 : 7);
        const lt_game *g;
        lt_state *s = start_at(&g, "panquist", NULL, 2, pos);
        play(g, s, t);
        assert_int_equal(g->current_player(s), LT_TERMINAL);
        if (return_of(g, s, 0) != seed_table[i].stakes)
            fail_msg("%s takes %g, the seed says %d", t, return_of(g, s, 0),
                     seed_table[i].stakes);
        covered += ways3(sum) > 0;
        lt_state_free(s);
    }
    /* every throw of 7-14 is in the table: 15+21+25+27+27+25+21+15 */
    int ways = 0;
    for (size_t i = 0; i < sizeof seed_table / sizeof seed_table[0]; i++) {
        const char *t = seed_table[i].throw_;
        ways += t[0] == t[2] && t[2] == t[4] ? 1 : t[0] == t[2] || t[2] == t[4] ? 3 : 6;
    }
    assert_int_equal(ways, 176);
    assert_int_equal(covered, 42);
}

static void turns(void **st)
{
    const lt_game *g;
    lt_state *s = start_n(&g, "panquist", "bankroll=4 turns=3", 2);
    play(g, s, "6-6-6 1-1-1"); /* seat 1 throws first; seat 2 stakes 4 */
    /* 8 his, 12 the other's */
    play_to(g, s, "6-6-6 5-2-1 6-6-6 6-5-1", "play turn 1/3 score 0,0 money 4,0 pot 4 "
                                             "order 1,2 numbers 8,12 next 1 steps 4");
    /* his 8 as 5-2-1: one stake */
    play_to(g, s, "5-2-1", "play turn 2/3 score 1,0 money 1,3 pot 4 "
                           "order 2,1 numbers -,-");
    /* RULES.md, Endings: each turn's end, and the match's */
    assert_info(g, s, "Turn 1: P1 won it — threw 8 (5-2-1), own number: takes 1 of the 4 stakes",
                "Tura 1: wygrywa G1 — wyrzuca 8 (5-2-1), własną liczbę: bierze 1 z 4 zakładów");
    /* seat 2 throws: 9 his, 10 seat 1's; then seat 1, the staker, throws
     * his 10: the turn is his and his stakes come back */
    play_to(g, s, "6-2-1 5-4-1 1-1-1 5-4-1", "over played 2/3 score 2,0 money 5,3 pot 0");
    /* turn 3: seat 2 should stake four and has three: he has lost */
    assert_true(return_of(g, s, 0) == 1 && return_of(g, s, 1) == -1);
    assert_info(g, s, "Turn 2: P1 won it — threw 10, own number, before the thrower's: no stakes taken",
                "Tura 2: wygrywa G1 — wyrzuca 10, własną liczbę, przed rzucającym: zakłady wracają");
    assert_reason(g, s, "Player 2 cannot cover the four stakes",
                  "brak środków na cztery zakłady: Gracz 2");
    lt_state_free(s);
    /* a one-turn match: seat 1 throws his 9 as 4-4-1, Panquist */
    s = start_n(&g, "panquist", NULL, 2);
    play(g, s, "6-6-6 1-1-1 6-2-1 6-3-1 4-4-1");
    assert_end(g, s, 0, 4, "Player 1 threw 9 (4-4-1), own number: Panquist, all 4 stakes; "
                   "Player 1 +4, Player 2 -4",
               "Gracz 1 wyrzuca 9 (4-4-1), własną liczbę: Panquist, 4 zakłady; "
                   "Gracz 1 +4, Gracz 2 -4");
    lt_state_free(s);
    /* numbers 9 and 10; 6 is nobody's; the stakes go back */
    assert_turn_cap("panquist", NULL, 2, "6-6-6 1-1-1 6-2-1 6-3-1", "3-2-1");
}

/* Stakes a throw of 7 takes on average: 5-1-1 (3 ways) and 4-2-1 (6) 2
 * each, 3-2-2 (3) 3, 3-3-1 (3) 4: 39/15 = 13/5.  With 7 against 14
 * (both 15 of 216: x) and the thrower to throw, he throws 7 first with
 * x / (1 - (1-x)^2) = 1/(2-x) = 216/417 = 72/139, and takes on average
 * 72/139 * 13/5 = 936/695 stakes. */
static void by_hand(void **st)
{
    const lt_game *g;
    lt_state *s = start_at(&g, "panquist", NULL, 2,
            "play turn 1/1 score 0,0 money 20,16 pot 4 order 1,2 "
            "numbers 7,14 next 1");
    lt_odds *o = odds_of(g, s);
    assert_win(o, 0, "72/139");
    assert_value(o, "936/695");
    /* the staker to throw: he first needs to miss (201/216) */
    set_position(g, s, "play turn 1/1 score 0,0 money 20,16 pot 4 order 1,2 "
                       "numbers 7,14 next 2");
    assert_win(odds_of(g, s), 0, frac(72 * 201, 139 * 216));
    lt_state_free(s);
}

/* The start of a turn: the thrower's number a (weight of 176), the
 * other's b (of 176 - w(a), or of 176 with distinct=no), then the race;
 * the mean payout of each sum from the table above. */
static void whole_turn(void **st)
{
    for (int same = 0; same < 2; same++) {
        const lt_game *g;
        lt_state *s = start_n(&g, "panquist", same ? "distinct=no" : NULL, 2);
        lt_odds *o = odds_of(g, s);
        rat win, value, t, stakes;
        rat_set(&win, 0, 1);
        rat_set(&value, 0, 1);
        for (int a = 7; a <= 14; a++) {
            int64_t paid = 0;
            for (size_t i = 0; i < sizeof seed_table / sizeof seed_table[0]; i++) {
                const char *x = seed_table[i].throw_;
                if ((x[0] - '0') + (x[2] - '0') + (x[4] - '0') != a)
                    continue;
                int w = x[0] == x[2] && x[2] == x[4] ? 1 : x[0] == x[2] || x[2] == x[4] ? 3 : 6;
                paid += w * seed_table[i].stakes;
            }
            rat_set(&stakes, paid, (uint64_t)ways3(a));
            for (int b = 7; b <= 14; b++) {
                if (!same && a == b)
                    continue;
                int64_t wa = ways3(a), wb = ways3(b);
                /* he wins: wa / (216^2 - (216-wa)(216-wb)) * 216 */
                rat_set(&t, wa * 216, (uint64_t)(216 * 216 - (216 - wa) * (216 - wb)));
                rat_scale(&t, &t, wa, 176);
                rat_scale(&t, &t, wb, (uint64_t)(same ? 176 : 176 - wa));
                rat_add(&win, &win, &t);
                rat_mul(&t, &t, &stakes);
                rat_add(&value, &value, &t);
            }
        }
        assert_win(o, 0, rat_str(&win));
        assert_value(o, rat_str(&value));
        lt_state_free(s);
    }
}

/* Positions that must not read. */
static bad_texts bad = {"panquist", NULL, 2,
    {"play turn 1/1 score 0,0 money 20,16 pot 4 order 1,2 numbers 7,7 next 1",
     "play turn 1/1 score 0,0 money 20,16 pot 4 order 1,2 numbers -,7",
     "play turn 1/1 score 0,0 money 20,18 pot 2 order 1,2 numbers -,-",
     "play turn 1/1 score 0,0 money 20,16 pot 3 order 1,2 numbers -,-"}};

TEST_MAIN(cmocka_unit_test(payouts),
          cmocka_unit_test(turns),
          cmocka_unit_test(by_hand),
          cmocka_unit_test(whole_turn),
          cmocka_unit_test_prestate(bad_positions, &bad))
