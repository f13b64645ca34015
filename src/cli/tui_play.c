/* tui_play.c — a game on the full screen: people move with the cursor
 * keys, the mouse or by typing the notation; computer players think on a
 * thread while the screen stays alive; the dice roll; undo, redo, hint,
 * save, load and resign through the session core. */
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tui_play.h"
#include "ludoteka/text.h"

void play_say(play_ui *ui, int kind, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ui->message, sizeof ui->message, fmt, ap);
    va_end(ap);
    ui->msg_kind = kind;
}

/* ---- After every change of position ------------------------------------ */

/* Replays the record for the names of the moves and the last move. */
static void replay_history(play_ui *ui)
{
    session *se = ui->se;
    const lt_game *g = se->game;
    int n = se->rec.nactions;
    ui->nhist = 0;
    memset(ui->last, 0, sizeof ui->last);
    if (n > ui->hist_cap) {
        played *grown = realloc(ui->hist, (size_t)(n + 64) * sizeof *grown);
        if (!grown)
            return;
        ui->hist = grown;
        ui->hist_cap = n + 64;
    }
    lt_state *s = lt_state_new(g);
    lt_error err;
    if (!s || lt_record_replay(&se->rec, 0, s, &err) != LT_OK) {
        lt_state_free(s);
        return;
    }
    for (int k = 0; k < n; k++) {
        played *p = &ui->hist[k];
        lt_action a = se->rec.actions[k];
        lt_name(g, s, a, p->name, sizeof p->name);
        p->owner = (int8_t)g->current_player(s);
        int cells[PICK_CELLS];
        int c = g->action_cells ? g->action_cells(s, a, cells, PICK_CELLS) : 0;
        p->ncells = (int8_t)(c < 0 ? 0 : c > 2 ? 2 : c);
        for (int i = 0; i < p->ncells; i++)
            p->cells[i] = (int16_t)cells[i];
        g->apply(s, a);
    }
    lt_state_free(s);
    ui->nhist = n;
    /* the last move: the latest run of one seat's actions (with the dice
     * thrown among them) */
    int k = n - 1;
    while (k >= 0 && ui->hist[k].owner < 0)
        k--;
    for (int seat = k >= 0 ? ui->hist[k].owner : -1;
         k >= 0 && (ui->hist[k].owner == seat || ui->hist[k].owner < 0); k--)
        for (int i = 0; i < ui->hist[k].ncells; i++)
            if (ui->hist[k].cells[i] >= 0 && ui->hist[k].cells[i] < LT_VIEW_CELLS)
                ui->last[ui->hist[k].cells[i]] |= MARK_LAST;
}

/* Puts the cursor on a cell where something can be done. */
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
    if (ui->cursor >= 0 && ui->cursor < v->ncells)
        return;
    ui->cursor = ui->pm->n > 0 && ui->pm->ncells[0] > 0 ? ui->pm->cells[0][0]
                 : v->ncells > 0                       ? 0
                                                       : -1;
}

static bool throw_waits(const play_ui *ui);

void play_changed(play_ui *ui)
{
    session *se = ui->se;
    memset(ui->view, 0, sizeof *ui->view);
    ui->view->lang = cli_lang;
    se->game->render(se->state, ui->view);
    if (session_is_human(se, session_to_move(se)) && !session_over(se))
        pick_load(ui->pm, se->game, se->state);
    else
        ui->pm->n = 0;
    ui->sel = pick_only_source(ui->pm); /* a chain goes on from there */
    if (ui->cursor >= ui->view->ncells)
        ui->cursor = -1;
    place_cursor(ui);
    replay_history(ui);
    if (!session_odds_line(se, ui->odds, sizeof ui->odds))
        ui->odds[0] = '\0';
    ui->throw_waits = throw_waits(ui);
    if (session_over(se) && ui->msg_kind != MSG_ERROR)
        ui->message[0] = '\0'; /* the result shows instead */
    play_layout(ui);
}

/* ---- Thinking ----------------------------------------------------------- */

void play_stop_thinking(play_ui *ui)
{
    think_cancel(&ui->thinker);
    ui->thinking = THINK_NONE;
}

void play_action(play_ui *ui, lt_action a)
{
    lt_error err = {0};
    play_stop_thinking(ui);
    session *se = ui->se;
    bool roll = session_to_move(se) == LT_CHANCE;
    memcpy(ui->before, ui->view, sizeof *ui->before);
    memcpy(ui->before_odds, ui->odds, sizeof ui->odds);
    if (session_step(se, a, &err) != LT_OK) {
        play_say(ui, MSG_ERROR, "%s", err.msg);
        return;
    }
    play_changed(ui);
    if (roll && !se->dice_manual && ui->view->ndice > 0) {
        ui->anim_until = tui_now() + 0.7; /* the dice tumble a moment */
        play_layout(ui);
    }
    if (!session_has_human(se)) /* a game to watch: a moment per move */
        ui->wait_until = tui_now() + (roll ? 1.0 : 0.5);
}

/* Collects what the thread found, if it is done. */
static void collect_thinking(play_ui *ui)
{
    lt_action a;
    lt_think_info info;
    if (!ui->thinking || !think_poll(&ui->thinker, &a, &info))
        return;
    session *se = ui->se;
    int kind = ui->thinking;
    ui->thinking = THINK_NONE;
    if (kind == THINK_HINT) {
        if (a == LT_NO_ACTION)
            return;
        char text[1024];
        session_hint_text(se, a, &info, text, sizeof text);
        play_say(ui, MSG_HINT, "%s", text);
        /* the hinted move is selected, the cursor on where it goes */
        int cells[PICK_CELLS];
        int n = se->game->action_cells ? se->game->action_cells(se->state, a, cells, PICK_CELLS) : 0;
        if (n >= 2) {
            ui->sel = cells[0];
            ui->cursor = cells[1];
        } else if (n == 1) {
            ui->cursor = cells[0];
        }
        return;
    }
    lt_player *pl = se->players[ui->think_seat];
    if (a == LT_NO_ACTION) {
        ui->halted = true;
        play_say(ui, MSG_ERROR, "%s: %s", lt_player_spec(pl), lt_player_error(pl));
        return;
    }
    char who[64], name[64], note[160];
    session_stand_in_note(&info, note, sizeof note);
    play_say(ui, MSG_NOTE, "%s: %s%s", lt_seat_name(se->game, ui->think_seat, cli_lang, who, sizeof who),
        lt_name(se->game, se->state, a, name, sizeof name), note);
    play_action(ui, a);
}

/* ---- The dice ------------------------------------------------------------ */

/* Does the next throw wait for a key?  Not when nobody at the table is
 * a person, nor when a person has just asked for it (chosen to throw);
 * yes when the throw decides what a person does next, or when nobody
 * knows who decides next (throw after throw) and a person watches. */
static bool throw_waits(const play_ui *ui)
{
    const session *se = ui->se;
    const lt_game *g = se->game;
    if (!session_has_human(se) || session_to_move(se) != LT_CHANCE)
        return false;
    if (ui->nhist > 0 && session_is_human(se, ui->hist[ui->nhist - 1].owner))
        return false;
    lt_outcome out[LT_MAX_OUTCOMES];
    int n = g->chance_outcomes(se->state, out);
    lt_state *s = lt_state_new(g);
    bool person = false, anyone = false;
    for (int i = 0; s && i < n && !person; i++) {
        lt_state_copy(g, s, se->state);
        g->apply(s, out[i].action);
        int p = g->current_player(s);
        anyone = anyone || p >= 0;
        person = session_is_human(se, p);
    }
    lt_state_free(s);
    return person || !anyone;
}

static void throw_dice(play_ui *ui)
{
    play_action(ui, session_roll(ui->se));
}

/* --dice manual: the dice someone threw, typed in. */
static void type_dice(play_ui *ui)
{
    session *se = ui->se;
    const lt_game *g = se->game;
    lt_action acts[LT_MAX_ACTIONS];
    char example[64], label[256], line[128] = "";
    int n = lt_choices(g, se->state, acts);
    lt_name(g, se->state, acts[n - 1], example, sizeof example);
    snprintf(label, sizeof label, T("Dice (as thrown, e.g. %s; roll: the computer throws)",
                                    "Kości (jak wypadły, np. %s; roll: rzuca komputer)"),
             example);
    play_draw(ui);
    if (!tui_prompt(label, line, sizeof line)) {
        ui->dice_wait = true;
        return;
    }
    char *words[2];
    if (lt_split(line, words, 2) == 0)
        return;
    lt_action a;
    lt_error err = {0};
    if (!strcasecmp(words[0], "roll")) {
        throw_dice(ui);
    } else if (lt_parse(g, se->state, words[0], &a, &err) != LT_OK) {
        play_say(ui, MSG_ERROR, "%s", err.msg);
        ui->dice_wait = true;
    } else {
        play_action(ui, a);
    }
}

/* ---- What moves on its own ------------------------------------------------- */

static void advance(play_ui *ui)
{
    session *se = ui->se;
    double now = tui_now();
    collect_thinking(ui);
    if (session_over(se) || ui->halted || ui->thinking || now < ui->anim_until ||
        now < ui->wait_until)
        return;
    int p = session_to_move(se);
    if (p == LT_CHANCE) {
        if (se->dice_manual) {
            if (!ui->dice_wait)
                type_dice(ui);
        } else if (!ui->throw_waits) {
            throw_dice(ui);
        }
        return;
    }
    if (p < 0 || session_is_human(se, p))
        return;
    if (!think_start(&ui->thinker, se->game, se->players[p], se->state,
                     session_choice_seed(se), 0)) {
        ui->halted = true;
        play_say(ui, MSG_ERROR, "%s", T("cannot start a thread", "nie można uruchomić wątku"));
        return;
    }
    ui->thinking = THINK_MOVE;
    ui->think_seat = p;
}

/* ---- What the user does ----------------------------------------------------- */

/* Plays one of several actions: asks which when there are more. */
void play_one_of(play_ui *ui, const lt_action *acts, int n)
{
    session *se = ui->se;
    if (n == 1) {
        play_action(ui, acts[0]);
        return;
    }
    char(*names)[64] = malloc((size_t)n * sizeof *names);
    const char **items = malloc((size_t)n * sizeof *items);
    if (names && items) {
        for (int i = 0; i < n; i++)
            items[i] = lt_name(se->game, se->state, acts[i], names[i], sizeof names[i]);
        int k = tui_choose(T("Which move?", "Który ruch?"), items, n, 0);
        if (k >= 0)
            play_action(ui, acts[k]);
    }
    free(names);
    free(items);
}

static void press(play_ui *ui, int cell)
{
    lt_action acts[LT_MAX_ACTIONS];
    int n;
    switch (pick_press(ui->pm, ui->sel, cell, acts, &n)) {
    case PICK_SELECT:
        ui->sel = cell;
        ui->message[0] = '\0';
        break;
    case PICK_DESELECT:
        ui->sel = -1;
        break;
    case PICK_PLAY:
        ui->message[0] = '\0';
        play_one_of(ui, acts, n);
        break;
    default:
        play_say(ui, MSG_ERROR, "%s", T("No move starts or ends there.",
                                   "Żaden ruch nie zaczyna się ani nie kończy tutaj."));
    }
}

/* Moves the cursor to the nearest cell in a direction. */
static void move_cursor(play_ui *ui, int dx, int dy)
{
    const lt_view *v = ui->view;
    if (v->ncells == 0)
        return;
    if (ui->cursor < 0) {
        ui->cursor = 0;
        return;
    }
    const lt_cell *c = &v->cells[ui->cursor];
    int best = -1, best_score = 1 << 30;
    for (int i = 0; i < v->ncells; i++) {
        int along = (v->cells[i].x - c->x) * dx + (v->cells[i].y - c->y) * dy;
        int across = abs((v->cells[i].x - c->x) * dy) + abs((v->cells[i].y - c->y) * dx);
        if (along <= 0 || ui->grid->cell_row[i] < 0)
            continue;
        int score = along + 2 * across;
        if (score < best_score) {
            best_score = score;
            best = i;
        }
    }
    if (best >= 0)
        ui->cursor = best;
}

void play_list_moves(play_ui *ui)
{
    if (ui->pm->n == 0)
        return;
    play_one_of(ui, ui->pm->act, ui->pm->n);
}

static bool is_enter(const tui_event *ev)
{
    return (ev->type == EV_CHAR && (ev->ch == '\n' || ev->ch == '\r' || ev->ch == ' ')) ||
           (ev->type == EV_KEY && ev->key == KEY_ENTER);
}

static void handle(play_ui *ui, const tui_event *ev)
{
    session *se = ui->se;
    int p = session_over(se) ? LT_TERMINAL : session_to_move(se);
    bool mine = session_is_human(se, p) && !ui->thinking;
    if (ev->type == EV_SIGNAL) {
        ui->leave = true;
        return;
    }
    if (ev->type == EV_RESIZE) {
        clear();
        play_layout(ui);
        return;
    }
    if (ev->type == EV_CHAR && (ev->ch == 3 || ev->ch == 27)) {
        if (ui->thinking == THINK_MOVE)
            think_hurry(&ui->thinker); /* its answer comes at once */
        else if (ui->thinking == THINK_HINT)
            play_stop_thinking(ui);
        else if (ev->ch == 3)
            raise(SIGINT); /* Ctrl-C with nothing to stop: leave */
        else
            ui->sel = -1;
        return;
    }
    if (ev->type == EV_MOUSE && ev->button == 1) {
        int cell = bg_hit(ui->grid, ev->row - 1, ev->col - 1);
        if (cell >= 0 && mine) {
            ui->cursor = cell;
            press(ui, cell);
        } else if (p == LT_CHANCE && !se->dice_manual && ev->row - 1 < ui->grid->rows &&
                   ui->grid->dice_drawn) {
            throw_dice(ui);
        }
        return;
    }
    if (ev->type == EV_KEY) {
        switch (ev->key) {
        case KEY_LEFT: move_cursor(ui, -1, 0); break;
        case KEY_RIGHT: move_cursor(ui, 1, 0); break;
        case KEY_UP: move_cursor(ui, 0, -1); break;
        case KEY_DOWN: move_cursor(ui, 0, 1); break;
        default:
            if (ev->key == KEY_ENTER)
                break;
            return;
        }
        if (ev->key != KEY_ENTER)
            return;
    }
    if (is_enter(ev)) {
        if (session_over(se))
            ui->leave = true;
        else if (p == LT_CHANCE && se->dice_manual)
            type_dice(ui);
        else if (p == LT_CHANCE && !ui->thinking)
            throw_dice(ui);
        else if (mine && ui->cursor >= 0)
            press(ui, ui->cursor);
        return;
    }
    if (ev->type != EV_CHAR)
        return;
    wint_t c = ev->ch;
    if (c >= '1' && c <= '9' && mine) {
        lt_action off[LT_MAX_ACTIONS];
        int n = pick_off_board(ui->pm, off);
        if ((int)(c - '1') < n)
            play_action(ui, off[c - '1']);
        return;
    }
    switch (c) {
    case ':': case '/': play_typed(ui); break;
    case 'u': case 'U': play_undo(ui); break;
    case 'r': case 'R': play_redo(ui); break;
    case 'h': case 'H': play_hint(ui); break;
    case 'm': case 'M': if (mine) play_list_moves(ui); break;
    case 's': case 'S': play_save(ui, NULL); break;
    case 'o': case 'O': play_load(ui, NULL); break;
    case 'x': case 'X': play_resign(ui); break;
    case 'd': case 'D':
        if (p == LT_CHANCE && se->dice_manual)
            type_dice(ui);
        break;
    case 'z': case 'Z':
        ui->largest = ui->grid->size < BG_TINY ? ui->grid->size + 1 : BG_LARGE;
        play_layout(ui);
        break;
    case 'l': case 'L':
        cli_lang = cli_lang == LT_LANG_PL ? LT_LANG_EN : LT_LANG_PL;
        play_changed(ui);
        break;
    case '?': tui_pager(play_help_text, NULL, false); break;
    case 'q': case 'Q': ui->leave = play_leave(ui); break;
    default: break;
    }
}

int tui_play(session *se, const char *note, bool in_menu)
{
    play_ui *ui = calloc(1, sizeof *ui);
    if (!ui)
        return EXIT_FAIL;
    ui->se = se;
    ui->in_menu = in_menu;
    ui->view = calloc(1, sizeof *ui->view);
    ui->before = calloc(1, sizeof *ui->before);
    ui->grid = malloc(sizeof *ui->grid);
    ui->pm = malloc(sizeof *ui->pm);
    int status = EXIT_OK;
    if (!ui->view || !ui->before || !ui->grid || !ui->pm) {
        status = EXIT_FAIL;
        goto done;
    }
    ui->cursor = ui->sel = -1;
    lt_rng_seed(&ui->anim_rng, (uint64_t)(tui_now() * 1e6), 1);
    if (note)
        play_say(ui, MSG_NOTE, "%s", note);
    play_changed(ui);
    while (!ui->leave) {
        if (tui_now() < ui->anim_until) {
            play_layout(ui); /* new faces on the rolling dice */
        } else if (ui->anim_until > 0) {
            ui->anim_until = 0;
            play_layout(ui); /* the faces that came up */
        }
        advance(ui);
        play_draw(ui);
        if (ui->se->dice_manual && !ui->dice_wait && !ui->halted &&
            !session_over(ui->se) && session_to_move(ui->se) == LT_CHANCE)
            continue; /* straight to the next prompt: keys typed go there */
        tui_event ev;
        bool busy = ui->thinking || ui->anim_until > 0 || ui->wait_until > tui_now();
        tui_wait(busy ? 60 : 250, &ev);
        if (ev.type != EV_TIMEOUT)
            handle(ui, &ev);
    }
    if (tui_signalled())
        status = 128 + tui_signalled();
done:
    play_stop_thinking(ui);
    free(ui->hist);
    free(ui->view);
    free(ui->before);
    free(ui->grid);
    free(ui->pm);
    free(ui);
    return status;
}
