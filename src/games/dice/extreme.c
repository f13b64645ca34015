/* extreme.c — the turn of "Najwyższa wygrywa" and "Najniższa wygrywa"
 * (seed 000, a and b): each player throws the agreed number of dice; the
 * highest (lowest) sum wins; ties are thrown again among the tied
 * (RULES.md).  A throw of more than three dice is thrown as three, then
 * the rest. */
#include <stdio.h>
#include <string.h>

#include "dicegame.h"
#include "ludoteka/text.h"

/* var[0]: the number of dice (option dice) */
static bool low(const dice_state *s)
{
    return s->rules == &extreme_lowest;
}

static bool extreme_start(dice_state *s)
{
    best_start(s);
    return true;
}

static int extreme_dice(const dice_state *s)
{
    int left = s->var[0] - DICE_TURN(dice_best, s)->thrown;
    return left > LT_DICE_MAX ? LT_DICE_MAX : left;
}

static void extreme_apply(dice_state *s, lt_action a)
{
    dice_best *b = DICE_TURN(dice_best, s);
    int nd = extreme_dice(s);
    b->thrown = (uint8_t)(b->thrown + nd);
    b->partial = (uint8_t)(b->partial + dice_sum(a, nd));
    if (b->thrown < s->var[0])
        return;
    int score = b->partial;
    b->thrown = b->partial = 0;
    /* seed 000, a/b: the highest/lowest wins */
    best_scored(s, score, low(s), low(s) ? DICE_WHY_LOWEST : DICE_WHY_HIGHEST);
}

static void extreme_write(const dice_state *s, char *buf, size_t size,
                          size_t *len)
{
    best_write(s, buf, size, len);
    if (DICE_TURN(dice_best, s)->thrown)
        lt_appendf(buf, size, len, " part %u/%u",
                   (unsigned)DICE_TURN(dice_best, s)->thrown,
                   (unsigned)DICE_TURN(dice_best, s)->partial);
}

static bool extreme_read(dice_state *s, char **w, int nw, lt_error *err)
{
    int used;
    if (!best_read(s, w, nw, &used, err))
        return false;
    if (used == nw)
        return true;
    unsigned k, sum;
    char tail;
    if (used + 2 != nw || strcmp(w[used], "part") ||
        sscanf(w[used + 1], "%u/%u%c", &k, &sum, &tail) != 2 ||
        k != LT_DICE_MAX || s->var[0] <= LT_DICE_MAX || sum < k ||
        sum > 6 * k) {
        lt_error_set(err, _("expected at most 'part 3/S': the first three of "
                          "the thrower's %u dice, summing to S"),
                     (unsigned)s->var[0]);
        return false;
    }
    DICE_TURN(dice_best, s)->thrown = (uint8_t)k;
    DICE_TURN(dice_best, s)->partial = (uint8_t)sum;
    return true;
}

static void extreme_info(const dice_state *s, lt_view *v)
{
    best_info(s, v);
    if (DICE_TURN(dice_best, s)->thrown)
        dice_info(v, _("%s has thrown %u of %u dice: %u"),
                  dice_seat_label(best_thrower(s)),
                  (unsigned)DICE_TURN(dice_best, s)->thrown,
                  (unsigned)s->var[0],
                  (unsigned)DICE_TURN(dice_best, s)->partial);
}

static int extreme_thrower(const dice_state *s)
{
    return best_thrower(s);
}

enum { OPT_DICE, OPT_TURNS };

const lt_option extreme_options[] = {
    {NC_("option", "dice"), NULL, 1, 6, 3, N_("the number of dice each player "
                                              "throws")},
    DICE_OPT_TURNS,
    {NULL, NULL, 0, 0, 0, NULL}};

static void extreme_configure(dice_state *s, const lt_config *cfg)
{
    s->var[0] = (uint8_t)cfg->value[OPT_DICE];
    s->turns = (uint16_t)cfg->value[OPT_TURNS];
}

#define EXTREME_RULES                                                      \
    {.ndice = 3, .order_throw = ORDER_NONE, .money = false,                \
     .configure = extreme_configure, .turn_start = extreme_start,          \
     .turn_thrower = extreme_thrower, .turn_dice = extreme_dice,           \
     .turn_apply = extreme_apply, .turn_write = extreme_write,             \
     .turn_read = extreme_read, .turn_info = extreme_info}

/* the same rules twice: low() tells them apart */
const dice_rules extreme_highest = EXTREME_RULES;
const dice_rules extreme_lowest = EXTREME_RULES;
