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

const char *dice_seat_label(int seat, int lang)
{
    static const char *const en[DICE_SEATS] = {"P1", "P2", "P3", "P4", "P5", "P6"};
    static const char *const pl[DICE_SEATS] = {"G1", "G2", "G3", "G4", "G5", "G6"};
    if (seat < 0 || seat >= DICE_SEATS)
        return "-";
    return lang == LT_LANG_PL ? pl[seat] : en[seat];
}

static void standing(const dice_state *s, lt_view *v, bool pl)
{
    char line[96], m[32];
    size_t len = 0;
    line[0] = '\0';
    if (s->money_game) {
        lt_appendf(line, sizeof line, &len, "%s", pl ? "Pieniądze:" : "Money:");
        for (int i = 0; i < s->players; i++)
            lt_appendf(line, sizeof line, &len, "%s %s %s", i ? "," : "",
                       dice_seat_label(i, lt_lang()),
                       dice_money_text(s->money[i], m, sizeof m));
        lt_appendf(line, sizeof line, &len, "; %s %s", pl ? "pula" : "pot",
                   dice_money_text(s->pot, m, sizeof m));
    } else {
        lt_appendf(line, sizeof line, &len, "%s",
                   pl ? "Wygrane tury:" : "Turns won:");
        for (int i = 0; i < s->players; i++)
            lt_appendf(line, sizeof line, &len, "%s %s %u", i ? "," : "",
                       dice_seat_label(i, lt_lang()), (unsigned)s->won[i]);
    }
    dice_info(v, "%s", line);
}

static void order_line(const dice_state *s, lt_view *v, bool pl)
{
    char line[96];
    size_t len = 0;
    line[0] = '\0';
    if (s->phase == PHASE_ORDER) {
        lt_appendf(line, sizeof line, &len, "%s",
                   pl ? (s->lowest ? "Rzut o kolejność (najniższy pierwszy):"
                                   : "Rzut o kolejność (najwyższy pierwszy):")
                      : (s->lowest ? "Throw for the order (lowest first):"
                                   : "Throw for the order (highest first):"));
        for (int k = 0; k < s->players; k++) {
            int seat = s->order[k];
            bool cut = k > 0 && (s->split >> (k - 1) & 1);
            lt_appendf(line, sizeof line, &len, "%s%s", k == 0 ? " " : cut ? " | " : " ",
                       dice_seat_label(seat, lt_lang()));
            if (s->othrow[seat])
                lt_appendf(line, sizeof line, &len, "=%u", (unsigned)s->othrow[seat]);
        }
    } else {
        lt_appendf(line, sizeof line, &len, "%s",
                   pl ? "Kolejność:" : "Order of play:");
        for (int k = 0; k < s->players; k++)
            lt_appendf(line, sizeof line, &len, "%s%s", k ? ", " : " ",
                       dice_seat_label(s->order[k], lt_lang()));
    }
    dice_info(v, "%s", line);
}

void dice_render(const lt_state *st, lt_view *v)
{
    const dice_state *s = (const dice_state *)st;
    const dice_rules *r = dice_rules_of(s);
    bool pl = lt_lang() == LT_LANG_PL;
    v->width = v->height = 0;
    int faces[LT_DICE_MAX];
    if (s->shown.seat >= 0) {
        dice_faces(s->shown.action, s->shown.ndice, faces);
        for (int i = 0; i < s->shown.ndice && v->ndice < LT_VIEW_DICE; i++)
            v->dice[v->ndice++] = (lt_die){.owner = s->shown.seat,
                                           .value = (uint8_t)faces[i]};
    }
    if (s->phase == PHASE_OVER)
        dice_info(v, pl ? "Koniec meczu (%u z %u tur)" : "Match over (%u of %u turns)",
                  (unsigned)s->turn, (unsigned)s->turns);
    else
        dice_info(v, pl ? "Tura %u z %u" : "Turn %u of %u", (unsigned)s->turn + 1,
                  (unsigned)s->turns);
    standing(s, v, pl);
    if (s->shown.seat >= 0) {
        char name[16];
        lt_dice_name(s->shown.action, s->shown.ndice, name, sizeof name);
        dice_info(v, pl ? "Ostatni rzut: %s %s (suma %d)" : "Last throw: %s %s (sum %d)",
                  dice_seat_label(s->shown.seat, lt_lang()), name,
                  dice_sum(s->shown.action, s->shown.ndice));
    }
    char last[sizeof v->info[0]];
    dice_last_turn(s, lt_lang(), last, sizeof last);
    if (last[0])
        dice_info(v, "%s", last);
    if (s->phase == PHASE_OVER)
        return;
    order_line(s, v, pl);
    if (s->phase == PHASE_TURN)
        r->turn_info(s, v);
    int p = dice_current_player(st);
    if (p >= 0)
        dice_info(v, pl ? "%s: rzucać dalej (throw) czy przestać (stop)?"
                        : "%s: throw again or stop?",
                  dice_seat_label(p, lt_lang()));
    else {
        int seat = dice_thrower(s);
        int nd = s->phase == PHASE_ORDER ? s->ndice : dice_turn_dice(s);
        if (pl)
            dice_info(v, "Rzuca %s (kości: %d)", dice_seat_label(seat, lt_lang()), nd);
        else
            dice_info(v, "%s throws %d %s", dice_seat_label(seat, lt_lang()), nd,
                      nd == 1 ? "die" : "dice");
    }
}
