/* test_options.c — the option parser against a table made for the test. */
#include "support.h"

#include "ludoteka/text.h"

static const char *const sizes[] = {"small", "large", NULL};
static const lt_option opts[] = {
    {"size", sizes, 0, 0, 1, "size", "rozmiar"},
    {"count", NULL, 2, 9, 4, "count", "liczba"},
    {NULL, NULL, 0, 0, 0, NULL, NULL}};
static const lt_game fake = {.id = "fake", .options = opts,
                             .min_players = 2, .max_players = 4};

static void defaults(void **st)
{
    (void)st;
    lt_config cfg;
    lt_config_default(&fake, &cfg, 0);
    assert_int_equal(cfg.players, 2);
    assert_int_equal(cfg.value[0], 1);
    assert_int_equal(cfg.value[1], 4);
    char buf[64];
    assert_true(lt_config_write(&fake, &cfg, buf, sizeof buf) > 0);
    assert_string_equal(buf, "size=large count=4");
    assert_int_equal(lt_option_count(&fake), 2);
    assert_int_equal(lt_option_find(&fake, "COUNT"), 1);
    assert_int_equal(lt_option_find(&fake, "colour"), -1);
}

static void assignments(void **st)
{
    (void)st;
    lt_config cfg;
    lt_error err = {0};
    lt_config_default(&fake, &cfg, 3);
    assert_int_equal(lt_config_set(&fake, &cfg, "size=SMALL", &err), LT_OK);
    assert_int_equal(cfg.value[0], 0);
    assert_int_equal(lt_config_parse(&fake, &cfg, "count=9, size=large", &err),
                     LT_OK);
    assert_int_equal(cfg.value[0], 1);
    assert_int_equal(cfg.value[1], 9);
    assert_int_equal(cfg.players, 3);
}

static void errors_name_what_was_expected(void **st)
{
    (void)st;
    lt_config cfg;
    lt_error err = {0};
    lt_config_default(&fake, &cfg, 0);
    assert_int_equal(lt_config_set(&fake, &cfg, "colour=red", &err), LT_ESYNTAX);
    assert_non_null(strstr(err.msg, "size, count"));
    assert_int_equal(lt_config_set(&fake, &cfg, "size=huge", &err), LT_ERANGE);
    assert_non_null(strstr(err.msg, "small|large"));
    assert_int_equal(lt_config_set(&fake, &cfg, "count=10", &err), LT_ERANGE);
    assert_non_null(strstr(err.msg, "2 to 9"));
    assert_int_equal(lt_config_set(&fake, &cfg, "count=4x", &err), LT_ERANGE);
    assert_int_equal(lt_config_set(&fake, &cfg, "count=", &err), LT_ERANGE);
    assert_int_equal(lt_config_set(&fake, &cfg, "count", &err), LT_ESYNTAX);
    assert_int_equal(lt_config_set(&fake, &cfg, "=4", &err), LT_ESYNTAX);
    /* a failed assignment changes nothing */
    assert_int_equal(cfg.value[0], 1);
    assert_int_equal(cfg.value[1], 4);
}

static void number_parsing(void **st)
{
    (void)st;
    long long v;
    assert_true(lt_parse_int("42", 0, 100, &v) && v == 42);
    assert_true(lt_parse_int("-3", -5, 5, &v) && v == -3);
    assert_false(lt_parse_int("101", 0, 100, &v));
    assert_false(lt_parse_int(" 4", 0, 100, &v));
    assert_false(lt_parse_int("99999999999999999999999", 0, INT64_MAX, &v));
    assert_false(lt_parse_int("", 0, 1, &v));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(defaults),
        cmocka_unit_test(assignments),
        cmocka_unit_test(errors_name_what_was_expected),
        cmocka_unit_test(number_parsing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
