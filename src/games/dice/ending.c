/* ending.c — why a turn of a dice game ended and why the match did, in
 * English and Polish: the view's line on the last turn ("Turn 3: P1 won
 * it — P3 threw 9, P1's ReHazard") and lt_game.end_reason ("Player 2 wins
 * 3 turns to 1").  Polish sentences use the present tense, which does
 * not change with the player's gender. */
#include <stdio.h>
#include <string.h>

#include "dicegame.h"
#include "ludoteka/text.h"

#define PICK(pl, en, pl_text) ((pl) ? (pl_text) : (en))

/* A seat's name: in full ("Player 2", "Gracz 2"; genitive "Gracza 2")
 * for the end's reason, or the view's label ("P2", "G2"). */
typedef struct {
    bool pl, full;
} voice;

static const char *name(voice v, int seat, char *buf, size_t size)
{
    if (!v.full)
        snprintf(buf, size, "%s", dice_seat_label(seat, v.pl ? LT_LANG_PL : LT_LANG_EN));
    else
        snprintf(buf, size, v.pl ? "Gracz %d" : "Player %d", seat + 1);
    return buf;
}

/* Polish "of the seat": "Gracza 2", "G2". */
static const char *name_of(voice v, int seat, char *buf, size_t size)
{
    if (v.pl && v.full)
        snprintf(buf, size, "Gracza %d", seat + 1);
    else
        name(v, seat, buf, size);
    return buf;
}

static const char *const groups[] = {"3-6", "7-14", "15-18"};

/* The endings worded "threw 9, <what it is>", in English and Polish;
 * those marked with money name the pool after it. */
static const struct {
    const char *en, *pl;
    bool money;
} thrown[DICE_WHYS] = {
    [DICE_WHY_HAZARD] = {"a Hazard", "Hazard", false},
    [DICE_WHY_STAKER] = {"own number, before the thrower's: no stakes taken",
                         "własną liczbę, przed rzucającym: zakłady wracają", false},
    [DICE_WHY_POOL_REACHED] = {"a Hazard: the winnings reach the whole pool",
                               "Hazard: wygrana sięga całej puli", true},
    [DICE_WHY_THEIR_NUMBER] = {"the opponent's number: the whole pool",
                               "liczbę przeciwnika: cała pula", true},
    [DICE_WHY_NOBODYS_LOSES] = {"nobody's number, and lost the winnings",
                                "niczyją liczbę, i traci wygraną", false},
    [DICE_WHY_NOBODYS_PASSES] = {"nobody's number: the roles change, the pool stays",
                                 "niczyją liczbę: zmiana ról, pula zostaje", false},
    [DICE_WHY_HAZARD_LOSES] = {"a Hazard, and lost", "Hazard, i przegrywa", false},
    [DICE_WHY_THEIRS_LOSES] = {"the opponent's number, and lost",
                               "liczbę przeciwnika, i przegrywa", false},
    [DICE_WHY_OWN_WINS] = {"own number, and won", "własną liczbę, i wygrywa", false},
};

/* The reason a turn ended: a clause whose subject is the seat that
 * decided it, written unless `subject` is false ("P3 threw 9, P1's
 * ReHazard"; "threw 14, the highest"). */
static int clause(const dice_state *s, voice v, bool subject, char *buf,
                  size_t size)
{
    char who[24], owner[24], faces[16] = "", money[24];
    const int by = s->shown.by, why = s->shown.why;
    const int sum = s->shown.tdice ? dice_sum(s->shown.taction, s->shown.tdice) : 0;
    const uint8_t *x = s->shown.v;
    const bool pl = v.pl;
    size_t len = 0;
    buf[0] = '\0';
    if (subject && by >= 0)
        lt_appendf(buf, size, &len, "%s ", name(v, by, who, sizeof who));
    if (s->shown.winner >= 0)
        name_of(v, s->shown.winner, owner, sizeof owner);
    if (s->shown.tdice)
        lt_dice_name(s->shown.taction, s->shown.tdice, faces, sizeof faces);
    dice_money_text(s->shown.amount, money, sizeof money);
    const char *playoff = x[2] ? PICK(pl, " in the play-off", " w dogrywce") : "";
    if (why > DICE_WHY_NONE && why < DICE_WHYS && thrown[why].en) {
        lt_appendf(buf, size, &len, PICK(pl, "threw %d, %s", "wyrzuca %d, %s"), sum,
                   PICK(pl, thrown[why].en, thrown[why].pl));
        if (thrown[why].money)
            lt_appendf(buf, size, &len, " (%s)", money);
        return (int)len;
    }
    switch (why) {
    case DICE_WHY_CAP:
        lt_appendf(buf, size, &len,
                   PICK(pl, "the turn cap (%d actions) was reached", "osiągnięto limit tury (%d akcji)"),
                   DICE_TURN_CAP);
        break;
    case DICE_WHY_HIGHEST:
    case DICE_WHY_LOWEST:
    case DICE_WHY_RIFFA:
        lt_appendf(buf, size, &len,
                   why == DICE_WHY_RIFFA
                       ? PICK(pl, "scored %u with a pair and the third die, the highest%s",
                              "ma %u z pary i trzeciej kości, najwięcej%s")
                   : why == DICE_WHY_LOWEST ? PICK(pl, "threw %u, the lowest%s", "wyrzuca %u, najmniej%s")
                                            : PICK(pl, "threw %u, the highest%s", "wyrzuca %u, najwięcej%s"),
                   (unsigned)x[0], playoff);
        lt_appendf(buf, size, &len, PICK(pl, " (next: %u)", " (następny wynik: %u)"),
                   (unsigned)x[1]);
        break;
    case DICE_WHY_EQUALLED:
        lt_appendf(buf, size, &len,
                   PICK(pl, "matched one die with two%s; nobody equalled it",
                        "wyrzuca ile na jednej, tyle na dwóch%s; nikt nie wyrównuje"),
                   playoff);
        break;
    case DICE_WHY_TRIPLE:
        lt_appendf(buf, size, &len, "%s", PICK(pl, "threw the only Triple", "wyrzuca jedyną Trójkę"));
        break;
    case DICE_WHY_GROUP:
        lt_appendf(buf, size, &len,
                   PICK(pl, "threw the only sum in the group %s, and no Triple came",
                        "wyrzuca jedyną sumę z grupy %s, bez Trójek"),
                   groups[x[0] % 3]);
        break;
    case DICE_WHY_OWN_REHAZARD:
        lt_appendf(buf, size, &len,
                   x[0] ? PICK(pl, "threw %d, own ReHazard (shared: the thrower wins)",
                               "wyrzuca %d, własny ReHazard (wspólny: wygrywa rzucający)")
                        : PICK(pl, "threw %d, own ReHazard", "wyrzuca %d, własny ReHazard"),
                   sum);
        break;
    case DICE_WHY_REHAZARD_OF:
        lt_appendf(buf, size, &len, PICK(pl, "threw %d, %s's ReHazard", "wyrzuca %d, ReHazard %s"),
                   sum, owner);
        break;
    case DICE_WHY_NUMBER_OF:
        if (by == s->shown.winner)
            lt_appendf(buf, size, &len, PICK(pl, "threw %d, own number", "wyrzuca %d, własną liczbę"),
                       sum);
        else
            lt_appendf(buf, size, &len, PICK(pl, "threw %d, %s's number", "wyrzuca %d, liczbę %s"),
                       sum, owner);
        break;
    case DICE_WHY_PAIR: {
        int f[LT_DICE_MAX];
        dice_faces(s->shown.taction, 3, f);
        lt_appendf(buf, size, &len,
                   f[0] == f[2] ? PICK(pl, "threw %s, the first triple", "wyrzuca %s, pierwszą trójkę")
                                : PICK(pl, "threw %s, the first pair", "wyrzuca %s, pierwszą parę"),
                   faces);
        break;
    }
    case DICE_WHY_PANQUIST:
        lt_appendf(buf, size, &len,
                   PICK(pl, "threw %d (%s), own number: ", "wyrzuca %d (%s), własną liczbę: "), sum,
                   faces);
        if (x[0] == 4)
            lt_appendf(buf, size, &len, "%s", PICK(pl, "Panquist, all 4 stakes", "Panquist, 4 zakłady"));
        else
            lt_appendf(buf, size, &len,
                       PICK(pl, "takes %u of the 4 stakes", "bierze %u z 4 zakładów"), (unsigned)x[0]);
        break;
    case DICE_WHY_STOP_WON:
        lt_appendf(buf, size, &len, PICK(pl, "stopped and took %s", "przerywa i zabiera %s"), money);
        break;
    case DICE_WHY_STOP_NOTHING:
        lt_appendf(buf, size, &len, "%s", PICK(pl, "stopped with nothing won", "przerywa bez wygranej"));
        break;
    case DICE_WHY_STOP_PASSES:
        lt_appendf(buf, size, &len, "%s",
                   PICK(pl, "stopped: the roles change, the pool stays",
                        "przerywa: zmiana ról, pula zostaje"));
        break;
    default:
        break;
    }
    return (int)len;
}

void dice_last_turn(const dice_state *s, int lang, char *buf, size_t size)
{
    voice v = {.pl = lang == LT_LANG_PL, .full = false};
    char why[160], who[24];
    if (size)
        buf[0] = '\0';
    if (s->shown.why == DICE_WHY_NONE)
        return;
    int w = s->shown.winner;
    clause(s, v, s->shown.by != w, why, sizeof why);
    if (w < 0)
        snprintf(buf, size, PICK(v.pl, "Turn %u: nobody won it — %s", "Tura %u bez zwycięzcy — %s"),
                 (unsigned)s->shown.turn, why);
    else
        snprintf(buf, size, PICK(v.pl, "Turn %u: %s won it — %s", "Tura %u: wygrywa %s — %s"),
                 (unsigned)s->shown.turn, name(v, w, who, sizeof who), why);
}

/* "Player 1 and Player 3", "Gracz 1 i Gracz 3": the seats of a set. */
static void seats_text(voice v, unsigned set, int players, char *buf, size_t size,
                       size_t *len)
{
    char who[24];
    int n = __builtin_popcount(set), k = 0;
    for (int i = 0; i < players; i++)
        if (set >> i & 1) {
            k++;
            lt_appendf(buf, size, len, "%s%s",
                       k == 1 ? "" : k == n ? PICK(v.pl, " and ", " i ") : ", ",
                       name(v, i, who, sizeof who));
        }
}

/* Polish "turn" after a number: 1 turę, 2-4 tury, 5-21 tur (a match has
 * at most DICE_TURNS_MAX turns). */
static const char *tury(unsigned n)
{
    return n == 1 ? "turę" : n >= 2 && n <= 4 ? "tury" : "tur";
}

/* The match by turns won: "Player 2 wins 3 turns to 1", or the tie. */
static int by_turns(const dice_state *s, voice v, char *buf, size_t size)
{
    size_t len = 0;
    unsigned best = 0, winners = 0;
    buf[0] = '\0';
    for (int i = 0; i < s->players; i++)
        best = s->won[i] > best ? s->won[i] : best;
    for (int i = 0; i < s->players; i++)
        winners |= (unsigned)(s->won[i] == best) << i;
    if (best == 0)
        return snprintf(buf, size, "%s", PICK(v.pl, "nobody won a turn", "nikt nie wygrał tury"));
    seats_text(v, winners, s->players, buf, size, &len);
    if (__builtin_popcount(winners) > 1)
        lt_appendf(buf, size, &len,
                   v.pl ? " wygrywają po %u %s" : " win %u turn%s each", best,
                   v.pl ? (best == 1 ? "turze" : tury(best)) : best == 1 ? "" : "s");
    else
        lt_appendf(buf, size, &len, v.pl ? " wygrywa %u %s" : " wins %u turn%s", best,
                   v.pl ? tury(best) : best == 1 ? "" : "s");
    /* the others' turns: "to 1" for one opponent, else each named */
    unsigned others = ((1u << s->players) - 1) & ~winners;
    if (__builtin_popcount(winners) == 1 && s->players == 2) {
        for (int i = 0; i < s->players; i++)
            if (others >> i & 1)
                lt_appendf(buf, size, &len, v.pl ? " do %u" : " to %u", (unsigned)s->won[i]);
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

/* A match for money after its turns: each seat's gain or loss. */
static int by_money(const dice_state *s, voice v, char *buf, size_t size)
{
    size_t len = 0;
    char who[24], m[24];
    buf[0] = '\0';
    if (s->turn == 1)
        lt_appendf(buf, size, &len, "%s", PICK(v.pl, "after 1 turn:", "po 1 turze:"));
    else
        lt_appendf(buf, size, &len, PICK(v.pl, "after %u turns:", "po %u turach:"),
                   (unsigned)s->turn);
    for (int i = 0; i < s->players; i++) {
        int32_t d = s->money[i] - s->bankroll;
        lt_appendf(buf, size, &len, "%s %s %s%s", i ? "," : "", name(v, i, who, sizeof who),
                   d > 0 ? "+" : d < 0 ? "-" : "", dice_money_text(d < 0 ? -d : d, m, sizeof m));
    }
    return (int)len;
}

int dice_end_reason(const lt_state *st, char *buf, size_t size)
{
    int lang = lt_lang();
    const dice_state *s = (const dice_state *)st;
    const dice_rules *r = dice_rules_of(s);
    voice v = {.pl = lang == LT_LANG_PL, .full = true};
    char text[256];
    size_t len = 0;
    text[0] = '\0';
    if (s->turn < s->turns) {
        /* RULES.md: the match ends when a player cannot cover what he
         * must put in; he loses */
        unsigned broke = s->shown.broke;
        if (!broke)
            return snprintf(buf, size, "%s",
                            PICK(v.pl, "a player could not cover the stakes",
                                 "brak środków na stawkę"));
        if (v.pl) {
            lt_appendf(text, sizeof text, &len, "brak środków na %s: ", r->due_pl);
            seats_text(v, broke, s->players, text, sizeof text, &len);
        } else {
            seats_text(v, broke, s->players, text, sizeof text, &len);
            lt_appendf(text, sizeof text, &len, " cannot cover %s", r->due_en);
        }
    } else if (s->turns == 1 && s->shown.why != DICE_WHY_NONE) {
        clause(s, v, true, text, sizeof text); /* the one turn's own reason */
    } else if (s->money_game) {
        by_money(s, v, text, sizeof text);
    } else {
        by_turns(s, v, text, sizeof text);
    }
    return snprintf(buf, size, "%s", text);
}
