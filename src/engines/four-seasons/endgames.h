/* endgames.h — Four Seasons chess: endgame tables of the two-seat
 * endings without dice (docs/endgames.md, "Four Seasons").
 *
 * A position is the two kings and at most two other men (rooks, knights,
 * alfils, Generals; no pawns) of the two seats left, the side to move
 * first; the colours and the seats' places in the turn order do not
 * matter (two seats alternate), so one table serves every pair of seats.
 * Table (A, B) holds the positions where the mover has the men A and the
 * other side the men B (K+X vs K, K vs K+X, K+X+Y vs K, K vs K+X+Y, K+X
 * vs K+Y), indexed by the squares of the board the centre option leaves
 * (48, 56 or 64) in the order: the mover's king, the other king, the
 * mover's men, the other's men (each side's men by kind, then square).
 * A value is 0 for a draw, else 1 + d, d the plies to the end with
 * perfect play (win fastest, lose slowest): odd d a win for the mover,
 * even d a loss (0: no legal move, mated or stalemated, lost now).  The
 * quiet-turn cap is not part of the values: a win in d is a win in play
 * when d <= cap - quiet (endgames.c, fs4eg_score). */
#ifndef LUDOTEKA_FOUR_SEASONS_ENDGAMES_H
#define LUDOTEKA_FOUR_SEASONS_ENDGAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../games/four-seasons/four_seasons.h"

extern const lt_game lt_four_seasons;

enum { FS4EG_MEN_MAX = 2 }; /* men besides the kings, at most */

typedef struct fs4eg fs4eg;

/* One table as it was built, for `ludoteka solve four-seasons --endgames`. */
typedef struct {
    char name[16];                /* "KR-K", "K-KRN", "KR-KN": mover first */
    uint64_t positions, won, drawn, lost; /* legal positions */
    int maxd;
    double seconds;               /* processor time of it and its partner */
} fs4eg_report;

/* The tables of one centre and alfil option with up to men (1 or 2) men
 * besides the kings; NULL with a message when out of memory. */
fs4eg *fs4eg_build(int centre, int alfil, int men,
                   void (*report)(void *, const fs4eg_report *), void *ctx,
                   char *msg, size_t size);
void fs4eg_free(fs4eg *);
uint64_t fs4eg_entries(const fs4eg *);
int fs4eg_maxd(const fs4eg *);
/* "four-seasons-centre-blocked-alfil-1-2", as in the file name */
const char *fs4eg_name(const fs4eg *);

/* The value of the state for its seat to move (above), or -1 if it is
 * not a position of the tables: not two seats left, dice, a first move
 * still owed, pawns or too many men, other options, or the other king in
 * check (a mated army handed over next to it: the mover takes it). */
int fs4eg_value(const fs4eg *, const fs4 *s);

/* The byte of the state's position in tables built (not read from a
 * file), or NULL: for the tests, which change one to see the check
 * fail. */
uint8_t *fs4eg_entry(fs4eg *, const fs4 *s);

/* The consistency check, by the game's own moves (fs4_moves) and not by
 * the solver's way back: every legal position's value against the values
 * of the positions its moves lead to.  Returns the positions that
 * disagree, the first described in msg. */
uint64_t fs4eg_verify(const fs4eg *, char *msg, size_t size);

/* The cache file (tablefile.h): its path ("" without a cache folder),
 * reading it (NULL: none, msg "", or refused, msg says why) and storing
 * it. */
void fs4eg_cache_path(int centre, int alfil, int men, char *buf, size_t size);
fs4eg *fs4eg_cache_load(int centre, int alfil, int men, char *msg, size_t size);
bool fs4eg_cache_store(const fs4eg *, char *msg, size_t size);
uint64_t fs4eg_file_bytes(const fs4eg *);

/* The tables of the state's options in play: read from the cache folder
 * once a process (the most men there are), never built there; NULL
 * without a file. */
const fs4eg *fs4eg_in_play(const fs4 *s);

#endif
