/* play.c — playing a game on the terminal, line by line: humans type
 * moves, computer players answer, dice are rolled from the seed. */
#include <ctype.h>
#include <inttypes.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "ludoteka/options.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"

/* The stream of the game's seed that draws the lots for the first seat
 * (the dice and the computer's choices use theirs, see rng.h). */
static const uint64_t LOTS_STREAM = 1ull << 48;

int cli_draw_first(lt_record *rec, int first, uint64_t seed)
{
    int n = rec->config.players;
    if (first < 0) {
        lt_rng r;
        lt_rng_seed(&r, seed, LOTS_STREAM);
        first = (int)lt_rng_below(&r, (uint64_t)n);
    }
    char rotated[LT_MAX_PLAYERS][LT_SPEC_MAX];
    for (int i = 0; i < n; i++)
        memcpy(rotated[i], rec->players[(i + first) % n], LT_SPEC_MAX);
    memcpy(rec->players, rotated, sizeof rotated[0] * (size_t)n);
    return first;
}

/* The line mode: the session and where it reads and writes. */
typedef struct {
    session *se;
    FILE *in, *out;
} lines;

/* The exact odds of a game of chance, on one line. */
static void show_odds(lines *ln)
{
    char line[512];
    if (session_odds_line(ln->se, line, sizeof line))
        fprintf(ln->out, "%s\n", line);
}

static bool save(lines *ln, const char *path)
{
    lt_error err = {0};
    if (session_save(ln->se, path, &err) != LT_OK) {
        cli_fail(EXIT_FAIL, "%s", err.msg);
        return false;
    }
    return true;
}

static bool step(lines *ln, lt_action a)
{
    lt_error err = {0};
    if (session_step(ln->se, a, &err) != LT_OK) {
        cli_fail(EXIT_FAIL, "%s", err.msg);
        return false;
    }
    return true;
}

static void undo(lines *ln)
{
    lt_error err = {0};
    int n = session_undo(ln->se, &err);
    if (n < 0)
        cli_fail(EXIT_FAIL, "%s", err.msg);
    else if (n == 0)
        fprintf(ln->out, "%s\n", T("Nothing to take back.", "Nie ma czego cofnąć."));
    else /* the board is shown again before the next prompt */
        fprintf(ln->out, T("Took back %d move(s).\n", "Cofnięto posunięć: %d.\n"), n);
}

static void redo(lines *ln)
{
    lt_error err = {0};
    int n = session_redo(ln->se, &err);
    if (n < 0)
        cli_fail(EXIT_FAIL, "%s", err.msg);
    else if (n == 0)
        fprintf(ln->out, "%s\n", T("Nothing to play again.", "Nie ma czego przywrócić."));
    else
        fprintf(ln->out, T("Played again %d move(s).\n", "Przywrócono posunięć: %d.\n"), n);
}

static lt_action think(session *se, lt_player *pl, int seat, double seconds,
                       lt_think_info *info);

static void hint(lines *ln)
{
    session *se = ln->se;
    char text[2048];
    if (session_exact_hint(se, text, sizeof text)) {
        fputs(text, ln->out);
        return;
    }
    lt_error err = {0};
    lt_player *adviser = session_adviser(se, &err);
    if (!adviser) {
        cli_fail(EXIT_FAIL, "%s", err.msg);
        return;
    }
    lt_think_info info = {0};
    lt_action a = think(se, adviser, session_to_move(se), SESSION_HINT_SECONDS,
                        &info);
    if (a == LT_NO_ACTION)
        return;
    session_hint_text(se, a, &info, text, sizeof text);
    fprintf(ln->out, "%s\n", text);
}

static void list_moves(lines *ln)
{
    const lt_game *g = ln->se->game;
    lt_action acts[LT_MAX_ACTIONS];
    int n = lt_choices(g, ln->se->state, acts);
    for (int i = 0; i < n; i++) {
        char name[64];
        fprintf(ln->out, "%s%s", i ? " " : "",
                lt_name(g, ln->se->state, acts[i], name, sizeof name));
    }
    fputc('\n', ln->out);
}

static void show_help(lines *ln)
{
    fputs(T("Type a move in the game's notation, or:\n"
            "  moves        list the legal moves\n"
            "  board        show the position again\n"
            "  undo         take back your last move\n"
            "  redo         play again what undo took back\n"
            "  hint         ask the computer for a move\n"
            "  save [FILE]  save the game (resume: ludoteka play --resume FILE)\n"
            "  resign       give up the game\n"
            "  quit         leave the game\n",
            "Wpisz ruch w notacji gry albo:\n"
            "  moves        lista dozwolonych ruchów\n"
            "  board        pokaż pozycję jeszcze raz\n"
            "  undo         cofnij swój ostatni ruch\n"
            "  redo         przywróć to, co cofnięto\n"
            "  hint         podpowiedź komputera\n"
            "  save [PLIK]  zapisz partię (wznowienie: ludoteka play --resume PLIK)\n"
            "  resign       poddaj partię\n"
            "  quit         wyjdź z partii\n"),
          ln->out);
}

static void save_as(lines *ln, const char *path)
{
    session *se = ln->se;
    if (path)
        lt_copy(se->save_path, sizeof se->save_path, path);
    if (!se->save_path[0])
        cli_fail(EXIT_USAGE, "%s", T("save needs a file name: save FILE",
                                     "podaj nazwę pliku: save PLIK"));
    else if (save(ln, se->save_path))
        fprintf(ln->out, T("Saved to %s.\n", "Zapisano w %s.\n"), se->save_path);
}

enum { TURN_MOVED, TURN_AGAIN, TURN_QUIT, TURN_EOF, TURN_ERROR };

/* --dice manual: one prompt for a throw of real dice. */
static int manual_throw(lines *ln)
{
    session *se = ln->se;
    const lt_game *g = se->game;
    lt_action acts[LT_MAX_ACTIONS];
    char line[256], example[64];
    int n = lt_choices(g, se->state, acts);
    lt_name(g, se->state, acts[n - 1], example, sizeof example);
    fprintf(ln->out, T("Dice (as thrown, e.g. %s; roll: the computer throws)> ",
                       "Kości (jak wypadły, np. %s; roll: rzuca komputer)> "),
            example);
    fflush(ln->out);
    if (!cli_read_line(ln->in, line, sizeof line))
        return TURN_EOF;
    char *words[3];
    int k = lt_split(line, words, 3);
    if (k == 0)
        return TURN_AGAIN;
    lt_action a;
    lt_error err = {0};
    if (!strcasecmp(words[0], "quit") || !strcasecmp(words[0], "exit"))
        return TURN_QUIT;
    if (!strcasecmp(words[0], "board")) {
        textview_print(ln->out, g, se->state);
        show_odds(ln);
        return TURN_AGAIN;
    }
    if (!strcasecmp(words[0], "roll")) {
        a = session_roll(se);
    } else if (!strcasecmp(words[0], "save") && k >= 2) {
        save_as(ln, words[1]);
        return TURN_AGAIN;
    } else if (lt_parse(g, se->state, words[0], &a, &err) != LT_OK) {
        cli_fail(EXIT_USAGE, "%s", err.msg);
        return TURN_AGAIN;
    }
    char name[64];
    fprintf(ln->out, T("Dice: %s\n", "Kości: %s\n"), lt_name(g, se->state, a, name, sizeof name));
    return step(ln, a) ? TURN_MOVED : TURN_ERROR;
}

/* One prompt for a human seat. */
static int human_turn(lines *ln, int seat)
{
    session *se = ln->se;
    const lt_game *g = se->game;
    char line[256], who[64];
    fprintf(ln->out, T("%s to move> ", "Ruch: %s> "),
            lt_seat_name(g, seat, cli_lang, who, sizeof who));
    fflush(ln->out);
    if (!cli_read_line(ln->in, line, sizeof line))
        return TURN_EOF;
    char *words[3];
    int n = lt_split(line, words, 3);
    if (n == 0)
        return TURN_AGAIN;
    const char *cmd = words[0];
    if (!strcasecmp(cmd, "quit") || !strcasecmp(cmd, "exit"))
        return TURN_QUIT;
    if (!strcasecmp(cmd, "help") || !strcmp(cmd, "?")) {
        show_help(ln);
    } else if (!strcasecmp(cmd, "moves")) {
        list_moves(ln);
    } else if (!strcasecmp(cmd, "board")) {
        textview_print(ln->out, g, se->state);
    } else if (!strcasecmp(cmd, "undo")) {
        undo(ln);
    } else if (!strcasecmp(cmd, "redo")) {
        redo(ln);
    } else if (!strcasecmp(cmd, "hint")) {
        hint(ln);
    } else if (!strcasecmp(cmd, "save")) {
        save_as(ln, n >= 2 ? words[1] : NULL);
    } else if (!strcasecmp(cmd, "resign")) {
        lt_error err = {0};
        if (session_resign(se, &err) < 0 && err.msg[0])
            cli_fail(EXIT_FAIL, "%s", err.msg);
        return TURN_MOVED;
    } else if (n > 1) {
        cli_fail(EXIT_USAGE, "%s", T("one move at a time (help lists the commands)",
                                     "jeden ruch naraz (help wypisuje polecenia)"));
    } else {
        lt_action a;
        lt_error err = {0};
        if (lt_parse(g, se->state, cmd, &a, &err) != LT_OK) {
            cli_fail(EXIT_USAGE, "%s", err.msg);
            return TURN_AGAIN;
        }
        return step(ln, a) ? TURN_MOVED : TURN_ERROR;
    }
    return TURN_AGAIN;
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
    session *se;
    int seat;
    bool shown;
} progress_ctx;

static void progress(void *ctx, const lt_think_info *info)
{
    progress_ctx *pc = ctx;
    if (info->seconds < 0.5 || !isatty(fileno(stderr)))
        return;
    char text[512], line[600];
    session_progress_text(pc->se, pc->seat, info, text, sizeof text);
    snprintf(line, sizeof line, "  %s  %s", text,
             T("(Ctrl-C: move now)", "(Ctrl-C: ruch teraz)"));
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

/* The computer's move (or the hint's), with progress and Ctrl-C, in at
 * most `seconds` (0: the player's own limits). */
static lt_action think(session *se, lt_player *pl, int seat, double seconds,
                       lt_think_info *info)
{
    progress_ctx pc = {se, seat, false};
    lt_limits lim = {.seconds = seconds, .stop = &stop_thinking,
                     .progress = progress, .ctx = &pc};
    struct sigaction sa = {.sa_handler = on_interrupt}, old;
    sigemptyset(&sa.sa_mask);
    stop_thinking = 0;
    sigaction(SIGINT, &sa, &old);
    lt_action a = lt_player_choose(pl, se->state, session_choice_seed(se),
                                   &lim, info);
    sigaction(SIGINT, &old, NULL);
    if (pc.shown)
        fputs("\r\033[K", stderr);
    return a;
}

int play_lines(session *se, FILE *in, FILE *out)
{
    lines ln = {se, in, out};
    const lt_game *g = se->game;
    int shown = -1; /* the number of actions when the board was last shown */
    while (!session_over(se)) {
        int p = session_to_move(se);
        char name[64], who[64];
        if (p == LT_CHANCE && !se->dice_manual) {
            lt_action a = session_roll(se);
            fprintf(out, T("Dice: %s\n", "Kości: %s\n"),
                    lt_name(g, se->state, a, name, sizeof name));
            if (!step(&ln, a))
                return EXIT_FAIL;
            show_odds(&ln);
            continue;
        }
        lt_player *pl = p >= 0 ? se->players[p] : NULL;
        if (pl && !lt_player_is_human(pl)) {
            lt_think_info info = {0};
            lt_action a = think(se, pl, p, 0, &info);
            if (a == LT_NO_ACTION)
                return cli_fail(EXIT_FAIL, "%s: %s", lt_player_spec(pl),
                                lt_player_error(pl));
            char note[160];
            session_stand_in_note(&info, note, sizeof note);
            fprintf(out, "%s (%s): %s%s\n",
                    lt_seat_name(g, p, cli_lang, who, sizeof who),
                    lt_player_spec(pl), lt_name(g, se->state, a, name, sizeof name),
                    note);
            if (!step(&ln, a))
                return EXIT_FAIL;
            continue;
        }
        /* a person: a move, or with --dice manual the dice he threw */
        if (shown != se->rec.nactions) {
            textview_print(out, g, se->state);
            show_odds(&ln);
            shown = se->rec.nactions;
        }
        switch (pl ? human_turn(&ln, p) : manual_throw(&ln)) {
        case TURN_MOVED:
        case TURN_AGAIN:
            break;
        case TURN_QUIT:
            fprintf(out, "%s\n", T("Game left unfinished.", "Partia przerwana."));
            return EXIT_OK;
        case TURN_EOF:
            fputc('\n', out);
            return cli_fail(EXIT_FAIL, "%s",
                            T("input ended before the game did",
                              "wejście skończyło się przed końcem partii"));
        default:
            return EXIT_FAIL;
        }
    }
    char result[512];
    textview_print(out, g, se->state);
    session_result_text(se, result, sizeof result);
    fprintf(out, "%s\n", result);
    return EXIT_OK;
}

/* Splits "human,ai:level=2" into the record's specs; false after saying
 * what is wrong (too many players for the game, a spec too long). */
static bool set_players(lt_record *rec, const char *list)
{
    int n = 0, count = 1;
    for (const char *c = list; *c; c++)
        count += *c == ',';
    lt_error err = {0};
    if (count > LT_MAX_PLAYERS &&
        lt_check_players(rec->game, count, &err) != LT_OK) {
        cli_fail(EXIT_USAGE, "--players: %s", err.msg);
        return false;
    }
    const char *p = list;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len >= LT_SPEC_MAX) {
            char *spec = malloc(len + 1), quoted[LT_QUOTE_MAX];
            if (spec) {
                memcpy(spec, p, len);
                spec[len] = '\0';
            }
            cli_fail(EXIT_USAGE,
                     T("--players: a player spec has at most %d characters; "
                       "player %d is %s",
                       "--players: opis gracza ma najwyżej %d znaków; gracz %d "
                       "to %s"),
                     LT_SPEC_MAX - 1, n + 1,
                     spec ? lt_quote(quoted, sizeof quoted, spec) : "?");
            free(spec);
            return false;
        }
        memcpy(rec->players[n], p, len);
        rec->players[n++][len] = '\0';
        if (!comma)
            break;
        p = comma + 1;
    }
    rec->config.players = n;
    return true;
}

static void play_usage(void)
{
    puts(T("usage: ludoteka play ID [--players SPEC,SPEC,...] [--option k=v]...\n"
           "                        [--seed N] [--record FILE] [--first N|random]\n"
           "                        [--position TEXT] [--dice manual|auto]\n"
           "       ludoteka play --resume FILE [--players ...] [--record FILE]\n"
           "\n"
           "On a terminal the game is played on the full screen (cursor keys,\n"
           "mouse, '?' lists the keys); --plain plays line by line.\n"
           "Players, one per seat in order: human, random, ai, ai:level=1..5,\n"
           "ai:alphabeta:depth=D, ... (see the README).  Seats not named get\n"
           "ai; without --players the first seat is human.  A game with no\n"
           "human seat plays itself to the end.\n"
           "--first N puts the N-th listed player in the first seat (random:\n"
           "draw lots).  --record FILE saves the game after every move;\n"
           "--resume FILE continues a saved game (a file of one game) and\n"
           "keeps saving to it.  A saved game never starts a program: a seat\n"
           "it gives to an engine (uci:, xboard:) is refused; name every seat\n"
           "with --players to play on against one.\n"
           "While playing, 'help' lists the commands (moves, undo, hint, save,\n"
           "quit).  --dice manual: at every throw, type the dice you threw\n"
           "(or 'roll' to let the computer throw).  Games of chance show the\n"
           "exact odds of the turn as it goes.",
           "użycie: ludoteka play ID [--players GRACZ,GRACZ,...] [--option k=v]...\n"
           "                        [--seed N] [--record PLIK] [--first N|random]\n"
           "                        [--position TEKST] [--dice manual|auto]\n"
           "       ludoteka play --resume PLIK [--players ...] [--record PLIK]\n"
           "\n"
           "W terminalu gra toczy się na pełnym ekranie (strzałki, mysz,\n"
           "'?' wypisuje klawisze); --plain gra wierszami.\n"
           "Gracze, po jednym na miejsce: human, random, ai, ai:level=1..5,\n"
           "ai:alphabeta:depth=D, ... (zob. README).  Miejsca bez gracza\n"
           "dostają ai; bez --players pierwsze miejsce to human.  Partia bez\n"
           "człowieka rozgrywa się sama do końca.\n"
           "--first N sadza N-tego gracza z listy na pierwszym miejscu (random:\n"
           "losowanie).  --record PLIK zapisuje partię po każdym ruchu;\n"
           "--resume PLIK wznawia zapisaną partię (plik jednej partii) i dalej\n"
           "ją zapisuje.  Zapisana partia nigdy nie uruchamia programu:\n"
           "miejsce, które daje silnikowi (uci:, xboard:), jest odrzucane;\n"
           "aby grać dalej z silnikiem, podaj wszystkich graczy w --players.\n"
           "W czasie gry 'help' wypisuje polecenia (moves, undo, hint, save,\n"
           "quit).  --dice manual: przy każdym rzucie wpisz, co wypadło na\n"
           "kościach (albo 'roll' - rzuca komputer).  Gry losowe pokazują na\n"
           "bieżąco dokładne szanse tury."));
}

int cmd_play(int argc, char **argv)
{
    const char *id = NULL, *players = NULL, *seed_text = NULL, *record = NULL,
               *resume = NULL, *first_text = NULL, *position = NULL,
               *dice = NULL, *v;
    const char *options[64];
    int noptions = 0;
    if (cli_wants_help(argc, argv)) {
        play_usage();
        return EXIT_OK;
    }
    for (int i = 1; i < argc; i++) {
        const char **slot = NULL;
        if (cli_flag(argc, argv, &i, "--players", &v))
            slot = &players;
        else if (cli_flag(argc, argv, &i, "--seed", &v))
            slot = &seed_text;
        else if (cli_flag(argc, argv, &i, "--record", &v))
            slot = &record;
        else if (cli_flag(argc, argv, &i, "--resume", &v))
            slot = &resume;
        else if (cli_flag(argc, argv, &i, "--first", &v))
            slot = &first_text;
        else if (cli_flag(argc, argv, &i, "--position", &v))
            slot = &position;
        else if (cli_flag(argc, argv, &i, "--dice", &v))
            slot = &dice;
        else if (cli_flag(argc, argv, &i, "--option", &v)) {
            if (!v)
                return EXIT_USAGE;
            if (noptions == 64)
                return cli_fail(EXIT_USAGE, "too many --option flags");
            options[noptions++] = v;
            continue;
        } else if (argv[i][0] == '-' || id) {
            return cli_fail(EXIT_USAGE, "play: unexpected argument '%s' (see "
                                        "ludoteka play --help)", argv[i]);
        } else {
            id = argv[i];
            continue;
        }
        if (!v)
            return EXIT_USAGE;
        *slot = v;
    }
    if (dice && strcasecmp(dice, "manual") && strcasecmp(dice, "auto")) {
        char quoted[LT_QUOTE_MAX];
        return cli_fail(EXIT_USAGE, T("--dice: expected manual or auto, got %s",
                                      "--dice: oczekiwano manual albo auto, "
                                      "podano %s"),
                        lt_quote(quoted, sizeof quoted, dice));
    }
    lt_record rec;
    lt_error err = {0};
    bool fullscreen = cli_fullscreen();
    char note[256] = "";
    if (resume) {
        if (id || noptions || seed_text || position || first_text)
            return cli_fail(EXIT_USAGE, "--resume takes the game, options and "
                                        "seed from the saved file");
        if (lt_record_load(resume, &rec, &err) != LT_OK)
            return cli_fail(EXIT_FAIL, "%s", err.msg);
        if (players) {
            int n = rec.config.players;
            if (!set_players(&rec, players)) {
                lt_record_clear(&rec);
                return EXIT_USAGE;
            }
            if (rec.config.players != n) {
                int given = rec.config.players;
                lt_record_clear(&rec);
                return cli_fail(EXIT_USAGE,
                                T("--players: the saved game has %d seats, got "
                                  "%d players",
                                  "--players: zapisana partia ma %d miejsc, "
                                  "podano graczy: %d"),
                                n, given);
            }
        }
    } else {
        if (!id)
            return cli_fail(EXIT_USAGE, "play: which game? (ludoteka list)");
        const lt_game *g = cli_game(id);
        if (!g)
            return EXIT_USAGE;
        lt_config cfg;
        lt_config_default(g, &cfg, 0);
        lt_record_init(&rec, g, &cfg);
        if (players && !set_players(&rec, players))
            return EXIT_USAGE;
        if (!players)
            lt_copy(rec.players[0], LT_SPEC_MAX, "human");
        /* seats nobody was named for get computer players */
        for (int i = players ? rec.config.players : 1; i < g->min_players; i++)
            lt_copy(rec.players[i], LT_SPEC_MAX, "ai");
        if (rec.config.players < g->min_players)
            rec.config.players = g->min_players;
        for (int k = 0; k < noptions; k++)
            if (lt_config_set(g, &rec.config, options[k], &err) != LT_OK)
                return cli_fail(EXIT_USAGE, "%s", err.msg);
        long long seed;
        if (seed_text && !cli_int("--seed", seed_text, 0, INT64_MAX, &seed)) {
            lt_record_clear(&rec);
            return EXIT_USAGE;
        }
        rec.seed = seed_text ? (uint64_t)seed : cli_fresh_seed();
        if (position && lt_record_set_position(&rec, position) != LT_OK)
            return cli_fail(EXIT_FAIL, "out of memory");
        if (first_text) {
            long long k = 0;
            bool lots = !strcasecmp(first_text, "random");
            if (!lots && !lt_parse_int(first_text, 1, rec.config.players, &k)) {
                char quoted[LT_QUOTE_MAX];
                int n = rec.config.players;
                lt_record_clear(&rec);
                return cli_fail(EXIT_USAGE,
                                T("--first: expected random or the number of a "
                                  "listed player, 1 to %d, got %s",
                                  "--first: oczekiwano random albo numeru "
                                  "gracza z listy, od 1 do %d, podano %s"),
                                n, lt_quote(quoted, sizeof quoted, first_text));
            }
            int f = cli_draw_first(&rec, lots ? -1 : (int)k - 1, rec.seed);
            if (lots)
                snprintf(note, sizeof note, T("Lots drawn: player %d (%s) moves first.",
                                              "Losowanie: zaczyna gracz %d (%s)."),
                         f + 1, rec.players[0]);
            if (lots && !fullscreen)
                printf("%s\n", note);
        }
    }
    if (lt_check_players(rec.game, rec.config.players, &err) != LT_OK) {
        lt_record_clear(&rec);
        return cli_fail(EXIT_USAGE, "%s", err.msg);
    }
    /* the players: the command line's, or on --resume without --players
     * the saved game's, which never start a program */
    session se;
    lt_status st = session_open(&se, &rec, resume && !players
                                               ? LT_SPEC_UNTRUSTED
                                               : LT_SPEC_TRUSTED, &err);
    if (st != LT_OK && resume)
        return cli_fail(st == LT_ESYNTAX ? EXIT_USAGE : EXIT_FAIL, "%s: %s",
                        resume, err.msg);
    if (st != LT_OK)
        return cli_fail(st == LT_ESYNTAX ? EXIT_USAGE : EXIT_FAIL, "%s", err.msg);
    se.dice_manual = dice && !strcasecmp(dice, "manual");
    if (record)
        lt_copy(se.save_path, sizeof se.save_path, record);
    else if (resume)
        lt_copy(se.save_path, sizeof se.save_path, resume);
    se.autosave = se.save_path[0] != '\0';
    char opts[256];
    lt_config_write(se.game, &se.rec.config, opts, sizeof opts);
    if (!fullscreen) /* the full screen shows it in its title */
        printf("%s — %s  %s %" PRIu64 "\n", cli_title(se.game), opts[0] ? opts : "",
               T("seed", "ziarno"), se.rec.seed);
    int status = EXIT_OK;
    if (se.autosave && session_save(&se, NULL, &err) != LT_OK)
        status = cli_fail(EXIT_FAIL, "%s", err.msg);
    else if (fullscreen)
        status = tui_play_session(&se, note[0] ? note : NULL);
    else
        status = play_lines(&se, stdin, stdout);
    session_close(&se);
    return status;
}
