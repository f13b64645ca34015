/* cluster.h — the rooms in the store, and several `ludoteka serve`
 * processes sharing one PostgreSQL (docs/deploy.md, DESIGN.md "Serving
 * many players").
 *
 * Every room's journal is written to the store before anyone hears of a
 * change (cluster_save), with its entry in the lobby and its chat; the
 * room's file under --data is its session's working copy.  With SQLite
 * there is one process and this is all.
 *
 * With PostgreSQL each process has a name (--node) and holds an advisory
 * lock on it while it lives.  A room is kept by one process at a time,
 * the one holding the room's advisory lock; a connection that joins a room
 * kept elsewhere is relayed there (a tunnel): its messages go to the
 * owner, and what the owner sends it comes back, as notifications on the
 * processes' channels (LISTEN/NOTIFY).  To the owner such a connection is
 * a remote conn, in the room like any other.  When a process dies its
 * locks go with it: the others close the connections they relayed to it
 * (whose clients join again, and the room is taken over where they land)
 * and take over its unfinished rooms from their journals.
 *
 * Service thread only, but for the listening thread inside. */
#ifndef LUDOTEKA_NET_CLUSTER_H
#define LUDOTEKA_NET_CLUSTER_H

#include <stdbool.h>
#include <stddef.h>

#include "net/conn.h"
#include "net/room.h"
#include "net/store.h"

/* where: the store's PostgreSQL URL (several processes), or NULL (one
 * process: SQLite).  node: this process's name, or NULL for host-pid.
 * wake: called from the listening thread when messages have come. */
bool cluster_init(store *, const char *where, const char *node,
                  void (*wake)(void), lt_error *);
void cluster_shutdown(void);
/* This process's name. */
const char *cluster_node(void);

/* ---- Rooms --------------------------------------------------------------- */

/* Takes a room not in memory for this process: 1, its journal written to
 * path; 0, another process keeps it (its name in owner, or CLUSTER_MOVING
 * when one has just taken it and not yet said so); -1 with a message (no
 * such room, or the store failed). */
#define CLUSTER_MOVING "*"
int cluster_claim(const char *id, const char *path,
                  char owner[STORE_NODE_MAX], lt_error *);
/* A room made here is this process's. */
bool cluster_own(room *, lt_error *);
/* A room leaves this process's memory: another may take it. */
void cluster_release(room *);
/* The same for a room that could not be loaded. */
void cluster_release_id(const char *id);
/* Writes the room's journal, its lobby entry and whether it is over to the
 * store, when they have changed (room locked). */
void cluster_save(room *);
/* The chat of a room loaded (room locked), and a line said in it. */
void cluster_load_chat(room *);
void cluster_save_line(room *, const room_line *);
/* Forgets the rooms untouched for so long (the janitor). */
void cluster_expire(double keep_seconds);
/* Unfinished rooms whose process has died (or this one, before it
 * restarted): their ids, at most max; the number. */
int cluster_orphans(char (*ids)[16], int max);

/* ---- Connections ------------------------------------------------------------ */

/* A new local connection: its number in this process. */
void cluster_opened(conn *);
/* A local connection has gone (relayed: its owner is told). */
void cluster_closed(conn *);
/* Tells the connection id of process node that it was paired (text: the
 * "paired" message). */
void cluster_paired(const char *node, unsigned id, const char *text);
/* Relays c to the process that keeps room id: the message (data, len) and
 * all that follow for that room go there. */
void cluster_tunnel(conn *, const char *owner, const char *id,
                    const char *data, size_t len);
/* Another message of a relayed connection. */
void cluster_forward(conn *, const char *data, size_t len);
/* A relayed connection stops being relayed (it left, or went to another
 * room, or closed): its owner is told. */
void cluster_untunnel(conn *);
/* What a remote conn is sent, and its closing (server.c's conn_send and
 * conn_close for remote conns). */
void cluster_send(conn *, const char *text);
void cluster_close(conn *);

/* The service thread: handles what has come (after wake), sends what is
 * queued (after each turn of the event loop), and once a second looks for
 * dead processes. */
void cluster_receive(void);
void cluster_flush(void);
void cluster_tick(void);

#endif
