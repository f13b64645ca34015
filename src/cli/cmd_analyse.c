/* cmd_analyse.c — ludoteka analyse: a recorded game move by move
 * (analysis.h): the computer's evaluation before and after each move, its
 * best move, the loss and the mark of each mistake, as a table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cmd.h"
#include "words.h"
#include "ludoteka/analysis.h"
#include "ludoteka/record.h"
#include "ludoteka/session.h"
#include "ludoteka/text.h"

static int64_t still(void *ctx)
{
    (void)ctx;
    return 0;
}

/* "12." for the first seat of a numbered row, "12..." for the others
 * (full moves), "12." for rounds and turns. */
static void move_number(const lt_session *ses, const lt_game *g, int k,
                        char *buf, size_t size)
{
    const lt_ply *p = lt_session_ply(ses, k);
    lt_row row;
    bool later = false;
    if (g->numbering == LT_NUMBER_MOVES && lt_session_row(ses, p->row, &row))
        later = k != row.first;
    snprintf(buf, size, "%d.%s", p->row, later ? ".." : "");
}

static void score_text(char *buf, size_t size, double x)
{
    cli_number(buf, size, x, 2, true);
}

/* The move's name with its exact value, if the odds gave one. */
static void named(char *buf, size_t size, const char *name, const char *exact)
{
    if (*exact)
        snprintf(buf, size, "%s (%s)", name, exact);
    else
        snprintf(buf, size, "%s", name);
}

static void progress(void *ctx, int done, int total)
{
    if (*(bool *)ctx)
        fprintf(stderr, "\r%d/%d", done, total);
}

int cmd_analyse(int argc, char **argv)
{
    const char *path = NULL, *v;
    lt_analysis_limits lim = {0};
    bool quiet = false;
    long long n;
    for (int i = 1; i < argc; i++) {
        if (cli_flag(argc, argv, &i, "--depth", &v)) {
            if (!cli_int("--depth", v, 1, 64, &n))
                return EXIT_USAGE;
            lim.depth = (int)n;
        } else if (cli_flag(argc, argv, &i, "--nodes", &v)) {
            if (!cli_int("--nodes", v, 1, 1000000000, &n))
                return EXIT_USAGE;
            lim.nodes = n;
        } else if (cli_flag(argc, argv, &i, "--max-plies", &v)) {
            if (!cli_int("--max-plies", v, 1, LT_ANALYSIS_PLIES, &n))
                return EXIT_USAGE;
            lim.max_plies = (int)n;
        } else if (!strcmp(argv[i], "--quiet")) {
            quiet = true;
        } else if (argv[i][0] == '-' || path) {
            return cli_unexpected(argv[0], argv[i]);
        } else {
            path = argv[i];
        }
    }
    if (!path)
        return cli_fail(EXIT_USAGE, _("analyse: which file? (ludoteka analyse FILE)"));
    lt_error err = {0};
    char *text = lt_read_file(path, NULL, &err);
    if (!text)
        return cli_fail(EXIT_FAIL, "%s", err.msg);
    lt_time_source time = {still, NULL};
    lt_session *ses = lt_session_load_text(text, &time, &err);
    free(text);
    if (!ses)
        return cli_fail(EXIT_FAIL, "%s: %s", path, err.msg);
    const lt_game *g = lt_session_game(ses);
    int plies = lt_session_plies(ses);
    lt_action *acts = malloc(sizeof *acts * (size_t)(plies > 0 ? plies : 1));
    if (!acts) {
        lt_session_free(ses);
        return cli_no_memory();
    }
    for (int k = 0; k < plies; k++)
        acts[k] = lt_session_ply(ses, k)->action;
    bool show = !quiet && !cli_plain && isatty(2);
    lim.progress = progress;
    lim.ctx = &show;
    lt_analysis a;
    lt_status st = lt_analyse(g, lt_session_state_at(ses, 0), acts, plies,
                              &lim, &a, &err);
    if (show)
        fputs("\r", stderr);
    free(acts);
    if (st != LT_OK) {
        lt_session_free(ses);
        return cli_fail(st == LT_ERANGE ? EXIT_USAGE : EXIT_FAIL, "%s: %s",
                        path, err.msg);
    }
    if (!strcmp(a.analyser, "odds"))
        printf(_("# %s: every decision valued by the exact odds\n"),
               lt_game_title(g));
    else if (!strcmp(a.analyser, "ai:perfect"))
        printf(_("# %s: analysed by the perfect player (the game solved)\n"),
               lt_game_title(g));
    else if (a.depth)
        printf(_("# %s: analysed by %s, %d plies deep a position\n"),
               lt_game_title(g), a.analyser, a.depth);
    else
        printf(_("# %s: analysed by %s, %lld nodes a position\n"),
               lt_game_title(g), a.analyser, a.nodes);
    printf("%s\n", _("# expected score of the mover from -1 to +1; loss: "
                     "what the move gave away"));
    char h[7][64];
    printf("%s %s %s %s %s %s %s  %s\n",
           cli_pad(h[0], sizeof h[0], _("No."), 6, false),
           cli_pad(h[1], sizeof h[1], _("Seat"), 10, false),
           cli_pad(h[2], sizeof h[2], _("Move"), 16, false),
           cli_pad(h[3], sizeof h[3], _("Before"), 6, true),
           cli_pad(h[4], sizeof h[4], _("After"), 6, true),
           cli_pad(h[5], sizeof h[5], _("Best"), 16, false),
           cli_pad(h[6], sizeof h[6], _("Loss"), 5, true), _("Mark"));
    for (int k = 0; k < a.n; k++) {
        const lt_analysed_ply *p = &a.plies[k];
        const lt_state *s = lt_session_state_at(ses, p->ply);
        char no[24], seat[64], mv[64], best[64], b[16], af[16], loss[16];
        char c1[96], c2[96], c3[96], c4[96], c5[96];
        move_number(ses, g, p->ply, no, sizeof no);
        lt_session_seat_name(ses, p->seat, seat, sizeof seat);
        named(c1, sizeof c1, lt_display_name(g, s, p->played, mv, sizeof mv),
              p->played_exact);
        if (p->best == p->played)
            lt_copy(c2, sizeof c2, "=");
        else if (p->best == LT_NO_ACTION)
            lt_copy(c2, sizeof c2, "-");
        else
            named(c2, sizeof c2, lt_display_name(g, s, p->best, best, sizeof best),
                  p->best_exact);
        score_text(b, sizeof b, p->before);
        score_text(af, sizeof af, p->after);
        cli_number(loss, sizeof loss, p->loss, 2, false);
        char mark[64] = "";
        if (p->mark != LT_MARK_NONE)
            snprintf(mark, sizeof mark, "%s %s", lt_mark_sign(p->mark),
                     lt_mark_name(p->mark));
        printf("%-6s %s %s %6s %6s %s %5s  %s\n", no,
               cli_pad(c3, sizeof c3, seat, 10, false),
               cli_pad(c4, sizeof c4, c1, 16, false), b, af,
               cli_pad(c5, sizeof c5, c2, 16, false), loss, mark);
    }
    /* each seat's marks */
    for (int i = 0; i < lt_session_seats(ses); i++) {
        char seat[64];
        lt_session_seat_name(ses, i, seat, sizeof seat);
        printf(_("# %s: inaccuracies %d, mistakes %d, blunders %d\n"), seat,
               a.marks[LT_MARK_INACCURACY][i], a.marks[LT_MARK_MISTAKE][i],
               a.marks[LT_MARK_BLUNDER][i]);
    }
    lt_analysis_free(&a);
    lt_session_free(ses);
    return EXIT_OK;
}
