/* tune.h — self-play data and Texel tuning of the evaluation (tune.c). */
#ifndef CHESS_TUNE_H
#define CHESS_TUNE_H

#include <stdint.h>
#include <stdio.h>

/* Plays games engine against engine (nodes per move, the first
 * random_plies moves at random from seed) and writes their quiet positions
 * with the results; returns the number of positions, -1 without memory. */
long long chess_selfplay(FILE *out, int games, long long nodes,
                         int random_plies, uint64_t seed);
/* Fits the weights to the positions of the file data for the given
 * epochs and learning rate (centipawns per step), pulled towards the
 * starting weights by reg (0: not at all), to targets blending results
 * and search scores (lambda 1: results only); writes weights.c to out and
 * progress to log (may be NULL).  0, or -1 with a message. */
int chess_tune_fit(const char *data, FILE *out, int epochs, double rate,
                   double reg, double lambda, FILE *log, char *msg,
                   size_t msize);
/* Writes weights (mg, eg pairs) as the source of weights.c. */
void chess_write_weights(FILE *out, const double *w);

#endif
