/* test_room.c — a room of `ludoteka serve` on disk: what is written, what
 * is read back after a crash, what clients may see, what seats accept. */
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include "net/room.h"
#include "support.h"

static char dir[64];

static int make_dir(void **st)
{
    snprintf(dir, sizeof dir, "/tmp/lt-room-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **st)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[512];
    while (d && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        unlink(path);
    }
    if (d)
        closedir(d);
    return rmdir(dir);
}

static room *new_room(const char *id, const char *spec0, const char *spec1)
{
    const lt_game *g = lt_game_find(id);
    lt_config cfg;
    lt_config_default(g, &cfg, 2);
    char specs[LT_MAX_PLAYERS][LT_SPEC_MAX] = {{0}};
    snprintf(specs[0], LT_SPEC_MAX, "%s", spec0);
    snprintf(specs[1], LT_SPEC_MAX, "%s", spec1);
    lt_error err = {0};
    room *r = room_create(dir, g, &cfg, specs, NULL, false, false, &err);
    if (!r)
        fail_msg("room_create: %s", err.msg);
    return r;
}

static void apply_named(room *r, const char *moves)
{
    char buf[256], *save = NULL;
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        lt_error err = {0};
        if (lt_session_move(r->s, room_to_act(r), w, &err) != LT_OK)
            fail_msg("%s: %s", w, err.msg);
        int k = lt_session_plies(r->s) - 1;
        assert_string_equal(lt_session_ply(r->s, k)->name, w);
    }
}

static room *reload(const room *r)
{
    lt_error err = {0};
    room *back = room_load(dir, r->id, &err);
    if (!back)
        fail_msg("room_load: %s", err.msg);
    return back;
}

/* A new room: an id of its alphabet, a token for each human seat only, a
 * seed a record can hold. */
static void created(void **st)
{
    room *r = new_room("three-mens-morris", "human", "ai:level=2");
    assert_true(room_valid_id(r->id));
    assert_int_equal(strlen(r->seats[0].token), ROOM_TOKEN_LEN);
    assert_string_equal(r->seats[1].token, "");
    assert_true(lt_session_seed(r->s) < (1ull << 63));
    assert_true(room_exists(dir, r->id));
    room_free(r);
}

/* Every action is on disk when the move returns: a room loaded from the
 * file is the same game, seats and tokens included. */
static void reloaded(void **st)
{
    room *r = new_room("three-mens-morris", "human", "human");
    apply_named(r, "B2 A1 C3");
    room *back = reload(r);
    assert_int_equal(lt_session_plies(back->s), 3);
    assert_string_equal(text_of(back->game, lt_session_state(back->s)),
                        text_of(r->game, lt_session_state(r->s)));
    assert_string_equal(back->seats[0].token, r->seats[0].token);
    assert_string_equal(back->seats[1].token, r->seats[1].token);
    assert_string_equal(back->seats[1].spec, "human");
    assert_int_equal(lt_session_seed(back->s), lt_session_seed(r->s));
    room_free(back);
    room_free(r);
}

/* A crash in the middle of an append leaves half a line: it was never
 * accepted, so it is dropped, and the next action follows cleanly. */
static void torn_append(void **st)
{
    room *r = new_room("three-mens-morris", "human", "human");
    apply_named(r, "B2 A1");
    char path[256], id[ROOM_ID_LEN + 1];
    snprintf(path, sizeof path, "%s/%s.txt", dir, r->id);
    snprintf(id, sizeof id, "%s", r->id);
    room_free(r);
    int fd = open(path, O_WRONLY | O_APPEND);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "2. C", 4), 4); /* the start of "2. C3\n" */
    close(fd);
    lt_error err = {0};
    room *back = room_load(dir, id, &err);
    assert_non_null(back);
    assert_int_equal(lt_session_plies(back->s), 2);
    apply_named(back, "C3");
    room_free(back);
    back = room_load(dir, id, &err);
    assert_non_null(back);
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", NULL);
    play(g, s, "B2 A1 C3");
    assert_int_equal(lt_session_plies(back->s), 3);
    assert_string_equal(text_of(back->game, lt_session_state(back->s)), text_of(g, s));
    lt_state_free(s);
    room_free(back);
}

/* The game over: the file is a whole record with its result; the seed
 * shows only then, the tokens never.  (A1 A2 B1 B2 C1 A3: White's row
 * A1-B1-C1 stands after Black's reply, as in test_three_mens_morris.c.) */
static void finished(void **st)
{
    room *r = new_room("three-mens-morris", "human", "human");
    apply_named(r, "A1 A2 B1 B2 C1");
    lt_error err = {0};
    char *pub = room_public_record(r, &err);
    assert_non_null(pub);
    assert_null(strstr(pub, "[Seed "));
    assert_null(strstr(pub, "Tokens"));
    assert_non_null(strstr(pub, "[Room \""));
    free(pub);
    apply_named(r, "A3");
    assert_true(room_over(r));
    pub = room_public_record(r, &err);
    assert_non_null(strstr(pub, "[Seed "));
    assert_non_null(strstr(pub, "[Result \"1-0\"]"));
    assert_null(strstr(pub, "Tokens"));
    free(pub);
    room *back = reload(r);
    assert_true(room_over(back));
    assert_int_equal(lt_session_plies(back->s), 6);
    room_free(back);
    room_free(r);
}

/* Seats take people and the game's levels, never programs or searches of
 * a client's choosing. */
static void specs(void **st)
{
    static const char *const good[] = {"human", "random", "ai", "ai:level=1",
                                       "ai:level=5"};
    static const char *const bad[] = {"ai:level=0", "ai:level=6", "uci:/bin/sh",
                                      "xboard:/bin/sh", "ai:mcts:nodes=100000000",
                                      "", "Human", "ai:level=3 "};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        assert_true(room_valid_spec(good[i], NULL));
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        lt_error err = {0};
        assert_false(room_valid_spec(bad[i], &err));
        assert_non_null(strstr(err.msg, "expected human"));
    }
}

/* Room ids name files: only ten letters and digits of the alphabet. */
static void ids(void **st)
{
    assert_true(room_valid_id("abcdefghij"));
    assert_true(room_valid_id("23456789ab"));
    assert_false(room_valid_id("../../etc0"));
    assert_false(room_valid_id("ABCDEFGHIJ"));
    assert_false(room_valid_id("abcdefghi"));
    assert_false(room_valid_id("abcdefghijk"));
    assert_false(room_valid_id("abcdefghi1")); /* 1 is not in it */
    assert_false(room_valid_id(""));
}

/* A record that is not a room's, or whose tokens do not fit its seats, is
 * refused with a message. */
static void broken_files(void **st)
{
    static const char *const texts[] = {
        "[Game \"three-mens-morris\"]\n[Players \"human,human\"]\n",
        "[Game \"three-mens-morris\"]\n[Players \"human,human\"]\n"
        "[Room \"bbbbbbbbbb\"]\n[Tokens \"abc,-\"]\n",
        "[Game \"three-mens-morris\"]\n[Players \"human,uci:/bin/sh\"]\n"
        "[Room \"bbbbbbbbbb\"]\n[Tokens \"abcdefghijkmnpqr,-\"]\n",
        "[Game \"three-mens-morris\"]\n[Players \"human,human\"]\n"
        "[Room \"bbbbbbbbbb\"]\n[Tokens \"abcdefghijkmnpqr,-\"]\n",
        "[Game \"three-mens-morris\"]\n[Players \"human,human\"]\n"
        "[Room \"cccccccccc\"]\n[Tokens \"abcdefghijkmnpqr,abcdefghijkmnpqr\"]\n",
        "[Game \"three-mens-morris\"]\n[Players \"human,human\"]\n"
        "[Room \"bbbbbbbbbb\"]\n[Tokens \"abcdefghijkmnpqr,abcdefghijkmnpqr\"]\n\nB2 Z9\n",
    };
    char path[128];
    snprintf(path, sizeof path, "%s/bbbbbbbbbb.txt", dir);
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        lt_error err = {0};
        assert_int_equal(lt_write_file_atomic(path, texts[i], strlen(texts[i]), true, &err), LT_OK);
        assert_null(room_load(dir, "bbbbbbbbbb", &err));
        assert_true(err.msg[0] != '\0');
    }
    assert_null(room_load(dir, "dddddddddd", NULL)); /* no file at all */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(created),      cmocka_unit_test(reloaded),
        cmocka_unit_test(torn_append),  cmocka_unit_test(finished),
        cmocka_unit_test(specs),        cmocka_unit_test(ids),
        cmocka_unit_test(broken_files),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
