/* engine.c — Four Seasons chess's "ai:engine": the shared alpha-beta
 * searcher (src/ai/minimax.c) with its own evaluation (engine_eval.c),
 * captures and promotions tried first (a king first of all, then the
 * most valuable victim by the least valuable piece) and followed by a
 * quiescence search at the horizon.  The paranoid view (every other seat
 * plays against the mover), or best-reply search with view=brs.
 * Parameters: time=S, nodes=N, depth=D, noise=P and view=brs|paranoid. */
#include "engine.h"
#include "ludoteka/ai.h"
#include "ludoteka/engines.h"

enum { NOISY_PLIES = 6 }; /* captures followed at a leaf, at most */

/* A score as units of 1/10000 of a return mapped to [-1, 1]. */
static const double UNIT = 1e-4;

static double mover_value(const lt_state *st, int seat)
{
    const fs4 *s = (const fs4 *)st;
    double e[SEATS];
    double drawn = fs4_expect(s, e);
    double contempt = FS4_CONTEMPT + (FS4_CONTEMPT_CAP - FS4_CONTEMPT) *
                                         s->quiet / s->cap;
    /* the return in [-1/3, 1] less the contempt for a draw, mapped to
     * [-1, 1] */
    return (3 * (e[seat] - contempt * drawn) - 1) / 2 / UNIT;
}

/* The order of the groups' worth: what a capture of each gains. */
static int worth(const fs4 *s, int sq)
{
    static const int rank[KINDS] = {100, 50, 30, 22, 18, 10, 10, 10, 10};
    return rank[fs4_kind_at(s, sq)];
}

static bool is_move(const fs4 *s, lt_action a)
{
    return s->phase == PH_MOVE && a < A_PASS;
}

static bool promotes(const fs4 *s, int from, int to)
{
    int k = fs4_kind_at(s, from);
    return k >= K_PAWN && (fs4_tables_get()->edge[k - K_PAWN] & fs4_bit(to));
}

static int order(const lt_state *st, lt_action a)
{
    const fs4 *s = (const fs4 *)st;
    if (!is_move(s, a))
        return 0;
    int from = a / SQUARES, to = a % SQUARES;
    int bonus = promotes(s, from, to) ? 9 : 0;
    if (fs4_all(s) & fs4_bit(to))
        bonus += 16 * worth(s, to) - worth(s, from) + 100;
    return bonus;
}

static bool noisy(const lt_state *st, lt_action a)
{
    const fs4 *s = (const fs4 *)st;
    if (!is_move(s, a))
        return false;
    int from = a / SQUARES, to = a % SQUARES;
    return (fs4_all(s) & fs4_bit(to)) || promotes(s, from, to);
}

static const lt_search_hooks hooks = {
    .evaluate = mover_value,
    .unit = UNIT,
    .order = order,
    .noisy = noisy,
    .noisy_plies = NOISY_PLIES,
    /* a game drawn ends at the cap (or with two bare kings); a return r
     * maps to (3r - 1) / 2 */
    .contempt = 1.5 * FS4_CONTEMPT_CAP,
};

static const lt_engine engine = {.name = "engine", .hooks = &hooks};

static const lt_engine *const engines[] = {&engine, NULL};

const lt_engines lt_four_seasons_engines = {
    "four-seasons", .engines = engines, .evaluate = fs4_generic_evaluate};
