/* pick.h — choosing a move by pointing at cells, for any game: what
 * pressing a cell means, given the legal actions and the cells each one
 * touches (lt_game.action_cells: the target alone, or from and to, then
 * what it captures).  Pure: the full-screen mode drives it with the
 * cursor keys and the mouse. */
#ifndef LUDOTEKA_PICK_H
#define LUDOTEKA_PICK_H

#include <stdint.h>

#include "ludoteka/game.h"

enum { PICK_CELLS = 8 };

/* The legal actions of a position with their cells. */
typedef struct {
    int n;
    lt_action act[LT_MAX_ACTIONS];
    int8_t ncells[LT_MAX_ACTIONS];
    int16_t cells[LT_MAX_ACTIONS][PICK_CELLS];
} pick_moves;

/* Marks a front end shows on cells. */
enum {
    MARK_SOURCE = 1,   /* a piece that can move */
    MARK_TARGET = 2,   /* where the selected piece can go; a cell to play on */
    MARK_CAPTURE = 4,  /* taken by a move of the selected piece */
    MARK_SELECTED = 8,
    MARK_CURSOR = 16,
    MARK_LAST = 32,    /* the cells of the last move */
    MARK_CHECK = 64    /* a king in check (lt_view.check) */
};

/* Loads the legal actions of the player to move (none otherwise). */
void pick_load(pick_moves *, const lt_game *, const lt_state *);

/* What pressing a cell does. */
enum {
    PICK_NOTHING,  /* no move starts or ends there */
    PICK_SELECT,   /* the cell's piece is selected: its targets light up */
    PICK_DESELECT, /* the selected piece was pressed again: let it go */
    PICK_PLAY      /* these actions (one, or several to choose among) */
};

/* Pressing `cell` while `sel` is selected (-1: nothing): with a piece
 * selected, a target plays its move; a piece that can move is selected;
 * a cell that an action touches alone (placing, removing, ending a
 * chain on it) plays that action; an empty cell that only moves reach
 * plays them.  The actions go to out (at most LT_MAX_ACTIONS). */
int pick_press(const pick_moves *, int sel, int cell, lt_action *out,
               int *nout);

/* Marks of the cells: sources (or, with a selection, its targets and
 * captures), and the cells where an action is played alone.  Adds to
 * marks[LT_VIEW_CELLS]. */
void pick_marks(const pick_moves *, int sel, uint8_t *marks);

/* The one cell every move starts from (a capture chain going on), or -1. */
int pick_only_source(const pick_moves *);

/* The action that ends a turn of several steps on the selected piece
 * (a capture chain that may stop: an action of that cell alone, while
 * the piece has moves on), or -1: its index in pm->act. */
int pick_stop(const pick_moves *, int sel);

/* The actions that touch no cell (throw, stop, a die to choose). */
int pick_off_board(const pick_moves *, lt_action *out);

#endif
