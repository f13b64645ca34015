/* tui_plies.h — every change of the game on the play screen
 * (tui_plies.c): a move played, a computer's answer, the events said,
 * and the screen's state made again from the new position. */
#ifndef LUDOTEKA_TUI_PLIES_H
#define LUDOTEKA_TUI_PLIES_H

#include "play_ui.h"
#include "ludoteka/text.h"

/* A message for the status line; what happened (the session's events,
 * after `first` if not NULL) as the message; after a change of position
 * (or of the language): the screen's texts made again from the game; the
 * computer stops thinking; collects what it found, if it is done, and
 * plays it; an action of the one to act (LT_NO_ACTION at a throw: the
 * dice from the seed); one of several actions, asking which. */
void play_say(play_ui *, int kind, const char *fmt, ...) LT_PRINTF(3, 4);
void play_events(play_ui *, const char *first);
void play_changed(play_ui *);
void play_stop_thinking(play_ui *);
void play_collect_thinking(play_ui *);
void play_action(play_ui *, lt_action);
void play_one_of(play_ui *, const lt_action *, int n);
/* A list of moves to choose one from (shown even when there is one); the
 * legal moves to choose from. */
void play_choose(play_ui *, const lt_action *acts, int n);
void play_list_moves(play_ui *);

#endif
