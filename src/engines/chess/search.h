/* search.h — the engine's search: iterative deepening principal
 * variation search over the bitboard board, with a shared transposition
 * table and any number of threads (lazy SMP). */
#ifndef CHESS_SEARCH_H
#define CHESS_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "../../games/chess/chess.h"

enum {
    SCORE_INF = 32000,
    SCORE_MATE = 31000,       /* mate now; mate in n plies: MATE - n */
    SCORE_MATE_BOUND = 30000, /* beyond this a score is a mate */
    MAX_PLY = 96,
    MAX_THREADS = 64,
    HASH_MAX_MB = 4096
};

struct chess_report;

/* What to search and for how long.  Zero means no limit; times in
 * seconds.  With a clock (time_left) the search plans its own time. */
typedef struct {
    int depth;
    long long nodes;
    double movetime;             /* exactly this long */
    double time_left, increment; /* the mover's clock */
    int moves_to_go;             /* moves until the next time control */
    double overhead;             /* a move's cost in communication;
                                  * 0: 50 ms */
    bool infinite;               /* until stopped (UCI go infinite/ponder) */
    const volatile int *stop;    /* another stop flag (lt_limits) */
    /* Weakening for the lower levels: every root move gets an exact
     * score at this depth, plus noise up to `noise` centipawns drawn from
     * seed, and the best noisy score is played. */
    int noise;
    uint64_t seed;
    /* called after every iteration (and at the end) */
    void (*report)(void *ctx, const struct chess_report *);
    void *ctx;
} chess_limits;

typedef struct chess_report {
    int depth, seldepth;
    int score; /* for the side to move; mates as above */
    long long nodes;
    double seconds;
    int hashfull;
    chess_move pv[MAX_PLY];
    int pvlen;
} chess_report;

typedef struct chess_search chess_search;

/* A search instance owns its table (hash_mb) and threads. */
chess_search *chess_search_new(int hash_mb, int threads);
void chess_search_free(chess_search *);
/* false if the memory could not be had (the old size stays). */
bool chess_search_set_hash(chess_search *, int mb);
void chess_search_set_threads(chess_search *, int threads);
/* Evaluates with a network (nnue.h; NULL: the hand-made evaluation); the
 * network is the caller's and must outlive the searches. */
struct nnue_net;
void chess_search_set_net(chess_search *, const struct nnue_net *);
/* Forgets everything learnt (UCI ucinewgame). */
void chess_search_clear(chess_search *);
/* Asks a running search to stop soon (from another thread). */
void chess_search_stop(chess_search *);
/* Turns an infinite (pondering) search into a timed one from now. */
void chess_search_ponderhit(chess_search *);

/* Searches the root position; hist holds the keys of the nhist earlier
 * positions since the last capture or pawn move (for repetitions).
 * Returns the best move (MOVE_NONE only if there is no legal move). */
chess_move chess_search_run(chess_search *, const chess_pos *root,
                            const uint64_t *hist, int nhist,
                            const chess_limits *, chess_report *result);

/* Weakens limits to a level 1..5 (5: full strength): levels 1 and 2
 * search one and two plies with noise on the root scores, level 3 five
 * plies, level 4 30000 nodes a move; a tighter limit already set is
 * kept. */
void chess_apply_level(chess_limits *, int level);

/* see.c */
extern const int chess_see_value[7];
int chess_see(const chess_pos *, chess_move);

#endif
