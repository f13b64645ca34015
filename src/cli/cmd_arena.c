/* cmd_arena.c — ludoteka arena: plays players against each other, seats
 * rotating, under a time control, and measures their strength.  Each
 * game is a game in play (arena_game.c). */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "arena_game.h"
#include "cli.h"
#include "cmd.h"
#include "words.h"
#include "ludoteka/elo.h"
#include "ludoteka/options.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"

enum { JOBS_MAX = 16 };

typedef struct {
    const lt_game *g;
    lt_config cfg;
    const char *position;                     /* the start, or NULL */
    int n;                                    /* players = seats */
    char specs[LT_MAX_PLAYERS][LT_SPEC_MAX];
    int games, openings, jobs;
    uint64_t seed;
    lt_time_control tc;                       /* --tc, --movetime */
    lt_limits limits;                         /* --nodes, --depth, --movetime */
    bool sprt, quiet;
    double elo0, elo1;
    FILE *record;
    /* --book: the starts, each nbook[i] actions from book[first[i]] */
    lt_action *book;
    int *first, *nbook, lines;
    /* shared by the workers, under lock */
    pthread_mutex_t lock;
    int next, played;
    bool stop;
    lt_wdl wdl[LT_MAX_PLAYERS];
    double returns[LT_MAX_PLAYERS];
    /* with more than two players, summed over the games: the share of
     * the other players each one finished ahead of, a tie counting half */
    double ahead[LT_MAX_PLAYERS];
    long forfeits[LT_MAX_PLAYERS];
    char last_forfeit[LT_MAX_PLAYERS][256];
} arena;

static int64_t ms_of(double seconds)
{
    return llround(seconds * 1000);
}

/* The seed of a game: both games of a pair (two players), or every game
 * of a round of rotations, start from the same opening and dice. */
static uint64_t game_seed(const arena *a, int game)
{
    return lt_choice_seed(a->seed, (uint64_t)(game / a->n) + (1ull << 40));
}

/* Adds a finished game to the tally (under the lock): r[seat] are the
 * scores, who[seat] the player in each seat. */
static void tally(arena *a, const double *r, const int *who)
{
    double best = -INFINITY;
    int at_best = 0;
    for (int seat = 0; seat < a->n; seat++)
        best = r[seat] > best ? r[seat] : best;
    for (int seat = 0; seat < a->n; seat++)
        at_best += r[seat] == best;
    for (int seat = 0; seat < a->n; seat++) {
        int i = who[seat];
        double mine = r[seat];
        a->returns[i] += mine;
        for (int other = 0; other < a->n; other++)
            if (other != seat)
                a->ahead[i] += (mine > r[other]   ? 1.0
                                : mine == r[other] ? 0.5
                                                   : 0.0) /
                               (a->n - 1);
        if (mine < best)
            a->wdl[i].losses++;
        else if (at_best == 1)
            a->wdl[i].wins++;
        else
            a->wdl[i].draws++;
    }
}

/* The game's line: the scores (seat by seat), player A's standing, the
 * result with its reason, and what else happened. */
static void print_game(const arena *a, const arena_game *ag, const double *r,
                       const int *who)
{
    printf(_("game %d/%d:"), a->played, a->games);
    for (int seat = 0; seat < a->n; seat++)
        printf(" %c=%g", 'A' + who[seat], r[seat]);
    if (a->n == 2) {
        double lo, hi, e = lt_elo(a->wdl[0], &lo, &hi);
        printf("   A %.1f%%  Elo %+.0f [%+.0f, %+.0f]", 100 * lt_score(a->wdl[0]),
               e, lo, hi);
    }
    char result[512];
    lt_session_result_text(ag->session, result, sizeof result);
    printf("   %s", result);
    if (ag->left[0])
        printf("; %s", ag->left);
    for (int seat = 0; seat < a->n; seat++)
        if (ag->failed >> seat & 1)
            printf(_("   (%c forfeits: %s)"),
                   'A' + who[seat], ag->why[seat]);
    putchar('\n');
    fflush(stdout);
}

/* Plays game number k; players[i] is arena player i. */
static void play_one(arena *a, lt_player **players, int k)
{
    int rot = k % a->n, who[LT_MAX_PLAYERS];
    arena_setup su;
    memset(&su, 0, sizeof su);
    su.game = a->g;
    su.config = a->cfg;
    su.seed = game_seed(a, k);
    su.position = a->position;
    for (int seat = 0; seat < a->n; seat++) {
        who[seat] = (seat + rot) % a->n;
        su.players[seat] = players[who[seat]];
    }
    su.clock = a->tc;
    if (a->tc.kind != LT_TC_NONE)
        su.time = (lt_time_source){cli_now_ms, NULL};
    su.limits = a->limits;
    int line = a->lines ? (k / a->n) % a->lines : 0;
    if (a->lines) {
        su.book = a->book + a->first[line];
        su.nbook = a->nbook[line];
    }
    su.openings = a->openings;
    lt_tag round = {"Round", ""};
    snprintf(round.value, sizeof round.value, "%d", k + 1);
    su.tags = &round;
    su.ntags = 1;
    arena_game ag;
    lt_error err = {0};
    lt_status st = arena_game_play(&ag, &su, &err);
    pthread_mutex_lock(&a->lock);
    if (st != LT_OK) {
        cli_fail(EXIT_FAIL, _("arena: game %d: %s"), k + 1, err.msg);
        a->stop = true;
        pthread_mutex_unlock(&a->lock);
        arena_game_free(&ag);
        return;
    }
    double r[LT_MAX_PLAYERS];
    lt_session_scores(ag.session, r);
    tally(a, r, who);
    for (int seat = 0; seat < a->n; seat++) {
        int i = who[seat];
        if (ag.failed >> seat & 1) {
            a->forfeits[i]++;
            lt_copy(a->last_forfeit[i], sizeof a->last_forfeit[i], ag.why[seat]);
        } else if (ag.flagged >> seat & 1) {
            a->forfeits[i]++;
            snprintf(a->last_forfeit[i], sizeof a->last_forfeit[i],
                     _("lost on time at move %d"),
                     ag.flag_ply[seat] + 1);
        }
    }
    a->played++;
    if (a->record) {
        char *text = lt_session_text(ag.session, &err);
        if (text) {
            fprintf(a->record, "%s\n", text);
            fflush(a->record);
            free(text);
        }
    }
    if (!a->quiet)
        print_game(a, &ag, r, who);
    if (a->sprt && lt_sprt_decision(lt_sprt_llr(a->wdl[0], a->elo0, a->elo1),
                                    NULL, NULL) != 0)
        a->stop = true;
    pthread_mutex_unlock(&a->lock);
    arena_game_free(&ag);
}

/* Reads --book FILE: one start a line, the names of its actions from the
 * game's start (or --position) separated by spaces; blank lines and '#'
 * comments are skipped.  Game pair (or round) k starts from line k,
 * cycling. */
static int read_book(arena *a, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return cli_fail(EXIT_FAIL, _("cannot open %s: %s"), path, strerror(errno));
    lt_state *s = lt_state_new(a->g);
    char text[4096];
    int lineno = 0, used = 0, cap = 0, status = EXIT_OK;
    while (status == EXIT_OK && s && fgets(text, sizeof text, f)) {
        lineno++;
        text[strcspn(text, "#")] = '\0';
        lt_init(a->g, s, &a->cfg, NULL);
        if (a->position)
            a->g->read_state(s, a->position, NULL); /* read once already */
        int start = used;
        char *save = NULL;
        for (char *w = strtok_r(text, " \t\r\n", &save); w;
             w = strtok_r(NULL, " \t\r\n", &save)) {
            lt_action act;
            if (lt_parse(a->g, s, w, &act, NULL) != LT_OK ||
                lt_apply(a->g, s, act) != LT_OK) {
                status = cli_fail(EXIT_FAIL, _("%s:%d: '%s' is not a legal move "
                                               "there"),
                                  path, lineno, w);
                break;
            }
            if (used == cap) {
                cap = cap ? 2 * cap : 1024;
                lt_action *b = realloc(a->book, (size_t)cap * sizeof *b);
                if (!b) {
                    status = cli_no_memory();
                    break;
                }
                a->book = b;
            }
            a->book[used++] = act;
        }
        if (status != EXIT_OK || used == start)
            continue;
        int *fi = realloc(a->first, (size_t)(a->lines + 1) * sizeof *fi);
        int *nb = fi ? realloc(a->nbook, (size_t)(a->lines + 1) * sizeof *nb)
                     : NULL;
        if (fi)
            a->first = fi;
        if (!nb) {
            status = cli_no_memory();
            break;
        }
        a->nbook = nb;
        a->first[a->lines] = start;
        a->nbook[a->lines++] = used - start;
    }
    if (!s)
        status = cli_no_memory();
    else if (status == EXIT_OK && a->lines == 0)
        status = cli_fail(EXIT_FAIL, _("%s: no opening in it"), path);
    lt_state_free(s);
    fclose(f);
    return status;
}

static void *worker(void *arg)
{
    arena *a = arg;
    lt_player *players[LT_MAX_PLAYERS] = {NULL};
    lt_error err = {0};
    bool ok = true;
    for (int i = 0; ok && i < a->n; i++)
        ok = (players[i] = lt_player_new_from(a->g, a->specs[i], LT_SPEC_TRUSTED,
                                               &err)) != NULL;
    if (!ok) {
        cli_fail(EXIT_FAIL, "%s", err.msg[0] ? err.msg : _("out of memory"));
        pthread_mutex_lock(&a->lock);
        a->stop = true;
        pthread_mutex_unlock(&a->lock);
    }
    for (;;) {
        pthread_mutex_lock(&a->lock);
        int k = a->stop || a->next >= a->games ? -1 : a->next++;
        pthread_mutex_unlock(&a->lock);
        if (k < 0)
            break;
        play_one(a, players, k);
    }
    for (int i = 0; i < a->n; i++)
        lt_player_free(players[i]);
    return NULL;
}

/* The table: a row a player, its columns as wide as their headings
 * (in the reader's language) or their numbers; the numbers plain (a
 * decimal point in every language: scripts read them). */
static void report(const arena *a)
{
    bool multi = a->n > 2;
    const char *head[] = {_("player"), _("games"), _("wins"), _("draws"),
                          _("losses"), _("score"), _("return"), _("ahead")};
    static const int least[] = {40, 6, 6, 6, 6, 8, 9, 8};
    enum { COLS = sizeof least / sizeof least[0] };
    char cell[LT_MAX_PLAYERS][COLS][64], pad[128];
    int width[COLS], ncols = multi ? COLS : COLS - 1;
    for (int i = 0; i < a->n; i++) {
        const lt_wdl *w = &a->wdl[i];
        long n = w->wins + w->draws + w->losses;
        snprintf(cell[i][0], sizeof cell[i][0], "%.40s", a->specs[i]);
        snprintf(cell[i][1], sizeof cell[i][1], "%ld", n);
        snprintf(cell[i][2], sizeof cell[i][2], "%ld", w->wins);
        snprintf(cell[i][3], sizeof cell[i][3], "%ld", w->draws);
        snprintf(cell[i][4], sizeof cell[i][4], "%ld", w->losses);
        snprintf(cell[i][5], sizeof cell[i][5], "%.1f%%", 100 * lt_score(*w));
        snprintf(cell[i][6], sizeof cell[i][6], "%.3f", n ? a->returns[i] / n : 0.0);
        snprintf(cell[i][7], sizeof cell[i][7], "%.1f%%", n ? 100 * a->ahead[i] / n : 0.0);
    }
    for (int c = 0; c < ncols; c++) {
        width[c] = cli_width(head[c]) > least[c] ? cli_width(head[c]) : least[c];
        for (int i = 0; i < a->n; i++)
            width[c] = cli_width(cell[i][c]) > width[c] ? cli_width(cell[i][c]) : width[c];
    }
    /* the player's name to the left, the numbers to the right */
    printf("\n%-3s", "");
    for (int c = 0; c < ncols; c++)
        printf(" %s", cli_pad(pad, sizeof pad, head[c], width[c], c > 0));
    putchar('\n');
    for (int i = 0; i < a->n; i++) {
        printf("%-3c", 'A' + i);
        for (int c = 0; c < ncols; c++)
            printf(" %s", cli_pad(pad, sizeof pad, cell[i][c], width[c], c > 0));
        putchar('\n');
    }
    for (int i = 0; i < a->n; i++)
        if (a->forfeits[i])
            printf(lt_ngettext("%c forfeited %ld game; the last: %s\n",
                               "%c forfeited %ld games; the last: %s\n",
                               (unsigned long)a->forfeits[i]),
                   'A' + i, a->forfeits[i], a->last_forfeit[i]);
    if (a->n == 2) {
        double lo, hi, e = lt_elo(a->wdl[0], &lo, &hi);
        printf(_("Elo difference (A - B): %+.1f, 95%% interval [%+.1f, %+.1f]\n"),
               e, lo, hi);
    }
    if (a->sprt) {
        double lower, upper, llr = lt_sprt_llr(a->wdl[0], a->elo0, a->elo1);
        int d = lt_sprt_decision(llr, &lower, &upper);
        printf("SPRT elo0=%g elo1=%g: LLR %.2f [%.2f, %.2f] %s\n", a->elo0,
               a->elo1, llr, lower, upper,
               d > 0 ? _("H1 accepted") : d < 0 ? _("H0 accepted") : _("undecided"));
    }
}

int cmd_arena(int argc, char **argv)
{
    static arena a;
    memset(&a, 0, sizeof a);
    a.games = 100;
    a.openings = -1;
    a.jobs = 2;
    int threads = 1;
    const char *id = NULL, *v, *record = NULL, *book = NULL;
    const char *options[64];
    int noptions = 0;
    for (int i = 1; i < argc; i++) {
        long long n;
        char *end;
        if (!strcmp(argv[i], "--quiet")) {
            a.quiet = true;
        } else if (cli_flag(argc, argv, &i, "--player", &v)) {
            if (!v)
                return EXIT_USAGE;
            if (a.n == LT_MAX_PLAYERS)
                return cli_fail(EXIT_USAGE,
                                _("--player: at most %d players, one --player "
                                  "a seat; got more"),
                                LT_MAX_PLAYERS);
            lt_copy(a.specs[a.n++], LT_SPEC_MAX, v);
        } else if (cli_flag(argc, argv, &i, "--option", &v)) {
            if (!v)
                return EXIT_USAGE;
            if (noptions == 64)
                return cli_too_many();
            options[noptions++] = v;
        } else if (cli_flag(argc, argv, &i, "--games", &v)) {
            if (!cli_int("--games", v, 1, 10000000, &n))
                return EXIT_USAGE;
            a.games = (int)n;
        } else if (cli_flag(argc, argv, &i, "--seed", &v)) {
            if (!cli_int("--seed", v, 0, INT64_MAX, &n))
                return EXIT_USAGE;
            a.seed = (uint64_t)n;
        } else if (cli_flag(argc, argv, &i, "--openings", &v)) {
            if (!cli_int("--openings", v, 0, 1000, &n))
                return EXIT_USAGE;
            a.openings = (int)n;
        } else if (cli_flag(argc, argv, &i, "--jobs", &v)) {
            if (!cli_int("--jobs", v, 1, JOBS_MAX, &n))
                return EXIT_USAGE;
            a.jobs = (int)n;
        } else if (cli_flag(argc, argv, &i, "--threads", &v)) {
            if (!cli_int("--threads", v, 1, LT_AI_THREADS_MAX, &n))
                return EXIT_USAGE;
            threads = (int)n;
        } else if (cli_flag(argc, argv, &i, "--nodes", &v)) {
            if (!cli_int("--nodes", v, 1, INT64_MAX, &a.limits.nodes))
                return EXIT_USAGE;
        } else if (cli_flag(argc, argv, &i, "--depth", &v)) {
            if (!cli_int("--depth", v, 1, 1000, &n))
                return EXIT_USAGE;
            a.limits.depth = (int)n;
        } else if (cli_flag(argc, argv, &i, "--movetime", &v)) {
            double t;
            if (!cli_real("--movetime", v, 0, false, CLI_SECONDS_MAX, &t))
                return EXIT_USAGE;
            /* S is what the players are told to think; only a gross
             * overrun (an engine that hangs) loses on time */
            a.limits.seconds = t;
            a.tc = (lt_time_control){LT_TC_MOVE, ms_of(2 * t + 5), 0};
        } else if (cli_flag(argc, argv, &i, "--tc", &v)) {
            if (!v)
                return EXIT_USAGE;
            double base = strtod(v, &end), inc;
            bool good = end != v && base > 0 && base <= CLI_SECONDS_MAX &&
                        (!*end || *end == '+');
            inc = good && *end ? strtod(end + 1, &end) : 0;
            if (!good || *end || !(inc >= 0 && inc <= CLI_SECONDS_MAX)) {
                char quoted[LT_QUOTE_MAX];
                return cli_fail(EXIT_USAGE,
                                _("--tc: expected BASE+INC in seconds (BASE above "
                                  "0, INC from 0; e.g. 10+0.1), got %s"),
                                lt_quote(quoted, sizeof quoted, v));
            }
            /* the players plan from the clocks (lt_session_limits) */
            a.limits.seconds = 0;
            a.tc = (lt_time_control){LT_TC_FISCHER,
                                     ms_of(base) > 0 ? ms_of(base) : 1,
                                     ms_of(inc)};
        } else if (cli_flag(argc, argv, &i, "--sprt", &v)) {
            if (!v)
                return EXIT_USAGE;
            int used = 0;
            if (sscanf(v, "%lf,%lf%n", &a.elo0, &a.elo1, &used) != 2 ||
                v[used] || !(a.elo0 < a.elo1)) {
                char quoted[LT_QUOTE_MAX];
                return cli_fail(EXIT_USAGE,
                                _("--sprt: expected ELO0,ELO1 with ELO0 < ELO1 "
                                  "(e.g. 0,10), got %s"),
                                lt_quote(quoted, sizeof quoted, v));
            }
            a.sprt = true;
        } else if (cli_flag(argc, argv, &i, "--position", &v) ||
                   cli_flag(argc, argv, &i, "--fen", &v)) {
            if (!v)
                return EXIT_USAGE;
            a.position = v;
        } else if (cli_flag(argc, argv, &i, "--book", &v)) {
            if (!v)
                return EXIT_USAGE;
            book = v;
        } else if (cli_flag(argc, argv, &i, "--record", &v)) {
            if (!v)
                return EXIT_USAGE;
            record = v;
        } else if (argv[i][0] != '-' && !id) {
            id = argv[i];
        } else {
            return cli_unexpected(argv[0], argv[i]);
        }
    }
    if (!id)
        return cli_which_game(argv[0]);
    if (!(a.g = cli_game(id)))
        return EXIT_USAGE;
    lt_error err = {0};
    if (lt_check_players(a.g, a.n, &err) != LT_OK)
        return cli_fail(EXIT_USAGE, _("arena needs one --player per seat: %s"),
                        err.msg);
    lt_config_default(a.g, &a.cfg, a.n);
    for (int k = 0; k < noptions; k++)
        if (lt_config_set(a.g, &a.cfg, options[k], &err) != LT_OK)
            return cli_fail(EXIT_USAGE, "%s", err.msg);
    if (a.sprt && a.n != 2)
        return cli_fail(EXIT_USAGE, "%s", _("--sprt needs two players"));
    if (a.position) {
        lt_state *s = lt_state_new(a.g);
        bool good = s && lt_init(a.g, s, &a.cfg, &err) == LT_OK &&
                    a.g->read_state(s, a.position, &err) == LT_OK;
        if (good && a.g->current_player(s) == LT_TERMINAL) {
            good = false;
            lt_error_set(&err, "%s", _("the game is over there"));
        }
        lt_state_free(s);
        if (!good)
            return cli_fail(EXIT_USAGE, _("bad position for %s: %s"),
                            a.g->id, s ? err.msg : _("out of memory"));
    }
    for (int i = 0; i < a.n; i++) {
        lt_player *p = lt_player_new_from(a.g, a.specs[i], LT_SPEC_TRUSTED, &err);
        if (!p)
            return cli_fail(EXIT_USAGE, "%s", err.msg);
        lt_player_free(p);
    }
    if (book) {
        int status = read_book(&a, book);
        if (status != EXIT_OK)
            return status;
    }
    if (a.openings < 0)
        a.openings = a.g->has_chance || book ? 0 : 2;
    if (record && !(a.record = fopen(record, "a")))
        return cli_fail(EXIT_FAIL, _("cannot write %s: %s"), record, strerror(errno));
    lt_ai_threads(threads);
    pthread_mutex_init(&a.lock, NULL);
    if (!a.quiet) {
        printf(lt_ngettext("arena %s: %d game", "arena %s: %d games",
                           (unsigned long)a.games),
               a.g->id, a.games);
        for (int i = 0; i < a.n; i++)
            printf(", %c=%s", 'A' + i, a.specs[i]);
        putchar('\n');
    }
    pthread_t tid[JOBS_MAX];
    int started = 0;
    for (int j = 1; j < a.jobs; j++)
        if (pthread_create(&tid[started], NULL, worker, &a) == 0)
            started++;
    worker(&a);
    for (int j = 0; j < started; j++)
        pthread_join(tid[j], NULL);
    pthread_mutex_destroy(&a.lock);
    if (a.record)
        fclose(a.record);
    report(&a);
    free(a.book);
    free(a.first);
    free(a.nbook);
    return a.played ? EXIT_OK : EXIT_FAIL;
}
