/* view.c — what a dice game shows: the last throw as dice, and lines on
 * the match (turn, score or money, order of play), the turn (the game's
 * own lines) and who throws next.  There is no board. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "dicegame.h"
#include "ludoteka/text.h"

void dice_info(lt_view *v, const char *fmt, ...)
{
    if (v->ninfo >= LT_VIEW_INFO)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->info[v->ninfo++], sizeof v->info[0], fmt, ap);
    va_end(ap);
}

const char *dice_seat_label(int seat)
{
    /* TRANSLATORS: a player's short name in the dice games, "P" for player */
    static const char *const labels[DICE_SEATS] = {
        N_("P1"), N_("P2"), N_("P3"), N_("P4"), N_("P5"), N_("P6")};
    if (seat < 0 || seat >= DICE_SEATS)
        return "-";
    return _(labels[seat]);
}

static void standing(const dice_state *s, lt_view *v)
{
    char line[96], m[32];
    size_t len = 0;
    line[0] = '\0';
    if (s->money_game) {
        lt_appendf(line, sizeof line, &len, "%s", _("Money:"));
        for (int i = 0; i < s->players; i++)
            lt_appendf(line, sizeof line, &len, "%s %s %s", i ? "," : "",
                       dice_seat_label(i),
                       dice_money_text(s->money[i], m, sizeof m));
        lt_appendf(line, sizeof line, &len, _("; pot %s"),
                   dice_money_text(s->pot, m, sizeof m));
    } else {
        lt_appendf(line, sizeof line, &len, "%s", _("Turns won:"));
        for (int i = 0; i < s->players; i++)
            lt_appendf(line, sizeof line, &len, "%s %s %u", i ? "," : "",
                       dice_seat_label(i), (unsigned)s->won[i]);
    }
    dice_info(v, "%s", line);
}

static void order_line(const dice_state *s, lt_view *v)
{
    char line[96];
    size_t len = 0;
    line[0] = '\0';
    if (s->phase == PHASE_ORDER) {
        lt_appendf(line, sizeof line, &len, "%s",
                   s->lowest ? _("Throw for the order (lowest first):")
                             : _("Throw for the order (highest first):"));
        for (int k = 0; k < s->players; k++) {
            int seat = s->order[k];
            bool cut = k > 0 && (s->split >> (k - 1) & 1);
            lt_appendf(line, sizeof line, &len, "%s%s",
                       k == 0 ? " "
                       : cut  ? " | "
                              : " ",
                       dice_seat_label(seat));
            if (s->othrow[seat])
                lt_appendf(line, sizeof line, &len, "=%u",
                           (unsigned)s->othrow[seat]);
        }
    } else {
        lt_appendf(line, sizeof line, &len, "%s", _("Order of play:"));
        for (int k = 0; k < s->players; k++)
            lt_appendf(line, sizeof line, &len, "%s%s", k ? ", " : " ",
                       dice_seat_label(s->order[k]));
    }
    dice_info(v, "%s", line);
}

void dice_render(const lt_state *st, lt_view *v)
{
    const dice_state *s = (const dice_state *)st;
    const dice_rules *r = s->rules;
    v->width = v->height = 0;
    int faces[LT_DICE_MAX];
    if (s->shown.seat >= 0) {
        dice_faces(s->shown.action, s->shown.ndice, faces);
        for (int i = 0; i < s->shown.ndice && v->ndice < LT_VIEW_DICE; i++)
            v->dice[v->ndice++] = (lt_die){.owner = s->shown.seat,
                                           .value = (uint8_t)faces[i]};
    }
    if (s->phase == PHASE_OVER)
        dice_info(v, _("Match over (%u of %u turns)"),
                  (unsigned)s->turn, (unsigned)s->turns);
    else
        dice_info(v, _("Turn %u of %u"), (unsigned)s->turn + 1,
                  (unsigned)s->turns);
    standing(s, v);
    if (s->shown.seat >= 0) {
        char name[16];
        lt_dice_name(s->shown.action, s->shown.ndice, name, sizeof name);
        dice_info(v, _("Last throw: %s %s (sum %d)"),
                  dice_seat_label(s->shown.seat), name,
                  dice_sum(s->shown.action, s->shown.ndice));
    }
    char last[sizeof v->info[0]];
    dice_last_turn(s, last, sizeof last);
    if (last[0])
        dice_info(v, "%s", last);
    if (s->phase == PHASE_OVER)
        return;
    order_line(s, v);
    if (s->phase == PHASE_TURN)
        r->turn_info(s, v);
    int p = dice_current_player(st);
    if (p >= 0)
        dice_info(v, _("%s: throw again or stop?"),
                  dice_seat_label(p));
    else {
        int seat = dice_thrower(s);
        int nd = s->phase == PHASE_ORDER ? s->ndice : dice_turn_dice(s);
        dice_info(v,
                  lt_ngettext("%s throws %d die", "%s throws %d dice",
                              (unsigned long)nd),
                  dice_seat_label(seat), nd);
    }
}
