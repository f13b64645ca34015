/* test_four_seasons_endgames.c — Four Seasons' two-seat endgame tables
 * (src/engines/four-seasons/endgames.c) against values found without
 * them: positions worked out by hand, counts made here with a board of
 * our own (a mailbox, each piece's move as RULES.md words it), a plain
 * search to the end through the game's own moves, and the consistency
 * check made to fail.  The tables built here have one man besides the
 * kings (a fraction of a second); the two-man tables are checked by
 * `ludoteka solve four-seasons --endgames --verify` (docs/endgames.md). */
#include <math.h>
#include <stdlib.h>
#include <unistd.h>

#include "support.h"

#include "engines/endgame/endgame.h"
#include "engines/four-seasons/endgames.h"
#include "ludoteka/ai.h"
#include "ludoteka/rng.h"

static eg_tables *tables; /* centre=blocked, alfil=1-2, one man */

/* The rules of the tables under options (the shared tables': endgame.h). */
static eg_rules rules_of(const char *options)
{
    const lt_game *g = lt_game_find("four-seasons");
    lt_config cfg = config_of(g, options, 0);
    eg_rules r;
    int men, men_max;
    char msg[256];
    if (!eg_rules_of(g, &cfg, &r, &men, &men_max, msg, sizeof msg))
        fail_msg("rules: %s", msg);
    return r;
}

static int setup(void **state)
{
    char msg[256];
    eg_rules r = rules_of("");
    tables = eg_build(&r, 1, NULL, NULL, NULL, msg, sizeof msg);
    return tables ? 0 : -1;
}

static int teardown(void **state)
{
    eg_free(tables);
    return 0;
}

/* A two-seat position: green ("g") and red ("r") left, black and white
 * stalemated long ago; pieces as "a8:gK b6:rR", mover 'g' or 'r'.  Made
 * as the game's state, written out and read back by the game, which
 * refuses a text whose mover has no legal move. */
static bool two_seats(const lt_game *g, lt_state *s, const char *pieces,
                      char mover)
{
    fs4 f = *(const fs4 *)s;
    memset(f.occ, 0, sizeof f.occ);
    memset(f.kind, 0, sizeof f.kind);
    char buf[256], text[512], *save = NULL;
    snprintf(buf, sizeof buf, "%s", pieces);
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        uint64_t b = fs4_bit((w[1] - '1') * 8 + (w[0] - 'a'));
        f.occ[w[3] == 'g' ? GREEN : RED] |= b;
        f.kind[strchr("KRNBG", w[4]) - "KRNBG"] |= b;
    }
    f.turn = mover == 'g' ? GREEN : RED;
    static const uint8_t recent[2][SEATS] = {{RED, GREEN, WHITE, BLACK},
                                             {GREEN, RED, WHITE, BLACK}};
    memcpy(f.recent, recent[f.turn], sizeof f.recent);
    memset(f.out, OUT_IN, sizeof f.out);
    f.out[BLACK] = f.out[WHITE] = OUT_STALEMATED;
    f.phase = PH_MOVE;
    f.owe = 0;
    f.ply = 20;
    f.quiet = 0;
    fs4_write_state(&f, text, sizeof text);
    lt_error err = {0};
    return g->read_state(s, text, &err) == LT_OK;
}

static lt_state *new_state(const lt_game **gp)
{
    return start(gp, "four-seasons", "cap=400");
}

/* ---- The plain search: through the game's interface, no tables ---- */

static bool loses_within(const lt_game *g, const lt_state *s, int n);

/* Can the seat to move eliminate the other within n plies? */
static bool wins_within(const lt_game *g, const lt_state *s, int n)
{
    if (n < 1)
        return false;
    int me = g->current_player(s);
    lt_action acts[256];
    int k = g->legal_actions(s, acts);
    lt_state *c = lt_state_new(g);
    bool won = false;
    for (int i = 0; i < k && !won; i++) {
        memcpy(c, s, g->state_size);
        g->apply(c, acts[i]);
        if (g->current_player(c) == LT_TERMINAL)
            won = return_of(g, c, me) > 0.9;
        else
            won = loses_within(g, c, n - 1);
    }
    lt_state_free(c);
    return won;
}

/* Is the seat to move eliminated within n plies, whatever it does? */
static bool loses_within(const lt_game *g, const lt_state *s, int n)
{
    if (n < 2)
        return false;
    lt_action acts[256];
    int k = g->legal_actions(s, acts);
    lt_state *c = lt_state_new(g);
    bool lost = true;
    for (int i = 0; i < k && lost; i++) {
        memcpy(c, s, g->state_size);
        g->apply(c, acts[i]);
        lost = g->current_player(c) != LT_TERMINAL && wins_within(g, c, n - 1);
    }
    lt_state_free(c);
    return lost;
}

/* ---- Positions worked out by hand ---- */

/* The corner a8 (the ring's corners: the lone king's last refuge).
 * Green king b6 covers a7 and b7; the rook h1-h8 checks along rank 8
 * and covers b8: mate in one (value 1 + 1).  With red to move in the
 * mated position there is no move: the game never shows it (red is out
 * at once), so the move itself is played and the game must end. */
static void test_mate_in_one(void **state)
{
    const lt_game *g;
    lt_state *s = new_state(&g);
    assert_true(two_seats(g, s, "b6:gK h1:gR a8:rK", 'g'));
    assert_int_equal(fs4eg_value(tables, (const fs4 *)s), 2);
    play(g, s, "h1-h8");
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, GREEN) > 0.9);
    lt_state_free(s);
}

/* A stalemate wins: red's king a8, not in check, has a7 and b7 taken by
 * the king b6 and b8 by the knight d7 (d7-b8 is a (2,1) leap).  Green
 * makes it with f8-d7: a win in one ply, although a knight cannot mate. */
static void test_stalemate_wins(void **state)
{
    const lt_game *g;
    lt_state *s = new_state(&g);
    assert_true(two_seats(g, s, "b6:gK f8:gN a8:rK", 'g'));
    assert_int_equal(fs4eg_value(tables, (const fs4 *)s), 2);
    play(g, s, "f8-d7");
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, GREEN) > 0.9);
    /* the knight one leap off (e6 is in the crossed-out centre, so it
     * cannot come back to d7 from there): no stalemate in one */
    assert_true(two_seats(g, s, "b6:gK h8:gN a8:rK", 'g'));
    assert_int_not_equal(fs4eg_value(tables, (const fs4 *)s), 2);
    lt_state_free(s);
}

/* Two bare kings are drawn: green's lone king takes the rook next to it
 * (a7 is not next to red's king), the game ends at once. */
static void test_bare_kings_draw(void **state)
{
    const lt_game *g;
    lt_state *s = new_state(&g);
    assert_true(two_seats(g, s, "b8:gK a7:rR h8:rK", 'g'));
    assert_int_equal(fs4eg_value(tables, (const fs4 *)s), 0);
    play(g, s, "b8xa7");
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(fabs(return_of(g, s, GREEN) - 1.0 / 3) < 1e-9);
    assert_true(fabs(return_of(g, s, RED) - 1.0 / 3) < 1e-9);
    /* the rook guarded by its king (b7 next to a8): green is lost */
    assert_true(two_seats(g, s, "b5:gK b7:rR a8:rK", 'g'));
    int v = fs4eg_value(tables, (const fs4 *)s);
    assert_true(v > 0 && (v - 1) % 2 == 0);
    lt_state_free(s);
}

/* ---- Counts made with a board of our own ---- */

static bool centre(int f, int r) { return f >= 2 && f <= 5 && r >= 2 && r <= 5; }
static bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8 && !centre(f, r); }

static bool next_to(int a, int b)
{
    int df = abs(a % 8 - b % 8), dr = abs(a / 8 - b / 8);
    return a != b && df <= 1 && dr <= 1;
}

/* Does a rook on r attack sq, the king k standing in the way? */
static bool rook_hits(int r, int sq, int k)
{
    static const int step[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (int d = 0; d < 4; d++)
        for (int f = r % 8 + step[d][0], q = r / 8 + step[d][1]; on_board(f, q);
             f += step[d][0], q += step[d][1]) {
            if (q * 8 + f == sq)
                return true;
            if (q * 8 + f == k)
                break;
        }
    return false;
}

/* The state f with green's king on a and rook on r, red's king on b,
 * `mover` to move; the rest of the state is a legal position's. */
static void place(fs4 *f, int a, int r, int b, int mover)
{
    memset(f->occ, 0, sizeof f->occ);
    memset(f->kind, 0, sizeof f->kind);
    f->occ[GREEN] = fs4_bit(a) | fs4_bit(r);
    f->occ[RED] = fs4_bit(b);
    f->kind[K_KING] = fs4_bit(a) | fs4_bit(b);
    f->kind[K_ROOK] = fs4_bit(r);
    f->turn = (uint8_t)mover;
}

/* A square under one of the board's eight symmetries: bit 0 of g
 * mirrors the files, bit 1 the ranks, bit 2 swaps files and ranks. */
static int mirror(int g, int sq)
{
    int f = sq % 8, r = sq / 8;
    if (g & 1)
        f = 7 - f;
    if (g & 2)
        r = 7 - r;
    return g & 4 ? f * 8 + r : r * 8 + f;
}

static int by_address(const void *a, const void *b)
{
    uintptr_t x = *(const uintptr_t *)a, y = *(const uintptr_t *)b;
    return (x > y) - (x < y);
}

/* King and rook against a lone king.  With the rook's side to move, a
 * position stands if the lone king is not attacked (kings apart, the
 * rook not on it); the tables win every one.  With the lone king to move
 * (kings apart), it draws exactly when it can take the rook: the rook
 * next to it and not next to the other king (a king never steps next to
 * a king); the tables lose every other. */
static void test_rook_wins(void **state)
{
    const lt_game *g;
    lt_state *s = new_state(&g);
    assert_true(two_seats(g, s, "b6:gK h1:gR a8:rK", 'g'));
    fs4 f = *(const fs4 *)s;
    long stands = 0, won = 0, to_move = 0, takes = 0, lost = 0, drawn = 0;
    /* the tables hold a position and its images under the symmetries
     * once: as many entries as orbits, which Burnside's lemma counts as
     * the positions each symmetry leaves in place, over eight */
    long fixed[2] = {0, 0}, entries[2] = {0, 0};
    uintptr_t *entry[2] = {malloc(100000 * sizeof(uintptr_t)),
                           malloc(100000 * sizeof(uintptr_t))};
    assert_non_null(entry[0]);
    assert_non_null(entry[1]);
    for (int a = 0; a < 64; a++)
        for (int b = 0; b < 64; b++)
            for (int r = 0; r < 64; r++) {
                if (!on_board(a % 8, a / 8) || !on_board(b % 8, b / 8) ||
                    !on_board(r % 8, r / 8) || a == b || a == r || b == r ||
                    next_to(a, b))
                    continue;
                int still = 0;
                for (int m = 0; m < 8; m++)
                    still += mirror(m, a) == a && mirror(m, r) == r &&
                             mirror(m, b) == b;
                if (!rook_hits(r, b, a)) {
                    stands++;
                    place(&f, a, r, b, GREEN);
                    int v = fs4eg_value(tables, &f);
                    won += v > 0 && (v - 1) % 2 == 1;
                    fixed[0] += still;
                    entry[0][entries[0]++] = (uintptr_t)fs4eg_entry(tables, &f);
                }
                to_move++;
                takes += next_to(b, r) && !next_to(a, r);
                place(&f, a, r, b, RED);
                int v = fs4eg_value(tables, &f);
                drawn += v == 0;
                lost += v > 0 && (v - 1) % 2 == 0;
                fixed[1] += still;
                entry[1][entries[1]++] = (uintptr_t)fs4eg_entry(tables, &f);
            }
    assert_int_equal(won, stands);
    assert_int_equal(drawn, takes);
    assert_int_equal(lost, to_move - takes);
    /* the figures docs/endgames.md gives */
    assert_int_equal(stands, 73168);
    assert_int_equal(to_move, 92368);
    assert_int_equal(takes, 9864);
    for (int k = 0; k < 2; k++) {
        qsort(entry[k], (size_t)entries[k], sizeof *entry[k], by_address);
        long orbits = 0;
        for (long i = 0; i < entries[k]; i++) {
            assert_true(entry[k][i] != 0);
            orbits += i == 0 || entry[k][i] != entry[k][i - 1];
        }
        assert_int_equal(fixed[k] % 8, 0);
        assert_int_equal(orbits, fixed[k] / 8);
        free(entry[k]);
    }
    /* the table lines `ludoteka solve four-seasons --endgames` prints */
    assert_int_equal(fixed[0] / 8, 9150);
    assert_int_equal(fixed[1] / 8, 11550);
    lt_state_free(s);
}

/* The tables' size, counted here: a table of m men has 7 * 48^(1 + m)
 * indices (the mover's king on the 7 squares of the a1-d1-d4 triangle
 * the ring leaves, the other king and the men on its 48 squares).  One
 * man: K+X vs K and K vs K+X for 4 kinds, 8 tables; two: K+X+Y vs K and
 * K vs K+X+Y for 10 pairs, K+X vs K+Y for 16, 36 tables; three:
 * K+X+Y+Z vs K and its partner for 20 triples, K+X+Y vs K+Z and its
 * partner for 10 pairs times 4, 120 tables. */
static void test_layout(void **state)
{
    (void)state;
    eg_rules r = rules_of("");
    uint64_t one = 7ull * 48 * 48, men[3] = {8 * one, 36 * one * 48,
                                             120 * one * 48 * 48};
    uint64_t total = 0;
    for (int most = 1; most <= 3; most++) {
        eg_tables t;
        eg_layout(&t, &r, most);
        total += men[most - 1];
        assert_true(t.entries == total);
    }
}

/* ---- Random positions against the plain search ---- */

static void test_against_search(void **state)
{
    const lt_game *g;
    lt_state *s = new_state(&g);
    static const char kinds[] = "RNBG";
    lt_rng rng;
    lt_rng_seed(&rng, 25, 0);
    int checked[3] = {0, 0, 0}; /* wins, losses, draws */
    for (int tries = 0; tries < 200000 &&
                        (checked[0] < 12 || checked[1] < 12 || checked[2] < 12);
         tries++) {
        int sq[3];
        char name[3][3], pieces[64];
        for (int i = 0; i < 3; i++) {
            do
                sq[i] = (int)lt_rng_below(&rng, 64);
            while (!on_board(sq[i] % 8, sq[i] / 8));
            fs4_square_name(sq[i], name[i]);
        }
        char kind = kinds[lt_rng_below(&rng, 4)];
        bool strong_moves = lt_rng_below(&rng, 2);
        snprintf(pieces, sizeof pieces, "%s:gK %s:g%c %s:rK", name[0], name[1],
                 kind, name[2]);
        if (sq[0] == sq[1] || sq[0] == sq[2] || sq[1] == sq[2] ||
            !two_seats(g, s, pieces, strong_moves ? 'g' : 'r'))
            continue;
        int v = fs4eg_value(tables, (const fs4 *)s), d = v - 1;
        if (v < 0) { /* the other king in check: taken at once */
            assert_true(wins_within(g, s, 1));
            continue;
        }
        if (v == 0 && checked[2] < 12) {
            assert_false(wins_within(g, s, 3));
            assert_false(loses_within(g, s, 4));
            checked[2]++;
        } else if (v > 0 && d % 2 == 1 && d <= 3 && checked[0] < 12) {
            assert_true(wins_within(g, s, d));
            assert_false(wins_within(g, s, d - 2));
            checked[0]++;
        } else if (v > 0 && d % 2 == 0 && d <= 4 && checked[1] < 12) {
            assert_true(loses_within(g, s, d));
            assert_false(loses_within(g, s, d - 2));
            checked[1]++;
        }
    }
    assert_int_equal(checked[0], 12);
    assert_int_equal(checked[1], 12);
    assert_int_equal(checked[2], 12);
    lt_state_free(s);
}

/* ---- The check, the cache file, the engine ---- */

static void test_verify(void **state)
{
    char msg[512];
    assert_int_equal(eg_verify(tables, NULL, msg, sizeof msg), 0);
    /* one value changed: the check finds it (KR-K: b6 h1 against a8, a
     * mate in one, said to be a mate in three) */
    const lt_game *g;
    lt_state *s = new_state(&g);
    assert_true(two_seats(g, s, "b6:gK h1:gR a8:rK", 'g'));
    uint8_t *v = fs4eg_entry(tables, (const fs4 *)s);
    assert_non_null(v);
    *v = 4;
    assert_true(eg_verify(tables, NULL, msg, sizeof msg) >= 1);
    assert_non_null(strstr(msg, "value 4, its moves say 2"));
    *v = 2;
    assert_int_equal(eg_verify(tables, NULL, msg, sizeof msg), 0);
    lt_state_free(s);
}

/* The tables keep a position and its images once: every centre and
 * alfil option must leave the moves alike under the board's eight
 * symmetries.  The one-man tables of the other five options, built and
 * checked against their moves by the game's own generator. */
static void test_other_options(void **state)
{
    (void)state;
    static const char *const options[] = {
        "alfil=2", "centre=diagonals", "centre=diagonals alfil=2",
        "centre=open", "centre=open alfil=2"};
    char msg[512];
    for (size_t i = 0; i < sizeof options / sizeof *options; i++) {
        eg_rules r = rules_of(options[i]);
        eg_tables *t = eg_build(&r, 1, NULL, NULL, NULL, msg, sizeof msg);
        assert_non_null(t);
        assert_int_equal(eg_verify(t, NULL, msg, sizeof msg), 0);
        eg_free(t);
    }
}

static void test_cache_and_engine(void **state)
{
    char dir[] = "/tmp/lt-fs4eg-XXXXXX", msg[1400], path[1200];
    assert_non_null(mkdtemp(dir));
    setenv("XDG_CACHE_HOME", dir, 1);
    assert_true(eg_cache_store(tables, msg, sizeof msg));
    eg_tables *t = eg_cache_load(&tables->rules, 1, msg, sizeof msg);
    assert_non_null(t);
    assert_int_equal(t->entries, tables->entries);
    assert_memory_equal(t->value, tables->value, t->entries);
    eg_free(t);
    /* other rules: no file */
    eg_rules open = rules_of("centre=open");
    assert_null(eg_cache_load(&open, 1, msg, sizeof msg));
    assert_string_equal(msg, "");

    /* ai:engine plays by the tables: from KR-K positions won in d, its
     * move leaves red lost in d - 1; red's move leaves green won in
     * d - 1 (the slowest loss), each at a shallow search; view=mcts
     * too, which moves by alpha-beta once three seats or fewer are left */
    const lt_game *g;
    lt_state *s = new_state(&g);
    static const char *const specs[] = {"ai:engine:depth=1:view=paranoid",
                                        "ai:engine:view=mcts:nodes=50"};
    static const char *const cases[][2] = {
        {"c8:gK d1:gR h7:rK", "g"}, {"a1:gK b8:gR g2:rK", "g"},
        {"c8:gK d1:gR h7:rK", "r"}, {"b2:gK h2:gR a8:rK", "r"},
        {"a1:gK a2:gR h8:rK", "g"}};
    for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        lt_error err = {0};
        lt_player *p = lt_player_new(g, specs[k], &err);
        assert_non_null(p);
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            assert_true(two_seats(g, s, cases[i][0], cases[i][1][0]));
            int v = fs4eg_value(tables, (const fs4 *)s);
            assert_true(v > 2);
            lt_action a = lt_player_choose(p, s, 1, NULL, NULL);
            g->apply(s, a);
            assert_int_equal(fs4eg_value(tables, (const fs4 *)s), v - 1);
        }
        /* Red's lone king on h8 may take the alfil on g7 that nobody
         * guards: two bare kings, the draw ended now; Kg8 or Kh7 keep a
         * drawn ending (a king and an alfil cannot force the end) that
         * plays on to the cap, a draw a hair worse */
        assert_true(two_seats(g, s, "a1:gK g7:gB h8:rK", 'r'));
        assert_int_equal(fs4eg_value(tables, (const fs4 *)s), 0);
        lt_action a = lt_player_choose(p, s, 1, NULL, NULL);
        g->apply(s, a);
        assert_int_equal(g->current_player(s), LT_TERMINAL);
        assert_true(((const fs4 *)s)->kind[K_ALFIL] == 0);
        lt_player_free(p);
    }
    lt_state_free(s);
    eg_cache_path(&tables->rules, 1, path, sizeof path);
    remove(path);
    snprintf(path, sizeof path, "%s/ludoteka", dir);
    rmdir(path);
    rmdir(dir);
}

/* A damaged file is refused. */
static void test_cache_refused(void **state)
{
    char dir[] = "/tmp/lt-fs4eg-XXXXXX", msg[1400], path[1200];
    assert_non_null(mkdtemp(dir));
    setenv("XDG_CACHE_HOME", dir, 1);
    assert_true(eg_cache_store(tables, msg, sizeof msg));
    eg_cache_path(&tables->rules, 1, path, sizeof path);
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    fseek(f, 1000, SEEK_SET);
    int c = fgetc(f);
    fseek(f, 1000, SEEK_SET);
    fputc(c ^ 1, f);
    fclose(f);
    assert_null(eg_cache_load(&tables->rules, 1, msg, sizeof msg));
    assert_non_null(strstr(msg, "checksum"));
    assert_int_equal(truncate(path, 500), 0);
    assert_null(eg_cache_load(&tables->rules, 1, msg, sizeof msg));
    assert_non_null(strstr(msg, "not used"));
    remove(path);
    snprintf(path, sizeof path, "%s/ludoteka", dir);
    rmdir(path);
    rmdir(dir);
}

/* The tables are built once for every test (TEST_MAIN has no group
 * setup). */
int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mate_in_one),
        cmocka_unit_test(test_stalemate_wins),
        cmocka_unit_test(test_bare_kings_draw),
        cmocka_unit_test(test_rook_wins),
        cmocka_unit_test(test_layout),
        cmocka_unit_test(test_against_search),
        cmocka_unit_test(test_verify),
        cmocka_unit_test(test_other_options),
        cmocka_unit_test(test_cache_refused),
        cmocka_unit_test(test_cache_and_engine)};
    return cmocka_run_group_tests(tests, setup, teardown);
}
