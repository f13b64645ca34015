/* fuzz_message.c — any bytes given to the server's message reader as a
 * client's message: it never crashes; what it accepts has every member its
 * type needs, and written back as JSON reads again to the same message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "ludoteka/commands.h"
#include "net/jsonw.h"
#include "net/message.h"

static const char *const TYPE_NAMES[] = {"create", "join",  "watch", "move",
                                         "leave",  "ping",  "say",   "lobby",
                                         "sit",    "seek",  "unseek",
                                         "challenge", "refuse"};

/* The message as a client would write it. */
static void write_message(const net_msg *m, jw *w)
{
    jw_obj(w);
    jw_key(w, "t");
    jw_str(w, m->type == MSG_COMMAND ? lt_command_get((lt_command_id)m->command)->name
                                     : TYPE_NAMES[m->type]);
    if (m->re >= 0) {
        jw_key(w, "id");
        jw_int(w, m->re);
    }
    const char *keys[] = {"game", "options", "room", "token", "name", "clock",
                          "arg", "text"};
    const char *vals[] = {m->game, m->options, m->room, m->token, m->name,
                          m->clock, m->arg, m->text};
    for (int i = 0; i < 8; i++)
        if (vals[i]) {
            jw_key(w, keys[i]);
            jw_str(w, vals[i]);
        }
    if (m->seat >= 0) {
        jw_key(w, "seat");
        jw_int(w, m->seat);
    }
    if (m->ply >= 0) {
        jw_key(w, "ply");
        jw_int(w, m->ply);
    }
    if ((m->type == MSG_CREATE || m->type == MSG_SEEK) && m->rated) {
        jw_key(w, "rated");
        jw_bool(w, true);
    }
    if (m->type == MSG_CREATE && m->open) {
        jw_key(w, "open");
        jw_bool(w, true);
    }
    if (m->type == MSG_CREATE && m->away) {
        jw_key(w, "away");
        jw_int(w, m->away);
    }
    if (m->type == MSG_CREATE && m->away_computer) {
        jw_key(w, "away_then");
        jw_str(w, "computer");
    }
    if (m->type == MSG_CREATE) {
        jw_key(w, "seats");
        jw_arr(w);
        for (int i = 0; i < m->nseats && i < LT_MAX_PLAYERS; i++)
            jw_str(w, m->seats[i]);
        jw_end(w);
    }
    jw_end(w);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    net_msg m, back;
    msg_error e;
    if (!msg_parse((const char *)data, size, &m, &e)) {
        FUZZ_CHECK(e.code != NULL && e.text[0] != '\0');
        FUZZ_CHECK(m.json == NULL && m.re >= -1 && m.re <= 1000000000);
        return 0;
    }
    FUZZ_CHECK(m.re >= -1 && m.re <= 1000000000);
    switch (m.type) {
    case MSG_CREATE:
        FUZZ_CHECK(m.game && m.nseats >= 0);
        for (int i = 0; i < m.nseats && i < LT_MAX_PLAYERS; i++)
            FUZZ_CHECK(m.seats[i] != NULL);
        break;
    case MSG_JOIN:
    case MSG_CHALLENGE:
    case MSG_REFUSE:
        FUZZ_CHECK(m.room && m.token && m.seat >= 0);
        break;
    case MSG_WATCH:
        FUZZ_CHECK(m.room != NULL);
        break;
    case MSG_MOVE:
        FUZZ_CHECK(m.name && m.ply >= 0);
        break;
    case MSG_COMMAND:
        FUZZ_CHECK(m.command >= 0 && m.command < LT_CMD_COUNT &&
                   lt_command_get((lt_command_id)m.command)->in_session ==
                       (m.command != LT_CMD_REMATCH));
        break;
    case MSG_SAY:
        FUZZ_CHECK(m.text != NULL);
        break;
    case MSG_SIT:
        FUZZ_CHECK(m.room != NULL);
        break;
    case MSG_SEEK:
        FUZZ_CHECK(m.game != NULL && m.nseats == 0);
        break;
    case MSG_UNSEEK:
    case MSG_LEAVE:
    case MSG_PING:
    case MSG_LOBBY:
        break;
    }
    /* written back (the writer mends text that is not UTF-8), it reads
     * again to a message that writes the very same text */
    jw w = {0}, w2 = {0};
    write_message(&m, &w);
    FUZZ_CHECK(!w.text.failed);
    FUZZ_CHECK(msg_parse(jw_text(&w), strlen(jw_text(&w)), &back, &e));
    FUZZ_CHECK(back.type == m.type && back.re == m.re && back.seat == m.seat &&
               back.ply == m.ply && back.command == m.command &&
               back.rated == m.rated && back.open == m.open &&
               (back.away == m.away || m.type != MSG_CREATE) &&
               back.away_computer == m.away_computer);
    FUZZ_CHECK(back.nseats == (m.nseats < LT_MAX_PLAYERS ? m.nseats : LT_MAX_PLAYERS) ||
               m.type != MSG_CREATE);
    write_message(&back, &w2);
    FUZZ_CHECK(!w2.text.failed && !strcmp(jw_text(&w), jw_text(&w2)));
    jw_free(&w2);
    msg_free(&back);
    jw_free(&w);
    msg_free(&m);
    return 0;
}
