/* robots.c — the computer seats of a server's rooms: worker threads that
 * take rooms from a queue, think without holding the room's lock, and hand
 * their move back.
 *
 * The queue is fair between the addresses that made the rooms: each
 * waiting room has a round, one more than the last round of its owner's
 * rooms waiting or being thought for (and never less than the round being
 * served), and
 * the room of the lowest round goes first (the oldest within a round).  So
 * an address with sixty rooms waiting gets one move in turn with an
 * address that has one; and no search runs longer than the server's
 * limit a move, whatever its level asks. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ludoteka/ai.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"
#include "net/robots.h"
#include "net/rooms.h"
#include "net/server.h"

enum { ROBOTS_MAX = 8 };

typedef struct {
    room *r;
    char owner[PEER_ADDR_MAX]; /* r->owner, kept: r may be gone */
    unsigned long round, order;
} waiting;

static pthread_mutex_t qlock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t qcond = PTHREAD_COND_INITIALIZER;
static waiting *queue;        /* [0, qlen) waiting, in no order */
static waiting thinking[ROBOTS_MAX]; /* each thread's room, or r NULL */
static int qcap, qlen;
static unsigned long serving, orders; /* the round being served; a count */
static volatile int stopping; /* also stops searches under way */
static pthread_t threads[ROBOTS_MAX];
static int nthreads;
static double seconds_max;
static void (*hand_back)(room *, int, lt_action);

/* One move for the room: the position and the limits of its clock copied
 * under its lock, the search outside it. */
static void think(room *r)
{
    pthread_mutex_lock(&r->lock);
    r->robot_queued = false;
    if (!room_robot_to_move(r)) {
        pthread_mutex_unlock(&r->lock);
        return;
    }
    const lt_game *g = r->game;
    int p = room_to_act(r);
    int ply = lt_session_plies(r->s);
    char spec[LT_SPEC_MAX];
    lt_copy(spec, sizeof spec, room_robot_spec(r, p));
    uint64_t seed = lt_choice_seed(lt_session_seed(r->s), (uint64_t)ply);
    lt_limits lim;
    double clocks[LT_MAX_PLAYERS];
    lt_session_limits(r->s, p, &lim, clocks);
    lt_state *s = lt_state_new(g);
    if (s)
        lt_state_copy(g, s, lt_session_state(r->s));
    pthread_mutex_unlock(&r->lock);
    lt_error err = {0};
    lt_player *pl = s ? lt_player_new(g, spec, &err) : NULL;
    if (!pl) {
        server_log("room %s: %s", r->id, s ? err.msg : "out of memory");
        lt_state_free(s);
        return;
    }
    /* no longer than the server allows, whatever the level or clock */
    lim.stop = &stopping;
    if (lim.seconds <= 0 || lim.seconds > seconds_max)
        lim.seconds = seconds_max;
    lt_player_new_game(pl, s);
    lt_action a = lt_player_choose(pl, s, seed, &lim, NULL);
    lt_player_free(pl);
    lt_state_free(s);
    if (a != LT_NO_ACTION && !stopping)
        hand_back(r, ply, a);
}

/* The next room to think for (queue locked, not empty), for thread t. */
static room *next(int t)
{
    int best = 0;
    for (int i = 1; i < qlen; i++)
        if (queue[i].round < queue[best].round ||
            (queue[i].round == queue[best].round &&
             queue[i].order < queue[best].order))
            best = i;
    room *r = queue[best].r;
    serving = queue[best].round;
    thinking[t] = queue[best];
    queue[best] = queue[--qlen];
    return r;
}

static void *robot_main(void *arg)
{
    int t = (int)(intptr_t)arg;
    for (;;) {
        pthread_mutex_lock(&qlock);
        thinking[t].r = NULL;
        while (qlen == 0 && !stopping)
            pthread_cond_wait(&qcond, &qlock);
        if (stopping) {
            pthread_mutex_unlock(&qlock);
            return NULL;
        }
        room *r = next(t);
        pthread_mutex_unlock(&qlock);
        think(r);
        rooms_release(r);
    }
}

bool robots_start(int n, int queue_size, double seconds,
                  void (*play)(room *, int, lt_action))
{
    hand_back = play;
    seconds_max = seconds;
    qcap = queue_size;
    qlen = 0;
    serving = orders = 0;
    stopping = 0;
    queue = calloc((size_t)qcap, sizeof *queue);
    if (!queue)
        return false;
    /* one search a thread: the threads are the parallelism */
    lt_ai_threads(1);
    for (nthreads = 0; nthreads < n && nthreads < ROBOTS_MAX; nthreads++)
        if (pthread_create(&threads[nthreads], NULL, robot_main,
                           (void *)(intptr_t)nthreads) != 0)
            break;
    return nthreads > 0;
}

void robots_want(room *r)
{
    if (r->robot_queued)
        return;
    pthread_mutex_lock(&qlock);
    /* a room is queued at most once, and the queue has a place for every
     * room in memory */
    if (qlen < qcap && !stopping) {
        unsigned long round = serving;
        for (int i = 0; i < qlen; i++)
            if (!strcmp(queue[i].owner, r->owner) && queue[i].round >= round)
                round = queue[i].round + 1;
        for (int i = 0; i < nthreads; i++)
            if (thinking[i].r && !strcmp(thinking[i].owner, r->owner) &&
                thinking[i].round >= round)
                round = thinking[i].round + 1;
        r->robot_queued = true;
        rooms_ref(r);
        waiting *w = &queue[qlen++];
        w->r = r;
        lt_copy(w->owner, sizeof w->owner, r->owner);
        w->round = round;
        w->order = orders++;
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
    for (int i = 0; i < qlen; i++)
        rooms_release(queue[i].r);
    qlen = 0;
    free(queue);
    queue = NULL;
}
