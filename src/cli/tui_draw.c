/* tui_draw.c — drawing the play screen: the board (boardgrid.c) in
 * colour with the cursor, the selection, the targets and the last move;
 * beside it the players, the game's own lines, the odds, the choices off
 * the board and the moves so far; below, what is going on and the keys. */
#include <stdlib.h>
#include <string.h>

#include "tui_draw.h"
#include "legend.h"
#include "table_text.h"
#include "tui_term.h"
#include "words.h"
#include "ludoteka/options.h"
#include "ludoteka/text.h"

/* columns the side panel keeps for itself; at least, when the board
 * would otherwise be drawn at its smallest */
enum { PANEL_MIN = 34, PANEL_NARROW = 24 };

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
                   .largest = ui->largest, .faces = true, .across = ui->across,
                   .hand_title = ui->nhand > 0 ? _("In hand (Enter: pick one):") : NULL};
    bg_layout(v, &st, ui->board_cols, ui->board_rows, ui->grid);
    /* a board that only fits with its pieces touching (Talat's three on
     * 80 columns) takes some of the panel's room, if that is enough for
     * a space between them */
    int wider = COLS - PANEL_NARROW - 2;
    if (ui->grid->size == BG_TINY && st.largest < BG_TINY && wider > ui->board_cols) {
        st.largest = BG_COMPACT;
        if (bg_layout(v, &st, wider, ui->board_rows, ui->grid))
            ui->board_cols = wider;
        else
            bg_layout(v, &st, ui->board_cols, ui->board_rows, ui->grid);
    }
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
        return tui_color(on_plain(tui_seat_color(lt_session_game(ui->t->s), c->owner)), TB_DEFAULT) |
               A_BOLD;
    case BG_PIECE:
        fg = tui_seat_color(lt_session_game(ui->t->s), c->owner);
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
        if (marks & MARK_CHECK) /* (red as a capture: the pairs of a
                                 * 64-pair terminal are all in use) */
            bg = TB_CAPTURE;
        if (marks & MARK_SELECTED)
            bg = TB_SELECTED;
        if (!colour) {
            if (marks & MARK_TARGET)
                a |= A_BOLD | A_UNDERLINE;
            if (marks & (MARK_SELECTED | MARK_CAPTURE | MARK_CHECK))
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
                _("The terminal is too small for the board."));
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
    const lt_session *s = ui->t->s;
    const lt_game *g = lt_session_game(s);
    int p = lt_session_to_act(s);
    bool clocks = lt_session_time_control(s)->kind != LT_TC_NONE;
    for (int i = 0; i < lt_session_seats(s) && *row < LINES - 2; i++) {
        char who[64], line[256], left[32] = "", player[128];
        const lt_seat *seat = lt_session_seat(s, i);
        lt_session_seat_name(s, i, who, sizeof who);
        if (clocks)
            lt_clock_text(lt_session_clock(s, i), left, sizeof left);
        snprintf(line, sizeof line, "%s %s: %s%s%s%s",
                 i == p ? (tui_ascii ? ">" : "\u25b6") : " ", who,
                 cli_spec_words(seat->kind == LT_SEAT_HUMAN ? "human" : seat->spec,
                                player, sizeof player),
                 left[0] ? "  " : "", left,
                 lt_session_in_game(s, i) ? "" : _(" (out)"));
        attr_t a = tui_color(on_plain(tui_seat_color(g, i)), TB_DEFAULT) |
                   (i == p ? A_BOLD : 0);
        tui_put((*row)++, col, width, a, line);
    }
}

/* The game's legend under the board, where the board leaves room for
 * it (wrapped to the board's width); with draw false only whether it
 * fits. */
static bool legend_below(const play_ui *ui, bool draw)
{
    const char *legend = cli_legend(lt_session_game(ui->t->s), tui_ascii);
    int width = ui->grid->cols > 30 ? ui->grid->cols : 30;
    if (!legend || width > ui->board_cols)
        return false;
    int start[16], len[16];
    int n = tui_wrap(legend, width, start, len, 16);
    int row = 1 + ui->grid->rows + 1;
    if (n == 16 || row + n - 1 > ui->board_rows)
        return false;
    for (int i = 0; draw && i < n; i++) {
        char line[512];
        snprintf(line, sizeof line, "%.*s", len[i], legend + start[i]);
        tui_put(row + i, 1, width, A_DIM, line);
    }
    return true;
}

static void draw_panel(play_ui *ui)
{
    const lt_session *s = ui->t->s;
    /* while the dice roll, the lines of the moment before the throw */
    bool rolling = tui_now() < ui->anim_until;
    const lt_view *v = rolling ? ui->before : ui->view;
    const char *odds = rolling ? ui->before_odds : ui->odds;
    const char *moves = rolling ? ui->before_moves : ui->moves;
    int col = ui->grid->cols + 3;
    col = col < 12 ? 12 : col;
    int width = COLS - col - 1, row = 1, last = LINES - 3;
    if (width < 10)
        return;
    draw_players(ui, &row, col, width);
    char side[256];
    if (table_side_line(ui->t, side, sizeof side))
        panel_text(&row, last, col, width, A_DIM, side);
    row++;
    if (v->ndice > 0 && !ui->grid->dice_drawn) {
        char dice[64];
        size_t len = 0;
        dice[0] = '\0';
        lt_appendf(dice, sizeof dice, &len, "%s", _("Dice:"));
        for (int i = 0; i < v->ndice; i++)
            lt_appendf(dice, sizeof dice, &len, v->dice[i].value ? " [%d]" : " [ ]",
                       v->dice[i].value);
        panel_text(&row, last, col, width, A_BOLD, dice);
    }
    for (int i = 0; i < v->ninfo; i++)
        if (!panel_text(&row, last, col, width, 0, v->info[i]))
            return;
    /* the legend, when it is not under the board, where it leaves room
     * for the last moves (else it is on the help page) */
    const char *legend = cli_legend(lt_session_game(s), tui_ascii);
    if (legend && !legend_below(ui, false)) {
        int start[64], len[64];
        int need = tui_wrap(legend, width, start, len, 64);
        int moves_lines = moves ? tui_wrap(moves, width, start, len, 64) : 0;
        need += moves ? 2 + (moves_lines < 3 ? moves_lines : 3) : 0;
        if (row + need <= last && !panel_text(&row, last, col, width, A_DIM, legend))
            return;
    }
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
        lt_appendf(line, sizeof line, &len, "%s", _("Choices:"));
        for (int i = 0; i < noff && i < 9; i++) {
            char name[64];
            lt_appendf(line, sizeof line, &len, "  %d %s", i + 1,
                       lt_display_name(lt_session_game(s), lt_session_state(s), off[i], name,
                               sizeof name));
        }
        if (noff > 9)
            lt_appendf(line, sizeof line, &len, "  (m: %s)", _("all"));
        row++;
        panel_text(&row, last, col, width, A_BOLD, line);
    }
    if (row + 2 > last || !moves)
        return;
    row++;
    tui_put(row++, col, width, A_BOLD, _("Moves:"));
    /* the latest lines that fit */
    enum { LINES_MAX = 4096 };
    int *start = malloc(LINES_MAX * sizeof *start);
    int *len = malloc(LINES_MAX * sizeof *len);
    if (start && len) {
        int n = tui_wrap(moves, width, start, len, LINES_MAX);
        int room = last - row + 1, first = n > room ? n - room : 0;
        for (int i = first; i < n; i++) {
            char line[512];
            snprintf(line, sizeof line, "%.*s", len[i], moves + start[i]);
            tui_put(row++, col, width, 0, line);
        }
    }
    free(start);
    free(len);
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
        table_progress_text(ui->t, ui->think_seat, &info, progress, sizeof progress);
        snprintf(text, sizeof text, "%c %s", spin[k], progress);
        a = tui_color(TC_CYAN, TB_DEFAULT);
    } else if (ui->thinking) {
        char who[64];
        lt_session_seat_name(ui->t->s, ui->think_seat, who, sizeof who);
        static const char spin[] = "|/-\\";
        int k = (int)(tui_now() * 8) % 4;
        snprintf(text, sizeof text, ui->thinking == THINK_HINT
                                        ? _("%c Looking for a hint...")
                                        : _("%c %s thinks..."),
                 spin[k], who);
        a = tui_color(TC_CYAN, TB_DEFAULT);
    } else if (table_over(ui->t) && !ui->message[0]) {
        char result[512];
        lt_session_result_text(ui->t->s, result, sizeof result);
        snprintf(text, sizeof text, "%s. %s", result,
                 ui->in_menu ? _("Press ENTER to return to the menu.")
                             : _("Press ENTER to leave."));
        /* the result first: on a narrow screen the key's words shrink */
        if (tui_width(text) > COLS - 2)
            snprintf(text, sizeof text, "%s  [%s]", result,
                     ui->in_menu ? _("ENTER: menu")
                                 : _("ENTER: leave"));
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

/* Is a piece standing on the cell? */
static bool has_piece(const lt_view *v, int cell)
{
    for (int i = 0; i < v->npieces; i++)
        if (v->pieces[i].cell == cell)
            return true;
    return false;
}

/* Is every choice a piece taken off where it stands (a mill's removal)? */
static bool removing(const play_ui *ui)
{
    const pick_moves *pm = ui->pm;
    for (int i = 0; i < pm->n; i++)
        if (pm->ncells[i] != 1 || !has_piece(ui->view, pm->cells[i][0]))
            return false;
    return pm->n > 0;
}

const char *play_keys(const play_ui *ui)
{
    const table *t = ui->t;
    if (ui->thinking == THINK_MOVE)
        return _("Esc: move now   u: undo   e: draw   ?: help   q: leave the game");
    if (table_over(t) && ui->in_menu)
        return _("Enter: back to the menu  p: rematch  u: undo  s: save  ?: help");
    if (table_over(t))
        return _("Enter: leave   p: rematch   u: undo   s: save   o: load   ?: help");
    int p = lt_session_to_act(t->s);
    if (lt_session_answerer(t->s) >= 0)
        return _("a: accept   n: decline   or play on   ?: help   q: leave");
    if (p == LT_CHANCE && t->dice_manual)
        return _("d: type the dice you threw   u: undo   ?: help   q: leave");
    if (p == LT_CHANCE && ui->throw_waits)
        return _("Enter: throw the dice   u: undo   s: save   ?: help   q: leave");
    if (!table_person(t, p))
        return _("u: undo   s: save   ?: help   q: leave the game");
    if (!ui->thinking && pick_stop(ui->pm, ui->sel) >= 0)
        return _("Enter on a lit point: capture on   Enter on the piece or '.': stop   ? help");
    if (!ui->thinking && removing(ui))
        return _("arrows/mouse, Enter on a piece in red: take it off   :  type   ? help");
    return _("arrows/mouse, Enter: move  :  type  u/r undo/redo  h hint  e draw  ? help");
}

void play_draw(play_ui *ui)
{
    const table *t = ui->t;
    const lt_session *s = t->s;
    const lt_game *g = lt_session_game(s);
    unsigned long long seed = lt_session_seed(s);
    erase();
    char title[256], right[512], opts[256];
    lt_config_describe(g, lt_session_config(s), opts, sizeof opts);
    snprintf(title, sizeof title, "%s", lt_game_title(g));
    snprintf(right, sizeof right, "%s  %s %llu", opts, _("seed"), seed);
    if (tui_width(title) + tui_width(right) + 4 > COLS) /* the options if they fit */
        snprintf(right, sizeof right, "%s %llu", _("seed"), seed);
    tui_title(title, right);
    uint8_t marks[LT_VIEW_CELLS];
    memcpy(marks, ui->last, sizeof marks);
    for (int i = 0; i < ui->view->nchecks && i < LT_VIEW_CHECKS; i++) /* kings in check */
        if (ui->view->check[i] >= 0 && ui->view->check[i] < LT_VIEW_CELLS)
            marks[ui->view->check[i]] |= MARK_CHECK;
    if (table_person(t, lt_session_to_act(s)) && !ui->thinking) {
        pick_marks(ui->pm, ui->sel, marks);
        /* with no tower in hand picked, every square one may go to */
        for (int i = 0; ui->sel < 0 && ui->nhand > 0 && i < ui->pm->n; i++)
            if (ui->pm->ncells[i] >= 2 && ui->pm->cells[i][0] >= ui->hand &&
                ui->pm->cells[i][1] >= 0 && ui->pm->cells[i][1] < LT_VIEW_CELLS)
                marks[ui->pm->cells[i][1]] |= MARK_TARGET;
        /* a piece an action of its cell alone takes off (a mill's
         * removal) shows as taken; the end of a chain on the selected
         * piece stays as it is */
        for (int i = 0; i < ui->pm->n; i++) {
            int c = ui->pm->cells[i][0];
            if (ui->pm->ncells[i] == 1 && c != ui->sel && c >= 0 && c < LT_VIEW_CELLS &&
                (marks[c] & MARK_TARGET) && has_piece(ui->view, c))
                marks[c] = (uint8_t)((marks[c] & ~MARK_TARGET) | MARK_CAPTURE);
        }
        if (ui->sel >= 0 && ui->sel < LT_VIEW_CELLS)
            marks[ui->sel] |= MARK_SELECTED;
        if (ui->cursor >= 0 && ui->cursor < LT_VIEW_CELLS)
            marks[ui->cursor] |= MARK_CURSOR;
    }
    draw_board(ui, marks);
    if (marks[ui->cursor >= 0 && ui->cursor < LT_VIEW_CELLS ? ui->cursor : 0] & MARK_CURSOR)
        draw_cursor(ui);
    legend_below(ui, true);
    draw_panel(ui);
    draw_status(ui);
    tui_keys(play_keys(ui));
    refresh();
}
