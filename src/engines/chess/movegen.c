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

bool chess_is_legal(const chess_pos *p, chess_move m)
{
    chess_move list[CHESS_MAX_MOVES];
    int n = generate(p, list, GEN_ALL, false);
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return true;
    return false;
}
