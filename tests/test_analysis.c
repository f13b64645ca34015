/* test_analysis.c — a game analysed move by move (analysis.h), against
 * answers known independently: a mate in one missed in chess, the solved
 * values of Three Men's Morris, and a decision of Half Hazard whose
 * values are worked out by hand in tests/games/test_half_hazard.c. */
#include "support.h"

#include <math.h>

#include "ludoteka/ai.h"
#include "ludoteka/analysis.h"
#include "ludoteka/record.h"

static void read_record(const char *text, lt_record *r)
{
    lt_cursor at = {0};
    lt_error err = {0};
    if (lt_record_parse(text, &at, r, &err) != LT_OK)
        fail_msg("record: %s", err.msg);
}

static void analyse(const char *text, const lt_analysis_limits *lim,
                    lt_record *r, lt_analysis *a)
{
    read_record(text, r);
    lt_error err = {0};
    if (lt_analyse_record(r, lim, a, &err) != LT_OK)
        fail_msg("analyse: %s", err.msg);
}

/* The position before action k of the record. */
static lt_state *before(const lt_record *r, int k)
{
    lt_state *s = lt_state_new(r->game);
    lt_error err = {0};
    assert_int_equal(lt_record_replay(r, k, s, &err), LT_OK);
    return s;
}

static lt_action parsed(const lt_game *g, const lt_state *s, const char *name)
{
    lt_action a;
    lt_error err = {0};
    if (lt_parse(g, s, name, &a, &err) != LT_OK)
        fail_msg("%s: %s", name, err.msg);
    return a;
}

/* Does the move mate at once, won by the mover? */
static bool mates(const lt_game *g, const lt_state *s, lt_action a)
{
    int mover = g->current_player(s);
    lt_state *c = lt_state_new(g);
    lt_state_copy(g, c, s);
    lt_advance(g, c, a);
    double ret[LT_MAX_PLAYERS];
    bool over = g->current_player(c) == LT_TERMINAL;
    if (over)
        g->returns(c, ret);
    lt_state_free(c);
    return over && ret[mover] == 1;
}

/* 3...Nf6 lets White mate (Qxf7#); 4.Qxh7 misses it and gives the
 * queen away.  Both are blunders; the best move at 4 is the mate. */
static void chess_mate_missed(void **st)
{
    const char *game = "[Game \"chess\"]\n\n"
                       "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxh7 Rxh7 *\n";
    lt_record r;
    lt_analysis a;
    analyse(game, NULL, &r, &a);
    const lt_game *g = r.game;
    assert_int_equal(a.n, 8);
    assert_string_equal(a.analyser, "ai:engine");
    /* every ply a decision, in order */
    for (int k = 0; k < a.n; k++) {
        assert_int_equal(a.plies[k].ply, k);
        assert_int_equal(a.plies[k].seat, k % 2);
        assert_true(a.plies[k].loss >= 0);
        assert_true(fabs(a.plies[k].before) <= 1 && fabs(a.plies[k].after) <= 1);
    }
    /* 3...Nf6: after it White mates in one (checked by the rules) */
    lt_state *s = before(&r, 6);
    assert_true(mates(g, s, parsed(g, s, "Qxf7")));
    assert_int_equal(a.plies[5].mark, LT_MARK_BLUNDER);
    assert_true(a.plies[5].after < -0.99);
    /* 4.Qxh7: the engine's move is the mate; White had a sure win */
    const lt_analysed_ply *p = &a.plies[6];
    assert_int_equal(p->played, parsed(g, s, "Qxh7"));
    assert_int_equal(p->best, parsed(g, s, "Qxf7"));
    assert_true(mates(g, s, p->best));
    assert_true(p->before == 1);
    assert_true(p->loss > 1.5);
    assert_int_equal(p->mark, LT_MARK_BLUNDER);
    assert_string_equal(lt_mark_sign(p->mark), "??");
    assert_true(a.marks[LT_MARK_BLUNDER][0] >= 1 && a.marks[LT_MARK_BLUNDER][1] >= 1);
    lt_state_free(s);
    /* the same again: fixed depth and seeds, not the clock */
    lt_analysis b;
    lt_error err = {0};
    assert_int_equal(lt_analyse_record(&r, NULL, &b, &err), LT_OK);
    assert_int_equal(b.n, a.n);
    for (int k = 0; k < a.n; k++) {
        assert_int_equal(b.plies[k].best, a.plies[k].best);
        assert_true(b.plies[k].before == a.plies[k].before);
        assert_true(b.plies[k].after == a.plies[k].after);
    }
    lt_analysis_free(&b);
    /* bounded: a longer game than allowed is refused, saying so */
    lt_analysis_limits lim = {.max_plies = 7};
    assert_int_equal(lt_analyse_record(&r, &lim, &b, &err), LT_ERANGE);
    assert_non_null(strstr(err.msg, "8"));
    lt_analysis_free(&a);
    lt_record_clear(&r);
}

/* Three Men's Morris with rows=first is a win for White (the solved
 * table, as `ludoteka solve` reports it).  2.A3 lets it slip to a draw;
 * 2...B1 lets White win again; 3.A2 misses the row A3-B2-C1 (and Black's
 * threat A1-B1-C1) and loses.  Every value is the solved one. */
static void morris_solved(void **st)
{
    const char *game = "[Game \"three-mens-morris\"]\n"
                       "[Options \"rows=first\"]\n\n"
                       "1. B2 A1 2. A3 B1 3. A2 C1 *\n";
    lt_record r;
    lt_analysis a;
    analyse(game, NULL, &r, &a);
    const lt_game *g = r.game;
    assert_string_equal(a.analyser, "ai:perfect");
    assert_int_equal(a.n, 6);
    for (int k = 0; k < a.n; k++) {
        const lt_analysed_ply *p = &a.plies[k];
        lt_state *s = before(&r, k), *t = before(&r, k + 1);
        double v[2], w[2];
        assert_true(lt_evaluate(g, s, v));
        assert_true(lt_evaluate(g, t, w));
        assert_true(p->exact);
        assert_true(p->before == v[p->seat]);
        assert_true(p->after == w[p->seat]);
        /* the best move keeps the solved value */
        lt_state *c = lt_state_new(g);
        lt_state_copy(g, c, s);
        lt_advance(g, c, p->best);
        double b[2];
        lt_evaluate(g, c, b);
        assert_true(b[p->seat] == v[p->seat]);
        lt_state_free(c);
        lt_state_free(s);
        lt_state_free(t);
    }
    assert_true(a.plies[2].before == 1 && a.plies[2].after == 0);
    assert_true(a.plies[2].loss == 1);
    assert_int_equal(a.plies[2].mark, LT_MARK_BLUNDER);
    lt_state *s = before(&r, 4);
    assert_int_equal(a.plies[4].best, parsed(g, s, "C1"));
    assert_true(a.plies[4].loss == 2);
    assert_int_equal(a.plies[4].mark, LT_MARK_BLUNDER);
    assert_int_equal(a.plies[5].mark, LT_MARK_NONE); /* Black's winning row */
    lt_state_free(s);
    lt_analysis_free(&a);
    lt_record_clear(&r);
}

/* Half Hazard after a Hazard, 6 won of a pool of 20: stopping gains 3,
 * throwing on 505/216 (test_half_hazard.c works both out by hand).
 * Throwing gives away (3 - 505/216)/3 = 143/648 of the stake: a mistake.
 * The throw that must come first is no decision and loses nothing. */
static void dice_decision(void **st)
{
    const char *game =
        "[Game \"half-hazard\"]\n"
        "[Position \"play turn 1/1 score 0,0 money 40,40 pot 20 order 1,2 "
        "numbers 12,10 winnings 6 streak 1 choose\"]\n\n"
        "throw 6-6-5 stop *\n";
    lt_record r;
    lt_analysis a;
    analyse(game, NULL, &r, &a);
    const lt_game *g = r.game;
    assert_string_equal(a.analyser, "odds");
    assert_int_equal(a.n, 2);
    lt_state *s = before(&r, 0);
    const lt_analysed_ply *p = &a.plies[0];
    assert_int_equal(p->played, parsed(g, s, "throw"));
    assert_int_equal(p->best, parsed(g, s, "stop"));
    assert_string_equal(p->best_exact, "3");
    assert_string_equal(p->played_exact, "505/216");
    assert_true(fabs(p->value_before - 3) < 1e-12);
    assert_true(fabs(p->value_after - 505.0 / 216) < 1e-12);
    assert_true(fabs(p->loss - 143.0 / 648) < 1e-12);
    assert_int_equal(p->mark, LT_MARK_MISTAKE);
    assert_true(p->exact);
    /* then, one more in a row (6-6-5: 8 won), stopping is best: 4 */
    p = &a.plies[1];
    assert_int_equal(p->ply, 2);
    assert_int_equal(p->best, p->played);
    assert_string_equal(p->best_exact, "4");
    assert_true(p->loss == 0);
    assert_int_equal(p->mark, LT_MARK_NONE);
    lt_state_free(s);
    lt_analysis_free(&a);
    lt_record_clear(&r);
}

static void marks(void **st)
{
    assert_int_equal(lt_mark_of(0.099), LT_MARK_NONE);
    assert_int_equal(lt_mark_of(0.1), LT_MARK_INACCURACY);
    assert_int_equal(lt_mark_of(0.2), LT_MARK_MISTAKE);
    assert_int_equal(lt_mark_of(0.3), LT_MARK_BLUNDER);
    assert_int_equal(lt_mark_of(2), LT_MARK_BLUNDER);
    assert_string_equal(lt_mark_sign(LT_MARK_INACCURACY), "?!");
    assert_string_equal(lt_mark_name(LT_MARK_MISTAKE), "mistake");
}

TEST_MAIN(cmocka_unit_test(marks), cmocka_unit_test(chess_mate_missed),
          cmocka_unit_test(morris_solved), cmocka_unit_test(dice_decision))
