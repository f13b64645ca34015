/* webapi.h — the functions the page calls in the WebAssembly module (see
 * api.c); JSON answers unless said otherwise. */
#ifndef LUDOTEKA_WEBAPI_H
#define LUDOTEKA_WEBAPI_H

/* Sets the module up; the number of games. */
int web_init(void);
/* Every game: id, titles, group, players, options, seat names, levels. */
const char *web_games(void);
/* The rules of a game as plain text ("" if unknown). */
const char *web_rules(const char *id, int lang);

/* Starts a game: options "k=v ...", players "human,ai:level=2,..." (one
 * spec a seat), the seed of its dice as decimal text. */
const char *web_new(const char *id, const char *options, const char *players,
                    const char *seed);
/* Makes a record text the game in play. */
const char *web_load(const char *text);
/* The game in play as a record (plain text). */
const char *web_record(void);
/* Its header and moves: names and who made each (-1: the dice). */
const char *web_info(int lang);
/* The position after `ply` actions (< 0: the last): what to draw, the
 * choices there with the cells they touch, who is to move, the result. */
const char *web_view(int ply, int lang);
/* Plays a move (a name in the game's notation) at the end. */
const char *web_play(const char *name);
/* Keeps the first n actions. */
const char *web_truncate(int n);
/* Rolls the dice due at the end, from the record's seed. */
const char *web_roll(void);
/* A computer player's move at the end (not played). */
const char *web_think(const char *spec, double seconds);
/* The exact odds of the turn in progress at the end. */
const char *web_odds(int lang);

#endif
