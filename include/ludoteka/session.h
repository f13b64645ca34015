/* session.h — a game in play: the game and its options, the seats, the
 * ply log, the position, the clocks, offers between the players, the
 * result with its reason, the journal on disk and the move list.  Every
 * front end (line mode, the full-screen terminal, the browser, network
 * rooms, the arena) keeps its game in one of these and only draws it.
 *
 * Commands in, events out:
 *   - a command (lt_session_play, _resign, _offer, _answer, _claim,
 *     _abort, _undo, _redo, _step, ...) comes from a seat; it is checked
 *     (is it this seat's turn, is the move legal, may this seat ask this)
 *     and either done whole or refused with a status and a message, the
 *     session unchanged;
 *   - what happened is queued as events (lt_event), which the front end
 *     drains with lt_session_event after each call: a terminal redraws, a
 *     network room broadcasts them, a test records them.  Nothing is
 *     called back, so a single-threaded page and a room under its lock
 *     use the session the same way (a room drains the queue under the
 *     lock and sends after unlocking).
 *
 * Time comes from an injected source (lt_time_source): the session asks
 * what time it is and never sleeps.  Clocks fall when the session looks:
 * on every command, and when the front end calls lt_session_tick.
 *
 * The position moves forward by the game's apply on each ply; the
 * position before every ply is kept (states are small and memcpy-able),
 * so undo restores a copy and nothing is replayed from the start.
 *
 * The journal (docs/session.md): the record's header, then one line per
 * ply and per event, appended and flushed to disk before the session
 * changes; rewritten whole and atomically when plies are taken back and
 * when the game ends.  A kill at any moment loses at most the line being
 * written; lt_session_load drops a torn last line with a warning.
 *
 * A session is not thread-safe: a network room holds its lock around
 * every call.  Sessions allocate: _new/_load with _free. */
#ifndef LUDOTEKA_SESSION_H
#define LUDOTEKA_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ludoteka/ai.h"
#include "ludoteka/game.h"
#include "ludoteka/record.h"

enum {
    LT_SESSION_EVENTS = 64, /* events queued; the oldest go beyond this */
    LT_PLY_NAME = 32,       /* bytes of a ply's name, with its NUL */
    LT_SEAT_NAME = 48       /* bytes of a seat's name, with its NUL */
};

/* ---- Time ---------------------------------------------------------------
 * Milliseconds from any origin, never decreasing: a monotonic clock in a
 * program, a fake one in tests.  For correspondence games across restarts
 * a server passes the wall clock. */
typedef int64_t (*lt_now_fn)(void *ctx);

typedef struct {
    lt_now_fn now; /* NULL: no time at all (and no clock) */
    void *ctx;
} lt_time_source;

/* Time controls, as text (lt_time_control_parse):
 *   none            no clock
 *   5+3             Fischer: 5 minutes, 3 seconds added after each move;
 *                   the base also as m:ss or h:mm:ss (0:01+0, 1:30:00+30),
 *                   the seconds with up to three decimals (0:10.5+0.1),
 *                   or a decimal of minutes (0.5+0)
 *   5d3             Bronstein delay: 5 minutes; after each move the time
 *                   it took comes back, up to 3 seconds
 *   30/move         a fixed time for every move (seconds, or m:ss)
 *   3days           correspondence: 3 days for every move (1day) */
typedef enum {
    LT_TC_NONE,
    LT_TC_FISCHER,
    LT_TC_DELAY,
    LT_TC_MOVE,
    LT_TC_DAYS
} lt_tc_kind;

typedef struct {
    lt_tc_kind kind;
    int64_t base;  /* ms: the time at the start, or for every move */
    int64_t extra; /* ms: Fischer's increment, Bronstein's delay */
} lt_time_control;

lt_status lt_time_control_parse(const char *text, lt_time_control *out,
                                lt_error *);
/* The text form above; snprintf-like. */
int lt_time_control_format(const lt_time_control *, char *buf, size_t size);
/* A clock as players read it: "4:57", "1:02:03", "0:09.3" below ten
 * seconds, "2d 3:15:00" beyond a day; snprintf-like. */
int lt_clock_text(int64_t ms, char *buf, size_t size);

/* ---- Seats --------------------------------------------------------------- */
typedef enum {
    LT_SEAT_HUMAN,    /* a person at this front end */
    LT_SEAT_COMPUTER, /* a computer player (spec), moved by lt_session_step */
    LT_SEAT_REMOTE    /* a person elsewhere (a network room's player) */
} lt_seat_kind;

typedef struct {
    lt_seat_kind kind;
    char spec[LT_SPEC_MAX];  /* a computer's player spec ("ai:level=3") */
    char name[LT_SEAT_NAME]; /* "" : the game's name of the seat */
} lt_seat;

/* What a new game in play is. */
typedef struct {
    const lt_game *game;
    lt_config config;        /* players and options */
    uint64_t seed;           /* the dice and the computers' choices */
    const char *position;    /* a set-up position text, or NULL */
    lt_seat seats[LT_MAX_PLAYERS];
    /* A computer seat's player, kept by the caller (a match reuses its
     * players from game to game: an engine started once, a table built
     * once; a spec from its own command line may start a program), or
     * NULL: the session makes one from the seat's spec (lt_player_new:
     * never a program) and frees it. */
    lt_player *players[LT_MAX_PLAYERS];
    lt_time_control clock;
    lt_time_source time;
    const char *journal;     /* the file the game is kept in, or NULL */
    const lt_tag *tags;      /* more tags of its record (Event, Round, a */
    int ntags;               /* server's room id), kept as given */
    lt_spec_origin origin;   /* who named the computer seats: only the
                              * person running ludoteka (LT_SPEC_TRUSTED)
                              * may give a seat to a program (uci:, ...);
                              * 0 is LT_SPEC_UNTRUSTED */
} lt_session_setup;

typedef struct lt_session lt_session;

/* A new game (the journal's header is written, if there is one); NULL
 * with a message if the setup is not a game. */
lt_session *lt_session_new(const lt_session_setup *, lt_error *);
/* Resumes a game from its journal, checking every ply, and keeps it
 * there.  A torn last line (a kill while it was written) is dropped and
 * said in *warning (warning->msg is "" when all was whole). */
lt_session *lt_session_load(const char *path, const lt_time_source *, lt_error *err, lt_error *warning);
/* The same from a text in memory, kept in no file (a page's saved game,
 * an uploaded record): a journal, or any record's movetext, several plies
 * to a line.  The text is read whole: there is no torn line to drop. */
lt_session *lt_session_load_text(const char *text, const lt_time_source *, lt_error *);
/* The game as its journal's text (malloc'd; NULL with a message): a
 * record that lt_session_load_text, `ludoteka replay` and every record
 * reader read, with Result and Termination once it is over (an arena
 * writes its games one after another). */
char *lt_session_text(lt_session *, lt_error *);
/* The same with other seats than the file's: those the person running
 * ludoteka names (LT_SPEC_TRUSTED), as many as the game has; the journal
 * is rewritten with them.  seats NULL: the file's (as lt_session_load),
 * whose computers never start a program. */
lt_session *lt_session_load_seats(const char *path, const lt_seat *seats,
                                  int nseats, const lt_time_source *, lt_error *err,
                                  lt_error *warning);
/* A journal's header alone (the game, options, seats and seed, in a
 * record without actions), to look at before loading it. */
lt_status lt_session_header(const char *path, lt_record *out, lt_error *);
void lt_session_free(lt_session *);
/* The next game between the same players (the caller's own players
 * too): seats moved round by one (with two, colours swapped), a seed
 * drawn from this one, kept in `journal` (or not, if NULL). */
lt_session *lt_session_rematch(const lt_session *, const char *journal,
                               lt_error *);

/* ---- How the game ends ----------------------------------------------- */
typedef enum {
    LT_END_NONE,      /* still in play */
    LT_END_RULES,     /* the rules' own end: mate, the last piece, points */
    LT_END_RESIGN,    /* a seat resigned */
    LT_END_TIME,      /* a seat's time ran out */
    LT_END_AGREEMENT, /* a draw everyone agreed to */
    LT_END_CLAIM,     /* a draw claimed (chess: repetition, fifty moves) */
    LT_END_ABANDON,   /* a seat left for good (a server says so) */
    LT_END_ABORT      /* called off before everyone had moved: no result */
} lt_end;

/* ---- Commands (each from a seat; see the top of this file) -------------- */

/* An action of the seat to move; at a dice roll, an outcome typed in by
 * its thrower (or from seat LT_CHANCE: the dice themselves). */
lt_status lt_session_play(lt_session *, int seat, lt_action, lt_error *);
/* The same from its name in the game's notation. */
lt_status lt_session_move(lt_session *, int seat, const char *text,
                          lt_error *);
/* Plays what needs no person: the dice (from the seed and the ply, so a
 * resumed or redone game throws the same), or the move of a computer seat
 * (searched here, with its clock; info may be NULL) - or its claim of a
 * draw when it may make one.  LT_EILLEGAL when a person is to act or the
 * game is over. */
lt_status lt_session_step(lt_session *, lt_think_info *info, lt_error *);

/* Gives up.  With two seats (or a game without lt_game.leave) the game
 * ends; with three or more the seat leaves it and the others play on. */
lt_status lt_session_resign(lt_session *, int seat, lt_error *);
/* A server gives up on a seat whose player is gone: as resigning. */
lt_status lt_session_abandon(lt_session *, int seat, lt_error *);

typedef enum {
    LT_OFFER_NONE,
    LT_OFFER_DRAW,    /* everyone still in agrees: drawn by agreement */
    LT_OFFER_TAKEBACK /* everyone else agrees: the offering seat's last
                       * move is taken back, with what followed it */
} lt_offer_kind;

/* Offers a draw or asks for a takeback.  The other people at the table
 * answer; a computer agrees to a takeback, and to a draw when the game's
 * evaluation gives it no more than a draw.  An offer of the same kind
 * already made by another seat is accepted instead.  An offer lapses when
 * a seat that has not agreed makes a move. */
lt_status lt_session_offer(lt_session *, int seat, lt_offer_kind,
                           lt_error *);
lt_status lt_session_answer(lt_session *, int seat, bool accept, lt_error *);
/* The seat to move claims a draw the rules let it claim (chess:
 * threefold repetition, fifty moves; lt_game.claimable), now, or with the
 * move that brings it (FIDE 9.2.1: `move` is its name; NULL for none).  A
 * claim that is not good changes nothing. */
lt_status lt_session_claim(lt_session *, int seat, const char *move,
                           lt_error *);
/* Calls the game off while some seat still in it has not moved. */
lt_status lt_session_abort(lt_session *, int seat, lt_error *);
/* Against the computer (every other seat still in is a computer): takes
 * back the seat's last move and everything after it, dice included; redo
 * plays it all again, the same dice too, up to the seat's next move.
 * (Between people: lt_session_offer(LT_OFFER_TAKEBACK).) */
lt_status lt_session_undo(lt_session *, int seat, lt_error *);
lt_status lt_session_redo(lt_session *, int seat, lt_error *);


/* Looks at the running clock: true if a flag fell (and was dealt with:
 * events queued).  Every command looks first too. */
bool lt_session_tick(lt_session *);

/* Writes the game to path atomically.  A game without a journal keeps
 * this file as its journal from now on; with path NULL (or the journal's
 * own) the journal is rewritten whole. */
lt_status lt_session_save(lt_session *, const char *path, lt_error *);

/* The file the game is kept in, or NULL. */
const char *lt_session_journal(const lt_session *);
/* Whether each line of the journal reaches the disk (fdatasync) before
 * the session goes on: yes, unless a caller that keeps the game elsewhere
 * too (a server's store) says no.  Either way a line is written before
 * the session goes on, so a process that dies loses nothing; without the
 * flush a machine that stops may lose the last lines. */
void lt_session_set_sync(lt_session *, bool each_line);

/* ---- Events out ---------------------------------------------------------- */
typedef enum {
    LT_EV_MOVED,     /* a ply: seat, action, name, chance, took, clocks */
    LT_EV_UNDONE,    /* plies taken back: ply = how many plies remain */
    LT_EV_OFFERED,   /* seat offers (offer) */
    LT_EV_ANSWERED,  /* seat accepted or declined (offer, accepted) */
    LT_EV_CLAIMABLE, /* seat, to move, may claim a draw */
    LT_EV_FLAG,      /* seat's time ran out (clocks) */
    LT_EV_LEFT,      /* seat left a game of three or more, which goes on
                      * (reason: LT_END_RESIGN, _TIME, _ABANDON) */
    LT_EV_RESULT     /* the game is over (reason; seat who caused it) */
} lt_event_kind;

typedef struct {
    lt_event_kind kind;
    int seat;                      /* who; -1 for nobody (the dice) */
    int ply;                       /* MOVED: its index; UNDONE: plies left */
    lt_action action;              /* MOVED */
    bool chance;                   /* MOVED: a dice outcome */
    char name[LT_PLY_NAME];        /* MOVED: the action's name (records) */
    char shown[LT_PLY_NAME];       /* MOVED: as the reader reads it
                                    * (lt_display_name: "Sf3" in Polish) */
    int64_t took;                  /* MOVED: ms the ply took */
    int64_t clocks[LT_MAX_PLAYERS]; /* MOVED, FLAG: time left (ms) after
                                    * it, every seat; -1: no clock */
    lt_offer_kind offer;           /* OFFERED, ANSWERED */
    bool accepted;                 /* ANSWERED */
    lt_end reason;                 /* LEFT, RESULT */
} lt_event;

/* Takes the oldest event; false when there is none.  Drain after every
 * call: beyond LT_SESSION_EVENTS the oldest are dropped (counted by
 * lt_session_events_lost). */
bool lt_session_event(lt_session *, lt_event *out);
int lt_session_events_lost(const lt_session *);
/* An event in words, in a language ("White offers a draw.",
 * "Białe: propozycja remisu."); snprintf-like. */
int lt_event_text(const lt_session *, const lt_event *, char *buf,
                  size_t size);

/* ---- What is there ----------------------------------------------------- */
const lt_game *lt_session_game(const lt_session *);
const lt_config *lt_session_config(const lt_session *);
uint64_t lt_session_seed(const lt_session *);
/* The position now; valid until the next command. */
const lt_state *lt_session_state(const lt_session *);
/* The seat to act now, LT_CHANCE at a dice roll, or LT_TERMINAL when the
 * game is over (by its rules or otherwise). */
int lt_session_to_act(const lt_session *);
int lt_session_seats(const lt_session *);
const lt_seat *lt_session_seat(const lt_session *, int seat);
/* The name to show: the seat's own, or the game's ("White"). */
const char *lt_session_seat_name(const lt_session *, int seat, char *buf, size_t size);
/* Is the seat still in the game (it has not left it)? */
bool lt_session_in_game(const lt_session *, int seat);
/* The computer player of a computer seat (made when first asked for), or
 * NULL. */
lt_player *lt_session_player(lt_session *, int seat);
/* A tag of the game's header (setup.tags, or read from the journal), or
 * NULL. */
const char *lt_session_tag(const lt_session *, const char *key);
/* Sets a tag of the header (the journal is rewritten with it). */
lt_status lt_session_set_tag(lt_session *, const char *key, const char *value,
                             lt_error *);
/* The people who must still answer the pending offer: the first of them
 * (for a front end where several people share one keyboard), or -1. */
int lt_session_answerer(const lt_session *);
/* Is this seat one of those the pending offer still waits for? */
bool lt_session_must_answer(const lt_session *, int seat);
lt_offer_kind lt_session_offer_pending(const lt_session *, int *from);
/* May the seat to move claim a draw now?  The reason in buf. */
bool lt_session_claimable(const lt_session *, char *buf,
                          size_t size);
/* The time control and a seat's time left now (ms; -1: no clock). */
const lt_time_control *lt_session_time_control(const lt_session *);
int64_t lt_session_clock(const lt_session *, int seat);
/* Limits for a computer's search of this seat's move, from its clock:
 * the clocks (`clocks` is where lim->clocks points: seconds left, every
 * seat) and the increment for an engine that plans its own time, and
 * for any search a share of its time (seconds): with Fischer or a delay
 * a twentieth of what is left plus most of the increment, never more
 * than half of it; with a time for each move half of it. */
void lt_session_limits(const lt_session *, int seat, lt_limits *lim,
                       double clocks[LT_MAX_PLAYERS]);

/* ---- The result -------------------------------------------------------- */
lt_end lt_session_end(const lt_session *, int *seat);
/* Every seat's score, in the game's returns (a win 1 and a loss -1 with
 * two seats; shares of the win with more); zeros while in play. */
void lt_session_scores(const lt_session *, double *out);
/* "1-0", "0-1", "1/2-1/2"; with more seats the scores; "*" while in play
 * or after an abort. */
int lt_session_result_token(const lt_session *, char *buf, size_t size);
/* The result with its reason, the one text every front end shows:
 * "Black won 0\u20131 - White resigned",
 * "Wygrana: Czarne (0\u20131) - poddanie partii (Białe)"; the score as
 * players write it for two seats, the seats' points in the reason of the
 * games that have them (lt_game.end_reason). */
int lt_session_result_text(const lt_session *, char *buf,
                           size_t size);

/* ---- The ply log and the move list ------------------------------------ */
typedef struct {
    lt_action action;
    int8_t seat;             /* who made it; for dice, who threw them (-1:
                              * nobody in particular) */
    bool chance;             /* a dice outcome */
    int8_t col;              /* its column in the move list */
    int row;                 /* its row in the move list, from 1 */
    int64_t took;            /* ms it took */
    int64_t clock;           /* the seat's time left after it; -1: none */
    char name[LT_PLY_NAME];
} lt_ply;

int lt_session_plies(const lt_session *);
const lt_ply *lt_session_ply(const lt_session *, int k);
/* Ply k as the reader reads it (lt_display_name: the Polish piece
 * letters in chess); its `name` is the record's notation. */
const char *lt_session_ply_shown(const lt_session *, int k, char *buf,
                                 size_t size);
/* The position before ply k (k <= plies: k == plies is now). */
const lt_state *lt_session_state_at(const lt_session *, int k);

/* The move list as rows, numbered as the game says (lt_game.numbering):
 * full moves or rounds with one column per seat in seat order, or turns.
 * A multi-step turn (a capture chain, a mill and its removal, a throw
 * and what it allows) stays in its seat's cell; dice are shown with their
 * thrower. */
typedef struct {
    int number;                  /* 1, 2, ... */
    int first, count;            /* its plies */
    struct {
        int first, count;        /* the seat's plies in it; count 0: none */
    } cell[LT_MAX_PLAYERS];
} lt_row;

int lt_session_rows(const lt_session *);
/* Row `number` (1 .. lt_session_rows); false if there is none. */
bool lt_session_row(const lt_session *, int number, lt_row *out);
/* A cell's plies, by name, separated by spaces ("b2xd4 d4xf6"). */
int lt_session_cell_text(const lt_session *, const lt_row *, int seat,
                         char *buf, size_t size);
/* A whole row: "1. e4 e5", "1... e5", "3. Green a7-b5 | Red pass | ...",
 * "4. Player 2: 6-5-4 stop". */
int lt_session_row_text(const lt_session *, int number, char *buf,
                        size_t size);

/* ---- The board as a seat sees it --------------------------------------- */
/* Quarter turns (clockwise) that show the board from the viewer's side
 * (lt_game.seat_side), half a turn more if flipped. */
int lt_session_view_turns(const lt_session *, int viewer, bool flip);
/* Renders the position as the viewer sees it: laid out from the viewer's
 * seat (lt_game.seat_view: Talat's boards), turned that way. */
void lt_session_render(const lt_session *, int viewer, bool flip, lt_view *);
/* The same for the position before ply `ply` (0..plies; out of range:
 * the position now). */
void lt_session_render_at(const lt_session *, int ply, int viewer, bool flip,
                          lt_view *);

#endif
