/* play_ui.h — the play screen's state, which its files share: its flow
 * (tui_play.c), the player's commands (tui_commands.c), the changes of
 * the game (tui_plies.c) and its drawing (tui_draw.c).  The game is the
 * table's session; the screen keeps only what it shows, in the
 * program's language. */
#ifndef LUDOTEKA_PLAY_UI_H
#define LUDOTEKA_PLAY_UI_H

#include <stdbool.h>
#include <stdint.h>

#include "boardgrid.h"
#include "pick.h"
#include "table.h"
#include "tui_think.h"
#include "ludoteka/rng.h"

enum { MSG_NOTE, MSG_ERROR, MSG_HINT };
enum { THINK_NONE, THINK_MOVE, THINK_HINT };

typedef struct {
    table *t;
    lt_view *view;       /* the position as the viewer sees it */
    bool across;         /* turned a quarter (bg_style.across) */
    bg_grid *grid;       /* the view laid out for the board area */
    pick_moves *pm;      /* the moves of the person to move */
    int sel, cursor;     /* cells, or -1 */
    int hand, nhand;     /* the pieces in hand to place, drawn as cells of
                          * their own from view cell `hand` on (-1: none) */
    uint8_t last[LT_VIEW_CELLS]; /* MARK_LAST on the last move's cells */
    char odds[1024];     /* the live exact odds, "" for none */
    char *moves;         /* the move list (table_moves_text), or NULL */
    char message[1024];
    char lang[8];        /* the language all these texts are in */
    int msg_kind;
    tui_thinker thinker;
    int thinking;        /* THINK_* */
    int think_seat;
    double anim_until;   /* the dice roll until then */
    lt_view *before;     /* meanwhile the lines beside them are these */
    char before_odds[1024];
    char *before_moves;
    lt_rng anim_rng;     /* faces shown while they roll (the screen's own) */
    double wait_until;   /* the computer waits a moment when nobody plays */
    bool dice_wait;      /* manual dice: the prompt was put away */
    bool throw_waits;    /* the next throw waits for a key */
    bool halted;         /* a player failed: nothing moves on its own */
    int largest;         /* the largest board size allowed (z) */
    int board_rows, board_cols; /* the board area */
    bool in_menu;        /* leaving goes back to the menu */
    bool leave;
} play_ui;

#endif
