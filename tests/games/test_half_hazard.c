/* test_half_hazard.c — Pół Hazard (seed 000, j): the turn, the money,
 * the best play, and exact values worked out by hand here. */
#include "dice_test.h"

#include "ludoteka/ai.h"
#include "ludoteka/engines.h"

static void rules(void **st)
{
    const lt_game *g;
    lt_state *s = start_n(&g, "half-hazard", NULL, 2);
    play(g, s, "6-6-6 1-1-1");       /* seat 1 throws; both cover 10 */
    play(g, s, "5-4-1 6-3-1 6-4-1"); /* 10 for seat 2; 10 again; 11 his */
    assert_int_equal(g->current_player(s), LT_CHANCE); /* one throw at least */
    /* a Hazard: 3 units */
    play_to(g, s, "6-6-6", "play turn 1/1 score 0,0 money 40,40 pot 20 "
                           "order 1,2 numbers 11,10 winnings 6 streak 1 "
                           "choose steps 4");
    assert_int_equal(g->current_player(s), 0);
    play(g, s, "throw 6-6-5");  /* one more in a row: 1 unit */
    play(g, s, "throw 6-4-1");  /* his own number: the streak starts again */
    play(g, s, "throw 6-6-6");  /* 3 units again: 14 */
    /* he takes 14; 6 stay, split at the end */
    play_to(g, s, "stop", "over played 1/1 score 1,0 money 57,43 pot 0");
    /* RULES.md, Endings */
    assert_end2(g, s, 7, -7, "Player 1 stopped and took 14; Player 1 +7, Player 2 -7",
               "Gracz 1 przerywa i zabiera 14; Gracz 1 +7, Gracz 2 -7");
    assert_info(g, s, "Turn 1: P1 won it — stopped and took 14",
                "Tura 1: wygrywa G1 — przerywa i zabiera 14");
    lt_state_free(s);
}

static void endings(void **st)
{
    const lt_game *g;
    /* the opponent's number: the whole pool */
    lt_state *s = start_at(&g, "half-hazard", "turns=2", 2,
            "play turn 1/2 score 0,0 money 40,40 pot 20 order 1,2 "
            "numbers 11,10 winnings 6 streak 1 choose");
    play_to(g, s, "throw 5-4-1", "play turn 2/2 score 1,0 money 50,30 pot 20 "
                                 "order 2,1 numbers -,-");
    assert_info(g, s, "Turn 1: P1 won it — threw 10, the opponent's number: the whole pool (20)",
                "Tura 1: wygrywa G1 — wyrzuca 10, liczbę przeciwnika: cała pula (20)");
    /* seat 2 throws: 11 for seat 1, 9 his; a Hazard; then 10, nobody's:
     * all he won is lost, the pool stays (and is split at the end) */
    play_to(g, s, "6-4-1 6-2-1 6-6-6 throw 5-4-1", "over played 2/2 score 2,0 money 60,40 pot 0");
    assert_info(g, s, "Turn 2: P1 won it — P2 threw 10, nobody's number, and lost the winnings",
                "Tura 2: wygrywa G1 — G2 wyrzuca 10, niczyją liczbę, i traci wygraną");
    assert_reason(g, s, "after 2 turns: Player 1 +10, Player 2 -10",
                  "po 2 turach: Gracz 1 +10, Gracz 2 -10");
    /* streak=rising: the k-th Hazard pays 2+k units: 6, then 8, then
     * 10 would pass the pool of 20: he takes it all */
    lt_state_free(s);
    s = start_at(&g, "half-hazard", "streak=rising", 2,
            "play turn 1/1 score 0,0 money 40,40 pot 20 order 1,2 "
            "numbers 11,10 winnings 0 streak 0 first");
    play_to(g, s, "6-6-6 throw 6-6-6", "play turn 1/1 score 0,0 money 40,40 pot 20 "
                                       "order 1,2 numbers 11,10 winnings 14 streak 2 "
                                       "choose steps 3");
    play(g, s, "throw 6-6-6");
    assert_end(g, s, 0, 10, "Player 1 threw 18, a Hazard: the winnings reach the whole pool (20); "
                   "Player 1 +10, Player 2 -10",
               "Gracz 1 wyrzuca 18, Hazard: wygrana sięga całej puli (20); "
                   "Gracz 1 +10, Gracz 2 -10");
    lt_state_free(s);
    /* his own number, then he stops with nothing won: nobody's turn */
    s = start_at(&g, "half-hazard", NULL, 2, "play turn 1/1 score 0,0 money 40,40 pot 20 order 1,2 "
                                             "numbers 11,10 winnings 0 streak 0 first");
    play(g, s, "6-4-1 stop");
    assert_end(g, s, 0, 0, "Player 1 stopped with nothing won; no money changed hands",
               "Gracz 1 przerywa bez wygranej; nikt nic nie zyskuje ani nie traci");
    assert_info(g, s, "Turn 1: nobody won it — P1 stopped with nothing won",
                "Tura 1 bez zwycięzcy — G1 przerywa bez wygranej");
    lt_state_free(s);
    /* his own number, thrown on and on: the turn cap */
    assert_turn_cap("half-hazard", NULL, 2, "6-6-6 1-1-1 5-4-1 6-4-1", "6-4-1 throw");
}

/* After a Hazard (won 6 of a pool of 20, numbers 12 his (25 of 216) and
 * 10 the opponent's (27)): stopping gains 6/2 = 3.  From 6 on,
 * continuing never pays: even if every Hazard then stops,
 * 40(W+2) + 27W + 27*20 <= 216W for W >= 5, so the best throw is worth
 * (40*8 + 25*6 + 27*20)/216 = 505/108 taken, 505/216 gained. */
static void decision(void **st)
{
    const lt_game *g;
    lt_state *s = start_at(&g, "half-hazard", NULL, 2,
            "play turn 1/1 score 0,0 money 40,40 pot 20 order 1,2 "
            "numbers 12,10 winnings 6 streak 1 choose");
    lt_odds *o = odds_of(g, s);
    assert_int_equal(o->nchoices, 2);
    assert_int_equal(o->choice[0].action, DICE_STOP);
    assert_string_equal(o->choice[0].value.exact, "3");
    assert_int_equal(o->choice[1].action, DICE_THROW);
    assert_string_equal(o->choice[1].value.exact, "505/216");
    assert_value(o, "3");
    lt_error err = {0};
    lt_player *p = lt_player_new(g, "ai:perfect", &err);
    assert_non_null(p);
    assert_int_equal(lt_player_choose(p, s, 1, NULL, NULL), DICE_STOP);
    lt_player_free(p);
    /* the default computer player is the perfect one */
    p = lt_player_new(g, "ai", &err);
    assert_int_equal(lt_player_choose(p, s, 1, NULL, NULL), DICE_STOP);
    lt_player_free(p);
    assert_null(lt_player_new(g, "ai:perfect:depth=3", &err));
    /* the evaluation: nothing gained yet in money, 3 expected */
    double e[2];
    lt_engines_of(g)->evaluate(s, e);
    assert_true(fabs(e[0] - 3) < 1e-9 && fabs(e[1] + 3) < 1e-9);
    lt_state_free(s);
}

/* The turn from its start, by the rule above: he always makes his first
 * throw, throws again after his own number, and stops after his first
 * Hazard.  Per pair of numbers (o for the opponent, of 176; m his, of
 * 176 - w(o)): taken (40*6 + w(o)*20) / (216 - w(m)); he gains in the
 * turn with (40 + w(o)) / (216 - w(m)).  Pool 2, unit 1: the first
 * Hazard (3 units) already takes the pool of 2. */
static void whole_turn(void **st)
{
    for (int small = 0; small < 2; small++) {
        const lt_game *g;
        lt_state *s = start_n(&g, "half-hazard", small ? "pool=2 unit=1" : NULL, 2);
        lt_odds *o = odds_of(g, s);
        int hazard_takes = small ? 2 : 6, pool = small ? 2 : 20;
        rat win, value, t;
        rat_set(&win, 0, 1);
        rat_set(&value, 0, 1);
        for (int op = 7; op <= 14; op++)
            for (int m = 7; m <= 14; m++) {
                if (m == op)
                    continue;
                int64_t wo = ways3(op), wm = ways3(m);
                rat pr;
                rat_set(&pr, wo, 176);
                rat_scale(&pr, &pr, wm, (uint64_t)(176 - wo));
                rat_scale(&t, &pr, 40 + wo, (uint64_t)(216 - wm));
                rat_add(&win, &win, &t);
                /* gain: half of what he takes */
                rat_scale(&t, &pr, 40 * hazard_takes + wo * pool, 2 * (uint64_t)(216 - wm));
                rat_add(&value, &value, &t);
            }
        assert_win(o, 0, rat_str(&win));
        assert_value(o, rat_str(&value));
        lt_state_free(s);
    }
}

/* bankroll 15, pool 20: after the first turn seat 2 has 5 and cannot
 * cover his half of the next pool (10): he has lost, the match ends. */
static void bankroll(void **st)
{
    const lt_game *g;
    lt_state *s = start_n(&g, "half-hazard", "bankroll=15 turns=3", 2);
    /* the opponent's: all 20 */
    play_to(g, s, "6-6-6 1-1-1 5-4-1 6-4-1 5-4-1", "over played 1/3 score 1,0 money 25,5 pot 0");
    assert_end2(g, s, 10, -10, "Player 2 cannot cover half of the pool",
                "brak środków na połowę puli: Gracz 2");
    lt_state_free(s);
}

/* Positions that must not read. */
static bad_texts bad = {"half-hazard", NULL, 2,
    {"play turn 1/1 score 0,0 money 40,40 pot 20 order 1,2 "
     "numbers 11,- winnings 0 streak 0 first",
     "play turn 1/1 score 0,0 money 40,40 pot 20 order 1,2 "
     "numbers 11,10 winnings 20 streak 1 choose",
     "play turn 1/1 score 0,0 money 40,40 pot 20 order 1,2 "
     "numbers 11,10 winnings 4 streak 1 first",
     "play turn 1/1 score 0,0 money 40,40 pot 20 order 1,2 "
     "numbers 11,10 winnings 0 streak 2 choose",
     "play turn 1/1 score 0,0 money 40,40 pot 20 order 1,2 numbers 11,10"}};

TEST_MAIN(cmocka_unit_test(rules),
          cmocka_unit_test(endings),
          cmocka_unit_test(decision),
          cmocka_unit_test(whole_turn),
          cmocka_unit_test(bankroll),
          cmocka_unit_test_prestate(bad_positions, &bad))
