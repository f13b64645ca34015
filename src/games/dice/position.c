/* position.c — the position text of the dice games.
 *
 *   play turn 2/5 score 1,0 money 10,9.5 pot 1 order 2,1 <turn> [steps 7]
 *   order turn 1/3 score 0,0,0 order 2|1,3 thrown -,9,- [steps 2]
 *   over played 5/5 score 3,2
 *
 * The phase (order: the players throw for the order of play; play: a
 * turn is being played; over), the current turn of the match, the turns
 * each seat has won, money and pot (games played for money, in units,
 * halves written .5), the order of play (while throwing for it: blocks
 * of players still tied, separated by '|', and the sums thrown in the
 * current tie-break), the game's own words for the turn, and the number
 * of actions taken in the turn when not zero (DICE_TURN_CAP).  Seats are
 * numbered from 1; '-' stands for nothing yet. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dicegame.h"
#include "ludoteka/text.h"

enum { WORDS_MAX = 64, TEXT_MAX = 1024 };

void dice_write_list(char *buf, size_t size, size_t *len, const char *name,
                     const uint8_t *values, int n)
{
    lt_appendf(buf, size, len, " %s ", name);
    for (int i = 0; i < n; i++) {
        if (values[i])
            lt_appendf(buf, size, len, "%s%u", i ? "," : "",
                       (unsigned)values[i]);
        else
            lt_appendf(buf, size, len, "%s-", i ? "," : "");
    }
}

bool dice_parse_list(const char *text, int *out, int max, int lo, int hi,
                     int *count)
{
    int n = 0;
    const char *p = text;
    for (;;) {
        if (n == max)
            return false;
        if (*p == '-' && (p[1] == ',' || p[1] == '\0')) {
            out[n++] = 0;
            p++;
        } else {
            long long v = 0;
            const char *start = p;
            while (isdigit((unsigned char)*p) && p - start < 6)
                v = v * 10 + (*p++ - '0');
            if (p == start || v < lo || v > hi)
                return false;
            out[n++] = (int)v;
        }
        if (*p == '\0')
            break;
        if (*p++ != ',')
            return false;
    }
    *count = n;
    return true;
}

const char *dice_money_text(int32_t halves, char *buf, size_t size)
{
    snprintf(buf, size, "%s%ld%s", halves < 0 ? "-" : "",
             labs((long)halves) / 2, labs((long)halves) % 2 ? ".5" : "");
    return buf;
}

/* "12" or "12.5" as halves, 0..limit. */
static bool parse_money(const char *text, int32_t limit, int32_t *out)
{
    long long whole = 0;
    const char *p = text;
    while (isdigit((unsigned char)*p) && p - text < 9)
        whole = whole * 10 + (*p++ - '0');
    if (p == text)
        return false;
    int half = 0;
    if (*p == '.') {
        if (p[1] == '5' && p[2] == '\0')
            half = 1;
        else if (!(p[1] == '0' && p[2] == '\0'))
            return false;
    } else if (*p) {
        return false;
    }
    long long v = whole * 2 + half;
    if (v > limit)
        return false;
    *out = (int32_t)v;
    return true;
}

static void write_order(const dice_state *s, char *buf, size_t size,
                        size_t *len)
{
    lt_appendf(buf, size, len, " order ");
    for (int k = 0; k < s->players; k++) {
        const char *sep =
            k == 0                                                  ? ""
            : s->phase == PHASE_ORDER && !(s->split >> (k - 1) & 1) ? ","
            : s->phase == PHASE_ORDER                               ? "|"
                                                                    : ",";
        lt_appendf(buf, size, len, "%s%d", sep, s->order[k] + 1);
    }
}

int dice_write_state(const lt_state *st, char *out, size_t outsize)
{
    const dice_state *s = (const dice_state *)st;
    const dice_rules *r = s->rules;
    char buf[TEXT_MAX], m[32];
    size_t len = 0, size = sizeof buf;
    buf[0] = '\0';
    if (s->phase == PHASE_OVER)
        lt_appendf(buf, size, &len, "over played %u/%u", (unsigned)s->turn,
                   (unsigned)s->turns);
    else
        lt_appendf(buf, size, &len, "%s turn %u/%u",
                   s->phase == PHASE_ORDER ? "order" : "play",
                   (unsigned)s->turn + 1, (unsigned)s->turns);
    lt_appendf(buf, size, &len, " score");
    for (int i = 0; i < s->players; i++)
        lt_appendf(buf, size, &len, "%s%u", i ? "," : " ", (unsigned)s->won[i]);
    if (s->money_game) {
        lt_appendf(buf, size, &len, " money");
        for (int i = 0; i < s->players; i++)
            lt_appendf(buf, size, &len, "%s%s", i ? "," : " ",
                       dice_money_text(s->money[i], m, sizeof m));
        lt_appendf(buf, size, &len, " pot %s",
                   dice_money_text(s->pot, m, sizeof m));
    }
    if (s->phase == PHASE_ORDER) {
        write_order(s, buf, size, &len);
        dice_write_list(buf, size, &len, "thrown", s->othrow, s->players);
    } else if (s->phase == PHASE_TURN) {
        write_order(s, buf, size, &len);
        r->turn_write(s, buf, size, &len);
    }
    if (s->steps)
        lt_appendf(buf, size, &len, " steps %u", (unsigned)s->steps);
    return snprintf(out, outsize, "%s", buf);
}

/* "2|1,3" (while ordering) or "2,1,3" into order and split. */
static bool read_order(dice_state *t, const char *text, bool blocks,
                       lt_error *err)
{
    int n = t->players, k = 0;
    unsigned seen = 0;
    t->split = 0;
    for (const char *p = text; *p;) {
        if (!isdigit((unsigned char)*p) ||
            (p[1] && isdigit((unsigned char)p[1])))
            goto bad;
        int seat = *p++ - '1';
        if (seat < 0 || seat >= n || (seen >> seat & 1) || k == n)
            goto bad;
        seen |= 1u << seat;
        t->order[k++] = (uint8_t)seat;
        if (*p == '|' && blocks)
            t->split |= (uint8_t)(1u << (k - 1));
        else if (*p && *p != ',')
            goto bad;
        if (*p && !*++p)
            goto bad;
    }
    if (k == n)
        return true;
bad:
    lt_error_set(err, _("order: expected the %d seats once each, e.g. %s"), n,
                 blocks ? "2|1,3 (1 and 3 still tied)" : "2,1,3");
    return false;
}

/* The match part (everything before the game's own words); *used is the
 * number of words it took. */
static bool read_match(dice_state *t, char **w, int nw, int *used,
                       lt_error *err)
{
    const dice_rules *r = t->rules;
    int n = t->players, i = 0, v[DICE_SEATS], count;
    if (nw < 4) {
        lt_error_set(err, _("expected e.g. 'play turn 1/%u score %s ...' "
                          "(ludoteka moves shows the start)"),
                     (unsigned)t->turns, n == 2 ? "0,0" : "0,0,0");
        return false;
    }
    const char *phase = w[i++];
    if (!strcmp(phase, "order"))
        t->phase = PHASE_ORDER;
    else if (!strcmp(phase, "play"))
        t->phase = PHASE_TURN;
    else if (!strcmp(phase, "over"))
        t->phase = PHASE_OVER;
    else {
        lt_error_set(err,
                     _("expected the phase: order, play or over; found '%s'"),
                     phase);
        return false;
    }
    unsigned cur, total;
    char tail;
    const char *key = t->phase == PHASE_OVER ? "played" : "turn";
    if (strcmp(w[i++], key) ||
        sscanf(w[i++], "%u/%u%c", &cur, &total, &tail) != 2) {
        lt_error_set(err, _("expected '%s T/N' after '%s'"), key, phase);
        return false;
    }
    if (total != t->turns) {
        lt_error_set(err, _("the match has %u turn(s) (option turns), not %u"),
                     (unsigned)t->turns, total);
        return false;
    }
    if (t->phase == PHASE_OVER) {
        if (cur > total || (cur < total && !t->money_game)) {
            lt_error_set(err, _("a match over has played all its %u turn(s)"),
                         total);
            return false;
        }
        t->turn = (uint16_t)cur;
    } else {
        if (cur < 1 || cur > total) {
            lt_error_set(err, _("turn %u of %u does not exist"), cur, total);
            return false;
        }
        t->turn = (uint16_t)(cur - 1);
    }
    if (i + 1 >= nw || strcmp(w[i], "score") ||
        !dice_parse_list(w[i + 1], v, n, 0, DICE_TURNS_MAX, &count) ||
        count != n) {
        lt_error_set(err,
                     _("expected 'score' and the turns won by each of the "
                       "%d seats, e.g. score %s"),
                     n, n == 2 ? "1,0" : "1,0,0");
        return false;
    }
    i += 2;
    int sum = 0;
    for (int k = 0; k < n; k++) {
        t->won[k] = (uint16_t)v[k];
        sum += v[k];
    }
    if (sum > t->turn) {
        lt_error_set(err, _("the seats have won %d turns of the %u played"),
                     sum, (unsigned)t->turn);
        return false;
    }
    if (t->money_game) {
        int32_t total_money = n * t->bankroll, got = 0;
        if (i + 3 >= nw || strcmp(w[i], "money") || strcmp(w[i + 2], "pot")) {
            lt_error_set(err, _("expected 'money' with each seat's money, then "
                              "'pot' and the pot, e.g. money 10,10 pot 0"));
            return false;
        }
        char *list = w[i + 1];
        for (int k = 0; k < n; k++) {
            char *comma = strchr(list, ',');
            if ((comma == NULL) != (k == n - 1)) {
                lt_error_set(
                    err, _("money: one amount for each of the %d seats"), n);
                return false;
            }
            if (comma)
                *comma = '\0';
            if (!parse_money(list, total_money, &t->money[k])) {
                lt_error_set(
                    err, _("money: '%s' is not an amount (12 or 12.5)"), list);
                return false;
            }
            got += t->money[k];
            list = comma ? comma + 1 : list;
        }
        if (!parse_money(w[i + 3], total_money, &t->pot)) {
            lt_error_set(err, _("pot: '%s' is not an amount (12 or 12.5)"),
                         w[i + 3]);
            return false;
        }
        got += t->pot;
        if (got != total_money) {
            char a[32], b[32];
            lt_error_set(err, _("money and pot add up to %s, but the players "
                              "brought %s"), dice_money_text(got, a, sizeof a),
                         dice_money_text(total_money, b, sizeof b));
            return false;
        }
        i += 4;
    }
    if (t->phase == PHASE_OVER) {
        *used = i;
        return true;
    }
    if (i + 1 >= nw || strcmp(w[i], "order")) {
        lt_error_set(err, _("expected 'order' and the order of play"));
        return false;
    }
    bool ordering = t->phase == PHASE_ORDER;
    if (!read_order(t, w[i + 1], ordering, err))
        return false;
    i += 2;
    bool throws_order = r->order_throw == ORDER_EACH_TURN ||
                        (r->order_throw == ORDER_ONCE && t->turn == 0);
    if (ordering && !throws_order) {
        lt_error_set(err, _("in this game nobody throws for the order of play "
                          "in turn %u"), (unsigned)t->turn + 1);
        return false;
    }
    if (!ordering && r->order_throw == ORDER_NONE)
        for (int k = 0; k < n; k++)
            if (t->order[k] != (t->turn + k) % n) {
                lt_error_set(err, _("order: in turn %u the seats throw from "
                                  "seat %d on"), (unsigned)t->turn + 1,
                             t->turn % n + 1);
                return false;
            }
    if (ordering) {
        if (i + 1 >= nw || strcmp(w[i], "thrown") ||
            !dice_parse_list(w[i + 1], v, n, t->ndice, 6 * t->ndice, &count) ||
            count != n) {
            lt_error_set(err, _("expected 'thrown' and each seat's sum in the "
                              "current tie-break (%d..%d, '-' for none)"),
                         t->ndice, 6 * t->ndice);
            return false;
        }
        i += 2;
        /* only the first block of ties throws, in its order, and not all
         * of it (it would have been split) */
        int b0 = -1, b1 = -1;
        for (int p = 0; p < n && b0 < 0;) {
            int e = p;
            while (e < n - 1 && !(t->split >> e & 1))
                e++;
            if (e > p) {
                b0 = p;
                b1 = e;
            }
            p = e + 1;
        }
        if (b0 < 0) {
            lt_error_set(err, _("order: nobody is tied, so the order is fixed "
                              "(write play instead of order)"));
            return false;
        }
        bool gap = false;
        int thrown = 0;
        for (int p = 0; p < n; p++) {
            int x = v[t->order[p]];
            bool in = p >= b0 && p <= b1;
            if (x && (!in || gap)) {
                lt_error_set(err,
                             _("thrown: only the first tied players throw, "
                               "in their order"));
                return false;
            }
            if (in && !x)
                gap = true;
            thrown += x != 0;
            t->othrow[t->order[p]] = (uint8_t)x;
        }
        if (thrown == b1 - b0 + 1) {
            lt_error_set(err, _("thrown: the tied players have all thrown"));
            return false;
        }
    }
    *used = i;
    return true;
}

lt_status dice_read_state(lt_state *st, const char *text, lt_error *err)
{
    dice_state t = *(dice_state *)st;
    const dice_rules *r = t.rules;
    char buf[TEXT_MAX], *w[WORDS_MAX];
    if (strlen(text) >= sizeof buf) {
        lt_error_set(err, _("position text too long"));
        return LT_ESYNTAX;
    }
    strcpy(buf, text);
    int nw = lt_split(buf, w, WORDS_MAX);
    /* the match part of the state is read afresh */
    t.phase = PHASE_TURN;
    t.turn = t.steps = 0;
    t.split = t.payer = 0;
    memset(t.order, 0, sizeof t.order);
    memset(t.othrow, 0, sizeof t.othrow);
    memset(t.won, 0, sizeof t.won);
    memset(&t.t, 0, sizeof t.t);
    for (int i = 0; i < t.players; i++)
        t.money[i] = t.bankroll;
    t.pot = 0;
    memset(&t.shown, 0, sizeof t.shown);
    t.shown.seat = t.shown.winner = t.shown.by = -1;
    /* "steps N" closes any position */
    if (nw >= 2 && !strcmp(w[nw - 2], "steps")) {
        long long k;
        if (!lt_parse_int(w[nw - 1], 1, DICE_TURN_CAP - 1, &k)) {
            lt_error_set(err, _("steps: expected 1..%d"), DICE_TURN_CAP - 1);
            return LT_ERANGE;
        }
        t.steps = (uint16_t)k;
        nw -= 2;
    }
    int used = 0;
    if (!read_match(&t, w, nw, &used, err))
        return LT_ESYNTAX;
    if (t.phase == PHASE_ORDER && t.steps >= DICE_ORDER_CAP) {
        lt_error_set(err, _("steps: the throw for the order ends at %d"),
                     DICE_ORDER_CAP);
        return LT_ERANGE;
    }
    if (t.phase == PHASE_OVER && t.steps) {
        lt_error_set(err, _("steps: the match is over"));
        return LT_ESYNTAX;
    }
    if (t.phase == PHASE_TURN) {
        if (!r->turn_read(&t, w + used, nw - used, err))
            return LT_ESYNTAX;
    } else if (used < nw) {
        lt_error_set(err, _("unexpected '%s'"), w[used]);
        return LT_ESYNTAX;
    }
    if (!dice_invariants_ok((lt_state *)&t)) {
        lt_error_set(err, "%s",
                     _("these numbers do not make a position of this game"));
        return LT_EILLEGAL;
    }
    *(dice_state *)st = t;
    return LT_OK;
}
