/* talat.c — Talat (seed 004) as an lt_game: three players on three
 * boards, or two players with a neutral colour.  The rules are in
 * rules.c and freeze.c; RULES.md beside this file says where each comes
 * from. */
#include <assert.h>
#include <string.h>

#include "ludoteka/adapt.h"
#include "talat.h"

enum { OPT_FROZEN };

/* The longest game: 27 placings; then every move either takes a tower one
 * row nearer its goal (at most 4 rows for each of 27 towers) or captures
 * sideways (at most 27), and no three turns in a row are passes, since a
 * board that is not frozen has a move for someone on it. */
enum { MOVES_MAX = TL_TOWERS * 4 + TL_TOWERS,
       LENGTH_MAX = TL_TOWERS + MOVES_MAX + 2 * (MOVES_MAX + 1) };

static const char *const frozen_choices[] = {
    NC_("option value", "no-move"), NC_("option value", "no-capture"), NULL};

static const lt_option options[] = {
    {NC_("option", "frozen"), frozen_choices, 0, 0, TL_FROZEN_NO_MOVE,
     N_("when a board freezes: no-move (the source: nobody can move on it); "
        "no-capture (published rule: no capture can ever be made on it)")},
    {NULL, NULL, 0, 0, 0, NULL}};

static lt_status tl_init(tl_state *s, const lt_config *cfg)
{
    if (cfg->players < 2 || cfg->players > 3)
        return LT_ERANGE;
    memset(s, 0, sizeof *s);
    memset(s->at, TL_HAND, sizeof s->at);
    s->players = (uint8_t)cfg->players;
    s->rule = (uint8_t)cfg->value[OPT_FROZEN];
    return LT_OK;
}

static int num_players(const tl_state *s)
{
    return s->players;
}

static int tl_current_player(const tl_state *s)
{
    return s->over ? LT_TERMINAL : s->turn;
}

void tl_share(int players, const double *win, double *out)
{
    for (int p = 0; p < players; p++)
        out[p] = (players * win[p] - 1) / (players - 1);
}

/* RULES.md: the winner takes 1 and the others -1/(n-1); tied winners
 * share the win. */
static void tl_returns(const tl_state *s, double *out)
{
    double win[TL_COLOURS];
    if (!s->over) {
        memset(out, 0, sizeof *out * s->players);
        return;
    }
    unsigned w = tl_winners(s);
    int k = __builtin_popcount(w);
    for (int p = 0; p < s->players; p++)
        win[p] = (w >> p & 1) ? 1.0 / k : 0;
    tl_share(s->players, win, out);
}

static bool tl_invariants_ok(const tl_state *s)
{
    if (s->players < 2 || s->players > 3 || s->turn >= s->players || s->rule > 1 ||
        s->left >> s->players || (s->left && s->players != 3) ||
        !tl_in_game(s, s->turn))
        return false;
    int placed = 0;
    for (int t = 0; t < TL_TOWERS; t++) {
        int at = s->at[t], c = tl_colour(t);
        if (at >= TL_TAKEN + s->players)
            return false;
        placed += at != TL_HAND;
        if (tl_on_board(at) && !tl_in_game(s, c))
            return false;
        if (tl_on_board(at)) {
            int b = tl_board(at);
            if (s->sq[at] != t + 1 || (c != b && c != (b + 1) % TL_COLOURS))
                return false;
            if (tl_placing(s) && tl_line_owner(at) != c)
                return false;
        } else if (at >= TL_TAKEN && (tl_placing(s) || at - TL_TAKEN == c)) {
            return false;
        }
        int owner = tl_on_board(at) ? tl_line_owner(at) : -1;
        if (s->credit[t] && (s->players != 2 || c != TL_NEUTRAL || owner < 0 ||
                             owner == TL_NEUTRAL || s->credit[t] != 2 - owner))
            return false;
    }
    int count[TL_BOARDS][TL_COLOURS] = {{0}};
    for (int cell = 0; cell < TL_CELLS; cell++) {
        if (!s->sq[cell])
            continue;
        if (s->sq[cell] > TL_TOWERS || s->at[s->sq[cell] - 1] != cell ||
            ++count[tl_board(cell)][tl_colour(s->sq[cell] - 1)] > TL_SIDE)
            return false;
    }
    if (placed != s->placed || s->placed > tl_towers_to_place(s))
        return false;
    tl_state t = *s;
    tl_settle(&t);
    return t.frozen == s->frozen && t.over == s->over;
}

/* Bulk-counted at the last ply: the moves are counted, not made. */
static uint64_t perft(const tl_state *s, int depth)
{
    if (depth <= 0)
        return 1;
    if (s->over)
        return 0;
    lt_action acts[LT_MAX_ACTIONS];
    int n = tl_legal_actions(s, acts);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        tl_state child = *s;
        tl_apply(&child, acts[i]);
        total += perft(&child, depth - 1);
    }
    return total;
}

static const char *const seats[] = {N_("Red"), N_("Blue"), N_("Violet")};

LT_ADAPT_RULES_NAMED(tl_state, tl_)
LT_ADAPT(tl_state, num_players, num_players)
LT_ADAPT(tl_state, display_name, tl_display_name)
LT_ADAPT(tl_state, perft, perft)
LT_ADAPT(tl_state, in_game, tl_in_game)
LT_ADAPT(tl_state, leave, tl_leave)
LT_ADAPT(tl_state, seat_view, tl_seat_view)

const lt_game lt_talat = {
    .id = "talat", .title = N_("Talat"), .source = N_("source 004: Talat"),
    .group = LT_GROUP_TALAT, .options = options, .seats = seats,
    .numbering = LT_NUMBER_ROUNDS, /* three boards: no one side per seat */
    .min_players = 2, .max_players = 3, .default_players = 3,
    .zero_sum = true, .min_return = -1, .max_return = 1, LT_NO_CHANCE,
    /* placing: 9 kinds on 10 squares; moving: 9 own and 8 neutral towers,
     * 5 directions each */
    .max_actions = TL_KINDS * 2 * TL_SIDE, .num_actions = TL_NUM_ACTIONS,
    .max_length = LENGTH_MAX, LT_RULES_MEMBERS(tl_state),
    .num_players = num_players_lt, .display_name = display_name_lt,
    .perft = perft_lt, .in_game = in_game_lt, .leave = leave_lt,
    .seat_view = seat_view_lt};
