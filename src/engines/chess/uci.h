/* uci.h — the engine speaking UCI (uci.c). */
#ifndef CHESS_UCI_H
#define CHESS_UCI_H

#include <stdio.h>

/* Reads UCI commands from in until "quit" or the end, answering on out;
 * returns 0, or 1 if it could not start. */
int chess_uci_loop(FILE *in, FILE *out);

#endif
