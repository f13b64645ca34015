/* robots.h — the computer seats of a server's rooms: a few threads that
 * think for whichever room has a computer player to move. */
#ifndef LUDOTEKA_NET_ROBOTS_H
#define LUDOTEKA_NET_ROBOTS_H

#include "net/room.h"

/* Starts n threads for at most `queue` rooms waiting at once, each search
 * stopped after `seconds`; a chosen move is handed to play(room, ply,
 * action) on the thread that found it, which must check that the room is
 * still at that ply.  Rooms are served fairly between their owners'
 * addresses (room->owner). */
bool robots_start(int n, int queue, double seconds,
                  void (*play)(room *, int, lt_action));
/* Asks for the move of the computer seat to move in r (r locked; the
 * caller holds a reference).  Asking twice before the move is once. */
void robots_want(room *r);
/* Stops thinking and joins the threads. */
void robots_stop(void);

#endif
