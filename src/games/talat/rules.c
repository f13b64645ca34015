/* rules.c — Talat's rules: placing, moving, capturing, freezing, scoring
 * (seed 004; readings in RULES.md). */
#include <assert.h>
#include <string.h>

#include "talat.h"

int tl_line_owner(int cell)
{
    int b = tl_board(cell), r = tl_row(cell);
    return r == 0 ? b : r == TL_SIDE - 1 ? (b + 1) % TL_COLOURS : -1;
}

/* Seed 10 with notes §6 ambiguity 1: exactly one level lower; the same
 * height and more sides; the small triangle takes the tall hexagon (David
 * and Goliath).  Towers of the same height and shape never take each
 * other. */
bool tl_beats(int a, int b)
{
    int ha = a / 3, hb = b / 3;
    return ha == hb + 1 || (ha == hb && a % 3 > b % 3) ||
           (a == 0 && b == TL_KINDS - 1);
}

/* Seed 8, 9: one square straight or diagonally forward; captures also
 * sideways; never backwards.  Forward is up the board for the colour
 * whose start line is row 1, down for the other. */
int tl_step(int colour, int cell, int d)
{
    static const int8_t dfile[TL_DIRS] = {-1, 0, 1, -1, 1};
    int b = tl_board(cell), r = tl_row(cell), f = tl_file(cell) + dfile[d];
    assert(colour == b || colour == (b + 1) % TL_COLOURS);
    if (d < 3)
        r += colour == b ? 1 : -1;
    if (r < 0 || r >= TL_SIDE || f < 0 || f >= TL_SIDE)
        return -1;
    return b * TL_BOARD_CELLS + r * TL_SIDE + f;
}

/* Seed 5, 6: three players place their own nine each (27); two players
 * place eight neutral towers, then nine each (26).  The towers a player
 * who left still had in hand are never placed (tl_leave). */
int tl_towers_to_place(const tl_state *s)
{
    if (s->players == 2)
        return TL_NEUTRAL_USED + 2 * TL_KINDS;
    int n = TL_TOWERS;
    for (int c = 0; s->left && c < TL_COLOURS; c++)
        for (int k = 0; k < TL_KINDS && !tl_in_game(s, c); k++)
            n -= s->at[c * TL_KINDS + k] == TL_HAND;
    return n;
}

bool tl_placing(const tl_state *s)
{
    return s->placed < tl_towers_to_place(s);
}

/* The seats place one tower a turn in seat order, each its own colour;
 * with two players the first eight placed are neutral (seed 6, notes §6
 * ambiguity 8). */
int tl_placing_colour(const tl_state *s)
{
    if (s->players == 2)
        return s->placed < TL_NEUTRAL_USED ? TL_NEUTRAL : s->placed % 2;
    return s->turn;
}

/* The seat after `seat` in seat order that is still in the game. */
static int next_seat(const tl_state *s, int seat)
{
    do
        seat = (seat + 1) % s->players;
    while (!tl_in_game(s, seat));
    return seat;
}

/* Seed 13: two frozen boards end the game; RULES.md (our reading): so
 * does being the last player left. */
static bool game_over(const tl_state *s)
{
    int in = s->players - __builtin_popcount(s->left);
    return __builtin_popcount(s->frozen) >= 2 || in < 2;
}

/* Seed 8, 15: a player moves his own towers, and with two players the
 * neutral ones too — on both of the neutral colour's boards, since the
 * seed lets a player take a red tower with a neutral one (RULES.md). */
bool tl_moves_colour(const tl_state *s, int seat, int colour)
{
    return colour == seat || (s->players == 2 && colour == TL_NEUTRAL);
}

/* Seed 9: never one's own towers; seed 15: a neutral tower moved by a
 * player takes only the other player's towers (notes §6 ambiguity 8). */
bool tl_may_capture(const tl_state *s, int seat, int from, int to)
{
    int t = s->sq[from] - 1, u = s->sq[to] - 1;
    assert(t >= 0 && u >= 0);
    int cu = tl_colour(u);
    return cu != tl_colour(t) && cu != seat && tl_beats(tl_kind(t), tl_kind(u));
}

static int place_actions(const tl_state *s, lt_action *out)
{
    int c = tl_placing_colour(s), n = 0;
    for (int k = 0; k < TL_KINDS; k++) {
        if (s->at[c * TL_KINDS + k] != TL_HAND)
            continue;
        /* seed 5: on one's own start lines (row 1 of board c, row 5 of
         * board c - 1) */
        for (int cell = 0; cell < TL_CELLS; cell++)
            if (!s->sq[cell] && tl_line_owner(cell) == c)
                out[n++] = k * TL_CELLS + cell;
    }
    return n;
}

int tl_legal_actions(const tl_state *s, lt_action *out)
{
    assert(!s->over);
    if (tl_placing(s))
        return place_actions(s, out);
    int n = 0, seat = s->turn;
    for (int cell = 0; cell < TL_CELLS; cell++) {
        int t = s->sq[cell] - 1;
        /* notes §6 ambiguity 2: nobody moves on a frozen board */
        if (t < 0 || !tl_moves_colour(s, seat, tl_colour(t)) ||
            (s->frozen >> tl_board(cell) & 1))
            continue;
        for (int d = 0; d < TL_DIRS; d++) {
            int to = tl_step(tl_colour(t), cell, d);
            if (to < 0)
                continue;
            if (s->sq[to] ? tl_may_capture(s, seat, cell, to) : d < 3)
                out[n++] = TL_MOVE0 + cell * TL_DIRS + d;
        }
    }
    if (n == 0)
        out[n++] = TL_PASS; /* notes §6 ambiguity 5: no move, so pass */
    return n;
}

/* Does any tower on board b have a move or a capture? */
static bool board_has_move(const tl_state *s, int b)
{
    for (int cell = b * TL_BOARD_CELLS; cell < (b + 1) * TL_BOARD_CELLS; cell++) {
        int t = s->sq[cell] - 1;
        if (t < 0)
            continue;
        for (int d = 0; d < TL_DIRS; d++) {
            int to = tl_step(tl_colour(t), cell, d);
            if (to < 0)
                continue;
            int u = s->sq[to] - 1;
            if (u < 0 ? d < 3
                      : tl_colour(u) != tl_colour(t) &&
                            tl_beats(tl_kind(t), tl_kind(u)))
                return true;
        }
    }
    return false;
}

/* Seed 13: a board is frozen when no move can be made on it any more
 * (by either of its colours: every tower on a board is someone's to
 * move).  frozen=no-capture, the published rule: when no capture can be
 * made on it now or later. */
bool tl_board_frozen(const tl_state *s, int b)
{
    if (s->rule == TL_FROZEN_NO_CAPTURE)
        return !tl_capture_reachable(s, b);
    return !board_has_move(s, b);
}

/* Seed 13, notes §6 ambiguity 3: the game ends when a second board is
 * frozen. */
void tl_settle(tl_state *s)
{
    s->frozen = 0;
    s->over = 0;
    if (tl_placing(s)) {
        s->over = game_over(s);
        return;
    }
    for (int b = 0; b < TL_BOARDS; b++)
        if (tl_board_frozen(s, b))
            s->frozen |= (uint8_t)(1u << b);
    s->over = game_over(s);
}

static void place(tl_state *s, lt_action a)
{
    int kind = a / TL_CELLS, cell = a % TL_CELLS;
    int t = tl_placing_colour(s) * TL_KINDS + kind;
    s->sq[cell] = (uint8_t)(t + 1);
    s->at[t] = (uint8_t)cell;
    s->placed++;
    if (tl_placing(s)) {
        s->turn = (uint8_t)(s->players == 3 ? next_seat(s, s->turn)
                                            : s->placed % 2);
        return;
    }
    /* Seed 7: the first seat starts (RULES.md: the eldest is seat 1);
     * with two players the one who placed his ninth tower last. */
    s->turn = (uint8_t)(s->players == 3 ? next_seat(s, TL_COLOURS - 1) : 1);
    tl_settle(s);
}

static void move(tl_state *s, lt_action a)
{
    int from = (a - TL_MOVE0) / TL_DIRS, d = (a - TL_MOVE0) % TL_DIRS;
    int t = s->sq[from] - 1, to = tl_step(tl_colour(t), from, d);
    int u = s->sq[to] - 1, seat = s->turn;
    if (u >= 0) {
        /* seed 11, 15: the captured tower goes to the player who moved */
        s->at[u] = (uint8_t)(TL_TAKEN + seat);
        s->credit[u] = 0;
    }
    s->sq[to] = (uint8_t)(t + 1);
    s->sq[from] = 0;
    s->at[t] = (uint8_t)to;
    /* seed 15 ("za wieże wprowadzone na linie początkowe przeciwnika"),
     * notes §6 ambiguity 8: a neutral tower on a player's start line counts
     * for the other player if he brought it onto that line from off it;
     * moving along the line leaves the credit with whoever brought it */
    if (s->players == 2 && tl_colour(t) == TL_NEUTRAL &&
        tl_line_owner(to) != tl_line_owner(from))
        s->credit[t] = tl_line_owner(to) == 1 - seat ? (uint8_t)(seat + 1) : 0;
    /* only this board changed, so only it can have frozen */
    int b = tl_board(to);
    if (tl_board_frozen(s, b))
        s->frozen |= (uint8_t)(1u << b);
    s->over = game_over(s);
}

void tl_apply(tl_state *s, lt_action a)
{
    assert(!s->over);
    if (a < TL_MOVE0) {
        place(s, a);
        return;
    }
    if (a < TL_PASS)
        move(s, a);
    s->turn = (uint8_t)next_seat(s, s->turn);
}

/* RULES.md (our reading): a player who leaves - resigns, or runs out of
 * time - takes his towers off the boards and out of the game (those in
 * hand are never placed); the towers he captured stay his, but he can no
 * longer win.  The others play on, in the same order, until two boards
 * are frozen, or one of them is left alone and wins. */
void tl_leave(tl_state *s, int seat)
{
    assert(s->players == 3 && !s->over && tl_in_game(s, seat));
    bool placing = tl_placing(s);
    s->left |= (uint8_t)(1u << seat);
    for (int k = 0; k < TL_KINDS; k++) {
        int t = seat * TL_KINDS + k, at = s->at[t];
        if (!tl_on_board(at))
            continue;
        s->sq[at] = 0;
        s->at[t] = TL_HAND;
        s->placed--;
    }
    /* if he was the last to place, play begins: with the first seat still
     * in the game (seed 7) */
    if (placing && !tl_placing(s))
        s->turn = (uint8_t)next_seat(s, TL_COLOURS - 1);
    else if (s->turn == seat)
        s->turn = (uint8_t)next_seat(s, seat);
    tl_settle(s);
}

/* Seed 14, 15: 5 points for every tower captured, 3 for every tower on a
 * start line not its own colour's — for a neutral tower, to the player
 * who moved it there (credit). */
void tl_points(const tl_state *s, int *points)
{
    memset(points, 0, sizeof *points * s->players);
    for (int t = 0; t < TL_TOWERS; t++) {
        int at = s->at[t];
        if (at >= TL_TAKEN) {
            points[at - TL_TAKEN] += 5;
        } else if (tl_on_board(at)) {
            int owner = tl_line_owner(at), c = tl_colour(t);
            if (owner < 0 || owner == c)
                continue;
            if (c < s->players)
                points[c] += 3;
            else if (s->credit[t])
                points[s->credit[t] - 1] += 3;
        }
    }
}

/* Seed 14, notes §6 ambiguity 7: the most points wins; among equals, who
 * captured the stronger tower (height, then sides), then the next
 * strongest, and so on; equal all through, they share the win.  With the
 * captured towers counted by kind, that is: more of the strongest kind
 * where the counts differ. */
unsigned tl_winners(const tl_state *s)
{
    int points[TL_COLOURS], count[TL_COLOURS][TL_KINDS] = {{0}};
    tl_points(s, points);
    for (int t = 0; t < TL_TOWERS; t++)
        if (s->at[t] >= TL_TAKEN)
            count[s->at[t] - TL_TAKEN][tl_kind(t)]++;
    int best = -1;
    unsigned winners = 0;
    for (int p = 0; p < s->players; p++) {
        if (!tl_in_game(s, p))
            continue; /* RULES.md: a player who left cannot win */
        int cmp = best < 0 ? 1 : points[p] - points[best];
        for (int k = TL_KINDS - 1; k >= 0 && cmp == 0; k--)
            cmp = count[p][k] - count[best][k];
        if (cmp > 0) {
            best = p;
            winners = 1u << p;
        } else if (cmp == 0) {
            winners |= 1u << p;
        }
    }
    return winners;
}
