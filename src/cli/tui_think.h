/* tui_think.h — a computer player thinking on a thread while the full
 * screen stays alive (tui_think.c). */
#ifndef LUDOTEKA_TUI_THINK_H
#define LUDOTEKA_TUI_THINK_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "ludoteka/ai.h"
#include "ludoteka/game.h"

typedef struct {
    pthread_t thread;
    pthread_mutex_t lock;
    bool running;        /* started and not yet collected */
    bool done;           /* the answer is there (under lock) */
    volatile int stop;   /* set: answer now */
    lt_player *player;   /* not owned */
    lt_state *state;     /* a copy of the position */
    uint64_t seed;
    lt_limits limits;
    double clocks[LT_MAX_PLAYERS]; /* where limits.clocks points, if set */
    lt_action answer;
    lt_think_info info;  /* the latest progress (under lock) */
    bool have_info;
    double started;
} tui_thinker;

/* Starts the player on a copy of the position within lim (its clocks
 * copied; its stop and progress are the thinker's); false if it could
 * not. */
bool think_start(tui_thinker *, const lt_game *, lt_player *,
                 const lt_state *, uint64_t seed, const lt_limits *lim);
/* True once the answer is there (it is collected, the thread joined). */
bool think_poll(tui_thinker *, lt_action *answer, lt_think_info *info);
/* The latest progress; false if none yet. */
bool think_progress(tui_thinker *, lt_think_info *);
/* Asks for the answer now (it still comes through think_poll). */
void think_hurry(tui_thinker *);
/* Stops and forgets the search. */
void think_cancel(tui_thinker *);

#endif
