/* session_support.h — helpers for the tests of a game in play: a table of
 * people (every seat human), and the result in words in a language. */
#ifndef LUDOTEKA_TESTS_SESSION_SUPPORT_H
#define LUDOTEKA_TESTS_SESSION_SUPPORT_H

#include "support.h"

#include "ludoteka/session.h"

/* A game of people, players seats (0: the game's default), from a
 * position (NULL: the start), seed 1. */
static inline lt_session *people_at(const char *id, int players, const char *position)
{
    lt_session_setup su;
    memset(&su, 0, sizeof su);
    su.game = lt_game_find(id);
    assert_non_null(su.game);
    lt_config_default(su.game, &su.config, players);
    su.position = position;
    su.seed = 1;
    for (int i = 0; i < su.config.players; i++)
        su.seats[i].kind = LT_SEAT_HUMAN;
    lt_error err = {0};
    lt_session *s = lt_session_new(&su, &err);
    if (!s)
        fail_msg("%s: %s", id, err.msg);
    return s;
}

/* The result of a session in a language (English after it). */
static inline const char *result_in(const lt_session *s, int lang)
{
    static char buf[2][512];
    speak(lang);
    lt_session_result_text(s, buf[lang], sizeof buf[0]);
    speak(LT_LANG_EN);
    return buf[lang];
}

#endif
