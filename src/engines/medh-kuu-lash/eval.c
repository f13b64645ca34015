/* eval.c — Medh Kuu Lash for the searchers: a hand-made evaluation. */
#include <math.h>

#include "../../games/medh-kuu-lash/medh.h"
#include "ludoteka/engines.h"

/* ---- Evaluation ----
 * Pieces decide most games (nine to four is the common win), so a side is
 * worth its pieces on the board, plus a little for what threatens to
 * capture: its peak pieces above an enemy morning (anyone stopping on
 * them pushes them in, capturing), both peaks around an enemy morning (a
 * swap captures), and columns two thirds of a triple.  Pieces on mornings
 * get no credit of their own: they are exposed and must fall on a 6.  The
 * weights were chosen by matches of a player looking one turn of each
 * side ahead (it won 373 of 400 games against the same player counting
 * pieces only), the scale by fitting tanh(d / 2.8) to 1000 games of that
 * player against itself (a lead d of 1, 2, 3 pieces went on to win 65%,
 * 81%, 90% of the time). */
enum { W_PIECE = 10, W_ABOVE = 3, W_AROUND = 2, W_TWO = 2 }; /* tenths */

static int side(const medh *s, int colour)
{
    int enemy = opposite(colour), v = W_PIECE * medh_count(s, colour);
    for (int k = 0; k < COLS; k++) {
        int g = s->cell[k], w = s->cell[RING - 1 - k], m = s->cell[MORNING0 + k];
        if (m == enemy)
            v += W_ABOVE * ((g == colour) + (w == colour) > 0) +
                 W_AROUND * (g == colour && w == colour);
        v += W_TWO * ((g == colour) + (w == colour) + (m == colour) == 2);
    }
    return v;
}

static void evaluate(const lt_state *st, double *out)
{
    const medh *s = (const medh *)st;
    if (s->phase == WON || s->phase == DRAWN) {
        out[0] = s->phase == DRAWN ? 0 : s->turn ? -1 : 1;
        out[1] = -out[0];
        return;
    }
    int d = side(s, GREEN) - side(s, WOODEN), sign = s->turn ? -1 : 1;
    /* what the turn still owes: a removal is a piece; a piece going back
     * (BACK) and the one added after it (ADD) count already */
    d += sign * W_PIECE * s->removals;
    int to_green = 0;
    if (s->phase == BACK)
        to_green += s->victim == GREEN ? 1 : -1;
    if ((s->phase == BACK && medh_count(s, opposite(s->victim)) < PIECES) ||
        s->phase == ADD)
        to_green += opposite(s->victim) == GREEN ? 1 : -1;
    d += W_PIECE * to_green;
    out[0] = tanh(d / (10 * 2.8));
    out[1] = -out[0];
}

const lt_engines lt_medh_kuu_lash_engines = {"medh-kuu-lash",
                                             .evaluate = evaluate};
