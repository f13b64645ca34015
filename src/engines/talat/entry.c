/* entry.c — Talat's line of the engines table: its searcher (tl_engine),
 * its levels and its evaluation. */
#include "../../games/talat/talat.h"
#include "ludoteka/ai.h"
#include "ludoteka/engines.h"

static void evaluate(const lt_state *st, double *out)
{
    tl_evaluate((const tl_state *)st, out);
}

static const lt_engine *const engines[] = {&tl_engine, NULL};

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

const lt_engines lt_talat_engines = {"talat", .engines = engines,
                                     .levels = levels, .evaluate = evaluate};
