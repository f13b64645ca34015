/* board.c — Medh Kuu Lash: cell names and what the board alone decides
 * (counts, triples, wins, whether a pass is possible). */
#include <ctype.h>

#include "medh.h"

static const char *const names[CELLS] = {
    "G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8",
    "W8", "W7", "W6", "W5", "W4", "W3", "W2", "W1",
    "M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8"};

const char *medh_cell_name(int cell)
{
    return names[cell];
}

int medh_cell_parse(const char *text, int *len)
{
    int row = toupper((unsigned char)text[0]);
    if ((row != 'G' && row != 'W' && row != 'M') || text[1] < '1' ||
        text[1] > '8')
        return -1;
    int col = text[1] - '1';
    *len = 2;
    return row == 'G' ? col : row == 'W' ? RING - 1 - col : MORNING0 + col;
}

int medh_count(const medh *s, int colour)
{
    int n = 0;
    for (int c = 0; c < CELLS; c++)
        n += s->cell[c] == colour;
    return n;
}

/* seed §7: a triple is one colour's pieces on both peaks and the morning
 * of a column, "w linii prostej, prostopadle do rzędów" */
unsigned medh_triples(const medh *s, int colour)
{
    unsigned set = 0;
    for (int k = 0; k < COLS; k++)
        if (s->cell[k] == colour && s->cell[RING - 1 - k] == colour &&
            s->cell[MORNING0 + k] == colour)
            set |= 1u << k;
    return set;
}

bool medh_qualifies(const medh *s, int colour)
{
    int on_board = medh_count(s, colour);
    /* seed §9: the only lead above two to one is 9 pieces to 4 */
    if (on_board == PIECES && medh_count(s, opposite(colour)) == MIN_PIECES)
        return true;
    /* seed §1: every piece of the player on the board stands on a morning */
    for (int c = 0; c < RING; c++)
        if (s->cell[c] == colour)
            return false;
    return on_board > 0;
}

bool medh_can_pass(const medh *s, int colour)
{
    for (int k = 0; k < COLS; k++)
        if (s->cell[MORNING0 + k] == colour &&
            s->cell[own_peak(colour, k)] == EMPTY)
            return true;
    return false;
}
