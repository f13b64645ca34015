/* tui_commands.c — what a player asks for on the play screen besides
 * moving: the commands of a game in play (commands.h) from their keys or
 * typed after ':', saving and loading, the keys' help, leaving. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tui_commands.h"
#include "legend.h"
#include "tui_term.h"
#include "table_text.h"
#include "tui_draw.h"
#include "tui_plies.h"
#include "tui_widgets.h"
#include "words.h"
#include "ludoteka/text.h"

static void hint(play_ui *ui)
{
    table *t = ui->t;
    const lt_session *s = t->s;
    if (!table_person(t, lt_session_to_act(s)))
        return;
    char text[2048];
    if (table_exact_hint(t, text, sizeof text)) {
        /* the exact values of the choices, on one line */
        char line[1024];
        size_t len = 0;
        line[0] = '\0';
        for (char *p = strtok(text, "\n"); p; p = strtok(NULL, "\n")) {
            while (*p == ' ')
                p++;
            lt_appendf(line, sizeof line, &len, "%s%s", len ? "  " : "", p);
        }
        play_say(ui, MSG_HINT, "%s", line);
        return;
    }
    lt_error err = {0};
    play_stop_thinking(ui);
    lt_player *adviser = table_adviser(t, &err);
    if (!adviser) {
        play_say(ui, MSG_ERROR, "%s", err.msg);
        return;
    }
    lt_limits lim = {.seconds = TABLE_HINT_SECONDS};
    if (!think_start(&ui->thinker, lt_session_game(s), adviser, lt_session_state(s),
                     table_choice_seed(t), &lim)) {
        play_stop_thinking(ui);
        play_say(ui, MSG_ERROR, "%s", _("cannot start a thread"));
        return;
    }
    ui->thinking = THINK_HINT;
    ui->think_seat = lt_session_to_act(s);
    ui->message[0] = '\0';
}

/* A new game on the table (a rematch, a game loaded): nothing of the
 * old one's moment stays. */
static void fresh_game(play_ui *ui)
{
    ui->halted = ui->dice_wait = false;
    ui->anim_until = ui->wait_until = 0;
    ui->cursor = ui->sel = -1;
    play_events(ui, NULL); /* (the old game's, if any, are gone with it) */
}

void play_save(play_ui *ui, const char *path)
{
    const lt_session *s = ui->t->s;
    char file[512], note[600];
    const char *journal = lt_session_journal(s);
    lt_copy(file, sizeof file, path ? path : journal ? journal : "");
    if (!path) {
        if (!file[0])
            snprintf(file, sizeof file, "%s.txt", lt_session_game(s)->id);
        play_draw(ui);
        if (!tui_prompt(_("Save to file"), file, sizeof file) ||
            !file[0])
            return;
    }
    lt_error err = {0};
    if (table_command(ui->t, LT_CMD_SAVE, file, note, sizeof note, &err) != LT_OK)
        play_say(ui, MSG_ERROR, "%s", err.msg);
    else
        play_say(ui, MSG_NOTE, "%s", note);
}

void play_load(play_ui *ui, const char *path)
{
    const char *journal = lt_session_journal(ui->t->s);
    char file[512];
    lt_copy(file, sizeof file, path ? path : journal ? journal : "");
    if (!path) {
        play_draw(ui);
        if (!tui_prompt(_("Load the game in file"), file,
                        sizeof file) ||
            !file[0])
            return;
    }
    play_stop_thinking(ui);
    lt_error err = {0}, warning = {0};
    /* the file's players: a seat it gives to an engine is refused */
    if (table_resume(ui->t, file, NULL, 0, &err, &warning) != LT_OK) {
        play_say(ui, MSG_ERROR, "%s", err.msg);
        return;
    }
    fresh_game(ui);
    play_changed(ui);
    if (warning.msg[0])
        play_say(ui, MSG_ERROR, "%s", warning.msg);
    else
        play_say(ui, MSG_NOTE, _("Loaded %s."), file);
}

static bool leave(play_ui *ui)
{
    if (table_over(ui->t))
        return true;
    play_draw(ui);
    return tui_confirm(lt_session_journal(ui->t->s)
                           ? _("Leave the game? (it is saved)")
                           : _("Leave the game unfinished?"));
}

void play_command(play_ui *ui, lt_command_id id, const char *arg)
{
    table *t = ui->t;
    char note[600];
    lt_error err = {0};
    switch (id) {
    case LT_CMD_MOVES:
        play_list_moves(ui);
        return;
    case LT_CMD_BOARD: /* it is on the screen */
        return;
    case LT_CMD_HINT:
        hint(ui);
        return;
    case LT_CMD_FLIP:
        t->flip = !t->flip;
        play_changed(ui);
        return;
    case LT_CMD_CLOCK:
        if (table_clock_line(t, note, sizeof note))
            play_say(ui, MSG_NOTE, "%s", note);
        else
            play_say(ui, MSG_NOTE, "%s", _("This game has no clock."));
        return;
    case LT_CMD_HELP:
        tui_pager(play_help_text, ui, true, false);
        return;
    case LT_CMD_QUIT:
        ui->leave = leave(ui);
        return;
    case LT_CMD_SAVE:
        play_save(ui, arg[0] ? arg : NULL);
        return;
    case LT_CMD_REMATCH:
        if (!table_over(t)) {
            play_say(ui, MSG_ERROR, "%s", _("The game is still in play: a rematch "
                                            "comes after its end."));
        } else if (table_rematch(t, &err) != LT_OK) {
            play_say(ui, MSG_ERROR, "%s", err.msg);
        } else {
            fresh_game(ui);
            play_changed(ui);
            play_say(ui, MSG_NOTE, "%s", _("A new game, every player one seat on."));
        }
        return;
    case LT_CMD_RESIGN:
        if (table_over(t))
            return;
        play_draw(ui);
        if (!tui_confirm(_("Resign the game?")))
            return;
        break;
    default:
        break;
    }
    /* the commands of the game itself */
    play_stop_thinking(ui);
    lt_status st = table_command(t, id, arg, note, sizeof note, &err);
    if (st == LT_OK) {
        ui->halted = ui->dice_wait = false;
        ui->anim_until = ui->wait_until = 0;
    }
    play_events(ui, st == LT_OK && note[0] ? note : NULL);
    play_changed(ui);
    if (st != LT_OK)
        play_say(ui, MSG_ERROR, "%s", err.msg);
}

/* A move in notation or a command, typed after ':'. */
void play_typed(play_ui *ui)
{
    char line[256] = "", arg[256];
    play_draw(ui);
    if (!tui_prompt(_("Move or command"), line, sizeof line) ||
        !line[strspn(line, " \t")])
        return;
    lt_command_id id;
    lt_error err = {0};
    if (lt_command_parse(line, &id, arg, sizeof arg, &err) != LT_OK)
        play_say(ui, MSG_ERROR, "%s", err.msg);
    else
        play_command(ui, id, arg);
}

char *play_help_text(void *ctx)
{
    const play_ui *ui = ctx;
    char commands[4096];
    lt_command_help(0, commands, sizeof commands);
    const char *keys = _("PLAYING ON THE FULL SCREEN\n\n"
        "Arrow keys move the cursor over the board; Enter (or a click) on a "
        "piece selects it and lights up where it can go; Enter on a lit cell "
        "plays the move.  A cell where something is placed or taken is played "
        "at once.  When several moves fit, a list asks which.  Capture chains "
        "and other turns of several steps go on from the piece that moved, "
        "still selected, its next captures lit; where the rules let the chain "
        "stop, Enter on the piece itself (or '.') stops it.  A piece to take "
        "off (a mill's removal) is picked on the board, shown in red.  "
        "The board is seen from the side of the one person at the table.\n\n"
        "Keys:\n"
        "  1-9     a choice that is not on the board (throw, stop, ...)\n"
        "  .       end a capture chain that may stop (as Enter on the piece)\n"
        "  :       type a move in the game's notation, or a command (below)\n"
        "  m       all the legal moves, to choose from\n"
        "  u, r    take back, play again (against the computer)\n"
        "  h       a hint from the computer\n"
        "  s, o    save, load a game\n"
        "  x       resign (three or four players: leave the game)\n"
        "  e       offer a draw (or accept the one offered)\n"
        "  t       ask to take back your last move\n"
        "  a, n    accept, decline what was offered (at one keyboard: for "
        "the one asked)\n"
        "  c       claim a draw the rules allow (chess: threefold, fifty moves)\n"
        "  f       turn the board round\n"
        "  k       the clocks\n"
        "  p       a rematch, after the end (players one seat on)\n"
        "  d       type the dice you threw (--dice manual)\n"
        "  Enter   throw the dice, when they wait for you\n"
        "  z       smaller board, or back to the largest\n"
        "  ?       this page; L on it shows the rules in another language\n"
        "  Esc     the computer moves now; Esc again lets go of a piece\n"
        "  Ctrl-C  the computer moves now; otherwise leaves the program\n"
        "  q       leave the game\n\n"
        "Games of chance show the exact odds of the turn as it goes; clocks "
        "run beside the players.\n\n"
        "Commands after ':':\n");
    /* then the rules of the game, in the document's language */
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    if (!f)
        return NULL;
    fprintf(f, "%s%s\n", keys, commands);
    const char *legend = cli_legend(lt_session_game(ui->t->s), tui_ascii);
    if (legend)
        fprintf(f, "%s\n\n", legend);
    cli_print_rules(f, lt_session_game(ui->t->s));
    fclose(f);
    return text;
}
