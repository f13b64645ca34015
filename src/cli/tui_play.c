/* tui_play.c — a game on the full screen: people move with the cursor
 * keys, the mouse or by typing the notation; computer players think on a
 * thread while the screen stays alive, on their clocks; the dice roll;
 * clocks tick and flags fall without a key pressed.  The game is the
 * table's session: this file only sends it moves and draws it. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tui_play.h"
#include "cli.h"
#include "tui_commands.h"
#include "tui_draw.h"
#include "tui_plies.h"
#include "tui_term.h"
#include "tui_widgets.h"
#include "ludoteka/text.h"

/* ---- The dice ------------------------------------------------------------ */

/* --dice manual: the dice someone threw, typed in. */
static void type_dice(play_ui *ui)
{
    const lt_session *s = ui->t->s;
    const lt_game *g = lt_session_game(s);
    lt_action acts[LT_MAX_ACTIONS];
    char example[64], label[256], line[128] = "";
    int n = lt_choices(g, lt_session_state(s), acts);
    lt_display_name(g, lt_session_state(s), acts[n - 1], example, sizeof example);
    snprintf(label, sizeof label, _("Dice (as thrown, e.g. %s; roll: the computer throws)"),
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
        play_action(ui, LT_NO_ACTION);
    } else if (lt_parse(g, lt_session_state(s), words[0], &a, &err) != LT_OK) {
        play_say(ui, MSG_ERROR, "%s", err.msg);
        ui->dice_wait = true;
    } else {
        play_action(ui, a);
    }
}

/* ---- What moves on its own ------------------------------------------------- */

static void advance(play_ui *ui)
{
    table *t = ui->t;
    lt_session *s = t->s;
    double now = tui_now();
    if (lt_session_tick(s)) { /* a flag fell: whoever thought, stops */
        play_stop_thinking(ui);
        play_events(ui, NULL);
        play_changed(ui);
    }
    play_collect_thinking(ui);
    if (table_over(t) || ui->halted || ui->thinking || now < ui->anim_until ||
        now < ui->wait_until)
        return;
    int p = lt_session_to_act(s);
    if (p == LT_CHANCE) {
        if (t->dice_manual) {
            if (!ui->dice_wait)
                type_dice(ui);
        } else if (!ui->throw_waits) {
            play_action(ui, LT_NO_ACTION);
        }
        return;
    }
    if (p < 0 || table_person(t, p))
        return;
    lt_error err = {0};
    if (table_computer_claims(t, &err)) {
        play_events(ui, NULL);
        play_changed(ui);
        return;
    }
    lt_limits lim;
    double clocks[LT_MAX_PLAYERS];
    lt_session_limits(s, p, &lim, clocks);
    if (!think_start(&ui->thinker, lt_session_game(s), lt_session_player(s, p),
                     lt_session_state(s), table_choice_seed(t), &lim)) {
        ui->halted = true;
        play_say(ui, MSG_ERROR, "%s", _("cannot start a thread"));
        return;
    }
    ui->thinking = THINK_MOVE;
    ui->think_seat = p;
}

/* ---- What the user does ----------------------------------------------------- */

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
        play_say(ui, MSG_ERROR, "%s", _("No move starts or ends there."));
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

static bool is_enter(const tui_event *ev)
{
    return (ev->type == EV_CHAR && (ev->ch == '\n' || ev->ch == '\r' || ev->ch == ' ')) ||
           (ev->type == EV_KEY && ev->key == KEY_ENTER);
}

/* The commands of the letter keys (and x, resign, asks first). */
static const struct {
    char key;
    lt_command_id id;
} command_keys[] = {
    {'u', LT_CMD_UNDO},    {'r', LT_CMD_REDO},     {'h', LT_CMD_HINT},
    {'x', LT_CMD_RESIGN},  {'e', LT_CMD_DRAW},     {'t', LT_CMD_TAKEBACK},
    {'a', LT_CMD_ACCEPT},  {'n', LT_CMD_DECLINE},  {'c', LT_CMD_CLAIM},
    {'f', LT_CMD_FLIP},    {'k', LT_CMD_CLOCK},    {'p', LT_CMD_REMATCH},
    {'q', LT_CMD_QUIT},
};

static void handle(play_ui *ui, const tui_event *ev)
{
    table *t = ui->t;
    int p = lt_session_to_act(t->s);
    bool mine = table_person(t, p) && !ui->thinking;
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
        } else if (p == LT_CHANCE && !t->dice_manual && ev->row - 1 < ui->grid->rows &&
                   ui->grid->dice_drawn) {
            play_action(ui, LT_NO_ACTION);
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
        if (table_over(t))
            ui->leave = true;
        else if (p == LT_CHANCE && t->dice_manual)
            type_dice(ui);
        else if (p == LT_CHANCE && !ui->thinking)
            play_action(ui, LT_NO_ACTION);
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
    wint_t lower = c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
    for (size_t i = 0; i < sizeof command_keys / sizeof command_keys[0]; i++)
        if (lower == (wint_t)command_keys[i].key) {
            play_command(ui, command_keys[i].id, "");
            return;
        }
    switch (c) {
    case '.': /* a capture chain stops on the selected piece */
        if (mine && pick_stop(ui->pm, ui->sel) >= 0)
            play_action(ui, ui->pm->act[pick_stop(ui->pm, ui->sel)]);
        break;
    case ':': case '/': play_typed(ui); break;
    case 'm': case 'M': if (mine) play_list_moves(ui); break;
    case 's': case 'S': play_save(ui, NULL); break;
    case 'o': case 'O': play_load(ui, NULL); break;
    case 'd': case 'D':
        if (p == LT_CHANCE && t->dice_manual)
            type_dice(ui);
        break;
    case 'z': case 'Z':
        ui->largest = ui->grid->size < BG_TINY ? ui->grid->size + 1 : BG_LARGE;
        play_layout(ui);
        break;
    case '?': tui_pager(play_help_text, ui, true, false); break;
    default: break;
    }
}

/* L on a help page has switched the program's language: every text of
 * the screen is made again from the game in the new one (the dice stop
 * rolling: the lines kept from before the throw are in the old one), and
 * the message said in the old one goes. */
static void follow_language(play_ui *ui)
{
    ui->message[0] = '\0';
    ui->anim_until = 0;
    play_changed(ui);
}

int tui_play(table *t, const char *note, bool in_menu)
{
    play_ui *ui = calloc(1, sizeof *ui);
    if (!ui)
        return EXIT_FAIL;
    ui->t = t;
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
        if (strcmp(ui->lang, lt_language()))
            follow_language(ui);
        if (tui_now() < ui->anim_until) {
            play_layout(ui); /* new faces on the rolling dice */
        } else if (ui->anim_until > 0) {
            ui->anim_until = 0;
            play_layout(ui); /* the faces that came up */
        }
        advance(ui);
        play_draw(ui);
        if (t->dice_manual && !ui->dice_wait && !ui->halted &&
            lt_session_to_act(t->s) == LT_CHANCE)
            continue; /* straight to the next prompt: keys typed go there */
        tui_event ev;
        bool busy = ui->thinking || ui->anim_until > 0 || ui->wait_until > tui_now();
        /* a clock that runs is redrawn, and its flag looked at, four
         * times a second even when nobody presses a key */
        tui_wait(busy ? 60 : 250, &ev);
        if (ev.type != EV_TIMEOUT)
            handle(ui, &ev);
    }
    if (tui_signalled())
        status = 128 + tui_signalled();
done:
    play_stop_thinking(ui);
    free(ui->moves);
    free(ui->before_moves);
    free(ui->view);
    free(ui->before);
    free(ui->grid);
    free(ui->pm);
    free(ui);
    return status;
}
