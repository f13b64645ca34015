/* game.h — the one interface every Ludoteka game implements. */
#ifndef LUDOTEKA_GAME_H
#define LUDOTEKA_GAME_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ludoteka/i18n.h"

enum {
    LT_MAX_PLAYERS = 6,   /* the dice games seat up to six */
    LT_MAX_OPTIONS = 16,  /* rule options a game may declare */
    LT_MAX_ACTIONS = 1024, /* bound on any game's max_actions */
    LT_MAX_OUTCOMES = 256, /* bound on any game's max_outcomes */
    LT_SPEC_MAX = 128,     /* bytes of a player spec, with its NUL */
    LT_CHANCE = -1,       /* current_player(): a dice roll is due */
    LT_TERMINAL = -2      /* current_player(): the game is over */
};

/* Every decision and every dice outcome is an action: a small integer in
 * [0, game->num_actions).  Its meaning belongs to the game. */
typedef int32_t lt_action;

/* A game's state: state_size bytes, caller-owned, copied with memcpy.
 * Never defined: each game writes its rules on its own struct, and
 * adapt.h makes them into the members below. */
typedef struct lt_state lt_state;
struct lt_rng; /* rng.h */

/* One outcome of a chance node; weights are exact integers (three dice,
 * unordered: 56 outcomes totalling 216). */
typedef struct {
    lt_action action;
    uint32_t weight;
} lt_outcome;

typedef enum {
    LT_OK = 0,
    LT_ESYNTAX,   /* text is not in the expected notation */
    LT_EILLEGAL,  /* well formed, but not allowed here */
    LT_ERANGE,    /* a number or count out of range */
    LT_ENOSPACE,  /* an output buffer is too small */
    LT_EIO,       /* a file could not be read or written */
    LT_ENOMEM     /* out of memory */
} lt_status;

/* A message for the user, with a position when the input had lines. */
typedef struct {
    char msg[256];
    int line, col; /* 1-based; 0 when not applicable */
} lt_error;

/* ---- Rule options ------------------------------------------------------
 * A game declares its options as a table ending with name == NULL.  A
 * choice option stores the index of its choice; a number option stores the
 * number itself.  Names and choices are ASCII identifiers (the command
 * line, records, the network); what a person reads is their translation
 * (options.h: lt_option_label, lt_option_value_label), so the tables mark
 * them: NC_("option", "diagonals"), NC_("option value", "on"). */
typedef struct {
    const char *name;             /* "diagonals" */
    const char *const *choices;   /* NULL-terminated; NULL for a number */
    int min, max;                 /* range of a number option */
    int def;                      /* default: choice index or number */
    const char *help;             /* N_("..."): shown through _() */
} lt_option;

typedef struct {
    int players;
    int value[LT_MAX_OPTIONS];    /* indexed like the game's option table */
} lt_config;

/* ---- What to draw ------------------------------------------------------
 * A game describes its position as cells on a layout grid (x to the right,
 * y downwards, in cell units), links between cells (the lines of point
 * boards), pieces on cells, dice, and a few lines of text.  Front ends draw
 * any game from this alone. */
enum { LT_SHAPE_SQUARE, LT_SHAPE_POINT };
enum {
    LT_SHADE_PLAIN,    /* a point, or a square with no colour */
    LT_SHADE_LIGHT,
    LT_SHADE_DARK,
    LT_SHADE_BLOCKED,  /* out of play */
    LT_SHADE_MARKED    /* special: a start line, a promotion square, ... */
};
enum {
    LT_VIEW_CELLS = 160,
    LT_VIEW_PIECES = 192,
    LT_VIEW_LINKS = 128,
    LT_VIEW_DICE = 6,
    LT_VIEW_INFO = 8,
    LT_VIEW_BOARDS = 3,
    LT_VIEW_CHECKS = 4
};

typedef struct {
    int16_t x, y;
    uint8_t shape, shade;
    uint8_t board;     /* index into board_title */
    char name[9];      /* the coordinate the notation uses: "a1", "B2" */
} lt_cell;

typedef struct {
    int16_t cell;      /* index into cells; -1: off the board (in hand) */
    int8_t owner;      /* seat, or -1 for a neutral piece */
    uint8_t kind;      /* game-defined piece type, for styling */
    char text[4];      /* ASCII symbol, 1-3 characters */
    char glyph[8];     /* UTF-8 symbol, or "" to use text */
} lt_piece;

typedef struct {
    int16_t a, b;      /* cell indices */
} lt_link;

typedef struct {
    int8_t owner;      /* seat whose die it is, or -1 */
    uint8_t value;     /* 1..6, 0 for not yet rolled */
} lt_die;

typedef struct lt_view {
    int width, height; /* output: extent of the layout grid */
    int ncells, npieces, nlinks, ndice, ninfo, nboards;
    lt_cell cells[LT_VIEW_CELLS];
    lt_piece pieces[LT_VIEW_PIECES];
    lt_link links[LT_VIEW_LINKS];
    lt_die dice[LT_VIEW_DICE];
    char board_title[LT_VIEW_BOARDS][32];
    char info[LT_VIEW_INFO][96];
    int nchecks;       /* the cells of kings in check (chess games) */
    int16_t check[LT_VIEW_CHECKS];
} lt_view;

/* ---- The game in play (session.h) --------------------------------------
 * How the move list numbers the moves (lt_game.numbering). */
enum {
    LT_NUMBER_MOVES = 1, /* full moves: one number for a move of each seat in
                          * seat order ("1. e4 e5 2. Nf3") */
    LT_NUMBER_ROUNDS,    /* the same rows, called rounds (three or more
                          * seats: one column per seat) */
    LT_NUMBER_TURNS      /* every turn of a seat has its own number (dice
                          * games, where turns do not go round the table) */
};

/* Where a seat sits around the board as render lays it out (y grows
 * downwards, so the south side is the bottom of the layout). */
enum {
    LT_SIDE_NONE,        /* no one side: no board, or several boards */
    LT_SIDE_SOUTH,
    LT_SIDE_SOUTHWEST,
    LT_SIDE_WEST,
    LT_SIDE_NORTHWEST,
    LT_SIDE_NORTH,
    LT_SIDE_NORTHEAST,
    LT_SIDE_EAST,
    LT_SIDE_SOUTHEAST
};

/* Groups of the menu, as the seeds group the games. */
enum {
    LT_GROUP_DICE,      /* seed 000, a-l */
    LT_GROUP_ALFONSO,   /* seed 000, board games of Alfonso's book */
    LT_GROUP_ROBBERS,   /* seed 001 */
    LT_GROUP_CHESS,     /* seed 002 */
    LT_GROUP_MEDH,      /* seed 003 */
    LT_GROUP_TALAT,     /* seed 004 */
    LT_GROUP_COUNT
};

/* ---- The rule book -----------------------------------------------------
 * Immutable facts and functions: the rules and how they are shown.  What
 * plays or analyses a game (its computer players, evaluation, odds) is
 * not here but in its engines (engines.h).
 * Contracts (asserted in debug builds):
 * - legal_actions: only when current_player() >= 0; ascending, unique,
 *   never empty; at most max_actions of them.
 * - chance_outcomes: only when current_player() == LT_CHANCE; ascending,
 *   weights > 0; at most max_outcomes.
 * - apply: the action is legal (or an outcome of the chance node).
 * - returns: every seat, within [min_return, max_return]; zero before the
 *   end.
 * - write_state is canonical: two states with the same text have the same
 *   future.  read_state reads into a state initialised by init (it keeps
 *   the options) and never accepts a text that would break an invariant.
 * - action names contain no white space and none of .{}[]();$" so records
 *   can hold them.
 * - hash, if present, depends only on what write_state writes. */
typedef struct lt_game {
    const char *id;                 /* "three-mens-morris" */
    /* The words below are English, marked N_() and shown through _()
     * (lt_seat_name for the seats). */
    const char *title;              /* "Three Men's Morris" */
    const char *source;             /* "source 000: 3 Men's Morris" */
    int group;                      /* LT_GROUP_* */
    const lt_option *options;       /* ends with name == NULL */
    const char *const *seats;       /* names of the seats, or NULL */
    int min_players, max_players;
    int default_players;            /* 0: min_players */
    bool has_chance, zero_sum;
    double min_return, max_return;
    size_t state_size;
    int max_actions, max_outcomes, num_actions;
    int max_length;                 /* most actions in a game, chance too */

    lt_status (*init)(lt_state *, const lt_config *);
    int (*num_players)(const lt_state *);
    int (*current_player)(const lt_state *);
    int (*legal_actions)(const lt_state *, lt_action *out);
    int (*chance_outcomes)(const lt_state *, lt_outcome *out);
    void (*apply)(lt_state *, lt_action);
    void (*returns)(const lt_state *, double *out);
    /* snprintf-like: returns the length the full text needs.  The
     * notation of records, the network and the engines: the same in
     * every language. */
    int (*action_name)(const lt_state *, lt_action, char *buf, size_t size);
    /* Reads an action: its action_name (and coord_name), and what
     * display_name shows in the program's language. */
    lt_status (*parse_action)(const lt_state *, const char *, lt_action *);
    int (*write_state)(const lt_state *, char *buf, size_t size);
    lt_status (*read_state)(lt_state *, const char *, lt_error *);
    void (*render)(const lt_state *, lt_view *);
    /* cells an action touches: target only (1), from and to (2), then
     * cells it captures; 0 for actions off the board */
    int (*action_cells)(const lt_state *, lt_action, int *cells, int max);
    uint64_t (*hash)(const lt_state *);            /* optional */
    bool (*invariants_ok)(const lt_state *);
    /* optional: the number of action sequences of the given length from
     * the state (perft), by the game's own fast move generator; without it
     * perft walks legal_actions */
    uint64_t (*perft)(const lt_state *, int depth);
    /* optional: the legal action lt_rng_play draws, found without
     * writing every action (random playouts): legal_actions' out[k] for
     * k = lt_rng_below(rng, n), n their number, the generator left as
     * that call leaves it.  Only when a player is to move. */
    lt_action (*random_action)(const lt_state *, struct lt_rng *rng);
    /* optional: the rest of a random game in one call: the actions the
     * loop of lt_rng_play and apply would play from the state to the
     * end, played, written to out (room for max_length) and counted;
     * the state and the generator left as that loop leaves them.  For
     * games without chance, where the loop's calls cost a playout much
     * of its time (ludoteka playouts, MCTS's playouts without a cut). */
    int (*random_playout)(lt_state *, struct lt_rng *rng, lt_action *out);

    /* optional: the action in the coordinate notation external engines
     * speak (UCI, XBoard): from-square, to-square, promotion letter in
     * lower case ("e2e4", "e7e8q", "f11f12a"); parse_action must accept
     * it back */
    int (*coord_name)(const lt_state *, lt_action, char *buf, size_t size);

    /* ---- The game in play (session.h) ---------------------------------
     * How the move list is numbered: LT_NUMBER_*; every game declares it. */
    int numbering;
    /* optional: the side of the board the seat sits at (LT_SIDE_*), so a
     * front end can show the board from a seat's side; without it the
     * game has no board to turn.  lt_side_first_south and
     * lt_side_first_north serve two seats facing each other. */
    int (*seat_side)(const lt_state *, int seat);
    /* optional: the view from a seat where no one turn of the whole
     * layout (seat_side) gives it: Talat's three boards, each placed
     * and turned so that the seat's own start lines are at the bottom.
     * Moves the cells of the game's render of the same state (x, y, the
     * extent); a front end's flip, a half turn of the whole view, comes
     * after it. */
    void (*seat_view)(const lt_state *, int seat, lt_view *);
    /* optional: the seat who throws at a chance node, or -1 for nobody
     * in particular; without it a throw belongs to the seat that acts
     * after it (for the move list and the clocks) */
    int (*thrower)(const lt_state *);
    /* optional: the action as a person reads it in the program's
     * language (lt_display_name), where that differs from action_name:
     * chess in Polish with the Polish piece letters ("Sf3" for "Nf3").
     * snprintf-like; without it the action_name.  Move lists and
     * messages show this; records keep action_name. */
    int (*display_name)(const lt_state *, lt_action, char *buf, size_t size);
    /* optional: why the game ended by its rules, in the program's
     * language ("Checkmate", "Mat"); snprintf-like; only when
     * current_player() == LT_TERMINAL.
     * Without it the session says only that the game is over. */
    int (*end_reason)(const lt_state *, char *buf, size_t size);
    /* optional: may the seat to move claim a draw now (chess: threefold
     * repetition, fifty moves, FIDE 9.2 and 9.3)?  True with the reason
     * in buf.  The game goes on until somebody claims. */
    bool (*claimable)(const lt_state *, char *buf, size_t size);
    /* optional: could the seat still win by some series of legal moves,
     * however unlikely (FIDE 6.9: a flag fall draws when the opponent
     * could not)?  Without it, yes. */
    bool (*can_win)(const lt_state *, int seat);
    /* optional, games where players drop out (three or more): is the
     * seat still in the game by the rules (not mated out, not left)?
     * Without it every seat is, to the end. */
    bool (*in_game)(const lt_state *, int seat);
    /* optional, with in_game: the seat leaves the game (resigned, out of
     * time) as the rules treat a player who is out; its turns are
     * skipped from then on and the game ends if the rules say so (the
     * last one left wins).  Only when the game is not over, the seat is
     * still in it and at least three seats are.  Without it, a seat that
     * leaves ends the game. */
    void (*leave)(lt_state *, int seat);
} lt_game;

/* ---- Registry (registry.c: one table, one line per game) ---- */
int lt_game_count(void);
const lt_game *lt_game_at(int i);
const lt_game *lt_game_find(const char *id);
/* The rules of a game as the program shows them (src/games/ID/rules.LANG.txt,
 * built in) in a language ("en", "pl"; lt_language()), or NULL when it
 * has none in that language. */
const char *lt_rules_text(const lt_game *, const char *lang);

/* ---- Checked helpers around a game (game.c) ---- */
lt_state *lt_state_new(const lt_game *);
void lt_state_free(lt_state *);
void lt_state_copy(const lt_game *, lt_state *dst, const lt_state *src);

/* Is the number of players allowed?  The message says what is. */
lt_status lt_check_players(const lt_game *, int players, lt_error *);

/* Validates the player count and option values, then calls init. */
lt_status lt_init(const lt_game *, lt_state *, const lt_config *, lt_error *);

/* The actions possible now: the legal actions, or the outcomes of a
 * chance node (without weights); 0 when the game is over. */
int lt_choices(const lt_game *, const lt_state *, lt_action *out);

/* Is the action legal, or an outcome of the chance node? */
bool lt_is_legal(const lt_game *, const lt_state *, lt_action);

/* Two ways an action reaches a game outside the engines and searches
 * (which call apply on actions they generated themselves):
 *
 * lt_apply: checked always - for an action from outside (a person, a
 * file, the network, another program).  LT_EILLEGAL, and the state
 * unchanged, if the action is not legal here (nor an outcome of the
 * chance node); the game's invariants are asserted after it in debug
 * builds.  The game in play (session.h) plays every ply through it. */
lt_status lt_apply(const lt_game *, lt_state *, lt_action);

/* lt_advance: for a loop that takes its actions from the game itself
 * (lt_choices, legal_actions, lt_rng_play) or from our own searchers:
 * random playouts, perft, the bench, a solver's test games - where a
 * check on every ply would cost the loop its speed.  The
 * action's legality and the game's invariants after it are asserted in
 * debug builds only; in a release build it is the game's apply (inline:
 * a playout takes one at every ply). */
static inline void lt_advance(const lt_game *g, lt_state *s, lt_action a)
{
    assert(lt_is_legal(g, s, a));
    g->apply(s, a);
    assert(g->invariants_ok(s));
}

/* Parses an action in the notation of records, engines and the network
 * (the game's parser, or its names when it has none);
 * on failure the message names what was expected. */
lt_status lt_parse(const lt_game *, const lt_state *, const char *text,
                   lt_action *out, lt_error *);
/* Parses what a person typed: the action as shown to them
 * (lt_display_name: "Sf3" in Polish, "+" and "#" optional) first, then
 * the notation (lt_parse). */
lt_status lt_parse_typed(const lt_game *, const lt_state *, const char *text,
                         lt_action *out, lt_error *);
/* A name of the notation with its leading word ("pass", "roll", "back"
 * of "back-G5", "die" of "die3") in the reader's language: what
 * lt_display_name shows for games without their own display_name. */
const char *lt_move_words(const char *name, char *buf, size_t size);

/* The name of an action into a fixed buffer (truncated if need be): the
 * notation of records (lt_game.action_name). */
const char *lt_name(const lt_game *, const lt_state *, lt_action,
                    char *buf, size_t size);
/* The action as a person reads it in the program's language
 * (lt_game.display_name, or lt_name): for move lists and messages. */
const char *lt_display_name(const lt_game *, const lt_state *, lt_action,
                            char *buf, size_t size);

/* The game's title and source in the program's language. */
const char *lt_game_title(const lt_game *);
const char *lt_game_source(const lt_game *);

/* Seat name in the program's language ("White", "Białe", or "Player 3"
 * when unnamed). */
const char *lt_seat_name(const lt_game *, int seat, char *buf,
                         size_t size);

/* Sides for two seats facing each other (lt_game.seat_side): the first
 * seat at the south (bottom) and the second at the north, or the other
 * way round. */
int lt_side_first_south(const lt_state *, int seat);
int lt_side_first_north(const lt_state *, int seat);
/* lt_game.num_players of the games for two, and chance_outcomes of the
 * games without chance (adapt.h: LT_TWO_PLAYERS, LT_NO_CHANCE). */
int lt_two_players(const lt_state *);
/* lt_game.seats of the games of White and Black */
extern const char *const lt_white_black[];
int lt_no_chance(const lt_state *, lt_outcome *out);
/* Quarter turns clockwise that bring a side to the bottom of the layout
 * (a corner to the bottom left or right). */
int lt_side_turns(int side);
/* Turns a view by quarter turns clockwise (cells, width and height). */
void lt_view_turn(lt_view *, int quarter_turns);

/* For the games drawn at a cap on the number of moves: the reason
 * ("draw: the move cap (60 moves)"; snprintf-like), and the line of a
 * view that counts the moves ("Move 12 of 60"). */
int lt_cap_reason(unsigned cap, char *buf, size_t size);
void lt_view_moves(lt_view *, unsigned move, unsigned cap);

/* Result as text: "1-0", "0-1", "1/2-1/2" for two players with returns in
 * {-1,0,1}; otherwise the returns separated by spaces. "*" if not over. */
void lt_result_text(const lt_game *, const lt_state *, char *buf, size_t size);
/* The score as players write it, for a person to read: "1\u20130",
 * "\u00bd\u2013\u00bd", "0\u20131" for a game of two won, drawn or
 * lost (returns in {-1, 0, 1} of a game whose returns are that: not money
 * won); "" for any other.  snprintf-like. */
int lt_score_text(const lt_game *, const double *returns, int players,
                  char *buf, size_t size);

#endif
