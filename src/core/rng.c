/* rng.c — xoshiro256** (Blackman and Vigna) seeded through splitmix64. */
#include <assert.h>

#include "ludoteka/rng.h"

uint64_t lt_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

void lt_rng_seed(lt_rng *r, uint64_t seed, uint64_t stream)
{
    /* The stream is mixed in through one splitmix64 step of its own, so
     * that (seed, k) and (seed + 1, k - 1) do not collide. */
    uint64_t t = stream;
    uint64_t x = seed ^ lt_splitmix64(&t);
    for (int i = 0; i < 4; i++)
        r->s[i] = lt_splitmix64(&x);
    if (!(r->s[0] | r->s[1] | r->s[2] | r->s[3]))
        r->s[0] = 1; /* all zero is the one state xoshiro cannot leave */
}

uint64_t lt_rng_next(lt_rng *r)
{
    return lt_rng_step(r->s);
}

double lt_rng_double(lt_rng *r)
{
    return (double)(lt_rng_next(r) >> 11) * 0x1.0p-53;
}

lt_action lt_rng_outcome(lt_rng *r, const lt_outcome *out, int n)
{
    assert(n > 0);
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        total += out[i].weight;
    uint64_t x = lt_rng_below(r, total);
    for (int i = 0; i < n; i++) {
        if (x < out[i].weight)
            return out[i].action;
        x -= out[i].weight;
    }
    assert(0);
    return out[n - 1].action;
}

lt_action lt_rng_play_(lt_rng *r, const lt_game *g, const lt_state *s)
{
    if (g->current_player(s) == LT_CHANCE) {
        lt_outcome out[LT_MAX_OUTCOMES];
        return lt_rng_outcome(r, out, g->chance_outcomes(s, out));
    }
    if (g->random_action)
        return g->random_action(s, r);
    lt_action acts[LT_MAX_ACTIONS];
    int n = g->legal_actions(s, acts);
    assert(n > 0);
    return acts[lt_rng_below(r, (uint64_t)n)];
}

static const uint64_t CHOICE_STREAM = 1ull << 32;

lt_action lt_chance_draw(const lt_game *g, const lt_state *s, uint64_t seed,
                         uint64_t k)
{
    lt_rng r;
    lt_rng_seed(&r, seed, k);
    lt_outcome out[LT_MAX_OUTCOMES];
    return lt_rng_outcome(&r, out, g->chance_outcomes(s, out));
}

uint64_t lt_choice_seed(uint64_t seed, uint64_t k)
{
    lt_rng r;
    lt_rng_seed(&r, seed, CHOICE_STREAM + k);
    return lt_rng_next(&r);
}
