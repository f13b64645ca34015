/* options.h — rule options: defaults, "name=value" parsing, text form.
 *
 * An option's name and its choices are ASCII identifiers ("frozen",
 * "no-move"): records and the network keep them.  A person reads them
 * translated (P_("option", name), P_("option value", choice)) and may
 * also type them so: lt_config_set takes "zamrożenie=bez-ruchu" as well
 * as "frozen=no-move" when the program speaks Polish.  A translated value
 * is one word; where a translation has spaces, hyphens stand for them
 * when it is typed ("bez-ruchu" for "bez ruchu"), or the value is quoted
 * in a list ('zamrożenie="bez ruchu"'). */
#ifndef LUDOTEKA_OPTIONS_H
#define LUDOTEKA_OPTIONS_H

#include "ludoteka/game.h"

int lt_option_count(const lt_game *);
/* Index of the option with this name (its identifier, or its name in the
 * program's language), or -1. */
int lt_option_find(const lt_game *, const char *name);
/* The text of an option's value: its choice, or the number (the
 * identifier, as records write it). */
const char *lt_option_text(const lt_option *, int value, char *buf,
                           size_t size);
/* What a person reads, in the program's language: the option's name,
 * its help, and a value (the translated choice, or the number). */
const char *lt_option_label(const lt_option *);
const char *lt_option_help(const lt_option *);
const char *lt_option_value_label(const lt_option *, int value, char *buf,
                                  size_t size);
/* The name and a value as a person types them in the program's language
 * (the label with hyphens for spaces: "bez-ruchu"); lt_config_set takes
 * them. */
const char *lt_option_name_shown(const lt_option *, char *buf, size_t size);
const char *lt_option_value_shown(const lt_option *, int value, char *buf,
                                  size_t size);

/* Every option at its default; players 0: the game's default count. */
void lt_config_default(const lt_game *, lt_config *, int players);
/* Applies one "name=value" (identifiers, or the names and values of the
 * program's language); the message names the options or values that
 * were expected. */
lt_status lt_config_set(const lt_game *, lt_config *, const char *assignment,
                        lt_error *);
/* Applies a list of assignments separated by spaces or commas; a value
 * in double or single quotes may hold spaces and commas. */
lt_status lt_config_parse(const lt_game *, lt_config *, const char *list,
                          lt_error *);
/* "diagonals=on movement=step" (every option, in table order). */
int lt_config_write(const lt_game *, const lt_config *, char *buf,
                    size_t size);
/* The same in the program's language, for a person to read
 * ("przekątne=tak ruch=krok"); lt_config_parse reads it back. */
int lt_config_describe(const lt_game *, const lt_config *, char *buf,
                       size_t size);

#endif
