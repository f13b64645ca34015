/* tt.h — the transposition table, shared by the search threads.
 *
 * A bucket holds four entries (one cache line).  An entry is two 64-bit
 * words written and read with relaxed atomics; the first is the key xored
 * with the second, so an entry torn by two threads writing at once simply
 * fails to match its key and is ignored. */
#ifndef CHESS_TT_H
#define CHESS_TT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../games/chess/chess.h"

enum { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT };

typedef struct {
    _Atomic uint64_t check, data;
} tt_entry;

typedef struct {
    tt_entry *entries; /* a multiple of 4 entries, 64-byte aligned */
    size_t buckets;    /* a power of two */
    uint8_t age;       /* bumped every search */
} tt_table;

typedef struct {
    chess_move move;
    int16_t score, eval;
    int8_t depth;
    uint8_t bound;
} tt_hit;

/* Allocates mb megabytes (rounded down to a power of two of buckets);
 * false if out of memory (the old table is kept). */
bool tt_resize(tt_table *, size_t mb);
void tt_free(tt_table *);
void tt_clear(tt_table *);
bool tt_probe(const tt_table *, uint64_t key, tt_hit *);
/* Starts loading the bucket of key into the cache (before a probe). */
static inline void tt_prefetch(const tt_table *t, uint64_t key)
{
#if defined(__GNUC__)
    __builtin_prefetch(&t->entries[(key & (t->buckets - 1)) * 4]);
#else
    (void)t;
    (void)key;
#endif
}
void tt_store(tt_table *, uint64_t key, chess_move, int score, int eval,
              int depth, int bound);
/* Permille of a sample of entries used in this search (UCI hashfull). */
int tt_hashfull(const tt_table *);

#endif
