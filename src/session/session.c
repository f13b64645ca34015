/* session.c — a game in play: the seats, the ply log and the positions,
 * the commands (moves, dice, computers, resigning, offers, claims, undo),
 * the result, the move list.  Clocks are in clock.c, the journal in
 * journal.c, the words in session_text.c. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ludoteka/options.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"
#include "session_impl.h"

enum { STATE_ALIGN = 16 };

/* ---- Small things ------------------------------------------------------ */

lt_state *ses_state(const lt_session *s, int k)
{
    return (lt_state *)(s->states + (size_t)k * s->stride);
}

int64_t ses_now(const lt_session *s)
{
    return s->time.now ? s->time.now(s->time.ctx) : 0;
}

void ses_say(const lt_session *s, lt_error *err, const char *fmt, ...)
{
    (void)s;
    if (!err)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
}

static void push_event(lt_session *s, const lt_event *ev)
{
    if (s->replaying)
        return;
    if (s->ev_count == LT_SESSION_EVENTS) {
        s->ev_first = (s->ev_first + 1) % LT_SESSION_EVENTS;
        s->ev_count--;
        s->ev_lost++;
    }
    s->events[(s->ev_first + s->ev_count++) % LT_SESSION_EVENTS] = *ev;
}

static lt_event event_of(lt_session *s, lt_event_kind kind, int seat)
{
    lt_event ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = kind;
    ev.seat = seat;
    ev.ply = s->nplies;
    for (int i = 0; i < LT_MAX_PLAYERS; i++)
        ev.clocks[i] = i < s->nseats ? clk_left(s, i) : -1;
    return ev;
}

static bool person(const lt_session *s, int seat)
{
    return s->seats[seat].kind != LT_SEAT_COMPUTER;
}

/* The seats still in the game: not left, and not out by the rules (a
 * mated army in Four Seasons). */
static unsigned in_mask(const lt_session *s)
{
    unsigned m = ((1u << s->nseats) - 1) & ~s->out;
    for (int i = 0; s->g->in_game && i < s->nseats; i++)
        if (!s->g->in_game(ses_state(s, s->nplies), i))
            m &= ~(1u << i);
    return m;
}

static int in_count(const lt_session *s)
{
    return __builtin_popcount(in_mask(s));
}

static const char *name_of(const lt_session *s, int seat, char *buf,
                           size_t size)
{
    return lt_session_seat_name(s, seat, buf, size);
}

/* Who acts in a position: the seat to move, or the thrower of the dice
 * (-1 when the game does not say, or it is over). */
static int actor(const lt_session *s, const lt_state *st)
{
    int p = s->g->current_player(st);
    if (p == LT_CHANCE && s->g->thrower)
        return s->g->thrower(st);
    return p >= 0 ? p : -1;
}

/* The clock that runs now: the actor's, while the game is in play. */
static void restart_clock(lt_session *s)
{
    s->since = ses_now(s);
    s->running = s->end == LT_END_NONE && s->tc.kind != LT_TC_NONE
                     ? actor(s, ses_state(s, s->nplies))
                     : -1;
}

/* The winners' shares (RULES.md of the games with three or more seats:
 * the winners share the win; zero-sum; a lone winner of two 1 and -1). */
static void share(int n, unsigned winners, double *out)
{
    int k = __builtin_popcount(winners);
    for (int i = 0; i < n; i++)
        out[i] = k == 0               ? 0
                 : (winners >> i & 1) ? ((double)n / k - 1) / (n - 1)
                                      : -1.0 / (n - 1);
}

/* The plies the seat has decided (not dice), from the last leave on:
 * the index of the last, or -1. */
static int last_decision(const lt_session *s, int seat)
{
    int floor = s->nleaves ? s->leaves[s->nleaves - 1].ply : 0;
    for (int k = s->nplies - 1; k >= floor; k--)
        if (s->plies[k].seat == seat && !s->plies[k].chance)
            return k;
    return -1;
}

static lt_status grow(lt_session *s, int plies)
{
    if (plies <= s->cap)
        return LT_OK;
    int cap = s->cap ? s->cap : 64;
    while (cap < plies)
        cap *= 2;
    if (cap > s->g->max_length)
        cap = s->g->max_length;
    lt_ply *p = realloc(s->plies, (size_t)cap * sizeof *p);
    if (!p)
        return LT_ENOMEM;
    s->plies = p;
    unsigned char *st = aligned_alloc(STATE_ALIGN, ((size_t)cap + 1) * s->stride);
    if (!st)
        return LT_ENOMEM;
    memcpy(st, s->states, ((size_t)s->nplies + 1) * s->stride);
    free(s->states);
    s->states = st;
    s->cap = cap;
    return LT_OK;
}

/* Computer players see every action (external engines keep a board). */
static void resync_players(lt_session *s)
{
    for (int i = 0; i < s->nseats; i++) {
        if (!s->players[i])
            continue;
        lt_player_new_game(s->players[i], ses_state(s, 0));
        for (int k = 0; k < s->nplies; k++)
            lt_player_observe(s->players[i], ses_state(s, k), s->plies[k].action);
    }
}

/* ---- Setting up -------------------------------------------------------- */

static lt_session *alloc_session(const lt_session_setup *su, lt_error *err)
{
    const lt_game *g = su->game;
    lt_session *s = calloc(1, sizeof *s);
    if (!s) {
        lt_error_set(err, "out of memory");
        return NULL;
    }
    s->g = g;
    s->fd = -1;
    s->running = -1;
    s->end_seat = -1;
    s->offer_from = -1;
    s->stride = (g->state_size + STATE_ALIGN - 1) / STATE_ALIGN * STATE_ALIGN;
    s->states = aligned_alloc(STATE_ALIGN, s->stride);
    if (!s->states) {
        free(s);
        lt_error_set(err, "out of memory");
        return NULL;
    }
    memset(s->states, 0, s->stride);
    lt_record_init(&s->hdr, g, &su->config);
    return s;
}

lt_session *lt_session_new(const lt_session_setup *su, lt_error *err)
{
    const lt_game *g = su->game;
    if (!g) {
        lt_error_set(err, "no game");
        return NULL;
    }
    if (su->clock.kind != LT_TC_NONE && !su->time.now) {
        lt_error_set(err, "a clock needs a source of time");
        return NULL;
    }
    lt_session *s = alloc_session(su, err);
    if (!s)
        return NULL;
    s->nseats = su->config.players;
    s->origin = su->origin;
    s->tc = su->clock;
    s->time = su->time;
    s->hdr.seed = su->seed;
    /* a new game is dated today (PGN: YYYY.MM.DD), unless told */
    time_t today = time(NULL);
    struct tm tm;
    char date[16];
    if (localtime_r(&today, &tm) && strftime(date, sizeof date, "%Y.%m.%d", &tm))
        lt_record_set_tag(&s->hdr, "Date", date);
    for (int i = 0; i < su->ntags; i++)
        lt_record_set_tag(&s->hdr, su->tags[i].key, su->tags[i].value);
    if (lt_init(g, ses_state(s, 0), &su->config, err) != LT_OK)
        goto fail;
    if (su->position) {
        if (g->read_state(ses_state(s, 0), su->position, err) != LT_OK ||
            lt_record_set_position(&s->hdr, su->position) != LT_OK)
            goto fail;
    }
    for (int i = 0; i < s->nseats; i++) {
        s->seats[i] = su->seats[i];
        lt_seat *seat = &s->seats[i];
        if (seat->kind == LT_SEAT_COMPUTER && su->players[i]) {
            s->players[i] = su->players[i];
            s->borrowed |= 1u << i;
            if (!seat->spec[0])
                lt_copy(seat->spec, sizeof seat->spec,
                        lt_player_spec(su->players[i]));
        } else if (seat->kind == LT_SEAT_COMPUTER &&
                   su->origin == LT_SPEC_TRUSTED) {
            /* the user's own spec, which may start a program: made now,
             * once */
            s->players[i] = lt_player_new_from(g, seat->spec, su->origin, err);
            if (!s->players[i])
                goto fail;
        } else if (seat->kind == LT_SEAT_COMPUTER) {
            /* checked now, made when first asked for (lt_session_player):
             * a front end that searches elsewhere (a server's threads,
             * the page's worker) never holds a search's tables here */
            lt_player *check = lt_player_new(g, seat->spec, err);
            if (!check)
                goto fail;
            lt_player_free(check);
        } else if (su->players[i]) {
            lt_error_set(err, "seat %d: a player for a seat that is not a "
                              "computer's", i + 1);
            goto fail;
        } else if (seat->kind != LT_SEAT_HUMAN && seat->kind != LT_SEAT_REMOTE) {
            lt_error_set(err, "seat %d: not a kind of seat", i + 1);
            goto fail;
        }
        if (s->players[i])
            lt_player_new_game(s->players[i], ses_state(s, 0));
        lt_copy(s->hdr.players[i], LT_SPEC_MAX,
                seat->kind == LT_SEAT_COMPUTER ? seat->spec
                : seat->kind == LT_SEAT_REMOTE ? "remote"
                                               : "human");
        s->clock[i] = s->tc.kind == LT_TC_NONE ? -1 : s->tc.base;
    }
    if (g->current_player(ses_state(s, 0)) == LT_TERMINAL) {
        lt_error_set(err, "the game is over in that position");
        goto fail;
    }
    restart_clock(s);
    if (su->journal && jnl_create(s, su->journal, err) != LT_OK)
        goto fail;
    return s;
fail:
    lt_session_free(s);
    return NULL;
}

void lt_session_free(lt_session *s)
{
    if (!s)
        return;
    jnl_close(s);
    for (int i = 0; i < LT_MAX_PLAYERS; i++)
        if (!(s->borrowed >> i & 1))
            lt_player_free(s->players[i]);
    lt_record_clear(&s->hdr);
    free(s->plies);
    free(s->states);
    free(s->redo);
    free(s->path);
    free(s);
}

lt_session *lt_session_rematch(const lt_session *old, const char *journal,
                               lt_error *err)
{
    lt_session_setup su;
    memset(&su, 0, sizeof su);
    su.game = old->g;
    su.config = old->hdr.config;
    uint64_t seed = old->hdr.seed;
    su.seed = lt_splitmix64(&seed) >> 1; /* records keep seeds below 2^63 */
    su.position = old->hdr.position;
    su.clock = old->tc;
    su.time = old->time;
    su.journal = journal;
    su.origin = old->origin;
    /* every player moves on one seat (with two: colours swapped) */
    for (int i = 0; i < old->nseats; i++) {
        int from = (i + 1) % old->nseats;
        su.seats[i] = old->seats[from];
        if (old->borrowed >> from & 1)
            su.players[i] = old->players[from];
    }
    return lt_session_new(&su, err);
}

/* ---- The ply ----------------------------------------------------------- */

/* The row and column of a new ply, after the plies before it. */
static void place_in_rows(const lt_session *s, lt_ply *p)
{
    int seat = p->seat;
    if (s->nplies == 0) {
        p->row = 1;
        p->col = (int8_t)(seat >= 0 ? seat : 0);
        return;
    }
    const lt_ply *prev = &s->plies[s->nplies - 1];
    p->row = prev->row;
    p->col = prev->col;
    if (seat < 0)
        return; /* dice of nobody in particular: with what came before */
    bool new_row = s->g->numbering == LT_NUMBER_TURNS ? seat != prev->col
                                                      : seat < prev->col;
    if (new_row)
        p->row++;
    p->col = (int8_t)seat;
}

static void claimable_event(lt_session *s)
{
    char why[128];
    int to = lt_session_to_act(s);
    if (to >= 0 && person(s, to) && lt_session_claimable(s, why,
                                                         sizeof why))
        push_event(s, &(lt_event){.kind = LT_EV_CLAIMABLE, .seat = to,
                                  .ply = s->nplies});
}

static void finish(lt_session *s, lt_end reason, int seat, const double *score)
{
    s->end = reason;
    s->end_seat = seat;
    memcpy(s->score, score, sizeof s->score);
    s->offer = LT_OFFER_NONE;
    s->running = -1;
    lt_event ev = event_of(s, LT_EV_RESULT, seat);
    ev.reason = reason;
    push_event(s, &ev);
}

/* The journal rewritten with ply nplies, which ends the game in the state
 * `next`, and its result: the session as it will be once the ply is
 * played, put back as it is.  Two writes, the ply's line and then the
 * result, would leave a record whose moves end the game but whose
 * Result is "*" if the program were killed between them. */
static lt_status last_ply(lt_session *s, const lt_state *next, int seat,
                          int64_t clock, lt_error *err)
{
    if (s->replaying || !s->path)
        return LT_OK;
    int nplies = s->nplies, running = s->running;
    int64_t left = seat >= 0 ? s->clock[seat] : 0;
    lt_end end = s->end;
    int end_seat = s->end_seat;
    double score[LT_MAX_PLAYERS];
    memcpy(score, s->score, sizeof score);
    lt_offer_kind offer = s->offer;

    s->nplies++;
    if (clock >= 0)
        s->clock[seat] = clock;
    s->end = LT_END_RULES;
    s->end_seat = -1;
    memset(s->score, 0, sizeof s->score);
    s->g->returns(next, s->score);
    s->offer = LT_OFFER_NONE;
    s->running = -1;
    lt_status st = jnl_rewrite(s, err);

    s->nplies = nplies;
    s->running = running;
    if (seat >= 0)
        s->clock[seat] = left;
    s->end = end;
    s->end_seat = end_seat;
    memcpy(s->score, score, sizeof score);
    s->offer = offer;
    return st;
}

lt_status ses_ply(lt_session *s, lt_action a, int64_t took, int64_t clock,
                  lt_error *err)
{
    const lt_game *g = s->g;
    int n = s->nplies;
    if (n >= g->max_length) {
        ses_say(s, err, _("the game cannot be longer than %d plies"), g->max_length);
        return LT_ERANGE;
    }
    if (grow(s, n + 1) != LT_OK) {
        lt_error_set(err, "out of memory");
        return LT_ENOMEM;
    }
    lt_state *now = ses_state(s, n), *next = ses_state(s, n + 1);
    memcpy(next, now, s->stride);
    int to = g->current_player(now);
    lt_ply p;
    memset(&p, 0, sizeof p);
    p.action = a;
    p.chance = to == LT_CHANCE;
    lt_name(g, now, a, p.name, sizeof p.name);
    if (lt_apply(g, next, a) != LT_OK) {
        ses_say(s, err, _("%s is not legal here"),
                p.name);
        return LT_EILLEGAL;
    }
    int seat = actor(s, now);
    if (seat < 0 && p.chance) {
        int after = g->current_player(next);
        seat = after >= 0 ? after : -1;
    }
    p.seat = (int8_t)seat;
    place_in_rows(s, &p);
    int64_t t = ses_now(s);
    p.took = took >= 0 ? took : t - s->since;
    p.clock = -1;
    if (s->tc.kind != LT_TC_NONE && seat >= 0) {
        if (s->replaying)
            p.clock = clock >= 0 ? clock : s->clock[seat];
        else if (seat == s->running)
            p.clock = clk_after(s, seat, p.took, actor(s, next) != seat);
        else
            p.clock = s->clock[seat];
    }
    /* on disk first: a ply anyone saw is never lost; one that ends the
     * game goes there with the result, in one rewrite */
    s->plies[n] = p;
    bool ends = g->current_player(next) == LT_TERMINAL;
    if ((ends ? last_ply(s, next, seat, p.clock, err) : jnl_ply(s, n, err)) != LT_OK)
        return LT_EIO;
    for (int i = 0; i < s->nseats; i++)
        if (s->players[i])
            lt_player_observe(s->players[i], now, a);
    s->nplies = n + 1;
    if (p.clock >= 0)
        s->clock[seat] = p.clock;
    restart_clock(s);
    lt_event ev = event_of(s, LT_EV_MOVED, seat);
    ev.ply = n;
    ev.action = a;
    ev.chance = p.chance;
    ev.took = p.took;
    memcpy(ev.name, p.name, sizeof ev.name);
    lt_session_ply_shown(s, n, ev.shown, sizeof ev.shown);
    push_event(s, &ev);
    /* playing on declines an offer one has not agreed to */
    if (s->offer != LT_OFFER_NONE && seat >= 0 && !p.chance &&
        !(s->agreed >> seat & 1)) {
        lt_event ans = event_of(s, LT_EV_ANSWERED, seat);
        ans.offer = s->offer;
        push_event(s, &ans);
        s->offer = LT_OFFER_NONE;
    }
    if (g->current_player(next) == LT_TERMINAL) {
        double r[LT_MAX_PLAYERS] = {0};
        g->returns(next, r);
        finish(s, LT_END_RULES, -1, r);
    } else {
        claimable_event(s);
    }
    return LT_OK;
}

/* ---- The end ------------------------------------------------------------- */

const char *ses_end_word(lt_end e)
{
    static const char *const words[] = {"none",      "rules", "resign",
                                        "time",      "agreement",
                                        "claim",     "abandon", "abort"};
    return (unsigned)e < sizeof words / sizeof *words ? words[e] : "none";
}

lt_end ses_end_of_word(const char *w)
{
    for (int e = LT_END_RULES; e <= LT_END_ABORT; e++)
        if (!strcmp(w, ses_end_word((lt_end)e)))
            return (lt_end)e;
    return LT_END_NONE;
}

/* "{[%clocks 0:04:57.000 0:05:00.000]}": every seat's clock now. */
static void clocks_line(const lt_session *s, char *buf, size_t size)
{
    size_t len = 0;
    lt_appendf(buf, size, &len, "{[%%clocks");
    for (int i = 0; i < s->nseats; i++) {
        char t[32];
        clk_exact(clk_left(s, i), t, sizeof t);
        lt_appendf(buf, size, &len, " %s", t);
    }
    lt_appendf(buf, size, &len, "]}");
}

lt_status ses_end(lt_session *s, lt_end reason, int seat, lt_error *err)
{
    char line[128];
    snprintf(line, sizeof line, "{[%%result %s %d]}", ses_end_word(reason),
             seat + 1);
    if (jnl_line(s, line, err) != LT_OK)
        return LT_EIO;
    double score[LT_MAX_PLAYERS] = {0};
    unsigned in = in_mask(s), winners = 0;
    switch (reason) {
    case LT_END_AGREEMENT:
    case LT_END_CLAIM:
        winners = in; /* a draw among those still in */
        break;
    case LT_END_TIME:
        /* FIDE 6.9: a win for those who could still win; if none could,
         * a draw */
        for (int i = 0; i < s->nseats; i++)
            if ((in >> i & 1) && i != seat &&
                (!s->g->can_win ||
                 s->g->can_win(ses_state(s, s->nplies), i)))
                winners |= 1u << i;
        if (!winners)
            winners = in;
        break;
    case LT_END_RESIGN:
    case LT_END_ABANDON:
        winners = in & ~(1u << seat);
        break;
    default:
        break;
    }
    if (reason != LT_END_ABORT)
        share(s->nseats, winners, score);
    finish(s, reason, seat, score);
    if (!s->replaying)
        jnl_rewrite(s, NULL);
    return LT_OK;
}

lt_status ses_leave_or_end(lt_session *s, int seat, lt_end reason,
                           lt_error *err)
{
    const lt_game *g = s->g;
    if (!g->leave || in_count(s) < 3)
        return ses_end(s, reason, seat, err);
    char line[128];
    snprintf(line, sizeof line, "{[%%leave %d %s]}", seat + 1,
             ses_end_word(reason));
    if (jnl_line(s, line, err) != LT_OK)
        return LT_EIO;
    lt_state *now = ses_state(s, s->nplies);
    g->leave(now, seat);
    assert(g->invariants_ok(now));
    s->out |= 1u << seat;
    s->leaves[s->nleaves].seat = seat;
    s->leaves[s->nleaves].ply = s->nplies;
    s->leaves[s->nleaves].reason = reason;
    s->nleaves++;
    s->nredo = 0;
    if (s->offer != LT_OFFER_NONE) {
        lt_event ans = event_of(s, LT_EV_ANSWERED, seat);
        ans.offer = s->offer;
        push_event(s, &ans);
        s->offer = LT_OFFER_NONE;
    }
    for (int i = 0; i < s->nseats; i++)
        if (s->players[i])
            lt_player_new_game(s->players[i], now);
    lt_event ev = event_of(s, LT_EV_LEFT, seat);
    ev.reason = reason;
    push_event(s, &ev);
    restart_clock(s);
    if (g->current_player(now) == LT_TERMINAL) {
        /* the last one left: the rules' result, for this reason */
        double r[LT_MAX_PLAYERS] = {0};
        g->returns(now, r);
        finish(s, reason, seat, r);
        if (!s->replaying)
            jnl_rewrite(s, NULL);
    } else {
        claimable_event(s);
    }
    return LT_OK;
}

/* ---- Checks every command makes ------------------------------------------ */

/* The game is in play (a flag that fell is dealt with first). */
static bool in_play(lt_session *s, lt_error *err)
{
    lt_session_tick(s);
    if (s->end == LT_END_NONE)
        return true;
    char result[256];
    lt_session_result_text(s, result, sizeof result);
    ses_say(s, err, _("the game is over: %s"), result);
    return false;
}

/* The seat is one of the table and still in the game. */
static bool seat_ok(lt_session *s, int seat, lt_error *err)
{
    if (seat < 0 || seat >= s->nseats) {
        ses_say(s, err, _("there is no seat %d"), seat + 1);
        return false;
    }
    if (!lt_session_in_game(s, seat)) {
        char who[64];
        ses_say(s, err, _("%s is out of the game"),
                name_of(s, seat, who, sizeof who));
        return false;
    }
    return true;
}

/* ---- Commands ---------------------------------------------------------- */

bool lt_session_tick(lt_session *s)
{
    if (s->end != LT_END_NONE || s->running < 0 || s->tc.kind == LT_TC_NONE)
        return false;
    int seat = s->running;
    if (clk_left(s, seat) > 0)
        return false;
    int64_t keep = s->clock[seat];
    s->clock[seat] = 0;
    s->since = ses_now(s);
    char line[256];
    clocks_line(s, line, sizeof line);
    if (jnl_line(s, line, NULL) != LT_OK) {
        s->clock[seat] = keep; /* not on disk: try again next time */
        return false;
    }
    lt_event ev = event_of(s, LT_EV_FLAG, seat);
    push_event(s, &ev);
    ses_leave_or_end(s, seat, LT_END_TIME, NULL);
    return true;
}

/* Is it this seat's turn (or, at a dice roll, its throw)? */
static bool turn_ok(lt_session *s, int seat, lt_error *err)
{
    const lt_state *now = ses_state(s, s->nplies);
    int to = s->g->current_player(now);
    char who[64], whose[64];
    if (to >= 0 && seat != to) {
        if (seat >= 0 && seat < s->nseats)
            ses_say(s, err, _("%s cannot move now: %s is to move"),
                    name_of(s, seat, who, sizeof who),
                    name_of(s, to, whose, sizeof whose));
        else
            ses_say(s, err, _("%s is to move"),
                    name_of(s, to, whose, sizeof whose));
        return false;
    }
    int thrower = to == LT_CHANCE && s->g->thrower ? s->g->thrower(now) : -1;
    if (seat != LT_CHANCE && thrower >= 0 && seat != thrower) {
        ses_say(s, err, _("the dice are %s's to throw"),
                name_of(s, thrower, whose, sizeof whose));
        return false;
    }
    return true;
}

lt_status lt_session_play(lt_session *s, int seat, lt_action a, lt_error *err)
{
    if (!in_play(s, err) || !turn_ok(s, seat, err))
        return LT_EILLEGAL;
    const lt_state *now = ses_state(s, s->nplies);
    if (!lt_is_legal(s->g, now, a)) {
        char name[LT_PLY_NAME];
        ses_say(s, err, _("%s is not legal here"),
                lt_name(s->g, now, a, name, sizeof name));
        return LT_EILLEGAL;
    }
    lt_status st = ses_ply(s, a, -1, -1, err);
    if (st == LT_OK)
        s->nredo = 0;
    return st;
}

lt_status lt_session_move(lt_session *s, int seat, const char *text,
                          lt_error *err)
{
    if (!in_play(s, err) || !turn_ok(s, seat, err))
        return LT_EILLEGAL;
    lt_action a;
    lt_error e = {0};
    if (lt_parse(s->g, ses_state(s, s->nplies), text, &a, &e) != LT_OK) {
        if (err)
            *err = e;
        return LT_EILLEGAL;
    }
    return lt_session_play(s, seat, a, err);
}

/* Does the computer in this seat take a draw?  When the game's
 * evaluation gives it no more than the draw would. */
static bool computer_takes_draw(const lt_session *s, int seat)
{
    double v[LT_MAX_PLAYERS] = {0}, draw[LT_MAX_PLAYERS];
    if (!lt_evaluate(s->g, ses_state(s, s->nplies), v))
        return false;
    share(s->nseats, in_mask(s), draw);
    return v[seat] <= draw[seat] + 1e-9;
}

lt_status lt_session_step(lt_session *s, lt_think_info *info, lt_error *err)
{
    if (lt_session_tick(s))
        return LT_OK;
    if (!in_play(s, err))
        return LT_EILLEGAL;
    const lt_state *now = ses_state(s, s->nplies);
    int to = s->g->current_player(now);
    if (to == LT_CHANCE) {
        lt_action a = lt_chance_draw(s->g, now, s->hdr.seed, (uint64_t)s->nplies);
        return lt_session_play(s, LT_CHANCE, a, err);
    }
    char who[64];
    if (s->seats[to].kind != LT_SEAT_COMPUTER) {
        ses_say(s, err, _("%s is to move: a person, not the computer"),
                name_of(s, to, who, sizeof who));
        return LT_EILLEGAL;
    }
    /* a computer claims a draw as soon as it may, so its games end */
    char why[128];
    if (lt_session_claimable(s, why, sizeof why))
        return ses_end(s, LT_END_CLAIM, to, err);
    lt_limits lim;
    double clocks[LT_MAX_PLAYERS];
    lt_session_limits(s, to, &lim, clocks);
    lt_player *pl = lt_session_player(s, to);
    if (!pl) {
        lt_error_set(err, "%s: out of memory", name_of(s, to, who, sizeof who));
        return LT_ENOMEM;
    }
    lt_action a = lt_player_choose(pl, now,
                                   lt_choice_seed(s->hdr.seed, (uint64_t)s->nplies),
                                   &lim, info);
    if (a == LT_NO_ACTION) {
        lt_error_set(err, "%s: %s", name_of(s, to, who, sizeof who),
                     lt_player_error(pl));
        return LT_EIO;
    }
    if (lt_session_tick(s)) /* its time ran out while it thought */
        return LT_OK;
    return lt_session_play(s, to, a, err);
}

lt_status lt_session_resign(lt_session *s, int seat, lt_error *err)
{
    if (!in_play(s, err) || !seat_ok(s, seat, err))
        return LT_EILLEGAL;
    return ses_leave_or_end(s, seat, LT_END_RESIGN, err);
}

lt_status lt_session_abandon(lt_session *s, int seat, lt_error *err)
{
    if (!in_play(s, err) || !seat_ok(s, seat, err))
        return LT_EILLEGAL;
    return ses_leave_or_end(s, seat, LT_END_ABANDON, err);
}

/* Takes back the seat's last decision and all after it. */
static lt_status take_back(lt_session *s, int seat, bool keep_redo,
                           lt_error *err)
{
    int k = last_decision(s, seat), n = s->nplies;
    if (k < 0) {
        ses_say(s, err, _("there is no move of yours to take back"));
        return LT_EILLEGAL;
    }
    if (keep_redo && s->nredo + (n - k) > s->redo_cap) {
        int cap = s->redo_cap * 2 + (n - k) + 16;
        lt_action *r = realloc(s->redo, (size_t)cap * sizeof *r);
        if (!r) {
            lt_error_set(err, "out of memory");
            return LT_ENOMEM;
        }
        s->redo = r;
        s->redo_cap = cap;
    }
    /* the journal first, rewritten without them */
    lt_end end = s->end;
    int end_seat = s->end_seat;
    double score[LT_MAX_PLAYERS];
    memcpy(score, s->score, sizeof score);
    lt_offer_kind offer = s->offer;
    s->nplies = k;
    s->end = LT_END_NONE;
    s->end_seat = -1;
    memset(s->score, 0, sizeof s->score);
    s->offer = LT_OFFER_NONE;
    if (!s->replaying && jnl_rewrite(s, err) != LT_OK) {
        s->nplies = n;
        s->end = end;
        s->end_seat = end_seat;
        memcpy(s->score, score, sizeof score);
        s->offer = offer;
        return LT_EIO;
    }
    if (keep_redo) /* the first to redo on top */
        for (int i = n - 1; i >= k; i--)
            s->redo[s->nredo++] = s->plies[i].action;
    else
        s->nredo = 0;
    resync_players(s);
    restart_clock(s);
    lt_event ev = event_of(s, LT_EV_UNDONE, seat);
    ev.ply = k;
    push_event(s, &ev);
    claimable_event(s);
    return LT_OK;
}

lt_status ses_make_answer(lt_session *s, int seat, bool accept, lt_error *err)
{
    char line[64];
    snprintf(line, sizeof line, "{[%%answer %d %s]}", seat + 1,
             accept ? "accept" : "decline");
    if (jnl_line(s, line, err) != LT_OK)
        return LT_EIO;
    lt_event ev = event_of(s, LT_EV_ANSWERED, seat);
    ev.offer = s->offer;
    ev.accepted = accept;
    push_event(s, &ev);
    if (!accept) {
        s->offer = LT_OFFER_NONE;
        return LT_OK;
    }
    s->agreed |= 1u << seat;
    if ((s->agreed & in_mask(s)) != in_mask(s))
        return LT_OK;
    lt_offer_kind kind = s->offer;
    int from = s->offer_from;
    s->offer = LT_OFFER_NONE;
    if (kind == LT_OFFER_DRAW)
        return ses_end(s, LT_END_AGREEMENT, from, err);
    return take_back(s, from, false, err);
}

lt_status ses_make_offer(lt_session *s, int seat, lt_offer_kind kind,
                         lt_error *err)
{
    char line[64];
    snprintf(line, sizeof line, "{[%%offer %s %d]}",
             kind == LT_OFFER_DRAW ? "draw" : "takeback", seat + 1);
    if (jnl_line(s, line, err) != LT_OK)
        return LT_EIO;
    s->offer = kind;
    s->offer_from = seat;
    s->agreed = 1u << seat;
    lt_event ev = event_of(s, LT_EV_OFFERED, seat);
    ev.offer = kind;
    push_event(s, &ev);
    if (s->replaying)
        return LT_OK; /* the answers are in the journal */
    /* the computers answer at once (an answer that cannot be written is
     * not given: the offer stands, and the offer itself was made) */
    for (int i = 0; i < s->nseats && s->offer != LT_OFFER_NONE; i++)
        if (!person(s, i) && (in_mask(s) >> i & 1)) {
            bool yes = kind == LT_OFFER_TAKEBACK || computer_takes_draw(s, i);
            if (ses_make_answer(s, i, yes, NULL) != LT_OK)
                break;
        }
    return LT_OK;
}

lt_status lt_session_offer(lt_session *s, int seat, lt_offer_kind kind,
                           lt_error *err)
{
    if (!in_play(s, err) || !seat_ok(s, seat, err))
        return LT_EILLEGAL;
    if (kind != LT_OFFER_DRAW && kind != LT_OFFER_TAKEBACK) {
        lt_error_set(err, "not an offer");
        return LT_EILLEGAL;
    }
    if (!person(s, seat)) {
        ses_say(s, err, _("a computer makes no offers"));
        return LT_EILLEGAL;
    }
    if (s->offer != LT_OFFER_NONE) {
        /* the same offer from the other side is a yes */
        if (s->offer == kind && !(s->agreed >> seat & 1))
            return ses_make_answer(s, seat, true, err);
        ses_say(s, err, _("an offer is waiting for an answer (accept or decline)"));
        return LT_EILLEGAL;
    }
    if (kind == LT_OFFER_TAKEBACK && last_decision(s, seat) < 0) {
        ses_say(s, err, _("there is no move of yours to take back"));
        return LT_EILLEGAL;
    }
    return ses_make_offer(s, seat, kind, err);
}

lt_status lt_session_answer(lt_session *s, int seat, bool accept, lt_error *err)
{
    if (!in_play(s, err) || !seat_ok(s, seat, err))
        return LT_EILLEGAL;
    if (s->offer == LT_OFFER_NONE) {
        ses_say(s, err, _("nothing has been offered"));
        return LT_EILLEGAL;
    }
    if (s->agreed >> seat & 1) {
        if (seat == s->offer_from)
            ses_say(s, err, _("that is your own offer"));
        else
            ses_say(s, err, _("you have already accepted"));
        return LT_EILLEGAL;
    }
    if (!person(s, seat)) {
        ses_say(s, err, _("the computer has answered already"));
        return LT_EILLEGAL;
    }
    return ses_make_answer(s, seat, accept, err);
}

lt_status lt_session_claim(lt_session *s, int seat, const char *move,
                           lt_error *err)
{
    if (!in_play(s, err) || !seat_ok(s, seat, err))
        return LT_EILLEGAL;
    const lt_game *g = s->g;
    int to = lt_session_to_act(s);
    char whose[64], why[128];
    if (seat != to) {
        ses_say(s, err, _("only the player to move may claim a draw (%s)"),
                to >= 0 ? name_of(s, to, whose, sizeof whose) : "-");
        return LT_EILLEGAL;
    }
    if (!g->claimable) {
        ses_say(s, err, _("this game has no draws to claim"));
        return LT_EILLEGAL;
    }
    if (!move) {
        if (!g->claimable(ses_state(s, s->nplies), why, sizeof why)) {
            ses_say(s, err, _("there is no draw to claim now"));
            return LT_EILLEGAL;
        }
        return ses_end(s, LT_END_CLAIM, seat, err);
    }
    /* FIDE 9.2.1: the move that brings the third occurrence (or the
     * fiftieth move), then the claim */
    lt_action a;
    lt_error e = {0};
    const lt_state *now = ses_state(s, s->nplies);
    if (lt_parse(g, now, move, &a, &e) != LT_OK) {
        if (err)
            *err = e;
        return LT_EILLEGAL;
    }
    lt_state *after = lt_state_new(g);
    if (!after) {
        lt_error_set(err, "out of memory");
        return LT_ENOMEM;
    }
    lt_state_copy(g, after, now);
    g->apply(after, a);
    bool good = g->current_player(after) != LT_TERMINAL &&
                g->claimable(after, why, sizeof why);
    lt_state_free(after);
    if (!good) {
        ses_say(s, err, _("%s would give no draw to claim"), move);
        return LT_EILLEGAL;
    }
    lt_status st = lt_session_play(s, seat, a, err);
    if (st != LT_OK || s->end != LT_END_NONE)
        return st;
    return ses_end(s, LT_END_CLAIM, seat, err);
}

lt_status lt_session_abort(lt_session *s, int seat, lt_error *err)
{
    if (!in_play(s, err) || !seat_ok(s, seat, err))
        return LT_EILLEGAL;
    if (!person(s, seat)) {
        ses_say(s, err, _("a computer does not abort games"));
        return LT_EILLEGAL;
    }
    unsigned moved = 0;
    for (int k = 0; k < s->nplies; k++)
        if (s->plies[k].seat >= 0)
            moved |= 1u << s->plies[k].seat;
    if ((moved & in_mask(s)) == in_mask(s)) {
        ses_say(s, err, _("everyone has moved: too late to abort (resign, or "
                        "offer a draw)"));
        return LT_EILLEGAL;
    }
    return ses_end(s, LT_END_ABORT, seat, err);
}

/* Undo and redo are for a game against the computer alone. */
static bool alone(lt_session *s, int seat, lt_error *err)
{
    for (int i = 0; i < s->nseats; i++)
        if (i != seat && (in_mask(s) >> i & 1) && person(s, i)) {
            ses_say(s, err, _("undo is for games against the computer; ask the "
                            "others with takeback"));
            return false;
        }
    if (!person(s, seat)) {
        ses_say(s, err, _("a computer does not take back its moves"));
        return false;
    }
    return true;
}

lt_status lt_session_undo(lt_session *s, int seat, lt_error *err)
{
    lt_session_tick(s);
    /* after the rules' own end (a mate) the computer lets one take back;
     * not after a resignation, a flag or an agreement */
    if (s->end != LT_END_NONE && s->end != LT_END_RULES)
        return in_play(s, err) ? LT_OK : LT_EILLEGAL;
    if (!seat_ok(s, seat, err) || !alone(s, seat, err))
        return LT_EILLEGAL;
    return take_back(s, seat, true, err);
}

lt_status lt_session_redo(lt_session *s, int seat, lt_error *err)
{
    if (!in_play(s, err) || !seat_ok(s, seat, err) || !alone(s, seat, err))
        return LT_EILLEGAL;
    if (s->nredo == 0) {
        ses_say(s, err, _("there is nothing to play again"));
        return LT_EILLEGAL;
    }
    /* the seat's move again, then what followed it up to its next */
    int played = 0;
    while (s->nredo > 0 && s->end == LT_END_NONE) {
        int to = lt_session_to_act(s);
        if (played && to >= 0 && person(s, to))
            break;
        lt_action a = s->redo[s->nredo - 1];
        if (!lt_is_legal(s->g, ses_state(s, s->nplies), a)) {
            s->nredo = 0; /* the game has gone elsewhere */
            break;
        }
        lt_status st = ses_ply(s, a, 0, -1, err);
        if (st != LT_OK)
            return st;
        s->nredo--;
        played++;
    }
    return LT_OK;
}

lt_status lt_session_save(lt_session *s, const char *path, lt_error *err)
{
    if (!path || (s->path && !strcmp(path, s->path))) {
        if (!s->path) {
            ses_say(s, err, _("no file to save to"));
            return LT_EIO;
        }
        return jnl_rewrite(s, err);
    }
    if (!s->path)
        return jnl_create(s, path, err);
    char *text = jnl_text(s, err);
    if (!text)
        return LT_ENOMEM;
    lt_status st = lt_write_file_atomic(path, text, strlen(text), !s->nosync, err);
    free(text);
    return st;
}

const char *lt_session_journal(const lt_session *s)
{
    return s->path;
}

void lt_session_set_sync(lt_session *s, bool each_line)
{
    s->nosync = !each_line;
}

void ses_set_clocks(lt_session *s, const int64_t *clocks)
{
    for (int i = 0; i < s->nseats; i++)
        s->clock[i] = clocks[i];
    s->since = ses_now(s);
}

/* ---- Events ------------------------------------------------------------ */

bool lt_session_event(lt_session *s, lt_event *out)
{
    if (s->ev_count == 0)
        return false;
    *out = s->events[s->ev_first];
    s->ev_first = (s->ev_first + 1) % LT_SESSION_EVENTS;
    s->ev_count--;
    return true;
}

int lt_session_events_lost(const lt_session *s)
{
    return s->ev_lost;
}

/* ---- Queries ----------------------------------------------------------- */

const lt_game *lt_session_game(const lt_session *s) { return s->g; }
const lt_config *lt_session_config(const lt_session *s) { return &s->hdr.config; }
uint64_t lt_session_seed(const lt_session *s) { return s->hdr.seed; }
int lt_session_seats(const lt_session *s) { return s->nseats; }
int lt_session_plies(const lt_session *s) { return s->nplies; }

const lt_state *lt_session_state(const lt_session *s)
{
    return ses_state(s, s->nplies);
}

const lt_state *lt_session_state_at(const lt_session *s, int k)
{
    return k >= 0 && k <= s->nplies ? ses_state(s, k) : NULL;
}

const lt_ply *lt_session_ply(const lt_session *s, int k)
{
    return k >= 0 && k < s->nplies ? &s->plies[k] : NULL;
}

int lt_session_to_act(const lt_session *s)
{
    return s->end != LT_END_NONE ? LT_TERMINAL
                                 : s->g->current_player(ses_state(s, s->nplies));
}

const lt_seat *lt_session_seat(const lt_session *s, int seat)
{
    return seat >= 0 && seat < s->nseats ? &s->seats[seat] : NULL;
}

const char *lt_session_seat_name(const lt_session *s, int seat, char *buf, size_t size)
{
    if (seat >= 0 && seat < s->nseats && s->seats[seat].name[0])
        lt_copy(buf, size, s->seats[seat].name);
    else
        lt_seat_name(s->g, seat, buf, size);
    return buf;
}

bool lt_session_in_game(const lt_session *s, int seat)
{
    return seat >= 0 && seat < s->nseats && (in_mask(s) >> seat & 1);
}

lt_player *lt_session_player(lt_session *s, int seat)
{
    if (seat < 0 || seat >= s->nseats || s->seats[seat].kind != LT_SEAT_COMPUTER)
        return NULL;
    lt_player *pl = s->players[seat];
    if (pl)
        return pl;
    lt_error err = {0};
    pl = lt_player_new(s->g, s->seats[seat].spec, &err);
    if (!pl)
        return NULL;
    /* it sees the game so far, as if it had been there from the start */
    lt_player_new_game(pl, ses_state(s, 0));
    for (int k = 0; k < s->nplies; k++)
        lt_player_observe(pl, ses_state(s, k), s->plies[k].action);
    if (s->nleaves > 0) /* a seat left: a position no action led to */
        lt_player_new_game(pl, ses_state(s, s->nplies));
    s->players[seat] = pl;
    return pl;
}

const char *lt_session_tag(const lt_session *s, const char *key)
{
    for (int i = 0; i < s->hdr.nextra; i++)
        if (!strcmp(s->hdr.extra[i].key, key))
            return s->hdr.extra[i].value;
    return NULL;
}

lt_status lt_session_set_tag(lt_session *s, const char *key, const char *value,
                             lt_error *err)
{
    lt_record_set_tag(&s->hdr, key, value);
    return s->fd >= 0 ? jnl_rewrite(s, err) : LT_OK;
}


bool lt_session_must_answer(const lt_session *s, int seat)
{
    return s->offer != LT_OFFER_NONE && seat >= 0 && seat < s->nseats &&
           (in_mask(s) >> seat & 1) && !(s->agreed >> seat & 1) &&
           person(s, seat);
}

int lt_session_answerer(const lt_session *s)
{
    for (int i = 0; i < s->nseats; i++)
        if (lt_session_must_answer(s, i))
            return i;
    return -1;
}

lt_offer_kind lt_session_offer_pending(const lt_session *s, int *from)
{
    if (from)
        *from = s->offer != LT_OFFER_NONE ? s->offer_from : -1;
    return s->offer;
}

bool lt_session_claimable(const lt_session *s, char *buf,
                          size_t size)
{
    if (s->end != LT_END_NONE || !s->g->claimable ||
        s->g->current_player(ses_state(s, s->nplies)) < 0)
        return false;
    return s->g->claimable(ses_state(s, s->nplies), buf, size);
}

const lt_time_control *lt_session_time_control(const lt_session *s)
{
    return &s->tc;
}

int64_t lt_session_clock(const lt_session *s, int seat)
{
    return clk_left(s, seat);
}

void lt_session_limits(const lt_session *s, int seat, lt_limits *lim,
                       double clocks[LT_MAX_PLAYERS])
{
    memset(lim, 0, sizeof *lim);
    if (s->tc.kind == LT_TC_NONE || seat < 0 || seat >= s->nseats)
        return;
    if (s->tc.kind == LT_TC_FISCHER || s->tc.kind == LT_TC_DELAY) {
        for (int i = 0; i < LT_MAX_PLAYERS; i++)
            clocks[i] = i < s->nseats ? (double)clk_left(s, i) / 1000 : 0;
        lim->clocks = clocks;
        lim->increment = (double)s->tc.extra / 1000;
        /* for a search that does not plan from the clocks: a share of
         * what is left, as if twenty moves remained, and most of what
         * comes back after the move */
        double left = clocks[seat], t = left / 20 + lim->increment * 0.8;
        lim->seconds = t < left / 2 ? t : left / 2;
    } else {
        /* a time for each move: think half of it, to be safe */
        lim->seconds = (double)clk_left(s, seat) / 2000;
    }
    if (!(lim->seconds >= 0.001)) /* zero would be no limit at all */
        lim->seconds = 0.001;
}

lt_end lt_session_end(const lt_session *s, int *seat)
{
    if (seat)
        *seat = s->end_seat;
    return s->end;
}

void lt_session_scores(const lt_session *s, double *out)
{
    memcpy(out, s->score, sizeof *out * (size_t)s->nseats);
}

int lt_session_result_token(const lt_session *s, char *buf, size_t size)
{
    if (s->end == LT_END_NONE || s->end == LT_END_ABORT)
        return snprintf(buf, size, "*");
    const double *r = s->score;
    if (s->nseats == 2) {
        static const struct { double a, b; const char *text; } pgn[] = {
            {1, -1, "1-0"}, {-1, 1, "0-1"}, {0, 0, "1/2-1/2"}};
        for (size_t i = 0; i < sizeof pgn / sizeof pgn[0]; i++)
            if (r[0] == pgn[i].a && r[1] == pgn[i].b)
                return snprintf(buf, size, "%s", pgn[i].text);
    }
    size_t len = 0;
    if (size)
        buf[0] = '\0';
    for (int i = 0; i < s->nseats; i++)
        lt_appendf(buf, size, &len, "%s%g", i ? " " : "", r[i]);
    return (int)len;
}

int lt_session_result_text(const lt_session *s, char *buf,
                           size_t size)
{
    return txt_result(s, buf, size);
}

/* ---- The move list ----------------------------------------------------- */

int lt_session_rows(const lt_session *s)
{
    return s->nplies ? s->plies[s->nplies - 1].row : 0;
}

bool lt_session_row(const lt_session *s, int number, lt_row *out)
{
    if (number < 1 || number > lt_session_rows(s))
        return false;
    int lo = 0, hi = s->nplies - 1;
    while (lo < hi) { /* the first ply of the row */
        int mid = (lo + hi) / 2;
        if (s->plies[mid].row < number)
            lo = mid + 1;
        else
            hi = mid;
    }
    memset(out, 0, sizeof *out);
    out->number = number;
    out->first = lo;
    for (int k = lo; k < s->nplies && s->plies[k].row == number; k++) {
        int c = s->plies[k].col;
        if (!out->cell[c].count)
            out->cell[c].first = k;
        out->cell[c].count++;
        out->count++;
    }
    return true;
}

int lt_session_cell_text(const lt_session *s, const lt_row *row, int seat,
                         char *buf, size_t size)
{
    size_t len = 0;
    if (size)
        buf[0] = '\0';
    if (seat < 0 || seat >= LT_MAX_PLAYERS)
        return 0;
    for (int i = 0; i < row->cell[seat].count; i++) {
        char name[LT_PLY_NAME];
        lt_appendf(buf, size, &len, "%s%s", i ? " " : "",
                   lt_session_ply_shown(s, row->cell[seat].first + i, name,
                                        sizeof name));
    }
    return (int)len;
}

const char *lt_session_ply_shown(const lt_session *s, int k, char *buf,
                                 size_t size)
{
    if (k < 0 || k >= s->nplies || !s->g->display_name) {
        lt_copy(buf, size, k >= 0 && k < s->nplies ? s->plies[k].name : "");
        return buf;
    }
    return lt_display_name(s->g, ses_state(s, k), s->plies[k].action, buf,
                           size);
}

int lt_session_row_text(const lt_session *s, int number, char *buf,
                        size_t size)
{
    lt_row row;
    size_t len = 0;
    if (size)
        buf[0] = '\0';
    if (!lt_session_row(s, number, &row))
        return 0;
    char cell[512], who[64];
    if (s->g->numbering == LT_NUMBER_MOVES && s->nseats == 2) {
        /* as PGN: "12. e4 e5", "12... e5" */
        lt_session_cell_text(s, &row, 0, cell, sizeof cell);
        lt_appendf(buf, size, &len, "%d.%s%s", number, cell[0] ? " " : "..",
                   cell);
        lt_session_cell_text(s, &row, 1, cell, sizeof cell);
        if (cell[0])
            lt_appendf(buf, size, &len, " %s", cell);
        return (int)len;
    }
    lt_appendf(buf, size, &len, "%d.", number);
    bool first = true;
    for (int i = 0; i < s->nseats; i++) {
        if (!row.cell[i].count)
            continue;
        lt_session_cell_text(s, &row, i, cell, sizeof cell);
        lt_appendf(buf, size, &len, "%s %s: %s", first ? "" : ";",
                   lt_session_seat_name(s, i, who, sizeof who), cell);
        first = false;
    }
    return (int)len;
}

/* ---- The board ----------------------------------------------------------- */

int lt_session_view_turns(const lt_session *s, int viewer, bool flip)
{
    int turns = 0;
    if (s->g->seat_side && viewer >= 0 && viewer < s->nseats)
        turns = lt_side_turns(s->g->seat_side(ses_state(s, s->nplies), viewer));
    return (turns + (flip ? 2 : 0)) % 4;
}

void lt_session_render_at(const lt_session *s, int ply, int viewer, bool flip,
                          lt_view *v)
{
    if (ply < 0 || ply > s->nplies)
        ply = s->nplies;
    const lt_state *st = ses_state(s, ply);
    memset(v, 0, sizeof *v);
    s->g->render(st, v);
    if (s->g->seat_view && viewer >= 0 && viewer < s->nseats)
        s->g->seat_view(st, viewer, v);
    lt_view_turn(v, lt_session_view_turns(s, viewer, flip));
}

void lt_session_render(const lt_session *s, int viewer, bool flip, lt_view *v)
{
    lt_session_render_at(s, s->nplies, viewer, flip, v);
}
