/* test_talat.c — Talat against seed 004, the readings of RULES.md and
 * section 6 of the notes.  Each case names the rule it checks; positions
 * are worked out by hand (the reasoning is in the comments). */
#include <math.h>

#include "support.h"

#include "games/talat/talat.h"
#include "ludoteka/ai.h"
#include "ludoteka/engines.h"
#include "ludoteka/rng.h"

/* ---- Helpers ------------------------------------------------------------ */

static const char colours[] = "RBV";
static const char *const kinds[9] = {"1t", "1s", "1h", "2t", "2s",
                                     "2h", "3t", "3s", "3h"};

/* A position in play with every tower not on the three boards counted as
 * captured: red towers by Blue, blue ones by Red, violet ones by Red.
 * With two players the first violet tower missing is the unused ninth. */
static const char *position(int players, const char *rb, const char *bv,
                            const char *vr, char turn)
{
    static char buf[1024];
    char boards[512], caps[3][128] = {"", "", ""};
    snprintf(boards, sizeof boards, "%s %s %s", rb, bv, vr);
    bool unused = players == 3;
    for (int c = 0; c < 3; c++)
        for (int k = 0; k < 9; k++) {
            char tower[4];
            snprintf(tower, sizeof tower, "%c%s", colours[c], kinds[k]);
            if (strstr(boards, tower))
                continue;
            if (c == 2 && !unused) {
                unused = true;
                continue;
            }
            strcat(caps[c == 0 ? 1 : 0], tower);
        }
    snprintf(buf, sizeof buf, "%s %c", boards, turn);
    for (int p = 0; p < players; p++) {
        strcat(buf, " ");
        strcat(buf, caps[p][0] ? caps[p] : "-");
    }
    return buf;
}

static lt_state *talat_at(const lt_game **g, int players, const char *options,
                          const char *text)
{
    return start_at(g, "talat", options, players, text);
}

/* A game of n players at its start. */
static lt_state *start_players(const lt_game **g, int n)
{
    return start_n(g, "talat", NULL, n);
}

/* A three-player game at its start (also the default). */
static lt_state *start_three(const lt_game **g)
{
    return start_players(g, 3);
}

static int count_legal(const lt_game *g, const lt_state *s)
{
    lt_action acts[LT_MAX_ACTIONS];
    return g->legal_actions(s, acts);
}

/* Every legal action's name, space separated. */
static const char *legal_names(const lt_game *g, const lt_state *s)
{
    static char buf[4096];
    lt_action acts[LT_MAX_ACTIONS];
    int n = g->legal_actions(s, acts);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        char name[16];
        g->action_name(s, acts[i], name, sizeof name);
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s", i ? " " : "", name);
    }
    return buf;
}

/* ---- The capture table (seed 10, notes §6) ----------------------------- */

/* The table of the notes, typed in by hand: row = capturer, column =
 * captured, both in the order 1t 1s 1h 2t 2s 2h 3t 3s 3h. */
static const char *const table[9] = {
    /*        1t1s1h2t2s2h3t3s3h */
    /* 1t */ "000000001", /* David and Goliath */
    /* 1s */ "100000000",
    /* 1h */ "110000000",
    /* 2t */ "111000000",
    /* 2s */ "111100000",
    /* 2h */ "111110000",
    /* 3t */ "000111000",
    /* 3s */ "000111100",
    /* 3h */ "000111110",
};

/* A red tower on c2 faces a blue one on c3 (straight ahead for both);
 * violet towers on j5 and k1 keep the other boards alive.  Red takes
 * with c2xc3, Blue with c3xc2, exactly as the table says. */
static void capture_table(void **st)
{
    for (int a = 0; a < 9; a++)
        for (int b = 0; b < 9; b++) {
            char rb[64];
            snprintf(rb, sizeof rb, "...../...../..B%s../..R%s../.....", kinds[b], kinds[a]);
            for (int mover = 0; mover < 2; mover++) {
                const lt_game *g;
                lt_state *s = talat_at(&g, 3, NULL,
                                       position(3, rb, "....V1t/...../...../...../.....",
                                                "...../...../...../...../V1s....",
                                                mover ? 'b' : 'r'));
                bool want = mover ? table[b][a] == '1' : table[a][b] == '1';
                if (legal(g, s, mover ? "c3xc2" : "c2xc3") != want)
                    fail_msg("%s %s %s %s: expected %s", mover ? "blue" : "red",
                             kinds[mover ? b : a], want ? "takes" : "does not take",
                             kinds[mover ? a : b], want ? "legal" : "illegal");
                lt_state_free(s);
            }
        }
}

/* Seed 10.3: the small triangle takes the tall hexagon, never the other
 * way round; straight ahead and sideways alike. */
static void david_and_goliath(void **st)
{
    const lt_game *g;
    const char *bv = "....V1t/...../...../...../.....", *vr = "...../...../...../...../V1s....";
    lt_state *s = talat_at(&g, 3, NULL,
                           position(3, "...../...../..B3h../..R1tB1t./.....", bv, vr, 'r'));
    assert_true(legal(g, s, "c2xc3"));
    lt_state_free(s);
    s = talat_at(&g, 3, NULL,
                 position(3, "...../...../..B3h../..R1tB1t./.....", bv, vr, 'b'));
    assert_false(legal(g, s, "c3xc2")); /* Goliath cannot take David */
    lt_state_free(s);
    /* Blue's small triangle beside Red's tall hexagon: sideways */
    s = talat_at(&g, 3, NULL, position(3, "...../...../...../..R3hB1t./.....", bv, vr, 'b'));
    assert_true(legal(g, s, "d2xc2"));
    lt_state_free(s);
    s = talat_at(&g, 3, NULL, position(3, "...../...../...../..R3hB1t./.....", bv, vr, 'r'));
    assert_false(legal(g, s, "c2xd2"));
    lt_state_free(s);
}

/* Seed 12: a red tower on Blue's start line (b5) has no move forward,
 * captures sideways along the line (b5xc5: medium takes small) and is
 * captured from the side (a5xb5: tall takes medium).  Seed 9: never
 * backwards — neither b5 takes b4 nor b4 takes b5. */
static void start_line_sideways(void **st)
{
    const lt_game *g;
    const char *rb = "B3tR2sB1t../.B1h.../...../...../.....";
    const char *bv = "....V1t/...../...../...../.....", *vr = "...../...../...../...../V1s....";
    lt_state *s = talat_at(&g, 3, NULL, position(3, rb, bv, vr, 'r'));
    assert_true(legal(g, s, "b5xc5"));
    assert_false(legal(g, s, "b5xa5"));
    assert_false(legal(g, s, "b5xb4"));
    /* Red's moves on this board: only the sideways capture */
    assert_null(strstr(legal_names(g, s), "b5-"));
    play(g, s, "b5xc5");
    assert_string_equal(text_of(g, s),
                        "B3t.R2s../.B1h.../...../...../..... ....V1t/...../...../...../..... "
                        "...../...../...../...../V1s.... b "
                        "B1tB1sB2tB2sB2hB3sB3hV1hV2tV2sV2hV3tV3sV3h "
                        "R1tR1sR1hR2tR2hR3tR3sR3h -");
    lt_state_free(s);
    s = talat_at(&g, 3, NULL, position(3, rb, bv, vr, 'b'));
    assert_true(legal(g, s, "a5xb5"));
    assert_false(legal(g, s, "c5xb5")); /* small does not take medium */
    assert_false(legal(g, s, "b4xb5"));
    lt_state_free(s);
}

/* Seed 9: no capturing one's own towers; moves only onto empty squares,
 * straight or diagonally forward. */
static void plain_moves(void **st)
{
    const lt_game *g;
    const char *bv = "....V1t/...../...../...../.....", *vr = "...../...../...../...../V1s....";
    lt_state *s = talat_at(&g, 3, NULL, position(3, "...../...../..R1t../..R3h../.....", bv, vr, 'r'));
    assert_false(legal(g, s, "c2xc3"));
    assert_false(legal(g, s, "c2-c3"));
    assert_true(legal(g, s, "c2-b3"));
    assert_true(legal(g, s, "c2-d3"));
    assert_false(legal(g, s, "c2-d2")); /* sideways only to capture */
    assert_false(legal(g, s, "c2-c1")); /* never backwards */
    /* Red: c2 to b3 and d3, c3 to b4, c4, d4; and VR (rows run the other
     * way there) has no red tower.  Nothing else. */
    assert_string_equal(legal_names(g, s), "c2-b3 c2-d3 c3-b4 c3-c4 c3-d4");
    lt_state_free(s);
}

/* ---- Placing (seed 5, 6, 7; notes ambiguity 4 and 8) ------------------- */

/* Three players place in seat order Red, Blue, Violet, one tower a turn,
 * on their own start lines only; nine each on ten squares; then Red
 * moves first. */
static void placing_three(void **st)
{
    const lt_game *g;
    lt_state *s = start_three(&g);
    /* Red's ten squares: a1-e1 (row 1 of red-blue), k5-o5 (row 5 of
     * violet-red); nine kinds each */
    assert_int_equal(count_legal(g, s), 90);
    assert_true(legal(g, s, "3h@a1") && legal(g, s, "1t@o5"));
    assert_false(legal(g, s, "3h@a5") || legal(g, s, "3h@a2") || legal(g, s, "3h@f1"));
    static const char *const red_sq[] = {"a1", "b1", "c1", "d1", "e1", "k5", "l5", "m5", "n5"};
    static const char *const blue_sq[] = {"a5", "b5", "c5", "d5", "e5", "f1", "g1", "h1", "i1"};
    static const char *const violet_sq[] = {"f5", "g5", "h5", "i5", "j5", "k1", "l1", "m1", "n1"};
    for (int k = 0; k < 9; k++) {
        char moves[64];
        assert_int_equal(g->current_player(s), 0);
        snprintf(moves, sizeof moves, "%s@%s", kinds[k], red_sq[k]);
        play(g, s, moves);
        assert_int_equal(g->current_player(s), 1);
        assert_false(legal(g, s, moves)); /* square taken, and not Blue's */
        snprintf(moves, sizeof moves, "%s@%s", kinds[k], blue_sq[k]);
        play(g, s, moves);
        assert_int_equal(g->current_player(s), 2);
        snprintf(moves, sizeof moves, "%s@%s", kinds[k], violet_sq[k]);
        play(g, s, moves);
        if (k == 0) /* Red's 1t is placed: 8 kinds left, 9 squares */
            assert_int_equal(count_legal(g, s), 8 * 9);
    }
    assert_string_equal(text_of(g, s),
                        "B1tB1sB1hB2tB2s/...../...../...../R1tR1sR1hR2tR2s "
                        "V1tV1sV1hV2tV2s/...../...../...../B2hB3tB3sB3h. "
                        "R2hR3tR3sR3h./...../...../...../V2hV3tV3sV3h. r - - -");
    assert_int_equal(g->current_player(s), 0); /* Red moves first */
    assert_true(legal(g, s, "a1-a2"));
    assert_false(legal(g, s, "a5-a4"));
    lt_state_free(s);
}

/* Two players: eight neutral (violet) towers first, Red then Blue in
 * turn, on the violet start lines; then nine each; Blue placed last and
 * moves first (seed 6, 7). */
static void placing_two(void **st)
{
    const lt_game *g;
    lt_state *s = start_players(&g, 2);
    assert_int_equal(g->num_players(s), 2);
    assert_int_equal(count_legal(g, s), 90); /* 9 neutral kinds x 10 */
    assert_true(legal(g, s, "1t@f5") && legal(g, s, "1t@k1"));
    assert_false(legal(g, s, "1t@a1")); /* Red's own towers wait */
    static const char *const neutral_sq[] = {"f5", "g5", "h5", "i5", "k1", "l1", "m1", "n1"};
    for (int k = 0; k < 8; k++) {
        char move[16];
        assert_int_equal(g->current_player(s), k % 2);
        snprintf(move, sizeof move, "%s@%s", kinds[k], neutral_sq[k]);
        play(g, s, move);
    }
    /* the ninth neutral tower (3h) is never placed */
    assert_int_equal(g->current_player(s), 0);
    assert_false(legal(g, s, "3h@j5"));
    assert_true(legal(g, s, "3h@a1"));
    static const char *const red_sq[] = {"a1", "b1", "c1", "d1", "e1", "k5", "l5", "m5", "n5"};
    static const char *const blue_sq[] = {"a5", "b5", "c5", "d5", "e5", "f1", "g1", "h1", "i1"};
    for (int k = 0; k < 9; k++) {
        char move[16];
        assert_int_equal(g->current_player(s), 0);
        snprintf(move, sizeof move, "%s@%s", kinds[k], red_sq[k]);
        play(g, s, move);
        assert_int_equal(g->current_player(s), 1);
        snprintf(move, sizeof move, "%s@%s", kinds[k], blue_sq[k]);
        play(g, s, move);
    }
    assert_int_equal(g->current_player(s), 1); /* Blue again: he starts */
    assert_string_equal(text_of(g, s),
                        "B1tB1sB1hB2tB2s/...../...../...../R1tR1sR1hR2tR2s "
                        "V1tV1sV1hV2t./...../...../...../B2hB3tB3sB3h. "
                        "R2hR3tR3sR3h./...../...../...../V2sV2hV3tV3s. b - -");
    /* Blue moves his own towers and the neutral ones on both violet
     * boards: f5 (blue-violet) and k1 (violet-red) */
    assert_true(legal(g, s, "a5-a4"));
    assert_true(legal(g, s, "f5-f4"));
    assert_true(legal(g, s, "k1-k2"));
    assert_false(legal(g, s, "a1-a2")); /* Red's */
    lt_state_free(s);
}

/* ---- Two players: neutral towers (seed 15, notes ambiguity 8) ---------- */

/* Blue-violet: neutral 2s on g4, Blue's 1t on g3 and 3t on h3.
 * Violet-red: neutral 1h on l2 before Red's 1s on l3; neutral 2h on m2
 * before neutral 1t on m3. */
static void neutral_towers(void **st)
{
    const char *rb = "B1s..../...../...../...../R1t....";
    const char *bv = "...../.V2s.../.B1tB3t../...../.....";
    const char *vr = "...../...../.R1sV1t../.V1hV2h../.....";
    const lt_game *g;
    lt_state *s = talat_at(&g, 2, NULL, position(2, rb, bv, vr, 'r'));
    assert_true(legal(g, s, "g4xg3"));  /* Red takes Blue's with a neutral */
    assert_false(legal(g, s, "l2xl3")); /* not his own */
    assert_true(legal(g, s, "l2-k3"));  /* but moves that neutral tower */
    assert_false(legal(g, s, "m2xm3")); /* neutral never takes neutral */
    assert_false(legal(g, s, "h3xg4")); /* Blue's tower */
    lt_state_free(s);
    s = talat_at(&g, 2, NULL, position(2, rb, bv, vr, 'b'));
    assert_true(legal(g, s, "l2xl3"));  /* Blue takes Red's with a neutral */
    assert_false(legal(g, s, "g4xg3")); /* not his own */
    assert_true(legal(g, s, "h3xg4"));  /* his own takes a neutral */
    assert_false(legal(g, s, "m2xm3"));
    /* seed 15: the captured tower, of any colour, is the mover's: the
     * text ends with Blue's captures, now V2s last */
    play(g, s, "h3xg4");
    const char *t = text_of(g, s);
    assert_string_equal(t + strlen(t) - 3, "V2s");
    lt_state_free(s);
}

/* A neutral tower on the other player's start line scores 3 for the
 * player whose move put it there; on his own line, for nobody. */
static void neutral_credit(void **st)
{
    const char *rb = "B1s..../...../...../...../R1t....";
    const char *bv = "...../...../...../.V2s.../.....";
    const char *vr = "...../.V1s.../...../...../.....";
    const lt_game *g;
    lt_state *s = talat_at(&g, 2, NULL, position(2, rb, bv, vr, 'r'));
    int before[3], after[3];
    tl_points((const tl_state *)s, before);
    play(g, s, "g2-g1"); /* Red brings it onto Blue's line */
    assert_non_null(strstr(text_of(g, s), "V2s+"));
    tl_points((const tl_state *)s, after);
    assert_int_equal(after[0], before[0] + 3);
    assert_int_equal(after[1], before[1]);
    play(g, s, "l4-l5"); /* Blue moves the other onto Red's line: his */
    tl_points((const tl_state *)s, after);
    assert_int_equal(after[1], before[1] + 3);
    lt_state_free(s);
    s = talat_at(&g, 2, NULL, position(2, rb, bv, vr, 'b'));
    play(g, s, "g2-g1"); /* Blue onto his own line: nobody's */
    assert_null(strstr(text_of(g, s), "+"));
    tl_points((const tl_state *)s, after);
    assert_int_equal(after[0], before[0]);
    assert_int_equal(after[1], before[1]);
    lt_state_free(s);
}

/* Seed 15, the 3 points are for towers "wprowadzone" (brought) onto the
 * opponent's start line: the neutral V2t that Red brought onto Red's own
 * line (l5) scores for nobody, and Blue sliding it along that line with a
 * capture (l5xm5, taking R1s) brings nothing onto it.  Blue has taken 7
 * red towers (35 points, 5 each) and has no tower on a line not his own;
 * after the capture: 40, not 43 (issue 20: the program credited the tower
 * to whoever moved it last). */
static void neutral_credit_along_the_line(void **st)
{
    const lt_game *g;
    lt_state *s = talat_at(&g, 2, NULL,
                           "....B3h/...../...../...../R3h.... ....V1t/...../"
                           "...../...../B1t.... .V2tR1s../...../...../...../..... b "
                           "B1sB1hB2tB2sB2hB3tB3sV1sV1hV2sV2hV3tV3h "
                           "R1tR1hR2tR2sR2hR3tR3s");
    int before[3], after[3];
    tl_points((const tl_state *)s, before);
    assert_int_equal(before[1], 35);
    play(g, s, "l5xm5");
    tl_points((const tl_state *)s, after);
    assert_int_equal(after[1], 40);
    assert_int_equal(after[0], before[0]);
    assert_null(strstr(text_of(g, s), "+"));
    lt_state_free(s);
}

/* ---- Passing, freezing and the end ------------------------------------- */

/* Notes ambiguity 5: Red's only tower stands on Blue's start line (a5)
 * and has nothing beside it, the violet-red board is empty: Red passes.
 * The game goes on, as Blue still moves on two boards. */
static void pass_when_stuck(void **st)
{
    const lt_game *g;
    lt_state *s = talat_at(&g, 3, NULL,
                           position(3, "R1t...B1s/...../...../...../.....",
                                    "....V2s/...../...../...../B2s....",
                                    "...../...../...../...../.....", 'r'));
    assert_string_equal(legal_names(g, s), "pass");
    play(g, s, "pass");
    assert_int_equal(g->current_player(s), 1);
    lt_state_free(s);
}

/* Freezing.  Blue-violet and violet-red have pairs that can still meet
 * and capture (violet 2s / blue 1s; violet 1s / red 1h).  On red-blue,
 * Red's 2t (c4) has passed Blue's 1t (c2): they can never meet again, and
 * nothing else is there.  Seed (frozen=no-move): c4 can still move, so
 * the board lives.  Published rule (frozen=no-capture): no capture is
 * ever possible there, so it is frozen and c4 may not move. */
static void freezing_passed_towers(void **st)
{
    const char *text = position(3, "...../..R2t../...../..B1t../.....",
                                "....V2s/...../...../...../B1s....",
                                "R1h..../...../...../...../V1s....", 'r');
    const lt_game *g;
    lt_state *s = talat_at(&g, 3, NULL, text);
    assert_true(legal(g, s, "c4-c5"));
    lt_state_free(s);
    s = talat_at(&g, 3, "frozen=no-capture", text);
    assert_false(legal(g, s, "c4-c5"));
    assert_true(legal(g, s, "k5-k4"));
    assert_int_equal(g->current_player(s), 0);
    lt_state_free(s);
}

/* Blue's tall triangle (f2) and Violet's small hexagon (j4), alone on
 * blue-violet, can move but never take each other (two heights apart,
 * and not David and Goliath).  Red-blue is empty: frozen under both
 * rules.  Seed: blue-violet still has moves, play goes on; published
 * rule: it is frozen too — two boards, the game is over. */
static void freezing_incapable_pair(void **st)
{
    const char *text = position(3, "...../...../...../...../.....",
                                "...../....V1h/...../B3t..../.....",
                                "R1h..../...../...../...../V1s....", 'b');
    const lt_game *g;
    lt_state *s = talat_at(&g, 3, NULL, text);
    assert_int_equal(g->current_player(s), 1);
    assert_true(legal(g, s, "f2-f3"));
    lt_state_free(s);
    s = talat_at(&g, 3, "frozen=no-capture", text);
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    lt_state_free(s);
}

/* A capture reachable only after another tower steps aside.  Red 2t
 * (a1) and Blue 1t (a3) can take each other (medium over small), but
 * Red's 3t (a2) and 3s (b2) stand between them: neither 2t nor 1t can
 * move, and the talls cannot take 1t (two heights apart).  Once 3t steps
 * a2-b3, 2t goes a1-a2 and is in contact with a3. */
static void freezing_needs_a_blocker_to_move(void **st)
{
    const lt_game *g;
    lt_state *s = talat_at(&g, 3, "frozen=no-capture",
                           position(3, "...../...../B1t..../R3tR3s.../R2t....",
                                    "....V2s/...../...../...../B1s....",
                                    "R1h..../...../...../...../V1s....", 'r'));
    assert_true(tl_capture_reachable((const tl_state *)s, 0));
    assert_true(legal(g, s, "a2-b3"));
    lt_state_free(s);
}

/* A deadlock.  Red row 2: 1t 1s 1h 3h 3t; Blue row 3: 3t 3s 3h 1h 1s.
 * Every red tower faces blue ones (straight or diagonally) it cannot
 * take nor be taken by: 1t-3t, 1t-3s, 1s-3t, 1s-3s, 1s-3h, 1h-3s,
 * 1h-3h, 1h-1h, 3h-3h, 3h-1h, 3h-1s, 3t-1h, 3t-1s.  Both rows are full,
 * so no tower can move, and Red's 1t (a2) will never reach Blue's 3h
 * (c3), which it could take (David and Goliath).  Frozen under both
 * rules; Red's 2s (k5, on violet-red) still moves. */
static void freezing_deadlock(void **st)
{
    const char *text = position(3, "...../...../B3tB3sB3hB1hB1s/R1tR1sR1hR3hR3t/.....",
                                "....V2s/...../...../...../B2t....",
                                "R2s..../...../...../...../V1s....", 'r');
    for (int rule = 0; rule < 2; rule++) {
        const lt_game *g;
        lt_state *s = talat_at(&g, 3, rule ? "frozen=no-capture" : NULL, text);
        assert_false(tl_capture_reachable((const tl_state *)s, 0));
        assert_true(((const tl_state *)s)->frozen == 1);
        assert_string_equal(legal_names(g, s), "k5-k4 k5-l4");
        lt_state_free(s);
    }
}

/* Seed 13, notes ambiguity 3: the game ends when a second board
 * freezes.  Red-blue is empty (frozen); Blue's 1s (f4) is alone on
 * blue-violet: after f4-f5 it stands on Violet's line with no move left,
 * so that board freezes and the game is over. */
static void second_frozen_board_ends(void **st)
{
    const lt_game *g;
    lt_state *s = talat_at(&g, 3, NULL,
                           position(3, "...../...../...../...../.....",
                                    "...../B1s..../...../...../.....",
                                    "....R1t/...../...../...../V1t....", 'b'));
    assert_int_equal(g->current_player(s), 1);
    play(g, s, "f4-f5");
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    /* Red: the 8 blue and 8 violet towers (80); Blue: 8 red ones (40)
     * and 1s on Violet's line (3); Violet: nothing */
    int points[3];
    tl_points((const tl_state *)s, points);
    assert_int_equal(points[0], 80);
    assert_int_equal(points[1], 43);
    assert_int_equal(points[2], 0);
    assert_true(return_of(g, s, 0) == 1 && return_of(g, s, 1) == -0.5 &&
                return_of(g, s, 2) == -0.5);
    assert_reason(g, s, "two boards frozen; points: Red 80, Blue 43, Violet 0",
                  "dwie plansze zamrożone; punkty: Czerwone 80, Niebieskie 43, Fioletowe 0");
    lt_state_free(s);
}

/* ---- Scoring and the tie-break (seed 14) -------------------------------- */

/* The game is over in this position, with these points and returns,
 * and this reason (RULES.md, Endings). */
static void check_end(int players, const char *text, const int *points,
                      const double *returns_want, const char *en, const char *pl)
{
    const lt_game *g;
    lt_state *s = talat_at(&g, players, NULL, text);
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    int got[3];
    tl_points((const tl_state *)s, got);
    for (int p = 0; p < players; p++) {
        assert_int_equal(got[p], points[p]);
        assert_true(return_of(g, s, p) == returns_want[p]);
    }
    assert_reason(g, s, en, pl);
    lt_state_free(s);
}

/* Every tower parked on a start line of another colour, where none can
 * move: all three boards frozen.  Red: a5-e5 on Blue's line and k1-n1 on
 * Violet's: 9 x 3 = 27; likewise Blue (a1-e1, f5-i5) and Violet (f1-j1,
 * k5-n5).  No captures: equal in everything, they share the win. */
static void shared_win(void **st)
{
    check_end(3,
              "R1tR1sR1hR2tR2s/...../...../...../B1tB1sB1hB2tB2s "
              "B2hB3tB3sB3h./...../...../...../V1tV1sV1hV2tV2s "
              "V2hV3tV3sV3h./...../...../...../R2hR3tR3sR3h. r - - -",
              (const int[]){27, 27, 27}, (const double[]){0, 0, 0},
              "all three boards frozen; points: Red 27, Blue 27, Violet 27; tie on "
              "points (seed 14): the same towers taken - a shared win",
              "wszystkie trzy plansze zamrożone; punkty: Czerwone 27, Niebieskie 27, "
              "Fioletowe 27; remis punktowy (reguła 14): te same zbite wieże – wspólna "
              "wygrana");
}

/* Red: 6 towers on lines (18) + 4 captured (20) = 38; Blue: 6 on lines
 * + 4 captured = 38; Violet: 6 on lines + 1 = 23.  Red and Blue tie.
 * Red captured 3h 3s 3t 3t, Blue 3h 3h 3s 3t: the strongest are equal
 * (3h), the next is 3s for Red, 3h for Blue: Blue wins.  Then Red and
 * Blue trade V3s for V3h: Red has 3h 3h 3t 3t, Blue 3h 3s 3s 3t; still
 * 38 each, and Red's second tower (3h) beats Blue's (3s): Red wins. */
static void tie_break(void **st)
{
    const char *boards = "R1tR1sR1hR2tR2s/...../...../...../B1tB1sB1hB2tB2s "
                         "B2h..../...../...../...../V1tV1sV1hV2tV2s "
                         "V2h..../...../...../...../R2h....";
    char text[512];
    snprintf(text, sizeof text, "%s r B3tB3hV3tV3s R3tR3sR3hV3h B3s", boards);
    check_end(3, text, (const int[]){38, 38, 23}, (const double[]){-0.5, 1, -0.5},
              "all three boards frozen; points: Red 38, Blue 38, Violet 23; tie on "
              "points (seed 14): more 3h (tall hexagonal) taken: Red 1, Blue 2",
              "wszystkie trzy plansze zamrożone; punkty: Czerwone 38, Niebieskie 38, "
              "Fioletowe 23; remis punktowy (reguła 14): więcej zbitych 3s (wysokie "
              "sześciokątne): Czerwone 1, Niebieskie 2");
    snprintf(text, sizeof text, "%s r B3tB3hV3tV3h R3tR3sR3hV3s B3s", boards);
    check_end(3, text, (const int[]){38, 38, 23}, (const double[]){1, -0.5, -0.5},
              "all three boards frozen; points: Red 38, Blue 38, Violet 23; tie on "
              "points (seed 14): more 3h (tall hexagonal) taken: Red 2, Blue 1",
              "wszystkie trzy plansze zamrożone; punkty: Czerwone 38, Niebieskie 38, "
              "Fioletowe 23; remis punktowy (reguła 14): więcej zbitych 3s (wysokie "
              "sześciokątne): Czerwone 2, Niebieskie 1");
    /* the view says the towers decided */
    const lt_game *g;
    lt_state *s = talat_at(&g, 3, NULL, text);
    assert_info(g, s, "Equal points: the towers captured decide (seed 14)",
                "Remis punktowy: rozstrzygają zbite wieże (reguła 14)");
    lt_state_free(s);
}

/* RULES.md (our reading): the last player left in the game wins - a
 * position the session never reaches (a seat may leave only while three
 * are in), but one the rules define. */
static void last_player_left(void **st)
{
    check_end(3,
              "...../...../...../...../B1tB1sB1hB2tB2s B2hB3tB3sB3h./...../...../...../..... "
              "...../...../...../...../..... b - - - out:rv",
              (const int[]){0, 27, 0}, (const double[]){-0.5, 1, -0.5},
              "the last player in the game: Blue; points: Red 0 (left), Blue 27, Violet 0 (left)",
              "ostatni gracz w grze: Niebieskie; punkty: Czerwone 0 (poza grą), Niebieskie 27, "
              "Fioletowe 0 (poza grą)");
}

/* Two players (seed 15): Red has 5 towers on Blue's line, 2h on the
 * neutral line, a neutral 2s he moved onto Blue's line (+) and captured
 * B3t B3s B3h V1t: 15 + 3 + 3 + 20 = 41.  Blue: 5 on Red's line, 2h on
 * the neutral line, a neutral 2h he moved onto Red's line (+), captured
 * R3t R3s R3h V1s V1h V2t V3t V3s: 15 + 3 + 3 + 40 = 61.  V3h is the
 * unused ninth neutral tower.  Every board is frozen: Blue wins. */
static void two_player_scoring(void **st)
{
    check_end(2,
              "R1tR1sR1hR2tR2s/...../...../...../B1tB1sB1hB2tB2s "
              "B2h..../...../...../...../V2s+.... "
              "V2h+..../...../...../...../R2h.... r "
              "B3tB3sB3hV1t R3tR3sR3hV1sV1hV2tV3tV3s",
              (const int[]){41, 61}, (const double[]){-1, 1},
              "all three boards frozen; points: Red 41, Blue 61",
              "wszystkie trzy plansze zamrożone; punkty: Czerwone 41, Niebieskie 61");
}

/* ---- The no-capture search against brute force --------------------------- */

/* An independent exhaustive search: every position reachable on board 0
 * by plain moves, looking for one where some tower can take another.
 * Compared on random boards of 2 to 5 towers (larger ones make the
 * exhaustive search slow). */
enum { SEEN = 1 << 18 };
static int stored;
static uint8_t (*seen)[25];
static uint32_t *seen_mark, mark;

static bool first_time(const uint8_t *g)
{
    uint32_t h = 2166136261u;
    for (int i = 0; i < 25; i++)
        h = (h ^ g[i]) * 16777619u;
    for (h &= SEEN - 1; seen_mark[h] == mark; h = (h + 1) & (SEEN - 1))
        if (!memcmp(seen[h], g, 25))
            return false;
    assert_true(++stored < SEEN / 2); /* small boards: never near full */
    seen_mark[h] = mark;
    memcpy(seen[h], g, 25);
    return true;
}

/* g[i]: 0 empty, 1..9 a red tower (kind + 1, moving up), 10..18 a blue
 * one (moving down). */
static bool brute(uint8_t *g)
{
    for (int c = 0; c < 25; c++) {
        if (!g[c])
            continue;
        int up = g[c] <= 9, r = c / 5, f = c % 5, me = (g[c] - 1) % 9;
        static const int dr[5] = {1, 1, 1, 0, 0}, df[5] = {-1, 0, 1, -1, 1};
        for (int d = 0; d < 5; d++) {
            int r2 = r + (up ? dr[d] : -dr[d]), f2 = f + df[d];
            if (r2 < 0 || r2 > 4 || f2 < 0 || f2 > 4 || !g[r2 * 5 + f2])
                continue;
            int other = g[r2 * 5 + f2];
            if ((other <= 9) != up && table[me][(other - 1) % 9] == '1')
                return true;
        }
    }
    if (!first_time(g))
        return false;
    for (int c = 0; c < 25; c++) {
        if (!g[c])
            continue;
        int r2 = c / 5 + (g[c] <= 9 ? 1 : -1);
        for (int f2 = c % 5 - 1; f2 <= c % 5 + 1; f2++) {
            if (r2 < 0 || r2 > 4 || f2 < 0 || f2 > 4 || g[r2 * 5 + f2])
                continue;
            g[r2 * 5 + f2] = g[c];
            g[c] = 0;
            bool found = brute(g);
            g[c] = g[r2 * 5 + f2];
            g[r2 * 5 + f2] = 0;
            if (found)
                return true;
        }
    }
    return false;
}

static void freeze_search_matches_brute_force(void **st)
{
    seen = malloc(sizeof *seen * SEEN);
    seen_mark = calloc(SEEN, sizeof *seen_mark);
    assert_true(seen && seen_mark);
    lt_rng rng;
    lt_rng_seed(&rng, 2024, 0);
    int yes = 0, trials = 400;
    for (int i = 0; i < trials; i++) {
        tl_state s;
        memset(&s, 0, sizeof s);
        uint8_t g[25] = {0};
        int n = 2 + (int)lt_rng_below(&rng, 4);
        for (int k = 0; k < n; k++) {
            int colour = (int)lt_rng_below(&rng, 2), kind = (int)lt_rng_below(&rng, 9);
            int cell = (int)lt_rng_below(&rng, 25), t = colour * 9 + kind;
            bool twice = false;
            for (int c = 0; c < 25; c++)
                twice |= s.sq[c] == t + 1;
            if (twice || s.sq[cell])
                continue;
            s.sq[cell] = (uint8_t)(t + 1);
            g[cell] = (uint8_t)(colour * 9 + kind + 1);
        }
        mark++;
        stored = 0;
        bool want = brute(g);
        yes += want;
        if (tl_capture_reachable(&s, 0) != want)
            fail_msg("trial %d: the search says %d, brute force %d", i, !want, want);
    }
    /* both answers occur often enough for the comparison to mean much */
    assert_true(yes > trials / 5 && yes < trials * 4 / 5);
    free(seen);
    free(seen_mark);
}

/* ---- Counting (perft) ------------------------------------------------------ */

/* Worked out by hand.  Placing, three players: Red has 9 kinds for 10
 * squares (90), so has Blue (8100), so has Violet (729000).  Two players:
 * neutral towers from one set of 9 kinds and 10 squares: 90, then 8 x 9
 * (6480), then 7 x 8 (362880).  Moving, from the position after
 * placing_three (every tower on its start line): Red has 13 moves on
 * red-blue (a1 and e1 two each, b1-d1 three each) and 11 on violet-red
 * (k5 two, l5-n5 three each) = 24; Blue and Violet likewise 24 each,
 * whatever was moved before (no tower comes near another within three
 * plies): 576, 13824. */
static void perft_counts(void **st)
{
    const lt_game *g;
    lt_state *s = start_three(&g);
    assert_true(g->perft(s, 1) == 90 && g->perft(s, 2) == 8100 && g->perft(s, 3) == 729000);
    lt_state_free(s);
    s = start_players(&g, 2);
    assert_true(g->perft(s, 1) == 90 && g->perft(s, 2) == 6480 && g->perft(s, 3) == 362880);
    lt_state_free(s);
    s = talat_at(&g, 3, NULL,
                 "B1tB1sB1hB2tB2s/...../...../...../R1tR1sR1hR2tR2s "
                 "V1tV1sV1hV2tV2s/...../...../...../B2hB3tB3sB3h. "
                 "R2hR3tR3sR3h./...../...../...../V2hV3tV3sV3h. r - - -");
    assert_true(g->perft(s, 1) == 24 && g->perft(s, 2) == 576 && g->perft(s, 3) == 13824);
    lt_state_free(s);
}

/* ---- Searchers' support --------------------------------------------------- */

/* Red leads by four captured towers with nothing else different: the
 * evaluation gives Red the best return, within the range, summing to 0. */
static void evaluation(void **st)
{
    const lt_game *g;
    lt_state *s = talat_at(&g, 3, NULL,
                           "B1tB1sB1hB2tB2s/...../...../...../R1tR1sR1hR2tR2s "
                           "V1tV1sV1hV2tV2s/...../...../...../B2hB3t... "
                           "R2hR3tR3sR3h./...../...../...../V2hV3t... b "
                           "B3sB3hV3sV3h - -");
    double e[3];
    lt_engines_of(g)->evaluate(s, e);
    assert_true(e[0] > e[1] && e[0] > e[2]);
    assert_true(fabs(e[0] + e[1] + e[2]) < 1e-9);
    for (int p = 0; p < 3; p++)
        assert_true(e[p] >= g->min_return && e[p] <= g->max_return);
    lt_state_free(s);
}

/* The same position by two move orders: same text, same hash; another
 * position: another hash. */
static void hash_follows_position(void **st)
{
    const char *text = position(3, "...../...../...../...../R1t.B1s..",
                                "....V2s/...../...../...../B2s....",
                                "....R1h/...../...../...../V1s....", 'r');
    const lt_game *g;
    lt_state *a = talat_at(&g, 3, NULL, text), *b = talat_at(&g, 3, NULL, text);
    play(g, a, "a1-a2 f1-f2 k1-k2 o5-o4");
    play(g, b, "o5-o4 f1-f2 k1-k2 a1-a2");
    char ta[1024];
    snprintf(ta, sizeof ta, "%s", text_of(g, a));
    assert_string_equal(ta, text_of(g, b));
    assert_true(g->hash(a) == g->hash(b));
    play(g, b, "f2-f3");
    assert_true(g->hash(a) != g->hash(b));
    lt_state_free(a);
    lt_state_free(b);
}

/* ---- The computer player ------------------------------------------------ */

/* The move ai:engine chooses (searching `depth` plies, with three players
 * in the paranoid view or by best replies), by name. */
static const char *engine_move(const lt_game *g, const lt_state *s, int depth,
                               const char *view)
{
    static char name[32];
    char spec[64];
    snprintf(spec, sizeof spec, "ai:engine:depth=%d:view=%s", depth, view);
    lt_error err;
    lt_player *p = lt_player_new(g, spec, &err);
    assert_non_null(p);
    lt_action a = lt_player_choose(p, s, 1, NULL, NULL);
    g->action_name(s, a, name, sizeof name);
    lt_player_free(p);
    return name;
}

/* Red may take either of two blue towers on the red-blue board.  R3h on
 * b2 takes B2t on b3 (one level lower), but then stands beside B1t on b4,
 * the small triangle that takes the tall hexagon (seed 10): Blue takes it
 * back.  R2s on d2 takes B1h on d3, and nothing blue reaches d3 then (B1t
 * on b4 reaches a3-c3 forward and a4, c4 sideways; B2t on b3 reaches
 * a2-c2, a3, c3; neither takes anything red).  So the capture to make is
 * d2xd3 — with two players as with three. */
static void engine_takes_the_free_tower(void **st)
{
    const char *rb = "...../.B1t.../.B2t.B1h./.R3h.R2s./.....";
    const char *bv = "....V1t/...../...../...../B1s....";
    const char *vr = "...../...../...../...../V1s....";
    const lt_game *g;
    for (int players = 2; players <= 3; players++) {
        lt_state *s = talat_at(&g, players, NULL, position(players, rb, bv, vr, 'r'));
        for (int depth = 1; depth <= 4; depth += 3) {
            assert_string_equal(engine_move(g, s, depth, "paranoid"), "d2xd3");
            assert_string_equal(engine_move(g, s, depth, "brs"), "d2xd3");
        }
        lt_state_free(s);
    }
}

/* R2s on c2 is attacked by B3t on b3 (one level higher; Blue moves down
 * and takes forward to a2-c2, sideways to a3 and c3).  Red cannot take
 * B3t, and c2-c3 stays in reach; only c2-d3 escapes, and for good: Blue
 * never moves backwards or sideways, and d3 is two files from b3.  Red's
 * other moves (R1t on board k-o) leave R2s to be taken. */
static void engine_saves_a_tower(void **st)
{
    const lt_game *g;
    lt_state *s = talat_at(&g, 3, NULL,
                           position(3, "...../...../.B3t.../..R2s../.....",
                                    "....V1t/...../...../...../B1s....",
                                    "R1t..../...../...../...../V1s....", 'r'));
    for (int depth = 1; depth <= 4; depth += 3) {
        assert_string_equal(engine_move(g, s, depth, "paranoid"), "c2-d3");
        assert_string_equal(engine_move(g, s, depth, "brs"), "c2-d3");
    }
    lt_state_free(s);
}

/* Talat's engine gives no returns of its own: view=mcts (and c=, its
 * exploration) is refused, with the views it has. */
static void engine_without_mcts_view(void **st)
{
    const lt_game *g = lt_game_find("talat");
    lt_error err;
    assert_null(lt_player_new(g, "ai:engine:view=mcts", &err));
    assert_non_null(strstr(err.msg, "view=brs|paranoid"));
    assert_null(strstr(err.msg, "mcts"));
    /* nor that tree's exploration */
    assert_null(lt_player_new(g, "ai:engine:c=0.5", &err));
    assert_non_null(strstr(err.msg, "bad parameter 'c'"));
}

/* ---- Notation and position texts ----------------------------------------- */

static void notation(void **st)
{
    const lt_game *g;
    lt_state *s = talat_at(&g, 3, NULL,
                           position(3, "...../...../..B1t../..R2t../.....",
                                    "....V1t/...../...../...../.....",
                                    "...../...../...../...../V1s....", 'r'));
    assert_string_equal(legal_names(g, s), "c2-b3 c2xc3 c2-d3");
    assert_true(legal(g, s, "C2XC3"));
    assert_true(legal(g, s, "c2c3"));
    assert_true(legal(g, s, "c2-c3")); /* the capture, written as a move */
    assert_false(legal(g, s, "c2-c4"));
    assert_false(legal(g, s, "c2xz3"));
    assert_false(legal(g, s, "3h@c1"));
    int cells[8];
    lt_action a;
    assert_int_equal(lt_parse(g, s, "c2xc3", &a, NULL), LT_OK);
    assert_int_equal(g->action_cells(s, a, cells, 8), 2);
    lt_state_free(s);
    s = start_players(&g, 2);
    assert_true(legal(g, s, "3H@F5"));
    assert_false(legal(g, s, "4h@f5"));
    assert_false(legal(g, s, "3x@f5"));
    assert_false(legal(g, s, "3h@f5x"));
    assert_false(legal(g, s, "pass"));
    lt_state_free(s);
}

static void bad_positions(void **st)
{
    const char *empty = "...../...../...../...../.....";
    char bad[16][512];
    int n = 0;
    /* a tower twice */
    snprintf(bad[n++], 512, "R1t..../...../...../...../R1t.... %s %s r - - -", empty, empty);
    /* a red tower on the blue-violet board */
    snprintf(bad[n++], 512, "%s R1t..../...../...../...../..... %s b - - -", empty, empty);
    /* placing: Red has placed one, so Blue is to place */
    snprintf(bad[n++], 512, "%s %s %s r - - -", "...../...../...../...../R1t....", empty, empty);
    /* placing: off the start line */
    snprintf(bad[n++], 512, "%s %s %s b - - -", "...../...../...../R1t..../.....", empty, empty);
    /* placing: no captures yet */
    snprintf(bad[n++], 512, "%s %s %s r - R1t -", empty, empty, empty);
    /* Blue placed more than Red */
    snprintf(bad[n++], 512, "%s %s %s v - - -", "B1tB1s.../...../...../...../R1t....", empty, empty);
    /* captured own tower */
    snprintf(bad[n++], 512, "%s %s %s r R1t - -", empty, empty, empty);
    /* '+' with three players */
    snprintf(bad[n++], 512, "%s %s %s v - - -", empty, "...../...../...../...../V1t+....", empty);
    /* no such tower, no such seat, fields missing or extra */
    snprintf(bad[n++], 512, "R4h..../...../...../...../..... %s %s r - - -", empty, empty);
    snprintf(bad[n++], 512, "%s %s %s x - - -", empty, empty, empty);
    snprintf(bad[n++], 512, "%s %s %s r - -", empty, empty, empty);
    snprintf(bad[n++], 512, "%s %s %s r - - - -", empty, empty, empty);
    snprintf(bad[n++], 512, "...../...../...../..... %s %s r - - -", empty, empty);
    snprintf(bad[n++], 512, "%s %s %s r BxZ - -", empty, empty, empty);
    /* six red towers on one board: only five squares to start from */
    snprintf(bad[n++], 512, "R1tR1sR1hR2tR2s/R2h..../...../...../..... %s %s r - - -",
             empty, empty);
    const lt_game *g;
    lt_state *s = start_three(&g);
    for (int i = 0; i < n; i++)
        assert_bad_position(g, s, bad[i]);
    lt_state_free(s);
    /* two players: nine neutral towers in play */
    s = start_players(&g, 2);
    lt_error err = {0};
    assert_int_not_equal(g->read_state(s, "...../...../...../...../R1t.... "
                                          "V1tV1sV1hV2tV2s/...../...../...../..... "
                                          "...../...../...../...../V2hV3tV3sV3h. b - -",
                                       &err),
                         LT_OK);
    /* a '+' on the neutral colour's own line */
    assert_int_not_equal(g->read_state(s, position(2, "B1s..../...../...../...../R1t....",
                                                   "V2s+..../...../...../...../.....",
                                                   "...../...../...../...../V1s....", 'r'),
                                       &err),
                         LT_OK);
    lt_state_free(s);
}

TEST_MAIN(cmocka_unit_test(capture_table),
          cmocka_unit_test(david_and_goliath),
          cmocka_unit_test(start_line_sideways),
          cmocka_unit_test(plain_moves),
          cmocka_unit_test(placing_three),
          cmocka_unit_test(placing_two),
          cmocka_unit_test(neutral_towers),
          cmocka_unit_test(neutral_credit),
          cmocka_unit_test(neutral_credit_along_the_line),
          cmocka_unit_test(pass_when_stuck),
          cmocka_unit_test(freezing_passed_towers),
          cmocka_unit_test(freezing_incapable_pair),
          cmocka_unit_test(freezing_needs_a_blocker_to_move),
          cmocka_unit_test(freezing_deadlock),
          cmocka_unit_test(second_frozen_board_ends),
          cmocka_unit_test(shared_win),
          cmocka_unit_test(tie_break),
          cmocka_unit_test(last_player_left),
          cmocka_unit_test(two_player_scoring),
          cmocka_unit_test(freeze_search_matches_brute_force),
          cmocka_unit_test(perft_counts),
          cmocka_unit_test(engine_without_mcts_view),
          cmocka_unit_test(evaluation),
          cmocka_unit_test(hash_follows_position),
          cmocka_unit_test(engine_takes_the_free_tower),
          cmocka_unit_test(engine_saves_a_tower),
          cmocka_unit_test(notation),
          cmocka_unit_test(bad_positions))
