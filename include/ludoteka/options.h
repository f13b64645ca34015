/* options.h — rule options: defaults, "name=value" parsing, text form. */
#ifndef LUDOTEKA_OPTIONS_H
#define LUDOTEKA_OPTIONS_H

#include "ludoteka/game.h"

int lt_option_count(const lt_game *);
/* Index of the option with this name, or -1. */
int lt_option_find(const lt_game *, const char *name);
/* The text of an option's value: its choice, or the number. */
const char *lt_option_text(const lt_option *, int value, char *buf,
                           size_t size);

/* Every option at its default; players 0: the game's default count. */
void lt_config_default(const lt_game *, lt_config *, int players);
/* Applies one "name=value"; the message names the options or values
 * that were expected. */
lt_status lt_config_set(const lt_game *, lt_config *, const char *assignment,
                        lt_error *);
/* Applies a list of assignments separated by spaces or commas. */
lt_status lt_config_parse(const lt_game *, lt_config *, const char *list,
                          lt_error *);
/* "diagonals=on movement=step" (every option, in table order). */
int lt_config_write(const lt_game *, const lt_config *, char *buf,
                    size_t size);

#endif
