/* textview.h — a position as plain text, for the line mode (textview.c). */
#ifndef LUDOTEKA_TEXTVIEW_H
#define LUDOTEKA_TEXTVIEW_H

#include <stdbool.h>
#include <stdio.h>

#include "ludoteka/game.h"

/* Draws a position as text: the board (turned a quarter: `across`, see
 * bg_style), the dice, the info lines. */
void textview_print(FILE *out, const lt_view *, bool across);

#endif
