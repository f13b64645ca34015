/* endgame.h — endgame databases of the games whose positions are two
 * sides' men on the points of a board (nine men's morris): a retrograde
 * analysis of every position with few men left, kept on disk in the
 * user's cache folder, and read by the computer players.
 *
 * A position is the men of the side to move (the mover) and of the other
 * side as two sets of points; the values do not depend on which colour
 * moves, so one table serves both.  Table (x, y) holds every position
 * with x men of the mover and y of the other, indexed by the colex rank
 * of the mover's points among all points, times the number of ways to
 * place y men, plus the colex rank of the other's points among the points
 * the mover leaves free.  A value is 0 for a draw (neither side can
 * force the end), otherwise 1 + d, d the number of moves (plies) to the
 * end with perfect play (win fastest, lose slowest): the mover wins when
 * d is odd and loses when it is even (0: lost now).  A move that makes a
 * capture or a removal leads to a table of fewer men; the tables are
 * solved smallest first, the captures looked up in them.  The draw rules
 * that look at the game's history (repetition, moves without capture)
 * are not part of the values. */
#ifndef LUDOTEKA_ENDGAME_H
#define LUDOTEKA_ENDGAME_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../tablefile.h"
#include "ludoteka/ai.h"
#include "ludoteka/game.h"

enum {
    EG_POINTS_MAX = 25,   /* points of a board, at most */
    EG_MEN_MAX = 5,       /* men of a side in a table, at most */
    EG_CHILDREN_MAX = 512 /* positions after one move, at most */
};

/* A position after a move: the men of its side to move and of the other
 * side, or over (the side to move has lost: no men left, too few, or
 * blocked, as the game's rules judged it). */
typedef struct {
    uint32_t mover, other;
    bool over;
} eg_child;

struct eg_tables;
struct eg_job;
struct eg_report;

/* A game's rules for its tables, under one set of its options. */
typedef struct eg_rules {
    const lt_game *game;
    char name[48];     /* in the file name: "nine-mens-morris-mills-flying" */
    int points;        /* of the board */
    int least;         /* the fewest men of a side in a table: with fewer,
                        * the game is over */
    unsigned variant;  /* the game's own: which options */
    /* The positions after each move of the mover (a whole turn: a step and
     * the removal it brings), by the game's own rules; none if the mover
     * cannot move (then it has lost).  At most EG_CHILDREN_MAX. */
    int (*children)(const struct eg_rules *, uint32_t mover, uint32_t other,
                    eg_child *out);
    /* The solver's way back: the sets `other` had before its last move if
     * that move captured and removed nothing (so the position before it,
     * with the sides' roles swapped, is in the table of the same men).
     * Every such move, once: the inverse of the moves children gives. */
    int (*unmoves)(const struct eg_rules *, uint32_t mover, uint32_t other,
                   uint32_t *before);
    /* A game whose positions are not men on at most 32 points leaves
     * children and unmoves NULL and brings its own: the layout of its
     * tables (the eg_tables' entries, and offset and size where its
     * tables are those of x men against y), and the check of its
     * positions; then either the solver's forward pass and way back over
     * its positions (Rozbójnicy: 64 squares and two kinds of men; the
     * shared solver does the rest), or a build of its own (Four Seasons',
     * by the men's kinds, in an order of its own, and fill in only
     * entries).  Each may be given the processes of a job, and splits its
     * work over them (eg_job below): eg_build and eg_verify call them,
     * the job never NULL.  The command, the cache file and (for two
     * sides) the player are the shared ones.  NULL for the others. */
    void (*layout)(struct eg_tables *);
    /* The forward pass over positions [lo, hi) of table (x, y), val and
     * cnt the table's: each position's moves (eg_moves_add: a child's
     * value for its side to move, -1 for one of x + y men) made its value
     * and count (eg_moves_value); an index that is no position gets value
     * 0 and count EG_NOLOSS.  Returns how many are no position, or
     * UINT64_MAX when a distance does not fit a byte. */
    uint64_t (*forward)(const struct eg_tables *, int x, int y, uint64_t lo,
                        uint64_t hi, uint8_t *val, uint8_t *cnt);
    /* The indices in table (y, x) of the positions that move to position
     * idx of table (x, y) by a move that captures nothing; at most
     * EG_CHILDREN_MAX. */
    int (*back)(const struct eg_tables *, int x, int y, uint64_t idx,
                uint64_t *before);
    /* A build of its own (it may call eg_solve). */
    struct eg_tables *(*build)(const struct eg_rules *, int most,
                               const struct eg_job *,
                               void (*report)(void *, const struct eg_report *),
                               void *ctx, char *msg, size_t size);
    /* The check of the positions of this process's range of each table
     * (eg_range): the number that disagree, the first described in msg
     * (eg_verify adds up those of the job's processes). */
    uint64_t (*verify)(const struct eg_tables *, const struct eg_job *,
                       char *msg, size_t size);
} eg_rules;

/* Fills in rules (its name is the caller's to write). */
void eg_rules_init(eg_rules *, const lt_game *, int points, int least,
                   unsigned variant,
                   int (*children)(const eg_rules *, uint32_t, uint32_t, eg_child *),
                   int (*unmoves)(const eg_rules *, uint32_t, uint32_t, uint32_t *));

/* The tables of one set of rules, for least..most men of each side. */
typedef struct eg_tables {
    eg_rules rules;
    int most;
    uint64_t offset[EG_MEN_MAX + 1][EG_MEN_MAX + 1]; /* table (x, y) */
    uint64_t size[EG_MEN_MAX + 1][EG_MEN_MAX + 1];   /* its positions */
    uint64_t entries;  /* of all tables */
    int maxd;          /* the longest distance to the end */
    uint8_t *value;    /* entries values as above */
    void *mapping;     /* the cache file, when read from it */
    size_t mapped;
} eg_tables;

/* How a build went, table by table, for `ludoteka solve --endgames`. */
typedef struct eg_report {
    int x, y;                     /* men of the mover and the other */
    char name[16];                /* "2-1", or the game's ("KR-K") */
    uint64_t positions, won, drawn, lost;
    int maxd;
    double seconds;               /* processor time of its group */
} eg_report;

/* The processes of a job that build and check the tables together (an
 * MPI job: mpirun -np N ludoteka solve ID --endgames; src/cli/mpi_job.c
 * carries the messages).  Every process holds the whole tables; each
 * table's positions are split into size ranges in index order, process
 * rank working on the rank-th: the forward pass and the check over its
 * range, each layer from its range's positions, the updates of others'
 * positions sent to them in rounds; a pair of tables done, every range
 * goes to every process.  NULL, or size 1: one process alone. */
typedef struct eg_job {
    int rank, size;
    size_t words; /* updates put aside for a process in a round, at most;
                   * 0: 2^18 / (size - 1); never under 4 EG_CHILDREN_MAX */
    void *ctx;
    /* With every process: true when ok is true in all of them. */
    bool (*all)(void *ctx, bool ok);
    /* Process r's bytes [start[r], start[r + 1]) of buf to every
     * process (start has size + 1 entries). */
    bool (*share)(void *ctx, void *buf, const uint64_t *start);
    /* To each process r the len[r] bytes at out + at[r]; returns what
     * every process sent this one, one after another (malloc'd, *got
     * bytes), or NULL on failure. */
    void *(*swap)(void *ctx, const void *out, const size_t *at,
                  const size_t *len, size_t *got);
} eg_job;

/* ---- The split, for the shared solver and a game's own ---- */

/* With every process of the job: true when ok is true in all of them. */
bool eg_all(const eg_job *, bool ok);
/* This process's range [*lo, *hi) of a table of n positions: the
 * rank-th of size nearly equal ranges in index order; and the process
 * whose range holds position idx. */
void eg_range(const eg_job *, uint64_t n, uint64_t *lo, uint64_t *hi);
int eg_owner(const eg_job *, uint64_t n, uint64_t idx);
/* Every process's range of the n bytes at values (as eg_range's) to
 * every process. */
bool eg_share(const eg_job *, void *values, uint64_t n);
/* Every process's n numbers at v, added up (or with most, the largest of
 * each), into v in every process (alone: as they are); false if the
 * messages failed. */
bool eg_combine(const eg_job *, double *v, int n, bool most);
/* The same message in every process after a failure the job agreed on
 * (eg_all): its own if it failed itself. */
void eg_failed(bool mine, const char *what, char *msg, size_t size);

/* The updates of a layer for positions in other processes' ranges, a
 * word each (the solver's: an index and its table), put aside and sent
 * to their processes in rounds: by default 2^18 words in all, shared by
 * the other processes (eg_job's words). */
typedef struct {
    const eg_job *job;
    uint64_t *out;      /* process r's words at r * cap */
    size_t cap, *nout;  /* words for each process, and so far */
    bool full;          /* a process's words within EG_CHILDREN_MAX of cap */
    bool failed;        /* the messages failed */
} eg_exchange;
/* Ready for the job (alone: nothing to put aside); false when out of
 * memory. */
bool eg_exchange_init(eg_exchange *, const eg_job *);
void eg_exchange_free(eg_exchange *);
void eg_exchange_put(eg_exchange *, int process, uint64_t word);
/* A layer: scan(ctx) goes on over this process's positions of the layer
 * (each time from where it left off) until through (true) or the
 * exchange is full (false); then a round, the words the others sent here
 * given to apply(ctx, word); until every process is through.  Within a
 * layer the order of the updates must not matter. */
void eg_exchange_layer(eg_exchange *, bool (*scan)(void *ctx),
                       void (*apply)(void *ctx, uint64_t word), void *ctx);

/* The values' arithmetic, shared by the solvers (endgame.c, and a
 * game's own): a position's moves taken one by one, each by the value of
 * the position it leads to for its side to move (1 for a game over: that
 * side has lost), or -1 where that value is not known (in the forward
 * pass, a position of the pair being solved; in the check, none). */
enum { EG_NOLOSS = 255 }; /* the count of a position that cannot be lost */
typedef struct {
    int n, win, lossmax, unknown;
    bool draw;
} eg_moves;
#define EG_MOVES_NONE ((eg_moves){.win = 256})
void eg_moves_add(eg_moves *, int v);
/* What the moves make the position: its value, as far as the known ones
 * tell (lost in lossmax at the soonest when unknown ones are left, with
 * *count of them; EG_NOLOSS when it cannot be lost); -1 if a distance
 * does not fit a byte. */
int eg_moves_value(const eg_moves *, uint8_t *count);
/* A position (value *val, count *cnt) moves to one decided in layer k:
 * a loss in k makes it won in k + 1 unless it is won sooner; a win in k
 * takes one from its count, and at 0 it is lost in k + 1 or later.  Its
 * distance if its value changed, else -1. */
int eg_reach(uint8_t *val, uint8_t *cnt, int k);

/* The counts of a report (positions, won, drawn, lost, maxd) of the n
 * values at val, none of which are no position (value 0). */
void eg_tally(eg_report *, const uint8_t *val, uint64_t n, uint64_t none);

/* Lays out the tables (offset, size, entries) for rules and most. */
void eg_layout(eg_tables *, const eg_rules *, int most);
/* Builds the tables up to most men a side, in the processes of job (may
 * be NULL), each of which gets the same tables; NULL (with a message)
 * when out of memory, when a distance does not fit a byte, or when
 * another process of the job failed.  report (may be NULL) is called as
 * each group of tables (x, y) and (y, x) is done, its seconds those of
 * all the job's processes.  The game's own build if it has one, else
 * eg_solve. */
eg_tables *eg_build(const eg_rules *, int most, const eg_job *job,
                    void (*report)(void *, const eg_report *), void *ctx,
                    char *msg, size_t size);
/* The shared solver (the same, job never NULL). */
eg_tables *eg_solve(const eg_rules *, int most, const eg_job *job,
                    void (*report)(void *, const eg_report *), void *ctx,
                    char *msg, size_t size);
void eg_free(eg_tables *);

/* The value of a position (above), or -1 if it is in no table. */
int eg_value(const eg_tables *, uint32_t mover, uint32_t other);
/* The index of a position in its table, and back. */
uint64_t eg_index(const eg_tables *, uint32_t mover, uint32_t other);
void eg_position(const eg_tables *, int x, int y, uint64_t index,
                 uint32_t *mover, uint32_t *other);

/* The consistency check, by the game's own moves (children) and not by
 * the solver's way back: a position lost at once has no moves; a won one
 * has a move to a position lost for the other side, the quickest one
 * such in exactly one ply fewer; a lost one has only moves to won
 * positions, the slowest in one ply fewer; a drawn one no move to a lost
 * position and one to a drawn position.  Returns the number of positions
 * that disagree (the first described in msg); with a job (may be NULL),
 * each process checks its ranges and every process gets the sum (the
 * first of the lowest process described), or UINT64_MAX when the
 * messages failed (msg says). */
uint64_t eg_verify(const eg_tables *, const eg_job *job, char *msg, size_t size);

/* The cache file of the tables of rules with most men each side, in
 * $XDG_CACHE_HOME/ludoteka (else ~/.cache/ludoteka); "" with no cache
 * folder. */
void eg_cache_path(const eg_rules *, int most, char *buf, size_t size);
/* The tables from the cache file, or NULL: no file (msg ""), or a file
 * refused (msg says why: another version, other rules, cut short,
 * damaged: its checksum), never used. */
eg_tables *eg_cache_load(const eg_rules *, int most, char *msg, size_t size);
/* Stores the tables there (through a temporary file renamed into place);
 * false, with a message, if it could not. */
bool eg_cache_store(const eg_tables *, char *msg, size_t size);
/* The bytes of the cache file of these tables. */
uint64_t eg_file_bytes(const eg_tables *);

/* The rules of the tables of game g under cfg, and the men its tables
 * have by default and at most (games.c); false, with a message, if the
 * game has none (under these options). */
bool eg_rules_of(const lt_game *g, const lt_config *cfg, eg_rules *,
                 int *men, int *men_max, char *msg, size_t size);

/* ---- Play by the tables (player.c) ---- */

/* A game's tables in play: read from the cache folder once a process
 * (the most men there are, from most down), never built there.  make
 * gives the rules of a variant; the slot keeps what was found. */
typedef struct {
    atomic_int done;
    eg_tables *tables;
} eg_slot;
const eg_tables *eg_in_play(eg_slot *, void (*make)(eg_rules *, unsigned),
                            unsigned variant, int most);

enum { EG_OUTSIDE = -1, EG_MIDTURN = -2 };

/* What the player needs of a game. */
typedef struct eg_game {
    const lt_game *game;
    /* The value of a state for its side to move from the tables in play;
     * EG_OUTSIDE: not a position of the tables (or none on disk);
     * EG_MIDTURN: the mover acts again (a removal after a mill, a
     * capture chain going on), so its best action's value is its own. */
    int (*lookup)(const lt_state *);
    void (*fallback)(const lt_state *, double *); /* the game's evaluation */
    void (*evaluate)(const lt_state *, double *); /* eg_evaluate of the game */
} eg_game;

/* The game's entry (games.c), or NULL. */
const eg_game *eg_game_of(const lt_game *);

/* Each game's own (src/engines/<id>/endgames.c): the rules of its tables
 * under a configuration, the men a side its tables have by default and
 * at most, and its entry. */
extern const lt_game lt_nine_mens_morris, lt_alquerque, lt_robbers,
    lt_four_seasons;
void nmm_endgame_config(const lt_config *, eg_rules *, int *men, int *men_max);
void alq_endgame_config(const lt_config *, eg_rules *, int *men, int *men_max);
void rob_endgame_config(const lt_config *, eg_rules *, int *men, int *men_max);
/* Four Seasons' (four-seasons/endgames.c; its player is its own engine's,
 * four seats): false with a message under dice. */
bool fs4_endgame_config(const lt_config *, eg_rules *, int *men,
                        int *men_max, char *msg, size_t size);
extern const eg_game nmm_endgame, alq_endgame, rob_endgame;
/* The value of a state for its side to move (mid-turn states through
 * their actions), or EG_OUTSIDE. */
int eg_state_value(const eg_game *, const lt_state *);
/* The tables' value where there is one (a hair short of a win or a loss,
 * by the distance), else the game's evaluation. */
void eg_evaluate(const eg_game *, const lt_state *, double *out);

/* "ai:endgame[:nodes=N|depth=D|time=S][:slip=P]": a perfect move
 * whenever the position is in a table in play (the quickest win, the
 * slowest loss, else a draw); otherwise an alpha-beta search whose leaves
 * take the tables' values where they have them (eg_evaluate), and with
 * chance P (slip) a random move instead of the search's, as the generic
 * levels' blunder=P. */
extern const lt_engine eg_engine;
/* The levels of a game with tables: the generic ladder (ai.h), but from
 * level 3 up ai:endgame with that ladder's nodes and its random moves as
 * slips; without tables on disk it plays as the generic levels do
 * (docs/endgames.md). */
extern const char *const eg_levels[5];

#endif
