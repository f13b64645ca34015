/* dice_odds_time.c — the time lt_engines.odds takes in the process, for
 * comparing two builds of the dice engines (a developer's tool, not part
 * of the program).  Reads lines "GAME PLAYERS OPTIONS" (options as
 * lt_config_parse takes them: "turns=1", "pool=100,unit=1") and prints
 * each with the least thread CPU time of R runs, in milliseconds: CPU
 * time, not wall time, so that a busy machine's other work counts less.
 *
 *   cc -O2 -std=c11 -D_GNU_SOURCE -Iinclude -o /tmp/odds_time \
 *      scripts/dice_odds_time.c build/libludoteka.a -lm -lpthread
 *   echo "hazard 6 turns=1" | /tmp/odds_time 5
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ludoteka/engines.h"
#include "ludoteka/game.h"
#include "ludoteka/options.h"

static double ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 5;
    char id[64], options[256];
    int players;
    lt_odds *o = calloc(1, sizeof *o);
    if (!o || runs < 1)
        return 1;
    while (scanf("%63s %d %255s", id, &players, options) == 3) {
        const lt_game *g = lt_game_find(id);
        lt_config cfg;
        lt_error err = {0};
        if (!g || !lt_engines_of(g)->odds) {
            printf("%s: not a dice game\n", id);
            continue;
        }
        lt_config_default(g, &cfg, players);
        lt_state *s = lt_state_new(g);
        if (!s || lt_config_parse(g, &cfg, options, &err) != LT_OK ||
            lt_init(g, s, &cfg, &err) != LT_OK) {
            printf("%s %d %s: %s\n", id, players, options, err.msg);
            lt_state_free(s);
            continue;
        }
        double best = -1;
        for (int r = 0; r < runs; r++) {
            double t0 = ms();
            lt_engines_of(g)->odds(s, LT_ODDS_SEAT_ORDER, o, &err);
            double dt = ms() - t0;
            best = best < 0 || dt < best ? dt : best;
        }
        printf("%s %d %s %.3f\n", id, players, options, best);
        lt_state_free(s);
    }
    free(o);
    return 0;
}
