/* mcts.h — Monte Carlo tree search (UCT) over any lt_game: any number of
 * players, chance nodes sampled by their exact weights. */
#ifndef LUDOTEKA_MCTS_H
#define LUDOTEKA_MCTS_H

#include "ludoteka/ai.h"

typedef struct {
    double c; /* exploration constant, on returns scaled to [0, 1]; 0: 1.4 */
} mcts_params;

/* Searches from s (a decision node) within the limits (nodes counts
 * iterations; with no limit, 1000 iterations) and returns the most
 * visited move. */
lt_action mcts_search(const lt_game *, const lt_state *s, const mcts_params *,
                      const lt_limits *, uint64_t seed, lt_think_info *);

#endif
