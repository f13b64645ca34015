/* tui_commands.c — what a player asks for on the play screen besides
 * moving: a hint, undo and redo, save and load, resign, the keys' help,
 * leaving, and the line typed after ':'. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tui_play.h"
#include "ludoteka/text.h"

void play_hint(play_ui *ui)
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
        play_say(ui, MSG_HINT, "%s", line);
        return;
    }
    lt_error err = {0};
    play_stop_thinking(ui);
    lt_player *adviser = session_adviser(se, &err);
    if (!adviser) {
        play_say(ui, MSG_ERROR, "%s", err.msg);
        return;
    }
    if (!think_start(&ui->thinker, se->game, adviser, se->state,
                     session_choice_seed(se), SESSION_HINT_SECONDS)) {
        play_stop_thinking(ui);
        play_say(ui, MSG_ERROR, "%s", T("cannot start a thread", "nie można uruchomić wątku"));
        return;
    }
    ui->thinking = THINK_HINT;
    ui->think_seat = session_to_move(se);
    ui->message[0] = '\0';
}

void play_undo(play_ui *ui)
{
    lt_error err = {0};
    play_stop_thinking(ui);
    int n = session_undo(ui->se, &err);
    ui->halted = false;
    ui->dice_wait = false;
    ui->anim_until = ui->wait_until = 0;
    if (n < 0)
        play_say(ui, MSG_ERROR, "%s", err.msg);
    else if (n == 0)
        play_say(ui, MSG_NOTE, "%s", T("Nothing to take back.", "Nie ma czego cofnąć."));
    else
        play_say(ui, MSG_NOTE, T("Took back %d move(s).", "Cofnięto posunięć: %d."), n);
    play_changed(ui);
}

void play_redo(play_ui *ui)
{
    lt_error err = {0};
    play_stop_thinking(ui);
    int n = session_redo(ui->se, &err);
    if (n < 0)
        play_say(ui, MSG_ERROR, "%s", err.msg);
    else if (n == 0)
        play_say(ui, MSG_NOTE, "%s", T("Nothing to play again.", "Nie ma czego przywrócić."));
    else
        play_say(ui, MSG_NOTE, T("Played again %d move(s).", "Przywrócono posunięć: %d."), n);
    play_changed(ui);
}

void play_save(play_ui *ui, const char *path)
{
    session *se = ui->se;
    char file[512];
    lt_copy(file, sizeof file, path ? path : se->save_path);
    if (!path) {
        if (!file[0])
            snprintf(file, sizeof file, "%s.txt", se->game->id);
        play_draw(ui);
        if (!tui_prompt(T("Save to file", "Zapisz do pliku"), file, sizeof file) ||
            !file[0])
            return;
    }
    lt_error err = {0};
    if (session_save(se, file, &err) != LT_OK) {
        play_say(ui, MSG_ERROR, "%s", err.msg);
        return;
    }
    lt_copy(se->save_path, sizeof se->save_path, file);
    play_say(ui, MSG_NOTE, T("Saved to %s.", "Zapisano w %s."), file);
}

void play_load(play_ui *ui, const char *path)
{
    session *se = ui->se;
    char file[512] = "";
    if (path) {
        lt_copy(file, sizeof file, path);
    } else {
        lt_copy(file, sizeof file, se->save_path);
        play_draw(ui);
        if (!tui_prompt(T("Load the game in file", "Wczytaj partię z pliku"), file,
                        sizeof file) ||
            !file[0])
            return;
    }
    play_stop_thinking(ui);
    lt_error err = {0};
    if (session_load(se, file, &err) != LT_OK) {
        play_say(ui, MSG_ERROR, "%s", err.msg);
        return;
    }
    ui->halted = ui->dice_wait = false;
    ui->cursor = ui->sel = -1;
    play_say(ui, MSG_NOTE, T("Loaded %s.", "Wczytano %s."), file);
    play_changed(ui);
}

void play_resign(play_ui *ui)
{
    session *se = ui->se;
    if (session_over(se))
        return;
    char question[256];
    snprintf(question, sizeof question, "%s", T("Resign the game?", "Poddać partię?"));
    play_draw(ui);
    if (!tui_confirm(question))
        return;
    play_stop_thinking(ui);
    lt_error err = {0};
    if (session_resign(se, &err) < 0) {
        play_say(ui, MSG_ERROR, "%s", err.msg[0] ? err.msg
                                            : T("Only a person at the table can resign.",
                                                "Poddać partię może tylko człowiek."));
        return;
    }
    ui->message[0] = '\0';
    play_changed(ui);
}

char *play_help_text(void *ctx)
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
        "redo, play_hint, moves, save FILE, load FILE, resign, quit\n"
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
        "play_hint, moves, save PLIK, load PLIK, resign, quit\n"
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

bool play_leave(play_ui *ui)
{
    if (session_over(ui->se))
        return true;
    play_draw(ui);
    return tui_confirm(ui->se->autosave
                           ? T("Leave the game? (it is saved)", "Wyjść z partii? (jest zapisana)")
                           : T("Leave the game unfinished?", "Przerwać partię?"));
}

/* A move in notation or a command, typed after ':'. */
void play_typed(play_ui *ui)
{
    session *se = ui->se;
    char line[256] = "";
    play_draw(ui);
    if (!tui_prompt(T("Move or command", "Ruch albo polecenie"), line, sizeof line))
        return;
    char *words[3];
    int n = lt_split(line, words, 3);
    if (n == 0)
        return;
    const char *cmd = words[0];
    if (!strcasecmp(cmd, "undo"))
        play_undo(ui);
    else if (!strcasecmp(cmd, "redo"))
        play_redo(ui);
    else if (!strcasecmp(cmd, "hint"))
        play_hint(ui);
    else if (!strcasecmp(cmd, "moves"))
        play_list_moves(ui);
    else if (!strcasecmp(cmd, "save"))
        play_save(ui, n >= 2 ? words[1] : NULL);
    else if (!strcasecmp(cmd, "load"))
        play_load(ui, n >= 2 ? words[1] : NULL);
    else if (!strcasecmp(cmd, "resign"))
        play_resign(ui);
    else if (!strcasecmp(cmd, "quit") || !strcasecmp(cmd, "exit"))
        ui->leave = play_leave(ui);
    else if (!strcasecmp(cmd, "help"))
        tui_pager(play_help_text, NULL, false);
    else if (session_over(se) || !session_is_human(se, session_to_move(se)))
        play_say(ui, MSG_ERROR, "%s", T("It is not your move.", "To nie twój ruch."));
    else {
        lt_action a;
        lt_error err = {0};
        if (lt_parse(se->game, se->state, cmd, &a, &err) != LT_OK)
            play_say(ui, MSG_ERROR, "%s", err.msg);
        else
            play_action(ui, a);
    }
}
