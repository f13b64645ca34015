/* engine.c — Four Seasons chess's "ai:engine": by default (view=mcts)
 * Monte Carlo tree search (src/ai/mcts.c) scoring each new leaf by its
 * own evaluation's returns (engine_eval.c), every seat for itself, and
 * without dice once three seats or fewer are left, the shared
 * alpha-beta searcher (src/ai/minimax.c) in best-reply search.  That
 * searcher, also view=paranoid (every other seat plays against the
 * mover) and view=brs throughout, tries captures and promotions first
 * (a king first of all, then the most valuable victim by the least
 * valuable piece) and follows them by a quiescence search at the
 * horizon.
 * Parameters: time=S, nodes=N, depth=D, noise=P, view=brs|paranoid|mcts
 * and c=X (the tree's exploration, player.c). */
#include <string.h>

#include "endgames.h"
#include "engine.h"
#include "ludoteka/ai.h"
#include "ludoteka/engines.h"

enum { NOISY_PLIES = 6 }; /* captures followed at a leaf, at most */

/* A score as units of 1/10000 of a return mapped to [-1, 1]. */
static const double UNIT = 1e-4;

/* How much less than its share a draw is worth to the engine, as a
 * return, after the quiet turns so far; with kings alone on the board as
 * at the cap, where such a game ends (three bare kings put one out only
 * together, and from few placements): valued by its quiet turns, a
 * capture that left three bare kings started the count again and looked
 * like progress (the three-seat phase traded down to them). */
static double contempt(const fs4 *s)
{
    if (fs4_all(s) == s->kind[K_KING])
        return FS4_CONTEMPT_CAP;
    return FS4_CONTEMPT + (FS4_CONTEMPT_CAP - FS4_CONTEMPT) * s->quiet / s->cap;
}

/* ---- The endgame tables (endgames.h): two seats left, no dice ---- */

/* A win found in the tables, in units: a hair less the later the mate
 * falls (counted from the game's start, so that the search's scores of
 * positions at different plies compare), kept under the evaluation's
 * ceiling (0.999). */
static const double TABLE_WIN = 9980, TABLE_PLY = 1e-4;

/* The tables' value of the state for its seat to move (endgames.h), or
 * -1; the tables in play into *t. */
static int looked_up(const fs4 *s, const struct eg_tables **t)
{
    bool two = s->phase == PH_MOVE && !s->dice && fs4_count(s->kind[K_KING]) == 2;
    *t = two ? fs4eg_in_play(s) : NULL;
    return *t ? fs4eg_value(*t, s) : -1;
}

/* The exact value of a position of the tables for seat, into *units;
 * false if there is none: not a table position, seat not one of its two
 * seats, or a win or loss in more plies than the cap leaves (a capture
 * on the way would start the count again, but the tables do not say
 * whether one can, so such a position is left to the evaluation). */
static bool table_value(const fs4 *s, int seat, double *units)
{
    const struct eg_tables *t;
    int v = fs4_active(s, seat) ? looked_up(s, &t) : -1;
    if (v < 0 || (v > 0 && v - 1 > s->cap - s->quiet))
        return false;
    if (v == 0) {
        /* a draw that plays on to the cap: a third of the pot less the
         * contempt there, and a unit less than the same draw ended now
         * by two bare kings, so that a lone king takes the last man when
         * it can (valued as a draw ended now, the weaker side kept that
         * man on the board and the game ran to the cap) */
        *units = -1.5 * FS4_CONTEMPT_CAP / UNIT - 1;
        return true;
    }
    int d = v - 1;
    double win = TABLE_WIN - (s->ply + d) * TABLE_PLY;
    *units = (d % 2 == 1) == (seat == s->turn) ? win : -win;
    return true;
}

/* At the root, a position the tables win or lose: their best move (the
 * quickest win, the slowest loss), whatever the cap leaves: the quickest
 * win is the likeliest to come before it, the slowest loss to reach it.
 * A draw is left to the search (every move that keeps it scores the
 * same). */
static lt_action table_move(const lt_state *st, double *score)
{
    const fs4 *s = (const fs4 *)st;
    const struct eg_tables *t;
    int v = looked_up(s, &t);
    if (v <= 0)
        return LT_NO_ACTION;
    lt_action acts[LT_MAX_ACTIONS], best = LT_NO_ACTION;
    int n = fs4_legal_actions(s, acts), best_rank = 0;
    for (int i = 0; i < n; i++) {
        fs4 c = *s;
        fs4_apply(&c, acts[i]);
        /* the mover's value after the move: a game over is a win in one
         * or two bare kings; else one ply more than the other side's */
        int w = fs4_game_over(&c) ? (fs4_active(&c, s->turn) &&
                                     fs4_count(c.kind[K_KING]) == 1 ? 2 : 0)
                                  : fs4eg_value(t, &c);
        if (w > 0 && !fs4_game_over(&c))
            w++;
        int rank = w == 0 ? 0 : (w - 1) % 2 ? 1000 - w : -1000 + w;
        if (w >= 0 && (best == LT_NO_ACTION || rank > best_rank)) {
            best = acts[i];
            best_rank = rank;
        }
    }
    *score = ((v - 1) % 2 ? TABLE_WIN : -TABLE_WIN) * UNIT;
    return best;
}

static double mover_value(const lt_state *st, int seat)
{
    const fs4 *s = (const fs4 *)st;
    double exact;
    if (table_value(s, seat, &exact))
        return exact;
    double e[SEATS];
    double drawn = fs4_expect(s, e);
    /* the return in [-1/3, 1] less the contempt for a draw, mapped to
     * [-1, 1] */
    return (3 * (e[seat] - contempt(s) * drawn) - 1) / 2 / UNIT;
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

/* ---- view=mcts: every seat's returns at a leaf ---- */

/* Captures followed at a leaf before its returns count, at most. */
enum { SETTLE_PLIES = 2 };

/* Every seat's return less the contempt for a draw, or the tables' exact
 * value (as a return) for their two seats. */
static void static_returns(const fs4 *s, double *out)
{
    double drawn = fs4_expect(s, out);
    for (int p = 0; p < SEATS; p++) {
        double exact;
        if (!fs4_active(s, p))
            continue;
        if (table_value(s, p, &exact))
            out[p] = (2 * exact * UNIT + 1) / 3;
        else
            out[p] -= contempt(s) * drawn;
    }
}

/* The returns once the captures are played out: the seat to move takes
 * whichever capture (or promotion) leaves it best, or none, each seat
 * for itself, up to `plies` deep (a piece left hanging is not counted
 * as kept). */
static void settled(const fs4 *s, int plies, double *out)
{
    static_returns(s, out);
    if (plies == 0 || s->phase != PH_MOVE || fs4_game_over(s))
        return;
    int me = s->turn;
    lt_action acts[LT_MAX_ACTIONS];
    int n = fs4_legal_actions(s, acts);
    for (int i = 0; i < n; i++) {
        if (!noisy((const lt_state *)s, acts[i]))
            continue;
        fs4 c = *s;
        fs4_apply(&c, acts[i]);
        double v[LT_MAX_PLAYERS];
        settled(&c, plies - 1, v);
        if (v[me] > out[me])
            memcpy(out, v, SEATS * sizeof *v);
    }
}

static void seat_returns(const lt_state *st, double *out)
{
    settled((const fs4 *)st, SETTLE_PLIES, out);
}

/* Without dice, three seats left or two: view=mcts moves by best-reply
 * alpha-beta there (plain alpha-beta with two seats, and the tables'
 * move in their positions).  The tree, every seat for itself, left men
 * where a king could take them and traded down to three bare kings,
 * which play on to the cap; with four seats and with dice it decides
 * its games. */
static bool alphabeta_here(const lt_state *st)
{
    const fs4 *s = (const fs4 *)st;
    return !s->dice && fs4_count(s->kind[K_KING]) <= 3;
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
    .root = table_move,
    .returns = seat_returns,
    .alphabeta_here = alphabeta_here,
    .mcts_default = true,
};

static const lt_engine engine = {.name = "engine", .hooks = &hooks};

static const lt_engine *const engines[] = {&engine, NULL};

const lt_engines lt_four_seasons_engines = {
    "four-seasons", .engines = engines, .evaluate = fs4_generic_evaluate,
    .key = fs4_search_key};
