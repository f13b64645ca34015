/* tui_plies.c — every change of the game on the play screen: a move of
 * a person, the dice or a computer played on the table's session, what
 * happened said on the status line, and the screen's state (the view,
 * the person's moves, the cursor, the odds and the move list) made
 * again from the game in the program's language. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "tui_plies.h"
#include "table_text.h"
#include "tui_draw.h"
#include "tui_term.h"
#include "tui_widgets.h"

void play_say(play_ui *ui, int kind, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ui->message, sizeof ui->message, fmt, ap);
    va_end(ap);
    ui->msg_kind = kind;
}

void play_events(play_ui *ui, const char *first)
{
    char text[sizeof ui->message], line[512];
    size_t len = 0;
    lt_event ev;
    text[0] = '\0';
    if (first)
        lt_appendf(text, sizeof text, &len, "%s", first);
    while (lt_session_event(ui->t->s, &ev))
        if (table_event_text(ui->t, &ev, line, sizeof line))
            lt_appendf(text, sizeof text, &len, "%s%s.", len ? "  " : "", line);
    if (text[0])
        play_say(ui, MSG_NOTE, "%s", text);
}

/* ---- After every change of position ------------------------------------ */

/* The cells of the last move: the latest run of one seat's plies, with
 * the dice thrown among them. */
static void mark_last(play_ui *ui)
{
    const lt_session *s = ui->t->s;
    const lt_game *g = lt_session_game(s);
    memset(ui->last, 0, sizeof ui->last);
    int k = lt_session_plies(s) - 1;
    while (k >= 0 && lt_session_ply(s, k)->chance)
        k--;
    if (k < 0 || !g->action_cells)
        return;
    for (int seat = lt_session_ply(s, k)->seat; k >= 0; k--) {
        const lt_ply *p = lt_session_ply(s, k);
        if (!p->chance && p->seat != seat)
            break;
        int cells[PICK_CELLS];
        int n = g->action_cells(lt_session_state_at(s, k), p->action, cells,
                                PICK_CELLS);
        for (int i = 0; i < n && i < 2; i++) /* from and to */
            if (cells[i] >= 0 && cells[i] < LT_VIEW_CELLS)
                ui->last[cells[i]] |= MARK_LAST;
    }
}

/* ---- Pieces in hand ---------------------------------------------------- */

/* What is placed, from an action's name without its cell: "1t@f5" and
 * cell "f5" give "1t". */
static void placed_kind(const char *name, const char *cell, char *out,
                        size_t size)
{
    char text[64];
    lt_copy(text, sizeof text, name);
    char *at = cell[0] ? strstr(text, cell) : NULL;
    if (at)
        memmove(at, at + strlen(cell), strlen(at + strlen(cell)) + 1);
    char *p = text;
    while (*p && strchr("@-=:", *p))
        p++;
    size_t n = strlen(p);
    while (n > 0 && strchr("@-=:", p[n - 1]))
        p[--n] = '\0';
    lt_copy(out, size, p);
}

/* Where a cell may take several pieces (Talat: nine towers in hand for
 * one square), the pieces in hand become cells of their own in a row
 * below the board, each with its piece (the view's piece in hand of that
 * kind, else its name), and placing one is a move from there to the
 * square: select the tower, then the squares it may go to light up.
 * Each move of the kind becomes (hand cell, square). */
static void hand_build(play_ui *ui)
{
    const lt_session *s = ui->t->s;
    const lt_game *g = lt_session_game(s);
    lt_view *v = ui->view;
    pick_moves *pm = ui->pm;
    ui->hand = -1;
    ui->nhand = 0;
    int per_cell[LT_VIEW_CELLS] = {0};
    for (int i = 0; i < pm->n; i++)
        if (pm->ncells[i] == 1 && pm->cells[i][0] >= 0 && pm->cells[i][0] < v->ncells)
            per_cell[pm->cells[i][0]]++;
    int maxx = 0, maxy = 0, kinds_n = 0;
    for (int i = 0; i < v->ncells; i++) {
        maxx = v->cells[i].x > maxx ? v->cells[i].x : maxx;
        maxy = v->cells[i].y > maxy ? v->cells[i].y : maxy;
    }
    for (int c = 0; c < v->ncells; c++)
        kinds_n = per_cell[c] > kinds_n ? per_cell[c] : kinds_n;
    /* a unit apart where the board is wide enough for that */
    int step = kinds_n > 1 && 2 * (kinds_n - 1) <= maxx ? 2 : 1;
    enum { HAND_MAX = 24 };
    char kinds[HAND_MAX][16];
    for (int i = 0; i < pm->n; i++) {
        int cell = pm->cells[i][0];
        if (pm->ncells[i] != 1 || cell < 0 || cell >= v->ncells || per_cell[cell] < 2)
            continue;
        char name[64], kind[16];
        lt_display_name(g, lt_session_state(s), pm->act[i], name, sizeof name);
        placed_kind(name, v->cells[cell].name, kind, sizeof kind);
        int k = 0;
        while (k < ui->nhand && strcmp(kinds[k], kind) != 0)
            k++;
        if (k == ui->nhand) {
            if (k == HAND_MAX || v->ncells >= LT_VIEW_CELLS || v->npieces >= LT_VIEW_PIECES)
                continue;
            if (ui->hand < 0)
                ui->hand = v->ncells;
            lt_copy(kinds[k], sizeof kinds[k], kind);
            ui->nhand++;
            int h = v->ncells++;
            /* two rows below the board: its letters, then a title */
            v->cells[h] = (lt_cell){.x = (int16_t)(k * step), .y = (int16_t)(maxy + 3),
                                    .shape = LT_SHAPE_SQUARE,
                                    .shade = LT_SHADE_PLAIN,
                                    .board = LT_VIEW_BOARDS};
            /* the view's own piece in hand of that kind, else its name */
            const lt_piece *like = NULL;
            size_t kl = strlen(kind);
            for (int j = 0; j < v->npieces && !like; j++) {
                const lt_piece *p = &v->pieces[j];
                size_t tl = strlen(p->text);
                if (p->cell < 0 && tl >= kl && !strcmp(p->text + tl - kl, kind))
                    like = p;
            }
            lt_piece *p = &v->pieces[v->npieces++];
            if (like) {
                *p = *like;
            } else {
                *p = (lt_piece){.owner = (int8_t)lt_session_to_act(s)};
                lt_copy(p->text, sizeof p->text, kind);
            }
            p->cell = (int16_t)h;
        }
        pm->cells[i][1] = (int16_t)cell;
        pm->cells[i][0] = (int16_t)(ui->hand + k);
        pm->ncells[i] = 2;
    }
}

/* Can something be done on the cell: a piece to move (or, with one
 * selected, where it goes), a cell played alone (a placement, a
 * removal, the end of a chain)? */
static bool actionable(const play_ui *ui, int cell)
{
    const pick_moves *pm = ui->pm;
    for (int i = 0; i < pm->n; i++) {
        const int16_t *c = pm->cells[i];
        if (pm->ncells[i] == 1 && c[0] == cell)
            return true;
        if (pm->ncells[i] >= 2 && (ui->sel >= 0 ? c[0] == ui->sel && c[1] == cell
                                                : c[0] == cell))
            return true;
    }
    return false;
}

/* Puts the cursor on a cell where something can be done: where the
 * selected piece goes, else where it is if something can be done there,
 * else on the nearest cell where something can (a piece of the one to
 * move, a man to remove). */
static void place_cursor(play_ui *ui)
{
    const lt_view *v = ui->view;
    if (ui->sel >= 0) {
        for (int i = 0; i < ui->pm->n; i++)
            if (ui->pm->ncells[i] >= 2 && ui->pm->cells[i][0] == ui->sel) {
                ui->cursor = ui->pm->cells[i][1];
                return;
            }
    }
    if (ui->cursor >= 0 && ui->cursor < v->ncells &&
        (ui->pm->n == 0 || actionable(ui, ui->cursor)))
        return;
    int best = -1;
    long best_d = 0;
    for (int i = 0; i < v->ncells; i++) {
        if (!actionable(ui, i))
            continue;
        long d = 0;
        if (ui->cursor >= 0 && ui->cursor < v->ncells) {
            long dx = v->cells[i].x - v->cells[ui->cursor].x;
            long dy = v->cells[i].y - v->cells[ui->cursor].y;
            d = dx * dx + dy * dy;
        }
        if (best < 0 || d < best_d) {
            best = i;
            best_d = d;
        }
    }
    if (best >= 0)
        ui->cursor = best;
    else if (ui->cursor < 0 || ui->cursor >= v->ncells)
        ui->cursor = v->ncells > 0 ? 0 : -1;
}

/* Does the next throw wait for a key?  Not when nobody at the table is
 * a person, nor when a person has just asked for it (chosen to throw);
 * yes when the throw decides what a person does next, or when nobody
 * knows who decides next (throw after throw) and a person watches. */
static bool throw_waits(const play_ui *ui)
{
    const table *t = ui->t;
    const lt_session *s = t->s;
    const lt_game *g = lt_session_game(s);
    if (!table_people(t) || lt_session_to_act(s) != LT_CHANCE)
        return false;
    int plies = lt_session_plies(s);
    const lt_ply *last = plies > 0 ? lt_session_ply(s, plies - 1) : NULL;
    if (last && !last->chance && table_person(t, last->seat))
        return false;
    lt_outcome out[LT_MAX_OUTCOMES];
    int n = g->chance_outcomes(lt_session_state(s), out);
    lt_state *after = lt_state_new(g);
    bool person = false, anyone = false;
    for (int i = 0; after && i < n && !person; i++) {
        lt_state_copy(g, after, lt_session_state(s));
        lt_apply(g, after, out[i].action);
        int p = g->current_player(after);
        anyone = anyone || p >= 0;
        person = table_person(t, p);
    }
    lt_state_free(after);
    return person || !anyone;
}

void play_changed(play_ui *ui)
{
    table *t = ui->t;
    const lt_session *s = t->s;
    ui->across = table_render(t, ui->view) % 2;
    if (table_person(t, lt_session_to_act(s)))
        pick_load(ui->pm, lt_session_game(s), lt_session_state(s));
    else
        ui->pm->n = 0;
    hand_build(ui);
    ui->sel = pick_only_source(ui->pm); /* a chain goes on from there */
    if (ui->cursor >= ui->view->ncells)
        ui->cursor = -1;
    place_cursor(ui);
    mark_last(ui);
    free(ui->moves);
    ui->moves = table_moves_text(t);
    if (!table_odds_line(t, ui->odds, sizeof ui->odds))
        ui->odds[0] = '\0';
    ui->throw_waits = throw_waits(ui);
    lt_copy(ui->lang, sizeof ui->lang, lt_language());
    if (table_over(t) && ui->msg_kind != MSG_ERROR)
        ui->message[0] = '\0'; /* the result shows instead */
    play_layout(ui);
}

/* ---- Thinking, and the plies ------------------------------------------- */

void play_stop_thinking(play_ui *ui)
{
    think_cancel(&ui->thinker);
    ui->thinking = THINK_NONE;
}

/* Before a ply: the lines beside the dice stay as they were while the
 * dice roll. */
static void before_ply(play_ui *ui)
{
    memcpy(ui->before, ui->view, sizeof *ui->before);
    memcpy(ui->before_odds, ui->odds, sizeof ui->odds);
    free(ui->before_moves);
    ui->before_moves = ui->moves ? strdup(ui->moves) : NULL;
}

/* After one: what happened, the new position, the dice rolling a
 * moment, and a pause when nobody at the table plays (and no clock
 * would count it). */
static void after_ply(play_ui *ui, bool roll, const char *note)
{
    play_events(ui, note);
    play_changed(ui);
    if (roll && !ui->t->dice_manual && ui->view->ndice > 0) {
        ui->anim_until = tui_now() + 0.7; /* the dice tumble a moment */
        play_layout(ui);
    }
    /* a game to watch: a moment per move, unless clocks run */
    if (!table_people(ui->t) &&
        lt_session_time_control(ui->t->s)->kind == LT_TC_NONE)
        ui->wait_until = tui_now() + (roll ? 1.0 : 0.5);
}

void play_action(play_ui *ui, lt_action a)
{
    lt_session *s = ui->t->s;
    play_stop_thinking(ui);
    int to = lt_session_to_act(s);
    lt_error err = {0};
    before_ply(ui);
    lt_status st = to == LT_CHANCE && a == LT_NO_ACTION
                       ? lt_session_step(s, NULL, &err) /* thrown */
                       : lt_session_play(s, to, a, &err);
    if (st != LT_OK) {
        play_events(ui, NULL);
        play_changed(ui);
        play_say(ui, MSG_ERROR, "%s", err.msg);
        return;
    }
    after_ply(ui, to == LT_CHANCE, NULL);
}

/* What the thread found, once it is done: a hint said and shown on the
 * board, a computer's move played. */
void play_collect_thinking(play_ui *ui)
{
    lt_action a;
    lt_think_info info;
    if (!ui->thinking || !think_poll(&ui->thinker, &a, &info))
        return;
    table *t = ui->t;
    lt_session *s = t->s;
    const lt_game *g = lt_session_game(s);
    int kind = ui->thinking, seat = ui->think_seat;
    ui->thinking = THINK_NONE;
    if (kind == THINK_HINT) {
        if (a == LT_NO_ACTION)
            return;
        char text[1024];
        table_hint_text(t, a, &info, text, sizeof text);
        play_say(ui, MSG_HINT, "%s", text);
        /* the hinted move is selected, the cursor on where it goes */
        int cells[PICK_CELLS];
        int n = g->action_cells ? g->action_cells(lt_session_state(s), a, cells, PICK_CELLS) : 0;
        if (n >= 2) {
            ui->sel = cells[0];
            ui->cursor = cells[1];
        } else if (n == 1) {
            ui->cursor = cells[0];
        }
        return;
    }
    lt_player *pl = lt_session_player(s, seat);
    if (a == LT_NO_ACTION) {
        ui->halted = true;
        play_say(ui, MSG_ERROR, "%s: %s", lt_player_spec(pl), lt_player_error(pl));
        return;
    }
    char who[64], name[64], note[160], text[400], dice[LT_PLY_NAME + 4] = "";
    lt_display_name(g, lt_session_state(s), a, name, sizeof name);
    table_stand_in_note(&info, note, sizeof note);
    int plies = lt_session_plies(s);
    /* the dice it moves by, as the move list writes them: "Green [6-3]" */
    if (plies > 0 && lt_session_ply(s, plies - 1)->chance)
        snprintf(dice, sizeof dice, " [%s]", lt_session_ply(s, plies - 1)->name);
    snprintf(text, sizeof text, "%s%s: %s%s",
             lt_session_seat_name(s, seat, who, sizeof who), dice, name, note);
    lt_error err = {0};
    before_ply(ui);
    if (table_computer_move(t, seat, a, &err) != LT_OK) {
        ui->halted = true;
        play_say(ui, MSG_ERROR, "%s", err.msg);
        return;
    }
    after_ply(ui, false, lt_session_plies(s) > plies ? text : NULL);
}

/* ---- Choosing ---------------------------------------------------------- */

/* Plays one of several actions: asks which when there are more. */
void play_one_of(play_ui *ui, const lt_action *acts, int n)
{
    if (n == 1)
        play_action(ui, acts[0]);
    else
        play_choose(ui, acts, n);
}

void play_choose(play_ui *ui, const lt_action *acts, int n)
{
    const lt_session *s = ui->t->s;
    char(*names)[64] = malloc((size_t)n * sizeof *names);
    const char **items = malloc((size_t)n * sizeof *items);
    if (names && items) {
        for (int i = 0; i < n; i++)
            items[i] = lt_display_name(lt_session_game(s), lt_session_state(s), acts[i], names[i],
                               sizeof names[i]);
        int k = tui_choose(_("Which move?"), items, n, 0);
        if (k >= 0)
            play_action(ui, acts[k]);
    }
    free(names);
    free(items);
}

/* Every move in a list to choose from: even a single one is shown and
 * chosen, never played by the key alone. */
void play_list_moves(play_ui *ui)
{
    if (ui->pm->n == 0)
        return;
    play_choose(ui, ui->pm->act, ui->pm->n);
}
