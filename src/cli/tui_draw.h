/* tui_draw.h — drawing the play screen (tui_draw.c). */
#ifndef LUDOTEKA_TUI_DRAW_H
#define LUDOTEKA_TUI_DRAW_H

#include "play_ui.h"

/* Draws the whole play screen. */
void play_draw(play_ui *);
/* Lays the view out for the current screen size. */
void play_layout(play_ui *);
/* The text of the keys for the state of play. */
const char *play_keys(const play_ui *);

#endif
