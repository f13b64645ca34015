/* session_impl.h — the inside of a game in play, shared by the files of
 * the session: session.c (commands, the ply log, offers, the result),
 * clock.c (time controls), journal.c (the file), session_text.c (words). */
#ifndef LUDOTEKA_SESSION_IMPL_H
#define LUDOTEKA_SESSION_IMPL_H

#include <stdarg.h>

#include "ludoteka/record.h"
#include "ludoteka/session.h"
#include "ludoteka/text.h"

/* The session.  Invariants:
 * - states holds nplies + 1 positions of stride bytes: states[k] is the
 *   position before ply k, states[nplies] the position now;
 * - plies[k] is the k-th ply; its row and col follow from the plies
 *   before it and the game's numbering (row_of);
 * - `out` has a bit for every seat that left; leaves[] says when, in
 *   order; nothing before the last leave is taken back (floor);
 * - end == LT_END_NONE while in play; then score[] is zero;
 * - clock[i] is seat i's time left when its turn began (for the running
 *   seat) or after its last move (the others); `running` is the seat whose
 *   clock runs since `since`, -1 when none does;
 * - an offer is pending iff offer != LT_OFFER_NONE; `agreed` has the
 *   offering seat and every seat that accepted;
 * - the journal file (fd >= 0) holds the header and a line for every ply
 *   and event since its last rewrite. */
struct lt_session {
    const lt_game *g;
    lt_record hdr;          /* game, config, specs, seed, position, tags */
    int nseats;
    lt_spec_origin origin;  /* of the computer seats' specs */
    lt_seat seats[LT_MAX_PLAYERS];
    lt_player *players[LT_MAX_PLAYERS]; /* the computer seats' */
    unsigned borrowed; /* seats whose player is the caller's, not freed */
    lt_time_control tc;
    lt_time_source time;

    lt_ply *plies;
    unsigned char *states;
    size_t stride;
    int nplies, cap;

    lt_action *redo; /* taken back by undo; the next to redo last */
    int nredo, redo_cap;

    struct {
        int seat, ply;
        lt_end reason;
    } leaves[LT_MAX_PLAYERS];
    int nleaves;
    unsigned out;

    int64_t clock[LT_MAX_PLAYERS];
    int running;
    int64_t since;

    lt_offer_kind offer;
    int offer_from;
    unsigned agreed;

    lt_end end;
    int end_seat;
    double score[LT_MAX_PLAYERS];

    char *path;     /* the journal, or NULL */
    int fd;
    bool nosync;    /* lines are not flushed to the disk one by one */
    bool replaying; /* reading the journal: write nothing, decide nothing */

    lt_event events[LT_SESSION_EVENTS];
    int ev_first, ev_count, ev_lost;
};

/* session.c */
lt_state *ses_state(const lt_session *, int k);
int64_t ses_now(const lt_session *);
/* A message (fmt: _("English")). */
void ses_say(const lt_session *, lt_error *, const char *fmt, ...)
    LT_PRINTF(3, 4);
/* Plays an action (legal: the caller checked) with the time it took and
 * the seat's clock after it (replaying a journal), or measured now (took
 * < 0). */
lt_status ses_ply(lt_session *, lt_action, int64_t took, int64_t clock,
                  lt_error *);
/* The seat leaves the game, or the game ends, for this reason. */
lt_status ses_leave_or_end(lt_session *, int seat, lt_end, lt_error *);
/* Ends the game for a reason other than the rules' own. */
lt_status ses_end(lt_session *, lt_end, int seat, lt_error *);
lt_status ses_make_offer(lt_session *, int seat, lt_offer_kind, lt_error *);
lt_status ses_make_answer(lt_session *, int seat, bool accept, lt_error *);
void ses_set_clocks(lt_session *, const int64_t *clocks);
/* The words of an end's reason for journals ("resign"), and back. */
const char *ses_end_word(lt_end);
lt_end ses_end_of_word(const char *);

/* clock.c */
/* Time left now for a seat (the running one's clock runs). */
int64_t clk_left(const lt_session *, int seat);
/* After a ply by `seat` that took `took` ms: its new clock; `passes`
 * when the turn goes to another seat (increment, delay, a new move's
 * time). */
int64_t clk_after(const lt_session *, int seat, int64_t took, bool passes);
/* "h:mm:ss.mmm", exact, for the journal; and back (false if not). */
int clk_exact(int64_t ms, char *buf, size_t size);
bool clk_parse_exact(const char *text, int64_t *ms);

/* journal.c */
lt_status jnl_create(lt_session *, const char *path, lt_error *);
lt_status jnl_ply(lt_session *, int k, lt_error *);
lt_status jnl_line(lt_session *, const char *line, lt_error *);
lt_status jnl_rewrite(lt_session *, lt_error *);
/* The whole game as the journal's text (malloc'd). */
char *jnl_text(lt_session *, lt_error *);
void jnl_close(lt_session *);

/* session_text.c */
/* "Black won 0\u20131" - without the reason. */
int txt_headline(const lt_session *, char *buf, size_t size);
/* The headline, then the reason: lt_session_result_text. */
int txt_result(const lt_session *, char *buf, size_t size);
int txt_reason(const lt_session *, char *buf, size_t size);

#endif
