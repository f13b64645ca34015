/* referee.c — the server's messages and what they do to the rooms.
 *
 * Messages are JSON objects with a type "t" (net/message.h).  From a
 * client:
 *   create {game, options?, seats: [spec...]}  -> created {room, tokens}
 *   join {room, seat, token}                    -> room {record, you, ...}
 *   watch {room}                                -> room {...}
 *   move {ply, name}                            -> move to the whole room
 *   leave {}, ping {}                           -> left, pong
 * To a room: move {name, by, ply, to, pos, legal, result[, seed]},
 * seats {seats}; to one client: seat-lost {seat}, error {code, msg}.
 * A client's integer "id" comes back as "re" in the answer. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ludoteka/commands.h"
#include "ludoteka/options.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"
#include "net/accounts.h"
#include "net/message.h"
#include "net/cluster.h"
#include "net/referee.h"
#include "net/robots.h"
#include "net/rooms.h"

enum { DROPS_MAX = 64 }; /* messages refused in a row before closing */

static serve_options opt;
static store *db;
static int nconns, nseated; /* connections; those holding a seat */

/* ---- The rooms each player has made ---------------------------------------
 * Unfinished rooms made with create, by their maker: an account, or a
 * guest's address.  One maker may have at most opt.rooms_each of them at
 * once (counted in the store: every process's). */

/* Who made a room, as the store keeps it: "a:ID" or "g:ADDRESS". */
static void maker_key(const conn *c, char *buf, size_t size)
{
    if (c->account)
        snprintf(buf, size, "a:%lld", (long long)c->account);
    else
        snprintf(buf, size, "g:%s", c->peer->addr);
}

void referee_init(const serve_options *o, store *s)
{
    opt = *o;
    db = s;
    nconns = nseated = 0;
}

void referee_identify(conn *c, const char *login)
{
    store_account a;
    lt_error err = {0};
    if (accounts_who(db, login, (int64_t)time(NULL), &a, &err) == LT_OK) {
        c->account = a.id;
        lt_copy(c->name, sizeof c->name, a.name);
    }
}

int referee_connections(void)
{
    return nconns;
}

int referee_seated(void)
{
    return nseated;
}

/* Connections that hold no seat may fill the server only up to here: the
 * rest is kept for players coming back to their seats. */
static int open_connections(void)
{
    return opt.max_connections - opt.max_connections / 8;
}

/* ---- Sending ------------------------------------------------------- */

static void broadcast(room *r, const char *text)
{
    for (int i = 0; i < r->nconns; i++)
        conn_send(r->conns[i], text);
}

static void reply_start(jw *w, const char *type, int re)
{
    jw_obj(w);
    jw_kstr(w, "t", type);
    if (re >= 0) {
        jw_kint(w, "re", re);
    }
}

/* The message that tells a client its seat in room r and the seat's
 * token (a seat taken, a rematch, a seeker paired). */
static void seat_message(jw *w, const char *type, int re, const room *r,
                         int seat)
{
    reply_start(w, type, re);
    jw_kstr(w, "room", r->id);
    jw_kint(w, "seat", seat);
    jw_kstr(w, "token", r->seats[seat].token);
    jw_end(w);
}

/* Tells c so. */
static void send_seat(conn *c, const char *type, int re, const room *r,
                      int seat)
{
    jw w = {0};
    seat_message(&w, type, re, r, seat);
    conn_send(c, jw_text(&w));
    jw_free(&w);
}

/* An answer that is only its type: {"t": type, "re": re}. */
static void reply_bare(conn *c, const char *type, int re)
{
    jw w = {0};
    reply_start(&w, type, re);
    jw_end(&w);
    conn_send(c, jw_text(&w));
    jw_free(&w);
}

void referee_error(conn *c, int re, const char *code, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    jw w = {0};
    reply_start(&w, "error", re);
    jw_kstr(&w, "code", code);
    jw_kstr(&w, "msg", msg);
    jw_end(&w);
    conn_send(c, jw_text(&w));
    jw_free(&w);
}

static void broadcast_seats(room *r)
{
    cluster_save(r); /* the lobby's entry */
    jw w = {0};
    reply_start(&w, "seats", -1);
    jw_kstr(&w, "room", r->id);
    room_write_seats(r, &w);
    jw_end(&w);
    broadcast(r, jw_text(&w));
    jw_free(&w);
}

/* ---- Playing ------------------------------------------------------- */

/* The seed, once the game is over: the dice were fair, and now anyone
 * may check them against it. */
static void write_seed(room *r, jw *w)
{
    char seed[24];
    if (!room_over(r))
        return;
    snprintf(seed, sizeof seed, "%llu",
             (unsigned long long)lt_session_seed(r->s));
    jw_kstr(w, "seed", seed);
}

static const char *offer_word(lt_offer_kind k)
{
    return k == LT_OFFER_DRAW ? "draw" : "takeback";
}

/* The rating pool of a rated game: the game's id; for chess also the
 * speed, by the time a game is expected to take (base + 40 increments,
 * as lichess counts): bullet under 3 minutes, blitz under 8, rapid under
 * 25, classical; correspondence, and games without a clock, apart. */
static void pool_name(const lt_game *g, const lt_time_control *tc, char *buf,
                      size_t size)
{
    if (strcmp(g->id, "chess") != 0) {
        lt_copy(buf, size, g->id);
        return;
    }
    int64_t expect = tc->kind == LT_TC_MOVE ? 40 * tc->base : tc->base + 40 * tc->extra;
    const char *speed = tc->kind == LT_TC_NONE   ? "unlimited"
                        : tc->kind == LT_TC_DAYS ? "correspondence"
                        : expect < 180000        ? "bullet"
                        : expect < 480000        ? "blitz"
                        : expect < 1500000       ? "rapid"
                                                 : "classical";
    snprintf(buf, size, "chess/%s", speed);
}

static void pool_of(room *r, char *buf, size_t size)
{
    pool_name(r->game, lt_session_time_control(r->s), buf, size);
}

/* A rated game between two accounts moves both ratings: one game each,
 * as one rating period (Glicko-2, tau 0.5).  A seat a computer played for
 * its person away forfeits the rating: the game counts as that seat's
 * loss whatever the board says (the computer's play is not the
 * person's); when computers played for both, it is not rated. */
static void rate(room *r, const double *board)
{
    double score[2] = {board[0], board[1]};
    if (r->standin[0] && r->standin[1])
        return;
    for (int i = 0; i < 2; i++)
        if (r->standin[i]) {
            score[i] = 0;
            score[1 - i] = 1;
        }
    char pool[STORE_POOL_MAX];
    store_rating before[2], after[2];
    lt_error err = {0};
    pool_of(r, pool, sizeof pool);
    for (int i = 0; i < 2; i++)
        if (store_rating_get(db, r->account[i], pool, &before[i], &err) != LT_OK) {
            server_log("room %s: %s", r->id, err.msg);
            return;
        }
    for (int i = 0; i < 2; i++) {
        double s = score[i] > score[1 - i] ? 1 : score[i] < score[1 - i] ? 0 : 0.5;
        glicko_game game = {before[1 - i].r, s};
        after[i] = before[i];
        after[i].r = glicko_update(before[i].r, &game, 1, 0.5);
        after[i].games++;
    }
    for (int i = 0; i < 2; i++)
        if (store_rating_put(db, pool, &after[i], &err) != LT_OK)
            server_log("room %s: %s", r->id, err.msg);
}

/* A game is over (room locked): kept in the archive, and rated. */
static void finished(room *r)
{
    store_game g;
    lt_error err = {0};
    int seat;
    memset(&g, 0, sizeof g);
    lt_copy(g.id, sizeof g.id, r->id);
    lt_copy(g.game, sizeof g.game, r->game->id);
    lt_session_result_token(r->s, g.result, sizeof g.result);
    lt_copy(g.reason, sizeof g.reason, room_end_word(lt_session_end(r->s, &seat)));
    g.finished = (int64_t)time(NULL);
    g.rated = r->rated;
    g.seats = r->nseats;
    lt_session_scores(r->s, g.score);
    bool both = r->rated;
    for (int i = 0; i < r->nseats; i++) {
        store_account a;
        g.account[i] = r->account[i];
        if (r->account[i] && store_account_by_id(db, r->account[i], &a, &err) == LT_OK)
            lt_copy(g.name[i], sizeof g.name[i], a.name);
        else
            lt_copy(g.name[i], sizeof g.name[i],
                    strcmp(r->seats[i].spec, "human") ? r->seats[i].spec : "guest");
        both &= r->account[i] != 0;
    }
    char *record = room_public_record(r, &err);
    if (!record || store_game_add(db, &g, record, &err) != LT_OK)
        server_log("room %s: not archived: %s", r->id, err.msg);
    free(record);
    if (both && r->nseats == 2 && lt_session_end(r->s, NULL) != LT_END_ABORT)
        rate(r, g.score);
}

/* Tells the room what its session says happened (room locked): each
 * event as a message.  One call of the session makes at most one ply, so
 * the position sent with it is the one after it. */
static void tell(room *r)
{
    static const char *const left_words[] = {
        [LT_END_RESIGN] = "resign", [LT_END_TIME] = "time",
        [LT_END_ABANDON] = "abandon"};
    lt_event ev;
    cluster_save(r); /* in the store before anyone hears of it */
    while (lt_session_event(r->s, &ev)) {
        jw w = {0};
        lt_error err = {0};
        char *record;
        switch (ev.kind) {
        case LT_EV_MOVED:
            reply_start(&w, "move", -1);
            jw_kstr(&w, "name", ev.name);
            jw_kint(&w, "by", ev.chance ? -1 : ev.seat);
            jw_kint(&w, "took", ev.took);
            room_write_state(r, &w);
            write_seed(r, &w);
            break;
        case LT_EV_UNDONE:
            reply_start(&w, "undone", -1);
            room_write_state(r, &w);
            record = room_public_record(r, &err);
            jw_kstr(&w, "record", record ? record : "");
            free(record);
            break;
        case LT_EV_OFFERED:
        case LT_EV_ANSWERED:
            reply_start(&w, ev.kind == LT_EV_OFFERED ? "offered" : "answered", -1);
            jw_kint(&w, "seat", ev.seat);
            jw_kstr(&w, "kind", offer_word(ev.offer));
            if (ev.kind == LT_EV_ANSWERED) {
                jw_kbool(&w, "accepted", ev.accepted);
            }
            break;
        case LT_EV_CLAIMABLE:
        case LT_EV_FLAG:
            reply_start(&w, ev.kind == LT_EV_CLAIMABLE ? "claimable" : "flag", -1);
            jw_kint(&w, "seat", ev.seat);
            room_write_clock(r, &w);
            break;
        case LT_EV_LEFT:
            reply_start(&w, "left", -1);
            jw_kint(&w, "seat", ev.seat);
            jw_key(&w, "reason");
            jw_str(&w, ev.reason < (int)(sizeof left_words / sizeof left_words[0]) &&
                               left_words[ev.reason] ? left_words[ev.reason] : "");
            room_write_state(r, &w);
            break;
        case LT_EV_RESULT:
            reply_start(&w, "result", -1);
            room_write_state(r, &w);
            write_seed(r, &w);
            break;
        }
        jw_kstr(&w, "room", r->id);
        jw_end(&w);
        broadcast(r, jw_text(&w));
        jw_free(&w);
        if (ev.kind == LT_EV_LEFT)
            broadcast_seats(r);
        if (ev.kind == LT_EV_RESULT) {
            char text[256];
            lt_session_result_text(r->s, text, sizeof text);
            server_log("room %s: %s", r->id, text);
            finished(r);
        }
    }
    r->active = server_now();
}

/* Plays what needs no person (room locked, a reference held): the dice,
 * and a computer seat's claim of a draw; then asks for the computer
 * seat's move. */
static void settle(room *r)
{
    /* a computer playing for a person away keeps the game as it stands:
     * it declines a draw or a takeback asked of that seat */
    for (int i = 0; i < r->nseats; i++)
        if (r->standin[i] == 2 && lt_session_must_answer(r->s, i)) {
            lt_error err = {0};
            if (lt_session_answer(r->s, i, false, &err) != LT_OK)
                server_log("room %s: %s", r->id, err.msg);
            tell(r);
        }
    for (;;) {
        lt_error err = {0};
        int to = room_to_act(r);
        lt_status st = LT_OK;
        char why[128];
        if (to == LT_CHANCE)
            st = lt_session_step(r->s, NULL, &err);
        else if (room_robot_to_move(r) &&
                 lt_session_claimable(r->s, why, sizeof why))
            st = lt_session_claim(r->s, to, NULL, &err);
        else
            break;
        tell(r);
        if (st != LT_OK) {
            server_log("room %s: %s", r->id, err.msg);
            return;
        }
    }
    if (room_robot_to_move(r))
        robots_want(r);
}

void referee_robot_move(room *r, int ply, lt_action a)
{
    lt_error err = {0};
    pthread_mutex_lock(&r->lock);
    int to = room_to_act(r);
    if (lt_session_plies(r->s) == ply && room_robot_to_move(r)) {
        if (lt_session_play(r->s, to, a, &err) != LT_OK)
            server_log("room %s: %s", r->id, err.msg);
        tell(r);
        settle(r);
    }
    pthread_mutex_unlock(&r->lock);
}

void referee_resume(room *r)
{
    pthread_mutex_lock(&r->lock);
    settle(r);
    pthread_mutex_unlock(&r->lock);
    rooms_release(r);
}

/* Tells the room that a computer plays a seat on for its person away
 * (room locked): stand-in {room, seat}, then the seats. */
static void tell_stand_in(room *r, int seat)
{
    jw w = {0};
    reply_start(&w, "stand-in", -1);
    jw_kstr(&w, "room", r->id);
    jw_kint(&w, "seat", seat);
    jw_end(&w);
    broadcast(r, jw_text(&w));
    jw_free(&w);
    broadcast_seats(r);
}

/* A player away past the room's limit (room locked), while another
 * person is still there to go on: as the room chose, the seat forfeits
 * (two seats: the game ends; more: the seat leaves it), or a computer
 * (ROOM_STANDIN_SPEC) plays it on until its person comes back.  True if
 * a seat forfeited. */
static bool forfeit_away(room *r)
{
    if (!r->away || room_over(r))
        return false;
    double now = server_now();
    int here = 0, gone = -1;
    for (int i = 0; i < r->nseats; i++) {
        if (r->seats[i].holder)
            here++;
        else if (r->gone[i] > 0 && now - r->gone[i] >= r->away &&
                 lt_session_in_game(r->s, i))
            gone = i;
    }
    if (gone < 0 || here == 0)
        return false;
    lt_error err = {0};
    r->gone[gone] = 0;
    if (r->away_computer) {
        if (room_stand_in(r, gone, true, &err) != LT_OK)
            server_log("room %s: %s", r->id, err.msg);
        server_log("room %s: seat %d away for %d s: a computer plays on",
                   r->id, gone + 1, r->away);
        tell_stand_in(r, gone);
        settle(r); /* its move, if it is to act */
        return false;
    }
    if (lt_session_abandon(r->s, gone, &err) != LT_OK) {
        server_log("room %s: %s", r->id, err.msg);
        return false;
    }
    server_log("room %s: seat %d away for %d s: forfeits", r->id, gone + 1, r->away);
    return true;
}

void referee_tick(room *r)
{
    pthread_mutex_lock(&r->lock);
    bool ticked = lt_session_tick(r->s); /* both, whatever the first says */
    bool forfeited = forfeit_away(r);
    if (ticked || forfeited) {
        tell(r);
        settle(r);
    }
    pthread_mutex_unlock(&r->lock);
}

/* ---- Messages from a client ---------------------------------------- */

/* May a connection that holds no seat take a place (watch, create)?  If
 * not it is told so and closed. */
static bool within_open_connections(conn *c, int re)
{
    if (nconns - nseated <= open_connections())
        return true;
    referee_error(c, re, "too-many-connections", "the server keeps its last "
                  "%d connections for players' seats; try again later",
                  opt.max_connections - open_connections());
    conn_close(c);
    return false;
}

/* The game, its options and its clock a create or a seek asks for; false
 * (the client told why) when one is wrong. */
static bool read_setup(conn *c, const net_msg *m, const lt_game **g,
                       lt_config *cfg, lt_time_control *tc)
{
    lt_error err = {0};
    *g = lt_game_find(m->game);
    if (!*g) {
        referee_error(c, m->re, "unknown-game", "there is no game '%.40s'",
                      m->game);
        return false;
    }
    lt_config_default(*g, cfg, 0);
    if (m->options && lt_config_parse(*g, cfg, m->options, &err) != LT_OK) {
        referee_error(c, m->re, "bad-options", "%s", err.msg);
        return false;
    }
    *tc = (lt_time_control){LT_TC_NONE, 0, 0};
    if (m->clock && lt_time_control_parse(m->clock, tc, &err) != LT_OK) {
        referee_error(c, m->re, "bad-clock", "%s", err.msg);
        return false;
    }
    return true;
}

static void on_create(conn *c, const net_msg *m)
{
    lt_error err = {0};
    double now = server_now();
    if (!within_open_connections(c, m->re))
        return;
    const lt_game *g;
    lt_config cfg;
    lt_time_control tc;
    if (!read_setup(c, m, &g, &cfg, &tc))
        return;
    char specs[LT_MAX_PLAYERS][LT_SPEC_MAX];
    cfg.players = m->nseats;
    if (lt_check_players(g, m->nseats, &err) != LT_OK) {
        referee_error(c, m->re, "bad-seats", "%s", err.msg);
        return;
    }
    for (int i = 0; i < m->nseats; i++) {
        if (!room_valid_spec(m->seats[i], &err)) {
            referee_error(c, m->re, "bad-seats", "%s", err.msg);
            return;
        }
        lt_copy(specs[i], LT_SPEC_MAX, m->seats[i]);
    }
    char maker[PEER_ADDR_MAX + 8];
    maker_key(c, maker, sizeof maker);
    int made = store_rooms_made(db, maker, &err);
    if (made < 0) {
        referee_error(c, m->re, "server", "%s", err.msg);
        return;
    }
    if (made >= opt.rooms_each) {
        referee_error(c, m->re, "limit", "%s %d unfinished rooms already, "
                      "the most one %s may have: finish or resign one first",
                      c->account ? "you have made" : "this address has made",
                      opt.rooms_each, c->account ? "player" : "guest address");
        return;
    }
    if (!peers_take_room(c->peer, now)) {
        referee_error(c, m->re, "limit", "one address may make %d rooms an "
                      "hour; the next in %.0f s", opt.rooms_per_hour,
                      peers_room_wait(c->peer, now) + 0.5);
        return;
    }
    if (m->rated) {
        /* Glicko-2 rates two people: a rated room is for two people who
         * have logged in */
        bool people = m->nseats == 2;
        for (int i = 0; i < m->nseats; i++)
            people &= !strcmp(specs[i], "human");
        if (!c->account) {
            referee_error(c, m->re, "not-logged-in", "log in to make a rated game");
            return;
        }
        if (!people) {
            referee_error(c, m->re, "bad-seats", "a rated game is between two "
                          "people (two human seats)");
            return;
        }
    }
    room *r = rooms_create(g, &cfg, specs, &tc, m->rated, m->open, c->peer->addr,
                           &err);
    if (!r) {
        referee_error(c, m->re, "no-room", "%s", err.msg);
        return;
    }
    jw w = {0};
    reply_start(&w, "created", m->re);
    jw_kstr(&w, "room", r->id);
    jw_key(&w, "tokens");
    jw_arr(&w);
    pthread_mutex_lock(&r->lock);
    for (int i = 0; i < m->nseats; i++) {
        if (r->seats[i].token[0])
            jw_str(&w, r->seats[i].token);
        else
            jw_null(&w);
    }
    jw_end(&w);
    jw_end(&w);
    if (m->away > 0 && room_set_away(r, m->away, &err) != LT_OK)
        server_log("room %s: %s", r->id, err.msg);
    if (m->away > 0 && m->away_computer && room_set_away_then(r, true, &err) != LT_OK)
        server_log("room %s: %s", r->id, err.msg);
    if (c->name[0] && room_set_maker(r, c->name, &err) != LT_OK)
        server_log("room %s: %s", r->id, err.msg);
    cluster_save(r);
    if (store_room_maker(db, r->id, maker, &err) != LT_OK)
        server_log("room %s: %s", r->id, err.msg);
    conn_send(c, jw_text(&w));
    jw_free(&w);
    settle(r);
    pthread_mutex_unlock(&r->lock);
    server_log("room %s created: %s, %d seats", r->id, g->id, m->nseats);
    rooms_release(r);
}

/* The connection's count of seats in its room changes by d. */
static void count_seats(conn *c, int d)
{
    bool before = c->seats > 0;
    c->seats += d;
    nseated += (c->seats > 0) - before;
}

/* Drops c from r's list (room locked); the caller deals with its
 * reference and seats. */
static void unlist(room *r, conn *c)
{
    for (int i = 0; i < r->nconns; i++)
        if (r->conns[i] == c) {
            r->conns[i] = r->conns[--r->nconns];
            return;
        }
}

/* Leaves the connection's room, giving up its seats. */
static void leave(conn *c)
{
    room *r = c->room;
    if (!r)
        return;
    pthread_mutex_lock(&r->lock);
    unlist(r, c);
    if (c->seats == 0)
        r->nwatchers--;
    for (int i = 0; i < r->nseats; i++)
        if (r->seats[i].holder == c) {
            r->seats[i].holder = NULL;
            r->gone[i] = server_now(); /* away from now on */
        }
    if (c->seats > 0)
        count_seats(c, -c->seats);
    broadcast_seats(r); /* who is here, and the watchers' count */
    pthread_mutex_unlock(&r->lock);
    rooms_release(r);
    c->room = NULL;
}

/* Compares two tokens in a time that does not depend on where they
 * differ. */
static bool same_token(const char *a, const char *b)
{
    size_t n = strlen(b);
    unsigned diff = strlen(a) != n;
    for (size_t i = 0; i < n && a[i]; i++)
        diff |= (unsigned)(a[i] ^ b[i]);
    return diff == 0 && n > 0;
}

/* Takes the seat for c (room locked, c in the room).  The connection that
 * held it before (the same player, from an older connection) is told it
 * has lost it, and leaves the room unless it holds other seats there. */
static void take_seat(room *r, conn *c, int seat)
{
    room_seat *s = &r->seats[seat];
    if (s->holder == c)
        return;
    conn *old = s->holder;
    if (old) {
        jw w = {0};
        reply_start(&w, "seat-lost", -1);
        jw_kint(&w, "seat", seat);
        jw_end(&w);
        conn_send(old, jw_text(&w));
        jw_free(&w);
        count_seats(old, -1);
        if (old->seats == 0) {
            unlist(r, old);
            old->room = NULL;
            rooms_release(r);
        }
    }
    if (c->seats == 0)
        r->nwatchers--;
    count_seats(c, 1);
    s->holder = c;
    r->gone[seat] = 0;
    /* back: the person plays on from where the computer got to (a move
     * it was thinking of is dropped: room_robot_to_move no longer) */
    lt_error err = {0};
    if (r->standin[seat] == 2 && room_stand_in(r, seat, false, &err) != LT_OK)
        server_log("room %s: %s", r->id, err.msg);
}

/* Why c may not take a seat of a rated room (room locked), or NULL: it
 * must be logged in, the seat free or its own, and its other seat not
 * the same account's. */
static const char *rated_refusal(const room *r, const conn *c, int seat)
{
    if (!r->rated)
        return NULL;
    if (!c->account)
        return "a rated game: log in first";
    if (r->account[seat] && r->account[seat] != c->account)
        return "another player's";
    for (int i = 0; i < r->nseats; i++)
        if (i != seat && r->account[i] == c->account)
            return "one player cannot take both seats of a rated game";
    return NULL;
}

static void write_line(jw *w, const room_line *l)
{
    jw_obj(w);
    jw_kint(w, "seat", l->seat);
    jw_kstr(w, "name", l->name);
    jw_kstr(w, "text", l->text);
    jw_kint(w, "at", l->at);
    jw_end(w);
}

/* The message being handled, as it came: a relayed connection's goes on
 * whole to the process that keeps its room. */
static const char *current;
static size_t current_len;

/* A room kept by another process (owner set): c is relayed there with
 * its message; true.  A connection relayed from another process is not
 * relayed again, nor one to a room changing hands: it is told to come
 * back (the page joins again). */
static bool relayed(conn *c, const char *owner, const net_msg *m)
{
    if (!owner[0])
        return false;
    if (c->remote || !strcmp(owner, CLUSTER_MOVING)) {
        referee_error(c, m->re, "moved", "room %s is moving between servers; "
                      "join again", m->room);
        conn_close(c);
        return true;
    }
    leave(c);
    cluster_tunnel(c, owner, m->room, current, current_len);
    return true;
}

static void on_join(conn *c, const net_msg *m, bool watch)
{
    lt_error err = {0};
    if (watch && c->seats == 0 && !within_open_connections(c, m->re))
        return;
    bool full;
    char owner[STORE_NODE_MAX];
    room *r = rooms_find(m->room, !watch, &full, owner, &err);
    if (!r && relayed(c, owner, m))
        return;
    if (!r) {
        referee_error(c, m->re, full ? "no-room" : "unknown-room", "%s",
                      err.msg);
        return;
    }
    if (c->room != r)
        leave(c);
    bool joined = false;
    pthread_mutex_lock(&r->lock);
    /* a room loaded on demand may have dice or a computer's move due */
    settle(r);
    room_seat *s = !watch && m->seat < r->nseats ? &r->seats[m->seat] : NULL;
    bool owns = s && s->token[0] && same_token(m->token, s->token);
    const char *refusal = !watch && !owns ? "wrong seat or token"
                          : owns ? rated_refusal(r, c, m->seat) : NULL;
    if (refusal) {
        pthread_mutex_unlock(&r->lock);
        if (c->room != r)
            rooms_release(r);
        referee_error(c, m->re, !c->account && owns ? "not-logged-in" : "bad-token",
                      "seat %d of room %s is not yours (%s)", m->seat + 1,
                      m->room, refusal);
        return;
    }
    /* the first logged-in player of a seat has it in their archive (and,
     * in a rated room, is the only one who may take it) */
    if (owns && c->account && !r->account[m->seat] &&
        room_bind(r, m->seat, c->account, &err) != LT_OK)
        server_log("room %s: %s", r->id, err.msg);
    if (owns && room_take(r, m->seat, &err) != LT_OK)
        server_log("room %s: %s", r->id, err.msg);
    if (c->room == r) {
        rooms_release(r); /* the connection's own reference stays */
    } else if (!owns && r->nwatchers >= ROOM_WATCHERS) {
        pthread_mutex_unlock(&r->lock);
        rooms_release(r);
        referee_error(c, m->re, "room-full", "room %s has %d watchers "
                      "already", m->room, ROOM_WATCHERS);
        return;
    } else {
        r->conns[r->nconns++] = c;
        r->nwatchers++; /* until it takes its seat */
        c->room = r;    /* keeps the reference */
        joined = true;  /* a new watcher is counted for everyone */
    }
    conn_settled(c);
    bool seats_changed = (owns && s->holder != c) || (!owns && joined);
    if (owns)
        take_seat(r, c, m->seat);
    lt_error e = {0};
    char *record = room_public_record(r, &e);
    jw w = {0};
    reply_start(&w, "room", m->re);
    jw_kstr(&w, "room", r->id);
    jw_kstr(&w, "game", r->game->id);
    jw_kstr(&w, "record", record ? record : "");
    jw_key(&w, "you");
    jw_arr(&w);
    for (int i = 0; i < r->nseats; i++)
        if (r->seats[i].holder == c)
            jw_int(&w, i);
    jw_end(&w);
    room_write_state(r, &w);
    room_write_seats(r, &w);
    jw_key(&w, "chat");
    jw_arr(&w);
    for (int i = 0; i < r->chat_count; i++)
        write_line(&w, &r->chat[(r->chat_first + i) % ROOM_CHAT]);
    jw_end(&w);
    jw_end(&w);
    conn_send(c, jw_text(&w));
    jw_free(&w);
    free(record);
    if (seats_changed)
        broadcast_seats(r);
    pthread_mutex_unlock(&r->lock);
}

static void on_move(conn *c, const net_msg *m)
{
    room *r = c->room;
    lt_error err = {0};
    pthread_mutex_lock(&r->lock);
    int p = room_to_act(r);
    char who[64];
    if (p == LT_TERMINAL) {
        referee_error(c, m->re, "game-over", "the game is over");
    } else if (m->ply != lt_session_plies(r->s)) {
        referee_error(c, m->re, "stale", "the game is at action %d, not %d",
                      lt_session_plies(r->s), m->ply);
    } else if (p < 0 || r->seats[p].holder != c) {
        referee_error(c, m->re, "not-your-turn", "it is %s's turn, not yours",
                      p >= 0 ? lt_session_seat_name(r->s, p, who,
                                                    sizeof who)
                             : "the dice");
    } else if (lt_session_move(r->s, p, m->name, &err) != LT_OK) {
        referee_error(c, m->re, "illegal", "%s", err.msg);
    } else {
        tell(r);
        settle(r);
    }
    tell(r); /* a flag may have fallen on the way */
    pthread_mutex_unlock(&r->lock);
}

/* The seat of c that a command is from (room locked): the one it names,
 * or the only one it holds; of several, the one the command is for (the
 * seat asked to answer, the seat to act), else the first.  -1 with the
 * client told, when c holds none (or not that one). */
static int seat_of(room *r, conn *c, const net_msg *m)
{
    int held = -1, count = 0;
    for (int i = 0; i < r->nseats; i++)
        if (r->seats[i].holder == c) {
            if (held < 0)
                held = i;
            count++;
        }
    if (m->seat >= 0) {
        if (m->seat < r->nseats && r->seats[m->seat].holder == c)
            return m->seat;
        referee_error(c, m->re, "bad-token", "seat %d of room %s is not "
                      "yours", m->seat + 1, r->id);
        return -1;
    }
    if (count == 0) {
        referee_error(c, m->re, "bad-token", "you hold no seat in room %s "
                      "(watchers cannot %s)", r->id,
                      lt_command_get((lt_command_id)m->command)->name);
        return -1;
    }
    int want = m->command == LT_CMD_ACCEPT || m->command == LT_CMD_DECLINE
                   ? lt_session_answerer(r->s) : room_to_act(r);
    if (count > 1 && want >= 0 && want < r->nseats && r->seats[want].holder == c)
        return want;
    return held;
}

/* The next game of a finished room, once every player has asked for it:
 * every player one seat on (with two, colours swapped), the same game,
 * options and clock; each player is sent his new seat and its secret
 * (room locked). */
static void rematch(room *r, conn *c, int seat, int re)
{
    lt_error err = {0};
    if (!room_over(r)) {
        referee_error(c, re, "illegal", "a rematch comes after the end of the "
                      "game");
        return;
    }
    r->rematch |= 1u << seat;
    unsigned people = 0;
    for (int i = 0; i < r->nseats; i++)
        if (r->seats[i].token[0])
            people |= 1u << i;
    if ((r->rematch & people) != people && !r->next[0]) {
        jw w = {0};
        reply_start(&w, "offered", -1);
        jw_kstr(&w, "room", r->id);
        jw_kint(&w, "seat", seat);
        jw_kstr(&w, "kind", "rematch");
        jw_end(&w);
        broadcast(r, jw_text(&w));
        jw_free(&w);
        return;
    }
    room *next = NULL;
    if (r->next[0]) {
        bool full;
        char owner[STORE_NODE_MAX];
        next = rooms_find(r->next, true, &full, owner, &err);
        if (!next && owner[0])
            lt_error_set(&err, "the next game is on another server: join it "
                               "from the link you were given");
    } else if (peers_take_room(c->peer, server_now())) {
        int n = r->nseats;
        char specs[LT_MAX_PLAYERS][LT_SPEC_MAX];
        for (int i = 0; i < n; i++)
            lt_copy(specs[i], LT_SPEC_MAX, r->seats[(i + 1) % n].spec);
        lt_config cfg = *lt_session_config(r->s);
        next = rooms_create(r->game, &cfg, specs, lt_session_time_control(r->s), r->rated,
                            false,
                            c->peer->addr, &err);
        if (next) {
            lt_copy(r->next, sizeof r->next, next->id);
            server_log("room %s: the rematch is room %s", r->id, next->id);
        }
    } else {
        lt_error_set(&err, "one address may make %d rooms an hour",
                     opt.rooms_per_hour);
    }
    if (!next) {
        referee_error(c, re, "no-room", "%s", err.msg);
        return;
    }
    /* the player of seat i sits at seat i - 1 of the next game */
    pthread_mutex_lock(&next->lock);
    for (int i = 0; i < r->nseats; i++) {
        conn *h = r->seats[i].holder;
        int to = (i + r->nseats - 1) % r->nseats;
        if (!h || !(r->rematch >> i & 1))
            continue;
        send_seat(h, "rematch", h == c ? re : -1, next, to);
    }
    settle(next);
    pthread_mutex_unlock(&next->lock);
    rooms_release(next);
}

/* Is the connection within its chat's rate?  A line every two seconds,
 * five at once. */
static bool within_chat_rate(conn *c)
{
    double now = server_now();
    c->chat += (now - c->chat_when) / 2;
    c->chat_when = now;
    if (c->chat > 5)
        c->chat = 5;
    if (c->chat < 1)
        return false;
    c->chat -= 1;
    return true;
}

/* A line of the room's chat, to everyone in it (kept: the last
 * ROOM_CHAT lines come with the room to whoever joins). */
static void on_say(conn *c, const net_msg *m)
{
    room *r = c->room;
    size_t chars = 0, n = strlen(m->text);
    for (size_t i = 0; i < n; i++)
        chars += ((unsigned char)m->text[i] & 0xc0) != 0x80;
    if (chars == 0 || chars > ROOM_CHAT_CHARS) {
        referee_error(c, m->re, "bad-message", "a line of chat is 1 to %d "
                      "characters, not %zu", ROOM_CHAT_CHARS, chars);
        return;
    }
    if (!within_chat_rate(c)) {
        referee_error(c, m->re, "rate", "a line of chat every two seconds");
        return;
    }
    pthread_mutex_lock(&r->lock);
    room_line *l = &r->chat[(r->chat_first + r->chat_count) % ROOM_CHAT];
    if (r->chat_count == ROOM_CHAT)
        r->chat_first = (r->chat_first + 1) % ROOM_CHAT; /* the oldest goes */
    else
        r->chat_count++;
    l->seat = -1;
    for (int i = 0; i < r->nseats && l->seat < 0; i++)
        if (r->seats[i].holder == c)
            l->seat = i;
    if (c->name[0])
        lt_copy(l->name, sizeof l->name, c->name);
    else if (l->seat >= 0)
        lt_session_seat_name(r->s, l->seat, l->name, sizeof l->name);
    else
        lt_copy(l->name, sizeof l->name, "");
    lt_copy(l->text, sizeof l->text, m->text);
    l->at = (int64_t)time(NULL);
    cluster_save_line(r, l);
    jw w = {0};
    reply_start(&w, "said", -1);
    jw_kstr(&w, "room", r->id);
    jw_key(&w, "line");
    write_line(&w, l);
    jw_end(&w);
    broadcast(r, jw_text(&w));
    jw_free(&w);
    pthread_mutex_unlock(&r->lock);
}

enum { LOBBY_MAX = 50 }; /* games of each list in the lobby's answer */

/* The lobby: open games with a free seat, and games being played (every
 * process's: from the store). */
static void on_lobby(conn *c, const net_msg *m)
{
    jw w = {0};
    reply_start(&w, "lobby", m->re);
    for (int listed = 1; listed <= 2; listed++) {
        char *rows[LOBBY_MAX];
        lt_error err = {0};
        int n = store_lobby(db, listed, rows, LOBBY_MAX, &err);
        if (n < 0)
            server_log("the lobby: %s", err.msg);
        jw_key(&w, listed == 1 ? "open" : "playing");
        jw_arr(&w);
        for (int i = 0; i < n; i++) {
            jw_raw(&w, rows[i]);
            free(rows[i]);
        }
        jw_end(&w);
    }
    jw_end(&w);
    conn_send(c, jw_text(&w));
    jw_free(&w);
}

/* A free seat of an open game (the one named, or the first): its secret
 * goes to this client, who then joins with it. */
static void on_sit(conn *c, const net_msg *m)
{
    lt_error err = {0};
    bool full;
    char owner[STORE_NODE_MAX];
    room *r = rooms_find(m->room, true, &full, owner, &err);
    if (!r && relayed(c, owner, m))
        return;
    if (!r) {
        referee_error(c, m->re, full ? "no-room" : "unknown-room", "%s", err.msg);
        return;
    }
    pthread_mutex_lock(&r->lock);
    int seat = m->seat;
    for (int i = 0; seat < 0 && i < r->nseats; i++)
        if (room_free_seat(r, i))
            seat = i;
    if (seat < 0 || seat >= r->nseats || !room_free_seat(r, seat)) {
        referee_error(c, m->re, "no-seat", "room %s has no free seat%s", r->id,
                      m->seat >= 0 ? " there" : "");
    } else if (r->rated && !c->account) {
        referee_error(c, m->re, "not-logged-in", "a rated game: log in first");
    } else if (room_take(r, seat, &err) != LT_OK) {
        referee_error(c, m->re, "server", "%s", err.msg);
    } else {
        send_seat(c, "seated", m->re, r, seat);
        broadcast_seats(r); /* no longer free */
    }
    pthread_mutex_unlock(&r->lock);
    rooms_release(r);
}

/* ---- Challenges ----------------------------------------------------------
 * A seat's link (room, seat, token) is a challenge: whoever opens it sees
 * who made the game and how it is played, then accepts (join with the
 * token) or declines (refuse: the game is called off and the room told at
 * once). */

/* The room and seat of a link, locked, with a reference; NULL with the
 * client told when the room or the token is wrong (or relayed to the
 * process that keeps the room). */
static room *seat_link(conn *c, const net_msg *m)
{
    lt_error err = {0};
    bool full;
    char owner[STORE_NODE_MAX];
    room *r = rooms_find(m->room, true, &full, owner, &err);
    if (!r && relayed(c, owner, m))
        return NULL;
    if (!r) {
        referee_error(c, m->re, full ? "no-room" : "unknown-room", "%s", err.msg);
        return NULL;
    }
    pthread_mutex_lock(&r->lock);
    if (m->seat >= r->nseats || !r->seats[m->seat].token[0] ||
        !same_token(m->token, r->seats[m->seat].token)) {
        pthread_mutex_unlock(&r->lock);
        rooms_release(r);
        referee_error(c, m->re, "bad-token", "seat %d of room %s is not "
                      "yours (wrong seat or token)", m->seat + 1, m->room);
        return NULL;
    }
    return r;
}

static void on_challenge(conn *c, const net_msg *m)
{
    room *r = seat_link(c, m);
    if (!r)
        return;
    char text[256];
    jw w = {0};
    reply_start(&w, "challenge", m->re);
    jw_kstr(&w, "room", r->id);
    jw_kstr(&w, "game", r->game->id);
    jw_kint(&w, "seat", m->seat);
    jw_kstr(&w, "from", room_maker(r));
    lt_config_write(r->game, lt_session_config(r->s), text, sizeof text);
    jw_kstr(&w, "options", text);
    lt_time_control_format(lt_session_time_control(r->s), text, sizeof text);
    jw_kstr(&w, "clock", text);
    jw_kbool(&w, "rated", r->rated);
    jw_kint(&w, "away", r->away);
    jw_kstr(&w, "away_then", r->away_computer ? "computer" : "forfeit");
    jw_kbool(&w, "taken", r->taken[m->seat]);
    jw_kbool(&w, "over", room_over(r));
    room_write_seats(r, &w);
    jw_end(&w);
    conn_send(c, jw_text(&w));
    jw_free(&w);
    pthread_mutex_unlock(&r->lock);
    rooms_release(r);
}

static void on_refuse(conn *c, const net_msg *m)
{
    room *r = seat_link(c, m);
    if (!r)
        return;
    lt_error err = {0};
    if (room_over(r)) {
        referee_error(c, m->re, "game-over", "the game of room %s is over", r->id);
    } else if (r->taken[m->seat]) {
        referee_error(c, m->re, "illegal", "seat %d of room %s has been taken: "
                      "the challenge was accepted (resign instead)", m->seat + 1, r->id);
    } else if (lt_session_abort(r->s, m->seat, &err) != LT_OK) {
        referee_error(c, m->re, "illegal", "%s", err.msg);
    } else {
        jw w = {0};
        reply_start(&w, "refused", -1);
        jw_kstr(&w, "room", r->id);
        jw_kint(&w, "seat", m->seat);
        jw_end(&w);
        broadcast(r, jw_text(&w)); /* the challenger hears it at once */
        jw_free(&w);
        server_log("room %s: seat %d declined the challenge", r->id, m->seat + 1);
        tell(r); /* the result: called off */
        jw w2 = {0};
        reply_start(&w2, "refused", m->re);
        jw_kstr(&w2, "room", r->id);
        jw_kint(&w2, "seat", m->seat);
        jw_end(&w2);
        conn_send(c, jw_text(&w2));
        jw_free(&w2);
    }
    pthread_mutex_unlock(&r->lock);
    rooms_release(r);
}

/* ---- Quick pairing -------------------------------------------------------
 * Players waiting for an opponent (seek), one a connection, kept in the
 * store so that every process pairs them: a seek is paired with the
 * waiting one of the same game, options, clock and kind (rated or not) —
 * the closest in rating when rated, else the longest waiting — into a new
 * room of two people here, the one who waited playing the first seat. */
enum { SEEKS_MAX = 256, /* waiting at once in one process */
       SEEK_AWAY = 60 /* s away before forfeiting */ };

static int nseeks; /* this process's */

static void drop_seek(conn *c)
{
    lt_error err = {0};
    if (!c->seeking)
        return;
    c->seeking = false;
    nseeks--;
    if (store_seek_drop(db, cluster_node(), c->id, &err) != LT_OK)
        server_log("a seek not dropped: %s", err.msg);
}

/* Tells the connection that waited where it plays: "paired" with its
 * room, seat and token. */
void referee_paired(conn *c, const char *text)
{
    if (c->seeking) {
        c->seeking = false;
        nseeks--;
    }
    conn_send(c, text);
}

static void on_seek(conn *c, const net_msg *m)
{
    lt_error err = {0};
    const lt_game *g;
    lt_config cfg;
    lt_time_control tc;
    store_seek s = {.conn = c->id, .re = m->re, .rated = m->rated,
                    .account = c->account};
    if (!within_open_connections(c, m->re) || !read_setup(c, m, &g, &cfg, &tc))
        return;
    cfg.players = 2;
    if (lt_check_players(g, 2, &err) != LT_OK) {
        referee_error(c, m->re, "bad-seats", "%s is not played by two", g->id);
        return;
    }
    if (s.rated && !c->account) {
        referee_error(c, m->re, "not-logged-in", "log in to play a rated game");
        return;
    }
    lt_copy(s.node, sizeof s.node, cluster_node());
    lt_copy(s.game, sizeof s.game, g->id);
    lt_config_write(g, &cfg, s.options, sizeof s.options);
    lt_time_control_format(&tc, s.clock, sizeof s.clock);
    char pool[STORE_POOL_MAX];
    pool_name(g, &tc, pool, sizeof pool);
    store_rating mine;
    s.rating = s.rated && store_rating_get(db, c->account, pool, &mine, &err) == LT_OK
                   ? mine.r.rating : 1500;
    s.since = (int64_t)time(NULL) * 1000;
    drop_seek(c); /* a new seek stands for the old one */
    store_seek other;
    int found = store_seek_take(db, &s, &other, &err);
    if (found < 0) {
        referee_error(c, m->re, "server", "%s", err.msg);
        return;
    }
    if (!found) {
        if (nseeks == SEEKS_MAX) {
            referee_error(c, m->re, "limit", "%d players are waiting already: "
                          "try again soon", SEEKS_MAX);
        } else if (store_seek_add(db, &s, &err) != LT_OK) {
            referee_error(c, m->re, "server", "%s", err.msg);
        } else {
            c->seeking = true;
            nseeks++;
            reply_bare(c, "seeking", m->re);
        }
        return;
    }
    room *r = NULL;
    char specs[2][LT_SPEC_MAX] = {"human", "human"};
    if (!peers_take_room(c->peer, server_now()))
        lt_error_set(&err, "one address may make %d rooms an hour", opt.rooms_per_hour);
    else
        r = rooms_create(g, &cfg, specs, &tc, s.rated, false, c->peer->addr, &err);
    if (!r) {
        if (store_seek_add(db, &other, &err) != LT_OK) /* it waits on */
            server_log("a seek lost: %s", err.msg);
        referee_error(c, m->re, "limit", "%s", err.msg);
        return;
    }
    pthread_mutex_lock(&r->lock);
    if (room_set_away(r, SEEK_AWAY, &err) != LT_OK)
        server_log("room %s: %s", r->id, err.msg);
    cluster_save(r);
    jw w = {0};
    seat_message(&w, "paired", other.re, r, 0);
    cluster_paired(other.node, (unsigned)other.conn, jw_text(&w));
    jw_free(&w);
    send_seat(c, "paired", m->re, r, 1);
    settle(r);
    pthread_mutex_unlock(&r->lock);
    server_log("room %s paired: %s %s", r->id, g->id, s.clock);
    rooms_release(r);
}

static void on_unseek(conn *c, const net_msg *m)
{
    drop_seek(c);
    reply_bare(c, "unseek", m->re);
}

/* A command of the game in play from a seat the connection holds. */
static void on_command(conn *c, const net_msg *m)
{
    room *r = c->room;
    lt_error err = {0};
    pthread_mutex_lock(&r->lock);
    int seat = seat_of(r, c, m);
    if (seat < 0) {
        /* told */
    } else if (m->command == LT_CMD_REMATCH) {
        rematch(r, c, seat, m->re);
    } else if (lt_session_command(r->s, seat, (lt_command_id)m->command, m->arg,
                                  &err) != LT_OK) {
        referee_error(c, m->re, room_over(r) ? "game-over" : "illegal", "%s",
                      err.msg);
    } else {
        tell(r);
        settle(r);
    }
    tell(r);
    pthread_mutex_unlock(&r->lock);
}

/* Is the connection within its rate?  A token bucket: `rate` messages a
 * second, bursts of twice that. */
static bool within_rate(conn *c)
{
    double now = server_now();
    c->allowance += (now - c->last) * opt.rate;
    c->last = now;
    if (c->allowance > 2.0 * opt.rate)
        c->allowance = 2.0 * opt.rate;
    if (c->allowance < 1)
        return false;
    c->allowance -= 1;
    return true;
}

static void on_join_seat(conn *c, const net_msg *m)
{
    on_join(c, m, false);
}

static void on_watch(conn *c, const net_msg *m)
{
    on_join(c, m, true);
}

static void on_leave(conn *c, const net_msg *m)
{
    leave(c);
    reply_bare(c, "left", m->re);
}

static void on_ping(conn *c, const net_msg *m)
{
    reply_bare(c, "pong", m->re);
}

/* What each message does, by its type (msg_parse gives only these);
 * these act on the connection's room and need one. */
static const bool in_room[MSG_COMMAND + 1] = {
    [MSG_MOVE] = true, [MSG_SAY] = true, [MSG_COMMAND] = true};

/* The messages of a relayed connection that go to its room's process
 * (those that name a room when they name its room). */
static const bool relay[MSG_COMMAND + 1] = {
    [MSG_JOIN] = true, [MSG_WATCH] = true, [MSG_SIT] = true, [MSG_MOVE] = true,
    [MSG_LEAVE] = true, [MSG_SAY] = true, [MSG_CHALLENGE] = true,
    [MSG_REFUSE] = true, [MSG_COMMAND] = true};

/* What each message does, by its type (msg_parse gives only these). */
static void (*const handlers[])(conn *, const net_msg *) = {
    [MSG_CREATE] = on_create, [MSG_JOIN] = on_join_seat,
    [MSG_WATCH] = on_watch,   [MSG_MOVE] = on_move,
    [MSG_LEAVE] = on_leave,   [MSG_PING] = on_ping,
    [MSG_SAY] = on_say,       [MSG_LOBBY] = on_lobby,
    [MSG_SIT] = on_sit,       [MSG_SEEK] = on_seek,
    [MSG_UNSEEK] = on_unseek, [MSG_CHALLENGE] = on_challenge,
    [MSG_REFUSE] = on_refuse, [MSG_COMMAND] = on_command,
};
_Static_assert(sizeof handlers / sizeof *handlers == MSG_COMMAND + 1,
               "a handler for every message type");

void referee_message(conn *c, const char *data, size_t len)
{
    if (!within_rate(c)) {
        referee_error(c, -1, "rate", "more than %d messages a second; this "
                      "one was dropped", opt.rate);
        if (++c->drops >= DROPS_MAX)
            conn_close(c);
        return;
    }
    c->drops = 0;
    net_msg m;
    msg_error e;
    if (!msg_parse(data, len, &m, &e)) {
        referee_error(c, m.re, e.code, "%s", e.text);
        return;
    }
    current = data;
    current_len = len;
    if (c->owner[0] && relay[m.type]) {
        bool same = !m.room || !strcmp(m.room, c->owner_room);
        if (same)
            cluster_forward(c, data, len);
        if (!same || m.type == MSG_LEAVE)
            cluster_untunnel(c);
        if (same) {
            msg_free(&m);
            return;
        }
    }
    if (in_room[m.type] && !c->room)
        referee_error(c, m.re, "no-room", "join a room first");
    else
        handlers[m.type](c, &m);
    msg_free(&m);
}

bool referee_opened(conn *c)
{
    cluster_opened(c);
    c->allowance = 2.0 * opt.rate;
    c->last = c->chat_when = server_now();
    c->chat = 5;
    c->idle = true;
    if (nconns >= opt.max_connections) {
        referee_error(c, -1, "too-many-connections", "the server has %d "
                      "connections already; try again later",
                      opt.max_connections);
        return false;
    }
    nconns++;
    return true;
}

void referee_closed(conn *c)
{
    cluster_closed(c);
    drop_seek(c);
    leave(c);
    nconns--;
}
