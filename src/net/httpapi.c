/* httpapi.c — the routes of /api/ (httpapi.h). */
#include <cjson/cJSON.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ludoteka/text.h"
#include "net/accounts.h"
#include "net/httpapi.h"
#include "net/jsonw.h"
#include "net/referee.h"
#include "net/rooms.h"
#include "net/server.h"

enum {
    LIST_MAX = 50,       /* games or leaders in one answer */
    PAGE_DEFAULT = 20,   /* games on a page of a search, unless asked */
    PAGE_MAX = 1000      /* pages of a search (50,000 games at most) */
};

static store *db;
static httpapi_status status_info;

void httpapi_init(store *s, const httpapi_status *st)
{
    db = s;
    status_info = *st;
}

static void answer(httpapi_reply *out, unsigned status, jw *w)
{
    out->status = w->text.failed ? 500 : status;
    out->type = "application/json";
    out->body = w->text.failed ? strdup("{}") : w->text.buf;
    if (w->text.failed)
        jw_free(w);
}

static void answer_text(httpapi_reply *out, unsigned status, const char *type,
                        const char *text)
{
    out->status = status;
    out->type = type;
    out->body = strdup(text);
}

/* {"error": code, "msg": ...} with a status. */
static void fail(httpapi_reply *out, unsigned status, const char *code,
                 const char *msg)
{
    jw w = {0};
    jw_obj(&w);
    jw_kstr(&w, "error", code);
    jw_kstr(&w, "msg", msg);
    jw_end(&w);
    answer(out, status, &w);
}

static int64_t now_s(void)
{
    return (int64_t)time(NULL);
}

void httpapi_login_of(const char *cookie, char *secret, size_t size)
{
    secret[0] = '\0';
    for (const char *p = cookie; p && *p;) {
        while (*p == ' ' || *p == ';')
            p++;
        size_t n = strcspn(p, ";");
        if (n > 5 && !strncmp(p, "ltsid=", 6) && n - 6 < size) {
            memcpy(secret, p + 6, n - 6);
            secret[n - 6] = '\0';
            return;
        }
        p += n;
    }
}

static void set_cookie(httpapi_reply *out, const char *secret, int days)
{
    snprintf(out->cookie, sizeof out->cookie,
             "ltsid=%s; Path=/; Max-Age=%d; HttpOnly; SameSite=Lax", secret,
             days * 86400);
}

static void write_account(jw *w, const store_account *a)
{
    jw_obj(w);
    jw_kstr(w, "name", a->name);
    jw_kint(w, "since", a->created);
    jw_end(w);
}

/* Sign-up and log-in: {name, password} in the body. */
static void enter(bool signup, const char *body, size_t len, peer *p,
                  httpapi_reply *out)
{
    if (!peers_take_try(p, server_now())) {
        fail(out, 429, "rate", "too many tries from this address; wait a minute");
        return;
    }
    cJSON *j = cJSON_ParseWithLength(body, len);
    const cJSON *n = cJSON_GetObjectItemCaseSensitive(j, "name");
    const cJSON *pw = cJSON_GetObjectItemCaseSensitive(j, "password");
    if (!cJSON_IsString(n) || !cJSON_IsString(pw)) {
        cJSON_Delete(j);
        fail(out, 400, "bad-message", "send {\"name\": ..., \"password\": ...}");
        return;
    }
    store_account a;
    char secret[ACCOUNTS_SECRET_LEN + 1];
    lt_error err = {0};
    lt_status st = LT_OK;
    if (signup)
        st = accounts_signup(db, n->valuestring, pw->valuestring, now_s(), &a, &err);
    if (st == LT_OK)
        st = accounts_login(db, n->valuestring, pw->valuestring, now_s(), secret, &a,
                            &err);
    cJSON_Delete(j);
    if (st != LT_OK) {
        fail(out, st == LT_EIO || st == LT_ENOMEM ? 500 : signup ? 400 : 401,
             st == LT_EILLEGAL ? (signup ? "name-taken" : "wrong-login")
                               : st == LT_ESYNTAX ? "bad-account" : "server",
             err.msg);
        return;
    }
    set_cookie(out, secret, ACCOUNTS_LOGIN_DAYS);
    jw w = {0};
    write_account(&w, &a);
    answer(out, 200, &w);
}

static void status(httpapi_reply *out)
{
    jw w = {0};
    jw_obj(&w);
    jw_kint(&w, "rooms", rooms_count());
    jw_kint(&w, "connections", referee_connections());
    jw_kint(&w, "games", lt_game_count());
    jw_kint(&w, "port", status_info.port);
    jw_key(&w, "addresses");
    jw_arr(&w);
    for (int i = 0; i < status_info.naddresses; i++)
        jw_str(&w, status_info.addresses[i]);
    jw_end(&w);
    jw_end(&w);
    answer(out, 200, &w);
}

/* The record with the archive's names of its players: for the chess
 * family [White] and [Black] (PGN's players: an account's name, "guest",
 * a computer's spec), and [Names] with the accounts' names (the page
 * shows them; the others keep the game's names of the seats).  NULL when
 * out of memory. */
static char *named_record(const char *text, const store_game *g, bool chess)
{
    size_t size = strlen(text) + 2 * STORE_NAME_MAX + LT_MAX_PLAYERS * STORE_NAME_MAX + 64;
    char *out = malloc(size);
    if (!out)
        return NULL;
    size_t len = 0;
    out[0] = '\0';
    bool named = false;
    for (int i = 0; i < g->seats; i++)
        named |= g->account[i] != 0;
    const char *p = text;
    /* the header: the leading lines that are tags */
    while (*p == '[') {
        size_t n = strcspn(p, "\n");
        if (chess && g->seats >= 2 && !strncmp(p, "[White \"", 8)) {
            lt_appendf(out, size, &len, "[White \"%s\"]\n", g->name[0]);
        } else if (chess && g->seats >= 2 && !strncmp(p, "[Black \"", 8)) {
            lt_appendf(out, size, &len, "[Black \"%s\"]\n", g->name[1]);
        } else if (strncmp(p, "[Names \"", 8) != 0) {
            lt_appendf(out, size, &len, "%.*s\n", (int)n, p);
        }
        p += n + (p[n] == '\n');
    }
    if (named) {
        lt_appendf(out, size, &len, "[Names \"");
        for (int i = 0; i < g->seats; i++)
            lt_appendf(out, size, &len, "%s%s", i ? "," : "",
                       g->account[i] ? g->name[i] : "");
        lt_appendf(out, size, &len, "\"]\n");
    }
    lt_appendf(out, size, &len, "%s", p);
    return out;
}

/* A game's record as a file to download: a room's as it stands, or a
 * finished game's from the archive (with its players' names), the room
 * first for /api/rooms/ and the archive first for /api/games/.  Named
 * ludoteka-ID.pgn for the chess family (its record is PGN), .txt else. */
static void record_file(const char *id, bool archive_first, httpapi_reply *out)
{
    lt_error err = {0};
    bool full;
    char *text = NULL, owner[STORE_NODE_MAX];
    const lt_game *game = NULL;
    store_game g;
    if (!room_valid_id(id)) {
        answer_text(out, 404, "text/plain; charset=utf-8", "no such room\n");
        return;
    }
    bool broken = false; /* the archive failed (not: has no such game) */
    for (int pass = 0; pass < 2 && !text; pass++) {
        if ((pass == 0) == archive_first) {
            lt_status st = store_game_get(db, id, &g, &err);
            broken = st != LT_OK && st != LT_EILLEGAL;
            if (st != LT_OK)
                continue;
            char *raw = store_game_record(db, id, &err);
            game = lt_game_find(g.game);
            text = raw ? named_record(raw, &g, game && game->group == LT_GROUP_CHESS)
                       : NULL;
            broken = !text;
            free(raw);
        } else {
            room *r = rooms_find(id, false, &full, owner, &err);
            if (!r && owner[0] && store_room_get(db, id, &text, owner, &err) == LT_OK)
                room_public_text(text, false); /* in play on another server */
            if (!r)
                continue;
            pthread_mutex_lock(&r->lock);
            text = room_public_record(r, &err);
            game = r->game;
            pthread_mutex_unlock(&r->lock);
            rooms_release(r);
        }
    }
    if (!text) {
        answer_text(out, broken ? 500 : 404, "text/plain; charset=utf-8",
                    broken ? "the archive cannot be read now\n"
                           : "no such room or game\n");
        return;
    }
    out->status = 200;
    out->type = "text/plain; charset=utf-8";
    out->body = text;
    snprintf(out->disposition, sizeof out->disposition,
             "attachment; filename=\"ludoteka-%s.%s\"", id,
             game && game->group == LT_GROUP_CHESS ? "pgn" : "txt");
}

/* A game of the archive; with `you` (>= 0), the seat of the player whose
 * games these are, and what a search tells besides. */
static void write_game(jw *w, const store_game *g, int you)
{
    jw_obj(w);
    jw_kstr(w, "id", g->id);
    jw_kstr(w, "game", g->game);
    jw_kstr(w, "result", g->result);
    jw_kstr(w, "reason", g->reason);
    jw_kint(w, "finished", g->finished);
    jw_kbool(w, "rated", g->rated);
    jw_key(w, "players");
    jw_arr(w);
    for (int i = 0; i < g->seats; i++)
        jw_str(w, g->name[i]);
    jw_end(w);
    if (you >= 0) {
        const lt_game *game = lt_game_find(g->game);
        jw_key(w, "accounts"); /* which players have an account (a profile) */
        jw_arr(w);
        for (int i = 0; i < g->seats; i++)
            jw_bool(w, g->account[i] != 0);
        jw_end(w);
        jw_kint(w, "you", you);
        jw_kstr(w, "outcome", store_outcome_word(store_game_outcome(g, you)));
        jw_kstr(w, "format", game && game->group == LT_GROUP_CHESS ? "pgn" : "txt");
    }
    jw_end(w);
}

static void write_rating(jw *w, const char *pool, const store_rating *r)
{
    jw_obj(w);
    if (pool) {
        jw_kstr(w, "pool", pool);
    } else {
        jw_kstr(w, "name", r->name);
    }
    jw_knum(w, "rating", r->r.rating);
    jw_knum(w, "deviation", r->r.deviation);
    jw_kint(w, "games", r->games);
    jw_end(w);
}

/* A player's page: who, the ratings of every game's pool with games, the
 * newest games. */
static void profile(const char *name, httpapi_reply *out)
{
    store_account a;
    lt_error err = {0};
    if (store_account_find(db, name, &a, NULL, &err) != LT_OK) {
        fail(out, 404, "unknown-player", err.msg);
        return;
    }
    jw w = {0};
    jw_obj(&w);
    jw_key(&w, "player");
    write_account(&w, &a);
    jw_key(&w, "ratings");
    jw_arr(&w);
    store_rating ratings[LIST_MAX];
    int k = store_ratings_of(db, a.id, ratings, LIST_MAX, &err);
    for (int i = 0; i < k; i++)
        write_rating(&w, ratings[i].pool, &ratings[i]);
    jw_end(&w);
    store_game games[LIST_MAX];
    int n = store_games_of(db, a.id, NULL, games, LIST_MAX, &err);
    jw_key(&w, "games");
    jw_arr(&w);
    for (int i = 0; i < n; i++)
        write_game(&w, &games[i], -1);
    jw_end(&w);
    jw_end(&w);
    answer(out, 200, &w);
}

/* A query's argument: its value when `arg` ("name=value") has that name. */
static const char *arg_value(const char *arg, const char *name)
{
    size_t n = strlen(name);
    return !strncmp(arg, name, n) && arg[n] == '=' ? arg + n + 1 : NULL;
}

/* Is text made of these characters only, 1 to max-1 bytes long? */
static bool plain(const char *text, size_t max, const char *allowed)
{
    size_t n = strlen(text);
    if (n == 0 || n >= max)
        return false;
    for (const char *p = text; *p; p++)
        if (!isalnum((unsigned char)*p) && !strchr(allowed, *p))
            return false;
    return true;
}

/* GET /api/players/NAME/games?game=&opponent=&result=&page=&per=: the
 * player's games that match, newest first, a page at a time.  The query
 * comes as its arguments, decoded, each "name=value" and a NUL (query,
 * len bytes); a bad one is answered 400 with what is wrong. */
static void search_games(const char *name, const char *query, size_t len,
                         httpapi_reply *out)
{
    enum { GAME, OPPONENT, RESULT, PAGE, PER, NARGS };
    static const char *const names[NARGS] = {"game", "opponent", "result", "page",
                                             "per"};
    const char *value[NARGS] = {0};
    char msg[160];
    if (len > HTTPAPI_QUERY_MAX) {
        snprintf(msg, sizeof msg, "the query is longer than %d bytes", HTTPAPI_QUERY_MAX);
        fail(out, 400, "bad-query", msg);
        return;
    }
    for (size_t at = 0; at < len;) {
        const char *arg = query + at;
        size_t n = strnlen(arg, len - at);
        at += n + 1;
        if (n == 0)
            continue; /* "a=1&&b=2" */
        int k = 0;
        while (k < NARGS && !arg_value(arg, names[k]))
            k++;
        if (k == NARGS || value[k]) {
            snprintf(msg, sizeof msg, "'%.40s': %s (ask by game, opponent, result, "
                     "page and per, each at most once)", arg,
                     k == NARGS ? "no such argument" : "given twice");
            fail(out, 400, "bad-query", msg);
            return;
        }
        value[k] = arg_value(arg, names[k]);
    }
    store_search q = {0};
    long long page = 1, per = PAGE_DEFAULT;
    q.game = value[GAME] && *value[GAME] ? value[GAME] : NULL;
    q.opponent = value[OPPONENT] && *value[OPPONENT] ? value[OPPONENT] : NULL;
    const char *bad = NULL;
    if (q.game && (!plain(q.game, 32, "-_") || !lt_game_find(q.game)))
        bad = "game: no such game";
    else if (q.opponent && !plain(q.opponent, STORE_OPPONENT_MAX, "-_:="))
        bad = "opponent: a player's name, guest, or a computer such as ai:level=3 "
              "(letters, digits, - _ : =; at most 31)";
    else if (value[RESULT] && !store_outcome_parse(value[RESULT], &q.result))
        bad = "result: won, drawn or lost";
    else if (value[PAGE] && !lt_parse_int(value[PAGE], 1, PAGE_MAX, &page))
        bad = "page: a number from 1 to 1000";
    else if (value[PER] && !lt_parse_int(value[PER], 1, LIST_MAX, &per))
        bad = "per: a number from 1 to 50";
    if (bad) {
        fail(out, 400, "bad-query", bad);
        return;
    }
    store_account a;
    lt_error err = {0};
    if (store_account_find(db, name, &a, NULL, &err) != LT_OK) {
        fail(out, 404, "unknown-player", err.msg);
        return;
    }
    q.account = a.id;
    q.skip = (int)((page - 1) * per);
    store_game games[LIST_MAX + 1];
    /* one more than the page: is there a next? */
    int n = store_games_search(db, &q, games, (int)per + 1, &err);
    if (n < 0) {
        fail(out, 500, "server", err.msg);
        return;
    }
    jw w = {0};
    jw_obj(&w);
    jw_kstr(&w, "player", a.name);
    jw_kint(&w, "page", page);
    jw_kint(&w, "per", per);
    jw_kbool(&w, "more", n > per);
    jw_key(&w, "games");
    jw_arr(&w);
    for (int i = 0; i < n && i < per; i++)
        write_game(&w, &games[i], games[i].you);
    jw_end(&w);
    jw_end(&w);
    answer(out, 200, &w);
}

/* /api/players/NAME/games: NAME into buf. */
static bool games_path(const char *path, char *buf, size_t size)
{
    static const char prefix[] = "/api/players/", suffix[] = "/games";
    size_t n = strlen(path), k = sizeof prefix - 1, e = sizeof suffix - 1;
    if (n <= k + e || strncmp(path, prefix, k) || strcmp(path + n - e, suffix) ||
        n - k - e >= size)
        return false;
    memcpy(buf, path + k, n - k - e);
    buf[n - k - e] = '\0';
    return plain(buf, size, "-_");
}

static void leaders(const char *pool, httpapi_reply *out)
{
    store_rating top[LIST_MAX];
    lt_error err = {0};
    int n = store_leaders(db, pool, top, LIST_MAX, &err);
    if (n < 0) {
        fail(out, 500, "server", err.msg);
        return;
    }
    jw w = {0};
    jw_arr(&w);
    for (int i = 0; i < n; i++)
        write_rating(&w, NULL, &top[i]);
    jw_end(&w);
    answer(out, 200, &w);
}

/* A path's part after prefix, when it is one plain word (letters,
 * digits, - _ /) of at most size-1 bytes; else NULL. */
static const char *word_after(const char *path, const char *prefix, char *buf,
                              size_t size)
{
    size_t k = strlen(prefix), n = strlen(path);
    if (strncmp(path, prefix, k) || n == k || n - k >= size)
        return NULL;
    for (const char *p = path + k; *p; p++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_/", *p))
            return NULL;
    memcpy(buf, path + k, n - k + 1);
    return buf;
}

bool httpapi_handle(bool post, const char *path, const char *body, size_t len,
                    const char *login, peer *p, httpapi_reply *out)
{
    char word[64];
    memset(out, 0, sizeof *out);
    if (strncmp(path, "/api/", 5) != 0)
        return false;
    if (post) {
        if (!strcmp(path, "/api/signup") || !strcmp(path, "/api/login")) {
            enter(!strcmp(path, "/api/signup"), body, len, p, out);
        } else if (!strcmp(path, "/api/logout")) {
            lt_error err = {0};
            if (login[0])
                accounts_logout(db, login, &err);
            set_cookie(out, "", 0);
            answer_text(out, 200, "application/json", "{}");
        } else {
            fail(out, 404, "not-found", "no such request");
        }
        return true;
    }
    if (!strcmp(path, "/api/health")) {
        answer_text(out, 200, "text/plain", "ok\n");
    } else if (!strcmp(path, "/api/status")) {
        status(out);
    } else if (!strcmp(path, "/api/me")) {
        store_account a;
        lt_error err = {0};
        jw w = {0};
        if (login[0] && accounts_who(db, login, now_s(), &a, &err) == LT_OK) {
            write_account(&w, &a);
        } else { /* nobody: a guest (an answer, not an error, to a page
                  * that asks whenever it opens) */
            jw_obj(&w);
            jw_key(&w, "name");
            jw_null(&w);
            jw_end(&w);
        }
        answer(out, 200, &w);
    } else if (strlen(path) == 11 + ROOM_ID_LEN + 7 &&
               (!strncmp(path, "/api/rooms/", 11) || !strncmp(path, "/api/games/", 11)) &&
               !strcmp(path + 11 + ROOM_ID_LEN, "/record")) {
        char id[ROOM_ID_LEN + 1];
        memcpy(id, path + 11, ROOM_ID_LEN);
        id[ROOM_ID_LEN] = '\0';
        record_file(id, path[5] == 'g', out);
    } else if (games_path(path, word, sizeof word)) {
        search_games(word, body, len, out);
    } else if (word_after(path, "/api/players/", word, STORE_NAME_MAX)) {
        profile(word, out);
    } else if (word_after(path, "/api/leaders/", word, STORE_POOL_MAX)) {
        leaders(word, out);
    } else {
        fail(out, 404, "not-found", "no such request");
    }
    return true;
}
