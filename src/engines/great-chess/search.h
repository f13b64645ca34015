/* search.h — the Grande Acedrex searcher: iterative deepening alpha-beta
 * (PVS) with a transposition table, quiescence, null move, late move
 * reductions and pruning. */
#ifndef LUDOTEKA_GC_SEARCH_H
#define LUDOTEKA_GC_SEARCH_H

#include <stddef.h>

#include "../../games/great-chess/gc.h"

/* ---- eval.c ---- */
/* Static evaluation in centipawns for the side to move. */
int gc_eval(const gc_pos *);
extern const int gc_value[GC_NTYPES];

enum { GC_MAX_PLY = 128, GC_INF = 32000, GC_MATE = 31000 };
/* Scores beyond this are a forced win or loss (mate, or a won stalemate). */
#define GC_IS_MATE(v) ((v) > GC_MATE - 1000 || (v) < -(GC_MATE - 1000))

typedef struct {
    gc_move best;
    int score;        /* centipawns for the side to move, or mate scores */
    int depth;        /* last finished iteration */
    long long nodes;
    double seconds;
    int pv_len;
    gc_move pv[GC_MAX_PLY];
} gc_report;

typedef struct {
    int depth;               /* 0: no limit */
    long long nodes;         /* 0: no limit */
    double seconds;          /* 0: no limit */
    const volatile int *stop;
    int noise;               /* centipawns of seeded noise in the evaluation */
    uint64_t seed;
    void (*progress)(void *ctx, const gc_report *);
    void *ctx;
} gc_limits;

typedef struct gc_search gc_search;

/* A searcher with a transposition table of about hash_mb megabytes;
 * NULL when out of memory. */
gc_search *gc_search_new(int hash_mb);
void gc_search_free(gc_search *);
/* The best move of the position, which has a legal move; the report may
 * be NULL. */
gc_move gc_search_run(gc_search *, const gc_pos *, const gc_limits *,
                      gc_report *);

#endif
