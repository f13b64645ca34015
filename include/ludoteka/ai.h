/* ai.h — players: humans, and computer players built on lt_game alone.
 *
 * A player spec names who sits in a seat, everywhere (menu, play, arena):
 *   human                  a person at the keyboard
 *   random                 uniformly random legal moves
 *   ai                     the default computer player (ai:level=3)
 *   ai:level=N             strength level 1 (weakest) .. 5
 *   ai:mcts[:iterations=N][:time=S][:c=X]
 *                          Monte Carlo tree search with these limits
 *   ai:NAME[:params]       one of the game's own searchers
 *                          (lt_game.engines), e.g. ai:perfect
 * Parameters follow the kind, separated by ':'. */
#ifndef LUDOTEKA_AI_H
#define LUDOTEKA_AI_H

#include <stdbool.h>
#include <stdint.h>

#include "ludoteka/game.h"

enum { LT_LEVEL_MIN = 1, LT_LEVEL_MAX = 5, LT_LEVEL_DEFAULT = 3 };

typedef struct lt_player lt_player;

/* What a search found, for hints and progress lines. */
typedef struct {
    lt_action best;
    long long iterations;           /* playouts or nodes searched */
    double seconds;
    double value[LT_MAX_PLAYERS];   /* expected return of each seat */
} lt_think_info;

/* Limits on one search.  Zero means no limit; a search with no limit at
 * all uses its own default. */
typedef struct {
    double seconds;             /* thinking time for this move */
    long long nodes;            /* iterations, playouts or nodes */
    int depth;                  /* plies */
    const volatile int *stop;   /* when it becomes non-zero: answer now */
    /* called now and then with what the search has found so far */
    void (*progress)(void *ctx, const lt_think_info *);
    void *ctx;
} lt_limits;

/* A game's own searcher (chess, great chess, the perfect player of a
 * solved game), listed in lt_game.engines.  `params` is what follows
 * "ai:NAME:" in a spec ("" for none); create reports bad params through
 * the error. */
typedef struct lt_engine {
    const char *name;
    void *(*create)(const lt_game *, const char *params, lt_error *);
    void (*destroy)(void *);
    lt_action (*choose)(void *, const lt_state *, const lt_limits *,
                        uint64_t seed, lt_think_info *);
} lt_engine;

/* Parses a spec; NULL with a message naming the expected forms. */
lt_player *lt_player_new(const lt_game *, const char *spec, lt_error *);
void lt_player_free(lt_player *);
bool lt_player_is_human(const lt_player *);
const char *lt_player_spec(const lt_player *);

/* Chooses an action for the seat to move (current_player() >= 0).  The
 * seed makes the choice reproducible.  limits (may be NULL) tighten the
 * spec's own, e.g. from a clock; info may be NULL. */
lt_action lt_player_choose(lt_player *, const lt_state *, uint64_t seed,
                           const lt_limits *limits, lt_think_info *info);

#endif
