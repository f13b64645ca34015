/* tui_play.h — a game on the full screen (tui_play.c). */
#ifndef LUDOTEKA_TUI_PLAY_H
#define LUDOTEKA_TUI_PLAY_H

#include <stdbool.h>

#include "table.h"

/* Plays the game on the table on the screen (started: tui_start) until
 * the user leaves it (back to the menu when in_menu); `note` (may be
 * NULL) is shown first.  Returns EXIT_OK, or 128 + the signal that ended
 * it. */
int tui_play(table *, const char *note, bool in_menu);

#endif
