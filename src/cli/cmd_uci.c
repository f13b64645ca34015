/* cmd_uci.c — ludoteka uci: the chess engine for chess GUIs and match
 * runners, speaking the Universal Chess Interface on standard input and
 * output (src/engines/chess/uci.c). */
#include <string.h>

#include "../engines/chess/uci.h"
#include "cli.h"
#include "cmd.h"

int cmd_uci(int argc, char **argv)
{
    (void)argv;
    if (argc > 1)
        return cli_fail(EXIT_USAGE, "uci takes no arguments");
    return chess_uci_loop(stdin, stdout) == 0 ? EXIT_OK : EXIT_FAIL;
}
