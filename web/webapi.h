/* webapi.h — the functions the page calls in the WebAssembly module (see
 * api.c); JSON answers unless said otherwise.  Every word is in the one
 * language web_set_language chose; seats count from 0.  Answers that
 * change the game carry its events in words:
 * {"ok": true, "events": [{kind, seat, text}]} or {"error", "events"}. */
#ifndef LUDOTEKA_WEBAPI_H
#define LUDOTEKA_WEBAPI_H

/* Sets the module up; the number of games. */
int web_init(void);

/* The language of every word from now on: "en", "pl", ... (one with a
 * catalog compiled in, else English); the code chosen (plain text). */
const char *web_set_language(const char *code);
/* The codes of the languages compiled in, English first. */
const char *web_languages(void);
/* The page's own words through the catalog (plain text): a text, a
 * number of things (the language's plural forms), a word in a context. */
const char *web_gettext(const char *msgid);
const char *web_ngettext(const char *one, const char *many, int n);
const char *web_pgettext(const char *context, const char *msgid);
/* A number as the language writes it, `decimals` digits after the mark
 * ("1 234,5" in Polish; plain text). */
const char *web_format_number(double x, int decimals);

/* Every game: id, title, group, players, numbering, options (with their
 * help and their choices' words), seat names (and the English ones their
 * colours come from), levels. */
const char *web_games(void);
/* The rules of a game as plain text ("" if unknown). */
const char *web_rules(const char *id);

/* Starts a game: options "k=v ...", players "human,ai:level=2,..." (one
 * spec a seat), the seed of its dice as decimal text, a time control
 * ("" or "none", "5+3", "0:02+0", ... as lt_time_control_parse). */
const char *web_new(const char *id, const char *options, const char *players,
                    const char *seed, const char *clock);
/* Makes a record or journal text the game in play; live 0: a copy whose
 * time stands still (a room's game shown here, the worker's). */
const char *web_load(const char *text, int live);
/* The game in play as its journal's text (a record; plain text). */
const char *web_record(void);
/* The game as it stands: seats, moves, rows, result and its reason in
 * words, clocks, the pending offer, whether a draw may be claimed. */
const char *web_info(void);
/* The position before ply `ply` (< 0: now) as `viewer` sees it (flipped
 * or not): what to draw, the choices there with their cells, who is to
 * act. */
const char *web_view(int ply, int viewer, int flip);
/* A command of commands.h by its English name ("move" with its arg,
 * "undo", "redo", "resign", "draw", "takeback", "accept", "decline",
 * "claim", "abort") from a seat; "rematch" after the end. */
const char *web_command(int seat, const char *name, const char *arg);
/* Plays what needs no person now: the dice, a computer's claim; or says
 * {"think": seat} when a computer is to move (web_think, in the worker). */
const char *web_step(void);
/* Looks at the running clock: {"flag", "clock", "events"}. */
const char *web_tick(void);
/* A clock as players read it ("4:57", "0:09.3"; plain text). */
const char *web_clock_text(double ms);
/* An event a room's server told of, in words (plain text; "" if the kind
 * is unknown): "offered", "answered", "left", ... with the seat, the
 * offer ("draw", "takeback"), accepted, the reason of leaving. */
const char *web_event_text(const char *kind, int seat, const char *offer,
                           int accepted, const char *reason);
/* A move of the computer seat to act, as its clock allows (spec ""), or
 * another player's advice for the one to act, within `seconds`. */
const char *web_think(const char *spec, double seconds);
/* The exact odds of the turn in progress. */
const char *web_odds(void);
const char *web_analyse(int depth, double nodes);

#endif
