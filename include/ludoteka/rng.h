/* rng.h — the seeded generator: xoshiro256** seeded through splitmix64. */
#ifndef LUDOTEKA_RNG_H
#define LUDOTEKA_RNG_H

#include <assert.h>
#include <stdint.h>

#include "ludoteka/game.h"

typedef struct lt_rng {
    uint64_t s[4]; /* never all zero */
} lt_rng;

/* splitmix64: advances *state and returns the next output. */
uint64_t lt_splitmix64(uint64_t *state);

/* Seeds from (seed, stream): different streams of one seed are
 * independent, so the dice of ply k can come from stream k and a game
 * resumed from its record rolls exactly as it would have. */
void lt_rng_seed(lt_rng *, uint64_t seed, uint64_t stream);
uint64_t lt_rng_next(lt_rng *);
/* The same step on a state of four words, inline (a simulation's loop
 * keeps its own copy of the state). */
static inline uint64_t lt_rng_step(uint64_t s[4])
{
    uint64_t x = s[1] * 5, result = (x << 7 | x >> 57) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = s[3] << 45 | s[3] >> 19;
    return result;
}
/* Uniform in [0, n), without modulo bias; n > 0.  Inline: a random
 * playout draws one at every move. */
static inline uint64_t lt_rng_below(lt_rng *r, uint64_t n)
{
    assert(n > 0);
    /* Reject the lowest 2^64 mod n values so that every residue has the
     * same number of preimages.  That threshold is below n, so an x of n
     * or more passes without it: one division less nearly always. */
    for (;;) {
        uint64_t x = lt_rng_step(r->s);
        if (x >= n || x >= (0 - n) % n)
            return x % n;
    }
}
/* Uniform in [0, 1). */
double lt_rng_double(lt_rng *);
/* An outcome drawn by its weight. */
lt_action lt_rng_outcome(lt_rng *, const lt_outcome *, int n);
/* Where a game's randomness comes from, so that a game resumed from its
 * record goes on exactly as it would have: the dice of the k-th action
 * from stream k of the game's seed, and a computer player's choice for
 * the k-th action from its own stream. */
lt_action lt_chance_draw(const lt_game *, const lt_state *, uint64_t seed,
                         uint64_t k);
uint64_t lt_choice_seed(uint64_t seed, uint64_t k);

/* A random step of a game that is not over: a uniform legal action, or a
 * chance outcome drawn by its weight.  Inline where the game draws a
 * player's action itself (random_action, at every ply of a playout);
 * lt_rng_play_ otherwise. */
lt_action lt_rng_play_(lt_rng *, const lt_game *, const lt_state *);
static inline lt_action lt_rng_play(lt_rng *r, const lt_game *g,
                                    const lt_state *s)
{
    if (g->random_action && !g->has_chance) /* a player is to move */
        return g->random_action(s, r);
    return lt_rng_play_(r, g, s);
}

#endif
