/* duel.c — what the two-role games share (Panquist, Pół Hazard, Rosnący
 * Hazard, Guirguiesca): the thrower order[0] against the other order[1],
 * the two numbers the thrower gives out, stopping or throwing on. */
#include <stdio.h>
#include <string.h>

#include "dicegame.h"
#include "ludoteka/text.h"

int duel_thrower(const dice_state *s)
{
    return s->order[0];
}

bool duel_pay_both(dice_state *s, int32_t each)
{
    int a = s->order[0], b = s->order[1];
    bool ok_a = dice_can_pay(s, a, each), ok_b = dice_can_pay(s, b, each);
    if (!ok_a || !ok_b)
        return false;
    dice_pay(s, a, each);
    dice_pay(s, b, each);
    return true;
}

/* seed 000, j (and k): at least one throw, then as long as he likes */
int duel_chooser(const dice_state *s)
{
    const dice_duel *d = DICE_TURN(dice_duel, s);
    return d->mine && d->theirs && d->thrown == DUEL_CHOOSE ? s->order[0]
                                                            : LT_CHANCE;
}

int duel_choices(const dice_state *s, lt_action *out)
{
    (void)s;
    out[0] = DICE_STOP;
    out[1] = DICE_THROW;
    return 2;
}

/* seed 000, i ("najpierw sobie, a potem przeciwnikowi") and j ("najpierw
 * ... przeciwnikowi, a następnie sobie"): throws until a number of 7-14
 * comes for the first, then one for the second. */
bool duel_assign(dice_state *s, int sum, bool mine_first, bool distinct)
{
    dice_duel *d = DICE_TURN(dice_duel, s);
    uint8_t *first = mine_first ? &d->mine : &d->theirs;
    uint8_t *second = mine_first ? &d->theirs : &d->mine;
    if (*first && *second)
        return false;
    bool number = sum >= 7 && sum <= 14;
    if (!*first) {
        if (number)
            *first = (uint8_t)sum;
    } else if (number && (sum != *first || !distinct)) {
        *second = (uint8_t)sum;
    }
    return true;
}

void duel_write_numbers(const dice_state *s, char *buf, size_t size,
                        size_t *len)
{
    uint8_t num[DICE_SEATS] = {0};
    num[s->order[0]] = DICE_TURN(dice_duel, s)->mine;
    num[s->order[1]] = DICE_TURN(dice_duel, s)->theirs;
    dice_write_list(buf, size, len, "numbers", num, s->players);
}

bool duel_read_numbers(dice_state *s, const char *word, bool mine_first,
                       bool distinct, int lo, int hi, lt_error *err)
{
    dice_duel *d = DICE_TURN(dice_duel, s);
    int v[DICE_SEATS], count;
    if (!dice_parse_list(word, v, 2, lo, hi, &count) || count != 2) {
        lt_error_set(err,
                     _("numbers: one for each seat, %d..%d ('-' for none yet)"),
                     lo, hi);
        return false;
    }
    d->mine = (uint8_t)v[s->order[0]];
    d->theirs = (uint8_t)v[s->order[1]];
    int first = mine_first ? d->mine : d->theirs,
        second = mine_first ? d->theirs : d->mine;
    if ((second && !first) || (distinct && first && first == second)) {
        lt_error_set(err, "%s",
                     mine_first
                         ? (distinct ? _("numbers: the thrower's number is "
                                         "given first, and the other "
                                         "differs from it")
                                     : _("numbers: the thrower's number is "
                                         "given first"))
                     : distinct ? _("numbers: the opponent's number is given "
                                    "first, and the other differs from it")
                                : _("numbers: the opponent's number is given "
                                    "first"));
        return false;
    }
    return true;
}

void duel_threw_theirs(const dice_reason *r, char *buf, size_t size,
                       size_t *len)
{
    dice_threw(r, NC_("threw", "the opponent's number: the whole pool"), true,
               buf, size, len);
}

static const char *const stages[] = {"first", "choose", "throwing"};

const char *duel_stage_name(int stage)
{
    return stages[stage];
}

bool duel_read_stage(dice_state *s, const char *word)
{
    for (int k = 0; k < 3; k++)
        if (!strcmp(word, stages[k])) {
            DICE_TURN(dice_duel, s)->thrown = (uint8_t)k;
            return true;
        }
    return false;
}

void duel_info(const dice_state *s, lt_view *v, bool staker)
{
    const dice_duel *d = DICE_TURN(dice_duel, s);
    char a[8] = "-", b[8] = "-";
    if (d->mine)
        snprintf(a, sizeof a, "%u", (unsigned)d->mine);
    if (d->theirs)
        snprintf(b, sizeof b, "%u", (unsigned)d->theirs);
    dice_info(v, staker ? _("Thrower %s (number %s); staker %s (number %s)")
                        : _("Thrower %s (number %s); opponent %s (number %s)"),
              dice_seat_label(s->order[0]), a, dice_seat_label(s->order[1]), b);
}
