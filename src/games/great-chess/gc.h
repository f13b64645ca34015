/* gc.h — the Grande Acedrex (Wielkie Szachy) board: the position on a
 * padded 12x12 mailbox and its moves with make/unmake, which the game
 * (great_chess.c) and its searcher (in the engines' folder) share.
 *
 * The board is 16 squares wide and 20 high: files a-l are columns 0-11,
 * ranks 1-12 are rows 4-15.  Columns 12-15 and rows 0-3, 16-19 are off the
 * board (GC_OFF), so every leap of the game (at most 3 files and 3 ranks)
 * from any square lands inside the array, and sliders stop on the border.
 * Colour 0 is White (ranks 1 and 4, moving up), colour 1 Black. */
#ifndef LUDOTEKA_GC_H
#define LUDOTEKA_GC_H

#include <stdbool.h>
#include <stdint.h>

enum {
    GC_FILES = 12,
    GC_RANKS = 12,
    GC_CELLS = GC_FILES * GC_RANKS, /* 144 squares of the real board */
    GC_W = 16,                      /* row stride of the mailbox */
    GC_SQUARES = 20 * GC_W,
    GC_FIRST = 4 * GC_W,            /* a1: the first square of the board */
    /* no position has more moves: 23 Aancas (at most 40 each on an empty
     * board) and a king (8 steps, 8 leaps) make 936 */
    GC_MAX_MOVES = 1024
};

/* Piece types in the seed's hierarchy, weakest first. */
enum {
    GC_NONE = 0,
    GC_PAWN,
    GC_GIRAFFE,  /* Żyrafa: (3,2) leap */
    GC_CROC,     /* Krokodyl: the bishop */
    GC_LION,     /* Lew: (3,0) and (3,1) leaps */
    GC_ROOK,     /* Wieża */
    GC_UNICORN,  /* Nosorożec: knight leap, then a diagonal slide */
    GC_AANCA,    /* Słonioptak: diagonal step, then an orthogonal slide */
    GC_KING,
    GC_NTYPES
};

/* A square holds 0 (empty), GC_OFF, or type | colour flag.  GC_OFF carries
 * both colour flags, so "own piece or border" is one test. */
enum { GC_WHITE = 0x10, GC_BLACK = 0x20, GC_OFF = 0x70, GC_TYPE = 0x0f };
#define GC_FLAG(c) (0x10 << (c))

/* Rule options (the readings of RULES.md and of the notes). */
enum { GC_UNICORN_SEED, GC_UNICORN_ALL };
enum {
    GC_LEAP_CAPTURE, /* seed: any direction, may capture, even in check */
    GC_LEAP_QUIET,   /* Fairy-Max: as the seed, but never a capture */
    GC_LEAP_CAZAUX,  /* no capture, not in check, not over an attacked square */
    GC_LEAP_FORWARD  /* Ludii: the three forward directions, may capture */
};

/* A set of board squares: bit (square - GC_FIRST), 12 rows of 16. */
typedef struct {
    uint64_t w[3];
} gc_set;

static inline void gc_set_add(gc_set *s, int sq)
{
    s->w[(sq - GC_FIRST) >> 6] |= 1ull << ((sq - GC_FIRST) & 63);
}
static inline bool gc_set_has(const gc_set *s, int sq)
{
    return s->w[(sq - GC_FIRST) >> 6] >> ((sq - GC_FIRST) & 63) & 1;
}
static inline int gc_set_count(const gc_set *s)
{
    return __builtin_popcountll(s->w[0]) + __builtin_popcountll(s->w[1]) +
           __builtin_popcountll(s->w[2]);
}

typedef struct {
    uint8_t unicorn, kingleap;
    uint16_t cap; /* plies without a capture or pawn move that draw */
} gc_rules;

/* The position.  Invariants: occ[c] has a bit (square - GC_FIRST) for
 * every piece of colour c, pawns[c] for each of its pawns; king[c] is
 * colour c's king; count[c][t] counts
 * its pieces of type t; key is gc_key() of the position; a bit of
 * `unmoved` is set only while that king stands on its starting square. */
typedef struct {
    uint8_t sq[GC_SQUARES];
    gc_set occ[2];
    gc_set pawns[2];
    uint64_t key;
    uint16_t king[2];
    uint8_t side;          /* colour to move */
    uint8_t unmoved;       /* bit c: colour c's king has never moved */
    uint16_t halfmove;     /* plies since the last capture or pawn move */
    uint32_t fullmove;     /* move number, as in FEN */
    uint8_t count[2][GC_NTYPES];
    gc_rules rules;
} gc_pos;

/* A move: from | to << 9 (mailbox squares).  What it captures and whether
 * it promotes follow from the position. */
typedef uint32_t gc_move;
#define GC_MOVE(f, t) ((gc_move)(f) | (gc_move)(t) << 9)
#define GC_FROM(m) ((int)((m)&511))
#define GC_TO(m) ((int)((m) >> 9 & 511))

typedef struct {
    uint64_t key;
    uint16_t halfmove;
    uint8_t captured, moved, unmoved;
} gc_undo;

static inline int gc_sq(int file, int rank)
{
    return (rank + 4) * GC_W + file;
}
static inline int gc_file(int sq)
{
    return sq & 15;
}
static inline int gc_rank(int sq)
{
    return (sq >> 4) - 4;
}
/* The 0..143 index of the lt_game actions: rank * 12 + file. */
static inline int gc_cell(int sq)
{
    return gc_rank(sq) * GC_FILES + gc_file(sq);
}
static inline int gc_cell_sq(int cell)
{
    return gc_sq(cell % GC_FILES, cell / GC_FILES);
}

/* ---- board.c ---- */
extern const char gc_letters[GC_NTYPES]; /* ".PGCLRUAK" */
extern const uint8_t gc_promotion[GC_FILES]; /* piece of each file */
extern const char gc_start_fen[];
void gc_clear(gc_pos *, gc_rules);
void gc_put(gc_pos *, int sq, int piece);
/* The Zobrist key from scratch: pieces, side to move, unmoved kings. */
uint64_t gc_key(const gc_pos *);
void gc_make(gc_pos *, gc_move, gc_undo *);
void gc_unmake(gc_pos *, gc_move, const gc_undo *);
void gc_make_null(gc_pos *, gc_undo *);
void gc_unmake_null(gc_pos *, const gc_undo *);
/* Is the move's promotion due (a pawn reaching its last rank)?  (Inline:
 * the engine asks it of every move it orders.) */
static inline bool gc_promotes(const gc_pos *p, gc_move m)
{
    int piece = p->sq[GC_FROM(m)];
    return (piece & GC_TYPE) == GC_PAWN &&
           gc_rank(GC_TO(m)) == ((piece & GC_BLACK) ? 0 : GC_RANKS - 1);
}
/* FEN-style text.  gc_read keeps the rules of *p; on failure it leaves *p
 * alone and puts a message in msg (GC_MSG bytes). */
enum { GC_MSG = 128 };
int gc_write(const gc_pos *, char *buf, int size);
bool gc_read(gc_pos *, const char *text, char *msg);
/* Is everything derived from sq[] consistent with it? */
bool gc_consistent(const gc_pos *);

/* ---- movegen.c ---- */
/* The attack table gc_attacked reads (board.c builds it with the keys). */
void gc_build_reach(void);
/* Is sq attacked by colour `by` (could a piece of `by` capture there)? */
bool gc_attacked(const gc_pos *, int sq, int by);
bool gc_in_check(const gc_pos *);
/* The squares the piece on `from` may move to, its own king's safety
 * aside; quiet: non-captures too (promotions always). */
gc_set gc_targets(const gc_pos *, int from, bool quiet);
/* Pseudo-legal moves (legal but for leaving the king attacked), in
 * ascending order of from square, then of to square. */
int gc_gen(const gc_pos *, gc_move *out);
/* Captures and promotions only (for quiescence). */
int gc_gen_tactical(const gc_pos *, gc_move *out);
/* What legality needs to know of a position: check, and the pieces that
 * shield their king from an attack along a line. */
typedef struct {
    gc_set pinned;
    bool in_check;
} gc_guard;
void gc_guard_init(const gc_pos *, gc_guard *);
/* Its second half alone, g->pinned (for a caller that asked
 * gc_in_check first and may need no more). */
void gc_guard_pins(const gc_pos *, gc_guard *);
/* The game's guard, which holds also the king's legal moves (*king:
 * bits as gc_zone_offset's), the
 * enemy's pieces read once for both: from the position alone, and after
 * the legal move m was made (gc_make) on a position: its check from what
 * the move changed, the moved piece and the way it may have opened. */
void gc_guard_game(const gc_pos *, gc_guard *, uint32_t *king);
void gc_guard_after(const gc_pos *, gc_move m, gc_guard *, uint32_t *king);
/* After the legal move m was made: is the side to move in check? */
bool gc_gives_check(const gc_pos *, gc_move m);
/* In check: the squares of one checker and of the way its attack takes
 * to the king; a move that is not the king's and lands elsewhere is
 * illegal.  Not in check: every square, and false. */
bool gc_check_path(const gc_pos *, gc_set *path);
/* Must a move from this square be tried on the board (gc_legal)? */
static inline bool gc_needs_test(const gc_pos *p, const gc_guard *g, int from)
{
    return g->in_check || (p->sq[from] & GC_TYPE) == GC_KING ||
           gc_set_has(&g->pinned, from);
}
/* Does the pseudo-legal move leave the mover's king safe?  These three try
 * moves on the board and put it back: the position must be the caller's
 * own.  (gc_legal_tried: the trial alone, for a move that needs it.) */
bool gc_legal_tried(gc_pos *, gc_move);
static inline bool gc_legal(gc_pos *p, gc_move m, const gc_guard *g)
{
    return !gc_needs_test(p, g, GC_FROM(m)) || gc_legal_tried(p, m);
}
int gc_gen_legal(gc_pos *, const gc_guard *, gc_move *out);
bool gc_has_legal(gc_pos *, const gc_guard *);
/* The legal moves of the side to move piece by piece: the n pieces'
 * squares from[i] in ascending order and the squares to[i] each may move
 * to (empty sets too); but the king's (the king-th piece, to[king]
 * empty) are the bits king_to around its square (gc_zone_offset). */
enum { GC_PIECES = 24 }; /* the most a side has (gc_read refuses more) */
typedef struct {
    int n, king;
    uint32_t king_to;
    uint16_t from[GC_PIECES];
    gc_set to[GC_PIECES];
} gc_piece_moves;
/* The squares around a king (its steps and leaps), bit (y + 2) * 5 + x + 2
 * for the square x files and y ranks away, in the order of the squares:
 * the bit's square less the king's. */
static inline int gc_zone_offset(int bit)
{
    return (bit / 5 - 2) * GC_W + bit % 5 - 2;
}
void gc_legal_sets(const gc_pos *, const gc_guard *, uint32_t king,
                   gc_piece_moves *);
/* The legal moves as the game's actions (from cell * 144 + to cell, the
 * cells numbered rank * 12 + file), in ascending order; out has room for
 * GC_MAX_MOVES. */
int gc_legal_actions(const gc_pos *, const gc_guard *, uint32_t king, int32_t *out);
/* Is the pseudo-legal move one of the generated ones (for TT moves)? */
bool gc_pseudo_ok(const gc_pos *, gc_move);
/* Game over at this position: 0 no; otherwise +1/-1 for the side to move
 * (mate, stalemate by the seed's rule) or 2 for the draw of the cap.
 * has_moves: whether the side to move has a legal move. */
int gc_outcome(const gc_pos *, bool has_moves);
/* The seed's stalemate rule: does the stalemated side to move win? */
bool gc_stalemate_wins(const gc_pos *);
/* ... and which step of it decides: more pieces, more of the highest
 * type where the counts differ (*type), or the last move (*type
 * GC_NONE); *wins as gc_stalemate_wins. */
enum { GC_STALE_MORE, GC_STALE_HIGHER, GC_STALE_LAST };
int gc_stalemate_rule(const gc_pos *, int *type, bool *wins);
uint64_t gc_perft(gc_pos *, int depth);

#endif
