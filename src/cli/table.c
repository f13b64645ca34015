/* table.c — a game in play at this terminal: the core's session with the
 * hint's adviser, hand-thrown dice and the board's side, and the seat a
 * command typed at the one keyboard comes from. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "table.h"
#include "legend.h"
#include "cli.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"

/* The session's time: a monotonic clock in milliseconds. */
static const lt_time_source monotonic = {cli_now_ms, NULL};

lt_seat table_seat(const char *spec)
{
    lt_seat seat;
    memset(&seat, 0, sizeof seat);
    seat.kind = strcasecmp(spec, "human") ? LT_SEAT_COMPUTER : LT_SEAT_HUMAN;
    if (seat.kind == LT_SEAT_COMPUTER)
        lt_copy(seat.spec, sizeof seat.spec, spec);
    return seat;
}

/* The stream of the game's seed that draws the lots for the first seat
 * (the dice and the computer's choices use theirs, see rng.h). */
static const uint64_t LOTS_STREAM = 1ull << 48;

int cli_draw_first(char specs[][LT_SPEC_MAX], int n, int first, uint64_t seed)
{
    if (first < 0) {
        lt_rng r;
        lt_rng_seed(&r, seed, LOTS_STREAM);
        first = (int)lt_rng_below(&r, (uint64_t)n);
    }
    char rotated[LT_MAX_PLAYERS][LT_SPEC_MAX];
    for (int i = 0; i < n; i++)
        memcpy(rotated[i], specs[(i + first) % n], LT_SPEC_MAX);
    memcpy(specs, rotated, sizeof rotated[0] * (size_t)n);
    return first;
}

/* Puts a game on the table; what the adviser prepared serves on while
 * the game is the same. */
static void put_game(table *t, lt_session *s)
{
    if (t->s && lt_session_game(t->s) != lt_session_game(s)) {
        lt_player_free(t->adviser);
        t->adviser = NULL;
    }
    lt_session_free(t->s);
    t->s = s;
}

lt_status table_new(table *t, lt_session_setup *su, const char *journal,
                    lt_error *err)
{
    su->time = monotonic;
    su->origin = LT_SPEC_TRUSTED; /* named at this terminal */
    su->journal = NULL;           /* below: a failure there is the file's */
    lt_session *s = lt_session_new(su, err);
    if (!s)
        return LT_ESYNTAX;
    if (journal && lt_session_save(s, journal, err) != LT_OK) {
        lt_session_free(s);
        return LT_EIO;
    }
    put_game(t, s);
    return LT_OK;
}

/* Can this seat's spec be played, coming from where it comes from?  A
 * file's engine is refused with what to do instead. */
static lt_status check_spec(const lt_game *g, int seat, const char *spec,
                            lt_spec_origin origin, const char *path,
                            lt_error *err)
{
    if (!spec[0] || !strcasecmp(spec, "human"))
        return LT_OK;
    char quoted[LT_QUOTE_MAX], name[64];
    if (!strcmp(spec, "remote") && origin != LT_SPEC_TRUSTED) {
        /* a network room's player: nobody here plays that seat */
        lt_seat_name(g, seat, name, sizeof name);
        lt_error_set(err, _("%s: seat %d (%s) was played over the network: "
                            "to play on here, name every seat yourself "
                            "(--players SPEC,SPEC...)"),
                      path, seat + 1, name);
        return LT_ESYNTAX;
    }
    if (lt_spec_starts_program(spec)) {
        if (origin == LT_SPEC_TRUSTED)
            return LT_OK; /* started with the game */
        lt_seat_name(g, seat, name, sizeof name);
        lt_error_set(err, _("%s: seat %d (%s) is %s, an engine, and a saved "
                            "game never starts a program: to play on against "
                            "an engine, name every seat yourself (--players "
                            "SPEC,SPEC...)"),
                      path, seat + 1, name, lt_quote(quoted, sizeof quoted, spec));
        return LT_ESYNTAX;
    }
    lt_error e = {0};
    lt_player *p = lt_player_new_from(g, spec, origin, &e);
    if (!p) {
        lt_error_set(err, "%s: %s", path, e.msg);
        return LT_ESYNTAX;
    }
    lt_player_free(p);
    return LT_OK;
}

lt_status table_resume(table *t, const char *path, const lt_seat *seats,
                       int nseats, lt_error *err, lt_error *warning)
{
    lt_record hdr;
    if (lt_session_header(path, &hdr, err) != LT_OK)
        return LT_EIO;
    lt_status st = LT_OK;
    int n = hdr.config.players;
    if (seats && nseats != n) {
        lt_error_set(err,
                     lt_ngettext("--players: the saved game has %d seat, got %d "
                                 "players",
                                 "--players: the saved game has %d seats, got %d "
                                 "players",
                                 (unsigned long)n),
                     n, nseats);
        st = LT_ESYNTAX;
    }
    for (int i = 0; i < n && st == LT_OK; i++)
        st = check_spec(hdr.game, i, seats ? seats[i].spec : hdr.players[i],
                        seats ? LT_SPEC_TRUSTED : LT_SPEC_UNTRUSTED, path, err);
    lt_record_clear(&hdr);
    if (st != LT_OK)
        return st;
    lt_session *s = lt_session_load_seats(path, seats, nseats, &monotonic, err, warning);
    if (!s)
        return LT_EIO;
    put_game(t, s);
    return LT_OK;
}

lt_status table_rematch(table *t, lt_error *err)
{
    lt_session *s = lt_session_rematch(t->s, NULL, err);
    if (!s)
        return LT_ESYNTAX;
    put_game(t, s);
    return LT_OK;
}

void table_close(table *t)
{
    lt_session_free(t->s);
    lt_player_free(t->adviser);
    memset(t, 0, sizeof *t);
}

bool table_person(const table *t, int seat)
{
    const lt_seat *s = lt_session_seat(t->s, seat);
    return s && s->kind == LT_SEAT_HUMAN;
}

int table_people(const table *t)
{
    int n = 0;
    for (int i = 0; i < lt_session_seats(t->s); i++)
        n += table_person(t, i);
    return n;
}

bool table_over(const table *t)
{
    return lt_session_to_act(t->s) == LT_TERMINAL;
}

/* The only person at the table, or TABLE_NOBODY. */
static int only_person(const table *t)
{
    int only = TABLE_NOBODY;
    for (int i = 0; i < lt_session_seats(t->s); i++)
        if (table_person(t, i)) {
            if (only != TABLE_NOBODY)
                return TABLE_NOBODY;
            only = i;
        }
    return only;
}

int table_viewer(const table *t)
{
    int only = only_person(t);
    return only >= 0 ? only : 0;
}

int table_render(const table *t, lt_view *v)
{
    lt_session_render(t->s, table_viewer(t), t->flip, v);
    cli_wrap_links(v); /* a ring's wraps (Medh Kuu Lash's) */
    return lt_session_view_turns(t->s, table_viewer(t), t->flip);
}

int table_seat_for(const table *t, lt_command_id id)
{
    const lt_session *s = t->s;
    int to = lt_session_to_act(s), answerer = lt_session_answerer(s);
    lt_offer_kind pending = lt_session_offer_pending(s, NULL);
    /* at one keyboard the offer made again by the other side is its yes */
    bool answer = id == LT_CMD_ACCEPT || id == LT_CMD_DECLINE ||
                  (id == LT_CMD_DRAW && pending == LT_OFFER_DRAW) ||
                  (id == LT_CMD_TAKEBACK && pending == LT_OFFER_TAKEBACK);
    if (answer && answerer >= 0)
        return answerer;
    if (id == LT_CMD_MOVE && to == LT_CHANCE) /* typed dice; else thrown */
        return t->dice_manual ? LT_CHANCE : TABLE_NOBODY;
    if (id == LT_CMD_TAKEBACK) /* who made the last move asks */
        for (int k = lt_session_plies(s) - 1; k >= 0; k--) {
            const lt_ply *p = lt_session_ply(s, k);
            if (!p->chance && table_person(t, p->seat))
                return p->seat;
        }
    return table_person(t, to) ? to : only_person(t);
}

lt_status table_command(table *t, lt_command_id id, const char *arg,
                        char *note, size_t size, lt_error *err)
{
    lt_session *s = t->s;
    note[0] = '\0';
    if (id == LT_CMD_SAVE && !arg[0] && !lt_session_journal(s)) {
        lt_error_set(err, "%s", _("save needs a file name: save FILE"));
        return LT_ESYNTAX;
    }
    int seat = table_seat_for(t, id), before = lt_session_plies(s);
    if (seat == TABLE_NOBODY && id != LT_CMD_SAVE) {
        lt_error_set(err, "%s", _("It is not your move."));
        return LT_EILLEGAL;
    }
    /* the last plies by name, to say what a takeback took */
    enum { NAMED = 24 };
    char taken[NAMED][LT_PLY_NAME];
    bool chance[NAMED], dice = false;
    for (int k = before > NAMED ? before - NAMED : 0; k < before; k++) {
        lt_session_ply_shown(s, k, taken[k % NAMED], LT_PLY_NAME);
        chance[k % NAMED] = lt_session_ply(s, k)->chance;
    }
    /* a move as typed: as shown here ("Sf3" in Polish), or the notation */
    char notation[LT_PLY_NAME];
    if (id == LT_CMD_MOVE && arg[0] && seat >= 0) {
        const lt_game *g = lt_session_game(s);
        lt_action a;
        if (lt_parse_typed(g, lt_session_state(s), arg, &a, err) != LT_OK)
            return LT_EILLEGAL;
        arg = lt_name(g, lt_session_state(s), a, notation, sizeof notation);
    }
    lt_status st = lt_session_command(s, seat, id, arg, err);
    if (st != LT_OK)
        return st;
    int after = lt_session_plies(s);
    if (id == LT_CMD_SAVE) {
        snprintf(note, size, _("Saved to %s."),
                 arg[0] ? arg : lt_session_journal(s));
    } else if (after < before) {
        /* every ply it took, by name (the oldest ones named cut short),
         * and that the dice come back the same on redo */
        size_t len = 0;
        lt_appendf(note, size, &len,
                   lt_ngettext("Took back %d move:", "Took back %d moves:",
                               (unsigned long)(before - after)),
                   before - after);
        if (before - after > NAMED)
            lt_appendf(note, size, &len, " ...");
        for (int k = before - after > NAMED ? before - NAMED : after; k < before; k++) {
            lt_appendf(note, size, &len, " %s", taken[k % NAMED]);
            dice |= chance[k % NAMED];
        }
        lt_appendf(note, size, &len, ".");
        if (dice)
            lt_appendf(note, size, &len, "%s",
                       _(" Redo throws the same dice again."));
    } else if (id == LT_CMD_REDO) {
        snprintf(note, size,
                 lt_ngettext("Played again %d move.", "Played again %d moves.",
                             (unsigned long)(after - before)),
                 after - before);
    }
    return LT_OK;
}

uint64_t table_choice_seed(const table *t)
{
    return lt_choice_seed(lt_session_seed(t->s),
                          (uint64_t)lt_session_plies(t->s));
}

bool table_computer_claims(table *t, lt_error *err)
{
    int to = lt_session_to_act(t->s);
    char why[128];
    if (to < 0 || table_person(t, to) ||
        !lt_session_claimable(t->s, why, sizeof why))
        return false;
    return lt_session_step(t->s, NULL, err) == LT_OK;
}

lt_status table_computer_move(table *t, int seat, lt_action a, lt_error *err)
{
    /* the time it thought counts: its flag may have fallen meanwhile */
    if (lt_session_tick(t->s) || lt_session_to_act(t->s) != seat)
        return LT_OK;
    return lt_session_play(t->s, seat, a, err);
}

lt_player *table_adviser(table *t, lt_error *err)
{
    if (!t->adviser)
        t->adviser = lt_player_new(lt_session_game(t->s), TABLE_HINT_SPEC, err);
    if (t->adviser)
        lt_player_new_game(t->adviser, lt_session_state(t->s));
    return t->adviser;
}
