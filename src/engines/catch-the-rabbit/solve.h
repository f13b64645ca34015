/* solve.h — the retrograde analysis of Catch the Rabbit: the value of
 * every position with the rabbit to move, without the move cap (a rabbit
 * that escapes forever wins). */
#ifndef LUDOTEKA_RABBIT_SOLVE_H
#define LUDOTEKA_RABBIT_SOLVE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "../../games/catch-the-rabbit/rabbit.h"
#include "ludoteka/ai.h"

/* What the table depends on: the hunters at the start, the rabbit's
 * threshold (min of the option and the start) and chain=single. */
typedef struct {
    int hunters, need, single;
} rabbit_rules;

/* A value is 0 for a position the rabbit holds forever without forcing a
 * win (it never gets blocked: a rabbit win), otherwise 1 + d, where d is
 * the number of turns to the end with perfect play (win fastest, lose
 * slowest; a turn is one whole move of a side, a capture chain
 * included).  The side to move wins when d is odd and loses when d is
 * even: from a position with the rabbit to move, even d means the
 * hunters block it, odd d that it takes enough hunters.
 *
 * Positions: levels k = need..hunters hunters on the board; within a
 * level, index = slot * C(24, k) + colex rank of the hunters' points
 * among the 24 points other than the rabbit's, where the rabbit stands
 * on the representative point of the slot (0..5: the lowest point of
 * each orbit of the board's eight symmetries, A1 B1 C1 B2 C2 C3).  Any
 * other position is read as its image with the rabbit on the
 * representative of its point (solve.c). */
typedef struct rabbit_table {
    rabbit_rules rules;
    uint64_t positions;                    /* all, both sides to move */
    uint64_t entries;                      /* values kept (below) */
    int maxd;                              /* the longest d */
    uint64_t offset[RB_MAX_HUNTERS + 2];   /* level k starts at offset[k] */
    uint8_t *value;                        /* rabbit to move, 1 + d or 0 */
    void *mapping;                         /* for the cache file, or NULL */
    size_t mapped;
} rabbit_table;

/* The rules of a game in progress. */
rabbit_rules rabbit_rules_of(const rabbit_state *);
/* Sets positions, entries and offset[] of a table from its rules. */
void rabbit_layout(rabbit_table *);

/* A running analysis, watched and stopped from another thread: the
 * positions solved so far (of rabbit_table.positions; positions never
 * resolved, which the rabbit holds for ever, count once their level is
 * done), and the flag that stops it. */
typedef struct {
    const volatile int *stop; /* non-zero: give up soon (NULL: never) */
    atomic_ullong done;
} rabbit_progress;

/* Runs the analysis; NULL when out of memory, when some d does not fit a
 * byte, or when stopped (msg says which).  progress may be NULL. */
rabbit_table *rabbit_solve(const rabbit_rules *, rabbit_progress *,
                           char *msg, size_t size);
/* The number of positions of a table for these rules (both sides). */
uint64_t rabbit_positions(const rabbit_rules *);
void rabbit_table_free(rabbit_table *);

/* Values as above, with the rabbit to move (not in a chain) and with the
 * hunters to move; the latter by a one-move search over the former.  The
 * position must have at least `need` hunters. */
int rabbit_value_rabbit(const rabbit_table *, uint32_t hunters, int rabbit);
int rabbit_value_hunters(const rabbit_table *, uint32_t hunters, int rabbit);
/* The value of any state of the game for its side to move (turn): over
 * (0 turns, lost), in the middle of a capture chain, either side. */
int rabbit_value_of(const rabbit_table *, const rabbit_state *);

/* Checks every entry of the table against its successors, with the moves
 * of the game's own rules (lt_catch_the_rabbit, not the solver's move
 * generator): the value of each position must be what its moves make
 * it.  Returns the number of positions found wrong (0 if the table is
 * right); the first is described in msg. */
uint64_t rabbit_check(const rabbit_table *, char *msg, size_t size);

/* The cached table for these rules from the user's cache folder, or NULL
 * (none, or a file of another version, cut short or corrupt: its
 * checksum is verified, a bad file is never used); and storing one there
 * through a temporary file renamed into place, so that a reader never
 * sees half a table.  The store gives up, leaving no file, when *stop
 * (may be NULL) becomes non-zero; false if nothing was stored.
 * rabbit_cache_path gives the file's path ("" when there is no cache
 * folder). */
rabbit_table *rabbit_cache_load(const rabbit_rules *);
bool rabbit_cache_store(const rabbit_table *, const volatile int *stop);
void rabbit_cache_path(const rabbit_rules *, char *buf, size_t size);

/* The perfect player, "ai:perfect" (perfect.c). */
extern const lt_engine rabbit_perfect;

#endif
