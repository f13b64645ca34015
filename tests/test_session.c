/* test_session.c — the game in play (session.h, commands.h), on a fake
 * clock: time controls, flag falls in games of two, three and four,
 * FIDE 6.9, offers and consent, resigning, claims, undo and redo across
 * dice, the move list, the journal cut at every byte of its last line,
 * loading with other seats than the file's, and commands from the wrong
 * seat.  Expected values come from the rules
 * (FIDE, the games' RULES.md) and from arithmetic by hand. */
#include <fcntl.h>
#include <math.h>
#include <unistd.h>

#include "session_support.h"

#include "ludoteka/commands.h"
#include "ludoteka/record.h"
#include "ludoteka/session.h"
#include "ludoteka/text.h"

/* ---- Helpers ------------------------------------------------------------- */

typedef struct {
    int64_t ms;
} fake_clock;

static int64_t fake_now(void *ctx)
{
    return ((fake_clock *)ctx)->ms;
}

enum { S = 1000, MIN = 60 * S };

/* A game of id with options (or NULL), seats as letters (h human, c
 * computer at level 1, r remote), a clock (or NULL), a position (or
 * NULL), a journal (or NULL). */
static lt_session *make(const char *id, const char *options, const char *seats,
                        const char *clock, const char *position,
                        const char *journal, fake_clock *fc)
{
    lt_session_setup su;
    memset(&su, 0, sizeof su);
    su.game = lt_game_find(id);
    assert_non_null(su.game);
    int n = (int)strlen(seats);
    lt_config_default(su.game, &su.config, n);
    lt_error err = {0};
    if (options && lt_config_parse(su.game, &su.config, options, &err) != LT_OK)
        fail_msg("options: %s", err.msg);
    su.seed = 12345;
    su.position = position;
    for (int i = 0; i < n; i++) {
        su.seats[i].kind = seats[i] == 'c'   ? LT_SEAT_COMPUTER
                           : seats[i] == 'r' ? LT_SEAT_REMOTE
                                             : LT_SEAT_HUMAN;
        snprintf(su.seats[i].spec, sizeof su.seats[i].spec, "%s",
                 seats[i] == 'c' ? "ai:level=1" : "");
    }
    if (clock && lt_time_control_parse(clock, &su.clock, &err) != LT_OK)
        fail_msg("clock: %s", err.msg);
    if (fc)
        su.time = (lt_time_source){fake_now, fc};
    su.journal = journal;
    lt_session *s = lt_session_new(&su, &err);
    if (!s)
        fail_msg("session: %s", err.msg);
    return s;
}

static void ok(lt_status st, const lt_error *err)
{
    if (st != LT_OK)
        fail_msg("expected success: %s", err->msg);
}

/* Plays space-separated moves, each by the seat to move. */
static void moves(lt_session *s, const char *list)
{
    char buf[1024], *save = NULL;
    snprintf(buf, sizeof buf, "%s", list);
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        lt_error err = {0};
        if (lt_session_move(s, lt_session_to_act(s), w, &err) != LT_OK)
            fail_msg("move %s: %s", w, err.msg);
    }
}

static const char *position(const lt_session *s)
{
    static char buf[1024];
    lt_session_game(s)->write_state(lt_session_state(s), buf, sizeof buf);
    return buf;
}

/* The board of a position text: its first word. */
static const char *board(const lt_session *s)
{
    static char buf[1024];
    snprintf(buf, sizeof buf, "%s", position(s));
    buf[strcspn(buf, " ")] = '\0';
    return buf;
}

/* Four Seasons: the pieces of the seat with this letter on the board
 * (a piece is owner and kind, a pawn also its direction). */
static int army(const lt_session *s, char owner)
{
    int n = 0;
    for (const char *p = board(s); *p;) {
        if ((*p >= '0' && *p <= '9') || *p == '/') {
            p++;
            continue;
        }
        n += *p == owner;
        p += p[1] == 'P' ? 3 : 2;
    }
    return n;
}

static const char *token(const lt_session *s)
{
    static char buf[64];
    lt_session_result_token(s, buf, sizeof buf);
    return buf;
}

/* Drains the events; returns how many of a kind there were (the last in
 * *last, if given). */
static int drain(lt_session *s, lt_event_kind kind, lt_event *last)
{
    lt_event ev = {0};
    int n = 0;
    while (lt_session_event(s, &ev))
        if (ev.kind == kind) {
            n++;
            if (last)
                *last = ev;
        }
    return n;
}

static void temp_path(char *buf, size_t size, const char *name)
{
    const char *dir = getenv("TMPDIR");
    snprintf(buf, size, "%s/lt_session_%d_%s", dir ? dir : "/tmp", (int)getpid(),
             name);
}

/* ---- Time controls ------------------------------------------------------- */

static void time_control_texts(void **st)
{
    static const struct {
        const char *text, *canonical;
        lt_tc_kind kind;
        int64_t base, extra;
    } good[] = {
        {"5+3", "5+3", LT_TC_FISCHER, 5 * MIN, 3 * S},
        {"0:01+0", "0:01+0", LT_TC_FISCHER, 1 * S, 0},
        {"1:30:00+30", "90+30", LT_TC_FISCHER, 90 * MIN, 30 * S},
        {"0.5+0", "0:30+0", LT_TC_FISCHER, 30 * S, 0},
        {"3+0.5", "3+0.5", LT_TC_FISCHER, 3 * MIN, 500},
        /* the arena's seconds: a base of 10.5 s, of 1 ms */
        {"0:10.5+0.1", "0:10.5+0.1", LT_TC_FISCHER, 10 * S + 500, 100},
        {"0:00.001+0", "0:00.001+0", LT_TC_FISCHER, 1, 0},
        {"1:00:00.25+0", "1:00:00.25+0", LT_TC_FISCHER, 60 * MIN + 250, 0},
        {"5d3", "5d3", LT_TC_DELAY, 5 * MIN, 3 * S},
        {"30/move", "30/move", LT_TC_MOVE, 30 * S, 0},
        {"1:00/move", "1:00/move", LT_TC_MOVE, MIN, 0},
        {"3days", "3days", LT_TC_DAYS, (int64_t)3 * 24 * 60 * MIN, 0},
        {"1day", "1day", LT_TC_DAYS, (int64_t)24 * 60 * MIN, 0},
        {"none", "none", LT_TC_NONE, 0, 0},
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        lt_time_control tc;
        lt_error err = {0};
        if (lt_time_control_parse(good[i].text, &tc, &err) != LT_OK)
            fail_msg("%s: %s", good[i].text, err.msg);
        assert_int_equal(tc.kind, good[i].kind);
        assert_true(tc.base == good[i].base && tc.extra == good[i].extra);
        char back[32];
        lt_time_control_format(&tc, back, sizeof back);
        assert_string_equal(back, good[i].canonical);
    }
    static const char *const bad[] = {"", "5+", "+3", "abc", "0+0", "5+x",
                                      "1:60+0", "5d", "30/moves", "0days",
                                      "1:2+0", "1.2345+0", "0:10.+0",
                                      "0:10.1234+0", "0:1x.5+0", "0:10.5x+0"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        lt_time_control tc;
        lt_error err = {0};
        assert_int_equal(lt_time_control_parse(bad[i], &tc, &err), LT_ESYNTAX);
        assert_non_null(strstr(err.msg, "expected"));
    }
    char t[32];
    lt_clock_text(297 * S, t, sizeof t);
    assert_string_equal(t, "4:57");
    lt_clock_text(3723 * S, t, sizeof t);
    assert_string_equal(t, "1:02:03");
    lt_clock_text(9300, t, sizeof t);
    assert_string_equal(t, "0:09.3");
    lt_clock_text((int64_t)(2 * 24 * 3600 + 3 * 3600 + 15 * 60) * S, t, sizeof t);
    assert_string_equal(t, "2d 3:15:00");
}

/* Fischer 5+3: 300 s, less what a move took, plus 3 s. */
static void fischer(void **st)
{
    fake_clock fc = {1000};
    lt_session *s = make("chess", NULL, "hh", "5+3", NULL, NULL, &fc);
    assert_true(lt_session_clock(s, 0) == 300 * S);
    fc.ms += 2 * S;
    assert_true(lt_session_clock(s, 0) == 298 * S); /* running */
    assert_true(lt_session_clock(s, 1) == 300 * S); /* not running */
    moves(s, "e4");
    assert_true(lt_session_clock(s, 0) == 301 * S);
    assert_true(lt_session_ply(s, 0)->took == 2 * S);
    assert_true(lt_session_ply(s, 0)->clock == 301 * S);
    fc.ms += 10 * S;
    moves(s, "e5");
    assert_true(lt_session_clock(s, 1) == 293 * S);
    lt_event ev = {0};
    assert_int_equal(drain(s, LT_EV_MOVED, &ev), 2);
    assert_true(ev.took == 10 * S && ev.clocks[0] == 301 * S &&
                ev.clocks[1] == 293 * S && ev.clocks[2] == -1);
    lt_session_free(s);
}

/* Bronstein 5d3: what a move took comes back, up to 3 s - so a clock
 * never grows past where it was. */
static void bronstein(void **st)
{
    fake_clock fc = {0};
    lt_session *s = make("chess", NULL, "hh", "5d3", NULL, NULL, &fc);
    fc.ms += 2 * S;
    moves(s, "e4"); /* 300 - 2 + 2 */
    assert_true(lt_session_clock(s, 0) == 300 * S);
    fc.ms += 5 * S;
    moves(s, "e5"); /* 300 - 5 + 3 */
    assert_true(lt_session_clock(s, 1) == 298 * S);
    fc.ms += 0;
    moves(s, "Nf3"); /* an instant move gains nothing */
    assert_true(lt_session_clock(s, 0) == 300 * S);
    lt_session_free(s);
}

/* 30 seconds a move: each move has its own 30 s; the 31st second falls. */
static void fixed_time_a_move(void **st)
{
    fake_clock fc = {0};
    lt_session *s = make("chess", NULL, "hh", "30/move", NULL, NULL, &fc);
    fc.ms += 20 * S;
    moves(s, "e4");
    assert_true(lt_session_clock(s, 0) == 30 * S);
    fc.ms += 29 * S;
    assert_true(lt_session_clock(s, 1) == 1 * S);
    assert_false(lt_session_tick(s));
    fc.ms += 2 * S;
    assert_true(lt_session_tick(s));
    assert_int_equal(lt_session_end(s, NULL), LT_END_TIME);
    assert_string_equal(token(s), "1-0");
    lt_session_free(s);
}

/* Correspondence, 3 days a move. */
static void correspondence(void **st)
{
    fake_clock fc = {0};
    const int64_t day = (int64_t)24 * 3600 * S;
    lt_session *s = make("chess", NULL, "hh", "3days", NULL, NULL, &fc);
    fc.ms += 2 * day;
    moves(s, "d4");
    assert_true(lt_session_clock(s, 0) == 3 * day);
    fc.ms += 3 * day - 1;
    assert_false(lt_session_tick(s));
    assert_true(lt_session_clock(s, 1) == 1);
    lt_error err = {0};
    fc.ms += 1; /* a move at the deadline is too late */
    assert_int_equal(lt_session_move(s, 1, "d5", &err), LT_EILLEGAL);
    assert_int_equal(lt_session_end(s, NULL), LT_END_TIME);
    assert_int_equal(lt_session_plies(s), 1);
    assert_string_equal(token(s), "1-0");
    lt_session_free(s);
}

/* ---- Flag falls ---------------------------------------------------------- */

/* Two seats: the flag loses... */
static void flag_fall_chess(void **st)
{
    fake_clock fc = {0};
    lt_session *s = make("chess", NULL, "hh", "0:01+0", NULL, NULL, &fc);
    fc.ms = 999;
    assert_false(lt_session_tick(s));
    fc.ms = 1000;
    assert_true(lt_session_tick(s));
    assert_int_equal(drain(s, LT_EV_FLAG, NULL), 1);
    int seat;
    assert_int_equal(lt_session_end(s, &seat), LT_END_TIME);
    assert_int_equal(seat, 0);
    assert_string_equal(result_in(s, LT_LANG_EN),
                        "Black won 0\u20131 \u2014 White ran out of time");
    assert_string_equal(result_in(s, LT_LANG_PL),
                        "Wygrana: Czarne (0\u20131) \u2014 koniec czasu (Białe)");
    assert_int_equal(lt_session_to_act(s), LT_TERMINAL);
    assert_true(lt_session_clock(s, 0) == 0);
    lt_session_free(s);
}

/* ... unless the opponent could not mate by any series of moves (FIDE
 * 6.9): a lone king, or king and knight against a lone king. */
static void flag_fall_chess_draw(void **st)
{
    fake_clock fc = {0};
    /* White: king and queen; Black: a lone king.  White's flag: draw. */
    lt_session *s = make("chess", NULL, "hh", "0:01+0",
                         "8/8/4k3/8/8/8/8/3QK3 w - - 0 1", NULL, &fc);
    fc.ms = 1000;
    assert_true(lt_session_tick(s));
    assert_string_equal(token(s), "1/2-1/2");
    assert_string_equal(result_in(s, LT_LANG_EN),
                        "Draw \u00bd\u2013\u00bd \u2014 White ran out of time, but the "
                        "opponent could not have won");
    lt_session_free(s);
    /* Black's flag there: White wins */
    s = make("chess", NULL, "hh", "0:01+0", "8/8/4k3/8/8/8/8/3QK3 b - - 0 1",
             NULL, &fc);
    fc.ms += 1000;
    assert_true(lt_session_tick(s));
    assert_string_equal(token(s), "1-0");
    lt_session_free(s);
    /* a knight against a pawn could mate (with help): White's flag loses */
    s = make("chess", NULL, "hh", "0:01+0", "8/8/4k3/4p3/8/8/8/3NK3 w - - 0 1",
             NULL, &fc);
    fc.ms += 1000;
    assert_true(lt_session_tick(s));
    assert_string_equal(token(s), "0-1");
    lt_session_free(s);
    /* great chess: a lone king cannot win either */
    s = make("great-chess", NULL, "hh", "0:01+0",
             "6k5/12/12/12/12/12/12/12/12/12/12/5RK5 w - 0 1", NULL, &fc);
    fc.ms += 1000;
    assert_true(lt_session_tick(s));
    assert_string_equal(token(s), "1/2-1/2");
    lt_session_free(s);
}

/* Talat, three players: the flagged seat leaves as by resignation
 * (RULES.md: its towers leave the boards), the others go on placing. */
static void flag_fall_talat(void **st)
{
    fake_clock fc = {0};
    lt_session *s = make("talat", NULL, "hhh", "0:01+0", NULL, NULL, &fc);
    moves(s, "1t@a1");       /* Red */
    fc.ms += 1000;           /* Blue's second runs out */
    assert_true(lt_session_tick(s));
    lt_event ev = {0};
    assert_int_equal(drain(s, LT_EV_LEFT, &ev), 1);
    assert_int_equal(ev.seat, 1);
    assert_int_equal(ev.reason, LT_END_TIME);
    assert_int_equal(lt_session_end(s, NULL), LT_END_NONE);
    assert_false(lt_session_in_game(s, 1));
    assert_int_equal(lt_session_to_act(s), 2); /* Violet places next */
    assert_non_null(strstr(position(s), "out:b"));
    /* Red and Violet place the other 17 towers in turn */
    for (int k = 0; k < 17; k++) {
        int to = lt_session_to_act(s);
        assert_int_equal(to, k % 2 == 0 ? 2 : 0);
        fc.ms += 100;
        lt_action acts[LT_MAX_ACTIONS];
        lt_choices(lt_session_game(s), lt_session_state(s), acts);
        lt_error err = {0};
        ok(lt_session_play(s, to, acts[0], &err), &err);
    }
    /* seed 7: play starts with the first seat still in: Red */
    assert_int_equal(lt_session_to_act(s), 0);
    assert_int_equal(lt_session_end(s, NULL), LT_END_NONE);
    lt_session_free(s);
}

/* Four Seasons: the flagged seat's army leaves the board (RULES.md), the
 * turn passes on; a second flag, a third: the last king wins. */
static void flag_fall_four_seasons(void **st)
{
    fake_clock fc = {0};
    lt_session *s = make("four-seasons", "first-move=off", "hhhh", "0:01+0",
                         NULL, NULL, &fc);
    fc.ms = 1000; /* Green never moves */
    assert_true(lt_session_tick(s));
    assert_int_equal(lt_session_to_act(s), 1);
    assert_int_equal(army(s, 'g'), 0);
    assert_int_equal(army(s, 'r'), 8);
    assert_int_equal(lt_session_end(s, NULL), LT_END_NONE);
    moves(s, "c1-d1"); /* Red */
    fc.ms += 1000;     /* Black's flag */
    assert_true(lt_session_tick(s));
    assert_int_equal(lt_session_to_act(s), 3);
    fc.ms += 1000;     /* White's: Red's king is the last */
    assert_true(lt_session_tick(s));
    assert_int_equal(lt_session_end(s, NULL), LT_END_TIME);
    double sc[4];
    lt_session_scores(s, sc);
    assert_true(sc[1] == 1 && sc[0] == -1.0 / 3 && sc[2] == -1.0 / 3 &&
                sc[3] == -1.0 / 3); /* RULES.md: the last king 1, -1/3 */
    assert_string_equal(result_in(s, LT_LANG_EN),
                        "Red won \u2014 "
                        "White ran out of time");
    lt_session_free(s);
}

/* ---- Offers and consent ------------------------------------------------ */

static void draw_by_agreement(void **st)
{
    lt_session *s = make("chess", NULL, "hh", NULL, NULL, NULL, NULL);
    lt_error err = {0};
    moves(s, "e4");
    ok(lt_session_offer(s, 0, LT_OFFER_DRAW, &err), &err);
    assert_int_equal(lt_session_answerer(s), 1);
    /* the offering seat cannot accept its own offer */
    assert_int_equal(lt_session_answer(s, 0, true, &err), LT_EILLEGAL);
    /* "draw" from the other side accepts it */
    ok(lt_session_command(s, 1, LT_CMD_DRAW, "", &err), &err);
    assert_int_equal(lt_session_end(s, NULL), LT_END_AGREEMENT);
    assert_string_equal(result_in(s, LT_LANG_EN),
                        "Draw \u00bd\u2013\u00bd \u2014 by agreement");
    assert_string_equal(result_in(s, LT_LANG_PL),
                        "Remis \u00bd\u2013\u00bd \u2014 za zgodą graczy");
    lt_session_free(s);
}

static void draw_declined_or_lapsed(void **st)
{
    lt_session *s = make("chess", NULL, "hh", NULL, NULL, NULL, NULL);
    lt_error err = {0};
    ok(lt_session_offer(s, 0, LT_OFFER_DRAW, &err), &err);
    ok(lt_session_answer(s, 1, false, &err), &err);
    assert_int_equal(lt_session_offer_pending(s, NULL), LT_OFFER_NONE);
    assert_int_equal(lt_session_end(s, NULL), LT_END_NONE);
    /* the offering side may move: the offer stands; the other side's
     * move declines it */
    ok(lt_session_offer(s, 0, LT_OFFER_DRAW, &err), &err);
    moves(s, "e4");
    assert_int_equal(lt_session_offer_pending(s, NULL), LT_OFFER_DRAW);
    moves(s, "e5");
    assert_int_equal(lt_session_offer_pending(s, NULL), LT_OFFER_NONE);
    assert_int_equal(lt_session_answer(s, 1, true, &err), LT_EILLEGAL);
    assert_int_equal(lt_session_end(s, NULL), LT_END_NONE);
    lt_session_free(s);
}

/* A computer takes a draw only when its game is no better than a draw. */
static void computer_answers_draw(void **st)
{
    lt_error err = {0};
    /* Black, the computer, has a lone king against a queen: yes */
    lt_session *s = make("chess", NULL, "hc", NULL,
                         "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", NULL, NULL);
    ok(lt_session_offer(s, 0, LT_OFFER_DRAW, &err), &err);
    assert_int_equal(lt_session_end(s, NULL), LT_END_AGREEMENT);
    lt_session_free(s);
    /* Black, the computer, has the queen: no */
    s = make("chess", NULL, "hc", NULL, "3qk3/8/8/8/8/8/8/4K3 w - - 0 1", NULL,
             NULL);
    ok(lt_session_offer(s, 0, LT_OFFER_DRAW, &err), &err);
    assert_int_equal(lt_session_end(s, NULL), LT_END_NONE);
    assert_int_equal(lt_session_offer_pending(s, NULL), LT_OFFER_NONE);
    lt_event ev = {0};
    assert_int_equal(drain(s, LT_EV_ANSWERED, &ev), 1);
    assert_false(ev.accepted);
    assert_int_equal(ev.seat, 1);
    lt_session_free(s);
}

/* A takeback needs every other person still in; a computer agrees. */
static void takeback_consent(void **st)
{
    lt_error err = {0};
    /* four people: Green asks, three must agree */
    lt_session *s = make("four-seasons", "first-move=off", "hhhh", NULL, NULL,
                         NULL, NULL);
    moves(s, "c8-d8 c1-d1 f1-e1");
    char before[1024];
    snprintf(before, sizeof before, "%s", position(s));
    ok(lt_session_offer(s, 1, LT_OFFER_TAKEBACK, &err), &err); /* Red's c1-d1 */
    ok(lt_session_answer(s, 0, true, &err), &err);
    ok(lt_session_answer(s, 3, true, &err), &err);
    assert_int_equal(lt_session_plies(s), 3); /* Black has not agreed */
    ok(lt_session_answer(s, 2, true, &err), &err);
    assert_int_equal(lt_session_plies(s), 1); /* Red's move and after it */
    assert_int_equal(lt_session_to_act(s), 1);
    assert_int_equal(drain(s, LT_EV_UNDONE, NULL), 1);
    lt_session_free(s);
    /* two people and two computers: the computers agree at once */
    s = make("four-seasons", "first-move=off", "hchc", NULL, NULL, NULL, NULL);
    moves(s, "c8-d8 c1-d1");
    ok(lt_session_offer(s, 0, LT_OFFER_TAKEBACK, &err), &err);
    assert_int_equal(lt_session_plies(s), 2);
    assert_int_equal(lt_session_answerer(s), 2);
    ok(lt_session_answer(s, 2, true, &err), &err);
    assert_int_equal(lt_session_plies(s), 0);
    lt_session_free(s);
    /* against the computer alone: granted at once */
    s = make("chess", NULL, "hc", NULL, NULL, NULL, NULL);
    moves(s, "e4 e5");
    ok(lt_session_command(s, 0, LT_CMD_TAKEBACK, "", &err), &err);
    assert_int_equal(lt_session_plies(s), 0);
    /* nothing of White's left to take back */
    assert_int_equal(lt_session_offer(s, 0, LT_OFFER_TAKEBACK, &err),
                     LT_EILLEGAL);
    lt_session_free(s);
}

/* A seat out by the rules (Four Seasons: an army without its king) is
 * asked nothing and may do nothing; a draw is shared by the three left,
 * as the game's RULES.md shares one at the cap: (4 - 3) / (3 * 3) each,
 * -1/3 for the one out. */
static void out_by_the_rules(void **st)
{
    lt_error err = {0};
    lt_session *s = make("four-seasons", "first-move=off", "hhhh", NULL,
                         "5wPwwRwK/5wPwwBwN/6wPswPs/8/8/rPnrPn4bPnbPn/"
                         "rNrBrPe2bPwbBbN/rKrRrPe2bPwbRbK r - - wbrg 0 0 out:gs",
                         NULL, NULL);
    assert_false(lt_session_in_game(s, 0));
    assert_int_equal(lt_session_resign(s, 0, &err), LT_EILLEGAL);
    assert_string_equal(err.msg, "Green is out of the game");
    assert_int_equal(lt_session_offer(s, 0, LT_OFFER_DRAW, &err), LT_EILLEGAL);
    ok(lt_session_offer(s, 1, LT_OFFER_DRAW, &err), &err);
    ok(lt_session_answer(s, 2, true, &err), &err);
    assert_int_equal(lt_session_end(s, NULL), LT_END_NONE);
    ok(lt_session_answer(s, 3, true, &err), &err);
    assert_int_equal(lt_session_end(s, NULL), LT_END_AGREEMENT);
    double sc[4];
    lt_session_scores(s, sc);
    assert_true(sc[0] == -1.0 / 3);
    for (int i = 1; i < 4; i++)
        assert_true(sc[i] > 1.0 / 9 - 1e-12 && sc[i] < 1.0 / 9 + 1e-12);
    lt_session_free(s);
}

/* Abort: only while some seat has not moved. */
static void abort_before_both_moved(void **st)
{
    lt_error err = {0};
    lt_session *s = make("chess", NULL, "hh", NULL, NULL, NULL, NULL);
    moves(s, "e4");
    ok(lt_session_abort(s, 1, &err), &err);
    assert_int_equal(lt_session_end(s, NULL), LT_END_ABORT);
    assert_string_equal(token(s), "*");
    assert_string_equal(result_in(s, LT_LANG_EN),
                        "No result \u2014 aborted by Black");
    lt_session_free(s);
    s = make("chess", NULL, "hh", NULL, NULL, NULL, NULL);
    moves(s, "e4 e5");
    assert_int_equal(lt_session_abort(s, 0, &err), LT_EILLEGAL);
    assert_non_null(strstr(err.msg, "too late"));
    assert_int_equal(lt_session_end(s, NULL), LT_END_NONE);
    lt_session_free(s);
}

/* ---- Resigning ----------------------------------------------------------- */

static void resign_two_three_four(void **st)
{
    lt_error err = {0};
    /* two seats: a loss */
    lt_session *s = make("chess", NULL, "hh", NULL, NULL, NULL, NULL);
    moves(s, "e4 e5");
    ok(lt_session_command(s, 0, LT_CMD_RESIGN, "", &err), &err);
    assert_string_equal(token(s), "0-1");
    assert_string_equal(result_in(s, LT_LANG_EN),
                        "Black won 0\u20131 \u2014 White resigned");
    assert_string_equal(result_in(s, LT_LANG_PL),
                        "Wygrana: Czarne (0\u20131) \u2014 poddanie partii (Białe)");
    lt_session_free(s);
    /* three seats (Talat): Blue leaves, the game goes on; Violet too:
     * Red, the last one in, wins */
    s = make("talat", NULL, "hhh", NULL, NULL, NULL, NULL);
    moves(s, "1t@a1");
    ok(lt_session_resign(s, 1, &err), &err);
    assert_int_equal(lt_session_end(s, NULL), LT_END_NONE);
    assert_int_equal(lt_session_to_act(s), 2);
    assert_int_equal(lt_session_resign(s, 1, &err), LT_EILLEGAL); /* out */
    ok(lt_session_resign(s, 2, &err), &err);
    assert_int_equal(lt_session_end(s, NULL), LT_END_RESIGN);
    double sc[4];
    lt_session_scores(s, sc);
    assert_true(sc[0] == 1 && sc[1] == -0.5 && sc[2] == -0.5);
    assert_string_equal(result_in(s, LT_LANG_EN),
                        "Red won \u2014 Violet resigned");
    lt_session_free(s);
    /* four seats: White leaves; Green's turn goes on */
    s = make("four-seasons", "first-move=off", "hhhh", NULL, NULL, NULL, NULL);
    ok(lt_session_resign(s, 3, &err), &err);
    assert_int_equal(lt_session_to_act(s), 0);
    assert_int_equal(army(s, 'w'), 0);
    assert_int_equal(army(s, 'g'), 8);
    lt_event ev = {0};
    assert_int_equal(drain(s, LT_EV_LEFT, &ev), 1);
    char text[256];
    speak(LT_LANG_PL);
    lt_event_text(s, &ev, text, sizeof text);
    speak(LT_LANG_EN);
    assert_string_equal(text, "Białe: poza grą (poddanie)");
    moves(s, "c8-d8 c1-d1 f1-e1");
    assert_int_equal(lt_session_to_act(s), 0); /* White is skipped */
    lt_session_free(s);
    /* three seats of a game with no way to leave it (Hazard): it ends,
     * the other two share the win */
    s = make("hazard", NULL, "hhh", NULL, NULL, NULL, NULL);
    ok(lt_session_resign(s, 1, &err), &err);
    lt_session_scores(s, sc);
    assert_true(sc[0] == 0.25 && sc[1] == -0.5 && sc[2] == 0.25);
    lt_session_free(s);
}

/* ---- Claims (FIDE 9.2, 9.3, 9.6) --------------------------------------- */

static void claim_threefold(void **st)
{
    lt_error err = {0};
    lt_session *s = make("chess", NULL, "hh", NULL, NULL, NULL, NULL);
    moves(s, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    /* the start position has stood twice: nothing to claim */
    assert_int_equal(lt_session_claim(s, 1, NULL, &err), LT_EILLEGAL);
    assert_int_equal(lt_session_plies(s), 7);
    /* Black claims with the move that brings it the third time */
    ok(lt_session_claim(s, 1, "Ng8", &err), &err);
    assert_int_equal(lt_session_plies(s), 8);
    assert_int_equal(lt_session_end(s, NULL), LT_END_CLAIM);
    assert_string_equal(result_in(s, LT_LANG_EN),
                        "Draw \u00bd\u2013\u00bd \u2014 Black claimed a draw: threefold "
                        "repetition");
    assert_string_equal(result_in(s, LT_LANG_PL),
                        "Remis \u00bd\u2013\u00bd \u2014 remis na żądanie (Czarne): "
                        "trzykrotne powtórzenie pozycji");
    lt_session_free(s);
    /* or White, to move after it */
    s = make("chess", NULL, "hh", NULL, NULL, NULL, NULL);
    moves(s, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    lt_event ev = {0};
    assert_int_equal(drain(s, LT_EV_CLAIMABLE, &ev), 1);
    assert_int_equal(ev.seat, 0);
    assert_int_equal(lt_session_claim(s, 1, NULL, &err), LT_EILLEGAL);
    ok(lt_session_command(s, 0, LT_CMD_CLAIM, "", &err), &err);
    assert_int_equal(lt_session_end(s, NULL), LT_END_CLAIM);
    lt_session_free(s);
    /* nobody claims: the fifth time ends the game */
    s = make("chess", NULL, "hh", NULL, NULL, NULL, NULL);
    moves(s, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert_int_equal(lt_session_end(s, NULL), LT_END_NONE);
    moves(s, "Ng8");
    assert_int_equal(lt_session_end(s, NULL), LT_END_RULES);
    assert_string_equal(result_in(s, LT_LANG_EN),
                        "Draw \u00bd\u2013\u00bd \u2014 the same position for the "
                        "fifth time");
    lt_session_free(s);
}

static void claim_fifty_moves(void **st)
{
    lt_error err = {0};
    /* 99 half-moves: White's Rb1 makes the fiftieth move (FIDE 9.3.1) */
    lt_session *s = make("chess", NULL, "hh", NULL,
                         "6k1/8/6K1/8/8/8/8/R7 w - - 99 80", NULL, NULL);
    assert_int_equal(lt_session_claim(s, 0, "Ra8", &err), LT_EILLEGAL); /* mate */
    assert_int_equal(lt_session_claim(s, 0, NULL, &err), LT_EILLEGAL);
    assert_int_equal(lt_session_plies(s), 0);
    ok(lt_session_claim(s, 0, "Rb1", &err), &err);
    assert_int_equal(lt_session_end(s, NULL), LT_END_CLAIM);
    assert_string_equal(result_in(s, LT_LANG_EN),
                        "Draw \u00bd\u2013\u00bd \u2014 White claimed a draw: fifty "
                        "moves without a capture or a pawn move");
    lt_session_free(s);
}

/* A computer claims when it may, so computers' games end. */
static void computer_claims(void **st)
{
    lt_error err = {0};
    lt_session *s = make("chess", NULL, "ch", NULL, NULL, NULL, NULL);
    /* the computer's moves given as a front end that searched them */
    moves(s, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    ok(lt_session_step(s, NULL, &err), &err);
    int seat;
    assert_int_equal(lt_session_end(s, &seat), LT_END_CLAIM);
    assert_int_equal(seat, 0);
    lt_session_free(s);
}

/* ---- Undo and redo across dice ------------------------------------------- */

/* Plays until the person in `human` has decided twice (the second time,
 * with dice after it) and is to decide again; then undo goes back to
 * before that decision across the dice, redo plays it all again, and
 * played again by hand the same dice come (they come from the seed and
 * the ply). */
static void check_undo_redo(lt_session *s, int human)
{
    lt_error err = {0};
    static char texts[2000][1024];
    static char names[2000][LT_PLY_NAME];
    const lt_game *g = lt_session_game(s);
    int decisions = 0, n = 0, last = -1;
    bool dice_after = false;
    snprintf(texts[0], sizeof texts[0], "%s", position(s));
    while (lt_session_to_act(s) != LT_TERMINAL && n < 1990) {
        int to = lt_session_to_act(s);
        if (to == human) {
            if (decisions >= 2 && dice_after)
                break;
            lt_action acts[LT_MAX_ACTIONS];
            int k = lt_choices(g, lt_session_state(s), acts);
            ok(lt_session_play(s, human, acts[k - 1], &err), &err);
            decisions++;
            last = lt_session_plies(s) - 1;
            dice_after = false;
        } else {
            ok(lt_session_step(s, NULL, &err), &err);
            dice_after |= lt_session_ply(s, lt_session_plies(s) - 1)->chance;
        }
        n = lt_session_plies(s);
        snprintf(texts[n], sizeof texts[n], "%s", position(s));
        snprintf(names[n - 1], sizeof names[n - 1], "%s",
                 lt_session_ply(s, n - 1)->name);
    }
    assert_true(decisions >= 2 && dice_after);
    assert_int_equal(lt_session_to_act(s), human);
    ok(lt_session_undo(s, human, &err), &err);
    assert_int_equal(lt_session_plies(s), last);
    assert_string_equal(position(s), texts[last]);
    ok(lt_session_redo(s, human, &err), &err);
    assert_int_equal(lt_session_plies(s), n);
    assert_string_equal(position(s), texts[n]);
    assert_int_equal(lt_session_redo(s, human, &err), LT_EILLEGAL); /* none */
    ok(lt_session_undo(s, human, &err), &err);
    moves(s, names[last]);
    while (lt_session_plies(s) < n) {
        ok(lt_session_step(s, NULL, &err), &err);
        int k = lt_session_plies(s) - 1;
        assert_string_equal(lt_session_ply(s, k)->name, names[k]);
    }
    assert_string_equal(position(s), texts[n]);
}

static void undo_redo_dice(void **st)
{
    lt_error err = {0};
    /* Medh Kuu Lash: every turn a throw, then the player's deeds */
    lt_session *s = make("medh-kuu-lash", NULL, "hc", NULL, NULL, NULL, NULL);
    check_undo_redo(s, 0);
    lt_session_free(s);
    /* Rising Hazard: the thrower's stop-or-throw between throws (seed 9
     * gives the person in the second seat turns as the thrower) */
    lt_session_setup su;
    memset(&su, 0, sizeof su);
    su.game = lt_game_find("rising-hazard");
    lt_config_default(su.game, &su.config, 2);
    ok(lt_config_parse(su.game, &su.config, "turns=10", &err), &err);
    su.seed = 9;
    su.seats[0].kind = LT_SEAT_COMPUTER;
    snprintf(su.seats[0].spec, sizeof su.seats[0].spec, "ai:level=1");
    s = lt_session_new(&su, &err);
    assert_non_null(s);
    check_undo_redo(s, 1);
    lt_session_free(s);
    /* two people: undo is refused (takeback asks) */
    s = make("chess", NULL, "hh", NULL, NULL, NULL, NULL);
    moves(s, "e4");
    assert_int_equal(lt_session_undo(s, 0, &err), LT_EILLEGAL);
    assert_non_null(strstr(err.msg, "takeback"));
    assert_int_equal(lt_session_plies(s), 1);
    lt_session_free(s);
}

/* ---- The move list ------------------------------------------------------- */

static const char *row_text(const lt_session *s, int number)
{
    static char buf[512];
    lt_session_row_text(s, number, buf, sizeof buf);
    return buf;
}

static void move_rows(void **st)
{
    /* chess: full moves */
    lt_session *s = make("chess", NULL, "hh", NULL, NULL, NULL, NULL);
    moves(s, "e4 e5 Nf3");
    assert_int_equal(lt_session_rows(s), 2);
    assert_string_equal(row_text(s, 1), "1. e4 e5");
    assert_string_equal(row_text(s, 2), "2. Nf3");
    lt_session_free(s);
    /* Black first from a position: "1... e5" */
    s = make("chess", NULL, "hh", NULL,
             "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
             NULL, NULL);
    moves(s, "e5 Nf3");
    assert_string_equal(row_text(s, 1), "1... e5");
    assert_string_equal(row_text(s, 2), "2. Nf3");
    lt_session_free(s);
    /* a mill and its removal stay in one move (nine men's morris) */
    s = make("nine-mens-morris", "capture=mills", "hh", NULL, NULL, NULL, NULL);
    moves(s, "a1 a4 d1 a7 g1 xa4 b2");
    assert_int_equal(lt_session_rows(s), 3);
    assert_string_equal(row_text(s, 3), "3. g1 xa4 b2");
    lt_row row;
    assert_true(lt_session_row(s, 3, &row));
    assert_int_equal(row.cell[0].count, 2);
    assert_int_equal(row.cell[1].count, 1);
    lt_session_free(s);
    /* four seats: a round, a column each */
    s = make("four-seasons", "first-move=off", "hhhh", NULL, NULL, NULL, NULL);
    moves(s, "c8-d8 c1-d1 f1-e1 f8-e8 a6-a5");
    assert_int_equal(lt_session_rows(s), 2);
    assert_string_equal(row_text(s, 1), "1. Green: c8-d8; Red: c1-d1; Black: "
                                        "f1-e1; White: f8-e8");
    assert_string_equal(row_text(s, 2), "2. Green: a6-a5");
    lt_session_free(s);
    /* dice: every turn its own row, the throws with their thrower */
    s = make("highest", NULL, "hh", NULL, NULL, NULL, NULL);
    lt_error err = {0};
    while (lt_session_to_act(s) != LT_TERMINAL)
        ok(lt_session_step(s, NULL, &err), &err);
    assert_true(lt_session_rows(s) >= 2);
    /* RULES.md of the dice games: seat order, the first seat first */
    assert_true(lt_session_row(s, 1, &row) && row.cell[0].count > 0);
    for (int r = 1; r <= lt_session_rows(s); r++) {
        assert_true(lt_session_row(s, r, &row));
        int cells = (row.cell[0].count > 0) + (row.cell[1].count > 0);
        assert_int_equal(cells, 1);
        int seat = row.cell[0].count ? 0 : 1;
        for (int k = row.first; k < row.first + row.count; k++)
            assert_int_equal(lt_session_ply(s, k)->seat, seat);
        if (r > 1) /* turns alternate between the throwers */
            assert_int_not_equal(lt_session_ply(s, row.first - 1)->seat, seat);
    }
    lt_session_free(s);
}

/* Each seat sees the board from its side. */
static void orientation(void **st)
{
    lt_session *s = make("chess", NULL, "hh", NULL, NULL, NULL, NULL);
    static lt_view v;
    assert_int_equal(lt_session_view_turns(s, 0, false), 0);
    assert_int_equal(lt_session_view_turns(s, 1, false), 2);
    assert_int_equal(lt_session_view_turns(s, 0, true), 2);
    lt_session_render(s, 1, false, &v);
    /* from Black's side a1 is at the top right */
    assert_string_equal(v.cells[0].name, "a1");
    assert_true(v.cells[0].x == 7 && v.cells[0].y == 0);
    lt_session_free(s);
    /* Four Seasons, array A: green's king starts in a8, the top left;
     * from green's side it is at the bottom left */
    s = make("four-seasons", NULL, "hhhh", NULL, NULL, NULL, NULL);
    assert_int_equal(lt_session_view_turns(s, 1, false), 0); /* red: a1 */
    lt_session_render(s, 0, false, &v);
    for (int i = 0; i < v.ncells; i++)
        if (!strcmp(v.cells[i].name, "a8"))
            assert_true(v.cells[i].x == 0 && v.cells[i].y == 7);
    lt_session_free(s);
}

/* ---- The journal --------------------------------------------------------- */

static char *slurp(const char *path, size_t *size)
{
    lt_error err = {0};
    char *t = lt_read_file(path, size, &err);
    if (!t)
        fail_msg("%s", err.msg);
    return t;
}

static void spit(const char *path, const char *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, n, f), n);
    fclose(f);
}

/* A game with clocks and an offer, journalled; every cut of its last
 * line loads the game up to the ply before; the whole file, all of it. */
static void journal_cut_everywhere(void **st)
{
    char path[256], cut[256];
    temp_path(path, sizeof path, "journal.txt");
    temp_path(cut, sizeof cut, "cut.txt");
    fake_clock fc = {0};
    lt_session *s = make("chess", NULL, "hh", "5+3", NULL, path, &fc);
    lt_error err = {0};
    const char *line = "e4 e5 Nf3 Nc6 Bb5 a6";
    char texts[8][1024];
    snprintf(texts[0], sizeof texts[0], "%s", position(s));
    char buf[64], *save = NULL;
    snprintf(buf, sizeof buf, "%s", line);
    int k = 0;
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        fc.ms += 1500 + 250 * k;
        ok(lt_session_move(s, lt_session_to_act(s), w, &err), &err);
        k++;
        snprintf(texts[k], sizeof texts[k], "%s", position(s));
        if (k == 3)
            ok(lt_session_offer(s, 1, LT_OFFER_DRAW, &err), &err);
    }
    int64_t clocks[2] = {lt_session_clock(s, 0), lt_session_clock(s, 1)};
    size_t size;
    char *text = slurp(path, &size);
    /* the journal reads as a record too */
    lt_record rec;
    lt_cursor cur = {0};
    ok(lt_record_parse(text, &cur, &rec, &err), &err);
    assert_int_equal(rec.nactions, 6);
    lt_record_clear(&rec);
    assert_non_null(strstr(text, "[Clock \"5+3\"]"));
    assert_non_null(strstr(text, "1. e4 {[%clk 0:05:01.500] [%emt 0:00:01.500]}\n"));
    assert_non_null(strstr(text, "{[%offer draw 2]}\n"));
    /* the last line: Black's a6 */
    size_t last = size - 1;
    while (last > 0 && text[last - 1] != '\n')
        last--;
    assert_non_null(strstr(text + last, "a6 {"));
    lt_session_free(s);
    for (size_t n = last; n <= size; n++) {
        spit(cut, text, n);
        lt_error warn = {0};
        lt_time_source ts = {fake_now, &fc};
        lt_session *t = lt_session_load(cut, &ts, &err, &warn);
        if (!t)
            fail_msg("cut at %zu: %s", n, err.msg);
        int want = n == size ? 6 : 5;
        assert_int_equal(lt_session_plies(t), want);
        assert_string_equal(position(t), texts[want]);
        assert_true((warn.msg[0] != '\0') == (n != last && n != size));
        if (n == size) {
            /* Black offered a draw after Nf3; White's Bb5 declined it */
            assert_int_equal(lt_session_offer_pending(t, NULL), LT_OFFER_NONE);
            assert_true(lt_session_ply(t, 5)->clock == clocks[1]);
            assert_true(lt_session_clock(t, 0) == clocks[0]);
            assert_true(lt_session_clock(t, 1) == clocks[1]);
        }
        lt_session_free(t);
    }
    /* a torn file goes on from its last whole line */
    spit(cut, text, size - 3);
    lt_error warn = {0};
    lt_time_source ts = {fake_now, &fc};
    lt_session *t = lt_session_load(cut, &ts, &err, &warn);
    assert_non_null(t);
    moves(t, "a6");
    assert_int_equal(lt_session_plies(t), 6);
    lt_session_free(t);
    t = lt_session_load(cut, &ts, &err, &warn);
    assert_non_null(t);
    assert_string_equal(warn.msg, "");
    assert_int_equal(lt_session_plies(t), 6);
    assert_string_equal(lt_session_ply(t, 5)->name, "a6");
    lt_session_free(t);
    free(text);
    unlink(path);
    unlink(cut);
}

/* The ply that ends a game reaches the disk together with the result,
 * in one rewrite: the journal as it was is never appended to, so no kill
 * can leave a record whose moves are over but whose Result is "*". */
static void journal_last_ply_with_result(void **st)
{
    char path[256];
    temp_path(path, sizeof path, "last.txt");
    lt_session *s = make("chess", NULL, "hh", NULL, NULL, path, NULL);
    moves(s, "f3 e5 g4");
    size_t before_size;
    char *before = slurp(path, &before_size);
    int old = open(path, O_RDONLY); /* the file as it is now */
    assert_true(old >= 0);
    moves(s, "Qh4#");
    char buf[4096];
    ssize_t n = pread(old, buf, sizeof buf, 0);
    close(old);
    assert_int_equal(n, (ssize_t)before_size);
    assert_memory_equal(buf, before, before_size);
    assert_null(strstr(before, "Qh4"));
    size_t size;
    char *after = slurp(path, &size);
    assert_non_null(strstr(after, "[Result \"0-1\"]"));
    assert_non_null(strstr(after, "Qh4#"));
    lt_record rec;
    lt_cursor cur = {0};
    lt_error err = {0};
    ok(lt_record_parse(after, &cur, &rec, &err), &err);
    assert_int_equal(rec.nactions, 4);
    lt_record_clear(&rec);
    lt_session_free(s);
    free(before);
    free(after);
    unlink(path);
}

/* Leaving, offers, takebacks and results come back from the journal. */
static void journal_events(void **st)
{
    char path[256];
    temp_path(path, sizeof path, "events.txt");
    lt_error err = {0}, warn = {0};
    lt_session *s = make("four-seasons", "first-move=off", "hhhh", NULL, NULL,
                         path, NULL);
    moves(s, "c8-d8 c1-d1");
    ok(lt_session_resign(s, 2, &err), &err);  /* Black leaves */
    moves(s, "f8-e8");                         /* White */
    ok(lt_session_offer(s, 0, LT_OFFER_DRAW, &err), &err);
    ok(lt_session_answer(s, 1, true, &err), &err);
    char want[1024];
    snprintf(want, sizeof want, "%s", position(s));
    lt_session *t = lt_session_load(path, NULL, &err, &warn);
    if (!t)
        fail_msg("%s", err.msg);
    assert_string_equal(position(t), want);
    assert_false(lt_session_in_game(t, 2));
    int from;
    assert_int_equal(lt_session_offer_pending(t, &from), LT_OFFER_DRAW);
    assert_int_equal(from, 0);
    assert_int_equal(lt_session_answerer(t), 3);
    lt_session_free(t);
    ok(lt_session_answer(s, 3, true, &err), &err); /* drawn by agreement */
    t = lt_session_load(path, NULL, &err, &warn);
    assert_non_null(t);
    assert_int_equal(lt_session_end(t, NULL), LT_END_AGREEMENT);
    assert_string_equal(result_in(t, LT_LANG_EN), result_in(s, LT_LANG_EN));
    lt_session_free(t);
    lt_session_free(s);
    /* a takeback rewrites the journal without the plies */
    s = make("chess", NULL, "hh", NULL, NULL, path, NULL);
    moves(s, "e4 e5 Nf3");
    ok(lt_session_offer(s, 0, LT_OFFER_TAKEBACK, &err), &err);
    ok(lt_session_answer(s, 1, true, &err), &err);
    assert_int_equal(lt_session_plies(s), 2);
    size_t size;
    char *text = slurp(path, &size);
    assert_null(strstr(text, "Nf3"));
    assert_null(strstr(text, "offer"));
    free(text);
    t = lt_session_load(path, NULL, &err, &warn);
    assert_non_null(t);
    assert_int_equal(lt_session_plies(t), 2);
    lt_session_free(t);
    ok(lt_session_resign(s, 1, &err), &err);
    text = slurp(path, &size);
    assert_non_null(strstr(text, "[Result \"1-0\"]"));
    assert_non_null(strstr(text, "[Termination \"resign\"]"));
    assert_non_null(strstr(text, "{[%result resign 2]}\n1-0\n"));
    free(text);
    lt_session_free(s);
    unlink(path);
}

/* A game in memory: its text loads back with its clocks and its offer;
 * any record's movetext loads too (several plies a line, variations,
 * NAGs, comments and others' annotations skipped); errors name the line. */
static void text_round_trip(void **st)
{
    lt_error err = {0};
    fake_clock fc = {0};
    lt_time_source ts = {fake_now, &fc};
    lt_session *s = make("chess", NULL, "hh", "5+3", NULL, NULL, &fc);
    fc.ms = 2 * S;
    moves(s, "e4");
    fc.ms += 3 * S;
    moves(s, "e5");
    fc.ms += 1 * S;
    ok(lt_session_offer(s, 0, LT_OFFER_DRAW, &err), &err);
    fc.ms += 4 * S; /* White's clock runs: 5:00 + 3 - 2 - 1 - 4 */
    char *text = lt_session_text(s, &err);
    assert_non_null(text);
    lt_session *t = lt_session_load_text(text, &ts, &err);
    if (!t)
        fail_msg("%s", err.msg);
    assert_string_equal(position(t), position(s));
    assert_true(lt_session_clock(t, 0) == 5 * MIN + 3 * S - 7 * S);
    assert_true(lt_session_clock(t, 1) == 5 * MIN + 3 * S - 3 * S);
    int from;
    assert_int_equal(lt_session_offer_pending(t, &from), LT_OFFER_DRAW);
    assert_int_equal(from, 0);
    free(text);
    lt_session_free(t);
    lt_session_free(s);
    /* a PGN as people write it */
    t = lt_session_load_text(
        "[Event \"?\"]\n[Result \"*\"]\n\n"
        "1. e4 e5 (1... c5 2. Nf3 {the Sicilian}) 2. Nf3 $1 {[%eval 0.3]\n"
        "a good move} Nc6 ; Black defends\n3. Bb5 {[%clk 0:05:00]} *\n",
        &ts, &err);
    if (!t)
        fail_msg("%s", err.msg);
    assert_int_equal(lt_session_plies(t), 5);
    assert_int_equal(lt_session_rows(t), 3);
    assert_string_equal(row_text(t, 2), "2. Nf3 Nc6");
    assert_string_equal(lt_session_ply(t, 4)->name, "Bb5");
    lt_session_free(t);
    /* an illegal move: its line */
    t = lt_session_load_text("[Game \"chess\"]\n\n1. e4 e5\n2. Ke3\n", &ts, &err);
    assert_null(t);
    assert_true(strncmp(err.msg, "line 4: ", 8) == 0);
}

/* ---- Wrong commands ------------------------------------------------------ */

/* A file names the players; a program is started only for a seat the
 * person running ludoteka names (issue 18): the file's engine is
 * refused, the seats given instead are taken and written to the file.
 * A file of several games is refused, left as it was. */
static void load_with_seats(void **st)
{
    char path[256];
    temp_path(path, sizeof path, "seats.txt");
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("[Game \"three-mens-morris\"]\n"
          "[Players \"human,uci:/bin/false\"]\n[Seed \"5\"]\n\n"
          "1. B2 {[%emt 0:00:01.000]}\n", f);
    fclose(f);
    lt_record hdr;
    lt_error err = {0}, warn = {0};
    ok(lt_session_header(path, &hdr, &err), &err);
    assert_int_equal(hdr.config.players, 2);
    assert_string_equal(hdr.players[1], "uci:/bin/false");
    assert_int_equal(hdr.nactions, 0);
    lt_record_clear(&hdr);
    assert_null(lt_session_load(path, NULL, &err, &warn));
    assert_non_null(strstr(err.msg, "never starts a program"));
    lt_seat seats[2] = {{LT_SEAT_HUMAN, "", ""},
                        {LT_SEAT_COMPUTER, "ai:level=1", ""}};
    assert_null(lt_session_load_seats(path, seats, 1, NULL, &err,
                                      &warn));
    assert_non_null(strstr(err.msg, "the saved game has 2 seats, got 1 players"));
    lt_session *s = lt_session_load_seats(path, seats, 2, NULL, &err, &warn);
    if (!s)
        fail_msg("%s", err.msg);
    assert_int_equal(lt_session_plies(s), 1);
    assert_int_equal(lt_session_seat(s, 1)->kind, LT_SEAT_COMPUTER);
    assert_string_equal(lt_session_journal(s), path);
    lt_session_free(s);
    size_t size;
    char *text = slurp(path, &size);
    assert_non_null(strstr(text, "[Players \"human,ai:level=1\"]"));
    assert_non_null(strstr(text, "\n1. B2"));
    /* the same game twice in one file */
    f = fopen(path, "a");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    free(text);
    assert_null(lt_session_load(path, NULL, &err, &warn));
    assert_non_null(strstr(err.msg, "holds 2 games"));
    text = slurp(path, &size);
    assert_non_null(strstr(text + 1, "[Game \"three-mens-morris\"]"));
    free(text);
    unlink(path);
}

static void wrong_seat_changes_nothing(void **st)
{
    char path[256];
    temp_path(path, sizeof path, "wrong.txt");
    lt_error err = {0};
    fake_clock fc = {0};
    lt_session *s = make("chess", NULL, "hh", "5+3", NULL, path, &fc);
    moves(s, "e4");
    drain(s, LT_EV_MOVED, NULL);
    char before[1024];
    snprintf(before, sizeof before, "%s", position(s));
    size_t size0, size1;
    free(slurp(path, &size0));
    fc.ms += 5 * S;
    assert_int_equal(lt_session_move(s, 0, "d4", &err), LT_EILLEGAL);
    assert_string_equal(err.msg, "White cannot move now: Black is to move");
    assert_int_equal(lt_session_move(s, 1, "e4", &err), LT_EILLEGAL); /* illegal */
    assert_int_equal(lt_session_move(s, 1, "zz9", &err), LT_EILLEGAL);
    assert_int_equal(lt_session_answer(s, 1, true, &err), LT_EILLEGAL);
    assert_string_equal(err.msg, "nothing has been offered");
    assert_int_equal(lt_session_resign(s, 5, &err), LT_EILLEGAL);
    assert_int_equal(lt_session_claim(s, 0, NULL, &err), LT_EILLEGAL);
    assert_int_equal(lt_session_step(s, NULL, &err), LT_EILLEGAL);
    assert_int_equal(lt_session_undo(s, 0, &err), LT_EILLEGAL);
    assert_string_equal(position(s), before);
    assert_int_equal(lt_session_plies(s), 1);
    assert_true(lt_session_clock(s, 0) == 303 * S);
    free(slurp(path, &size1));
    assert_true(size0 == size1);
    lt_event ev = {0};
    assert_false(lt_session_event(s, &ev));
    /* Polish messages */
    lt_session_free(s);
    lt_session_setup su;
    memset(&su, 0, sizeof su);
    su.game = lt_game_find("chess");
    lt_config_default(su.game, &su.config, 2);
    s = lt_session_new(&su, &err);
    assert_non_null(s);
    speak(LT_LANG_PL);
    assert_int_equal(lt_session_move(s, 1, "e5", &err), LT_EILLEGAL);
    speak(LT_LANG_EN);
    assert_string_equal(err.msg, "Czarne: nie wasz ruch (na ruchu: Białe)");
    lt_session_free(s);
    unlink(path);
}

/* ---- The command table ----------------------------------------------------- */

static void command_table(void **st)
{
    static const struct {
        const char *line;
        lt_command_id id;
        const char *arg;
    } lines[] = {
        {"resign", LT_CMD_RESIGN, ""},   {"poddaj", LT_CMD_RESIGN, ""},
        {"  Draw ", LT_CMD_DRAW, ""},    {"przywróć", LT_CMD_REDO, ""},
        {"przywroc", LT_CMD_REDO, ""},   {"PRZYWRÓĆ", LT_CMD_REDO, ""},
        {"e4", LT_CMD_MOVE, "e4"},       {"move e4", LT_CMD_MOVE, "e4"},
        {"ruch Nf3", LT_CMD_MOVE, "Nf3"}, {"claim Ng8", LT_CMD_CLAIM, "Ng8"},
        {"claim", LT_CMD_CLAIM, ""},     {"save game.pgn", LT_CMD_SAVE, "game.pgn"},
        {"odrzuć", LT_CMD_DECLINE, ""},  {"6-5-4", LT_CMD_MOVE, "6-5-4"},
        {"a1-b2 x", LT_CMD_MOVE, "a1-b2 x"},
    };
    /* read in Polish: the English names, and the Polish ones with their
     * accents or without */
    speak(LT_LANG_PL);
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        lt_command_id id;
        char arg[64];
        lt_error err = {0};
        if (lt_command_parse(lines[i].line, &id, arg, sizeof arg, &err) != LT_OK)
            fail_msg("'%s': %s", lines[i].line, err.msg);
        assert_int_equal(id, lines[i].id);
        assert_string_equal(arg, lines[i].arg);
    }
    speak(LT_LANG_EN);
    static const char *const bad[] = {"", "   ", "resign now", "move"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        lt_command_id id;
        char arg[64];
        lt_error err = {0};
        assert_int_not_equal(lt_command_parse(bad[i], &id, arg, sizeof arg, &err),
                             LT_OK);
        assert_true(err.msg[0] != '\0');
    }
    /* every command has names and help in both languages, and the help
     * lists exactly the commands offered */
    for (int i = 0; i < LT_CMD_COUNT; i++) {
        const lt_command *c = lt_command_get((lt_command_id)i);
        assert_int_equal(c->id, i);
        assert_ptr_equal(lt_command_find(c->name), c);
        speak(LT_LANG_PL);
        assert_ptr_equal(lt_command_find(P_("command", c->name)), c);
        assert_true(strcmp(_(c->help), c->help) != 0); /* translated */
        speak(LT_LANG_EN);
    }
    char help[4096];
    lt_command_help(0, help, sizeof help);
    int lines_n = 0;
    for (const char *p = help; *p; p++)
        lines_n += *p == '\n';
    assert_int_equal(lines_n, LT_CMD_COUNT);
    speak(LT_LANG_PL);
    lt_command_help(1u << LT_CMD_RESIGN | 1u << LT_CMD_HELP, help,
                    sizeof help);
    speak(LT_LANG_EN);
    assert_non_null(strstr(help, "poddaj"));
    assert_null(strstr(help, "resign")); /* one language on the screen */
    assert_null(strstr(help, "hint"));
}

/* ---- Rematch and saving ---------------------------------------------------- */

static void rematch_swaps(void **st)
{
    lt_error err = {0};
    fake_clock fc = {0};
    lt_session *s = make("chess", NULL, "hc", "5+3", NULL, NULL, &fc);
    ok(lt_session_resign(s, 0, &err), &err);
    lt_session *r = lt_session_rematch(s, NULL, &err);
    assert_non_null(r);
    assert_int_equal(lt_session_seat(r, 0)->kind, LT_SEAT_COMPUTER);
    assert_int_equal(lt_session_seat(r, 1)->kind, LT_SEAT_HUMAN);
    assert_int_equal(lt_session_time_control(r)->kind, LT_TC_FISCHER);
    assert_true(lt_session_seed(r) != lt_session_seed(s));
    assert_int_equal(lt_session_end(r, NULL), LT_END_NONE);
    lt_session_free(r);
    lt_session_free(s);
    lt_session_free(NULL);
}

/* A match's players are its own (lt_session_setup.players): the session
 * plays with them, writes their specs, hands them to the rematch and
 * leaves them to the caller; the record carries the caller's tags and,
 * once the game is over, its Result and Termination. */
static void callers_players(void **st)
{
    const lt_game *g = lt_game_find("chess");
    lt_error err = {0};
    lt_player *p[2] = {lt_player_new(g, "ai:level=1", &err),
                       lt_player_new(g, "random", &err)};
    assert_true(p[0] && p[1]);
    lt_session_setup su;
    memset(&su, 0, sizeof su);
    su.game = g;
    lt_config_default(g, &su.config, 2);
    su.seed = 3;
    for (int i = 0; i < 2; i++) {
        su.seats[i].kind = LT_SEAT_COMPUTER; /* specs left to the players */
        su.players[i] = p[i];
    }
    const lt_tag round = {"Round", "7"};
    su.tags = &round;
    su.ntags = 1;
    lt_session *s = lt_session_new(&su, &err);
    if (!s)
        fail_msg("%s", err.msg);
    assert_ptr_equal(lt_session_player(s, 0), p[0]);
    assert_string_equal(lt_session_seat(s, 1)->spec, "random");
    ok(lt_session_step(s, NULL, &err), &err);
    ok(lt_session_step(s, NULL, &err), &err);
    lt_session *r = lt_session_rematch(s, NULL, &err);
    assert_non_null(r);
    assert_ptr_equal(lt_session_player(r, 0), p[1]); /* colours swapped */
    assert_ptr_equal(lt_session_player(r, 1), p[0]);
    lt_session_free(r);
    char *text = lt_session_text(s, &err);
    assert_non_null(text);
    assert_non_null(strstr(text, "[Round \"7\"]"));
    assert_non_null(strstr(text, "[White \"ai:level=1\"]"));
    assert_non_null(strstr(text, "[Result \"*\"]"));
    assert_null(strstr(text, "Termination"));
    free(text);
    ok(lt_session_resign(s, 1, &err), &err);
    text = lt_session_text(s, &err);
    assert_non_null(strstr(text, "[Result \"1-0\"]"));
    assert_non_null(strstr(text, "[Termination \"resign\"]"));
    lt_record rec;
    lt_cursor at = {0};
    ok(lt_record_parse(text, &at, &rec, &err), &err);
    assert_int_equal(rec.nactions, 2);
    lt_record_clear(&rec);
    free(text);
    lt_session_free(s);
    /* the players outlive their games */
    lt_state *start = lt_state_new(g);
    lt_init(g, start, &su.config, NULL);
    assert_true(lt_is_legal(g, start, lt_player_choose(p[0], start, 1, NULL,
                                                       NULL)));
    lt_state_free(start);
    lt_player_free(p[0]);
    lt_player_free(p[1]);
    /* a player is for a computer's seat */
    su.seats[0].kind = su.seats[1].kind = LT_SEAT_HUMAN;
    su.players[0] = NULL;
    lt_player *q = lt_player_new(g, "random", &err);
    su.players[1] = q;
    assert_null(lt_session_new(&su, &err));
    assert_non_null(strstr(err.msg, "not a computer's"));
    lt_player_free(q);
}

/* A search's share of the clock (lt_session_limits): with Fischer a
 * twentieth of what is left plus 0.8 of the increment, at most half of
 * it; with a time a move half of it. */
static void search_limits(void **st)
{
    fake_clock fc = {0};
    lt_limits lim;
    double clocks[LT_MAX_PLAYERS];
    lt_session *s = make("chess", NULL, "hc", "5+3", NULL, NULL, &fc);
    lt_session_limits(s, 1, &lim, clocks);
    assert_ptr_equal(lim.clocks, clocks);
    assert_true(clocks[0] == 300 && clocks[1] == 300 && lim.increment == 3);
    assert_true(fabs(lim.seconds - (15 + 2.4)) < 1e-9);
    lt_session_free(s);
    /* 2 s and 3 s a move: 0.1 + 2.4 is more than half of 2 s */
    s = make("chess", NULL, "hc", "0:02+3", NULL, NULL, &fc);
    lt_session_limits(s, 0, &lim, clocks);
    assert_true(fabs(lim.seconds - 1) < 1e-9);
    lt_session_free(s);
    s = make("chess", NULL, "hc", "30/move", NULL, NULL, &fc);
    lt_session_limits(s, 0, &lim, clocks);
    assert_null(lim.clocks);
    assert_true(fabs(lim.seconds - 15) < 1e-9);
    lt_session_free(s);
    s = make("chess", NULL, "hc", NULL, NULL, NULL, NULL);
    lt_session_limits(s, 0, &lim, clocks);
    assert_true(lim.seconds == 0 && !lim.clocks && !lim.nodes && !lim.depth);
    lt_session_free(s);
}

TEST_MAIN(cmocka_unit_test(time_control_texts),
          cmocka_unit_test(fischer),
          cmocka_unit_test(bronstein),
          cmocka_unit_test(fixed_time_a_move),
          cmocka_unit_test(correspondence),
          cmocka_unit_test(flag_fall_chess),
          cmocka_unit_test(flag_fall_chess_draw),
          cmocka_unit_test(flag_fall_talat),
          cmocka_unit_test(flag_fall_four_seasons),
          cmocka_unit_test(draw_by_agreement),
          cmocka_unit_test(draw_declined_or_lapsed),
          cmocka_unit_test(computer_answers_draw),
          cmocka_unit_test(takeback_consent),
          cmocka_unit_test(out_by_the_rules),
          cmocka_unit_test(abort_before_both_moved),
          cmocka_unit_test(resign_two_three_four),
          cmocka_unit_test(claim_threefold),
          cmocka_unit_test(claim_fifty_moves),
          cmocka_unit_test(computer_claims),
          cmocka_unit_test(undo_redo_dice),
          cmocka_unit_test(move_rows),
          cmocka_unit_test(orientation),
          cmocka_unit_test(journal_cut_everywhere),
          cmocka_unit_test(journal_last_ply_with_result),
          cmocka_unit_test(journal_events),
          cmocka_unit_test(text_round_trip),
          cmocka_unit_test(load_with_seats),
          cmocka_unit_test(wrong_seat_changes_nothing),
          cmocka_unit_test(command_table),
          cmocka_unit_test(rematch_swaps),
          cmocka_unit_test(callers_players),
          cmocka_unit_test(search_limits))
