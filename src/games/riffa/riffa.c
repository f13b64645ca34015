/* riffa.c — Riffa (seed 000, g).  RULES.md beside this file. */
#include <stdio.h>
#include <string.h>

#include "riffa.h"
#include "ludoteka/text.h"

enum { OPT_TURNS };
enum { WHY_RIFFA = DICE_WHY_GAME }; /* v as DICE_WHY_HIGHEST has it */

static const lt_option options[] = {DICE_OPT_TURNS,
                                    {NULL, NULL, 0, 0, 0, NULL}};

static void configure(dice_state *s, const lt_config *cfg)
{
    s->turns = (uint16_t)cfg->value[OPT_TURNS];
}

static bool start(dice_state *s)
{
    best_start(s);
    return true;
}

/* seed 000, g: three dice until a pair, then the third die once more */
static int ndice(const dice_state *s)
{
    return DICE_TURN(dice_best, s)->pair ? 1 : 3;
}

static void apply(dice_state *s, lt_action a)
{
    dice_best *b = DICE_TURN(dice_best, s);
    if (b->pair) {
        /* seed 000, g: "zlicza sumę oczek" - the pair and the third die */
        int score = 2 * b->pair + dice_sum(a, 1);
        b->pair = 0;
        best_scored(s, score, false, WHY_RIFFA); /* the highest total wins */
        return;
    }
    int f[3];
    dice_faces(a, 3, f); /* highest first */
    /* seed 000, g: a pair is kept; of a triple, any two */
    if (f[0] == f[1])
        b->pair = (uint8_t)f[0];
    else if (f[1] == f[2])
        b->pair = (uint8_t)f[1];
    /* no pair: he throws all three again */
}

static void write_turn(const dice_state *s, char *buf, size_t size, size_t *len)
{
    best_write(s, buf, size, len);
    if (DICE_TURN(dice_best, s)->pair)
        lt_appendf(buf, size, len, " pair %u",
                   (unsigned)DICE_TURN(dice_best, s)->pair);
}

static bool read_turn(dice_state *s, char **w, int nw, lt_error *err)
{
    int used;
    long long v;
    if (!best_read(s, w, nw, &used, err))
        return false;
    if (used == nw)
        return true;
    if (used + 2 != nw || strcmp(w[used], "pair") ||
        !lt_parse_int(w[used + 1], 1, 6, &v)) {
        lt_error_set(err, _("expected at most 'pair N': the pair (1..6) the "
                          "thrower keeps"));
        return false;
    }
    DICE_TURN(dice_best, s)->pair = (uint8_t)v;
    return true;
}

static void info(const dice_state *s, lt_view *v)
{
    best_info(s, v);
    if (DICE_TURN(dice_best, s)->pair)
        dice_info(v, _("%s keeps the pair %u-%u and throws the third die"),
                  dice_seat_label(best_thrower(s)),
                  (unsigned)DICE_TURN(dice_best, s)->pair,
                  (unsigned)DICE_TURN(dice_best, s)->pair);
}

static void why_words(const dice_reason *r, char *buf, size_t size, size_t *len)
{
    const uint8_t *x = r->s->shown.v;
    lt_appendf(buf, size, len,
               _("scored %u with a pair and the third die, the highest%s"),
               (unsigned)x[0], r->playoff);
    lt_appendf(buf, size, len, _(" (next: %u)"), (unsigned)x[1]);
}

const dice_rules riffa_rules = {
    .ndice = 3, .order_throw = ORDER_NONE, .money = false,
    .configure = configure, .turn_start = start, .turn_thrower = best_thrower,
    .turn_dice = ndice, .turn_apply = apply, .turn_write = write_turn,
    .turn_read = read_turn, .turn_info = info, .why_words = why_words};

DICE_GAME(lt_riffa, riffa_rules, .id = "riffa", .title = N_("Riffa"),
          .source = N_("source 000, g: Riffa"), .options = options,
          DICE_FOR_TURNS);
