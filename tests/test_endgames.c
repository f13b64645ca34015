/* test_endgames.c — the endgame tables of nine men's morris, alquerque
 * and Rozbójnicy (src/engines/endgame/, src/engines/<id>/endgames.c): the values of
 * small tables against a plain search to the end through the game's own
 * interface, the consistency check, positions worked out by hand, the
 * cache file (a damaged one refused), the player that plays by the
 * tables, and the build and the check split over a job's processes
 * (Rozbójnicy's and Four Seasons' too). */
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include "support.h"

#include "boards/graph.h"
#include "engines/endgame/endgame.h"
#include "games/nine-mens-morris/morris9.h"
#include "ludoteka/ai.h"
#include "ludoteka/rng.h"

/* Tables built afresh (the caller frees them): of the game id under
 * options. */
static eg_tables *built_of(const char *id, const char *options, int most)
{
    const lt_game *g = lt_game_find(id);
    lt_config cfg = config_of(g, options, 0);
    eg_rules r;
    int men, men_max;
    char msg[256];
    assert_true(eg_rules_of(g, &cfg, &r, &men, &men_max, msg, sizeof msg));
    eg_tables *t = eg_build(&r, most, NULL, NULL, NULL, msg, sizeof msg);
    if (!t)
        fail_msg("build: %s", msg);
    return t;
}

static eg_tables *built(bool mills, bool flying, int most)
{
    return built_of("nine-mens-morris", mills ? flying ? "capture=mills flying=on"
                                                       : "capture=mills"
                                              : flying ? "flying=on" : "",
                    most);
}

/* Nine men's morris's tables up to three men a side of each rule set,
 * built once for all the tests (never freed). */
static const eg_tables *shared(bool mills, bool flying)
{
    static eg_tables *t[4];
    int k = mills * 2 + flying;
    if (!t[k])
        t[k] = built(mills, flying, 3);
    return t[k];
}

/* The position of a table as the game reads it from text, the mover's
 * men as White's or Black's: alquerque's text written here, nine men's
 * morris's written by the game from the men set in its state; read back,
 * the rules judge the rest (blocked, over). */
static lt_state *state_of(const lt_game *g, const char *options, int turn,
                          uint32_t mover, uint32_t other)
{
    lt_state *s = start(&g, g->id, options);
    char text[256];
    if (!strcmp(g->id, "alquerque")) {
        size_t len = 0; /* rows 5 to 1, columns A to E */
        for (int r = 4; r >= 0; r--) {
            for (int c = 0; c < 5; c++) {
                uint32_t bit = 1u << (r * 5 + c);
                uint32_t white = turn ? other : mover;
                text[len++] = (char)(white & bit ? 'W' : (mover | other) & bit ? 'B' : '.');
            }
            text[len++] = r ? '/' : ' ';
        }
        snprintf(text + len, sizeof text - len, "%c - -", turn ? 'b' : 'w');
        set_position(g, s, text);
        return s;
    }
    nmm *n = (nmm *)(void *)s;
    n->men[turn] = mover;
    n->men[!turn] = other;
    n->hand[0] = n->hand[1] = 0;
    n->turn = (uint8_t)turn;
    g->write_state(s, text, sizeof text);
    set_position(g, s, text);
    return s;
}

/* A plain search through the game's interface: +1 if the side to move
 * wins within `plies` moves whatever the other does, -1 if it loses
 * within them whatever it does, 0 otherwise.  A move with its removal,
 * or a capture chain, is one ply (the mover acts again). */
static int plain_for(const lt_game *g, const lt_state *s, int plies, int me)
{
    if (g->current_player(s) == LT_TERMINAL) {
        double r[LT_MAX_PLAYERS];
        g->returns(s, r);
        return r[me] > 0 ? 1 : r[me] < 0 ? -1 : 0;
    }
    if (plies == 0)
        return 0;
    lt_action acts[LT_MAX_ACTIONS];
    int k = g->legal_actions(s, acts), best = -1;
    lt_state *c = lt_state_new(g);
    for (int i = 0; i < k && best < 1; i++) {
        lt_state_copy(g, c, s);
        g->apply(c, acts[i]);
        int p = g->current_player(c);
        int v = p == me ? plain_for(g, c, plies, me) /* the same ply goes on */
                        : -plain_for(g, c, plies - 1, !me);
        best = v > best ? v : best;
    }
    lt_state_free(c);
    return best;
}

/* The same for the side to move of s, or of a position over: the loser
 * (both games settle the end at the start of the loser's turn: its seat
 * is the one whose return is not positive). */
static int plain(const lt_game *g, const lt_state *s, int plies)
{
    int me = g->current_player(s);
    if (me == LT_TERMINAL) {
        double r[LT_MAX_PLAYERS];
        g->returns(s, r);
        me = r[0] > 0 ? 1 : 0;
    }
    return plain_for(g, s, plies, me);
}

/* A position of value v (its side to move) against the plain search,
 * unless its kind (won, drawn, lost) has had its share of the cases or
 * it is deeper than deepest: a win in d is found within d plies and not
 * within d - 2; a loss in d likewise; a draw is neither won nor lost
 * within deepest plies.  seen counts the kinds compared. */
static void compare_plain(const lt_game *g, const lt_state *s, int v,
                          int deepest, int cases, int *seen)
{
    int d = v - 1, kind = v == 0 ? 1 : v & 1 ? 2 : 0;
    if (d > deepest || seen[kind] >= cases / 3 + 1)
        return;
    seen[kind]++;
    if (v == 0) {
        assert_int_equal(plain(g, s, deepest), 0);
    } else {
        int sign = v & 1 ? -1 : 1;
        assert_int_equal(plain(g, s, d), sign);
        if (d >= 2)
            assert_int_not_equal(plain(g, s, d - 2), sign);
    }
}

/* Random positions of the tables against the plain search
 * (compare_plain). */
static void against_tables(const eg_tables *t, const char *options,
                           int deepest, int cases)
{
    const lt_game *g = t->rules.game;
    int most = t->most;
    lt_rng rng;
    lt_rng_seed(&rng, 2025, 0);
    int seen[3] = {0, 0, 0}; /* won, drawn, lost */
    for (int tries = 0; tries < 200000 && seen[0] + seen[1] + seen[2] < cases;
         tries++) {
        int x = t->rules.least + (int)lt_rng_below(&rng, (uint64_t)(most + 1 - t->rules.least));
        int y = t->rules.least + (int)lt_rng_below(&rng, (uint64_t)(most + 1 - t->rules.least));
        uint64_t idx = lt_rng_below(&rng, t->size[x][y]);
        uint32_t mover, other;
        eg_position(t, x, y, idx, &mover, &other);
        lt_state *s = state_of(g, options, (int)(idx & 1), mover, other);
        compare_plain(g, s, eg_value(t, mover, other), deepest, cases, seen);
        lt_state_free(s);
    }
    assert_true(seen[0] > 0 && seen[1] > 0 && seen[2] > 0);
}

static void against_search(const char *options, bool mills, bool flying,
                           int deepest, int cases)
{
    against_tables(shared(mills, flying), options, deepest, cases);
}

static void jump_against_search(void **st)
{
    against_search("capture=jump quiet=100", false, false, 5, 60);
}

static void jump_flying_against_search(void **st)
{
    against_search("capture=jump flying=on quiet=100", false, true, 3, 45);
}

static void mills_against_search(void **st)
{
    against_search("capture=mills quiet=100", true, false, 4, 45);
}

/* The consistency check finds nothing wrong with the tables as built,
 * and finds a value changed by hand.  (Flying's tables take longer: the
 * solve command checks them, docs/endgames.md.) */
static void consistent(void **st)
{
    char msg[256];
    eg_tables *t = built(false, false, 2);
    assert_int_equal(eg_verify(t, NULL, msg, sizeof msg), 0);
    uint32_t a1 = 1u << graph_find(graph_morris(), "a1");
    uint32_t d1 = 1u << graph_find(graph_morris(), "d1");
    uint64_t at = t->offset[1][1] + eg_index(t, a1, d1);
    t->value[at] = 0;
    assert_true(eg_verify(t, NULL, msg, sizeof msg) >= 1);
    assert_non_null(strstr(msg, "table 1-1"));
    eg_free(t);
    assert_int_equal(eg_verify(shared(false, false), NULL, msg, sizeof msg), 0);
    assert_int_equal(eg_verify(shared(true, false), NULL, msg, sizeof msg), 0);
}

/* ---- A job of threads standing for processes ---- */

/* Three threads play the processes of an MPI job (eg_job): each builds
 * and checks its own tables, and their messages meet at a barrier. */
enum { MEMBERS = 3 };

typedef struct {
    pthread_barrier_t meet;
    bool ok[MEMBERS];
    void *buf[MEMBERS];
    const void *out[MEMBERS];
    const size_t *at[MEMBERS], *len[MEMBERS];
} meeting;

typedef struct {
    meeting *m;
    eg_job job;
    eg_rules rules;
    int most;
    eg_tables *t;
    uint64_t changed; /* an entry to change before the check, or UINT64_MAX */
    uint64_t bad;
    char msg[512];
} member;

static bool member_all(void *ctx, bool ok)
{
    member *me = ctx;
    me->m->ok[me->job.rank] = ok;
    pthread_barrier_wait(&me->m->meet);
    bool all = true;
    for (int r = 0; r < MEMBERS; r++)
        all = all && me->m->ok[r];
    pthread_barrier_wait(&me->m->meet);
    return all;
}

static bool member_share(void *ctx, void *buf, const uint64_t *start)
{
    member *me = ctx;
    me->m->buf[me->job.rank] = buf;
    pthread_barrier_wait(&me->m->meet);
    for (int r = 0; r < MEMBERS; r++)
        if (r != me->job.rank)
            memcpy((char *)buf + start[r], (char *)me->m->buf[r] + start[r],
                   start[r + 1] - start[r]);
    pthread_barrier_wait(&me->m->meet);
    return true;
}

static void *member_swap(void *ctx, const void *out, const size_t *at,
                         const size_t *len, size_t *got)
{
    member *me = ctx;
    int rank = me->job.rank;
    me->m->out[rank] = out;
    me->m->at[rank] = at;
    me->m->len[rank] = len;
    pthread_barrier_wait(&me->m->meet);
    size_t total = 0;
    for (int r = 0; r < MEMBERS; r++)
        total += me->m->len[r][rank];
    char *in = malloc(total + 1);
    assert_non_null(in);
    *got = 0;
    for (int r = 0; r < MEMBERS; r++) {
        memcpy(in + *got, (const char *)me->m->out[r] + me->m->at[r][rank],
               me->m->len[r][rank]);
        *got += me->m->len[r][rank];
    }
    pthread_barrier_wait(&me->m->meet);
    return in;
}

/* Builds the tables (the first time), changes a value (if asked), and
 * checks them. */
static void *member_run(void *arg)
{
    member *me = arg;
    if (!me->t)
        me->t = eg_build(&me->rules, me->most, &me->job, NULL, NULL, me->msg,
                         sizeof me->msg);
    if (me->t && me->changed != UINT64_MAX)
        me->t->value[me->changed] ^= 2;
    me->bad = me->t ? eg_verify(me->t, &me->job, me->msg, sizeof me->msg) : 0;
    return NULL;
}

/* The tables `one` (of `most` men, built by one process) built by three
 * processes are in each of them the same, byte for byte (the updates for
 * other processes go in rounds of 2048, the fewest allowed: many
 * rounds), and the check split over them finds them right; entry `at`
 * (a position of the last process's range, not a draw) changed in all of
 * them, the check finds as many positions wrong as one process's check
 * of `one` so changed, and describes the same first one, in words
 * containing `where`. */
static void split_of(eg_tables *one, int most, uint64_t at, const char *where)
{
    meeting m;
    member ms[MEMBERS];
    pthread_t th[MEMBERS];
    char msg[512];
    pthread_barrier_init(&m.meet, NULL, MEMBERS);
    for (int r = 0; r < MEMBERS; r++)
        ms[r] = (member){.m = &m,
                         .job = {.rank = r, .size = MEMBERS, .words = 1,
                                 .ctx = &ms[r], .all = member_all,
                                 .share = member_share, .swap = member_swap},
                         .rules = one->rules, .most = most};
    assert_true(at * MEMBERS >= one->entries * (MEMBERS - 1) && one->value[at]);
    one->value[at] ^= 2;
    uint64_t wrong = eg_verify(one, NULL, msg, sizeof msg);
    one->value[at] ^= 2;
    assert_true(wrong >= 1);
    for (int change = 0; change < 2; change++) {
        for (int r = 0; r < MEMBERS; r++) {
            ms[r].changed = change ? at : UINT64_MAX;
            assert_int_equal(pthread_create(&th[r], NULL, member_run, &ms[r]), 0);
        }
        for (int r = 0; r < MEMBERS; r++)
            pthread_join(th[r], NULL);
        for (int r = 0; r < MEMBERS; r++) {
            if (!ms[r].t)
                fail_msg("process %d: %s", r, ms[r].msg);
            assert_int_equal(ms[r].t->maxd, one->maxd);
            if (!change)
                assert_memory_equal(ms[r].t->value, one->value, one->entries);
            assert_int_equal(ms[r].bad, change ? wrong : 0);
            if (change) {
                assert_non_null(strstr(ms[r].msg, where));
                assert_string_equal(ms[r].msg, msg);
            }
        }
    }
    for (int r = 0; r < MEMBERS; r++)
        eg_free(ms[r].t);
    pthread_barrier_destroy(&m.meet);
}

/* Nine men's morris up to three men a side; a position of 3-3 in the
 * last process's range changed. */
static void split_over_a_job(void **st)
{
    eg_tables *one = (eg_tables *)shared(false, false);
    uint64_t at = one->offset[3][3] + one->size[3][3] - 5;
    while (!one->value[at])
        at--;
    split_of(one, 3, at, "table 3-3");
}

/* The last entry of the tables that is not a draw (nor no position). */
static uint64_t last_decided(const eg_tables *t)
{
    uint64_t at = t->entries - 1;
    while (!t->value[at])
        at--;
    return at;
}

/* Rozbójnicy up to two men a side (its own positions and way back in the
 * shared solver): the last decided position is in table 2-1 (tables
 * 1-2 and 2-1, in that order). */
static void robbers_split(void **st)
{
    eg_tables *one = built_of("robbers", "", 2);
    uint64_t at = last_decided(one);
    char where[64];
    snprintf(where, sizeof where, "table 2-1, position %llu:",
             (unsigned long long)(at - one->offset[2][1]));
    split_of(one, 2, at, where);
    eg_free(one);
}

/* Four Seasons with one man besides the kings (its own build): the
 * first position found wrong is the one one process finds (one that
 * moves to the position changed, of an earlier table). */
static void four_seasons_split(void **st)
{
    eg_tables *one = built_of("four-seasons", "", 1);
    split_of(one, 1, last_decided(one), "its moves say");
    eg_free(one);
}

static uint32_t points_of(const graph *g, const char *names)
{
    uint32_t set = 0;
    char buf[128], *save = NULL;
    snprintf(buf, sizeof buf, "%s", names);
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save))
        set |= 1u << graph_find(g, w);
    return set;
}

static uint32_t points(const char *names)
{
    return points_of(graph_morris(), names);
}

/* Worked by hand.  Jump: White a1 and Black d1 with g1 empty; White jumps
 * a1xg1 and Black has no men: won in 1.  Mills: White a1 d1 g4, Black c3 d3 e5: White g4-g1 makes the mill
 * a1-d1-g1 and removes a man, and Black with two loses: won in 1; Black to
 * move cannot reach g1 or make a mill of its own: lost in 2. */
static void by_hand(void **st)
{
    assert_int_equal(eg_value(shared(false, false), points("a1"), points("d1")), 2);
    const eg_tables *t = shared(true, false);
    assert_int_equal(eg_value(t, points("a1 d1 g4"), points("c3 d3 e5")), 2);
    assert_int_equal(eg_value(t, points("c3 d3 e5"), points("a1 d1 g4")), 3);
}

static char cache_dir[256];

static void make_cache(void)
{
    if (cache_dir[0])
        return;
    snprintf(cache_dir, sizeof cache_dir, "%s/ludoteka-endgames-XXXXXX",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    assert_non_null(mkdtemp(cache_dir));
    setenv("XDG_CACHE_HOME", cache_dir, 1);
}

static void flip_byte(const char *path, long at)
{
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    assert_int_equal(fseek(f, at, SEEK_SET), 0);
    int c = fgetc(f);
    assert_int_equal(fseek(f, at, SEEK_SET), 0);
    fputc(c ^ 0x40, f);
    fclose(f);
}

/* Stored and read back the same; a byte changed, the file cut short or
 * the header of another version: refused with a message, never used. */
static void cache_file(void **st)
{
    make_cache();
    eg_tables *t = built(false, false, 2);
    char msg[1400], path[1200];
    assert_true(eg_cache_store(t, msg, sizeof msg));
    eg_cache_path(&t->rules, 2, path, sizeof path);
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    assert_int_equal((uint64_t)sb.st_size, eg_file_bytes(t));
    eg_tables *u = eg_cache_load(&t->rules, 2, msg, sizeof msg);
    assert_non_null(u);
    assert_int_equal(u->entries, t->entries);
    assert_memory_equal(u->value, t->value, t->entries);
    eg_free(u);
    /* no file of three men */
    assert_null(eg_cache_load(&t->rules, 3, msg, sizeof msg));
    assert_string_equal(msg, "");
    /* a value changed */
    flip_byte(path, (long)(sb.st_size - 1000));
    assert_null(eg_cache_load(&t->rules, 2, msg, sizeof msg));
    assert_non_null(strstr(msg, "checksum"));
    /* cut short */
    assert_true(eg_cache_store(t, msg, sizeof msg));
    assert_int_equal(truncate(path, sb.st_size - 1), 0);
    assert_null(eg_cache_load(&t->rules, 2, msg, sizeof msg));
    assert_non_null(strstr(msg, "cut short"));
    assert_int_equal(truncate(path, 10), 0);
    assert_null(eg_cache_load(&t->rules, 2, msg, sizeof msg));
    assert_non_null(strstr(msg, "cut short"));
    /* another version */
    assert_true(eg_cache_store(t, msg, sizeof msg));
    flip_byte(path, 8);
    assert_null(eg_cache_load(&t->rules, 2, msg, sizeof msg));
    assert_non_null(strstr(msg, "version"));
    remove(path);
    eg_free(t);
}

/* The player plays by the tables on disk: in a won position the quickest
 * win, in a lost one the slowest loss; without a table of its rules it
 * searches (and still plays a legal move). */
static void player_by_tables(void **st)
{
    make_cache();
    const eg_tables *t = shared(false, false);
    char msg[1400];
    assert_true(eg_cache_store(t, msg, sizeof msg));
    const lt_game *g = lt_game_find("nine-mens-morris");
    lt_error err = {0};
    lt_player *p = lt_player_new(g, "ai:level=3", &err);
    assert_non_null(p);
    lt_rng rng;
    lt_rng_seed(&rng, 7, 0);
    int tried = 0;
    for (int k = 0; k < 100000 && tried < 40; k++) {
        int x = 1 + (int)lt_rng_below(&rng, 3), y = 1 + (int)lt_rng_below(&rng, 3);
        uint64_t idx = lt_rng_below(&rng, t->size[x][y]);
        uint32_t mover, other;
        eg_position(t, x, y, idx, &mover, &other);
        int v = eg_value(t, mover, other);
        if (v <= 1 || v > 6) /* decided positions, not over, near the end */
            continue;
        tried++;
        lt_state *s = state_of(g, "quiet=100", k & 1, mover, other);
        lt_action a = lt_player_choose(p, s, (uint64_t)k, NULL, NULL);
        /* the plain search agrees that the move keeps the value: a win
         * in d leaves a loss in d - 1, found within d - 1 plies */
        g->apply(s, a);
        int sign = v & 1 ? -1 : 1;
        assert_int_equal(-plain(g, s, v - 2), sign);
        if (v - 1 >= 3)
            assert_int_not_equal(-plain(g, s, v - 4), sign);
        lt_state_free(s);
    }
    assert_int_equal(tried, 40);
    lt_player_free(p);
    /* the search's leaves: a table position's value (White a1 jumps the
     * last black man: won in 1, a hair short of a win), and outside the
     * tables (four men a side) the game's own evaluation */
    const eg_game *e = eg_game_of(g);
    lt_state *s = state_of(g, "quiet=100", 0, points("a1"), points("d1"));
    double mine[LT_MAX_PLAYERS], game[LT_MAX_PLAYERS];
    eg_evaluate(e, s, mine);
    assert_true(mine[0] > 0.99 && mine[0] < 1 && mine[1] == -mine[0]);
    lt_state_free(s);
    s = state_of(g, "quiet=100", 1, points("a1 d1 g1 b2"), points("a7 d7 g7 f6"));
    eg_evaluate(e, s, mine);
    e->fallback(s, game);
    assert_true(mine[0] == game[0] && mine[1] == game[1]);
    lt_state_free(s);
    /* mills with flying: no table on disk, a search answers */
    const lt_game *g2;
    s = start_at(&g2, "nine-mens-morris", "capture=mills flying=on", 0,
                           "W../.../..B/...BBW/W../.../... w 0 0 -");
    p = lt_player_new(g2, "ai:endgame:nodes=200", &err);
    assert_non_null(p);
    lt_action a = lt_player_choose(p, s, 1, NULL, NULL);
    lt_action acts[LT_MAX_ACTIONS];
    int n = g2->legal_actions(s, acts);
    bool found = false;
    for (int i = 0; i < n; i++)
        found = found || acts[i] == a;
    assert_true(found);
    lt_player_free(p);
    lt_state_free(s);
    assert_null(lt_player_new(g2, "ai:endgame:nodes=0", &err));
    assert_null(lt_player_new(g2, "ai:endgame:slip=2", &err));
    assert_null(lt_player_new(g2, "ai:endgame:frob", &err));
    char path[1200];
    eg_cache_path(&t->rules, 3, path, sizeof path);
    remove(path);
    path[strlen(path) - strlen("/nine-mens-morris-jump-3.endgames")] = '\0';
    rmdir(path);
    rmdir(cache_dir);
}

/* Alquerque, every rule set up to two men a side: checked, and against
 * the plain search.  By hand: White C3 and Black C4 with C5 empty, White
 * jumps C3xC5 and Black has no men: won in 1.  White A1 against Black A2
 * and B3: A1xA3 then A3xC3 takes both in one move (chain=multi): won in
 * 1; with chain=single one jump ends the move and Black still has a man. */
static void alquerque(void **st)
{
    static const char *const rules[4] = {"", "capture=forced", "chain=single",
                                         "capture=forced chain=single"};
    const graph *b = graph_alquerque();
    char msg[256], options[96];
    for (int k = 0; k < 4; k++) {
        eg_tables *t = built_of("alquerque", rules[k], 2);
        assert_int_equal(eg_verify(t, NULL, msg, sizeof msg), 0);
        snprintf(options, sizeof options, "%s quiet=100", rules[k]);
        against_tables(t, options, 5, 30);
        assert_int_equal(eg_value(t, points_of(b, "C3"), points_of(b, "C4")), 2);
        int chain = eg_value(t, points_of(b, "A1"), points_of(b, "A2 B3"));
        if (k < 2)
            assert_int_equal(chain, 2);
        else
            assert_int_not_equal(chain, 2);
        eg_free(t);
    }
}

/* ---- Rozbójnicy ---- */

/* The value of a robbers position for its side to move, by the tables
 * in play (the cache folder's): the same lookup as the player's. */
static int rob_value(const char *text)
{
    const lt_game *g;
    lt_state *s = start_at(&g, "robbers", "cap=5000", 0, text);
    int v = eg_state_value(eg_game_of(g), s);
    lt_state_free(s);
    return v;
}

/* Random positions of one man against two (either side to move, either
 * kind, anywhere the game allows) against the plain search, as
 * against_tables: the value looked up as the player looks it up, the
 * board turned when green moves. */
static void rob_against_search(int deepest, int cases)
{
    const lt_game *g = lt_game_find("robbers");
    lt_rng rng;
    lt_rng_seed(&rng, 2026, 0);
    int seen[3] = {0, 0, 0}; /* won, drawn, lost */
    for (int tries = 0; tries < 200000 && seen[0] + seen[1] + seen[2] < cases;
         tries++) {
        char board[64];
        memset(board, '.', sizeof board);
        int orange = 1 + (int)lt_rng_below(&rng, 2), ok = 1;
        for (int i = 0; i < 3 && ok; i++) {
            int sq = (int)lt_rng_below(&rng, 64);
            bool soldier = lt_rng_below(&rng, 2);
            ok = board[sq] == '.';
            board[sq] = (char)((soldier ? 'S' : 'C') + (i < orange ? 0 : 'a' - 'A'));
        }
        char text[96];
        size_t len = 0;
        for (int r = 7; r >= 0; r--) {
            for (int f = 0, run = 0; f < 8; f++) {
                char c = board[r * 8 + f];
                run = c == '.' ? run + 1 : 0;
                if (c != '.')
                    text[len++] = c;
                else if (f == 7 || board[r * 8 + f + 1] != '.')
                    text[len++] = (char)('0' + run);
            }
            text[len++] = r ? '/' : ' ';
        }
        snprintf(text + len, sizeof text - len, "%c", lt_rng_below(&rng, 2) ? 'g' : 'o');
        lt_state *s = lt_state_new(g);
        lt_config cfg;
        lt_config_default(g, &cfg, 0);
        lt_init(g, s, &cfg, NULL);
        lt_error err = {0};
        if (!ok || g->read_state(s, text, &err) != LT_OK ||
            g->current_player(s) == LT_TERMINAL) {
            lt_state_free(s); /* squares shared, or a soldier the game refuses */
            continue;
        }
        int v = eg_state_value(eg_game_of(g), s);
        assert_true(v >= 0);
        compare_plain(g, s, v, deepest, cases, seen);
        lt_state_free(s);
    }
    assert_true(seen[0] > 0 && seen[1] > 0 && seen[2] > 0);
}

/* Orange's men in s (its text: C and S before the side to move). */
static int orange_men(const lt_game *g, const lt_state *s)
{
    char text[128];
    g->write_state(s, text, sizeof text);
    int n = 0;
    for (const char *c = text; *c && *c != ' '; c++)
        n += *c == 'C' || *c == 'S';
    return n;
}

/* Can green, to move in s, take one of orange's men? */
static bool green_takes(const lt_game *g, const lt_state *s)
{
    lt_action acts[LT_MAX_ACTIONS];
    lt_state *c = lt_state_new(g);
    bool takes = false;
    for (int i = 0, n = g->legal_actions(s, acts); i < n && !takes; i++) {
        lt_state_copy(g, c, s);
        g->apply(c, acts[i]);
        takes = orange_men(g, c) < orange_men(g, s);
    }
    lt_state_free(c);
    return takes;
}

/* The state after orange's move `move` from text. */
static lt_state *rob_after(const lt_game **g, const char *text, const char *move)
{
    lt_state *s = start_at(g, "robbers", "cap=5000", 0, text);
    lt_action a;
    assert_int_equal((*g)->parse_action(s, move, &a), LT_OK);
    (*g)->apply(s, a);
    return s;
}

/* A draw kept without a man given away (the player chose at random
 * among the moves that keep a draw).  Orange's commanders a1 and h8
 * against green's on d4, orange to move, drawn by the tables.  By hand:
 * a1-a4 gives a man away (d4-b4 presses a4 against the edge: one man
 * each, a draw by rule), a1-b1 does not (from d4 green's commander
 * reaches rank 4 and file d only: not b2, b1's inner neighbour, nor g8
 * or h7, the corner h8's); both keep the draw.  The player keeps its two
 * men whatever the seed. */
static void rob_draw_kept(const lt_game *g)
{
    static const char *const root = "7C/8/8/8/3c4/8/8/C7 o";
    assert_int_equal(rob_value(root), 0);
    lt_state *s = rob_after(&g, root, "a1-a4");
    assert_true(green_takes(g, s));
    assert_int_equal(eg_state_value(eg_game_of(g), s), 0);
    lt_state_free(s);
    s = rob_after(&g, root, "a1-b1");
    assert_false(green_takes(g, s));
    assert_int_equal(eg_state_value(eg_game_of(g), s), 0);
    lt_state_free(s);
    lt_error err = {0};
    lt_player *p = lt_player_new(g, "ai:level=3", &err);
    assert_non_null(p);
    for (uint64_t seed = 1; seed <= 20; seed++) {
        s = start_at(&g, "robbers", "cap=5000", 0, root);
        g->apply(s, lt_player_choose(p, s, seed, NULL, NULL));
        assert_int_equal(eg_state_value(eg_game_of(g), s), 0);
        assert_false(green_takes(g, s));
        lt_state_free(s);
    }
    lt_player_free(p);
}

/* Rozbójnicy up to two men a side (one against two): checked, a value
 * changed found, against the plain search, by hand, and the player.  By
 * hand, orange commanders g1 and a8 against a green commander on h4:
 * g1-g4 presses h4 against the edge, the last green man: won in 1
 * (either colour to move, the board turned).  Green's soldier a2 with
 * orange commanders b5 and h8: orange to move takes it at once (b5-b2
 * presses it against the edge): won in 1; green to move has one move,
 * a2-a1, promoted in the corner, and b5-b1 takes it from its inner side:
 * lost in 2.  Green's soldier c3 before orange's soldier c2, an orange
 * commander c8: green cannot move and passes, then c8-c4 closes c3
 * between c4 and c2: lost in 2 (a pass is a ply). */
static void robbers(void **st)
{
    make_cache();
    eg_tables *t = built_of("robbers", "", 2);
    char msg[256];
    /* 654960 positions each, counted by a separate enumeration of the
     * men the game allows */
    assert_int_equal(t->size[1][1], 0);
    assert_int_equal(eg_verify(t, NULL, msg, sizeof msg), 0);
    assert_true(eg_cache_store(t, msg, sizeof msg));
    assert_int_equal(rob_value("8/8/8/8/7c/8/8/6C1 o"), EG_OUTSIDE); /* 1-1 */
    assert_int_equal(rob_value("C7/8/8/8/7c/8/8/6C1 o"), 2);
    assert_int_equal(rob_value("c7/8/8/8/7C/8/8/6c1 g"), 2);
    assert_int_equal(rob_value("7C/8/8/1C6/8/8/s7/8 o"), 2);
    assert_int_equal(rob_value("7C/8/8/1C6/8/8/s7/8 g"), 3);
    assert_int_equal(rob_value("2C5/8/8/8/8/2s5/2S5/8 g"), 3);
    assert_int_equal(rob_value("2C5/8/8/8/8/2s5/2S5/8 o"), 2);
    /* three men a side: no table */
    assert_int_equal(rob_value("CCC5/8/8/8/8/8/8/ccc5 o"), EG_OUTSIDE);
    rob_against_search(4, 30);
    /* the player takes the quickest win, and passes when it must */
    const lt_game *g;
    lt_state *s = start_at(&g, "robbers", "", 0, "C7/8/8/8/7c/8/8/6C1 o");
    lt_error err = {0};
    lt_player *p = lt_player_new(g, "ai:level=3", &err);
    assert_non_null(p);
    g->apply(s, lt_player_choose(p, s, 3, NULL, NULL));
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, 0) > 0);
    lt_state_free(s);
    lt_player_free(p);
    rob_draw_kept(g);
    /* a value changed is found: index 2 of table 2-1 is orange's
     * commanders a1 and b1 (codes 0 and 1: rank 0) and green's on c1
     * (code 2) */
    t->value[t->offset[2][1] + 2] ^= 2;
    assert_int_equal(eg_verify(t, NULL, msg, sizeof msg), 1);
    assert_non_null(strstr(msg, "table 2-1, position 2:"));
    char path[1200];
    eg_cache_path(&t->rules, 2, path, sizeof path);
    remove(path);
    eg_free(t);
}

TEST_MAIN(cmocka_unit_test(by_hand), cmocka_unit_test(consistent),
          cmocka_unit_test(alquerque), cmocka_unit_test(robbers),
          cmocka_unit_test(jump_against_search),
          cmocka_unit_test(jump_flying_against_search),
          cmocka_unit_test(mills_against_search),
          cmocka_unit_test(cache_file), cmocka_unit_test(player_by_tables),
          cmocka_unit_test(split_over_a_job), cmocka_unit_test(robbers_split),
          cmocka_unit_test(four_seasons_split))
