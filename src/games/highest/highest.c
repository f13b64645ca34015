/* highest.c — "Najwyższa wygrywa" (seed 000, a): the highest throw wins.
 * The turn's rules are in ../dice/extreme.c; RULES.md beside this file. */
#include "../dice/dicegame.h"

static lt_status init(lt_state *s, const lt_config *cfg)
{
    return dice_init(s, cfg, DICE_HIGHEST);
}

const lt_game lt_highest = {
    .id = "highest",
    .title = N_("Highest Wins"),
    .source = N_("source 000, a: Najwyższa wygrywa"),
    .options = extreme_options,
    .min_players = 2,
    .max_players = DICE_SEATS,
    .min_return = -1,
    .max_return = 1,
    .init = init,
    DICE_MEMBERS,
};
