/* dice.c — the dice games' lines of the engines table: exact odds and
 * simulation for every one, the perfect player and the evaluation for the
 * games with stakes and decisions; and each game's engine, found by its
 * turn rules. */
#include <stddef.h>

#include "../../games/guirguiesca/guirguiesca.h"
#include "../../games/half-hazard/half_hazard.h"
#include "../../games/hazard/hazard.h"
#include "../../games/marlota/marlota.h"
#include "../../games/one-and-two/one_and_two.h"
#include "../../games/pair-and-ace/pair_and_ace.h"
#include "../../games/panquist/panquist.h"
#include "../../games/riffa/riffa.h"
#include "../../games/rising-hazard/rising_hazard.h"
#include "../../games/triples/triples.h"
#include "dice_engines.h"

static const dice_engine engines[] = {
    {&extreme_highest, extreme_odds, NULL, NULL},
    {&extreme_lowest, extreme_odds, NULL, NULL},
    {&one_and_two_rules, one_and_two_odds, NULL, NULL},
    {&triples_rules, triples_odds, NULL, NULL},
    {&hazard_rules, hazard_odds, NULL, hazard_fast},
    {&marlota_rules, marlota_odds, NULL, NULL},
    {&riffa_rules, riffa_odds, NULL, NULL},
    {&pair_and_ace_rules, pair_and_ace_odds, NULL, NULL},
    {&panquist_rules, panquist_odds, NULL, NULL},
    {&guirguiesca_rules, guirguiesca_odds, NULL, NULL},
    {&half_hazard_rules, half_hazard_odds, half_hazard_best, NULL},
    {&rising_hazard_rules, rising_hazard_odds, rising_hazard_best, NULL},
};

const dice_engine *dice_engine_of(const dice_rules *r)
{
    size_t k = 0;
    while (engines[k].rules != r) /* every dice game has its line */
        k++;
    return &engines[k];
}

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
