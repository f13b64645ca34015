/* lowest.c — "Najniższa wygrywa" (seed 000, b): the lowest throw wins.
 * The turn's rules are in ../dice/extreme.c; RULES.md beside this file. */
#include "../dice/dicegame.h"

static lt_status init(lt_state *s, const lt_config *cfg)
{
    return dice_init(s, cfg, DICE_LOWEST);
}

const lt_game lt_lowest = {
    .id = "lowest",
    .title = N_("Lowest Wins"),
    .source = N_("source 000, b: Najniższa wygrywa"),
    .options = extreme_options,
    .min_players = 2,
    .max_players = DICE_SEATS,
    .min_return = -1,
    .max_return = 1,
    .init = init,
    DICE_MEMBERS,
};
