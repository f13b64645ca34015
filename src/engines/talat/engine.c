/* engine.c — Talat's "ai:engine": the shared alpha-beta searcher
 * (src/ai/minimax.c) with Talat's own evaluation, the mover's expected
 * points less the best rival's (engine_eval.c), captures tried first and
 * followed by a quiescence search at the horizon.  For three players the
 * paranoid view (both rivals play against the mover) or, with view=brs,
 * best-reply search.  Placing is searched like any other move, so the
 * same player chooses where its towers stand.  Parameters: time=S,
 * nodes=N, depth=D, noise=P (P tenths of a point of random noise on every
 * root move's score, the human-like mistakes of the weak levels) and
 * view=brs|paranoid. */
#include "ludoteka/ai.h"
#include "ludoteka/engines.h"
#include "engine.h"

enum { NOISY_PLIES = 8 }; /* captures followed at a leaf, at most */

/* One tenth of a point as a return: a margin of any real game stays far
 * below the smallest return of a finished game that is not zero. */
static const double TENTH = 1e-5;

/* The tower the move takes, plus one; 0 for a placing, a pass or a
 * plain move. */
static int victim(const tl_state *s, lt_action a)
{
    if (a < TL_MOVE0 || a >= TL_PASS)
        return 0;
    int from = (a - TL_MOVE0) / TL_DIRS, d = (a - TL_MOVE0) % TL_DIRS;
    int to = tl_step(tl_colour(s->sq[from] - 1), from, d);
    return to >= 0 ? s->sq[to] : 0;
}

static double margin(const lt_state *s, int seat)
{
    return tl_engine_eval((const tl_state *)s, seat);
}

/* Captures first: the strongest victim first, then the weakest captor. */
static int order(const lt_state *st, lt_action a)
{
    const tl_state *s = (const tl_state *)st;
    int v = victim(s, a);
    if (!v)
        return 0;
    int from = (a - TL_MOVE0) / TL_DIRS;
    return TL_KINDS + tl_kind(v - 1) * 16 - tl_kind(s->sq[from] - 1);
}

static bool noisy(const lt_state *s, lt_action a)
{
    return victim((const tl_state *)s, a) != 0;
}

static const lt_search_hooks hooks = {
    .evaluate = margin,
    .unit = TENTH,
    .order = order,
    .noisy = noisy,
    .noisy_plies = NOISY_PLIES,
    .expected = tl_engine_return,
};

static const lt_engine engine = {.name = "engine", .hooks = &hooks};

static const lt_engine *const engines[] = {&engine, NULL};

/* Level 1 looks one move ahead through a haze of up to 5 points of noise
 * (it lets captures go and leaves towers in reach); 2 looks two moves
 * ahead, a little hazily; 3 and 4 search further with less noise each
 * (with three players a deeper search alone gains little: the paranoid
 * view grows pessimistic, so each step also clears the haze); 5 searches
 * cleanly (docs/levels.md has the measurements). */
static const char *const levels[LT_LEVEL_MAX] = {
    "ai:engine:depth=1:noise=50", "ai:engine:depth=2:noise=15",
    "ai:engine:nodes=5000:noise=8", "ai:engine:nodes=25000:noise=4",
    "ai:engine:nodes=250000"};

/* the generic searchers' evaluation (eval.c) */
static void evaluate(const lt_state *st, double *out)
{
    tl_evaluate((const tl_state *)st, out);
}

const lt_engines lt_talat_engines = {"talat", .engines = engines,
                                     .levels = levels, .evaluate = evaluate};
