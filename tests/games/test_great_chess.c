/* test_great_chess.c — Great Chess against seed 000 ("Wielkie Szachy"), the
 * readings of RULES.md and notes §2.  Each piece's geometry is checked on
 * positions worked out by hand from the seed's sentences; the whole move
 * generator (legality, check, the end of the game, make, notation) is
 * compared with an independent, deliberately simple reference generator
 * (great_chess_ref.h) on every node of perft trees from the start and
 * from positions reached by seeded random play.
 *
 * LT_GREAT_CHESS_DEPTH sets the depth of the trees from the random
 * positions (default 2; 3 is the full comparison, a few minutes). */
#include "support.h"

#include "games/great-chess/great_chess.h"
#include "great_chess_ref.h"
#include "ludoteka/ai.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"

static const char start_fen[] =
    "rlugcakcgulr/12/12/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/12/12/"
    "RLUGCAKCGULR w Kk 0 1";

/* ---- Helpers ---------------------------------------------------------- */

static int by_name(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

static int by_action(const void *a, const void *b)
{
    lt_action x = *(const lt_action *)a, y = *(const lt_action *)b;
    return (x > y) - (x < y);
}

/* The legal moves of the piece on `from` (all moves if NULL), sorted by
 * name and joined by spaces. */
static const char *moves_of(const lt_game *g, const lt_state *s, const char *from)
{
    static char names[LT_MAX_ACTIONS][16], out[LT_MAX_ACTIONS * 16];
    lt_action acts[LT_MAX_ACTIONS];
    int n = g->current_player(s) >= 0 ? g->legal_actions(s, acts) : 0, k = 0;
    size_t len = strlen(from ? from : "");
    for (int i = 0; i < n; i++) {
        char name[16];
        g->action_name(s, acts[i], name, sizeof name);
        if (!from || (!strncmp(name, from, len) && name[len] == '-'))
            strcpy(names[k++], name);
    }
    qsort(names, (size_t)k, sizeof names[0], by_name);
    out[0] = '\0';
    for (int i = 0; i < k; i++) {
        strcat(out, i ? " " : "");
        strcat(out, names[i]);
    }
    return out;
}

/* The same list written by hand, in any order, normalised. */
static const char *sorted(const char *list)
{
    static char names[LT_MAX_ACTIONS][16], out[LT_MAX_ACTIONS * 16];
    char buf[LT_MAX_ACTIONS * 16];
    int k = 0;
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save = NULL, *w = strtok_r(buf, " ", &save); w;
         w = strtok_r(NULL, " ", &save))
        snprintf(names[k++], sizeof names[0], "%s", w);
    qsort(names, (size_t)k, sizeof names[0], by_name);
    out[0] = '\0';
    for (int i = 0; i < k; i++) {
        strcat(out, i ? " " : "");
        strcat(out, names[i]);
    }
    return out;
}

static void expect_moves(const lt_game *g, const lt_state *s, const char *from,
                         const char *hand)
{
    char want[LT_MAX_ACTIONS * 16];
    snprintf(want, sizeof want, "%s", sorted(hand));
    assert_string_equal(moves_of(g, s, from), want);
}

static lt_state *at(const lt_game **g, const char *options, const char *fen)
{
    return start_at(g, "great-chess", options, 0, fen);
}

/* The same at a position (fen) of a match with options, on its own. */
static void expect_moves_at(const char *options, const char *fen, const char *from,
                            const char *hand)
{
    const lt_game *g;
    lt_state *s = at(&g, options, fen);
    expect_moves(g, s, from, hand);
    lt_state_free(s);
}

/* ---- Set-up and notation ------------------------------------------------ */

/* Notes §2 listing: the start, and its 59 moves counted by hand: pawns 12,
 * rooks 2+2, lions 1+1 (b1-e2, k1-h2), unicorns 5+5 (c1: a2 b3 d3 e2 and
 * on from e2 to f3), giraffes 2+2, crocodiles 4+4, Aanca 13 (e2 with
 * d2 c2 b2 a2 and e3; g2 with h2..l2 and g3), king 3 steps + 3 leaps. */
static void start_position(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, "great-chess", NULL);
    assert_string_equal(text_of(g, s), start_fen);
    lt_action acts[LT_MAX_ACTIONS];
    assert_int_equal(g->legal_actions(s, acts), 59);
    expect_moves(g, s, "f1",
                 "f1-e2 f1-d2 f1-c2 f1-b2 f1-a2 f1-e3 f1-g2 f1-h2 f1-i2 "
                 "f1-j2 f1-k2 f1-l2 f1-g3");
    expect_moves(g, s, "c1", "c1-a2 c1-b3 c1-d3 c1-e2 c1-f3");
    expect_moves(g, s, "g1", "g1-f2 g1-g2 g1-h2 g1-e3 g1-g3 g1-i3");
    expect_moves(g, s, "b1", "b1-e2");
    expect_moves(g, s, "d1", "d1-a3 d1-g3");
    expect_moves(g, s, "e1", "e1-d2 e1-c3 e1-f2 e1-g3");
    expect_moves(g, s, "a1", "a1-a2 a1-a3");
    expect_moves(g, s, "a4", "a4-a5"); /* no double step */
    assert_int_equal(g->current_player(s), 0);
    lt_state_free(s);
}

/* Names, the XBoard coordinates (as fairymax 5.0b writes them for
 * grande-acedrex: "c1f3", "c12f10", "e11f12a"), and parsing back. */
static void notation(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, "great-chess", NULL);
    lt_action a;
    assert_int_equal(g->parse_action(s, "c1-f3", &a), LT_OK);
    char buf[32];
    g->coord_name(s, a, buf, sizeof buf);
    assert_string_equal(buf, "c1f3");
    lt_action b;
    assert_int_equal(g->parse_action(s, "c1f3", &b), LT_OK);
    assert_int_equal(a, b);
    assert_int_equal(g->parse_action(s, "C1xF3", &b), LT_OK);
    assert_int_equal(a, b);
    play(g, s, "c1f3");
    assert_int_equal(lt_parse(g, s, "c12f10", &a, NULL), LT_OK);
    g->action_name(s, a, buf, sizeof buf);
    assert_string_equal(buf, "c12-f10");
    assert_false(legal(g, s, "z9-a1"));
    assert_false(legal(g, s, "a13-a12"));
    assert_false(legal(g, s, "a9-a7")); /* no double step */
    assert_false(legal(g, s, "c12-f10=A"));
    lt_state_free(s);

    /* promotions: the file decides the piece (e11xf12 on the f-file) */
    s = at(&g, NULL, "5a5k/4P7/12/12/12/12/12/12/12/12/12/K11 w - 0 40");
    expect_moves(g, s, "e11", "e11-e12=C e11-f12=A");
    assert_true(legal(g, s, "e11-f12=A"));
    assert_true(legal(g, s, "e11f12a"));
    assert_true(legal(g, s, "e11-f12"));
    assert_false(legal(g, s, "e11-f12=R"));
    assert_int_equal(g->parse_action(s, "e11f12a", &a), LT_OK);
    g->coord_name(s, a, buf, sizeof buf);
    assert_string_equal(buf, "e11f12a");
    play_to(g, s, "e11-f12=A", "5A5k/12/12/12/12/12/12/12/12/12/12/K11 b - 0 40");
    lt_state_free(s);
}

/* Bad texts are refused with a message and leave the state alone. */
static void bad_positions(void **st)
{
    static const char *const bad[] = {
        "12/12/12/12/12/12/12/12/12/12/12 w - 0 1",            /* 11 ranks */
        "13/12/12/12/12/12/12/12/12/12/12/K10k w - 0 1",       /* 13 files */
        "12/12/12/12/12/12/12/12/12/12/12/K9KK w - 0 1",       /* no black king */
        "k11/12/12/12/12/12/12/12/12/12/12/K9KP w - 0 1",      /* two kings */
        "k3P7/12/12/12/12/12/12/12/12/12/12/K11 b - 0 1",      /* pawn on 12 */
        "k11/12/12/12/12/12/12/12/12/12/12/K11 w K 0 1",       /* K not on g1 */
        "k11/R11/12/12/12/12/12/12/12/12/12/6K5 w - 0 1",      /* black in check */
        "k11/12/12/12/12/12/12/12/12/12/12/6K5 w - 999 1",     /* over the cap */
        "k11/12/12/12/12/12/12/12/12/12/12/6K5 x - 0 1",       /* side */
        "k11/12/12/12/12/12/12/12/12/12/12/6K5 w Q 0 1",       /* kings field */
        "k11/12/12/12/12/12/12/12/12/12/12/6K5 w - 0 1 extra", /* trailing */
        "k11/12/12/12/12/12/PPPPPPPPPPPP/PPPPPPPPPPPP/PPPPPPPPPPPP/12/12/6K5 w - 0 1",
        "k11/12/12/12/12/12/12/12/12/12/12/6K4Q w - 0 1",      /* no queen */
    };
    const lt_game *g;
    lt_state *s = start(&g, "great-chess", NULL);
    assert_string_equal(text_of(g, s), start_fen);
    assert_bad_positions(g, s, bad, sizeof bad / sizeof bad[0]);
    /* without the two counters, as a short FEN */
    set_position(g, s, "k11/12/12/12/12/12/12/12/12/12/12/6K5 w K");
    assert_string_equal(text_of(g, s),
                        "k11/12/12/12/12/12/12/12/12/12/12/6K5 w K 0 1");
    lt_state_free(s);
}

/* ---- Each piece, worked out by hand from the seed's sentences ---------- */

/* Słonioptak: "one square diagonally (obligatory), then any number of
 * squares along a line; not over pieces; a capture ends the move".  From
 * e5 on an empty board, outwards along both lines of each step: 40. */
static void aanca(void **st)
{
    expect_moves_at(NULL, "11k/12/12/12/12/12/12/4A7/12/12/12/K11 w - 0 1", "e5",
                    "e5-f6 e5-g6 e5-h6 e5-i6 e5-j6 e5-k6 e5-l6 "
                    "e5-f7 e5-f8 e5-f9 e5-f10 e5-f11 e5-f12 "
                    "e5-d6 e5-c6 e5-b6 e5-a6 e5-d7 e5-d8 e5-d9 e5-d10 e5-d11 e5-d12 "
                    "e5-f4 e5-g4 e5-h4 e5-i4 e5-j4 e5-k4 e5-l4 e5-f3 e5-f2 e5-f1 "
                    "e5-d4 e5-c4 e5-b4 e5-a4 e5-d3 e5-d2 e5-d1");
    /* a black pawn on f6 is taken and ends the move; a white one on d4
     * blocks the step and all beyond it; a black one on h4 ends the slide */
    expect_moves_at(NULL, "11k/12/12/12/12/12/5p6/4A7/3P3p4/12/12/K11 w - 0 1", "e5",
                    "e5-f6 "
                    "e5-d6 e5-c6 e5-b6 e5-a6 e5-d7 e5-d8 e5-d9 e5-d10 e5-d11 e5-d12 "
                    "e5-f4 e5-g4 e5-h4 e5-f3 e5-f2 e5-f1");
}

/* Nosorożec: "a knight's leap, which may end the move; then diagonally,
 * only forwards and in the leap's direction, not after a backward leap,
 * not over pieces".  White on e5: 8 leaps, slides on from f7, d7, g6, c6
 * (5+3+5+2).  unicorn=all: also on from f3, d3, g4, c4 (2+2+3+2). */
static void unicorn(void **st)
{
    const char *seed =
        "e5-f7 e5-d7 e5-g6 e5-c6 e5-f3 e5-d3 e5-g4 e5-c4 "
        "e5-g8 e5-h9 e5-i10 e5-j11 e5-k12 e5-c8 e5-b9 e5-a10 "
        "e5-h7 e5-i8 e5-j9 e5-k10 e5-l11 e5-b7 e5-a8";
    const char *fen = "12/12/12/12/12/12/12/4U7/12/12/12/k10K w - 0 1";
    expect_moves_at(NULL, fen, "e5", seed);
    char all[1024];
    snprintf(all, sizeof all, "%s e5-g2 e5-h1 e5-c2 e5-b1 e5-h3 e5-i2 e5-j1 "
                              "e5-b3 e5-a2", seed);
    expect_moves_at("unicorn=all", fen, "e5", all);
    /* Black's forward is down the board: from e8, slides on from d6, f6,
     * c7, g7 */
    expect_moves_at(NULL, "12/12/12/12/4u7/12/12/12/12/12/12/k10K b - 0 1", "e8",
                    "e8-d10 e8-f10 e8-c9 e8-g9 e8-d6 e8-f6 e8-c7 e8-g7 "
                    "e8-c5 e8-b4 e8-a3 e8-g5 e8-h4 e8-i3 e8-j2 e8-k1 "
                    "e8-b6 e8-a5 e8-h6 e8-i5 e8-j4 e8-k3 e8-l2");
    /* a capture on the leap square ends the move (f7 taken, no g8...);
     * a piece on the slide stops it (black pawn on h7: taken, no i8) */
    expect_moves_at(NULL, "12/12/12/12/12/5p1p4/12/4U7/12/12/12/k10K w - 0 1", "e5",
                    "e5-f7 e5-d7 e5-g6 e5-c6 e5-f3 e5-d3 e5-g4 e5-c4 "
                    "e5-c8 e5-b9 e5-a10 e5-h7 e5-b7 e5-a8");
}

/* Lew: "three squares along a line, or the 4x2 field", jumping: 12 from
 * e5, over the white pieces on f5 and g5. */
static void lion(void **st)
{
    expect_moves_at(NULL, "11k/12/12/12/12/12/12/4LPP5/12/12/12/K11 w - 0 1", "e5",
                    "e5-h5 e5-b5 e5-e8 e5-e2 e5-h6 e5-h4 e5-b6 e5-b4 "
                    "e5-f8 e5-d8 e5-f2 e5-d2");
}

/* Żyrafa: "one along a line and two diagonally, the 3x4 field", jumping:
 * the (3,2) leap, 8 from e5; 2 from a1. */
static void giraffe(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, "11k/12/12/12/12/12/12/4G7/12/12/12/G10K w - 0 1");
    expect_moves(g, s, "e5",
                 "e5-h7 e5-h3 e5-b7 e5-b3 e5-g8 e5-c8 e5-g2 e5-c2");
    expect_moves(g, s, "a1", "a1-d3 a1-c4");
    lt_state_free(s);
}

/* Krokodyl "like the modern bishop"; Wieża "like the modern rook". */
static void crocodile_and_rook(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, "11k/12/12/12/12/12/12/12/2p9/12/R1C9/K11 w - 0 1");
    expect_moves(g, s, "c2", "c2-b1 c2-d1 c2-b3 c2-a4 c2-d3 c2-e4 c2-f5 c2-g6 "
                             "c2-h7 c2-i8 c2-j9 c2-k10 c2-l11");
    expect_moves(g, s, "a2", "a2-b2 a2-a3 a2-a4 a2-a5 a2-a6 a2-a7 a2-a8 a2-a9 "
                             "a2-a10 a2-a11 a2-a12");
    lt_state_free(s);
}

/* Piony: "one forward, capture one diagonally forward; promotion to the
 * piece of the file, the king's file giving a Słonioptak; no en passant".
 * All twelve files, and captures onto another file. */
static void pawns(void **st)
{
    const lt_game *g;
    expect_moves_at(NULL, "12/PPPPPPPPPPPP/12/12/12/12/12/12/12/12/12/k10K w - 0 50", NULL,
                    "a11-a12=R b11-b12=L c11-c12=U d11-d12=G e11-e12=C f11-f12=A "
                    "g11-g12=A h11-h12=C i11-i12=G j11-j12=U k11-k12=L l11-l12=R "
                    "l1-k1 l1-k2 l1-l2");
    /* Black promotes on rank 1; a capture promotes to the piece of the
     * file it lands on */
    lt_state *s = at(&g, NULL, "K11/12/12/12/12/12/12/12/12/11k/3p8/2R9 b - 0 50");
    expect_moves(g, s, "d2", "d2-d1=G d2-c1=U");
    play_to(g, s, "d2-c1=U", "K11/12/12/12/12/12/12/12/12/11k/12/2u9 w - 0 51");
    lt_state_free(s);
    /* a pawn beside an enemy pawn that just stepped: no capture in passing */
    expect_moves_at(NULL, "11k/12/12/12/12/12/12/3Pp7/12/12/12/K11 w - 0 20", "d5", "d5-d6");
}

/* Król: "one square any way; on its first move, in check or not, two
 * squares in any direction, jumping the square between, also capturing".
 * White K g1 (unmoved), own pawn h2, black rooks i3 (rank 3, file i) and
 * f8 (file f): steps g2 h1 (f1 f2 attacked); leaps e1 over f1, i3 taking
 * the rook; i1 g3 e3 attacked.  The options worked out the same way. */
static void king_leap(void **st)
{
    const char *fen = "k11/12/12/12/5r6/12/12/12/12/8r3/7P4/6K5 w K 0 10";
    static const char *const options[4][2] = {
        {"kingleap=capture", "g1-g2 g1-h1 g1-e1 g1-i3"},
        {"kingleap=quiet", "g1-g2 g1-h1 g1-e1"},
        {"kingleap=cazaux", "g1-g2 g1-h1"}, /* e1 passes over f1 */
        {"kingleap=forward", "g1-g2 g1-h1 g1-i3"}};
    for (int i = 0; i < 4; i++)
        expect_moves_at(options[i][0], fen, "g1", options[i][1]);
    /* In check from a crocodile on k5 (diagonal h2-i3-j4): the seed lets
     * the king leap away (e1 i1 g3 e3; not i3, still on the diagonal);
     * cazaux does not. */
    const char *check = "k11/12/12/12/12/12/12/10c1/12/12/12/6K5 w K 0 10";
    expect_moves_at(NULL, check, "g1", "g1-f1 g1-f2 g1-g2 g1-h1 g1-e1 g1-i1 g1-g3 g1-e3");
    expect_moves_at("kingleap=cazaux", check, "g1", "g1-f1 g1-f2 g1-g2 g1-h1");
    /* only the first move: after g1-g2 the king steps, even back on g1 */
    const lt_game *g;
    lt_state *s = start(&g, "great-chess", NULL);
    play(g, s, "g1-g2 a9-a8");
    expect_moves(g, s, "g2", "g2-f2 g2-h2 g2-g1 g2-g3 g2-f3 g2-h3");
    play(g, s, "g2-g1 a8-a7");
    expect_moves(g, s, "g1", "g1-f2 g1-g2 g1-h2");
    assert_string_equal(text_of(g, s),
                        "rlugcakcgulr/12/12/1ppppppppppp/12/p11/12/12/"
                        "PPPPPPPPPPPP/12/12/RLUGCAKCGULR w k 0 3");
    lt_state_free(s);
}

/* The unmoved black king on g12 attacks e12, i12, e10, g10 and i10 with
 * its leap (seed: the leap may capture): the white king on e9 may not
 * step to e10.  Under kingleap=quiet it may. */
static void king_leap_attacks(void **st)
{
    const char *fen = "6k5/12/12/4K7/12/12/12/12/12/12/12/12 w k 0 30";
    expect_moves_at(NULL, fen, "e9", "e9-d8 e9-e8 e9-f8 e9-d9 e9-f9 e9-d10 e9-f10");
    expect_moves_at("kingleap=quiet", fen, "e9",
                    "e9-d8 e9-e8 e9-f8 e9-d9 e9-f9 e9-d10 e9-e10 e9-f10");
}

/* ---- Check, mate, stalemate, the cap ---------------------------------- */

/* A rook on a1 checks the king on a12 along the file; the rook on b1
 * guards b11 and b12: mate, White wins. */
static void mate(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, "k11/12/12/12/12/12/12/12/12/12/12/RR9K b - 0 40");
    /* RULES.md, Endings */
    assert_end2(g, s, 1, -1, "checkmate", "mat");
    lt_state_free(s);
    /* one move earlier: the rook comes to a1 */
    s = at(&g, NULL, "k11/12/12/12/12/12/12/2R9/12/12/12/1R9K w - 0 40");
    play(g, s, "c5-a5");
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, 0) == 1);
    lt_state_free(s);
}

/* Seed: "in stalemate the one with more pieces wins; with as many, the one
 * with the higher pieces; then the one who made the last move".  Black's
 * king on a12 has no move (a11 is guarded by the king on a10, b12 by the
 * pawn on a11, b11 by the king); its pawns are blocked. */
static void stalemate(void **st)
{
    static const struct {
        const char *fen, *why;
        int winner;
        const char *en, *pl; /* the reason (RULES.md, Endings) */
    } cases[] = {
        /* White K, P, P against Black K, P: more pieces, White */
        {"k11/P11/K11/12/12/12/12/7p4/7P4/12/12/12 b - 0 60", "more", 0,
         "stalemate: White wins with more pieces (3 to 2)",
         "pat: wygrywają białe, więcej bierek (3 do 2)"},
        /* Black K + 3 pawns against 3 White pieces: more, Black */
        {"k11/P11/K11/12/12/7p4/7p4/7p4/7P4/12/12/12 b - 0 60", "more", 1,
         "stalemate: Black wins with more pieces (4 to 3)",
         "pat: wygrywają czarne, więcej bierek (4 do 3)"},
        /* 4 each; Black has a crocodile (l1, hemmed in by its pawn k2 on
         * the white giraffe k1), White none: higher pieces, Black */
        {"k11/P11/K11/12/12/12/12/7p4/7P4/12/10p1/10Gc b - 0 60", "higher", 1,
         "stalemate: Black wins, equal in pieces, with more crocodiles (1 to 0)",
         "pat: wygrywają czarne, przy równej liczbie bierek więcej krokodyli (1 do 0)"},
        /* 3 each, the same kinds: the last mover, White */
        {"k11/P11/K11/12/12/12/7p4/7p4/7P4/12/12/12 b - 0 60", "last", 0,
         "stalemate: White wins, all pieces equal, by making the last move",
         "pat: wygrywają białe, przy równych bierkach: ostatni ruch"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const lt_game *g;
        lt_state *s = at(&g, NULL, cases[i].fen);
        if (g->current_player(s) != LT_TERMINAL)
            fail_msg("%s: not over: %s", cases[i].why, moves_of(g, s, NULL));
        assert_true(return_of(g, s, cases[i].winner) == 1);
        assert_true(return_of(g, s, 1 - cases[i].winner) == -1);
        assert_reason(g, s, cases[i].en, cases[i].pl);
        lt_state_free(s);
    }
}

/* RULES.md: the cap of moves without a capture or a pawn move draws; a
 * capture or a pawn move starts the count again. */
static void cap(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, "cap=20", "k11/12/12/12/12/12/12/12/12/12/12/1R9K w - 19 40");
    play(g, s, "b1-b2");
    assert_end2(g, s, 0, 0, "draw: 20 moves without a capture or a pawn move",
                "remis: 20 posunięć bez bicia i ruchu piona");
    lt_state_free(s);
    s = at(&g, "cap=22", "k11/12/12/12/12/12/12/12/12/12/12/1R9K w - 21 40");
    play(g, s, "b1-b2");
    assert_reason(g, s, "draw: 22 moves without a capture or a pawn move",
                  "remis: 22 posunięcia bez bicia i ruchu piona");
    lt_state_free(s);
    s = at(&g, "cap=20", "k11/12/12/12/12/12/12/12/12/12/p11/R10K w - 19 40");
    play(g, s, "a1-a2"); /* takes: the count starts again */
    assert_int_equal(g->current_player(s), 1);
    assert_string_equal(text_of(g, s), "k11/12/12/12/12/12/12/12/12/12/R11/11K b - 0 40");
    lt_state_free(s);
}

/* ---- The two generators, node by node ---------------------------------- */

typedef struct {
    long nodes, promotions, leaps, evasions, stalemates, mates, caps;
} coverage;

/* What the engine and the game read of a position besides the legal
 * moves, against the board's own slow answers: the guard the game keeps
 * (worked out from the last move) as gc_guard_init finds it; the
 * captures and promotions (gc_gen_tactical) as those of gc_gen, in the
 * same order; and for every legal move, check after it (gc_gives_check)
 * as gc_in_check finds it. */
static void check_engine_view(const lt_state *s, const char *text)
{
    const great *gs = (const great *)s;
    gc_pos p = gs->pos;
    gc_guard g;
    gc_guard_init(&p, &g);
    if (g.in_check != gs->guard.in_check ||
        memcmp(&g.pinned, &gs->guard.pinned, sizeof g.pinned))
        fail_msg("%s: the game's guard differs from gc_guard_init's", text);
    static gc_move all[GC_MAX_MOVES], tactical[GC_MAX_MOVES];
    int n = gc_gen(&p, all), k = 0, t = gc_gen_tactical(&p, tactical);
    for (int i = 0; i < n; i++) {
        gc_move m = all[i];
        if (!p.sq[GC_TO(m)] && !gc_promotes(&p, m))
            continue;
        if (k >= t || tactical[k] != m)
            fail_msg("%s: the tactical moves differ at the %dth", text, k + 1);
        k++;
    }
    if (k != t)
        fail_msg("%s: %d tactical moves, %d captures and promotions", text, t, k);
    for (int i = 0; i < n; i++) {
        if (!gc_legal(&p, all[i], &g))
            continue;
        gc_undo u;
        gc_make(&p, all[i], &u);
        if (gc_gives_check(&p, all[i]) != gc_in_check(&p))
            fail_msg("%s: check after its %dth move misjudged", text, i + 1);
        gc_unmake(&p, all[i], &u);
    }
}

/* Both sides of the comparison at one node: the game's state and the
 * reference position.  Compares the texts, the legal moves by name, the
 * end of the game; returns the leaves below at `depth`. */
static uint64_t walk(const lt_game *g, const lt_state *s, const ref_pos *r,
                     int depth, coverage *cov)
{
    char text[512], rtext[512];
    g->write_state(s, text, sizeof text);
    ref_write(r, rtext);
    if (strcmp(text, rtext))
        fail_msg("positions differ:\n game %s\n  ref %s", text, rtext);
    cov->nodes++;
    if (g->current_player(s) >= 0)
        check_engine_view(s, text);
    if (depth == 0)
        return 1;
    static ref_list lists[8];
    ref_list *rl = &lists[depth];
    ref_legal(r, rl);
    bool capped = rl->n > 0 && r->half >= r->cap;
    lt_action acts[LT_MAX_ACTIONS];
    int n = g->current_player(s) >= 0 ? g->legal_actions(s, acts) : 0;
    if (rl->n == 0 || capped) {
        if (n)
            fail_msg("%s: the reference sees the end, the game has %d moves",
                     text, n);
        int winner = -1;
        if (rl->n == 0 && ref_in_check(r, r->side))
            winner = 1 - r->side, cov->mates++;
        else if (rl->n == 0)
            winner = ref_stalemate_winner(r), cov->stalemates++;
        else
            cov->caps++;
        double want0 = winner < 0 ? 0 : winner == 0 ? 1 : -1;
        if (return_of(g, s, 0) != want0)
            fail_msg("%s: returns %g, the reference says %g", text,
                     return_of(g, s, 0), want0);
        return 0;
    }
    if (n != rl->n)
        fail_msg("%s: %d moves, the reference %d:\n game %s", text, n, rl->n,
                 moves_of(g, s, NULL));
    static char names[8][LT_MAX_ACTIONS][16], rnames[8][LT_MAX_ACTIONS][16];
    for (int i = 0; i < n; i++) {
        g->action_name(s, acts[i], names[depth][i], 16);
        ref_name(r, rl->m[i], rnames[depth][i]);
    }
    qsort(names[depth], (size_t)n, 16, by_name);
    qsort(rnames[depth], (size_t)n, 16, by_name);
    for (int i = 0; i < n; i++)
        if (strcmp(names[depth][i], rnames[depth][i]))
            fail_msg("%s: move lists differ at '%s' / ref '%s'", text,
                     names[depth][i], rnames[depth][i]);
    /* a random playout's draw: the k-th of the reference's moves in the
     * order of the actions, k as lt_rng_play draws it */
    static lt_action ranked[8][LT_MAX_ACTIONS];
    for (int i = 0; i < n; i++)
        if (g->parse_action(s, rnames[depth][i], &ranked[depth][i]) != LT_OK)
            fail_msg("%s: '%s' does not parse", text, rnames[depth][i]);
    qsort(ranked[depth], (size_t)n, sizeof ranked[depth][0], by_action);
    for (uint64_t seed = 0; seed < 3; seed++) {
        lt_rng r1, r2;
        lt_rng_seed(&r1, seed, (uint64_t)cov->nodes);
        r2 = r1;
        lt_action a = g->random_action(s, &r1);
        if (a != ranked[depth][lt_rng_below(&r2, (uint64_t)n)] ||
            memcmp(&r1, &r2, sizeof r1))
            fail_msg("%s: the random draw differs from the reference's", text);
    }
    if (ref_in_check(r, r->side))
        cov->evasions++;
    for (int i = 0; i < n; i++) {
        ref_move m = rl->m[i];
        cov->promotions += toupper((unsigned char)r->b[m.fr][m.ff]) == 'P' &&
                           (m.tr == 0 || m.tr == REF_N - 1);
        cov->leaps += toupper((unsigned char)r->b[m.fr][m.ff]) == 'K' &&
                      (abs(m.tf - m.ff) == 2 || abs(m.tr - m.fr) == 2);
    }
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    lt_state *child = lt_state_new(g);
    for (int i = 0; i < n; i++) {
        ref_move m = rl->m[i];
        char name[16];
        ref_name(r, m, name);
        lt_action a;
        if (g->parse_action(s, name, &a) != LT_OK)
            fail_msg("%s: '%s' does not parse", text, name);
        lt_state_copy(g, child, s);
        g->apply(child, a);
        ref_pos q = *r;
        ref_make(&q, m);
        total += walk(g, child, &q, depth - 1, cov);
    }
    lt_state_free(child);
    return total;
}

/* Compares from the position: every node, and the leaf count with the
 * fast perft of the game.  `rules` holds the reference's reading of the
 * game's options. */
static uint64_t compare(const lt_game *g, const lt_state *s, const ref_pos *rules,
                        int depth, coverage *cov)
{
    char text[512];
    g->write_state(s, text, sizeof text);
    ref_pos r = *rules;
    assert_true(ref_read(&r, text));
    uint64_t leaves = walk(g, s, &r, depth, cov);
    uint64_t fast = g->perft(s, depth);
    if (leaves != fast)
        fail_msg("%s: perft %d: reference %llu, fast %llu", text, depth,
                 (unsigned long long)leaves, (unsigned long long)fast);
    return leaves;
}

static int random_depth(void)
{
    const char *v = getenv("LT_GREAT_CHESS_DEPTH");
    long long n;
    return v && lt_parse_int(v, 1, 4, &n) ? (int)n : 2;
}

/* The options as the reference reads them. */
static ref_pos rules_of(const char *options)
{
    ref_pos r;
    memset(&r, 0, sizeof r);
    r.cap = 200;
    r.kingleap = REF_LEAP_CAPTURE;
    if (options && strstr(options, "unicorn=all"))
        r.unicorn_all = true;
    if (options && strstr(options, "kingleap=quiet"))
        r.kingleap = REF_LEAP_QUIET;
    if (options && strstr(options, "kingleap=cazaux"))
        r.kingleap = REF_LEAP_CAZAUX;
    if (options && strstr(options, "kingleap=forward"))
        r.kingleap = REF_LEAP_FORWARD;
    return r;
}

/* Perft 3 from the start, every node compared. */
static void perft_start(void **st)
{
    static const char *const options[] = {NULL, "unicorn=all", "kingleap=quiet",
                                          "kingleap=cazaux", "kingleap=forward"};
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++) {
        const lt_game *g;
        lt_state *s = start(&g, "great-chess", options[i]);
        ref_pos rules = rules_of(options[i]);
        coverage cov = {0};
        compare(g, s, &rules, i == 0 ? 3 : 2, &cov);
        assert_true(cov.leaps > 0); /* g1-e3, g1-g3, g1-i3 */
        lt_state_free(s);
    }
}

enum { EARLY, MIDDLE, CHECK, PROMOTION, NEAR_END, KINDS };

/* Is the side to move in check (by the reference)? */
static bool checked(const lt_game *g, const lt_state *s)
{
    char text[512];
    g->write_state(s, text, sizeof text);
    ref_pos r = rules_of(NULL);
    ref_read(&r, text);
    return ref_in_check(&r, r.side);
}

static bool can_promote(const lt_game *g, const lt_state *s)
{
    return strchr(moves_of(g, s, NULL), '=') != NULL;
}

/* A position of the kind from a seeded random game, or false if this
 * game has none. */
static bool sample(const lt_game *g, lt_state *s, int kind, uint64_t seed,
                   char *out)
{
    lt_rng rng;
    lt_rng_seed(&rng, seed, 7);
    int target = kind == EARLY ? 1 + (int)(seed % 30) : 40 + (int)(seed * 37 % 360);
    lt_state *prev = lt_state_new(g);
    bool found = false;
    for (int ply = 0; g->current_player(s) != LT_TERMINAL; ply++) {
        if ((kind == EARLY || kind == MIDDLE) && ply == target) {
            found = true;
            break;
        }
        if (kind == CHECK && ply > 20 && checked(g, s)) {
            found = true;
            break;
        }
        if (kind == PROMOTION && ply > 20 && can_promote(g, s)) {
            found = true;
            break;
        }
        lt_state_copy(g, prev, s);
        g->apply(s, lt_rng_play(&rng, g, s));
    }
    if (kind == NEAR_END && g->current_player(s) == LT_TERMINAL &&
        return_of(g, s, 0) != 0) {
        lt_state_copy(g, s, prev); /* one move before the mate or stalemate */
        found = true;
    }
    if (found)
        g->write_state(s, out, 512);
    lt_state_free(prev);
    return found;
}

/* Positions of each kind from random games under the options, compared
 * at `depth`; the coverage must include every feature. */
static void compare_random(const char *options, int per_kind, int depth,
                           coverage *cov)
{
    const lt_game *g;
    lt_state *s = start(&g, "great-chess", options);
    lt_config cfg;
    lt_config_default(g, &cfg, 0);
    if (options)
        assert_int_equal(lt_config_parse(g, &cfg, options, NULL), LT_OK);
    ref_pos rules = rules_of(options);
    for (int kind = 0; kind < KINDS; kind++) {
        int got = 0;
        for (uint64_t seed = 1; got < per_kind && seed < 5000; seed++) {
            char text[512];
            assert_int_equal(lt_init(g, s, &cfg, NULL), LT_OK);
            if (!sample(g, s, kind, seed * KINDS + (uint64_t)kind, text))
                continue;
            set_position(g, s, text);
            compare(g, s, &rules, depth, cov);
            got++;
        }
        assert_int_equal(got, per_kind);
    }
    lt_state_free(s);
}

/* 60 positions of seeded random play (early ones with the kings' leaps,
 * middle games, check evasions, promotions, the move before a mate or a
 * stalemate), every node of their trees compared. */
static void perft_random(void **st)
{
    coverage cov = {0};
    compare_random(NULL, 12, random_depth(), &cov);
    print_message("great-chess: %ld nodes compared: %ld promotions, %ld king "
                  "leaps, %ld check evasions, %ld stalemates, %ld mates\n",
                  cov.nodes, cov.promotions, cov.leaps, cov.evasions,
                  cov.stalemates, cov.mates);
    assert_true(cov.promotions > 0 && cov.leaps > 0 && cov.evasions > 0 &&
                cov.stalemates > 0 && cov.mates > 0);
}

/* The options' readings, on fewer positions. */
static void perft_random_options(void **st)
{
    static const char *const options[] = {"unicorn=all", "kingleap=quiet",
                                          "kingleap=cazaux", "kingleap=forward"};
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++) {
        coverage cov = {0};
        compare_random(options[i], 2, 2, &cov);
        assert_true(cov.leaps > 0 && cov.evasions > 0);
    }
}

/* ---- The engine ---------------------------------------------------------- */

static lt_action engine_move(const lt_game *g, const lt_state *s, const char *spec)
{
    lt_error err = {0};
    lt_player *p = lt_player_new(g, spec, &err);
    if (!p)
        fail_msg("%s: %s", spec, err.msg);
    lt_action a = lt_player_choose(p, s, 1, NULL, NULL);
    lt_player_free(p);
    return a;
}

/* Mate in one (worked out above: the rook to a5) and the capture of a
 * loose Aanca are found at once; every level answers with a legal move. */
static void engine(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, "k11/12/12/12/12/12/12/2R9/12/12/12/1R9K w - 0 40");
    char name[32];
    lt_action a = engine_move(g, s, "ai:engine:depth=2");
    assert_string_equal(lt_name(g, s, a, name, sizeof name), "c5-a5");
    lt_state_free(s);
    /* the black Aanca on e8 hangs to the rook on e1 */
    s = at(&g, NULL, "11k/12/12/12/4a7/12/12/12/12/12/12/4R6K w - 0 40");
    a = engine_move(g, s, "ai:engine:nodes=20000");
    assert_string_equal(lt_name(g, s, a, name, sizeof name), "e1-e8");
    lt_state_free(s);
    s = start(&g, "great-chess", NULL);
    for (int level = 1; level <= 5; level++) {
        char spec[32];
        snprintf(spec, sizeof spec, "ai:level=%d", level);
        assert_true(lt_is_legal(g, s, engine_move(g, s, level < 4 ? spec : "ai:engine:depth=3")));
    }
    lt_error err = {0};
    assert_null(lt_player_new(g, "ai:engine:depth=0", &err));
    assert_null(lt_player_new(g, "ai:engine:speed=9", &err));
    lt_state_free(s);
}

static void count_progress(void *ctx, const lt_think_info *info)
{
    int *calls = ctx;
    assert_true(info->nodes > 0);
    assert_true(info->value[0] >= -1 && info->value[0] <= 1 &&
                info->value[0] == -info->value[1]);
    ++*calls;
}

/* lt_limits: progress once per finished iteration (depth 3: three); a
 * stop already raised still gets a legal answer. */
static void engine_limits(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, "great-chess", NULL);
    lt_error err = {0};
    lt_player *p = lt_player_new(g, "ai:engine", &err);
    assert_non_null(p);
    int calls = 0;
    lt_limits lim = {.depth = 3, .progress = count_progress, .ctx = &calls};
    lt_think_info info;
    lt_action a = lt_player_choose(p, s, 1, &lim, &info);
    assert_true(lt_is_legal(g, s, a));
    assert_int_equal(calls, 3);
    assert_int_equal(info.best, a);
    volatile int stop = 1;
    lt_limits halt = {.stop = &stop};
    assert_true(lt_is_legal(g, s, lt_player_choose(p, s, 2, &halt, NULL)));
    lt_player_free(p);
    lt_state_free(s);
}

/* The view marks the king in check: White's on g1, checked by the rook on
 * g5; none at the start. */
static void view_marks_check(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, NULL);
    assert_string_equal(checked_cells(g, s), "");
    lt_state_free(s);
    s = at(&g, NULL, "k11/12/12/12/12/12/12/6r5/12/12/12/6K5 w - 0 1");
    assert_string_equal(checked_cells(g, s), "g1");
    lt_state_free(s);
}

TEST_MAIN(cmocka_unit_test(view_marks_check),
          cmocka_unit_test(start_position),
          cmocka_unit_test(notation),
          cmocka_unit_test(bad_positions),
          cmocka_unit_test(aanca),
          cmocka_unit_test(unicorn),
          cmocka_unit_test(lion),
          cmocka_unit_test(giraffe),
          cmocka_unit_test(crocodile_and_rook),
          cmocka_unit_test(pawns),
          cmocka_unit_test(king_leap),
          cmocka_unit_test(king_leap_attacks),
          cmocka_unit_test(mate),
          cmocka_unit_test(stalemate),
          cmocka_unit_test(cap),
          cmocka_unit_test(perft_start),
          cmocka_unit_test(perft_random),
          cmocka_unit_test(perft_random_options),
          cmocka_unit_test(engine),
          cmocka_unit_test(engine_limits))
