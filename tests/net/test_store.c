/* test_store.c — the store's calls on SQLite, and on PostgreSQL when
 * LT_TEST_PG names a server (tests/net/with_postgres.sh starts one): the
 * same answers from both. */
#include <math.h>
#include <unistd.h>

#include "ludoteka/text.h"
#include "net/store.h"
#include "support.h"

static char path[64];

static store *open_store(void)
{
    const char *pg = getenv("LT_TEST_PG");
    lt_error err = {0};
    store *s = store_open(pg && *pg ? pg : path, &err);
    if (!s)
        fail_msg("store_open: %s", err.msg);
    return s;
}

static int setup(void **st)
{
    snprintf(path, sizeof path, "/tmp/lt-store-XXXXXX");
    int fd = mkstemp(path);
    if (fd < 0)
        return -1;
    close(fd);
    unlink(path);
    return 0;
}

static int teardown(void **st)
{
    char wal[80];
    unlink(path);
    snprintf(wal, sizeof wal, "%s-wal", path);
    unlink(wal);
    snprintf(wal, sizeof wal, "%s-shm", path);
    unlink(wal);
    return 0;
}

/* Migrated once: opened again, the schema is at the same version. */
static void migrations(void **st)
{
    store *s = open_store();
    int v = store_version(s);
    assert_true(v >= 1);
    store_close(s);
    s = open_store();
    assert_int_equal(store_version(s), v);
    store_close(s);
}

/* Names: unique whatever their case, of letters, digits, _ and -. */
static void accounts(void **st)
{
    store *s = open_store();
    store_account a, b;
    lt_error err = {0};
    char hash[STORE_HASH_MAX];
    assert_int_equal(store_account_add(s, "Ala_1", "h1", 1000, &a, &err), LT_OK);
    assert_string_equal(a.name, "Ala_1");
    assert_int_equal(store_account_add(s, "ala_1", "h2", 1001, &b, &err), LT_EILLEGAL);
    assert_non_null(strstr(err.msg, "taken"));
    assert_int_equal(store_account_add(s, "x", "h", 1, &b, &err), LT_ESYNTAX);
    assert_int_equal(store_account_add(s, "a b c", "h", 1, &b, &err), LT_ESYNTAX);
    assert_int_equal(store_account_add(s, "Robert'); DROP TABLE accounts;--", "h", 1,
                                       &b, &err), LT_ESYNTAX);
    assert_int_equal(store_account_find(s, "ALA_1", &b, hash, &err), LT_OK);
    assert_true(b.id == a.id && b.created == 1000);
    assert_string_equal(hash, "h1");
    assert_int_equal(store_account_find(s, "nobody", &b, hash, &err), LT_EILLEGAL);
    assert_int_equal(store_account_by_id(s, a.id, &b, &err), LT_OK);
    assert_string_equal(b.name, "Ala_1");
    /* a login lasts until it expires, or is dropped */
    assert_int_equal(store_login_add(s, "secret-hash", a.id, 2000, &err), LT_OK);
    assert_int_equal(store_login_find(s, "secret-hash", 1999, &b, &err), LT_OK);
    assert_true(b.id == a.id);
    assert_int_equal(store_login_find(s, "secret-hash", 2000, &b, &err), LT_EILLEGAL);
    assert_int_equal(store_login_drop(s, "secret-hash", &err), LT_OK);
    assert_int_equal(store_login_find(s, "secret-hash", 1, &b, &err), LT_EILLEGAL);
    store_close(s);
}

/* Ratings round trip exactly; a player without one starts at 1500/350;
 * the leaders come highest first. */
static void ratings(void **st)
{
    store *s = open_store();
    lt_error err = {0};
    store_account a, b;
    assert_int_equal(store_account_add(s, "rated_a", "h", 1, &a, &err), LT_OK);
    assert_int_equal(store_account_add(s, "rated_b", "h", 1, &b, &err), LT_OK);
    store_rating r;
    assert_int_equal(store_rating_get(s, a.id, "chess/blitz", &r, &err), LT_OK);
    assert_true(r.r.rating == 1500 && r.r.deviation == 350 && r.games == 0);
    r.r = (glicko){1464.0507, 151.5165, 0.0599959};
    r.games = 3;
    assert_int_equal(store_rating_put(s, "chess/blitz", &r, &err), LT_OK);
    store_rating back;
    assert_int_equal(store_rating_get(s, a.id, "chess/blitz", &back, &err), LT_OK);
    assert_true(back.r.rating == 1464.0507 && back.r.deviation == 151.5165 &&
                back.r.volatility == 0.0599959 && back.games == 3);
    store_rating rb = {.account = b.id, .r = {1600, 80, 0.06}, .games = 1};
    assert_int_equal(store_rating_put(s, "chess/blitz", &rb, &err), LT_OK);
    store_rating top[5];
    assert_int_equal(store_leaders(s, "chess/blitz", top, 5, &err), 2);
    assert_string_equal(top[0].name, "rated_b");
    assert_string_equal(top[1].name, "rated_a");
    assert_int_equal(store_leaders(s, "talat", top, 5, &err), 0);
    store_close(s);
}

/* A finished game is stored once, found by each of its players, newest
 * first, and its record comes back whole. */
static void archive(void **st)
{
    store *s = open_store();
    lt_error err = {0};
    store_account a;
    assert_int_equal(store_account_add(s, "archivist", "h", 1, &a, &err), LT_OK);
    store_game g = {.id = "aaaaaaaaaa", .game = "chess", .result = "1-0",
                    .reason = "resign", .finished = 500, .rated = true, .seats = 2};
    g.account[0] = a.id;
    lt_copy(g.name[0], STORE_NAME_MAX, "archivist");
    lt_copy(g.name[1], STORE_NAME_MAX, "guest");
    g.score[0] = 1;
    g.score[1] = -1;
    const char *record = "[Game \"chess\"]\n\n1. e4 e5 {[%result resign 2]}\n";
    assert_int_equal(store_game_add(s, &g, record, &err), LT_OK);
    assert_int_equal(store_game_add(s, &g, "other", &err), LT_OK); /* once */
    store_game h = g;
    lt_copy(h.id, sizeof h.id, "bbbbbbbbbb");
    lt_copy(h.game, sizeof h.game, "talat");
    h.finished = 600;
    assert_int_equal(store_game_add(s, &h, "x", &err), LT_OK);
    store_game out[4];
    assert_int_equal(store_games_of(s, a.id, NULL, out, 4, &err), 2);
    assert_string_equal(out[0].id, "bbbbbbbbbb");
    assert_string_equal(out[1].id, "aaaaaaaaaa");
    assert_true(out[1].rated && out[1].seats == 2 && out[1].account[0] == a.id &&
                out[1].account[1] == 0 && out[1].score[1] == -1);
    assert_string_equal(out[1].name[1], "guest");
    assert_int_equal(store_games_of(s, a.id, "chess", out, 4, &err), 1);
    char *text = store_game_record(s, "aaaaaaaaaa", &err);
    assert_non_null(text);
    assert_string_equal(text, record);
    free(text);
    assert_null(store_game_record(s, "cccccccccc", &err));
    store_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(migrations), cmocka_unit_test(accounts),
        cmocka_unit_test(ratings),    cmocka_unit_test(archive),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
