/* test_rng.c — the generator against its published reference outputs, and
 * the fairness of ranged and weighted draws. */
#include "support.h"

#include "ludoteka/rng.h"

/* splitmix64 from state 0: the first outputs printed by Vigna's reference
 * splitmix64.c. */
static void splitmix_reference(void **st)
{
    uint64_t x = 0;
    assert_true(lt_splitmix64(&x) == 0xE220A8397B1DCDAFu);
    assert_true(lt_splitmix64(&x) == 0x6E789E6AA1B965F4u);
    assert_true(lt_splitmix64(&x) == 0x06C45D188009454Fu);
    assert_true(lt_splitmix64(&x) == 0xF88BB8A8724C81ECu);
}

/* xoshiro256** from the state {1, 2, 3, 4}: the reference C code's
 * first ten outputs. */
static void xoshiro_reference(void **st)
{
    static const uint64_t expected[] = {
        11520u, 0u, 1509978240u, 1215971899390074240u,
        1216172134540287360u, 607988272756665600u, 16172922978634559625u,
        8476171486693032832u, 10595114339597558777u, 2904607092377533576u};
    lt_rng r = {{1, 2, 3, 4}};
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++)
        assert_true(lt_rng_next(&r) == expected[i]);
}

static void seeding_is_reproducible_and_streams_differ(void **st)
{
    lt_rng a, b, c, d;
    lt_rng_seed(&a, 42, 7);
    lt_rng_seed(&b, 42, 7);
    lt_rng_seed(&c, 42, 8);
    lt_rng_seed(&d, 43, 6);
    uint64_t xa = lt_rng_next(&a), xb = lt_rng_next(&b);
    uint64_t xc = lt_rng_next(&c), xd = lt_rng_next(&d);
    assert_true(xa == xb);
    assert_true(xa != xc && xa != xd && xc != xd);
}

/* A die: 600,000 draws of lt_rng_below(6); chi-square with 5 degrees of
 * freedom stays below 20.52 (p = 0.001). */
static void die_is_fair(void **st)
{
    lt_rng r;
    lt_rng_seed(&r, 12345, 0);
    long count[6] = {0};
    const long n = 600000;
    for (long i = 0; i < n; i++)
        count[lt_rng_below(&r, 6)]++;
    double chi = 0, e = n / 6.0;
    for (int k = 0; k < 6; k++)
        chi += (count[k] - e) * (count[k] - e) / e;
    assert_true(chi < 20.52);
}

/* n = 3 * 2^62: a plain x % n would give values below 2^62 half the time
 * instead of a third. 30,000 draws: the share must be 1/3 within 5 sigma
 * (sigma = sqrt(p(1-p)/N) = 0.0027). */
static void no_modulo_bias(void **st)
{
    const uint64_t n = 3ull << 62;
    lt_rng r;
    lt_rng_seed(&r, 99, 0);
    long low = 0;
    const long draws = 30000;
    for (long i = 0; i < draws; i++) {
        uint64_t x = lt_rng_below(&r, n);
        assert_true(x < n);
        low += x < 1ull << 62;
    }
    double share = (double)low / draws;
    assert_true(share > 1.0 / 3 - 5 * 0.0027 && share < 1.0 / 3 + 5 * 0.0027);
}

/* Weights 1, 2, 3: frequencies 1/6, 2/6, 3/6 (chi-square, 2 degrees of
 * freedom, below 13.82 = p 0.001). */
static void weighted_outcomes(void **st)
{
    const lt_outcome out[] = {{10, 1}, {20, 2}, {30, 3}};
    lt_rng r;
    lt_rng_seed(&r, 7, 0);
    long count[3] = {0};
    const long n = 60000;
    for (long i = 0; i < n; i++) {
        lt_action a = lt_rng_outcome(&r, out, 3);
        assert_true(a == 10 || a == 20 || a == 30);
        count[a / 10 - 1]++;
    }
    double chi = 0;
    for (int k = 0; k < 3; k++) {
        double e = n * (k + 1) / 6.0;
        chi += (count[k] - e) * (count[k] - e) / e;
    }
    assert_true(chi < 13.82);
}

static void doubles_in_unit_interval(void **st)
{
    lt_rng r;
    lt_rng_seed(&r, 1, 1);
    double sum = 0;
    for (int i = 0; i < 100000; i++) {
        double x = lt_rng_double(&r);
        assert_true(x >= 0 && x < 1);
        sum += x;
    }
    /* mean 1/2, sigma of the mean sqrt(1/12/1e5) = 0.00091 */
    assert_true(sum / 100000 > 0.5 - 0.0046 && sum / 100000 < 0.5 + 0.0046);
}

TEST_MAIN(cmocka_unit_test(splitmix_reference),
          cmocka_unit_test(xoshiro_reference),
          cmocka_unit_test(seeding_is_reproducible_and_streams_differ),
          cmocka_unit_test(die_is_fair),
          cmocka_unit_test(no_modulo_bias),
          cmocka_unit_test(weighted_outcomes),
          cmocka_unit_test(doubles_in_unit_interval))
