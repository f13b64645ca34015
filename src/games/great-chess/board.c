/* board.c — the Grande Acedrex position: set-up, Zobrist keys, make and
 * unmake, and the FEN-style text. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <threads.h>

#include "ludoteka/i18n.h"
#include "gc.h"

const char gc_letters[GC_NTYPES] = {'.', 'P', 'G', 'C', 'L', 'R', 'U', 'A', 'K'};

/* Seed 000, Piony: a pawn becomes the piece that stands on its file in the
 * set-up; on the king's file an Aanca (notes §2 listing). */
const uint8_t gc_promotion[GC_FILES] = {
    GC_ROOK, GC_LION, GC_UNICORN, GC_GIRAFFE, GC_CROC, GC_AANCA,
    GC_AANCA, GC_CROC, GC_GIRAFFE, GC_UNICORN, GC_LION, GC_ROOK};

/* Notes §2: pieces on ranks 1 and 12, the king on the g-file, pawns on
 * ranks 4 and 9; both kings unmoved. */
const char gc_start_fen[] =
    "rlugcakcgulr/12/12/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/12/12/"
    "RLUGCAKCGULR w Kk 0 1";

/* Zobrist keys: a piece of a colour and type on a board square, the side to
 * move, each unmoved king. */
static uint64_t zpiece[2][GC_NTYPES][GC_CELLS];
static uint64_t zside, zunmoved[2];
static once_flag zobrist_once = ONCE_FLAG_INIT;

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static void build_zobrist(void)
{
    uint64_t x = 0x4163656472657821u; /* any fixed seed */
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < GC_NTYPES; t++)
            for (int i = 0; i < GC_CELLS; i++)
                zpiece[c][t][i] = splitmix(&x);
    zside = splitmix(&x);
    zunmoved[0] = splitmix(&x);
    zunmoved[1] = splitmix(&x);
    gc_build_reach();
}

static inline uint64_t zp(int piece, int sq)
{
    return zpiece[(piece & GC_BLACK) != 0][piece & GC_TYPE][gc_cell(sq)];
}

static inline void set_flip(gc_set *set, int sq)
{
    int b = sq - GC_FIRST;
    set->w[b >> 6] ^= 1ull << (b & 63);
}

static inline void occ_flip(gc_pos *p, int c, int sq)
{
    set_flip(&p->occ[c], sq);
}

void gc_clear(gc_pos *p, gc_rules rules)
{
    call_once(&zobrist_once, build_zobrist);
    memset(p, 0, sizeof *p);
    for (int s = 0; s < GC_SQUARES; s++)
        p->sq[s] = gc_file(s) < GC_FILES && gc_rank(s) >= 0 &&
                           gc_rank(s) < GC_RANKS
                       ? 0
                       : GC_OFF;
    p->fullmove = 1;
    p->rules = rules;
    p->king[0] = p->king[1] = 0;
}

/* Puts a piece on an empty square (set-up only: the key is not kept). */
void gc_put(gc_pos *p, int sq, int piece)
{
    int c = (piece & GC_BLACK) != 0, t = piece & GC_TYPE;
    p->sq[sq] = (uint8_t)piece;
    occ_flip(p, c, sq);
    if (t == GC_PAWN)
        set_flip(&p->pawns[c], sq);
    p->count[c][t]++;
    if (t == GC_KING)
        p->king[c] = (uint16_t)sq;
}

uint64_t gc_key(const gc_pos *p)
{
    uint64_t k = p->side ? zside : 0;
    for (int c = 0; c < 2; c++)
        if (p->unmoved >> c & 1)
            k ^= zunmoved[c];
    for (int s = GC_FIRST; s < GC_FIRST + GC_RANKS * GC_W; s++)
        if (p->sq[s] && p->sq[s] != GC_OFF)
            k ^= zp(p->sq[s], s);
    return k;
}

void gc_make(gc_pos *p, gc_move m, gc_undo *u)
{
    int from = GC_FROM(m), to = GC_TO(m), c = p->side;
    int piece = p->sq[from], cap = p->sq[to], t = piece & GC_TYPE;
    u->key = p->key;
    u->halfmove = p->halfmove;
    u->captured = (uint8_t)cap;
    u->moved = (uint8_t)piece;
    u->unmoved = p->unmoved;
    uint64_t k = p->key ^ zside ^ zp(piece, from);
    if (cap) {
        k ^= zp(cap, to);
        occ_flip(p, c ^ 1, to);
        if ((cap & GC_TYPE) == GC_PAWN)
            set_flip(&p->pawns[c ^ 1], to);
        p->count[c ^ 1][cap & GC_TYPE]--;
    }
    occ_flip(p, c, from);
    occ_flip(p, c, to);
    p->sq[from] = 0;
    if (t == GC_PAWN) {
        set_flip(&p->pawns[c], from);
        if (gc_rank(to) == (c ? 0 : GC_RANKS - 1)) {
            /* seed: promotion to the piece of the file */
            piece = gc_promotion[gc_file(to)] | GC_FLAG(c);
            p->count[c][GC_PAWN]--;
            p->count[c][piece & GC_TYPE]++;
        } else {
            set_flip(&p->pawns[c], to);
        }
    }
    p->sq[to] = (uint8_t)piece;
    k ^= zp(piece, to);
    if (t == GC_KING) {
        p->king[c] = (uint16_t)to;
        if (p->unmoved >> c & 1) {
            p->unmoved &= (uint8_t)~(1u << c);
            k ^= zunmoved[c];
        }
    }
    p->halfmove = cap || t == GC_PAWN ? 0 : (uint16_t)(p->halfmove + 1);
    p->fullmove += c;
    p->side = (uint8_t)(c ^ 1);
    p->key = k;
}

void gc_unmake(gc_pos *p, gc_move m, const gc_undo *u)
{
    int from = GC_FROM(m), to = GC_TO(m);
    int c = p->side ^ 1, piece = p->sq[to];
    p->side = (uint8_t)c;
    p->fullmove -= c;
    if (piece != u->moved) { /* a promotion */
        p->count[c][piece & GC_TYPE]--;
        p->count[c][GC_PAWN]++;
    } else if ((piece & GC_TYPE) == GC_PAWN) {
        set_flip(&p->pawns[c], to);
    }
    if ((u->moved & GC_TYPE) == GC_PAWN)
        set_flip(&p->pawns[c], from);
    p->sq[from] = u->moved;
    p->sq[to] = u->captured;
    occ_flip(p, c, from);
    occ_flip(p, c, to);
    if (u->captured) {
        occ_flip(p, c ^ 1, to);
        if ((u->captured & GC_TYPE) == GC_PAWN)
            set_flip(&p->pawns[c ^ 1], to);
        p->count[c ^ 1][u->captured & GC_TYPE]++;
    }
    if ((u->moved & GC_TYPE) == GC_KING)
        p->king[c] = (uint16_t)from;
    p->unmoved = u->unmoved;
    p->halfmove = u->halfmove;
    p->key = u->key;
}

void gc_make_null(gc_pos *p, gc_undo *u)
{
    u->key = p->key;
    u->halfmove = p->halfmove;
    p->key ^= zside;
    p->fullmove += p->side;
    p->side ^= 1;
    p->halfmove++;
}

void gc_unmake_null(gc_pos *p, const gc_undo *u)
{
    p->side ^= 1;
    p->fullmove -= p->side;
    p->key = u->key;
    p->halfmove = u->halfmove;
}

/* The kings that have not moved yet, written as castling rights are in
 * FEN: bit 0 White's, bit 1 Black's. */
static const char *const unmoved_text[4] = {"-", "K", "k", "Kk"};

int gc_write(const gc_pos *p, char *buf, int size)
{
    char text[256];
    int n = 0;
    for (int r = GC_RANKS - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < GC_FILES; f++) {
            int piece = p->sq[gc_sq(f, r)];
            if (!piece) {
                empty++;
                continue;
            }
            if (empty)
                n += sprintf(text + n, "%d", empty);
            empty = 0;
            char ch = gc_letters[piece & GC_TYPE];
            text[n++] = (piece & GC_BLACK) ? (char)tolower(ch) : ch;
        }
        if (empty)
            n += sprintf(text + n, "%d", empty);
        if (r)
            text[n++] = '/';
    }
    text[n] = '\0';
    return snprintf(buf, (size_t)size, "%s %c %s %u %u", text,
                    p->side ? 'b' : 'w', unmoved_text[p->unmoved & 3],
                    (unsigned)p->halfmove, (unsigned)p->fullmove);
}

/* The type of a piece letter (either case), or 0. */
static int type_of(char ch)
{
    const char *at = strchr("PGCLRUAK", toupper((unsigned char)ch));
    return ch && at ? (int)(at - "PGCLRUAK") + 1 : 0;
}

static bool read_board(gc_pos *t, const char **text, char *msg)
{
    const char *s = *text;
    for (int r = GC_RANKS - 1; r >= 0; r--) {
        int f = 0;
        while (f < GC_FILES) {
            if (isdigit((unsigned char)*s)) {
                int run = 0;
                while (isdigit((unsigned char)*s) && run <= GC_FILES)
                    run = run * 10 + (*s++ - '0');
                if (run < 1 || f + run > GC_FILES) {
                    snprintf(msg, GC_MSG,
                             _("rank %d: an empty run that does not fit in 12 files"),
                             r + 1);
                    return false;
                }
                f += run;
            } else if (type_of(*s)) {
                int colour = islower((unsigned char)*s) ? GC_BLACK : GC_WHITE;
                gc_put(t, gc_sq(f++, r), type_of(*s++) | colour);
            } else {
                snprintf(msg, GC_MSG,
                         _("rank %d: expected a piece (KAURLCGP, kaurlcgp) or a "
                         "number of empty squares, found '%.1s'"),
                         r + 1, *s ? s : "end of text");
                return false;
            }
        }
        if (r && *s++ != '/') {
            snprintf(msg, GC_MSG, _("expected '/' after rank %d (12 files)"),
                     r + 1);
            return false;
        }
    }
    *text = s;
    return true;
}

/* Is the position one the rules allow?  (Kings, pawns, counts, check.) */
static bool check_position(const gc_pos *t, char *msg)
{
    for (int c = 0; c < 2; c++) {
        const char *who = c ? "black" : "white";
        if (t->count[c][GC_KING] != 1) {
            snprintf(msg, GC_MSG, _("%s needs exactly one king"), who);
            return false;
        }
        int total = 0;
        for (int k = 1; k < GC_NTYPES; k++)
            total += t->count[c][k];
        if (total > GC_PIECES) {
            snprintf(msg, GC_MSG, _("%s has %d pieces; a side has at most 24"),
                     who, total);
            return false;
        }
        int last = c ? 0 : GC_RANKS - 1;
        for (int f = 0; f < GC_FILES; f++)
            if (t->sq[gc_sq(f, last)] == (GC_PAWN | GC_FLAG(c))) {
                snprintf(msg, GC_MSG,
                         _("a %s pawn on %c%d would have been promoted"), who,
                         'a' + f, last + 1);
                return false;
            }
        if ((t->unmoved >> c & 1) && t->king[c] != gc_sq(6, c ? 11 : 0)) {
            snprintf(msg, GC_MSG,
                     _("the %s king is marked unmoved but is not on %s"), who,
                     c ? "g12" : "g1");
            return false;
        }
    }
    if (gc_attacked(t, t->king[t->side ^ 1], t->side)) {
        snprintf(msg, GC_MSG, _("the side that is not to move is in check"));
        return false;
    }
    return true;
}

/* A message into msg, and false. */
static bool fail(char *msg, const char *text)
{
    snprintf(msg, GC_MSG, "%s", text);
    return false;
}

bool gc_read(gc_pos *p, const char *text, char *msg)
{
    gc_pos t;
    gc_clear(&t, p->rules);
    while (isspace((unsigned char)*text))
        text++;
    if (!read_board(&t, &text, msg))
        return false;
    char side[8], kings[8];
    unsigned half = 0, full = 1;
    int used = 0, got = sscanf(text, " %7s %7s%n", side, kings, &used);
    if (got != 2)
        return fail(msg, _("after the board expected the side to move (w or "
                         "b) and the unmoved kings (Kk, K, k or -), e.g. "
                         "'... w Kk 0 1'"));
    text += used;
    if (sscanf(text, " %u %u%n", &half, &full, &used) == 2)
        text += used;
    else
        half = 0, full = 1;
    while (isspace((unsigned char)*text))
        text++;
    if (*text)
        return fail(msg, _("unexpected text after the position; expected the "
                         "board, the side to move, the unmoved kings and two "
                         "numbers"));
    if (strcmp(side, "w") && strcmp(side, "b"))
        return fail(msg, _("side to move: expected w or b"));
    t.side = side[0] == 'b';
    int u = 0;
    while (u < 4 && strcmp(kings, unmoved_text[u]))
        u++;
    if (u == 4)
        return fail(msg, _("unmoved kings: expected Kk, K, k or -"));
    t.unmoved = (uint8_t)u;
    if (half > t.rules.cap) {
        snprintf(msg, GC_MSG,
                 _("%u plies without a capture or pawn move: more than the cap "
                 "of %u"),
                 half, (unsigned)t.rules.cap);
        return false;
    }
    if (full < 1 || full > 1000000)
        return fail(msg, _("the move number must be 1 to 1000000"));
    t.halfmove = (uint16_t)half;
    t.fullmove = full;
    if (!check_position(&t, msg))
        return false;
    t.key = gc_key(&t);
    *p = t;
    return true;
}

bool gc_consistent(const gc_pos *p)
{
    gc_pos t;
    gc_clear(&t, p->rules);
    for (int s = 0; s < GC_SQUARES; s++) {
        int piece = p->sq[s];
        if ((t.sq[s] == GC_OFF) != (piece == GC_OFF))
            return false;
        if (!piece || piece == GC_OFF)
            continue;
        int ty = piece & GC_TYPE;
        if (ty < GC_PAWN || ty > GC_KING ||
            (piece & (GC_WHITE | GC_BLACK)) == (GC_WHITE | GC_BLACK) ||
            !(piece & (GC_WHITE | GC_BLACK)))
            return false;
        gc_put(&t, s, piece);
    }
    t.side = p->side;
    t.unmoved = p->unmoved;
    t.halfmove = p->halfmove;
    t.fullmove = p->fullmove;
    if (p->side > 1 || p->unmoved > 3 || memcmp(t.occ, p->occ, sizeof t.occ) ||
        memcmp(t.pawns, p->pawns, sizeof t.pawns) ||
        memcmp(t.count, p->count, sizeof t.count) ||
        p->halfmove > p->rules.cap || p->fullmove < 1 ||
        p->rules.unicorn > GC_UNICORN_ALL || p->rules.kingleap > GC_LEAP_FORWARD)
        return false;
    char msg[GC_MSG];
    if (!check_position(&t, msg))
        return false;
    if (t.king[0] != p->king[0] || t.king[1] != p->king[1])
        return false;
    return gc_key(&t) == p->key;
}
