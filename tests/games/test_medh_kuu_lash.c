/* test_medh_kuu_lash.c — Medh Kuu Lash against seed 003 and the readings
 * of notes §5 (numbered "notes N" below).  The seed's page-3 illustration
 * is lost: its captions A-E are rebuilt here as positions set up by hand
 * from the seed's sentences, and each test says how.
 *
 * Positions are written as the game writes them: the rows W1..W8 /
 * M1..M8 / G1..G8 (g green, w wooden, . empty), the side to act, the
 * phase, the turns played.  A throw "3-5" is green's die 3, wooden's 5;
 * for the green player the wooden die is the opponent's (it says what to
 * do) and the green die his own (it says how far), and the other way
 * round for the wooden player (seed §3). */
#include "support.h"

#include "ludoteka/dice.h"
#include "ludoteka/engines.h"
#include "ludoteka/rng.h"

static const char *const ID = "medh-kuu-lash";

/* The legal moves (or throws) by name, space-separated. */
static const char *moves_of(const lt_game *g, const lt_state *s)
{
    static char buf[2048];
    lt_action acts[LT_MAX_ACTIONS];
    int n = lt_choices(g, s, acts);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        char name[64];
        lt_name(g, s, acts[i], name, sizeof name);
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s", i ? " " : "", name);
    }
    return buf;
}

static lt_state *at(const lt_game **g, const char *options, const char *pos)
{
    return start_at(g, ID, options, 0, pos);
}

/* seed §2: eight pieces on each side's own peaks, mornings empty, the
 * ninth off the board; one player throws both dice and the colour of the
 * higher die begins; equal dice are thrown again.  Re-throwing until the
 * dice differ leaves the 30 throws with different faces equally likely,
 * so each side begins with probability 15/30 = 1/2. */
static void opening_throw(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, ID, NULL);
    assert_string_equal(text_of(g, s), "wwwwwwww/......../gggggggg - open 0");
    assert_int_equal(g->current_player(s), LT_CHANCE);
    lt_outcome out[LT_MAX_OUTCOMES];
    int n = g->chance_outcomes(s, out), green_first = 0;
    assert_int_equal(n, 30);
    for (int i = 0; i < n; i++) {
        int f[2];
        assert_int_equal(out[i].weight, 1);
        lt_dice_decode(out[i].action, 2, f);
        assert_int_not_equal(f[0], f[1]);
        green_first += f[0] > f[1];
    }
    assert_int_equal(green_first, 15);
    assert_false(legal(g, s, "4-4"));
    play(g, s, "2-6"); /* the wooden die is higher: Wooden begins */
    /* no piece on a morning, so no pass: the turn starts with the throw */
    assert_string_equal(text_of(g, s), "wwwwwwww/......../gggggggg w roll 0");
    assert_int_equal(g->chance_outcomes(s, out), 36);
    lt_state_free(s);
    s = start(&g, ID, NULL);
    play(g, s, "5-3");
    assert_int_equal(g->current_player(s), LT_CHANCE);
    assert_string_equal(text_of(g, s), "wwwwwwww/......../gggggggg g roll 0");
    lt_state_free(s);
}

/* seed §3: the opponent's die says what, one's own die how.  From the
 * start, throw 3-5.  For Green the opponent's (wooden) die 5 calls for a
 * swap at his own die's distance 3 along the ring, or across the rows.
 * Cells along the ring: G1..G8, then W8..W1.  Pairs with a wooden piece:
 * across every column (G k = W k); at distance 3 over the ring's ends G6
 * and W8, G7 and W7, G8 and W6 (forwards), G1 and W3, G2 and W2, G3 and
 * W1 (backwards).  The pairs of two green pieces (G1 and G4, ...) change
 * nothing: "keep" (§10).  For Wooden the same throw is a move (opponent's
 * die 3) by the sum 8: W8 -> W7 ... -> W1 -> G1 is 8 steps. */
static void dice_roles(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, ID, NULL);
    play(g, s, "5-3 3-5");
    assert_string_equal(moves_of(g, s), "G1=W3 G1=W1 G2=W2 G3=W3 G3=W1 G4=W4 "
                                        "G5=W5 G6=W8 G6=W6 G7=W7 G8=W8 G8=W6 keep");
    lt_state_free(s);
    s = start(&g, ID, NULL);
    play(g, s, "3-5 3-5");
    assert_string_equal(moves_of(g, s),
                        "W8-G1 W7-G2 W6-G3 W5-G4 W4-G5 W3-G6 W2-G7 W1-G8");
    lt_state_free(s);
}

/* §4: 1+1 removes one's own piece, 6+6 one of the opponent's, whatever
 * the position (here the start, Green to act). */
static void special_throws(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, ID, NULL);
    play(g, s, "5-3 1-1");
    assert_string_equal(moves_of(g, s), "xG1 xG2 xG3 xG4 xG5 xG6 xG7 xG8");
    lt_state_free(s);
    s = start(&g, ID, NULL);
    play(g, s, "5-3 6-6");
    assert_string_equal(moves_of(g, s), "xW8 xW7 xW6 xW5 xW4 xW3 xW2 xW1");
    play_to(g, s, "xW5", "wwww.www/......../gggggggg w roll 1");
    lt_state_free(s);
}

/* Caption A, "bicie zamianą", seed §7: two of the player's pieces on the
 * opposite peaks of a column (one green, one wooden peak) and an enemy
 * piece on the morning between them; having thrown a swap, the player
 * swaps the two and captures it.  Built: Green G1-G4 and W3, Wooden W1 W2
 * W4 W5 and M3; throw 2-4 (Green's own die 2, the wooden die 4: swap).
 * The swaps by hand: at ring distance 2 G1-W2 and G2-W1 (backwards over
 * the ring's end), W3-W1 and W5-W3; across column 3 G3=W3 (the capture),
 * G3=M3 and W3=M3; G4=W4 across column 4; G1-G3 and G2-G4 are green
 * pairs: keep. */
static void a_swap_capture(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, "wwgww.../..w...../gggg.... g deed:2-4 10");
    assert_string_equal(moves_of(g, s), "G1=W2 G1=W1 G2=W2 G2=W1 G3=W3 G3=M3 "
                                        "G4=W4 W5=W3 W3=W1 W3=M3 keep");
    play_to(g, s, "G3=W3", "wwgww.../......../gggg.... w roll 11");
    lt_state_free(s);
    /* with a green piece between, the same swap is of two own pieces and
     * captures nothing: it is "keep" */
    s = at(&g, NULL, "wwgww.../..g...../gggg.... g deed:2-4 10");
    assert_false(legal(g, s, "G3=W3"));
    assert_true(legal(g, s, "keep"));
    lt_state_free(s);
}

/* §6, last sentence: a player reaches a morning also by swapping his peak
 * piece with an enemy piece on the morning of that column.  Green has M1
 * M2 M3 and G4, a wooden piece on M4; the swap G4=M4 (throw 3-4) puts all
 * four green pieces on mornings: seed §1, Green wins. */
static void win_all_on_mornings(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, "wwwwwww./gggw..../...g.... g deed:3-4 7");
    play_to(g, s, "G4=M4", "wwwwwww./gggg..../...w.... g won 8");
    /* RULES.md, Endings */
    assert_end2(g, s, 1, -1, "all its pieces on mornings", "wszystkie jego pionki na porankach");
    assert_info(g, s, "Green wins", "Wygrywa: Zielone");
    assert_info(g, s, "all its pieces on mornings", "wszystkie jego pionki na porankach");
    lt_state_free(s);
}

/* Caption B, "spadek o 5 pól", seed §3: a 6 on the opponent's die makes a
 * piece fall from its morning to the peak below (towards its player) and
 * go on to the right by its own die less one: own die 5, a fall of five
 * cells.  Built: Green M2, G1 G3 G4 G5 G7 G8; throw 5-6.  The fall: M2 ->
 * G2 (1), G3, G4, G5 (passed over, notes 4), G6 (5). */
static void b_fall_of_five(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, "wwwwwwww/.g....../g.ggg.gg g deed:5-6 20");
    assert_string_equal(moves_of(g, s), "M2-G6");
    play_to(g, s, "M2-G6", "wwwwwwww/......../g.gggggg w roll 21");
    lt_state_free(s);
    /* Wooden falls towards his own row: throw 6-5 (his own die 5), M2 ->
     * W2 (1), W1, G1, G2, G3 (5); the green piece on G3 is pushed into
     * M3 (notes 5) */
    s = at(&g, NULL, "wwwwwww./.w....../gggggggg w deed:6-5 20");
    assert_string_equal(moves_of(g, s), "M2-G3");
    play_to(g, s, "M2-G3", "wwwwwww./..g...../ggwggggg g roll 21");
    lt_state_free(s);
}

/* notes 11: a fall with own die 1 just drops to the own peak; a piece
 * there is pushed into the morning just left.  With no piece on a
 * morning the fall is impossible and becomes a move by the sum (§3). */
static void fall_of_one_and_fallback(void **st)
{
    const lt_game *g;
    /* G4 green: it goes up into M4, the column is unchanged */
    lt_state *s = at(&g, NULL, "wwwwwww./...g..../wggg.... g deed:1-6 3");
    assert_string_equal(moves_of(g, s), "M4-G4");
    play_to(g, s, "M4-G4", "wwwwwww./...g..../wggg.... w roll 4");
    lt_state_free(s);
    /* G4 wooden: it goes up into M4 */
    s = at(&g, NULL, "wwwww.../...g..../wggw.g.. g deed:1-6 3");
    play_to(g, s, "M4-G4", "wwwww.../...w..../wggg.g.. w roll 4");
    lt_state_free(s);
    /* no green piece on a morning: 2-6 is a move by 8 */
    s = at(&g, NULL, "wwwwwwww/......../gggggggg g deed:2-6 3");
    assert_string_equal(moves_of(g, s), "G1-W8 G2-W7 G3-W6 G4-W5 G5-W4 G6-W3 "
                                        "G7-W2 G8-W1");
    lt_state_free(s);
}

/* Caption C, "wepchnięty pionek bije przeciwny kolor", seed §6: a piece
 * stopping on an occupied peak pushes that piece into the morning of the
 * column; a piece there of the other colour than the pushed one is
 * captured.  Built: Green G1 G6 G7 G8, Wooden W1-W7 and M6; throw 3-2
 * (own die 3, wooden die 2: a move by 5), G1 -> G6: the green piece on G6
 * goes into M6 and captures the wooden one.  Then a wooden piece on G6
 * pushed onto a green M6 captures the green piece (notes 5: whatever the
 * occupant's colour). */
static void c_pushed_piece_captures(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, "wwwwwww./.....w../g....ggg g deed:3-2 0");
    play_to(g, s, "G1-G6", "wwwwwww./.....g../.....ggg w roll 1");
    lt_state_free(s);
    s = at(&g, NULL, "wwwwwww./.....g../gg...wgg g deed:3-2 0");
    play_to(g, s, "G1-G6", "wwwwwww./.....w../.g...ggg w roll 1");
    lt_state_free(s);
}

/* Caption D, "przepycha swój na wolne miejsce", seed §6: a piece pushed
 * onto a morning held by its own colour pushes that one on, left or
 * right, along a run of its colour: to a free morning first, only failing
 * that into a capture (notes 6).  Built: Green G1 G4 M4 M5, Wooden W1-W7
 * M3; throw 2-1 (the wooden die 1: a move by 3).  G1 -> G4 sends the
 * green G4 piece into M4; towards M1 the chain would capture on M3,
 * towards M8 it runs over M5 to the free M6, so it goes right, with no
 * choice to make. */
static void d_pushed_piece_pushes_its_own(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, "wwwwwww./..wgg.../g..g.... g deed:2-1 0");
    assert_string_equal(moves_of(g, s), "G1-G4 G4-G7");
    play_to(g, s, "G1-G4", "wwwwwww./..wggg../...g.... w roll 1");
    lt_state_free(s);
    /* M3 free as well: both ways end free and the player chooses; the
     * board stays as it was until he has chosen */
    s = at(&g, NULL, "wwwwwww./...gg.w./g..g.... g deed:2-1 0");
    play_to(g, s, "G1-G4", "wwwwwww./...gg.w./g..g.... g push:2-1:G1 0");
    assert_string_equal(moves_of(g, s), "push-M3 push-M6");
    play_to(g, s, "push-M3", "wwwwwww./..ggg.w./...g.... w roll 1");
    lt_state_free(s);
    /* an enemy at both ends: a capture either way, chosen */
    s = at(&g, NULL, "wwwwww../..wggw../g..g.... g deed:2-1 0");
    play(g, s, "G1-G4");
    assert_string_equal(moves_of(g, s), "push-M3 push-M6");
    play_to(g, s, "push-M6", "wwwwww../..wggg../...g.... w roll 1");
    lt_state_free(s);
    /* a run to the end of the row one way (the chain may not leave the
     * row), an enemy the other way: the capture on M3 is forced */
    s = at(&g, NULL, "wwwwwww./..wggggg/g..g.... g deed:2-1 0");
    play_to(g, s, "G1-G4", "wwwwwww./..gggggg/...g.... w roll 1");
    lt_state_free(s);
}

/* notes 6, last sentence: when neither way is open the pushed piece
 * itself is captured.  Wooden holds all eight mornings and G3; Green W1
 * moves by 3 (throw 2-1) over the ring's end to G3: the wooden piece
 * there has nowhere to go and is lost - which leaves all of Wooden's
 * pieces on mornings, and Wooden wins by Green's move (notes 15: both
 * sides are judged). */
static void pushed_piece_with_nowhere_to_go(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, "gggg..../wwwwwwww/g.w..... g deed:2-1 5");
    play_to(g, s, "W1-G3", ".ggg..../wwwwwwww/g.g..... w won 6");
    assert_true(return_of(g, s, 1) == 1 && return_of(g, s, 0) == -1);
    assert_reason(g, s, "all its pieces on mornings", "wszystkie jego pionki na porankach");
    lt_state_free(s);
}

/* Caption E, "trójka pionków – gracz zdejmuje dowolny pionek
 * przeciwnika", seed §7: the player's pieces on the green peak, the
 * morning and the wooden peak of one column let him remove any enemy
 * piece.  Built: Green G2 G5 G8 and W5, Wooden W1-W4 W6-W8; throw 2-1
 * (move by 3): G2 -> G5 pushes the green G5 piece into the free M5, so
 * G5, M5, W5 are green. */
static void e_triple_removes(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, "wwwwgwww/......../.g..g..g g deed:2-1 0");
    play_to(g, s, "G2-G5", "wwwwgwww/....g.../....g..g g remove:2-1:1 0");
    assert_string_equal(moves_of(g, s), "xW8 xW7 xW6 xW4 xW3 xW2 xW1");
    play_to(g, s, "xW1", ".wwwgwww/....g.../....g..g w roll 1");
    lt_state_free(s);
}

/* seed §7, first "!": a triple made by a deed that captured an enemy
 * piece has been used.  As in E, but a wooden piece on M5 is captured by
 * the pushed green piece: the triple stands and nothing more is removed. */
static void triple_made_with_a_capture(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, "wwwwgwww/....w.../.g..g..g g deed:2-1 0");
    play_to(g, s, "G2-G5", "wwwwgwww/....g.../....g..g w roll 1");
    lt_state_free(s);
}

/* seed §7, second "!": replacing a piece inside a triple so that it
 * stands all the time does not make it new; it is new only after it fell
 * to two pieces.  Built: a green triple G5 M5 W5 with G1 G2; Wooden W1-W4
 * W6-W8; Green throws.
 * 1. Throw 1-6: a fall of one, M5 onto G5, whose piece goes up into M5
 *    (notes 11): the triple stood throughout, no removal.
 * 2. Throw 2-6: the fall goes M5 -> G5 -> G6 and the column is down to
 *    two.  Wooden moves W1 -> G3 (throw 1-2: by 3).  Green moves G2 -> G5
 *    (throw 2-1: by 3), pushing the G5 piece into M5: a new triple, one
 *    removal. */
static void used_triple_is_not_renewed(void **st)
{
    const char *pos = "wwwwgwww/....g.../gg..g... g roll 0";
    const lt_game *g;
    lt_state *s = at(&g, NULL, pos);
    play_to(g, s, "1-6 M5-G5", "wwwwgwww/....g.../gg..g... w roll 1");
    lt_state_free(s);
    s = at(&g, NULL, pos);
    play_to(g, s, "2-6 M5-G6", "wwwwgwww/......../gg..gg.. w roll 1");
    play_to(g, s, "1-2 W1-G3", ".wwwgwww/......../ggw.gg.. g roll 2");
    play_to(g, s, "2-1 G2-G5", ".wwwgwww/....g.../g.w.gg.. g remove:2-1:1 2");
    lt_state_free(s);
}

/* notes 13: a triple made by the opponent's deed gives its owner
 * nothing, then or later while it stands.  Green G1 G4 G5 M4 W5, Wooden
 * W1-W4 W6-W8 M3.  Wooden throws 1-3 (his own die 3, the green die 1: a
 * move by 4) and moves W1 -> G4 (over the ring's end): the green G4 piece
 * goes into the green M4; towards M1 the chain would capture on M3,
 * towards M8 it ends on the free M5 - so it goes right, and G5 M5 W5 is a
 * green triple made by Wooden.  Green then moves G1 -> G7 (throw 4-2, by
 * 6) and removes nothing. */
static void triple_made_by_the_opponent(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, "wwwwgwww/..wg..../g..gg... w deed:1-3 0");
    play_to(g, s, "W1-G4", ".wwwgwww/..wgg.../g..wg... g roll 1");
    play_to(g, s, "4-2 G1-G7", ".wwwgwww/..wgg.../...wg.g. w roll 2");
    lt_state_free(s);
}

/* seed §8: a side never has fewer than 4 pieces.  When its fourth is
 * captured, the player who caused it puts that piece back anywhere but on
 * a morning, and adds a piece of the other colour anywhere, mornings
 * too.  Built as C with Wooden down to 4 (W1-W3, M6): after G1 -> G6
 * captures on M6, Green puts the wooden piece back on a free peak (G1-G5,
 * W4-W8; not a morning) and adds a green piece from off the board. */
static void minimum_of_four(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, "www...../.....w../g....ggg g deed:3-2 0");
    play_to(g, s, "G1-G6", "www...../.....g../.....ggg g back:3-2:w:0 0");
    assert_string_equal(moves_of(g, s), "back-G1 back-G2 back-G3 back-G4 back-G5 "
                                        "back-W8 back-W7 back-W6 back-W5 back-W4");
    play_to(g, s, "back-W8", "www....w/.....g../.....ggg g add:3-2:g:0 0");
    assert_true(legal(g, s, "add-M1") && legal(g, s, "add-G1"));
    assert_false(legal(g, s, "add-M6"));
    play_to(g, s, "add-M1", "www....w/g....g../.....ggg w roll 1");
    lt_state_free(s);
}

/* notes 14: with 1+1 at four pieces the player himself is the cause: his
 * piece goes back on a free peak and the opponent gets one added, placed
 * by the player - here making Wooden 9 against Green's 4, which wins for
 * Wooden (seed §9: "9 do 4 ... gracz z 9 pionkami wygrywa"). */
static void self_removal_at_four(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, "wwwwwwww/......../gggg.... g deed:1-1 5");
    assert_string_equal(moves_of(g, s), "xG1 xG2 xG3 xG4");
    play_to(g, s, "xG1", "wwwwwwww/......../.ggg.... g back:1-1:g:0 5");
    assert_string_equal(moves_of(g, s), "back-G1 back-G5 back-G6 back-G7 back-G8");
    play_to(g, s, "back-G8 add-M1", "wwwwwwww/w......./.ggg...g w won 6");
    assert_true(return_of(g, s, 1) == 1);
    lt_state_free(s);
}

/* seed §9: the lead of 9 to 4 arises when adding; the player with 9
 * wins.  Green has 8 and captures Wooden's fourth (as in C): the wooden
 * piece goes back, Green's ninth is added, 9 to 4. */
static void nine_to_four(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, "www...../.....w../gggggggg g deed:3-2 0");
    play_to(g, s, "G1-G6 back-G1 add-W8", "www....g/.....g../wggggggg g won 1");
    assert_end(g, s, 0, 1, "a lead of 9 pieces to 4", "przewaga 9 pionków do 4");
    lt_state_free(s);
}

/* notes 15: when one deed makes both sides winners, the player who made
 * it wins.  Green (9 pieces, a new triple G1 M1 W1) removes Wooden's only
 * peak piece W8: Wooden is left with 4, all on mornings (§1), and Green
 * has 9 to 4 (§9). */
static void both_win_at_once(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, "g......w/gwwww.../ggggggg. g remove:3-2:1 9");
    play_to(g, s, "xW8", "g......./gwwww.../ggggggg. g won 10");
    assert_end(g, s, 0, 1, "a lead of 9 pieces to 4; Wooden reached a goal in the same deed: "
               "the mover wins",
               "przewaga 9 pionków do 4; tym samym ruchem cel osiągnął też przeciwnik "
               "(Drewniane): wygrywa wykonujący ruch");
    lt_state_free(s);
    /* the same removal by 6+6 from a Green without 9: Wooden wins */
    s = at(&g, NULL, ".......w/wwww..../ggggg... g deed:6-6 3");
    assert_string_equal(moves_of(g, s), "xW8 xM1 xM2 xM3 xM4");
    play_to(g, s, "xW8", "......../wwww..../ggggg... w won 4");
    lt_state_free(s);
}

/* seed §10: before throwing, a player may give up his move by taking a
 * piece from a morning down to his own peak below, which must be free.
 * The pass is offered only when possible. */
static void pass(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, NULL, "wwwwwww./...g..../ggg..ggg g start 2");
    assert_string_equal(moves_of(g, s), "roll pass-M4");
    play_to(g, s, "pass-M4", "wwwwwww./......../gggg.ggg w roll 3");
    lt_state_free(s);
    s = at(&g, NULL, "wwwwwww./.......w/gggggggg w start 2");
    assert_string_equal(moves_of(g, s), "roll pass-M8");
    play(g, s, "roll");
    assert_int_equal(g->current_player(s), LT_CHANCE);
    lt_state_free(s);
    /* the peak below occupied: no pass, and no "start" phase */
    lt_error err = {0};
    s = start(&g, ID, NULL);
    assert_int_not_equal(g->read_state(s, "wwwwwww./...g..../gggg.ggg g start 2", &err),
                         LT_OK);
    lt_state_free(s);
}

/* notes 18: the turn cap draws (option cap). */
static void turn_cap(void **st)
{
    const lt_game *g;
    lt_state *s = at(&g, "cap=10", "wwwwwwww/......../gggggggg g deed:2-4 9");
    play_to(g, s, "keep", "wwwwwwww/......../gggggggg - drawn 10");
    assert_end2(g, s, 0, 0, "draw: the turn cap (10 turns)", "remis: limit tur (10)");
    assert_info(g, s, "draw: the turn cap (10 turns)", "remis: limit tur (10)");
    lt_state_free(s);
}

/* What a front end draws: three rows of eight (wooden peaks on top),
 * the pieces and the ninth of each side off the board, both dice with
 * their owners, and the cells of a move and of the swap capture. */
static void view(void **st)
{
    const lt_game *g;
    lt_state *s = start(&g, ID, NULL);
    static lt_view v;
    g->render(s, &v);
    assert_int_equal(v.width, 8);
    assert_int_equal(v.height, 3);
    assert_int_equal(v.ncells, 24);
    assert_int_equal(v.npieces, 18);
    int off = 0;
    for (int i = 0; i < v.npieces; i++)
        off += v.pieces[i].cell < 0;
    assert_int_equal(off, 2);
    for (int i = 0; i < v.ncells; i++) {
        const lt_cell *c = &v.cells[i];
        int row = c->name[0] == 'W' ? 0 : c->name[0] == 'M' ? 1 : 2;
        assert_int_equal(c->y, row);
        assert_int_equal(c->x, c->name[1] - '1');
    }
    assert_int_equal(v.nlinks, 14); /* the two rows of peaks */
    assert_int_equal(v.ndice, 2);
    play(g, s, "5-3 2-4");
    memset(&v, 0, sizeof v);
    g->render(s, &v);
    assert_true(v.dice[0].owner == 0 && v.dice[0].value == 2);
    assert_true(v.dice[1].owner == 1 && v.dice[1].value == 4);
    lt_state_free(s);

    int cells[8];
    lt_action a;
    s = at(&g, NULL, "wwgww.../..w...../gggg.... g deed:2-4 10");
    assert_int_equal(lt_parse(g, s, "G3=W3", &a, NULL), LT_OK);
    assert_int_equal(g->action_cells(s, a, cells, 8), 3);
    assert_string_equal(v.cells[cells[2]].name, "M3");
    lt_state_free(s);
    s = at(&g, NULL, "wwwwwwww/.g....../g.ggg.gg g deed:5-6 20");
    assert_int_equal(lt_parse(g, s, "M2-G6", &a, NULL), LT_OK);
    assert_int_equal(g->action_cells(s, a, cells, 8), 2);
    assert_string_equal(v.cells[cells[0]].name, "M2");
    assert_string_equal(v.cells[cells[1]].name, "G6");
    lt_state_free(s);
}

/* The rules treat the colours alike: turning the board half round (G k
 * <-> W 9-k, M k <-> M 9-k) and swapping the colours, the dice and the
 * side gives the same position for the other player.  Text of that
 * position, for the phases roll, start and deed. */
static void mirror(const char *text, char *out)
{
    char rows[3][9], side, phase[32];
    unsigned turns;
    assert_int_equal(sscanf(text, "%8c/%8c/%8c %c %31s %u", rows[0], rows[1],
                            rows[2], &side, phase, &turns), 6);
    char m[3][9] = {{0}};
    for (int r = 0; r < 3; r++)
        for (int k = 0; k < 8; k++) {
            char c = rows[2 - r][7 - k];
            m[r][k] = c == 'g' ? 'w' : c == 'w' ? 'g' : c;
        }
    if (strncmp(phase, "deed:", 5) == 0) { /* green's die first: swap */
        char t = phase[5];
        phase[5] = phase[7];
        phase[7] = t;
    }
    sprintf(out, "%s/%s/%s %c %s %u", m[0], m[1], m[2], side == 'g' ? 'w' : 'g',
            phase, turns);
}

/* The evaluation: zero at the symmetric start; in a quiet position where
 * Green has three pieces more (8 against 5, nothing threatened) it
 * favours Green; within the returns and zero-sum; and it respects the
 * symmetry of the colours, as do the legal moves (checked along a seeded
 * random game). */
static void evaluation(void **st)
{
    const lt_game *g;
    double v[2], w[2];
    lt_state *s = start(&g, ID, NULL);
    lt_engines_of(g)->evaluate(s, v);
    assert_true(v[0] == 0 && v[1] == 0);
    lt_state_free(s);
    s = at(&g, NULL, "wwwww.../......../gggggggg w roll 30");
    lt_engines_of(g)->evaluate(s, v);
    assert_true(v[0] > 0 && v[0] < 1 && v[1] == -v[0]);
    lt_state_free(s);

    s = start(&g, ID, NULL);
    lt_state *t = start(&g, ID, NULL);
    lt_rng rng;
    lt_rng_seed(&rng, 3, 0);
    int checked = 0;
    while (g->current_player(s) != LT_TERMINAL) {
        char here[128], there[128];
        strcpy(here, text_of(g, s));
        if (!strstr(here, " - ") && (strstr(here, "roll") || strstr(here, "start") ||
                                     strstr(here, "deed"))) {
            mirror(here, there);
            set_position(g, t, there);
            lt_engines_of(g)->evaluate(s, v);
            lt_engines_of(g)->evaluate(t, w);
            assert_true(v[0] == w[1] && v[1] == w[0]);
            lt_action a1[LT_MAX_ACTIONS], a2[LT_MAX_ACTIONS];
            assert_int_equal(lt_choices(g, s, a1), lt_choices(g, t, a2));
            checked++;
        }
        g->apply(s, lt_rng_play(&rng, g, s));
    }
    assert_true(checked > 100);
    lt_state_free(s);
    lt_state_free(t);
}

static void bad_positions(void **st)
{
    static const char *const bad[] = {
        "wwwwwwww/......../gggggggg",                 /* no side, phase, turns */
        "wwwwwwww/......../ggggggg g roll 0",         /* a short row */
        "wwwwwwww/......../gggggggx g roll 0",        /* no such piece */
        "www...../......../gggggggg g roll 0",        /* Wooden with 3 */
        "wwwwwwww/gg....../gggggggg g roll 0",        /* Green with 10 */
        "......../wwww..../gggggggg g roll 3",        /* Wooden has won */
        "wwwwwwww/......../gggggggg g start 0",       /* no pass possible */
        "wwwwwwww/......../gggggggg g deed 0",        /* a deed without dice */
        "wwwwwwww/......../gggggggg g deed:7-1 0",    /* no such die */
        "wwwwwwww/......../gggggggg g roll 1000",     /* at the cap */
        "wwwwwwww/......../gggggggg x roll 0",        /* no such side */
        "wwwwwwww/......../gggggggg - roll 0",        /* nobody to throw */
        "wwwwwwww/......../gggggggg g open 0",        /* the opening has no side */
        "wwwwwwww/......../gggggggg g won 5",         /* Green has not won */
        "wwwwwwww/......../gggggggg g push:2-1:G1 0", /* nothing to push */
        "wwwwwwww/......../gggggggg g remove:2-1:0 0",/* no removal due */
        "wwwwwwww/......../gggggggg g back:2-1:w:0 0",/* Wooden has 8, not 3 */
        "wwwwwwww/......../gggggggg g roll 0 x",      /* trailing text */
        "wwwwwwww/......../gggggggg - drawn 5",       /* a draw before the cap */
    };
    const lt_game *g;
    lt_state *s = start(&g, ID, NULL);
    assert_string_equal(text_of(g, s), "wwwwwwww/......../gggggggg - open 0");
    assert_bad_positions(g, s, bad, sizeof bad / sizeof bad[0]);
    lt_state_free(s);
}

TEST_MAIN(cmocka_unit_test(opening_throw),
          cmocka_unit_test(dice_roles),
          cmocka_unit_test(special_throws),
          cmocka_unit_test(a_swap_capture),
          cmocka_unit_test(win_all_on_mornings),
          cmocka_unit_test(b_fall_of_five),
          cmocka_unit_test(fall_of_one_and_fallback),
          cmocka_unit_test(c_pushed_piece_captures),
          cmocka_unit_test(d_pushed_piece_pushes_its_own),
          cmocka_unit_test(pushed_piece_with_nowhere_to_go),
          cmocka_unit_test(e_triple_removes),
          cmocka_unit_test(triple_made_with_a_capture),
          cmocka_unit_test(used_triple_is_not_renewed),
          cmocka_unit_test(triple_made_by_the_opponent),
          cmocka_unit_test(minimum_of_four),
          cmocka_unit_test(self_removal_at_four),
          cmocka_unit_test(nine_to_four),
          cmocka_unit_test(both_win_at_once),
          cmocka_unit_test(pass),
          cmocka_unit_test(turn_cap),
          cmocka_unit_test(view),
          cmocka_unit_test(evaluation),
          cmocka_unit_test(bad_positions))
