/* httpapi.c — the routes of /api/ (httpapi.h). */
#include <cjson/cJSON.h>
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

enum { LIST_MAX = 50 }; /* games or leaders in one answer */

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

static void room_record(const char *id, httpapi_reply *out)
{
    lt_error err = {0};
    bool full;
    char owner[STORE_NODE_MAX];
    room *r = room_valid_id(id) ? rooms_find(id, false, &full, owner, &err) : NULL;
    char *text = NULL;
    if (r) {
        pthread_mutex_lock(&r->lock);
        text = room_public_record(r, &err);
        pthread_mutex_unlock(&r->lock);
        rooms_release(r);
    } else if (room_valid_id(id)) {
        text = store_game_record(db, id, &err); /* over, and archived */
        if (!text && owner[0] && store_room_get(db, id, &text, owner, &err) == LT_OK)
            room_public_text(text, false); /* in play on another server */
    }
    if (!text) {
        answer_text(out, 404, "text/plain; charset=utf-8", "no such room\n");
        return;
    }
    out->status = 200;
    out->type = "text/plain; charset=utf-8";
    out->body = text;
    snprintf(out->disposition, sizeof out->disposition,
             "attachment; filename=\"ludoteka-%s.txt\"", id);
}

static void write_game(jw *w, const store_game *g)
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
        write_game(&w, &games[i]);
    jw_end(&w);
    jw_end(&w);
    answer(out, 200, &w);
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
        room_record(id, out);
    } else if (word_after(path, "/api/players/", word, STORE_NAME_MAX)) {
        profile(word, out);
    } else if (word_after(path, "/api/leaders/", word, STORE_POOL_MAX)) {
        leaders(word, out);
    } else {
        fail(out, 404, "not-found", "no such request");
    }
    return true;
}
