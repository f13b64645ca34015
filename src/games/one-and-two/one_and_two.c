/* one_and_two.c — "Ile na jednej, tyle na dwóch" (seed 000, c).
 * RULES.md beside this file. */
#include <stdio.h>
#include <string.h>

#include "one_and_two.h"
#include "ludoteka/text.h"

enum { OPT_LAST, OPT_TURNS };

enum { WHY_EQUALLED = DICE_WHY_GAME }; /* v2 1 after a play-off */

static const char *const lasts[] = {
    NC_("option value", "all"), NC_("option value", "round"), NULL};

static const lt_option options[] = {
    {NC_("option", "last"), lasts, 0, 0, LAST_ALL,
     N_("after the first success, who gets one last throw to equal it: all the "
        "others, or only those still to throw in that round")},
    DICE_OPT_TURNS,
    {NULL, NULL, 0, 0, 0, NULL}};

static void configure(dice_state *s, const lt_config *cfg)
{
    s->var[0] = (uint8_t)cfg->value[OPT_LAST];
    s->turns = (uint16_t)cfg->value[OPT_TURNS];
}

static bool start(dice_state *s)
{
    oat_turn *o = DICE_TURN(oat_turn, s);
    for (int k = 0; k < s->players; k++)
        o->seat[k] = s->order[k];
    o->size = s->players;
    return true;
}

static int thrower(const dice_state *s)
{
    return DICE_TURN(oat_turn, s)->seat[DICE_TURN(oat_turn, s)->pos];
}

/* seed 000, c: first one die, then two */
static int ndice(const dice_state *s)
{
    return DICE_TURN(oat_turn, s)->single ? 2 : 1;
}

uint8_t oat_due_after(int mode, int size, int leader)
{
    uint8_t all = (uint8_t)((1u << size) - 1);
    if (mode == LAST_ALL) /* RULES.md: every other player */
        return (uint8_t)(all & ~(1u << leader));
    return (uint8_t)(all & ~((2u << leader) - 1)); /* the rest of the round */
}

/* The next index in pending after idx, going round. */
static int next_due(int size, uint8_t pending, int idx)
{
    for (int k = 1; k <= size; k++)
        if (pending >> ((idx + k) % size) & 1)
            return (idx + k) % size;
    return -1;
}

static void resolve(dice_state *s)
{
    oat_turn *o = DICE_TURN(oat_turn, s);
    if (__builtin_popcount(o->equal) == 1) {
        int w = o->seat[o->leader - 1];
        dice_end_turn(s, w,
                      (dice_why){.why = WHY_EQUALLED, .by = (int8_t)w,
                                 .v = {0, 0, s->shown.playoff}});
        return;
    }
    /* seed 000, c: those who equalled play off under the same rules */
    uint8_t seat[DICE_SEATS] = {0};
    int m = 0;
    for (int k = 0; k < o->size; k++)
        if (o->equal >> k & 1)
            seat[m++] = o->seat[k];
    memset(o, 0, sizeof *o);
    s->shown.playoff = 1;
    memcpy(o->seat, seat, sizeof seat);
    o->size = (uint8_t)m;
}

static void apply(dice_state *s, lt_action a)
{
    oat_turn *o = DICE_TURN(oat_turn, s);
    if (!o->single) {
        o->single = (uint8_t)dice_sum(a, 1);
        return;
    }
    /* seed 000, c: a success is as much on the two dice as on the one */
    bool hit = dice_sum(a, 2) == o->single;
    int idx = o->pos;
    o->single = 0;
    if (!o->leader) {
        if (!hit) {
            o->pos = (uint8_t)((idx + 1) % o->size);
            return;
        }
        o->leader = (uint8_t)(idx + 1);
        o->equal = (uint8_t)(1u << idx);
        o->pending = oat_due_after(s->var[0], o->size, idx);
    } else {
        o->pending &= (uint8_t)~(1u << idx);
        if (hit)
            o->equal |= (uint8_t)(1u << idx);
    }
    int next = next_due(o->size, o->pending, idx);
    if (next < 0)
        resolve(s);
    else
        o->pos = (uint8_t)next;
}

static void write_turn(const dice_state *s, char *buf, size_t size, size_t *len)
{
    const oat_turn *o = DICE_TURN(oat_turn, s);
    uint8_t list[DICE_SEATS];
    for (int k = 0; k < o->size; k++)
        list[k] = (uint8_t)(o->seat[k] + 1);
    dice_write_list(buf, size, len, "contest", list, o->size);
    if (o->leader) {
        int m = 0;
        uint8_t eq[DICE_SEATS], due[DICE_SEATS];
        lt_appendf(buf, size, len, " first %d", o->seat[o->leader - 1] + 1);
        for (int k = 0; k < o->size; k++)
            if (o->equal >> k & 1)
                eq[m++] = (uint8_t)(o->seat[k] + 1);
        dice_write_list(buf, size, len, "equal", eq, m);
        m = 0;
        for (int k = 0; k < o->size; k++)
            if (o->pending >> k & 1)
                due[m++] = (uint8_t)(o->seat[k] + 1);
        dice_write_list(buf, size, len, "due", due, m);
    } else {
        lt_appendf(buf, size, len, " next %d", thrower(s) + 1);
    }
    if (o->single)
        lt_appendf(buf, size, len, " single %u", (unsigned)o->single);
}

/* Index of seat in the contest, or -1. */
static int index_of(const oat_turn *o, int seat)
{
    for (int k = 0; k < o->size; k++)
        if (o->seat[k] == seat)
            return k;
    return -1;
}

static bool read_seats(const oat_turn *o, const char *text, uint8_t *bits)
{
    int v[DICE_SEATS], count;
    *bits = 0;
    if (!dice_parse_list(text, v, o->size, 1, DICE_SEATS, &count))
        return false;
    for (int k = 0; k < count; k++) {
        int idx = v[k] ? index_of(o, v[k] - 1) : -1;
        if (idx < 0 || (*bits >> idx & 1))
            return false;
        *bits |= (uint8_t)(1u << idx);
    }
    return true;
}

static bool read_turn(dice_state *s, char **w, int nw, lt_error *err)
{
    oat_turn *o = DICE_TURN(oat_turn, s);
    int n = s->players, v[DICE_SEATS], count, i = 2;
    long long x;
    if (nw < 4 || strcmp(w[0], "contest") ||
        !dice_parse_list(w[1], v, n, 1, n, &count) || count < 2)
        goto bad;
    /* a contest keeps the turn's order of play */
    for (int k = 0, p = 0; k < count; k++, p++) {
        while (p < n && s->order[p] != v[k] - 1)
            p++;
        if (!v[k] || p == n)
            goto bad;
        o->seat[k] = (uint8_t)(v[k] - 1);
    }
    o->size = (uint8_t)count;
    if (!strcmp(w[i], "next")) {
        int idx;
        if (i + 1 >= nw || !lt_parse_int(w[i + 1], 1, n, &x) ||
            (idx = index_of(o, (int)x - 1)) < 0)
            goto bad;
        o->pos = (uint8_t)idx;
        i += 2;
    } else if (!strcmp(w[i], "first")) {
        int lead;
        if (i + 5 >= nw || !lt_parse_int(w[i + 1], 1, n, &x) ||
            (lead = index_of(o, (int)x - 1)) < 0 || strcmp(w[i + 2], "equal") ||
            !read_seats(o, w[i + 3], &o->equal) || strcmp(w[i + 4], "due") ||
            !read_seats(o, w[i + 5], &o->pending))
            goto bad;
        o->leader = (uint8_t)(lead + 1);
        i += 6;
        /* last throws go round from the first among those owed one: the
         * ones made come first, the due (at least one) after; only the
         * first and those who threw can have equalled */
        uint8_t owed = oat_due_after(s->var[0], o->size, lead), made = 0;
        bool due_seen = false;
        for (int k = 1; k < o->size; k++) {
            int idx = (lead + k) % o->size;
            if (!(owed >> idx & 1))
                continue;
            bool due = o->pending >> idx & 1;
            if (due_seen && !due)
                goto bad_last;
            due_seen |= due;
            if (!due)
                made |= (uint8_t)(1u << idx);
        }
        if (!o->pending || (o->pending & ~owed) ||
            (o->equal & ~(made | 1u << lead)) || !(o->equal >> lead & 1))
            goto bad_last;
        o->pos = (uint8_t)next_due(o->size, o->pending, lead);
    } else {
        goto bad;
    }
    if (i < nw) {
        if (i + 2 != nw || strcmp(w[i], "single") ||
            !lt_parse_int(w[i + 1], 1, 6, &x))
            goto bad;
        o->single = (uint8_t)x;
    }
    return true;
bad_last:
    lt_error_set(err, _("first/equal/due do not fit: last throws (last=%s) go "
                      "round from the first to succeed; the due have not "
                      "thrown it, and only the first and those who threw "
                      "can be equal"), P_("option value", lasts[s->var[0]]));
    return false;
bad:
    lt_error_set(err, _("expected 'contest' and its seats in throwing order, "
                      "then 'next N' (nobody has succeeded) or 'first N "
                      "equal A,B due C,D' (last throws), then maybe 'single "
                      "D' (the one die already thrown)"));
    return false;
}

static void info(const dice_state *s, lt_view *v)
{
    const oat_turn *o = DICE_TURN(oat_turn, s);
    char line[96];
    size_t len = 0;
    line[0] = '\0';
    lt_appendf(line, sizeof line, &len, "%s", _("Contest:"));
    for (int k = 0; k < o->size; k++)
        lt_appendf(line, sizeof line, &len, " %s%s",
                   dice_seat_label(o->seat[k]), o->equal >> k & 1 ? "*" : "");
    if (o->leader)
        lt_appendf(line, sizeof line, &len, "%s",
                   _(" (last throws; * succeeded)"));
    dice_info(v, "%s", line);
    if (o->single)
        dice_info(v, _("%s has %u on one die; now two"),
                  dice_seat_label(thrower(s)), (unsigned)o->single);
}

static void why_words(const dice_reason *r, char *buf, size_t size, size_t *len)
{
    lt_appendf(buf, size, len,
               _("matched one die with two%s; nobody equalled it"), r->playoff);
}

const dice_rules one_and_two_rules = {
    .ndice = 3, .order_throw = ORDER_NONE, .money = false,
    .configure = configure, .turn_start = start, .turn_thrower = thrower,
    .turn_dice = ndice, .turn_apply = apply, .turn_write = write_turn,
    .turn_read = read_turn, .turn_info = info, .why_words = why_words};

DICE_GAME(lt_one_and_two, one_and_two_rules, .id = "one-and-two",
          .title = N_("As Many on One as on Two"),
          .source = N_("source 000, c: Ile na jednej, tyle na dwóch"),
          .options = options, DICE_FOR_TURNS);
