/* hash.c — Four Seasons chess: the Zobrist hash. */
#include "four_seasons.h"

/* From what the position text holds, except the two turn counts:
 * positions that differ only in them are the same for a search. */
uint64_t fs4_hash(const fs4 *s)
{
    const fs4_tables *t = fs4_tables_get();
    uint64_t h = t->zobrist_turn[s->turn] ^ t->zobrist_owe[s->owe & 15] ^
                 t->zobrist_phase[s->phase][s->die[0]][s->die[1]];
    for (int i = 0; i < SEATS; i++)
        h ^= t->zobrist_recent[i][s->recent[i]];
    for (int p = 0; p < SEATS; p++)
        for (uint64_t b = s->occ[p]; b; b &= b - 1) {
            int sq = fs4_lsb(b);
            h ^= t->zobrist[p][fs4_kind_at(s, sq)][sq];
        }
    return h;
}
