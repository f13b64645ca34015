/* search.h — what the generic searchers share: their parameters, the
 * clock, and choosing a move from the root's scores. */
#ifndef LUDOTEKA_SEARCH_H
#define LUDOTEKA_SEARCH_H

#include "ludoteka/ai.h"

typedef enum {
    SEARCH_MCTS,
    SEARCH_ALPHABETA,   /* max for the mover, min for everyone else */
    SEARCH_EXPECTIMAX,  /* the same, with Star2 probing at dice rolls */
    SEARCH_BRS          /* best-reply search (BRS+) */
} search_kind;

typedef struct {
    search_kind kind;
    lt_limits limits;   /* from the spec */
    double temp;        /* > 0: softmax choice among the root moves */
    double c;           /* MCTS exploration; 0: the default */
    int threads;        /* MCTS root parallelism; 0: both cores */
    int playout;        /* MCTS playout cut (plies); 0: play to the end;
                         * -1: none, a new leaf is evaluated at once */
    bool tt;            /* MCTS transpositions */
    /* the game's evaluation (lt_engines.evaluate), or NULL: the players
     * (player.c) give it, so the searchers need no engines table */
    void (*evaluate)(const lt_state *, double *);
    /* the transposition tables' key (lt_engines.key), or NULL: the hash */
    uint64_t (*key)(const lt_state *);
    /* alpha-beta with a game's own evaluation and ordering (NULL: the
     * game's evaluate), and its root noise in the hooks' units */
    const lt_search_hooks *hooks;
    int noise;
} search_params;

/* A searcher's state kept between moves (transposition tables). */
typedef struct minimax minimax;
minimax *minimax_new(const lt_game *, const search_params *);
void minimax_free(minimax *);
lt_action minimax_search(minimax *, const lt_state *, const lt_limits *,
                         uint64_t seed, lt_think_info *);
/* The same among the root's legal moves among[0..count) only (count >=
 * 1; the hooks' root move is not asked for). */
lt_action minimax_search_among(minimax *, const lt_state *,
                               const lt_action *among, int count,
                               const lt_limits *, uint64_t seed,
                               lt_think_info *);

lt_action mcts_search(const lt_game *, const lt_state *, const search_params *,
                      const lt_limits *, uint64_t seed, lt_think_info *);

/* Seconds from a monotonic clock. */
double search_now(void);

/* Has the search run out of time or been told to stop? */
bool search_expired(const lt_limits *, double start);

/* Sorts the n root moves best first (score, then visits), keeps the best
 * in info->moves and sets info->best: the best move, or with temp > 0 a
 * move drawn by softmax(score / temp) from the seed. */
void search_choose(lt_think_info *, lt_move_score *moves, int n, double temp,
                   uint64_t seed);

#endif
