/* server.c — `ludoteka serve`: civetweb serves the page, the rooms'
 * WebSocket (/ws) and their records (/api/...).  The server is the
 * referee: it checks every move against the rules and against the seat
 * its connection holds, rolls the dice, writes each action to the room's
 * record before anyone hears of it, and tells everyone in the room.
 *
 * Messages are JSON objects with a type "t".  From a client:
 *   create {game, options?, seats: [spec...]}  -> created {room, tokens}
 *   join {room, seat?, token?}                  -> room {record, you, ...}
 *   watch {room}                                -> room {...}
 *   move {ply, name}                            -> move to the whole room
 *   leave {}, ping {}                           -> left, pong
 * To a room: move {name, by, ply, to, pos, legal, result[, seed]},
 * seats {seats}; to one client: seat-lost {seat}, error {code, msg}.
 * A client's integer "id" comes back as "re" in the answer. */
#include <arpa/inet.h>
#include <civetweb.h>
#include <cjson/cJSON.h>
#include <errno.h>
#include <ifaddrs.h>
#include <limits.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ludoteka/options.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"
#include "net/robots.h"
#include "net/rooms.h"
#include "net/server.h"

enum {
    MESSAGE_MAX = 8192,  /* bytes of one message from a client */
    DROPS_MAX = 64,      /* messages refused for the rate before closing */
    CREATES_MAX = 16     /* rooms one connection may create */
};

/* One WebSocket connection.  `room` and the counters belong to the
 * connection's own thread; seats are held through room->seats[].holder,
 * under the room's lock. */
typedef struct {
    struct mg_connection *mg;
    room *room;          /* the room it is in (a reference), or NULL */
    double allowance;    /* messages it may send now (token bucket) */
    double last;         /* when the allowance was last topped up */
    int drops, created;
    bool refused;        /* over the connection limit: told, and closed */
    atomic_bool broken;  /* a write failed: nothing more is sent */
} conn;

static serve_options opt;
static atomic_int nconns;
static int port;  /* where it listens */
/* the machine's IPv4 addresses others may reach it at (none when bound to
 * one address): the page's invitations use them */
enum { ADDRESSES_MAX = 8 };
static char addresses[ADDRESSES_MAX][INET_ADDRSTRLEN];
static int naddresses;

double server_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void server_log(const char *fmt, ...)
{
    char line[512];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    size_t n = strftime(line, sizeof line, "%H:%M:%S ", &tm);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line + n, sizeof line - n, fmt, ap);
    va_end(ap);
    /* a line may quote what a client sent: no control codes in the log */
    char safe[sizeof line];
    fprintf(stderr, "%s\n", lt_escape(safe, sizeof safe, line));
}

/* ---- Sending ------------------------------------------------------- */

static void send_text(conn *c, const char *text)
{
    if (atomic_load(&c->broken) || !text[0])
        return;
    mg_lock_connection(c->mg);
    int n = mg_websocket_write(c->mg, MG_WEBSOCKET_OPCODE_TEXT, text,
                               strlen(text));
    mg_unlock_connection(c->mg);
    if (n <= 0) /* gone, or too slow to read within the timeout */
        atomic_store(&c->broken, true);
}

/* To everyone in the room (locked). */
static void broadcast(room *r, const char *text)
{
    for (int i = 0; i < r->nconns; i++)
        send_text(r->conns[i], text);
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

static void send_error(conn *c, int re, const char *code, const char *fmt, ...)
    LT_PRINTF(4, 5);

static void send_error(conn *c, int re, const char *code, const char *fmt, ...)
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
    send_text(c, jw_text(&w));
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

/* A computer seat's move, unless the game has moved on meanwhile. */
static void robot_move(room *r, int ply, lt_action a)
{
    lt_error err = {0};
    pthread_mutex_lock(&r->lock);
    if (r->rec.nactions == ply && room_robot_to_move(r) &&
        lt_is_legal(r->game, r->state, a) && play(r, a, &err) != LT_OK)
        server_log("room %s: %s", r->id, err.msg);
    pthread_mutex_unlock(&r->lock);
}

/* A room loaded at start: whatever was due when the server stopped. */
static void resume(room *r)
{
    lt_error err = {0};
    pthread_mutex_lock(&r->lock);
    if (settle(r, &err) != LT_OK)
        server_log("room %s: %s", r->id, err.msg);
    pthread_mutex_unlock(&r->lock);
    rooms_release(r);
}

/* ---- Messages from a client ---------------------------------------- */

static const char *get_string(const cJSON *m, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(m, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* An integer member, or def when absent; false when it is not an integer. */
static bool get_int(const cJSON *m, const char *key, int def, int *out)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(m, key);
    *out = def;
    if (!v)
        return true;
    /* the range first: converting a double that does not fit (1e300) to
     * int is undefined */
    if (!cJSON_IsNumber(v) || !(v->valuedouble >= INT_MIN &&
                                v->valuedouble <= INT_MAX) ||
        v->valuedouble != (double)(int)v->valuedouble)
        return false;
    *out = (int)v->valuedouble;
    return true;
}

static void on_create(conn *c, const cJSON *m, int re)
{
    const char *id = get_string(m, "game"), *options = get_string(m, "options");
    const cJSON *seats = cJSON_GetObjectItemCaseSensitive(m, "seats");
    lt_error err = {0};
    if (c->created >= CREATES_MAX) {
        send_error(c, re, "limit", "one connection may create at most "
                   "%d rooms", CREATES_MAX);
        return;
    }
    const lt_game *g = id ? lt_game_find(id) : NULL;
    if (!g) {
        send_error(c, re, "unknown-game", "there is no game '%.40s'",
                   id ? id : "");
        return;
    }
    lt_config cfg;
    lt_config_default(g, &cfg, 0);
    if (options && lt_config_parse(g, &cfg, options, &err) != LT_OK) {
        send_error(c, re, "bad-options", "%s", err.msg);
        return;
    }
    if (!cJSON_IsArray(seats)) {
        send_error(c, re, "bad-message", "create needs \"seats\": a "
                   "list of players, one a seat");
        return;
    }
    char specs[LT_MAX_PLAYERS][LT_SPEC_MAX];
    int n = cJSON_GetArraySize(seats);
    cfg.players = n;
    if (lt_check_players(g, n, &err) != LT_OK) {
        send_error(c, re, "bad-seats", "%s", err.msg);
        return;
    }
    for (int i = 0; i < n; i++) {
        const cJSON *s = cJSON_GetArrayItem(seats, i);
        if (!cJSON_IsString(s) || !room_valid_spec(s->valuestring, &err)) {
            send_error(c, re, "bad-seats", "%s",
                       cJSON_IsString(s) ? err.msg
                                         : "every seat is a string");
            return;
        }
        lt_copy(specs[i], LT_SPEC_MAX, s->valuestring);
    }
    room *r = rooms_create(g, &cfg, specs, &err);
    if (!r) {
        send_error(c, re, "no-room", "%s", err.msg);
        return;
    }
    c->created++;
    jw w = {0};
    reply_start(&w, "created", re);
    jw_key(&w, "room");
    jw_str(&w, r->id);
    jw_key(&w, "tokens");
    jw_arr(&w);
    pthread_mutex_lock(&r->lock);
    for (int i = 0; i < n; i++) {
        if (r->seats[i].token[0])
            jw_str(&w, r->seats[i].token);
        else
            jw_null(&w);
    }
    jw_end(&w);
    jw_end(&w);
    send_text(c, jw_text(&w));
    jw_free(&w);
    if (settle(r, &err) != LT_OK)
        server_log("room %s: %s", r->id, err.msg);
    pthread_mutex_unlock(&r->lock);
    server_log("room %s created: %s, %d seats", r->id, g->id, n);
    rooms_release(r);
}

/* Leaves the connection's room, giving up its seats. */
static void leave(conn *c)
{
    room *r = c->room;
    if (!r)
        return;
    pthread_mutex_lock(&r->lock);
    for (int i = 0; i < r->nconns; i++)
        if (r->conns[i] == c) {
            r->conns[i] = r->conns[--r->nconns];
            break;
        }
    bool held = false;
    for (int i = 0; i < r->rec.config.players; i++)
        if (r->seats[i].holder == c) {
            r->seats[i].holder = NULL;
            held = true;
        }
    if (held)
        broadcast_seats(r);
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

static void on_join(conn *c, const cJSON *m, int re, bool watch)
{
    const char *id = get_string(m, "room"), *token = get_string(m, "token");
    int seat;
    lt_error err = {0};
    if (!id) {
        send_error(c, re, "bad-message", "which room? (\"room\")");
        return;
    }
    if (!get_int(m, "seat", -1, &seat) || (!watch && seat < 0)) {
        send_error(c, re, "bad-message", "join needs a \"seat\" "
                   "number and its \"token\"");
        return;
    }
    bool full;
    room *r = rooms_find(id, &full, &err);
    if (!r) {
        send_error(c, re, full ? "no-room" : "unknown-room", "%s", err.msg);
        return;
    }
    if (c->room != r)
        leave(c);
    pthread_mutex_lock(&r->lock);
    /* a room loaded on demand may have dice or a computer's move due */
    if (settle(r, &err) != LT_OK)
        server_log("room %s: %s", r->id, err.msg);
    if (c->room == r) {
        rooms_release(r); /* the connection's own reference stays */
    } else if (r->nconns == ROOM_CONNS) {
        pthread_mutex_unlock(&r->lock);
        rooms_release(r);
        send_error(c, re, "room-full", "room %s has %d connections already",
                   id, ROOM_CONNS);
        return;
    } else {
        r->conns[r->nconns++] = c;
        c->room = r; /* keeps the reference */
    }
    bool seats_changed = false;
    if (!watch) {
        room_seat *s = seat < r->rec.config.players ? &r->seats[seat] : NULL;
        if (!s || !s->token[0] || !token || !same_token(token, s->token)) {
            pthread_mutex_unlock(&r->lock);
            send_error(c, re, "bad-token", "seat %d of room %s is not "
                       "yours (wrong seat or token)", seat + 1, id);
            return;
        }
        if (s->holder && s->holder != c) {
            /* the same player again, from a new connection */
            jw w = {0};
            reply_start(&w, "seat-lost", -1);
            jw_key(&w, "seat");
            jw_int(&w, seat);
            jw_end(&w);
            send_text(s->holder, jw_text(&w));
            jw_free(&w);
        }
        seats_changed = s->holder != c;
        s->holder = c;
    }
    lt_error e = {0};
    char *record = room_public_record(r, &e);
    jw w = {0};
    reply_start(&w, "room", re);
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
    send_text(c, jw_text(&w));
    jw_free(&w);
    free(record);
    if (seats_changed)
        broadcast_seats(r);
    pthread_mutex_unlock(&r->lock);
}

static void on_move(conn *c, const cJSON *m, int re)
{
    const char *name = get_string(m, "name");
    int ply;
    room *r = c->room;
    lt_error err = {0};
    if (!r) {
        send_error(c, re, "no-room", "join a room first");
        return;
    }
    if (!name || !get_int(m, "ply", -1, &ply) || ply < 0) {
        send_error(c, re, "bad-message", "move needs \"name\" and "
                   "\"ply\" (the number of actions you have seen)");
        return;
    }
    pthread_mutex_lock(&r->lock);
    const lt_game *g = r->game;
    int p = g->current_player(r->state);
    lt_action a;
    char who[64];
    if (p == LT_TERMINAL) {
        send_error(c, re, "game-over", "the game is over");
    } else if (ply != r->rec.nactions) {
        send_error(c, re, "stale", "the game is at action %d, not %d",
                   r->rec.nactions, ply);
    } else if (p < 0 || r->seats[p].holder != c) {
        send_error(c, re, "not-your-turn", "it is %s's turn, not yours",
                   p >= 0 ? lt_seat_name(g, p, LT_LANG_EN, who, sizeof who)
                          : "the dice");
    } else if (lt_parse(g, r->state, name, &a, &err) != LT_OK) {
        send_error(c, re, "illegal", "%s", err.msg);
    } else if (play(r, a, &err) != LT_OK) {
        send_error(c, re, "server", "%s", err.msg);
        server_log("room %s: %s", r->id, err.msg);
    }
    pthread_mutex_unlock(&r->lock);
}

/* cJSON keeps the place of its last parse error in a global: one parse at
 * a time. */
static pthread_mutex_t parse_lock = PTHREAD_MUTEX_INITIALIZER;

static void on_message(conn *c, const char *data, size_t len)
{
    pthread_mutex_lock(&parse_lock);
    cJSON *m = cJSON_ParseWithLength(data, len);
    pthread_mutex_unlock(&parse_lock);
    int re = -1;
    if (!m || !cJSON_IsObject(m)) {
        send_error(c, -1, "bad-json", "a message is one JSON object");
        cJSON_Delete(m);
        return;
    }
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(m, "id");
    if (cJSON_IsNumber(id) && id->valuedouble >= 0 && id->valuedouble < 1e9)
        re = (int)id->valuedouble;
    const char *t = get_string(m, "t");
    if (!t) {
        send_error(c, re, "bad-message", "a message needs a type (\"t\")");
    } else if (!strcmp(t, "create")) {
        on_create(c, m, re);
    } else if (!strcmp(t, "join") || !strcmp(t, "watch")) {
        on_join(c, m, re, !strcmp(t, "watch"));
    } else if (!strcmp(t, "move")) {
        on_move(c, m, re);
    } else if (!strcmp(t, "leave") || !strcmp(t, "ping")) {
        if (!strcmp(t, "leave"))
            leave(c);
        jw w = {0};
        reply_start(&w, !strcmp(t, "leave") ? "left" : "pong", re);
        jw_end(&w);
        send_text(c, jw_text(&w));
        jw_free(&w);
    } else {
        send_error(c, re, "bad-message", "unknown message type '%.40s'", t);
    }
    cJSON_Delete(m);
}

/* ---- WebSocket connections ----------------------------------------- */

static int ws_connect(const struct mg_connection *mg, void *cb)
{
    (void)cb;
    conn *c = calloc(1, sizeof *c);
    if (!c)
        return 1; /* refused */
    c->allowance = 2.0 * opt.rate;
    c->last = server_now();
    atomic_init(&c->broken, false);
    c->refused = atomic_fetch_add(&nconns, 1) >= opt.max_connections;
    mg_set_user_connection_data(mg, c);
    return 0;
}

static void ws_ready(struct mg_connection *mg, void *cb)
{
    (void)cb;
    conn *c = mg_get_user_connection_data(mg);
    c->mg = mg;
    if (c->refused) {
        send_error(c, -1, "too-many-connections", "the server has %d "
                   "connections already; try again later", opt.max_connections);
        mg_lock_connection(mg);
        mg_websocket_write(mg, MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE, "", 0);
        mg_unlock_connection(mg);
    }
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

static int ws_data(struct mg_connection *mg, int bits, char *data, size_t len,
                   void *cb)
{
    (void)cb;
    conn *c = mg_get_user_connection_data(mg);
    int opcode = bits & 0x0f;
    bool fin = (bits & 0x80) != 0;
    if (c->refused || opcode == MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE)
        return 0;
    if (opcode == MG_WEBSOCKET_OPCODE_PING || opcode == MG_WEBSOCKET_OPCODE_PONG)
        return 1;
    if (opcode == MG_WEBSOCKET_OPCODE_CONTINUATION || !fin) {
        send_error(c, -1, "fragmented", "messages must come in one frame");
        return 0;
    }
    if (opcode != MG_WEBSOCKET_OPCODE_TEXT) {
        send_error(c, -1, "bad-json", "messages are JSON text, not binary");
        return 1;
    }
    if (len > MESSAGE_MAX) {
        send_error(c, -1, "too-big", "a message is at most %d bytes, not %zu",
                   MESSAGE_MAX, len);
        return 0;
    }
    if (!within_rate(c)) {
        send_error(c, -1, "rate", "more than %d messages a second; this one "
                   "was dropped", opt.rate);
        return ++c->drops < DROPS_MAX;
    }
    on_message(c, data, len);
    return 1;
}

static void ws_close(const struct mg_connection *mg, void *cb)
{
    (void)cb;
    conn *c = mg_get_user_connection_data(mg);
    if (!c)
        return;
    leave(c);
    atomic_fetch_sub(&nconns, 1);
    free(c);
}

/* ---- HTTP: records and status -------------------------------------- */

static int send_http(struct mg_connection *mg, int status, const char *type,
                     const char *extra, const char *body)
{
    size_t n = strlen(body);
    mg_printf(mg, "HTTP/1.1 %d %s\r\nContent-Type: %s\r\n"
                  "Content-Length: %zu\r\nCache-Control: no-store\r\n%s"
                  "Connection: close\r\n\r\n",
              status, status == 200 ? "OK" : "Not Found", type, n, extra);
    mg_write(mg, body, n);
    return status;
}

static int api(struct mg_connection *mg, void *cb)
{
    (void)cb;
    const struct mg_request_info *ri = mg_get_request_info(mg);
    const char *uri = ri->local_uri;
    char id[ROOM_ID_LEN + 1];
    if (!strcmp(uri, "/api/status")) {
        jw w = {0};
        jw_obj(&w);
        jw_key(&w, "rooms");
        jw_int(&w, rooms_count());
        jw_key(&w, "connections");
        jw_int(&w, atomic_load(&nconns));
        jw_key(&w, "games");
        jw_int(&w, lt_game_count());
        jw_key(&w, "port");
        jw_int(&w, port);
        jw_key(&w, "addresses");
        jw_arr(&w);
        for (int i = 0; i < naddresses; i++)
            jw_str(&w, addresses[i]);
        jw_end(&w);
        jw_end(&w);
        int st = send_http(mg, 200, "application/json", "", jw_text(&w));
        jw_free(&w);
        return st;
    }
    /* /api/rooms/ID/record */
    if (strlen(uri) == 11 + ROOM_ID_LEN + 7 && !strncmp(uri, "/api/rooms/", 11) &&
        !strcmp(uri + 11 + ROOM_ID_LEN, "/record")) {
        memcpy(id, uri + 11, ROOM_ID_LEN);
        id[ROOM_ID_LEN] = '\0';
        lt_error err = {0};
        bool full;
        room *r = rooms_find(id, &full, &err);
        if (r) {
            pthread_mutex_lock(&r->lock);
            char *text = room_public_record(r, &err);
            pthread_mutex_unlock(&r->lock);
            rooms_release(r);
            if (text) {
                char disposition[96];
                snprintf(disposition, sizeof disposition,
                         "Content-Disposition: attachment; "
                         "filename=\"ludoteka-%s.txt\"\r\n", id);
                int st = send_http(mg, 200, "text/plain; charset=utf-8",
                                   disposition, text);
                free(text);
                return st;
            }
        }
        return send_http(mg, 404, "text/plain", "", "no such room\n");
    }
    return send_http(mg, 404, "text/plain", "", "not found\n");
}

static int log_message(const struct mg_connection *mg, const char *msg)
{
    (void)mg;
    server_log("civetweb: %s", msg);
    return 1;
}

/* ---- The server ---------------------------------------------------- */

/* The IPv4 addresses of this machine's interfaces but loopback. */
static void find_addresses(void)
{
    struct ifaddrs *list;
    if (getifaddrs(&list) != 0)
        return;
    for (struct ifaddrs *i = list; i && naddresses < ADDRESSES_MAX;
         i = i->ifa_next) {
        if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET)
            continue;
        const struct sockaddr_in *in =
            (const struct sockaddr_in *)(const void *)i->ifa_addr;
        if ((ntohl(in->sin_addr.s_addr) >> 24) == 127)
            continue;
        inet_ntop(AF_INET, &in->sin_addr, addresses[naddresses], INET_ADDRSTRLEN);
        naddresses++;
    }
    freeifaddrs(list);
}

/* mkdir -p */
static bool make_dirs(const char *path)
{
    char buf[1024];
    if (strlen(path) >= sizeof buf)
        return false;
    strcpy(buf, path);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(buf, 0777) != 0 && errno != EEXIST)
            return false;
        *p = '/';
    }
    return mkdir(buf, 0777) == 0 || errno == EEXIST;
}

int net_serve(const serve_options *o)
{
    opt = *o;
    char ports[128], threads[16], index[1100];
    if (!make_dirs(opt.data_dir)) {
        fprintf(stderr, "ludoteka: cannot make %s: %s\n", opt.data_dir,
                strerror(errno));
        return 1;
    }
    snprintf(index, sizeof index, "%s/index.html", opt.web_dir);
    if (access(index, R_OK) != 0)
        server_log("no page in %s (build it: see README); rooms only",
                   opt.web_dir);
    /* signals: waited for by this thread only, never by civetweb's */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    signal(SIGPIPE, SIG_IGN);

    if (!rooms_init(opt.data_dir, opt.max_rooms) ||
        !robots_start(opt.robots, opt.max_rooms, robot_move)) {
        fprintf(stderr, "ludoteka: out of memory\n");
        return 1;
    }
    int resumed = rooms_load_all(resume);

    if (opt.bind)
        snprintf(ports, sizeof ports, "%s:%d", opt.bind, opt.port);
    else
        snprintf(ports, sizeof ports, "%d", opt.port);
    /* every open WebSocket holds a thread; a few more serve the page */
    snprintf(threads, sizeof threads, "%d", opt.max_connections + 16);
    const char *options[] = {
        "document_root", opt.web_dir,
        "listening_ports", ports,
        "num_threads", threads,
        "tcp_nodelay", "1",
        "extra_mime_types", ".wasm=application/wasm",
        "static_file_max_age", "0",
        "enable_websocket_ping_pong", "yes",
        "websocket_timeout_ms", "30000",
        "request_timeout_ms", "10000",
        "enable_directory_listing", "no",
        "additional_header", "X-Content-Type-Options: nosniff",
        NULL};
    struct mg_callbacks callbacks;
    memset(&callbacks, 0, sizeof callbacks);
    callbacks.log_message = log_message;
    mg_init_library(0);
    struct mg_context *ctx = mg_start(&callbacks, NULL, options);
    if (!ctx) {
        fprintf(stderr, "ludoteka: cannot listen on %s\n", ports);
        robots_stop();
        rooms_shutdown();
        mg_exit_library();
        return 1;
    }
    mg_set_websocket_handler(ctx, "/ws", ws_connect, ws_ready, ws_data,
                             ws_close, NULL);
    mg_set_request_handler(ctx, "/api/", api, NULL);
    struct mg_server_port sp[4];
    int nports = mg_get_server_ports(ctx, 4, sp);
    port = nports > 0 ? sp[0].port : opt.port;
    if (!opt.bind)
        find_addresses();
    printf("Ludoteka serving on http://%s:%d/ (rooms in %s; %d resumed)\n",
           opt.bind ? opt.bind : "localhost", port, opt.data_dir, resumed);
    for (int i = 0; i < naddresses; i++)
        printf("  and for others on the network: http://%s:%d/\n", addresses[i], port);
    fflush(stdout);

    int sig = 0;
    sigwait(&set, &sig);
    server_log("stopping (signal %d)", sig);
    robots_stop();
    mg_stop(ctx);
    rooms_shutdown();
    mg_exit_library();
    return 0;
}
