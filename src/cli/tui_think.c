/* tui_think.c — a computer player (or the hint's adviser) choosing on a
 * thread of its own, so the screen stays alive: it shows the progress,
 * Esc makes the player answer now, leaving stops it. */
#include <stdlib.h>
#include <string.h>

#include "tui_think.h"
#include "tui_term.h"

static void progress(void *ctx, const lt_think_info *info)
{
    tui_thinker *t = ctx;
    pthread_mutex_lock(&t->lock);
    t->info = *info;
    t->have_info = true;
    pthread_mutex_unlock(&t->lock);
}

static void *run(void *arg)
{
    tui_thinker *t = arg;
    lt_think_info info = {0};
    lt_action a = lt_player_choose(t->player, t->state, t->seed, &t->limits, &info);
    pthread_mutex_lock(&t->lock);
    t->answer = a;
    if (a != LT_NO_ACTION) {
        t->info = info;
        t->have_info = true;
    }
    t->done = true;
    pthread_mutex_unlock(&t->lock);
    return NULL;
}

bool think_start(tui_thinker *t, const lt_game *g, lt_player *pl,
                 const lt_state *s, uint64_t seed, const lt_limits *lim)
{
    memset(t, 0, sizeof *t);
    t->state = lt_state_new(g);
    if (!t->state)
        return false;
    lt_state_copy(g, t->state, s);
    t->player = pl;
    t->seed = seed;
    t->limits = *lim;
    if (lim->clocks) {
        memcpy(t->clocks, lim->clocks, sizeof t->clocks);
        t->limits.clocks = t->clocks;
    }
    t->limits.stop = &t->stop;
    t->limits.progress = progress;
    t->limits.ctx = t;
    t->started = tui_now();
    pthread_mutex_init(&t->lock, NULL);
    if (pthread_create(&t->thread, NULL, run, t) != 0) {
        pthread_mutex_destroy(&t->lock);
        lt_state_free(t->state);
        t->state = NULL;
        return false;
    }
    t->running = true;
    return true;
}

static void collect(tui_thinker *t)
{
    pthread_join(t->thread, NULL);
    pthread_mutex_destroy(&t->lock);
    lt_state_free(t->state);
    t->state = NULL;
    t->running = false;
}

bool think_poll(tui_thinker *t, lt_action *answer, lt_think_info *info)
{
    if (!t->running)
        return false;
    pthread_mutex_lock(&t->lock);
    bool done = t->done;
    *answer = t->answer;
    if (info)
        *info = t->info;
    pthread_mutex_unlock(&t->lock);
    if (done)
        collect(t);
    return done;
}

bool think_progress(tui_thinker *t, lt_think_info *info)
{
    if (!t->running)
        return false;
    pthread_mutex_lock(&t->lock);
    bool have = t->have_info;
    *info = t->info;
    pthread_mutex_unlock(&t->lock);
    return have;
}

void think_hurry(tui_thinker *t)
{
    if (t->running)
        t->stop = 1;
}

void think_cancel(tui_thinker *t)
{
    if (!t->running)
        return;
    t->stop = 1;
    collect(t);
}
