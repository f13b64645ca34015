/* uci.c — the Universal Chess Interface: reads commands, keeps the
 * position, runs the search on its own thread (so "stop" and "isready"
 * are answered while it thinks) and prints its info lines and the best
 * move.  Beyond UCI: "d" prints the position, "perft N" counts moves. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <threads.h>

#include "ludoteka/text.h"
#include "nnue.h"
#include "search.h"
#include "uci.h"

enum { LINE_MAX_UCI = 1 << 16, KEYS_MAX = 1024 };

typedef struct {
    FILE *out;
    mtx_t lock; /* one writer at a time */
    chess_search *search;
    nnue_net *net; /* EvalFile's network, or NULL: the hand-made evaluation */
    chess_pos pos;
    uint64_t keys[KEYS_MAX]; /* earlier positions of the game */
    int nkeys;
    int level, threads, hash;
    double overhead;
    thrd_t thread;
    bool searching;
    volatile int stop;
    chess_limits lim;
} uci;

static void say(uci *u, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void say(uci *u, const char *fmt, ...)
{
    /* a line may quote what the GUI sent (an unknown command, a bad
     * move): escaped line by line (the newlines between the lines are
     * the protocol's), so nothing it held reaches a terminal as a code */
    char line[8192], safe[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    size_t len = 0;
    for (char *p = line, *nl; p; p = nl ? nl + 1 : NULL) {
        nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        lt_escape(safe + len, sizeof safe - len, p);
        len += strlen(safe + len);
        if (nl && len + 1 < sizeof safe) {
            safe[len++] = '\n';
            safe[len] = '\0';
        }
    }
    mtx_lock(&u->lock);
    fprintf(u->out, "%s\n", safe);
    fflush(u->out);
    mtx_unlock(&u->lock);
}

static void score_text(int score, char *buf, size_t size)
{
    if (score >= SCORE_MATE_BOUND)
        snprintf(buf, size, "mate %d", (SCORE_MATE - score + 1) / 2);
    else if (score <= -SCORE_MATE_BOUND)
        snprintf(buf, size, "mate -%d", (SCORE_MATE + score) / 2);
    else
        snprintf(buf, size, "cp %d", score);
}

static void on_report(void *ctx, const chess_report *r)
{
    uci *u = ctx;
    char pv[MAX_PLY * 6 + 1] = "", score[32];
    size_t len = 0;
    for (int i = 0; i < r->pvlen; i++) {
        pv[len++] = ' ';
        len += (size_t)chess_uci(r->pv[i], pv + len, sizeof pv - len);
    }
    score_text(r->score, score, sizeof score);
    long long ms = (long long)(r->seconds * 1000);
    say(u,
        "info depth %d seldepth %d multipv 1 score %s nodes %lld nps %lld "
        "hashfull %d time %lld pv%s",
        r->depth, r->seldepth, score, r->nodes,
        r->seconds > 0 ? (long long)(r->nodes / r->seconds) : 0, r->hashfull,
        ms, pv);
}

static int search_main(void *arg)
{
    uci *u = arg;
    chess_report r;
    int first = u->nkeys - u->pos.halfmove > 0 ? u->nkeys - u->pos.halfmove : 0;
    chess_move m = chess_search_run(u->search, &u->pos, u->keys + first,
                                    u->nkeys - first, &u->lim, &r);
    char best[8] = "0000", ponder[16] = "";
    if (m)
        chess_uci(m, best, sizeof best);
    if (m && r.pvlen >= 2 && r.pv[0] == m) {
        strcpy(ponder, " ponder ");
        chess_uci(r.pv[1], ponder + 8, sizeof ponder - 8);
    }
    say(u, "bestmove %s%s", best, ponder);
    return 0;
}

/* Waits for a running search to end (stopping it first if asked). */
static void finish(uci *u, bool stop)
{
    if (!u->searching)
        return;
    if (stop) {
        u->stop = 1;
        chess_search_stop(u->search);
    }
    thrd_join(u->thread, NULL);
    u->searching = false;
}

static void set_position(uci *u, char **w, int n)
{
    chess_pos p;
    int i = 1, nkeys = 0;
    if (i < n && !strcmp(w[i], "startpos")) {
        chess_startpos(&p, CHESS_FIDE);
        i++;
    } else if (i < n && !strcmp(w[i], "fen")) {
        char fen[256] = "";
        size_t len = 0;
        for (i++; i < n && strcmp(w[i], "moves"); i++)
            len += (size_t)snprintf(fen + len,
                                    len < sizeof fen ? sizeof fen - len : 0,
                                    "%s%s", len ? " " : "", w[i]);
        char msg[200];
        if (len >= sizeof fen ||
            !chess_from_fen(&p, fen, CHESS_FIDE, msg, sizeof msg)) {
            say(u, "info string bad position: %s",
                len >= sizeof fen ? "FEN too long" : msg);
            return;
        }
    } else {
        say(u, "info string position: expected startpos or fen");
        return;
    }
    if (i < n && !strcmp(w[i], "moves")) {
        for (i++; i < n; i++) {
            chess_move m;
            if (chess_parse_move(&p, w[i], &m) != PARSE_OK) {
                say(u, "info string illegal move '%s'; position not set", w[i]);
                return;
            }
            if (nkeys == KEYS_MAX) /* keep the latest: only they can repeat */
                memmove(u->keys, u->keys + 1, sizeof u->keys[0] * --nkeys);
            u->keys[nkeys++] = p.key;
            chess_undo un;
            chess_make(&p, m, &un);
        }
    }
    u->pos = p;
    u->nkeys = nkeys;
}

static bool number(char **w, int n, int i, long long *out)
{
    if (i >= n)
        return false;
    char *end;
    long long v = strtoll(w[i], &end, 10);
    if (*end)
        return false;
    *out = v;
    return true;
}

static void go(uci *u, char **w, int n)
{
    chess_limits lim = {.overhead = u->overhead};
    double t[2] = {0, 0}, inc[2] = {0, 0};
    for (int i = 1; i < n; i++) {
        long long v = 0;
        const char *k = w[i];
        if (!strcmp(k, "infinite")) {
            lim.infinite = true;
            continue;
        }
        if (!strcmp(k, "ponder")) {
            lim.infinite = true;
            continue;
        }
        if (!number(w, n, i + 1, &v))
            continue; /* searchmoves and the like: not supported, ignored */
        i++;
        if (!strcmp(k, "wtime"))
            t[WHITE] = v / 1000.0;
        else if (!strcmp(k, "btime"))
            t[BLACK] = v / 1000.0;
        else if (!strcmp(k, "winc"))
            inc[WHITE] = v / 1000.0;
        else if (!strcmp(k, "binc"))
            inc[BLACK] = v / 1000.0;
        else if (!strcmp(k, "movestogo"))
            lim.moves_to_go = (int)v;
        else if (!strcmp(k, "movetime"))
            lim.movetime = v / 1000.0;
        else if (!strcmp(k, "depth"))
            lim.depth = v < 1 ? 1 : v > MAX_PLY - 1 ? MAX_PLY - 1 : (int)v;
        else if (!strcmp(k, "nodes"))
            lim.nodes = v < 1 ? 1 : v;
        else if (!strcmp(k, "mate"))
            lim.depth = v < 1                 ? 1
                        : v * 2 > MAX_PLY - 1 ? MAX_PLY - 1
                                              : (int)v * 2;
    }
    lim.time_left = t[u->pos.side];
    lim.increment = inc[u->pos.side];
    chess_apply_level(&lim, u->level);
    /* Levels 1-4 evaluate by hand, as ai:level=1..4 (their ladder was
     * measured so: docs/levels.md); level 5, the default, with EvalFile's */
    chess_search_set_net(u->search, u->level < 5 ? NULL : u->net);
    lim.report = on_report;
    lim.ctx = u;
    lim.stop = &u->stop;
    u->stop = 0;
    u->lim = lim;
    if (thrd_create(&u->thread, search_main, u) != thrd_success) {
        say(u, "info string cannot start the search thread");
        search_main(u);
        return;
    }
    u->searching = true;
}

static void setoption(uci *u, char **w, int n)
{
    /* setoption name NAME [value VALUE] */
    char name[64] = "";
    size_t len = 0;
    int i = 2;
    for (; i < n && strcmp(w[i], "value"); i++)
        len += (size_t)snprintf(name + len,
                                len < sizeof name ? sizeof name - len : 0,
                                "%s%s", len ? " " : "", w[i]);
    long long v = 0;
    bool has = number(w, n, i + 1, &v);
    if (!strcasecmp(name, "Hash") && has) {
        if (!chess_search_set_hash(u->search, (int)v))
            say(u, "info string not enough memory for %lld MB", v);
    } else if (!strcasecmp(name, "Threads") && has) {
        chess_search_set_threads(u->search, (int)v);
    } else if (!strcasecmp(name, "Level") && has) {
        u->level = v < 1 ? 1 : v > 5 ? 5 : (int)v;
    } else if (!strcasecmp(name, "Move Overhead") && has) {
        u->overhead = (v < 1 ? 1 : v > 5000 ? 5000 : v) / 1000.0;
    } else if (!strcasecmp(name, "EvalFile")) {
        /* the rest of the line is the path (it may hold spaces); none,
         * <empty> or <built-in>: the network built in; <hand>: the
         * hand-made evaluation */
        char path[4096] = "";
        size_t plen = 0;
        for (int k = i + 1; k < n; k++)
            plen += (size_t)snprintf(path + plen,
                                     plen < sizeof path ? sizeof path - plen
                                                        : 0,
                                     "%s%s", plen ? " " : "", w[k]);
        nnue_net *net = NULL;
        char msg[512];
        bool builtin = !*path || !strcmp(path, "<empty>") ||
                       !strcmp(path, "<built-in>");
        if (strcmp(path, "<hand>") &&
            !(net = builtin ? nnue_builtin(msg, sizeof msg)
                            : nnue_load(path, msg, sizeof msg))) {
            say(u, "info string %s", msg);
            return;
        }
        nnue_free(u->net);
        u->net = net;
    } else if (!strcasecmp(name, "Ponder") || !strcasecmp(name, "Clear Hash")) {
        if (!strcasecmp(name, "Clear Hash"))
            chess_search_clear(u->search);
    } else {
        say(u, "info string unknown option '%s'", name);
    }
}

int chess_uci_loop(FILE *in, FILE *out)
{
    static uci u; /* large (the key history); one loop per process */
    memset(&u, 0, sizeof u);
    u.out = out;
    u.level = 5;
    u.overhead = 0.05;
    if (mtx_init(&u.lock, mtx_plain) != thrd_success)
        return 1;
    u.search = chess_search_new(16, 1);
    char msg[512];
    if (!u.search || !(u.net = nnue_builtin(msg, sizeof msg))) {
        fprintf(out, "info string %s\n", u.search ? msg : "out of memory");
        chess_search_free(u.search);
        mtx_destroy(&u.lock);
        return 1;
    }
    chess_startpos(&u.pos, CHESS_FIDE);
    char *line = malloc(LINE_MAX_UCI);
    char **w = malloc(sizeof(char *) * (LINE_MAX_UCI / 2));
    int status = 0;
    while (line && w && fgets(line, LINE_MAX_UCI, in)) {
        int n = 0;
        char *save = NULL;
        for (char *t = strtok_r(line, " \t\r\n", &save); t;
             t = strtok_r(NULL, " \t\r\n", &save))
            w[n++] = t;
        if (n == 0)
            continue;
        const char *c = w[0];
        if (!strcmp(c, "uci")) {
            say(&u,
                "id name Ludoteka chess\nid author the Ludoteka developers\n"
                "option name Hash type spin default 16 min 1 max %d\n"
                "option name Threads type spin default 1 min 1 max %d\n"
                "option name Level type spin default 5 min 1 max 5\n"
                "option name Move Overhead type spin default 50 min 1 max "
                "5000\n"
                "option name Ponder type check default false\n"
                "option name EvalFile type string default <built-in>\n"
                "option name Clear Hash type button\nuciok",
                HASH_MAX_MB, MAX_THREADS);
        } else if (!strcmp(c, "isready")) {
            say(&u, "readyok");
        } else if (!strcmp(c, "ucinewgame")) {
            finish(&u, true);
            chess_search_clear(u.search);
        } else if (!strcmp(c, "position")) {
            finish(&u, true);
            set_position(&u, w, n);
        } else if (!strcmp(c, "go")) {
            finish(&u, true);
            go(&u, w, n);
        } else if (!strcmp(c, "stop")) {
            finish(&u, true);
        } else if (!strcmp(c, "ponderhit")) {
            chess_search_ponderhit(u.search);
        } else if (!strcmp(c, "setoption")) {
            finish(&u, true);
            setoption(&u, w, n);
        } else if (!strcmp(c, "quit")) {
            break;
        } else if (!strcmp(c, "d")) {
            char fen[128];
            chess_to_fen(&u.pos, fen, sizeof fen);
            say(&u, "fen %s", fen);
        } else if (!strcmp(c, "perft")) {
            long long d = 0;
            finish(&u, true);
            if (number(w, n, 1, &d) && d >= 0 && d <= 12)
                say(&u, "nodes %llu",
                    (unsigned long long)chess_perft(&u.pos, (int)d));
            else
                say(&u, "info string perft: expected a depth 0..12");
        } else {
            say(&u, "info string unknown command '%s'", c);
        }
    }
    finish(&u, true);
    chess_search_free(u.search);
    nnue_free(u.net);
    mtx_destroy(&u.lock);
    if (!line || !w)
        status = 1;
    free(line);
    free(w);
    return status;
}
