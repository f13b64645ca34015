/* cli.h — what every file of the program shares, whatever its layer:
 * its errors and exit statuses, its global flags, the flags and the game
 * named on the command line, lines read from the keyboard, seeds and the
 * clock (cli.c).  The layers above it: the commands (main.c, cmd.h,
 * menu.h, tui_menu.h) use a game in play (table.h, play.h, tui_play.h),
 * which uses the drawing and the widgets (boardgrid.h, textview.h,
 * words.h, pick.h, tui_term.h, tui_widgets.h, tui_think.h); a file
 * includes only the headers of its own layer's lower files and below. */
#ifndef LUDOTEKA_CLI_H
#define LUDOTEKA_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "ludoteka/game.h"
#include "ludoteka/i18n.h"

/* Exit statuses. */
enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };
/* The longest time any flag gives in seconds (some eleven days). */
enum { CLI_SECONDS_MAX = 1000000 };

/* The program speaks one language, chosen at the start (i18n.h; the full
 * screen's L switches it, and every screen then makes its words again):
 * every text a person reads goes through _() and the catalogs (po/). */
extern bool cli_plain; /* --plain: the line mode even on a terminal */
extern bool cli_ascii; /* --ascii: no UTF-8 glyphs or lines */

/* Reports an error on stderr ("ludoteka: ..."); returns status. */
int cli_fail(int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Reads a line without its newline; false at the end of input.  Standard
 * input is unbuffered (main.c), so that nothing typed waits in a buffer
 * where cli_input_ready could not see it. */
bool cli_read_line(FILE *in, char *buf, size_t size);
/* Waits up to ms milliseconds (-1: for ever) for input on in; true when
 * there is some (or its end). */
bool cli_input_ready(FILE *in, int ms);

/* Is argv[*i] the flag name (as "--name value" or "--name=value")?  Then
 * *value is its value and *i moves past it; a missing value is reported
 * and leaves *value NULL. */
bool cli_flag(int argc, char **argv, int *i, const char *name,
              const char **value);
/* The value of a number flag (value NULL: missing, already reported): a
 * whole number from lo to hi, or a number above lo (from lo if lo_too)
 * and at most hi.  False after saying what is allowed and what was given
 * ("--games: expected a whole number from 1 to 10000000, got '0'"). */
bool cli_int(const char *flag, const char *value, long long lo, long long hi,
             long long *out);
bool cli_real(const char *flag, const char *value, double lo, bool lo_too,
              double hi, double *out);
/* Does any argument ask for help (--help, -h)? */
bool cli_wants_help(int argc, char **argv);
/* The game with this id, or NULL after naming the games there are. */
const lt_game *cli_game(const char *id);
/* Says that a command was given an argument it does not take, or no
 * game to work on; returns EXIT_USAGE. */
int cli_unexpected(const char *command, const char *arg);
int cli_which_game(const char *command);
/* The other failures every command may meet; each returns its status
 * (EXIT_USAGE, EXIT_FAIL, EXIT_FAIL). */
int cli_too_many(void);
int cli_no_memory(void);
int cli_bad_position(const lt_game *, const char *why);

/* A fresh seed from the clock, for games started without --seed. */
uint64_t cli_fresh_seed(void);

/* The most arguments a command that marks them takes (bool
 * used[CLI_ARGS_MAX]: the arguments read). */
enum { CLI_ARGS_MAX = 64 };
/* The game a command names first (argv[1]), or NULL after saying that
 * it is missing or unknown. */
const lt_game *cli_first_game(int argc, char **argv);
/* Reads --option and --players of a game from argv[first..] (marking
 * them in used, of CLI_ARGS_MAX: too many arguments otherwise) into cfg;
 * an exit status. */
int cli_game_config(int argc, char **argv, int first, const lt_game *,
                    lt_config *cfg, bool *used);

/* Seconds from a monotonic clock. */
double cli_seconds(void);
/* Random games from first, an initial state of g, played in s with the
 * seeds 0, 1, ... until `seconds` have passed on the wall (the clock read
 * after a 64th more games, so that it costs nothing and the time runs
 * over by a 64th at most): their number and plies, and the time taken.
 * `ludoteka playouts` and `ludoteka benchmark` both measure by it; false
 * if out of memory. */
bool cli_playouts(const lt_game *g, const lt_state *first, lt_state *s,
                  double seconds, long long *games, long long *plies,
                  double *dt);
/* Milliseconds from it: a game in play's time source (lt_now_fn). */
int64_t cli_now_ms(void *ctx);

#endif
