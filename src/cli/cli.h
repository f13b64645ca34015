/* cli.h — the ludoteka program: commands, the menu, line-based play. */
#ifndef LUDOTEKA_CLI_H
#define LUDOTEKA_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "ludoteka/ai.h"
#include "ludoteka/game.h"
#include "ludoteka/i18n.h"
#include "ludoteka/record.h"
#include "table.h"

/* Exit statuses. */
enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };
/* The longest time any flag gives in seconds (some eleven days). */
enum { CLI_SECONDS_MAX = 1000000 };

/* The program speaks one language, chosen at the start (i18n.h): every
 * text a person reads goes through _() and the catalogs (po/). */
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

/* ---- The reader's words (words.c) ---- */

/* A game's title, the source its rules follow ("source 004: Talat"), an
 * option's explanation, in the reader's language. */
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

/* Draws a position as text: the board (turned a quarter: `across`, see
 * bg_style), the dice, the info lines. */
void textview_print(FILE *out, const lt_view *, bool across);

/* Plays the game on the table line by line until the end (then, with a
 * person at the table, until he leaves: a rematch may follow) or until
 * a person quits; returns an exit status. */
int play_lines(table *, FILE *in, FILE *out);

/* The full-screen mode: on when stdin and stdout are a terminal that is
 * not "dumb" and --plain was not given. */
bool cli_fullscreen(void);
/* Starts it (false, with a message, if the terminal cannot be used) and
 * ends it, restoring the terminal (safe to call twice). */
bool tui_start(void);
void tui_stop(void);
/* The full-screen menu, and a game on the full screen; exit statuses.
 * `note` (may be NULL) is shown when the game starts. */
int tui_menu_run(void);
int tui_play_session(table *, const char *note);

/* Rotates the n player specs so that player `first` (0-based) sits in
 * seat 1; with first < 0 the lots are drawn with the seed. Returns the
 * player who moves first. */
int cli_draw_first(char specs[][LT_SPEC_MAX], int n, int first,
                   uint64_t seed);

/* A fresh seed from the clock, for games started without --seed. */
uint64_t cli_fresh_seed(void);

/* Seconds from a monotonic clock. */
double cli_seconds(void);
/* Milliseconds from it: a game in play's time source (lt_now_fn). */
int64_t cli_now_ms(void *ctx);
/* Plays one random game from the start (dice and moves from the seed);
 * returns its length and folds its actions into *signature (may be
 * NULL). */
long long cli_random_game(const lt_game *, lt_state *, const lt_config *,
                          uint64_t seed, uint64_t *signature);

/* The commands; argv[0] is the command name. */
int cmd_list(int argc, char **argv);
int cmd_rules(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_moves(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_bench_session(int argc, char **argv); /* "bench session" */
int cmd_playouts(int argc, char **argv);
int cmd_perft(int argc, char **argv);
int cmd_arena(int argc, char **argv);
int cmd_odds(int argc, char **argv);
int cmd_simulate(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_uci(int argc, char **argv);
int cmd_tune(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int menu_run(FILE *in, FILE *out);
/* A game started from a menu, on the table: its options and players,
 * lots drawn for the first seat (RULES.md) from a fresh seed; `note`
 * says how they fell ("" with one player). */
lt_status cli_menu_table(table *, const lt_game *, const lt_config *,
                         const char specs[][LT_SPEC_MAX], char *note,
                         size_t size, lt_error *);
/* The menu's heading of a group of games, as the seeds group them. */
const char *cli_group_name(int group);
/* The games in menu order (by group, then as registered); the count. */
int cli_menu_games(const lt_game **out);

/* Reads --option and --players of a game from argv[first..] (marking
 * them in used) into cfg; an exit status. */
int cli_game_config(int argc, char **argv, int first, const lt_game *,
                    lt_config *cfg, bool *used);

#endif
