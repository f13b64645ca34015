/* test_one_and_two.c — Ile na jednej, tyle na dwóch (seed 000, c):
 * rules and exact odds against values derived by hand and by an
 * independent forward computation here. */
#include "dice_test.h"

/* One die, then two; last throws; equal successes play off. */
static void a_turn(void **st)
{
    const lt_game *g;
    lt_state *s = start_n(&g, "one-and-two", NULL, 2);
    lt_outcome out[LT_MAX_OUTCOMES];
    assert_int_equal(g->chance_outcomes(s, out), 6);  /* one die */
    play(g, s, "4");
    assert_int_equal(g->chance_outcomes(s, out), 21); /* two dice */
    /* 4 on two dice: a success; seat 2 may equal */
    play_to(g, s, "3-1", "play turn 1/1 score 0,0 order 1,2 contest "
                         "1,2 first 1 equal 1 due 2 steps 2");
    play(g, s, "2 1-1"); /* he equals: the two play off */
    assert_string_equal(text_of(g, s),
                        "play turn 1/1 score 0,0 order 1,2 contest 1,2 next 1 steps 4");
    play(g, s, "1 1-1 6 5-1"); /* seat 1 cannot succeed with a 1; seat 2 does */
    play(g, s, "6 6-6");       /* seat 1's last throw fails */
    /* RULES.md, Endings */
    assert_end(g, s, 1, 1, "Player 2 matched one die with two in the play-off; nobody equalled it",
               "Gracz 2 wyrzuca ile na jednej, tyle na dwóch w dogrywce; nikt nie "
               "wyrównuje");
    assert_info(g, s, "Turn 1: P2 won it — matched one die with two in the play-off; nobody "
                      "equalled it",
                "Tura 1: wygrywa G2 — wyrzuca ile na jednej, tyle na dwóch w dogrywce; "
                "nikt nie wyrównuje");
    lt_state_free(s);
    /* seat 1 succeeds (4 and 3-1), seat 2's last throw fails (2, 6-6) */
    s = match_won(&g, "one-and-two", NULL, 2, "4 3-1 2 6-6", 0,
                  "Player 1 matched one die with two; nobody equalled it",
                  "Gracz 1 wyrzuca ile na jednej, tyle na dwóch; nikt nie wyrównuje");
    lt_state_free(s);
    /* a 1 on the single die can never be equalled on two: the turn cap */
    assert_turn_cap("one-and-two", NULL, 2, NULL, "1 6-6");
}

/* Two players, last=all.  p = 5/72, q = 67/72.  Seat 1 succeeds first
 * with p/(1-q^2) and then wins unless seat 2 equals (p: start again);
 * seat 2 first with qp/(1-q^2), seat 1 then equals with p.  So
 * f = p/(1-q^2) (q + p f) + qp/(1-q^2) p f, and as 1-q^2 = p(1+q),
 * f (1 - p) = q/(1+q): f = 1/(1+q) = 72/139. */
static void two_players(void **st)
{
    const lt_game *g;
    lt_state *s = start_n(&g, "one-and-two", NULL, 2);
    assert_odds(g, s, "72/139 67/139");
    /* seat 2 succeeded; seat 1's last throw has 4 on the single die, so
     * he equals with 3/36, and then they start afresh (72/139):
     * 3/36 * 72/139 = 6/139 */
    set_position(g, s, "play turn 1/1 score 0,0 order 1,2 contest 1,2 first 2 "
                       "equal 2 due 1 single 4");
    assert_odds(g, s, "6/139 133/139");
    lt_state_free(s);
}

/* last=round: the round is always completed, so every player has thrown
 * as often as the others and the game is fair, 1/3 each.  Seat 2
 * succeeded after seat 1 failed: only seat 3 is due; he equals with
 * 5/72, then a fair play-off: seat 2 wins 67/72 + 5/144 = 139/144. */
static void rest_of_round(void **st)
{
    const lt_game *g;
    lt_state *s = start_n(&g, "one-and-two", "last=round", 3);
    assert_odds(g, s, "1/3 1/3 1/3");
    set_position(g, s, "play turn 1/1 score 0,0,0 order 1,2,3 contest 1,2,3 "
                       "first 2 equal 2 due 3");
    assert_odds(g, s, "0 139/144 5/144");
    /* with last=all seat 1 would be due as well */
    assert_bad_position(g, s, "play turn 1/1 score 0,0,0 order 1,2,3 contest "
                              "1,2,3 first 2 equal 2 due 1,3");
    lt_state_free(s);
}

/* Three players, last=all: the chance of each seat pushed forward
 * through the game, throw by throw, until what is left is below 1e-17
 * (a different method from the odds' backward solution). */
typedef struct {
    double mass;
    int contest[3], size, pos;
} flow;

static void forward(int players, double *win)
{
    static flow now[4096], next[4096];
    int n = 1;
    const double p = 5.0 / 72, q = 67.0 / 72;
    now[0] = (flow){1, {0, 1, 2}, players, 0};
    for (int i = 0; i < players; i++)
        win[i] = 0;
    for (int step = 0; step < 100000 && n > 0; step++) {
        int m = 0;
        for (int k = 0; k < n; k++) {
            flow f = now[k];
            /* miss: the next throws */
            flow miss = f;
            miss.mass *= q;
            miss.pos = (f.pos + 1) % f.size;
            if (miss.mass > 1e-19)
                next[m++] = miss;
            /* a success at pos: every other one throws once more */
            int others = f.size - 1;
            for (int mask = 0; mask < 1 << others; mask++) {
                double pr = f.mass * p;
                flow tie = {0, {0}, 0, 0};
                for (int j = 0, o = 0; j < f.size; j++) {
                    if (j == f.pos) {
                        tie.contest[tie.size++] = f.contest[j];
                        continue;
                    }
                    bool hit = mask >> o++ & 1;
                    pr *= hit ? p : q;
                    if (hit)
                        tie.contest[tie.size++] = f.contest[j];
                }
                if (tie.size == 1) {
                    win[tie.contest[0]] += pr;
                } else {
                    tie.mass = pr;
                    if (pr > 1e-19)
                        next[m++] = tie;
                }
            }
        }
        /* merge equal flows to keep the list short */
        n = 0;
        for (int k = 0; k < m; k++) {
            int j = 0;
            while (j < n && !(now[j].size == next[k].size && now[j].pos == next[k].pos &&
                              !memcmp(now[j].contest, next[k].contest, sizeof next[k].contest)))
                j++;
            if (j == n)
                now[n++] = next[k];
            else
                now[j].mass += next[k].mass;
        }
    }
}

static void three_players(void **st)
{
    const lt_game *g;
    lt_state *s = start_n(&g, "one-and-two", NULL, 3);
    lt_odds *o = odds_of(g, s);
    double win[3];
    forward(3, win);
    for (int i = 0; i < 3; i++)
        if (fabs(o->win[i].decimal - win[i]) > 1e-12)
            fail_msg("seat %d: %.15f by the odds, %.15f forward", i + 1,
                     o->win[i].decimal, win[i]);
    lt_state_free(s);
}

/* Positions that must not read. */
static bad_texts bad = {"one-and-two", NULL, 3,
    {"play turn 1/1 score 0,0,0 order 1,2,3 contest 2,1 next 1",
     "play turn 1/1 score 0,0,0 order 1,2,3 contest 1 next 1",
     "play turn 1/1 score 0,0,0 order 1,2,3 contest 1,2,3 next 4",
     "play turn 1/1 score 0,0,0 order 1,2,3 contest 1,2,3 first 1 equal 2 due 3",
     "play turn 1/1 score 0,0,0 order 1,2,3 contest 1,2,3 first 1 equal 1 due 2 single 7",
     /* last throws go round from the first: 3 has not thrown if 2 is due */
     "play turn 1/1 score 0,0,0 order 1,2,3 contest 1,2,3 first 1 equal 1,3 due 2"}};

TEST_MAIN(cmocka_unit_test(a_turn),
          cmocka_unit_test(two_players),
          cmocka_unit_test(rest_of_round),
          cmocka_unit_test(three_players),
          cmocka_unit_test_prestate(bad_positions, &bad))
