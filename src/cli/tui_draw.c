/* tui_draw.c — drawing the play screen: the board (boardgrid.c) in
 * colour with the cursor, the selection, the targets and the last move;
 * beside it the players, the game's own lines, the odds, the choices off
 * the board and the moves so far; below, what is going on and the keys. */
#include <stdlib.h>
#include <string.h>

#include "tui_play.h"
#include "ludoteka/options.h"
#include "ludoteka/text.h"

enum { PANEL_MIN = 34 }; /* columns the side panel keeps for itself */

void play_layout(play_ui *ui)
{
    ui->board_rows = LINES - 3 > 1 ? LINES - 3 : 1;
    ui->board_cols = COLS - PANEL_MIN - 2 > 8 ? COLS - PANEL_MIN - 2 : 8;
    lt_view *v = ui->view;
    lt_view rolling;
    if (tui_now() < ui->anim_until && v->ndice > 0) {
        /* the dice still roll: faces of the screen's own choosing */
        rolling = *v;
        for (int i = 0; i < rolling.ndice; i++)
            rolling.dice[i].value = (uint8_t)(1 + lt_rng_below(&ui->anim_rng, 6));
        v = &rolling;
    }
    /* without colours the seats show only in the pieces' texts */
    bg_style st = {.ascii = tui_ascii || !tui_has_colors(), .coloured = tui_has_colors(),
                   .largest = ui->largest, .faces = true};
    bg_layout(v, &st, ui->board_cols, ui->board_rows, ui->grid);
}

/* A colour for text on the terminal's own background: black would not
 * show on the usual dark one (the glyphs tell the seats apart there). */
static int on_plain(int fg)
{
    return fg == TC_BLACK ? TC_DEFAULT : fg;
}

/* The attribute of a board character. */
static attr_t board_attr(const play_ui *ui, const bg_char *c, uint8_t marks)
{
    const lt_view *v = ui->view;
    bool colour = tui_has_colors();
    int fg = TC_DEFAULT, bg = TB_DEFAULT;
    attr_t a = 0;
    switch (c->role) {
    case BG_LINK:
    case BG_LABEL:
        return colour ? tui_color(TC_CYAN, TB_DEFAULT) : A_DIM;
    case BG_TITLE:
        return A_BOLD;
    case BG_DIE:
        return tui_color(on_plain(tui_seat_color(ui->se->game, c->owner)), TB_DEFAULT) |
               A_BOLD;
    case BG_PIECE:
        fg = tui_seat_color(ui->se->game, c->owner);
        a |= A_BOLD;
        break;
    default:
        break;
    }
    if (c->cell >= 0 && c->cell < v->ncells) {
        const lt_cell *cell = &v->cells[c->cell];
        if (cell->shape == LT_SHAPE_SQUARE)
            bg = cell->shade == LT_SHADE_LIGHT    ? TB_LIGHT
                 : cell->shade == LT_SHADE_DARK   ? TB_DARK
                 : cell->shade == LT_SHADE_MARKED ? TB_MARKED
                                                  : TB_DEFAULT;
        if (marks & MARK_TARGET)
            bg = TB_TARGET;
        if (marks & MARK_CAPTURE)
            bg = TB_CAPTURE;
        if (marks & MARK_SELECTED)
            bg = TB_SELECTED;
        if (!colour) {
            if (marks & MARK_TARGET)
                a |= A_BOLD | A_UNDERLINE;
            if (marks & (MARK_SELECTED | MARK_CAPTURE))
                a |= A_STANDOUT;
        }
        if (marks & MARK_LAST)
            a |= A_UNDERLINE;
        if (marks & MARK_CURSOR)
            a |= A_REVERSE;
    }
    if (bg == TB_DEFAULT)
        fg = on_plain(fg);
    return a | tui_color(fg, bg);
}

/* Brackets around the cursor's cell: seen on any terminal. */
static void draw_cursor(const play_ui *ui)
{
    const bg_grid *g = ui->grid;
    int c = ui->cursor;
    if (c < 0 || c >= LT_VIEW_CELLS || g->cell_row[c] < 0)
        return;
    int r = g->cell_row[c], k = g->cell_col[c], w = 0;
    while (k + w < BG_COLS && g->at[r][k + w].cell == c && g->at[r][k + w].role == BG_PIECE)
        w++; /* the columns of its piece */
    w = w < 1 ? 1 : w;
    int row = 1 + r, col = 1 + k;
    attr_t a = A_BOLD | tui_color(TC_YELLOW, TB_DEFAULT);
    if (col - 1 >= 1)
        tui_put(row, col - 1, 1, a, "[");
    if (col + w <= ui->board_cols)
        tui_put(row, col + w, 1, a, "]");
}

static void draw_board(play_ui *ui, const uint8_t *marks)
{
    const bg_grid *g = ui->grid;
    if (g->rows == 0 && ui->view->ncells > 0) {
        tui_put(2, 1, ui->board_cols, tui_color(TC_RED, TB_DEFAULT) | A_BOLD,
                T("The terminal is too small for the board.",
                  "Terminal jest za mały na tę planszę."));
        return;
    }
    for (int r = 0; r < g->rows && r < ui->board_rows; r++)
        for (int c = 0; c < g->cols && c < ui->board_cols; c++) {
            const bg_char *ch = &g->at[r][c];
            if (!ch->ch[0])
                continue; /* the second half of a wide character */
            uint8_t m = ch->cell >= 0 && ch->cell < LT_VIEW_CELLS ? marks[ch->cell] : 0;
            attr_t a = board_attr(ui, ch, m);
            if (ch->role == BG_BLANK && !a)
                continue;
            tui_put(1 + r, 1 + c, 2, a, ch->ch);
        }
}

/* Writes wrapped text into the panel from *row; returns false when the
 * panel is full. */
static bool panel_text(int *row, int last, int col, int width, attr_t a,
                       const char *text)
{
    int start[64], len[64];
    int n = tui_wrap(text, width, start, len, 64);
    for (int i = 0; i < n; i++) {
        if (*row > last)
            return false;
        char line[512];
        snprintf(line, sizeof line, "%.*s", len[i], text + start[i]);
        tui_put((*row)++, col, width, a, line);
    }
    return true;
}

static void draw_players(const play_ui *ui, int *row, int col, int width)
{
    const session *se = ui->se;
    const lt_game *g = se->game;
    int p = session_over(se) ? -3 : session_to_move(se);
    for (int i = 0; i < se->rec.config.players && *row < LINES - 2; i++) {
        char who[64], line[256];
        lt_seat_name(g, i, cli_lang, who, sizeof who);
        const char *spec = se->rec.players[i];
        char kind[LT_SPEC_MAX];
        if (!strcmp(spec, "human"))
            snprintf(kind, sizeof kind, "%s", T("human", "człowiek"));
        else
            snprintf(kind, sizeof kind, "%s", spec);
        snprintf(line, sizeof line, "%s %s: %s",
                 i == p ? (tui_ascii ? ">" : "\u25b6") : " ", who, kind);
        attr_t a = tui_color(on_plain(tui_seat_color(g, i)), TB_DEFAULT) |
                   (i == p ? A_BOLD : 0);
        tui_put((*row)++, col, width, a, line);
    }
}

/* The moves so far as the record numbers them: a number before each
 * turn of the first seat (a roll belongs to the decision after it). */
static char *move_text(const play_ui *ui, int nhist)
{
    size_t size = (size_t)nhist * 40 + 16, len = 0;
    char *text = malloc(size);
    if (!text)
        return NULL;
    text[0] = '\0';
    int number = 0, next = LT_TERMINAL;
    int *own = malloc(((size_t)nhist + 1) * sizeof *own);
    if (!own) {
        free(text);
        return NULL;
    }
    for (int i = nhist - 1; i >= 0; i--)
        next = own[i] = ui->hist[i].owner >= 0 ? ui->hist[i].owner : next;
    for (int i = 0; i < nhist; i++) {
        if (own[i] == 0 && (i == 0 || own[i - 1] != 0))
            lt_appendf(text, size, &len, "%s%d.", len ? " " : "", ++number);
        else if (i == 0)
            lt_appendf(text, size, &len, "%d...", ++number);
        lt_appendf(text, size, &len, " %s", ui->hist[i].name);
    }
    free(own);
    return text;
}

static void draw_panel(play_ui *ui)
{
    const session *se = ui->se;
    /* while the dice roll, the lines of the moment before the throw */
    bool rolling = tui_now() < ui->anim_until;
    const lt_view *v = rolling ? ui->before : ui->view;
    const char *odds = rolling ? ui->before_odds : ui->odds;
    int nhist = rolling && ui->nhist > 0 ? ui->nhist - 1 : ui->nhist;
    int col = ui->grid->cols + 3;
    col = col < 12 ? 12 : col;
    int width = COLS - col - 1, row = 1, last = LINES - 3;
    if (width < 10)
        return;
    draw_players(ui, &row, col, width);
    row++;
    if (v->ndice > 0 && !ui->grid->dice_drawn) {
        char dice[64];
        size_t len = 0;
        dice[0] = '\0';
        lt_appendf(dice, sizeof dice, &len, "%s", T("Dice:", "Kości:"));
        for (int i = 0; i < v->ndice; i++)
            lt_appendf(dice, sizeof dice, &len, v->dice[i].value ? " [%d]" : " [ ]",
                       v->dice[i].value);
        panel_text(&row, last, col, width, A_BOLD, dice);
    }
    for (int i = 0; i < v->ninfo; i++)
        if (!panel_text(&row, last, col, width, 0, v->info[i]))
            return;
    if (odds[0]) {
        row++;
        panel_text(&row, last, col, width, tui_color(TC_CYAN, TB_DEFAULT) | A_BOLD,
                   odds);
    }
    /* the choices that touch no cell, by number */
    lt_action off[LT_MAX_ACTIONS];
    int noff = pick_off_board(ui->pm, off);
    if (noff > 0 && row < last) {
        char line[512];
        size_t len = 0;
        line[0] = '\0';
        lt_appendf(line, sizeof line, &len, "%s", T("Choices:", "Wybór:"));
        for (int i = 0; i < noff && i < 9; i++) {
            char name[64];
            lt_appendf(line, sizeof line, &len, "  %d %s", i + 1,
                       lt_name(se->game, se->state, off[i], name, sizeof name));
        }
        if (noff > 9)
            lt_appendf(line, sizeof line, &len, "  (m: %s)", T("all", "wszystkie"));
        row++;
        panel_text(&row, last, col, width, A_BOLD, line);
    }
    if (row + 2 > last || nhist == 0)
        return;
    row++;
    tui_put(row++, col, width, A_BOLD, T("Moves:", "Ruchy:"));
    char *text = move_text(ui, nhist);
    if (!text)
        return;
    /* the latest lines that fit */
    int *start = malloc(((size_t)ui->nhist * 2 + 8) * sizeof *start);
    int *len = malloc(((size_t)ui->nhist * 2 + 8) * sizeof *len);
    if (start && len) {
        int n = tui_wrap(text, width, start, len, ui->nhist * 2 + 8);
        int room = last - row + 1, first = n > room ? n - room : 0;
        for (int i = first; i < n; i++) {
            char line[512];
            snprintf(line, sizeof line, "%.*s", len[i], text + start[i]);
            tui_put(row++, col, width, 0, line);
        }
    }
    free(start);
    free(len);
    free(text);
}

static void draw_status(play_ui *ui)
{
    int row = LINES - 2;
    char text[1200];
    attr_t a = 0;
    lt_think_info info;
    if (ui->thinking && think_progress(&ui->thinker, &info)) {
        static const char spin[] = "|/-\\";
        int k = (int)(tui_now() * 8) % 4;
        char progress[512];
        session_progress_text(ui->se, ui->think_seat, &info, progress, sizeof progress);
        snprintf(text, sizeof text, "%c %s", spin[k], progress);
        a = tui_color(TC_CYAN, TB_DEFAULT);
    } else if (ui->thinking) {
        char who[64];
        lt_seat_name(ui->se->game, ui->think_seat, cli_lang, who, sizeof who);
        static const char spin[] = "|/-\\";
        int k = (int)(tui_now() * 8) % 4;
        snprintf(text, sizeof text, ui->thinking == THINK_HINT
                                        ? T("%c Looking for a hint...", "%c Szukam podpowiedzi...")
                                        : T("%c %s thinks...", "%c %s myśli..."),
                 spin[k], who);
        a = tui_color(TC_CYAN, TB_DEFAULT);
    } else if (session_over(ui->se) && !ui->message[0]) {
        char result[512];
        session_result_text(ui->se, result, sizeof result);
        snprintf(text, sizeof text, "%s. %s", result,
                 ui->in_menu ? T("Press ENTER to return to the menu.",
                                 "Naciśnij ENTER, aby wrócić do menu.")
                             : T("Press ENTER to leave.", "Naciśnij ENTER, aby wyjść."));
        a = A_BOLD;
    } else {
        snprintf(text, sizeof text, "%s", ui->message);
        a = ui->msg_kind == MSG_ERROR ? tui_color(TC_RED, TB_DEFAULT) | A_BOLD
            : ui->msg_kind == MSG_HINT ? tui_color(TC_GREEN, TB_DEFAULT) | A_BOLD
                                       : A_BOLD;
    }
    tui_fill(row, 0, COLS, 0);
    tui_put(row, 1, COLS - 2, a, text);
}

const char *play_keys(const play_ui *ui)
{
    const session *se = ui->se;
    if (ui->thinking == THINK_MOVE)
        return T("Esc: move now   u: undo   ?: help   q: leave the game",
                 "Esc: ruch teraz   u: cofnij   ?: pomoc   q: wyjście z partii");
    if (session_over(se) && ui->in_menu)
        return T("Enter: back to the menu   u: undo   s: save   o: load   ?: help",
                 "Enter: powrót do menu   u: cofnij   s: zapisz   o: wczytaj   ?: pomoc");
    if (session_over(se))
        return T("Enter: leave   u: undo   s: save   o: load   ?: help",
                 "Enter: wyjście   u: cofnij   s: zapisz   o: wczytaj   ?: pomoc");
    int p = session_to_move(se);
    if (p == LT_CHANCE && se->dice_manual)
        return T("d: type the dice you threw   u: undo   ?: help   q: leave",
                 "d: wpisz wyrzucone oczka   u: cofnij   ?: pomoc   q: wyjście");
    if (p == LT_CHANCE && ui->throw_waits)
        return T("Enter: throw the dice   u: undo   s: save   ?: help   q: leave",
                 "Enter: rzut kośćmi   u: cofnij   s: zapisz   ?: pomoc   q: wyjście");
    if (!session_is_human(se, p))
        return T("u: undo   s: save   ?: help   q: leave the game",
                 "u: cofnij   s: zapisz   ?: pomoc   q: wyjście z partii");
    return T("arrows/mouse, Enter: move  :  type  u/r undo/redo  h hint  m moves  ? help",
             "strzałki/mysz, Enter: ruch  :  wpisz  u/r cofnij/ponów  h podpowiedź  ? pomoc");
}

void play_draw(play_ui *ui)
{
    const session *se = ui->se;
    erase();
    char title[256], right[512], opts[256];
    lt_config_write(se->game, &se->rec.config, opts, sizeof opts);
    snprintf(title, sizeof title, "%s", cli_title(se->game));
    snprintf(right, sizeof right, "%s  %s %llu", opts,
             T("seed", "ziarno"), (unsigned long long)se->rec.seed);
    if (tui_width(title) + tui_width(right) + 4 > COLS) /* the options if they fit */
        snprintf(right, sizeof right, "%s %llu", T("seed", "ziarno"),
                 (unsigned long long)se->rec.seed);
    tui_title(title, right);
    uint8_t marks[LT_VIEW_CELLS];
    memcpy(marks, ui->last, sizeof marks);
    if (session_is_human(se, session_to_move(se)) && !ui->thinking) {
        pick_marks(ui->pm, ui->sel, marks);
        if (ui->sel >= 0 && ui->sel < LT_VIEW_CELLS)
            marks[ui->sel] |= MARK_SELECTED;
        if (ui->cursor >= 0 && ui->cursor < LT_VIEW_CELLS)
            marks[ui->cursor] |= MARK_CURSOR;
    }
    draw_board(ui, marks);
    if (marks[ui->cursor >= 0 && ui->cursor < LT_VIEW_CELLS ? ui->cursor : 0] & MARK_CURSOR)
        draw_cursor(ui);
    draw_panel(ui);
    draw_status(ui);
    tui_keys(play_keys(ui));
    refresh();
}
