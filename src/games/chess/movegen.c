/* movegen.c — legal move lists (the generator itself is in movegen.h). */
#include "movegen.h"

int chess_gen(const chess_pos *p, chess_move *out, int type)
{
    return generate(p, out, type, false);
}

int chess_count(const chess_pos *p)
{
    return generate(p, NULL, GEN_ALL, true);
}

