/* test_catch_the_rabbit.c — Catch the Rabbit against seed 000, the setups
 * of notes §3.2 and the readings of RULES.md; the solver against the
 * game's own moves and against positions worked out by hand. */
#include <dirent.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "support.h"
#include "players.h"

#include "games/moves_text.h"

#include "ludoteka/rng.h"
#include "engines/catch-the-rabbit/solve.h"

/* Under the sanitizers the exhaustive check takes a smaller table. */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

/* notes §3.2: the rabbit on C3; 12 hunters on rows 1 and 2 and A3 E3, 11
 * without B1, 10 without B1 and D1.  The rabbit moves first (seed); C3's
 * empty neighbours are B3, D3, B4, C4, D4, and its jumps over B2, C2, D2
 * would land on A1, C1, E1, which stay occupied: no capture. */
static void setups_and_first_moves(void **st)
{
    static const struct {
        const char *hunters, *text;
    } setups[] = {
        {"hunters=12", "...../...../H.R.H/HHHHH/HHHHH r 0"},
        {"hunters=11", "...../...../H.R.H/HHHHH/H.HHH r 0"},
        {"hunters=10", "...../...../H.R.H/HHHHH/H.H.H r 0"},
    };
    for (size_t i = 0; i < sizeof setups / sizeof setups[0]; i++) {
        const lt_game *g;
        lt_state *s = start(&g, "catch-the-rabbit", setups[i].hunters);
        assert_string_equal(text_of(g, s), setups[i].text);
        assert_int_equal(g->current_player(s), 0); /* the rabbit */
        assert_string_equal(moves_of(g, s), "C3-B3 C3-D3 C3-B4 C3-C4 C3-D4");
        lt_state_free(s);
    }
}

/* RULES.md: other counts fill A1 C1 E1 A2 E2 B2 D2 C2 A3 E3 D1 B1 in
 * order; every man next to C3 has its point behind it filled first, so
 * the first move never captures. */
static void other_counts(void **st)
{
    for (int n = 1; n <= 9; n++) {
        char opt[32];
        snprintf(opt, sizeof opt, "hunters=%d", n);
        const lt_game *g;
        lt_state *s = start(&g, "catch-the-rabbit", opt);
        const char *text = text_of(g, s);
        int count = 0;
        for (const char *p = text; *p != ' '; p++)
            count += *p == 'H';
        assert_int_equal(count, n);
        assert_null(strchr(moves_of(g, s), 'x'));
        lt_state_free(s);
    }
}

/* The rabbit on C3, hunters on C4 and D5 and ten more on rows 1 and 2:
 * it jumps C4 into C5, and from C5 (a point on the diagonals, but B4 and
 * D4 are empty) its only further jump is over D5 into E5 (RULES.md: it
 * may go on or stop). */
static void capture_chain(void **st)
{
    const char *pos = "...H./..H../..R../HHHHH/HHHHH r 0";
    const lt_game *g;
    lt_state *s = start_at(&g, "catch-the-rabbit", "threshold=1", 0, pos);
    play(g, s, "C3xC5");
    assert_int_equal(g->current_player(s), 0); /* the rabbit goes on */
    assert_string_equal(moves_of(g, s), "C5xE5 stop");
    assert_string_equal(text_of(g, s), "..RH./...../...../HHHHH/HHHHH rx 0");
    play(g, s, "C5xE5");
    assert_int_equal(g->current_player(s), 1);
    assert_string_equal(text_of(g, s), "....R/...../...../HHHHH/HHHHH h 0");
    lt_state_free(s);
    /* chain=single: the hunters move after one jump */
    s = start_at(&g, "catch-the-rabbit", "threshold=1 chain=single", 0, pos);
    play(g, s, "C3xC5");
    assert_int_equal(g->current_player(s), 1);
    lt_state_free(s);
}

/* Seed: blocking the rabbit wins for the hunters.  The rabbit on B1 has
 * the neighbours A1, C1, B2 (B1 is not on a diagonal); its jumps would
 * land on D1 and B3 (over A1 it would leave the board).  Hunters on A1,
 * C1, B2, D1 and B4 to move: B4-B3 closes the pen. */
static void block_wins(void **st)
{
    const lt_game *g;
    lt_state *s = start_at(&g, "catch-the-rabbit", "hunters=5", 0,
            "...../.H.../...../.H.../HRHH. h 3");
    play(g, s, "B4-B3");
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, 1) == 1 && return_of(g, s, 0) == -1);
    /* RULES.md, Endings */
    assert_reason(g, s, "the rabbit is caught: blocked, with no move",
                  "królik złapany: zablokowany, nie ma ruchu");
    assert_info(g, s, "the rabbit is caught: blocked, with no move",
                "królik złapany: zablokowany, nie ma ruchu");
    lt_state_free(s);
}

/* RULES.md: the rabbit wins as soon as fewer than `threshold` hunters
 * remain - at once, even if it could jump on.  With ten hunters (and the
 * default threshold 10) one capture is enough. */
static void threshold_wins(void **st)
{
    const char *pos = "...H./..H../..R../HHHHH/HHHHH r 0"; /* 12 hunters */
    const lt_game *g;
    lt_state *s = start_at(&g, "catch-the-rabbit", "threshold=12", 0, pos);
    play(g, s, "C3xC5");
    assert_end(g, s, 0, 1, "fewer than 12 hunters remain (11)",
               "zostało mniej niż 12 myśliwych (11)");
    lt_state_free(s);
    s = start(&g, "catch-the-rabbit", NULL); /* threshold 10: two to go */
    set_position(g, s, pos);
    play(g, s, "C3xC5");
    assert_int_equal(g->current_player(s), 0);
    play(g, s, "C5xE5");
    assert_int_equal(g->current_player(s), 1); /* 10 left */
    lt_state_free(s);
}

/* RULES.md: the rabbit wins if the hunters have not blocked it after
 * `cap` moves of theirs. */
static void move_cap(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, "catch-the-rabbit", "cap=10");
    for (int i = 0; i < 10; i++) {
        /* the rabbit shuttles C3-C4-C3, the hunter on A3 A3-A4-A3 */
        play(g, s, i % 2 ? "C4-C3" : "C3-C4");
        assert_int_equal(g->current_player(s), 1);
        play(g, s, i % 2 ? "A4-A3" : "A3-A4");
    }
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, 0) == 1);
    assert_string_equal(text_of(g, s), "...../...../H.R.H/HHHHH/HHHHH r 10");
    assert_reason(g, s, "the rabbit got away: not blocked within 10 hunter moves",
                  "królik uciekł: brak blokady w limicie ruchów myśliwych (10)");
    lt_state_free(s);
}

static void bad_positions(void **st)
{
    static const char *const bad[] = {
        "...../...../H.R.H/HHHHH/HHHHH x 0",   /* no such side */
        "...../...../H.R.H/HHHHH/HHHHH r",     /* no move count */
        "...../...../H...H/HHHHH/HHHHH r 0",   /* no rabbit */
        "...R./...../H.R.H/HHHHH/HHHHH r 0",   /* two rabbits */
        "...../..H../H.R.H/HHHHH/HHHHH r 0",   /* 13 hunters */
        "...../...../H.R.H/HHHHH/HHHHH h 100", /* the cap is reached */
        "...../...../H.R.H/HHHHH/HHHHH r 101", /* beyond the cap */
        "...../...../H.R.H/HHHHH/HHHHH rx 0",  /* no jump to go on with */
        "...../...../H.R.H/HHHHH/HHHHH r 0 0", /* trailing text */
    };
    const lt_game *g;
    lt_state *s = start(&g, "catch-the-rabbit", NULL);
    assert_string_equal(text_of(g, s), "...../...../H.R.H/HHHHH/HHHHH r 0");
    assert_bad_positions(g, s, bad, sizeof bad / sizeof bad[0]);
    lt_state_free(s);
}

static uint32_t points(const char *names)
{
    const graph *g = graph_alquerque();
    uint32_t set = 0;
    char buf[128], *save = NULL;
    snprintf(buf, sizeof buf, "%s", names);
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save))
        set |= 1u << graph_find(g, w);
    return set;
}

/* The table against the game's own moves, every entry (solve.h), and
 * against positions worked out by hand with five hunters, where the
 * first capture wins (threshold 5): the pen of block_wins is a loss in 0
 * turns for the rabbit (value 1); closing it from B4 wins in 1 turn for
 * the hunters (value 2); a rabbit on C3 next to a hunter on C4 with C5
 * empty wins in 1 turn (value 2). */
static void solved_table(void **st)
{
    rabbit_rules rules = {5, 5, 0};
    if (SANITIZED)
        rules = (rabbit_rules){3, 2, 0};
    char msg[256];
    rabbit_table *t = rabbit_solve(&rules, NULL, msg, sizeof msg);
    assert_non_null(t);
    if (rabbit_check(t, msg, sizeof msg) != 0)
        fail_msg("%s", msg);
    if (!SANITIZED) {
        assert_int_equal(rabbit_value_rabbit(t, points("A1 C1 B2 D1 B3"),
                                             graph_find(graph_alquerque(), "B1")), 1);
        assert_int_equal(rabbit_value_hunters(t, points("A1 C1 B2 D1 B4"),
                                              graph_find(graph_alquerque(), "B1")), 2);
        assert_int_equal(rabbit_value_rabbit(t, points("C4 A1 B1 D1 E1"),
                                             graph_find(graph_alquerque(), "C3")), 2);
    }
    rabbit_table_free(t);
}

/* The tables of the seed's setups, checked entry by entry against the
 * game's moves - minutes each, so only when asked for:
 *   LT_RABBIT_CHECK="10 11 12" build/tests/test_catch_the_rabbit
 * (a cached table is used when there is one, else it is solved). */
static void full_tables(void **st)
{
    const char *list = getenv("LT_RABBIT_CHECK");
    if (!list || !*list)
        skip();
    char buf[64], *save = NULL;
    snprintf(buf, sizeof buf, "%s", list);
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        int hunters = atoi(w);
        assert_true(hunters >= 1 && hunters <= 12);
        rabbit_rules rules = {hunters, hunters < 10 ? hunters : 10, 0};
        char msg[256];
        rabbit_table *t = rabbit_cache_load(&rules);
        if (!t)
            t = rabbit_solve(&rules, NULL, msg, sizeof msg);
        assert_non_null(t);
        /* RULES.md: from the start the hunters block the rabbit after
         * 25, 30, 37 hunter moves (a value of 1 + 2 * moves) */
        if (hunters >= 10) {
            static const int blocked[] = {37, 30, 25};
            assert_int_equal(rabbit_value_rabbit(t, rabbit_setup(hunters),
                                                 graph_find(graph_alquerque(), "C3")),
                             1 + 2 * blocked[hunters - 10]);
        }
        uint64_t wrong = rabbit_check(t, msg, sizeof msg);
        printf("hunters %d: %llu positions, %llu wrong: %s\n", hunters,
               (unsigned long long)t->positions, (unsigned long long)wrong, msg);
        assert_true(wrong == 0);
        rabbit_table_free(t);
    }
}

/* A wrong table is caught: one entry changed, the check finds it. */
static void check_catches_errors(void **st)
{
    rabbit_rules rules = {3, 2, 0};
    char msg[256];
    rabbit_table *t = rabbit_solve(&rules, NULL, msg, sizeof msg);
    assert_non_null(t);
    t->value[12345] = (uint8_t)(t->value[12345] + 2);
    assert_true(rabbit_check(t, msg, sizeof msg) > 0);
    rabbit_table_free(t);
}

/* The perfect player, from positions reached by random moves, never lets
 * a position it judges won slip, against random play. */
static void perfect_player(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, "catch-the-rabbit", SANITIZED ? "hunters=3" : "hunters=5");
    lt_config cfg;
    lt_config_default(g, &cfg, 2);
    cfg.value[0] = SANITIZED ? 3 : 5;
    lt_error err = {0};
    lt_player *perfect = lt_player_new(g, "ai:perfect:nocache", &err);
    lt_player *rnd = lt_player_new(g, "random", &err);
    assert_non_null(perfect);
    assert_non_null(rnd);
    int won = 0;
    for (int k = 0; k < 40; k++) {
        lt_rng rng;
        lt_rng_seed(&rng, (uint64_t)k, 7);
        assert_int_equal(lt_init(g, s, &cfg, &err), LT_OK);
        for (int i = (int)lt_rng_below(&rng, 12); i > 0 && g->current_player(s) >= 0; i--)
            g->apply(s, lt_rng_play(&rng, g, s));
        int seat = k % 2;
        double best = -2;
        for (int n = 0; g->current_player(s) >= 0; n++) {
            int p = g->current_player(s);
            lt_think_info info = {0};
            lt_action a = lt_player_choose(p == seat ? perfect : rnd, s,
                                           (uint64_t)(k * 1000 + n), NULL, &info);
            if (p == seat && info.value[p] > best)
                best = info.value[p];
            g->apply(s, a);
        }
        if (best > 0) {
            won++;
            assert_true(return_of(g, s, seat) > 0);
        }
    }
    assert_true(won > 0);
    lt_player_free(perfect);
    lt_player_free(rnd);
    lt_state_free(s);
}

/* RULES.md: a block that cannot come within the hunter moves left is no
 * block.  A position the table gives the hunters in d turns (with the
 * rabbit to move: d/2 hunter moves), played out by two perfect players:
 * with d/2 hunter moves left before the cap the hunters win, with one
 * fewer the rabbit does - and each time the game ends as the player to
 * move judged it. */
static void cap_in_perfect_play(void **st)
{
    if (SANITIZED) /* the smallest table with such blocks takes long there */
        skip();
    /* seven hunters, the first capture wins: blocks of 2 to 5 hunter
     * moves exist (with fewer hunters only blocks in one) */
    rabbit_rules rules = {7, 7, 0};
    char msg[256];
    rabbit_table *t = rabbit_solve(&rules, NULL, msg, sizeof msg);
    assert_non_null(t);
    int rabbit = -1, d = 0;
    uint32_t hunters = 0;
    for (int r = 0; r < 25 && rabbit < 0; r++)
        for (uint32_t m = 0x7f; m < 1u << 24 && rabbit < 0; ) {
            uint32_t low = (1u << r) - 1, set = (m & low) | (m & ~low) << 1;
            int v = rabbit_value_rabbit(t, set, r);
            if (v >= 5 && (v - 1) % 2 == 0) { /* hunters win, >= 2 moves */
                rabbit = r;
                hunters = set;
                d = v - 1;
            }
            uint32_t x = m | (m - 1); /* the next set of seven */
            m = (x + 1) | (((~x & (0u - ~x)) - 1) >> (__builtin_ctz(m) + 1));
        }
    assert_true(rabbit >= 0);
    /* the player takes this very table from a cache folder of our own */
    char dir[] = "/tmp/ludoteka-cache-XXXXXX", path[256];
    assert_non_null(mkdtemp(dir));
    setenv("XDG_CACHE_HOME", dir, 1);
    assert_true(rabbit_cache_store(t, NULL));
    const lt_game *g;
    lt_state *s = start(&g, "catch-the-rabbit", "hunters=7 cap=20");
    lt_error err = {0};
    lt_player *perfect = lt_player_new(g, "ai:perfect", &err);
    assert_non_null(perfect);
    for (int shortfall = 0; shortfall < 2; shortfall++) {
        rabbit_state *rs = (rabbit_state *)s;
        rs->hunters = hunters;
        rs->rabbit = (int8_t)rabbit;
        rs->turn = RB_RABBIT;
        rs->moves = (uint16_t)(20 - d / 2 + shortfall);
        rabbit_settle(rs);
        assert_true(g->invariants_ok(s));
        lt_think_info info = {0};
        lt_player_choose(perfect, s, 1, NULL, &info);
        assert_true(info.value[0] == (shortfall ? 1 : -1));
        while (g->current_player(s) >= 0)
            g->apply(s, lt_player_choose(perfect, s, 7, NULL, NULL));
        assert_true(return_of(g, s, 0) == info.value[0]);
    }
    lt_player_free(perfect);
    lt_state_free(s);
    rabbit_table_free(t);
    snprintf(path, sizeof path, "%s/ludoteka/catch-the-rabbit-7-7-multi.table", dir);
    assert_int_equal(remove(path), 0);
    snprintf(path, sizeof path, "%s/ludoteka", dir);
    assert_int_equal(rmdir(path), 0);
    assert_int_equal(rmdir(dir), 0);
}

/* A table stored in the cache folder reads back the same. */
static void cache_round_trip(void **st)
{
    char dir[] = "/tmp/ludoteka-cache-XXXXXX";
    assert_non_null(mkdtemp(dir));
    setenv("XDG_CACHE_HOME", dir, 1);
    rabbit_rules rules = {3, 2, 1};
    char msg[256];
    assert_null(rabbit_cache_load(&rules));
    rabbit_table *t = rabbit_solve(&rules, NULL, msg, sizeof msg);
    assert_non_null(t);
    assert_true(rabbit_cache_store(t, NULL));
    rabbit_table *back = rabbit_cache_load(&rules);
    assert_non_null(back);
    assert_true(back->positions == t->positions && back->maxd == t->maxd);
    assert_memory_equal(back->value, t->value, t->entries);
    rabbit_rules other = {3, 2, 0}; /* other rules: not this file */
    assert_null(rabbit_cache_load(&other));
    rabbit_table_free(back);
    rabbit_table_free(t);
    char path[256];
    snprintf(path, sizeof path, "%s/ludoteka/catch-the-rabbit-3-2-single.table", dir);
    assert_int_equal(remove(path), 0);
    snprintf(path, sizeof path, "%s/ludoteka", dir);
    assert_int_equal(rmdir(path), 0);
    assert_int_equal(rmdir(dir), 0);
}

/* ---- Waiting for a table (issue 18, item 6) ---- */

/* A fresh cache folder of our own, and its ludoteka folder's path. */
static void fresh_cache(char *dir, char *sub, size_t size)
{
    assert_non_null(mkdtemp(dir));
    setenv("XDG_CACHE_HOME", dir, 1);
    snprintf(sub, size, "%s/ludoteka", dir);
}

/* The number of files in a folder (0 if there is none). */
static int files_in(const char *path)
{
    DIR *d = opendir(path);
    int n = 0;
    if (!d)
        return 0;
    for (struct dirent *e; (e = readdir(d));)
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

static void remove_cache(const char *dir, const char *sub)
{
    DIR *d = opendir(sub);
    for (struct dirent *e; d && (e = readdir(d));) {
        char path[512];
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", sub, e->d_name);
        assert_int_equal(remove(path), 0);
    }
    if (d) {
        closedir(d);
        assert_int_equal(rmdir(sub), 0);
    }
    assert_int_equal(rmdir(dir), 0);
}

/* The point name of p's image under the m-th turn or mirroring of the
 * square (m = 0..7), worked out here on the names' columns and rows. */
static void image_name(const char *p, int m, char out[3])
{
    int c = p[0] - 'A', r = p[1] - '1', u, v;
    int x = m & 1 ? 4 - c : c, y = m & 2 ? 4 - r : r; /* mirrorings */
    u = m & 4 ? y : x; /* and the diagonal's */
    v = m & 4 ? x : y;
    out[0] = (char)('A' + u);
    out[1] = (char)('1' + v);
    out[2] = '\0';
}

static uint32_t image_points(const char *names, int m)
{
    char buf[128], out[128] = "", *save = NULL, one[3];
    snprintf(buf, sizeof buf, "%s", names);
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        image_name(w, m, one);
        strcat(out, one);
        strcat(out, " ");
    }
    return points(out);
}

/* A table written to the cache folder and read back answers as solved:
 * the positions worked out by hand (solved_table) and their images under
 * the eight turns and mirrorings of the board, which the table keeps
 * once (the rabbit on 6 of the 25 points) - the same values. */
static void stored_table_known_values(void **st)
{
    static const struct {
        const char *hunters, *rabbit;
        bool rabbit_moves;
        int value;
    } known[] = {
        {"A1 C1 B2 D1 B3", "B1", true, 1},  /* penned: lost at once */
        {"A1 C1 B2 D1 B4", "B1", false, 2}, /* B4-B3 pens it */
        {"C4 A1 B1 D1 E1", "C3", true, 2},  /* C3xC5 takes the 5th */
    };
    char dir[] = "/tmp/ludoteka-cache-XXXXXX", sub[256], msg[256];
    fresh_cache(dir, sub, sizeof sub);
    rabbit_rules rules = {5, 5, 0};
    rabbit_table *t = rabbit_solve(&rules, NULL, msg, sizeof msg);
    assert_non_null(t);
    assert_true(t->positions == 2ull * 25 * 42504); /* 25 * C(24, 5) */
    assert_true(t->entries == 6ull * 42504);
    assert_true(rabbit_cache_store(t, NULL));
    rabbit_table *back = rabbit_cache_load(&rules);
    assert_non_null(back);
    assert_true(back->mapping != NULL); /* read from the file */
    assert_memory_equal(back->value, t->value, t->entries);
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        for (int m = 0; m < 8; m++) {
            char r[3];
            image_name(known[i].rabbit, m, r);
            uint32_t h = image_points(known[i].hunters, m);
            int at = graph_find(graph_alquerque(), r);
            int v = known[i].rabbit_moves ? rabbit_value_rabbit(back, h, at)
                                          : rabbit_value_hunters(back, h, at);
            if (v != known[i].value)
                fail_msg("%s, rabbit %s (image %d): %d, not %d",
                         known[i].hunters, r, m, v, known[i].value);
        }
    rabbit_table_free(back);
    rabbit_table_free(t);
    remove_cache(dir, sub);
}

/* The hint's player (the strongest level, ai:perfect) with the table of
 * the seed's 12 hunters not yet built (minutes): with a time limit that
 * has run out it does not wait for the table but answers at once by a
 * search with a node budget - a legal move, marked as the search's, with
 * the table's size (RULES.md: 358,077,800 positions) and its progress;
 * told to stop, the same.  Its build goes on meanwhile; freeing the
 * player stops it, and no table (whole or partial) is left in the cache.
 * No clock is read: the limit is over before the first look. */
static void hint_within_limit(void **st)
{
    char dir[] = "/tmp/ludoteka-cache-XXXXXX", sub[256];
    fresh_cache(dir, sub, sizeof sub);
    const lt_game *g;
    lt_state *s = start(&g, "catch-the-rabbit", NULL);
    lt_error err = {0};
    lt_player *hint = lt_player_new(g, "ai:level=5", &err);
    assert_non_null(hint);
    lt_think_info info = {0};
    lt_limits over = {.seconds = 1e-9};
    lt_action a = lt_player_choose(hint, s, 1, &over, &info);
    assert_true(lt_is_legal(g, s, a));
    assert_true(info.stand_in);
    assert_true(info.best == a);
    assert_true(info.nodes > 0 && info.nodes <= 4000); /* the node budget */
    assert_true(info.table_total == 358077800);
    assert_true(info.table_done >= 0 && info.table_done < info.table_total);
    /* told to answer now (Esc, Ctrl-C), with no time limit */
    volatile int stop = 1;
    lt_limits now = {.stop = &stop};
    memset(&info, 0, sizeof info);
    a = lt_player_choose(hint, s, 2, &now, &info);
    assert_true(lt_is_legal(g, s, a));
    assert_true(info.stand_in && info.table_total == 358077800);
    /* level 4 (the perfect player with slips), given a time limit in its
     * spec, shares the same build */
    lt_player *seat = lt_player_new(g, "ai:level=4:time=1e-9", &err);
    assert_non_null(seat);
    memset(&info, 0, sizeof info);
    a = lt_player_choose(seat, s, 3, NULL, &info);
    assert_true(lt_is_legal(g, s, a));
    lt_player_free(seat);
    /* the last player gone, the build stops, leaving nothing behind */
    lt_player_free(hint);
    assert_int_equal(files_in(sub), 0);
    lt_state_free(s);
    remove_cache(dir, sub);
}

/* A solve told to stop gives up and returns no table; a store told to
 * stop leaves no file, not even its temporary one. */
static void stopped_build_leaves_nothing(void **st)
{
    char dir[] = "/tmp/ludoteka-cache-XXXXXX", sub[256], msg[256];
    fresh_cache(dir, sub, sizeof sub);
    rabbit_rules rules = {3, 2, 1};
    volatile int stop = 1;
    rabbit_progress progress = {.stop = &stop};
    assert_null(rabbit_solve(&rules, &progress, msg, sizeof msg));
    assert_string_equal(msg, "stopped");
    stop = 0;
    rabbit_table *t = rabbit_solve(&rules, &progress, msg, sizeof msg);
    assert_non_null(t);
    /* every position counted once the last level is done */
    assert_true(atomic_load(&progress.done) == t->positions);
    stop = 1;
    assert_false(rabbit_cache_store(t, &stop));
    assert_int_equal(files_in(sub), 0);
    assert_null(rabbit_cache_load(&rules));
    rabbit_table_free(t);
    remove_cache(dir, sub);
}

/* Writes n bytes at offset `at` of a file (NULL data: cuts it there). */
static void damage(const char *path, long at, const char *data, size_t n)
{
    if (!data) {
        assert_int_equal(truncate(path, at), 0);
        return;
    }
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    assert_int_equal(fseek(f, at, SEEK_SET), 0);
    assert_int_equal(fwrite(data, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

/* A cached table that was cut short or damaged is never played by: the
 * load refuses it, and the perfect player (level 4 here, as a seat
 * would be) solves the table again and stores it whole - the same
 * values as a solve. */
static void corrupt_cache_rebuilt(void **st)
{
    char dir[] = "/tmp/ludoteka-cache-XXXXXX", sub[256], msg[256], path[512];
    fresh_cache(dir, sub, sizeof sub);
    rabbit_rules rules = {3, 2, 1}; /* hunters=3 threshold=2 chain=single */
    rabbit_table *t = rabbit_solve(&rules, NULL, msg, sizeof msg);
    assert_non_null(t);
    rabbit_cache_path(&rules, path, sizeof path);
    assert_true(path[0] != '\0');
    uint64_t n = t->entries;
    long end = (long)(rabbit_cache_store(t, NULL) ? 0 : -1);
    assert_int_equal(end, 0);
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    end = (long)sb.st_size;
    assert_true((uint64_t)end > n);
    const lt_game *g;
    lt_state *s = start(&g, "catch-the-rabbit", "hunters=3 threshold=2 chain=single");
    for (int k = 0; k < 3; k++) {
        /* a value changed in the middle; the file cut short; a value
         * changed in the last byte */
        char bad = (char)(t->value[n / 2] ^ 4), last = (char)(t->value[n - 1] ^ 1);
        if (k == 0)
            damage(path, end - (long)n + (long)(n / 2), &bad, 1);
        else if (k == 1)
            damage(path, end - 1000, NULL, 0);
        else
            damage(path, end - 1, &last, 1);
        assert_null(rabbit_cache_load(&rules));
        lt_error err = {0};
        lt_player *p = lt_player_new(g, "ai:level=4", &err);
        assert_non_null(p);
        lt_think_info info = {0};
        lt_action a = lt_player_choose(p, s, 1, NULL, &info);
        assert_true(lt_is_legal(g, s, a));
        assert_false(info.stand_in); /* from the table */
        assert_true(info.nodes == (long long)t->positions);
        lt_player_free(p); /* the store is done once it is freed */
        rabbit_table *back = rabbit_cache_load(&rules);
        assert_non_null(back);
        assert_memory_equal(back->value, t->value, n);
        rabbit_table_free(back);
        assert_int_equal(files_in(sub), 1);
    }
    lt_state_free(s);
    rabbit_table_free(t);
    remove_cache(dir, sub);
}

/* Levels take more parameters after the level: a time limit for the
 * perfect player's levels and for the searches. */
static void level_specs(void **st)
{
    const lt_game *g = lt_game_find("catch-the-rabbit");
    static const char *const good[] = {"ai:level=4:time=2", "ai:level=5:time=0.5",
                                       "ai:level=1:time=1", "ai:perfect:time=3"};
    static const char *const bad[] = {"ai:level=4:time=0", "ai:level=4:bogus",
                                      "ai:level=4x", "ai:level=:time=1",
                                      "ai:perfect:time=x"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        lt_player_free(player_of(g, good[i]));
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_bad_spec(g, bad[i]);
}

TEST_MAIN(cmocka_unit_test(setups_and_first_moves),
          cmocka_unit_test(other_counts),
          cmocka_unit_test(capture_chain),
          cmocka_unit_test(block_wins),
          cmocka_unit_test(threshold_wins),
          cmocka_unit_test(move_cap),
          cmocka_unit_test(bad_positions),
          cmocka_unit_test(solved_table),
          cmocka_unit_test(full_tables),
          cmocka_unit_test(check_catches_errors),
          cmocka_unit_test(perfect_player),
          cmocka_unit_test(cap_in_perfect_play),
          cmocka_unit_test(cache_round_trip),
          cmocka_unit_test(stored_table_known_values),
          cmocka_unit_test(hint_within_limit),
          cmocka_unit_test(stopped_build_leaves_nothing),
          cmocka_unit_test(corrupt_cache_rebuilt),
          cmocka_unit_test(level_specs))
