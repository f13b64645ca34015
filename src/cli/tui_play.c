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

static void say(play_ui *ui, int kind, const char *fmt, ...) LT_PRINTF(3, 4);
static void say(play_ui *ui, int kind, const char *fmt, ...)
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

static void changed(play_ui *ui)
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
    ui->hint_cell = -1;
    if (ui->cursor >= ui->view->ncells)
        ui->cursor = -1;
    place_cursor(ui);
    replay_history(ui);
    if (!session_odds_line(se, ui->odds, sizeof ui->odds))
        ui->odds[0] = '\0';
    ui->throw_waits = throw_waits(ui);
    if (session_over(se) && ui->msg_kind != MSG_ERROR)
        ui->message[0] = '\0'; /* the result shows instead */
    layout_play(ui);
}

/* ---- Thinking ----------------------------------------------------------- */

static void stop_thinking(play_ui *ui)
{
    think_cancel(&ui->thinker);
    ui->thinking = THINK_NONE;
    lt_player_free(ui->adviser);
    ui->adviser = NULL;
}

static void play_action(play_ui *ui, lt_action a)
{
    lt_error err = {0};
    stop_thinking(ui);
    session *se = ui->se;
    bool roll = session_to_move(se) == LT_CHANCE;
    memcpy(ui->before, ui->view, sizeof *ui->before);
    memcpy(ui->before_odds, ui->odds, sizeof ui->odds);
    if (session_step(se, a, &err) != LT_OK) {
        say(ui, MSG_ERROR, "%s", err.msg);
        return;
    }
    changed(ui);
    if (roll && !se->dice_manual && ui->view->ndice > 0) {
        ui->anim_until = tui_now() + 0.7; /* the dice tumble a moment */
        layout_play(ui);
    }
    if (!session_has_human(se)) /* a game to watch: a moment per move */
        ui->wait_until = tui_now() + (roll ? 1.0 : 0.5);
}

static void hint(play_ui *ui)
{
    session *se = ui->se;
    if (!session_is_human(se, session_to_move(se)) || session_over(se))
        return;
    char text[2048];
    if (session_exact_hint(se, text, sizeof text)) {
        /* the exact values of the choices, on one line */
        char line[1024];
        size_t len = 0;
        line[0] = '\0';
        for (char *p = strtok(text, "\n"); p; p = strtok(NULL, "\n")) {
            while (*p == ' ')
                p++;
            lt_appendf(line, sizeof line, &len, "%s%s", len ? "  " : "", p);
        }
        say(ui, MSG_HINT, "%s", line);
        return;
    }
    lt_error err = {0};
    stop_thinking(ui);
    ui->adviser = lt_player_new(se->game, SESSION_HINT_SPEC, &err);
    if (!ui->adviser) {
        say(ui, MSG_ERROR, "%s", err.msg);
        return;
    }
    lt_player_new_game(ui->adviser, se->state);
    if (!think_start(&ui->thinker, se->game, ui->adviser, se->state,
                     session_choice_seed(se), SESSION_HINT_SECONDS)) {
        stop_thinking(ui);
        say(ui, MSG_ERROR, "%s", T("cannot start a thread", "nie można uruchomić wątku"));
        return;
    }
    ui->thinking = THINK_HINT;
    ui->think_seat = session_to_move(se);
    ui->message[0] = '\0';
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
        lt_player_free(ui->adviser);
        ui->adviser = NULL;
        if (a == LT_NO_ACTION)
            return;
        char text[1024];
        session_hint_text(se, a, &info, text, sizeof text);
        say(ui, MSG_HINT, "%s", text);
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
        say(ui, MSG_ERROR, "%s: %s", lt_player_spec(pl), lt_player_error(pl));
        return;
    }
    char who[64], name[64];
    say(ui, MSG_NOTE, "%s: %s", lt_seat_name(se->game, ui->think_seat, cli_lang, who, sizeof who),
        lt_name(se->game, se->state, a, name, sizeof name));
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
    draw_play(ui);
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
        say(ui, MSG_ERROR, "%s", err.msg);
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
        say(ui, MSG_ERROR, "%s", T("cannot start a thread", "nie można uruchomić wątku"));
        return;
    }
    ui->thinking = THINK_MOVE;
    ui->think_seat = p;
}

/* ---- What the user does ----------------------------------------------------- */

/* Plays one of several actions: asks which when there are more. */
static void play_one_of(play_ui *ui, const lt_action *acts, int n)
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
        say(ui, MSG_ERROR, "%s", T("No move starts or ends there.",
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

static void list_moves(play_ui *ui)
{
    if (ui->pm->n == 0)
        return;
    play_one_of(ui, ui->pm->act, ui->pm->n);
}

static void do_undo(play_ui *ui)
{
    lt_error err = {0};
    stop_thinking(ui);
    int n = session_undo(ui->se, &err);
    ui->halted = false;
    ui->dice_wait = false;
    ui->anim_until = ui->wait_until = 0;
    if (n < 0)
        say(ui, MSG_ERROR, "%s", err.msg);
    else if (n == 0)
        say(ui, MSG_NOTE, "%s", T("Nothing to take back.", "Nie ma czego cofnąć."));
    else
        say(ui, MSG_NOTE, T("Took back %d move(s).", "Cofnięto posunięć: %d."), n);
    changed(ui);
}

static void do_redo(play_ui *ui)
{
    lt_error err = {0};
    stop_thinking(ui);
    int n = session_redo(ui->se, &err);
    if (n < 0)
        say(ui, MSG_ERROR, "%s", err.msg);
    else if (n == 0)
        say(ui, MSG_NOTE, "%s", T("Nothing to play again.", "Nie ma czego przywrócić."));
    else
        say(ui, MSG_NOTE, T("Played again %d move(s).", "Przywrócono posunięć: %d."), n);
    changed(ui);
}

static void do_save(play_ui *ui, const char *path)
{
    session *se = ui->se;
    char file[512];
    lt_copy(file, sizeof file, path ? path : se->save_path);
    if (!path) {
        if (!file[0])
            snprintf(file, sizeof file, "%s.txt", se->game->id);
        draw_play(ui);
        if (!tui_prompt(T("Save to file", "Zapisz do pliku"), file, sizeof file) ||
            !file[0])
            return;
    }
    lt_error err = {0};
    if (session_save(se, file, &err) != LT_OK) {
        say(ui, MSG_ERROR, "%s", err.msg);
        return;
    }
    lt_copy(se->save_path, sizeof se->save_path, file);
    say(ui, MSG_NOTE, T("Saved to %s.", "Zapisano w %s."), file);
}

static void do_load(play_ui *ui, const char *path)
{
    session *se = ui->se;
    char file[512] = "";
    if (path) {
        lt_copy(file, sizeof file, path);
    } else {
        lt_copy(file, sizeof file, se->save_path);
        draw_play(ui);
        if (!tui_prompt(T("Load the game in file", "Wczytaj partię z pliku"), file,
                        sizeof file) ||
            !file[0])
            return;
    }
    stop_thinking(ui);
    lt_error err = {0};
    if (session_load(se, file, &err) != LT_OK) {
        say(ui, MSG_ERROR, "%s", err.msg);
        return;
    }
    ui->halted = ui->dice_wait = false;
    ui->cursor = ui->sel = -1;
    say(ui, MSG_NOTE, T("Loaded %s.", "Wczytano %s."), file);
    changed(ui);
}

static void do_resign(play_ui *ui)
{
    session *se = ui->se;
    if (session_over(se))
        return;
    char question[256];
    snprintf(question, sizeof question, "%s", T("Resign the game?", "Poddać partię?"));
    draw_play(ui);
    if (!tui_confirm(question))
        return;
    stop_thinking(ui);
    lt_error err = {0};
    if (session_resign(se, &err) < 0) {
        say(ui, MSG_ERROR, "%s", err.msg[0] ? err.msg
                                            : T("Only a person at the table can resign.",
                                                "Poddać partię może tylko człowiek."));
        return;
    }
    ui->message[0] = '\0';
    changed(ui);
}

static char *help_text(void *ctx)
{
    (void)ctx;
    const char *text = T(
        "PLAYING ON THE FULL SCREEN\n\n"
        "Arrow keys move the cursor over the board; Enter (or a click) on a "
        "piece selects it and lights up where it can go; Enter on a lit cell "
        "plays the move.  A cell where something is placed or taken is played "
        "at once.  When several moves fit, a list asks which.  Capture chains "
        "and other turns of several steps go on from the piece that moved.\n\n"
        "Keys:\n"
        "  1-9     a choice that is not on the board (throw, stop, ...)\n"
        "  :       type a move in the game's notation, or a command: undo, "
        "redo, hint, moves, save FILE, load FILE, resign, quit\n"
        "  m       all the legal moves, to choose from\n"
        "  u, r    take back, play again\n"
        "  h       a hint from the computer\n"
        "  s, o    save, load a game\n"
        "  x       resign\n"
        "  d       type the dice you threw (--dice manual)\n"
        "  Enter   throw the dice, when they wait for you\n"
        "  z       smaller board, or back to the largest\n"
        "  L       Polish / English\n"
        "  Esc     the computer moves now; Esc again lets go of a piece\n"
        "  Ctrl-C  the computer moves now; otherwise leaves the program\n"
        "  q       leave the game\n\n"
        "Games of chance show the exact odds of the turn as it goes.",
        "GRA NA PEŁNYM EKRANIE\n\n"
        "Strzałki przesuwają kursor po planszy; Enter (albo kliknięcie) na "
        "pionku wybiera go i podświetla pola, na które może pójść; Enter na "
        "podświetlonym polu wykonuje ruch.  Pole, na którym coś się stawia "
        "albo zdejmuje, działa od razu.  Gdy pasuje kilka ruchów, lista pyta "
        "który.  Bicia łańcuchowe i inne tury z kilku kroków toczą się dalej "
        "od pionka, który się ruszył.\n\n"
        "Klawisze:\n"
        "  1-9     wybór spoza planszy (rzut, stop, ...)\n"
        "  :       wpisanie ruchu w notacji gry albo polecenia: undo, redo, "
        "hint, moves, save PLIK, load PLIK, resign, quit\n"
        "  m       wszystkie dozwolone ruchy do wyboru\n"
        "  u, r    cofnij, ponów\n"
        "  h       podpowiedź komputera\n"
        "  s, o    zapisz, wczytaj partię\n"
        "  x       poddaj partię\n"
        "  d       wpisz wyrzucone oczka (--dice manual)\n"
        "  Enter   rzut kośćmi, gdy czekają na ciebie\n"
        "  z       mniejsza plansza albo z powrotem największa\n"
        "  L       polski / angielski\n"
        "  Esc     komputer rusza się teraz; drugi Esc puszcza pionek\n"
        "  Ctrl-C  komputer rusza się teraz; poza tym wyjście z programu\n"
        "  q       wyjście z partii\n\n"
        "Gry losowe pokazują na bieżąco dokładne szanse tury.");
    size_t n = strlen(text) + 1;
    char *copy = malloc(n);
    if (copy)
        memcpy(copy, text, n);
    return copy;
}

static bool leave_game(play_ui *ui)
{
    if (session_over(ui->se))
        return true;
    draw_play(ui);
    return tui_confirm(ui->se->autosave
                           ? T("Leave the game? (it is saved)", "Wyjść z partii? (jest zapisana)")
                           : T("Leave the game unfinished?", "Przerwać partię?"));
}

/* A move in notation or a command, typed after ':'. */
static void typed(play_ui *ui)
{
    session *se = ui->se;
    char line[256] = "";
    draw_play(ui);
    if (!tui_prompt(T("Move or command", "Ruch albo polecenie"), line, sizeof line))
        return;
    char *words[3];
    int n = lt_split(line, words, 3);
    if (n == 0)
        return;
    const char *cmd = words[0];
    if (!strcasecmp(cmd, "undo"))
        do_undo(ui);
    else if (!strcasecmp(cmd, "redo"))
        do_redo(ui);
    else if (!strcasecmp(cmd, "hint"))
        hint(ui);
    else if (!strcasecmp(cmd, "moves"))
        list_moves(ui);
    else if (!strcasecmp(cmd, "save"))
        do_save(ui, n >= 2 ? words[1] : NULL);
    else if (!strcasecmp(cmd, "load"))
        do_load(ui, n >= 2 ? words[1] : NULL);
    else if (!strcasecmp(cmd, "resign"))
        do_resign(ui);
    else if (!strcasecmp(cmd, "quit") || !strcasecmp(cmd, "exit"))
        ui->leave = leave_game(ui);
    else if (!strcasecmp(cmd, "help"))
        tui_pager(help_text, NULL, false);
    else if (session_over(se) || !session_is_human(se, session_to_move(se)))
        say(ui, MSG_ERROR, "%s", T("It is not your move.", "To nie twój ruch."));
    else {
        lt_action a;
        lt_error err = {0};
        if (lt_parse(se->game, se->state, cmd, &a, &err) != LT_OK)
            say(ui, MSG_ERROR, "%s", err.msg);
        else
            play_action(ui, a);
    }
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
        layout_play(ui);
        return;
    }
    if (ev->type == EV_CHAR && (ev->ch == 3 || ev->ch == 27)) {
        if (ui->thinking == THINK_MOVE)
            think_hurry(&ui->thinker); /* its answer comes at once */
        else if (ui->thinking == THINK_HINT)
            stop_thinking(ui);
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
    case ':': case '/': typed(ui); break;
    case 'u': case 'U': do_undo(ui); break;
    case 'r': case 'R': do_redo(ui); break;
    case 'h': case 'H': hint(ui); break;
    case 'm': case 'M': if (mine) list_moves(ui); break;
    case 's': case 'S': do_save(ui, NULL); break;
    case 'o': case 'O': do_load(ui, NULL); break;
    case 'x': case 'X': do_resign(ui); break;
    case 'd': case 'D':
        if (p == LT_CHANCE && se->dice_manual)
            type_dice(ui);
        break;
    case 'z': case 'Z':
        ui->largest = ui->grid->size < BG_TINY ? ui->grid->size + 1 : BG_LARGE;
        layout_play(ui);
        break;
    case 'l': case 'L':
        cli_lang = cli_lang == LT_LANG_PL ? LT_LANG_EN : LT_LANG_PL;
        changed(ui);
        break;
    case '?': tui_pager(help_text, NULL, false); break;
    case 'q': case 'Q': ui->leave = leave_game(ui); break;
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
    ui->cursor = ui->sel = ui->hint_cell = -1;
    lt_rng_seed(&ui->anim_rng, (uint64_t)(tui_now() * 1e6), 1);
    if (note)
        say(ui, MSG_NOTE, "%s", note);
    changed(ui);
    while (!ui->leave) {
        if (tui_now() < ui->anim_until) {
            layout_play(ui); /* new faces on the rolling dice */
        } else if (ui->anim_until > 0) {
            ui->anim_until = 0;
            layout_play(ui); /* the faces that came up */
        }
        advance(ui);
        draw_play(ui);
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
    stop_thinking(ui);
    free(ui->hist);
    free(ui->view);
    free(ui->before);
    free(ui->grid);
    free(ui->pm);
    free(ui);
    return status;
}
