/* four_seasons.c — Four Seasons chess (seed 000, "Cztery pory roku zwane
 * również Światem"; Alfonso X's Acedrex de los Cuatro Tiempos): the
 * options and the lt_game.  The rules and the readings we chose are in
 * RULES.md beside this file. */
#include "four_seasons.h"
#include "ludoteka/adapt.h"

static const char *const arrays[] = {
    NC_("option value", "a"), NC_("option value", "b"), NULL};
static const char *const centres[] = {
    NC_("option value", "blocked"), NC_("option value", "diagonals"),
    NC_("option value", "open"), NULL};
static const char *const alfils[] = {
    NC_("option value", "1-2"), NC_("option value", "2"), NULL};
static const char *const firsts[] = {
    NC_("option value", "each"), NC_("option value", "green"),
    NC_("option value", "off"), NULL};
static const char *const dices[] = {
    NC_("option value", "off"), NC_("option value", "one"),
    NC_("option value", "two"), NULL};

static const lt_option options[] = {
    {NC_("option", "array"), arrays, 0, 0, ARRAY_A,
     N_("setup: a (chessvariants, Ludii's rules text) or b (its mirror image, "
        "Ludii's start position)")},
    {NC_("option", "centre"), centres, 0, 0, CENTRE_BLOCKED,
     N_("the crossed-out centre: blocked (all 16 squares c3-f6), diagonals (the "
        "8 squares on the two lines), open (no lines)")},
    {NC_("option", "alfil"), alfils, 0, 0, ALFIL_UP_TO_2,
     N_("the bishop (alfil): 1-2 (one or two squares diagonally, leaping) or 2 "
        "(the historical alfil: exactly two)")},
    {NC_("option", "first-move"), firsts, 0, 0, FIRST_EACH,
     N_("each player's first move goes towards the next player: each, green "
        "(only the opening move), off")},
    {NC_("option", "dice"), dices, 0, 0, DICE_OFF,
     N_("dice variant: off, one (the die names the piece to move), two (roll "
        "two, choose one)")},
    {NC_("option", "cap"), NULL, CAP_MIN, CAP_MAX, CAP_DEFAULT,
     N_("the game is drawn among the players left after this many turns in a "
        "row without a capture, a promotion or an elimination")},
    {NULL, NULL, 0, 0, 0, NULL}};

static lt_status fs4_init(fs4 *s, const lt_config *cfg)
{
    fs4_tables_get();
    fs4_setup(s, cfg);
    return LT_OK;
}

static int num_players(const fs4 *s)
{
    (void)s;
    return SEATS;
}

static bool fs4_invariants_ok(const fs4 *s)
{
    return fs4_valid(s, NULL);
}

/* Counts action sequences (dice outcomes included) with the game's own
 * generator, without the checks of the generic walk. */
static uint64_t perft(const fs4 *s, int depth)
{
    if (depth == 0)
        return 1;
    lt_action acts[LT_MAX_ACTIONS];
    lt_outcome oc[LT_MAX_OUTCOMES];
    int n = 0;
    if (s->phase == PH_ROLL) {
        n = fs4_chance_outcomes(s, oc);
        for (int i = 0; i < n; i++)
            acts[i] = oc[i].action;
    } else if (s->phase != PH_OVER) {
        n = fs4_legal_actions(s, acts);
    }
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        fs4 child = *s;
        fs4_apply(&child, acts[i]);
        total += perft(&child, depth - 1);
    }
    return total;
}

/* Each army sits at the corner where its king starts: under array A
 * green's is a8 (top left), red's a1, black's h1, white's h8. */
static int seat_side(const fs4 *s, int seat)
{
    for (int i = 0; i < ARRAY_PIECES; i++) {
        const fs4_placement *p = &fs4_arrays[s->array][i];
        if (p->seat != seat || p->kind != K_KING)
            continue;
        bool west = p->square[0] <= 'd', south = p->square[1] <= '4';
        return south ? (west ? LT_SIDE_SOUTHWEST : LT_SIDE_SOUTHEAST)
                     : (west ? LT_SIDE_NORTHWEST : LT_SIDE_NORTHEAST);
    }
    return LT_SIDE_NONE;
}

LT_ADAPT_RULES_NAMED(fs4, fs4_)
LT_ADAPT(fs4, num_players, num_players)
LT_ADAPT(fs4, chance_outcomes, fs4_chance_outcomes)
LT_ADAPT(fs4, perft, perft)
LT_ADAPT(fs4, seat_side, seat_side)
LT_ADAPT(fs4, in_game, fs4_active)
LT_ADAPT(fs4, leave, fs4_leave)

const lt_game lt_four_seasons = {
    .id = "four-seasons", .title = N_("Four Seasons Chess"),
    .source = N_("source 000: Cztery pory roku zwane również Światem"),
    .group = LT_GROUP_ALFONSO, .options = options, .seats = fs4_seats,
    .numbering = LT_NUMBER_ROUNDS, .seat_side = seat_side_lt,
    .min_players = SEATS, .max_players = SEATS,
    .has_chance = true, /* with dice=one|two */
    .zero_sum = true, .min_return = -1.0 / 3.0, .max_return = 1,
    /* one seat can hold at most 4 rooks (14 squares each), 4 knights and
     * 4 alfils (8 each), 16 generals (4 each) and its king (8) */
    .max_actions = 4 * 14 + 4 * 8 + 4 * 8 + 16 * 4 + 8,
    .max_outcomes = 21, /* two dice, unordered */
    .num_actions = A_COUNT,
    /* a turn: roll, choice of die, move; the cap counts turns since the
     * last progress */
    .max_length = 3 * (PROGRESS_MAX + 1) * CAP_MAX, LT_RULES_MEMBERS(fs4),
    .num_players = num_players_lt, .chance_outcomes = chance_outcomes_lt,
    .perft = perft_lt, .in_game = in_game_lt, .leave = leave_lt};
