/* simulate.c — many turns of a dice game, fast: the game's own turn
 * rules (the same code lt_game plays), dice drawn straight from the
 * generator, decisions by the game's best play (dice_engine.best). */
#include <string.h>

#include "dice_engines.h"

bool dice_simulate(const lt_game *g, const lt_config *cfg, uint64_t n,
                   lt_rng *rng, lt_turn_tally *t)
{
    dice_state start;
    if (g->state_size != sizeof start ||
        g->init((lt_state *)&start, cfg) != LT_OK)
        return false;
    if (start.phase == PHASE_ORDER && !dice_enter_seat_order(&start))
        return false;
    if (start.phase != PHASE_TURN || start.turn != 0)
        return false;
    /* one turn, then the match ends (what is left in the pot is split:
     * each player's share of it counts as his) */
    start.turns = 1;
    const dice_rules *r = start.rules;
    int first = start.order[0];
    int64_t equity0 = dice_equity(&start, first);
    lt_action (*best)(const dice_state *) = dice_engine_of(r)->best;
    dice_source dice = {.rng = rng};
    t->has_value = start.money_game;
    for (uint64_t k = 0; k < n; k++) {
        dice_state s = start;
        while (s.phase == PHASE_TURN) {
            lt_action a;
            if (best && dice_turn_player(&s) >= 0)
                a = best(&s);
            else
                a = dice_source_roll(&dice, dice_turn_dice(&s));
            dice_apply((lt_state *)&s, a);
        }
        if (s.shown.winner >= 0)
            t->wins[s.shown.winner]++;
        else
            t->none++;
        if (s.money_game) {
            double gain = (double)(dice_equity(&s, first) - equity0) / 2;
            t->value_sum += gain;
            t->value_sq += gain * gain;
        }
        t->turns++;
    }
    return true;
}
