/* search.c — the clock and the choice of a move from the root's scores,
 * shared by the generic searchers. */
#include <math.h>
#include <stdlib.h>
#include <time.h>

#include "ludoteka/rng.h"
#include "search.h"

static _Atomic int max_threads = 2;

int lt_ai_threads(int n)
{
    if (n > 0)
        max_threads = n < LT_AI_THREADS_MAX ? n : LT_AI_THREADS_MAX;
    return max_threads;
}

double search_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

bool search_expired(const lt_limits *lim, double start)
{
    if (lim->stop && *lim->stop)
        return true;
    return lim->seconds > 0 && search_now() - start >= lim->seconds;
}

void search_choose(lt_think_info *info, lt_move_score *moves, int n,
                   double temp, uint64_t seed)
{
    /* insertion sort keeps equal moves in their (ascending action) order,
     * so the choice does not depend on the sort */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0; j--) {
            lt_move_score *a = &moves[j - 1], *b = &moves[j];
            if (b->score < a->score ||
                (b->score == a->score && b->visits <= a->visits))
                break;
            lt_move_score t = *a;
            *a = *b;
            *b = t;
        }
    info->nmoves = n < LT_THINK_MOVES ? n : LT_THINK_MOVES;
    for (int i = 0; i < info->nmoves; i++)
        info->moves[i] = moves[i];
    if (n == 0)
        return;
    info->best = moves[0].action;
    if (temp <= 0 || n == 1)
        return;
    /* softmax over the expected scores: a weaker player that still
     * prefers good moves, the way people do */
    double total = 0;
    for (int i = 0; i < n; i++)
        total += exp((moves[i].score - moves[0].score) / temp);
    lt_rng r;
    lt_rng_seed(&r, seed, 7);
    double x = lt_rng_double(&r) * total;
    for (int i = 0; i < n; i++) {
        double w = exp((moves[i].score - moves[0].score) / temp);
        if (x < w) {
            info->best = moves[i].action;
            return;
        }
        x -= w;
    }
}
