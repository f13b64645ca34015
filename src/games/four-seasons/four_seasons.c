/* four_seasons.c — Four Seasons chess (seed 000, "Cztery pory roku zwane
 * również Światem"; Alfonso X's Acedrex de los Cuatro Tiempos): the
 * options and the lt_game.  The rules and the readings we chose are in
 * RULES.md beside this file. */
#include "four_seasons.h"

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

static lt_status init(lt_state *st, const lt_config *cfg)
{
    fs4_tables_get();
    fs4_setup((fs4 *)st, cfg);
    return LT_OK;
}

static int num_players(const lt_state *st)
{
    (void)st;
    return SEATS;
}

static int current_player(const lt_state *st)
{
    return fs4_current((const fs4 *)st);
}

static int legal_actions(const lt_state *st, lt_action *out)
{
    return fs4_legal((const fs4 *)st, out);
}

static int chance_outcomes(const lt_state *st, lt_outcome *out)
{
    return fs4_outcomes((const fs4 *)st, out);
}

static void apply(lt_state *st, lt_action a)
{
    fs4_apply((fs4 *)st, a);
}

static void returns(const lt_state *st, double *out)
{
    fs4_returns((const fs4 *)st, out);
}

static int action_name(const lt_state *st, lt_action a, char *buf, size_t size)
{
    return fs4_action_name((const fs4 *)st, a, buf, size);
}

static lt_status parse_action(const lt_state *st, const char *text,
                              lt_action *out)
{
    return fs4_parse_action((const fs4 *)st, text, out);
}

static int write_state(const lt_state *st, char *buf, size_t size)
{
    return fs4_write((const fs4 *)st, buf, size);
}

static lt_status read_state(lt_state *st, const char *text, lt_error *err)
{
    return fs4_read((fs4 *)st, text, err);
}

static void render(const lt_state *st, lt_view *v)
{
    fs4_render((const fs4 *)st, v);
}

static int action_cells(const lt_state *st, lt_action a, int *cells, int max)
{
    return fs4_action_cells((const fs4 *)st, a, cells, max);
}

static uint64_t hash(const lt_state *st)
{
    return fs4_hash((const fs4 *)st);
}

static bool invariants_ok(const lt_state *st)
{
    return fs4_valid((const fs4 *)st, NULL);
}

/* Counts action sequences (dice outcomes included) with the game's own
 * generator, without the checks of the generic walk. */
static uint64_t perft(const lt_state *st, int depth)
{
    const fs4 *s = (const fs4 *)st;
    if (depth == 0)
        return 1;
    lt_action acts[LT_MAX_ACTIONS];
    lt_outcome oc[LT_MAX_OUTCOMES];
    int n = 0;
    if (s->phase == PH_ROLL) {
        n = fs4_outcomes(s, oc);
        for (int i = 0; i < n; i++)
            acts[i] = oc[i].action;
    } else if (s->phase != PH_OVER) {
        n = fs4_legal(s, acts);
    }
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        fs4 child = *s;
        fs4_apply(&child, acts[i]);
        total += perft((const lt_state *)&child, depth - 1);
    }
    return total;
}

static bool in_game(const lt_state *st, int seat)
{
    return fs4_active((const fs4 *)st, seat);
}

static void leave(lt_state *st, int seat)
{
    fs4_leave((fs4 *)st, seat);
}

/* Each army sits at the corner where its king starts: under array A
 * green's is a8 (top left), red's a1, black's h1, white's h8. */
static int seat_side(const lt_state *st, int seat)
{
    const fs4 *s = (const fs4 *)st;
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

static int end_reason(const lt_state *st, char *buf, size_t size)
{
    return fs4_end_reason((const fs4 *)st, buf, size);
}

const lt_game lt_four_seasons = {
    .id = "four-seasons",
    .numbering = LT_NUMBER_ROUNDS,
    .seat_side = seat_side,
    .in_game = in_game,
    .leave = leave,
    .title = N_("Four Seasons Chess"),
    .source = N_("source 000: Cztery pory roku zwane również Światem"),
    .group = LT_GROUP_ALFONSO,
    .options = options,
    .seats = fs4_seats,
    .min_players = SEATS,
    .max_players = SEATS,
    .has_chance = true, /* with dice=one|two */
    .zero_sum = true,
    .min_return = -1.0 / 3.0,
    .max_return = 1,
    .state_size = sizeof(fs4),
    /* one seat can hold at most 4 rooks (14 squares each), 4 knights and
     * 4 alfils (8 each), 16 generals (4 each) and its king (8) */
    .max_actions = 4 * 14 + 4 * 8 + 4 * 8 + 16 * 4 + 8,
    .max_outcomes = 21, /* two dice, unordered */
    .num_actions = A_COUNT,
    /* a turn: roll, choice of die, move; the cap counts turns since the
     * last progress */
    .max_length = 3 * (PROGRESS_MAX + 1) * CAP_MAX,
    .init = init,
    .num_players = num_players,
    .current_player = current_player,
    .legal_actions = legal_actions,
    .chance_outcomes = chance_outcomes,
    .apply = apply,
    .returns = returns,
    .action_name = action_name,
    .parse_action = parse_action,
    .write_state = write_state,
    .read_state = read_state,
    .render = render,
    .action_cells = action_cells,
    .hash = hash,
    .invariants_ok = invariants_ok,
    .perft = perft,
    .end_reason = end_reason,
};
