/* eval.c — how good a Rozbójnicy position is for orange, for searchers
 * that cannot look to the end: material, the captures each side could
 * make next, pieces left half-enclosed (against an enemy or the edge),
 * and the freedom of the commanders. */
#include <math.h>

#include "robbers.h"

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

/* What side could capture with one move: the value of its best capture,
 * and of the best capture that takes none of the same pieces (a second
 * threat the opponent cannot parry with the same move). */
static void threats(const rob *s, int side, int *best, int *second)
{
    uint64_t best_set = 0;
    *best = *second = 0;
    int gains[SQUARES];
    uint64_t sets[SQUARES];
    int n = 0;
    for (uint64_t t = rob_reach(s, side); t; t &= t - 1) {
        uint64_t caught = rob_captures(s, side, __builtin_ctzll(t));
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

/* What a side's pieces risk from lines half closed: for each piece and
 * each of its two lines, the run of its side's pieces through it; a run
 * of one or two with the edge or an enemy at one end and an empty square
 * at the other is taken by one enemy move to that square (three or more
 * are never taken, notes §4, resolution 2). */
static int danger(const rob *s, int side)
{
    uint64_t own = rob_side(s, side), enemy = rob_side(s, side ^ 1);
    int total = 0;
    for (uint64_t p = own; p; p &= p - 1) {
        int sq = __builtin_ctzll(p), v = value_at(s, side, sq);
        for (int axis = 0; axis < 2; axis++) {
            int len = 1, end[2];
            for (int k = 0; k < 2; k++) {
                int dir = axis + 2 * k; /* N and S, or E and W */
                int t = rob_step(sq, dir);
                while (t >= 0 && (own & BIT(t))) {
                    len++;
                    t = rob_step(t, dir);
                }
                end[k] = t;
            }
            if (len > 2)
                continue;
            for (int k = 0; k < 2; k++) {
                int far = end[k], open = end[1 - k];
                if (open < 0 || (enemy & BIT(open)))
                    continue;
                if (far < 0)
                    total += v * EDGE_DANGER / 100;
                else if (enemy & BIT(far))
                    total += v * ENEMY_DANGER / 100;
            }
        }
    }
    return total;
}

static int mobility(const rob *s, int side)
{
    rob t = *s;
    t.turn = (uint8_t)side;
    int n = 0;
    for (uint64_t c = s->bb[side * 2 + COMMANDER]; c; c &= c - 1)
        n += __builtin_popcountll(rob_targets(&t, __builtin_ctzll(c)));
    return n;
}

double rob_evaluate(const rob *s)
{
    if (s->result != PLAYING)
        return s->result == ORANGE_WON ? 1 : s->result == GREEN_WON ? -1 : 0;
    int side[2];
    for (int k = 0; k < 2; k++)
        side[k] = value_of(s, k, rob_side(s, k)) - danger(s, k) +
                  MOBILITY * mobility(s, k);
    int mover = s->turn, best, second, their_best, their_second;
    threats(s, mover, &best, &second);
    threats(s, mover ^ 1, &their_best, &their_second);
    int score = side[mover] - side[mover ^ 1] + best * OWN_THREAT / 100 -
                their_best * THEIR_THREAT / 100 -
                their_second * SECOND_THREAT / 100;
    double v = tanh((double)score / SCALE);
    int left = s->cap - s->ply;
    if (left < CAP_HORIZON)
        v = v * left / CAP_HORIZON; /* the cap's draw is near */
    return mover == ORANGE ? v : -v;
}
