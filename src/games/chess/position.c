/* position.c — the board: pieces, attacks, make/unmake, Zobrist keys, FEN. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ludoteka/i18n.h"
#include "chess.h"

static const char start_fen[] =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/* Pieces each side starts with, by type. */
static const int initial_count[6] = {8, 2, 2, 2, 1, 1};

/* Castling rights that survive a move from or to a square. */
static uint8_t castle_keep(int sq)
{
    switch (sq) {
    case 0:
        return (uint8_t)~CASTLE_WQ; /* a1 */
    case 4:
        return (uint8_t) ~(CASTLE_WK | CASTLE_WQ); /* e1 */
    case 7:
        return (uint8_t)~CASTLE_WK; /* h1 */
    case 56:
        return (uint8_t)~CASTLE_BQ; /* a8 */
    case 60:
        return (uint8_t) ~(CASTLE_BK | CASTLE_BQ); /* e8 */
    case 63:
        return (uint8_t)~CASTLE_BK; /* h8 */
    default:
        return 0xff;
    }
}

static void put(chess_pos *p, int color, int type, int sq)
{
    p->by_type[type] |= sq_bb(sq);
    p->by_color[color] |= sq_bb(sq);
    p->board[sq] = (uint8_t)(type | color << 3);
    p->key ^= chess_zobrist_piece[color][type][sq];
}

static void take(chess_pos *p, int color, int type, int sq)
{
    p->by_type[type] ^= sq_bb(sq);
    p->by_color[color] ^= sq_bb(sq);
    p->board[sq] = EMPTY;
    p->key ^= chess_zobrist_piece[color][type][sq];
}

static void shift(chess_pos *p, int color, int type, int from, int to)
{
    bb ft = sq_bb(from) | sq_bb(to);
    p->by_type[type] ^= ft;
    p->by_color[color] ^= ft;
    p->board[from] = EMPTY;
    p->board[to] = (uint8_t)(type | color << 3);
    p->key ^= chess_zobrist_piece[color][type][from] ^
              chess_zobrist_piece[color][type][to];
}

bb chess_attackers(const chess_pos *p, int sq, bb occ)
{
    const bb *t = p->by_type;
    return (chess_pawn_att[BLACK][sq] & pieces(p, WHITE, PAWN)) |
           (chess_pawn_att[WHITE][sq] & pieces(p, BLACK, PAWN)) |
           (chess_knight[sq] & t[KNIGHT]) | (chess_king[sq] & t[KING]) |
           (bishop_attacks(sq, occ) & (t[BISHOP] | t[QUEEN])) |
           (rook_attacks(sq, occ) & (t[ROOK] | t[QUEEN]));
}

bool chess_attacked(const chess_pos *p, int sq, int by)
{
    return (chess_attackers(p, sq, occupied(p)) & p->by_color[by]) != 0;
}

bb chess_checkers(const chess_pos *p)
{
    return chess_attackers(p, king_sq(p, p->side), occupied(p)) &
           p->by_color[p->side ^ 1];
}

/* Would the side to move's pawn on `from` capturing en passant onto ep
 * leave its king safe?  Both pawns leave their squares at once, which can
 * open a rank or a diagonal. */
static bool ep_capture_safe(const chess_pos *p, int from, int ep)
{
    int us = p->side, capsq = ep ^ 8;
    bb occ = (occupied(p) ^ sq_bb(from) ^ sq_bb(capsq)) | sq_bb(ep);
    bb att = chess_attackers(p, king_sq(p, us), occ) & p->by_color[us ^ 1];
    return (att & ~sq_bb(capsq)) == 0;
}

/* Sets p->ep to sq if the side to move has a legal en passant capture
 * there (FIDE: only then does it make the position differ). */
static void set_ep_if_capturable(chess_pos *p, int sq)
{
    bb takers = chess_pawn_att[p->side ^ 1][sq] & pieces(p, p->side, PAWN);
    while (takers) {
        if (ep_capture_safe(p, pop_lsb(&takers), sq)) {
            p->ep = (uint8_t)sq;
            p->key ^= chess_zobrist_ep[sq_file(sq)];
            return;
        }
    }
}

void chess_make(chess_pos *p, chess_move m, chess_undo *u)
{
    int from = move_from(m), to = move_to(m), kind = move_kind(m);
    int us = p->side, them = us ^ 1, type = type_on(p, from);
    u->key = p->key;
    u->halfmove = p->halfmove;
    u->castling = p->castling;
    u->ep = p->ep;
    u->captured = kind == MOVE_EP ? PAWN : (uint8_t)type_on(p, to);
    if (p->ep != SQ_NONE)
        p->key ^= chess_zobrist_ep[sq_file(p->ep)];
    p->ep = SQ_NONE;
    p->halfmove++;
    if (kind == MOVE_CASTLE) {
        /* the king moves two squares, the rook jumps over it */
        int rfrom = to > from ? to + 1 : to - 2,
            rto = to > from ? to - 1 : to + 1;
        shift(p, us, KING, from, to);
        shift(p, us, ROOK, rfrom, rto);
    } else {
        if (u->captured != EMPTY) {
            take(p, them, u->captured, kind == MOVE_EP ? to ^ 8 : to);
            p->halfmove = 0;
        }
        shift(p, us, type, from, to);
        if (type == PAWN) {
            p->halfmove = 0;
            if (kind == MOVE_PROMO) {
                take(p, us, PAWN, to);
                put(p, us, move_promo(m), to);
            }
        }
    }
    uint8_t c = p->castling & castle_keep(from) & castle_keep(to);
    p->key ^= chess_zobrist_castle[p->castling ^ c];
    p->castling = c;
    p->side = (uint8_t)them;
    p->key ^= chess_zobrist_side;
    if (us == BLACK)
        p->fullmove++;
    if (type == PAWN && (to ^ from) == 16 && p->rules == CHESS_FIDE)
        set_ep_if_capturable(p, (from + to) / 2);
}

void chess_unmake(chess_pos *p, chess_move m, const chess_undo *u)
{
    int from = move_from(m), to = move_to(m), kind = move_kind(m);
    int us = p->side ^ 1, them = p->side;
    p->side = (uint8_t)us;
    if (us == BLACK)
        p->fullmove--;
    if (kind == MOVE_CASTLE) {
        int rfrom = to > from ? to + 1 : to - 2,
            rto = to > from ? to - 1 : to + 1;
        shift(p, us, KING, to, from);
        shift(p, us, ROOK, rto, rfrom);
    } else {
        if (kind == MOVE_PROMO) {
            take(p, us, move_promo(m), to);
            put(p, us, PAWN, to);
        }
        shift(p, us, type_on(p, to), to, from);
        if (u->captured != EMPTY)
            put(p, them, u->captured, kind == MOVE_EP ? to ^ 8 : to);
    }
    p->key = u->key;
    p->halfmove = u->halfmove;
    p->castling = u->castling;
    p->ep = u->ep;
}

void chess_make_null(chess_pos *p, chess_undo *u)
{
    u->key = p->key;
    u->halfmove = p->halfmove;
    u->castling = p->castling;
    u->ep = p->ep;
    u->captured = EMPTY;
    if (p->ep != SQ_NONE)
        p->key ^= chess_zobrist_ep[sq_file(p->ep)];
    p->ep = SQ_NONE;
    p->halfmove++;
    p->side ^= 1;
    p->key ^= chess_zobrist_side;
}

void chess_unmake_null(chess_pos *p, const chess_undo *u)
{
    p->side ^= 1;
    p->key = u->key;
    p->halfmove = u->halfmove;
    p->ep = u->ep;
}

uint64_t chess_compute_key(const chess_pos *p)
{
    uint64_t k = 0;
    for (int sq = 0; sq < 64; sq++)
        if (p->board[sq] != EMPTY)
            k ^= chess_zobrist_piece[p->board[sq] >> 3][p->board[sq] & 7][sq];
    k ^= chess_zobrist_castle[p->castling];
    if (p->ep != SQ_NONE)
        k ^= chess_zobrist_ep[sq_file(p->ep)];
    if (p->side == BLACK)
        k ^= chess_zobrist_side;
    return k;
}

bool chess_insufficient(const chess_pos *p)
{
    const bb *t = p->by_type;
    if (t[PAWN] | t[ROOK] | t[QUEEN])
        return false;
    if (popcount(t[KNIGHT] | t[BISHOP]) <= 1)
        return true; /* K v K, K and one minor piece v K */
    const bb dark = 0xaa55aa55aa55aa55u;
    /* bishops only, all on one colour of square: neither king can ever be
     * mated */
    return !t[KNIGHT] && (!(t[BISHOP] & dark) || !(t[BISHOP] & ~dark));
}

unsigned chess_promo_types(const chess_pos *p, int color)
{
    unsigned all = 1u << KNIGHT | 1u << BISHOP | 1u << ROOK | 1u << QUEEN;
    if (p->rules == CHESS_FIDE)
        return all;
    /* seed 002: the new piece is one of those the opponent has captured;
     * a piece comes back from the captured ones, so pieces on the board
     * never exceed the initial set */
    unsigned types = 0;
    for (int t = KNIGHT; t <= QUEEN; t++)
        if (popcount(pieces(p, color, t)) < initial_count[t])
            types |= 1u << t;
    return types;
}

/* ---- Consistency ---- */

bool chess_pos_ok(const chess_pos *p)
{
    bb all = 0;
    for (int t = 0; t < 6; t++) {
        if (all & p->by_type[t])
            return false;
        all |= p->by_type[t];
    }
    if ((p->by_color[WHITE] & p->by_color[BLACK]) ||
        all != (p->by_color[WHITE] | p->by_color[BLACK]))
        return false;
    for (int sq = 0; sq < 64; sq++) {
        int code = p->board[sq];
        if (code == EMPTY) {
            if (all & sq_bb(sq))
                return false;
        } else if ((code & 7) > KING || code >> 3 > 1 ||
                   !(pieces(p, code >> 3, code & 7) & sq_bb(sq))) {
            return false;
        }
    }
    if (popcount(pieces(p, WHITE, KING)) != 1 ||
        popcount(pieces(p, BLACK, KING)) != 1 || p->side > 1 ||
        p->castling > 15 || p->rules > CHESS_SEED)
        return false;
    if (p->ep != SQ_NONE && (p->ep > 63 || p->rules == CHESS_SEED))
        return false;
    return p->key == chess_compute_key(p);
}

/* ---- FEN ---- */

static bool fail(char *msg, size_t size, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static bool fail(char *msg, size_t size, const char *fmt, ...)
{
    if (msg && size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, size, fmt, ap);
        va_end(ap);
    }
    return false;
}

void chess_startpos(chess_pos *p, int rules)
{
    chess_from_fen(p, start_fen, rules, NULL, 0);
}

static bool read_number(const char *w, long lo, long hi, long *out)
{
    char *end;
    if (!isdigit((unsigned char)w[0]))
        return false;
    long v = strtol(w, &end, 10);
    if (*end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

static bool read_placement(chess_pos *t, const char *w, char *msg, size_t ms)
{
    int rank = 7, file = 0;
    for (const char *c = w; *c; c++) {
        if (*c == '/') {
            if (file != 8)
                return fail(msg, ms, _("placement: rank %d has %d squares, not 8"),
                            rank + 1, file);
            if (--rank < 0)
                return fail(msg, ms, _("placement: more than 8 ranks"));
            file = 0;
        } else if (*c >= '1' && *c <= '8') {
            file += *c - '0';
            if (file > 8)
                return fail(msg, ms,
                            _("placement: rank %d has more than 8 "
                            "squares"),
                            rank + 1);
        } else {
            const char *l =
                strchr(chess_piece_letters, toupper((unsigned char)*c));
            if (!l || !*c)
                return fail(msg, ms,
                            _("placement: '%c' is not a piece (PNBRQK, "
                            "pnbrqk) or a count of empty squares"),
                            *c);
            if (file > 7)
                return fail(msg, ms,
                            _("placement: rank %d has more than 8 "
                            "squares"),
                            rank + 1);
            put(t, islower((unsigned char)*c) ? BLACK : WHITE,
                (int)(l - chess_piece_letters), rank * 8 + file);
            file++;
        }
    }
    if (rank != 0 || file != 8)
        return fail(msg, ms, _("placement: expected 8 ranks of 8 squares"));
    static const char *const names[2] = {"white", "black"};
    for (int c = 0; c < 2; c++) {
        if (popcount(pieces(t, c, KING)) != 1)
            return fail(msg, ms, _("placement: %s has %d kings, not 1"), names[c],
                        popcount(pieces(t, c, KING)));
        int pawns = popcount(pieces(t, c, PAWN)), extra = 0;
        if (pawns > 8)
            return fail(msg, ms, _("placement: %s has %d pawns"), names[c], pawns);
        for (int ty = KNIGHT; ty <= QUEEN; ty++) {
            int n = popcount(pieces(t, c, ty));
            if (n > initial_count[ty]) {
                if (t->rules == CHESS_SEED)
                    return fail(msg, ms,
                                _("placement: %s has %d %ss; under the "
                                "seed's rules a pawn only brings back a "
                                "captured piece"),
                                names[c], n,
                                ty == KNIGHT   ? "knight"
                                : ty == BISHOP ? "bishop"
                                : ty == ROOK   ? "rook"
                                               : "queen");
                extra += n - initial_count[ty];
            }
        }
        if (extra > 8 - pawns)
            return fail(msg, ms,
                        _("placement: %s has %d promoted pieces but only "
                        "%d pawns are missing"),
                        names[c], extra, 8 - pawns);
    }
    if (t->by_type[PAWN] & 0xff000000000000ffu)
        return fail(msg, ms,
                    _("placement: a pawn stands on the first or last rank"));
    return true;
}

static bool read_castling(chess_pos *t, const char *w, char *msg, size_t ms)
{
    if (!strcmp(w, "-"))
        return true;
    for (const char *c = w; *c; c++) {
        const char *l = strchr("KQkq", *c);
        if (!l || !*c) {
            if (strchr("ABCDEFGHabcdefgh", *c) && *c)
                return fail(msg, ms,
                            _("castling: '%s' is a Chess960 (Shredder-"
                            "FEN) field; only standard chess is played: use "
                            "KQkq or -"),
                            w);
            return fail(msg, ms, _("castling: '%s' is not - or letters from KQkq"),
                        w);
        }
        int bit = 1 << (l - "KQkq");
        if (t->castling & bit)
            return fail(msg, ms, _("castling: '%c' appears twice"), *c);
        int color = bit >= CASTLE_BK, ksq = color ? 60 : 4;
        int rsq = (bit & (CASTLE_WK | CASTLE_BK)) ? ksq + 3 : ksq - 4;
        if (!(pieces(t, color, KING) & sq_bb(ksq)) ||
            !(pieces(t, color, ROOK) & sq_bb(rsq)))
            return fail(msg, ms,
                        _("castling: '%c' needs the %s king on %c%d and "
                        "a rook on %c%d"),
                        *c, color ? "black" : "white", 'a' + sq_file(ksq),
                        sq_rank(ksq) + 1, 'a' + sq_file(rsq), sq_rank(rsq) + 1);
        t->castling |= (uint8_t)bit;
    }
    return true;
}

/* The en passant field: the square a pawn just skipped.  Kept only if a
 * legal capture there exists (what FIDE counts for repetition). */
static bool read_ep(chess_pos *t, const char *w, char *msg, size_t ms)
{
    if (!strcmp(w, "-"))
        return true;
    if (strlen(w) != 2 || w[0] < 'a' || w[0] > 'h' || w[1] < '1' || w[1] > '8')
        return fail(msg, ms, _("en passant: '%s' is not - or a square"), w);
    int sq = (w[1] - '1') * 8 + (w[0] - 'a');
    int mover = t->side ^ 1; /* the side that just moved the pawn */
    int want = mover == WHITE ? 2 : 5;
    int pawn = mover == WHITE ? sq + 8 : sq - 8,
        origin = mover == WHITE ? sq - 8 : sq + 8;
    if (sq_rank(sq) != want)
        return fail(msg, ms,
                    _("en passant: '%s' must be on rank %d with %s to "
                    "move"),
                    w, want + 1, t->side == WHITE ? "white" : "black");
    if (!(pieces(t, mover, PAWN) & sq_bb(pawn)) || t->board[sq] != EMPTY ||
        t->board[origin] != EMPTY)
        return fail(msg, ms, _("en passant: no pawn can just have passed %s"), w);
    if (t->rules == CHESS_FIDE)
        set_ep_if_capturable(t, sq);
    return true;
}

bool chess_from_fen(chess_pos *p, const char *fen, int rules, char *msg,
                    size_t ms)
{
    chess_init();
    char buf[256];
    if (strlen(fen) >= sizeof buf)
        return fail(msg, ms, _("FEN: too long"));
    strcpy(buf, fen);
    char *field[7];
    int n = 0;
    char *save = NULL;
    for (char *tok = strtok_r(buf, " \t\r\n", &save); tok;
         tok = strtok_r(NULL, " \t\r\n", &save)) {
        if (n == 7)
            return fail(msg, ms, _("FEN: more than 6 fields"));
        field[n++] = tok;
    }
    if (n != 4 && n != 6)
        return fail(msg, ms,
                    _("FEN: expected 6 fields (placement, side to move, "
                    "castling, en passant, halfmove clock, move "
                    "number), found %d"),
                    n);
    chess_pos t;
    memset(&t, 0, sizeof t);
    memset(t.board, EMPTY, sizeof t.board);
    t.rules = (uint8_t)rules;
    t.ep = SQ_NONE;
    if (!read_placement(&t, field[0], msg, ms))
        return false;
    if (strcmp(field[1], "w") && strcmp(field[1], "b"))
        return fail(msg, ms, _("side to move: expected w or b, found '%s'"),
                    field[1]);
    t.side = field[1][0] == 'b';
    if (t.side == BLACK)
        t.key ^= chess_zobrist_side;
    if (chess_attacked(&t, king_sq(&t, t.side ^ 1), t.side))
        return fail(msg, ms,
                    _("side to move: the %s king is in check but %s "
                    "is to move"),
                    t.side ? "white" : "black", t.side ? "black" : "white");
    if (popcount(chess_checkers(&t)) > 2)
        return fail(msg, ms,
                    _("placement: the %s king is in check from more "
                    "than two pieces"),
                    t.side ? "black" : "white");
    if (!read_castling(&t, field[2], msg, ms))
        return false;
    if (rules == CHESS_SEED)
        t.castling = 0; /* seed 002 has no castling */
    t.key ^= chess_zobrist_castle[t.castling];
    if (!read_ep(&t, field[3], msg, ms))
        return false;
    long half = 0, full = 1;
    if (n == 6) {
        if (!read_number(field[4], 0, 150, &half))
            return fail(msg, ms,
                        _("halfmove clock: '%s' is not a number from 0 to "
                        "150 (at 150 the game is drawn)"),
                        field[4]);
        if (!read_number(field[5], 1, 9999, &full))
            return fail(msg, ms,
                        _("move number: '%s' is not a number from 1 to "
                        "9999"),
                        field[5]);
        if (strcmp(field[3], "-") && half != 0)
            return fail(msg, ms,
                        _("halfmove clock: must be 0 just after a double "
                        "pawn step (en passant square %s)"),
                        field[3]);
    }
    t.halfmove = (uint16_t)half;
    t.fullmove = (uint16_t)full;
    *p = t;
    return true;
}

int chess_to_fen(const chess_pos *p, char *buf, size_t size)
{
    char out[128];
    size_t n = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            int code = p->board[rank * 8 + file];
            if (code == EMPTY) {
                empty++;
                continue;
            }
            if (empty)
                out[n++] = (char)('0' + empty);
            empty = 0;
            char c = chess_piece_letters[code & 7];
            out[n++] = code >> 3 ? (char)tolower((unsigned char)c) : c;
        }
        if (empty)
            out[n++] = (char)('0' + empty);
        if (rank)
            out[n++] = '/';
    }
    out[n++] = ' ';
    out[n++] = p->side ? 'b' : 'w';
    out[n++] = ' ';
    if (!p->castling)
        out[n++] = '-';
    for (int b = 0; b < 4; b++)
        if (p->castling & (1 << b))
            out[n++] = "KQkq"[b];
    out[n++] = ' ';
    if (p->ep == SQ_NONE) {
        out[n++] = '-';
    } else {
        out[n++] = (char)('a' + sq_file(p->ep));
        out[n++] = (char)('1' + sq_rank(p->ep));
    }
    out[n] = '\0';
    return snprintf(buf, size, "%s %u %u", out, (unsigned)p->halfmove,
                    (unsigned)p->fullmove);
}
