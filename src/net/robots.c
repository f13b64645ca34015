/* robots.c — the computer seats of a server's rooms: worker threads that
 * take rooms from a queue, think without holding the room's lock, and hand
 * their move back. */
#include <stdlib.h>
#include <string.h>

#include "ludoteka/ai.h"
#include "ludoteka/rng.h"
#include "net/robots.h"
#include "net/rooms.h"
#include "net/server.h"

enum { ROBOTS_MAX = 8 };

static pthread_mutex_t qlock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t qcond = PTHREAD_COND_INITIALIZER;
static room **queue;          /* a ring of rooms waiting for a move */
static int qcap, qhead, qlen;
static volatile int stopping; /* also stops searches under way */
static pthread_t threads[ROBOTS_MAX];
static int nthreads;
static void (*hand_back)(room *, int, lt_action);

/* One move for the room: the position copied under its lock, the search
 * outside it. */
static void think(room *r)
{
    pthread_mutex_lock(&r->lock);
    r->robot_queued = false;
    if (!room_robot_to_move(r)) {
        pthread_mutex_unlock(&r->lock);
        return;
    }
    const lt_game *g = r->game;
    int p = g->current_player(r->state);
    int ply = r->rec.nactions;
    char spec[LT_SPEC_MAX];
    memcpy(spec, r->seats[p].spec, sizeof spec);
    uint64_t seed = lt_choice_seed(r->rec.seed, (uint64_t)ply);
    lt_state *s = lt_state_new(g);
    if (s)
        lt_state_copy(g, s, r->state);
    pthread_mutex_unlock(&r->lock);
    lt_error err = {0};
    lt_player *pl = s ? lt_player_new(g, spec, &err) : NULL;
    if (!pl) {
        server_log("room %s: %s", r->id, s ? err.msg : "out of memory");
        lt_state_free(s);
        return;
    }
    lt_limits lim = {.stop = &stopping};
    lt_player_new_game(pl, s);
    lt_action a = lt_player_choose(pl, s, seed, &lim, NULL);
    lt_player_free(pl);
    lt_state_free(s);
    if (a != LT_NO_ACTION && !stopping)
        hand_back(r, ply, a);
}

static void *robot_main(void *arg)
{
    (void)arg;
    for (;;) {
        pthread_mutex_lock(&qlock);
        while (qlen == 0 && !stopping)
            pthread_cond_wait(&qcond, &qlock);
        if (stopping) {
            pthread_mutex_unlock(&qlock);
            return NULL;
        }
        room *r = queue[qhead];
        qhead = (qhead + 1) % qcap;
        qlen--;
        pthread_mutex_unlock(&qlock);
        think(r);
        rooms_release(r);
    }
}

bool robots_start(int n, int queue_size, void (*play)(room *, int, lt_action))
{
    hand_back = play;
    qcap = queue_size;
    queue = calloc((size_t)qcap, sizeof *queue);
    if (!queue)
        return false;
    /* one search a thread: the threads are the parallelism */
    lt_ai_threads(1);
    for (nthreads = 0; nthreads < n && nthreads < ROBOTS_MAX; nthreads++)
        if (pthread_create(&threads[nthreads], NULL, robot_main, NULL) != 0)
            break;
    return nthreads > 0;
}

void robots_want(room *r)
{
    if (r->robot_queued)
        return;
    pthread_mutex_lock(&qlock);
    /* a room is queued at most once, so the ring (one slot a room) has
     * space */
    if (qlen < qcap && !stopping) {
        r->robot_queued = true;
        rooms_ref(r);
        queue[(qhead + qlen++) % qcap] = r;
        pthread_cond_signal(&qcond);
    }
    pthread_mutex_unlock(&qlock);
}

void robots_stop(void)
{
    pthread_mutex_lock(&qlock);
    stopping = 1;
    pthread_cond_broadcast(&qcond);
    pthread_mutex_unlock(&qlock);
    for (int i = 0; i < nthreads; i++)
        pthread_join(threads[i], NULL);
    for (; qlen > 0; qlen--, qhead = (qhead + 1) % qcap)
        rooms_release(queue[qhead]);
    free(queue);
    queue = NULL;
}
