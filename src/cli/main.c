/* main.c — the ludoteka program: language, global flags, commands. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmd.h"
#include "menu.h"
#include "tui_menu.h"
#include "tui_term.h"

#ifndef LUDOTEKA_VERSION
#define LUDOTEKA_VERSION "0.0.0"
#endif

static void usage(FILE *out)
{
    fputs(_("usage: ludoteka [--lang pl|en] [--plain] [--ascii] [COMMAND [ARGS]]\n"
            "\n"
            "Without a command, the interactive menu starts: full-screen on a\n"
            "terminal, line by line with --plain (or without a terminal).\n"
            "--lang chooses the language (else the locale's: LANGUAGE, LC_ALL,\n"
            "LC_MESSAGES, LANG); in the full-screen menu L switches it.\n"
            "--ascii draws without UTF-8 glyphs and lines.\n"
            "\n"
            "commands:\n"
            "  list                  the games: id and title\n"
            "  rules ID              the rules of a game\n"
            "  play ID               play a game (humans and computer players)\n"
            "  moves ID              the legal moves of a position\n"
            "  replay FILE           replay recorded games\n"
            "  bench                 measure speed; print the node signature\n"
            "  benchmark             every speed figure, with the machine's load\n"
            "  playouts ID           random games per second\n"
            "  perft [ID]            count move sequences of a given length\n"
            "  arena ID              play computer players against each other\n"
            "  odds ID               exact chances of a dice game's turn\n"
            "  simulate ID           simulate turns of a dice game\n"
            "  solve ID              solve a game: its value, perfect play\n"
            "  analyse FILE          the computer's verdict on every move\n"
            "  uci                   the chess engine, speaking UCI\n"
            "  tune                  tune the chess engine's evaluation\n"
            "  selfplay chess        positions from the engine's own games\n"
            "  train-nnue            train the chess engine's network\n"
            "  serve                 play in the browser and over the network\n"
            "\n"
            "'ludoteka COMMAND --help' describes a command.\n"
            "--version prints the version.\n"),
          out);
}

/* The commands, each with what its --help prints (a command of two words
 * takes the next argument too). */
static const struct {
    const char *name;
    int (*run)(int, char **);
    const char *usage;
} commands[] = {
    {"list", cmd_list,
     N_("usage: ludoteka list\n"
        "Prints every game, one per line: its id, then its title.")},
    {"rules", cmd_rules,
     N_("usage: ludoteka rules ID [--lang pl|en]\n"
        "Prints the rules of a game and its options.")},
    {"play", cmd_play,
     N_("usage: ludoteka play ID [--players SPEC,SPEC,...] [--option k=v]...\n"
        "                        [--seed N] [--record FILE] [--first N|random]\n"
        "                        [--position TEXT] [--dice manual|auto]\n"
        "                        [--clock TC]\n"
        "       ludoteka play --resume FILE [--players ...] [--record FILE]\n"
        "\n"
        "On a terminal the game is played on the full screen (cursor keys,\n"
        "mouse, '?' lists the keys); --plain plays line by line.\n"
        "Players, one per seat in order: human, random, ai, ai:level=1..5,\n"
        "ai:alphabeta:depth=D, ... (see the README).  Seats not named get\n"
        "ai; without --players the first seat is human.  A game with no\n"
        "human seat plays itself to the end.\n"
        "--first N puts the N-th listed player in the first seat (random:\n"
        "draw lots).  --clock TC gives every seat a clock: 5+3 (minutes,\n"
        "seconds added a move), 0:01+0, 5d3 (3 seconds' delay), 30/move,\n"
        "3days, none; a flag that falls loses (or, with three or four\n"
        "players, leaves the game).  --record FILE keeps the game in FILE,\n"
        "a line a move; --resume FILE plays on a game kept so (a file of\n"
        "one game; a last line cut short by a crash is left out) and keeps\n"
        "it there.  A saved game never starts a program: a seat it gives\n"
        "to an engine (uci:, xboard:) is refused; name every seat with\n"
        "--players to play on against one.\n"
        "While playing, 'help' lists the commands: a move, moves, board,\n"
        "undo, redo, hint, save, resign, draw, takeback, accept, decline,\n"
        "claim, abort, rematch, flip, clock, quit (with --lang pl in Polish\n"
        "too).  Several people at one keyboard: 'draw' from one and 'draw'\n"
        "or 'accept' from the other agree a draw.  --dice manual: at every\n"
        "throw, type the dice you threw (or 'roll' to let the computer\n"
        "throw).  Games of chance show the exact odds of the turn as it goes.")},
    {"moves", cmd_moves,
     N_("usage: ludoteka moves ID [--position TEXT] [--option k=v]... "
        "[--players N]\n"
        "Prints the legal moves of the position (the start if none is "
        "given), one per line; at a dice roll, each outcome with its "
        "weight.")},
    {"replay", cmd_replay,
     N_("usage: ludoteka replay FILE [--boards]\n"
        "Replays every game recorded in FILE, checking each move, and "
        "prints the moves, the final position and the result; "
        "--boards prints the position after every move.")},
    {"bench", cmd_bench,
     N_("usage: ludoteka bench [--playouts N] | bench session [--help]\n"
        "For every game: N seeded random games (default 2000), then "
        "a fixed search (by node count) from four positions; prints "
        "plies and nodes per second.  The last line, 'nodes N "
        "signature S', changes only when some game's or searcher's "
        "behaviour changes.")},
    {"bench session", cmd_bench_session,
     N_("usage: ludoteka bench session [--plies N] [--dir DIR]\n"
        "Plays one game of three men's morris between two perfect "
        "players (a draw, so it runs to its cap) for N plies (default "
        "5000) with its journal in DIR (default $TMPDIR or /tmp), and "
        "prints the time of the first and the last 100 saves (each a "
        "line appended and flushed to disk) and their ratio, which "
        "must stay within 1.5.")},
    {"benchmark", cmd_benchmark,
     N_("usage: ludoteka benchmark [--quick] [--all] [--solve]\n"
        "Prints the speed figures to compare from one run to the next, "
        "with the machine's load average, the commit and the date: "
        "random playouts of every board game in plies per second, with "
        "the ratio to Ludii's figures; Hazard's simulated turns per "
        "second on 1 and 2 threads; the time of the exact odds of every "
        "dice game (the slowest number of players; --all: every number); "
        "with --solve, catch the rabbit's solve from nothing (its time "
        "and peak memory, about a minute); the chess engines' nodes per "
        "second, and Fairy-Max's on the same Great Chess positions when "
        "it is installed ($LUDOTEKA_FAIRYMAX, else fairymax on the PATH "
        "or where Debian puts it).  Under a minute without --solve; --quick only "
        "checks that every part runs.  docs/benchmarks.md explains the "
        "figures.")},
    {"playouts", cmd_playouts,
     N_("usage: ludoteka playouts ID [--seconds S] [--option k=v]... "
        "[--players N]\n"
        "Plays random games for S seconds (default 5) and prints "
        "playouts and plies per second.")},
    {"perft", cmd_perft,
     N_("usage: ludoteka perft [ID | --game ID] [--position TEXT | "
        "--fen FEN] --depth N [--divide] [--option k=v]...\n"
        "Counts the sequences of N moves from the position (dice "
        "outcomes count as moves) and prints 'nodes N'; --divide "
        "prints the count under each first move.  The game is chess "
        "unless named.")},
    {"arena", cmd_arena,
     /* xgettext:no-c-format */
     N_("usage: ludoteka arena ID --player SPEC --player SPEC ... [--games N]\n"
        "         [--seed S] [--option k=v]... [--position TEXT | --fen FEN]\n"
        "         [--tc BASE+INC | --movetime S] [--nodes N] [--depth D]\n"
        "         [--book FILE] [--openings K] [--sprt ELO0,ELO1]\n"
        "         [--record FILE] [--jobs J] [--threads T] [--quiet]\n"
        "Plays N games (default 100) between the players, one seat each, the\n"
        "seats rotating; two players play pairs of games with the colours\n"
        "swapped from the same start: the position (default the game's own),\n"
        "the next line of the book (moves from there, one opening a line),\n"
        "then K random plies (default 2 for games without dice and without a\n"
        "book).  The start is played off the clock.  Time: a clock of BASE\n"
        "seconds plus INC a move, or S seconds a move (a move that takes more\n"
        "than 2S+5 seconds runs out of time); the computer's thinking counts\n"
        "on its clock, and a player whose time runs out loses (in chess a\n"
        "draw if the opponent could not have won; with three or more it\n"
        "leaves the game).  N nodes or D plies a move, with or without a\n"
        "clock; without one the games are reproducible.  A player claims a\n"
        "draw as soon as the rules let it (chess: threefold repetition, fifty\n"
        "moves); one that fails (an engine that dies or plays an illegal\n"
        "move) forfeits.  Prints each game with its result and the reason,\n"
        "then every player's wins, draws, losses, score and mean return; with\n"
        "more than two players also \"ahead\", the share of the others it\n"
        "finished ahead of (a tie counts half); with two, the Elo difference\n"
        "with its 95% interval.  --sprt stops as soon as the test decides.\n"
        "--record adds every game to FILE, with its Result and Termination\n"
        "(ludoteka replay reads it).  J games run side by side (default 2), T\n"
        "threads per search (default 1).  The numbers are written with a\n"
        "decimal point in every language: scripts read them.")},
    {"odds", cmd_odds,
     N_("usage: ludoteka odds ID [--players N] [--option k=v]... "
        "[--position TEXT] [--json]\n"
        "The exact chance of each seat to win the turn in progress, "
        "one line per seat ('seatK FRACTION DECIMAL'), computed exactly "
        "(rational arithmetic, not simulation).  Games played for stakes "
        "add 'value': the stakes the first to throw can expect to gain in "
        "the turn under best play; at a decision, 'choice' lines give the "
        "value of each choice.  Without --position: the start of a turn "
        "with the order of play fixed as seat order (seat 1 throws "
        "first).  Lines starting with # explain; what is not defined is "
        "said so.  The text is in the program's language (--lang: its "
        "words and decimal commas); --json is the same for programs, "
        "the same in every language.")},
    {"simulate", cmd_simulate,
     /* xgettext:no-c-format */
     N_("usage: ludoteka simulate ID -n N [--seed S] [--threads T] "
        "[--players N] [--option k=v]...\n"
        "Plays N turns of a dice game, each from its start with the order "
        "of play fixed as seat order (seat 1 throws first), with the "
        "seeded generator (default seed 1) on T threads (default 2), "
        "decisions by best play; prints each seat's rate of winning the "
        "turn and, for games played for stakes, the mean stakes the first "
        "to throw gains, with 95% confidence intervals, then turns per "
        "second.  Compare with ludoteka odds.")},
    {"solve", cmd_solve,
     N_("usage: ludoteka solve ID [--option k=v]... [--cached] "
        "[--games N] [--mcts N] [--seed S]\n"
        "       ludoteka solve ID --endgames [--option k=v]... [--men K] "
        "[--cached] [--verify]\n"
        "Solves a game by retrograde analysis (games with a perfect "
        "player) and prints the value of the start for the first "
        "player (win, loss or draw), the number of positions, the "
        "time and the memory, and a game of perfect play.  Tables "
        "that take long are kept in $XDG_CACHE_HOME/ludoteka (or "
        "~/.cache/ludoteka) for the perfect player; --cached takes "
        "such a table instead of solving again.\n"
        "--games N then plays N games of the perfect player against "
        "random play and against MCTS with N iterations (--mcts, "
        "default 300) from random positions, and fails if it ever "
        "lets a won position slip.\n"
        "--endgames builds the endgame tables of a game that has them "
        "(nine-mens-morris under its capture and flying options, "
        "alquerque under its capture and chain options, four-seasons "
        "without dice under its centre and alfil options): the "
        "value of every position with K men or fewer a side (default 4, "
        "at most 5; four-seasons: two seats left, K men besides the "
        "kings, no pawns, default and at most 2) and the moves to the "
        "end, printed table by table, then stored in the cache folder, "
        "where the computer players from level 3 up (four-seasons: "
        "ai:engine) read them and play such positions perfectly.  "
        "--cached takes the stored tables if they are whole (a damaged "
        "file is refused, with a message, and built again); --verify "
        "then checks every position's value against the values after "
        "its moves.  Under mpirun (a build with MPI) the processes of the "
        "job build and check the tables together, and process 0 prints "
        "and stores them.")},
    {"analyse", cmd_analyse,
     N_("usage: ludoteka analyse FILE [--depth N | --nodes N] [--max-plies N] "
        "[--quiet]\n"
        "Analyses a recorded game move by move: for every move a player "
        "made, the computer's evaluation before it and after it (the "
        "mover's expected score from -1, lost, to +1, won), the move it "
        "would have made, what the move played gave away, and a mark: "
        "?! an inaccuracy (a loss of 0.1 or more), ? a mistake (0.2), ?? "
        "a blunder (0.3).  The computer is the game's strongest "
        "deterministic player: its perfect player, its own engine, or a "
        "search with its evaluation, limited by depth or nodes (each "
        "with a default for the game), so the same game gives the same "
        "table every time; the decisions of dice games are valued by the "
        "exact odds.  Games of more than N actions (default 2000) are "
        "refused.  The text is in the program's language (--lang).")},
    {"uci", cmd_uci,
     N_("usage: ludoteka uci\n"
        "Runs the chess engine under the UCI protocol on standard "
        "input and output, for chess GUIs and match runners: uci, "
        "isready, ucinewgame, setoption name Hash|Threads|Level|"
        "Move Overhead|EvalFile, position startpos|fen ... moves ..., go "
        "wtime/btime/winc/binc/movestogo/movetime/depth/nodes/"
        "infinite/ponder, stop, ponderhit, quit; also d (the FEN) "
        "and perft N.  EvalFile: a network file, <built-in> (the "
        "default: the network built into the program) or <hand> (the "
        "hand-made evaluation).")},
    {"tune", cmd_tune, cmd_tune_usage},
    {"selfplay", cmd_selfplay,
     N_("usage: ludoteka selfplay chess --out FILE [--games N] [--nodes N]\n"
        "                       [--seed S] [--jobs J] [--random-plies N]\n"
        "                       [--net FILE] [--text]\n"
        "The chess engine plays N games against itself (default 100), the\n"
        "first moves at random (default 8), then N nodes a move (default\n"
        "5000), and writes to FILE every position where it was not in\n"
        "check and chose neither a capture nor a promotion, with the\n"
        "search's score and the game's result, both for the side to move:\n"
        "32 bytes a position (docs/nnue.md), or with --text a line\n"
        "'FEN | score | result'.  Every game has its own seed, from --seed\n"
        "and its number: the file is the same with any --jobs (games at\n"
        "once).  --net FILE: the engine evaluates with that network\n"
        "(without it, with the hand-made evaluation).")},
    {"train-nnue", cmd_train_nnue,
     N_("usage: ludoteka train-nnue --data FILE [--data FILE]... --out NET\n"
        "                         [--hidden H] [--epochs N] [--batch N]\n"
        "                         [--lr X] [--lambda X] [--seed S] [--no-mirror]\n"
        "Trains the chess engine's network (docs/nnue.md) on the positions\n"
        "of selfplay files: 768 inputs (piece, colour, square, from each\n"
        "side) to H hidden numbers a side (default 128), clipped, to one\n"
        "output; Adam (default rate 0.001, 30 epochs of batches of 1024)\n"
        "minimising the squared distance of sigmoid(output) from\n"
        "lambda * result + (1 - lambda) * sigmoid(score / 400) (default\n"
        "lambda 0.3); positions without castling rights are mirrored\n"
        "(files a to h) at random unless --no-mirror.  Every twentieth\n"
        "block of positions (mostly whole games) is held out; the epoch\n"
        "that predicts them best is written to NET in integers (16 bits).\n"
        "The same data and seed give the same file.")},
    {"serve", cmd_serve,
     N_("usage: ludoteka serve [--port P] [--data DIR] [--bind ADDR] [--web DIR]\n"
        "                      [limits, below]\n"
        "\n"
        "Serves Ludoteka in the browser and rooms for playing over the\n"
        "network: open http://localhost:P/ (P is 8080 unless --port says;\n"
        "0 picks a free port).  A room's page has links to share: one for\n"
        "each seat, and one for watching.\n"
        "  --data DIR          the rooms' records (default\n"
        "                      ~/.local/share/ludoteka/rooms); rooms go on\n"
        "                      after a restart\n"
        "  --bind ADDR         listen on this address only (e.g. 127.0.0.1);\n"
        "                      by default on every interface\n"
        "  --web DIR           the page (default: web/ beside the program)\n"
        "  --db URL            accounts, ratings, rooms and finished games: a\n"
        "                      PostgreSQL URL (postgresql://...), shared by\n"
        "                      several servers; by default an SQLite file,\n"
        "                      DIR/ludoteka.db\n"
        "  --node NAME         this server's name among those sharing one\n"
        "                      PostgreSQL (default: host-pid); see\n"
        "                      docs/deploy.md\n"
        "  --proxy ADDR        the address of a proxy in front (HAProxy with\n"
        "                      option forwardfor): its connections count\n"
        "                      for the address X-Forwarded-For names\n"
        "\n"
        "Limits (what one client can make the server hold), with defaults:\n"
        "  --max-connections N WebSocket connections at once (256); the\n"
        "                      last eighth only for players taking seats\n"
        "  --max-per-ip N      connections from one address at once (32)\n"
        "  --idle-seconds S    a connection that joins no room is closed\n"
        "                      after S seconds (10)\n"
        "  --rate N            messages a second from one connection (20);\n"
        "                      64 refused in a row close it\n"
        "  --max-rooms N       rooms in memory at once (200); the last\n"
        "                      quarter only for players back to their seats\n"
        "  --rooms-per-hour N  rooms one address may make an hour (60)\n"
        "  --rooms-each N      unfinished rooms one account (a guest: one\n"
        "                      address) may have made at once (20)\n"
        "  --max-stored N      room records kept on disk (10000)\n"
        "  --keep-days D       a room untouched for D days is removed (30)\n"
        "  --robots N          threads for the computer seats (2); their\n"
        "                      time is shared in turn between addresses\n"
        "  --think-seconds S   longest a computer seat thinks on a move (10)\n"
        "  --max-queue-kib N   KiB waiting for a client that does not read\n"
        "                      (1024); past it the client is dropped\n"
        "Fixed: a message is at most 8192 bytes (a bigger frame is refused\n"
        "from its header, unread); a room has at most 64 watchers besides\n"
        "its players.\n"
        "Ctrl-C or SIGTERM stops the server.")},
};

int main(int argc, char **argv)
{
    /* line mode waits for input with poll() while a clock runs: nothing
     * read may wait in stdio's buffer, unseen by poll */
    setvbuf(stdin, NULL, _IONBF, 0);
    lt_i18n_init(NULL); /* the locale's language, until --lang says */
    int i = 1;
    /* Global flags come before the command; --lang may also follow it. */
    for (int k = 1; k < argc; k++) {
        const char *lang = NULL;
        if (!strcmp(argv[k], "--plain") || !strcmp(argv[k], "--ascii")) {
            *(argv[k][2] == 'p' ? &cli_plain : &cli_ascii) = true;
            memmove(&argv[k], &argv[k + 1], (size_t)(argc - k) * sizeof *argv);
            argc--;
            k--;
            continue;
        }
        if (!strcmp(argv[k], "--lang") && k + 1 < argc)
            lang = argv[k + 1];
        else if (!strncmp(argv[k], "--lang=", 7))
            lang = argv[k] + 7;
        else if (!strcmp(argv[k], "--lang"))
            return cli_fail(EXIT_USAGE, _("--lang needs pl or en"));
        if (!lang)
            continue;
        if (!lt_i18n_has(lang))
            return cli_fail(EXIT_USAGE, _("--lang: expected a language with a "
                                          "catalog (pl, en), not '%s'"),
                            lang);
        lt_i18n_init(lang);
        /* remove the flag so the commands never see it */
        int drop = argv[k][6] == '=' ? 1 : 2;
        memmove(&argv[k], &argv[k + drop],
                (size_t)(argc - k - drop + 1) * sizeof *argv);
        argc -= drop;
        k--;
    }
    if (i >= argc)
        return cli_fullscreen() ? tui_menu_run() : menu_run(stdin, stdout);
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h") ||
        !strcmp(argv[i], "help")) {
        usage(stdout);
        return EXIT_OK;
    }
    if (!strcmp(argv[i], "--version")) {
        printf("ludoteka %s\n", LUDOTEKA_VERSION);
        return EXIT_OK;
    }
    char two[64]; /* the name of a command of two words */
    snprintf(two, sizeof two, "%s %s", argv[i], i + 1 < argc ? argv[i + 1] : "");
    for (int words = 2; words >= 1; words--)
        for (size_t c = 0; c < sizeof commands / sizeof commands[0]; c++) {
            if (strcmp(words == 2 ? two : argv[i], commands[c].name))
                continue;
            i += words - 1;
            if (cli_wants_help(argc - i, argv + i)) {
                puts(_(commands[c].usage));
                return EXIT_OK;
            }
            return commands[c].run(argc - i, argv + i);
        }
    usage(stderr);
    return cli_fail(EXIT_USAGE,
                    _("unknown command '%s' (ludoteka --help lists them)"), argv[i]);
}
