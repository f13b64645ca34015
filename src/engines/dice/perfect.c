/* perfect.c — "ai:perfect": the exact best play of the dice games that
 * leave a decision to the player (stop or throw again), from each game's
 * exact solution (dice_engine.best). */
#include <string.h>

#include "dice_engines.h"
#include "ludoteka/ai.h"
#include "ludoteka/text.h"

static void *create(const lt_game *g, const char *params, lt_error *err)
{
    if (params && *params) {
        lt_error_set(err, _("ai:perfect takes no parameters (found '%s')"),
                     params);
        return NULL;
    }
    return (void *)g;
}

static void destroy(void *p)
{
    (void)p;
}

static lt_action choose(void *inst, const lt_state *st, const lt_limits *lim,
                        uint64_t seed, lt_think_info *info)
{
    const lt_game *g = inst;
    const dice_state *s = (const dice_state *)st;
    (void)lim;
    (void)seed;
    lt_action a = dice_engine_of(s->rules)->best(s);
    if (info) {
        memset(info, 0, sizeof *info);
        info->best = a;
        info->nodes = 1;
        /* what each would have if the match ended now (money games) */
        g->returns(st, info->value);
        if (s->money_game)
            for (int i = 0; i < s->players; i++)
                info->value[i] = (dice_equity(s, i) - s->bankroll) / 2.0;
    }
    return a;
}

const lt_engine dice_perfect_engine = {
    .name = "perfect", .create = create, .destroy = destroy, .choose = choose};

const lt_engine *const dice_perfect_engines[] = {&dice_perfect_engine, NULL};
const char *const dice_perfect_levels[] = {
    "ai:perfect", "ai:perfect", "ai:perfect", "ai:perfect", "ai:perfect"};
