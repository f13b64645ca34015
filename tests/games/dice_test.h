/* dice_test.h — helpers for the dice-game tests: exact odds of a state,
 * and exact fractions computed in the tests themselves. */
#ifndef LUDOTEKA_DICE_TEST_H
#define LUDOTEKA_DICE_TEST_H

#include <math.h>

#include "support.h"

#include "engines/dice/dice_engines.h"

/* The odds of a state (seat order assumed while ordering). */
static inline lt_odds *odds_of(const lt_game *g, const lt_state *s)
{
    static lt_odds o;
    lt_error err = {0};
    memset(&o, 0, sizeof o);
    if (lt_engines_of(g)->odds(s, LT_ODDS_SEAT_ORDER, &o, &err) != LT_OK)
        fail_msg("%s: odds: %s", g->id, err.msg);
    return &o;
}

/* The text of a rational computed in a test. */
static inline const char *rat_str(const rat *r)
{
    static char buf[LT_ODDS_TEXT];
    if (rat_text(r, buf, sizeof buf) < 0)
        fail_msg("a fraction of the test does not fit");
    return buf;
}

/* Seat's chance is exactly this fraction (text), decimal consistent. */
static inline void assert_win(const lt_odds *o, int seat, const char *exact)
{
    if (!o->win[seat].known || strcmp(o->win[seat].exact, exact))
        fail_msg("seat %d: expected %s, got %s", seat + 1, exact,
                 o->win[seat].known ? o->win[seat].exact : "(not defined)");
}

/* Each seat's exact chance at this state, in seat order: "p/q p/q ...". */
static inline void assert_odds(const lt_game *g, const lt_state *s, const char *wins)
{
    const lt_odds *o = odds_of(g, s);
    char buf[256], *save = NULL;
    int seat = 0;
    snprintf(buf, sizeof buf, "%s", wins);
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save))
        assert_win(o, seat++, w);
    assert_true(seat > 0);
}

/* The same at a position (NULL: the start) of a match (options, players). */
static inline void assert_odds_at(const char *id, const char *options, int players,
                                  const char *position, const char *wins)
{
    const lt_game *g;
    lt_state *s = start_at(&g, id, options, players, position);
    assert_odds(g, s, wins);
    lt_state_free(s);
}

static inline void assert_value(const lt_odds *o, const char *exact)
{
    if (o->value_seat < 0 || !o->value.known || strcmp(o->value.exact, exact))
        fail_msg("value: expected %s, got %s", exact,
                 o->value_seat >= 0 ? o->value.exact : "(none)");
}

/* p/q for small numbers. */
static inline const char *frac(int64_t p, uint64_t q)
{
    rat r;
    rat_set(&r, p, q);
    return rat_str(&r);
}

/* A match (options, players) played through `moves` to its end: seat
 * `winner` has won it (a return of 1), for this reason in English and in
 * Polish.  The state is the caller's to free. */
static inline lt_state *match_won(const lt_game **gp, const char *id, const char *options,
                                  int players, const char *moves, int winner,
                                  const char *en, const char *pl)
{
    lt_state *s = start_n(gp, id, options, players);
    play(*gp, s, moves);
    assert_end(*gp, s, winner, 1, en, pl);
    return s;
}

/* Position texts that must not read in a match (options, players). */
typedef struct {
    const char *id, *options;
    int players;
    const char *texts[12];
} bad_texts;

/* The test of a bad_texts, given as its state:
 * cmocka_unit_test_prestate(bad_positions, &table). */
static inline void bad_positions(void **st)
{
    const bad_texts *b = *st;
    const lt_game *g;
    lt_state *s = start_n(&g, b->id, b->options, b->players);
    assert_non_null(b->texts[0]);
    for (int i = 0; i < 12 && b->texts[i]; i++)
        assert_bad_position(g, s, b->texts[i]);
    lt_state_free(s);
}

/* RULES.md of the frame: a turn still undecided after DICE_TURN_CAP
 * actions ends with no winner.  A match (options, players) is played
 * through `moves`, then the words of `cycle` (throws and choices that
 * decide nothing) over and over until it is over, which must be by the
 * cap, with its reason, and nobody winning or losing anything. */
static inline void assert_turn_cap(const char *id, const char *options, int players,
                                   const char *moves, const char *cycle)
{
    const lt_game *g;
    lt_state *s = start_n(&g, id, options, players);
    char buf[256], *w[16], *save = NULL;
    int n = 0;
    if (moves)
        play(g, s, moves);
    snprintf(buf, sizeof buf, "%s", cycle);
    for (char *t = strtok_r(buf, " ", &save); t && n < 16; t = strtok_r(NULL, " ", &save))
        w[n++] = t;
    for (int k = 0; g->current_player(s) != LT_TERMINAL; k++) {
        if (k > DICE_TURN_CAP)
            fail_msg("%s: the turn did not end at the cap", g->id);
        play(g, s, w[k % n]);
    }
    assert_reason(g, s, "the turn cap (4000 actions) was reached",
                  "osiągnięto limit tury (4000 akcji)");
    for (int i = 0; i < players; i++)
        assert_true(return_of(g, s, i) == 0);
    lt_state_free(s);
}

/* Number of ordered throws of three dice with this sum. */
static inline int ways3(int sum)
{
    int n = 0;
    for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= 6; b++)
            for (int c = 1; c <= 6; c++)
                n += a + b + c == sum;
    return n;
}

#endif
