/* dicegame.h — the frame shared by the twelve dice games of seed 000
 * (sections a-l): a match of turns, the throw for the order of play,
 * bankrolls and pots, the position text and the view.  Each game
 * supplies the rules of one turn (dice_rules); the frame does the rest.
 * Their exact odds, best decisions and simulation are the engines', in
 * the engines' folder of the same name (dice_engines.h).
 *
 * Actions: a throw of k dice is the action lt_dice_encode(k, faces) of
 * its faces sorted from highest to lowest (dice.h, unordered tables: 6, 21
 * or 56 outcomes weighted by their orderings); the decisions of the
 * games that have them come after the largest throw (DICE_STOP,
 * DICE_THROW). */
#ifndef LT_DICE_GAME_H
#define LT_DICE_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "ludoteka/dice.h"
#include "ludoteka/game.h"
#include "ludoteka/rng.h"

enum {
    DICE_SEATS = LT_MAX_PLAYERS,
    DICE_STOP = 216, /* take what was won and end the turn */
    DICE_THROW,      /* throw once more */
    DICE_ACTIONS,
    /* RULES.md of every game: a turn still undecided after this many
     * actions ends with no winner (stakes back).  Every game's chance of
     * reaching it is below 10^-60, so the odds ignore it. */
    DICE_TURN_CAP = 4000,
    DICE_ORDER_CAP = 400, /* the same for the throw for the order */
    DICE_TURNS_MAX = 10   /* the largest `turns` option (a bound the
                           * conformance test plays through) */
};

enum { PHASE_ORDER, PHASE_TURN, PHASE_OVER };

/* The turn in progress is the game's own: a struct of its own that it
 * keeps in dice_state.t (DICE_TURN_SIZE bytes, which the frame zeroes
 * at the start of every turn, so bytes a game leaves alone stay zero
 * and the state's bytes canonical).  Seats are seat numbers (0-based);
 * "pos" is an index into dice_state.order. */
enum { DICE_TURN_SIZE = 16 };
/* Checks that a game's turn struct T fits dice_state.t. */
#define DICE_TURN_FITS(T)                                                   \
    _Static_assert(sizeof(T) <= DICE_TURN_SIZE && _Alignof(T) <= 8,        \
                   #T " fits dice_state.t")
/* The turn of the state s as the game's struct T: a T *, const for a
 * const state. */
#define DICE_TURN(T, s)                                                     \
    _Generic((s), const dice_state *: (const T *)(const void *)(s)->t,     \
             default: (T *)(void *)(s)->t)

/* The state.  Invariant: every field that does not matter in the phase
 * is zero, so the bytes up to `shown` are canonical (the hash reads
 * them) and equal states have equal position texts. */
typedef struct dice_state {
    /* the configuration: set by init, never changed */
    const struct dice_rules *rules; /* the game's: not hashed (an address
                           * differs from run to run) */
    _Alignas(8) uint8_t players; /* at 8 whatever a pointer's size (the
                           * hash reads from here) */
    uint8_t ndice;        /* dice of a throw in the throw for the order */
    uint8_t lowest;       /* order=lowest: the lowest throw goes first */
    uint8_t money_game;   /* the match is played for money */
    uint8_t var[4];       /* the game's own option choices */
    uint16_t turns;       /* turns in the match */
    uint8_t pad0[2];
    int32_t bankroll;     /* each player's money at the start (halves) */
    int32_t stake, pool, unit; /* the game's amounts (halves) */
    /* the match */
    uint8_t phase;        /* PHASE_* */
    uint8_t split;        /* order phase: bit k = a block ends after
                           * position k of order */
    uint16_t turn;        /* turns finished */
    uint16_t steps;       /* actions in the current turn or order throw */
    uint8_t order[DICE_SEATS]; /* seats in order of play; while ordering,
                           * the order found so far (blocks of ties) */
    uint8_t othrow[DICE_SEATS]; /* order phase: per seat, the sum thrown
                           * in the current tie-break, 0 before */
    uint8_t payer;        /* rising-hazard, cover=alternate: who pays the
                           * next unit */
    uint8_t pad1;
    uint16_t won[DICE_SEATS]; /* turns won */
    int32_t money[DICE_SEATS]; /* halves of a money unit */
    int32_t pot;          /* the pool on the table (halves) */
    _Alignas(8) uint8_t t[DICE_TURN_SIZE]; /* the turn (DICE_TURN) */
    /* shown, not part of the position: not written, not hashed */
    struct {
        int8_t seat;      /* who threw last, -1 for nobody yet */
        uint8_t ndice;    /* his dice, */
        int16_t action;   /* and his throw */
        /* the last turn that ended, and why (why == DICE_WHY_NONE: no
         * turn has ended yet, or the position was read from text) */
        int8_t winner;    /* -1: nobody won it */
        uint8_t why;      /* DICE_WHY_*, or the game's own */
        int8_t by;        /* the seat whose throw or choice decided it */
        uint8_t tdice;    /* the dice of the throw that decided it, */
        int16_t taction;  /* and the throw */
        uint8_t v[3];     /* numbers the reason names (DICE_WHY_*) */
        uint8_t broke;    /* bit per seat: could not cover what he had
                           * to put in, which ended the match */
        uint8_t playoff;  /* the turn in progress went to a play-off of
                           * the tied (highest, lowest, riffa,
                           * one-and-two) */
        uint8_t pad;
        uint16_t turn;    /* its number, from 1 */
        int32_t amount;   /* money the reason names (halves) */
    } shown;
} dice_state;

/* Why a turn ended - "by" is the seat whose throw or choice decided it,
 * v[] the numbers named: the reasons the frame words (ending.c), then
 * each game's own from DICE_WHY_GAME on, which its rules word
 * (dice_rules.why_words). */
enum {
    DICE_WHY_NONE,
    DICE_WHY_CAP,          /* DICE_TURN_CAP reached: nobody wins */
    DICE_WHY_HIGHEST,      /* best.c: v0 the score, v1 the next best, v2 1
                            * after a play-off of the tied */
    DICE_WHY_LOWEST,       /* the same, lowest */
    DICE_WHY_GAME          /* the first of a game's own */
};

/* How a game ends its turn (dice_end_turn). */
typedef struct {
    uint8_t why;          /* DICE_WHY_*, or the game's own */
    int8_t by;            /* the seat that decided it */
    uint8_t v[3];
    int32_t amount;       /* halves */
} dice_why;

/* The rules of one game's turn.  The frame calls turn_start when the
 * order of play is fixed; the game calls dice_end_turn when its turn is
 * decided. */
/* What the frame has ready when a game words the reason its turn ended
 * (dice_rules.why_words), in the voice of the line on the last turn or of
 * the end's reason (ending.c). */
typedef struct {
    const dice_state *s;  /* shown.why, shown.v: the reason */
    bool own;             /* the seat that decided it won it */
    int sum;              /* the sum of the throw that decided it, 0: none */
    const char *faces;    /* ... and its faces ("6-5-4") */
    const char *owner;    /* the winner, as "%s's" names him */
    const char *money;    /* shown.amount as money */
    const char *playoff;  /* " in the play-off" after one (v2), else "" */
} dice_reason;

/* "threw 9, <what>" (what: NC_("threw", ...)), with the money named
 * after it if `money`: for why_words. */
void dice_threw(const dice_reason *, const char *what, bool money, char *buf,
                size_t size, size_t *len);

typedef struct dice_rules {
    int ndice;            /* dice of a throw for the order (3; 2) */
    int order_throw;      /* ORDER_NONE, ORDER_EACH_TURN, ORDER_ONCE */
    bool money;           /* played for money */
    /* reads the game's options into the state (var, turns, amounts) */
    void (*configure)(dice_state *, const lt_config *);
    /* optional: the seats that cannot cover what they must put in for
     * a turn (bit per seat); asked before the throw for the order; any
     * ends the match */
    unsigned (*short_of)(const dice_state *);
    /* optional: begins the turn (order fixed, the turn's fields zero):
     * payments, the turn's own set-up; false if a player cannot cover
     * what he must put in (dice_can_pay says who; the match ends) */
    bool (*turn_start)(dice_state *);
    /* games for money: what a player who cannot pay could not cover, for
     * the end's reason: NC_("cannot cover", "the stake") */
    const char *due;
    /* optional: LT_CHANCE (without it, always) or the seat that decides */
    int (*turn_player)(const dice_state *);
    /* the seat whose throw or decision is next */
    int (*turn_thrower)(const dice_state *);
    /* optional: dice in the next throw (1..3); without it, ndice */
    int (*turn_dice)(const dice_state *);
    /* optional: decisions (ascending), for a turn_player >= 0 */
    int (*turn_actions)(const dice_state *, lt_action *);
    /* a throw (its action) or a decision */
    void (*turn_apply)(dice_state *, lt_action);
    /* the turn's own words in the position text; snprintf-like, from
     * buf + *len */
    void (*turn_write)(const dice_state *, char *buf, size_t size,
                       size_t *len);
    /* reads the turn's own words (the remaining ones); false with a
     * message when they do not make a position of this turn */
    bool (*turn_read)(dice_state *, char **words, int nwords, lt_error *);
    /* lines about the turn for the view */
    void (*turn_info)(const dice_state *, lt_view *);
    /* optional: the turn reached DICE_TURN_CAP undecided - give back
     * what was put in for it */
    void (*turn_abort)(dice_state *);
    /* optional: a seat's claim on the pot (halves); without it the pot
     * is everyone's in equal shares (as it is split at the end) */
    int32_t (*claim)(const dice_state *, int seat);
    /* words the game's own reasons (shown.why >= DICE_WHY_GAME) as a
     * clause after the seat that decided it, appended to buf: "threw 9,
     * own ReHazard" */
    void (*why_words)(const dice_reason *, char *buf, size_t size,
                      size_t *len);
} dice_rules;

enum { ORDER_NONE, ORDER_EACH_TURN, ORDER_ONCE };

/* ---- the frame (match.c) ---- */
/* lt_game.init of a dice game: the match, with the game's turn rules */
lt_status dice_init(lt_state *, const lt_config *, const dice_rules *);
/* Defines a dice game, the lt_game NAME playing the turn rules RULES:
 * its init, the members every dice game shares, then the game's own
 * (id, title, source, options, players and returns, any other). */
#define DICE_GAME(NAME, RULES, ...)                                         \
    static lt_status NAME##_init(lt_state *s, const lt_config *cfg)         \
    {                                                                      \
        return dice_init(s, cfg, &(RULES));                                 \
    }                                                                      \
    const lt_game NAME = {.init = NAME##_init, DICE_MEMBERS, __VA_ARGS__}
/* The lt_game members of the games for turns won by 2 to DICE_SEATS
 * players, and of the two-player games for money. */
#define DICE_FOR_TURNS                                                     \
    .min_players = 2, .max_players = DICE_SEATS, .min_return = -1,          \
    .max_return = 1
#define DICE_TWO_FOR_MONEY                                                 \
    .min_players = 2, .max_players = 2, .min_return = -1000,                \
    .max_return = 1000
int dice_num_players(const lt_state *);
int dice_current_player(const lt_state *);
int dice_legal_actions(const lt_state *, lt_action *);
int dice_chance_outcomes(const lt_state *, lt_outcome *);
void dice_apply(lt_state *, lt_action);
void dice_returns(const lt_state *, double *);
int dice_action_name(const lt_state *, lt_action, char *, size_t);
lt_status dice_parse_action(const lt_state *, const char *, lt_action *);
uint64_t dice_hash(const lt_state *);
bool dice_invariants_ok(const lt_state *);
int dice_action_cells(const lt_state *, lt_action, int *, int);
/* lt_game.thrower: dice_thrower of the state */
int dice_throw_seat(const lt_state *);

/* For the games' turn rules. */
/* The turn is decided: winner -1 for nobody; why says how (the throw
 * that decided it is the last one thrown). */
void dice_end_turn(dice_state *, int winner, dice_why why);
void dice_end_match(dice_state *);            /* a payment failed */
/* The seat whose throw or decision is next, -1 when the match is over. */
int dice_thrower(const dice_state *);
/* Pays amount (halves) from seat into the pot; false if he cannot. */
bool dice_pay(dice_state *, int seat, int32_t amount);
/* Can the seat pay amount?  If not, he is marked as the one who could
 * not (shown.broke, the reason at the end). */
bool dice_can_pay(dice_state *, int seat, int32_t amount);
/* Moves amount (halves) from the pot to seat. */
void dice_take(dice_state *, int seat, int32_t amount);
/* A seat's money and claim on the pot (halves): what he would have if
 * the match ended now. */
int32_t dice_equity(const dice_state *, int seat);
/* Puts the match straight into the turn with the order of play fixed as
 * seat order (odds with LT_ODDS_SEAT_ORDER, simulation); false if the
 * turn cannot start. */
bool dice_enter_seat_order(dice_state *);

/* Throws: the faces of an action (highest first) and their sum. */
void dice_faces(lt_action, int ndice, int *faces);
int dice_sum(lt_action, int ndice);
/* Weight of a sum of three dice (of 216) and of two (of 36). */
extern const uint8_t dice_w3[19], dice_w2[13];
/* Hazard in the three-dice games: sums 3-6 and 15-18. */
bool dice_is_hazard3(int sum);
/* The same, faster, for simulation: the generator's output is used eight
 * bits at a time, a byte counting when it is below the largest multiple
 * of the number of outcomes (216 of 256 for three dice, 252 for one or
 * two), so every throw stays exactly fair. */
typedef struct {
    lt_rng *rng;
    uint64_t bits;
    int left; /* bytes left in bits */
    bool ready;
} dice_source;
lt_action dice_source_roll(dice_source *, int ndice);

/* The turn's rules with the defaults filled in. */
int dice_turn_player(const dice_state *);
int dice_turn_dice(const dice_state *);

/* ---- two roles (duel.c): the thrower order[0] and the other order[1] -
 * Panquist, Pół Hazard, Rosnący Hazard, Guirguiesca ---- */
/* The turn of those games. */
typedef struct {
    uint8_t mine;         /* the thrower's number, 0 before */
    uint8_t theirs;       /* the other's number, 0 before */
    uint8_t pos;          /* panquist: 0 the thrower throws, 1 the staker */
    uint8_t thrown;       /* half/rising-hazard: has thrown in the
                           * throwing phase (may stop) */
    uint8_t streak;       /* half-hazard: Hazards since the turn began
                           * or his own number last came */
    uint8_t pad[3];
    int32_t won;          /* half-hazard: won so far this turn (halves) */
} dice_duel;
DICE_TURN_FITS(dice_duel);
/* dice_duel.thrown in the games where he may stop: his first throw is
 * due; he may stop or throw; he has chosen to throw */
enum { DUEL_FIRST, DUEL_CHOOSE, DUEL_THROWING };
/* Both pay `each` (halves) into the pot; false if either cannot (both
 * are asked, so the reason names each who cannot). */
bool duel_pay_both(dice_state *, int32_t each);
/* turn_player and turn_actions of the stop-or-throw games */
int duel_chooser(const dice_state *);
int duel_choices(const dice_state *, lt_action *);
int duel_thrower(const dice_state *);
/* The dice_rules members of the stop-or-throw games that these give. */
#define DUEL_STOP_OR_THROW                                                  \
    .turn_player = duel_chooser, .turn_thrower = duel_thrower,             \
    .turn_actions = duel_choices
/* The throws that give out the two numbers (7-14): the thrower's first
 * (mine_first) or the other's; the second differs unless !distinct.
 * False once both are given (the throw is for play). */
bool duel_assign(dice_state *, int sum, bool mine_first, bool distinct);
/* Position words: "numbers A,B" (per seat), read back with the order of
 * giving checked; numbers in [lo, hi]. */
void duel_write_numbers(const dice_state *, char *buf, size_t size,
                        size_t *len);
bool duel_read_numbers(dice_state *, const char *word, bool mine_first,
                       bool distinct, int lo, int hi, lt_error *);
/* The reason "threw 9, the opponent's number: the whole pool (12)" of
 * Pół Hazard and Rosnący Hazard, for why_words. */
void duel_threw_theirs(const dice_reason *, char *buf, size_t size,
                       size_t *len);
/* The stage word (first, choose, throwing) and back. */
const char *duel_stage_name(int stage);
bool duel_read_stage(dice_state *, const char *word);
/* "Thrower P1 (number 11); opponent P2 (number 10)" */
void duel_info(const dice_state *, lt_view *, bool staker);

/* ---- the position text (position.c) ---- */
int dice_write_state(const lt_state *, char *, size_t);
lt_status dice_read_state(lt_state *, const char *, lt_error *);
/* Helpers for turn_write/turn_read: "name a,b,c" with one number per
 * seat (0 written as '-'); parse_list fills at most max numbers in
 * [lo, hi] ('-' is 0) and says how many it read. */
void dice_write_list(char *buf, size_t size, size_t *len, const char *name,
                     const uint8_t *values, int n);
bool dice_parse_list(const char *text, int *out, int max, int lo, int hi,
                     int *count);

/* ---- why a turn and the match ended, in words (ending.c) ---- */
/* lt_game.end_reason of every dice game. */
int dice_end_reason(const lt_state *, char *buf, size_t size);
/* The line on the last turn that ended ("Turn 3: P1 won it - threw 7,
 * ..."), or "" when none has (or the position was read from text). */
void dice_last_turn(const dice_state *, char *buf, size_t size);

/* ---- the view (view.c) ---- */
void dice_render(const lt_state *, lt_view *);
/* Appends a line of info (printf-like). */
void dice_info(lt_view *, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* "P2" (Polish "G2"): a seat's short name in the reader's language. */
const char *dice_seat_label(int seat);
/* "12" or "12.5": halves as money. */
const char *dice_money_text(int32_t halves, char *buf, size_t size);

/* ---- options every game shares ---- */
extern const char *const dice_order_choices[]; /* highest, lowest */
#define DICE_OPT_TURNS                                                     \
    {NC_("option", "turns"), NULL, 1, DICE_TURNS_MAX, 1,                   \
     N_("turns in the match: the most turns won (or money) wins it")}
#define DICE_OPT_ORDER                                                     \
    {NC_("option", "order"), dice_order_choices, 0, 0, 0,                  \
     N_("the throw for the order of play: the highest throw goes first, "  \
        "or the lowest")}
/* The options and their reading of the games with only these two
 * (order, turns). */
extern const lt_option dice_order_turns_options[];
void dice_configure_order_turns(dice_state *, const lt_config *);
/* The lt_game members every dice game shares. */
#define DICE_MEMBERS                                                       \
    .group = LT_GROUP_DICE, .seats = NULL,                                 \
    .has_chance = true, .zero_sum = true, .state_size = sizeof(dice_state), \
    .max_outcomes = 56, .max_actions = 2,                                   \
    .num_actions = DICE_ACTIONS,                                           \
    .max_length = DICE_TURNS_MAX * (DICE_TURN_CAP + DICE_ORDER_CAP),       \
    .num_players = dice_num_players, .current_player = dice_current_player, \
    .legal_actions = dice_legal_actions,                                   \
    .chance_outcomes = dice_chance_outcomes, .apply = dice_apply,          \
    .returns = dice_returns, .action_name = dice_action_name,              \
    .parse_action = dice_parse_action, .write_state = dice_write_state,    \
    .read_state = dice_read_state, .render = dice_render,                  \
    .action_cells = dice_action_cells, .hash = dice_hash,                  \
    .invariants_ok = dice_invariants_ok, .numbering = LT_NUMBER_TURNS,      \
    .thrower = dice_throw_seat, .end_reason = dice_end_reason

/* ---- a round where the best score wins (best.c): highest, lowest,
 * riffa ---- */
/* The turn: each contender throws once a round, in order; the best
 * score wins; tied best scores throw again. */
typedef struct {
    uint8_t contenders;   /* seats still in (bit per seat) */
    uint8_t pos;          /* the contender throwing (index into order) */
    uint8_t score[DICE_SEATS]; /* this round's scores, 0 = not thrown */
    uint8_t thrown;       /* highest, lowest: dice of the current throw
                           * already thrown (a throw of more than three
                           * dice comes in parts) */
    uint8_t partial;      /* ... and their sum */
    uint8_t pair;         /* riffa: the pair kept, 0 while throwing for one */
} dice_best;
DICE_TURN_FITS(dice_best);
void best_start(dice_state *);               /* every seat contends */
int best_thrower(const dice_state *);
/* The thrower's throw is complete with this score; the best (the
 * highest, or the lowest if `low`) wins the turn for the reason `why`
 * (DICE_WHY_HIGHEST, DICE_WHY_LOWEST or the game's own, with v as
 * DICE_WHY_HIGHEST has it). */
void best_scored(dice_state *, int score, bool low, int why);
void best_write(const dice_state *, char *buf, size_t size, size_t *len);
/* Reads "in" and "scores"; *used: words taken. */
bool best_read(dice_state *, char **words, int nwords, int *used,
               lt_error *);
void best_info(const dice_state *, lt_view *);

/* the turn's rules and the options of highest and lowest (extreme.c) */
extern const dice_rules extreme_highest, extreme_lowest;
extern const lt_option extreme_options[];

#endif
