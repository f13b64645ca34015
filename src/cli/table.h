/* table.h — a game in play at this terminal, for both of its front ends
 * (line mode in play.c, the full screen in tui_play.c).  The game itself
 * is the core's lt_session (seats, plies, clocks, offers, the result, the
 * journal); the table adds what a terminal needs around it: the hint's
 * adviser, dice typed in by hand, the side the board is seen from, and
 * which seat a command typed at the one keyboard comes from.  The front
 * ends only draw the game and send it commands. */
#ifndef LUDOTEKA_CLI_TABLE_H
#define LUDOTEKA_CLI_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ludoteka/ai.h"
#include "ludoteka/commands.h"
#include "ludoteka/game.h"
#include "ludoteka/session.h"

/* The hint: the strongest level (the perfect player where a game is
 * solved), for this long at most.  A perfect player whose table is still
 * being built waits for it half that time, then a search answers (ai.h,
 * lt_think_info.stand_in) while the table goes on being built for the
 * next hints. */
#define TABLE_HINT_SPEC "ai:level=5"
#define TABLE_HINT_SECONDS 3.0

typedef struct {
    lt_session *s;       /* the game; NULL before table_new / _resume */
    lt_player *adviser;  /* the hint's player, made on first use and kept:
                          * what it prepares (a table being built) serves
                          * the next hints, also of a game loaded on */
    bool dice_manual;    /* people throw real dice and type them in */
    bool flip;           /* the board turned round from its usual side */
} table;

/* A seat for a player spec named at this terminal: "human" is a person
 * here, anything else a computer. */
lt_seat table_seat(const char *spec);

/* A new game: su's game, options, seed, position, seats and clock (the
 * front end's own choice: a seat may start an engine), with the time of
 * a monotonic clock, kept in `journal` (NULL: not saved).  LT_ESYNTAX
 * when su is not a game (a player, a position), LT_EIO when the journal
 * cannot be written. */
lt_status table_new(table *, lt_session_setup *su, const char *journal,
                    lt_error *);
/* Plays on the game kept in path (replacing the table's game, if any).
 * seats: those the person at the keyboard names instead of the file's
 * (nseats of them), or NULL: the file's, and a seat the file gives to an
 * engine is refused (a file never starts a program).  LT_ESYNTAX for a
 * refused or unknown player; a torn last line is said in *warning. */
lt_status table_resume(table *, const char *path, const lt_seat *seats,
                       int nseats, lt_error *err, lt_error *warning);
/* The next game, every player one seat on (two: colours swapped), not
 * kept in a file until it is saved. */
lt_status table_rematch(table *, lt_error *);
void table_close(table *);

/* Is the seat a person at this keyboard?  How many are there? */
bool table_person(const table *, int seat);
int table_people(const table *);
/* Is the game over (by its rules or otherwise)? */
bool table_over(const table *);
/* The seat whose side the board is seen from: the one person at the
 * table, else the first seat. */
int table_viewer(const table *);
/* The position as the viewer sees it (turned by flip), in the program's
 * language; returns the quarter turns it was turned by. */
int table_render(const table *, lt_view *);

/* The seat a command typed at this keyboard comes from: for an answer
 * (accept, decline, or the offer itself made again) the person asked;
 * for a takeback the person who made the last move; otherwise the
 * person to move, or the only person at the table; TABLE_NOBODY for
 * none.  At a dice roll typed in by hand, a move comes from the dice
 * (LT_CHANCE). */
enum { TABLE_NOBODY = -100 };
int table_seat_for(const table *, lt_command_id);
/* Carries out a command that changes the game (lt_command.in_session)
 * from that seat; `note` says what it did ("Took back 2 move(s).",
 * "Saved to g.txt.") or is "".  On error the game is unchanged. */
lt_status table_command(table *, lt_command_id, const char *arg, char *note,
                        size_t size, lt_error *);

/* The seed of the next computer choice (as lt_session_step uses). */
uint64_t table_choice_seed(const table *);
/* A computer to move that may claim a draw claims it (as
 * lt_session_step); true if it did. */
bool table_computer_claims(table *, lt_error *);
/* A computer seat's answer, searched away from the session (with the
 * limits of lt_session_limits): played unless its flag fell meanwhile
 * or the turn has passed. */
lt_status table_computer_move(table *, int seat, lt_action, lt_error *);
/* The hint's player, ready for the position; NULL with a message. */
lt_player *table_adviser(table *, lt_error *);

/* Rotates the n player specs so that player `first` (0-based) sits in
 * seat 1; with first < 0 the lots are drawn with the seed. Returns the
 * player who moves first. */
int cli_draw_first(char specs[][LT_SPEC_MAX], int n, int first,
                   uint64_t seed);

#endif
