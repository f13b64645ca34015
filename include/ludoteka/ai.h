/* ai.h — players: humans, and computer players built on lt_game alone.
 *
 * A player spec names who sits in a seat, everywhere (menu, play, arena):
 *   human                  a person at the keyboard
 *   random                 uniformly random legal moves
 *   ai                     the game's default level (ai:level=3)
 *   ai:level=N[:params]    level N of the game's ladder, 1 (weakest) .. 5,
 *                          with more parameters for its spec (time=S)
 *   ai:mcts[:params]       Monte Carlo tree search (UCT), any game
 *   ai:alphabeta[:params]  alpha-beta with iterative deepening and a
 *                          transposition table; two players, or the
 *                          paranoid view with more; dice by expectation
 *                          (Star1)
 *   ai:expectimax[:params] the same with Star2 probing at dice rolls
 *   ai:paranoid[:params]   alpha-beta for 3-4 players: everyone else is
 *                          assumed to play against the mover
 *   ai:brs[:params]        best-reply search (BRS+) for 3-4 players
 *   ai:NAME[:params]       one of the game's own searchers
 *                          (engines.h, lt_engines.engines), e.g. ai:perfect
 *   uci:PATH [Opt=val ...] an external engine speaking UCI
 *   xboard:PATH [variant=V] [Opt=val ...]
 *                          an external engine speaking XBoard (an
 *                          option's spaces written as underscores)
 * Search parameters follow the kind, separated by ':':
 *   time=S      seconds per move        nodes=N  nodes or playouts
 *   depth=D     plies                   temp=T   choose among the root
 *               moves by a softmax of their expected scores at
 *               temperature T (a weaker, human-like player)
 *   c=X         MCTS exploration        threads=N  MCTS root parallelism
 *   playout=N   MCTS: cut a playout after N plies and use evaluate
 *   tt=on|off   MCTS: share statistics of transposed positions
 *   blunder=P   any computer player: with chance P a random legal move
 *               instead (the weaker levels of a perfect player) */
#ifndef LUDOTEKA_AI_H
#define LUDOTEKA_AI_H

#include <stdbool.h>
#include <stdint.h>

#include "ludoteka/game.h"

enum {
    LT_LEVEL_MIN = 1,
    LT_LEVEL_MAX = 5,
    LT_LEVEL_DEFAULT = 3,
    LT_THINK_MOVES = 16, /* root moves reported */
    LT_THINK_PV = 16,    /* moves of the principal variation reported */
    LT_AI_THREADS_MAX = 8
};

/* The most threads one search may use: n > 0 sets it (at most
 * LT_AI_THREADS_MAX), 0 only asks.  The default is 2 (both cores of the
 * machines we measure on), fixed so that searches limited by iterations
 * play the same moves everywhere; the arena lowers it when it runs games
 * side by side. */
int lt_ai_threads(int n);

/* The tighter of two limits, zero or less meaning none. */
double lt_limit_tighter(double a, double b);

/* One key=value word of a game engine's spec, for the limits such engines
 * share: time=S (seconds), depth=D (1 to max_depth), nodes=N, noise=P (0
 * to 10000, in the engine's own score unit).  False if key is none of
 * these; otherwise the value is stored and *ok says whether it was good. */
bool lt_engine_limit(const char *key, const char *value, int max_depth,
                     double *seconds, int *depth, long long *nodes,
                     int *noise, bool *ok);

typedef struct lt_player lt_player;

/* A root move as a search saw it: the mover's expected score in [0, 1]
 * and, for MCTS, its visits. */
typedef struct {
    lt_action action;
    double score;
    long long visits;
} lt_move_score;

/* What a search found, for hints, analysis and progress lines. */
typedef struct {
    lt_action best;
    int depth;                      /* completed depth; 0 if not by depth */
    long long nodes;                /* nodes or playouts searched */
    double seconds;
    double value[LT_MAX_PLAYERS];   /* expected return of each seat */
    int nmoves;                     /* the best root moves, best first */
    lt_move_score moves[LT_THINK_MOVES];
    int npv;                        /* expected line of play */
    lt_action pv[LT_THINK_PV];
    /* A player that plays from a table it has to build first (the
     * perfect player of a solved game): the table's positions solved so
     * far and in all, table_total 0 when no table is being built.  While
     * the table is not ready such a player waits as long as its limits
     * allow and then lets a search answer for it (stand_in: this move,
     * or this report, is that search's, not the table's). */
    long long table_done, table_total;
    bool stand_in;
} lt_think_info;

/* Limits on one search.  Zero means no limit; a search with no limit at
 * all uses its own default. */
typedef struct {
    double seconds;             /* thinking time for this move */
    long long nodes;            /* iterations, playouts or nodes */
    int depth;                  /* plies */
    const volatile int *stop;   /* when it becomes non-zero: answer now */
    /* the game's clocks, when it has them: seconds left for every seat
     * (NULL: no clock) and the increment per move */
    const double *clocks;
    double increment;
    /* called now and then with what the search has found so far */
    void (*progress)(void *ctx, const lt_think_info *);
    void *ctx;
} lt_limits;

/* What a game may give the shared alpha-beta searcher besides lt_game:
 * its own evaluation, move ordering and quiescence (Talat's ai:engine). */
typedef struct lt_search_hooks {
    /* The position's value for the seat, in the game's own units (Talat:
     * tenths of a point); one unit is worth `unit` of a return in
     * [-1, 1], and an evaluation stays well inside that. */
    double (*evaluate)(const lt_state *, int seat);
    double unit;
    /* Optional: a bonus for a move worth trying early (a capture), 1 to
     * LT_ORDER_MAX; such moves come right after the table's move, the
     * highest first.  0 for the others (killers, then history). */
    int (*order)(const lt_state *, lt_action);
    /* Optional: the moves a quiescence search follows at the horizon
     * (captures), at most noisy_plies deep; each side may stop there. */
    bool (*noisy)(const lt_state *, lt_action);
    int noisy_plies;
    /* Optional: the mover's expected return for a score of that many
     * units, for what the search reports. */
    double (*expected)(double units, int players);
    /* Optional: how much less than its return a finished game that the
     * mover neither won nor lost outright (a draw, a shared pot) is worth
     * to him, on the [-1, 1] scale; the game's own evaluation should
     * count its draws the same way. */
    double contempt;
    /* Optional: a move known to be best at the root (the game's endgame
     * tables), played without a search, and its score on the [-1, 1]
     * scale into *score; or LT_NO_ACTION (-1): search. */
    lt_action (*root)(const lt_state *, double *score);
    /* Optional: every seat's expected return (LT_MAX_PLAYERS values, as
     * lt_game.returns), for view=mcts: Monte Carlo tree search that
     * scores each new leaf by it at once, every seat playing for itself. */
    void (*returns)(const lt_state *, double *out);
    /* Optional, with returns: the positions where view=mcts moves by
     * best-reply alpha-beta instead (BRS; plain alpha-beta with two
     * players): Four Seasons without dice once three seats or fewer are
     * left, where the tree traded its men down to bare kings and the
     * endgame tables give the move. */
    bool (*alphabeta_here)(const lt_state *);
    /* view=mcts is the engine's default view (with returns); else the
     * paranoid view is. */
    bool mcts_default;
} lt_search_hooks;

enum { LT_ORDER_MAX = 1 << 20 };

/* A game's own searcher (chess, great chess, the perfect player of a
 * solved game), listed in its lt_engines.engines (engines.h).  `params` is what follows
 * "ai:NAME:" in a spec ("" for none); create reports bad params through
 * the error.  An engine with hooks has no create, destroy or choose: it
 * is the shared alpha-beta searcher with the game's hooks, and its params
 * are time=S, nodes=N, depth=D, noise=P (up to P units of random noise
 * on every root move's score: the human-like mistakes of weak levels)
 * and view=paranoid|brs (three or more players; paranoid by default),
 * or view=mcts where the hooks give returns (nodes=N: iterations; the
 * default where the hooks say so). */
typedef struct lt_engine {
    const char *name;
    void *(*create)(const lt_game *, const char *params, lt_error *);
    void (*destroy)(void *);
    lt_action (*choose)(void *, const lt_state *, const lt_limits *,
                        uint64_t seed, lt_think_info *);
    const lt_search_hooks *hooks;
} lt_engine;

/* Where a spec came from.  A spec may name a program to start (uci:,
 * xboard:), and only the person running ludoteka may choose one: on its
 * command line or in its menus (LT_SPEC_TRUSTED).  A spec read from a
 * file (a saved game) or a network message may name an engine, as a
 * record of who played, but as a player it is refused. */
typedef enum { LT_SPEC_UNTRUSTED, LT_SPEC_TRUSTED } lt_spec_origin;

/* Does the spec name a program to start (uci:, xboard:)? */
bool lt_spec_starts_program(const char *spec);

/* Parses a spec; NULL with a message naming the expected forms, or
 * saying that a spec of this origin may not start a program. */
lt_player *lt_player_new_from(const lt_game *, const char *spec,
                              lt_spec_origin, lt_error *);
/* The same for a spec that is not the user's own (LT_SPEC_UNTRUSTED):
 * never starts a program. */
lt_player *lt_player_new(const lt_game *, const char *spec, lt_error *);
void lt_player_free(lt_player *);
bool lt_player_is_human(const lt_player *);
const char *lt_player_spec(const lt_player *);

/* The specs of a game's levels 1..5: its own, or a generic ladder. */
const char *const *lt_levels(const lt_game *);

/* The game's evaluation of the state (lt_engines.evaluate): every seat's
 * expected return into out; false, out untouched, if it has none. */
bool lt_evaluate(const lt_game *, const lt_state *, double *out);

/* A game starts (or is resumed) from this position; then every action
 * applied, by anyone, is shown to every player before it is applied.
 * Players that keep their own board (external engines) need both. */
void lt_player_new_game(lt_player *, const lt_state *start);
void lt_player_observe(lt_player *, const lt_state *before, lt_action);

enum { LT_NO_ACTION = -1 };

/* Chooses an action for the seat to move (current_player() >= 0).  The
 * seed makes the choice reproducible.  limits (may be NULL) tighten the
 * spec's own, e.g. from a clock; info may be NULL.  LT_NO_ACTION when the
 * player failed (an external engine that died, hung or answered with an
 * illegal move); lt_player_error says what happened. */
lt_action lt_player_choose(lt_player *, const lt_state *, uint64_t seed,
                           const lt_limits *limits, lt_think_info *info);
const char *lt_player_error(const lt_player *);

#endif
