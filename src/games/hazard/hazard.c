/* hazard.c — Hazard (seed 000, e).  RULES.md beside this file. */
#include <stdio.h>
#include <string.h>

#include "hazard.h"
#include "ludoteka/text.h"

enum { OPT_ORDER, OPT_FORM, OPT_STAKE, OPT_BANKROLL, OPT_TURNS };
enum { FORM_TURNS, FORM_STAKES };
enum {
    WHY_HAZARD = DICE_WHY_GAME, /* the thrower's Hazard wins */
    WHY_OWN_REHAZARD,           /* his own ReHazard; v0 1: shared */
    WHY_REHAZARD_OF             /* the winner's ReHazard, thrown by `by` */
};

static const char *const forms[] = {
    NC_("option value", "turns"), NC_("option value", "stakes"), NULL};

static const lt_option options[] = {
    DICE_OPT_ORDER,
    {NC_("option", "form"), forms, 0, 0, FORM_TURNS,
     N_("turns: the most turns won wins; stakes: the betting form - each turn "
        "everyone stakes, the winner takes the stakes")},
    {NC_("option", "stake"), NULL, 1, 100, 1, N_("form=stakes: each player's "
                                                 "stake in a turn")},
    {NC_("option", "bankroll"), NULL, 1, 1000, 10,
     N_("form=stakes: each player's money at the start")},
    DICE_OPT_TURNS,
    {NULL, NULL, 0, 0, 0, NULL}};

static void configure(dice_state *s, const lt_config *cfg)
{
    s->lowest = (uint8_t)cfg->value[OPT_ORDER];
    s->money_game = cfg->value[OPT_FORM] == FORM_STAKES;
    s->stake = 2 * cfg->value[OPT_STAKE];
    s->bankroll = 2 * cfg->value[OPT_BANKROLL];
    s->turns = (uint16_t)cfg->value[OPT_TURNS];
}

/* the betting form: everyone stakes; one who cannot loses (the match
 * ends, RULES.md) */
static unsigned short_of(const dice_state *s)
{
    unsigned broke = 0;
    if (s->money_game)
        for (int i = 0; i < s->players; i++)
            broke |= (unsigned)(s->money[i] < s->stake) << i;
    return broke;
}

static bool start(dice_state *s)
{
    if (s->money_game)
        for (int i = 0; i < s->players; i++)
            dice_pay(s, i, s->stake);
    return true;
}

static void abort_turn(dice_state *s)
{
    if (s->money_game) /* stakes back */
        for (int i = 0; i < s->players; i++)
            dice_take(s, i, s->stake);
}

static int thrower(const dice_state *s)
{
    return s->order[DICE_TURN(haz_turn, s)->pos];
}

/* The seat wins the turn, by the throw of `by`. */
static void win(dice_state *s, int seat, int why, int by, bool shared)
{
    if (s->money_game)
        dice_take(s, seat, s->pot);
    dice_end_turn(s, seat, (dice_why){.why = (uint8_t)why, .by = (int8_t)by,
                                      .v = {shared}});
}

/* Who a later-round sum wins for, -1 if nobody: seed 000, e - the owner
 * of the ReHazard thrown; if several own it, the thrower if he is one of
 * them, otherwise it does not count. */
int hazard_rehazard_winner(const uint8_t *reh, int n, int thrower_seat, int sum)
{
    int owners = 0, owner = -1;
    for (int i = 0; i < n; i++)
        if (reh[i] == sum) {
            owners++;
            owner = i;
        }
    if (owners == 1)
        return owner;
    if (owners > 1 && reh[thrower_seat] == sum)
        return thrower_seat;
    return -1;
}

static void apply(dice_state *s, lt_action a)
{
    haz_turn *h = DICE_TURN(haz_turn, s);
    int sum = dice_sum(a, 3), seat = thrower(s), n = s->players;
    if (dice_is_hazard3(sum)) { /* seed 000, e: a Hazard wins */
        win(s, seat, WHY_HAZARD, seat, false);
        return;
    }
    if (!h->later) {
        /* seed 000, e: first-round sums become the ReHazards */
        h->reh[seat] = (uint8_t)sum;
        if (++h->pos == n) {
            h->later = 1;
            h->pos = 0;
        }
        return;
    }
    int w = hazard_rehazard_winner(h->reh, n, seat, sum);
    if (w >= 0) {
        int owners = 0;
        for (int i = 0; i < n; i++)
            owners += h->reh[i] == sum;
        win(s, w, w == seat ? WHY_OWN_REHAZARD : WHY_REHAZARD_OF, seat,
            owners > 1);
        return;
    }
    h->pos = (uint8_t)((h->pos + 1) % n);
}

static void write_turn(const dice_state *s, char *buf, size_t size, size_t *len)
{
    const haz_turn *h = DICE_TURN(haz_turn, s);
    if (h->later) {
        lt_appendf(buf, size, len, " round 2 next %d", thrower(s) + 1);
        dice_write_list(buf, size, len, "rehazards", h->reh, s->players);
    } else {
        lt_appendf(buf, size, len, " round 1");
        dice_write_list(buf, size, len, "sums", h->reh, s->players);
    }
}

static bool read_turn(dice_state *s, char **w, int nw, lt_error *err)
{
    haz_turn *h = DICE_TURN(haz_turn, s);
    int n = s->players, v[DICE_SEATS], count;
    long long next = 0;
    bool later = nw == 6 && !strcmp(w[0], "round") && !strcmp(w[1], "2") &&
                 !strcmp(w[2], "next") && lt_parse_int(w[3], 1, n, &next) &&
                 !strcmp(w[4], "rehazards");
    bool first = nw == 4 && !strcmp(w[0], "round") && !strcmp(w[1], "1") &&
                 !strcmp(w[2], "sums");
    if (!later && !first) {
        lt_error_set(err,
                     _("expected 'round 1 sums S,S,...' (first round) or "
                       "'round 2 next N rehazards R,R,...' (a later round)"));
        return false;
    }
    if (!dice_parse_list(w[nw - 1], v, n, 7, 14, &count) || count != n) {
        lt_error_set(err,
                     first ? _("%s: a sum of 7..14 for each of the %d seats "
                               "('-' if he has not thrown)")
                           : _("%s: a sum of 7..14 for each of the %d seats"),
                     w[nw - 2], n);
        return false;
    }
    h->later = later;
    for (int i = 0; i < n; i++)
        h->reh[i] = (uint8_t)v[i];
    if (later) {
        for (int i = 0; i < n; i++)
            if (!v[i]) {
                lt_error_set(err,
                             _("rehazards: every seat has one after round 1"));
                return false;
            }
        int pos = 0;
        while (s->order[pos] != next - 1)
            pos++;
        h->pos = (uint8_t)pos;
        return true;
    }
    int pos = 0;
    while (pos < n && v[s->order[pos]])
        pos++;
    for (int q = pos; q < n; q++)
        if (v[s->order[q]]) {
            lt_error_set(err, _("sums: the seats throw in order of play"));
            return false;
        }
    if (pos == n) {
        lt_error_set(err, _("sums: the first round is complete; write the "
                          "ReHazards as round 2"));
        return false;
    }
    h->pos = (uint8_t)pos;
    return true;
}

static void info(const dice_state *s, lt_view *v)
{
    const haz_turn *h = DICE_TURN(haz_turn, s);
    char line[96];
    size_t len = 0;
    line[0] = '\0';
    lt_appendf(line, sizeof line, &len, "%s",
               h->later ? _("ReHazards:") : _("First round:"));
    for (int p = 0; p < s->players; p++) {
        int seat = s->order[p];
        if (h->reh[seat])
            lt_appendf(line, sizeof line, &len, " %s %u",
                       dice_seat_label(seat), (unsigned)h->reh[seat]);
    }
    dice_info(v, "%s", line);
    dice_info(v, "%s", _("Hazard: 3-6 and 15-18"));
}

static void why_words(const dice_reason *r, char *buf, size_t size, size_t *len)
{
    switch (r->s->shown.why) {
    case WHY_HAZARD:
        dice_threw(r, NC_("threw", "a Hazard"), false, buf, size, len);
        break;
    case WHY_OWN_REHAZARD:
        lt_appendf(buf, size, len,
                   r->s->shown.v[0]
                       ? _("threw %d, own ReHazard (shared: the thrower wins)")
                       : _("threw %d, own ReHazard"),
                   r->sum);
        break;
    default:
        lt_appendf(buf, size, len, _("threw %d, %s's ReHazard"), r->sum,
                   r->owner);
        break;
    }
}

const dice_rules hazard_rules = {
    .ndice = 3, .order_throw = ORDER_EACH_TURN, .configure = configure,
    .turn_start = start, .turn_thrower = thrower, .turn_apply = apply,
    .turn_write = write_turn, .turn_read = read_turn, .turn_info = info,
    .turn_abort = abort_turn, .short_of = short_of,
    .due = NC_("cannot cover", "the stake"), .why_words = why_words};

DICE_GAME(lt_hazard, hazard_rules, .id = "hazard", .title = N_("Hazard"),
          .source = N_("source 000, e: Hazard"), .options = options,
          .min_players = 2, .max_players = DICE_SEATS, .min_return = -1000,
          .max_return = 5000);
