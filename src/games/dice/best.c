/* best.c — a round where every contender throws once, in order, and the
 * best score wins; the contenders tied for the best throw again among
 * themselves (seed 000, a and b: "ties are thrown again among the tied";
 * g: "gracze którzy zremisowali robią dogrywkę"). */
#include <stdio.h>
#include <string.h>

#include "dicegame.h"
#include "ludoteka/text.h"

void best_start(dice_state *s)
{
    DICE_TURN(dice_best, s)->contenders = (uint8_t)((1u << s->players) - 1);
    DICE_TURN(dice_best, s)->pos = 0;
}

int best_thrower(const dice_state *s)
{
    return s->order[DICE_TURN(dice_best, s)->pos];
}

/* The next contender in order after pos who has not thrown, or -1. */
static int next_pos(const dice_state *s, int pos)
{
    const dice_best *b = DICE_TURN(dice_best, s);
    for (int p = pos + 1; p < s->players; p++) {
        int seat = s->order[p];
        if ((b->contenders >> seat & 1) && !b->score[seat])
            return p;
    }
    return -1;
}

void best_scored(dice_state *s, int score, bool low, int why)
{
    dice_best *b = DICE_TURN(dice_best, s);
    b->score[best_thrower(s)] = (uint8_t)score;
    int next = next_pos(s, b->pos);
    if (next >= 0) {
        b->pos = (uint8_t)next;
        return;
    }
    /* everyone has thrown: the best score wins, a tie throws again */
    int best = low ? 1000 : -1, count = 0, winner = -1;
    for (int i = 0; i < s->players; i++)
        if (b->contenders >> i & 1) {
            int x = b->score[i];
            if (low ? x < best : x > best)
                best = x;
        }
    uint8_t tied = 0;
    for (int i = 0; i < s->players; i++)
        if ((b->contenders >> i & 1) && b->score[i] == best) {
            tied |= (uint8_t)(1u << i);
            count++;
            winner = i;
        }
    if (count == 1) {
        /* the reason names the score, the next best, and a play-off */
        int second = low ? 1000 : -1;
        for (int i = 0; i < s->players; i++)
            if ((b->contenders >> i & 1) && i != winner &&
                (low ? b->score[i] < second : b->score[i] > second))
                second = b->score[i];
        dice_end_turn(s, winner,
                      (dice_why){.why = (uint8_t)why, .by = (int8_t)winner,
                                 .v = {(uint8_t)best, (uint8_t)second,
                                       s->shown.playoff}});
        return;
    }
    b->contenders = tied;
    s->shown.playoff = 1;
    memset(b->score, 0, sizeof b->score);
    b->pos = (uint8_t)next_pos(s, -1);
}

void best_write(const dice_state *s, char *buf, size_t size, size_t *len)
{
    const dice_best *b = DICE_TURN(dice_best, s);
    uint8_t in[DICE_SEATS] = {0};
    int k = 0;
    for (int p = 0; p < s->players; p++)
        if (b->contenders >> s->order[p] & 1)
            in[k++] = (uint8_t)(s->order[p] + 1);
    dice_write_list(buf, size, len, "in", in, k);
    dice_write_list(buf, size, len, "scores", b->score, s->players);
}

bool best_read(dice_state *s, char **w, int nw, int *used, lt_error *err)
{
    dice_best *b = DICE_TURN(dice_best, s);
    int n = s->players, v[DICE_SEATS], count;
    if (nw < 4 || strcmp(w[0], "in") ||
        !dice_parse_list(w[1], v, n, 1, n, &count) || count < 2) {
        lt_error_set(err, _("expected 'in' and the seats still contending "
                          "(two or more, in order of play), e.g. in 1,2"));
        return false;
    }
    b->contenders = 0;
    int last = -1;
    for (int k = 0; k < count; k++) {
        if (v[k] < 1) {
            lt_error_set(err, _("in: seat numbers, 1..%d"), n);
            return false;
        }
        int seat = v[k] - 1, p = 0;
        while (s->order[p] != seat)
            p++;
        if (p <= last) {
            lt_error_set(err, _("in: the seats in order of play, once each"));
            return false;
        }
        last = p;
        b->contenders |= (uint8_t)(1u << seat);
    }
    if (strcmp(w[2], "scores") ||
        !dice_parse_list(w[3], v, n, 1, 36, &count) || count != n) {
        lt_error_set(err, _("expected 'scores' and the score each seat threw "
                          "this round ('-' for none yet)"));
        return false;
    }
    /* contenders throw in order: those who have thrown come first */
    int pos = -1;
    for (int p = 0; p < n; p++) {
        int seat = s->order[p];
        bool in = b->contenders >> seat & 1;
        if (v[seat] && (!in || pos >= 0)) {
            lt_error_set(err, _("scores: only contenders have scores, and they "
                              "throw in order of play"));
            return false;
        }
        if (in && !v[seat] && pos < 0)
            pos = p;
        b->score[seat] = (uint8_t)v[seat];
    }
    if (pos < 0) {
        lt_error_set(err,
                     _("scores: the round is complete (it would be decided)"));
        return false;
    }
    b->pos = (uint8_t)pos;
    *used = 4;
    return true;
}

void best_info(const dice_state *s, lt_view *v)
{
    const dice_best *b = DICE_TURN(dice_best, s);
    char line[96];
    size_t len = 0;
    line[0] = '\0';
    lt_appendf(line, sizeof line, &len, "%s", _("In the round:"));
    for (int p = 0; p < s->players; p++) {
        int seat = s->order[p];
        if (!(b->contenders >> seat & 1))
            continue;
        lt_appendf(line, sizeof line, &len, " %s", dice_seat_label(seat));
        if (b->score[seat])
            lt_appendf(line, sizeof line, &len, "=%u",
                       (unsigned)b->score[seat]);
    }
    dice_info(v, "%s", line);
}
