/* perfect.c — the perfect player of Catch the Rabbit ("ai:perfect"): it
 * plays by the solved table (win fastest, lose slowest), taken from the
 * user's cache or solved on first use, one table shared by all players.
 *
 * Parameters ("ai:perfect:solve:fresh"):
 *   solve    judge positions without the move cap, as the solve command
 *            reports them
 *   fresh    solve afresh even if a table is cached or in use
 *   nocache  never read or write the cache folder
 * In play the cap counts: the hunters win only if their block comes
 * within the hunter moves left, and then the rabbit is in no hurry. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <threads.h>
#include <time.h>

#include "ludoteka/rng.h"
#include "ludoteka/text.h"
#include "solve.h"

enum { SHARED_MAX = 8, WIN = 1000000 };

/* The tables in use, with the number of players using each. */
static struct {
    rabbit_table *table;
    int users;
} shared[SHARED_MAX];
static mtx_t lock;
static once_flag lock_once = ONCE_FLAG_INIT;

static void make_lock(void)
{
    mtx_init(&lock, mtx_plain);
}

static bool same_rules(const rabbit_rules *a, const rabbit_rules *b)
{
    return a->hunters == b->hunters && a->need == b->need &&
           a->single == b->single;
}

/* The table for these rules: one in use, the cached one, or solved now. */
static rabbit_table *acquire(const rabbit_rules *rules, bool fresh, bool cache)
{
    call_once(&lock_once, make_lock);
    mtx_lock(&lock);
    rabbit_table *t = NULL;
    int free_slot = -1;
    for (int i = 0; i < SHARED_MAX; i++) {
        if (!shared[i].table) {
            free_slot = free_slot < 0 ? i : free_slot;
        } else if (!fresh && same_rules(&shared[i].table->rules, rules)) {
            shared[i].users++;
            t = shared[i].table;
            break;
        }
    }
    if (!t && free_slot >= 0) {
        if (!fresh && cache)
            t = rabbit_cache_load(rules);
        if (!t) {
            char msg[160];
            t = rabbit_solve(rules, msg, sizeof msg);
            if (t && cache)
                rabbit_cache_store(t);
        }
        if (t) {
            shared[free_slot].table = t;
            shared[free_slot].users = 1;
        }
    }
    mtx_unlock(&lock);
    return t;
}

static void release(rabbit_table *t)
{
    if (!t)
        return;
    mtx_lock(&lock);
    for (int i = 0; i < SHARED_MAX; i++)
        if (shared[i].table == t && --shared[i].users == 0) {
            rabbit_table_free(t);
            shared[i].table = NULL;
        }
    mtx_unlock(&lock);
}

typedef struct {
    bool solve, fresh, cache;
    rabbit_table *table; /* for the rules of the last position seen */
} perfect;

static void *create(const lt_game *g, const char *params, lt_error *err)
{
    (void)g;
    perfect *p = calloc(1, sizeof *p);
    char words[LT_SPEC_MAX];
    lt_copy(words, sizeof words, params);
    if (!p) {
        lt_error_set(err, "out of memory");
        return NULL;
    }
    p->cache = true;
    for (char *w = words, *next; w && *w; w = next) {
        next = strchr(w, ':');
        if (next)
            *next++ = '\0';
        if (!strcasecmp(w, "solve")) {
            p->solve = true;
        } else if (!strcasecmp(w, "fresh")) {
            p->fresh = true;
        } else if (!strcasecmp(w, "nocache")) {
            p->cache = false;
        } else {
            lt_error_set(err, "ai:perfect: unknown parameter '%s' (expected "
                              "solve, fresh or nocache)", w);
            free(p);
            return NULL;
        }
    }
    return p;
}

static void destroy(void *inst)
{
    perfect *p = inst;
    if (p)
        release(p->table);
    free(p);
}

/* How a state ends for the rabbit under perfect play: +1 or -1, and in
 * how many turns; in play, a block that comes too late is no block. */
static int outcome(const perfect *p, const rabbit_state *s, int *turns)
{
    if (s->result != RB_PLAYING) {
        *turns = 0;
        return s->result == RB_RABBIT_WON ? 1 : -1;
    }
    int v = rabbit_value_of(p->table, s);
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

static lt_action choose(void *inst, const lt_state *st, const lt_limits *lim,
                        uint64_t seed, lt_think_info *info)
{
    perfect *p = inst;
    const rabbit_state *s = (const rabbit_state *)st;
    const lt_game *g = &lt_catch_the_rabbit;
    (void)lim;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    rabbit_rules rules = rabbit_rules_of(s);
    if (!p->table || !same_rules(&p->table->rules, &rules)) {
        release(p->table);
        p->table = acquire(&rules, p->fresh, p->cache);
    }
    lt_action acts[LT_MAX_ACTIONS], best[LT_MAX_ACTIONS];
    int n = g->legal_actions(st, acts), nbest = 0;
    long best_score = -2L * WIN;
    int best_for_rabbit = 0;
    for (int i = 0; i < n && p->table; i++) {
        rabbit_state child = *s;
        g->apply((lt_state *)&child, acts[i]);
        int turns, rabbit = outcome(p, &child, &turns);
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
    /* among equally good moves any will do: vary them with the seed; with
     * no table (out of memory) any legal move */
    lt_action a = nbest ? best[lt_rng_below(&rng, (uint64_t)nbest)]
                        : acts[lt_rng_below(&rng, (uint64_t)n)];
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (info) {
        *info = (lt_think_info){.best = a};
        info->nodes = p->table ? (long long)p->table->positions : 0;
        info->seconds = (double)(t1.tv_sec - t0.tv_sec) +
                        (t1.tv_nsec - t0.tv_nsec) * 1e-9;
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
