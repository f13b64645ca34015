/* test_dice_rational.c — the exact arithmetic behind the dice games'
 * odds, against published values and identities. */
#include "dice_test.h"

static void nat_of(nat *n, const char *decimal)
{
    nat_set(n, 0);
    for (const char *p = decimal; *p; p++) {
        nat_mul_small(n, n, 10);
        nat_add_small(n, n, (uint32_t)(*p - '0'));
    }
}

static const char *nat_str(const nat *n)
{
    static char buf[6000];
    nat_text(n, buf, sizeof buf);
    return buf;
}

/* 50! (OEIS A000142), 2^128 - 1, and 100! by its 158 digits. */
static void factorials(void **st)
{
    nat f;
    nat_set(&f, 1);
    for (uint32_t k = 2; k <= 50; k++)
        nat_mul_small(&f, &f, k);
    assert_string_equal(nat_str(&f),
                        "30414093201713378043612608166064768844377641568960512000000000000");
    nat a, b, p;
    nat_set(&a, UINT64_MAX);
    nat_set(&b, 1);
    nat_add(&a, &a, &b); /* 2^64 */
    nat_mul(&p, &a, &a);
    nat_sub(&p, &p, &b);
    assert_string_equal(nat_str(&p), "340282366920938463463374607431768211455");
    for (uint32_t k = 51; k <= 100; k++)
        nat_mul_small(&f, &f, k);
    assert_int_equal(strlen(nat_str(&f)), 158);
    assert_memory_equal(nat_str(&f), "93326215443944152681", 20);
}

/* Long division checked by multiplying back: q*b + r = a, r < b. */
static void division(void **st)
{
    nat a, b, q, r, back;
    nat_of(&a, "93326215443944152681699238856266700490715968264381621468592963895217"
               "599993229915608941463976156518286253697920827223758251185210916864");
    nat_of(&b, "30414093201713378043612608166064768844377641568960512000000000001");
    nat_divmod(&q, &r, &a, &b);
    assert_true(nat_cmp(&r, &b) < 0);
    nat_mul(&back, &q, &b);
    nat_add(&back, &back, &r);
    assert_int_equal(nat_cmp(&back, &a), 0);
    /* gcd(2^64 * 3, 2^70 * 5) = 2^64 */
    nat x, y, g, t;
    nat_set(&x, UINT64_MAX);
    nat_add_small(&x, &x, 1);
    nat_copy(&t, &x);
    nat_mul_small(&x, &x, 3);
    nat_mul_small(&y, &t, 64 * 5);
    nat_gcd(&g, &x, &y);
    assert_int_equal(nat_cmp(&g, &t), 0);
}

static void rationals(void **st)
{
    rat a, b, c;
    rat_set(&a, 1, 3);
    rat_set(&b, -1, 6);
    rat_add(&c, &a, &b);
    assert_string_equal(rat_str(&c), "1/6");
    rat_sub(&c, &b, &a);
    assert_string_equal(rat_str(&c), "-1/2");
    rat_mul(&c, &a, &b);
    assert_string_equal(rat_str(&c), "-1/18");
    rat_div(&c, &a, &b);
    assert_string_equal(rat_str(&c), "-2");
    assert_true(rat_cmp(&a, &b) > 0);
    /* sum of 1/k(k+1), k = 1..200, telescopes to 200/201 */
    rat s, t;
    rat_set(&s, 0, 1);
    for (int k = 1; k <= 200; k++) {
        rat_set(&t, 1, (uint64_t)k * (uint64_t)(k + 1));
        rat_add(&s, &s, &t);
    }
    assert_string_equal(rat_str(&s), "200/201");
    assert_true(fabs(rat_double(&s) - 200.0 / 201) < 1e-15);
    /* (5/72)^40: numerator 5^40, denominator 72^40 (about 75 digits) */
    rat p;
    rat_set(&p, 1, 1);
    rat_set(&t, 5, 72);
    for (int k = 0; k < 40; k++)
        rat_mul(&p, &p, &t);
    char text[200];
    rat_text(&p, text, sizeof text);
    assert_memory_equal(text, "9094947017729282379150390625/", 29); /* 5^40 */
    assert_true(fabs(rat_double(&p) / pow(5.0 / 72, 40) - 1) < 1e-12);
}

/* Greatest common divisors of long numbers by identities:
 * gcd(F(m), F(n)) = F(gcd(m, n)) for Fibonacci numbers (consecutive ones,
 * Euclid's worst case, are coprime), gcd(2^a c, 3^b c) = c; and
 * comparisons of long fractions: F(n+1)/F(n) alternates about the golden
 * ratio, F(n+1)/F(n) < F(n+2)/F(n+1) for odd n. */
static void gcds(void **st)
{
    enum { K = 11 };
    static const int at[K] = {1000, 1500, 3000, 3001, 3002, 3003,
                              4000, 4001, 4500, 5000, 6000};
    static nat fib[K], a, b, c, g;
    nat_set(&a, 0); /* F(k) */
    nat_set(&b, 1); /* F(k+1) */
    for (int k = 0, i = 0; i < K; k++) {
        if (k == at[i])
            nat_copy(&fib[i++], &a);
        nat_add(&c, &a, &b);
        nat_copy(&a, &b);
        nat_copy(&b, &c);
    }
    nat_gcd(&g, &fib[10], &fib[8]); /* (6000, 4500) = 1500 */
    assert_int_equal(nat_cmp(&g, &fib[1]), 0);
    nat_gcd(&g, &fib[9], &fib[2]); /* (5000, 3000) = 1000 */
    assert_int_equal(nat_cmp(&g, &fib[0]), 0);
    nat_gcd(&g, &fib[2], &fib[9]); /* either order */
    assert_int_equal(nat_cmp(&g, &fib[0]), 0);
    nat_gcd(&g, &fib[7], &fib[6]); /* consecutive: 1 */
    assert_string_equal(nat_str(&g), "1");
    /* 2^4000 F(3001) and 3^2500 F(3001) */
    nat_copy(&a, &fib[3]);
    nat_copy(&b, &fib[3]);
    for (int k = 0; k < 4000; k++)
        nat_mul_small(&a, &a, 2);
    for (int k = 0; k < 2500; k++)
        nat_mul_small(&b, &b, 3);
    nat_gcd(&g, &a, &b);
    assert_int_equal(nat_cmp(&g, &fib[3]), 0);
    /* F(3002)/F(3001) < F(3003)/F(3002), and their reductions */
    rat x, y, z;
    rat_from_nats(&x, &fib[4], &fib[3], false);
    rat_from_nats(&y, &fib[5], &fib[4], false);
    assert_true(rat_cmp(&x, &y) < 0);
    assert_true(rat_cmp(&y, &x) > 0);
    assert_int_equal(nat_cmp(&x.num, &fib[4]), 0); /* coprime: as it was */
    rat_copy(&z, &x);
    assert_int_equal(rat_cmp(&x, &z), 0);
    /* negatives and signs */
    x.neg = y.neg = true;
    assert_true(rat_cmp(&x, &y) > 0);
    rat_set(&z, 0, 1);
    assert_true(rat_cmp(&x, &z) < 0 && rat_cmp(&z, &y) > 0);
    rat_set(&x, -1, 2);
    rat_set(&y, -1, 3);
    assert_true(rat_cmp(&x, &y) < 0);
    rat_set(&y, -2, 4);
    assert_int_equal(rat_cmp(&x, &y), 0);
}

/* A number too big to hold overflows, and says so, without harm. */
static void overflow(void **st)
{
    nat a;
    nat_set(&a, 3);
    for (int k = 0; k < 20000; k++)
        nat_mul_small(&a, &a, 0xffffffffu);
    assert_true(nat_overflowed(&a));
    rat r, one;
    r.neg = false;
    nat_copy(&r.num, &a);
    nat_set(&r.den, 1);
    rat_set(&one, 1, 1);
    rat_add(&r, &r, &one);
    assert_true(rat_overflowed(&r));
    char buf[16];
    assert_int_equal(rat_text(&r, buf, sizeof buf), -1);
    assert_string_equal(buf, "");
    /* a fraction longer than the buffer is refused, not cut */
    rat_set(&r, 1, 3);
    rat_set(&one, 1, 1000000007);
    rat_add(&r, &r, &one);
    assert_int_equal(rat_text(&r, buf, 8), -1);
}

TEST_MAIN(cmocka_unit_test(factorials),
          cmocka_unit_test(division),
          cmocka_unit_test(rationals),
          cmocka_unit_test(gcds),
          cmocka_unit_test(overflow))
