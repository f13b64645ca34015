/* tt.c — the transposition table (see tt.h). */
#include <stdlib.h>
#include <string.h>

#include "tt.h"

enum { WAYS = 4 };

/* data: move 16 | score 16 | eval 16 | depth 8 | bound 2 | age 6 */
static uint64_t pack(chess_move m, int score, int eval, int depth, int bound,
                     int age)
{
    return (uint64_t)m | (uint64_t)(uint16_t)score << 16 |
           (uint64_t)(uint16_t)eval << 32 | (uint64_t)(uint8_t)depth << 48 |
           (uint64_t)bound << 56 | (uint64_t)(age & 63) << 58;
}

bool tt_resize(tt_table *t, size_t mb)
{
    size_t bytes = mb << 20, buckets = 1;
    while (buckets * 2 * WAYS * sizeof(tt_entry) <= bytes)
        buckets *= 2;
    tt_entry *e = aligned_alloc(64, buckets * WAYS * sizeof *e);
    if (!e)
        return false;
    free(t->entries);
    t->entries = e;
    t->buckets = buckets;
    tt_clear(t);
    return true;
}

void tt_free(tt_table *t)
{
    free(t->entries);
    t->entries = NULL;
    t->buckets = 0;
}

void tt_clear(tt_table *t)
{
    memset(t->entries, 0, t->buckets * WAYS * sizeof *t->entries);
    t->age = 0;
}

static tt_entry *bucket(const tt_table *t, uint64_t key)
{
    return &t->entries[(key & (t->buckets - 1)) * WAYS];
}

bool tt_probe(const tt_table *t, uint64_t key, tt_hit *hit)
{
    tt_entry *b = bucket(t, key);
    for (int i = 0; i < WAYS; i++) {
        uint64_t data = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        uint64_t check =
            atomic_load_explicit(&b[i].check, memory_order_relaxed);
        if ((check ^ data) == key && data) {
            hit->move = (chess_move)data;
            hit->score = (int16_t)(data >> 16);
            hit->eval = (int16_t)(data >> 32);
            hit->depth = (int8_t)(data >> 48);
            hit->bound = (uint8_t)((data >> 56) & 3);
            return true;
        }
    }
    return false;
}

void tt_store(tt_table *t, uint64_t key, chess_move m, int score, int eval,
              int depth, int bound)
{
    tt_entry *b = bucket(t, key), *victim = b;
    int worst = 1 << 30;
    for (int i = 0; i < WAYS; i++) {
        uint64_t data = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        uint64_t check =
            atomic_load_explicit(&b[i].check, memory_order_relaxed);
        if ((check ^ data) == key && data) {
            /* the same position: keep its move if we have none, and a
             * deeper result unless this one is exact */
            if (!m)
                m = (chess_move)data;
            if (bound != BOUND_EXACT && depth + 2 < (int8_t)(data >> 48) &&
                (int)((data >> 58) & 63) == (t->age & 63))
                return;
            victim = &b[i];
            break;
        }
        /* otherwise replace the shallowest, older searches first */
        int age_gap = (t->age - (int)((data >> 58) & 63)) & 63;
        int value = (int8_t)(data >> 48) - 8 * age_gap;
        if (!data)
            value = -(1 << 20);
        if (value < worst) {
            worst = value;
            victim = &b[i];
        }
    }
    uint64_t data = pack(m, score, eval, depth, bound, t->age);
    atomic_store_explicit(&victim->data, data, memory_order_relaxed);
    atomic_store_explicit(&victim->check, key ^ data, memory_order_relaxed);
}

int tt_hashfull(const tt_table *t)
{
    int used = 0, n = 0;
    for (size_t i = 0; i < 250 && i < t->buckets; i++)
        for (int w = 0; w < WAYS; w++, n++) {
            uint64_t data = atomic_load_explicit(&t->entries[i * WAYS + w].data,
                                                 memory_order_relaxed);
            used += data && (int)((data >> 58) & 63) == (t->age & 63);
        }
    return n ? used * 1000 / n : 0;
}
