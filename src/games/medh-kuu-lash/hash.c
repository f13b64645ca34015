/* hash.c — Medh Kuu Lash's Zobrist hash of the position text. */
#include <threads.h>

#include "ludoteka/rng.h"
#include "medh.h"

/* ---- Zobrist keys: one per (cell, colour) and per value of every other
 * field write_state writes ---- */
static struct {
    uint64_t cell[CELLS][3], phase[DRAWN + 1], turn[2], die[2][7], from[CELLS],
        victim[3], removals[3], turns;
} keys;
static once_flag keys_once = ONCE_FLAG_INIT;

static void make_keys(void)
{
    uint64_t seed = 0x6d65646820303033u; /* "medh 003" */
    uint64_t *k = (uint64_t *)&keys;
    for (size_t i = 0; i < sizeof keys / sizeof *k; i++)
        k[i] = lt_splitmix64(&seed);
}

uint64_t medh_hash(const medh *s)
{
    call_once(&keys_once, make_keys);
    uint64_t h = keys.phase[s->phase] ^ keys.turn[s->turn] ^
                 keys.die[0][s->die[0]] ^ keys.die[1][s->die[1]] ^
                 keys.from[s->from] ^ keys.victim[s->victim] ^
                 keys.removals[s->removals];
    for (int c = 0; c < CELLS; c++)
        h ^= keys.cell[c][s->cell[c]];
    /* the turn count matters only near the cap; mixed in, not keyed */
    uint64_t t = keys.turns + s->turns;
    return h ^ lt_splitmix64(&t);
}
