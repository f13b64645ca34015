/* test_options.c — the option parser against a table made for the test. */
#include "support.h"

#include "ludoteka/text.h"

static const char *const sizes[] = {"small", "large", NULL};
static const lt_option opts[] = {
    {"size", sizes, 0, 0, 1, "size"},
    {"count", NULL, 2, 9, 4, "count"},
    {NULL, NULL, 0, 0, 0, NULL}};
static const lt_game fake = {.id = "fake", .options = opts,
                             .min_players = 2, .max_players = 4};

/* In Polish an option is also given by its Polish name and value (the
 * catalog: capture = "bicie", forced = "przymusowe"), and written back
 * in the identifiers for records. */
static void polish_names(void **st)
{
    const lt_game *g = lt_game_find("alquerque");
    assert_non_null(g);
    lt_config cfg;
    lt_error err = {0};
    speak(LT_LANG_PL);
    lt_config_default(g, &cfg, 0);
    assert_int_equal(lt_config_parse(g, &cfg, "bicie=przymusowe", &err), LT_OK);
    int i = lt_option_find(g, "capture");
    assert_true(i >= 0);
    assert_string_equal(g->options[i].choices[cfg.value[i]], "forced");
    char text[256];
    lt_config_write(g, &cfg, text, sizeof text);
    assert_non_null(strstr(text, "capture=forced"));
    lt_config_default(g, &cfg, 0);
    assert_int_equal(lt_config_parse(g, &cfg, "capture=forced", &err), LT_OK);
    assert_string_equal(g->options[i].choices[cfg.value[i]], "forced");
    assert_int_not_equal(lt_config_parse(g, &cfg, "bicie=nigdy", &err), LT_OK);
    assert_non_null(strstr(err.msg, "przymusowe")); /* the choices in Polish */
    speak(LT_LANG_EN);
}

static void defaults(void **st)
{
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
    long long v;
    assert_true(lt_parse_int("42", 0, 100, &v) && v == 42);
    assert_true(lt_parse_int("-3", -5, 5, &v) && v == -3);
    assert_false(lt_parse_int("101", 0, 100, &v));
    assert_false(lt_parse_int(" 4", 0, 100, &v));
    assert_false(lt_parse_int("99999999999999999999999", 0, INT64_MAX, &v));
    assert_false(lt_parse_int("", 0, 1, &v));
}

/* Issue 18: text quoted in a message has what a terminal would act on made
 * visible, and a long text is shortened with its length. */
static void escaping_and_quoting(void **st)
{
    char buf[LT_QUOTE_MAX];
    /* C0 controls, DEL, the C1 CSI (c2 9b), a lone byte, a cut sequence;
     * Polish letters stay as they are */
    assert_string_equal(lt_escape(buf, sizeof buf, "B1\033[2JX\a\t\n\177"),
                        "B1\\x1b[2JX\\x07\\x09\\x0a\\x7f");
    assert_string_equal(lt_escape(buf, sizeof buf, "\xc2\x9b" "1;\x9b" "2 \xe2\x82"),
                        "\\xc2\\x9b1;\\x9b2 \\xe2\\x82");
    assert_string_equal(lt_escape(buf, sizeof buf, "żółć \xc2\xa0"),
                        "żółć \xc2\xa0");
    /* overlong and surrogate forms are not UTF-8 */
    assert_string_equal(lt_escape(buf, sizeof buf, "\xc0\xaf\xed\xa0\x80"),
                        "\\xc0\\xaf\\xed\\xa0\\x80");
    /* cut to fit, never inside an escape */
    char small[7];
    assert_string_equal(lt_escape(small, sizeof small, "ab\033cd"), "ab\\x1b");
    assert_string_equal(lt_escape(small, 6, "ab\033cd"), "ab");
    assert_string_equal(lt_quote(buf, sizeof buf, "e4"), "'e4'");
    char long_text[5001];
    memset(long_text, 'a', 5000);
    long_text[5000] = '\0';
    lt_quote(buf, sizeof buf, long_text);
    assert_int_equal(strncmp(buf, "'aaaa", 5), 0);
    assert_non_null(strstr(buf, "...' (5000 characters)"));
    assert_true(strlen(buf) < 70);
    /* lt_error_set escapes whatever its message quotes */
    lt_error err = {0};
    lt_error_set(&err, "'%s' is not a move", "B1\033[2J");
    assert_string_equal(err.msg, "'B1\\x1b[2J' is not a move");
}

TEST_MAIN(cmocka_unit_test(defaults),
          cmocka_unit_test(polish_names),
          cmocka_unit_test(assignments),
          cmocka_unit_test(errors_name_what_was_expected),
          cmocka_unit_test(number_parsing),
          cmocka_unit_test(escaping_and_quoting))
