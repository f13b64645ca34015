/* hash.c — a Zobrist hash of Talat's position text (lt_game.hash). */
#include <threads.h>

#include "ludoteka/rng.h"
#include "talat.h"

/* Keys for: a tower on a cell, in hand or captured by a seat; a neutral
 * tower's credit; the seat to act. */
static uint64_t tower_key[TL_TOWERS][TL_TAKEN + TL_COLOURS];
static uint64_t credit_key[TL_TOWERS][TL_COLOURS];
static uint64_t turn_key[TL_COLOURS];
static once_flag keys_once = ONCE_FLAG_INIT;

static void make_keys(void)
{
    uint64_t seed = 0x7a1a7u; /* any fixed value */
    for (int t = 0; t < TL_TOWERS; t++) {
        for (int at = 0; at < TL_TAKEN + TL_COLOURS; at++)
            tower_key[t][at] = lt_splitmix64(&seed);
        for (int c = 0; c < TL_COLOURS; c++)
            credit_key[t][c] = lt_splitmix64(&seed);
    }
    for (int c = 0; c < TL_COLOURS; c++)
        turn_key[c] = lt_splitmix64(&seed);
}

/* Everything here is what write_state writes, and nothing else. */
uint64_t tl_hash(const tl_state *s)
{
    call_once(&keys_once, make_keys);
    uint64_t h = turn_key[s->turn];
    for (int t = 0; t < TL_TOWERS; t++)
        h ^= tower_key[t][s->at[t]] ^ credit_key[t][s->credit[t]];
    /* seats that left: rare, so a multiplier keeps the common hash as it
     * was */
    return h ^ (uint64_t)s->left * 0x9e3779b97f4a7c15u;
}
