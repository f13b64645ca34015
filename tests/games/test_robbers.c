/* test_robbers.c — Rozbójnicy against seed 001, its figure 2 (as
 * reconstructed in the notes, §4) and positions worked out by hand.  Each
 * case names the rule it checks. */
#include "support.h"

#include "ludoteka/engines.h"

static const char *const start_text =
    "cccccccc/ssssssss/8/8/8/8/SSSSSSSS/CCCCCCCC o";

/* Seed 001, figure 2, as the notes reconstruct it: orange commanders c1
 * h5, soldiers b3 e4 f4; green commanders a4 c8 h8, soldiers d5 g4 h7. */
static const char *const figure2 = "2c4c/7s/8/3s3C/c3SSs1/1S6/8/2C5";

static lt_state *at(const lt_game **g, const char *position)
{
    return start_at(g, "robbers", NULL, 0, position);
}

/* The position after one named move, as text. */
static const char *after(const lt_game *g, const lt_state *s, const char *move)
{
    lt_state *t = lt_state_new(g);
    lt_state_copy(g, t, s);
    play(g, t, move);
    const char *text = text_of(g, t);
    lt_state_free(t);
    return text;
}

/* The names of the legal moves that take something (an x in the name),
 * space-separated, in the order of the actions. */
static const char *capturing_moves(const lt_game *g, const lt_state *s)
{
    static char out[1024];
    lt_action acts[LT_MAX_ACTIONS];
    int n = g->legal_actions(s, acts);
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        char name[64];
        g->action_name(s, acts[i], name, sizeof name);
        if (strchr(name, 'x'))
            len += (size_t)snprintf(out + len, sizeof out - len, "%s%s",
                                    len ? " " : "", name);
    }
    return out;
}

static int count_moves(const lt_game *g, const lt_state *s)
{
    lt_action acts[LT_MAX_ACTIONS];
    return g->legal_actions(s, acts);
}

/* Figure 1: commanders on the back ranks, soldiers in front; orange
 * starts.  Only the eight soldiers can move: every commander is boxed in
 * by its neighbours and its soldier. */
static void opening(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, "robbers", NULL);
    assert_string_equal(text_of(g, s), start_text);
    assert_int_equal(g->current_player(s), 0);
    assert_int_equal(count_moves(g, s), 8);
    assert_true(legal(g, s, "a2-a3"));
    assert_false(legal(g, s, "a2-a4")); /* one step only */
    assert_false(legal(g, s, "a1-a2")); /* occupied */
    lt_state_free(s);
}

/* Counted by hand from the start: 8 soldier steps for orange, then 8 for
 * green; at ply 3 the side to move has its 7 unmoved soldiers, the
 * advanced one, and its commander stepping into the square the soldier
 * left (9), and no piece comes within reach of an enemy before ply 5. */
static void perft_by_hand(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, "robbers", NULL);
    static const uint64_t expect[] = {1, 8, 64, 576, 5184};
    assert_non_null(g->perft);
    for (int d = 0; d < 5; d++)
        assert_int_equal(g->perft(s, d), expect[d]);
    lt_state_free(s);
}

/* The seed's figure 2: exactly four captures for orange, each with the
 * pieces the seed says it takes. */
static void figure2_orange(void **st)
{
    const lt_game *g;
    char pos[128];
    snprintf(pos, sizeof pos, "%s o", figure2);
    lt_state *s = at(&g, pos);
    assert_string_equal(capturing_moves(g, s),
                        "c1-c7xc8 b3-b4xa4 h5-h4xg4 h5-h6xh7xh8");
    /* the other moves, counted by hand: c1 13, b3 1, e4 1, f4 1, h5 8 */
    assert_int_equal(count_moves(g, s), 24);
    /* the positions after each capture, written out by hand */
    assert_string_equal(after(g, s, "b3-b4"),
                        "2c4c/7s/8/3s3C/1S2SSs1/8/8/2C5 g 1");
    assert_string_equal(after(g, s, "c1-c7"),
                        "7c/2C4s/8/3s3C/c3SSs1/1S6/8/8 g 1");
    assert_string_equal(after(g, s, "h5-h6"),
                        "2c5/8/7C/3s4/c3SSs1/1S6/8/2C5 g 1");
    assert_string_equal(after(g, s, "h5-h4"),
                        "2c4c/7s/8/3s4/c3SS1C/1S6/8/2C5 g 1");
    /* a move next to an enemy without closing a line takes nothing */
    assert_string_equal(after(g, s, "e4-e5"),
                        "2c4c/7s/8/3sS2C/c4Ss1/1S6/8/2C5 g 1");
    lt_state_free(s);
}

/* The same position with green to move: exactly three captures. */
static void figure2_green(void **st)
{
    const lt_game *g;
    char pos[128];
    snprintf(pos, sizeof pos, "%s g", figure2);
    lt_state *s = at(&g, pos);
    assert_string_equal(capturing_moves(g, s),
                        "a4-d4xe4xf4 d5-d4xe4xf4 c8-c2xc1");
    /* by hand: a4 10, c8 12, h8 4, h7 1, d5 1, g4 1 */
    assert_int_equal(count_moves(g, s), 29);
    assert_string_equal(after(g, s, "c8-c2"),
                        "7c/7s/8/3s3C/c3SSs1/1S6/2c5/8 o 1");
    assert_string_equal(after(g, s, "a4-d4"),
                        "2c4c/7s/8/3s3C/3c2s1/1S6/8/2C5 o 1");
    assert_string_equal(after(g, s, "d5-d4"),
                        "2c4c/7s/8/7C/c2s2s1/1S6/8/2C5 o 1");
    lt_state_free(s);
}

/* Two enemies side by side against the edge go together; three in a row
 * are never taken, against the edge or a friend (notes §4, 2).  Orange
 * commander c1 slides to c5 beside green b5 a5; green a6 b6 c6 stand in a
 * row of three beside d6. */
static void double_capture_against_the_edge(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, "7c/8/ccc5/cs6/8/8/8/2C4C o");
    assert_true(legal(g, s, "c1-c5xa5xb5"));
    assert_string_equal(after(g, s, "c1-c5"),
                        "7c/8/ccc5/2C5/8/8/8/7C g 1");
    /* h1 to h6, then along rank 6 to d6: three in a row, nothing */
    assert_string_equal(after(g, s, "h1-h6"),
                        "7c/8/ccc4C/cs6/8/8/8/2C5 g 1");
    lt_state_free(s);
    s = at(&g, "7c/8/ccc4C/cs6/8/8/8/2C5 o");
    assert_string_equal(after(g, s, "h6-d6"), "7c/8/cccC4/cs6/8/8/8/2C5 g 1");
    lt_state_free(s);
}

/* A corner piece is pressed against either edge, from either of its two
 * inner neighbours (notes §4, 3).  Green commander h1 in the corner;
 * orange commanders reach g1 (along rank 1) and h2 (along file h). */
static void corner_piece(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, "c7/8/8/8/8/8/C6C/C6c o");
    assert_string_equal(after(g, s, "a1-g1"), "c7/8/8/8/8/8/C6C/6C1 g 1");
    assert_string_equal(after(g, s, "a2-g2"), "c7/8/8/8/8/8/6CC/C6c g 1");
    assert_string_equal(after(g, s, "h2-g2"), "c7/8/8/8/8/8/C5C1/C6c g 1");
    lt_state_free(s);
    s = at(&g, "c7/8/8/8/8/7C/8/C6c o");
    assert_string_equal(after(g, s, "h3-h2"), "c7/8/8/8/8/8/7C/C7 g 1");
    lt_state_free(s);
}

/* Moving into a sandwich is safe: only the mover takes.  Orange soldier e4
 * steps between green commanders d5 and f5 and stays; if green then moves
 * one of them away and back, that move closes the line and takes it. */
static void moving_into_a_sandwich(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, "7c/8/8/3c1c2/4S3/8/8/C7 o");
    play_to(g, s, "e4-e5", "7c/8/8/3cSc2/8/8/8/C7 g 1");
    /* green steps away, orange moves elsewhere: the soldier stands */
    play_to(g, s, "f5-f6 a1-a2", "7c/8/5c2/3cS3/8/8/C7/8 g 3");
    assert_true(legal(g, s, "f6-f5xe5"));
    play_to(g, s, "f6-f5", "7c/8/8/3c1c2/8/8/C7/8 o 4");
    lt_state_free(s);
    /* stepping onto the edge beside an enemy is safe too: orange a2-a4
     * stands between green b4 and the edge, and stays */
    s = at(&g, "7c/8/8/8/1c6/8/C7/7C o");
    assert_string_equal(after(g, s, "a2-a4"), "7c/8/8/8/Cc6/8/8/7C g 1");
    lt_state_free(s);
}

/* A soldier reaching the far rank becomes a commander after the capture
 * its step makes (notes §4, 7): orange g7-g8 presses green h8 against the
 * edge; after green's reply the new commander slides along rank 8 and
 * presses green a8 into the corner. */
static void promotion_then_capture(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, "c6c/6S1/8/8/4c3/8/1S6/8 o");
    assert_string_equal(capturing_moves(g, s), "g7-g8xh8");
    play_to(g, s, "g7-g8", "c5C1/8/8/8/4c3/8/1S6/8 g 1");
    play(g, s, "e4-e3");
    assert_string_equal(capturing_moves(g, s), "g8-b8xa8");
    play_to(g, s, "g8-b8", "1C6/8/8/8/8/4c3/1S6/8 g 3");
    lt_state_free(s);
    /* green's soldiers are promoted on rank 1 */
    s = at(&g, "7c/8/8/8/8/8/2s5/C7 g");
    assert_string_equal(after(g, s, "c2-c1"), "7c/8/8/8/8/8/8/C1c5 o 1");
    lt_state_free(s);
}

/* Several directions at once (notes §4, 4): orange d1-d4 closes three
 * lines, c4 against b4, e4 against f4, d5 against d6. */
static void several_directions(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, "7c/8/3C4/3c4/1Cc1cC2/8/8/3C4 o");
    assert_string_equal(capturing_moves(g, s), "d1-d4xc4xe4xd5");
    assert_string_equal(after(g, s, "d1-d4"), "7c/8/3C4/8/1C1C1C2/8/8/8 g 1");
    lt_state_free(s);
}

/* Seed 001: whoever takes all the opponent's pieces wins; one piece each
 * is a draw - also when the last capture leaves one each. */
static void the_end(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, "8/8/8/8/8/7C/8/C6c o");
    play(g, s, "h3-h2xh1");
    /* RULES.md, Endings */
    assert_end2(g, s, 1, -1, "all of Green's pieces captured", "wszystkie pionki zielonych zbite");
    assert_info(g, s, "all of Green's pieces captured", "wszystkie pionki zielonych zbite");
    lt_state_free(s);
    s = at(&g, "c7/8/8/8/8/7C/8/7c o");
    play(g, s, "h3-h2xh1");
    assert_end2(g, s, 0, 0, "draw: one piece each", "remis: każdej stronie został jeden pionek");
    lt_state_free(s);
    s = at(&g, "c7/8/8/8/8/8/8/7C g");
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, 0) == 0);
    lt_state_free(s);
    /* green wins by the same rules: from c2 it presses orange's last
     * piece, c1, against the edge */
    s = at(&g, "c7/8/8/8/8/8/7c/2C5 g");
    play(g, s, "h2-c2xc1");
    assert_end2(g, s, -1, 1, "all of Orange's pieces captured",
                "wszystkie pionki pomarańczowych zbite");
    lt_state_free(s);
}

/* Notes §4, 8: a player with no move passes; when neither can move, the
 * two passes would end the game in a draw, so it ends at once.  Orange
 * soldiers a2 b2 face green soldiers a3 b3. */
static void passing(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, "7c/8/8/8/8/ss6/SS6/8 o");
    assert_int_equal(count_moves(g, s), 1);
    assert_true(legal(g, s, "pass"));
    play_to(g, s, "pass", "7c/8/8/8/8/ss6/SS6/8 g 1");
    assert_false(legal(g, s, "pass")); /* green has moves */
    play(g, s, "h8-h7");
    assert_true(legal(g, s, "pass"));
    lt_state_free(s);
    s = at(&g, "8/8/8/8/8/ss6/SS6/8 o");
    assert_end2(g, s, 0, 0, "draw: neither side can move (two passes)",
                "remis: żadna strona nie ma ruchu (dwa pasy)");
    lt_state_free(s);
}

/* RULES.md: the ply cap draws (option cap); a capture of the last piece
 * on the last move still wins. */
static void move_cap(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, "robbers", "cap=10");
    play(g, s, "a2-a3 a7-a6 b2-b3 b7-b6 c2-c3 c7-c6 d2-d3 d7-d6 e2-e3");
    assert_int_equal(g->current_player(s), 1);
    play(g, s, "e7-e6");
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, 0) == 0);
    assert_string_equal(text_of(g, s),
                        "cccccccc/5sss/sssss3/8/8/SSSSS3/5SSS/CCCCCCCC o 10");
    assert_reason(g, s, "draw: the move cap (10 moves)", "remis: limit posunięć (10)");
    lt_state_free(s);
    s = start_at(&g, "robbers", "cap=10", 0, "8/8/8/8/8/7C/8/C6c o 9");
    play(g, s, "h3-h2");
    assert_true(return_of(g, s, 0) == 1);
    lt_state_free(s);
}

/* Moves by their squares, with or without the dash and the captures; the
 * captures named must be the ones the move makes, in any order. */
static void notation(void **st)
{
    const lt_game *g;
    char pos[128];
    snprintf(pos, sizeof pos, "%s o", figure2);
    lt_state *s = at(&g, pos);
    static const char *const good[] = {"b3-b4", "B3-B4", "b3b4", "b3-b4xa4",
                                       "B3B4XA4", "h5-h6xh8xh7", "e4-e5"};
    static const char *const bad[] = {"b3-b4xa5", "b3-b4xa4xa4", "h5-h6xh7",
                                      "e4-e5xd5", "pass", "b3-b5", "b3",
                                      "b3-", "b3-b4x", "i1-i2", "b3-b4 ",
                                      "c1-c8", "a4-a5"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        if (!legal(g, s, good[i]))
            fail_msg("'%s' should be legal", good[i]);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (legal(g, s, bad[i]))
            fail_msg("'%s' should be refused", bad[i]);
    lt_state_free(s);
    /* a count of 0 is the same as none; upper-case side letters read */
    s = at(&g, "cccccccc/ssssssss/8/8/8/8/SSSSSSSS/CCCCCCCC O 0");
    assert_string_equal(text_of(g, s), start_text);
    lt_state_free(s);
}

static void bad_positions(void **st)
{
    static const char *const bad[] = {
        "cccccccc/ssssssss/8/8/8/8/SSSSSSSS/CCCCCCCC",    /* no side */
        "cccccccc/ssssssss/8/8/8/8/SSSSSSSS/CCCCCCCC w",  /* no such side */
        "cccccccc/ssssssss/8/8/8/8/SSSSSSSS o",           /* seven ranks */
        "cccccccc/ssssssss/8/8/8/8/SSSSSSSS/CCCCCCCCC o", /* nine squares */
        "cccccccc/ssssssss/8/8/8/8/SSSSSSSS/CCCCCCC o",   /* seven squares */
        "cccccccc/ssssssss/9/8/8/8/SSSSSSSS/CCCCCCCC o",  /* no rank of 9 */
        "cccccccc/ssssssss/0/8/8/8/SSSSSSSS/CCCCCCCC o",
        "cccccccc/ssssssss/8/8/8/8/SSSSSSSS/CCCCCCCK o",  /* no such piece */
        "S7/8/8/8/8/8/8/7c o",        /* orange soldier on its last rank */
        "7c/8/8/8/8/8/8/S7 o",        /* orange soldier behind its start */
        "7C/8/8/8/8/8/8/s7 g",        /* green soldier on its last rank */
        "s6C/8/8/8/8/8/8/8 g",        /* green soldier behind its start */
        "7c/8/8/8/S7/S7/8/8 o",       /* two soldiers on one file */
        "C7/c7/8/8/8/8/SSSSSSSS/CCCCCCCC o", /* seventeen pieces */
        "8/8/8/8/8/8/8/8 o",          /* nobody */
        "cccccccc/ssssssss/8/8/8/8/SSSSSSSS/CCCCCCCC o 401", /* past cap */
        "cccccccc/ssssssss/8/8/8/8/SSSSSSSS/CCCCCCCC o -1",
        "cccccccc/ssssssss/8/8/8/8/SSSSSSSS/CCCCCCCC o x1",
        "cccccccc/ssssssss/8/8/8/8/SSSSSSSS/CCCCCCCC o 5 6",
        "cccccccc/ssssssss/8/8/8/8/SSSSSSSS/CCCCCCCC og",
    };
    const lt_game *g;
    lt_state *s = start(&g, "robbers", NULL);
    assert_string_equal(text_of(g, s), start_text);
    assert_bad_positions(g, s, bad, sizeof bad / sizeof bad[0]);
    lt_state_free(s);
}

/* The Zobrist key is a key of the position: two move orders reaching the
 * same position give the same key; the side to move changes it. */
static void hash_of_transpositions(void **st)
{
    const lt_game *g;
    lt_state *a = start(&g, "robbers", NULL), *b = start(&g, "robbers", NULL);
    play(g, a, "a2-a3 a7-a6 b2-b3 b7-b6 a1-a2");
    play(g, b, "b2-b3 b7-b6 a2-a3 a7-a6 a1-a2");
    assert_string_equal(text_of(g, a), text_of(g, b));
    assert_true(g->hash(a) == g->hash(b));
    char pos[128];
    snprintf(pos, sizeof pos, "%s o", figure2);
    set_position(g, a, pos);
    snprintf(pos, sizeof pos, "%s g", figure2);
    set_position(g, b, pos);
    assert_true(g->hash(a) != g->hash(b));
    lt_state_free(a);
    lt_state_free(b);
}

/* The position seen from the other side: ranks reversed, colours and the
 * side to move swapped - the same game, so the value must turn over. */
static void mirror(const char *text, char *out)
{
    const char *ranks[8];
    int len[8], n = 0;
    const char *p = text;
    for (; n < 8; n++) {
        ranks[n] = p;
        len[n] = (int)strcspn(p, "/ ");
        p += len[n] + 1;
    }
    size_t k = 0;
    for (int r = 7; r >= 0; r--) {
        for (int i = 0; i < len[r]; i++) {
            char c = ranks[r][i];
            out[k++] = c >= 'a' ? (char)(c - 32) : c >= 'A' ? (char)(c + 32) : c;
        }
        out[k++] = r ? '/' : ' ';
    }
    out[k++] = *p == 'o' ? 'g' : 'o';
    out[k] = '\0';
}

static double value_for_orange(const lt_game *g, const char *position)
{
    lt_state *s = start_at(&g, "robbers", NULL, 0, position);
    double v[LT_MAX_PLAYERS];
    lt_engines_of(g)->evaluate(s, v);
    assert_true(v[0] >= -1 && v[0] <= 1 && v[0] == -v[1]);
    lt_state_free(s);
    return v[0];
}

/* The evaluation: exact at the end, colour-blind, and aware of custodial
 * threats and of the danger of the edge. */
static void evaluation(void **st)
{
    const lt_game *g = lt_game_find("robbers");
    assert_non_null(lt_engines_of(g)->evaluate);
    assert_true(value_for_orange(g, "8/8/8/8/8/8/8/C7 g") == 1);
    assert_true(value_for_orange(g, "c7/8/8/8/8/8/8/7C o") == 0);

    static const char *const positions[] = {
        "2c4c/7s/8/3s3C/c3SSs1/1S6/8/2C5 o", "2c4c/7s/8/3s3C/c3SSs1/1S6/8/2C5 g",
        "7c/8/3C4/3c4/1Cc1cC2/8/8/3C4 o", "7c/8/8/c7/4C3/8/8/1C6 g"};
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        char m[128];
        mirror(positions[i], m);
        double a = value_for_orange(g, positions[i]), b = value_for_orange(g, m);
        if (a + b > 1e-12 || a + b < -1e-12)
            fail_msg("'%s' is worth %g for orange, '%s' %g for green", positions[i],
                     a, m, -b);
    }

    /* Equal material (two commanders each).  With orange to move, b1-b5
     * takes the green commander a5 against the edge; with green to move
     * a5 can run and nothing of orange's hangs. */
    double mine = value_for_orange(g, "7c/8/8/c7/4C3/8/8/1C6 o");
    double theirs = value_for_orange(g, "7c/8/8/c7/4C3/8/8/1C6 g");
    assert_true(mine > 0 && mine > theirs);

    /* The same orange commander on a4 (the edge: one green piece on b4
     * takes it) or on d4 (it needs two), with the same mobility, 14
     * squares, and no capture in reach of either side. */
    double edge = value_for_orange(g, "8/2c2c2/8/8/C7/8/4C3/8 o");
    double centre = value_for_orange(g, "8/2c2c2/8/8/3C4/8/4C3/8 o");
    assert_true(edge < centre);

    /* Material: an extra commander is worth having. */
    assert_true(value_for_orange(g, "8/2c2c2/8/8/3C4/8/4C3/7C g") > centre);
}

TEST_MAIN(cmocka_unit_test(opening),
          cmocka_unit_test(perft_by_hand),
          cmocka_unit_test(figure2_orange),
          cmocka_unit_test(figure2_green),
          cmocka_unit_test(double_capture_against_the_edge),
          cmocka_unit_test(corner_piece),
          cmocka_unit_test(moving_into_a_sandwich),
          cmocka_unit_test(promotion_then_capture),
          cmocka_unit_test(several_directions),
          cmocka_unit_test(the_end),
          cmocka_unit_test(passing),
          cmocka_unit_test(move_cap),
          cmocka_unit_test(notation),
          cmocka_unit_test(bad_positions),
          cmocka_unit_test(hash_of_transpositions),
          cmocka_unit_test(evaluation))
