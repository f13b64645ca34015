/* analysis.h — a game analysed move by move, as lichess and GNU
 * Backgammon do: for every ply made by a player (not a dice outcome), the
 * computer's evaluation before it, the move it would have made, the
 * evaluation after the move played, what that move lost and a mark for
 * the losses that matter.
 *
 * The values are expected scores from the mover's side in [-1, 1] (+1 a
 * sure win, 0 even, -1 a sure loss; a game's returns mapped linearly from
 * [min_return, max_return]).  They come from, in this order:
 *   - the exact odds (engines.h lt_engines.odds) at a decision a dice
 *     game's odds value: each choice's exact value; a chance p of winning
 *     the turn counts as 2p - 1, and in a game played for stakes a
 *     choice's expected gain counts as a share of the largest expected
 *     gain or loss among the choices there (so the loss is the share of
 *     what was at stake that the move gave away);
 *   - the game's perfect player ("ai:perfect": a solved game);
 *   - the game's own engine ("ai:engine": chess, great chess, Talat);
 *   - alpha-beta (two players; expectimax with dice) or best-reply
 *     search (three or more) with the game's evaluation;
 *   - Monte Carlo tree search for a game without one.
 * Every search is limited by depth or nodes, never by time, and seeded by
 * the ply: the same game analyses the same way every time.
 *
 * The value after a move is the value of the position it leads to,
 * searched as the one before it (at a dice roll: the mean over the
 * outcomes, each weighted by its chance); the loss is the value before
 * (the best move's) less the value after, zero when the move played is
 * the one the computer would have made.
 *
 * The marks follow lichess's on its winning chances (a loss in [-1, 1]):
 * a loss of 0.1 or more is an inaccuracy (?!), 0.2 a mistake (?), 0.3 a
 * blunder (??). */
#ifndef LUDOTEKA_ANALYSIS_H
#define LUDOTEKA_ANALYSIS_H

#include <stdbool.h>
#include <stdint.h>

#include "ludoteka/engines.h"
#include "ludoteka/game.h"
#include "ludoteka/record.h"

enum {
    LT_ANALYSIS_PLIES = 2000, /* the most actions of a game analysed */
    LT_ANALYSIS_EXACT = 48    /* bytes of an exact value's text */
};

/* Thresholds of the marks: the least loss of each. */
#define LT_LOSS_INACCURACY 0.1
#define LT_LOSS_MISTAKE 0.2
#define LT_LOSS_BLUNDER 0.3

typedef enum {
    LT_MARK_NONE,
    LT_MARK_INACCURACY,
    LT_MARK_MISTAKE,
    LT_MARK_BLUNDER
} lt_mark;

/* How much to search each position; zero: the analyser's default. */
typedef struct {
    int depth;               /* plies */
    long long nodes;         /* nodes or playouts */
    int max_plies;           /* refuse longer games; 0: LT_ANALYSIS_PLIES */
    /* called after each ply analysed: done of total */
    void (*progress)(void *ctx, int done, int total);
    void *ctx;
    const volatile int *stop; /* non-zero: give up (LT_EIO, "stopped") */
} lt_analysis_limits;

/* One ply made by a player. */
typedef struct {
    int ply;                 /* its index among the game's actions */
    int seat;                /* who made it */
    int nlegal;              /* the moves there were */
    lt_action played, best;
    double before;           /* the mover's expected score before it */
    double after;            /* ... after the move played */
    double loss;             /* before - after, at least 0; 0 if best */
    lt_mark mark;
    /* every seat's expected score after the move played: the graph */
    double score[LT_MAX_PLAYERS];
    /* the same before and after in the game's own units: the searches'
     * expected return, or the exact odds' chance or stakes */
    double value_before, value_after;
    bool exact;              /* exact values (odds, a solved game) */
    /* with exact odds: the values of the best and the played choice as
     * fractions ("505/216"), "" when not known */
    char best_exact[LT_ANALYSIS_EXACT], played_exact[LT_ANALYSIS_EXACT];
} lt_analysed_ply;

typedef struct {
    const lt_game *game;
    char analyser[LT_SPEC_MAX]; /* the player spec used, or "odds" */
    int depth;                  /* the limits it searched with */
    long long nodes;
    int nactions;               /* the actions of the game */
    int n;                      /* the plies analysed */
    lt_analysed_ply *plies;
    int marks[LT_MARK_BLUNDER + 1][LT_MAX_PLAYERS]; /* marks per seat */
} lt_analysis;

/* Analyses the game from start through the n actions (every one legal in
 * turn: dice outcomes included); out is to be freed by
 * lt_analysis_free.  LT_ERANGE when n is above the limit, LT_EILLEGAL
 * when an action is not legal, LT_EIO when stopped, with a message. */
lt_status lt_analyse(const lt_game *, const lt_state *start,
                     const lt_action *actions, int n,
                     const lt_analysis_limits *, lt_analysis *out,
                     lt_error *);
/* The same for a record: its position (or the start) and its actions. */
lt_status lt_analyse_record(const lt_record *, const lt_analysis_limits *,
                            lt_analysis *out, lt_error *);
void lt_analysis_free(lt_analysis *);

/* The analyser a game gets: the player spec (written into spec), and
 * whether it searches by nodes rather than by depth by default. */
void lt_analyser_spec(const lt_game *, char *spec, size_t size);

/* The mark for a loss, its name in the program's language ("blunder",
 * "błąd") and its sign ("??"); "" for none. */
lt_mark lt_mark_of(double loss);
const char *lt_mark_name(lt_mark);
const char *lt_mark_sign(lt_mark);

#endif
