/* dice.c — the dice games' lines of the engines table: exact odds and
 * simulation for every one, the perfect player and the evaluation for the
 * games with stakes and decisions (the code is the dice family's, in
 * src/games/dice). */
#include "../../games/dice/dicegame.h"
#include "ludoteka/engines.h"

#define DICE_ENGINES .odds = dice_odds, .simulate = dice_simulate

const lt_engines lt_highest_engines = {"highest", DICE_ENGINES};
const lt_engines lt_lowest_engines = {"lowest", DICE_ENGINES};
const lt_engines lt_one_and_two_engines = {"one-and-two", DICE_ENGINES};
const lt_engines lt_triples_engines = {"triples", DICE_ENGINES};
const lt_engines lt_hazard_engines = {"hazard", DICE_ENGINES};
const lt_engines lt_marlota_engines = {"marlota", DICE_ENGINES};
const lt_engines lt_riffa_engines = {"riffa", DICE_ENGINES};
const lt_engines lt_pair_and_ace_engines = {"pair-and-ace", DICE_ENGINES};
const lt_engines lt_panquist_engines = {"panquist", DICE_ENGINES};
const lt_engines lt_guirguiesca_engines = {"guirguiesca", DICE_ENGINES};
const lt_engines lt_half_hazard_engines = {
    "half-hazard", DICE_ENGINES, .engines = dice_perfect_engines,
    .levels = dice_perfect_levels, .evaluate = half_hazard_evaluate};
const lt_engines lt_rising_hazard_engines = {
    "rising-hazard", DICE_ENGINES, .engines = dice_perfect_engines,
    .levels = dice_perfect_levels, .evaluate = rising_hazard_evaluate};
