/* tui_commands.h — what a player asks for on the play screen besides
 * moving (tui_commands.c). */
#ifndef LUDOTEKA_TUI_COMMANDS_H
#define LUDOTEKA_TUI_COMMANDS_H

#include "play_ui.h"
#include "ludoteka/commands.h"

/* A command (commands.h) from a key or typed after ':'; saving and
 * loading (path NULL: ask where); the line typed after ':'; the keys'
 * help with the game's rules (for tui_pager). */
void play_command(play_ui *, lt_command_id, const char *arg);
void play_save(play_ui *, const char *path);
void play_load(play_ui *, const char *path);
void play_typed(play_ui *);
char *play_help_text(void *ui);

#endif
