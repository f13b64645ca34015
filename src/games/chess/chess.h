/* chess.h — the bitboard chess board: moves, notation, perft; the rules
 * that the game (chess_game.c) and its engine share.
 *
 * Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63; a bitboard has bit s
 * set for square s.  Both the FIDE rules and the literal rules of seed 002
 * (no castling, no en passant, promotion only to a piece of one's own
 * already captured) are played by the same code: the position carries its
 * rule set. */
#ifndef CHESS_H
#define CHESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint64_t bb;

enum { WHITE, BLACK };
enum { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, NO_TYPE };
enum { EMPTY = NO_TYPE }; /* board[] code of an empty square */
enum { SQ_NONE = 64 };
enum { CASTLE_WK = 1, CASTLE_WQ = 2, CASTLE_BK = 4, CASTLE_BQ = 8 };
enum { CHESS_FIDE, CHESS_SEED }; /* rule sets */
enum { CHESS_MAX_MOVES = 320 };  /* beyond any position (218 is the most) */

/* A move: from | to << 6 | kind << 12 | (promotion type - KNIGHT) << 14.
 * Castling is the king's move (e1g1); 0 is never a move. */
typedef uint16_t chess_move;
enum { MOVE_NORMAL, MOVE_PROMO, MOVE_EP, MOVE_CASTLE };
#define MOVE_NONE ((chess_move)0)

static inline chess_move chess_mk(int from, int to, int kind, int promo)
{
    return (chess_move)(from | to << 6 | kind << 12 |
                        (kind == MOVE_PROMO ? promo - KNIGHT : 0) << 14);
}
static inline int move_from(chess_move m) { return m & 63; }
static inline int move_to(chess_move m) { return (m >> 6) & 63; }
static inline int move_kind(chess_move m) { return (m >> 12) & 3; }
static inline int move_promo(chess_move m) { return KNIGHT + (m >> 14); }

/* The position.  Invariants: by_type and by_color partition the occupied
 * squares and agree with board[] (piece code = type | color << 3, EMPTY
 * when empty); one king each; ep is SQ_NONE unless a legal en passant
 * capture exists; key is the Zobrist key of (placement, side, castling,
 * ep). */
typedef struct {
    bb by_type[6];
    bb by_color[2];
    uint8_t board[64];
    uint8_t side, castling, ep, rules;
    uint16_t halfmove, fullmove;
    uint64_t key;
} chess_pos;

/* What unmake needs to restore. */
typedef struct {
    uint64_t key;
    uint16_t halfmove;
    uint8_t captured, castling, ep;
} chess_undo;

/* ---- bitboard.c: tables (chess_init builds them once) ---- */
void chess_init(void);
extern bb chess_knight[64], chess_king[64], chess_pawn_att[2][64];
extern bb chess_between[64][64]; /* squares strictly between, on a line */
extern bb chess_line[64][64];    /* the whole line through both, or 0 */
/* A rook's and a bishop's squares from each square on an empty board. */
extern bb chess_rook_empty[64], chess_bishop_empty[64];
extern uint64_t chess_zobrist_piece[2][6][64], chess_zobrist_castle[16],
    chess_zobrist_ep[8], chess_zobrist_side;

typedef struct {
    bb mask;
    uint64_t magic;
    const bb *table;
    int shift;
} chess_magic;
extern chess_magic chess_rook_magic[64], chess_bishop_magic[64];

static inline bb rook_attacks(int sq, bb occ)
{
    const chess_magic *m = &chess_rook_magic[sq];
    return m->table[((occ & m->mask) * m->magic) >> m->shift];
}
static inline bb bishop_attacks(int sq, bb occ)
{
    const chess_magic *m = &chess_bishop_magic[sq];
    return m->table[((occ & m->mask) * m->magic) >> m->shift];
}
static inline bb queen_attacks(int sq, bb occ)
{
    return rook_attacks(sq, occ) | bishop_attacks(sq, occ);
}

static inline int lsb(bb b) { return __builtin_ctzll(b); }
static inline int popcount(bb b) { return __builtin_popcountll(b); }
static inline int pop_lsb(bb *b)
{
    int s = lsb(*b);
    *b &= *b - 1;
    return s;
}
static inline bb sq_bb(int sq) { return 1ull << sq; }
static inline int sq_file(int sq) { return sq & 7; }
static inline int sq_rank(int sq) { return sq >> 3; }

/* ---- position.c ---- */
static inline bb pieces(const chess_pos *p, int color, int type)
{
    return p->by_type[type] & p->by_color[color];
}
static inline bb occupied(const chess_pos *p)
{
    return p->by_color[WHITE] | p->by_color[BLACK];
}
static inline int king_sq(const chess_pos *p, int color)
{
    return lsb(pieces(p, color, KING));
}
static inline int type_on(const chess_pos *p, int sq)
{
    return p->board[sq] & 7;
}

/* The pieces of either side that attack sq, with the given occupancy. */
bb chess_attackers(const chess_pos *, int sq, bb occ);
bool chess_attacked(const chess_pos *, int sq, int by_color);
bb chess_checkers(const chess_pos *);
static inline bool chess_in_check(const chess_pos *p)
{
    return chess_checkers(p) != 0;
}

/* The start position under a rule set. */
void chess_startpos(chess_pos *, int rules);
/* Reads FEN into *p under a rule set; on failure *p is unchanged and msg
 * names the bad field. */
bool chess_from_fen(chess_pos *, const char *fen, int rules, char *msg,
                    size_t msg_size);
/* Writes FEN (snprintf-like). */
int chess_to_fen(const chess_pos *, char *buf, size_t size);
uint64_t chess_compute_key(const chess_pos *);
bool chess_pos_ok(const chess_pos *);

void chess_make(chess_pos *, chess_move, chess_undo *);
void chess_unmake(chess_pos *, chess_move, const chess_undo *);
void chess_make_null(chess_pos *, chess_undo *);
void chess_unmake_null(chess_pos *, const chess_undo *);
/* Is the move a capture (en passant included)? */
static inline bool chess_is_capture(const chess_pos *p, chess_move m)
{
    return p->board[move_to(m)] != EMPTY || move_kind(m) == MOVE_EP;
}

/* Dead positions FIDE draws at once: no mate is possible (K v K, a lone
 * minor piece, bishops all on squares of one colour). */
bool chess_insufficient(const chess_pos *);

/* Under the seed's rules: the piece types a side may promote to (bit per
 * type), i.e. those of its pieces the opponent has captured.  FIDE: all. */
unsigned chess_promo_types(const chess_pos *, int color);

/* ---- movegen.c ---- */
enum { GEN_ALL, GEN_NOISY, GEN_QUIET }; /* noisy: captures, promotions */
int chess_gen(const chess_pos *, chess_move *out, int type);
static inline int chess_legal(const chess_pos *p, chess_move *out)
{
    return chess_gen(p, out, GEN_ALL);
}
/* The number of legal moves (bulk count, no list). */
int chess_count(const chess_pos *);
/* The legal moves in ascending order of from square, to square and
 * promotion (N, B, R, Q): the order of the game's actions. */
int chess_gen_ordered(const chess_pos *, chess_move *out);
/* Has the side to move a legal move (chess_count > 0, sooner)? */
bool chess_has_legal(const chess_pos *);

/* ---- perft.c ---- */
uint64_t chess_perft(const chess_pos *, int depth);

/* ---- notation.c ---- */
/* UCI long algebraic: e2e4, e7e8q, e1g1. */
int chess_uci(chess_move, char *buf, size_t size);
/* SAN with + or #: Nbd7, exd6, O-O, e8=Q+. */
int chess_san(const chess_pos *, chess_move, char *buf, size_t size);
/* Parses SAN or UCI text (suffixes +, #, !, ? allowed; 0-0 for O-O) into
 * a legal move. */
enum { PARSE_OK, PARSE_SYNTAX, PARSE_ILLEGAL, PARSE_AMBIGUOUS };
int chess_parse_move(const chess_pos *, const char *text, chess_move *out);

static const char chess_piece_letters[] = "PNBRQK";

#endif
