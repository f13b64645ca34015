/* bench.h — the positions of the chess engine's bench (ludoteka bench):
 * searched to a fixed depth, their node count is the engine's signature,
 * which changes only when its behaviour does. */
#ifndef CHESS_BENCH_H
#define CHESS_BENCH_H

enum { CHESS_BENCH_DEPTH = 11 };
extern const char *const chess_bench_positions[]; /* FEN, NULL-terminated */

#endif
