/* session.c — a game being played: seats, record, position, undo and
 * redo, resigning, saving and loading, the dice of the seed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "session.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"

/* The record's tag for a resignation: the seat, counted from 1. */
static const char RESIGNED_TAG[] = "Resigned";

/* Sets the position to the first n actions of the record, showing every
 * player the game from its start. */
static lt_status rebuild(session *se, int n, lt_error *err)
{
    const lt_game *g = se->game;
    lt_status st = lt_record_replay(&se->rec, 0, se->state, err);
    if (st != LT_OK)
        return st;
    for (int i = 0; i < se->rec.config.players; i++)
        lt_player_new_game(se->players[i], se->state);
    for (int k = 0; k < n; k++) {
        lt_action a = se->rec.actions[k];
        if (!lt_is_legal(g, se->state, a)) {
            lt_error_set(err, "action %d of the record is not legal", k + 1);
            return LT_EILLEGAL;
        }
        for (int i = 0; i < se->rec.config.players; i++)
            lt_player_observe(se->players[i], se->state, a);
        g->apply(se->state, a);
    }
    se->rec.nactions = n;
    return LT_OK;
}

static int tag_index(const lt_record *rec, const char *key)
{
    for (int i = 0; i < rec->nextra; i++)
        if (!strcmp(rec->extra[i].key, key))
            return i;
    return -1;
}

static void drop_tag(lt_record *rec, const char *key)
{
    int i = tag_index(rec, key);
    if (i < 0)
        return;
    memmove(&rec->extra[i], &rec->extra[i + 1],
            (size_t)(rec->nextra - i - 1) * sizeof rec->extra[0]);
    rec->nextra--;
}

/* A saved game names an engine for a seat: it is not started (a file
 * never chooses a program to run); the message says what to do. */
static void refuse_program(const session *se, int seat, const char *spec,
                           lt_error *err)
{
    char quoted[LT_QUOTE_MAX], name[64];
    lt_quote(quoted, sizeof quoted, spec);
    lt_seat_name(se->game, seat, cli_lang, name, sizeof name);
    lt_error_set(err, T("seat %d (%s) is %s, an engine, and a saved game never "
                        "starts a program: to play on against an engine, name "
                        "every seat yourself (--players SPEC,SPEC...)",
                        "miejsce %d (%s) zajmuje %s, silnik, a zapisana partia "
                        "nigdy nie uruchamia programów: aby grać dalej z "
                        "silnikiem, podaj sam graczy wszystkich miejsc "
                        "(--players GRACZ,GRACZ...)"),
                  seat + 1, name, quoted);
}

lt_status session_open(session *se, lt_record *rec, lt_spec_origin origin,
                       lt_error *err)
{
    memset(se, 0, sizeof *se);
    se->game = rec->game;
    se->rec = *rec; /* the session owns the record from now on */
    memset(rec, 0, sizeof *rec);
    se->resigned = -1;
    lt_status st = LT_OK;
    for (int i = 0; i < se->rec.config.players && st == LT_OK; i++) {
        const char *spec = se->rec.players[i][0] ? se->rec.players[i] : "ai";
        if (origin != LT_SPEC_TRUSTED && lt_spec_starts_program(spec)) {
            refuse_program(se, i, spec, err);
            st = LT_ESYNTAX;
            break;
        }
        se->players[i] = lt_player_new_from(se->game, spec, origin, err);
        if (!se->players[i])
            st = LT_ESYNTAX;
        else
            lt_copy(se->rec.players[i], LT_SPEC_MAX, spec);
    }
    if (st == LT_OK && !(se->state = lt_state_new(se->game))) {
        lt_error_set(err, "out of memory");
        st = LT_ENOMEM;
    }
    if (st == LT_OK)
        st = rebuild(se, se->rec.nactions, err);
    int t = tag_index(&se->rec, RESIGNED_TAG);
    long long seat;
    if (st == LT_OK && t >= 0 &&
        lt_parse_int(se->rec.extra[t].value, 1, se->rec.config.players, &seat))
        se->resigned = (int)seat - 1;
    if (st != LT_OK)
        session_close(se);
    return st;
}

void session_close(session *se)
{
    for (int i = 0; i < LT_MAX_PLAYERS; i++)
        lt_player_free(se->players[i]);
    lt_player_free(se->adviser);
    lt_state_free(se->state);
    lt_record_clear(&se->rec);
    free(se->undone);
    memset(se, 0, sizeof *se);
    se->resigned = -1;
}

int session_to_move(const session *se)
{
    return se->game->current_player(se->state);
}

bool session_is_human(const session *se, int seat)
{
    return seat >= 0 && seat < se->rec.config.players &&
           lt_player_is_human(se->players[seat]);
}

bool session_has_human(const session *se)
{
    for (int i = 0; i < se->rec.config.players; i++)
        if (session_is_human(se, i))
            return true;
    return false;
}

bool session_over(const session *se)
{
    return se->resigned >= 0 || session_to_move(se) == LT_TERMINAL;
}

lt_status session_save(session *se, const char *path, lt_error *err)
{
    return lt_record_save(&se->rec, path ? path : se->save_path, err);
}

static lt_status autosave(session *se, lt_error *err)
{
    if (se->autosave && se->save_path[0])
        return session_save(se, NULL, err);
    return LT_OK;
}

/* Plays an action without touching what redo remembers. */
static lt_status play(session *se, lt_action a, lt_error *err)
{
    if (lt_record_push(&se->rec, a) != LT_OK) {
        lt_error_set(err, "out of memory");
        return LT_ENOMEM;
    }
    for (int i = 0; i < se->rec.config.players; i++)
        lt_player_observe(se->players[i], se->state, a);
    se->game->apply(se->state, a);
    return LT_OK;
}

lt_status session_step(session *se, lt_action a, lt_error *err)
{
    if (session_over(se) || !lt_is_legal(se->game, se->state, a)) {
        lt_error_set(err, "that action is not possible now");
        return LT_EILLEGAL;
    }
    lt_status st = play(se, a, err);
    if (st != LT_OK)
        return st;
    se->nundone = 0;
    return autosave(se, err);
}

int session_undo(session *se, lt_error *err)
{
    const lt_game *g = se->game;
    int n = se->rec.nactions, back = -1;
    lt_state *s = lt_state_new(g);
    if (!s) {
        lt_error_set(err, "out of memory");
        return -1;
    }
    /* the latest position before now with a person to move */
    for (int k = n - 1; k >= 0 && back < 0; k--) {
        if (lt_record_replay(&se->rec, k, s, err) != LT_OK)
            break;
        if (session_is_human(se, g->current_player(s)))
            back = k;
    }
    lt_state_free(s);
    if (back < 0)
        return 0;
    if (se->nundone + (n - back) > se->undone_cap) {
        int cap = se->undone_cap * 2 + n - back + 16;
        lt_action *grown = realloc(se->undone, (size_t)cap * sizeof *grown);
        if (!grown) {
            lt_error_set(err, "out of memory");
            return -1;
        }
        se->undone = grown;
        se->undone_cap = cap;
    }
    /* keep what is taken back, the first to redo on top */
    for (int k = n - 1; k >= back; k--)
        se->undone[se->nundone++] = se->rec.actions[k];
    if (rebuild(se, back, err) != LT_OK)
        return -1;
    se->resigned = -1;
    drop_tag(&se->rec, RESIGNED_TAG);
    return autosave(se, err) == LT_OK ? n - back : -1;
}

int session_redo(session *se, lt_error *err)
{
    int done = 0;
    while (se->nundone > 0 && !session_over(se)) {
        lt_action a = se->undone[se->nundone - 1];
        if (!lt_is_legal(se->game, se->state, a)) {
            se->nundone = 0; /* the game has gone elsewhere */
            break;
        }
        if (play(se, a, err) != LT_OK)
            return -1;
        se->nundone--;
        done++;
        if (session_is_human(se, session_to_move(se)))
            break;
    }
    if (done && autosave(se, err) != LT_OK)
        return -1;
    return done;
}

int session_resign(session *se, lt_error *err)
{
    int seat = session_to_move(se);
    if (session_over(se))
        return -1;
    if (!session_is_human(se, seat)) {
        /* the computer (or the dice) is to move: the one person at the
         * table resigns */
        seat = -1;
        for (int i = 0; i < se->rec.config.players; i++)
            if (session_is_human(se, i))
                seat = seat == -1 ? i : -2;
        if (seat < 0)
            return -1;
    }
    char text[16];
    snprintf(text, sizeof text, "%d", seat + 1);
    lt_record_set_tag(&se->rec, RESIGNED_TAG, text);
    se->resigned = seat;
    se->nundone = 0;
    return autosave(se, err) == LT_OK ? seat : -1;
}

lt_status session_load(session *se, const char *path, lt_error *err)
{
    lt_record rec;
    lt_status st = lt_record_load(path, &rec, err);
    if (st != LT_OK)
        return st;
    /* the players the file names: not the user's own choice */
    session fresh;
    st = session_open(&fresh, &rec, LT_SPEC_UNTRUSTED, err);
    if (st != LT_OK) {
        char msg[sizeof err->msg];
        lt_copy(msg, sizeof msg, err->msg);
        lt_error_set(err, "%.60s: %s", path, msg);
        return st;
    }
    bool manual = se->dice_manual;
    if (fresh.game == se->game) { /* what the adviser prepared still serves */
        fresh.adviser = se->adviser;
        se->adviser = NULL;
    }
    session_close(se);
    *se = fresh;
    se->dice_manual = manual;
    lt_copy(se->save_path, sizeof se->save_path, path);
    se->autosave = true;
    return LT_OK;
}

lt_player *session_adviser(session *se, lt_error *err)
{
    if (!se->adviser)
        se->adviser = lt_player_new(se->game, SESSION_HINT_SPEC, err);
    if (se->adviser)
        lt_player_new_game(se->adviser, se->state);
    return se->adviser;
}

lt_action session_roll(const session *se)
{
    return lt_chance_draw(se->game, se->state, se->rec.seed,
                          (uint64_t)se->rec.nactions);
}

uint64_t session_choice_seed(const session *se)
{
    return lt_choice_seed(se->rec.seed, (uint64_t)se->rec.nactions);
}
