/* nnue.h — a learned evaluation: a small efficiently updatable neural
 * network (NNUE) in integers, with its accumulator kept move by move.
 *
 * Inputs: 768 features, one for each (colour, piece type, square), seen
 * from each side ("perspective"): colour as own or other, the squares
 * flipped top to bottom for black, so that both sides see themselves
 * playing up the board.  Each perspective's hidden layer (the
 * accumulator, H numbers) is the bias plus the columns of its present
 * features; the output is one number from the two clipped layers (clamped
 * to 0..1, in integers 0..QA), the side to move's first:
 *   out = b2 + sum w2[j] crelu(acc_mover[j]) + sum w2[H + j] crelu(acc_other[j])
 *   centipawns = out * SCALE / (QA * QB)
 * A move changes a few features, so the accumulator of the next position
 * is the last one plus and minus a few columns.  Both the accumulator's
 * update and the output have an AVX2 version (used when the processor
 * has it) and a plain C one; they give the same numbers.
 *
 * The file (docs/nnue.md), little-endian:
 *   0 "LTNN"; 4 u32 version 1; 8 u32 inputs 768; 12 u32 H;
 *   16 u32 QA 255; 20 u32 QB 256; 24 u32 SCALE 400;
 *   28 u32 CRC-32 of every byte after the header;
 *   32 i16 b1[H], i16 w1[768][H] (by feature), i16 w2[2H], i32 b2. */
#ifndef CHESS_NNUE_H
#define CHESS_NNUE_H

#include <stdalign.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../games/chess/chess.h"

enum {
    NNUE_INPUTS = 768,
    NNUE_HIDDEN_MAX = 512, /* H: a multiple of 16, 16 to 512 */
    NNUE_QA = 255,
    NNUE_QB = 256,
    NNUE_SCALE = 400,
    NNUE_HEADER = 32,
    NNUE_VERSION = 1,
    NNUE_W2_MAX = 4096, /* |w2| and the bound of |b2| keep out's sum in
                         * 32 bits */
    NNUE_B2_MAX = 1 << 28
};

typedef struct nnue_net {
    int hidden;
    int16_t *b1, *w1, *w2; /* w1 and b1 32-byte aligned */
    int32_t b2;
} nnue_net;

/* Both perspectives' hidden layers, [WHITE] and [BLACK]. */
typedef struct {
    alignas(32) int16_t v[2][NNUE_HIDDEN_MAX];
} nnue_acc;

/* The feature of a piece (colour, type) on sq seen from side persp. */
static inline int nnue_feature(int persp, int color, int type, int sq)
{
    return ((color != persp) * 6 + type) * 64 + (persp == BLACK ? sq ^ 56 : sq);
}

/* A network of H hidden numbers, zero; NULL without memory. */
nnue_net *nnue_new(int hidden);
void nnue_free(nnue_net *);
/* Reads a network file; NULL with a message in msg (missing, too short,
 * not a network, another version or size, a bad checksum, values out of
 * their bounds). */
nnue_net *nnue_load(const char *path, char *msg, size_t msize);
/* The same from the file's bytes in memory (name: the network's name in
 * the message). */
nnue_net *nnue_read(const unsigned char *bytes, size_t size, const char *name,
                    char *msg, size_t msize);
/* The network built into the program at build time from
 * src/engines/chess/default.nnue (CMakeLists.txt, scripts/embed_bytes.cmake):
 * its file's bytes, and the network read from them (NULL with a message
 * only without memory or if the file committed is not a network). */
extern const unsigned char nnue_builtin_bytes[];
extern const size_t nnue_builtin_size;
nnue_net *nnue_builtin(char *msg, size_t msize);
/* Whether the program has a network built in: the browser's build
 * (LT_NO_BUILTIN_NET) has none, and its engine evaluates by hand unless
 * given a network file. */
bool nnue_builtin_present(void);
/* The file's bytes, and its writing; false with a message. */
bool nnue_save(const nnue_net *, const char *path, char *msg, size_t msize);
/* Are the values within bounds that no position of at most 32 pieces can
 * make overflow (the accumulator in 16 bits, the output in 32)? */
bool nnue_bounded(const nnue_net *);
uint32_t nnue_crc32(const unsigned char *, size_t);

/* The accumulator computed from nothing. */
void nnue_refresh(const nnue_net *, const chess_pos *, nnue_acc *);
/* The accumulator after move m, from the one before it (pos: the
 * position before the move). */
void nnue_update(const nnue_net *, const chess_pos *before, chess_move m,
                 const nnue_acc *from, nnue_acc *to);
/* Centipawns for side (the side to move). */
int nnue_evaluate(const nnue_net *, const nnue_acc *, int side);

/* Which code runs: the fastest there is (AUTO), plain C, or AVX2 (only if
 * the processor has it).  Returns the one now in use; for the tests. */
enum { NNUE_AUTO, NNUE_PLAIN, NNUE_AVX2 };
int nnue_set_simd(int mode);

#endif
