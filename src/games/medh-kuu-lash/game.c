/* game.c — Medh Kuu Lash (seed 003, "Poranki i Szczyty"): the rule book
 * (lt_game), its option, the start, the result and the invariants. */
#include <string.h>

#include "ludoteka/adapt.h"
#include "ludoteka/text.h"
#include "medh.h"

enum { OPT_CAP };

static const lt_option options[] = {
    {NC_("option", "cap"), NULL, CAP_MIN, CAP_MAX, CAP_DEFAULT,
     N_("the game is drawn after this many turns (both players' counted)")},
    {NULL, NULL, 0, 0, 0, NULL}};

/* seed §2: all peaks filled with their own colour, mornings empty; the
 * ninth piece of each side waits off the board (notes 2).  The throw for
 * who begins comes first. */
static lt_status medh_init(medh *s, const lt_config *cfg)
{
    memset(s, 0, sizeof *s);
    for (int k = 0; k < COLS; k++) {
        s->cell[own_peak(GREEN, k)] = GREEN;
        s->cell[own_peak(WOODEN, k)] = WOODEN;
    }
    s->phase = OPENING;
    s->cap = (uint16_t)cfg->value[OPT_CAP];
    return LT_OK;
}

static int medh_current_player(const medh *s)
{
    switch (s->phase) {
    case OPENING:
    case ROLL: return LT_CHANCE;
    case WON:
    case DRAWN: return LT_TERMINAL;
    default: return s->turn;
    }
}

static void medh_returns(const medh *s, double *out)
{
    out[0] = out[1] = 0;
    if (s->phase == WON) {
        out[s->turn] = 1;
        out[1 - s->turn] = -1;
    }
}

static bool in_turn(int phase)
{
    return phase >= DEED && phase <= REMOVE;
}

/* What is wrong with the state, or NULL. */
static const char *fault(const medh *s)
{
    for (int c = 0; c < CELLS; c++)
        if (s->cell[c] > WOODEN)
            return "a cell holds an unknown piece";
    if (s->phase > DRAWN || s->turn > 1 || s->cap < CAP_MIN || s->cap > CAP_MAX)
        return "phase, side or cap out of range";
    int victim = s->victim;
    bool placing = s->phase == BACK || s->phase == ADD;
    if (placing != (victim == GREEN || victim == WOODEN))
        return "a piece goes back (and one is added) only after a side "
               "fell to three";
    for (int c = GREEN; c <= WOODEN; c++) {
        int n = medh_count(s, c);
        if (s->phase == BACK && c == victim) {
            if (n != MIN_PIECES - 1)
                return "while its piece goes back, a side has 3 pieces";
        } else if (s->phase == ADD && c == victim) {
            if (n != MIN_PIECES)
                return "after its piece went back, a side has 4 pieces";
        } else if (s->phase == ADD && c != victim && n >= PIECES) {
            return "a piece is added only from pieces off the board";
        } else if (n < MIN_PIECES || n > PIECES) {
            return "each side has 4 to 9 pieces on the board";
        }
    }
    bool thrown = s->die[0] >= 1 && s->die[0] <= 6 && s->die[1] >= 1 &&
                  s->die[1] <= 6;
    if (in_turn(s->phase) ? !thrown : s->die[0] || s->die[1])
        return "the dice show a throw exactly while its deed is done";
    if (s->phase == REMOVE ? s->removals < 1 || s->removals > 2
        : placing          ? s->removals > 2
                           : s->removals != 0)
        return "removals for new triples are due only after a deed (1 or 2)";
    if (s->phase == PUSH) {
        medh t = *s;
        t.phase = DEED;
        t.from = 0;
        lt_action acts[MAX_ACTIONS];
        int n = medh_legal_actions(&t, acts);
        bool legal = false;
        for (int i = 0; i < n; i++)
            legal = legal || acts[i] == A_GO + s->from;
        if (!legal || medh_push_choices(&t, s->from) != 3)
            return "a deed waits for the direction of its push only when "
                   "it is legal and both ways are open";
    } else if (s->from) {
        return "only a push waits for a direction";
    }
    if ((s->phase == OPENING || s->phase == DRAWN) && s->turn)
        return "no side is to move";
    if (s->phase == OPENING && s->turns)
        return "the throw for who begins comes before the first turn";
    if (s->phase == START && !medh_can_pass(s, s->turn + 1))
        return "no pass is possible, so the turn starts with the throw (roll)";
    bool over = s->phase == WON || s->phase == DRAWN;
    if (over ? s->turns == 0 || s->turns > s->cap : s->turns >= s->cap)
        return "the number of turns does not fit the cap";
    bool q[2] = {medh_qualifies(s, GREEN), medh_qualifies(s, WOODEN)};
    if (s->phase == WON && !q[s->turn])
        return "the winner has neither all pieces on mornings nor 9 to 4";
    if (s->phase == DRAWN && (s->turns != s->cap || q[0] || q[1]))
        return "a draw comes at the turn cap, with no winner";
    if (s->phase <= PUSH && (q[0] || q[1]))
        return "a side has already won";
    return NULL;
}

lt_status medh_check(const medh *s, lt_error *err)
{
    const char *why = fault(s);
    if (!why)
        return LT_OK;
    lt_error_set(err, "%s", why);
    return LT_EILLEGAL;
}

static bool medh_invariants_ok(const medh *s)
{
    return medh_check(s, NULL) == LT_OK;
}

const char *const medh_seats[] = {N_("Green"), N_("Wooden")};

LT_ADAPT_RULES_NAMED(medh, medh_)
LT_ADAPT(medh, chance_outcomes, medh_chance_outcomes)

const lt_game lt_medh_kuu_lash = {
    .id = "medh-kuu-lash", .title = N_("Medh Kuu Lash (Mornings and Peaks)"),
    .source = N_("source 003: Medh Kuu Lash, Poranki i Szczyty"),
    .group = LT_GROUP_MEDH, .options = options, .seats = medh_seats,
    .seat_side = lt_side_first_south, LT_TWO_PLAYERS, .has_chance = true,
    .max_actions = MAX_ACTIONS, .max_outcomes = 36, .num_actions = A_COUNT,
    .max_length = 1 + TURN_ACTIONS * CAP_MAX, /* the opening throw, turns */
    LT_RULES_MEMBERS(medh), .chance_outcomes = chance_outcomes_lt};
