/* play.h — a game in play, line by line on the terminal (play.c). */
#ifndef LUDOTEKA_PLAY_H
#define LUDOTEKA_PLAY_H

#include <stdio.h>

#include "table.h"

/* Plays the game on the table line by line until the end (then, with a
 * person at the table, until he leaves: a rematch may follow) or until
 * a person quits; returns an exit status. */
int play_lines(table *, FILE *in, FILE *out);

#endif
