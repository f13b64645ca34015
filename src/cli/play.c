/* play.c — playing a game on the terminal, line by line: humans type
 * moves, computer players answer, dice are rolled from the seed. */
#include <ctype.h>
#include <inttypes.h>
#include <signal.h>
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

/* --dice manual: the players throw real dice and type what they threw */
static bool dice_manual;

/* The exact odds of a game of chance (lt_game.odds), on one line. */
static void show_odds(session *se)
{
    const lt_game *g = se->game;
    if (!g->odds || g->current_player(se->state) == LT_TERMINAL)
        return;
    lt_odds *o = calloc(1, sizeof *o);
    lt_error err = {0};
    if (!o)
        return;
    o->lang = cli_lang;
    if (g->odds(se->state, 0, o, &err) == LT_OK) {
        char line[512], who[64];
        size_t len = 0;
        line[0] = '\0';
        lt_appendf(line, sizeof line, &len, "%s", T("Odds:", "Szanse:"));
        bool any = false;
        for (int i = 0; i < o->nseats; i++) {
            const lt_exact *e = &o->win[i];
            if (!e->known)
                continue;
            any = true;
            lt_appendf(line, sizeof line, &len, "%s %s %.4f", i ? "," : "",
                       lt_seat_name(g, i, cli_lang, who, sizeof who), e->decimal);
            if (e->exact[0] && strlen(e->exact) <= 15) /* short ones exactly */
                lt_appendf(line, sizeof line, &len, " (%s)", e->exact);
        }
        if (o->value_seat >= 0 && o->value.known)
            lt_appendf(line, sizeof line, &len, T("; value: %s %.4f",
                                                  "; wartość: %s %.4f"),
                       lt_seat_name(g, o->value_seat, cli_lang, who, sizeof who),
                       o->value.decimal);
        if (any) /* nothing while the order of play is thrown for */
            fprintf(se->out, "%s\n", line);
    }
    free(o);
}

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

/* Sets the position to the first n actions of the record, showing every
 * player the game from its start. */
static bool rebuild(session *se, int n, lt_error *err)
{
    const lt_game *g = se->game;
    if (lt_record_replay(&se->rec, 0, se->state, err) != LT_OK)
        return false;
    for (int i = 0; i < se->rec.config.players; i++)
        lt_player_new_game(se->players[i], se->state);
    for (int k = 0; k < n; k++) {
        lt_action a = se->rec.actions[k];
        if (!lt_is_legal(g, se->state, a)) {
            lt_error_set(err, "action %d of the record is not legal", k + 1);
            return false;
        }
        for (int i = 0; i < se->rec.config.players; i++)
            lt_player_observe(se->players[i], se->state, a);
        g->apply(se->state, a);
    }
    se->rec.nactions = n;
    return true;
}

int session_open(session *se, lt_record *rec)
{
    memset(se, 0, sizeof *se);
    se->game = rec->game;
    se->rec = *rec; /* the session owns the record from now on */
    memset(rec, 0, sizeof *rec);
    se->in = stdin;
    se->out = stdout;
    lt_error err = {0};
    for (int i = 0; i < se->rec.config.players; i++) {
        const char *spec = se->rec.players[i][0] ? se->rec.players[i] : "ai";
        se->players[i] = lt_player_new(se->game, spec, &err);
        if (!se->players[i]) {
            session_close(se);
            return cli_fail(EXIT_USAGE, "%s", err.msg);
        }
        lt_copy(se->rec.players[i], LT_SPEC_MAX, spec);
    }
    se->state = lt_state_new(se->game);
    if (!se->state) {
        session_close(se);
        return cli_fail(EXIT_FAIL, "out of memory");
    }
    if (!rebuild(se, se->rec.nactions, &err)) {
        session_close(se);
        return cli_fail(EXIT_FAIL, "%s", err.msg);
    }
    return EXIT_OK;
}

void session_close(session *se)
{
    for (int i = 0; i < LT_MAX_PLAYERS; i++)
        lt_player_free(se->players[i]);
    lt_state_free(se->state);
    lt_record_clear(&se->rec);
    memset(se, 0, sizeof *se);
}

static bool save(session *se, const char *path)
{
    lt_error err = {0};
    if (lt_record_save(&se->rec, path, &err) != LT_OK) {
        cli_fail(EXIT_FAIL, "%s", err.msg);
        return false;
    }
    return true;
}

static bool step(session *se, lt_action a)
{
    if (lt_record_push(&se->rec, a) != LT_OK) {
        cli_fail(EXIT_FAIL, "out of memory");
        return false;
    }
    for (int i = 0; i < se->rec.config.players; i++)
        lt_player_observe(se->players[i], se->state, a);
    se->game->apply(se->state, a);
    if (se->autosave && se->save_path[0])
        return save(se, se->save_path);
    return true;
}

/* Takes back moves until a human is to move again, at least one. */
static void undo(session *se)
{
    const lt_game *g = se->game;
    int n = se->rec.nactions, back = -1;
    lt_state *s = lt_state_new(g);
    if (!s)
        return;
    /* the latest position before now with a human to move */
    for (int k = n - 1; k >= 0 && back < 0; k--) {
        lt_error err;
        lt_record_replay(&se->rec, k, s, &err);
        int p = g->current_player(s);
        if (p >= 0 && lt_player_is_human(se->players[p]))
            back = k;
    }
    lt_state_free(s);
    lt_error err = {0};
    if (back < 0) {
        fprintf(se->out, "%s\n", T("Nothing to take back.", "Nie ma czego cofnąć."));
    } else if (!rebuild(se, back, &err)) {
        cli_fail(EXIT_FAIL, "%s", err.msg);
    } else {
        fprintf(se->out, T("Took back %d move(s).\n", "Cofnięto posunięć: %d.\n"),
                n - back);
        if (se->autosave && se->save_path[0])
            save(se, se->save_path);
    }
}

/* The exact value of each choice, when the game can tell. */
static bool exact_hint(session *se)
{
    const lt_game *g = se->game;
    lt_odds *o = g->odds ? calloc(1, sizeof *o) : NULL;
    lt_error err = {0};
    bool shown = false;
    if (!o)
        return false;
    o->lang = cli_lang;
    if (g->odds(se->state, 0, o, &err) == LT_OK && o->nchoices > 0) {
        int best = 0;
        for (int k = 1; k < o->nchoices; k++)
            if (o->choice[k].value.decimal > o->choice[best].value.decimal)
                best = k;
        for (int k = 0; k < o->nchoices; k++) {
            char name[64];
            const lt_exact *e = &o->choice[k].value;
            fprintf(se->out, T("%s %s: %s = %.6f\n", "%s %s: %s = %.6f\n"),
                    k == best ? T("Hint:", "Podpowiedź:") : "     ",
                    lt_name(g, se->state, o->choice[k].action, name, sizeof name),
                    e->exact[0] ? e->exact : "?", e->decimal);
        }
        fprintf(se->out, "%s\n", T("(expected stakes gained in the turn, exactly)",
                                   "(oczekiwany zysk w turze, dokładnie)"));
        shown = true;
    }
    free(o);
    return shown;
}

static void hint(session *se)
{
    const lt_game *g = se->game;
    lt_error err;
    if (exact_hint(se))
        return;
    /* the strongest level (the perfect player where a game is solved),
     * for three seconds at most */
    lt_player *adviser = lt_player_new(g, "ai:level=5", &err);
    if (!adviser)
        return;
    int p = g->current_player(se->state);
    lt_think_info info = {0};
    lt_limits lim = {.seconds = 3};
    lt_action a = lt_player_choose(
        adviser, se->state,
        lt_choice_seed(se->rec.seed, (uint64_t)se->rec.nactions), &lim, &info);
    char name[64], who[64], line[256];
    size_t len = 0;
    line[0] = '\0';
    /* a win-or-lose game reads best as expected scores in per cent; a
     * game of stakes as the stakes themselves */
    bool percent = g->min_return >= -1 && g->max_return <= 1;
    int n = g->num_players(se->state);
    for (int i = 0; i < n; i++) {
        if (n > 2 && i != p)
            continue; /* the others' values are the searcher's guesses */
        double v = info.value[i];
        lt_seat_name(g, i, cli_lang, who, sizeof who);
        if (percent)
            lt_appendf(line, sizeof line, &len, "%s%s %.0f%%", len ? ", " : "",
                       who, 100 * (v - g->min_return) / (g->max_return - g->min_return));
        else
            lt_appendf(line, sizeof line, &len, "%s%s %+.2f", len ? ", " : "",
                       who, v);
    }
    fprintf(se->out, T("Hint: %s (expected: %s)\n",
                       "Podpowiedź: %s (oczekiwany wynik: %s)\n"),
            lt_name(g, se->state, a, name, sizeof name), line);
    lt_player_free(adviser);
}

static void list_moves(session *se)
{
    lt_action acts[LT_MAX_ACTIONS];
    int n = lt_choices(se->game, se->state, acts);
    for (int i = 0; i < n; i++) {
        char name[64];
        fprintf(se->out, "%s%s", i ? " " : "",
                lt_name(se->game, se->state, acts[i], name, sizeof name));
    }
    fputc('\n', se->out);
}

static void show_help(session *se)
{
    fputs(T("Type a move in the game's notation, or:\n"
            "  moves        list the legal moves\n"
            "  board        show the position again\n"
            "  undo         take back your last move\n"
            "  hint         ask the computer for a move\n"
            "  save [FILE]  save the game (resume: ludoteka play --resume FILE)\n"
            "  quit         leave the game\n",
            "Wpisz ruch w notacji gry albo:\n"
            "  moves        lista dozwolonych ruchów\n"
            "  board        pokaż pozycję jeszcze raz\n"
            "  undo         cofnij swój ostatni ruch\n"
            "  hint         podpowiedź komputera\n"
            "  save [PLIK]  zapisz partię (wznowienie: ludoteka play --resume PLIK)\n"
            "  quit         wyjdź z partii\n"),
          se->out);
}

enum { TURN_MOVED, TURN_AGAIN, TURN_QUIT, TURN_EOF, TURN_ERROR };

/* --dice manual: one prompt for a throw of real dice. */
static int manual_throw(session *se)
{
    const lt_game *g = se->game;
    lt_action acts[LT_MAX_ACTIONS];
    char line[256], example[64];
    int n = lt_choices(g, se->state, acts);
    lt_name(g, se->state, acts[n - 1], example, sizeof example);
    fprintf(se->out, T("Dice (as thrown, e.g. %s; roll: the computer throws)> ",
                       "Kości (jak wypadły, np. %s; roll: rzuca komputer)> "),
            example);
    fflush(se->out);
    if (!cli_read_line(se->in, line, sizeof line))
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
        textview_print(se->out, g, se->state);
        show_odds(se);
        return TURN_AGAIN;
    }
    if (!strcasecmp(words[0], "roll")) {
        a = lt_chance_draw(g, se->state, se->rec.seed, (uint64_t)se->rec.nactions);
    } else if (!strcasecmp(words[0], "save") && k >= 2) {
        lt_copy(se->save_path, sizeof se->save_path, words[1]);
        if (save(se, se->save_path))
            fprintf(se->out, T("Saved to %s.\n", "Zapisano w %s.\n"), se->save_path);
        return TURN_AGAIN;
    } else if (lt_parse(g, se->state, words[0], &a, &err) != LT_OK) {
        cli_fail(EXIT_USAGE, "%s", err.msg);
        return TURN_AGAIN;
    }
    char name[64];
    fprintf(se->out, T("Dice: %s\n", "Kości: %s\n"), lt_name(g, se->state, a, name, sizeof name));
    return step(se, a) ? TURN_MOVED : TURN_ERROR;
}

/* One prompt for a human seat. */
static int human_turn(session *se, int seat)
{
    const lt_game *g = se->game;
    char line[256], who[64];
    fprintf(se->out, T("%s to move> ", "Ruch: %s> "),
            lt_seat_name(g, seat, cli_lang, who, sizeof who));
    fflush(se->out);
    if (!cli_read_line(se->in, line, sizeof line))
        return TURN_EOF;
    char *words[3];
    int n = lt_split(line, words, 3);
    if (n == 0)
        return TURN_AGAIN;
    const char *cmd = words[0];
    if (!strcasecmp(cmd, "quit") || !strcasecmp(cmd, "exit"))
        return TURN_QUIT;
    if (!strcasecmp(cmd, "help") || !strcmp(cmd, "?")) {
        show_help(se);
    } else if (!strcasecmp(cmd, "moves")) {
        list_moves(se);
    } else if (!strcasecmp(cmd, "board")) {
        textview_print(se->out, g, se->state);
    } else if (!strcasecmp(cmd, "undo")) {
        undo(se); /* the board is shown again before the next prompt */
    } else if (!strcasecmp(cmd, "hint")) {
        hint(se);
    } else if (!strcasecmp(cmd, "save")) {
        if (n >= 2)
            lt_copy(se->save_path, sizeof se->save_path, words[1]);
        if (!se->save_path[0])
            cli_fail(EXIT_USAGE, "%s", T("save needs a file name: save FILE",
                                         "podaj nazwę pliku: save PLIK"));
        else if (save(se, se->save_path))
            fprintf(se->out, T("Saved to %s.\n", "Zapisano w %s.\n"),
                    se->save_path);
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
        return step(se, a) ? TURN_MOVED : TURN_ERROR;
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
    session *se = pc->se;
    const lt_game *g = se->game;
    if (info->seconds < 0.5 || !isatty(fileno(stderr)))
        return;
    char name[64], who[64];
    double span = g->max_return - g->min_return;
    double chance = span > 0 ? (info->value[pc->seat] - g->min_return) / span : 0.5;
    fprintf(stderr, T("\r  %s thinks: %.0fs, %lld nodes%s%.0d, best %s, "
                      "expected score %.0f%%  (Ctrl-C: move now)   ",
                      "\r  %s myśli: %.0fs, %lld węzłów%s%.0d, najlepszy %s, "
                      "oczekiwany wynik %.0f%%  (Ctrl-C: ruch teraz)   "),
            lt_seat_name(g, pc->seat, cli_lang, who, sizeof who), info->seconds,
            info->nodes, info->depth ? T(", depth ", ", głębokość ") : "",
            info->depth, lt_name(g, se->state, info->best, name, sizeof name),
            100 * chance);
    pc->shown = true;
}

/* The computer's move, with progress and Ctrl-C. */
static lt_action think(session *se, lt_player *pl, int seat, uint64_t ply)
{
    progress_ctx pc = {se, seat, false};
    lt_limits lim = {.stop = &stop_thinking, .progress = progress, .ctx = &pc};
    struct sigaction sa = {.sa_handler = on_interrupt}, old;
    sigemptyset(&sa.sa_mask);
    stop_thinking = 0;
    sigaction(SIGINT, &sa, &old);
    lt_action a = lt_player_choose(pl, se->state,
                                   lt_choice_seed(se->rec.seed, ply), &lim, NULL);
    sigaction(SIGINT, &old, NULL);
    if (pc.shown)
        fputs("\r\033[K", stderr);
    return a;
}

int session_play(session *se)
{
    const lt_game *g = se->game;
    int shown = -1; /* the number of actions when the board was last shown */
    for (;;) {
        int p = g->current_player(se->state);
        if (p == LT_TERMINAL)
            break;
        uint64_t ply = (uint64_t)se->rec.nactions;
        char name[64], who[64];
        if (p == LT_CHANCE && !dice_manual) {
            lt_action a = lt_chance_draw(g, se->state, se->rec.seed, ply);
            fprintf(se->out, T("Dice: %s\n", "Kości: %s\n"),
                    lt_name(g, se->state, a, name, sizeof name));
            if (!step(se, a))
                return EXIT_FAIL;
            show_odds(se);
            continue;
        }
        lt_player *pl = p >= 0 ? se->players[p] : NULL;
        if (pl && !lt_player_is_human(pl)) {
            lt_action a = think(se, pl, p, ply);
            if (a == LT_NO_ACTION)
                return cli_fail(EXIT_FAIL, "%s: %s", lt_player_spec(pl),
                                lt_player_error(pl));
            fprintf(se->out, "%s (%s): %s\n",
                    lt_seat_name(g, p, cli_lang, who, sizeof who),
                    lt_player_spec(pl), lt_name(g, se->state, a, name, sizeof name));
            if (!step(se, a))
                return EXIT_FAIL;
            continue;
        }
        /* a person: a move, or with --dice manual the dice he threw */
        if (shown != se->rec.nactions) {
            textview_print(se->out, g, se->state);
            show_odds(se);
            shown = se->rec.nactions;
        }
        switch (pl ? human_turn(se, p) : manual_throw(se)) {
        case TURN_MOVED:
        case TURN_AGAIN:
            break;
        case TURN_QUIT:
            fprintf(se->out, "%s\n", T("Game left unfinished.", "Partia przerwana."));
            return EXIT_OK;
        case TURN_EOF:
            fputc('\n', se->out);
            return cli_fail(EXIT_FAIL, "%s",
                            T("input ended before the game did",
                              "wejście skończyło się przed końcem partii"));
        default:
            return EXIT_FAIL;
        }
    }
    textview_print(se->out, g, se->state);
    cli_describe_result(se->out, g, se->state);
    return EXIT_OK;
}

/* Splits "human,ai:level=2" into the record's specs; false if too many. */
static bool set_players(lt_record *rec, const char *list)
{
    int n = 0;
    const char *p = list;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (n == LT_MAX_PLAYERS || len >= LT_SPEC_MAX)
            return false;
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
           "Players, one per seat in order: human, random, ai, ai:level=1..5,\n"
           "ai:alphabeta:depth=D, ... (see the README).  Seats not named get\n"
           "ai; without --players the first seat is human.  A game with no\n"
           "human seat plays itself to the end.\n"
           "--first N puts the N-th listed player in the first seat (random:\n"
           "draw lots).  --record FILE saves the game after every move;\n"
           "--resume FILE continues a saved game and keeps saving to it.\n"
           "While playing, 'help' lists the commands (moves, undo, hint, save,\n"
           "quit).  --dice manual: at every throw, type the dice you threw\n"
           "(or 'roll' to let the computer throw).  Games of chance show the\n"
           "exact odds of the turn as it goes.",
           "użycie: ludoteka play ID [--players GRACZ,GRACZ,...] [--option k=v]...\n"
           "                        [--seed N] [--record PLIK] [--first N|random]\n"
           "                        [--position TEKST] [--dice manual|auto]\n"
           "       ludoteka play --resume PLIK [--players ...] [--record PLIK]\n"
           "\n"
           "Gracze, po jednym na miejsce: human, random, ai, ai:level=1..5,\n"
           "ai:alphabeta:depth=D, ... (zob. README).  Miejsca bez gracza\n"
           "dostają ai; bez --players pierwsze miejsce to human.  Partia bez\n"
           "człowieka rozgrywa się sama do końca.\n"
           "--first N sadza N-tego gracza z listy na pierwszym miejscu (random:\n"
           "losowanie).  --record PLIK zapisuje partię po każdym ruchu;\n"
           "--resume PLIK wznawia zapisaną partię i dalej ją zapisuje.\n"
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
    for (int i = 1; i < argc; i++) {
        const char **slot = NULL;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            play_usage();
            return EXIT_OK;
        }
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
    if (dice && strcasecmp(dice, "manual") && strcasecmp(dice, "auto"))
        return cli_fail(EXIT_USAGE, "--dice: expected manual or auto");
    dice_manual = dice && !strcasecmp(dice, "manual");
    lt_record rec;
    lt_error err = {0};
    if (resume) {
        if (id || noptions || seed_text || position || first_text)
            return cli_fail(EXIT_USAGE, "--resume takes the game, options and "
                                        "seed from the saved file");
        if (lt_record_load(resume, &rec, &err) != LT_OK)
            return cli_fail(EXIT_FAIL, "%s", err.msg);
        if (players) {
            int n = rec.config.players;
            if (!set_players(&rec, players) || rec.config.players != n) {
                lt_record_clear(&rec);
                return cli_fail(EXIT_USAGE, "--players: the saved game has %d "
                                            "seats", n);
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
            return cli_fail(EXIT_USAGE, "--players: at most %d players",
                            LT_MAX_PLAYERS);
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
        if (seed_text && !lt_parse_int(seed_text, 0, INT64_MAX, &seed))
            return cli_fail(EXIT_USAGE, "--seed: expected a whole number");
        rec.seed = seed_text ? (uint64_t)seed : cli_fresh_seed();
        if (position && lt_record_set_position(&rec, position) != LT_OK)
            return cli_fail(EXIT_FAIL, "out of memory");
        if (first_text) {
            long long k = 0;
            bool lots = !strcasecmp(first_text, "random");
            if (!lots && !lt_parse_int(first_text, 1, rec.config.players, &k)) {
                lt_record_clear(&rec);
                return cli_fail(EXIT_USAGE, "--first: expected random or 1..%d",
                                rec.config.players);
            }
            int f = cli_draw_first(&rec, lots ? -1 : (int)k - 1, rec.seed);
            if (lots)
                printf(T("Lots drawn: player %d (%s) moves first.\n",
                         "Losowanie: zaczyna gracz %d (%s).\n"),
                       f + 1, rec.players[0]);
        }
    }
    if (lt_check_players(rec.game, rec.config.players, &err) != LT_OK) {
        lt_record_clear(&rec);
        return cli_fail(EXIT_USAGE, "%s", err.msg);
    }
    session se;
    int status = session_open(&se, &rec);
    if (status != EXIT_OK)
        return status;
    if (record)
        lt_copy(se.save_path, sizeof se.save_path, record);
    else if (resume)
        lt_copy(se.save_path, sizeof se.save_path, resume);
    se.autosave = se.save_path[0] != '\0';
    char opts[256];
    lt_config_write(se.game, &se.rec.config, opts, sizeof opts);
    printf("%s — %s  %s %" PRIu64 "\n", cli_title(se.game), opts[0] ? opts : "",
           T("seed", "ziarno"), se.rec.seed);
    if (se.autosave && !save(&se, se.save_path)) {
        session_close(&se);
        return EXIT_FAIL;
    }
    status = session_play(&se);
    session_close(&se);
    return status;
}
