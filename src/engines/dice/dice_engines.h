/* dice_engines.h — the engines of the dice games of seed 000: each game's
 * exact odds of a turn and, for the games that leave a decision to the
 * player, its best decision (the exact solution); the frame around them
 * (lt_engines.odds, lt_engines.simulate), the perfect player and the
 * evaluations.  The rules are the games' (src/games/dice/dicegame.h). */
#ifndef LT_DICE_ENGINES_H
#define LT_DICE_ENGINES_H

#include "../../games/dice/dicegame.h"
#include "ludoteka/ai.h"
#include "ludoteka/engines.h"
#include "ludoteka/rng.h"
#include "rational.h"

/* Exact odds of a turn, as a game's engine computes them (the frame
 * writes them into an lt_odds). */
typedef struct {
    rat win[DICE_SEATS];
    rat none;             /* nobody wins (0 unless the game says) */
    bool has_value;
    rat value;            /* the thrower's expected gain, money units */
    int nchoices;
    lt_action choice[LT_ODDS_CHOICES];
    rat choice_value[LT_ODDS_CHOICES];
    char note[192];       /* in the reader's language */
} dice_chances;

/* A dice game's engine: the exact odds of the turn in progress (phase
 * PHASE_TURN) and, for the games with decisions, the best one. */
/* Many turns from one start, as dice_simulate plays them, only faster:
 * the same throws from the same generator, the same outcomes. */
typedef struct dice_fast dice_fast;
typedef void (*dice_fast_turns)(const dice_state *start, uint64_t n,
                                dice_fast *, lt_turn_tally *);

typedef struct {
    const dice_rules *rules; /* the game's turn rules: the key */
    void (*odds)(const dice_state *, dice_chances *);
    lt_action (*best)(const dice_state *); /* NULL: no decisions */
    dice_fast_turns fast;  /* NULL: the rules played step by step */
} dice_engine;
/* The engine of the game whose turn rules are these (dice.c). */
const dice_engine *dice_engine_of(const dice_rules *);

/* ---- the frame (odds.c, simulate.c): lt_engines.odds, .simulate ---- */
lt_status dice_odds(const lt_state *, unsigned flags, lt_odds *, lt_error *);
bool dice_simulate(const lt_game *, const lt_config *, uint64_t n,
                   lt_rng *, lt_turn_tally *);
/* The same, always by the rules step by step (never dice_engine.fast):
 * what a game's fast loop must agree with, turn for turn. */
bool dice_simulate_steps(const lt_game *, const lt_config *, uint64_t n,
                         lt_rng *, lt_turn_tally *);

/* ---- fast simulation (simulate.c) ----
 * The throws of three dice exactly as dice_source_roll draws them from
 * the generator (each output's bytes from the lowest; a byte below 216 is
 * the throw byte % 216 in base 6, the others do not count), but inline
 * and without a branch on the bytes: whole outputs are turned into the
 * sums they give, in order, into a ring the turns take them from.  (So
 * the generator may end up further on than the throws used.) */
enum { DICE_RING = 64 };
struct dice_fast {
    uint64_t s[4];     /* xoshiro256** as lt_rng_next */
    uint32_t head, tail; /* sums ring[head..tail) not yet thrown */
    uint8_t ring[DICE_RING];
    uint8_t sum3[256]; /* a byte's sum of three dice, 0: does not count */
};

static inline uint64_t dice_fast_next(dice_fast *f)
{
    return lt_rng_step(f->s);
}

/* Four outputs into the empty ring: at most 32 sums. */
static inline void dice_fast_fill(dice_fast *f)
{
    uint32_t tail = 0;
    for (int k = 0; k < 4; k++) {
        uint64_t bits = dice_fast_next(f);
        for (int b = 0; b < 8; b++, bits >>= 8) {
            uint8_t sum = f->sum3[bits & 255];
            f->ring[tail] = sum;
            tail += sum != 0;
        }
    }
    f->head = 0;
    f->tail = tail;
}

/* The sum of the next throw of three dice. */
static inline int dice_fast_sum3(dice_fast *f)
{
    if (f->head == f->tail)
        dice_fast_fill(f);
    return f->ring[f->head++];
}

/* Hazard's turns (hazard.c). */
void hazard_fast(const dice_state *, uint64_t, dice_fast *, lt_turn_tally *);

/* ---- helpers of the games' odds (odds.c) ---- */
/* Probabilities of the contenders of dice_best when each still to throw
 * draws a score from dist (weights over 0..DIST_MAX-1, total `total`),
 * the one throwing now from `now` (or dist if NULL), the best score
 * (highest, or lowest if `low`) wins and ties play off fairly. */
enum { DIST_MAX = 40 };
void dice_best_odds(const dice_state *, const uint32_t *dist, uint32_t total,
                    const uint32_t *now, uint32_t now_total, bool low,
                    rat *win);
/* Weights of the sums of k dice (total 6^k) into w[0..DIST_MAX). */
void dice_sum_weights(int k, uint32_t *w);
/* The chance (into out) that the numbers of a dice_duel turn still to
 * give come out as mine and theirs; 0 if they cannot. */
void duel_numbers_chance(const dice_state *, int mine, int theirs,
                         bool mine_first, bool distinct, rat *out);
/* The odds of a stop-or-throw turn into d: the thrower me wins with
 * probability *pw, the other with *pl, nobody otherwise; the thrower's
 * expected gain is *v / per_unit money units. */
void duel_chances(dice_chances *d, int me, int other, const rat *pw,
                  const rat *pl, const rat *v, uint64_t per_unit);

/* ---- each game's (src/engines/dice/<game>.c) ---- */
void extreme_odds(const dice_state *, dice_chances *);
void one_and_two_odds(const dice_state *, dice_chances *);
void triples_odds(const dice_state *, dice_chances *);
void hazard_odds(const dice_state *, dice_chances *);
void marlota_odds(const dice_state *, dice_chances *);
void riffa_odds(const dice_state *, dice_chances *);
void pair_and_ace_odds(const dice_state *, dice_chances *);
void panquist_odds(const dice_state *, dice_chances *);
void guirguiesca_odds(const dice_state *, dice_chances *);
void half_hazard_odds(const dice_state *, dice_chances *);
void rising_hazard_odds(const dice_state *, dice_chances *);
lt_action half_hazard_best(const dice_state *);
lt_action rising_hazard_best(const dice_state *);
/* The evaluations of the games with stakes (lt_engines.evaluate): each
 * seat's expected return from its equity and the turn in progress. */
void half_hazard_evaluate(const lt_state *, double *);
void rising_hazard_evaluate(const lt_state *, double *);

/* ---- ai:perfect (perfect.c): the game's best decision as a player; the
 * engines list and the levels (all of them perfect) of the games with
 * decisions ---- */
extern const lt_engine dice_perfect_engine;
extern const lt_engine *const dice_perfect_engines[];
extern const char *const dice_perfect_levels[];

#endif
