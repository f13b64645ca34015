/* cmd_uci.c — ludoteka uci: the chess engine for chess GUIs and match
 * runners, speaking the Universal Chess Interface on standard input and
 * output (src/engines/chess/uci.c). */
#include <string.h>

#include "../engines/chess/uci.h"
#include "cli.h"
#include "cmd.h"

int cmd_uci(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        puts(_("usage: ludoteka uci\n"
               "Runs the chess engine under the UCI protocol on standard "
               "input and output, for chess GUIs and match runners: uci, "
               "isready, ucinewgame, setoption name Hash|Threads|Level|"
               "Move Overhead, position startpos|fen ... moves ..., go "
               "wtime/btime/winc/binc/movestogo/movetime/depth/nodes/"
               "infinite/ponder, stop, ponderhit, quit; also d (the FEN) "
               "and perft N."));
        return EXIT_OK;
    }
    if (argc > 1)
        return cli_fail(EXIT_USAGE, "uci takes no arguments");
    return chess_uci_loop(stdin, stdout) == 0 ? EXIT_OK : EXIT_FAIL;
}
