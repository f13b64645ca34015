/* games.c — the games with endgame tables (endgame.h), for `ludoteka
 * solve ID --endgames`. */
#include <string.h>

#include "../nine-mens-morris/endgames.h"
#include "endgame.h"

bool eg_rules_of(const lt_game *g, const lt_config *cfg, eg_rules *r,
                 int *men, int *men_max)
{
    if (g == &lt_nine_mens_morris) {
        nmm_endgame_rules(r, cfg->value[OPT_CAPTURE] == CAPTURE_MILLS,
                          cfg->value[OPT_FLYING] != 0);
        *men = NMM_ENDGAME_MEN;
        *men_max = NMM_ENDGAME_MEN_MAX;
        return true;
    }
    return false;
}

const eg_game *eg_game_of(const lt_game *g)
{
    return g == &lt_nine_mens_morris ? &nmm_endgame : NULL;
}
