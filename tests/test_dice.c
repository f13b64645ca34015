/* test_dice.c — the outcome tables against counts known independently:
 * the number of faces combinations and the distribution of sums. */
#include "support.h"

#include "ludoteka/dice.h"

static uint64_t total_weight(const lt_outcome *out, int n)
{
    uint64_t t = 0;
    for (int i = 0; i < n; i++)
        t += out[i].weight;
    return t;
}

static void table_sizes(void **st)
{
    lt_outcome out[LT_DICE_OUTCOMES_MAX];
    /* ordered: 6^n throws of weight 1; unordered: C(n+5, 5) multisets */
    static const int ordered[] = {0, 6, 36, 216}, unordered[] = {0, 6, 21, 56};
    for (int n = 1; n <= 3; n++) {
        int k = lt_dice_outcomes(n, true, out);
        assert_int_equal(k, ordered[n]);
        assert_true(total_weight(out, k) == (uint64_t)ordered[n]);
        for (int i = 0; i < k; i++)
            assert_int_equal(out[i].weight, 1);
        k = lt_dice_outcomes(n, false, out);
        assert_int_equal(k, unordered[n]);
        assert_true(total_weight(out, k) == (uint64_t)ordered[n]);
        for (int i = 1; i < k; i++)
            assert_true(out[i].action > out[i - 1].action);
    }
}

/* Sums of three dice: 1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6,
 * 3, 1 ways out of 216 for the sums 3..18. */
static void three_dice_sums(void **st)
{
    static const int ways[19] = {0, 0, 0, 1, 3, 6, 10, 15, 21, 25, 27,
                                 27, 25, 21, 15, 10, 6, 3, 1};
    lt_outcome out[LT_DICE_OUTCOMES_MAX];
    int got[19] = {0}, kinds[19] = {0};
    int k = lt_dice_outcomes(3, false, out);
    for (int i = 0; i < k; i++) {
        got[lt_dice_sum(out[i].action, 3)] += (int)out[i].weight;
        kinds[lt_dice_sum(out[i].action, 3)]++;
    }
    for (int s = 3; s <= 18; s++)
        assert_int_equal(got[s], ways[s]);
    /* distinct throws per sum: 7 = 5-1-1 4-2-1 3-3-1 3-2-2 (the seed's
     * list is incomplete); 8 = 6-1-1 5-2-1 4-3-1 4-2-2 3-3-2 */
    assert_int_equal(kinds[7], 4);
    assert_int_equal(kinds[8], 5);
    assert_int_equal(kinds[10], 6);
}

/* Two dice: a sum of 7 six ways in 36; a double one way. */
static void two_dice(void **st)
{
    lt_outcome out[LT_DICE_OUTCOMES_MAX];
    int k = lt_dice_outcomes(2, false, out), seven = 0;
    for (int i = 0; i < k; i++) {
        int f[2];
        lt_dice_decode(out[i].action, 2, f);
        assert_true(f[0] >= f[1]);
        assert_int_equal(out[i].weight, f[0] == f[1] ? 1 : 2);
        if (f[0] + f[1] == 7)
            seven += (int)out[i].weight;
    }
    assert_int_equal(seven, 6);
}

static void names_and_parsing(void **st)
{
    int f[3] = {4, 6, 5};
    lt_dice_sort(3, f);
    assert_int_equal(f[0], 6);
    assert_int_equal(f[2], 4);
    lt_action a = lt_dice_encode(3, f);
    char name[16];
    lt_dice_name(a, 3, name, sizeof name);
    assert_string_equal(name, "6-5-4");
    assert_int_equal(lt_dice_sum(a, 3), 15);
    lt_action b;
    assert_int_equal(lt_dice_parse("6-5-4", 3, &b), LT_OK);
    assert_int_equal(a, b);
    assert_int_equal(lt_dice_parse("654", 3, &b), LT_OK);
    assert_int_equal(a, b);
    assert_int_equal(lt_dice_parse("6-5", 3, &b), LT_ESYNTAX);
    assert_int_equal(lt_dice_parse("6-5-7", 3, &b), LT_ESYNTAX);
    assert_int_equal(lt_dice_parse("6--5-4", 3, &b), LT_ESYNTAX);
    assert_int_equal(lt_dice_parse("", 1, &b), LT_ESYNTAX);
    assert_int_equal(lt_dice_parse("0", 1, &b), LT_ESYNTAX);
}

TEST_MAIN(cmocka_unit_test(table_sizes),
          cmocka_unit_test(three_dice_sums),
          cmocka_unit_test(two_dice),
          cmocka_unit_test(names_and_parsing))
