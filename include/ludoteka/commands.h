/* commands.h — the commands of a game in play, defined once: their names
 * in English and Polish, their argument and their help in both
 * languages.  Line mode and the full-screen terminal read typed lines
 * with lt_command_parse; the browser and the network send the same
 * commands as JSON messages named by the English name ({"cmd": "draw"},
 * {"cmd": "move", "arg": "e4"}).  lt_session_command carries out those
 * that change the game; the rest (moves, board, hint, rematch, flip,
 * clock, help, quit) are the front end's to show. */
#ifndef LUDOTEKA_COMMANDS_H
#define LUDOTEKA_COMMANDS_H

#include <stdbool.h>
#include <stddef.h>

#include "ludoteka/game.h"
#include "ludoteka/session.h"

typedef enum {
    LT_CMD_MOVE,     /* a move: "e4", or "move e4" */
    LT_CMD_MOVES,
    LT_CMD_BOARD,
    LT_CMD_UNDO,
    LT_CMD_REDO,
    LT_CMD_HINT,
    LT_CMD_SAVE,
    LT_CMD_RESIGN,
    LT_CMD_DRAW,
    LT_CMD_TAKEBACK,
    LT_CMD_ACCEPT,
    LT_CMD_DECLINE,
    LT_CMD_CLAIM,
    LT_CMD_ABORT,
    LT_CMD_REMATCH,
    LT_CMD_FLIP,
    LT_CMD_CLOCK,
    LT_CMD_HELP,
    LT_CMD_QUIT,
    LT_CMD_COUNT
} lt_command_id;

enum { LT_ARG_NONE, LT_ARG_OPTIONAL, LT_ARG_REQUIRED };

typedef struct {
    lt_command_id id;
    const char *name;      /* English, also the JSON message's name; in the
                            * reader's language P_("command", name), read
                            * also without its accents */
    int arg;               /* LT_ARG_* */
    const char *arg_name;  /* "MOVE" (P_("command argument", ...)), or NULL */
    const char *help;      /* English; shown through _() */
    bool in_session;       /* lt_session_command carries it out */
} lt_command;

/* The command with this id (0 .. LT_CMD_COUNT - 1). */
const lt_command *lt_command_get(lt_command_id);
/* The command named (in English or in the reader's language), or NULL. */
const lt_command *lt_command_find(const char *name);

/* Reads a typed line: a command's name (English or Polish) and its
 * argument, or else a move (LT_CMD_MOVE, the whole line).  The argument
 * (without surrounding blanks) goes to arg.  A message when the line is
 * empty or a command's argument is missing or one too many. */
lt_status lt_command_parse(const char *line, lt_command_id *id, char *arg,
                           size_t size, lt_error *);

/* The help: one line per command a front end offers (bit 1u << id in
 * `offered`; 0 for all), in the reader's language. */
int lt_command_help(unsigned offered, char *buf, size_t size);

/* Carries out a command that changes the game, from a seat. */
lt_status lt_session_command(lt_session *, int seat, lt_command_id,
                             const char *arg, lt_error *);

#endif
