/* perfect.c — the perfect player of Catch the Rabbit ("ai:perfect"): it
 * plays by the solved table (win fastest, lose slowest), taken from the
 * user's cache or solved on first use, one table shared by all players.
 *
 * Parameters ("ai:perfect:solve:fresh"):
 *   solve    judge positions without the move cap, as the solve command
 *            reports them
 *   fresh    solve afresh even if a table is cached or in use
 *   nocache  never read or write the cache folder
 *   time=S   at most S seconds a move (as a time limit from the caller)
 * In play the cap counts: the hunters win only if their block comes
 * within the hunter moves left, and then the rabbit is in no hurry.
 *
 * The table of 10 to 12 hunters takes up to a minute to solve, so it is
 * solved on a thread of its own (a build) while the players wait for it
 * as their limits allow:
 *   - with a time limit a player waits half of it; if the table is not
 *     there by then, a search (the stand-in: alpha-beta with the game's
 *     evaluation) answers in the other half, and the answer says how far
 *     the table has come (lt_think_info.stand_in, table_done);
 *   - without one it waits until the table is there, reporting the
 *     progress, unless told to stop: then the stand-in answers at once.
 * The build goes on in the background while any player holds it, and is
 * stopped when its last player goes away (leaving a game, quitting); a
 * table is stored in the cache only whole.  Without threads (the browser)
 * the table is solved before the first answer, as it always was. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "ludoteka/rng.h"
#include "ludoteka/text.h"
#include "solve.h"

enum { SHARED_MAX = 8, WIN = 1000000 };
enum { STAND_IN_NODES = 2000 };     /* a search told to answer now */
#define STAND_IN_SPEC "ai:alphabeta" /* the game's evaluation (level 3) */
#define WAIT_SHARE 0.5  /* of a time limit, spent waiting for the table */
#define REPORT_EVERY 0.1 /* seconds between progress reports and looks at
                          * the stop flag while waiting */
#define STAND_IN_LEAST 0.05 /* seconds: with less left, a node budget */

/* ---- The tables in use ---- */

enum { BUILDING, READY, FAILED };

/* A table for one set of rules: solved, or being solved.  state, users
 * and table change under `lock` (state may be read without it); the
 * solver publishes its progress through `progress` and stops when `stop`
 * is set. */
typedef struct {
    rabbit_rules rules;
    bool cache;            /* stored in the cache folder once solved */
    int users;             /* players holding it */
    atomic_int state;      /* BUILDING, READY, FAILED */
    rabbit_table *table;   /* once READY */
    bool threaded;         /* solved on `thread`, joined at the end */
    pthread_t thread;
    volatile int stop;     /* set when the last player lets go */
    rabbit_progress progress;
    uint64_t total;        /* positions of the table */
} build;

static build *shared[SHARED_MAX];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed; /* a build became READY or FAILED */
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void make_cond(void)
{
    pthread_condattr_t a;
    pthread_condattr_init(&a);
    pthread_condattr_setclock(&a, CLOCK_MONOTONIC);
    pthread_cond_init(&changed, &a);
    pthread_condattr_destroy(&a);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static bool same_rules(const rabbit_rules *a, const rabbit_rules *b)
{
    return a->hunters == b->hunters && a->need == b->need &&
           a->single == b->single;
}

/* Solves the table of b and stores it in the cache. */
static void *run_build(void *arg)
{
    build *b = arg;
    char msg[160];
    rabbit_table *t = rabbit_solve(&b->rules, &b->progress, msg, sizeof msg);
    pthread_mutex_lock(&lock);
    b->table = t;
    b->state = t ? READY : FAILED;
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
    /* the players use the table meanwhile; the build is joined (after
     * the store) only when the last of them lets go */
    if (t && b->cache)
        rabbit_cache_store(t, &b->stop);
    return NULL;
}

/* The table for these rules: one in use, the cached one, or a build
 * started now.  NULL when out of memory or slots. */
static build *acquire(const rabbit_rules *rules, bool fresh, bool cache)
{
    pthread_once(&once, make_cond);
    pthread_mutex_lock(&lock);
    build *b = NULL;
    int free_slot = -1;
    for (int i = 0; i < SHARED_MAX && !b; i++) {
        if (!shared[i]) {
            free_slot = free_slot < 0 ? i : free_slot;
        } else if (!fresh && same_rules(&shared[i]->rules, rules)) {
            b = shared[i];
            b->users++;
        }
    }
    if (b || free_slot < 0 || !(b = calloc(1, sizeof *b))) {
        pthread_mutex_unlock(&lock);
        return b;
    }
    b->rules = *rules;
    b->cache = cache;
    b->users = 1;
    b->total = rabbit_positions(rules);
    b->progress.stop = &b->stop;
    shared[free_slot] = b;
    b->table = !fresh && cache ? rabbit_cache_load(rules) : NULL;
    if (b->table)
        b->state = READY;
    else
        b->threaded = pthread_create(&b->thread, NULL, run_build, b) == 0;
    bool here = !b->table && !b->threaded;
    pthread_mutex_unlock(&lock);
    if (here) /* no threads: solved now */
        run_build(b);
    return b;
}

static void release(build *b)
{
    if (!b)
        return;
    pthread_mutex_lock(&lock);
    bool last = --b->users == 0;
    if (last) {
        for (int i = 0; i < SHARED_MAX; i++)
            if (shared[i] == b)
                shared[i] = NULL;
        if (b->state == BUILDING)
            b->stop = 1; /* nobody waits for it any more */
    }
    pthread_mutex_unlock(&lock);
    if (!last)
        return;
    if (b->threaded)
        pthread_join(b->thread, NULL);
    rabbit_table_free(b->table);
    free(b);
}

/* How far the table has come, while it is being built. */
static void progress_of(build *b, lt_think_info *info)
{
    bool building = b->state == BUILDING;
    info->table_total = building ? (long long)b->total : 0;
    info->table_done = building ? (long long)atomic_load_explicit(
                                      &b->progress.done, memory_order_relaxed)
                                : 0;
}

/* Waits for the table of b until it is there (returned), the build
 * failed, the stop flag is set or the deadline passes (0: none), with a
 * progress report every REPORT_EVERY seconds. */
static rabbit_table *await(build *b, const lt_limits *lim, double start,
                           double deadline)
{
    pthread_mutex_lock(&lock);
    for (;;) {
        double t = now();
        if (b->state != BUILDING || (lim->stop && *lim->stop) ||
            (deadline > 0 && t >= deadline))
            break;
        double until = t + REPORT_EVERY;
        if (deadline > 0 && deadline < until)
            until = deadline;
        struct timespec ts = {(time_t)until,
                              (long)((until - (double)(time_t)until) * 1e9)};
        pthread_cond_timedwait(&changed, &lock, &ts);
        if (b->state == BUILDING && lim->progress) {
            lt_think_info info = {.best = LT_NO_ACTION, .seconds = now() - start};
            progress_of(b, &info);
            pthread_mutex_unlock(&lock);
            lim->progress(lim->ctx, &info);
            pthread_mutex_lock(&lock);
        }
    }
    rabbit_table *t = b->state == READY ? b->table : NULL;
    pthread_mutex_unlock(&lock);
    return t;
}

/* ---- The player ---- */

typedef struct {
    bool solve, fresh, cache;
    double seconds;        /* time=S, 0 for none */
    build *build;          /* for the rules of the last position seen */
    lt_player *stand_in;   /* answers while the table is not ready */
} perfect;

static void *create(const lt_game *g, const char *params, lt_error *err)
{
    (void)g;
    perfect *p = calloc(1, sizeof *p);
    char words[LT_SPEC_MAX];
    lt_copy(words, sizeof words, params);
    if (!p) {
        lt_error_set(err, _("out of memory"));
        return NULL;
    }
    p->cache = true;
    for (char *w = words, *next; w && *w; w = next) {
        next = strchr(w, ':');
        if (next)
            *next++ = '\0';
        char *end;
        if (!strcasecmp(w, "solve")) {
            p->solve = true;
        } else if (!strcasecmp(w, "fresh")) {
            p->fresh = true;
        } else if (!strcasecmp(w, "nocache")) {
            p->cache = false;
        } else if (!strncasecmp(w, "time=", 5)) {
            p->seconds = strtod(w + 5, &end);
            if (end == w + 5 || *end || !(p->seconds > 0) || p->seconds > 1e6) {
                lt_error_set(err, _("ai:perfect: time must be a positive number "
                                  "of seconds"));
                free(p);
                return NULL;
            }
        } else {
            lt_error_set(err, _("ai:perfect: unknown parameter '%s' (expected "
                              "solve, fresh, nocache or time=S)"), w);
            free(p);
            return NULL;
        }
    }
    return p;
}

static void destroy(void *inst)
{
    perfect *p = inst;
    if (p) {
        release(p->build);
        lt_player_free(p->stand_in);
    }
    free(p);
}

/* How a state ends for the rabbit under perfect play: +1 or -1, and in
 * how many turns; in play, a block that comes too late is no block. */
static int outcome(const perfect *p, const rabbit_table *t,
                   const rabbit_state *s, int *turns)
{
    if (s->result != RB_PLAYING) {
        *turns = 0;
        return s->result == RB_RABBIT_WON ? 1 : -1;
    }
    int v = rabbit_value_of(t, s);
    int left = 2 * (s->cap - s->moves); /* turns until the cap ends it */
    if (v == 0) { /* the rabbit holds out for ever */
        *turns = p->solve ? 1 << 20 : left;
        return 1;
    }
    int d = v - 1;
    bool mover_wins = d % 2 == 1;
    int rabbit = (s->turn == RB_RABBIT) == mover_wins ? 1 : -1;
    /* hunter moves the block needs: the hunters move on every other turn */
    int needed = s->turn == RB_HUNTERS ? (d + 1) / 2 : d / 2;
    if (!p->solve && rabbit < 0 && needed > s->cap - s->moves) {
        *turns = left;
        return 1;
    }
    *turns = !p->solve && rabbit > 0 && left < d ? left : d;
    return rabbit;
}

/* The stand-in's reports, with how far the table has come. */
typedef struct {
    const lt_limits *lim;
    build *build;
    double waited;
} relay;

static void relay_progress(void *ctx, const lt_think_info *found)
{
    relay *r = ctx;
    lt_think_info info = *found;
    info.seconds += r->waited;
    info.stand_in = true;
    if (r->build)
        progress_of(r->build, &info);
    r->lim->progress(r->lim->ctx, &info);
}

/* The move when the table is not ready: the stand-in's search in the
 * time left (limit 0: none), or a short one if there is no time left or
 * the player was told to answer now. */
static lt_action stand_in(perfect *p, const lt_state *st, const lt_limits *lim,
                          double limit, double start, uint64_t seed,
                          lt_think_info *info)
{
    lt_think_info local;
    lt_think_info *out = info ? info : &local;
    double waited = now() - start, left = limit - waited;
    relay r = {lim, p->build, waited};
    lt_limits sub = {.depth = lim->depth, .nodes = lim->nodes,
                     .progress = lim->progress ? relay_progress : NULL,
                     .ctx = &r};
    if ((lim->stop && *lim->stop) || (limit > 0 && left < STAND_IN_LEAST)) {
        sub.nodes = STAND_IN_NODES;
    } else {
        sub.seconds = limit > 0 ? left : 0;
        sub.stop = lim->stop;
    }
    lt_error err = {0};
    if (!p->stand_in)
        p->stand_in = lt_player_new(&lt_catch_the_rabbit, STAND_IN_SPEC, &err);
    lt_action a = LT_NO_ACTION;
    if (p->stand_in)
        a = lt_player_choose(p->stand_in, st, seed, &sub, out);
    if (a == LT_NO_ACTION) { /* out of memory: any legal move */
        lt_rng rng;
        lt_rng_seed(&rng, seed, 0);
        *out = (lt_think_info){.best = lt_rng_play(&rng, &lt_catch_the_rabbit, st)};
        a = out->best;
    }
    out->stand_in = true;
    out->seconds = now() - start;
    out->table_done = out->table_total = 0;
    if (p->build)
        progress_of(p->build, out);
    return a;
}

static lt_action choose(void *inst, const lt_state *st, const lt_limits *lim,
                        uint64_t seed, lt_think_info *info)
{
    perfect *p = inst;
    const rabbit_state *s = (const rabbit_state *)st;
    const lt_game *g = &lt_catch_the_rabbit;
    double start = now();
    rabbit_rules rules = rabbit_rules_of(s);
    if (!p->build || !same_rules(&p->build->rules, &rules)) {
        release(p->build);
        p->build = acquire(&rules, p->fresh, p->cache);
    }
    double limit = lt_limit_tighter(p->seconds, lim->seconds);
    rabbit_table *t = p->build ? await(p->build, lim, start,
                                       limit > 0 ? start + limit * WAIT_SHARE : 0)
                               : NULL;
    if (!t)
        return stand_in(p, st, lim, limit, start, seed, info);
    lt_action acts[LT_MAX_ACTIONS], best[LT_MAX_ACTIONS];
    int n = g->legal_actions(st, acts), nbest = 0;
    long best_score = -2L * WIN;
    int best_for_rabbit = 0;
    for (int i = 0; i < n; i++) {
        rabbit_state child = *s;
        g->apply((lt_state *)&child, acts[i]);
        int turns, rabbit = outcome(p, t, &child, &turns);
        int mine = s->turn == RB_RABBIT ? rabbit : -rabbit;
        long score = mine > 0 ? WIN - turns : -WIN + turns;
        if (score > best_score) {
            nbest = 0;
            best_score = score;
            best_for_rabbit = rabbit;
        }
        if (score == best_score)
            best[nbest++] = acts[i];
    }
    lt_rng rng;
    lt_rng_seed(&rng, seed, 0);
    /* among equally good moves any will do: vary them with the seed */
    lt_action a = best[lt_rng_below(&rng, (uint64_t)nbest)];
    if (info) {
        *info = (lt_think_info){.best = a};
        info->nodes = (long long)t->positions;
        info->seconds = now() - start;
        info->value[RB_RABBIT] = best_for_rabbit;
        info->value[RB_HUNTERS] = -best_for_rabbit;
    }
    return a;
}

const lt_engine rabbit_perfect = {
    .name = "perfect",
    .create = create,
    .destroy = destroy,
    .choose = choose,
};
