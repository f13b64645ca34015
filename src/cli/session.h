/* session.h — a game being played, whatever shows it: the seats, the
 * record, the position, undo and redo, saving, the dice from the seed,
 * the computer's advice.  The line mode (play.c) and the full-screen mode
 * (tui_play.c) both play through it; it prints nothing. */
#ifndef LUDOTEKA_CLI_SESSION_H
#define LUDOTEKA_CLI_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ludoteka/ai.h"
#include "ludoteka/game.h"
#include "ludoteka/record.h"

/* The hint: the strongest level (the perfect player where a game is solved),
 * for this long at most.  A perfect player whose table is still being
 * built waits for it half that time, then a search answers (ai.h,
 * lt_think_info.stand_in) while the table goes on being built for the
 * next hints. */
#define SESSION_HINT_SPEC "ai:level=5"
#define SESSION_HINT_SECONDS 3.0

typedef struct session {
    const lt_game *game;
    lt_player *players[LT_MAX_PLAYERS];
    lt_record rec;       /* config, specs, seed and the actions so far */
    lt_state *state;     /* the position after rec's actions */
    lt_action *undone;   /* actions taken back, the next to redo last */
    int nundone, undone_cap;
    char save_path[512]; /* where "save" writes; "" for none */
    bool autosave;       /* rewrite save_path after every change */
    bool dice_manual;    /* people throw real dice and type them */
    int resigned;        /* the seat that resigned, or -1 */
    lt_player *adviser;  /* the hint's player (SESSION_HINT_SPEC), kept for
                          * the session: what it prepares (a table being
                          * built) lasts until the session closes */
} session;

/* Sets up a session from a record (its config, players and seed; the
 * actions are replayed).  origin: did the person running ludoteka name
 * the players (LT_SPEC_TRUSTED: the command line, the menus), or do they
 * come from a file (LT_SPEC_UNTRUSTED: then a seat that names an engine,
 * a program to start, is refused).  The session owns the record from then
 * on, also on failure. */
lt_status session_open(session *, lt_record *rec, lt_spec_origin origin,
                       lt_error *);
void session_close(session *);

/* The seat to move (or LT_CHANCE, LT_TERMINAL), and who sits there. */
int session_to_move(const session *);
bool session_is_human(const session *, int seat);
/* Is anyone at the table a person? */
bool session_has_human(const session *);
/* Over by the rules, or by a resignation. */
bool session_over(const session *);

/* Plays an action: every player sees it, the record grows, redo is
 * forgotten, and the game is saved if autosave is on. */
lt_status session_step(session *, lt_action, lt_error *);
/* Takes back actions until a person is to move again (at least one);
 * returns how many, 0 when there is nothing to take back, -1 on error. */
int session_undo(session *, lt_error *);
/* Plays again what undo took back, up to the next position where a
 * person is to move; returns how many, 0 when there is nothing, -1 on
 * error. */
int session_redo(session *, lt_error *);
/* The seat to move (or the only person at the table) gives up: the game
 * ends, the record says who resigned.  Returns the seat, or -1. */
int session_resign(session *, lt_error *);
/* Writes the record to path (NULL: save_path). */
lt_status session_save(session *, const char *path, lt_error *);
/* Replaces the session by the game saved in a file, saving on to it; the
 * players are the file's (LT_SPEC_UNTRUSTED). */
lt_status session_load(session *, const char *path, lt_error *);

/* The hint's player, made on first use; NULL with a message on failure.
 * One hint at a time: it is not to be used on two threads at once. */
lt_player *session_adviser(session *, lt_error *);

/* Where the randomness of the next action comes from: the dice of a
 * roll, and the seed of a computer player's choice (rng.h). */
lt_action session_roll(const session *);
uint64_t session_choice_seed(const session *);

/* ---- Words for what happens (session_text.c) ---- */

/* "White wins (1-0)", "Draw (1/2-1/2)", "White resigns; Black wins". */
void session_result_text(const session *, char *buf, size_t size);
/* "Odds: Player 1 0.6429 (9/14), Player 2 0.3571 (5/14); value: ..."
 * for a game of chance; false when there is nothing to show. */
bool session_odds_line(const session *, char *buf, size_t size);
/* The exact value of each choice when the game knows it, one line each
 * ("Hint: stop: 3 = 3.000000"); false when it does not. */
bool session_exact_hint(const session *, char *buf, size_t size);
/* "Hint: B2 (expected: White 55%, Black 45%)" from the adviser's search;
 * a search standing in for a perfect player whose table is not ready says
 * so: "Hint: C3-C4 (search: Rabbit 40%, Hunters 60%; perfect-play table
 * 12% built)". */
void session_hint_text(const session *, lt_action, const lt_think_info *,
                       char *buf, size_t size);
/* " (search; perfect-play table 4% built)" after a computer player's
 * move when a search answered for a perfect player whose table is not
 * ready (lt_think_info.stand_in); "" otherwise. */
void session_stand_in_note(const lt_think_info *, char *buf, size_t size);
/* "Black thinks: 3s, 12345 nodes, depth 5, best B2, expected score 55%";
 * while a perfect player waits for its table: "Hunters: perfect-play
 * table 12% built (43000000 of 358077800 positions), 12s". */
void session_progress_text(const session *, int seat, const lt_think_info *,
                           char *buf, size_t size);

#endif
