/* play.c — playing a game on the terminal, line by line: the people at
 * the keyboard type moves and commands (commands.h), computer players
 * answer, dice are thrown from the seed (or typed in), clocks run. */
#include <inttypes.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "play.h"
#include "cli.h"
#include "legend.h"
#include "table_text.h"
#include "textview.h"
#include "words.h"
#include "ludoteka/options.h"
#include "ludoteka/text.h"

/* ---- The line mode ---------------------------------------------------- */

/* The table and where it reads and writes; the plies and the seat to
 * act when the board was last shown, and whether the end has been. */
typedef struct {
    table *t;
    FILE *in, *out;
    int shown, shown_to;
    bool ended;
} lines;

/* "Chess — rules=fide  seed 7  clock 5+3" */
static void print_title(FILE *out, const table *t)
{
    const lt_session *s = t->s;
    const lt_game *g = lt_session_game(s);
    char opts[256], clock[64];
    lt_config_describe(g, lt_session_config(s), opts, sizeof opts);
    fprintf(out, "%s — %s  %s %" PRIu64, lt_game_title(g), opts,
            _("seed"), lt_session_seed(s));
    if (lt_session_time_control(s)->kind != LT_TC_NONE) {
        lt_time_control_format(lt_session_time_control(s), clock, sizeof clock);
        fprintf(out, "  %s %s", _("clock"), clock);
    }
    fputc('\n', out);
}

/* The exact odds of a game of chance, on one line. */
static void show_odds(lines *ln)
{
    char line[512];
    if (table_odds_line(ln->t, line, sizeof line))
        fprintf(ln->out, "%s\n", line);
}

/* Text in lines of at most 78 columns, broken at spaces. */
static void print_wrapped(FILE *out, const char *text)
{
    int col = 0;
    for (const char *p = text; *p;) {
        int word = (int)strcspn(p, " \n");
        if (col > 0 && col + 1 + word > 78) {
            fputc('\n', out);
            col = 0;
        } else if (col > 0) {
            fputc(' ', out);
            col++;
        }
        fwrite(p, 1, (size_t)word, out);
        col += word;
        p += word;
        if (*p == '\n') {
            fputc('\n', out);
            col = 0;
        }
        if (*p)
            p++;
    }
    if (col)
        fputc('\n', out);
}

/* The board from the viewer's side, the clocks and the odds; with the
 * side it is seen from and the move list when asked. */
static void show_board(lines *ln, bool moves, bool side)
{
    table *t = ln->t;
    lt_view *v = calloc(1, sizeof *v);
    if (v) {
        textview_print(ln->out, v, table_render(t, v) % 2);
        free(v);
    }
    char line[512];
    if (side && table_side_line(t, line, sizeof line))
        fprintf(ln->out, "%s\n", line);
    const char *legend = side ? cli_legend(lt_session_game(t->s), true) : NULL;
    if (legend)
        print_wrapped(ln->out, legend);
    char *list = moves ? table_moves_text(t) : NULL;
    if (list) {
        fprintf(ln->out, "%s\n", _("Moves:"));
        print_wrapped(ln->out, list);
        free(list);
    }
    if (table_clock_line(t, line, sizeof line))
        fprintf(ln->out, "%s\n", line);
    show_odds(ln);
}

/* What happened, as it comes: the dice thrown, offers and answers,
 * flags, seats leaving.  (A person's move is what he typed; a
 * computer's is shown with it; the result at the end.) */
static void show_events(lines *ln)
{
    lt_event ev;
    char text[512];
    bool dice = false;
    while (lt_session_event(ln->t->s, &ev)) {
        if (ev.kind == LT_EV_MOVED && ev.chance) {
            fprintf(ln->out, _("Dice: %s\n"), ev.name);
            dice = true;
        } else if (table_event_text(ln->t, &ev, text, sizeof text)) {
            fprintf(ln->out, "%s.\n", text);
        }
    }
    if (dice)
        show_odds(ln);
}

/* Thinking: a progress line on a terminal, and Ctrl-C to make the
 * computer answer at once. */
static volatile int stop_thinking;

static void on_interrupt(int sig)
{
    (void)sig;
    stop_thinking = 1;
}

typedef struct {
    const table *t;
    int seat;
    bool shown;
} progress_ctx;

static void progress(void *ctx, const lt_think_info *info)
{
    progress_ctx *pc = ctx;
    if (info->seconds < 0.5 || !isatty(fileno(stderr)))
        return;
    char text[512], line[600];
    table_progress_text(pc->t, pc->seat, info, text, sizeof text);
    snprintf(line, sizeof line, "  %s  %s", text,
             _("(Ctrl-C: move now)"));
    /* one line of the terminal, rewritten in place: cut to its width
     * (in characters, not bytes) */
    struct winsize ws;
    int width = ioctl(fileno(stderr), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1
                    ? ws.ws_col - 1 : 79;
    int chars = 0;
    for (char *c = line; *c; c++)
        if ((*c & 0xc0) != 0x80 && ++chars > width) {
            *c = '\0';
            break;
        }
    fprintf(stderr, "\r%s\033[K", line);
    pc->shown = true;
}

/* The computer's move (or the hint's) within lim, with progress and
 * Ctrl-C. */
static lt_action think(lines *ln, lt_player *pl, int seat, lt_limits *lim,
                       lt_think_info *info)
{
    progress_ctx pc = {ln->t, seat, false};
    lim->stop = &stop_thinking;
    lim->progress = progress;
    lim->ctx = &pc;
    struct sigaction sa = {.sa_handler = on_interrupt}, old;
    sigemptyset(&sa.sa_mask);
    stop_thinking = 0;
    sigaction(SIGINT, &sa, &old);
    lt_action a = lt_player_choose(pl, lt_session_state(ln->t->s),
                                   table_choice_seed(ln->t), lim, info);
    sigaction(SIGINT, &old, NULL);
    if (pc.shown)
        fputs("\r\033[K", stderr);
    return a;
}

/* A computer seat moves (its thinking on its clock), or claims a draw
 * it may claim; false when it cannot. */
static bool computer_turn(lines *ln, int seat)
{
    table *t = ln->t;
    lt_session *s = t->s;
    const lt_game *g = lt_session_game(s);
    lt_error err = {0};
    if (table_computer_claims(t, &err))
        return true;
    lt_player *pl = lt_session_player(s, seat);
    lt_limits lim;
    double clocks[LT_MAX_PLAYERS];
    lt_session_limits(s, seat, &lim, clocks);
    lt_think_info info = {0};
    lt_action a = think(ln, pl, seat, &lim, &info);
    if (a == LT_NO_ACTION) {
        cli_fail(EXIT_FAIL, "%s: %s", lt_player_spec(pl), lt_player_error(pl));
        return false;
    }
    char name[64], who[64], note[160];
    lt_display_name(g, lt_session_state(s), a, name, sizeof name);
    int before = lt_session_plies(s);
    if (table_computer_move(t, seat, a, &err) != LT_OK) {
        cli_fail(EXIT_FAIL, "%s", err.msg);
        return false;
    }
    if (lt_session_plies(s) > before) { /* not when its flag fell first */
        table_stand_in_note(&info, note, sizeof note);
        char spec[128];
        fprintf(ln->out, "%s (%s): %s%s\n",
                lt_session_seat_name(s, seat, who, sizeof who),
                cli_spec_words(lt_player_spec(pl), spec, sizeof spec), name,
                note);
    }
    return true;
}

static void hint(lines *ln)
{
    table *t = ln->t;
    int to = lt_session_to_act(t->s);
    char text[2048];
    if (!table_person(t, to)) {
        fprintf(ln->out, "%s\n", _("A hint is for a person to move."));
        return;
    }
    if (table_exact_hint(t, text, sizeof text)) {
        fputs(text, ln->out);
        return;
    }
    lt_error err = {0};
    lt_player *adviser = table_adviser(t, &err);
    if (!adviser) {
        cli_fail(EXIT_FAIL, "%s", err.msg);
        return;
    }
    lt_think_info info = {0};
    lt_limits lim = {.seconds = TABLE_HINT_SECONDS};
    lt_action a = think(ln, adviser, to, &lim, &info);
    if (a == LT_NO_ACTION)
        return;
    table_hint_text(t, a, &info, text, sizeof text);
    fprintf(ln->out, "%s\n", text);
}

static void list_moves(lines *ln)
{
    const lt_session *s = ln->t->s;
    const lt_game *g = lt_session_game(s);
    lt_action acts[LT_MAX_ACTIONS];
    int n = table_over(ln->t) ? 0 : lt_choices(g, lt_session_state(s), acts);
    for (int i = 0; i < n; i++) {
        char name[64];
        fprintf(ln->out, "%s%s", i ? " " : "",
                lt_display_name(g, lt_session_state(s), acts[i], name, sizeof name));
    }
    fputc('\n', ln->out);
}

static void show_help(lines *ln)
{
    char text[4096];
    lt_command_help(0, text, sizeof text);
    fprintf(ln->out, "%s\n%s",
            _("Type a move in the game's notation, or a command:"),
            text);
    if (ln->t->dice_manual) { /* in the columns of the commands' help */
        char roll[64];
        fprintf(ln->out, "  %s %s\n", cli_pad(roll, sizeof roll, "roll", 28, false),
                _("at a throw: the computer throws"));
    }
}

static void rematch(lines *ln)
{
    lt_error err = {0};
    if (!table_over(ln->t)) {
        cli_fail(EXIT_USAGE, "%s", _("the game is still in play: a rematch "
                                     "comes after its end"));
        return;
    }
    if (table_rematch(ln->t, &err) != LT_OK) {
        cli_fail(EXIT_FAIL, "%s", err.msg);
        return;
    }
    fprintf(ln->out, "%s\n", _("A new game, every player one seat on (save "
                               "FILE keeps it):"));
    print_title(ln->out, ln->t);
    ln->shown = -1;
}

enum { LINE_OK, LINE_EOF, LINE_FLAG };

/* Reads a line; while a clock runs it looks at the clock meanwhile, and
 * a flag that falls ends the wait (LINE_FLAG). */
static int read_line(lines *ln, char *buf, size_t size)
{
    lt_session *s = ln->t->s;
    while (lt_session_time_control(s)->kind != LT_TC_NONE && !table_over(ln->t)) {
        int to = lt_session_to_act(s);
        int64_t left = to >= 0 ? lt_session_clock(s, to) : 1000;
        int ms = left < 0 || left >= 1000 ? 1000 : (int)left + 1;
        if (cli_input_ready(ln->in, ms))
            break;
        if (lt_session_tick(s)) {
            fputc('\n', ln->out);
            return LINE_FLAG;
        }
    }
    return cli_read_line(ln->in, buf, size) ? LINE_OK : LINE_EOF;
}

enum { TURN_AGAIN, TURN_QUIT, TURN_EOF };

/* The prompt: who is to move (and who is asked to answer an offer), the
 * dice to type in, or the end. */
static void prompt(lines *ln, int to)
{
    const lt_session *s = ln->t->s;
    const lt_game *g = lt_session_game(s);
    char who[64];
    if (to == LT_TERMINAL) {
        fputs(_("Game over (rematch, board, save, quit)> "),
              ln->out);
    } else if (to == LT_CHANCE) {
        lt_action acts[LT_MAX_ACTIONS];
        char example[64];
        int n = lt_choices(g, lt_session_state(s), acts);
        lt_display_name(g, lt_session_state(s), acts[n - 1], example, sizeof example);
        fprintf(ln->out, _("Dice (as thrown, e.g. %s; roll: the computer throws)> "),
                example);
    } else {
        fprintf(ln->out, _("%s to move"),
                lt_session_seat_name(s, to, who, sizeof who));
        int asked = lt_session_answerer(s);
        if (asked >= 0 && table_person(ln->t, asked))
            fprintf(ln->out, _(" (%s: accept or decline)"),
                    lt_session_seat_name(s, asked, who, sizeof who));
        fputs("> ", ln->out);
    }
    fflush(ln->out);
}

/* One line typed at the keyboard: a move or a command. */
static int turn(lines *ln, int to)
{
    table *t = ln->t;
    char line[256], arg[256], note[256];
    prompt(ln, to);
    int r = read_line(ln, line, sizeof line);
    if (r != LINE_OK)
        return r == LINE_EOF ? TURN_EOF : TURN_AGAIN;
    if (!line[strspn(line, " \t")])
        return TURN_AGAIN;
    lt_error err = {0};
    lt_command_id id;
    if (lt_command_parse(line, &id, arg, sizeof arg, &err) != LT_OK) {
        cli_fail(EXIT_USAGE, "%s", err.msg);
        return TURN_AGAIN;
    }
    if (to == LT_CHANCE && id == LT_CMD_MOVE && !strcasecmp(arg, "roll")) {
        if (lt_session_step(t->s, NULL, &err) != LT_OK) /* thrown here */
            cli_fail(EXIT_FAIL, "%s", err.msg);
        return TURN_AGAIN;
    }
    switch (id) {
    case LT_CMD_QUIT:
        return TURN_QUIT;
    case LT_CMD_HELP:
        show_help(ln);
        break;
    case LT_CMD_MOVES:
        list_moves(ln);
        break;
    case LT_CMD_BOARD:
        show_board(ln, true, true);
        break;
    case LT_CMD_HINT:
        hint(ln);
        break;
    case LT_CMD_FLIP:
        t->flip = !t->flip;
        show_board(ln, false, true);
        break;
    case LT_CMD_CLOCK:
        if (!table_clock_line(t, line, sizeof line))
            lt_copy(line, sizeof line, _("This game has no clock."));
        fprintf(ln->out, "%s\n", line);
        break;
    case LT_CMD_REMATCH:
        rematch(ln);
        break;
    default:
        if (table_command(t, id, arg, note, sizeof note, &err) != LT_OK) {
            cli_fail(EXIT_USAGE, "%s", err.msg);
        } else if (note[0]) {
            show_events(ln); /* the answer that took the move back first */
            fprintf(ln->out, "%s\n", note);
        }
    }
    return TURN_AGAIN;
}

int play_lines(table *t, FILE *in, FILE *out)
{
    lines ln = {t, in, out, -1, LT_TERMINAL, false};
    print_title(out, t);
    for (;;) {
        show_events(&ln);
        lt_session *s = t->s;
        int to = lt_session_to_act(s);
        lt_error err = {0};
        if (to == LT_TERMINAL && !ln.ended) {
            char result[512];
            show_board(&ln, false, false);
            lt_session_result_text(s, result, sizeof result);
            fprintf(out, "%s\n", result);
            if (table_people(t) == 0)
                return EXIT_OK; /* a game to watch: over */
        }
        ln.ended = to == LT_TERMINAL;
        if (to == LT_CHANCE && !t->dice_manual) {
            if (lt_session_step(s, NULL, &err) != LT_OK)
                return cli_fail(EXIT_FAIL, "%s", err.msg);
            continue;
        }
        if (to >= 0 && !table_person(t, to)) {
            if (!computer_turn(&ln, to))
                return EXIT_FAIL;
            continue;
        }
        if (!ln.ended && (ln.shown != lt_session_plies(s) || ln.shown_to != to)) {
            show_board(&ln, false, ln.shown < 0); /* the side the first time */
            ln.shown = lt_session_plies(s);
            ln.shown_to = to;
        }
        switch (turn(&ln, to)) {
        case TURN_QUIT:
            if (!table_over(t))
                fprintf(out, "%s\n", _("Game left unfinished."));
            return EXIT_OK;
        case TURN_EOF:
            fputc('\n', out);
            if (table_over(t))
                return EXIT_OK;
            return cli_fail(EXIT_FAIL, "%s",
                            _("input ended before the game did"));
        default:
            break;
        }
    }
}
