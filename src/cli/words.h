/* words.h — the reader's words around the commands and screens
 * (words.c), in the reader's language: players in words, columns padded
 * by screen width, numbers as the language writes them, a game's rules
 * and options. */
#ifndef LUDOTEKA_CLI_WORDS_H
#define LUDOTEKA_CLI_WORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "ludoteka/game.h"

/* A player spec in words: "human" a person, "ai:level=3" the computer at
 * level 3, "random" random moves; any other spec as it is.  Returns buf. */
const char *cli_spec_words(const char *spec, char *buf, size_t size);
/* Screen columns of a UTF-8 text (wcwidth; 0 for what cannot be shown). */
int cli_width(const char *text);
/* The text padded with spaces to `width` screen columns - after it, or
 * before it when `right` - into buf; a wider text is kept whole. */
const char *cli_pad(char *buf, size_t size, const char *text, int width,
                    bool right);
/* A number as the reader's language writes it (lt_format_number: "1 234,5"
 * in Polish, "1,234.5" in English), with a sign if `sign` ("+0.25"). */
const char *cli_number(char *buf, size_t size, double x, int decimals,
                       bool sign);

/* The rules of a game - its document in the program's language (English
 * if there is none) - and its options, as `ludoteka rules` prints them;
 * an option's values as "on|off" or "6..10". */
void cli_print_rules(FILE *out, const lt_game *);
void cli_option_range(const lt_option *, char *buf, size_t size);

#endif
