/* session_text.c — a game in play in words, in the reader's language: the
 * result with its reason, and the events.  Polish sentences name a seat
 * after a colon or in brackets, so that the verb never has to agree with
 * a seat's name ("Białe", "Gracz 2", "Zielone" differ in number). */
#include <stdio.h>
#include <string.h>

#include "ludoteka/text.h"
#include "session_impl.h"

static const char *seat_text(const lt_session *s, int seat, char *buf,
                             size_t size)
{
    if (seat >= 0)
        return lt_session_seat_name(s, seat, buf, size);
    lt_copy(buf, size, _("the dice"));
    return buf;
}

int txt_headline(const lt_session *s, char *buf, size_t size)
{
    char token[128];
    lt_session_result_token(s, token, sizeof token);
    if (s->end == LT_END_NONE)
        return snprintf(buf, size, "%s", _("In play"));
    if (s->end == LT_END_ABORT)
        return snprintf(buf, size, "%s (*)", _("No result"));
    double best = s->score[0], worst = s->score[0];
    for (int i = 1; i < s->nseats; i++) {
        best = s->score[i] > best ? s->score[i] : best;
        worst = s->score[i] < worst ? s->score[i] : worst;
    }
    if (best == worst)
        return snprintf(buf, size, "%s (%s)", _("Draw"), token);
    int winners = 0;
    for (int i = 0; i < s->nseats; i++)
        winners += s->score[i] == best;
    size_t len = 0;
    buf[0] = '\0';
    lt_appendf(buf, size, &len, "%s",
               winners > 1 ? _("Winners:")
                           : _("Winner:"));
    bool first = true;
    for (int i = 0; i < s->nseats; i++)
        if (s->score[i] == best) {
            char name[64];
            lt_appendf(buf, size, &len, "%s %s", first ? "" : ",",
                       lt_session_seat_name(s, i, name, sizeof name));
            first = false;
        }
    lt_appendf(buf, size, &len, " (%s)", token);
    return (int)len;
}

/* Did the flag fall give a draw (nobody else could win)? */
static bool drawn(const lt_session *s)
{
    double v = 0;
    bool seen = false;
    for (int i = 0; i < s->nseats; i++)
        if (lt_session_in_game(s, i)) {
            if (seen && s->score[i] != v)
                return false;
            v = s->score[i];
            seen = true;
        }
    return true;
}

int txt_reason(const lt_session *s, char *buf, size_t size)
{
    char who[64], why[128];
    const lt_state *now = ses_state(s, s->nplies);
    seat_text(s, s->end_seat, who, sizeof who);
    switch (s->end) {
    case LT_END_RULES:
        if (s->g->end_reason)
            return s->g->end_reason(now, buf, size);
        return snprintf(buf, size, "%s",
                        _("by the rules"));
    case LT_END_RESIGN:
        return snprintf(buf, size, _("%s resigned"),
                        who);
    case LT_END_TIME:
        if (drawn(s))
            return snprintf(buf, size,
                            _("%s ran out of time, but the opponent could "
                                 "not have won"),
                            who);
        return snprintf(buf, size,
                        _("%s ran out of time"), who);
    case LT_END_AGREEMENT:
        return snprintf(buf, size, "%s",
                        _("drawn by agreement"));
    case LT_END_CLAIM:
        why[0] = '\0';
        if (s->g->claimable)
            s->g->claimable(now, why, sizeof why);
        return snprintf(buf, size,
                        _("%s claimed a draw: %s"),
                        who, why);
    case LT_END_ABANDON:
        return snprintf(buf, size,
                        _("%s abandoned the game"),
                        who);
    case LT_END_ABORT:
        return snprintf(buf, size,
                        _("aborted by %s"), who);
    default:
        if (size)
            buf[0] = '\0';
        return 0;
    }
}

int lt_event_text(const lt_session *s, const lt_event *ev, char *buf,
                  size_t size)
{
    char who[64], why[128];
    seat_text(s, ev->seat, who, sizeof who);
    bool draw = ev->offer == LT_OFFER_DRAW;
    switch (ev->kind) {
    case LT_EV_MOVED:
        if (ev->chance)
            return snprintf(buf, size,
                            _("%s: throw %s"), who,
                            ev->shown[0] ? ev->shown : ev->name);
        return snprintf(buf, size, "%s: %s", who,
                        ev->shown[0] ? ev->shown : ev->name);
    case LT_EV_UNDONE:
        return snprintf(buf, size,
                        _("Moves taken back; %d plies remain"),
                        ev->ply);
    case LT_EV_OFFERED:
        return snprintf(buf, size,
                        draw ? _("%s offers a draw")
                             : _("%s asks to take back a move"),
                        who);
    case LT_EV_ANSWERED:
        if (draw)
            return snprintf(buf, size,
                            ev->accepted ? _("%s accepts the draw")
                                         : _("%s declines the draw"),
                            who);
        return snprintf(buf, size,
                        ev->accepted ? _("%s agrees to the takeback")
                                     : _("%s refuses the takeback"),
                        who);
    case LT_EV_CLAIMABLE:
        why[0] = '\0';
        lt_session_claimable(s, why, sizeof why);
        return snprintf(buf, size,
                        _("%s may claim a draw: %s (claim)"),
                        who, why);
    case LT_EV_FLAG:
        return snprintf(buf, size,
                        _("%s's time is up"), who);
    case LT_EV_LEFT:
        return snprintf(buf, size,
                        _("%s leaves the game (%s)"),
                        who,
                        ev->reason == LT_END_TIME
                            ? _("out of time")
                        : ev->reason == LT_END_ABANDON
                            ? _("abandoned")
                            : _("resigned"));
    case LT_EV_RESULT:
        return lt_session_result_text(s, buf, size);
    default:
        if (size)
            buf[0] = '\0';
        return 0;
    }
}
