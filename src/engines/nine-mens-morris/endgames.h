/* endgames.h — 9 Men's Morris's endgame tables (endgames.c): the rules
 * the retrograde analysis (../endgame/) plays by, and the computer player
 * that plays perfectly once a position is in a table on disk. */
#ifndef LUDOTEKA_NMM_ENDGAMES_H
#define LUDOTEKA_NMM_ENDGAMES_H

#include "../../games/nine-mens-morris/morris9.h"
#include "../endgame/endgame.h"
#include "ludoteka/ai.h"
#include "ludoteka/engines.h"

/* The tables' men a side: by default, and at most (docs/endgames.md). */
enum { NMM_ENDGAME_MEN = 4, NMM_ENDGAME_MEN_MAX = 5 };

/* The rules of the tables under the game's capture and flying options. */
void nmm_endgame_rules(eg_rules *, bool mills, bool flying);

/* The value (endgame.h) of a game's position for its side to move from
 * the tables on disk, or -1: not a position of the tables (men still to
 * place, too many men), or no table of its rules on disk.  A position
 * where the mover removes a man after a mill has the value of its best
 * removal. */
int nmm_endgame_value(const nmm *);

/* "ai:endgame[:nodes=N|depth=D|time=S][:slip=P]": a perfect move
 * whenever the position is in a table (the quickest win, the slowest
 * loss); otherwise an alpha-beta search whose leaves take the tables'
 * values where they have them, and with chance P (slip) a random move
 * instead of the search's. */
extern const lt_engine nmm_endgame_engine;

extern const lt_engines lt_nine_mens_morris_engines;

#endif
