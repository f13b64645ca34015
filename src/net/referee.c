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
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ludoteka/options.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"
#include "net/message.h"
#include "net/referee.h"
#include "net/robots.h"
#include "net/rooms.h"

enum { DROPS_MAX = 64 }; /* messages refused in a row before closing */

static serve_options opt;
static int nconns, nseated; /* connections; those holding a seat */

void referee_init(const serve_options *o)
{
    opt = *o;
    nconns = nseated = 0;
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
    jw_key(w, "t");
    jw_str(w, type);
    if (re >= 0) {
        jw_key(w, "re");
        jw_int(w, re);
    }
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
    jw_key(&w, "code");
    jw_str(&w, code);
    jw_key(&w, "msg");
    jw_str(&w, msg);
    jw_end(&w);
    conn_send(c, jw_text(&w));
    jw_free(&w);
}

static void broadcast_seats(room *r)
{
    jw w = {0};
    reply_start(&w, "seats", -1);
    jw_key(&w, "room");
    jw_str(&w, r->id);
    room_write_seats(r, &w);
    jw_end(&w);
    broadcast(r, jw_text(&w));
    jw_free(&w);
}

/* ---- Playing ------------------------------------------------------- */

static void broadcast_move(room *r, int by, const char *name)
{
    jw w = {0};
    char seed[24];
    reply_start(&w, "move", -1);
    jw_key(&w, "room");
    jw_str(&w, r->id);
    jw_key(&w, "name");
    jw_str(&w, name);
    jw_key(&w, "by");
    jw_int(&w, by);
    room_write_state(r, &w);
    if (r->game->current_player(r->state) == LT_TERMINAL) {
        /* the dice were fair: now anyone may check them against it */
        snprintf(seed, sizeof seed, "%llu", (unsigned long long)r->rec.seed);
        jw_key(&w, "seed");
        jw_str(&w, seed);
    }
    jw_end(&w);
    broadcast(r, jw_text(&w));
    jw_free(&w);
}

/* Rolls the dice that are due and asks for the computer seat's move (room
 * locked, a reference held). */
static lt_status settle(room *r, lt_error *err)
{
    const lt_game *g = r->game;
    while (g->current_player(r->state) == LT_CHANCE) {
        char name[64];
        lt_action a = lt_chance_draw(g, r->state, r->rec.seed,
                                     (uint64_t)r->rec.nactions);
        if (room_apply(r, a, name, err) != LT_OK)
            return LT_EIO;
        broadcast_move(r, -1, name);
    }
    if (room_robot_to_move(r))
        robots_want(r);
    return LT_OK;
}

/* Plays a legal action (room locked, a reference held): on disk, to
 * everyone, then what follows from it. */
static lt_status play(room *r, lt_action a, lt_error *err)
{
    char name[64];
    int by = r->game->current_player(r->state);
    if (room_apply(r, a, name, err) != LT_OK)
        return LT_EIO;
    broadcast_move(r, by, name);
    return settle(r, err);
}

void referee_robot_move(room *r, int ply, lt_action a)
{
    lt_error err = {0};
    pthread_mutex_lock(&r->lock);
    if (r->rec.nactions == ply && room_robot_to_move(r) &&
        lt_is_legal(r->game, r->state, a) && play(r, a, &err) != LT_OK)
        server_log("room %s: %s", r->id, err.msg);
    pthread_mutex_unlock(&r->lock);
}

void referee_resume(room *r)
{
    lt_error err = {0};
    pthread_mutex_lock(&r->lock);
    if (settle(r, &err) != LT_OK)
        server_log("room %s: %s", r->id, err.msg);
    pthread_mutex_unlock(&r->lock);
    rooms_release(r);
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

static void on_create(conn *c, const net_msg *m)
{
    lt_error err = {0};
    double now = server_now();
    if (!within_open_connections(c, m->re))
        return;
    const lt_game *g = lt_game_find(m->game);
    if (!g) {
        referee_error(c, m->re, "unknown-game", "there is no game '%.40s'",
                      m->game);
        return;
    }
    lt_config cfg;
    lt_config_default(g, &cfg, 0);
    if (m->options && lt_config_parse(g, &cfg, m->options, &err) != LT_OK) {
        referee_error(c, m->re, "bad-options", "%s", err.msg);
        return;
    }
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
    if (!peers_take_room(c->peer, now)) {
        referee_error(c, m->re, "limit", "one address may make %d rooms an "
                      "hour; the next in %.0f s", opt.rooms_per_hour,
                      peers_room_wait(c->peer, now) + 0.5);
        return;
    }
    room *r = rooms_create(g, &cfg, specs, c->peer->addr, &err);
    if (!r) {
        referee_error(c, m->re, "no-room", "%s", err.msg);
        return;
    }
    jw w = {0};
    reply_start(&w, "created", m->re);
    jw_key(&w, "room");
    jw_str(&w, r->id);
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
    conn_send(c, jw_text(&w));
    jw_free(&w);
    if (settle(r, &err) != LT_OK)
        server_log("room %s: %s", r->id, err.msg);
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
    for (int i = 0; i < r->rec.config.players; i++)
        if (r->seats[i].holder == c)
            r->seats[i].holder = NULL;
    if (c->seats > 0) {
        count_seats(c, -c->seats);
        broadcast_seats(r);
    }
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
        jw_key(&w, "seat");
        jw_int(&w, seat);
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
}

static void on_join(conn *c, const net_msg *m, bool watch)
{
    lt_error err = {0};
    if (watch && c->seats == 0 && !within_open_connections(c, m->re))
        return;
    bool full;
    room *r = rooms_find(m->room, !watch, &full, &err);
    if (!r) {
        referee_error(c, m->re, full ? "no-room" : "unknown-room", "%s",
                      err.msg);
        return;
    }
    if (c->room != r)
        leave(c);
    pthread_mutex_lock(&r->lock);
    /* a room loaded on demand may have dice or a computer's move due */
    if (settle(r, &err) != LT_OK)
        server_log("room %s: %s", r->id, err.msg);
    room_seat *s = !watch && m->seat < r->rec.config.players
                       ? &r->seats[m->seat] : NULL;
    bool owns = s && s->token[0] && same_token(m->token, s->token);
    if (!watch && !owns) {
        pthread_mutex_unlock(&r->lock);
        if (c->room != r)
            rooms_release(r);
        referee_error(c, m->re, "bad-token", "seat %d of room %s is not "
                      "yours (wrong seat or token)", m->seat + 1, m->room);
        return;
    }
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
    }
    conn_settled(c);
    bool seats_changed = owns && s->holder != c;
    if (owns)
        take_seat(r, c, m->seat);
    lt_error e = {0};
    char *record = room_public_record(r, &e);
    jw w = {0};
    reply_start(&w, "room", m->re);
    jw_key(&w, "room");
    jw_str(&w, r->id);
    jw_key(&w, "game");
    jw_str(&w, r->game->id);
    jw_key(&w, "record");
    jw_str(&w, record ? record : "");
    jw_key(&w, "you");
    jw_arr(&w);
    for (int i = 0; i < r->rec.config.players; i++)
        if (r->seats[i].holder == c)
            jw_int(&w, i);
    jw_end(&w);
    room_write_state(r, &w);
    room_write_seats(r, &w);
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
    if (!r) {
        referee_error(c, m->re, "no-room", "join a room first");
        return;
    }
    pthread_mutex_lock(&r->lock);
    const lt_game *g = r->game;
    int p = g->current_player(r->state);
    lt_action a;
    char who[64];
    if (p == LT_TERMINAL) {
        referee_error(c, m->re, "game-over", "the game is over");
    } else if (m->ply != r->rec.nactions) {
        referee_error(c, m->re, "stale", "the game is at action %d, not %d",
                      r->rec.nactions, m->ply);
    } else if (p < 0 || r->seats[p].holder != c) {
        referee_error(c, m->re, "not-your-turn", "it is %s's turn, not yours",
                      p >= 0 ? lt_seat_name(g, p, LT_LANG_EN, who, sizeof who)
                             : "the dice");
    } else if (lt_parse(g, r->state, m->name, &a, &err) != LT_OK) {
        referee_error(c, m->re, "illegal", "%s", err.msg);
    } else if (play(r, a, &err) != LT_OK) {
        referee_error(c, m->re, "server", "%s", err.msg);
        server_log("room %s: %s", r->id, err.msg);
    }
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
    switch (m.type) {
    case MSG_CREATE:
        on_create(c, &m);
        break;
    case MSG_JOIN:
    case MSG_WATCH:
        on_join(c, &m, m.type == MSG_WATCH);
        break;
    case MSG_MOVE:
        on_move(c, &m);
        break;
    case MSG_LEAVE:
    case MSG_PING: {
        if (m.type == MSG_LEAVE)
            leave(c);
        jw w = {0};
        reply_start(&w, m.type == MSG_LEAVE ? "left" : "pong", m.re);
        jw_end(&w);
        conn_send(c, jw_text(&w));
        jw_free(&w);
        break;
    }
    }
    msg_free(&m);
}

bool referee_opened(conn *c)
{
    c->allowance = 2.0 * opt.rate;
    c->last = server_now();
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
    leave(c);
    nconns--;
}
