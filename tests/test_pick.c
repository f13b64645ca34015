/* test_pick.c — choosing moves by pointing at cells (src/cli/pick.c):
 * Rozbójnicy's figure 2 from seed 001 (a capture lights up), Three Men's
 * Morris placing and moving (positions of tests/cli/cli_test.sh), and a
 * small made-up game for choices, chains and actions off the board. */
#include "support.h"

#include "cli/pick.h"

/* The index of the cell with this name in the game's view. */
static int cell_named(const lt_game *g, const lt_state *s, const char *name)
{
    static lt_view v;
    memset(&v, 0, sizeof v);
    g->render(s, &v);
    for (int i = 0; i < v.ncells; i++)
        if (!strcmp(v.cells[i].name, name))
            return i;
    fail_msg("no cell %s", name);
    return -1;
}

static const char *name_of(const lt_game *g, const lt_state *s, lt_action a)
{
    static char buf[64];
    return lt_name(g, s, a, buf, sizeof buf);
}

static lt_state *at(const lt_game **g, const char *id, const char *position)
{
    lt_state *s = start(g, id, NULL);
    lt_error err = {0};
    if ((*g)->read_state(s, position, &err) != LT_OK)
        fail_msg("%s", err.msg);
    return s;
}

static pick_moves pm;
static uint8_t marks[LT_VIEW_CELLS];
static lt_action out[LT_MAX_ACTIONS];

static void robbers_capture(void **st)
{
    const lt_game *g;
    /* seed 001, figure 2: orange's commander on c1 runs up to c7 and
     * takes the green piece on c8 against the edge */
    lt_state *s = at(&g, "robbers", "2c4c/7s/8/3s3C/c3SSs1/1S6/8/2C5 o");
    pick_load(&pm, g, s);
    int c1 = cell_named(g, s, "c1"), c7 = cell_named(g, s, "c7"),
        c8 = cell_named(g, s, "c8"), h5 = cell_named(g, s, "h5");
    int n;
    assert_int_equal(pick_press(&pm, -1, c1, out, &n), PICK_SELECT);
    memset(marks, 0, sizeof marks);
    pick_marks(&pm, c1, marks);
    assert_true(marks[c7] & MARK_TARGET);
    assert_true(marks[c8] & MARK_CAPTURE);
    assert_false(marks[c8] & MARK_TARGET);
    assert_int_equal(pick_press(&pm, c1, c7, out, &n), PICK_PLAY);
    assert_int_equal(n, 1);
    assert_string_equal(name_of(g, s, out[0]), "c1-c7xc8");
    /* h5-h6 takes h7 and h8 together */
    memset(marks, 0, sizeof marks);
    pick_marks(&pm, h5, marks);
    assert_true(marks[cell_named(g, s, "h6")] & MARK_TARGET);
    assert_true(marks[cell_named(g, s, "h7")] & MARK_CAPTURE);
    assert_true(marks[cell_named(g, s, "h8")] & MARK_CAPTURE);
    assert_true(marks[cell_named(g, s, "g4")] & MARK_CAPTURE); /* by h5-h4 */
    lt_state_free(s);
}

static void morris_placing(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, "three-mens-morris", NULL);
    pick_load(&pm, g, s);
    memset(marks, 0, sizeof marks);
    pick_marks(&pm, -1, marks);
    /* nine empty points to place on, nothing to move */
    for (int i = 0; i < 9; i++)
        assert_int_equal(marks[i], MARK_TARGET);
    int b2 = cell_named(g, s, "B2"), n;
    assert_int_equal(pick_press(&pm, -1, b2, out, &n), PICK_PLAY);
    assert_int_equal(n, 1);
    assert_string_equal(name_of(g, s, out[0]), "B2");
    assert_int_equal(pick_only_source(&pm), -1);
    assert_int_equal(pick_off_board(&pm, out), 0);
    lt_state_free(s);
}

static void morris_moving(void **st)
{
    const lt_game *g;
    /* White's moves here are C1-B1 B2-B1 B2-B3 B2-C3 (cli_test.sh) */
    lt_state *s = at(&g, "three-mens-morris", "B../WWB/B.W w 6");
    pick_load(&pm, g, s);
    int c1 = cell_named(g, s, "C1"), b1 = cell_named(g, s, "B1"),
        b2 = cell_named(g, s, "B2"), a1 = cell_named(g, s, "A1"),
        c3 = cell_named(g, s, "C3"), n;
    memset(marks, 0, sizeof marks);
    pick_marks(&pm, -1, marks);
    assert_int_equal(marks[c1], MARK_SOURCE);
    assert_int_equal(marks[b2], MARK_SOURCE);
    assert_int_equal(marks[a1], 0);
    /* B1 is reached by two pieces: pressing it offers both */
    assert_int_equal(pick_press(&pm, -1, b1, out, &n), PICK_PLAY);
    assert_int_equal(n, 2);
    assert_string_equal(name_of(g, s, out[0]), "C1-B1");
    assert_string_equal(name_of(g, s, out[1]), "B2-B1");
    /* select B2: its three targets; C3 plays B2-C3 */
    assert_int_equal(pick_press(&pm, -1, b2, out, &n), PICK_SELECT);
    memset(marks, 0, sizeof marks);
    pick_marks(&pm, b2, marks);
    assert_int_equal(marks[b1], MARK_TARGET);
    assert_int_equal(marks[c3], MARK_TARGET);
    assert_int_equal(marks[cell_named(g, s, "B3")], MARK_TARGET);
    assert_int_equal(marks[c1], 0);
    assert_int_equal(pick_press(&pm, b2, c3, out, &n), PICK_PLAY);
    assert_int_equal(n, 1);
    assert_string_equal(name_of(g, s, out[0]), "B2-C3");
    /* another piece that moves takes the selection; the same lets go;
     * a black piece does nothing */
    assert_int_equal(pick_press(&pm, b2, c1, out, &n), PICK_SELECT);
    assert_int_equal(pick_press(&pm, c1, c1, out, &n), PICK_DESELECT);
    assert_int_equal(pick_press(&pm, -1, a1, out, &n), PICK_NOTHING);
    assert_int_equal(pick_only_source(&pm), -1);
    lt_state_free(s);
}

/* A made-up game: 0 and 1 go from cell 0 to 1 (a promotion to choose),
 * 2 jumps from 0 to 3 over 2, 3 stops on 0, 4 touches no cell. */
static int fake_legal(const lt_state *s, lt_action *o)
{
    (void)s;
    for (int i = 0; i < 5; i++)
        o[i] = i;
    return 5;
}

static int fake_current(const lt_state *s)
{
    (void)s;
    return 0;
}

static int fake_cells(const lt_state *s, lt_action a, int *cells, int max)
{
    (void)s;
    (void)max;
    static const int table[5][3] = {{0, 1, -1}, {0, 1, -1}, {0, 3, 2}, {0, -1, -1},
                                    {-1, -1, -1}};
    static const int count[5] = {2, 2, 3, 1, 0};
    for (int i = 0; i < count[a]; i++)
        cells[i] = table[a][i];
    return count[a];
}

static void choices_chains_and_off_board(void **st)
{
    const lt_game fake = {.id = "fake", .current_player = fake_current,
                          .legal_actions = fake_legal, .action_cells = fake_cells};
    pick_load(&pm, &fake, NULL);
    int n;
    /* every move starts from cell 0: a chain going on, selected for the
     * player */
    assert_int_equal(pick_only_source(&pm), 0);
    assert_int_equal(pick_press(&pm, 0, 1, out, &n), PICK_PLAY);
    assert_int_equal(n, 2); /* the two promotions to choose between */
    assert_int_equal(out[0], 0);
    assert_int_equal(out[1], 1);
    /* the selected piece pressed again: the action of that cell alone */
    assert_int_equal(pick_press(&pm, 0, 0, out, &n), PICK_PLAY);
    assert_int_equal(n, 1);
    assert_int_equal(out[0], 3);
    memset(marks, 0, sizeof marks);
    pick_marks(&pm, 0, marks);
    assert_int_equal(marks[3], MARK_TARGET);
    assert_int_equal(marks[2], MARK_CAPTURE);
    assert_int_equal(marks[0], MARK_TARGET);
    assert_int_equal(pick_off_board(&pm, out), 1);
    assert_int_equal(out[0], 4);
    assert_int_equal(pick_press(&pm, 0, 7, out, &n), PICK_NOTHING);
    assert_int_equal(pick_press(&pm, 0, -1, out, &n), PICK_NOTHING);
}

TEST_MAIN(cmocka_unit_test(robbers_capture),
          cmocka_unit_test(morris_placing),
          cmocka_unit_test(morris_moving),
          cmocka_unit_test(choices_chains_and_off_board))
