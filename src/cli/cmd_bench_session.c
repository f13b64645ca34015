/* cmd_bench_session.c — ludoteka bench session: the cost of saving a game
 * in play, ply by ply, over a long game.  The journal is appended to and
 * flushed to disk once a ply (session.h), so the last saves of a long
 * game must cost what the first did. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cmd.h"
#include "ludoteka/options.h"
#include "ludoteka/session.h"
#include "ludoteka/text.h"

enum { WINDOW = 100 };

int cmd_bench_session(int argc, char **argv)
{
    long long plies = 5000;
    const char *dir = getenv("TMPDIR"), *v;
    if (!dir || !*dir)
        dir = "/tmp";
    for (int i = 1; i < argc; i++) {
        if (cli_flag(argc, argv, &i, "--plies", &v)) {
            if (!v || !lt_parse_int(v, 2 * WINDOW, 9990, &plies))
                return cli_fail(EXIT_USAGE, "--plies: expected %d to 9990",
                                2 * WINDOW);
        } else if (cli_flag(argc, argv, &i, "--dir", &v)) {
            if (!v)
                return EXIT_USAGE;
            dir = v;
        } else {
            return cli_fail(EXIT_USAGE, "bench session: unknown argument '%s'",
                            argv[i]);
        }
    }
    lt_session_setup su;
    memset(&su, 0, sizeof su);
    su.game = lt_game_find("three-mens-morris");
    lt_config_default(su.game, &su.config, 2);
    char cap[32], path[1024];
    snprintf(cap, sizeof cap, "cap=%lld", plies + 10);
    lt_error err = {0};
    if (lt_config_parse(su.game, &su.config, cap, &err) != LT_OK)
        return cli_fail(EXIT_FAIL, "%s", err.msg);
    for (int i = 0; i < 2; i++) {
        su.seats[i].kind = LT_SEAT_COMPUTER;
        lt_copy(su.seats[i].spec, sizeof su.seats[i].spec, "ai:perfect");
    }
    su.seed = 1;
    su.time = (lt_time_source){cli_now_ms, NULL};
    snprintf(path, sizeof path, "%s/ludoteka-bench-session-%d.txt", dir,
             (int)getpid());
    su.journal = path;
    lt_session *s = lt_session_new(&su, &err);
    if (!s)
        return cli_fail(EXIT_FAIL, "%s", err.msg);
    double *took = malloc((size_t)plies * sizeof *took);
    int status = EXIT_OK;
    long long n = 0;
    while (took && n < plies && lt_session_to_act(s) >= 0) {
        /* the computer's search outside the measure: only the save counts */
        int seat = lt_session_to_act(s);
        lt_limits lim;
        double clocks[LT_MAX_PLAYERS];
        lt_session_limits(s, seat, &lim, clocks);
        lt_action a = lt_player_choose(lt_session_player(s, seat),
                                       lt_session_state(s), (uint64_t)n, &lim,
                                       NULL);
        double t0 = cli_seconds();
        if (lt_session_play(s, seat, a, &err) != LT_OK) {
            status = cli_fail(EXIT_FAIL, "ply %lld: %s", n + 1, err.msg);
            break;
        }
        took[n++] = cli_seconds() - t0;
    }
    if (status == EXIT_OK && n < plies)
        status = cli_fail(EXIT_FAIL, "the game ended after %lld plies", n);
    if (status == EXIT_OK) {
        double first = 0, last = 0;
        for (int i = 0; i < WINDOW; i++) {
            first += took[i];
            last += took[n - WINDOW + i];
        }
        double t0 = cli_seconds();
        lt_status st = lt_session_save(s, NULL, &err); /* the whole, at once */
        double whole = cli_seconds() - t0;
        size_t size = 0;
        char *text = lt_read_file(path, &size, NULL);
        free(text);
        double ratio = last / first;
        printf("%s: %lld %s, %s %s\n", su.game->id, n,
               _("plies"), _("journal"), path);
        printf("%s 1-%d: %9.3f ms (%.3f ms %s)\n", _("saves"), WINDOW,
               first * 1e3, first * 1e3 / WINDOW, _("a save"));
        printf("%s %lld-%lld: %9.3f ms (%.3f ms %s)\n", _("saves"),
               n - WINDOW + 1, n, last * 1e3, last * 1e3 / WINDOW,
               _("a save"));
        printf("%s: %.3f (%s 1.5: %s)\n",
               _("last / first"), ratio,
               _("within"),
               ratio <= 1.5 ? _("yes") : _("no"));
        printf("%s: %zu %s; %s %.3f ms\n", _("journal"), size,
               _("bytes"),
               _("rewritten whole in"),
               whole * 1e3);
        if (st != LT_OK)
            status = cli_fail(EXIT_FAIL, "%s", err.msg);
        else if (ratio > 1.5)
            status = EXIT_FAIL;
    }
    if (!took)
        status = cli_no_memory();
    free(took);
    lt_session_free(s);
    unlink(path);
    return status;
}
