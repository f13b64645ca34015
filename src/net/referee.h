/* referee.h — what the server's messages do: rooms are made, joined and
 * watched, moves are checked against the rules and against the seat the
 * connection holds, written to the room's record before anyone hears of
 * them, and told to everyone in the room.  Service thread only (see
 * conn.h). */
#ifndef LUDOTEKA_NET_REFEREE_H
#define LUDOTEKA_NET_REFEREE_H

#include "ludoteka/game.h"
#include "ludoteka/text.h"
#include "net/conn.h"
#include "net/jsonw.h"
#include "net/room.h"
#include "net/server.h"

void referee_init(const serve_options *, struct store *);
/* The connection's log-in cookie says who it is (if it is still good). */
void referee_identify(conn *, const char *login);

/* A new connection; false (the client told why) when the server has as
 * many as it allows: the transport then closes it. */
bool referee_opened(conn *);
/* A whole message from the client. */
void referee_message(conn *, const char *data, size_t len);
/* The connection has gone: its room and seats are left. */
void referee_closed(conn *);
/* An error message to the client (re: the id it answers, or -1). */
void referee_error(conn *, int re, const char *code, const char *fmt, ...)
    LT_PRINTF(4, 5);

/* A player who waited is paired (text: the "paired" message). */
void referee_paired(conn *, const char *text);
/* A computer seat's move, unless the game has moved on meanwhile. */
void referee_robot_move(room *, int ply, lt_action);
/* A room loaded at start: whatever was due when the server stopped (the
 * reference is the call's to release). */
void referee_resume(room *);
/* Looks at a room's running clock: a flag that fell is told and dealt
 * with (the caller holds a reference). */
void referee_tick(room *);

/* Connections now: all of them, and those holding a seat. */
int referee_connections(void);
int referee_seated(void);

#endif
