/* highest.c — "Najwyższa wygrywa" (seed 000, a): the highest throw wins.
 * The turn's rules are in ../dice/extreme.c; RULES.md beside this file. */
#include "../dice/dicegame.h"

DICE_GAME(lt_highest, extreme_highest, .id = "highest",
          .title = N_("Highest Wins"),
          .source = N_("source 000, a: Najwyższa wygrywa"),
          .options = extreme_options, DICE_FOR_TURNS);
