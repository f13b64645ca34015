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

/* "Green, Red and Black": the seats of a set, by name. */
static void seats_text(const lt_session *s, unsigned set, char *buf,
                       size_t size)
{
    char name[64], head[256] = "";
    int last = -1;
    for (int i = 0; i < s->nseats; i++)
        if (set >> i & 1) {
            if (last >= 0) {
                size_t len = strlen(head);
                lt_appendf(head, sizeof head, &len, "%s%s", len ? ", " : "",
                           lt_session_seat_name(s, last, name, sizeof name));
            }
            last = i;
        }
    lt_session_seat_name(s, last, name, sizeof name);
    if (head[0])
        /* TRANSLATORS: the last two seats of a list: "Green, Red and Black"
         * (the first %s may itself be a list) */
        snprintf(buf, size, P_("list of seats", "%s and %s"), head, name);
    else
        snprintf(buf, size, "%s", name);
}

/* Who won, shared or drew, with the score as players write it where the
 * game is won, drawn or lost by two ("1\u20130", "\u00bd\u2013\u00bd");
 * the points of games that have them are the reason's to tell. */
int txt_headline(const lt_session *s, char *buf, size_t size)
{
    if (s->end == LT_END_NONE)
        return snprintf(buf, size, "%s", _("In play"));
    if (s->end == LT_END_ABORT)
        return snprintf(buf, size, "%s", _("No result"));
    double best = s->score[0], worst = s->score[0];
    for (int i = 1; i < s->nseats; i++) {
        best = s->score[i] > best ? s->score[i] : best;
        worst = s->score[i] < worst ? s->score[i] : worst;
    }
    char score[32], names[256];
    lt_score_text(s->g, s->score, s->nseats, score, sizeof score);
    if (best == worst)
        return score[0] ? snprintf(buf, size, _("Draw %s"), score)
                        : snprintf(buf, size, "%s", _("Draw"));
    unsigned winners = 0;
    for (int i = 0; i < s->nseats; i++)
        winners |= (unsigned)(s->score[i] == best) << i;
    seats_text(s, winners, names, sizeof names);
    if (__builtin_popcount(winners) > 1)
        /* TRANSLATORS: the seats that share the win ("Green, Red and
         * Black"); Polish after a colon, so that no verb agrees with them */
        return snprintf(buf, size, _("%s share the win"), names);
    if (score[0])
        /* TRANSLATORS: the winner and the score: "White won 1\u20130" */
        return snprintf(buf, size, _("%s won %s"), names, score);
    return snprintf(buf, size, _("%s won"), names);
}

/* The reason without the words a game's reason of a draw begins with
 * ("draw: the move cap"): after "Draw" or "... share the win" they would
 * say it twice. */
static const char *after_draw(const lt_session *s, const char *why)
{
    /* TRANSLATORS: the words the games' reasons of a draw begin with
     * ("draw: the move cap (400 moves)"), as they translate them */
    const char *prefix = _("draw: ");
    size_t n = strlen(prefix);
    double best = s->score[0];
    int top = 0;
    for (int i = 1; i < s->nseats; i++)
        best = s->score[i] > best ? s->score[i] : best;
    for (int i = 0; i < s->nseats; i++)
        top += s->score[i] == best;
    if (top < 2 || s->end == LT_END_ABORT)
        return why;
    return strncmp(why, prefix, n) == 0 && why[n] ? why + n : why;
}

int txt_result(const lt_session *s, char *buf, size_t size)
{
    char head[256], why[512];
    size_t len = 0;
    if (size)
        buf[0] = '\0';
    txt_headline(s, head, sizeof head);
    txt_reason(s, why, sizeof why);
    lt_appendf(buf, size, &len, "%s%s%s", head, why[0] ? " \u2014 " : "",
               after_draw(s, why));
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
        return snprintf(buf, size, "%s", _("by agreement"));
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
