/* mcts.h — Monte Carlo tree search (UCT) over any lt_game: any number of
 * players, chance nodes sampled by their exact weights. */
#ifndef LUDOTEKA_MCTS_H
#define LUDOTEKA_MCTS_H

#include "ludoteka/ai.h"

typedef struct {
    long long iterations; /* 0: no limit on iterations */
    double seconds;       /* 0: no limit on time */
    double c;             /* exploration constant, on returns in [0, 1] */
} mcts_limits;

/* Searches from s (a decision node) and returns the most visited move. */
lt_action mcts_search(const lt_game *, const lt_state *s,
                      const mcts_limits *, uint64_t seed, lt_think_info *);

#endif
