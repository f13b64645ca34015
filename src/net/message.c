/* message.c — reading a client's message: JSON by cJSON, then each member
 * its type needs, checked for type and range. */
#include <cjson/cJSON.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ludoteka/commands.h"
#include "ludoteka/text.h"
#include "net/message.h"

static const struct {
    const char *name;
    msg_type type;
    int command; /* MSG_COMMAND's */
} TYPES[] = {
    {"create", MSG_CREATE, 0},   {"join", MSG_JOIN, 0},
    {"watch", MSG_WATCH, 0},     {"move", MSG_MOVE, 0},
    {"leave", MSG_LEAVE, 0},     {"ping", MSG_PING, 0},
    {"say", MSG_SAY, 0},         {"lobby", MSG_LOBBY, 0},
    {"sit", MSG_SIT, 0},         {"seek", MSG_SEEK, 0},
    {"unseek", MSG_UNSEEK, 0},
    {"challenge", MSG_CHALLENGE, 0}, {"refuse", MSG_REFUSE, 0},
    {"resign", MSG_COMMAND, LT_CMD_RESIGN},
    {"draw", MSG_COMMAND, LT_CMD_DRAW},
    {"takeback", MSG_COMMAND, LT_CMD_TAKEBACK},
    {"accept", MSG_COMMAND, LT_CMD_ACCEPT},
    {"decline", MSG_COMMAND, LT_CMD_DECLINE},
    {"claim", MSG_COMMAND, LT_CMD_CLAIM},
    {"abort", MSG_COMMAND, LT_CMD_ABORT},
    {"rematch", MSG_COMMAND, LT_CMD_REMATCH},
};

static bool fail(msg_error *e, const char *code, const char *fmt, ...)
    LT_PRINTF(3, 4);

static bool fail(msg_error *e, const char *code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->text, sizeof e->text, fmt, ap);
    va_end(ap);
    e->code = code;
    return false;
}

static const char *get_string(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* An integer member in [lo, hi]: 1 when there, 0 when absent, -1 when it
 * is there but not such an integer. */
static int get_int(const cJSON *o, const char *key, double lo, double hi,
                   int *out)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!v)
        return 0;
    /* the range first: converting a double that does not fit (1e300) to
     * int is undefined */
    if (!cJSON_IsNumber(v) || !(v->valuedouble >= lo && v->valuedouble <= hi) ||
        v->valuedouble != (double)(int)v->valuedouble)
        return -1;
    *out = (int)v->valuedouble;
    return 1;
}

bool msg_parse(const char *data, size_t len, net_msg *m, msg_error *e)
{
    memset(m, 0, sizeof *m);
    m->re = m->seat = m->ply = -1;
    cJSON *j = cJSON_ParseWithLength(data, len);
    if (!j || !cJSON_IsObject(j)) {
        cJSON_Delete(j);
        return fail(e, "bad-json", "a message is one JSON object");
    }
    m->json = j;
    /* an id that is not a small whole number is not answered by */
    if (get_int(j, "id", 0, 1e9, &m->re) < 0)
        m->re = -1;
    const char *t = get_string(j, "t");
    size_t k = 0;
    while (t && k < sizeof TYPES / sizeof TYPES[0] && strcmp(t, TYPES[k].name))
        k++;
    if (!t || k == sizeof TYPES / sizeof TYPES[0]) {
        if (!t)
            fail(e, "bad-message", "a message needs a type (\"t\")");
        else
            fail(e, "bad-message", "unknown message type '%.40s' (create, "
                 "join, watch, move, resign, draw, takeback, accept, decline, "
                 "claim, abort, rematch, say, lobby, sit, seek, unseek, challenge, "
                 "refuse, leave or ping)", t);
        goto refuse;
    }
    m->type = TYPES[k].type;
    m->command = TYPES[k].command;
    switch (m->type) {
    case MSG_CREATE:
    case MSG_SEEK: {
        const cJSON *seats = cJSON_GetObjectItemCaseSensitive(j, "seats");
        m->game = get_string(j, "game");
        m->options = get_string(j, "options");
        m->clock = get_string(j, "clock");
        m->rated = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "rated"));
        m->open = m->type == MSG_CREATE &&
                  cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(j, "open"));
        if (m->type == MSG_CREATE &&
            get_int(j, "away", 0, MSG_AWAY_MAX, &m->away) < 0) {
            fail(e, "bad-message", "\"away\" is a number of seconds, 0 to %d",
                 MSG_AWAY_MAX);
            goto refuse;
        }
        const cJSON *then = cJSON_GetObjectItemCaseSensitive(j, "away_then");
        if (m->type == MSG_CREATE && then) {
            const char *word = cJSON_IsString(then) ? then->valuestring : "";
            if (strcmp(word, "forfeit") && strcmp(word, "computer")) {
                fail(e, "bad-message", "\"away_then\" is \"forfeit\" or "
                     "\"computer\"");
                goto refuse;
            }
            m->away_computer = !strcmp(word, "computer");
        }
        if (!m->game) {
            fail(e, "bad-message", "%s needs \"game\": a game's id", t);
            goto refuse;
        }
        if (cJSON_GetObjectItemCaseSensitive(j, "options") && !m->options) {
            fail(e, "bad-options", "\"options\" is text: name=value ...");
            goto refuse;
        }
        if (cJSON_GetObjectItemCaseSensitive(j, "clock") && !m->clock) {
            fail(e, "bad-clock", "\"clock\" is text: a time control such "
                 "as 5+3");
            goto refuse;
        }
        if (m->type == MSG_SEEK)
            break; /* two people: the seats are the server's */
        if (!cJSON_IsArray(seats)) {
            fail(e, "bad-message", "create needs \"seats\": a list of "
                 "players, one a seat");
            goto refuse;
        }
        m->nseats = cJSON_GetArraySize(seats);
        int i = 0;
        for (const cJSON *s = seats->child; s && i < LT_MAX_PLAYERS;
             s = s->next, i++) {
            if (!cJSON_IsString(s)) {
                fail(e, "bad-seats", "every seat is a string (seat %d is "
                     "not)", i + 1);
                goto refuse;
            }
            m->seats[i] = s->valuestring;
        }
        break;
    }
    case MSG_JOIN:
    case MSG_WATCH:
    case MSG_CHALLENGE:
    case MSG_REFUSE: {
        m->room = get_string(j, "room");
        m->token = get_string(j, "token");
        int has_seat = get_int(j, "seat", 0, 1e6, &m->seat);
        if (!m->room) {
            fail(e, "bad-message", "which room? (\"room\")");
            goto refuse;
        }
        if (m->type != MSG_WATCH && (has_seat <= 0 || !m->token)) {
            fail(e, "bad-message", "%s needs a \"seat\" number and its "
                 "\"token\"", t);
            goto refuse;
        }
        if (has_seat < 0) {
            fail(e, "bad-message", "\"seat\" is a seat's number, from 0");
            goto refuse;
        }
        break;
    }
    case MSG_MOVE:
        m->name = get_string(j, "name");
        if (!m->name || get_int(j, "ply", 0, INT_MAX, &m->ply) <= 0) {
            fail(e, "bad-message", "move needs \"name\" and \"ply\" (the "
                 "number of actions you have seen)");
            goto refuse;
        }
        break;
    case MSG_COMMAND:
        m->arg = get_string(j, "arg");
        if (get_int(j, "seat", 0, 1e6, &m->seat) < 0 ||
            (cJSON_GetObjectItemCaseSensitive(j, "arg") && !m->arg)) {
            fail(e, "bad-message", "%s takes a \"seat\" (a number) and, "
                 "for claim, an \"arg\" (a move)", t);
            goto refuse;
        }
        break;
    case MSG_SAY:
        m->text = get_string(j, "text");
        if (!m->text) {
            fail(e, "bad-message", "say needs \"text\"");
            goto refuse;
        }
        break;
    case MSG_SIT:
        m->room = get_string(j, "room");
        if (!m->room || get_int(j, "seat", 0, 1e6, &m->seat) < 0) {
            fail(e, "bad-message", "sit needs a \"room\" (and may name a \"seat\")");
            goto refuse;
        }
        break;
    case MSG_LEAVE:
    case MSG_PING:
    case MSG_LOBBY:
    case MSG_UNSEEK:
        break;
    }
    return true;
refuse:;
    int re = m->re;
    msg_free(m);
    m->re = re;
    return false;
}

void msg_free(net_msg *m)
{
    cJSON_Delete(m->json);
    memset(m, 0, sizeof *m);
    m->re = m->seat = m->ply = -1;
}
