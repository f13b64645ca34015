/* arena_game.h — one game of a match between computer players (ludoteka
 * arena), played as a game in play (session.h): the match's players in
 * the seats, its start (a book line, then random plies) played off the
 * clock, every other move searched with the session's limits and the
 * match's own, draws claimed as soon as they may be, and a player that
 * fails (an engine that dies or answers an illegal move) abandoning. */
#ifndef LUDOTEKA_ARENA_GAME_H
#define LUDOTEKA_ARENA_GAME_H

#include "ludoteka/session.h"

typedef struct {
    const lt_game *game;
    lt_config config;
    uint64_t seed;                      /* the dice, random plies, choices */
    const char *position;               /* the start, or NULL */
    lt_player *players[LT_MAX_PLAYERS]; /* seat by seat; the caller's */
    lt_time_control clock;
    lt_time_source time;                /* needed with a clock */
    lt_limits limits;   /* nodes, depth and seconds for every search */
    const lt_action *book; /* the first actions of the start */
    int nbook;
    int openings;       /* random plies after them */
    const lt_tag *tags; /* more tags of the record (Round) */
    int ntags;
} arena_setup;

/* A game played.  It must stay where it is while its session lives: the
 * session's time source is the clock inside it, which stands still
 * while the start is played. */
typedef struct {
    lt_session *session;            /* the game, over */
    unsigned failed;                /* seats whose player failed */
    char why[LT_MAX_PLAYERS][256];  /* what each of them did */
    unsigned flagged;               /* seats whose time ran out */
    int flag_ply[LT_MAX_PLAYERS];   /* the ply each of them was to make */
    char left[512]; /* seats that left a game of three or more, in words */
    /* the clock the session reads: the setup's, less the time it stood */
    lt_time_source inner;
    int64_t stood, stopped_at;
    bool stopped;
} arena_game;

/* Plays the game to its end.  Not LT_OK, with a message, only when it
 * cannot be played (a session refused, out of memory); the session is
 * then NULL or unfinished.  Either way arena_game_free follows. */
lt_status arena_game_play(arena_game *, const arena_setup *, lt_error *);
void arena_game_free(arena_game *);

#endif
