/* test_dice_agreement.c — for every dice game the simulated turns agree
 * with the exact odds within 4 standard errors: both the fast simulator
 * and turns played through the lt_game interface alone (position text,
 * chance outcomes with their weights, apply, returns, the ai:perfect
 * player).  And the dice are fair: chi-square over a million rolls.
 *
 * LT_DICE_TURNS scales the number of simulated turns (default 40000). */
#include "dice_test.h"

#include "ludoteka/ai.h"
#include "ludoteka/engines.h"
#include "ludoteka/text.h"

typedef struct {
    const char *id, *options;
    int players;
} config;

static const config configs[] = {
    {"highest", NULL, 2},          {"highest", "dice=1", 3},
    {"highest", "dice=5", 4},      {"lowest", NULL, 2},
    {"lowest", "dice=2", 3},       {"one-and-two", NULL, 2},
    {"one-and-two", NULL, 3},      {"one-and-two", "last=round", 3},
    {"triples", NULL, 2},          {"triples", "group=7-14", 3},
    {"triples", "group=15-18", 4}, {"hazard", NULL, 2},
    {"hazard", NULL, 3},           {"hazard", NULL, 5},
    {"hazard", NULL, 6},           {"hazard", "form=stakes stake=3", 4},
    {"marlota", NULL, 2},          {"marlota", NULL, 3},
    {"marlota", NULL, 5},          {"marlota", NULL, 6},
    {"riffa", NULL, 2},
    {"riffa", NULL, 3},            {"pair-and-ace", NULL, 2},
    {"pair-and-ace", NULL, 4},     {"panquist", NULL, 2},
    {"panquist", "distinct=no", 2},
    {"half-hazard", NULL, 2},
    {"half-hazard", "pool=40 unit=1 streak=rising", 2},
    {"half-hazard", "pool=9 unit=3", 2},
    {"rising-hazard", NULL, 2},
    {"rising-hazard", "cover=alternate", 2},
    {"rising-hazard", "cover=alternate unit=5", 2},
    {"guirguiesca", NULL, 2},
    {"guirguiesca", "hazard-after-assign=ignored", 2},
};

static uint64_t turns_wanted(void)
{
    const char *v = getenv("LT_DICE_TURNS");
    long long n;
    return v && lt_parse_int(v, 100, 100000000, &n) ? (uint64_t)n : 40000;
}

/* |observed - p| within 4 standard errors of a rate over n trials. */
static void check_rate(const char *what, const config *c, double p, uint64_t k,
                       uint64_t n)
{
    double rate = (double)k / (double)n, se = sqrt(p * (1 - p) / (double)n);
    if (fabs(rate - p) > 4 * se + 1e-12)
        fail_msg("%s %s (%s, %d players): %s rate %.6f, exact %.6f, 4 SE %.6f",
                 c->id, c->options ? c->options : "", what, c->players, what,
                 rate, p, 4 * se);
}

static void check_mean(const char *what, const config *c, double exact,
                       double sum, double sq, uint64_t n)
{
    double mean = sum / (double)n, var = sq / (double)n - mean * mean;
    double se = sqrt((var > 0 ? var : 0) / (double)n);
    if (fabs(mean - exact) > 4 * se + 1e-12)
        fail_msg("%s %s (%d players): %s %.6f, exact %.6f, 4 SE %.6f", c->id,
                 c->options ? c->options : "", c->players, what, mean, exact,
                 4 * se);
}

/* The state at the start of a turn in seat order, and its odds. */
static lt_state *turn_start(const config *c, const lt_game **gp, lt_odds *o)
{
    lt_state *s = start_n(gp, c->id, c->options, c->players);
    assert_true(dice_enter_seat_order((dice_state *)s));
    *o = *odds_of(*gp, s);
    return s;
}

/* The fast simulator against the exact odds. */
static void simulator(void **st)
{
    uint64_t n = turns_wanted();
    static lt_odds o;
    for (size_t i = 0; i < sizeof configs / sizeof configs[0]; i++) {
        const config *c = &configs[i];
        const lt_game *g;
        lt_state *s = turn_start(c, &g, &o);
        lt_config cfg;
        lt_config_default(g, &cfg, c->players);
        if (c->options)
            assert_int_equal(lt_config_parse(g, &cfg, c->options, NULL), LT_OK);
        lt_rng rng;
        lt_rng_seed(&rng, 1000 + i, 0);
        lt_turn_tally t = {0};
        assert_true(dice_simulate(g, &cfg, n, &rng, &t));
        assert_int_equal(t.turns, n);
        for (int seat = 0; seat < c->players; seat++)
            check_rate("win", c, o.win[seat].decimal, t.wins[seat], n);
        check_rate("none", c, o.none.known ? o.none.decimal : 0, t.none, n);
        if (o.value_seat >= 0)
            check_mean("value", c, o.value.decimal, t.value_sum, t.value_sq, n);
        lt_state_free(s);
    }
}

/* Turns played through lt_game alone, from the position text of a turn's
 * start: the chance outcomes drawn by their weights, decisions by the
 * ai:perfect player; who won read from the returns of the one-turn
 * match. */
static void interface(void **st)
{
    uint64_t n = turns_wanted() / 8;
    static lt_odds o;
    for (size_t i = 0; i < sizeof configs / sizeof configs[0]; i++) {
        const config *c = &configs[i];
        const lt_game *g;
        lt_state *s = turn_start(c, &g, &o);
        char text[1024];
        g->write_state(s, text, sizeof text);
        const dice_state *ds = (const dice_state *)s;
        bool money = ds->money_game;
        /* returns count from the bankroll; the odds' value from now */
        double offset = money ? (dice_equity(ds, 0) - ds->bankroll) / 2.0 : 0;
        lt_player *perfect = lt_engines_of(g)->engines ? lt_player_new(g, "ai:perfect", NULL) : NULL;
        lt_state *t = lt_state_new(g);
        lt_rng rng;
        lt_rng_seed(&rng, 77 + i, 0);
        uint64_t wins[DICE_SEATS] = {0};
        double sum = 0, sq = 0;
        for (uint64_t k = 0; k < n; k++) {
            lt_error err = {0};
            lt_config cfg;
            lt_config_default(g, &cfg, c->players);
            if (c->options)
                lt_config_parse(g, &cfg, c->options, NULL);
            cfg.value[lt_option_find(g, "turns")] = 1;
            assert_int_equal(lt_init(g, t, &cfg, &err), LT_OK);
            if (g->read_state(t, text, &err) != LT_OK)
                fail_msg("%s: %s", text, err.msg);
            int p;
            while ((p = g->current_player(t)) != LT_TERMINAL) {
                lt_action a;
                if (p == LT_CHANCE) {
                    lt_outcome out[LT_MAX_OUTCOMES];
                    a = lt_rng_outcome(&rng, out, g->chance_outcomes(t, out));
                } else {
                    a = lt_player_choose(perfect, t, k, NULL, NULL);
                }
                g->apply(t, a);
            }
            double r[LT_MAX_PLAYERS];
            g->returns(t, r);
            if (money && o.value_seat >= 0) {
                sum += r[0] - offset;
                sq += (r[0] - offset) * (r[0] - offset);
            } else {
                /* Hazard's betting form has no value in its odds: who won
                 * the turn is who gained (everyone staked alike, so the
                 * offset is zero for every seat) */
                for (int seat = 0; seat < c->players; seat++)
                    wins[seat] += money ? r[seat] - offset > 0 : r[seat] == 1;
            }
        }
        if (money && o.value_seat >= 0)
            check_mean("value", c, o.value.decimal, sum, sq, n);
        else
            for (int seat = 0; seat < c->players; seat++)
                check_rate("win", c, o.win[seat].decimal, wins[seat], n);
        lt_player_free(perfect);
        lt_state_free(t);
        lt_state_free(s);
    }
}

/* Chi-square of counts against weights; df = categories - 1. */
static double chi_square(const uint64_t *count, const lt_outcome *out, int k,
                         uint64_t total_weight, uint64_t n)
{
    double chi = 0;
    for (int i = 0; i < k; i++) {
        double expect = (double)n * out[i].weight / (double)total_weight;
        chi += (count[i] - expect) * (count[i] - expect) / expect;
    }
    return chi;
}

/* A million throws of one, two and three dice, both as the play draws
 * them (lt_rng_outcome over the weighted outcomes) and as the simulator
 * does (eight random bits at a time): the chi-square of the outcome
 * counts stays below the 0.999 quantile (df 5: 20.52, 20: 45.31 (NIST
 * tables); 55: 93.2 (Wilson-Hilferty)). */
static void fairness(void **st)
{
    static const double limit[] = {0, 20.52, 45.31, 93.2};
    const uint64_t n = 1000000;
    for (int nd = 1; nd <= 3; nd++) {
        lt_outcome out[LT_DICE_OUTCOMES_MAX];
        int k = lt_dice_outcomes(nd, false, out);
        uint64_t total = 0;
        for (int i = 0; i < k; i++)
            total += out[i].weight;
        for (int way = 0; way < 2; way++) {
            uint64_t count[LT_DICE_OUTCOMES_MAX] = {0};
            lt_rng rng;
            lt_rng_seed(&rng, 2024 + (uint64_t)nd, (uint64_t)way);
            dice_source src = {.rng = &rng};
            for (uint64_t r = 0; r < n; r++) {
                lt_action a = way ? dice_source_roll(&src, nd)
                                  : lt_rng_outcome(&rng, out, k);
                int i = 0;
                while (i < k && out[i].action != a)
                    i++;
                assert_true(i < k);
                count[i]++;
            }
            double chi = chi_square(count, out, k, total, n);
            if (chi > limit[nd])
                fail_msg("%d dice (%s): chi-square %.2f over %d outcomes", nd,
                         way ? "simulator" : "play", chi, k);
        }
    }
}

/* A game's own fast loop (dice_engine.fast) against its rules played
 * step by step: from the same seed, the same turns - every count and the
 * sums of the stakes gained equal, not merely close. */
static void fast_loop(void **st)
{
    static const config fast[] = {
        {"hazard", NULL, 2},
        {"hazard", NULL, 3},
        {"hazard", NULL, 4},
        {"hazard", NULL, 5},
        {"hazard", NULL, 6},
        {"hazard", "order=lowest", 3},
        {"hazard", "form=stakes", 2},
        {"hazard", "form=stakes stake=3 bankroll=7", 4},
        {"hazard", "form=stakes stake=2 bankroll=5", 6},
    };
    uint64_t n = turns_wanted();
    for (size_t i = 0; i < sizeof fast / sizeof fast[0]; i++) {
        const config *c = &fast[i];
        const lt_game *g = lt_game_find(c->id);
        lt_config cfg;
        lt_config_default(g, &cfg, c->players);
        if (c->options)
            assert_int_equal(lt_config_parse(g, &cfg, c->options, NULL), LT_OK);
        lt_turn_tally a = {0}, b = {0};
        lt_rng ra, rb;
        lt_rng_seed(&ra, 500 + i, 3);
        lt_rng_seed(&rb, 500 + i, 3);
        assert_true(dice_simulate(g, &cfg, n, &ra, &a));
        assert_true(dice_simulate_steps(g, &cfg, n, &rb, &b));
        assert_int_equal(a.turns, n);
        assert_int_equal(b.turns, n);
        for (int seat = 0; seat < LT_MAX_PLAYERS; seat++)
            assert_int_equal(a.wins[seat], b.wins[seat]);
        assert_int_equal(a.none, b.none);
        assert_int_equal(a.has_value, b.has_value);
        assert_true(a.value_sum == b.value_sum && a.value_sq == b.value_sq);
        /* and a loop of its own, not the same code twice */
        lt_state *s = start_n(&g, c->id, c->options, c->players);
        assert_non_null(dice_engine_of(((dice_state *)s)->rules)->fast);
        lt_state_free(s);
    }
}

TEST_MAIN(cmocka_unit_test(fairness),
          cmocka_unit_test(fast_loop),
          cmocka_unit_test(simulator),
          cmocka_unit_test(interface))
