/* selfplay.h — games of the engine against itself, and the positions they
 * leave: the data of the Texel tuner (tune.c) and of the network's
 * trainer (train.c).
 *
 * The binary data file (ludoteka selfplay chess, docs/nnue.md): the 8
 * bytes "LTSP0001", then one 32-byte record a position, little-endian:
 *   0  u64  the occupied squares (bit s: square s, a1 = 0 ... h8 = 63)
 *   8  u8[16] the pieces of the occupied squares in ascending order, two
 *           a byte (the first in the low half): type | colour << 3, type
 *           P N B R Q K = 0..5, colour white 0, black 1
 *   24 i16  the search's score for the side to move, centipawns
 *   26 u8   the game's result for the side to move: 0 lost, 1 drawn, 2 won
 *   27 u8   the side to move (0 white, 1 black)
 *   28 u8   castling rights (1 K, 2 Q, 4 k, 8 q)
 *   29 u8   the en passant square, 64 for none
 *   30 u16  the halfmove clock */
#ifndef CHESS_SELFPLAY_H
#define CHESS_SELFPLAY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "search.h"

enum { SP_GAME_MAX = 600, SP_RECORD = 32, SP_HEADER = 8 };
extern const char chess_sp_magic[SP_HEADER + 1];

/* A position the engine searched in a self-play game. */
typedef struct {
    chess_pos pos;
    int score;       /* the search's, for the side to move */
    chess_move best; /* the move it chose */
} chess_sp_position;

/* Plays one game from the start, the first random_plies moves at random
 * from *rng, then nodes a move; fills out[] with the positions searched
 * outside check (at most SP_GAME_MAX) and returns their number; *white
 * gets the result for white (1, 0.5, 0; a mate either side sees ends the
 * game as won). */
int chess_sp_play(chess_search *, long long nodes, int random_plies,
                  uint64_t *rng, chess_sp_position *out, double *white);

/* The next number of a splitmix64 sequence. */
uint64_t chess_sp_random(uint64_t *state);

/* What ludoteka selfplay chess does, or one process's share of it: the
 * games numbered part, part + parts, ... below games, each from its own
 * seed (derived from seed and its number, so that any jobs and any
 * parts give the same games), jobs at a time.  Each game's quiet
 * positions (not in check, the chosen move neither a capture nor a
 * promotion), in the binary format above or as text ("FEN | score |
 * result", both for the side to move), go to the sink in the order of
 * their numbers; a sink that returns false (having said why) stops the
 * run.  net: the network the search evaluates with, or NULL.  Returns
 * the number of positions, or -1 (msg says why, or is empty when the
 * sink stopped it). */
typedef struct nnue_net nnue_net;
typedef struct {
    bool text;
    int games, part, parts, random_plies, jobs;
    long long nodes;
    uint64_t seed;
    const nnue_net *net;
} chess_sp_plan;
enum { SP_LINE_MAX = 128, SP_GAME_BYTES = SP_GAME_MAX * SP_LINE_MAX };
typedef bool (*chess_sp_sink)(void *ctx, int game, const unsigned char *bytes,
                              size_t len, int positions);
long long chess_sp_run(const chess_sp_plan *, chess_sp_sink, void *ctx,
                       char *msg, size_t msize);

/* A position as a record and back (false: not a record of a possible
 * position). */
void chess_sp_encode(const chess_pos *, int score, int result,
                     unsigned char rec[SP_RECORD]);
bool chess_sp_decode(const unsigned char rec[SP_RECORD], chess_pos *,
                     int *score, int *result);

#endif
