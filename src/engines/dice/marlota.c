/* marlota.c — Marlota (seed 000, f): the exact odds of a turn. */
#include <string.h>

#include "../../games/marlota/marlota.h"
#include "dice_engines.h"
#include "ludoteka/text.h"

/* ---- exact odds: each throw is the same whoever throws, so with the
 * numbers given seat i wins with w(n_i) / sum w(n_j); before, average
 * over the ways the rest are drawn (each accepted sum drawn with its
 * weight among those still free). */
static uint64_t gcd64(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

typedef struct {
    const dice_state *s;
    uint8_t num[DICE_SEATS];
    rat *win;
} draw_ctx;

static void draw(draw_ctx *c, int k, uint32_t used, uint64_t pn, uint64_t pd)
{
    const dice_state *s = c->s;
    int n = s->players;
    if (k == n) {
        uint64_t total = 0;
        for (int i = 0; i < n; i++)
            total += dice_w3[c->num[i]];
        for (int i = 0; i < n; i++) {
            uint64_t num = pn * dice_w3[c->num[i]], den = pd * total;
            uint64_t g = gcd64(num, den);
            rat t;
            rat_set(&t, (int64_t)(num / g), den / g);
            rat_add(&c->win[i], &c->win[i], &t);
        }
        return;
    }
    uint32_t free_weight = 0;
    for (int x = 7; x <= 14; x++)
        if (!(used >> x & 1))
            free_weight += dice_w3[x];
    int seat = s->order[n - 1 - k];
    for (int x = 7; x <= 14; x++) {
        if (used >> x & 1)
            continue;
        uint64_t num = pn * dice_w3[x], den = pd * free_weight;
        uint64_t g = gcd64(num, den);
        c->num[seat] = (uint8_t)x;
        draw(c, k + 1, used | 1u << x, num / g, den / g);
    }
    c->num[seat] = 0;
}

void marlota_odds(const dice_state *s, dice_chances *d)
{
    draw_ctx c = {.s = s, .win = d->win};
    uint32_t used = 0;
    memcpy(c.num, DICE_TURN(mar_turn, s)->num, sizeof c.num);
    for (int i = 0; i < s->players; i++)
        if (c.num[i])
            used |= 1u << c.num[i];
    draw(&c, DICE_TURN(mar_turn, s)->assigned, used, 1, 1);
    lt_copy(d->note, sizeof d->note,
            _("Numbers 7-14, one each; the first thrown wins for its owner."));
}
