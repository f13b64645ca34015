/* games.c — the games with endgame tables (endgame.h): their rules for
 * `ludoteka solve ID --endgames`, and what their players ask of them. */
#include <stdio.h>
#include <string.h>

#include "endgame.h"
#include "ludoteka/text.h"

bool eg_rules_of(const lt_game *g, const lt_config *cfg, eg_rules *r,
                 int *men, int *men_max, char *msg, size_t size)
{
    if (g == &lt_nine_mens_morris)
        nmm_endgame_config(cfg, r, men, men_max);
    else if (g == &lt_alquerque)
        alq_endgame_config(cfg, r, men, men_max);
    else if (g == &lt_robbers)
        rob_endgame_config(cfg, r, men, men_max);
    else if (g == &lt_four_seasons)
        return fs4_endgame_config(cfg, r, men, men_max, msg, size);
    else {
        snprintf(msg, size, _("%s has no endgame tables"), g->id);
        return false;
    }
    return true;
}

const eg_game *eg_game_of(const lt_game *g)
{
    return g == &lt_nine_mens_morris ? &nmm_endgame
           : g == &lt_alquerque      ? &alq_endgame
           : g == &lt_robbers        ? &rob_endgame
                                     : NULL;
}
