/* table_text.h — a game in play (table.h) in words, in the program's
 * language, for both front ends (table_text.c). */
#ifndef LUDOTEKA_CLI_TABLE_TEXT_H
#define LUDOTEKA_CLI_TABLE_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "table.h"

/* An event as a front end shows it, or false for those it shows its own
 * way: the moves (on the board; dice and computers by the front end),
 * moves taken back (the command's note) and the result. */
bool table_event_text(const table *, const lt_event *, char *buf,
                      size_t size);
/* "Clocks: White 4:57 (running), Black 5:00"; false without a clock. */
bool table_clock_line(const table *, char *buf, size_t size);
/* The side the board is seen from: "Board: Black at the bottom",
 * "Board: White at the bottom (turned round)"; for a game whose board
 * has no seat's side, only "Board: turned round" when it is; false when
 * there is nothing to say. */
bool table_side_line(const table *, char *buf, size_t size);
/* The move list, a row a line ("1. e4 e5"), malloc'd; NULL when there
 * are no moves yet. */
char *table_moves_text(const table *);
/* "Odds: Player 1 0.6429 (9/14), Player 2 0.3571 (5/14); value: ..."
 * for a game of chance; false when there is nothing to show. */
bool table_odds_line(const table *, char *buf, size_t size);
/* The exact value of each choice when the game knows it, one line each
 * ("Hint: stop: 3 = 3.000000"); false when it does not. */
bool table_exact_hint(const table *, char *buf, size_t size);
/* "Hint: B2 (expected: White 55%, Black 45%)" from the adviser's search;
 * a search standing in for a perfect player whose table is not ready says
 * so: "Hint: C3-C4 (search: Rabbit 40%, Hunters 60%; perfect-play table
 * 12% built)". */
void table_hint_text(const table *, lt_action, const lt_think_info *,
                     char *buf, size_t size);
/* " (search; perfect-play table 4% built)" after a computer player's
 * move when a search answered for a perfect player whose table is not
 * ready (lt_think_info.stand_in); "" otherwise. */
void table_stand_in_note(const lt_think_info *, char *buf, size_t size);
/* "Black thinks: 3s, 12345 nodes, depth 5, best B2, expected score 55%";
 * while a perfect player waits for its table: "Hunters: perfect-play
 * table 12% built (43000000 of 358077800 positions), 12s". */
void table_progress_text(const table *, int seat, const lt_think_info *,
                         char *buf, size_t size);

#endif
