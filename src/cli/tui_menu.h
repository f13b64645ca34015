/* tui_menu.h — the full-screen menu (tui_menu.c). */
#ifndef LUDOTEKA_TUI_MENU_H
#define LUDOTEKA_TUI_MENU_H

/* The menu on the full screen (line by line when the terminal cannot be
 * used) until the person quits; an exit status (128 + the signal that
 * ended it). */
int tui_menu_run(void);

#endif
