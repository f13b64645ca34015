/* engine_eval.c — the evaluation of Talat's "ai:engine": every seat's
 * expected points, in tenths of a point, and the mover's margin over the
 * best rival.  Captures on offer are left to the quiescence search. */
#include <math.h>
#include <stdlib.h>

#include "engine.h"

/* What a free tower may still bring by the rows it has left to its goal
 * line: 3 points there.  Most towers that are not taken get there, so a
 * tower is worth much of that from the start, and losing one costs its
 * owner nearly as much as the captor gains. */
static const int advance[TL_SIDE] = {0, 25, 21, 17, 14};

/* A tower that beats an enemy tower ahead of it (or beside it) at this
 * distance (in king steps) is a threat: the nearer, the more it is worth.
 * This is also what placing is judged by. */
static const int threat[TL_SIDE] = {0, 8, 5, 3, 1};

/* The seat a tower works for: its owner, or for a neutral tower the
 * player who does not sit at its board (he alone can score with it). */
static int beneficiary(const tl_state *s, int t, int cell)
{
    int c = tl_colour(t);
    if (c < s->players)
        return c;
    return tl_board(cell) == 1 ? 0 : 1; /* blue-violet: red */
}

/* Rows from cell to the goal line of colour c (on its board). */
static int rows_to_go(int c, int cell)
{
    int r = tl_row(cell);
    return c == tl_board(cell) ? TL_SIDE - 1 - r : r;
}

/* How far ahead of a tower of colour c on `from` the cell `to` lies:
 * rows in its forward direction (negative: behind). */
static int rows_ahead(int c, int from, int to)
{
    int d = tl_row(to) - tl_row(from);
    return c == tl_board(from) ? d : -d;
}

static void expected(const tl_state *s, int *e)
{
    int points[TL_COLOURS];
    tl_points(s, points);
    for (int p = 0; p < s->players; p++)
        e[p] = 10 * points[p];
    for (int b = 0; b < TL_BOARDS; b++) {
        if (s->frozen >> b & 1)
            continue;
        int cells[TL_BOARD_CELLS], n = 0;
        for (int cell = b * TL_BOARD_CELLS; cell < (b + 1) * TL_BOARD_CELLS; cell++)
            if (s->sq[cell])
                cells[n++] = cell;
        for (int i = 0; i < n; i++) {
            int x = s->sq[cells[i]] - 1, cx = tl_colour(x);
            int q = beneficiary(s, x, cells[i]);
            int adv = advance[rows_to_go(cx, cells[i])];
            e[q] += cx < s->players ? adv : adv / 2;
            for (int j = 0; j < n; j++) {
                int y = s->sq[cells[j]] - 1;
                if (tl_colour(y) == cx || beneficiary(s, y, cells[j]) == q ||
                    !tl_beats(tl_kind(x), tl_kind(y)))
                    continue;
                int ahead = rows_ahead(cx, cells[i], cells[j]);
                int df = abs(tl_file(cells[j]) - tl_file(cells[i]));
                if (ahead < 0 || (ahead == 0 && df != 1) || df > ahead + 1)
                    continue;
                int dist = ahead > df ? ahead : df;
                e[q] += threat[dist < TL_SIDE ? dist : TL_SIDE - 1];
            }
        }
    }
}

int tl_engine_eval(const tl_state *s, int me)
{
    int e[TL_COLOURS];
    expected(s, e);
    int rival = -1000000;
    for (int p = 0; p < s->players; p++)
        if (p != me && e[p] > rival)
            rival = e[p];
    return e[me] - rival;
}

/* A lead of a tower (5 points) is worth a good part of a win; a loss
 * costs at most 1/(n-1) (RULES.md's returns). */
double tl_engine_return(double margin, int players)
{
    double r = tanh(margin / 80.0), lo = -1.0 / (players - 1);
    return r < lo ? lo : r;
}
