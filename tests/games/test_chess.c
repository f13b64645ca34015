/* test_chess.c — chess against published perft counts, FIDE rules, the
 * seed's rules (rules=seed) on hand-checked positions, FEN, SAN, PGN, UCI
 * and the engine.  Each case names its source. */
#include "support.h"
#include "players.h"

#include "games/chess/chess.h"
#include "engines/chess/uci.h"
#include "games/chess/chess_game.h"
#include "ludoteka/record.h"
#include "ludoteka/rng.h"

static lt_state *at(const lt_game **g, const char *options, const char *fen)
{
    return start_at(g, "chess", options, 0, fen);
}

static int count_moves(const lt_game *g, const lt_state *s)
{
    lt_action acts[LT_MAX_ACTIONS];
    return g->legal_actions(s, acts);
}

/* ---- Perft: the standard suite ------------------------------------------
 * The counts are the published ones (the Chess Programming Wiki's "Perft
 * Results" page, confirmed by many engines): the start position,
 * "Kiwipete" (position 2), positions 3 to 6, and position 4 mirrored. */
typedef struct {
    const char *fen;
    int depth;
    uint64_t nodes[7]; /* depth 1.. */
} perft_case;

static const perft_case suite[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     5,
     {20, 400, 8902, 197281, 4865609}},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     4,
     {48, 2039, 97862, 4085603}},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
     6,
     {14, 191, 2812, 43238, 674624, 11030083}},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
     4,
     {6, 264, 9467, 422333}},
    {"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
     4,
     {6, 264, 9467, 422333}},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
     4,
     {44, 1486, 62379, 2103487}},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
     4,
     {46, 2079, 89890, 3894594}},
};

static void perft_suite(void **st)
{
    for (size_t i = 0; i < sizeof suite / sizeof suite[0]; i++) {
        const lt_game *g;
        lt_state *s = at(&g, NULL, suite[i].fen);
        for (int d = 1; d <= suite[i].depth; d++)
            if (g->perft(s, d) != suite[i].nodes[d - 1])
                fail_msg("%s depth %d: %llu, published %llu", suite[i].fen, d,
                         (unsigned long long)g->perft(s, d),
                         (unsigned long long)suite[i].nodes[d - 1]);
        lt_state_free(s);
    }
}

/* The adapter (legal_actions and apply, with names and history) walks the
 * same trees: depth 3 of every position, generically. */
static void perft_through_the_adapter(void **st)
{
    for (size_t i = 0; i < sizeof suite / sizeof suite[0]; i++) {
        const lt_game *g;
        lt_state *s = at(&g, NULL, suite[i].fen);
        assert_true(tree_leaves(g, s, 3) == suite[i].nodes[2]);
        lt_state_free(s);
    }
}

/* ---- The game's actions against the engine's move list -----------------
 * legal_actions builds its list in action order without sorting, and the
 * end of the game asks only whether a move exists; both are checked here
 * against the move generator the perft counts above vouch for: its list
 * sorted, and its count.  Random games from the suite's positions (which
 * have castling, en passant and promotions) under both rule sets. */
static int cmp_action(const void *a, const void *b)
{
    lt_action x = *(const lt_action *)a, y = *(const lt_action *)b;
    return (x > y) - (x < y);
}

static void actions_match_the_move_list(void **st)
{
    static const char *const options[2] = {NULL, "rules=seed"};
    long checked = 0;
    for (int r = 0; r < 2; r++)
        for (size_t i = 0; i < sizeof suite / sizeof suite[0]; i++)
            for (uint64_t seed = 0; seed < 30; seed++) {
                const lt_game *g;
                lt_state *s = at(&g, options[r], suite[i].fen);
                lt_rng rng;
                lt_rng_seed(&rng, seed, i);
                for (int ply = 0; ply < 400; ply++) {
                    const chess_pos *p = &((const chess_state *)(const void *)s)->pos;
                    chess_move list[CHESS_MAX_MOVES];
                    lt_action want[LT_MAX_ACTIONS], got[LT_MAX_ACTIONS];
                    int n = chess_legal(p, list);
                    assert_int_equal(chess_has_legal(p), n > 0);
                    if (g->current_player(s) == LT_TERMINAL)
                        break;
                    for (int k = 0; k < n; k++)
                        want[k] = chess_action_of(list[k]);
                    qsort(want, (size_t)n, sizeof want[0], cmp_action);
                    assert_int_equal(g->legal_actions(s, got), n);
                    assert_memory_equal(got, want, (size_t)n * sizeof got[0]);
                    lt_advance(g, s, got[lt_rng_below(&rng, (uint64_t)n)]);
                    checked++;
                }
                lt_state_free(s);
            }
    assert_true(checked > 10000);
}

/* ---- rules=seed: hand-checked positions ----------------------------------
 * Seed 002: a pawn on the last rank becomes one of its side's pieces
 * captured by the opponent; RULES.md: with none, it may not go there. */

/* White has every piece (nothing captured) and a pawn on a7.  Counted by
 * hand: Ra1 a2-a6 (5), Nb1 a3 c3 d2 (3), Bc1 b2 a3 d2 e3 f4 g5 h6 (7), Qd1
 * d2-d8 c2 b3 a4 e2 f3 g4 h5 (14), Ke1 d2 e2 f2 (3), Bf1 e2 d3 c4 b5 a6 g2
 * h3 (7), Ng1 e2 f3 h3 (3), Rh1 h2-h8 (7): 49.  FIDE adds a8=Q/R/B/N. */
static void seed_pawn_without_a_captured_piece(void **st)
{
    const char *fen = "4k3/P7/8/8/8/8/8/RNBQKBNR w - - 0 1";
    const lt_game *g;
    lt_state *s = at(&g, "rules=seed", fen);
    assert_int_equal(count_moves(g, s), 49);
    assert_false(legal(g, s, "a8=Q"));
    assert_false(legal(g, s, "a7a8q"));
    lt_state_free(s);
    s = at(&g, NULL, fen);
    assert_int_equal(count_moves(g, s), 53);
    assert_true(legal(g, s, "a8=N"));
    lt_state_free(s);
}

/* The white queen is gone: the pawn may become a queen and nothing else.
 * By hand: as above without the queen's 14, the king gains d1 (4 moves),
 * plus a8=Q: 5+3+7+4+7+3+7+1 = 37.  FIDE: 36 + 4 promotions = 40. */
static void seed_pawn_with_a_captured_queen(void **st)
{
    const char *fen = "4k3/P7/8/8/8/8/8/RNB1KBNR w - - 0 1";
    const lt_game *g;
    lt_state *s = at(&g, "rules=seed", fen);
    assert_int_equal(count_moves(g, s), 37);
    assert_true(legal(g, s, "a8=Q"));
    assert_false(legal(g, s, "a8=R"));
    lt_action a;
    assert_int_equal(lt_parse(g, s, "a8=Q", &a, NULL), LT_OK);
    char name[16];
    g->action_name(s, a, name, sizeof name);
    assert_string_equal(name, "a8=Q+"); /* the queen checks along rank 8 */
    lt_state_free(s);
    s = at(&g, NULL, fen);
    assert_int_equal(count_moves(g, s), 40);
    lt_state_free(s);
    /* a knight and a rook captured: those two, no queen */
    s = at(&g, "rules=seed", "4k3/P7/8/8/8/8/8/R1BQKBN1 w - - 0 1");
    assert_true(legal(g, s, "a8=N") && legal(g, s, "a8=R+"));
    assert_false(legal(g, s, "a8=Q") || legal(g, s, "a8=B"));
    lt_state_free(s);
}

/* RULES.md: a pawn that cannot promote still attacks the last rank.  The
 * black king on d8 is in check from e7 and has exactly Kc7 Kc8 Kd7 Ke8
 * Kxe7 (e7 is unguarded: d2, f2 block the queen and the bishop). */
static void seed_blocked_pawn_still_checks(void **st)
{
    const lt_game *g;
    lt_state *s =
        at(&g, "rules=seed", "3k4/4P3/8/8/8/8/PPPP1PPP/RNBQKBNR b - - 0 1");
    assert_int_equal(count_moves(g, s), 5);
    assert_true(legal(g, s, "Kxe7") && legal(g, s, "Kc7") &&
                legal(g, s, "Kc8") && legal(g, s, "Kd7") && legal(g, s, "Ke8"));
    lt_state_free(s);
}

/* Castling: both sides' rooks and kings at home, empty between.  By hand:
 * Ra1 a2-a8 b1 c1 d1 (10), Rh1 h2-h8 g1 f1 (9), Ke1 d1 d2 e2 f2 f1 (5): 24,
 * and FIDE's O-O and O-O-O: 26 (also the published count). */
static void seed_has_no_castling(void **st)
{
    const char *fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    const lt_game *g;
    lt_state *s = at(&g, NULL, fen);
    assert_int_equal(count_moves(g, s), 26);
    assert_true(legal(g, s, "O-O") && legal(g, s, "O-O-O") &&
                legal(g, s, "e1g1"));
    lt_state_free(s);
    s = at(&g, "rules=seed", fen);
    assert_int_equal(count_moves(g, s), 24);
    assert_false(legal(g, s, "O-O") || legal(g, s, "O-O-O"));
    assert_string_equal(text_of(g, s), "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    lt_state_free(s);
}

/* En passant: after 1. e4 a6 2. e5 d5 white may take exd6 under FIDE,
 * not under the seed's rules. */
static void seed_has_no_en_passant(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, NULL);
    play(g, s, "e4 a6 e5 d5");
    assert_true(legal(g, s, "exd6"));
    assert_string_equal(
        text_of(g, s),
        "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    play(g, s, "exd6");
    assert_string_equal(
        text_of(g, s),
        "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
    lt_state_free(s);
    s = at(&g, "rules=seed", NULL);
    play(g, s, "e4 a6 e5 d5");
    assert_false(legal(g, s, "exd6") || legal(g, s, "e5d6"));
    assert_string_equal(
        text_of(g, s),
        "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w - - 0 3");
    lt_state_free(s);
}

/* ---- The end of the game ------------------------------------------------- */

static void mates_and_stalemate(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, NULL);
    play(g, s, "f3 e5 g4 Qh4#"); /* the fool's mate */
    /* RULES.md, Endings */
    assert_end2(g, s, -1, 1, "checkmate", "mat");
    lt_state_free(s);
    /* black king a8, white king b6, queen c7: stalemate (a7 b7 b8 all
     * covered, no check) */
    s = at(&g, NULL, "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
    assert_end(g, s, 0, 0, "draw: stalemate", "remis: pat");
    lt_state_free(s);
}

/* Is a draw claimable, and for what reason (English)? */
static bool claim(const lt_game *g, const lt_state *s, char *why)
{
    why[0] = '\0';
    return g->claimable(s, why, 128);
}

/* FIDE 9.3: after fifty moves of each side without a capture or a pawn
 * move the player to move may claim a draw; FIDE 9.6.2: after
 * seventy-five the game is drawn; a mate on that move still wins. */
static void fifty_move_rule(void **st)
{
    const lt_game *g;
    char why[128];
    lt_state *s = at(&g, NULL, "6k1/8/6K1/8/8/8/8/R7 w - - 98 80");
    play(g, s, "Rb1");
    assert_false(claim(g, s, why)); /* 99 half-moves */
    play(g, s, "Kh8");
    assert_int_equal(g->current_player(s), 0); /* 100: it goes on */
    assert_true(claim(g, s, why));
    assert_string_equal(why, "fifty moves without a capture or a pawn move");
    lt_state_free(s);
    s = at(&g, NULL, "6k1/8/6K1/8/8/8/8/R7 w - - 149 80");
    assert_true(claim(g, s, why));
    play(g, s, "Rb1");
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, 0) == 0);
    g->end_reason(s, why, sizeof why);
    assert_string_equal(
        why, "draw: seventy-five moves without a capture or a pawn move");
    assert_reason(g, s, "draw: seventy-five moves without a capture or a pawn move",
                  "remis: siedemdziesiąt pięć posunięć bez bicia i ruchu pionem");
    lt_state_free(s);
    s = at(&g, NULL, "6k1/8/6K1/8/8/8/8/R7 w - - 149 80");
    play(g, s, "Ra8#");
    assert_true(return_of(g, s, 0) == 1);
    g->end_reason(s, why, sizeof why);
    assert_string_equal(why, "checkmate");
    lt_state_free(s);
}

/* FIDE 9.2: the knights out and back twice bring the start position a
 * third time, and White, to move, may claim a draw; FIDE 9.6.1: the
 * fifth time ends the game.  FEN cannot show it, so the text says so. */
static void threefold_repetition(void **st)
{
    const lt_game *g;
    char why[128];
    lt_state *s = at(&g, NULL, NULL);
    play(g, s, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert_false(claim(g, s, why)); /* twice */
    play(g, s, "Ng8");
    assert_int_equal(g->current_player(s), 0);
    assert_true(claim(g, s, why));
    assert_string_equal(why, "threefold repetition");
    play(g, s, "Nf3");
    assert_true(claim(g, s, why)); /* Black: the third time of this one */
    play(g, s, "Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert_true(claim(g, s, why)); /* Black to move: the fourth time */
    play(g, s, "Ng8");
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    assert_true(return_of(g, s, 0) == 0 && return_of(g, s, 1) == 0);
    assert_false(claim(g, s, why));
    assert_reason(g, s, "draw: the same position for the fifth time",
                  "remis: ta sama pozycja po raz piąty");
    assert_string_equal(text_of(g, s), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/"
                                       "RNBQKBNR w KQkq - 16 9 repetition");
    lt_state *t = at(&g, NULL, text_of(g, s));
    assert_int_equal(g->current_player(t), LT_TERMINAL);
    lt_state_free(t);
    lt_state_free(s);
}

/* FIDE 6.9 as RULES.md reads it: who could still mate by some series of
 * legal moves. */
static void can_win(void **st)
{
    const lt_game *g;
    /* king and queen against a lone king */
    lt_state *s = at(&g, NULL, "8/8/4k3/8/8/8/8/3QK3 w - - 0 1");
    assert_true(g->can_win(s, 0));
    assert_false(g->can_win(s, 1));
    lt_state_free(s);
    /* a knight against a pawn: a mate is possible for both (the pawn's
     * side promotes; the knight mates a king hemmed in by its pawn) */
    s = at(&g, NULL, "8/8/4k3/4p3/8/8/8/3NK3 w - - 0 1");
    assert_true(g->can_win(s, 0));
    assert_true(g->can_win(s, 1));
    lt_state_free(s);
    /* two knights against a lone king: a mate exists (with help) */
    s = at(&g, NULL, "8/8/4k3/8/8/8/8/2NNK3 w - - 0 1");
    assert_true(g->can_win(s, 0));
    assert_false(g->can_win(s, 1));
    lt_state_free(s);
    /* the start: both */
    s = at(&g, NULL, NULL);
    assert_true(g->can_win(s, 0) && g->can_win(s, 1));
    lt_state_free(s);
}

/* Dead positions: king and bishop against king after a capture. */
static void insufficient_material(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, "8/8/4k3/8/8/3n4/8/2B1K3 w - - 0 1");
    play(g, s, "Kd2"); /* not yet: knight and bishop */
    assert_int_equal(g->current_player(s), 1);
    play(g, s, "Ke5 Kxd3");
    assert_end(g, s, 0, 0, "draw: neither side can mate",
               "remis: żadna strona nie może dać mata");
    lt_state_free(s);
    /* bishops on squares of one colour only (c1 and f4 are dark) */
    s = at(&g, NULL, "8/8/4k3/8/5b2/8/8/2B1K3 w - - 0 1");
    assert_int_equal(g->current_player(s), LT_TERMINAL);
    lt_state_free(s);
    s = at(&g, NULL, "8/8/4k3/8/4b3/8/8/2B1K3 w - - 0 1");
    assert_int_equal(g->current_player(s), 0);
    lt_state_free(s);
}

/* ---- Notation ------------------------------------------------------------ */

static void san_names(void **st)
{
    const lt_game *g;
    struct {
        const char *fen, *move, *san;
    } cases[] = {
        /* knights b1 and f1 both reach d2: by file */
        {"8/8/k7/8/8/8/8/KN3N2 w - - 0 1", "b1d2", "Nbd2"},
        /* rooks a1 and a5 both reach a3: by rank */
        {"7k/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3"},
        /* queens h4 (diagonal), h1 (rank), e4 (file) all reach e1 */
        {"8/8/k7/8/4Q2Q/8/8/K6Q w - - 0 1", "h4e1", "Qh4e1"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a8", "Rxa8+"},
        {"rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
         "e5d6", "exd6"},
        {"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"},
        {"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n", "b8=N"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lt_state *s = at(&g, NULL, cases[i].fen);
        lt_action a, b;
        char name[16];
        assert_int_equal(lt_parse(g, s, cases[i].move, &a, NULL), LT_OK);
        g->action_name(s, a, name, sizeof name);
        assert_string_equal(name, cases[i].san);
        assert_int_equal(lt_parse(g, s, cases[i].san, &b, NULL), LT_OK);
        assert_int_equal(a, b);
        g->coord_name(s, a, name, sizeof name);
        assert_string_equal(name, cases[i].move);
        lt_state_free(s);
    }
}

static void parsing_variants(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_true(legal(g, s, "0-0") && legal(g, s, "O-O-O!?") &&
                legal(g, s, "Rxa8+"));
    assert_true(legal(g, s, "Rxa8") && legal(g, s, "Ra1xa8") &&
                legal(g, s, "a1a8"));
    lt_state_free(s);
    s = at(&g, NULL, "8/8/k7/8/8/8/8/KN3N2 w - - 0 1");
    lt_action a;
    lt_error err = {0};
    assert_int_equal(lt_parse(g, s, "Nd2", &a, &err), LT_EILLEGAL); /* which? */
    assert_int_equal(lt_parse(g, s, "Nz9", &a, &err), LT_ESYNTAX);
    assert_int_equal(lt_parse(g, s, "e2e4", &a, &err), LT_EILLEGAL);
    assert_int_equal(lt_parse(g, s, "", &a, &err), LT_ESYNTAX);
    assert_int_equal(lt_parse(g, s, "b1d2x", &a, &err), LT_ESYNTAX);
    lt_state_free(s);
}

/* ---- FEN ----------------------------------------------------------------- */

static void fen_round_trip(void **st)
{
    const lt_game *g;
    for (size_t i = 0; i < sizeof suite / sizeof suite[0]; i++) {
        lt_state *s = at(&g, NULL, suite[i].fen);
        assert_string_equal(text_of(g, s), suite[i].fen);
        lt_state_free(s);
    }
    /* four fields (EPD style) read with clocks 0 and 1; an en passant
     * square no pawn can use is not part of the position (FIDE 9.2) */
    lt_state *s =
        at(&g, NULL, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3");
    assert_string_equal(
        text_of(g, s),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    lt_state_free(s);
}

/* A bad FEN is refused with a message naming the field; the state stays. */
static void bad_fens(void **st)
{
    static const struct {
        const char *fen, *words;
    } bad[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "placement"},
        {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         "placement"},
        {"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         "'x' is not a piece"},
        {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "kings"},
        {"rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/PNBQKBNR w Kkq - 0 1",
         "first or last rank"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
         "side to move"},
        /* the black king is in check from h5, yet white is to move */
        {"rnbqkbnr/ppppp1pp/8/5p1Q/8/4P3/PPPP1PPP/RNB1KBNR w KQkq - 0 1",
         "side to move"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
         "castling"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
         "Chess960"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
         "castling"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
         "en passant"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
         "en passant"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
         "halfmove clock"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 151 1",
         "halfmove clock"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
         "move number"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "6 fields"},
        {"QQQQQQQQ/QQpppppp/8/8/8/8/8/K6k w - - 0 1", "promoted"},
        /* the fool's mate ended by mate, not by repetition */
        {"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3 "
         "repetition",
         "repetition"},
    };
    const lt_game *g;
    lt_state *s = at(&g, NULL, NULL);
    char before[1024];
    snprintf(before, sizeof before, "%s", text_of(g, s));
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        lt_error err = {0};
        if (g->read_state(s, bad[i].fen, &err) == LT_OK)
            fail_msg("'%s' was accepted", bad[i].fen);
        if (!strstr(err.msg, bad[i].words))
            fail_msg("'%s': message '%s' lacks '%s'", bad[i].fen, err.msg,
                     bad[i].words);
        assert_string_equal(text_of(g, s), before);
    }
    lt_state_free(s);
    /* the seed's rules: no promoted pieces beyond the initial set */
    s = at(&g, "rules=seed", NULL);
    lt_error err = {0};
    assert_int_not_equal(
        g->read_state(s, "4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1", &err), LT_OK);
    assert_non_null(strstr(err.msg, "queens"));
    lt_state_free(s);
}

/* ---- PGN ----------------------------------------------------------------- */

/* A PGN file as other programs write it: no [Game] tag, the Seven Tag
 * Roster, comments, NAGs, a variation, a resigned game, two games. */
static void pgn_import(void **st)
{
    const char *text =
        "[Event \"Casual\"]\n[Site \"?\"]\n[Date \"1858.??.??\"]\n[Round "
        "\"?\"]\n"
        "[White \"Morphy\"]\n[Black \"Duke and Count\"]\n[Result \"1-0\"]\n\n"
        "1. e4 e5 2. Nf3 d6 3. d4 Bg4 {the pin} 4. dxe5 Bxf3 5. Qxf3 dxe5\n"
        "6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ "
        "Nbd7\n"
        "12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ $1 "
        "Nxb8\n"
        "(16... Ke7 17. Qxd7#) 17. Rd8# 1-0\n\n"
        "[Event \"?\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n"
        "1. d4 d5 2. c4 ; a comment to the end of the line\n e6 0-1\n";
    lt_cursor cur = {0};
    lt_record r;
    lt_error err = {0};
    if (lt_record_parse(text, &cur, &r, &err) != LT_OK)
        fail_msg("%s", err.msg);
    assert_string_equal(r.game->id, "chess");
    assert_int_equal(r.nactions, 33);
    lt_state *s = lt_state_new(r.game);
    assert_int_equal(lt_record_replay(&r, -1, s, &err), LT_OK);
    assert_int_equal(r.game->current_player(s), LT_TERMINAL);
    assert_true(return_of(r.game, s, 0) == 1);
    lt_state_free(s);
    lt_record_clear(&r);
    /* the second game was resigned: its result is kept */
    assert_int_equal(lt_record_parse(text, &cur, &r, &err), LT_OK);
    assert_int_equal(r.nactions, 4);
    char *out = lt_record_format(&r, &err);
    assert_non_null(strstr(out, "[Result \"0-1\"]"));
    assert_non_null(strstr(out, "1. d4 d5 2. c4 e6 0-1\n"));
    free(out);
    lt_record_clear(&r);
    assert_int_equal(lt_record_parse(text, &cur, &r, &err), LT_EIO);
}

/* A game played here saves as PGN (roster first, [SetUp]/[FEN] for a set-up
 * position, SAN, the result token) and loads back. */
static void pgn_export(void **st)
{
    const lt_game *g = lt_game_find("chess");
    lt_config cfg;
    lt_config_default(g, &cfg, 2);
    lt_record r;
    lt_record_init(&r, g, &cfg);
    snprintf(r.players[0], LT_SPEC_MAX, "human");
    snprintf(r.players[1], LT_SPEC_MAX, "ai:level=2");
    const char *fen = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 20";
    assert_int_equal(lt_record_set_position(&r, fen), LT_OK);
    lt_state *s = lt_state_new(g);
    assert_int_equal(lt_init(g, s, &cfg, NULL), LT_OK);
    set_position(g, s, fen);
    const char *moves[] = {"O-O", "Rxa8", "Rxa8", "Kd2"};
    for (int i = 0; i < 4; i++) {
        lt_action a;
        assert_int_equal(lt_parse(g, s, moves[i], &a, NULL), LT_OK);
        lt_record_push(&r, a);
        g->apply(s, a);
    }
    lt_error err = {0};
    char *text = lt_record_format(&r, &err);
    assert_non_null(text);
    const char *roster = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n"
                         "[Round \"?\"]\n[White \"human\"]\n"
                         "[Black \"ai:level=2\"]\n[Result \"*\"]\n";
    assert_true(strncmp(text, roster, strlen(roster)) == 0);
    assert_non_null(strstr(
        text,
        "[SetUp \"1\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 20\"]"));
    assert_non_null(strstr(text, "\n1... O-O 2. Rxa8 Rxa8 3. Kd2 *\n"));
    lt_cursor cur = {0};
    lt_record back;
    assert_int_equal(lt_record_parse(text, &cur, &back, &err), LT_OK);
    assert_int_equal(back.nactions, 4);
    char *again = lt_record_format(&back, &err);
    assert_string_equal(text, again);
    free(text);
    free(again);
    lt_state_free(s);
    lt_record_clear(&r);
    lt_record_clear(&back);
}

/* ---- The engine ----------------------------------------------------------- */

/* Mates in one, checked by hand: the back rank (Ra8#: f7 g7 h7 hold the
 * king in), and king and rook (Rh8#: the white king on b6 guards a7 and
 * b7). */
static void engine_finds_mates(void **st)
{
    const lt_game *g;
    const char *fens[] = {"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
                          "k7/8/1K6/8/8/8/8/7R w - - 0 1"};
    const char *mates[] = {"Ra8#", "Rh8#"};
    for (int i = 0; i < 2; i++) {
        lt_state *s = at(&g, NULL, fens[i]);
        char name[16];
        g->action_name(s, choose(g, s, "ai:engine:depth=4", NULL), name,
                       sizeof name);
        assert_string_equal(name, mates[i]);
        lt_state_free(s);
    }
}

/* Every level plays a legal move; parameters are checked. */
static void engine_levels_and_params(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, NULL);
    for (int level = 1; level <= 4; level++) {
        char spec[32];
        snprintf(spec, sizeof spec, "ai:level=%d", level);
        assert_true(lt_is_legal(g, s, choose(g, s, spec, NULL)));
    }
    assert_true(
        lt_is_legal(g, s, choose(g, s, "ai:engine:nodes=2000:hash=2", NULL)));
    lt_error err = {0};
    assert_null(lt_player_new(g, "ai:engine:depth=0", &err));
    assert_non_null(strstr(err.msg, "depth"));
    assert_null(lt_player_new(g, "ai:engine:speed=9", &err));
    assert_non_null(strstr(err.msg, "unknown parameter"));
    lt_state_free(s);
}

/* A fixed-depth search is deterministic: the same nodes twice. */
static void engine_is_deterministic_at_fixed_depth(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, suite[1].fen);
    long long nodes[2];
    for (int k = 0; k < 2; k++) {
        lt_player *p = lt_player_new(g, "ai:engine:depth=6", NULL);
        lt_think_info info;
        lt_player_choose(p, s, 1, NULL, &info);
        nodes[k] = info.nodes;
        lt_player_free(p);
    }
    assert_true(nodes[0] == nodes[1] && nodes[0] > 0);
    lt_state_free(s);
}

/* UCI: the handshake, a position with moves, a search that answers. */
static void uci_session(void **st)
{
    const char *in_text =
        "uci\nisready\nsetoption name Hash value 4\n"
        "position startpos moves e2e4 e7e5 g1f3\n"
        "go depth 4\nisready\nd\nposition fen 8/8/8/8/8/8/8/8 w - - 0 1\n"
        "position startpos moves e2e5\nquit\n";
    FILE *in = fmemopen((void *)in_text, strlen(in_text), "r");
    char *out_text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&out_text, &size);
    assert_int_equal(chess_uci_loop(in, out), 0);
    fclose(in);
    fclose(out);
    assert_non_null(strstr(out_text, "uciok"));
    assert_non_null(strstr(out_text, "readyok"));
    assert_non_null(strstr(out_text, "bestmove "));
    assert_non_null(strstr(out_text, "info depth 1 "));
    assert_non_null(strstr(out_text, "bad position"));
    assert_non_null(strstr(out_text, "illegal move 'e2e5'"));
    free(out_text);
}

/* The view marks the king in check (the page draws it): after 1. e4 f6
 * 2. Qh5+ Black's king on e8, none at the start. */
static void view_marks_check(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, NULL);
    assert_string_equal(checked_cells(g, s), "");
    lt_state_free(s);
    s = at(&g, NULL, "rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2");
    assert_string_equal(checked_cells(g, s), "e8");
    lt_state_free(s);
}

TEST_MAIN(cmocka_unit_test(view_marks_check),
          cmocka_unit_test(perft_suite),
          cmocka_unit_test(perft_through_the_adapter),
          cmocka_unit_test(actions_match_the_move_list),
          cmocka_unit_test(seed_pawn_without_a_captured_piece),
          cmocka_unit_test(seed_pawn_with_a_captured_queen),
          cmocka_unit_test(seed_blocked_pawn_still_checks),
          cmocka_unit_test(seed_has_no_castling),
          cmocka_unit_test(seed_has_no_en_passant),
          cmocka_unit_test(mates_and_stalemate),
          cmocka_unit_test(fifty_move_rule),
          cmocka_unit_test(threefold_repetition),
          cmocka_unit_test(can_win),
          cmocka_unit_test(insufficient_material),
          cmocka_unit_test(san_names),
          cmocka_unit_test(parsing_variants),
          cmocka_unit_test(fen_round_trip),
          cmocka_unit_test(bad_fens),
          cmocka_unit_test(pgn_import),
          cmocka_unit_test(pgn_export),
          cmocka_unit_test(engine_finds_mates),
          cmocka_unit_test(engine_levels_and_params),
          cmocka_unit_test(engine_is_deterministic_at_fixed_depth),
          cmocka_unit_test(uci_session))
