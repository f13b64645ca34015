/* players.h — helpers for the tests of computer players: a player made
 * from its spec, a spec refused, a player's choice. */
#ifndef LUDOTEKA_TEST_PLAYERS_H
#define LUDOTEKA_TEST_PLAYERS_H

#include "support.h"

#include "ludoteka/ai.h"

/* The player of a spec; the spec must be accepted. */
static inline lt_player *player_of(const lt_game *g, const char *spec)
{
    lt_error err = {0};
    lt_player *p = lt_player_new(g, spec, &err);
    if (!p)
        fail_msg("'%s': %s", spec, err.msg);
    return p;
}

/* The spec must be refused, with a message. */
static inline void assert_bad_spec(const lt_game *g, const char *spec)
{
    lt_error err = {0};
    lt_player *p = lt_player_new(g, spec, &err);
    if (p)
        fail_msg("'%s' was accepted", spec);
    assert_true(err.msg[0] != '\0');
}

/* The action a player of this spec chooses at s (one thread); info, when
 * not NULL, receives what the search reports. */
static inline lt_action choose(const lt_game *g, const lt_state *s, const char *spec,
                               lt_think_info *info)
{
    lt_player *p = player_of(g, spec);
    lt_action a = lt_player_choose(p, s, 1, NULL, info);
    lt_player_free(p);
    return a;
}

#endif
