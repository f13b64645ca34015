/* test_arena.c — a game of the arena (src/cli/arena_game.c) as a game in
 * play, on a fake clock: a flag fall is the session's (a loss, a draw by
 * FIDE 6.9, a seat leaving a game of three), the start is played off the
 * clock, computers claim a threefold repetition, and a game without a
 * clock plays the moves the players choose from the seed.  Expected
 * values come from FIDE's laws and the games' RULES.md. */
#include "support.h"

#include "cli/arena_game.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"

/* A clock that moves on a second each time it is read: any move that
 * looks at it once uses up a clock of one second, whatever the machine. */
typedef struct {
    int64_t ms;
} step_clock;

static int64_t step_now(void *ctx)
{
    step_clock *c = ctx;
    return c->ms += 1000;
}

typedef struct {
    arena_setup su;
    lt_player *players[LT_MAX_PLAYERS];
    lt_action book[64];
} match;

/* A match of `n` players with these specs (one a seat), no clock. */
static void setup(match *m, const char *id, int n, const char *const *specs)
{
    memset(m, 0, sizeof *m);
    arena_setup *su = &m->su;
    su->game = lt_game_find(id);
    assert_non_null(su->game);
    lt_config_default(su->game, &su->config, n);
    su->seed = 99;
    lt_error err = {0};
    for (int i = 0; i < n; i++) {
        m->players[i] = lt_player_new(su->game, specs[i], &err);
        if (!m->players[i])
            fail_msg("%s: %s", specs[i], err.msg);
        su->players[i] = m->players[i];
    }
}

static void clocked(match *m, const char *tc, step_clock *c)
{
    lt_error err = {0};
    if (lt_time_control_parse(tc, &m->su.clock, &err) != LT_OK)
        fail_msg("%s", err.msg);
    m->su.time = (lt_time_source){step_now, c};
}

static void booked(match *m, const char *moves)
{
    const lt_game *g = m->su.game;
    lt_state *s = lt_state_new(g);
    lt_init(g, s, &m->su.config, NULL);
    char buf[512], *save = NULL;
    lt_copy(buf, sizeof buf, moves);
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        lt_error err = {0};
        lt_action a;
        if (lt_parse(g, s, w, &a, &err) != LT_OK)
            fail_msg("%s: %s", w, err.msg);
        lt_apply(g, s, a);
        m->book[m->su.nbook++] = a;
    }
    m->su.book = m->book;
    lt_state_free(s);
}

static void play_match(arena_game *ag, const match *m)
{
    lt_error err = {0};
    if (arena_game_play(ag, &m->su, &err) != LT_OK)
        fail_msg("arena game: %s", err.msg);
    assert_int_equal(lt_session_to_act(ag->session), LT_TERMINAL);
}

static void done(arena_game *ag, match *m)
{
    arena_game_free(ag);
    for (int i = 0; i < LT_MAX_PLAYERS; i++)
        lt_player_free(m->players[i]);
}

/* The game ended for this reason, caused by this seat. */
static void ended_by(const arena_game *ag, lt_end reason, int seat)
{
    int by;
    assert_int_equal(lt_session_end(ag->session, &by), reason);
    assert_int_equal(by, seat);
}

static const char *result(const arena_game *ag)
{
    static char buf[512];
    lt_session_result_text(ag->session, buf, sizeof buf);
    return buf;
}

/* One second on the clock and every reading a second later: the first
 * to move loses on time (FIDE 6.9: White's clock, Black can mate), and
 * the two random plies of the start, off the clock, were made first. */
static void lost_on_time(void **st)
{
    static const char *const specs[] = {"ai:level=1", "ai:level=1"};
    match m;
    step_clock c = {0};
    setup(&m, "chess", 2, specs);
    clocked(&m, "0:01+0", &c);
    m.su.openings = 2;
    arena_game ag;
    play_match(&ag, &m);
    ended_by(&ag, LT_END_TIME, 0);
    assert_int_equal(lt_session_plies(ag.session), 2);
    assert_true(ag.flagged == 1u && ag.flag_ply[0] == 2 && ag.failed == 0);
    double r[2];
    lt_session_scores(ag.session, r);
    assert_true(r[0] == -1 && r[1] == 1);
    assert_string_equal(result(&ag),
                        "Black won 0\u20131 \u2014 White ran out of time");
    /* the start took no time: both clocks are whole after it */
    assert_true(lt_session_ply(ag.session, 0)->took == 0 &&
                lt_session_ply(ag.session, 1)->took == 0 &&
                lt_session_ply(ag.session, 1)->clock == 1000);
    lt_error err = {0};
    char *text = lt_session_text(ag.session, &err);
    assert_non_null(strstr(text, "[Result \"0-1\"]"));
    assert_non_null(strstr(text, "[Termination \"time\"]"));
    assert_non_null(strstr(text, "[Clock \"0:01+0\"]"));
    free(text);
    done(&ag, &m);
}

/* FIDE 6.9: White's flag falls where Black has a lone king, who could
 * not mate by any series of moves: a draw.  Black's flag there loses. */
static void flag_against_a_lone_king(void **st)
{
    static const char *const specs[] = {"ai:level=1", "random"};
    for (int black = 0; black < 2; black++) {
        match m;
        step_clock c = {0};
        setup(&m, "chess", 2, specs);
        clocked(&m, "0:01+0", &c);
        m.su.position = black ? "8/8/4k3/8/8/8/8/3QK3 b - - 0 1"
                              : "8/8/4k3/8/8/8/8/3QK3 w - - 0 1";
        arena_game ag;
        play_match(&ag, &m);
        ended_by(&ag, LT_END_TIME, black);
        assert_string_equal(result(&ag),
                            black ? "White won 1\u20130 \u2014 Black ran out of "
                                    "time"
                                  : "Draw \u00bd\u2013\u00bd \u2014 White ran out of "
                                    "time, but the opponent could not have won");
        done(&ag, &m);
    }
}

/* Talat with three: the first seat's flag takes it out of the game
 * (RULES.md: its towers leave the boards) and the game goes on; the
 * second's, with two left, ends it: the third wins alone. */
static void flag_in_a_game_of_three(void **st)
{
    static const char *const specs[] = {"random", "random", "random"};
    match m;
    step_clock c = {0};
    setup(&m, "talat", 3, specs);
    clocked(&m, "0:01+0", &c);
    arena_game ag;
    play_match(&ag, &m);
    ended_by(&ag, LT_END_TIME, 1);
    assert_int_equal(ag.flagged, 3u);
    assert_int_equal(lt_session_plies(ag.session), 0);
    assert_non_null(strstr(ag.left, "leaves the game (out of time)"));
    double r[3];
    lt_session_scores(ag.session, r);
    assert_true(r[0] == -0.5 && r[1] == -0.5 && r[2] == 1);
    done(&ag, &m);
}

/* The start position has stood three times when the book ends (FIDE
 * 9.2): the computer to move claims the draw before it searches. */
static void claims_a_repetition(void **st)
{
    static const char *const specs[] = {"ai:level=1", "ai:level=1"};
    match m;
    setup(&m, "chess", 2, specs);
    booked(&m, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    arena_game ag;
    play_match(&ag, &m);
    ended_by(&ag, LT_END_CLAIM, 0);
    assert_int_equal(lt_session_plies(ag.session), 8);
    assert_string_equal(result(&ag), "Draw \u00bd\u2013\u00bd \u2014 White claimed a "
                                     "draw: threefold repetition");
    done(&ag, &m);
}

/* Without a clock the time is never read, and the game is the players'
 * choices from the seed: each ply is what the seat's player chooses
 * with the seed of the ply (the arena's games are reproducible), and it
 * ends by the rules. */
static void plays_the_players_choices(void **st)
{
    static const char *const specs[] = {"ai:level=2", "ai:level=1"};
    match m;
    setup(&m, "three-mens-morris", 2, specs);
    m.su.openings = 2;
    arena_game ag;
    play_match(&ag, &m);
    const lt_session *s = ag.session;
    assert_int_equal(lt_session_end(s, NULL), LT_END_RULES);
    const lt_game *g = m.su.game;
    lt_state *pos = lt_state_new(g);
    lt_init(g, pos, &m.su.config, NULL);
    lt_rng opening;
    lt_rng_seed(&opening, m.su.seed, 1ull << 44);
    for (int k = 0; k < lt_session_plies(s); k++) {
        lt_action a = k < 2 ? lt_rng_play(&opening, g, pos)
                            : lt_player_choose(m.players[g->current_player(pos)],
                                               pos, lt_choice_seed(m.su.seed,
                                                                   (uint64_t)k),
                                               NULL, NULL);
        assert_int_equal(lt_session_ply(s, k)->action, a);
        assert_int_equal(lt_apply(g, pos, a), LT_OK);
    }
    assert_int_equal(g->current_player(pos), LT_TERMINAL);
    lt_state_free(pos);
    done(&ag, &m);
}

TEST_MAIN(cmocka_unit_test(lost_on_time),
          cmocka_unit_test(flag_against_a_lone_king),
          cmocka_unit_test(flag_in_a_game_of_three),
          cmocka_unit_test(claims_a_repetition),
          cmocka_unit_test(plays_the_players_choices))
