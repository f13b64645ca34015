/* test_seat_views.c — the board from each seat: in every board game the
 * view a seat is shown (lt_session_render, which the terminal and the
 * page's web_view draw) has that seat's own army at the bottom of the
 * board, and flipped at the top.  Computed from the view's cell
 * coordinates, never from a stored picture. */
#include "session_support.h"

#include "games/talat/talat.h"

/* The rows a board of the view spans. */
static void board_rows(const lt_view *v, int board, int *top, int *bottom)
{
    *top = 1 << 14;
    *bottom = -1;
    for (int i = 0; i < v->ncells; i++)
        if (v->cells[i].board == board) {
            *top = v->cells[i].y < *top ? v->cells[i].y : *top;
            *bottom = v->cells[i].y > *bottom ? v->cells[i].y : *bottom;
        }
}

/* A board's pieces seen from one side of the view: those of `seat`
 * nearer that side than the others' on average, and some on its edge
 * row (`bottom`: the bottom row, else the top) - but for a lone piece
 * that starts in the middle (Catch the Rabbit's rabbit).  Returns how
 * many of the seat's pieces the board has. */
static int army_at(const char *id, const lt_view *v, int board, int seat,
                   bool bottom)
{
    int top_y, bottom_y, mine = 0, others = 0;
    double my_sum = 0, other_sum = 0;
    bool edge = false;
    board_rows(v, board, &top_y, &bottom_y);
    for (int i = 0; i < v->npieces; i++) {
        const lt_piece *p = &v->pieces[i];
        if (p->cell < 0 || v->cells[p->cell].board != board)
            continue;
        int y = v->cells[p->cell].y;
        if (p->owner == seat) {
            mine++;
            my_sum += y;
            edge |= y == (bottom ? bottom_y : top_y);
        } else {
            others++;
            other_sum += y;
        }
    }
    if (!mine)
        return 0;
    if (!edge && mine > 1)
        fail_msg("%s, seat %d: no piece on the %s row", id, seat,
                 bottom ? "bottom" : "top");
    if (others) {
        double a = my_sum / mine, b = other_sum / others;
        if (bottom ? a <= b : a >= b)
            fail_msg("%s, seat %d: its pieces (mean row %.2f) are not %s the "
                     "others' (%.2f)",
                     id, seat, a, bottom ? "below" : "above", b);
    }
    return mine;
}

/* Rank 1 of the notation ("a1", "A1", "G1"): the first seat's side. */
static bool first_rank(const char *name)
{
    size_t n = strlen(name);
    return n >= 2 && name[n - 1] == '1' && (name[n - 2] < '0' || name[n - 2] > '9');
}

/* Every seat of a board game of two to four, from its side and flipped. */
static void each_seat(const char *id, int players)
{
    lt_session *s = people_at(id, players, NULL);
    static lt_view v;
    int seats = lt_session_seats(s);
    for (int seat = 0; seat < seats; seat++)
        for (int flip = 0; flip < 2; flip++) {
            lt_session_render(s, seat, flip, &v);
            int found = 0;
            for (int b = 0; b < (v.nboards ? v.nboards : 1); b++)
                found += army_at(id, &v, b, seat, !flip);
            if (found)
                continue;
            /* the armies start in hand (the morris games): the side the
             * seat sits at is the one the notation counts from, rank 1
             * for the first seat */
            int top_y, bottom_y, rank1 = 0;
            board_rows(&v, 0, &top_y, &bottom_y);
            bool low = (seat == 0) == !flip;
            for (int i = 0; i < v.ncells; i++)
                if (first_rank(v.cells[i].name)) {
                    rank1++;
                    if (v.cells[i].y != (low ? bottom_y : top_y))
                        fail_msg("%s, seat %d%s: %s is not on the %s row", id, seat,
                                 flip ? " flipped" : "", v.cells[i].name,
                                 low ? "bottom" : "top");
                }
            assert_true(rank1 > 0);
        }
    lt_session_free(s);
}

static void two_seat_games(void **st)
{
    static const char *const ids[] = {
        "chess", "great-chess", "alquerque", "catch-the-rabbit",
        "nine-mens-morris", "three-mens-morris", "robbers", "medh-kuu-lash"};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        each_seat(ids[i], 2);
}

/* Four armies in the corners: the viewer's corner at the bottom, by
 * quarter turns, the coordinates with it. */
static void four_seasons(void **st)
{
    each_seat("four-seasons", 4);
    lt_session *s = people_at("four-seasons", 4, NULL);
    static lt_view v;
    for (int seat = 0; seat < 4; seat++) {
        lt_session_render(s, seat, false, &v);
        /* the seat's king is in the bottom row of the board */
        int king = -1;
        for (int i = 0; i < v.npieces; i++)
            if (v.pieces[i].owner == seat && v.pieces[i].cell >= 0 &&
                strchr(v.pieces[i].text, 'K'))
                king = v.pieces[i].cell;
        assert_true(king >= 0);
        assert_int_equal(v.cells[king].y, v.height - 1);
        /* the labels turn with the board: the names of a row share
         * their file letter or their rank digit, never a mixture */
        for (int y = 0; y < v.height; y++) {
            char letter = 0, digit = 0;
            bool letters = true, digits = true;
            for (int i = 0; i < v.ncells; i++) {
                if (v.cells[i].y != y)
                    continue;
                const char *n = v.cells[i].name;
                letters &= !letter || n[0] == letter;
                digits &= !digit || n[1] == digit;
                letter = n[0];
                digit = n[1];
            }
            assert_true(letters || digits);
        }
    }
    lt_session_free(s);
}

/* Talat: the viewer's start lines (row 1 of the board it starts, row 5
 * of the one it shares with the colour before it) on the bottom row,
 * its two boards first; the third board last; flipped, on the top. */
static void talat_from(int players)
{
    lt_session *s = people_at("talat", players, NULL);
    static lt_view v;
    for (int seat = 0; seat < players; seat++)
        for (int flip = 0; flip < 2; flip++) {
            lt_session_render(s, seat, flip, &v);
            assert_int_equal(v.ncells, TL_CELLS);
            int lines = 0, xmin[TL_BOARDS], xmax[TL_BOARDS];
            for (int b = 0; b < TL_BOARDS; b++) {
                xmin[b] = 1 << 14;
                xmax[b] = -1;
            }
            for (int cell = 0; cell < TL_CELLS; cell++) {
                const lt_cell *c = &v.cells[cell];
                int b = c->board;
                xmin[b] = c->x < xmin[b] ? c->x : xmin[b];
                xmax[b] = c->x > xmax[b] ? c->x : xmax[b];
                if (tl_line_owner(cell) != seat)
                    continue;
                lines++;
                int top, bottom;
                board_rows(&v, b, &top, &bottom);
                if (c->y != (flip ? top : bottom))
                    fail_msg("talat (%d), seat %d%s: %s is not on the %s row", players,
                             seat, flip ? " flipped" : "", c->name, flip ? "top" : "bottom");
            }
            assert_int_equal(lines, 2 * TL_SIDE);
            /* the boards side by side, none overlapping */
            for (int a = 0; a < TL_BOARDS; a++)
                for (int b = a + 1; b < TL_BOARDS; b++)
                    assert_true(xmax[a] < xmin[b] || xmax[b] < xmin[a]);
            /* the third board at the far end: right, or flipped left */
            int third = (seat + 1) % TL_BOARDS;
            for (int b = 0; b < TL_BOARDS; b++)
                if (b != third)
                    assert_true(flip ? xmin[third] < xmin[b] : xmin[third] > xmin[b]);
        }
    /* nobody's view (a spectator): as render lays it, board 0 on the left */
    lt_session_render(s, -1, false, &v);
    assert_int_equal(v.cells[0].x, 0);
    assert_int_equal(v.cells[0].y, TL_SIDE - 1);
    lt_session_free(s);
}

static void talat(void **st)
{
    talat_from(3);
    talat_from(2);
}

/* The towers, once placed, stand at the bottom for their owner too. */
static void talat_towers(void **st)
{
    lt_session *s = people_at("talat", 3, NULL);
    static lt_view v;
    lt_error err = {0};
    /* every seat places on each of its two boards */
    for (int k = 0; k < 6; k++) {
        lt_action acts[LT_MAX_ACTIONS];
        const lt_game *g = lt_session_game(s);
        const lt_state *now = lt_session_state_at(s, lt_session_plies(s));
        int n = g->legal_actions(now, acts);
        /* alternately the first and the last choice: both boards */
        lt_action a = acts[(k / 3) % 2 ? n - 1 : 0];
        if (lt_session_play(s, lt_session_to_act(s), a, &err) != LT_OK)
            fail_msg("%s", err.msg);
    }
    for (int seat = 0; seat < 3; seat++) {
        lt_session_render(s, seat, false, &v);
        int mine = 0;
        for (int b = 0; b < TL_BOARDS; b++)
            mine += army_at("talat", &v, b, seat, true);
        assert_int_equal(mine, 2);
        lt_session_render(s, seat, true, &v);
        mine = 0;
        for (int b = 0; b < TL_BOARDS; b++)
            mine += army_at("talat", &v, b, seat, false);
        assert_int_equal(mine, 2);
    }
    lt_session_free(s);
}

/* Every game with a board says how a seat sees it; the dice games have
 * none to turn. */
static void every_board_game(void **st)
{
    for (int i = 0; i < lt_game_count(); i++) {
        const lt_game *g = lt_game_at(i);
        bool board = g->group != LT_GROUP_DICE;
        if (board != (g->seat_side || g->seat_view))
            fail_msg("%s: %s", g->id, board ? "no view from a seat" : "a dice game turned");
    }
}

TEST_MAIN(cmocka_unit_test(two_seat_games), cmocka_unit_test(four_seasons),
          cmocka_unit_test(talat), cmocka_unit_test(talat_towers),
          cmocka_unit_test(every_board_game))
