/* session_text.c — a game in play in words, English and Polish: the
 * result with its reason, and the events.  Polish sentences name a seat
 * after a colon or in brackets, so that the verb never has to agree with
 * a seat's name ("Białe", "Gracz 2", "Zielone" differ in number). */
#include <stdio.h>
#include <string.h>

#include "ludoteka/text.h"
#include "session_impl.h"

#define PICK(lang, en, pl) ((lang) == LT_LANG_PL ? (pl) : (en))

static const char *seat_text(const lt_session *s, int seat, int lang,
                             char *buf, size_t size)
{
    if (seat >= 0)
        return lt_session_seat_name(s, seat, lang, buf, size);
    lt_copy(buf, size, PICK(lang, "the dice", "kości"));
    return buf;
}

int txt_headline(const lt_session *s, int lang, char *buf, size_t size)
{
    char token[128];
    lt_session_result_token(s, token, sizeof token);
    if (s->end == LT_END_NONE)
        return snprintf(buf, size, "%s", PICK(lang, "In play", "Partia trwa"));
    if (s->end == LT_END_ABORT)
        return snprintf(buf, size, "%s (*)", PICK(lang, "No result", "Bez wyniku"));
    double best = s->score[0], worst = s->score[0];
    for (int i = 1; i < s->nseats; i++) {
        best = s->score[i] > best ? s->score[i] : best;
        worst = s->score[i] < worst ? s->score[i] : worst;
    }
    if (best == worst)
        return snprintf(buf, size, "%s (%s)", PICK(lang, "Draw", "Remis"), token);
    int winners = 0;
    for (int i = 0; i < s->nseats; i++)
        winners += s->score[i] == best;
    size_t len = 0;
    buf[0] = '\0';
    lt_appendf(buf, size, &len, "%s",
               winners > 1 ? PICK(lang, "Winners:", "Zwycięzcy:")
                           : PICK(lang, "Winner:", "Zwycięzca:"));
    bool first = true;
    for (int i = 0; i < s->nseats; i++)
        if (s->score[i] == best) {
            char name[64];
            lt_appendf(buf, size, &len, "%s %s", first ? "" : ",",
                       lt_session_seat_name(s, i, lang, name, sizeof name));
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

int txt_reason(const lt_session *s, int lang, char *buf, size_t size)
{
    char who[64], why[128];
    const lt_state *now = ses_state(s, s->nplies);
    seat_text(s, s->end_seat, lang, who, sizeof who);
    switch (s->end) {
    case LT_END_RULES:
        if (s->g->end_reason)
            return s->g->end_reason(now, lang, buf, size);
        return snprintf(buf, size, "%s",
                        PICK(lang, "by the rules", "zgodnie z zasadami"));
    case LT_END_RESIGN:
        return snprintf(buf, size, PICK(lang, "%s resigned", "poddanie partii (%s)"),
                        who);
    case LT_END_TIME:
        if (drawn(s))
            return snprintf(buf, size,
                            PICK(lang,
                                 "%s ran out of time, but the opponent could "
                                 "not have won",
                                 "koniec czasu (%s), lecz przeciwnik nie mógł "
                                 "już wygrać"),
                            who);
        return snprintf(buf, size,
                        PICK(lang, "%s ran out of time", "koniec czasu (%s)"), who);
    case LT_END_AGREEMENT:
        return snprintf(buf, size, "%s",
                        PICK(lang, "drawn by agreement", "remis za zgodą graczy"));
    case LT_END_CLAIM:
        why[0] = '\0';
        if (s->g->claimable)
            s->g->claimable(now, lang, why, sizeof why);
        return snprintf(buf, size,
                        PICK(lang, "%s claimed a draw: %s",
                             "remis na żądanie (%s): %s"),
                        who, why);
    case LT_END_ABANDON:
        return snprintf(buf, size,
                        PICK(lang, "%s abandoned the game",
                             "porzucenie partii (%s)"),
                        who);
    case LT_END_ABORT:
        return snprintf(buf, size,
                        PICK(lang, "aborted by %s", "partia przerwana (%s)"), who);
    default:
        if (size)
            buf[0] = '\0';
        return 0;
    }
}

int lt_event_text(const lt_session *s, const lt_event *ev, int lang, char *buf,
                  size_t size)
{
    char who[64], why[128];
    seat_text(s, ev->seat, lang, who, sizeof who);
    bool draw = ev->offer == LT_OFFER_DRAW;
    switch (ev->kind) {
    case LT_EV_MOVED:
        if (ev->chance)
            return snprintf(buf, size,
                            PICK(lang, "%s: throw %s", "%s: rzut %s"), who,
                            ev->name);
        return snprintf(buf, size, "%s: %s", who, ev->name);
    case LT_EV_UNDONE:
        return snprintf(buf, size,
                        PICK(lang, "Moves taken back; %d plies remain",
                             "Cofnięto ruchy; zostało półruchów: %d"),
                        ev->ply);
    case LT_EV_OFFERED:
        return snprintf(buf, size,
                        draw ? PICK(lang, "%s offers a draw",
                                    "%s: propozycja remisu")
                             : PICK(lang, "%s asks to take back a move",
                                    "%s: prośba o cofnięcie ruchu"),
                        who);
    case LT_EV_ANSWERED:
        if (draw)
            return snprintf(buf, size,
                            ev->accepted ? PICK(lang, "%s accepts the draw",
                                                "%s: zgoda na remis")
                                         : PICK(lang, "%s declines the draw",
                                                "%s: remis odrzucony"),
                            who);
        return snprintf(buf, size,
                        ev->accepted ? PICK(lang, "%s agrees to the takeback",
                                            "%s: zgoda na cofnięcie ruchu")
                                     : PICK(lang, "%s refuses the takeback",
                                            "%s: cofnięcie ruchu odrzucone"),
                        who);
    case LT_EV_CLAIMABLE:
        why[0] = '\0';
        lt_session_claimable(s, lang, why, sizeof why);
        return snprintf(buf, size,
                        PICK(lang, "%s may claim a draw: %s (claim)",
                             "%s: można żądać remisu - %s (reklamuj)"),
                        who, why);
    case LT_EV_FLAG:
        return snprintf(buf, size,
                        PICK(lang, "%s's time is up", "%s: koniec czasu"), who);
    case LT_EV_LEFT:
        return snprintf(buf, size,
                        PICK(lang, "%s leaves the game (%s)", "%s: poza grą (%s)"),
                        who,
                        ev->reason == LT_END_TIME
                            ? PICK(lang, "out of time", "koniec czasu")
                        : ev->reason == LT_END_ABANDON
                            ? PICK(lang, "abandoned", "porzucenie partii")
                            : PICK(lang, "resigned", "poddanie"));
    case LT_EV_RESULT:
        return lt_session_result_text(s, lang, buf, size);
    default:
        if (size)
            buf[0] = '\0';
        return 0;
    }
}
