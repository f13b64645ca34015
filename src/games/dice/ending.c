/* ending.c — why a turn of a dice game ended and why the match did, in
 * the reader's language: the view's line on the last turn ("Turn 3: P1
 * won it — P3 threw 9, P1's ReHazard") and lt_game.end_reason ("Player 2
 * wins 3 turns to 1").  The Polish sentences use the present tense, which
 * does not change with the player's gender. */
#include <stdio.h>
#include <string.h>

#include "dicegame.h"
#include "ludoteka/text.h"

/* A seat's name: in full ("Player 2") for the end's reason, or the
 * view's label ("P2"). */
typedef struct {
    bool full;
} voice;

static const char *name(voice v, int seat, char *buf, size_t size)
{
    if (!v.full)
        snprintf(buf, size, "%s", dice_seat_label(seat));
    else
        snprintf(buf, size, _("Player %d"), seat + 1);
    return buf;
}

/* "Of the seat", after "%s's" (Polish genitive: "Gracza 2"; "G2"). */
static const char *name_of(voice v, int seat, char *buf, size_t size)
{
    if (v.full)
        snprintf(buf, size, P_("genitive", "Player %d"), seat + 1);
    else
        name(v, seat, buf, size);
    return buf;
}

void dice_threw(const dice_reason *r, const char *what, bool money, char *buf,
                size_t size, size_t *len)
{
    lt_appendf(buf, size, len, _("threw %d, %s"), r->sum, P_("threw", what));
    if (money)
        lt_appendf(buf, size, len, " (%s)", r->money);
}

/* The reason a turn ended: a clause whose subject is the seat that
 * decided it, written unless `subject` is false ("P3 threw 9, P1's
 * ReHazard"; "threw 14, the highest"). */
static int clause(const dice_state *s, voice v, bool subject, char *buf,
                  size_t size)
{
    char who[24], owner[24], faces[16] = "", money[24];
    const int by = s->shown.by, why = s->shown.why;
    const uint8_t *x = s->shown.v;
    size_t len = 0;
    buf[0] = '\0';
    if (subject && by >= 0)
        lt_appendf(buf, size, &len, "%s ", name(v, by, who, sizeof who));
    const char *playoff = x[2] ? _(" in the play-off") : "";
    switch (why) {
    case DICE_WHY_CAP:
        lt_appendf(buf, size, &len,
                   _("the turn cap (%d actions) was reached"),
                   DICE_TURN_CAP);
        break;
    case DICE_WHY_HIGHEST:
    case DICE_WHY_LOWEST:
        lt_appendf(buf, size, &len,
                   why == DICE_WHY_LOWEST ? _("threw %u, the lowest%s")
                                          : _("threw %u, the highest%s"),
                   (unsigned)x[0], playoff);
        lt_appendf(buf, size, &len, _(" (next: %u)"),
                   (unsigned)x[1]);
        break;
    default:
        if (why >= DICE_WHY_GAME) {
            owner[0] = '\0';
            if (s->shown.winner >= 0)
                name_of(v, s->shown.winner, owner, sizeof owner);
            if (s->shown.tdice)
                lt_dice_name(s->shown.taction, s->shown.tdice, faces,
                             sizeof faces);
            dice_money_text(s->shown.amount, money, sizeof money);
            int sum = s->shown.tdice
                          ? dice_sum(s->shown.taction, s->shown.tdice)
                          : 0;
            dice_reason r = {
                .s = s, .own = by == s->shown.winner, .sum = sum,
                .faces = faces, .owner = owner, .money = money,
                .playoff = playoff};
            s->rules->why_words(&r, buf, size, &len);
        }
        break;
    }
    return (int)len;
}

void dice_last_turn(const dice_state *s, char *buf, size_t size)
{
    voice v = {.full = false};
    char why[160], who[24];
    if (size)
        buf[0] = '\0';
    if (s->shown.why == DICE_WHY_NONE)
        return;
    int w = s->shown.winner;
    clause(s, v, s->shown.by != w, why, sizeof why);
    if (w < 0)
        snprintf(buf, size, _("Turn %u: nobody won it — %s"),
                 (unsigned)s->shown.turn, why);
    else
        snprintf(buf, size, _("Turn %u: %s won it — %s"),
                 (unsigned)s->shown.turn, name(v, w, who, sizeof who), why);
}

/* "Player 1 and Player 3": the seats of a set. */
static void seats_text(voice v, unsigned set, int players, char *buf,
                       size_t size, size_t *len)
{
    char who[24];
    int n = __builtin_popcount(set), k = 0;
    for (int i = 0; i < players; i++)
        if (set >> i & 1) {
            k++;
            lt_appendf(buf, size, len, "%s%s",
                       k == 1 ? "" : k == n ? _(" and ") : ", ",
                       name(v, i, who, sizeof who));
        }
}

/* The match by turns won: "Player 2 wins 3 turns to 1", or the tie. */
static int by_turns(const dice_state *s, voice v, char *buf, size_t size)
{
    size_t len = 0;
    unsigned best = 0, winners = 0;
    char names[128];
    size_t nlen = 0;
    buf[0] = names[0] = '\0';
    for (int i = 0; i < s->players; i++)
        best = s->won[i] > best ? s->won[i] : best;
    for (int i = 0; i < s->players; i++)
        winners |= (unsigned)(s->won[i] == best) << i;
    if (best == 0)
        return snprintf(buf, size, "%s", _("nobody won a turn"));
    seats_text(v, winners, s->players, names, sizeof names, &nlen);
    /* the others' turns: "to 1" for one opponent, else each named */
    unsigned others = ((1u << s->players) - 1) & ~winners;
    if (__builtin_popcount(winners) > 1)
        lt_appendf(
            buf, size, &len,
            lt_ngettext("%s win %u turn each", "%s win %u turns each", best),
            names, best);
    else if (s->players != 2)
        lt_appendf(buf, size, &len,
                   lt_ngettext("%s wins %u turn", "%s wins %u turns", best),
                   names, best);
    else {
        for (int i = 0; i < s->players; i++)
            if (others >> i & 1)
                lt_appendf(buf, size, &len,
                           lt_ngettext("%s wins %u turn to %u",
                                       "%s wins %u turns to %u", best),
                           names, best, (unsigned)s->won[i]);
        return (int)len;
    }
    char who[24];
    bool first = true;
    for (int i = 0; i < s->players; i++)
        if (others >> i & 1) {
            lt_appendf(buf, size, &len, "%s%s: %u", first ? " (" : ", ",
                       name(v, i, who, sizeof who), (unsigned)s->won[i]);
            first = false;
        }
    if (!first)
        lt_appendf(buf, size, &len, ")");
    return (int)len;
}

/* Each seat's gain or loss in a match for money: "Player 1 +2, Player 2
 * -2", or that nobody gained or lost. */
static void money_list(const dice_state *s, voice v, char *buf, size_t size,
                       size_t *len)
{
    char who[24], m[24];
    bool moved = false;
    for (int i = 0; i < s->players; i++)
        moved |= s->money[i] != s->bankroll;
    if (!moved) {
        lt_appendf(buf, size, len, "%s", _("no money changed hands"));
        return;
    }
    for (int i = 0; i < s->players; i++) {
        int32_t d = s->money[i] - s->bankroll;
        lt_appendf(buf, size, len, "%s%s %s%s", i ? ", " : "",
                   name(v, i, who, sizeof who),
                   d > 0   ? "+"
                   : d < 0 ? "-"
                           : "",
                   dice_money_text(d < 0 ? -d : d, m, sizeof m));
    }
}

/* A match for money after its turns: each seat's gain or loss. */
static int by_money(const dice_state *s, voice v, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    lt_appendf(buf, size, &len,
               lt_ngettext("after %u turn:", "after %u turns:", s->turn),
               (unsigned)s->turn);
    lt_appendf(buf, size, &len, " ");
    money_list(s, v, buf, size, &len);
    return (int)len;
}

int dice_end_reason(const lt_state *st, char *buf, size_t size)
{
    const dice_state *s = (const dice_state *)st;
    const dice_rules *r = s->rules;
    voice v = {.full = true};
    char text[256];
    size_t len = 0;
    text[0] = '\0';
    if (s->turn < s->turns) {
        /* RULES.md: the match ends when a player cannot cover what he
         * must put in; he loses */
        unsigned broke = s->shown.broke;
        if (!broke)
            return snprintf(buf, size, "%s",
                            _("a player could not cover the stakes"));
        char names[128];
        size_t nlen = 0;
        names[0] = '\0';
        seats_text(v, broke, s->players, names, sizeof names, &nlen);
        /* TRANSLATORS: the players, then what they could not pay for;
         * the Polish reorders them: "brak środków na %2$s: %1$s" */
        lt_appendf(text, sizeof text, &len, _("%s cannot cover %s"), names,
                   r->due ? P_("cannot cover", r->due) : "");
    } else if (s->turns == 1 && s->shown.why != DICE_WHY_NONE) {
        /* the one turn's own reason; in a match for money, what it
         * brought each seat */
        len = (size_t)clause(s, v, true, text, sizeof text);
        if (s->money_game && s->shown.why != DICE_WHY_CAP) { /* the cap:
                                                        * stakes back */
            lt_appendf(text, sizeof text, &len, "; ");
            money_list(s, v, text, sizeof text, &len);
        }
    } else if (s->money_game) {
        by_money(s, v, text, sizeof text);
    } else {
        by_turns(s, v, text, sizeof text);
    }
    return snprintf(buf, size, "%s", text);
}
