/* marlota.c — Marlota (seed 000, f).  RULES.md beside this file. */
#include <stdio.h>
#include <string.h>

#include "marlota.h"
#include "ludoteka/text.h"

enum { WHY_NUMBER_OF = DICE_WHY_GAME }; /* the winner's number */

static int thrower(const dice_state *s)
{
    const mar_turn *m = DICE_TURN(mar_turn, s);
    /* seed 000, f: the first in order throws for all the numbers */
    return m->assigned < s->players ? s->order[0] : s->order[m->pos];
}

static int owner_of(const dice_state *s, int sum)
{
    for (int i = 0; i < s->players; i++)
        if (DICE_TURN(mar_turn, s)->num[i] == sum)
            return i;
    return -1;
}

static void apply(dice_state *s, lt_action a)
{
    mar_turn *m = DICE_TURN(mar_turn, s);
    int n = s->players, sum = dice_sum(a, 3);
    if (m->assigned < n) {
        /* seed 000, f: sums 7-14 only, each to one player, from the last
         * in order to the thrower himself; others are thrown again */
        if (sum >= 7 && sum <= 14 && owner_of(s, sum) < 0) {
            m->num[s->order[n - 1 - m->assigned]] = (uint8_t)sum;
            m->assigned++;
        }
        return;
    }
    int w = owner_of(s, sum);
    if (w >= 0) { /* seed 000, f: the first number thrown wins for its owner */
        dice_end_turn(s, w, (dice_why){.why = WHY_NUMBER_OF,
                                       .by = (int8_t)thrower(s)});
        return;
    }
    m->pos = (uint8_t)((m->pos + 1) % n);
}

static void write_turn(const dice_state *s, char *buf, size_t size, size_t *len)
{
    dice_write_list(buf, size, len, "numbers", DICE_TURN(mar_turn, s)->num,
                    s->players);
    if (DICE_TURN(mar_turn, s)->assigned == s->players)
        lt_appendf(buf, size, len, " next %d", thrower(s) + 1);
}

static bool read_turn(dice_state *s, char **w, int nw, lt_error *err)
{
    mar_turn *m = DICE_TURN(mar_turn, s);
    int n = s->players, v[DICE_SEATS], count;
    long long next = 0;
    if ((nw != 2 && nw != 4) || strcmp(w[0], "numbers") ||
        !dice_parse_list(w[1], v, n, 7, 14, &count) || count != n ||
        (nw == 4 &&
         (strcmp(w[2], "next") || !lt_parse_int(w[3], 1, n, &next)))) {
        lt_error_set(err,
                     _("expected 'numbers' with each seat's number (7..14, "
                       "'-' for none yet), then, once all have one, 'next' "
                       "and the seat to throw"));
        return false;
    }
    int assigned = 0;
    for (int i = 0; i < n; i++) {
        m->num[i] = (uint8_t)v[i];
        assigned += v[i] != 0;
        for (int j = 0; j < i; j++)
            if (v[i] && v[i] == v[j]) {
                lt_error_set(err,
                             _("numbers: every player has a different one"));
                return false;
            }
    }
    /* given from the last in order towards the first */
    for (int k = 0; k < n; k++)
        if ((v[s->order[n - 1 - k]] != 0) != (k < assigned)) {
            lt_error_set(err,
                         _("numbers: they are given from the last in order "
                           "of play to the first"));
            return false;
        }
    m->assigned = (uint8_t)assigned;
    if ((assigned == n) != (nw == 4)) {
        lt_error_set(err, assigned == n
                              ? "numbers: all are given; say who is "
                                "next to throw (next N)"
                              : "next: the numbers are not all given");
        return false;
    }
    if (assigned == n) {
        int pos = 0;
        while (s->order[pos] != next - 1)
            pos++;
        m->pos = (uint8_t)pos;
    }
    return true;
}

static void info(const dice_state *s, lt_view *v)
{
    char line[96];
    size_t len = 0;
    line[0] = '\0';
    lt_appendf(line, sizeof line, &len, "%s", _("Numbers:"));
    for (int p = 0; p < s->players; p++) {
        int seat = s->order[p];
        if (DICE_TURN(mar_turn, s)->num[seat])
            lt_appendf(line, sizeof line, &len, " %s %u", dice_seat_label(seat),
                       (unsigned)DICE_TURN(mar_turn, s)->num[seat]);
    }
    if (DICE_TURN(mar_turn, s)->assigned < s->players)
        lt_appendf(line, sizeof line, &len, _(" (%s throws for numbers 7-14)"),
                   dice_seat_label(s->order[0]));
    dice_info(v, "%s", line);
}

static void why_words(const dice_reason *r, char *buf, size_t size, size_t *len)
{
    if (r->own)
        lt_appendf(buf, size, len, _("threw %d, own number"), r->sum);
    else
        lt_appendf(buf, size, len, _("threw %d, %s's number"), r->sum,
                   r->owner);
}

const dice_rules marlota_rules = {
    .ndice = 3, .order_throw = ORDER_EACH_TURN, .money = false,
    .configure = dice_configure_order_turns, .turn_thrower = thrower,
    .turn_apply = apply, .turn_write = write_turn, .turn_read = read_turn,
    .turn_info = info, .why_words = why_words};

DICE_GAME(lt_marlota, marlota_rules, .id = "marlota", .title = N_("Marlota"),
          .source = N_("source 000, f: Marlota"),
          .options = dice_order_turns_options, DICE_FOR_TURNS);
