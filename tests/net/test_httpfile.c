/* test_httpfile.c — how the server sends a file of the page: the encoding
 * chosen by Accept-Encoding (q-values, "*", refusals, what is on disk),
 * the names that never change, and If-None-Match against an ETag. */
#include "net/httpfile.h"
#include "support.h"

enum { I = HTTPFILE_IDENTITY, G = HTTPFILE_GZIP, B = HTTPFILE_BR };

static void encodings(void **st)
{
    static const struct {
        const char *accept;
        bool br, gz;
        int want;
    } cases[] = {
        /* no header, an empty one: the file as it is */
        {NULL, true, true, I},
        {"", true, true, I},
        /* what browsers send */
        {"gzip, deflate, br, zstd", true, true, B},
        {"gzip, deflate, br", false, true, G},
        {"gzip, deflate, br", true, false, B},
        {"gzip, deflate, br", false, false, I},
        {"gzip, deflate", true, true, G},
        {"deflate", true, true, I},
        {"identity", true, true, I},
        /* q-values: the highest wins, brotli first at equal q */
        {"gzip;q=1.0, br;q=0.5", true, true, G},
        {"gzip;q=0.5, br;q=0.5", true, true, B},
        {"br;q=0.001, identity;q=0", true, true, B},
        {"gzip;q=0.9, identity", true, true, I},
        {"gzip;q=0.5", true, true, G},
        {"identity;q=0.5, gzip;q=0.4", true, true, I},
        {"gzip ; q=0.8 , br;q=0.9", true, true, B},
        {"GZIP;Q=1", false, true, G},
        {"x-gzip", true, true, G},
        /* refused */
        {"br;q=0", true, true, I},
        {"br;q=0, gzip", true, true, G},
        {"gzip;q=0, br", false, true, I},
        {"gzip;q=0.000, br;q=0.0", true, true, I},
        /* "*": every encoding not named */
        {"*", true, true, B},
        {"*", false, true, G},
        {"*;q=0.5, identity", true, true, I},
        {"br;q=0, *", true, true, G},
        {"*;q=0, gzip;q=0.2", true, true, G},
        /* everything refused: the file as it is all the same */
        {"*;q=0", true, true, I},
        {"identity;q=0", false, false, I},
        /* not a q-value: the element is dropped */
        {"br;q=2, gzip", true, true, G},
        {"br;q=0.1234, gzip;q=0.1", true, true, G},
        {"br;q=x", true, true, I},
        {"br;q=", true, true, I},
        {"br garbage, gzip", true, true, G},
        /* other parameters are ignored; the first mention counts */
        {"br;level=5", true, true, B},
        {"br;q=0.2, br;q=1, gzip;q=0.5", true, true, G},
        {",,, ,br", true, true, B},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int got = (int)httpfile_encoding_for(cases[i].accept, cases[i].br, cases[i].gz);
        if (got != cases[i].want)
            fail_msg("Accept-Encoding \"%s\" (br %d, gzip %d): %d, not %d",
                     cases[i].accept ? cases[i].accept : "(none)", cases[i].br,
                     cases[i].gz, got, cases[i].want);
    }
    assert_string_equal(httpfile_encoding_name(HTTPFILE_BR), "br");
    assert_string_equal(httpfile_encoding_name(HTTPFILE_GZIP), "gzip");
    assert_null(httpfile_encoding_name(HTTPFILE_IDENTITY));
}

static void immutable(void **st)
{
    assert_true(httpfile_immutable("/app.1a2b3c4d.js"));
    assert_true(httpfile_immutable("/ludoteka.0123abcd.wasm"));
    assert_true(httpfile_immutable("/sub/icon.ffffffff.svg"));
    assert_true(httpfile_immutable("/LICENSE.00000000"));
    assert_false(httpfile_immutable("/index.html"));
    assert_false(httpfile_immutable("/sw.js"));
    assert_false(httpfile_immutable("/app.js"));
    assert_false(httpfile_immutable("/app.1A2B3C4D.js"));   /* capitals */
    assert_false(httpfile_immutable("/app.1a2b3c4.js"));    /* 7 digits */
    assert_false(httpfile_immutable("/app.1a2b3c4de.js"));  /* 9 */
    assert_false(httpfile_immutable("/app.1a2b3c4d."));     /* no extension */
    assert_false(httpfile_immutable("/.1a2b3c4d.js"));      /* no stem */
    assert_false(httpfile_immutable("/1a2b3c4d.app.js"));
    assert_false(httpfile_immutable("/1a2b3c4d.x/app.js")); /* a folder's */
}

static void etags(void **st)
{
    char tag[64];
    httpfile_etag(tag, sizeof tag, 255, 4096);
    assert_string_equal(tag, "\"ff-1000\"");
    assert_true(httpfile_etag_matches("\"ff-1000\"", tag));
    assert_true(httpfile_etag_matches("W/\"ff-1000\"", tag));
    assert_true(httpfile_etag_matches("\"a\", \"ff-1000\"", tag));
    assert_true(httpfile_etag_matches("\"a\",W/\"ff-1000\" ", tag));
    assert_true(httpfile_etag_matches("\"x,y\", \"ff-1000\"", tag)); /* a comma in a tag */
    assert_true(httpfile_etag_matches("*", tag));
    assert_true(httpfile_etag_matches(" * ", tag));
    assert_false(httpfile_etag_matches(NULL, tag));
    assert_false(httpfile_etag_matches("", tag));
    assert_false(httpfile_etag_matches("\"ff-100\"", tag));
    assert_false(httpfile_etag_matches("\"ff-10000\"", tag));
    assert_false(httpfile_etag_matches("ff-1000", tag));       /* no quotes */
    assert_false(httpfile_etag_matches("\"ff-1000", tag));     /* unclosed */
    assert_false(httpfile_etag_matches("\"a\" \"ff-1000\"", tag)); /* no comma */
    assert_false(httpfile_etag_matches("*, \"ff-1000\"", tag)); /* not the grammar */
}

TEST_MAIN(cmocka_unit_test(encodings),
          cmocka_unit_test(immutable),
          cmocka_unit_test(etags))
