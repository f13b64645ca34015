/* test_rising_hazard.c — Rosnący Hazard (seed 000, k): the growing pool,
 * who pays, the best play, and exact values worked out by hand and by
 * an independent value iteration here. */
#include "dice_test.h"

#include "ludoteka/ai.h"
#include "ludoteka/engines.h"

static void halves(void **st)
{
    const lt_game *g;
    lt_state *s = start_n(&g, "rising-hazard", NULL, 2);
    play(g, s, "6-6-6 1-1-1"); /* seat 1 throws; the pool: a unit, 1 each */
    play(g, s, "5-4-1 6-4-1"); /* 10 for seat 2, 11 his */
    /* a Hazard: another unit, 1 each */
    play_to(g, s, "6-6-6", "play turn 1/1 score 0,0 money 48,48 pot 4 "
                           "order 1,2 numbers 11,10 choose steps 3");
    play(g, s, "throw 6-4-1"); /* his own: nothing */
    /* the opponent's: the whole pool */
    play_to(g, s, "throw 5-4-1", "over played 1/1 score 1,0 money 52,48 pot 0");
    /* RULES.md, Endings */
    assert_end(g, s, 0, 2, "Player 1 threw 10, the opponent's number: the whole pool (4); "
                   "Player 1 +2, Player 2 -2",
               "Gracz 1 wyrzuca 10, liczbę przeciwnika: cała pula (4); "
                   "Gracz 1 +2, Gracz 2 -2");
    lt_state_free(s);
    /* his own number, thrown on and on: the turn cap */
    assert_turn_cap("rising-hazard", NULL, 2, "6-6-6 1-1-1 5-4-1 6-4-1", "6-4-1 throw");
}

static void by_turns(void **st)
{
    const lt_game *g;
    lt_state *s = start_n(&g, "rising-hazard", "cover=alternate turns=2", 2);
    /* the first unit from seat 2, who is not throwing */
    play_to(g, s, "6-6-6 1-1-1", "play turn 1/2 score 0,0 money 50,48 pot 2 "
                                 "order 1,2 numbers -,- payer 1");
    /* the Hazard's unit is seat 1's */
    play_to(g, s, "5-4-1 6-4-1 6-6-6", "play turn 1/2 score 0,0 money 48,48 pot 4 "
                                       "order 1,2 numbers 11,10 payer 2 choose steps 3");
    /* the pool stays; roles change; seat 2 pays next */
    play_to(g, s, "stop", "play turn 2/2 score 0,0 money 48,48 pot 4 "
                          "order 2,1 numbers -,- payer 2");
    /* RULES.md, Endings */
    assert_info(g, s, "Turn 1: nobody won it — P1 stopped: the roles change, the pool stays",
                "Tura 1 bez zwycięzcy — G1 przerywa: zmiana ról, pula zostaje");
    /* 10 for seat 1, 11 his; 9: nobody's */
    play_to(g, s, "5-4-1 6-4-1 6-2-1", "over played 2/2 score 1,0 money 50,50 pot 0");
    assert_info(g, s, "Turn 2: P1 won it — P2 threw 9, nobody's number: the roles change, the "
                      "pool stays",
                "Tura 2: wygrywa G1 — G2 wyrzuca 9, niczyją liczbę: zmiana ról, pula zostaje");
    assert_reason(g, s, "after 2 turns: no money changed hands",
               "po 2 turach: nikt nic nie zyskuje ani nie traci");
    lt_state_free(s);
}

/* Halves: every Hazard costs both the same, so he always throws on.
 * Each throw: the opponent's number (w_o) wins the pool, another unowned
 * number (w_x = 176 - w_o - w_m) ends the turn, Hazards (40) add a unit,
 * his own changes nothing.  He wins with w_o / (w_o + w_x); the Hazards
 * before the end number 40 / (w_o + w_x) on average, whichever way it
 * ends; the pool is then u (1 + H), half of it his: he gains
 * (u/2)(1 + 40/(w_o + w_x)) when he wins. */
static void halves_by_hand(void **st)
{
    const lt_game *g;
    lt_state *s = start_n(&g, "rising-hazard", "unit=3", 2);
    lt_odds *o = odds_of(g, s);
    rat win, value, t;
    rat_set(&win, 0, 1);
    rat_set(&value, 0, 1);
    for (int op = 7; op <= 14; op++)
        for (int m = 7; m <= 14; m++) {
            if (m == op)
                continue;
            int64_t wo = ways3(op), wm = ways3(m), wx = 176 - wo - wm;
            rat pr, w;
            rat_set(&pr, wo, 176);
            rat_scale(&pr, &pr, wm, (uint64_t)(176 - wo));
            rat_scale(&w, &pr, wo, (uint64_t)(wo + wx));
            rat_add(&win, &win, &w);
            rat_scale(&t, &w, 3 * (wo + wx + 40), 2 * (uint64_t)(wo + wx));
            rat_add(&value, &value, &t);
        }
    assert_win(o, 0, rat_str(&win));
    assert_value(o, rat_str(&value));
    lt_state_free(s);
}

/* By turns, solved here by value iteration in halves of a unit over
 * pools up to 2000 units (a pool that large is past any doubt), from
 * the top down: V(P,x) = max(0, (p_h(d_x + V(P+U,1-x)) + p_o P/2) /
 * (1 - p_m)), d = -U/2 when he pays the next unit (x = 1), +U/2 when
 * the other does. */
static double v_iter(int wo, int wm, int U, int P, int x, double *throw_now)
{
    enum { TOP = 8000 };
    static double V[TOP / 4 + 2][2];
    double ph = 40 / 216.0, pm = wm / 216.0, po = wo / 216.0;
    for (int k = TOP / U; k >= 1; k--)
        for (int y = 0; y < 2; y++) {
            double up = k == TOP / U ? 0 : V[k + 1][1 - y];
            double t = (ph * ((y ? -U : U) / 2.0 + up) + po * k * U / 2.0) / (1 - pm);
            V[k][y] = t > 0 ? t : 0;
        }
    int k = P / U;
    *throw_now = ph * ((x ? -U : U) / 2.0 + V[k + 1][1 - x]) + pm * V[k][x] + po * P / 2.0;
    return V[k][x];
}

static void by_turns_best_play(void **st)
{
    const lt_game *g;
    lt_state *s = start_n(&g, "rising-hazard", "cover=alternate", 2);
    /* one unit in the pool, his to pay next, 7 the opponent's (15 ways),
     * 14 his: throwing again loses on average, he stops */
    set_position(g, s, "play turn 1/1 score 0,0 money 50,48 pot 2 order 1,2 "
                       "numbers 14,7 payer 1 choose");
    lt_odds *o = odds_of(g, s);
    double t;
    double v = v_iter(15, 15, 4, 4, 1, &t);
    assert_true(v == 0 && t < 0);
    assert_int_equal(o->nchoices, 2);
    assert_string_equal(o->choice[0].value.exact, "0");
    assert_true(fabs(o->choice[1].value.decimal - t / 2) < 1e-12);
    assert_true(o->choice[1].value.decimal < 0);
    lt_error err = {0};
    lt_player *p = lt_player_new(g, "ai:perfect", &err);
    assert_int_equal(lt_player_choose(p, s, 1, NULL, NULL), DICE_STOP);
    /* with the other paying next, he throws */
    set_position(g, s, "play turn 1/1 score 0,0 money 50,48 pot 2 order 1,2 "
                       "numbers 14,7 payer 2 choose");
    assert_int_equal(lt_player_choose(p, s, 1, NULL, NULL), DICE_THROW);
    v = v_iter(15, 15, 4, 4, 0, &t);
    assert_true(fabs(odds_of(g, s)->value.decimal - v / 2) < 1e-12);
    lt_player_free(p);
    /* the whole turn, from the start (his first throw is forced) */
    lt_state_free(s);
    s = start_n(&g, "rising-hazard", "cover=alternate", 2);
    o = odds_of(g, s);
    double total = 0;
    for (int op = 7; op <= 14; op++)
        for (int m = 7; m <= 14; m++) {
            if (m == op)
                continue;
            double pr = ways3(op) / 176.0 * ways3(m) / (176 - ways3(op));
            v_iter(ways3(op), ways3(m), 4, 4, 1, &t);
            total += pr * t / 2;
        }
    assert_true(fabs(o->value.decimal - total) < 1e-12);
    /* the evaluation at the start of the turn: the non-thrower paid the
     * first unit (half of it now the thrower's), and the turn's value */
    assert_true(dice_enter_seat_order((dice_state *)s));
    double e[2];
    lt_engines_of(g)->evaluate(s, e);
    assert_true(fabs(e[0] - (1 + total)) < 1e-9 && fabs(e[1] + 1 + total) < 1e-9);
    lt_state_free(s);
}

/* bankroll 1, unit 2: the first unit takes 1 from each; at the first
 * Hazard neither can pay his half of the next: the match ends and the
 * pool is split. */
static void bankroll(void **st)
{
    const lt_game *g;
    lt_state *s = start_n(&g, "rising-hazard", "bankroll=1 turns=5", 2);
    play_to(g, s, "6-6-6 1-1-1 5-4-1 6-4-1", "play turn 1/5 score 0,0 money 0,0 pot 2 "
                                             "order 1,2 numbers 11,10 first steps 2");
    play_to(g, s, "6-6-6", "over played 0/5 score 0,0 money 1,1 pot 0");
    assert_reason(g, s, "Player 1 and Player 2 cannot cover the next unit",
                  "brak środków na kolejną jednostkę: Gracz 1 i Gracz 2");
    lt_state_free(s);
}

/* Positions that must not read. */
static bad_texts bad = {"rising-hazard", NULL, 2,
    {"play turn 1/1 score 0,0 money 49,49 pot 2 order 1,2 numbers 11,10 payer 1 choose",
     "play turn 1/1 score 0,0 money 49.5,49.5 pot 1 order 1,2 numbers -,-",
     "play turn 1/1 score 0,0 money 50,50 pot 0 order 1,2 numbers -,-",
     "play turn 1/1 score 0,0 money 49,49 pot 2 order 1,2 numbers 11,10"}};

TEST_MAIN(cmocka_unit_test(halves),
          cmocka_unit_test(by_turns),
          cmocka_unit_test(halves_by_hand),
          cmocka_unit_test(by_turns_best_play),
          cmocka_unit_test(bankroll),
          cmocka_unit_test_prestate(bad_positions, &bad))
