/* solve.c — 3 Men's Morris solved: a retrograde analysis of every
 * position under each of the twelve combinations of diagonals, movement
 * and rows,
 * by the game's own moves, and the perfect player ("ai:perfect") that
 * plays by it.  The cap is a rule of this game, so the player and the
 * value it reports count it: a win that cannot come before the cap is a
 * draw (the loser can always make it last as long as the table says). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <threads.h>
#include <time.h>

#include "ludoteka/ai.h"
#include "ludoteka/engines.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"
#include "solve.h"

/* A position: the board in base 3 (A1 lowest), then the side to move. */
enum { BOARDS = 19683, STATES = 2 * BOARDS, CONFIGS = 12, WIN = 1000000 };

static m3_value table[CONFIGS][STATES];
static int positions[CONFIGS];
static once_flag solved_once = ONCE_FLAG_INIT;

static int index_of(const m3 *s)
{
    int i = 0;
    for (int p = POINTS - 1; p >= 0; p--)
        i = i * 3 + s->cell[p];
    return 2 * i + s->turn;
}

static int config_of(const m3 *s)
{
    return (s->rows * 2 + s->diagonals) * 3 + s->movement;
}

/* The position of an index as the game would hold it, with the options
 * of config and the cap out of reach; false if read_state would refuse
 * it. */
static bool state_at(int index, int config, m3 *s)
{
    memset(s, 0, sizeof *s);
    s->turn = (uint8_t)(index % 2);
    int men = 0;
    for (int p = 0, b = index / 2; p < POINTS; p++, b /= 3) {
        s->cell[p] = (uint8_t)(b % 3);
        men += s->cell[p] != 0;
    }
    s->movement = (uint8_t)(config % 3);
    s->diagonals = (uint8_t)(config / 3 % 2);
    s->rows = (uint8_t)(config / 6);
    s->cap = CAP_MAX;
    if (!m3_plausible(s, NULL))
        return false;
    s->ply = (uint16_t)(men == 2 * MEN ? 2 * MEN + s->turn : men);
    m3_settle(s);
    return true;
}

/* Passes over the positions: in pass p a position whose move reaches a
 * loss of the other side found in an earlier pass wins in p; one whose
 * moves all reach such wins loses in p; what is never settled is drawn. */
static void solve_config(int config)
{
    static int child[STATES][POINTS];
    static uint8_t nchild[STATES], known[STATES];
    m3_value *value = table[config];
    const lt_game *g = &lt_three_mens_morris;
    int count = 0;
    for (int i = 0; i < STATES; i++) {
        m3 s;
        known[i] = 0;
        nchild[i] = 0;
        if (!state_at(i, config, &s))
            continue;
        count++;
        if (s.result != PLAYING) { /* over: judged for the side to move */
            int first = s.result == WON_FIRST ? 1 : s.result == WON_SECOND ? -1 : 0;
            value[i] = (m3_value){(int8_t)(s.turn ? -first : first), 0};
            known[i] = 1;
            continue;
        }
        lt_action acts[LT_MAX_ACTIONS];
        int n = g->legal_actions((const lt_state *)&s, acts);
        for (int k = 0; k < n; k++) {
            m3 c = s;
            g->apply((lt_state *)&c, acts[k]);
            child[i][nchild[i]++] = index_of(&c);
        }
    }
    positions[config] = count;
    for (int pass = 1, changed = 1; changed; pass++) {
        changed = 0;
        for (int i = 0; i < STATES; i++) {
            if (known[i] || !nchild[i])
                continue;
            bool win = false, all_won = true;
            for (int k = 0; k < nchild[i]; k++) {
                int c = child[i][k];
                bool settled = known[c] && value[c].plies < pass;
                win = win || (settled && value[c].outcome < 0);
                all_won = all_won && settled && value[c].outcome > 0;
            }
            if (win || all_won) {
                value[i] = (m3_value){(int8_t)(win ? 1 : -1), (uint8_t)pass};
                known[i] = 1;
                changed = 1;
            }
        }
    }
    for (int i = 0; i < STATES; i++)
        if (nchild[i] && !known[i])
            value[i] = (m3_value){0, 0};
}

static void solve_all(void)
{
    for (int c = 0; c < CONFIGS; c++)
        solve_config(c);
}

m3_value m3_solved(const m3 *s)
{
    call_once(&solved_once, solve_all);
    return table[config_of(s)][index_of(s)];
}

int m3_positions(const m3 *s)
{
    call_once(&solved_once, solve_all);
    return positions[config_of(s)];
}

int m3_outcome(const m3 *s, int *plies)
{
    if (s->result != PLAYING) {
        *plies = 0;
        return s->result == WON_FIRST ? 1 : s->result == WON_SECOND ? -1 : 0;
    }
    m3_value v = m3_solved(s);
    int first = s->turn ? -v.outcome : v.outcome;
    *plies = v.plies;
    /* RULES.md: White's row counts up to action cap + 1 if Black still
     * answers it (rows=round), else up to the cap, as Black's */
    if (first != 0 &&
        s->ply + v.plies > s->cap + (first > 0 && s->rows == ROWS_ROUND))
        first = 0;
    return first;
}

/* ---- The perfect player ---- */

static void *create(const lt_game *g, const char *params, lt_error *err)
{
    (void)g;
    char words[LT_SPEC_MAX];
    lt_copy(words, sizeof words, params);
    for (char *w = words, *next; w && *w; w = next) {
        next = strchr(w, ':');
        if (next)
            *next++ = '\0';
        /* the table is always solved afresh, in memory, and the cap is a
         * rule: the parameters of other perfect players change nothing */
        if (strcasecmp(w, "solve") && strcasecmp(w, "fresh") &&
            strcasecmp(w, "nocache")) {
            lt_error_set(err, _("ai:perfect: unknown parameter '%s' (expected "
                              "solve, fresh or nocache)"), w);
            return NULL;
        }
    }
    static int instance; /* no state of its own: any non-NULL pointer */
    return &instance;
}

static void destroy(void *inst)
{
    (void)inst;
}

static lt_action choose(void *inst, const lt_state *st, const lt_limits *lim,
                        uint64_t seed, lt_think_info *info)
{
    const m3 *s = (const m3 *)st;
    const lt_game *g = &lt_three_mens_morris;
    (void)inst;
    (void)lim;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    lt_action acts[LT_MAX_ACTIONS], best[LT_MAX_ACTIONS];
    int n = g->legal_actions(st, acts), nbest = 0, best_first = 0;
    long best_score = -2L * WIN;
    for (int i = 0; i < n; i++) {
        m3 c = *s;
        g->apply((lt_state *)&c, acts[i]);
        int plies, first = m3_outcome(&c, &plies);
        int mine = s->turn ? -first : first;
        long score = mine > 0 ? WIN - plies : mine < 0 ? -WIN + plies : 0;
        if (mine == 0 && c.result == PLAYING) {
            /* a draw by the cap only: keep the win that did not fit in
             * view, in case the other side errs */
            m3_value v = m3_solved(&c);
            score = c.turn == s->turn ? v.outcome : -v.outcome;
        }
        if (score > best_score) {
            nbest = 0;
            best_score = score;
            best_first = first;
        }
        if (score == best_score)
            best[nbest++] = acts[i];
    }
    lt_rng rng;
    lt_rng_seed(&rng, seed, 0);
    lt_action a = best[lt_rng_below(&rng, (uint64_t)nbest)];
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (info) {
        *info = (lt_think_info){.best = a};
        info->nodes = m3_positions(s);
        info->seconds = (double)(t1.tv_sec - t0.tv_sec) +
                        (t1.tv_nsec - t0.tv_nsec) * 1e-9;
        info->value[0] = best_first;
        info->value[1] = -best_first;
    }
    return a;
}

static const lt_engine m3_perfect = {
    .name = "perfect",
    .create = create,
    .destroy = destroy,
    .choose = choose,
};

/* The game is solved: the evaluation is the exact value, with
 * the cap counted. */
static void evaluate(const lt_state *st, double *out)
{
    int plies;
    out[0] = m3_outcome((const m3 *)st, &plies);
    out[1] = -out[0];
}

static const lt_engine *const engines[] = {&m3_perfect, NULL};
/* levels 1-4 play perfectly but make mistakes, less often each level
 * (docs/levels.md) */
static const char *const levels[] = {"ai:perfect:blunder=0.65",
                                     "ai:perfect:blunder=0.4",
                                     "ai:perfect:blunder=0.2",
                                     "ai:perfect:blunder=0.08", "ai:perfect"};

const lt_engines lt_three_mens_morris_engines = {
    "three-mens-morris", .engines = engines, .levels = levels,
    .evaluate = evaluate};
