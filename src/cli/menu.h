/* menu.h — the interactive menu, line by line (menu.c), and what the
 * full-screen menu shares with it: the games in menu order under their
 * groups' headings, and a game started from a menu. */
#ifndef LUDOTEKA_MENU_H
#define LUDOTEKA_MENU_H

#include <stddef.h>
#include <stdio.h>

#include "table.h"

/* The menu on in and out until the person quits; an exit status. */
int menu_run(FILE *in, FILE *out);
/* A game started from a menu, on the table: its options and players,
 * lots drawn for the first seat (RULES.md) from a fresh seed; `note`
 * says how they fell ("" with one player). */
lt_status cli_menu_table(table *, const lt_game *, const lt_config *,
                         const char specs[][LT_SPEC_MAX], char *note,
                         size_t size, lt_error *);
/* The menu's heading of a group of games, as the seeds group them. */
const char *cli_group_name(int group);
/* The games in menu order (by group, then as registered); the count. */
int cli_menu_games(const lt_game **out);

#endif
