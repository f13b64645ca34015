/* test_record.c — records: write, read back, errors with line and column,
 * several records in one text, atomic files. */
#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include "support.h"

#include "ludoteka/record.h"

static const lt_game *morris(void)
{
    const lt_game *g = lt_game_find("three-mens-morris");
    assert_non_null(g);
    return g;
}

/* A record of the moves (names) from the start under the options. */
static void make_record(lt_record *r, const char *options, const char *moves)
{
    const lt_game *g = morris();
    lt_config cfg;
    lt_config_default(g, &cfg, 2);
    assert_int_equal(lt_config_parse(g, &cfg, options, NULL), LT_OK);
    lt_record_init(r, g, &cfg);
    snprintf(r->players[0], LT_SPEC_MAX, "human");
    snprintf(r->players[1], LT_SPEC_MAX, "ai:level=2");
    r->seed = 77;
    lt_state *s = lt_state_new(g);
    assert_int_equal(lt_init(g, s, &cfg, NULL), LT_OK);
    char buf[256], *save = NULL;
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        lt_action a;
        assert_int_equal(lt_parse(g, s, w, &a, NULL), LT_OK);
        assert_int_equal(lt_record_push(r, a), LT_OK);
        g->apply(s, a);
    }
    lt_state_free(s);
}

static void round_trip(void **st)
{
    lt_record r, back;
    make_record(&r, "diagonals=off", "B2 A1 C3 A3 A2 C1 C3-B3");
    lt_record_set_tag(&r, "Event", "club \"night\"");
    lt_error err = {0};
    char *text = lt_record_format(&r, &err);
    assert_non_null(text);
    assert_non_null(strstr(text, "[Game \"three-mens-morris\"]"));
    assert_non_null(strstr(text, "[Options \"diagonals=off movement=step cap=200 rows=round\"]"));
    assert_non_null(strstr(text, "[Players \"human,ai:level=2\"]"));
    assert_non_null(strstr(text, "[Seed \"77\"]"));
    assert_non_null(strstr(text, "[Event \"club \\\"night\\\"\"]"));
    assert_non_null(strstr(text, "[Result \"*\"]"));
    assert_non_null(strstr(text, "1. B2 A1 2. C3 A3 3. A2 C1 4. C3-B3\n"));
    lt_cursor cur = {0};
    assert_int_equal(lt_record_parse(text, &cur, &back, &err), LT_OK);
    assert_int_equal(back.nactions, r.nactions);
    assert_memory_equal(back.actions, r.actions, sizeof *r.actions * (size_t)r.nactions);
    assert_int_equal(back.config.value[0], r.config.value[0]);
    assert_string_equal(back.players[1], "ai:level=2");
    assert_true(back.seed == 77);
    assert_string_equal(back.extra[0].value, "club \"night\"");
    char *again = lt_record_format(&back, &err);
    assert_string_equal(text, again);
    free(text);
    free(again);
    lt_record_clear(&r);
    lt_record_clear(&back);
}

static void comments_numbers_and_spacing(void **st)
{
    const char *text =
        "; a game from the club\r\n"
        "[Game \"three-mens-morris\"]  [Players \"human,human\"]\r\n"
        "\r\n"
        "1. B2 {the centre first} A1\r\n"
        "2...C3   A3 3. C1 ; White threatens two rows\r\n"
        "B3 4. C1-C2\r\n";
    lt_record r;
    lt_cursor cur = {0};
    lt_error err = {0};
    assert_int_equal(lt_record_parse(text, &cur, &r, &err), LT_OK);
    assert_int_equal(r.nactions, 7);
    lt_state *s = lt_state_new(r.game);
    assert_int_equal(lt_record_replay(&r, -1, s, &err), LT_OK);
    /* White B2 C3 C2, Black A1 A3 B3: no row yet, Black to move */
    assert_string_equal(text_of(r.game, s), "BBW/.WW/B.. b 7");
    lt_state_free(s);
    lt_record_clear(&r);
}

/* Parses text and expects a failure at the given line and column. */
static void expect_error(const char *text, int line, int col, const char *words)
{
    lt_record r;
    lt_cursor cur = {0};
    lt_error err = {0};
    assert_int_not_equal(lt_record_parse(text, &cur, &r, &err), LT_OK);
    if (err.line != line || err.col != col || !strstr(err.msg, words))
        fail_msg("expected line %d column %d '%s', got: %s", line, col, words,
                 err.msg);
}

static void errors_point_at_the_text(void **st)
{
    expect_error("[Game \"go\"]\n", 1, 1, "unknown game 'go'");
    expect_error("[Game \"three-mens-morris\"]\n[Options \"diagonals=maybe\"]\n",
                 2, 1, "on|off");
    expect_error("[Game \"three-mens-morris\"]\n\n1. B2 A1\n2. B2\n", 4, 4,
                 "not legal");
    expect_error("[Game \"three-mens-morris\"]\n\n1. B2 Z9\n", 3, 7,
                 "not a move");
    expect_error("[Game \"three-mens-morris\"]\n\n1. B2 {oops\n", 3, 7,
                 "never closed");
    expect_error("[Game \"three-mens-morris\n", 1, 25, "never closed");
    expect_error("[Game three-mens-morris]\n", 1, 7, "expected '\"'");
    /* no [Game] tag: a PGN file's game, so chess */
    expect_error("[Players \"human,ai\"]\nB2\n", 2, 1, "not a move of chess");
    expect_error("[Game \"three-mens-morris\"]\n[Game \"three-mens-morris\"]\n",
                 2, 1, "twice");
    expect_error("[Game \"three-mens-morris\"]\n[Seed \"-4\"]\n", 2, 1,
                 "not a whole number");
    expect_error("[Game \"three-mens-morris\"]\n[Players \"a,b,c\"]\n", 2, 1,
                 "2 players");
    /* White's row A1-B1-C1 stands after Black's reply: 1-0, not 0-1 */
    expect_error("[Game \"three-mens-morris\"]\n[Result \"0-1\"]\n\n"
                 "A1 A2 B1 B2 C1 A3\n", 2, 1, "result");
    expect_error("[Game \"three-mens-morris\"]\n[Position \"WXW/.../... w 0\"]\n",
                 2, 1, "bad position");
    /* moves after the end */
    expect_error("[Game \"three-mens-morris\"]\n\nA1 A2 B1 B2 C1 C2 C3\n", 3, 19,
                 "over");
}

/* PGN habits: variations, NAGs and the closing result are skipped. */
static void pgn_movetext(void **st)
{
    const char *text = "[Game \"three-mens-morris\"]\n\n"
                       "1. B2 $1 A1 (1... C3 2. A1 {nested} (2. C1)) 2. C3 $14 A3 *\n";
    lt_record r;
    lt_cursor cur = {0};
    lt_error err = {0};
    assert_int_equal(lt_record_parse(text, &cur, &r, &err), LT_OK);
    assert_int_equal(r.nactions, 4);
    lt_record_clear(&r);
    expect_error("[Game \"three-mens-morris\"]\n\n1. B2 (A1 (C3)\n", 3, 7,
                 "never closed");
}

static void several_records(void **st)
{
    const char *text = "[Game \"three-mens-morris\"]\n\nB2 A1\n\n"
                       "[Game \"three-mens-morris\"]\n[Result \"1-0\"]\n\n"
                       "A1 A2 B1 B2 C1\n"
                       "C3 ; Black completes the round, no row: White won\n\n"
                       "{ nothing more }\n";
    lt_cursor cur = {0};
    lt_record r;
    lt_error err = {0};
    assert_int_equal(lt_record_parse(text, &cur, &r, &err), LT_OK);
    assert_int_equal(r.nactions, 2);
    lt_record_clear(&r);
    assert_int_equal(lt_record_parse(text, &cur, &r, &err), LT_OK);
    assert_int_equal(r.nactions, 6);
    lt_record_clear(&r);
    assert_int_equal(lt_record_parse(text, &cur, &r, &err), LT_EIO);
    /* a game without a move (lost on time before it): the empty line
     * after its tags ends them, and the next game's tags are the next
     * game's, not more of its own */
    text = "[Game \"three-mens-morris\"]\n[Result \"0-1\"]\n\n"
           "{[%result time 1]}\n\n"
           "[Game \"three-mens-morris\"]\n[Result \"1-0\"]\n\nB2\n";
    cur = (lt_cursor){0};
    assert_int_equal(lt_record_parse(text, &cur, &r, &err), LT_OK);
    assert_int_equal(r.nactions, 0);
    lt_record_clear(&r);
    assert_int_equal(lt_record_parse(text, &cur, &r, &err), LT_OK);
    assert_int_equal(r.nactions, 1);
    lt_record_clear(&r);
    assert_int_equal(lt_record_parse(text, &cur, &r, &err), LT_EIO);
}

static void position_tag(void **st)
{
    const char *text = "[Game \"three-mens-morris\"]\n"
                       "[Position \"W../.../... b 1\"]\n\nB2\n";
    lt_cursor cur = {0};
    lt_record r;
    lt_error err = {0};
    assert_int_equal(lt_record_parse(text, &cur, &r, &err), LT_OK);
    lt_state *s = lt_state_new(r.game);
    assert_int_equal(lt_record_replay(&r, -1, s, &err), LT_OK);
    assert_string_equal(text_of(r.game, s), "W../.B./... w 2");
    char *again = lt_record_format(&r, &err);
    assert_non_null(strstr(again, "[Position \"W../.../... b 1\"]"));
    free(again);
    lt_state_free(s);
    lt_record_clear(&r);
}

/* A result the moves do not reach (a resignation) is kept and written
 * back (the closing token is PGN's: chess only); [FEN] is read as
 * [Position]. */
static void recorded_result_and_fen_tag(void **st)
{
    const char *text = "[Game \"three-mens-morris\"]\n"
                       "[FEN \"W../.../... b 1\"]\n[Result \"0-1\"]\n\n"
                       "B2 A1 0-1\n";
    lt_cursor cur = {0};
    lt_record r;
    lt_error err = {0};
    assert_int_equal(lt_record_parse(text, &cur, &r, &err), LT_OK);
    assert_int_equal(r.nactions, 2);
    assert_string_equal(r.position, "W../.../... b 1");
    char *again = lt_record_format(&r, &err);
    assert_non_null(strstr(again, "[Result \"0-1\"]"));
    assert_non_null(strstr(again, "[Position \"W../.../... b 1\"]"));
    /* Black moved first from the set-up position: "1... B2" */
    assert_non_null(strstr(again, "1... B2 2. A1\n"));
    free(again);
    lt_record_clear(&r);
    expect_error("[Game \"three-mens-morris\"]\n[Position \"W../.../... b 1\"]\n"
                 "[FEN \"W../.../... b 1\"]\n", 3, 1, "twice");
}

static int count_files(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

/* Issue 18: the text of a record reaches messages with its control bytes
 * escaped. */
static void errors_escape_what_they_quote(void **st)
{
    static const char *const texts[] = {
        "[Game \"three-mens-morris\"]\n\n1. B1\033[2JX\n",
        "[Game \"\033]0;title\a\"]\n",
        "[Game \"three-mens-morris\"]\n[Seed \"\x9b" "1\"]\n",
        "[Game \"three-mens-morris\"]\n[Result \"\033[5m\"]\n\n"
        "1. A1 A2 2. B1 B2 3. C1 C3\n"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        lt_cursor cur = {0};
        lt_record r;
        lt_error err = {0};
        assert_int_not_equal(lt_record_parse(texts[i], &cur, &r, &err), LT_OK);
        for (const char *c = err.msg; *c; c++)
            if ((unsigned char)*c < 0x20 || (unsigned char)*c >= 0x7f)
                fail_msg("text %zu: byte %#x in '%s'", i, (unsigned char)*c,
                         err.msg);
        assert_true(strstr(err.msg, "\\x1b") || strstr(err.msg, "\\x9b"));
    }
}

/* Writes text to dir/name. */
static void put_file(const char *dir, const char *name, const char *text)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static bool file_exists(const char *dir, const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return access(path, F_OK) == 0;
}

/* Issue 18: a file of several games is not loaded to be played on (saving
 * it would keep the first game alone), and is left as it was. */
static void load_refuses_several_games(void **st)
{
    char dir[] = "/tmp/ludoteka-test-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[128];
    snprintf(path, sizeof path, "%s/games.txt", dir);
    const char *one = "[Game \"three-mens-morris\"]\n\n1. B2 A1\n\n";
    char text[512];
    snprintf(text, sizeof text, "%s%s%s", one, one, one);
    put_file(dir, "games.txt", text);
    lt_record r;
    lt_error err = {0};
    assert_int_equal(lt_record_load(path, &r, &err), LT_ERANGE);
    assert_non_null(strstr(err.msg, "games.txt holds 3 games"));
    size_t size;
    char *after = lt_read_file(path, &size, &err);
    assert_non_null(after);
    assert_string_equal(after, text);
    free(after);
    /* a second game that does not read still makes two */
    snprintf(text, sizeof text, "%s[Game \"nine-holes\"]\n", one);
    put_file(dir, "games.txt", text);
    assert_int_equal(lt_record_load(path, &r, &err), LT_ERANGE);
    assert_non_null(strstr(err.msg, "holds at least 2 games"));
    /* one game, with comments after it, loads */
    snprintf(text, sizeof text, "%s{ the end }\n", one);
    put_file(dir, "games.txt", text);
    assert_int_equal(lt_record_load(path, &r, &err), LT_OK);
    assert_int_equal(r.nactions, 2);
    lt_record_clear(&r);
    unlink(path);
    rmdir(dir);
}

/* Issue 18: saves killed midway left FILE.tmp-XXXXXX beside FILE; the next
 * save or load of FILE removes those, but not a save under way (its file
 * is locked) and nothing named otherwise. */
static void stale_temporary_files_go(void **st)
{
    char dir[] = "/tmp/ludoteka-test-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[128], live[160];
    snprintf(path, sizeof path, "%s/game.txt", dir);
    snprintf(live, sizeof live, "%s/game.txt.tmp-L1ve00", dir);
    static const char *const stale[] = {"game.txt.tmp-AAAAAA",
                                        "game.txt.tmp-b7Zq0x"};
    static const char *const others[] = {
        "game.txt.tmp-short", "game.txt.tmp-AAAAAAA", "game.txt.tmp-AAAAAA~",
        "other.txt.tmp-AAAAAA", "game.txt"};
    lt_record r, back;
    lt_error err = {0};
    make_record(&r, "", "B2 A1");
    for (int round = 0; round < 2; round++) {
        for (size_t i = 0; i < sizeof stale / sizeof stale[0]; i++)
            put_file(dir, stale[i], "half a record");
        for (size_t i = 0; i < sizeof others / sizeof others[0] - 1; i++)
            put_file(dir, others[i], "not ours");
        /* a save under way in another process: its file is locked */
        int fd = open(live, O_RDWR | O_CREAT, 0600);
        assert_true(fd >= 0);
        assert_int_equal(flock(fd, LOCK_EX), 0);
        if (round == 0) { /* the next save */
            assert_int_equal(lt_record_save(&r, path, &err), LT_OK);
        } else {          /* the next load */
            assert_int_equal(lt_record_load(path, &back, &err), LT_OK);
            assert_int_equal(back.nactions, 2);
            lt_record_clear(&back);
        }
        for (size_t i = 0; i < sizeof stale / sizeof stale[0]; i++)
            if (file_exists(dir, stale[i]))
                fail_msg("round %d: %s is still there", round, stale[i]);
        for (size_t i = 0; i < sizeof others / sizeof others[0]; i++)
            if (!file_exists(dir, others[i]))
                fail_msg("round %d: %s was removed", round, others[i]);
        assert_true(access(live, F_OK) == 0);
        close(fd);
    }
    /* the record is whole */
    assert_int_equal(lt_record_load(path, &back, &err), LT_OK);
    assert_int_equal(back.nactions, 2);
    assert_memory_equal(back.actions, r.actions, 2 * sizeof *r.actions);
    lt_record_clear(&back);
    /* the lock is gone with the save: now it is a leftover too */
    assert_int_equal(lt_record_save(&r, path, &err), LT_OK);
    assert_false(access(live, F_OK) == 0);
    lt_record_clear(&r);
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        char p[256];
        snprintf(p, sizeof p, "%s/%s", dir, others[i]);
        unlink(p);
    }
    assert_int_equal(rmdir(dir), 0);
}

static void atomic_files(void **st)
{
    char dir[] = "/tmp/ludoteka-test-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[128];
    snprintf(path, sizeof path, "%s/game.txt", dir);
    lt_record r, back;
    lt_error err = {0};
    make_record(&r, "", "B2 A1");
    assert_int_equal(lt_record_save(&r, path, &err), LT_OK);
    lt_record_push(&r, 2); /* C1 */
    assert_int_equal(lt_record_save(&r, path, &err), LT_OK);
    assert_int_equal(count_files(dir), 1); /* no temporary left behind */
    assert_int_equal(lt_record_load(path, &back, &err), LT_OK);
    assert_int_equal(back.nactions, 3);
    lt_record_clear(&back);
    /* a file that is not there, a folder that is not there */
    assert_int_equal(lt_record_load("/nonexistent/x", &back, &err), LT_EIO);
    assert_non_null(strstr(err.msg, "cannot open"));
    assert_int_equal(lt_record_save(&r, "/nonexistent/x", &err), LT_EIO);
    assert_non_null(strstr(err.msg, "cannot write"));
    lt_record_clear(&r);
    unlink(path);
    rmdir(dir);
}

TEST_MAIN(cmocka_unit_test(round_trip),
          cmocka_unit_test(comments_numbers_and_spacing),
          cmocka_unit_test(errors_point_at_the_text),
          cmocka_unit_test(pgn_movetext),
          cmocka_unit_test(several_records),
          cmocka_unit_test(position_tag),
          cmocka_unit_test(recorded_result_and_fen_tag),
          cmocka_unit_test(atomic_files),
          cmocka_unit_test(errors_escape_what_they_quote),
          cmocka_unit_test(load_refuses_several_games),
          cmocka_unit_test(stale_temporary_files_go))
