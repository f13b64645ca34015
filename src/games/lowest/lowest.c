/* lowest.c — "Najniższa wygrywa" (seed 000, b): the lowest throw wins.
 * The turn's rules are in ../dice/extreme.c; RULES.md beside this file. */
#include "../dice/dicegame.h"

DICE_GAME(lt_lowest, extreme_lowest, .id = "lowest", .title = N_("Lowest Wins"),
          .source = N_("source 000, b: Najniższa wygrywa"),
          .options = extreme_options, DICE_FOR_TURNS);
