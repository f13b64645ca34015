/* triples.c — Trójki (seed 000, d).  RULES.md beside this file. */
#include <stdio.h>
#include <string.h>

#include "../dice/dicegame.h"
#include "ludoteka/text.h"

enum { OPT_GROUP, OPT_TURNS };
enum {
    WHY_TRIPLE = DICE_WHY_GAME, /* the only Triple */
    WHY_GROUP                   /* the only throw in group v0 (0..2) */
};

/* The turn: each throws once a round in order. */
typedef struct {
    uint8_t pos;
    uint8_t kind[DICE_SEATS]; /* TRI_* per seat, TRI_NONE before */
} tri_turn;
DICE_TURN_FITS(tri_turn);
enum { TRI_NONE, TRI_OTHER, TRI_GROUP, TRI_TRIPLE };

static const char *const groups[] = {
    NC_("option value", "3-6"), NC_("option value", "7-14"),
    NC_("option value", "15-18"), NULL};
static const int group_lo[] = {3, 7, 15}, group_hi[] = {6, 14, 18};

static const lt_option options[] = {
    {NC_("option", "group"), groups, 0, 0, 0,
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
                          : sum >= group_lo[s->var[0]] && sum <= group_hi[s->var[0]]
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
        lt_appendf(buf, size, len, "%s%c", i ? "," : "", kind_letter[DICE_TURN(tri_turn, s)->kind[i]]);
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
               groups[s->var[0]]);
    for (int p = 0; p < DICE_TURN(tri_turn, s)->pos; p++) {
        int seat = s->order[p];
        const char *kind = kinds[DICE_TURN(tri_turn, s)->kind[seat]];
        lt_appendf(line, sizeof line, &len, " %s %s", dice_seat_label(seat),
                   *kind ? P_("throw kind", kind) : "");
    }
    dice_info(v, "%s", line);
}

/* A round: a lone Triple wins, else a lone throw of the group; anything
 * else starts a fresh round, which is the same for all, so each then
 * wins with 1/n. */
static void odds(const dice_state *s, dice_chances *d)
{
    int n = s->players, lo = group_lo[s->var[0]], hi = group_hi[s->var[0]];
    int wg = 0;
    for (int x = lo; x <= hi; x++)
        wg += dice_w3[x];
    /* the Triples with a sum in the group are Triples */
    for (int f = 1; f <= 6; f++)
        wg -= 3 * f >= lo && 3 * f <= hi;
    rat pt[DICE_SEATS], pg[DICE_SEATS], po[DICE_SEATS], decided;
    for (int i = 0; i < n; i++) {
        int k = DICE_TURN(tri_turn, s)->kind[i];
        rat_set(&pt[i], k ? k == TRI_TRIPLE : 6, k ? 1 : 216);
        rat_set(&pg[i], k ? k == TRI_GROUP : wg, k ? 1 : 216);
        rat_set(&po[i], k ? k == TRI_OTHER : 216 - 6 - wg, k ? 1 : 216);
    }
    rat_set(&decided, 0, 1);
    for (int i = 0; i < n; i++) {
        rat a, b, one;
        rat_copy(&a, &pt[i]);
        rat_copy(&b, &pg[i]);
        rat_set(&one, 1, 1);
        for (int j = 0; j < n; j++) {
            if (j == i)
                continue;
            rat not_triple;
            rat_sub(&not_triple, &one, &pt[j]);
            rat_mul(&a, &a, &not_triple);
            rat_mul(&b, &b, &po[j]);
        }
        rat_add(&d->win[i], &a, &b);
        rat_add(&decided, &decided, &d->win[i]);
    }
    rat again, one;
    rat_set(&one, 1, 1);
    rat_sub(&again, &one, &decided);
    rat_scale(&again, &again, 1, (uint64_t)n);
    for (int i = 0; i < n; i++)
        rat_add(&d->win[i], &d->win[i], &again);
    snprintf(d->note, sizeof d->note, _("Group %s."), groups[s->var[0]]);
}

static void why_words(const dice_reason *r, char *buf, size_t size, size_t *len)
{
    if (r->s->shown.why == WHY_TRIPLE)
        lt_appendf(buf, size, len, "%s", _("threw the only Triple"));
    else
        lt_appendf(buf, size, len, _("threw the only sum in the group %s, and no Triple came"),
                   groups[r->s->shown.v[0] % 3]);
}

static const dice_rules rules = {
    .ndice = 3, .order_throw = ORDER_NONE,
    .money = false, .configure = configure, .turn_thrower = thrower,
    .turn_apply = apply, .turn_write = write_turn, .turn_read = read_turn,
    .turn_info = info, .turn_odds = odds, .why_words = why_words};

DICE_GAME(lt_triples, rules, .id = "triples", .title = N_("Triples"),
          .source = N_("source 000, d: Trójki"), .options = options, DICE_FOR_TURNS);
