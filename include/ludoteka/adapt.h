/* adapt.h — a game's rule functions on its own state type, made into
 * the members of its lt_game.
 *
 * lt_game's functions take the opaque lt_state.  A game writes its rules
 * on its own struct T instead, with each member's signature and T in
 * place of lt_state:
 *
 *     static int legal_actions(const alq *s, lt_action *out) { ... }
 *
 * and LT_ADAPT(T, member, fn) defines member_lt, a function of the
 * member's own type that calls fn on the state as a T.  fn's type is
 * checked against the member's (a wrong signature stops the build), and
 * no function pointer is ever cast.  LT_ADAPT_RULES(T) adapts the rules
 * every game has from functions named after their members, and
 * LT_RULES_MEMBERS(T) puts them, with the state's size, into the
 * initializer:
 *
 *     LT_ADAPT_RULES(alq)
 *     LT_ADAPT(alq, perft, perft)
 *
 *     const lt_game lt_alquerque = {
 *         .id = "alquerque",
 *         LT_RULES_MEMBERS(alq),
 *         .perft = perft_lt,
 *         ...
 *     };
 */
#ifndef LUDOTEKA_ADAPT_H
#define LUDOTEKA_ADAPT_H

#include "ludoteka/game.h"

/* The state as the game's own type: the one place its pointer changes
 * type.  A game's state is state_size bytes allocated for its T. */
#define LT_STATE(T, st) ((T *)(void *)(st))
#define LT_CSTATE(T, st) ((const T *)(const void *)(st))

/* Stops the build unless fn has the type R (TP). */
#define LT_ADAPT_CHECK_(member, fn, R, TP)                                    \
    _Static_assert(_Generic(&fn, R(*) TP: 1, default: 0),                   \
                   #fn " has the type lt_game." #member " needs")

/* member_lt calling fn; R its result, P its parameters, TP fn's
 * parameter types, A the arguments passed on. */
#define LT_ADAPT_FN_(member, fn, R, P, TP, A)                                 \
    static R member##_lt P                                                    \
    {                                                                         \
        LT_ADAPT_CHECK_(member, fn, R, TP);                                  \
        return fn A;                                                          \
    }
#define LT_ADAPT_PROC_(member, fn, P, TP, A)                                  \
    static void member##_lt P                                                 \
    {                                                                         \
        LT_ADAPT_CHECK_(member, fn, void, TP);                               \
        fn A;                                                                 \
    }

#define LT_ADAPT(T, member, fn) LT_ADAPT_##member(T, fn)

#define LT_ADAPT_init(T, fn)                                                  \
    LT_ADAPT_FN_(init, fn, lt_status, (lt_state * st, const lt_config *c),    \
                 (T *, const lt_config *), (LT_STATE(T, st), c))
#define LT_ADAPT_num_players(T, fn)                                           \
    LT_ADAPT_FN_(num_players, fn, int, (const lt_state *st), (const T *),     \
                 (LT_CSTATE(T, st)))
#define LT_ADAPT_current_player(T, fn)                                        \
    LT_ADAPT_FN_(current_player, fn, int, (const lt_state *st), (const T *),  \
                 (LT_CSTATE(T, st)))
#define LT_ADAPT_legal_actions(T, fn)                                         \
    LT_ADAPT_FN_(legal_actions, fn, int,                                      \
                 (const lt_state *st, lt_action *out),                        \
                 (const T *, lt_action *), (LT_CSTATE(T, st), out))
#define LT_ADAPT_chance_outcomes(T, fn)                                       \
    LT_ADAPT_FN_(chance_outcomes, fn, int,                                    \
                 (const lt_state *st, lt_outcome *out),                       \
                 (const T *, lt_outcome *), (LT_CSTATE(T, st), out))
#define LT_ADAPT_apply(T, fn)                                                 \
    LT_ADAPT_PROC_(apply, fn, (lt_state * st, lt_action a), (T *, lt_action), \
                   (LT_STATE(T, st), a))
#define LT_ADAPT_returns(T, fn)                                               \
    LT_ADAPT_PROC_(returns, fn, (const lt_state *st, double *out),            \
                   (const T *, double *), (LT_CSTATE(T, st), out))
#define LT_ADAPT_action_name(T, fn) LT_ADAPT_NAME_(action_name, T, fn)
#define LT_ADAPT_coord_name(T, fn) LT_ADAPT_NAME_(coord_name, T, fn)
#define LT_ADAPT_display_name(T, fn) LT_ADAPT_NAME_(display_name, T, fn)
#define LT_ADAPT_NAME_(member, T, fn)                                         \
    LT_ADAPT_FN_(member, fn, int,                                             \
                 (const lt_state *st, lt_action a, char *buf, size_t size),   \
                 (const T *, lt_action, char *, size_t),                      \
                 (LT_CSTATE(T, st), a, buf, size))
#define LT_ADAPT_parse_action(T, fn)                                          \
    LT_ADAPT_FN_(parse_action, fn, lt_status,                                 \
                 (const lt_state *st, const char *text, lt_action *out),      \
                 (const T *, const char *, lt_action *),                      \
                 (LT_CSTATE(T, st), text, out))
#define LT_ADAPT_write_state(T, fn)                                           \
    LT_ADAPT_FN_(write_state, fn, int,                                        \
                 (const lt_state *st, char *buf, size_t size),                \
                 (const T *, char *, size_t), (LT_CSTATE(T, st), buf, size))
#define LT_ADAPT_end_reason(T, fn)                                            \
    LT_ADAPT_FN_(end_reason, fn, int,                                         \
                 (const lt_state *st, char *buf, size_t size),                \
                 (const T *, char *, size_t), (LT_CSTATE(T, st), buf, size))
#define LT_ADAPT_claimable(T, fn)                                             \
    LT_ADAPT_FN_(claimable, fn, bool,                                         \
                 (const lt_state *st, char *buf, size_t size),                \
                 (const T *, char *, size_t), (LT_CSTATE(T, st), buf, size))
#define LT_ADAPT_read_state(T, fn)                                            \
    LT_ADAPT_FN_(read_state, fn, lt_status,                                   \
                 (lt_state * st, const char *text, lt_error *err),            \
                 (T *, const char *, lt_error *),                             \
                 (LT_STATE(T, st), text, err))
#define LT_ADAPT_render(T, fn)                                                \
    LT_ADAPT_PROC_(render, fn, (const lt_state *st, lt_view *v),              \
                   (const T *, lt_view *), (LT_CSTATE(T, st), v))
#define LT_ADAPT_action_cells(T, fn)                                          \
    LT_ADAPT_FN_(action_cells, fn, int,                                       \
                 (const lt_state *st, lt_action a, int *cells, int max),      \
                 (const T *, lt_action, int *, int),                          \
                 (LT_CSTATE(T, st), a, cells, max))
#define LT_ADAPT_hash(T, fn)                                                  \
    LT_ADAPT_FN_(hash, fn, uint64_t, (const lt_state *st), (const T *),       \
                 (LT_CSTATE(T, st)))
#define LT_ADAPT_invariants_ok(T, fn)                                         \
    LT_ADAPT_FN_(invariants_ok, fn, bool, (const lt_state *st), (const T *),  \
                 (LT_CSTATE(T, st)))
#define LT_ADAPT_perft(T, fn)                                                 \
    LT_ADAPT_FN_(perft, fn, uint64_t, (const lt_state *st, int depth),        \
                 (const T *, int), (LT_CSTATE(T, st), depth))
#define LT_ADAPT_random_action(T, fn)                                         \
    LT_ADAPT_FN_(random_action, fn, lt_action,                                \
                 (const lt_state *st, struct lt_rng *rng),                    \
                 (const T *, struct lt_rng *), (LT_CSTATE(T, st), rng))
#define LT_ADAPT_random_playout(T, fn)                                        \
    LT_ADAPT_FN_(random_playout, fn, int,                                     \
                 (lt_state * st, struct lt_rng *rng, lt_action *out),         \
                 (T *, struct lt_rng *, lt_action *),                         \
                 (LT_STATE(T, st), rng, out))
#define LT_ADAPT_thrower(T, fn)                                               \
    LT_ADAPT_FN_(thrower, fn, int, (const lt_state *st), (const T *),         \
                 (LT_CSTATE(T, st)))
#define LT_ADAPT_seat_side(T, fn) LT_ADAPT_SEAT_(seat_side, int, T, fn)
#define LT_ADAPT_seat_view(T, fn)                                             \
    LT_ADAPT_PROC_(seat_view, fn, (const lt_state *st, int seat, lt_view *v), \
                   (const T *, int, lt_view *), (LT_CSTATE(T, st), seat, v))
#define LT_ADAPT_can_win(T, fn) LT_ADAPT_SEAT_(can_win, bool, T, fn)
#define LT_ADAPT_in_game(T, fn) LT_ADAPT_SEAT_(in_game, bool, T, fn)
#define LT_ADAPT_SEAT_(member, R, T, fn)                                      \
    LT_ADAPT_FN_(member, fn, R, (const lt_state *st, int seat),               \
                 (const T *, int), (LT_CSTATE(T, st), seat))
#define LT_ADAPT_leave(T, fn)                                                 \
    LT_ADAPT_PROC_(leave, fn, (lt_state * st, int seat), (T *, int),          \
                   (LT_STATE(T, st), seat))

/* The rules every board game has (end_reason too), from the game's
 * functions named after the members: LT_ADAPT_RULES(T) for static ones
 * (legal_actions), LT_ADAPT_RULES_NAMED(T, P) for ones named with the
 * game's prefix P (LT_ADAPT_RULES_NAMED(rob, rob_): rob_legal_actions).
 * LT_RULES_MEMBERS(T) is their part of the initializer. */
#define LT_ADAPT_RULES(T) LT_ADAPT_RULES_NAMED(T, )
#define LT_ADAPT_RULES_NAMED(T, P)                                            \
    LT_ADAPT(T, init, P##init)                                                \
    LT_ADAPT(T, current_player, P##current_player)                            \
    LT_ADAPT(T, legal_actions, P##legal_actions)                              \
    LT_ADAPT(T, apply, P##apply)                                              \
    LT_ADAPT(T, returns, P##returns)                                          \
    LT_ADAPT(T, action_name, P##action_name)                                  \
    LT_ADAPT(T, parse_action, P##parse_action)                                \
    LT_ADAPT(T, write_state, P##write_state)                                  \
    LT_ADAPT(T, read_state, P##read_state)                                    \
    LT_ADAPT(T, render, P##render)                                            \
    LT_ADAPT(T, action_cells, P##action_cells)                                \
    LT_ADAPT(T, hash, P##hash)                                                \
    LT_ADAPT(T, invariants_ok, P##invariants_ok)                              \
    LT_ADAPT(T, end_reason, P##end_reason)
#define LT_RULES_MEMBERS(T)                                                   \
    .state_size = sizeof(T), .init = init_lt,                                 \
    .current_player = current_player_lt, .legal_actions = legal_actions_lt,   \
    .apply = apply_lt, .returns = returns_lt, .action_name = action_name_lt,  \
    .parse_action = parse_action_lt, .write_state = write_state_lt,           \
    .read_state = read_state_lt, .render = render_lt,                         \
    .action_cells = action_cells_lt, .hash = hash_lt,                         \
    .invariants_ok = invariants_ok_lt, .end_reason = end_reason_lt

/* The members of a game for two players who win (+1) or lose (-1), or
 * draw (0), its moves numbered in pairs; and of a game without chance. */
#define LT_TWO_PLAYERS                                                        \
    .min_players = 2, .max_players = 2, .num_players = lt_two_players,        \
    .zero_sum = true, .min_return = -1, .max_return = 1,                      \
    .numbering = LT_NUMBER_MOVES
#define LT_NO_CHANCE                                                          \
    .has_chance = false, .max_outcomes = 0, .chance_outcomes = lt_no_chance

#endif
