/* test_graph.c — the point-and-line boards' fast tables (src/boards/graph.h):
 * the alquerque board's groups written out as constants against the board
 * drawn, the whole-board shifts and masks against each point's own
 * neighbours, hops and lines, the k-th point of a set, the action
 * writer's room, the repetition rule's filter. */
#include "support.h"

#include "boards/graph.h"

/* The alquerque board (notes §3.1) counted by hand: 56 links, so 112
 * link ends; lines of three: 3 in each of the 5 rows and 5 columns, 3 on
 * each long diagonal and 1 on each of the four short ones (A3-B4-C5,
 * C1-D2-E3, A3-B2-C1, C5-D4-E3): 40, walked both ways: 80 jumps.  A1 (0)
 * links right (+1), up (+5) and up-right (+6) only; B1 (1), of odd
 * parity, has no diagonal; C3 (12) has all eight links and all eight
 * jumps. */
static void alquerque_groups_as_written(void **st)
{
    static const int8_t off[8] = GRAPH_ALQ_OFFSETS;
    static const uint32_t steps[8] = GRAPH_ALQ_STEPS, jumps[8] = GRAPH_ALQ_JUMPS;
    const graph *g = graph_alquerque();
    int nsteps = 0, njumps = 0;
    assert_int_equal(g->nsgroups, 8);
    assert_int_equal(g->njgroups, 8);
    for (int k = 0; k < 8; k++) {
        nsteps += graph_count(steps[k]);
        njumps += graph_count(jumps[k]);
        assert_int_equal(steps[k] >> 0 & 1, off[k] == 1 || off[k] == 5 || off[k] == 6);
        assert_int_equal(steps[k] >> 1 & 1, off[k] == -1 || off[k] == 1 || off[k] == 5);
        assert_true(steps[k] >> 12 & 1);
        assert_true(jumps[k] >> 12 & 1);
        /* the same group among those graph_build found in the drawing */
        int s = 0, j = 0;
        while (s < g->nsgroups && g->soff[s] != off[k])
            s++;
        while (j < g->njgroups && g->jover[j] != off[k])
            j++;
        assert_true(s < g->nsgroups && j < g->njgroups);
        assert_int_equal(g->sfrom[s], steps[k]);
        assert_int_equal(g->jfrom[j], jumps[k]);
        assert_int_equal(g->jto[j], 2 * off[k]);
    }
    assert_int_equal(nsteps, 112);
    assert_int_equal(njumps, 80);
    assert_int_equal(g->njumps, 80);
}

/* The nine men's morris board (notes §3.3) counted by hand: 32 links, so
 * 64 link ends; 16 lines of three, the 12 sides of the three squares and
 * the 4 half spokes a4-b4-c4, e4-f4-g4, d1-d2-d3, d5-d6-d7, walked both
 * ways: 32 jumps.  The written groups are the ones graph_build finds in
 * the drawing. */
static void morris_groups_as_written(void **st)
{
    static const struct { int8_t off; uint32_t from; } steps[16] = GRAPH_MORRIS_STEPS;
    static const struct { int8_t over, to; uint32_t from; } jumps[16] = GRAPH_MORRIS_JUMPS;
    const graph *g = graph_morris();
    int nsteps = 0, njumps = 0;
    assert_int_equal(g->nsgroups, 16);
    assert_int_equal(g->njgroups, 16);
    for (int k = 0; k < 16; k++) {
        nsteps += graph_count(steps[k].from);
        njumps += graph_count(jumps[k].from);
        int s = 0, j = 0;
        while (s < g->nsgroups && g->soff[s] != steps[k].off)
            s++;
        while (j < g->njgroups && (g->jover[j] != jumps[k].over || g->jto[j] != jumps[k].to))
            j++;
        assert_true(s < g->nsgroups && j < g->njgroups);
        assert_int_equal(g->sfrom[s], steps[k].from);
        assert_int_equal(g->jfrom[j], jumps[k].from);
    }
    assert_int_equal(nsteps, 64);
    assert_int_equal(njumps, 32);
    assert_int_equal(g->njumps, 32);
}

/* Three disjoint random sets of a board's points. */
static void random_sets(const graph *g, uint64_t *seed, uint32_t *own,
                        uint32_t *enemy, uint32_t *empty)
{
    *own = *enemy = *empty = 0;
    for (int p = 0; p < g->npoints; p++) {
        *seed = *seed * 6364136223846793005u + 1442695040888963407u;
        int r = (int)(*seed >> 62); /* 0 own, 1 enemy, 2 and 3 empty */
        *(r == 0 ? own : r == 1 ? enemy : empty) |= 1u << p;
    }
}

/* The shifts for all men at once find what each point's own neighbours
 * and hops (its lists, in graph_build's drawing order) give. */
static void shifts_agree_with_points(void **st)
{
    const graph *boards[2] = {graph_alquerque(), graph_morris()};
    uint64_t seed = 26;
    for (int b = 0; b < 2; b++) {
        const graph *g = boards[b];
        int most = 0;
        for (int p = 0; p < g->npoints; p++)
            most = g->nhops[p] > most ? g->nhops[p] : most;
        assert_int_equal(most, b ? 2 : 8); /* morris: a corner jumps two ways */
        for (int round = 0; round < 2000; round++) {
            uint32_t own, enemy, empty, steppers = 0, jumpers = 0, in = 0;
            random_sets(g, &seed, &own, &enemy, &empty);
            uint64_t near[4] = {0, 0, 0, 0}; /* empty neighbours by point */
            for (int q = 0; q < g->npoints; q++)
                for (int w = 0; empty >> q & 1 && w < 4; w++)
                    near[w] += g->nearbytes[q][w];
            uint32_t land[8];
            if (!b)
                graph_alq_landings(own, enemy, empty, land);
            for (int p = 0; p < g->npoints; p++) {
                uint32_t hops = 0;
                int free = 0;
                for (int i = 0; i < g->degree[p]; i++) {
                    int q = g->adj[p][i];
                    if (own >> p & 1 && empty >> q & 1)
                        steppers |= 1u << p;
                    free += empty >> q & 1;
                }
                assert_int_equal(near[p / 8] >> p % 8 * 8 & 255, free);
                for (int i = 0; i < g->nhops[p]; i++)
                    if (enemy >> g->hop[p][i][0] & 1 && empty >> g->hop[p][i][1] & 1)
                        hops |= 1u << g->hop[p][i][1];
                if (own >> p & 1 && hops)
                    jumpers |= 1u << p;
                assert_int_equal(graph_hops_k(g, p, enemy, empty, most), hops);
                if (!b && own >> p & 1)
                    assert_int_equal(graph_alq_hops(land, p), hops);
                if (!b)
                    assert_int_equal(graph_alq_hops1(g, p, enemy, empty), hops);
                if (own >> p & 1 && graph_line_through(g, own, p))
                    in |= 1u << p;
                if (b)
                    assert_int_equal(graph_morris_mill_through(own, p),
                                     graph_line_through(g, own, p));
            }
            assert_int_equal(graph_steppers(g, own, empty), steppers);
            assert_int_equal(graph_jumpers(g, own, enemy, empty), jumpers);
            if (!b) {
                assert_int_equal(graph_alq_steppers(own, empty), steppers);
                assert_int_equal(graph_alq_jumpers(own, enemy, empty), jumpers);
            } else {
                assert_int_equal(graph_morris_steppers(own, empty), steppers);
                assert_int_equal(graph_morris_in_mills(own), in);
                assert_int_equal(graph_morris_jumpers(own, enemy, empty), jumpers);
            }
        }
    }
}

/* The k-th point of a set, by the draw's ways, against a count along the
 * points: graph_nth_draw with the processor's count and without, and
 * graph_nth4 for sets of four points at most. */
static void nth_point(void **st)
{
    uint64_t seed = 7;
    for (int round = 0; round < 20000; round++) {
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        uint32_t set = (uint32_t)(seed >> 39); /* 25 points */
        if (round % 2) /* a man's steps: four points at most */
            for (uint32_t m = set; graph_count(set) > 4; m &= m - 1)
                set &= ~(m & -m);
        for (unsigned k = 0; k < (unsigned)graph_count(set); k++) {
            int want = -1;
            for (int p = 0, seen = 0; p < 32 && want < 0; p++)
                if (set >> p & 1 && seen++ == (int)k)
                    want = p;
            assert_int_equal(graph_nth_draw(set, k, true), want);
            assert_int_equal(graph_nth_draw(set, k, false), want);
            if (graph_count(set) <= 4)
                assert_int_equal(graph_nth4(set, k), want);
        }
    }
}

/* graph_emit writes the points in order after base and touches at most
 * GRAPH_EMIT_SLACK entries past them. */
static void emit_room(void **st)
{
    static const uint32_t sets[] = {0, 1u << 7, 1u << 0 | 1u << 24,
                                    1u << 3 | 1u << 5 | 1u << 6 | 1u << 20 | 1u << 23};
    static const int want[][5] = {{0}, {107}, {100, 124}, {103, 105, 106, 120, 123}};
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        lt_action out[16];
        for (int k = 0; k < 16; k++)
            out[k] = -7;
        int n = graph_emit(out, 100, sets[i]);
        assert_int_equal(n, graph_count(sets[i]));
        for (int k = 0; k < n; k++)
            assert_int_equal(out[k], want[i][k]);
        for (int k = n + GRAPH_EMIT_SLACK; k < 16; k++)
            assert_int_equal(out[k], -7);
    }
}

/* Positions X, Y, X, Y, X: before the fifth step X stands for the third
 * time with the same player to move; before the fourth Y the second.  A
 * position Z whose filter bit is X's is not taken for X: the filter only
 * lets the rule skip its look. */
static void repetition_filter(void **st)
{
    uint32_t x[2] = {0x3, 0x300}, y[2] = {0x5, 0x300}, z[2] = {0, 0x300};
    while (graph_history_bit(z[0], z[1]) != graph_history_bit(x[0], x[1]) ||
           (z[0] == x[0] && z[1] == x[1]))
        z[0]++;
    graph_history h;
    graph_history_clear(&h);
    assert_false(graph_history_thrice(&h, x[0], x[1]));
    graph_history_push(&h, x[0], x[1]);
    graph_history_push(&h, y[0], y[1]);
    assert_false(graph_history_thrice(&h, z[0], z[1]));
    assert_false(graph_history_thrice(&h, x[0], x[1])); /* the second time */
    graph_history_push(&h, x[0], x[1]);
    assert_false(graph_history_thrice(&h, y[0], y[1]));
    assert_false(graph_history_thrice(&h, x[0], x[1])); /* other side */
    graph_history_push(&h, y[0], y[1]);
    assert_true(graph_history_thrice(&h, x[0], x[1]));
    assert_false(graph_history_thrice(&h, z[0], z[1])); /* X's bit, looked */
    assert_int_equal(graph_draw(&h, x, 50), GRAPH_END_REPEATED);
    graph_history_clear(&h);
    assert_false(graph_history_thrice(&h, x[0], x[1]));
    assert_int_equal(graph_draw(&h, x, 50), -1);
}

TEST_MAIN(cmocka_unit_test(alquerque_groups_as_written),
          cmocka_unit_test(morris_groups_as_written),
          cmocka_unit_test(shifts_agree_with_points),
          cmocka_unit_test(emit_room),
          cmocka_unit_test(nth_point),
          cmocka_unit_test(repetition_filter))
