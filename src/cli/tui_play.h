/* tui_play.h — the play screen's state, shared by its flow (tui_play.c),
 * the player's commands (tui_commands.c) and its drawing (tui_draw.c).
 * The game is the table's session; the screen keeps only what it shows. */
#ifndef LUDOTEKA_TUI_PLAY_H
#define LUDOTEKA_TUI_PLAY_H

#include "boardgrid.h"
#include "pick.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"
#include "tui.h"

enum { MSG_NOTE, MSG_ERROR, MSG_HINT };
enum { THINK_NONE, THINK_MOVE, THINK_HINT };

typedef struct {
    table *t;
    lt_view *view;       /* the position as the viewer sees it */
    bool across;         /* turned a quarter (bg_style.across) */
    bg_grid *grid;       /* the view laid out for the board area */
    pick_moves *pm;      /* the moves of the person to move */
    int sel, cursor;     /* cells, or -1 */
    uint8_t last[LT_VIEW_CELLS]; /* MARK_LAST on the last move's cells */
    char odds[1024];     /* the live exact odds, "" for none */
    char *moves;         /* the move list (table_moves_text), or NULL */
    char message[1024];
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

/* tui_play.c: the flow of play.  A message for the status line; what
 * happened (the session's events, after `first` if not NULL) as the
 * message; after a change of position; the computer stops thinking; an
 * action of the one to act (LT_NO_ACTION at a throw: the dice from the
 * seed); one of several actions, asking which; the legal moves to choose
 * from. */
void play_say(play_ui *, int kind, const char *fmt, ...) LT_PRINTF(3, 4);
void play_events(play_ui *, const char *first);
void play_changed(play_ui *);
void play_stop_thinking(play_ui *);
void play_action(play_ui *, lt_action);
void play_one_of(play_ui *, const lt_action *, int n);
/* A list of moves to choose one from (shown even when there is one). */
void play_choose(play_ui *, const lt_action *acts, int n);
void play_list_moves(play_ui *);

/* tui_commands.c: a command (commands.h) from a key or typed after ':';
 * saving and loading (path NULL: ask where); the line typed after ':';
 * the keys' help with the game's rules (for tui_pager). */
void play_command(play_ui *, lt_command_id, const char *arg);
void play_save(play_ui *, const char *path);
void play_load(play_ui *, const char *path);
void play_typed(play_ui *);
char *play_help_text(void *ui);

/* tui_draw.c: draws the whole play screen. */
void play_draw(play_ui *);
/* Lays the view out for the current screen size. */
void play_layout(play_ui *);
/* The text of the keys for the state of play. */
const char *play_keys(const play_ui *);

#endif
