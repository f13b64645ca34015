/* test_results.c — a finished game in words (lt_session_result_text: the
 * terminal's last line, the page's end.text, the network's result): who
 * won, shared or drew, the score as players write it for two seats
 * (1–0, ½–½), the rule that decided it and the points where the game
 * has them - never a vector of returns - in English and in Polish. */
#include "session_support.h"

static void assert_result(const lt_session *s, const char *en, const char *pl)
{
    assert_string_equal(result_in(s, LT_LANG_EN), en);
    assert_string_equal(result_in(s, LT_LANG_PL), pl);
}

/* A game of people from a position (NULL: the start) and moves. */
static lt_session *played(const char *id, int players, const char *position,
                          const char *moves)
{
    lt_session *s = people_at(id, players, position);
    lt_error err = {0};
    char buf[1024], *save = NULL;
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save))
        if (lt_session_move(s, lt_session_to_act(s), w, &err) != LT_OK)
            fail_msg("%s: %s", w, err.msg);
    return s;
}

/* A finished game from its record. */
static lt_session *loaded(const char *record)
{
    lt_error err = {0};
    lt_session *s = lt_session_load_text(record, NULL, &err);
    if (!s)
        fail_msg("%s", err.msg);
    assert_int_not_equal(lt_session_end(s, NULL), LT_END_NONE);
    return s;
}

static void two_seats(void **st)
{
    /* the fool's mate */
    lt_session *s = played("chess", 2, NULL, "f3 e5 g4 Qh4#");
    assert_result(s, "Black won 0\u20131 \u2014 checkmate",
                  "Wygrana: Czarne (0\u20131) \u2014 mat");
    lt_session_free(s);
    /* a stalemate: "draw" said once */
    s = played("chess", 2, "7k/4Q3/6K1/8/8/8/8/8 w - - 0 1", "Qf7");
    assert_result(s, "Draw \u00bd\u2013\u00bd \u2014 stalemate",
                  "Remis \u00bd\u2013\u00bd \u2014 pat");
    lt_session_free(s);
    /* both lines in one round */
    s = loaded("[Game \"three-mens-morris\"]\n"
               "[Options \"diagonals=on movement=step cap=200 rows=round\"]\n"
               "\n"
               "1. C3 A1 2. C1 A3 3. B3 B1 4. B3-B2 A1-A2 5. B2-C2 B1-A1\n");
    assert_result(s, "Draw \u00bd\u2013\u00bd \u2014 both made a line in the same round",
                  "Remis \u00bd\u2013\u00bd \u2014 obaj gracze u\u0142o\u017cyli lini\u0119 "
                  "w tej samej kolejce");
    lt_session_free(s);
    /* a resignation */
    s = played("three-mens-morris", 2, NULL, "C3");
    lt_error err = {0};
    assert_int_equal(lt_session_resign(s, 1, &err), LT_OK);
    assert_result(s, "White won 1\u20130 \u2014 Black resigned",
                  "Wygrana: Bia\u0142e (1\u20130) \u2014 poddanie partii (Czarne)");
    lt_session_free(s);
}

/* Four armies: the survivors share the win at the cap, and who is out
 * and how is said; the last king wins alone. */
static void four_seasons(void **st)
{
    lt_session *s = played("four-seasons", 4,
                           "gK7/gPs7/8/1gN6/8/rPn7/8/rK6bK g - - bgrw 300 199 out:wtb",
                           "a7-a6");
    assert_result(s,
                  "Green, Red and Black share the win \u2014 200 turns without a capture, "
                  "promotion or elimination; out: White's king taken by Black",
                  "Wygran\u0105 dziel\u0105: Zielone, Czerwone, Czarne \u2014 limit 200 tur "
                  "bez bicia, promocji i eliminacji; poza gr\u0105: Bia\u0142e (kr\u00f3l "
                  "zbity: Czarne)");
    lt_session_free(s);
}

/* Talat: the winner, then the points of every seat. */
static void talat(void **st)
{
    lt_session *s = loaded(
        "[Game \"talat\"]\n"
        "[Options \"frozen=no-move\"]\n"
        "[Players \"human,human,human\"]\n"
        "\n"
        "1. 1t@d1 1t@h1 1s@o1 2. 2h@c1 1s@b5 3s@l1 3. 3t@o5 3t@i1 1t@f5 4. "
        "1s@n5 3s@a5 2s@m1 5. 2s@l5 2h@d5 3t@i5 6. 1h@m5 3h@g1 2h@h5 7. "
        "3s@a1 2s@j1 2t@n1 8. 2t@e1 1h@f1 1h@j5 9. 3h@k5 2t@e5 3h@g5 10. "
        "a1-b2 i1-i2 f5-f4 11. b2-c3 d5-e4 g5-g4 12. c1-b2 i2-i3 m1-n2 13. "
        "m5-m4 g1-g2 i5-h4 14. o5-o4 a5-b4 h4-g3 15. o4-o3 i3-i4 n2-m3 16. "
        "o3-o2 i4xh5 m3xm4 17. o2xn1 g2xg3 f4xg3 18. c3-d4 b4-c3 l1-l2 19. "
        "b2-a3 f1-f2 j5-i4 20. d4xe4 f2-f3 m4-m5 21. e4xe5 c3-c2 m5xn5 22. "
        "a3-a4 f3xg3 g4-h3 23. a4xb5 c2-b1 l2-k3 24. l5-m4 j1-j2 o1-o2 25. "
        "d1-c2 h1-g2 o2-o3 26. k5-k4 g3-g4 o3-o4 27. k4xk3 j2-j3 o4-o5 28. "
        "k3-l2 j3xi4 h3-h2 29. l2-l1 g2xh2 pass 30. e1-e2 g4-f5 pass 31. "
        "c2-b3 h2-i3 pass 32. e2-e3 i3-j4 pass 33. m4-m3 j4-j5 pass 34. "
        "e3-d4 i4-i5 pass 35. d4-d5 pass pass 36. m3-m2 pass pass 37. m2-m1\n");
    assert_result(s, "Red won \u2014 two boards frozen; points: Red 43, Blue 40, Violet 21",
                  "Wygrana: Czerwone \u2014 dwie plansze zamro\u017cone; punkty: "
                  "Czerwone 43, Niebieskie 40, Fioletowe 21");
    lt_session_free(s);
}

/* Dice: the throw and the rule that decided the turn; in a game for
 * money what each player gained or lost, and a turn that moved no money
 * is a draw (half-hazard: the thrower's number belonged to nobody). */
static void dice(void **st)
{
    lt_session *s = loaded(
        "[Game \"hazard\"]\n"
        "[Options \"order=highest form=turns stake=1 bankroll=10 turns=1\"]\n"
        "[Players \"human,human,human\"]\n"
        "\n"
        "1. 6-5-5 2. 6-3-1 3. 6-6-1 4. 6-4-4 5. 6-6-2 6. 6-4-4 7. 4-3-1 8. "
        "4-3-2 9. 5-4-4 10. 6-5-2 11. 5-5-1 12. 4-3-2 13. 6-2-1 14. 5-2-1 "
        "15. 6-4-3 16. 5-4-3 17. 6-5-1 18. 5-3-2 19. 6-5-2 20. 6-6-5\n");
    assert_int_equal(lt_session_seats(s), 3);
    assert_result(s, "Player 3 won \u2014 Player 3 threw 17, a Hazard",
                  "Wygrana: Gracz 3 \u2014 Gracz 3 wyrzuca 17, Hazard");
    lt_session_free(s);
    s = loaded("[Game \"half-hazard\"]\n"
               "[Options \"order=highest pool=20 unit=2 streak=unit bankroll=50 turns=1\"]\n"
               "\n"
               "1. 4-1-1 2. 6-2-1 5-3-1 6-3-3 4-3-2\n");
    assert_result(s,
                  "Player 2 won \u2014 Player 2 threw 9, the opponent's number: the whole "
                  "pool (20); Player 1 -10, Player 2 +10",
                  "Wygrana: Gracz 2 \u2014 Gracz 2 wyrzuca 9, liczb\u0119 przeciwnika: "
                  "ca\u0142a pula (20); Gracz 1 -10, Gracz 2 +10");
    lt_session_free(s);
    s = loaded("[Game \"half-hazard\"]\n"
               "[Options \"order=highest pool=20 unit=2 streak=unit bankroll=50 turns=1\"]\n"
               "\n"
               "1. 6-5-5 2. 6-3-1 3. 6-6-1 6-4-4 6-6-2 throw 4-3-1\n");
    assert_result(s,
                  "Draw \u2014 Player 1 threw 8, nobody's number, and lost the winnings; "
                  "no money changed hands",
                  "Remis \u2014 Gracz 1 wyrzuca 8, niczyj\u0105 liczb\u0119, i traci "
                  "wygran\u0105; nikt nic nie zyskuje ani nie traci");
    lt_session_free(s);
}

/* Every game played to its end by random players: a sentence with a
 * winner, a shared win or a draw and a reason - no returns as numbers,
 * no PGN token. */
static void every_game(void **st)
{
    for (int i = 0; i < lt_game_count(); i++) {
        const lt_game *g = lt_game_at(i);
        lt_session_setup su;
        memset(&su, 0, sizeof su);
        su.game = g;
        lt_config_default(g, &su.config, 0);
        su.seed = 7;
        for (int k = 0; k < su.config.players; k++) {
            su.seats[k].kind = LT_SEAT_COMPUTER;
            snprintf(su.seats[k].spec, sizeof su.seats[k].spec, "random");
        }
        lt_error err = {0};
        lt_session *s = lt_session_new(&su, &err);
        if (!s)
            fail_msg("%s: %s", g->id, err.msg);
        while (lt_session_to_act(s) != LT_TERMINAL)
            if (lt_session_step(s, NULL, &err) != LT_OK)
                fail_msg("%s: %s", g->id, err.msg);
        for (int lang = LT_LANG_EN; lang <= LT_LANG_PL; lang++) {
            const char *r = result_in(s, lang);
            const char *dash = strstr(r, " \u2014 ");
            if (!dash || !dash[5])
                fail_msg("%s: no reason in '%s'", g->id, r);
            bool said = lang == LT_LANG_EN
                            ? strstr(r, " won") || strstr(r, "share the win") ||
                                  !strncmp(r, "Draw", 4)
                            : !strncmp(r, "Wygrana: ", 9) || !strncmp(r, "Wygran\u0105 dziel\u0105: ", 16) ||
                                  !strncmp(r, "Remis", 5);
            if (!said || strstr(r, "1/2") || strstr(r, "0.") || strstr(r, "(1-0)") ||
                strstr(r, "(0-1)") || strstr(r, "Winner"))
                fail_msg("%s: '%s'", g->id, r);
        }
        lt_session_free(s);
    }
}

TEST_MAIN(cmocka_unit_test(two_seats), cmocka_unit_test(four_seasons),
          cmocka_unit_test(talat), cmocka_unit_test(dice), cmocka_unit_test(every_game))
