/* cmd_arena.c — ludoteka arena: plays players against each other, seats
 * rotating, under a time control, and measures their strength. */
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ludoteka/elo.h"
#include "ludoteka/options.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"

enum { TC_NONE, TC_CLOCK, TC_MOVETIME };
enum { JOBS_MAX = 16, ARGS_MAX = 256 };

typedef struct {
    const lt_game *g;
    lt_config cfg;
    int n;                                    /* players = seats */
    char specs[LT_MAX_PLAYERS][LT_SPEC_MAX];
    int games, openings, jobs;
    uint64_t seed;
    int tc;
    double base, inc, movetime;
    long long nodes;
    int depth;
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

/* The seed of a game: both games of a pair (two players), or every game
 * of a round of rotations, start from the same opening and dice. */
static uint64_t game_seed(const arena *a, int game)
{
    return lt_choice_seed(a->seed, (uint64_t)(game / a->n) + (1ull << 40));
}

/* Thinking time for one move under a clock: a share of what is left. */
static double budget(double clock, double inc)
{
    double t = clock / 20 + inc * 0.8;
    return t < clock * 0.5 ? t : clock * 0.5;
}

/* Plays game number k; players[i] is arena player i. */
static void play_one(arena *a, lt_player **players, int k, lt_state *s)
{
    const lt_game *g = a->g;
    int rot = k % a->n, seat_of[LT_MAX_PLAYERS], who[LT_MAX_PLAYERS];
    for (int seat = 0; seat < a->n; seat++) {
        who[seat] = (seat + rot) % a->n;
        seat_of[who[seat]] = seat;
    }
    uint64_t seed = game_seed(a, k);
    lt_record rec;
    lt_record_init(&rec, g, &a->cfg);
    rec.seed = seed;
    for (int seat = 0; seat < a->n; seat++)
        lt_copy(rec.players[seat], LT_SPEC_MAX, a->specs[who[seat]]);
    char round[16];
    snprintf(round, sizeof round, "%d", k + 1);
    lt_record_set_tag(&rec, "Round", round);
    lt_init(g, s, &a->cfg, NULL);
    for (int i = 0; i < a->n; i++)
        lt_player_new_game(players[i], s);
    double clocks[LT_MAX_PLAYERS];
    for (int i = 0; i < a->n; i++)
        clocks[i] = a->base;
    lt_rng opening;
    lt_rng_seed(&opening, seed, 1ull << 44);
    int forfeit = -1, line = a->lines ? (k / a->n) % a->lines : 0;
    int booked = a->lines ? a->nbook[line] : 0;
    char why[256] = "";
    for (int ply = 0; g->current_player(s) != LT_TERMINAL; ply++) {
        int p = g->current_player(s);
        lt_action act;
        if (ply < booked) {
            act = a->book[a->first[line] + ply];
        } else if (ply < booked + a->openings) {
            act = lt_rng_play(&opening, g, s);
        } else if (p == LT_CHANCE) {
            act = lt_chance_draw(g, s, seed, (uint64_t)ply);
        } else {
            lt_player *pl = players[who[p]];
            lt_limits lim = {.nodes = a->nodes, .depth = a->depth};
            if (a->tc == TC_CLOCK) {
                lim.clocks = clocks;
                lim.increment = a->inc;
                lim.seconds = budget(clocks[p], a->inc);
            } else if (a->tc == TC_MOVETIME) {
                lim.seconds = a->movetime;
            }
            double t0 = cli_seconds();
            act = lt_player_choose(pl, s, lt_choice_seed(seed, (uint64_t)ply),
                                   &lim, NULL);
            double dt = cli_seconds() - t0;
            if (act == LT_NO_ACTION || !lt_is_legal(g, s, act)) {
                forfeit = p;
                snprintf(why, sizeof why, "%s", act == LT_NO_ACTION
                                                     ? lt_player_error(pl)
                                                     : "an illegal move");
                break;
            }
            if (a->tc == TC_CLOCK) {
                clocks[p] -= dt;
                if (clocks[p] < 0) {
                    forfeit = p;
                    snprintf(why, sizeof why, "lost on time at move %d", ply + 1);
                    break;
                }
                clocks[p] += a->inc;
            } else if (a->tc == TC_MOVETIME && dt > 2 * a->movetime + 5) {
                /* a per-move time is a target; only a gross overrun
                 * (an engine that hangs) loses */
                forfeit = p;
                snprintf(why, sizeof why, "took %.1f s for one move", dt);
                break;
            }
        }
        for (int i = 0; i < a->n; i++)
            lt_player_observe(players[i], s, act);
        lt_record_push(&rec, act);
        g->apply(s, act);
    }
    double r[LT_MAX_PLAYERS];
    if (forfeit >= 0) {
        /* a player that fails or oversteps its time loses */
        for (int seat = 0; seat < a->n; seat++)
            r[seat] = seat == forfeit ? g->min_return
                      : a->n == 2 ? g->max_return
                                  : 0;
        char note[LT_SPEC_MAX + sizeof why + 16];
        snprintf(note, sizeof note, "%s forfeits: %s", a->specs[who[forfeit]], why);
        lt_record_set_tag(&rec, "Termination", note);
    } else {
        g->returns(s, r);
    }

    pthread_mutex_lock(&a->lock);
    double best = -INFINITY;
    int at_best = 0;
    for (int seat = 0; seat < a->n; seat++)
        best = r[seat] > best ? r[seat] : best;
    for (int seat = 0; seat < a->n; seat++)
        at_best += r[seat] == best;
    for (int i = 0; i < a->n; i++) {
        double mine = r[seat_of[i]];
        a->returns[i] += mine;
        for (int seat = 0; seat < a->n; seat++)
            if (seat != seat_of[i])
                a->ahead[i] += (mine > r[seat]   ? 1.0
                                : mine == r[seat] ? 0.5
                                                  : 0.0) /
                               (a->n - 1);
        if (mine < best)
            a->wdl[i].losses++;
        else if (at_best == 1)
            a->wdl[i].wins++;
        else
            a->wdl[i].draws++;
    }
    if (forfeit >= 0) {
        a->forfeits[who[forfeit]]++;
        lt_copy(a->last_forfeit[who[forfeit]], 256, why);
    }
    a->played++;
    if (a->record) {
        lt_error err = {0};
        char *text = lt_record_format(&rec, &err);
        if (text) {
            fprintf(a->record, "%s\n", text);
            fflush(a->record);
            free(text);
        }
    }
    if (!a->quiet) {
        printf("game %d/%d:", a->played, a->games);
        for (int seat = 0; seat < a->n; seat++)
            printf(" %c=%g", 'A' + who[seat], r[seat]);
        if (a->n == 2) {
            double lo, hi, e = lt_elo(a->wdl[0], &lo, &hi);
            printf("   A %.1f%%  Elo %+.0f [%+.0f, %+.0f]", 100 * lt_score(a->wdl[0]),
                   e, lo, hi);
        }
        if (forfeit >= 0)
            printf("   (%c forfeits: %s)", 'A' + who[forfeit], why);
        putchar('\n');
        fflush(stdout);
    }
    if (a->sprt && lt_sprt_decision(lt_sprt_llr(a->wdl[0], a->elo0, a->elo1),
                                    NULL, NULL) != 0)
        a->stop = true;
    pthread_mutex_unlock(&a->lock);
    lt_record_clear(&rec);
}

/* Reads --book FILE: one start a line, the names of its actions from the
 * game's start separated by spaces; blank lines and '#' comments are
 * skipped.  Game pair (or round) k starts from line k, cycling. */
static int read_book(arena *a, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return cli_fail(EXIT_FAIL, "cannot read %s", path);
    lt_state *s = lt_state_new(a->g);
    char text[4096];
    int lineno = 0, used = 0, cap = 0, status = EXIT_OK;
    while (status == EXIT_OK && s && fgets(text, sizeof text, f)) {
        lineno++;
        text[strcspn(text, "#")] = '\0';
        lt_init(a->g, s, &a->cfg, NULL);
        int start = used;
        char *save = NULL;
        for (char *w = strtok_r(text, " \t\r\n", &save); w;
             w = strtok_r(NULL, " \t\r\n", &save)) {
            lt_action act;
            if (a->g->current_player(s) == LT_TERMINAL ||
                a->g->parse_action(s, w, &act) != LT_OK ||
                !lt_is_legal(a->g, s, act)) {
                status = cli_fail(EXIT_FAIL, "%s:%d: '%s' is not a legal move "
                                  "there", path, lineno, w);
                break;
            }
            if (used == cap) {
                cap = cap ? 2 * cap : 1024;
                lt_action *b = realloc(a->book, (size_t)cap * sizeof *b);
                if (!b) {
                    status = cli_fail(EXIT_FAIL, "out of memory");
                    break;
                }
                a->book = b;
            }
            a->book[used++] = act;
            a->g->apply(s, act);
        }
        if (status != EXIT_OK || used == start)
            continue;
        int *fi = realloc(a->first, (size_t)(a->lines + 1) * sizeof *fi);
        int *nb = fi ? realloc(a->nbook, (size_t)(a->lines + 1) * sizeof *nb)
                     : NULL;
        if (fi)
            a->first = fi;
        if (!nb) {
            status = cli_fail(EXIT_FAIL, "out of memory");
            break;
        }
        a->nbook = nb;
        a->first[a->lines] = start;
        a->nbook[a->lines++] = used - start;
    }
    if (!s)
        status = cli_fail(EXIT_FAIL, "out of memory");
    else if (status == EXIT_OK && a->lines == 0)
        status = cli_fail(EXIT_FAIL, "%s: no opening in it", path);
    lt_state_free(s);
    fclose(f);
    return status;
}

static void *worker(void *arg)
{
    arena *a = arg;
    lt_player *players[LT_MAX_PLAYERS] = {NULL};
    lt_state *s = lt_state_new(a->g);
    lt_error err = {0};
    bool ok = s != NULL;
    for (int i = 0; ok && i < a->n; i++)
        ok = (players[i] = lt_player_new_from(a->g, a->specs[i], LT_SPEC_TRUSTED,
                                               &err)) != NULL;
    if (!ok) {
        cli_fail(EXIT_FAIL, "%s", err.msg[0] ? err.msg : "out of memory");
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
        play_one(a, players, k, s);
    }
    for (int i = 0; i < a->n; i++)
        lt_player_free(players[i]);
    lt_state_free(s);
    return NULL;
}

static void report(const arena *a)
{
    bool multi = a->n > 2;
    printf("\n%-3s %-40s %6s %6s %6s %6s %8s %9s%s\n", "", "player", "games",
           "wins", "draws", "losses", "score", "return",
           multi ? "    ahead" : "");
    for (int i = 0; i < a->n; i++) {
        const lt_wdl *w = &a->wdl[i];
        long n = w->wins + w->draws + w->losses;
        printf("%-3c %-40.40s %6ld %6ld %6ld %6ld %7.1f%% %9.3f", 'A' + i,
               a->specs[i], n, w->wins, w->draws, w->losses,
               100 * lt_score(*w), n ? a->returns[i] / n : 0.0);
        if (multi)
            printf(" %7.1f%%", n ? 100 * a->ahead[i] / n : 0.0);
        putchar('\n');
    }
    for (int i = 0; i < a->n; i++)
        if (a->forfeits[i])
            printf("%c forfeited %ld game(s); the last: %s\n", 'A' + i,
                   a->forfeits[i], a->last_forfeit[i]);
    if (a->n == 2) {
        double lo, hi, e = lt_elo(a->wdl[0], &lo, &hi);
        printf("Elo difference (A - B): %+.1f, 95%% interval [%+.1f, %+.1f]\n",
               e, lo, hi);
    }
    if (a->sprt) {
        double lower, upper, llr = lt_sprt_llr(a->wdl[0], a->elo0, a->elo1);
        int d = lt_sprt_decision(llr, &lower, &upper);
        printf("SPRT elo0=%g elo1=%g: LLR %.2f [%.2f, %.2f] %s\n", a->elo0,
               a->elo1, llr, lower, upper,
               d > 0 ? "H1 accepted" : d < 0 ? "H0 accepted" : "undecided");
    }
}

static void usage(void)
{
    puts(T("usage: ludoteka arena ID --player SPEC --player SPEC ... [--games N]\n"
           "         [--seed S] [--option k=v]... [--tc BASE+INC | --movetime S |\n"
           "         --nodes N | --depth D] [--book FILE] [--openings K]\n"
           "         [--sprt ELO0,ELO1] [--record FILE] [--jobs J] [--threads T]\n"
           "         [--quiet]\n"
           "Plays N games (default 100) between the players, one seat each, the\n"
           "seats rotating; two players play pairs of games with the colours\n"
           "swapped from the same start: the next line of the book (moves from\n"
           "the start, one opening a line), then K random plies (default 2 for\n"
           "games without dice and without a book).  Time: a clock of BASE seconds plus INC per move\n"
           "(a player over its clock loses), or S seconds a move, or N nodes or D\n"
           "plies a move (reproducible).  Prints each game, then every player's\n"
           "wins, draws, losses, score and mean return; with more than two\n"
           "players also \"ahead\", the share of the others it finished ahead of\n"
           "(a tie counts half); with two, the Elo difference with its 95%\n"
           "interval.  --sprt stops as soon as the test decides.  J games run\n"
           "side by side (default 2), T threads per search (default 1).",
           "użycie: ludoteka arena ID --player GRACZ --player GRACZ ... [--games N]\n"
           "         [--seed S] [--option k=v]... [--tc BAZA+PRZYROST | --movetime S |\n"
           "         --nodes N | --depth D] [--book PLIK] [--openings K]\n"
           "         [--sprt ELO0,ELO1] [--record PLIK] [--jobs J] [--threads T]\n"
           "         [--quiet]\n"
           "Rozgrywa N partii (domyślnie 100) między graczami, po jednym na\n"
           "miejscu, z rotacją miejsc; dwóch graczy gra pary partii z zamianą\n"
           "kolorów od tego samego początku: kolejnego wiersza książki (ruchy od\n"
           "początku gry, jedno otwarcie w wierszu), potem K losowych posunięć\n"
           "(domyślnie 2 w grach bez kości i bez książki).  Czas: zegar BAZA sekund plus\n"
           "PRZYROST na ruch (przekroczenie przegrywa), S sekund na ruch albo N\n"
           "węzłów lub D posunięć głębokości (powtarzalnie).  Wypisuje każdą\n"
           "partię, potem wygrane, remisy, przegrane, wynik i średni zwrot\n"
           "każdego gracza; przy większej liczbie graczy także \"ahead\": odsetek\n"
           "pozostałych graczy, przed którymi skończył (remis liczy się za pół),\n"
           "a dla dwóch graczy różnicę Elo z 95% przedziałem;\n"
           "--sprt kończy, gdy test rozstrzygnie.  J partii naraz (domyślnie 2),\n"
           "T wątków na wyszukiwanie (domyślnie 1)."));
}

int cmd_arena(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        usage();
        return EXIT_OK;
    }
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
                                T("--player: at most %d players, one --player "
                                  "a seat; got more",
                                  "--player: najwyżej %d graczy, jedno --player "
                                  "na miejsce; podano więcej"),
                                LT_MAX_PLAYERS);
            lt_copy(a.specs[a.n++], LT_SPEC_MAX, v);
        } else if (cli_flag(argc, argv, &i, "--option", &v)) {
            if (!v)
                return EXIT_USAGE;
            if (noptions == 64)
                return cli_fail(EXIT_USAGE, "too many --option flags");
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
            if (!cli_int("--nodes", v, 1, INT64_MAX, &a.nodes))
                return EXIT_USAGE;
        } else if (cli_flag(argc, argv, &i, "--depth", &v)) {
            if (!cli_int("--depth", v, 1, 1000, &n))
                return EXIT_USAGE;
            a.depth = (int)n;
        } else if (cli_flag(argc, argv, &i, "--movetime", &v)) {
            if (!cli_real("--movetime", v, 0, false, CLI_SECONDS_MAX, &a.movetime))
                return EXIT_USAGE;
            a.tc = TC_MOVETIME;
        } else if (cli_flag(argc, argv, &i, "--tc", &v)) {
            if (!v)
                return EXIT_USAGE;
            a.base = strtod(v, &end);
            bool good = end != v && a.base > 0 && a.base <= CLI_SECONDS_MAX &&
                        (!*end || *end == '+');
            a.inc = good && *end ? strtod(end + 1, &end) : 0;
            if (!good || *end || !(a.inc >= 0 && a.inc <= CLI_SECONDS_MAX)) {
                char quoted[LT_QUOTE_MAX];
                return cli_fail(EXIT_USAGE,
                                T("--tc: expected BASE+INC in seconds (BASE above "
                                  "0, INC from 0; e.g. 10+0.1), got %s",
                                  "--tc: oczekiwano BAZA+DODATEK w sekundach (BAZA "
                                  "większa niż 0, DODATEK od 0; np. 10+0.1), "
                                  "podano %s"),
                                lt_quote(quoted, sizeof quoted, v));
            }
            a.tc = TC_CLOCK;
        } else if (cli_flag(argc, argv, &i, "--sprt", &v)) {
            if (!v)
                return EXIT_USAGE;
            int used = 0;
            if (sscanf(v, "%lf,%lf%n", &a.elo0, &a.elo1, &used) != 2 ||
                v[used] || !(a.elo0 < a.elo1)) {
                char quoted[LT_QUOTE_MAX];
                return cli_fail(EXIT_USAGE,
                                T("--sprt: expected ELO0,ELO1 with ELO0 < ELO1 "
                                  "(e.g. 0,10), got %s",
                                  "--sprt: oczekiwano ELO0,ELO1, gdzie ELO0 < "
                                  "ELO1 (np. 0,10), podano %s"),
                                lt_quote(quoted, sizeof quoted, v));
            }
            a.sprt = true;
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
            return cli_fail(EXIT_USAGE, "arena: unexpected argument '%s' (see "
                                        "ludoteka arena --help)", argv[i]);
        }
    }
    if (!id)
        return cli_fail(EXIT_USAGE, "arena: which game?");
    if (!(a.g = cli_game(id)))
        return EXIT_USAGE;
    lt_error err = {0};
    if (lt_check_players(a.g, a.n, &err) != LT_OK)
        return cli_fail(EXIT_USAGE, "arena needs one --player per seat: %s",
                        err.msg);
    lt_config_default(a.g, &a.cfg, a.n);
    for (int k = 0; k < noptions; k++)
        if (lt_config_set(a.g, &a.cfg, options[k], &err) != LT_OK)
            return cli_fail(EXIT_USAGE, "%s", err.msg);
    if (a.sprt && a.n != 2)
        return cli_fail(EXIT_USAGE, "--sprt needs two players");
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
        return cli_fail(EXIT_FAIL, "cannot write %s", record);
    lt_ai_threads(threads);
    pthread_mutex_init(&a.lock, NULL);
    if (!a.quiet) {
        printf("arena %s: %d games", a.g->id, a.games);
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
