/* cmd_arena.c — ludoteka arena: plays players against each other, seats
 * rotating, under a time control, and measures their strength.  Each
 * game is a game in play (arena_game.c).
 *
 * Game k (from 0) depends on k alone: its seed, seats and opening come
 * from its number.  Games are taken by number, by the threads of one
 * process (--jobs) or by the processes of an MPI job (rank r plays games
 * r, r + N, r + 2N, ...), and counted, printed and recorded in their
 * order by one of them (process 0): the same seed gives the same lines,
 * table and records however many play them.  No game starts WINDOW or
 * more games ahead of the first one not yet counted, so at most WINDOW
 * games wait to be counted. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "arena_game.h"
#include "mpi_job.h"
#include "cli.h"
#include "cmd.h"
#include "words.h"
#include "ludoteka/elo.h"
#include "ludoteka/options.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"

enum { JOBS_MAX = 16, WINDOW = 256 };

/* A game played, waiting for its turn to be counted; sent as it is
 * (the same program on every machine), its record after it. */
typedef struct {
    int k;          /* its number from 0; -1 in an empty slot */
    bool ok;        /* played; otherwise error says why not */
    char error[256];
    double r[LT_MAX_PLAYERS];          /* the scores, seat by seat */
    unsigned failed, flagged;
    int flag_ply[LT_MAX_PLAYERS];
    char why[LT_MAX_PLAYERS][256];
    char result[512], left[512];
    size_t nrecord; /* the record's length (--record), or 0 */
    char *record;   /* malloc'd, or NULL */
} outcome;

/* the messages between the processes of an MPI job */
enum { MSG_OUTCOME = 1, MSG_DONE, MSG_NOTICE, MSG_FINAL };
typedef struct {
    int32_t counted; /* games 0 to counted - 1 are counted */
    int32_t stop;    /* no more games are wanted */
} notice;

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
    bool want_record;                         /* --record, in any process */
    int rank, size;                           /* MPI; 0 and 1 alone */
    /* --book: the starts, each nbook[i] actions from book[first[i]] */
    lt_action *book;
    int *first, *nbook, lines;
    /* shared by the workers, under lock */
    pthread_mutex_t lock;
    pthread_cond_t room;                      /* counted moved, or stop */
    int next, played;
    int counted;                              /* the games counted */
    bool stop;
    outcome ring[WINDOW];                     /* game k in ring[k % WINDOW] */
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
static void print_game(const arena *a, const outcome *o, const int *who)
{
    const double *r = o->r;
    printf(_("game %d/%d:"), a->played, a->games);
    for (int seat = 0; seat < a->n; seat++)
        printf(" %c=%g", 'A' + who[seat], r[seat]);
    if (a->n == 2) {
        double lo, hi, e = lt_elo(a->wdl[0], &lo, &hi);
        printf("   A %.1f%%  Elo %+.0f [%+.0f, %+.0f]", 100 * lt_score(a->wdl[0]),
               e, lo, hi);
    }
    printf("   %s", o->result);
    if (o->left[0])
        printf("; %s", o->left);
    for (int seat = 0; seat < a->n; seat++)
        if (o->failed >> seat & 1)
            printf(_("   (%c forfeits: %s)"),
                   'A' + who[seat], o->why[seat]);
    putchar('\n');
    fflush(stdout);
}

/* The players in the seats of game k: who[seat] is the arena's player. */
static void seats(const arena *a, int k, int *who)
{
    for (int seat = 0; seat < a->n; seat++)
        who[seat] = (seat + k % a->n) % a->n;
}

/* Makes the players that last from game to game: the programs (uci:,
 * xboard:), told of each new game as they expect.  The others are made
 * for each game (play_one), so that no game starts with what a search
 * kept from another: game k plays alike whichever thread or process
 * plays it, and after whichever games.  (What the players of a game
 * share, a solved game's table, is shared by value: it outlives them
 * while the players of the game before hold it.)  NULL, or why not. */
static const char *new_players(const arena *a, lt_player **players,
                               lt_error *err)
{
    for (int i = 0; i < a->n; i++)
        if (lt_spec_starts_program(a->specs[i]) &&
            !(players[i] = lt_player_new_from(a->g, a->specs[i],
                                              LT_SPEC_TRUSTED, err)))
            return err->msg[0] ? err->msg : _("out of memory");
    return NULL;
}

/* Plays game number k into *o with players[i] as arena player i. */
static void play_game(const arena *a, lt_player **players, int k, outcome *o)
{
    int who[LT_MAX_PLAYERS];
    seats(a, k, who);
    arena_setup su;
    memset(&su, 0, sizeof su);
    su.game = a->g;
    su.config = a->cfg;
    su.seed = game_seed(a, k);
    su.position = a->position;
    for (int seat = 0; seat < a->n; seat++)
        su.players[seat] = players[who[seat]];
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
    if (arena_game_play(&ag, &su, &err) != LT_OK) {
        snprintf(o->error, sizeof o->error, _("arena: game %d: %s"), k + 1,
                 err.msg);
        arena_game_free(&ag);
        return;
    }
    o->ok = true;
    lt_session_scores(ag.session, o->r);
    o->failed = ag.failed;
    o->flagged = ag.flagged;
    for (int seat = 0; seat < a->n; seat++) {
        o->flag_ply[seat] = ag.flag_ply[seat];
        lt_copy(o->why[seat], sizeof o->why[seat], ag.why[seat]);
    }
    lt_session_result_text(ag.session, o->result, sizeof o->result);
    lt_copy(o->left, sizeof o->left, ag.left);
    if (a->want_record && (o->record = lt_session_text(ag.session, &err)))
        o->nrecord = strlen(o->record);
    arena_game_free(&ag);
}

/* Plays game number k into *o; kept[i] is arena player i if it lasts
 * from game to game, else NULL (made here).  held[i] are the players
 * made for the thread's game before, freed only now that this game's
 * have taken up what they shared (a solved game's table, which would
 * otherwise be loaded or built again); this game's are held in their
 * place.  error: why the players could not be made (then the game is
 * not played). */
static void play_one(const arena *a, lt_player **kept, lt_player **held,
                     int k, const char *error, outcome *o)
{
    memset(o, 0, sizeof *o);
    o->k = k;
    lt_player *players[LT_MAX_PLAYERS] = {NULL};
    lt_error err = {0};
    for (int i = 0; !error && i < a->n; i++)
        if (!(players[i] = kept[i]) &&
            !(players[i] = lt_player_new_from(a->g, a->specs[i],
                                              LT_SPEC_TRUSTED, &err)))
            error = err.msg[0] ? err.msg : _("out of memory");
    if (!error)
        play_game(a, players, k, o);
    else
        lt_copy(o->error, sizeof o->error, error);
    for (int i = 0; i < a->n; i++)
        if (players[i] != kept[i]) {
            lt_player_free(held[i]);
            held[i] = players[i];
        }
}

/* Counts game o->k, the next in order (under the lock). */
static void count(arena *a, const outcome *o)
{
    if (!o->ok) {
        cli_fail(EXIT_FAIL, "%s", o->error);
        a->stop = true;
        return;
    }
    int who[LT_MAX_PLAYERS];
    seats(a, o->k, who);
    tally(a, o->r, who);
    for (int seat = 0; seat < a->n; seat++) {
        int i = who[seat];
        if (o->failed >> seat & 1) {
            a->forfeits[i]++;
            lt_copy(a->last_forfeit[i], sizeof a->last_forfeit[i], o->why[seat]);
        } else if (o->flagged >> seat & 1) {
            a->forfeits[i]++;
            snprintf(a->last_forfeit[i], sizeof a->last_forfeit[i],
                     _("lost on time at move %d"),
                     o->flag_ply[seat] + 1);
        }
    }
    a->played++;
    if (a->record && o->record) {
        fprintf(a->record, "%s\n", o->record);
        fflush(a->record);
    }
    if (!a->quiet)
        print_game(a, o, who);
    if (a->sprt && lt_sprt_decision(lt_sprt_llr(a->wdl[0], a->elo0, a->elo1),
                                    NULL, NULL) != 0)
        a->stop = true;
}

/* Takes game o->k, played (the outcome moves into the arena), and counts
 * the games now next in order (under the lock).  false when the game
 * has no place: outside the window or there twice. */
static bool deliver(arena *a, outcome *o)
{
    outcome *slot = &a->ring[o->k % WINDOW];
    bool fits = o->k >= a->counted && o->k < a->counted + WINDOW && slot->k < 0;
    if (a->stop || !fits) {
        free(o->record);
        return a->stop || fits;
    }
    *slot = *o;
    for (slot = &a->ring[a->counted % WINDOW]; !a->stop && slot->k == a->counted;
         slot = &a->ring[a->counted % WINDOW]) {
        count(a, slot);
        free(slot->record);
        slot->record = NULL;
        slot->k = -1;
        a->counted++;
    }
    pthread_cond_broadcast(&a->room);
    return true;
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

/* A thread of one process: takes the next game, waiting while it would
 * be WINDOW ahead of the first one not counted. */
static void *worker(void *arg)
{
    arena *a = arg;
    lt_player *players[LT_MAX_PLAYERS] = {NULL}, *held[LT_MAX_PLAYERS] = {NULL};
    lt_error err = {0};
    const char *error = new_players(a, players, &err);
    for (;;) {
        pthread_mutex_lock(&a->lock);
        while (!a->stop && a->next < a->games && a->next >= a->counted + WINDOW)
            pthread_cond_wait(&a->room, &a->lock);
        int k = a->stop || a->next >= a->games ? -1 : a->next++;
        pthread_mutex_unlock(&a->lock);
        if (k < 0)
            break;
        outcome o;
        play_one(a, players, held, k, error, &o);
        pthread_mutex_lock(&a->lock);
        deliver(a, &o); /* k is in the window: it waited for room */
        pthread_mutex_unlock(&a->lock);
    }
    for (int i = 0; i < a->n; i++) {
        lt_player_free(players[i]);
        lt_player_free(held[i]);
    }
    return NULL;
}

/* Sends game o to process 0: the outcome, then its record. */
static bool send_outcome(const outcome *o)
{
    size_t len = sizeof *o + o->nrecord;
    unsigned char *bytes = malloc(len);
    if (!bytes) {
        cli_no_memory();
        return false;
    }
    outcome plain = *o;
    plain.record = NULL;
    memcpy(bytes, &plain, sizeof plain);
    if (o->nrecord)
        memcpy(bytes + sizeof plain, o->record, o->nrecord);
    bool ok = mpi_job_send(0, MSG_OUTCOME, bytes, len);
    free(bytes);
    return ok;
}

/* Reads a game sent by another process into *o; false when the message
 * is not one. */
static bool read_outcome(const arena *a, const unsigned char *bytes, size_t len,
                         int sender, outcome *o)
{
    if (len < sizeof *o)
        return false;
    memcpy(o, bytes, sizeof *o);
    o->record = NULL;
    if (o->nrecord != len - sizeof *o || o->k < 0 || o->k >= a->games ||
        o->k % a->size != sender)
        return false;
    o->error[sizeof o->error - 1] = '\0';
    o->result[sizeof o->result - 1] = '\0';
    o->left[sizeof o->left - 1] = '\0';
    for (int seat = 0; seat < LT_MAX_PLAYERS; seat++)
        o->why[seat][sizeof o->why[seat] - 1] = '\0';
    if (o->nrecord) {
        if (!(o->record = malloc(o->nrecord + 1)))
            return false;
        memcpy(o->record, bytes + sizeof *o, o->nrecord);
        o->record[o->nrecord] = '\0';
    }
    return true;
}

/* Process 0 of an MPI job: takes one message (waits for it with wait).
 * 1 when it took one, 0 when none had come, -1 when MPI failed. */
static int take_message(arena *a, bool wait, int *done)
{
    int sender = 0, tag = 0;
    size_t len = 0;
    unsigned char *bytes = mpi_job_receive(-1, wait, &sender, &tag, &len);
    if (!bytes)
        return tag == 0 ? 0 : -1;
    outcome o;
    if (tag == MSG_DONE) {
        ++*done;
    } else if (tag != MSG_OUTCOME || !read_outcome(a, bytes, len, sender, &o) ||
               !deliver(a, &o)) {
        cli_fail(EXIT_FAIL, _("arena: process %d sent a message that is not "
                              "a game expected"),
                 sender);
        a->stop = true;
    }
    free(bytes);
    return 1;
}

/* Process 0 tells the others how far the count is, when it moved. */
static void tell(const arena *a, notice *told)
{
    notice now = {a->counted, a->stop};
    if (now.counted == told->counted && now.stop == told->stop)
        return;
    for (int r = 1; r < a->size; r++)
        mpi_job_send(r, MSG_NOTICE, &now, sizeof now);
    *told = now;
}

/* Process 0 of an MPI job: plays its games and counts everyone's. */
static bool lead(arena *a, lt_player **players, lt_player **held,
                 const char *error)
{
    notice told = {0, 0};
    int done = 0, got = 0;
    for (int k = 0; k < a->games; k += a->size) {
        /* the games sent while the last one was played, then more until
         * game k is in the window */
        while ((got = take_message(a, false, &done)) > 0)
            tell(a, &told);
        while (got >= 0 && !a->stop && k >= a->counted + WINDOW)
            if ((got = take_message(a, true, &done)) > 0)
                tell(a, &told);
        if (got < 0 || a->stop)
            break;
        outcome o;
        play_one(a, players, held, k, error, &o);
        deliver(a, &o);
        tell(a, &told);
    }
    /* the others' games until each of them is done */
    while (got >= 0 && done < a->size - 1)
        if ((got = take_message(a, true, &done)) > 0)
            tell(a, &told);
    return got >= 0;
}

/* Another process of an MPI job: plays its games, sends them to process
 * 0, never WINDOW ahead of its count.  Returns process 0's status. */
static int follow(arena *a, lt_player **players, lt_player **held,
                  const char *error)
{
    notice known = {0, 0};
    int status = EXIT_FAIL, tag = 0, sender;
    size_t len;
    bool broken = false;
    for (int k = a->rank; !broken && k < a->games; k += a->size) {
        bool wait = false;
        for (;;) {
            void *bytes = mpi_job_receive(0, wait, &sender, &tag, &len);
            if (!bytes) {
                broken = tag < 0;
                if (broken || known.stop || k < known.counted + WINDOW)
                    break;
                wait = true; /* nothing more yet: wait for room */
                continue;
            }
            if (tag == MSG_NOTICE && len == sizeof known) {
                notice n;
                memcpy(&n, bytes, sizeof n);
                known.counted = n.counted > known.counted ? n.counted : known.counted;
                known.stop |= n.stop;
            } else {
                known.stop = 1;
            }
            free(bytes);
            wait = false;
        }
        if (broken || known.stop)
            break;
        outcome o;
        play_one(a, players, held, k, error, &o);
        broken = !send_outcome(&o);
        free(o.record);
    }
    if (!broken && mpi_job_send(0, MSG_DONE, "", 0)) {
        /* the notices still coming, until the last word */
        for (;;) {
            void *bytes = mpi_job_receive(0, true, &sender, &tag, &len);
            if (!bytes)
                break;
            if (tag == MSG_FINAL && len == sizeof(int32_t)) {
                int32_t st;
                memcpy(&st, bytes, sizeof st);
                status = st;
            }
            free(bytes);
            if (tag == MSG_FINAL)
                break;
        }
    }
    return status;
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

/* Reads the command line into a; opens the record (process 0). */
static int prepare(arena *a, int argc, char **argv)
{
    a->games = 100;
    a->openings = -1;
    a->jobs = 2;
    int threads = 1;
    bool jobs_given = false;
    const char *id = NULL, *v, *record = NULL, *book = NULL;
    const char *options[64];
    int noptions = 0;
    for (int i = 1; i < argc; i++) {
        long long n;
        char *end;
        if (!strcmp(argv[i], "--quiet")) {
            a->quiet = true;
        } else if (cli_flag(argc, argv, &i, "--player", &v)) {
            if (!v)
                return EXIT_USAGE;
            if (a->n == LT_MAX_PLAYERS)
                return cli_fail(EXIT_USAGE,
                                _("--player: at most %d players, one --player "
                                  "a seat; got more"),
                                LT_MAX_PLAYERS);
            lt_copy(a->specs[a->n++], LT_SPEC_MAX, v);
        } else if (cli_flag(argc, argv, &i, "--option", &v)) {
            if (!v)
                return EXIT_USAGE;
            if (noptions == 64)
                return cli_too_many();
            options[noptions++] = v;
        } else if (cli_flag(argc, argv, &i, "--games", &v)) {
            if (!cli_int("--games", v, 1, 10000000, &n))
                return EXIT_USAGE;
            a->games = (int)n;
        } else if (cli_flag(argc, argv, &i, "--seed", &v)) {
            if (!cli_int("--seed", v, 0, INT64_MAX, &n))
                return EXIT_USAGE;
            a->seed = (uint64_t)n;
        } else if (cli_flag(argc, argv, &i, "--openings", &v)) {
            if (!cli_int("--openings", v, 0, 1000, &n))
                return EXIT_USAGE;
            a->openings = (int)n;
        } else if (cli_flag(argc, argv, &i, "--jobs", &v)) {
            if (!cli_int("--jobs", v, 1, JOBS_MAX, &n))
                return EXIT_USAGE;
            a->jobs = (int)n;
            jobs_given = true;
        } else if (cli_flag(argc, argv, &i, "--threads", &v)) {
            if (!cli_int("--threads", v, 1, LT_AI_THREADS_MAX, &n))
                return EXIT_USAGE;
            threads = (int)n;
        } else if (cli_flag(argc, argv, &i, "--nodes", &v)) {
            if (!cli_int("--nodes", v, 1, INT64_MAX, &a->limits.nodes))
                return EXIT_USAGE;
        } else if (cli_flag(argc, argv, &i, "--depth", &v)) {
            if (!cli_int("--depth", v, 1, 1000, &n))
                return EXIT_USAGE;
            a->limits.depth = (int)n;
        } else if (cli_flag(argc, argv, &i, "--movetime", &v)) {
            double t;
            if (!cli_real("--movetime", v, 0, false, CLI_SECONDS_MAX, &t))
                return EXIT_USAGE;
            /* S is what the players are told to think; only a gross
             * overrun (an engine that hangs) loses on time */
            a->limits.seconds = t;
            a->tc = (lt_time_control){LT_TC_MOVE, ms_of(2 * t + 5), 0};
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
            a->limits.seconds = 0;
            a->tc = (lt_time_control){LT_TC_FISCHER,
                                     ms_of(base) > 0 ? ms_of(base) : 1,
                                     ms_of(inc)};
        } else if (cli_flag(argc, argv, &i, "--sprt", &v)) {
            if (!v)
                return EXIT_USAGE;
            int used = 0;
            if (sscanf(v, "%lf,%lf%n", &a->elo0, &a->elo1, &used) != 2 ||
                v[used] || !(a->elo0 < a->elo1)) {
                char quoted[LT_QUOTE_MAX];
                return cli_fail(EXIT_USAGE,
                                _("--sprt: expected ELO0,ELO1 with ELO0 < ELO1 "
                                  "(e.g. 0,10), got %s"),
                                lt_quote(quoted, sizeof quoted, v));
            }
            a->sprt = true;
        } else if (cli_flag(argc, argv, &i, "--position", &v) ||
                   cli_flag(argc, argv, &i, "--fen", &v)) {
            if (!v)
                return EXIT_USAGE;
            a->position = v;
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
    if (!(a->g = cli_game(id)))
        return EXIT_USAGE;
    lt_error err = {0};
    if (lt_check_players(a->g, a->n, &err) != LT_OK)
        return cli_fail(EXIT_USAGE, _("arena needs one --player per seat: %s"),
                        err.msg);
    lt_config_default(a->g, &a->cfg, a->n);
    for (int k = 0; k < noptions; k++)
        if (lt_config_set(a->g, &a->cfg, options[k], &err) != LT_OK)
            return cli_fail(EXIT_USAGE, "%s", err.msg);
    if (a->sprt && a->n != 2)
        return cli_fail(EXIT_USAGE, "%s", _("--sprt needs two players"));
    if (a->position) {
        lt_state *s = lt_state_new(a->g);
        bool good = s && lt_init(a->g, s, &a->cfg, &err) == LT_OK &&
                    a->g->read_state(s, a->position, &err) == LT_OK;
        if (good && a->g->current_player(s) == LT_TERMINAL) {
            good = false;
            lt_error_set(&err, "%s", _("the game is over there"));
        }
        lt_state_free(s);
        if (!good)
            return cli_fail(EXIT_USAGE, _("bad position for %s: %s"),
                            a->g->id, s ? err.msg : _("out of memory"));
    }
    for (int i = 0; i < a->n; i++) {
        lt_player *p = lt_player_new_from(a->g, a->specs[i], LT_SPEC_TRUSTED, &err);
        if (!p)
            return cli_fail(EXIT_USAGE, "%s", err.msg);
        lt_player_free(p);
    }
    if (book) {
        int status = read_book(a, book);
        if (status != EXIT_OK)
            return status;
    }
    if (a->openings < 0)
        a->openings = a->g->has_chance || book ? 0 : 2;
    a->want_record = record != NULL;
    if (record && a->rank == 0 && !(a->record = fopen(record, "a")))
        return cli_fail(EXIT_FAIL, _("cannot write %s: %s"), record, strerror(errno));
    lt_ai_threads(threads);
    if (a->size > 1 && jobs_given && a->jobs > 1 && a->rank == 0)
        fprintf(stderr, "%s\n",
                _("arena: under mpirun each process plays one game at a time; "
                  "--jobs is left aside (start more processes instead)"));
    return EXIT_OK;
}

/* Plays the games (prepared) and prints the table; the status. */
static int play(arena *a)
{
    if (a->rank != 0)
        a->quiet = true; /* process 0 prints */
    for (int i = 0; i < WINDOW; i++)
        a->ring[i].k = -1;
    if (!a->quiet) {
        printf(lt_ngettext("arena %s: %d game", "arena %s: %d games",
                           (unsigned long)a->games),
               a->g->id, a->games);
        for (int i = 0; i < a->n; i++)
            printf(", %c=%s", 'A' + i, a->specs[i]);
        putchar('\n');
    }
    pthread_mutex_init(&a->lock, NULL);
    pthread_cond_init(&a->room, NULL);
    int status = EXIT_OK;
    if (a->size == 1) {
        pthread_t tid[JOBS_MAX];
        int started = 0;
        for (int j = 1; j < a->jobs; j++)
            if (pthread_create(&tid[started], NULL, worker, a) == 0)
                started++;
        worker(a);
        for (int j = 0; j < started; j++)
            pthread_join(tid[j], NULL);
    } else {
        /* one thread: only it calls MPI */
        lt_player *players[LT_MAX_PLAYERS] = {NULL}, *held[LT_MAX_PLAYERS] = {NULL};
        lt_error err = {0};
        const char *error = new_players(a, players, &err);
        if (a->rank == 0) {
            if (!lead(a, players, held, error))
                status = EXIT_FAIL;
        } else {
            status = follow(a, players, held, error);
        }
        for (int i = 0; i < a->n; i++) {
            lt_player_free(players[i]);
            lt_player_free(held[i]);
        }
    }
    pthread_cond_destroy(&a->room);
    pthread_mutex_destroy(&a->lock);
    for (int i = 0; i < WINDOW; i++)
        free(a->ring[i].record); /* games past a stop */
    if (a->rank != 0)
        return status;
    if (a->record)
        fclose(a->record);
    a->record = NULL;
    report(a);
    if (status == EXIT_OK)
        status = a->played ? EXIT_OK : EXIT_FAIL;
    /* the others wait for the last word */
    int32_t last = status;
    for (int r = 1; r < a->size; r++)
        mpi_job_send(r, MSG_FINAL, &last, sizeof last);
    return status;
}

int cmd_arena(int argc, char **argv)
{
    static arena a;
    memset(&a, 0, sizeof a);
    if (!mpi_job_begin(&a.rank, &a.size)) {
        mpi_job_end();
        return EXIT_FAIL;
    }
    int status = prepare(&a, argc, argv);
    /* every process goes on, or none: a file missing on one machine */
    if (mpi_job_all(status == EXIT_OK))
        status = play(&a);
    else if (status == EXIT_OK)
        status = EXIT_FAIL;
    free(a.book);
    free(a.first);
    free(a.nbook);
    if (a.record)
        fclose(a.record);
    mpi_job_end();
    return status;
}
