/* rooms.h — the rooms a server has in memory, found by id.
 *
 * A room pointer is used only while holding a reference (rooms_find,
 * rooms_add, rooms_ref); a room without references may be unloaded to make
 * space, and is loaded again from its file when someone asks for it. */
#ifndef LUDOTEKA_NET_ROOMS_H
#define LUDOTEKA_NET_ROOMS_H

#include "net/room.h"
#include "net/store.h"

/* The table: at most max rooms in memory, records in dir, at most
 * max_files of them; several: processes share the rooms (cluster.h).  The last quarter of the table is kept for players
 * coming back to their seats: watchers and new rooms take the rest. */
bool rooms_init(const char *dir, int max, int max_files, bool several);
/* Unloads every room (the server has stopped). */
void rooms_shutdown(void);

/* The room with this id, loaded from disk if need be (for a seat's
 * holder, into the reserved part of the table too); NULL with a message
 * when there is none, or (*full set) when there is no space for it now,
 * or (owner set) when another process keeps it (several: cluster.h). */
room *rooms_find(const char *id, bool seat, bool *full,
                 char owner[STORE_NODE_MAX], lt_error *);
/* Is the room in memory? */
bool rooms_loaded(const char *id);
/* Makes a new room for a client at the address owner and adds it; NULL
 * with a message (also when max_files rooms are on disk). */
room *rooms_create(const lt_game *, const lt_config *,
                   char specs[][LT_SPEC_MAX], const lt_time_control *,
                   bool rated, bool open, const char *owner, lt_error *);
/* Another reference to a room already referenced. */
void rooms_ref(room *);
void rooms_release(room *);

/* Loads every unfinished room on disk (as many as fit) and calls f on each
 * (with a reference the call must release); the number loaded. */
int rooms_load_all(void (*f)(room *));
/* Several processes: takes over the unfinished rooms of processes that
 * have died, and calls f on each (with a reference the call must
 * release); the number. */
int rooms_adopt(void (*f)(room *));
/* Calls f on every room in memory in play with a clock or a limit of time
 * away (with a reference, the table not locked). */
void rooms_each_running(void (*f)(room *));
/* Rooms in memory now; room files on disk. */
int rooms_count(void);
int rooms_stored(void);

/* Removes the files of rooms not in memory that nobody has touched for
 * keep_seconds (finished games, and games left unfinished); how many. */
int rooms_expire(double keep_seconds);

#endif
