/* marlota.c — Marlota (seed 000, f): the exact odds of a turn. */
#include <stdlib.h>
#include <string.h>

#include "../../games/marlota/marlota.h"
#include "dice_engines.h"
#include "ludoteka/text.h"

/* ---- exact odds: each throw is the same whoever throws, so with the
 * numbers given seat i wins with w(n_i) / sum w(n_j); before, average
 * over the ways the rest are drawn (each accepted sum drawn with its
 * weight among those still free).
 *
 * Only the weights matter, and they pair up (7 and 14 weigh 15, 8 and 13
 * 21, 9 and 12 25, 10 and 11 27): a draw of a weight of which c sums are
 * free stands for all c of them (c times as likely).  Each way ends with
 * the chances pn * w(n_i) / (pd * total), pn and pd the products of the
 * draws' weights and of the free weights; they are summed exactly in
 * integers per denominator pd * total, and the sums added as fractions. */
enum { GROUPS = 1 << 12 };

typedef struct {
    uint64_t den;
    uint64_t acc[DICE_SEATS];
} group;

typedef struct {
    const dice_state *s;
    uint8_t num[DICE_SEATS];
    group *g;
    bool full;
} draw_ctx;

static void leaf(draw_ctx *c, uint64_t pn, uint64_t pd)
{
    int n = c->s->players;
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        total += dice_w3[c->num[i]];
    uint64_t den = pd * total;
    unsigned slot = (unsigned)(den * 0x9e3779b97f4a7c15u >> 52) & (GROUPS - 1);
    for (unsigned probe = 0; c->g[slot].den && c->g[slot].den != den;
         probe++) {
        if (probe == GROUPS) {
            c->full = true;
            return;
        }
        slot = (slot + 1) & (GROUPS - 1);
    }
    c->g[slot].den = den;
    for (int i = 0; i < n; i++)
        c->g[slot].acc[i] += pn * dice_w3[c->num[i]];
}

static void draw(draw_ctx *c, int k, uint32_t used, uint64_t pn, uint64_t pd)
{
    const dice_state *s = c->s;
    int n = s->players;
    if (k == n) {
        leaf(c, pn, pd);
        return;
    }
    uint32_t free_weight = 0;
    for (int x = 7; x <= 14; x++)
        if (!(used >> x & 1))
            free_weight += dice_w3[x];
    int seat = s->order[n - 1 - k];
    for (int x = 7; x <= 10; x++) {
        int mate = 21 - x, count = !(used >> x & 1) + !(used >> mate & 1);
        if (!count)
            continue;
        int pick = used >> x & 1 ? mate : x; /* stands for the free ones */
        c->num[seat] = (uint8_t)pick;
        draw(c, k + 1, used | 1u << pick, pn * (uint64_t)count * dice_w3[pick],
             pd * free_weight);
    }
    c->num[seat] = 0;
}

void marlota_odds(const dice_state *s, dice_chances *d)
{
    draw_ctx c = {.s = s, .g = calloc(GROUPS, sizeof(group))};
    lt_copy(d->note, sizeof d->note,
            _("Numbers 7-14, one each; the first thrown wins for its owner."));
    if (!c.g) {
        for (int i = 0; i < s->players; i++)
            d->win[i].num.n = -1; /* reported as beyond range */
        return;
    }
    uint32_t used = 0;
    memcpy(c.num, DICE_TURN(mar_turn, s)->num, sizeof c.num);
    for (int i = 0; i < s->players; i++)
        if (c.num[i])
            used |= 1u << c.num[i];
    draw(&c, DICE_TURN(mar_turn, s)->assigned, used, 1, 1);
    for (int k = 0; k < GROUPS; k++)
        for (int i = 0; i < s->players && c.g[k].den; i++) {
            rat t;
            rat_set(&t, (int64_t)c.g[k].acc[i], c.g[k].den);
            rat_add(&d->win[i], &d->win[i], &t);
        }
    if (c.full) /* more denominators than the table holds: never seen */
        for (int i = 0; i < s->players; i++)
            d->win[i].num.n = -1;
    free(c.g);
}
