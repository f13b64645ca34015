/* pair_and_ace.c — Para i As (seed 000, h).  RULES.md beside this file. */
#include <stdio.h>
#include <string.h>

#include "pair_and_ace.h"
#include "ludoteka/text.h"

enum { WHY_PAIR = DICE_WHY_GAME }; /* the first pair or triple */

static int thrower(const dice_state *s)
{
    return s->order[DICE_TURN(pa_turn, s)->pos];
}

static void apply(dice_state *s, lt_action a)
{
    int f[3];
    dice_faces(a, 3, f); /* highest first */
    /* seed 000, h: the first to throw a pair or a triple wins */
    if (f[0] == f[1] || f[1] == f[2]) {
        int w = thrower(s);
        dice_end_turn(s, w, (dice_why){.why = WHY_PAIR, .by = (int8_t)w});
        return;
    }
    DICE_TURN(pa_turn, s)->pos =
        (uint8_t)((DICE_TURN(pa_turn, s)->pos + 1) % s->players);
}

static void write_turn(const dice_state *s, char *buf, size_t size, size_t *len)
{
    lt_appendf(buf, size, len, " next %d", thrower(s) + 1);
}

static bool read_turn(dice_state *s, char **w, int nw, lt_error *err)
{
    long long v;
    if (nw != 2 || strcmp(w[0], "next") ||
        !lt_parse_int(w[1], 1, s->players, &v)) {
        lt_error_set(err, _("expected 'next' and the seat to throw (1..%d)"),
                     s->players);
        return false;
    }
    int pos = 0;
    while (s->order[pos] != v - 1)
        pos++;
    DICE_TURN(pa_turn, s)->pos = (uint8_t)pos;
    return true;
}

static void info(const dice_state *s, lt_view *v)
{
    (void)s;
    dice_info(v, "%s", _("The first pair or triple wins"));
}

static void why_words(const dice_reason *r, char *buf, size_t size, size_t *len)
{
    int f[LT_DICE_MAX];
    dice_faces(r->s->shown.taction, 3, f);
    lt_appendf(buf, size, len,
               f[0] == f[2] ? _("threw %s, the first triple")
                            : _("threw %s, the first pair"),
               r->faces);
}

const dice_rules pair_and_ace_rules = {
    .ndice = 3, .order_throw = ORDER_EACH_TURN, .money = false,
    .configure = dice_configure_order_turns, .turn_thrower = thrower,
    .turn_apply = apply, .turn_write = write_turn, .turn_read = read_turn,
    .turn_info = info, .why_words = why_words};

DICE_GAME(lt_pair_and_ace, pair_and_ace_rules, .id = "pair-and-ace",
          .title = N_("Pair and Ace"), .source = N_("source 000, h: Para i As"),
          .options = dice_order_turns_options, DICE_FOR_TURNS);
