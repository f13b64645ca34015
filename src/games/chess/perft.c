/* perft.c — counting move sequences (perft) with make/unmake and bulk
 * counting one move before the leaves.  On x86-64 CPUs with POPCNT the
 * same code runs compiled for that instruction (chosen at run time). */
#include "ludoteka/cpu.h"
#include "movegen.h"

#define PERFT_BODY(self)                                                       \
    {                                                                          \
        if (depth <= 1)                                                        \
            return depth == 1 ? (uint64_t)generate(p, NULL, GEN_ALL, true)     \
                              : 1;                                             \
        chess_move list[CHESS_MAX_MOVES];                                      \
        int n = generate(p, list, GEN_ALL, false);                             \
        uint64_t total = 0;                                                    \
        for (int i = 0; i < n; i++) {                                          \
            chess_undo u;                                                      \
            chess_make(p, list[i], &u);                                        \
            total += self(p, depth - 1);                                       \
            chess_unmake(p, list[i], &u);                                      \
        }                                                                      \
        return total;                                                          \
    }

static uint64_t perft_plain(chess_pos *p, int depth) PERFT_BODY(perft_plain)

LT_POPCNT_TARGET static uint64_t
perft_popcnt(chess_pos *p, int depth) PERFT_BODY(perft_popcnt)

uint64_t chess_perft(const chess_pos *start, int depth)
{
    chess_pos p = *start;
    if (lt_has_popcnt())
        return perft_popcnt(&p, depth);
    return perft_plain(&p, depth);
}
