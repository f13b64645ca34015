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

/* A room's journal is written over and read back, and who keeps it; the
 * lobby lists the open and the playing rooms apart, newest first, never
 * a finished one. */
static void rooms(void **st)
{
    store *s = open_store();
    lt_error err = {0};
    store_room r = {"rrrrrrrrr1", "[Game \"chess\"]\n", "A", "{\"room\":\"rrrrrrrrr1\"}",
                    false, 1, 100};
    assert_int_equal(store_room_put(s, &r, &err), LT_OK);
    r.journal = "[Game \"chess\"]\n\n1. e4\n";
    r.updated = 101;
    assert_int_equal(store_room_put(s, &r, &err), LT_OK);
    store_room q = {"rrrrrrrrr2", "j2", "B", "{\"room\":\"rrrrrrrrr2\"}", false, 1, 102};
    assert_int_equal(store_room_put(s, &q, &err), LT_OK);
    store_room p = {"rrrrrrrrr3", "j3", "B", "{\"room\":\"rrrrrrrrr3\"}", false, 2, 103};
    assert_int_equal(store_room_put(s, &p, &err), LT_OK);
    store_room d = {"rrrrrrrrr4", "j4", "B", "{\"room\":\"rrrrrrrrr4\"}", true, 1, 104};
    assert_int_equal(store_room_put(s, &d, &err), LT_OK);
    char *journal = NULL, owner[STORE_NODE_MAX];
    assert_int_equal(store_room_get(s, "rrrrrrrrr1", &journal, owner, &err), LT_OK);
    assert_string_equal(journal, "[Game \"chess\"]\n\n1. e4\n");
    assert_string_equal(owner, "A");
    free(journal);
    assert_int_equal(store_room_get(s, "nonenonexx", &journal, owner, &err), LT_EILLEGAL);
    assert_int_equal(store_room_own(s, "rrrrrrrrr1", "C", &err), LT_OK);
    for (int i = 1; i <= 4; i++) {
        char id[16];
        snprintf(id, sizeof id, "rrrrrrrrr%d", i);
        assert_int_equal(store_room_maker(s, id, i == 3 ? "g:10.0.0.1" : "a:7", &err), LT_OK);
    }
    assert_int_equal(store_rooms_made(s, "a:7", &err), 2); /* 4 is over */
    assert_int_equal(store_rooms_made(s, "g:10.0.0.1", &err), 1);
    assert_int_equal(store_rooms_made(s, "a:8", &err), 0);
    char ids[8][16], owners[8][STORE_NODE_MAX];
    assert_int_equal(store_room_owners(s, owners, 8, &err), 2); /* 4 is over */
    assert_string_equal(owners[0], "B");
    assert_string_equal(owners[1], "C");
    assert_int_equal(store_rooms_unfinished(s, "B", ids, 8, &err), 2);
    assert_string_equal(ids[0], "rrrrrrrrr2"); /* the longest untouched */
    assert_string_equal(ids[1], "rrrrrrrrr3");
    assert_int_equal(store_rooms_unfinished(s, "C", ids, 8, &err), 1);
    assert_string_equal(ids[0], "rrrrrrrrr1");
    char *rows[8];
    assert_int_equal(store_lobby(s, 1, rows, 8, &err), 2);
    assert_string_equal(rows[0], "{\"room\":\"rrrrrrrrr2\"}");
    assert_string_equal(rows[1], "{\"room\":\"rrrrrrrrr1\"}");
    free(rows[0]);
    free(rows[1]);
    assert_int_equal(store_lobby(s, 2, rows, 8, &err), 1);
    assert_string_equal(rows[0], "{\"room\":\"rrrrrrrrr3\"}");
    free(rows[0]);
    store_line l = {.n = 0, .text = "x"};
    assert_int_equal(store_chat_add(s, "rrrrrrrrr2", &l, 50, &err), LT_OK);
    assert_int_equal(store_rooms_expire(s, 103, &err), 2); /* 1 (101), 2 (102) */
    assert_int_equal(store_room_get(s, "rrrrrrrrr2", &journal, owner, &err), LT_EILLEGAL);
    assert_int_equal(store_chat_of(s, "rrrrrrrrr2", &l, 1, &err), 0);
    assert_int_equal(store_room_owners(s, owners, 8, &err), 1);
    assert_int_equal(store_rooms_unfinished(s, "B", ids, 8, &err), 1);
    store_close(s);
}

/* A room keeps the last lines of its chat, oldest first. */
static void chat(void **st)
{
    store *s = open_store();
    lt_error err = {0};
    for (int i = 0; i < 60; i++) {
        store_line l = {.n = i, .seat = i % 3 - 1, .at = 1000 + i};
        snprintf(l.name, sizeof l.name, "p%d", i);
        snprintf(l.text, sizeof l.text, "linia %d: żółw", i);
        assert_int_equal(store_chat_add(s, "cccccccccc", &l, 50, &err), LT_OK);
    }
    store_line out[64];
    assert_int_equal(store_chat_of(s, "cccccccccc", out, 64, &err), 50);
    assert_int_equal(out[0].n, 10);
    assert_string_equal(out[0].text, "linia 10: żółw");
    assert_int_equal(out[49].n, 59);
    assert_int_equal(out[49].seat, 59 % 3 - 1);
    assert_int_equal(out[49].at, 1059);
    assert_int_equal(store_chat_of(s, "cccccccccc", out, 5, &err), 5);
    assert_int_equal(out[0].n, 55); /* the last five */
    assert_int_equal(store_chat_of(s, "dddddddddd", out, 5, &err), 0);
    store_close(s);
}

/* Pairing: the same game, options, clock and kind; rated: another
 * account, the closest rating; casual: the longest waiting.  A seek is
 * taken once; a process's seeks are dropped together. */
static void seeks(void **st)
{
    store *s = open_store();
    lt_error err = {0};
    store_seek a = {.node = "A", .conn = 1, .re = 7, .game = "chess", .clock = "5+3",
                    .rated = true, .account = 1, .rating = 1500, .since = 10};
    store_seek b = a, c = a, d = a, e = a;
    b.conn = 2, b.account = 2, b.rating = 1800;
    lt_copy(c.node, sizeof c.node, "B");
    c.conn = 1, c.account = 3, c.rating = 1620;
    d.conn = 3, d.rated = false, d.account = 0, d.since = 20;
    e.conn = 4, e.rated = false, e.account = 0, e.since = 15;
    store_seek f = d;
    f.conn = 5;
    lt_copy(f.clock, sizeof f.clock, "3+2");
    for (const store_seek *k = (store_seek[]){a, b, c, d, e, f}, *end = k + 6; k < end; k++)
        assert_int_equal(store_seek_add(s, k, &err), LT_OK);
    assert_int_equal(store_seeks_of(s, "A", &err), 5);
    char nodes[4][STORE_NODE_MAX];
    assert_int_equal(store_seek_nodes(s, nodes, 4, &err), 2);
    assert_string_equal(nodes[0], "A");
    assert_string_equal(nodes[1], "B");
    store_seek want = a, got;
    lt_copy(want.node, sizeof want.node, "C");
    want.account = 4;
    want.rating = 1700;
    assert_int_equal(store_seek_take(s, &want, &got, &err), 1);
    assert_true(!strcmp(got.node, "B") && got.conn == 1 && got.rating == 1620);
    assert_int_equal(store_seek_take(s, &want, &got, &err), 1);
    assert_true(!strcmp(got.node, "A") && got.conn == 2 && got.re == 7);
    want.account = 1; /* a's own account: not paired with itself */
    assert_int_equal(store_seek_take(s, &want, &got, &err), 0);
    want.rated = false;
    want.account = 0;
    assert_int_equal(store_seek_take(s, &want, &got, &err), 1);
    assert_int_equal(got.conn, 4); /* waited since 15, before 20 */
    assert_int_equal(store_seek_drop(s, "A", 3, &err), LT_OK);
    assert_int_equal(store_seek_take(s, &want, &got, &err), 0); /* 3+2 only */
    assert_int_equal(store_seek_drop(s, "A", -1, &err), LT_OK);
    assert_int_equal(store_seeks_of(s, "A", &err), 0);
    store_close(s);
}

static void take_payload(const char *payload, void *ctx)
{
    lt_text *t = ctx;
    lt_text_put(t, payload);
    lt_text_put(t, "|");
}

/* Between processes (PostgreSQL): an advisory lock is held by one
 * connection until unlocked or closed; notifications reach the listener
 * in the order sent.  With SQLite there is one process: every lock is its
 * own. */
static void shared(void **st)
{
    store *s = open_store(), *t = open_store();
    lt_error err = {0};
    if (!store_shared(s)) {
        assert_int_equal(store_try_lock(s, 42, &err), 1);
        assert_int_equal(store_notify(s, 1, (const char *[]){"x"}, (const char *[]){"y"}, &err),
                         LT_EILLEGAL);
        store_close(s);
        store_close(t);
        return;
    }
    assert_int_equal(store_try_lock(s, 42, &err), 1);
    assert_int_equal(store_try_lock(t, 42, &err), 0);
    assert_int_equal(store_unlock(s, 42, &err), LT_OK);
    assert_int_equal(store_try_lock(t, 42, &err), 1);
    store_close(t); /* its locks go with it, once its server process ends */
    int got_it;
    while ((got_it = store_try_lock(s, 42, &err)) == 0)
        ;
    assert_int_equal(got_it, 1);
    store_listener *l = store_listen(getenv("LT_TEST_PG"), "lt_test", &err);
    assert_non_null(l);
    const char *chans[10], *loads[10];
    char text[10][8];
    for (int i = 0; i < 10; i++) {
        snprintf(text[i], sizeof text[i], "m%d ż", i);
        chans[i] = "lt_test";
        loads[i] = text[i];
    }
    assert_int_equal(store_notify(s, 10, chans, loads, &err), LT_OK);
    lt_text got = {0};
    while (got.len < strlen("m0 ż|") * 10)
        assert_int_equal(store_listener_wait(l, 5000, take_payload, &got, &err), LT_OK);
    assert_string_equal(got.buf, "m0 ż|m1 ż|m2 ż|m3 ż|m4 ż|m5 ż|m6 ż|m7 ż|m8 ż|m9 ż|");
    free(got.buf);
    store_listener_close(l);
    store_close(s);
}

/* A game for the search: its seats' accounts (0: none), names and scores. */
static void add_game(store *s, const char *id, const char *game, const char *result,
                     int64_t finished, int seats, const int64_t *acc,
                     const char *const *names, const double *scores)
{
    lt_error err = {0};
    store_game g = {.finished = finished, .seats = seats};
    lt_copy(g.id, sizeof g.id, id);
    lt_copy(g.game, sizeof g.game, game);
    lt_copy(g.result, sizeof g.result, result);
    lt_copy(g.reason, sizeof g.reason, strcmp(result, "*") ? "rules" : "abort");
    for (int i = 0; i < seats; i++) {
        g.account[i] = acc[i];
        lt_copy(g.name[i], sizeof g.name[i], names[i]);
        g.score[i] = scores[i];
    }
    if (store_game_add(s, &g, "[Game \"x\"]\n", &err) != LT_OK)
        fail_msg("store_game_add %s: %s", id, err.msg);
}

/* The ids a search finds, joined by spaces ("" for none, "error"). */
static const char *found(store *s, int64_t account, const char *game,
                         const char *opponent, store_outcome result, int skip,
                         int max)
{
    static char text[256];
    store_game out[8];
    lt_error err = {0};
    store_search q = {account, game, opponent, result, skip};
    int n = store_games_search(s, &q, out, max, &err);
    if (n < 0)
        return "error";
    size_t len = 0;
    text[0] = '\0';
    for (int i = 0; i < n; i++)
        lt_appendf(text, sizeof text, &len, "%s%s", i ? " " : "", out[i].id);
    return text;
}

/* A player's games searched by game, opponent (an account whatever its
 * case, a guest, a computer's spec) and the player's outcome (the best
 * score alone wins, shared draws, else loses; an aborted game has none),
 * newest first, in pages. */
static void search(void **st)
{
    store *s = open_store();
    lt_error err = {0};
    store_account me, rival;
    assert_int_equal(store_account_add(s, "seeker", "h", 1, &me, &err), LT_OK);
    assert_int_equal(store_account_add(s, "Rival", "h", 1, &rival, &err), LT_OK);
    int64_t m = me.id, r = rival.id;
    add_game(s, "g1aaaaaaaa", "chess", "1-0", 100, 2, (int64_t[]){m, r},
             (const char *[]){"seeker", "Rival"}, (double[]){1, -1});
    add_game(s, "g0aaaaaaaa", "chess", "0-1", 100, 2, (int64_t[]){0, m},
             (const char *[]){"random", "seeker"}, (double[]){-1, 1});
    add_game(s, "g2aaaaaaaa", "chess", "1/2-1/2", 200, 2, (int64_t[]){r, m},
             (const char *[]){"Rival", "seeker"}, (double[]){0, 0});
    add_game(s, "g3aaaaaaaa", "talat", "0-1", 300, 2, (int64_t[]){m, 0},
             (const char *[]){"seeker", "ai:level=3"}, (double[]){-1, 1});
    add_game(s, "g4aaaaaaaa", "ludus", "0.5 -1 0.5", 400, 3, (int64_t[]){0, 0, m},
             (const char *[]){"guest", "ai", "seeker"}, (double[]){0.5, -1, 0.5});
    add_game(s, "g5aaaaaaaa", "ludus", "-1 3 -1 -1", 500, 4, (int64_t[]){r, m, 0, 0},
             (const char *[]){"Rival", "seeker", "guest", "random"},
             (double[]){-1, 3, -1, -1});
    add_game(s, "g6aaaaaaaa", "chess", "*", 600, 2, (int64_t[]){m, 0},
             (const char *[]){"seeker", "guest"}, (double[]){0, 0});
    add_game(s, "g7aaaaaaaa", "chess", "1-0", 700, 2, (int64_t[]){r, 0},
             (const char *[]){"Rival", "guest"}, (double[]){1, -1});
    add_game(s, "g8aaaaaaaa", "alquerque", "0-1", 800, 2, (int64_t[]){m, m},
             (const char *[]){"seeker", "seeker"}, (double[]){-1, 1});

    const char *all = "g8aaaaaaaa g6aaaaaaaa g5aaaaaaaa g4aaaaaaaa g3aaaaaaaa "
                      "g2aaaaaaaa g0aaaaaaaa g1aaaaaaaa";
    char text[256];
    lt_copy(text, sizeof text, found(s, m, NULL, NULL, STORE_ANY, 0, 8));
    assert_string_equal(text, all);
    assert_string_equal(found(s, m, "", "", STORE_ANY, 0, 8), all);
    /* by game */
    assert_string_equal(found(s, m, "chess", NULL, STORE_ANY, 0, 8),
                        "g6aaaaaaaa g2aaaaaaaa g0aaaaaaaa g1aaaaaaaa");
    assert_string_equal(found(s, m, "ludus", NULL, STORE_ANY, 0, 8),
                        "g5aaaaaaaa g4aaaaaaaa");
    assert_string_equal(found(s, m, "nothing", NULL, STORE_ANY, 0, 8), "");
    /* by opponent: an account whatever its case, guests, computers; never
     * the player's own other seat */
    assert_string_equal(found(s, m, NULL, "Rival", STORE_ANY, 0, 8),
                        "g5aaaaaaaa g2aaaaaaaa g1aaaaaaaa");
    assert_string_equal(found(s, m, NULL, "rIVAL", STORE_ANY, 0, 8),
                        "g5aaaaaaaa g2aaaaaaaa g1aaaaaaaa");
    assert_string_equal(found(s, m, NULL, "guest", STORE_ANY, 0, 8),
                        "g6aaaaaaaa g5aaaaaaaa g4aaaaaaaa");
    assert_string_equal(found(s, m, NULL, "ai:level=3", STORE_ANY, 0, 8), "g3aaaaaaaa");
    assert_string_equal(found(s, m, NULL, "ai", STORE_ANY, 0, 8), "g4aaaaaaaa");
    assert_string_equal(found(s, m, NULL, "random", STORE_ANY, 0, 8),
                        "g5aaaaaaaa g0aaaaaaaa");
    assert_string_equal(found(s, m, NULL, "seeker", STORE_ANY, 0, 8), "");
    assert_string_equal(found(s, m, NULL, "nobody", STORE_ANY, 0, 8), "");
    assert_string_equal(found(s, m, NULL, "x' OR '1'='1", STORE_ANY, 0, 8), "");
    /* by outcome, from the player's side (g8: their first seat lost) */
    assert_string_equal(found(s, m, NULL, NULL, STORE_WON, 0, 8),
                        "g5aaaaaaaa g0aaaaaaaa g1aaaaaaaa");
    assert_string_equal(found(s, m, NULL, NULL, STORE_DRAWN, 0, 8),
                        "g4aaaaaaaa g2aaaaaaaa");
    assert_string_equal(found(s, m, NULL, NULL, STORE_LOST, 0, 8),
                        "g8aaaaaaaa g3aaaaaaaa");
    assert_string_equal(found(s, r, NULL, NULL, STORE_LOST, 0, 8),
                        "g5aaaaaaaa g1aaaaaaaa");
    assert_string_equal(found(s, r, NULL, NULL, STORE_WON, 0, 8), "g7aaaaaaaa");
    /* together */
    assert_string_equal(found(s, m, "chess", "rival", STORE_WON, 0, 8), "g1aaaaaaaa");
    assert_string_equal(found(s, m, "chess", "rival", STORE_LOST, 0, 8), "");
    assert_string_equal(found(s, m, NULL, "guest", STORE_DRAWN, 0, 8), "g4aaaaaaaa");
    /* pages */
    assert_string_equal(found(s, m, NULL, NULL, STORE_ANY, 0, 3),
                        "g8aaaaaaaa g6aaaaaaaa g5aaaaaaaa");
    assert_string_equal(found(s, m, NULL, NULL, STORE_ANY, 3, 3),
                        "g4aaaaaaaa g3aaaaaaaa g2aaaaaaaa");
    assert_string_equal(found(s, m, NULL, NULL, STORE_ANY, 6, 3),
                        "g0aaaaaaaa g1aaaaaaaa");
    assert_string_equal(found(s, m, NULL, NULL, STORE_ANY, 8, 3), "");
    assert_string_equal(found(s, m, NULL, "g", STORE_ANY, -1, 3), "error");
    char big[STORE_OPPONENT_MAX + 1];
    memset(big, 'a', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    assert_string_equal(found(s, m, NULL, big, STORE_ANY, 0, 3), "error");

    /* each game with its seats and the player's seat */
    store_game out[8];
    store_search q = {.account = m, .game = "ludus"};
    assert_int_equal(store_games_search(s, &q, out, 8, &err), 2);
    assert_int_equal(out[0].you, 1);
    assert_int_equal(out[1].you, 2);
    assert_int_equal(out[1].seats, 3);
    assert_string_equal(out[1].name[1], "ai");
    assert_true(out[1].score[0] == 0.5 && out[1].score[1] == -1 && out[1].account[2] == m);
    assert_int_equal(store_game_outcome(&out[0], 1), STORE_WON);
    assert_int_equal(store_game_outcome(&out[0], 0), STORE_LOST);
    assert_int_equal(store_game_outcome(&out[1], 2), STORE_DRAWN);
    assert_int_equal(store_game_outcome(&out[1], 1), STORE_LOST);
    store_game one;
    assert_int_equal(store_game_get(s, "g6aaaaaaaa", &one, &err), LT_OK);
    assert_string_equal(one.result, "*");
    assert_string_equal(one.name[1], "guest");
    assert_int_equal(store_game_outcome(&one, 0), STORE_ANY);
    assert_int_equal(store_game_get(s, "zzzzzzzzzz", &one, &err), LT_EILLEGAL);
    store_outcome o;
    assert_true(store_outcome_parse("drawn", &o) && o == STORE_DRAWN);
    assert_true(store_outcome_parse("", &o) && o == STORE_ANY);
    assert_false(store_outcome_parse("Won", &o));
    assert_string_equal(store_outcome_word(STORE_LOST), "lost");
    store_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(migrations), cmocka_unit_test(accounts),
        cmocka_unit_test(ratings),    cmocka_unit_test(archive),
        cmocka_unit_test(search),     cmocka_unit_test(rooms),
        cmocka_unit_test(chat),       cmocka_unit_test(seeks),
        cmocka_unit_test(shared),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
