/* graph.h — point-and-line boards (alquerque, the morris games): points
 * with layout coordinates, the links drawn between them, and what follows
 * from the drawing: neighbours, straight lines of three points (mills,
 * rows) and jumps (from, over, to along one straight line). */
#ifndef LUDOTEKA_GRAPH_H
#define LUDOTEKA_GRAPH_H

#include <stdbool.h>
#include <stdint.h>

enum {
    GRAPH_POINTS = 25,
    GRAPH_LINKS = 64,
    GRAPH_DEGREE = 8,
    GRAPH_LINES = 48,
    GRAPH_JUMPS = 128
};

/* What a board is drawn as: point names and layout positions (x right,
 * y down), and the links as pairs of point indices. */
typedef struct {
    int npoints;
    const char *const *names;
    const int8_t (*xy)[2];
    int nlinks;
    const int8_t (*links)[2];
} graph_spec;

/* Invariants: adj[p][0..degree[p]) are p's neighbours in ascending order
 * and bit q of adjmask[p] is set iff p and q are linked.  A line (a, m, b)
 * has a < b and m - a == b - m as vectors, with both links drawn; each
 * straight triple appears once.  A jump (from, over, to) is a line walked
 * in either direction, so there are twice as many jumps as lines. */
typedef struct {
    int npoints, nlinks, nlines, njumps;
    char name[GRAPH_POINTS][4];
    int8_t x[GRAPH_POINTS], y[GRAPH_POINTS];
    int8_t link[GRAPH_LINKS][2];
    uint8_t degree[GRAPH_POINTS];
    int8_t adj[GRAPH_POINTS][GRAPH_DEGREE];
    uint32_t adjmask[GRAPH_POINTS];
    int8_t line[GRAPH_LINES][3];
    uint32_t linemask[GRAPH_LINES];
    int8_t jump[GRAPH_JUMPS][3];
} graph;

void graph_build(graph *, const graph_spec *);
/* Index of a point by name (any case), or -1. */
int graph_find(const graph *, const char *name);
/* Index of a point named by the first two characters of text, or -1. */
int graph_find_prefix(const graph *, const char *text);
bool graph_linked(const graph *, int a, int b);
/* Does the set of points (bit p = point p) contain a whole line? */
bool graph_has_line(const graph *, uint32_t set);

#endif
