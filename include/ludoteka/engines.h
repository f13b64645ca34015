/* engines.h — what plays and analyses a game, apart from its rules: its
 * own computer players, its evaluation, the settings of its levels and of
 * the bench, its exact odds.  One table keyed by game id
 * (src/engines/engines.def, one line per game); every member optional.
 * The rules (game.h) know nothing of it: the engines import the games,
 * never the reverse. */
#ifndef LUDOTEKA_ENGINES_H
#define LUDOTEKA_ENGINES_H

#include <stdbool.h>
#include <stdint.h>

#include "ludoteka/game.h"

struct lt_engine; /* ai.h: a game's own searcher */
struct lt_rng;

/* ---- Exact odds --------------------------------------------------------
 * A game of chance may say exactly, from any state, each seat's chance of
 * winning the turn in progress (the unit of play its rules call a turn or
 * a round), the stakes one seat can expect to gain in it, and what each
 * choice of the player to move is worth.  Exact values are fractions in
 * lowest terms written as text ("5/72", "-3/4", "2"); `decimal` is the
 * same value as a double.  Front ends show them without knowing the game.
 * The struct is large (the fractions of a six-player game run to
 * thousands of digits): allocate it. */
enum {
    LT_ODDS_TEXT = 5120,  /* bytes of an exact fraction, with its NUL */
    LT_ODDS_CHOICES = 4,  /* choices reported with their values */
    LT_ODDS_SEAT_ORDER = 1 /* odds flag: see lt_engines.odds */
};

typedef struct {
    bool known;               /* false: not defined here (lt_odds.note says why) */
    char exact[LT_ODDS_TEXT]; /* "" if too long to write; decimal stands */
    double decimal;
} lt_exact;

typedef struct lt_odds {
    int nseats;                    /* output: num_players */
    lt_exact win[LT_MAX_PLAYERS];  /* each seat's chance to win the turn */
    lt_exact none;                 /* chance that nobody wins it; known
                                    * only when it is not zero */
    int value_seat;                /* the seat whose stakes `value` are,
                                    * or -1 for a game without stakes */
    lt_exact value;                /* stakes value_seat expects to gain in
                                    * the turn, under best play */
    int nchoices;                  /* choices of the player to move */
    struct {
        lt_action action;
        lt_exact value;            /* after this choice, under best play:
                                    * the mover's expected stakes gained in
                                    * the turn if the game has stakes, else
                                    * his chance to win the turn */
    } choice[LT_ODDS_CHOICES];
    char note[256];                /* what is assumed or left undefined */
} lt_odds;

/* What `ludoteka simulate` counts over turns of a game of chance. */
typedef struct {
    uint64_t turns;
    uint64_t wins[LT_MAX_PLAYERS]; /* turns each seat won */
    uint64_t none;                 /* turns nobody won */
    bool has_value;                /* a game with stakes: */
    double value_sum, value_sq;    /* the first thrower's gain, money units */
} lt_turn_tally;

/* ---- The table ----------------------------------------------------------
 * A game's entry, defined beside its engine in src/engines/<id>/ and
 * listed in src/engines/engines.def. */
typedef struct lt_engines {
    const char *game;               /* the game's id: "three-mens-morris" */

    /* Computer players: the game's own searchers, a NULL-terminated list
     * named in player specs as "ai:NAME[:params]" ("ai:perfect" for a
     * solved game, the chess engine, ...), and the specs of levels 1..5
     * (five strings; NULL: the generic ladder, ai.h lt_levels). */
    const struct lt_engine *const *engines;
    const char *const *levels;

    /* For `ludoteka bench`: the player spec whose search (fixed by depth
     * or nodes, so deterministic) is the game's signature, and the
     * position texts it searches (NULL-terminated; NULL: the start and
     * three positions of random play). */
    const char *bench_player;
    const char *const *bench_positions;

    /* For the analysis of a game (analysis.h): the depth its own engine
     * ("ai:engine") searches each position to, where depth suits it
     * better than a budget of nodes (chess: 8); 0: nodes. */
    int analysis_depth;

    /* Expected return of every seat, within the game's return range: what
     * searches use where they cannot look to the end. */
    void (*evaluate)(const lt_state *, double *);
    /* Optional: the key under which searches keep a position's value,
     * where the evaluations (evaluate, and the game's own engines') read
     * more than the game's hash holds (Four Seasons: the turns without
     * progress, which their draws near the cap read), so that a value
     * kept from an earlier move is not taken for the same position met
     * later; NULL: the game's hash. */
    uint64_t (*key)(const lt_state *);

    /* For a game of chance: the exact odds of the turn in progress
     * (lt_odds above).  flags: LT_ODDS_SEAT_ORDER - while the order of
     * play of the turn is still being thrown for, give the odds of the
     * turn played in seat order (seat 1 first), as tables of odds do;
     * without it the chances are not defined until the order is fixed.
     * Not LT_OK, with a message, only when the odds cannot be computed. */
    lt_status (*odds)(const lt_state *, unsigned flags, lt_odds *,
                      lt_error *);
    /* With odds: plays n turns, each from the start of a turn played in
     * seat order (the game init with cfg), dice drawn from the generator
     * and every decision the best, adding them to *tally; false if no
     * turn can be played with this configuration. */
    bool (*simulate)(const lt_game *, const lt_config *, uint64_t n,
                     struct lt_rng *, lt_turn_tally *);
} lt_engines;

/* The game's entry of the table; for a game without one, an entry whose
 * members are all NULL. */
const lt_engines *lt_engines_of(const lt_game *);

#endif
