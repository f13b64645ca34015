/* simulate.c — many turns of a dice game, fast: the game's own turn
 * rules (the same code lt_game plays), dice drawn straight from the
 * generator, decisions by the game's best play (dice_engine.best); or,
 * for a game that has one, its own loop over turns (dice_engine.fast),
 * which throws the same dice and ends each turn the same way.  The counts
 * are kept in the thread's own tally and added to the caller's at the
 * end (threads' tallies side by side in memory would share cache
 * lines). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "dice_engines.h"

/* A source on the generator's state with its ring empty, as a new
 * dice_source starts with no bytes left. */
static void fast_start(dice_fast *f, const lt_rng *rng)
{
    memset(f, 0, sizeof *f);
    memcpy(f->s, rng->s, sizeof f->s);
    for (int b = 0; b < 216; b++)
        f->sum3[b] = (uint8_t)(b / 36 + b / 6 % 6 + b % 6 + 3);
}

static void add_tally(lt_turn_tally *to, const lt_turn_tally *t)
{
    to->has_value = t->has_value;
    to->turns += t->turns;
    to->none += t->none;
    to->value_sum += t->value_sum;
    to->value_sq += t->value_sq;
    for (int i = 0; i < LT_MAX_PLAYERS; i++)
        to->wins[i] += t->wins[i];
}

/* The start of a turn in seat order, in a match of that one turn (what
 * is left in the pot at its end is split: each player's share of it
 * counts as his); false if no turn can be played. */
static bool turn_start(const lt_game *g, const lt_config *cfg,
                       dice_state *start)
{
    if (g->state_size != sizeof *start ||
        g->init((lt_state *)start, cfg) != LT_OK)
        return false;
    if (start->phase == PHASE_ORDER && !dice_enter_seat_order(start))
        return false;
    if (start->phase != PHASE_TURN || start->turn != 0)
        return false;
    start->turns = 1;
    return true;
}

/* The decisions met, by table: a state's bytes as the hash reads them
 * (from `players` up to `shown`: all a best decision reads) and the
 * decision, found by dice_engine.best the first time.  Turns from one
 * start meet few decision states; past MEMO of them the rest are worked
 * out each time. */
enum {
    MEMO = 1 << 12,
    KEY_AT = offsetof(dice_state, players),
    KEY_LEN = offsetof(dice_state, shown) - offsetof(dice_state, players)
};

_Static_assert(KEY_LEN % 8 == 0, "the key is whole words");

typedef struct {
    uint8_t key[KEY_LEN];
    bool used;
    lt_action a;
} memo;

static lt_action decide(memo *m, const dice_state *s,
                        lt_action (*best)(const dice_state *))
{
    const uint8_t *key = (const uint8_t *)s + KEY_AT;
    if (!m)
        return best(s);
    uint64_t h = 0; /* a quick hash of the key's words */
    for (size_t i = 0; i < KEY_LEN; i += 8) {
        uint64_t w;
        memcpy(&w, key + i, 8);
        h = (h ^ w) * 0x9e3779b97f4a7c15u;
    }
    h ^= h >> 29;
    for (unsigned k = 0, slot = (unsigned)h & (MEMO - 1); k < 8;
         k++, slot = (slot + 1) & (MEMO - 1)) {
        if (!m[slot].used) {
            m[slot].a = best(s);
            memcpy(m[slot].key, key, KEY_LEN);
            m[slot].used = true;
            return m[slot].a;
        }
        if (!memcmp(m[slot].key, key, KEY_LEN))
            return m[slot].a;
    }
    return best(s);
}

/* The turns played by the rules, step by step. */
static void steps(const dice_state *start, uint64_t n, lt_rng *rng,
                  lt_turn_tally *t)
{
    int first = start->order[0];
    int64_t equity0 = dice_equity(start, first);
    lt_action (*best)(const dice_state *) = dice_engine_of(start->rules)->best;
    /* without memory for the table, every decision worked out */
    memo *m = best ? calloc(MEMO, sizeof *m) : NULL;
    dice_source dice = {.rng = rng};
    for (uint64_t k = 0; k < n; k++) {
        dice_state s = *start;
        while (s.phase == PHASE_TURN) {
            lt_action a;
            if (best && dice_turn_player(&s) >= 0)
                a = decide(m, &s, best);
            else
                a = dice_source_roll(&dice, dice_turn_dice(&s));
            dice_apply((lt_state *)&s, a);
        }
        if (s.shown.winner >= 0)
            t->wins[s.shown.winner]++;
        else
            t->none++;
        if (s.money_game) {
            double gain = (double)(dice_equity(&s, first) - equity0) / 2;
            t->value_sum += gain;
            t->value_sq += gain * gain;
        }
        t->turns++;
    }
    free(m);
}

bool dice_simulate(const lt_game *g, const lt_config *cfg, uint64_t n,
                   lt_rng *rng, lt_turn_tally *t)
{
    dice_state start;
    if (!turn_start(g, cfg, &start))
        return false;
    const dice_engine *e = dice_engine_of(start.rules);
    lt_turn_tally own = {.has_value = start.money_game};
    if (e->fast) {
        dice_fast f;
        fast_start(&f, rng);
        e->fast(&start, n, &f, &own);
        memcpy(rng->s, f.s, sizeof f.s);
    } else {
        steps(&start, n, rng, &own);
    }
    add_tally(t, &own);
    return true;
}

bool dice_simulate_steps(const lt_game *g, const lt_config *cfg, uint64_t n,
                         lt_rng *rng, lt_turn_tally *t)
{
    dice_state start;
    if (!turn_start(g, cfg, &start))
        return false;
    lt_turn_tally own = {.has_value = start.money_game};
    steps(&start, n, rng, &own);
    add_tally(t, &own);
    return true;
}
