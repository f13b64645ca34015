/* eval.c — how good a Rozbójnicy position is for orange, for searchers
 * that cannot look to the end: material, the captures each side could
 * make next, pieces left half-enclosed (against an enemy or the edge),
 * and the freedom of the commanders. */
#include <math.h>

#include "endgames.h"

/* Values in hundredths of a soldier.  A commander goes anywhere along its
 * lines; a soldier only forward, and is worth more as it nears the rank
 * where it becomes a commander (index: steps taken from its first rank). */
enum { COMMANDER_VALUE = 300, SOLDIER_VALUE = 100 };
static const int advanced[6] = {0, 4, 10, 20, 40, 90};

/* How much of a capture the side to move is expected to make good, and
 * how much of the opponent's best capture it is expected to concede
 * (it can usually parry one threat, not two), in percent. */
enum { OWN_THREAT = 70, THEIR_THREAT = 30, SECOND_THREAT = 20 };
/* A piece (or a pair) with an enemy or the edge on one side and an empty
 * square on the other needs only one enemy move to be taken; percent of
 * its value. */
enum { EDGE_DANGER = 12, ENEMY_DANGER = 10 };
enum { MOBILITY = 3 };
enum { SCALE = 800 };           /* score -> tanh(score / SCALE) */
enum { CAP_HORIZON = 20 };      /* plies before the cap when values fade */

static int value_at(const rob *s, int side, int sq)
{
    if (s->bb[side * 2 + COMMANDER] & BIT(sq))
        return COMMANDER_VALUE;
    int rank = sq >> 3, steps = side == ORANGE ? rank - 1 : 6 - rank;
    return SOLDIER_VALUE + advanced[steps];
}

static int value_of(const rob *s, int side, uint64_t set)
{
    int v = 0;
    for (; set; set &= set - 1)
        v += value_at(s, side, __builtin_ctzll(set));
    return v;
}

/* What side could capture with one move, given its reach: the value of
 * its best capture, and of the best capture that takes none of the same
 * pieces (a second threat the opponent cannot parry with the same move).
 * Only squares next to an enemy piece can capture. */
static void threats(const rob *s, int side, uint64_t reach, int *best,
                    int *second)
{
    uint64_t best_set = 0, sets[SQUARES];
    int gains[SQUARES], n = 0;
    *best = *second = 0;
    reach &= rob_neighbours(rob_side(s, side ^ 1));
    for (; reach; reach &= reach - 1) {
        uint64_t caught = rob_captures(s, side, __builtin_ctzll(reach));
        if (!caught)
            continue;
        sets[n] = caught;
        gains[n] = value_of(s, side ^ 1, caught);
        if (gains[n] > *best) {
            *best = gains[n];
            best_set = caught;
        }
        n++;
    }
    for (int i = 0; i < n; i++)
        if (!(sets[i] & best_set) && gains[i] > *second)
            *second = gains[i];
}

static int percent_of(const rob *s, int side, uint64_t set, int percent)
{
    int v = 0;
    for (; set; set &= set - 1)
        v += value_at(s, side, __builtin_ctzll(set)) * percent / 100;
    return v;
}

/* What a side's pieces risk from lines half closed: a run of one or two
 * of its pieces along a rank or file with the edge or an enemy at one end
 * and an empty square at the other is taken by one enemy move to that
 * square (three or more are never taken, notes §4, resolution 2). */
static int danger(const rob *s, int side)
{
    /* squares with no square beyond them in each direction */
    static const uint64_t edge[4] = {
        UINT64_C(0xff00000000000000), UINT64_C(0x8080808080808080),
        UINT64_C(0x00000000000000ff), UINT64_C(0x0101010101010101)};
    uint64_t own = rob_side(s, side), enemy = rob_side(s, side ^ 1);
    uint64_t empty = ~(own | enemy);
    int total = 0;
    for (int at = 0; at < 4; at++) { /* the closed end lies towards `at` */
        int back = at ^ 2;           /* the open end: the opposite way */
        uint64_t open1 = rob_shift(empty, at);          /* next square empty */
        uint64_t open2 = rob_shift(open1, at);          /* the one after it */
        uint64_t friend_next = rob_shift(own, at);      /* next square own */
        uint64_t by_enemy = rob_shift(enemy, back), by_edge = edge[at];
        for (int k = 0; k < 2; k++) {
            uint64_t closed = k ? by_enemy : by_edge;
            uint64_t single = own & closed & open1;
            uint64_t pair = own & closed & friend_next & open2;
            total += percent_of(s, side, single | pair | rob_shift(pair, back),
                                k ? ENEMY_DANGER : EDGE_DANGER);
        }
    }
    return total;
}

/* The expected return of orange, in (-1, 1). */
static double rob_evaluate(const rob *s)
{
    if (s->result != PLAYING)
        return s->result == ORANGE_WON ? 1 : s->result == GREEN_WON ? -1 : 0;
    int side[2], best[2], second[2];
    for (int k = 0; k < 2; k++) {
        int moves;
        uint64_t reach = rob_reach(s, k, &moves);
        side[k] = value_of(s, k, rob_side(s, k)) - danger(s, k) + MOBILITY * moves;
        threats(s, k, reach, &best[k], &second[k]);
    }
    int mover = s->turn, other = mover ^ 1;
    int score = side[mover] - side[other] + best[mover] * OWN_THREAT / 100 -
                best[other] * THEIR_THREAT / 100 -
                second[other] * SECOND_THREAT / 100;
    double v = tanh((double)score / SCALE);
    int left = s->cap - s->ply;
    if (left < CAP_HORIZON)
        v = v * left / CAP_HORIZON; /* the cap's draw is near */
    return mover == ORANGE ? v : -v;
}

void rob_evaluate_state(const lt_state *st, double *out)
{
    out[0] = rob_evaluate((const rob *)st);
    out[1] = -out[0];
}

/* ai:endgame plays by the endgame tables (endgames.c) when they are on
 * disk, and its levels are the generic ladder's otherwise. */
static const lt_engine *const engines[] = {&eg_engine, NULL};

const lt_engines lt_robbers_engines = {"robbers", .engines = engines,
                                       .levels = eg_levels,
                                       .evaluate = rob_evaluate_state};
