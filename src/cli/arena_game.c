/* arena_game.c — one game of a match between computer players, as a
 * game in play (arena_game.h). */
#include <stdio.h>
#include <string.h>

#include "arena_game.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"

/* ---- The clock that stands still during the start ---------------------- */

static int64_t arena_now(void *ctx)
{
    const arena_game *ag = ctx;
    int64_t t = ag->stopped ? ag->stopped_at : ag->inner.now(ag->inner.ctx);
    return t - ag->stood;
}

/* Stops the clock (the start is no player's thinking) or lets it run. */
static void stand_still(arena_game *ag, bool stop)
{
    if (!ag->inner.now || stop == ag->stopped)
        return;
    int64_t t = ag->inner.now(ag->inner.ctx);
    if (stop)
        ag->stopped_at = t;
    else
        ag->stood += t - ag->stopped_at;
    ag->stopped = stop;
}

/* ---- A game ------------------------------------------------------------ */

/* What happened besides the moves: flags, and seats leaving. */
static void take_events(arena_game *ag)
{
    size_t len = strlen(ag->left);
    for (lt_event ev; lt_session_event(ag->session, &ev);) {
        if (ev.kind == LT_EV_FLAG && ev.seat >= 0) {
            ag->flagged |= 1u << ev.seat;
            ag->flag_ply[ev.seat] = ev.ply;
        } else if (ev.kind == LT_EV_LEFT) {
            char text[128];
            lt_event_text(ag->session, &ev, text, sizeof text);
            lt_appendf(ag->left, sizeof ag->left, &len, "%s%s", len ? "; " : "",
                       text);
        }
    }
}

/* The computer in seat `to` moves, or claims a draw, or (having failed)
 * abandons the game; its time may run out meanwhile. */
static lt_status computer_move(arena_game *ag, const arena_setup *su, int to,
                               lt_error *err)
{
    lt_session *s = ag->session;
    char why[128];
    if (lt_session_claimable(s, why, sizeof why))
        return lt_session_claim(s, to, NULL, err);
    const lt_state *now = lt_session_state(s);
    int ply = lt_session_plies(s);
    lt_limits lim;
    double clocks[LT_MAX_PLAYERS];
    lt_session_limits(s, to, &lim, clocks);
    lim.nodes = su->limits.nodes;
    lim.depth = su->limits.depth;
    lim.seconds = lt_limit_tighter(lim.seconds, su->limits.seconds);
    lt_player *p = lt_session_player(s, to);
    lt_action a = lt_player_choose(p, now, lt_choice_seed(su->seed, (uint64_t)ply),
                                   &lim, NULL);
    lt_status st;
    if (lt_session_tick(s)) { /* its time ran out while it thought */
        st = LT_OK;
    } else if (a == LT_NO_ACTION || !lt_is_legal(su->game, now, a)) {
        ag->failed |= 1u << to;
        lt_copy(ag->why[to], sizeof ag->why[to],
                a == LT_NO_ACTION ? lt_player_error(p) : _("an illegal move"));
        st = lt_session_abandon(s, to, err);
    } else {
        st = lt_session_play(s, to, a, err);
    }
    /* refused only because the flag fell in between: the game went on */
    if (st != LT_OK && (lt_session_plies(s) != ply || lt_session_to_act(s) != to))
        st = LT_OK;
    return st;
}

lt_status arena_game_play(arena_game *ag, const arena_setup *su, lt_error *err)
{
    memset(ag, 0, sizeof *ag);
    ag->inner = su->time;
    stand_still(ag, true);
    const lt_game *g = su->game;
    lt_session_setup ss;
    memset(&ss, 0, sizeof ss);
    ss.game = g;
    ss.config = su->config;
    ss.seed = su->seed;
    ss.position = su->position;
    for (int i = 0; i < su->config.players; i++) {
        ss.seats[i].kind = LT_SEAT_COMPUTER;
        ss.players[i] = su->players[i];
    }
    ss.clock = su->clock;
    if (su->time.now)
        ss.time = (lt_time_source){arena_now, ag};
    ss.tags = su->tags;
    ss.ntags = su->ntags;
    lt_session *s = ag->session = lt_session_new(&ss, err);
    if (!s)
        return LT_EILLEGAL;
    lt_rng opening;
    lt_rng_seed(&opening, su->seed, 1ull << 44);
    int start = su->nbook + su->openings;
    lt_status st = LT_OK;
    for (int to; st == LT_OK && (to = lt_session_to_act(s)) != LT_TERMINAL;) {
        int ply = lt_session_plies(s);
        if (ply < start) {
            lt_action a = ply < su->nbook
                              ? su->book[ply]
                              : lt_rng_play(&opening, g, lt_session_state(s));
            st = lt_session_play(s, to, a, err);
        } else {
            stand_still(ag, false);
            st = to == LT_CHANCE ? lt_session_step(s, NULL, err)
                                 : computer_move(ag, su, to, err);
        }
        take_events(ag);
    }
    return st;
}

void arena_game_free(arena_game *ag)
{
    lt_session_free(ag->session);
    ag->session = NULL;
}
