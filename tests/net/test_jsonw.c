/* test_jsonw.c — the JSON writer: nesting and commas, escapes, and text
 * that is not UTF-8 (a client's bytes in an error message) coming out as
 * valid UTF-8, as WebSocket text frames must be (RFC 6455, 5.6). */
#include <math.h>

#include "net/jsonw.h"
#include "support.h"

static void nesting(void **st)
{
    jw w = {0};
    jw_obj(&w);
    jw_key(&w, "a");
    jw_arr(&w);
    jw_int(&w, 1);
    jw_int(&w, -2);
    jw_obj(&w);
    jw_end(&w);
    jw_bool(&w, true);
    jw_null(&w);
    jw_end(&w);
    jw_key(&w, "b");
    jw_num(&w, 0.5);
    jw_key(&w, "c");
    jw_num(&w, INFINITY); /* JSON has no infinity */
    jw_end(&w);
    assert_string_equal(jw_text(&w), "{\"a\":[1,-2,{},true,null],\"b\":0.5,\"c\":null}");
    jw_reset(&w);
    jw_arr(&w);
    jw_end(&w);
    assert_string_equal(jw_text(&w), "[]");
    jw_end(&w); /* one end too many */
    assert_string_equal(jw_text(&w), "");
    jw_free(&w);
}

static void escapes(void **st)
{
    jw w = {0};
    jw_str(&w, "say \"hi\"\\\n\t\x01");
    assert_string_equal(jw_text(&w), "\"say \\\"hi\\\"\\\\\\n\\u0009\\u0001\"");
    jw_free(&w);
}

/* Well-formed UTF-8 passes; each byte of a broken sequence becomes
 * U+FFFD: a lone continuation byte, a truncated sequence, an overlong
 * form of '/', a UTF-16 surrogate (U+D800), a code point past U+10FFFF. */
static void utf8(void **st)
{
    static const struct {
        const char *in, *out;
    } cases[] = {
        {"Zażółć ♔ 𝄞", "\"Zażółć ♔ 𝄞\""},
        {"a\x80z", "\"a\xEF\xBF\xBDz\""},
        {"\xC5", "\"\xEF\xBF\xBD\""},
        {"\xC0\xAF", "\"\xEF\xBF\xBD\xEF\xBF\xBD\""},
        {"\xED\xA0\x80", "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\""},
        {"\xF4\x90\x80\x80", "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        jw w = {0};
        jw_str(&w, cases[i].in);
        assert_string_equal(jw_text(&w), cases[i].out);
        jw_free(&w);
    }
}

TEST_MAIN(cmocka_unit_test(nesting),
          cmocka_unit_test(escapes),
          cmocka_unit_test(utf8))
