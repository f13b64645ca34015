/* triples.c — Trójki (seed 000, d).  RULES.md beside this file. */
#include <stdio.h>
#include <string.h>

#include "triples.h"
#include "ludoteka/text.h"

enum { OPT_GROUP, OPT_TURNS };
enum {
    WHY_TRIPLE = DICE_WHY_GAME, /* the only Triple */
    WHY_GROUP                   /* the only throw in group v0 (0..2) */
};

const char *const triples_groups[] = {
    NC_("option value", "3-6"), NC_("option value", "7-14"),
    NC_("option value", "15-18"), NULL};
const int triples_group_lo[] = {3, 7, 15}, triples_group_hi[] = {6, 14, 18};

static const lt_option options[] = {
    {NC_("option", "group"), triples_groups, 0, 0, 0,
     N_("the group of sums that wins when thrown alone (a triple beats it)")},
    DICE_OPT_TURNS,
    {NULL, NULL, 0, 0, 0, NULL}};

static void configure(dice_state *s, const lt_config *cfg)
{
    s->var[0] = (uint8_t)cfg->value[OPT_GROUP];
    s->turns = (uint16_t)cfg->value[OPT_TURNS];
}

static int thrower(const dice_state *s)
{
    return s->order[DICE_TURN(tri_turn, s)->pos];
}

static void apply(dice_state *s, lt_action a)
{
    tri_turn *t = DICE_TURN(tri_turn, s);
    int f[3], sum = dice_sum(a, 3);
    dice_faces(a, 3, f);
    /* seed 000, d: three equal faces are a Triple, whatever their sum */
    t->kind[thrower(s)] = f[0] == f[2] ? TRI_TRIPLE
                          : sum >= triples_group_lo[s->var[0]] &&
                                  sum <= triples_group_hi[s->var[0]]
                              ? TRI_GROUP
                              : TRI_OTHER;
    if (++t->pos < s->players)
        return;
    int triples = 0, grouped = 0, triple = -1, group = -1;
    for (int i = 0; i < s->players; i++) {
        if (t->kind[i] == TRI_TRIPLE) {
            triples++;
            triple = i;
        } else if (t->kind[i] == TRI_GROUP) {
            grouped++;
            group = i;
        }
    }
    if (triples == 1) { /* seed 000, d: a lone Triple wins */
        dice_end_turn(s, triple,
                      (dice_why){.why = WHY_TRIPLE, .by = (int8_t)triple});
        return;
    }
    if (triples == 0 && grouped == 1) { /* a lone throw of the group wins */
        dice_end_turn(s, group,
                      (dice_why){.why = WHY_GROUP, .by = (int8_t)group,
                                 .v = {s->var[0]}});
        return;
    }
    /* seed 000, d: two or more Triples, or of the group: the round again */
    memset(t, 0, sizeof *t);
}

static const char kind_letter[] = "-ogt";

static void write_turn(const dice_state *s, char *buf, size_t size, size_t *len)
{
    lt_appendf(buf, size, len, " throws ");
    for (int i = 0; i < s->players; i++)
        lt_appendf(buf, size, len, "%s%c", i ? "," : "",
                   kind_letter[DICE_TURN(tri_turn, s)->kind[i]]);
}

static bool read_turn(dice_state *s, char **w, int nw, lt_error *err)
{
    tri_turn *t = DICE_TURN(tri_turn, s);
    int n = s->players;
    const char *p = nw == 2 && !strcmp(w[0], "throws") ? w[1] : NULL;
    for (int i = 0; p && i < n; i++) {
        const char *c = *p ? strchr(kind_letter, *p) : NULL;
        if (!c || (p[1] != (i < n - 1 ? ',' : '\0'))) {
            p = NULL;
            break;
        }
        t->kind[i] = (uint8_t)(c - kind_letter);
        p += i < n - 1 ? 2 : 1;
    }
    if (!p) {
        lt_error_set(err, _("expected 'throws' and, for each seat, what he "
                          "threw this round: t (a Triple), g (in the "
                          "group), o (other) or - (not yet), e.g. throws o,-"));
        return false;
    }
    /* they throw in order of play */
    int pos = 0;
    while (pos < n && t->kind[s->order[pos]])
        pos++;
    for (int q = pos; q < n; q++)
        if (t->kind[s->order[q]]) {
            lt_error_set(err, _("throws: the seats throw in order of play"));
            return false;
        }
    if (pos == n) {
        lt_error_set(err, _("throws: all have thrown (the round is over)"));
        return false;
    }
    t->pos = (uint8_t)pos;
    return true;
}

static void info(const dice_state *s, lt_view *v)
{
    /* what each seat threw this round (none yet: "") */
    static const char *const kinds[] = {"", NC_("throw kind", "other"),
                                        NC_("throw kind", "group"),
                                        NC_("throw kind", "Triple")};
    char line[96];
    size_t len = 0;
    line[0] = '\0';
    lt_appendf(line, sizeof line, &len, _("Group %s; this round:"),
               triples_groups[s->var[0]]);
    for (int p = 0; p < DICE_TURN(tri_turn, s)->pos; p++) {
        int seat = s->order[p];
        const char *kind = kinds[DICE_TURN(tri_turn, s)->kind[seat]];
        lt_appendf(line, sizeof line, &len, " %s %s", dice_seat_label(seat),
                   *kind ? P_("throw kind", kind) : "");
    }
    dice_info(v, "%s", line);
}

static void why_words(const dice_reason *r, char *buf, size_t size, size_t *len)
{
    if (r->s->shown.why == WHY_TRIPLE)
        lt_appendf(buf, size, len, "%s", _("threw the only Triple"));
    else
        lt_appendf(buf, size, len,
                   _("threw the only sum in the group %s, and no Triple came"),
                   triples_groups[r->s->shown.v[0] % 3]);
}

const dice_rules triples_rules = {
    .ndice = 3, .order_throw = ORDER_NONE, .money = false,
    .configure = configure, .turn_thrower = thrower, .turn_apply = apply,
    .turn_write = write_turn, .turn_read = read_turn, .turn_info = info,
    .why_words = why_words};

DICE_GAME(lt_triples, triples_rules, .id = "triples", .title = N_("Triples"),
          .source = N_("source 000, d: Trójki"), .options = options,
          DICE_FOR_TURNS);
