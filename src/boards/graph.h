/* graph.h — point-and-line boards (alquerque, the morris games): points
 * with layout coordinates, the links drawn between them, and what follows
 * from the drawing: neighbours, straight lines of three points (mills,
 * rows) and jumps (from, over, to along one straight line); the two boards
 * the games share; Zobrist keys; the record of reversible steps that the
 * repetition rule needs. */
#ifndef LUDOTEKA_GRAPH_H
#define LUDOTEKA_GRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ludoteka/game.h"

enum {
    GRAPH_POINTS = 25,
    GRAPH_LINKS = 64,
    GRAPH_DEGREE = 8,
    GRAPH_LINES = 48,
    GRAPH_JUMPS = 128,
    GRAPH_LINES_AT = 12, /* lines through one point: as middle or as end */
    GRAPH_HISTORY = 200  /* reversible steps remembered */
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
 * in either direction, so there are twice as many jumps as lines.
 * hop[p][0..nhops[p]) are the jumps starting at p as (over, to), in
 * ascending order of `to`; between[a][b] is the middle point of the line
 * with ends a and b, or -1; lines_at[p] lists the lines containing p. */
typedef struct {
    int npoints, nlinks, nlines, njumps;
    uint32_t all; /* every point */
    char name[GRAPH_POINTS][4];
    int8_t x[GRAPH_POINTS], y[GRAPH_POINTS];
    int8_t link[GRAPH_LINKS][2];
    uint8_t degree[GRAPH_POINTS];
    int8_t adj[GRAPH_POINTS][GRAPH_DEGREE];
    uint32_t adjmask[GRAPH_POINTS];
    int8_t line[GRAPH_LINES][3];
    uint32_t linemask[GRAPH_LINES];
    int8_t jump[GRAPH_JUMPS][3];
    uint8_t nhops[GRAPH_POINTS];
    int8_t hop[GRAPH_POINTS][GRAPH_DEGREE][2];
    int8_t between[GRAPH_POINTS][GRAPH_POINTS];
    uint8_t nlines_at[GRAPH_POINTS];
    int8_t lines_at[GRAPH_POINTS][GRAPH_LINES_AT];
    int8_t reading[GRAPH_POINTS]; /* points by rows from the top, then x */
} graph;

/* The number of points in a set; inline, as the portable build has no
 * popcount instruction and the library call is slow. */
static inline int graph_count(uint32_t x)
{
    x = x - (x >> 1 & 0x55555555u);
    x = (x & 0x33333333u) + (x >> 2 & 0x33333333u);
    return (int)(((x + (x >> 4)) & 0x0f0f0f0fu) * 0x01010101u >> 24);
}

void graph_build(graph *, const graph_spec *);
/* Index of a point by name (any case), or -1. */
int graph_find(const graph *, const char *name);
/* Index of a point named by the first two characters of text, or -1. */
int graph_find_prefix(const graph *, const char *text);
static inline bool graph_linked(const graph *g, int a, int b)
{
    return g->adjmask[a] >> b & 1;
}
/* Does the set of points (bit p = point p) contain a whole line? */
bool graph_has_line(const graph *, uint32_t set);
/* Does the set contain a whole line through point p? */
bool graph_line_through(const graph *, uint32_t set, int p);

/* A position as text: the points in reading order (top row first, left
 * to right), rows separated by '/', each point written as chars[content
 * of the point].  snprintf-like. */
int graph_board_write(const graph *, const uint8_t *content,
                      const char *chars, char *buf, size_t size);
/* Reads such a text from *text (case does not matter) into content,
 * and moves *text past it; false, with a message, if it is not one. */
bool graph_board_read(const graph *, const char **text, const char *chars,
                      uint8_t *content, lt_error *);

/* A move between two points as text: "A1-B2", or with sep 'x' "A1xC3". */
int graph_move_name(const graph *, int from, int to, char sep, char *buf,
                    size_t size);
/* Reads two points written "A1-B2", "A1xC3" or "a1b2": *sep is '-', 'x'
 * or '\0' as written; false if the text is not two points so joined. */
bool graph_move_read(const graph *, const char *text, int *from, int *to,
                     char *sep);
/* A step along a line ('-'), or a jump over the middle of a line ('x');
 * without a separator, whichever the two points make.  LT_ESYNTAX for
 * text that is no move, LT_EILLEGAL for points that make neither. */
lt_status graph_read_step_or_jump(const graph *, const char *text, int *from,
                                  int *to);

/* The actions of the games whose moves are steps and jumps with capture
 * chains (alquerque, catch-the-rabbit): from * npoints + to, and `stop`
 * (npoints * npoints) that ends a chain.  Named "A1-B2", "A1xC3", "stop";
 * read from those or from "a1b2". */
int graph_chain_action_name(const graph *, lt_action a, char *buf,
                            size_t size);
lt_status graph_chain_action_read(const graph *, const char *text,
                                  lt_action *out);

/* The board into a view: its points as named cells on the layout (which
 * sets width and height) and its links.  Pieces are added with
 * graph_piece (point -1: off the board, in hand). */
void graph_render(const graph *, lt_view *);
void graph_piece(lt_view *, int point, int owner, int kind, const char *text,
                 const char *glyph);

/* The boards the games share, built once: the alquerque board (A1..E5,
 * columns A-E, rows 1-5, diagonals through the points whose column and
 * row add up to an even number; notes §3.1) and the nine men's morris
 * board (three squares and four spokes, named on a 7x7 lattice a1..g7;
 * notes §3.3). */
const graph *graph_alquerque(void);
const graph *graph_morris(void);

/* A Zobrist key: a fixed pseudo-random number for a kind of piece (0..7)
 * on a point, and the sum (xor) of the keys of a set of points. */
uint64_t graph_key(int kind, int point);
uint64_t graph_set_key(int kind, uint32_t set);

/* Positions since the last irreversible action (a capture, a placement),
 * for the repetition rule: men[i] are the two players' point sets before
 * the i-th reversible step; the players alternate, so the step before the
 * current position was made by the player not to move. */
typedef struct {
    uint16_t n;
    uint32_t men[GRAPH_HISTORY][2];
} graph_history;

/* Records the position (a, b) before a reversible step. */
void graph_history_push(graph_history *, uint32_t a, uint32_t b);
/* How often the current position (a, b) has stood with the same player to
 * move, itself included. */
int graph_history_count(const graph_history *, uint32_t a, uint32_t b);
/* The steps as text, oldest first: "A1-B2,B3-C3", or "-" for none; the
 * current position (a, b) follows the last one.  snprintf-like. */
int graph_history_write(const graph *, const graph_history *, uint32_t a,
                        uint32_t b, char *buf, size_t size);
/* Reads steps written as above into from[] and to[] (at most max);
 * returns their number, or -1 if the text is not such a list. */
int graph_steps_read(const graph *, const char *text, int8_t *from,
                     int8_t *to, int max);

/* ---- White's and Black's men on points (alquerque, nine men's morris):
 * men[0] and men[1] are the two players' point sets. */

/* The quiet rule's option ("quiet": a draw after this many moves each
 * without a capture), a row of the game's option table. */
enum { GRAPH_QUIET_MIN = 10, GRAPH_QUIET_MAX = GRAPH_HISTORY / 2 };
#define GRAPH_QUIET_OPTION                                                    \
    {NC_("option", "quiet"), NULL, GRAPH_QUIET_MIN, GRAPH_QUIET_MAX, 50,      \
     N_("a draw after this many moves of each player without a capture")}
/* The line of a view that counts the moves towards the quiet rule. */
void graph_view_quiet(lt_view *, const graph_history *, int quiet);

/* The points the man of seat on p can jump to: over an enemy man next to
 * it along a line, onto the empty point behind. */
uint32_t graph_jumps(const graph *, const uint32_t men[2], int p, int seat);
/* Which draw rule ends the game now: GRAPH_END_REPEATED (the same
 * position for the third time), GRAPH_END_QUIET (quiet moves each
 * without a capture), or -1 for none. */
int graph_draw(const graph_history *, const uint32_t men[2], int quiet);
/* The position as text: the board (".WB"), then middle, then the steps
 * since the last capture (graph_history_write).  snprintf-like. */
int graph_men_write(const graph *, const uint32_t men[2],
                    const graph_history *, const char *middle, char *buf,
                    size_t size);
/* Reads the board of such a text from *text into men and moves *text
 * past it; false, with a message, if it is not one. */
bool graph_men_read(const graph *, const char **text, uint32_t men[2],
                    lt_error *);
/* Takes back the steps from[i]-to[i] (graph_steps_read), newest first:
 * the newest made by seat last, the ones before by the players in turn;
 * linked: each step went along a link.  False, with a message, if one
 * cannot have been made. */
bool graph_steps_undo(const graph *, uint32_t men[2], const int8_t *from,
                      const int8_t *to, int n, int last, bool linked,
                      lt_error *);

/* How a game of White and Black men on points ended (alquerque, nine
 * men's morris), in a language: the seat that lost and why, or the draw
 * rule; `moves` is the quiet rule's count of moves each.  snprintf-like. */
enum {
    GRAPH_END_NO_MEN,   /* the loser has no men left */
    GRAPH_END_FEW_MEN,  /* ... fewer than three */
    GRAPH_END_BLOCKED,  /* ... no move */
    GRAPH_END_REPEATED, /* a draw: the same position a third time */
    GRAPH_END_QUIET     /* a draw: `moves` moves each without a capture */
};
int graph_end_reason(int end, int loser, int moves, char *buf, size_t size);

#endif
