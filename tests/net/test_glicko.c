/* test_glicko.c — Glicko-2 against the worked example of Glickman's paper
 * ("Example of the Glicko-2 system", section "Example calculation"): a
 * player at 1500, RD 200, volatility 0.06, tau 0.5, beats a 1400 (RD 30)
 * and loses to a 1550 (RD 100) and a 1700 (RD 300): 1464.06, RD 151.52,
 * volatility 0.05999. */
#include <math.h>

#include "net/glicko.h"
#include "support.h"

static void paper_example(void **st)
{
    glicko p = {1500, 200, 0.06};
    glicko_game games[3] = {
        {{1400, 30, 0.06}, 1},
        {{1550, 100, 0.06}, 0},
        {{1700, 300, 0.06}, 0},
    };
    glicko q = glicko_update(p, games, 3, 0.5);
    /* the paper rounds its steps to four decimals (mu' = -0.2069, so
     * 1464.06); carried exactly the rating is 1464.0507 */
    assert_true(fabs(q.rating - 1464.06) < 0.01);
    assert_true(fabs(q.deviation - 151.52) < 0.005);
    assert_true(fabs(q.volatility - 0.05999) < 0.00001); /* exactly 0.0599959 */
}

/* A period without games: the rating stays, the deviation grows to
 * sqrt(phi^2 + sigma^2) on the Glicko-2 scale (step 6). */
static void idle_period(void **st)
{
    glicko p = {1500, 200, 0.06};
    glicko q = glicko_update(p, NULL, 0, 0.5);
    double phi = 200 / 173.7178;
    assert_true(q.rating == 1500);
    assert_true(fabs(q.deviation - sqrt(phi * phi + 0.0036) * 173.7178) < 1e-9);
    assert_true(fabs(q.deviation - 200.27) < 0.01);
}

/* Symmetry: two new players, one game; the winner gains what the loser
 * loses, and a draw between equals changes no rating. */
static void symmetry(void **st)
{
    glicko a = glicko_new(), b = glicko_new();
    glicko_game ga = {b, 1}, gb = {a, 0};
    glicko a2 = glicko_update(a, &ga, 1, 0.5), b2 = glicko_update(b, &gb, 1, 0.5);
    assert_true(a2.rating > 1500 && b2.rating < 1500);
    assert_true(fabs((a2.rating - 1500) - (1500 - b2.rating)) < 1e-9);
    glicko_game draw = {b, 0.5};
    assert_true(fabs(glicko_update(a, &draw, 1, 0.5).rating - 1500) < 1e-9);
}

TEST_MAIN(cmocka_unit_test(paper_example),
          cmocka_unit_test(idle_period),
          cmocka_unit_test(symmetry))
