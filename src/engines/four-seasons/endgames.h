/* endgames.h — Four Seasons chess: endgame tables of the two-seat
 * endings without dice (docs/endgames.md, "Four Seasons").
 *
 * A position is the two kings and at most three other men (rooks,
 * knights, alfils, Generals; no pawns) of the two seats left, the side
 * to move first; the colours and the seats' places in the turn order do
 * not matter (two seats alternate), so one table serves every pair of
 * seats.  Table (A, B) holds the positions where the mover has the men A
 * and the other side the men B (K+X vs K, K vs K+X, K+X+Y vs K, K+X vs
 * K+Y, ...), indexed in the order: the mover's king, the other king, the
 * mover's men, the other's men (each side's men by kind, then square),
 * each by its square among those the centre option leaves (48, 56 or
 * 64), the mover's king among those of the a1-d1-d4 triangle only (7, 8
 * or 10).  The board's eight symmetries (mirrors and the turn by a
 * quarter) change no move of these pieces, so a position and its images
 * share a value, kept once: under the least index of the images with the
 * mover's king on the triangle.
 * A value is 0 for a draw, else 1 + d, d the plies to the end with
 * perfect play (win fastest, lose slowest): odd d a win for the mover,
 * even d a loss (0: no legal move, mated or stalemated, lost now).  The
 * quiet-turn cap is not part of the values: a win in d is a win in play
 * when d <= cap - quiet (engine.c). */
#ifndef LUDOTEKA_FOUR_SEASONS_ENDGAMES_H
#define LUDOTEKA_FOUR_SEASONS_ENDGAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../games/four-seasons/four_seasons.h"

extern const lt_game lt_four_seasons;

/* Men besides the kings, at most, and by default (`--men`): three take
 * most of an hour and 4.2 GiB (docs/endgames.md). */
enum { FS4EG_MEN_MAX = 3, FS4EG_MEN_DEFAULT = 2 };

/* The tables are the shared endgame tables' (../endgame/endgame.h:
 * eg_rules_of gives their rules, fs4_endgame_config, with this file's
 * own layout, build and check; the command `ludoteka solve four-seasons
 * --endgames`, eg_build, eg_verify and the cache file are the shared
 * ones).  The player is the game's own engine's (engine.c: four seats). */
struct eg_tables;

/* The value of the state for its seat to move (above), or -1 if it is
 * not a position of the tables: not two seats left, dice, a first move
 * still owed, pawns or too many men, other options, or the other king in
 * check (a mated army handed over next to it: the mover takes it). */
int fs4eg_value(const struct eg_tables *, const fs4 *s);

/* The byte of the state's position in tables built (not read from a
 * file), or NULL: for the tests, which change one to see the check
 * fail. */
uint8_t *fs4eg_entry(struct eg_tables *, const fs4 *s);

/* The tables of the state's options in play: read from the cache folder
 * once a process (the most men there are), never built there; NULL
 * without a file. */
const struct eg_tables *fs4eg_in_play(const fs4 *s);

#endif
