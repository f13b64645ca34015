/* movegen.c — Grande Acedrex moves on the padded mailbox: each piece as
 * seed 000 ("Wielkie Szachy") describes it, attack detection, legality,
 * the end of the game, perft. */
#include "gc.h"

/* Mailbox steps: +1 one file right (towards l), +16 one rank up. */
static const int orth[4] = {1, -1, 16, -16};
static const int diag[4] = {17, 15, -15, -17};
static const int king_steps[8] = {1, -1, 16, -16, 17, 15, -15, -17};
/* Lew: three squares orthogonally, or the (3,1) leap ("pole 4x2").  The
 * leaps of both leapers in ascending order, so that their destinations
 * are generated in order. */
static const int lion_leaps[12] = {-49, -48, -47, -19, -13, -3,
                                   3,   13,  19,  47,  48,  49};
/* Żyrafa: one orthogonal and two diagonal squares, the (3,2) leap
 * ("pole 3x4"). */
static const int giraffe_leaps[8] = {-50, -46, -35, -29, 29, 35, 46, 50};
/* Nosorożec: a knight leap, then optionally a slide on the diagonal that
 * continues the leap outwards: leaps[i] continues along slide[i].  The
 * first four leaps go up the board (forward for White). */
static const int unicorn_leaps[8] = {33, 31, 18, 14, -31, -33, -14, -18};
static const int unicorn_slide[8] = {17, 15, 17, 15, -15, -17, -15, -17};
/* Słonioptak: a diagonal step diag[i], then optionally a slide along one
 * of its two orthogonal components aanca_slide[i][0..1]. */
static const int aanca_slide[4][2] = {{1, 16}, {-1, 16}, {1, -16}, {-1, -16}};
/* The eight lines out of a square, for attacks that end there along a
 * line: a slider (rook, crocodile) at the end of the empty run, or a bent
 * piece turning on one of its empty squares towards the square.  An Aanca
 * turns there after one of the two diagonal steps `into`; a unicorn after
 * one of the two knight leaps `into` that the diagonal continues. */
typedef struct {
    int dir, slider, bent, into[2];
} line;
static const line lines[8] = {
    {1, GC_ROOK, GC_AANCA, {15, -17}},     {-1, GC_ROOK, GC_AANCA, {17, -15}},
    {16, GC_ROOK, GC_AANCA, {-15, -17}},   {-16, GC_ROOK, GC_AANCA, {17, 15}},
    {17, GC_CROC, GC_UNICORN, {-33, -18}}, {15, GC_CROC, GC_UNICORN, {-31, -14}},
    {-15, GC_CROC, GC_UNICORN, {31, 14}},  {-17, GC_CROC, GC_UNICORN, {33, 18}}};

static inline bool is_piece(const uint8_t *b, int s, int piece)
{
    return b[s] == piece;
}

/* Is the (unit) step forward for colour c? */
static inline bool forward(int step, int c)
{
    return c ? step < -1 : step > 1;
}

/* May a bent piece of colour `by` come back along line l?  An Aanca
 * always; a unicorn's slide (towards the square: -dir) must be forward
 * unless unicorn=all. */
static inline bool bends(const gc_pos *p, const line *l, int by)
{
    return l->bent == GC_AANCA || p->rules.unicorn == GC_UNICORN_ALL ||
           forward(-l->dir, by);
}

/* Can a bent piece of `by` turn on the empty square t of line l? */
static inline bool turns(const uint8_t *b, const line *l, int t, int by)
{
    int turner = l->bent | GC_FLAG(by);
    return b[t - l->into[0]] == turner || b[t - l->into[1]] == turner;
}

/* Scans line l from t on (the squares before t being empty) for an
 * attacker of colour `by`. */
static bool line_attack(const uint8_t *b, const line *l, int t, int by,
                        bool bent)
{
    for (; !b[t]; t += l->dir)
        if (bent && turns(b, l, t, by))
            return true;
    return b[t] == (l->slider | GC_FLAG(by));
}

/* The rays: rays[d][i] holds the squares beyond square GC_FIRST + i in
 * direction ray_step[d] up to the board's edge.  The first four go up
 * the set's bits, the others down. */
static const int ray_step[8] = {1, 16, 17, 15, -1, -16, -15, -17};
static gc_set rays[8][GC_RANKS * GC_W];
static int8_t ray_of[35]; /* ray_of[step + 17]: d */

static void build_rays(void)
{
    for (int d = 0; d < 8; d++) {
        ray_of[ray_step[d] + 17] = (int8_t)d;
        for (int f = 0; f < GC_FILES; f++)
            for (int r = 0; r < GC_RANKS; r++) {
                int from = gc_sq(f, r);
                gc_set *set = &rays[d][from - GC_FIRST];
                for (int t = from + ray_step[d];
                     gc_file(t) < GC_FILES && gc_rank(t) >= 0 &&
                     gc_rank(t) < GC_RANKS;
                     t += ray_step[d])
                    gc_set_add(set, t);
            }
    }
}

/* How a move is written, for each mailbox square it goes to: the
 * engine's gc_move (the square << 9, beside the from square) or the
 * game's action (the square's cell, beside the from cell * 144). */
static uint32_t code_move[GC_SQUARES], code_cell[GC_SQUARES];

static void build_codes(void)
{
    for (int s = 0; s < GC_SQUARES; s++) {
        code_move[s] = (uint32_t)s << 9;
        code_cell[s] = gc_file(s) < GC_FILES && gc_rank(s) >= 0 &&
                               gc_rank(s) < GC_RANKS
                           ? (uint32_t)gc_cell(s)
                           : 0;
    }
}

/* The squares a slide from `origin` (not included) by step reaches: the
 * empty ones and the first piece in the way.  Without a branch: the
 * ray's squares up to its first piece, word by word, where the words
 * nearer the origin hold none (up the set's bits: all bits to the
 * lowest piece, x ^ (x - 1); down: all from the highest). */
static inline gc_set slide_set(int origin, int step, const gc_set *all)
{
    int d = ray_of[step + 17];
    const gc_set *r = &rays[d][origin - GC_FIRST];
    uint64_t b0 = r->w[0] & all->w[0], b1 = r->w[1] & all->w[1],
             b2 = r->w[2] & all->w[2], m0, m1, m2;
    if (d < 4) {
        m0 = b0 ^ (b0 - 1);
        m1 = (b1 ^ (b1 - 1)) & (0 - (uint64_t)!b0);
        m2 = (b2 ^ (b2 - 1)) & (0 - (uint64_t)!(b0 | b1));
    } else {
        m2 = ~0ull << (63 - __builtin_clzll(b2 | 1));
        m1 = (~0ull << (63 - __builtin_clzll(b1 | 1))) & (0 - (uint64_t)!b2);
        m0 = (~0ull << (63 - __builtin_clzll(b0 | 1))) & (0 - (uint64_t)!(b1 | b2));
    }
    return (gc_set){{r->w[0] & m0, r->w[1] & m1, r->w[2] & m2}};
}

/* Adds a slide from origin by step to the set: of the squares it reaches
 * over the pieces `all`, those that `mask` keeps (not the mover's own
 * pieces, or the enemy's only). */
static inline void slide(gc_set *set, const gc_set *all, const gc_set *mask,
                         int origin, int step)
{
    gc_set a = slide_set(origin, step, all);
    for (int w = 0; w < 3; w++)
        set->w[w] |= a.w[w] & mask->w[w];
}

/* The squares a leaper on a square (index square - GC_FIRST) may reach
 * on the board, whatever stands there: the giraffe's, the lion's and
 * the unicorn's leaps, the Aanca's diagonal steps (and the crocodile's
 * first), the rook's first steps. */
enum { LEAP_GIRAFFE, LEAP_LION, LEAP_UNICORN, LEAP_AANCA, LEAP_ROOK, LEAP_KINDS };
static gc_set leap_sets[LEAP_KINDS][GC_RANKS * GC_W];

static void build_leaps(void)
{
    static const struct {
        const int *leaps;
        int n;
    } kinds[LEAP_KINDS] = {
        {giraffe_leaps, 8}, {lion_leaps, 12}, {unicorn_leaps, 8}, {diag, 4}, {orth, 4}};
    for (int k = 0; k < LEAP_KINDS; k++)
        for (int f = 0; f < GC_FILES; f++)
            for (int r = 0; r < GC_RANKS; r++) {
                int from = gc_sq(f, r);
                for (int i = 0; i < kinds[k].n; i++) {
                    int t = from + kinds[k].leaps[i];
                    if (gc_file(t) < GC_FILES && gc_rank(t) >= 0 &&
                        gc_rank(t) < GC_RANKS)
                        gc_set_add(&leap_sets[k][from - GC_FIRST], t);
                }
            }
}

/* The leaps of a kind from `from` that `mask` keeps. */
static inline gc_set leaps_to(int kind, int from, const gc_set *mask)
{
    const gc_set *l = &leap_sets[kind][from - GC_FIRST];
    return (gc_set){{l->w[0] & mask->w[0], l->w[1] & mask->w[1],
                     l->w[2] & mask->w[2]}};
}

/* What a generation of colour c's moves needs of the position: every
 * piece, and where a move may end (quiet: not on the mover's own pieces
 * or the border, else only on the enemy's), as a set for the slides and
 * as the test of a square's contents for the leaps, (x & sel) == val. */
typedef struct {
    gc_set all, mask;
    int own, enemy, sel, val;
    bool quiet;
} gen_ctx;

static inline void gen_ctx_init(gen_ctx *x, const gc_pos *p, int c, bool quiet)
{
    const gc_set *mine = &p->occ[c], *theirs = &p->occ[c ^ 1];
    for (int w = 0; w < 3; w++) {
        x->all.w[w] = mine->w[w] | theirs->w[w];
        x->mask.w[w] = quiet ? ~mine->w[w] : theirs->w[w];
    }
    x->own = GC_FLAG(c);
    x->enemy = GC_FLAG(c ^ 1);
    x->sel = quiet ? x->own : GC_OFF;
    x->val = quiet ? 0 : x->enemy;
    x->quiet = quiet;
}

/* How a piece of each type (lion to Aanca) reaches a square (df, dr)
 * files and ranks away, wherever it stands: not at all (n < 0), or past
 * n squares that must be empty, the first at `start` (a mailbox offset
 * from the piece) and then `step` apart.  A unicorn's slide belongs to a
 * leap up the board (dirs 1) or down it (dirs 2): forward for one colour
 * only.  Every geometry of the game reaches a square in one way at most,
 * and its empty squares lie between the piece and the square (on the
 * board). */
typedef struct {
    int8_t start, step, n, dirs;
} reach;
enum { REACH_SPAN = 2 * GC_FILES - 1 };
/* (pawns and kings, tested apart, have none: types from the giraffe up
 * to the Aanca; the table is small enough to stay in the cache) */
static reach reaches[GC_AANCA - GC_GIRAFFE + 1][REACH_SPAN][REACH_SPAN];
/* For a piece (df, dr) away from a king, bit (y + 2) * 5 + x + 2 for
 * each square (x, y) of the 5x5 around the king (its steps and leaps)
 * that the piece's geometry reaches, whatever stands between. */
enum { NEAR_SPAN = REACH_SPAN + 4 };
static uint32_t near_king[GC_AANCA - GC_GIRAFFE + 1][NEAR_SPAN][NEAR_SPAN];

static void set_reach(int type, int df, int dr, int start, int step, int n,
                      int dirs)
{
    if (df <= -GC_FILES || df >= GC_FILES || dr <= -GC_RANKS || dr >= GC_RANKS)
        return;
    reaches[type - GC_GIRAFFE][df + GC_FILES - 1][dr + GC_RANKS - 1] =
        (reach){(int8_t)start, (int8_t)step, (int8_t)n, (int8_t)dirs};
}

/* (df, dr) of a mailbox offset of at most 3 files. */
static void offset_xy(int d, int *df, int *dr)
{
    *dr = (d + 8 * GC_W + 8) / GC_W - 8;
    *df = d - *dr * GC_W;
}

static void build_near(void)
{
    for (int t = 0; t <= GC_AANCA - GC_GIRAFFE; t++)
        for (int df = -GC_FILES - 1; df <= GC_FILES + 1; df++)
            for (int dr = -GC_RANKS - 1; dr <= GC_RANKS + 1; dr++) {
                uint32_t bits = 0;
                for (int x = -2; x <= 2; x++)
                    for (int y = -2; y <= 2; y++) {
                        int ex = x - df, ey = y - dr; /* piece to square */
                        if (ex > -GC_FILES && ex < GC_FILES && ey > -GC_RANKS &&
                            ey < GC_RANKS &&
                            reaches[t][ex + GC_FILES - 1][ey + GC_RANKS - 1].n >= 0)
                            bits |= 1u << ((y + 2) * 5 + x + 2);
                    }
                near_king[t][df + GC_FILES + 1][dr + GC_RANKS + 1] = bits;
            }
}

/* The squares of the way of geometry r from `from` to `to` that must be
 * empty, as a set: along the slide, from the first (a bent piece's
 * turning square) to the one before `to`.  Only for r->n > 0 (else a
 * set of no meaning: the caller ignores it). */
static inline gc_set way_set(const reach *r, int from, int to)
{
    int d = ray_of[r->step + 17];
    const gc_set *first = &rays[d][from + r->start - r->step - GC_FIRST],
                 *after = &rays[d][to - r->step - GC_FIRST];
    return (gc_set){{first->w[0] & ~after->w[0], first->w[1] & ~after->w[1],
                     first->w[2] & ~after->w[2]}};
}

/* Does the geometry r take the piece on `from` to its square, for a
 * unicorn of the slides `dirs` allow, its way empty (the square
 * `vacated` taken as empty; 0: none, as no way crosses square 0)? */
static inline bool way_empty(const uint8_t *b, const reach *r, int from,
                             int dirs, int vacated)
{
    int n = r->n;
    if (n < 0 || (r->dirs && !(r->dirs & dirs)))
        return false;
    for (int u = from + r->start; n && (!b[u] || u == vacated); u += r->step)
        n--;
    return !n;
}

/* How the king of `by` attacks: by its steps alone (0), or while it has
 * not moved also by the leaps that may capture: all of them (1,
 * kingleap=capture) or White's (2) or Black's (3) forward ones
 * (kingleap=forward). */
static inline int king_reach(const gc_pos *p, int by)
{
    int leap = p->rules.kingleap;
    if (!(p->unmoved >> by & 1) || (leap != GC_LEAP_CAPTURE && leap != GC_LEAP_FORWARD))
        return 0;
    return leap == GC_LEAP_CAPTURE ? 1 : 2 + by;
}

/* Does a king that reaches as `how` (king_reach) attack the square dx
 * files and dy ranks away (the king's file and rank less the square's)?
 * The king's own square counts as attacked: the other king never goes
 * there. */
static inline bool king_hits(int how, int dx, int dy)
{
    if (dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1)
        return true; /* the king's step */
    return how && (dx == 0 || dx == 2 || dx == -2) && (dy == 0 || dy == 2 || dy == -2) &&
           (how == 1 || (how == 2 ? dy < 0 : dy > 0));
}

/* Does the king of `by` attack s? */
static inline bool king_attacks(const gc_pos *p, int s, int by)
{
    int k = p->king[by];
    return king_hits(king_reach(p, by), gc_file(k) - gc_file(s), gc_rank(k) - gc_rank(s));
}

/* Is s attacked by colour `by`, the square `vacated` taken as empty (0:
 * none, as no path crosses square 0)?  A piece of `by` standing on s
 * itself, about to be taken, reaches it by no entry of the table. */
static inline bool attacked(const gc_pos *p, int s, int by, int vacated)
{
    const uint8_t *b = p->sq, *have = p->count[by];
    if (have[GC_PAWN]) { /* pawns capture one square diagonally forward */
        int back = by ? 16 : -16, pawn = GC_PAWN | GC_FLAG(by);
        if (is_piece(b, s + back - 1, pawn) || is_piece(b, s + back + 1, pawn))
            return true;
    }
    if (king_attacks(p, s, by))
        return true;
    /* each other piece: can it reach s, and is its way empty? */
    int sf = gc_file(s) + GC_FILES - 1, sr = gc_rank(s) + GC_RANKS - 1;
    int dirs = p->rules.unicorn == GC_UNICORN_ALL ? 3 : 1 << by;
    for (int w = 0; w < 3; w++)
        for (uint64_t bits = p->occ[by].w[w] & ~p->pawns[by].w[w]; bits;
             bits &= bits - 1) {
            int from = GC_FIRST + 64 * w + __builtin_ctzll(bits);
            /* (gc_legal tries a capture on sq[] alone: the square of a
             * piece just taken is still in occ) */
            int type = b[from] & GC_TYPE;
            if ((b[from] & GC_OFF) != GC_FLAG(by) || type == GC_PAWN ||
                type == GC_KING)
                continue;
            const reach *r = &reaches[type - GC_GIRAFFE][sf - gc_file(from)]
                                     [sr - gc_rank(from)];
            if (way_empty(b, r, from, dirs, vacated))
                return true;
        }
    return false;
}

bool gc_attacked(const gc_pos *p, int s, int by)
{
    return attacked(p, s, by, 0);
}

/* The bits around a king (gc_zone_offset) that the other side's king
 * attacks, when it stands ex files and ey ranks away and reaches as
 * `how` (king_reach): king_zone[how][ex + 4][ey + 4]; those a pawn of
 * colour c attacks from px files and py ranks away: pawn_zone[c][px +
 * 3][py + 3]; the squares up to three files and three ranks from a
 * square (where such pawns stand): near3[square - GC_FIRST]. */
static uint32_t king_zone[4][9][9], pawn_zone[2][7][7];
static gc_set near3[GC_RANKS * GC_W];

static void build_zones(void)
{
    for (int bit = 0; bit < 25; bit++) {
        int x = bit % 5 - 2, y = bit / 5 - 2;
        for (int how = 0; how < 4; how++)
            for (int ex = -4; ex <= 4; ex++)
                for (int ey = -4; ey <= 4; ey++)
                    if (king_hits(how, ex - x, ey - y))
                        king_zone[how][ex + 4][ey + 4] |= 1u << bit;
        for (int c = 0; c < 2; c++)
            for (int px = -3; px <= 3; px++)
                for (int py = -3; py <= 3; py++)
                    if ((x - px == 1 || x - px == -1) && y - py == (c ? -1 : 1))
                        pawn_zone[c][px + 3][py + 3] |= 1u << bit;
    }
    for (int from = GC_FIRST; from < GC_FIRST + GC_RANKS * GC_W; from++)
        for (int t = GC_FIRST; t < GC_FIRST + GC_RANKS * GC_W; t++) {
            int df = gc_file(t) - gc_file(from), dr = gc_rank(t) - gc_rank(from);
            if (gc_file(from) < GC_FILES && gc_file(t) < GC_FILES && df >= -3 &&
                df <= 3 && dr >= -3 && dr <= 3)
                gc_set_add(&near3[from - GC_FIRST], t);
        }
}

void gc_build_reach(void)
{
    build_rays();
    build_leaps();
    build_codes();
    for (int t = 0; t <= GC_AANCA - GC_GIRAFFE; t++)
        for (int x = 0; x < REACH_SPAN; x++)
            for (int y = 0; y < REACH_SPAN; y++)
                reaches[t][x][y].n = -1;
    int fx, fy, sx, sy;
    for (int i = 0; i < 12; i++) {
        offset_xy(lion_leaps[i], &fx, &fy);
        set_reach(GC_LION, fx, fy, 0, 0, 0, 0);
    }
    for (int i = 0; i < 8; i++) {
        offset_xy(giraffe_leaps[i], &fx, &fy);
        set_reach(GC_GIRAFFE, fx, fy, 0, 0, 0, 0);
    }
    for (int i = 0; i < 4; i++) {
        offset_xy(orth[i], &fx, &fy);
        for (int k = 1; k < GC_FILES; k++)
            set_reach(GC_ROOK, k * fx, k * fy, orth[i], orth[i], k - 1, 0);
        offset_xy(diag[i], &fx, &fy);
        for (int k = 1; k < GC_FILES; k++)
            set_reach(GC_CROC, k * fx, k * fy, diag[i], diag[i], k - 1, 0);
        /* the Aanca: its step, or the step (empty) and a slide on */
        set_reach(GC_AANCA, fx, fy, 0, 0, 0, 0);
        for (int j = 0; j < 2; j++) {
            offset_xy(aanca_slide[i][j], &sx, &sy);
            for (int k = 1; k < GC_FILES; k++)
                set_reach(GC_AANCA, fx + k * sx, fy + k * sy, diag[i],
                          aanca_slide[i][j], k, 0);
        }
    }
    for (int i = 0; i < 8; i++) {
        offset_xy(unicorn_leaps[i], &fx, &fy);
        set_reach(GC_UNICORN, fx, fy, 0, 0, 0, 0);
        offset_xy(unicorn_slide[i], &sx, &sy);
        for (int k = 1; k < GC_FILES; k++)
            set_reach(GC_UNICORN, fx + k * sx, fy + k * sy, unicorn_leaps[i],
                      unicorn_slide[i], k, i < 4 ? 1 : 2);
    }
    build_near();
    build_zones();
}

/* The pieces of the side to move that shield their king (g->pinned):
 * the one piece, ours, on the way of an enemy piece to the king (a
 * slider's run, a bent piece's turning square and slide; every way
 * with squares between its ends runs along a line from the king).
 * pin_by adds the one the piece on `from` pins, if any. */
static inline void pin_by(const gc_pos *p, int from, int k, int dirs, gc_set *pinned)
{
    const reach *r = &reaches[(p->sq[from] & GC_TYPE) - GC_GIRAFFE]
                             [gc_file(k) - gc_file(from) + GC_FILES - 1]
                             [gc_rank(k) - gc_rank(from) + GC_RANKS - 1];
    if (r->n <= 0)
        return;
    /* the way's pieces: one of ours, none of theirs */
    const gc_set *mine = &p->occ[p->side], *theirs = &p->occ[p->side ^ 1];
    gc_set way = way_set(r, from, k);
    uint64_t o0 = way.w[0] & mine->w[0], o1 = way.w[1] & mine->w[1],
             o2 = way.w[2] & mine->w[2];
    bool one = ((o0 != 0) + (o1 != 0) + (o2 != 0) == 1) &&
               !((o0 & (o0 - 1)) | (o1 & (o1 - 1)) | (o2 & (o2 - 1))) &&
               !((way.w[0] & theirs->w[0]) | (way.w[1] & theirs->w[1]) |
                 (way.w[2] & theirs->w[2])) &&
               !(r->dirs && !(r->dirs & dirs));
    uint64_t keep = 0 - (uint64_t)one;
    pinned->w[0] |= o0 & keep;
    pinned->w[1] |= o1 & keep;
    pinned->w[2] |= o2 & keep;
}

/* The enemy's pieces but its pawns and its king. */
static inline gc_set enemy_pieces(const gc_pos *p)
{
    int them = p->side ^ 1, ek = p->king[them] - GC_FIRST;
    gc_set pieces = {{p->occ[them].w[0] & ~p->pawns[them].w[0],
                      p->occ[them].w[1] & ~p->pawns[them].w[1],
                      p->occ[them].w[2] & ~p->pawns[them].w[2]}};
    pieces.w[ek >> 6] &= ~(1ull << (ek & 63));
    return pieces;
}

/* Keeps of the king's destinations (bits around it) the safe ones, the
 * squares the king of the side to move may step or leap to without being
 * attacked there (what gc_legal decides for a king's move, without
 * touching the board), the enemy's pieces read once; with them the
 * pieces that shield the king (*pinned, as gc_guard_pins). */
static uint32_t king_safe(const gc_pos *p, uint32_t alive, gc_set *pinned)
{
    const uint8_t *b = p->sq;
    int c = p->side, by = c ^ 1, k = p->king[c];
    int kf = gc_file(k), kr = gc_rank(k);
    /* the squares the king and the pawns attack go at once */
    int ek = p->king[by], ex = gc_file(ek) - kf, ey = gc_rank(ek) - kr;
    if (ex >= -4 && ex <= 4 && ey >= -4 && ey <= 4)
        alive &= ~king_zone[king_reach(p, by)][ex + 4][ey + 4];
    const gc_set *near = &near3[k - GC_FIRST];
    for (int w = 0; w < 3; w++)
        for (uint64_t bits = p->pawns[by].w[w] & near->w[w]; bits; bits &= bits - 1) {
            int s = GC_FIRST + 64 * w + __builtin_ctzll(bits);
            alive &= ~pawn_zone[by][gc_file(s) - kf + 3][gc_rank(s) - kr + 3];
        }
    /* then each other piece, read once, against the squares left that
     * its geometry reaches */
    int dirs = p->rules.unicorn == GC_UNICORN_ALL ? 3 : 1 << by;
    gc_set pieces = enemy_pieces(p);
    *pinned = (gc_set){{0, 0, 0}};
    gc_set all = {{p->occ[0].w[0] | p->occ[1].w[0], p->occ[0].w[1] | p->occ[1].w[1],
                   p->occ[0].w[2] | p->occ[1].w[2]}};
    all.w[(k - GC_FIRST) >> 6] &= ~(1ull << ((k - GC_FIRST) & 63)); /* the king leaves */
    for (int w = 0; w < 3; w++)
        for (uint64_t bits = pieces.w[w]; bits; bits &= bits - 1) {
            int from = GC_FIRST + 64 * w + __builtin_ctzll(bits);
            int type = b[from] & GC_TYPE;
            pin_by(p, from, k, dirs, pinned);
            int ff = gc_file(from), fr = gc_rank(from);
            uint32_t a = alive & near_king[type - GC_GIRAFFE][ff - kf + GC_FILES + 1]
                                          [fr - kr + GC_RANKS + 1];
            for (; a; a &= a - 1) {
                int bit = __builtin_ctz(a), s = k + gc_zone_offset(bit);
                const reach *r = &reaches[type - GC_GIRAFFE][gc_file(s) - ff + GC_FILES - 1]
                                         [gc_rank(s) - fr + GC_RANKS - 1];
                gc_set way = way_set(r, from, s);
                bool open = r->n == 0 || !((way.w[0] & all.w[0]) | (way.w[1] & all.w[1]) |
                                           (way.w[2] & all.w[2]));
                bool takes = !(r->dirs && !(r->dirs & dirs)) && open;
                alive &= ~((uint32_t)takes << bit);
            }
        }
    return alive;
}

/* One attacker of colour `by` on s and its way there: its square and
 * the empty squares its attack needs (a slider's run, a bent piece's
 * turning square and slide).  A move of the other side that neither
 * takes it nor lands on that way leaves s attacked.  False if s is not
 * attacked. */
static bool attack_path(const gc_pos *p, int s, int by, gc_set *path)
{
    const uint8_t *b = p->sq, *have = p->count[by];
    int flag = GC_FLAG(by);
    if (have[GC_PAWN]) {
        int back = by ? 16 : -16;
        for (int d = -1; d <= 1; d += 2)
            if (is_piece(b, s + back + d, GC_PAWN | flag)) {
                gc_set_add(path, s + back + d);
                return true;
            }
    }
    static const struct {
        int type, n;
        const int *leaps;
    } leapers[4] = {{GC_LION, 12, lion_leaps},
                    {GC_GIRAFFE, 8, giraffe_leaps},
                    {GC_UNICORN, 8, unicorn_leaps},
                    {GC_AANCA, 4, diag}};
    for (int k = 0; k < 4; k++) {
        if (!have[leapers[k].type])
            continue;
        for (int i = 0; i < leapers[k].n; i++)
            if (is_piece(b, s + leapers[k].leaps[i], leapers[k].type | flag)) {
                gc_set_add(path, s + leapers[k].leaps[i]);
                return true;
            }
    }
    if (king_attacks(p, s, by)) {
        gc_set_add(path, p->king[by]);
        return true;
    }
    for (int i = 0; i < 8; i++) {
        const line *l = &lines[i];
        bool bent = have[l->bent] && bends(p, l, by);
        int t = s + l->dir;
        for (; !b[t]; t += l->dir) {
            if (!bent || !turns(b, l, t, by))
                continue;
            int turner = l->bent | flag;
            for (int u = s + l->dir; u != t + l->dir; u += l->dir)
                gc_set_add(path, u);
            gc_set_add(path, b[t - l->into[0]] == turner ? t - l->into[0]
                                                         : t - l->into[1]);
            return true;
        }
        if (b[t] == (l->slider | flag)) {
            for (int u = s + l->dir; u != t + l->dir; u += l->dir)
                gc_set_add(path, u);
            return true;
        }
    }
    return false;
}

bool gc_check_path(const gc_pos *p, gc_set *path)
{
    *path = (gc_set){{0, 0, 0}};
    if (attack_path(p, p->king[p->side], p->side ^ 1, path))
        return true;
    *path = (gc_set){{~0ull, ~0ull, ~0ull}};
    return false;
}

/* The shielding pieces alone (the engine's guard). */
void gc_guard_pins(const gc_pos *p, gc_guard *g)
{
    int k = p->king[p->side];
    int dirs = p->rules.unicorn == GC_UNICORN_ALL ? 3 : 1 << (p->side ^ 1);
    gc_set pieces = enemy_pieces(p);
    g->pinned = (gc_set){{0, 0, 0}};
    for (int w = 0; w < 3; w++)
        for (uint64_t bits = pieces.w[w]; bits; bits &= bits - 1)
            pin_by(p, GC_FIRST + 64 * w + __builtin_ctzll(bits), k, dirs, &g->pinned);
}

void gc_guard_init(const gc_pos *p, gc_guard *g)
{
    g->in_check = gc_attacked(p, p->king[p->side], p->side ^ 1);
    gc_guard_pins(p, g);
}

/* lines[] by direction: line_at[dir + 17]. */
static const int8_t line_at[35] = {[1 + 17] = 0,   [-1 + 17] = 1, [16 + 17] = 2,
                                   [-16 + 17] = 3, [17 + 17] = 4, [15 + 17] = 5,
                                   [-15 + 17] = 6, [-17 + 17] = 7};

bool gc_gives_check(const gc_pos *p, gc_move m)
{
    const uint8_t *b = p->sq;
    int c = p->side, by = c ^ 1, k = p->king[c], from = GC_FROM(m), to = GC_TO(m);
    int piece = b[to], type = piece & GC_TYPE;
    int dx = gc_file(k) - gc_file(to), dy = gc_rank(k) - gc_rank(to);
    /* the piece that moved, from its new square (a promoted one as what
     * it became) */
    if (type == GC_PAWN) {
        if (dy == (by ? -1 : 1) && (dx == 1 || dx == -1))
            return true;
    } else if (type == GC_KING) {
        if (king_attacks(p, k, by))
            return true;
    } else {
        int dirs = p->rules.unicorn == GC_UNICORN_ALL ? 3 : 1 << by;
        const reach *r = &reaches[type - GC_GIRAFFE][dx + GC_FILES - 1][dy + GC_RANKS - 1];
        if (way_empty(b, r, to, dirs, 0))
            return true;
    }
    /* a way it opened: its old square on a line from the king (every
     * way's empty squares lie on such a line) */
    dx = gc_file(from) - gc_file(k);
    dy = gc_rank(from) - gc_rank(k);
    if (dx && dy && dx != dy && dx != -dy)
        return false;
    const line *l = &lines[line_at[(dx > 0) - (dx < 0) + 16 * ((dy > 0) - (dy < 0)) + 17]];
    bool bent = p->count[by][l->bent] && bends(p, l, by);
    return line_attack(b, l, k + l->dir, by, bent);
}

static uint32_t king_moves(const gc_pos *p, gc_set *pinned);

void gc_guard_game(const gc_pos *p, gc_guard *g, uint32_t *king)
{
    g->in_check = gc_attacked(p, p->king[p->side], p->side ^ 1);
    *king = king_moves(p, &g->pinned);
}

void gc_guard_after(const gc_pos *p, gc_move m, gc_guard *g, uint32_t *king)
{
    g->in_check = gc_gives_check(p, m);
    *king = king_moves(p, &g->pinned);
}

bool gc_in_check(const gc_pos *p)
{
    return gc_attacked(p, p->king[p->side], p->side ^ 1);
}

/* The squares a piece of colour c on `from` may move to, its own king's
 * safety aside, as x allows (quiet: non-captures too; promotions
 * always), one function for each kind of piece but the king. */

/* Piony: one square forward; capture one square diagonally forward; no
 * double step, so no en passant. */
static inline gc_set pawn_targets(const uint8_t *b, int from, int c,
                                  const gen_ctx *x)
{
    gc_set set = {{0, 0, 0}};
    int t = from + (c ? -16 : 16);
    if (!b[t] && (x->quiet || gc_rank(t) == (c ? 0 : GC_RANKS - 1)))
        gc_set_add(&set, t);
    if ((b[t - 1] & GC_OFF) == x->enemy)
        gc_set_add(&set, t - 1);
    if ((b[t + 1] & GC_OFF) == x->enemy)
        gc_set_add(&set, t + 1);
    return set;
}

/* The rook (orth) and the crocodile (diag). */
static inline gc_set slider_targets(int from, const int *dirs, const gen_ctx *x)
{
    gc_set set = {{0, 0, 0}};
    for (int i = 0; i < 4; i++)
        slide(&set, &x->all, &x->mask, from, dirs[i]);
    return set;
}

/* Słonioptak: the diagonal step must be made; a capture there ends the
 * move; from an empty step square it may go on outwards along a line,
 * through empty squares. */
static inline gc_set aanca_targets(const uint8_t *b, int from, const gen_ctx *x)
{
    gc_set set = leaps_to(LEAP_AANCA, from, &x->mask);
    for (int i = 0; i < 4; i++) {
        int t = from + diag[i];
        if (b[t])
            continue;
        for (int k = 0; k < 2; k++)
            slide(&set, &x->all, &x->mask, t, aanca_slide[i][k]);
    }
    return set;
}

/* Nosorożec: a knight leap, which may end the move; from an empty
 * landing square it may slide on diagonally, only after a forward leap
 * and in the leap's direction (unicorn=all: after any). */
static inline gc_set unicorn_targets(const gc_pos *p, int from, int c,
                                     const gen_ctx *x)
{
    gc_set set = leaps_to(LEAP_UNICORN, from, &x->mask);
    bool all = p->rules.unicorn == GC_UNICORN_ALL;
    for (int i = all || c == 0 ? 0 : 4, end = all || c ? 8 : 4; i < end; i++) {
        int t = from + unicorn_leaps[i];
        if (!p->sq[t])
            slide(&set, &x->all, &x->mask, t, unicorn_slide[i]);
    }
    return set;
}

/* Any of them by the piece on `from`. */
static inline __attribute__((always_inline)) gc_set
piece_targets(const gc_pos *p, int from, int c, const gen_ctx *x)
{
    const uint8_t *b = p->sq;
    switch (b[from] & GC_TYPE) {
    case GC_PAWN:
        return pawn_targets(b, from, c, x);
    case GC_GIRAFFE:
        return leaps_to(LEAP_GIRAFFE, from, &x->mask);
    case GC_LION:
        return leaps_to(LEAP_LION, from, &x->mask);
    case GC_CROC:
        return slider_targets(from, diag, x);
    case GC_ROOK:
        return slider_targets(from, orth, x);
    case GC_AANCA:
        return aanca_targets(b, from, x);
    case GC_UNICORN:
        return unicorn_targets(p, from, c, x);
    default:
        return (gc_set){{0, 0, 0}};
    }
}

gc_set gc_targets(const gc_pos *p, int from, bool quiet)
{
    const uint8_t *b = p->sq;
    int c = (b[from] & GC_BLACK) != 0, own = GC_FLAG(c);
    gen_ctx x;
    gen_ctx_init(&x, p, c, quiet);
    if ((b[from] & GC_TYPE) != GC_KING)
        return piece_targets(p, from, c, &x);
    gc_set set = {{0, 0, 0}};
    for (int i = 0; i < 8; i++)
        if ((b[from + king_steps[i]] & x.sel) == x.val)
            gc_set_add(&set, from + king_steps[i]);
    /* Król: on its first move also two squares in any direction, over the
     * square between (seed); the options restrict it. */
    if (!(p->unmoved >> c & 1))
        return set;
    int leap = p->rules.kingleap;
    bool takes = leap == GC_LEAP_CAPTURE || leap == GC_LEAP_FORWARD;
    if (leap == GC_LEAP_CAZAUX && gc_attacked(p, from, c ^ 1))
        return set; /* not out of check */
    for (int i = 0; i < 8; i++) {
        int step = king_steps[i], t = from + 2 * step, there = b[t];
        if (there & own || (there && !takes) || (!there && !quiet))
            continue;
        if (leap == GC_LEAP_FORWARD && !forward(step, c))
            continue;
        if (leap == GC_LEAP_CAZAUX && gc_attacked(p, from + step, c ^ 1))
            continue; /* not over an attacked square */
        gc_set_add(&set, t);
    }
    return set;
}

/* Writes base + code[to] for every square of the set, in order. */
static inline uint32_t *emit(gc_set set, uint32_t base, const uint32_t *code,
                             uint32_t *o)
{
    for (int w = 0; w < 3; w++)
        for (uint64_t bits = set.w[w]; bits; bits &= bits - 1)
            *o++ = base + code[GC_FIRST + 64 * w + __builtin_ctzll(bits)];
    return o;
}

static int generate(const gc_pos *p, gc_move *out, bool quiet)
{
    gen_ctx x;
    int c = p->side;
    gen_ctx_init(&x, p, c, quiet);
    uint32_t *o = out;
    for (int w = 0; w < 3; w++)
        for (uint64_t bits = p->occ[c].w[w]; bits; bits &= bits - 1) {
            int from = GC_FIRST + 64 * w + __builtin_ctzll(bits);
            gc_set to = from == p->king[c] ? gc_targets(p, from, quiet)
                                           : piece_targets(p, from, c, &x);
            o = emit(to, (uint32_t)from, code_move, o);
        }
    return (int)(o - out);
}

int gc_gen(const gc_pos *p, gc_move *out)
{
    return generate(p, out, true);
}

int gc_gen_tactical(const gc_pos *p, gc_move *out)
{
    return generate(p, out, false);
}

bool gc_legal_tried(gc_pos *p, gc_move m)
{
    int from = GC_FROM(m), to = GC_TO(m), c = p->side;
    int piece = p->sq[from], ksq = p->king[c];
    if ((piece & GC_TYPE) == GC_KING)
        ksq = to;
    /* Try it on the board and put the board back. */
    uint8_t was_to = p->sq[to];
    p->sq[to] = (uint8_t)piece;
    p->sq[from] = 0;
    bool ok = !gc_attacked(p, ksq, c ^ 1);
    p->sq[from] = (uint8_t)piece;
    p->sq[to] = was_to;
    return ok;
}

int gc_gen_legal(gc_pos *p, const gc_guard *g, gc_move *out)
{
    gc_move moves[GC_MAX_MOVES];
    int n = gc_gen(p, moves), k = 0;
    for (int i = 0; i < n; i++)
        if (gc_legal(p, moves[i], g))
            out[k++] = moves[i];
    return k;
}

/* Has the piece on `from` (not a pawn, not a king) a move, its own
 * king's safety aside?  Every piece's move begins with a step or a leap
 * to a square that is empty (a move that may end there, or go on) or
 * the enemy's (a capture): a slider's first square, the Aanca's diagonal
 * step, the unicorn's leap. */
static inline bool can_move(const gc_pos *p, int from, int c)
{
    static const int8_t first[GC_NTYPES] = {
        [GC_GIRAFFE] = LEAP_GIRAFFE, [GC_CROC] = LEAP_AANCA, [GC_LION] = LEAP_LION,
        [GC_ROOK] = LEAP_ROOK, [GC_UNICORN] = LEAP_UNICORN, [GC_AANCA] = LEAP_AANCA};
    const gc_set *to = &leap_sets[first[p->sq[from] & GC_TYPE]][from - GC_FIRST],
                 *own = &p->occ[c];
    return (to->w[0] & ~own->w[0]) | (to->w[1] & ~own->w[1]) | (to->w[2] & ~own->w[2]);
}

bool gc_has_legal(gc_pos *p, const gc_guard *g)
{
    /* First the pieces whose moves need no trial (out of check: all but
     * the king and the shielding pieces): any move of theirs will do.  In
     * check only the moves onto the checker's way are tried (and the
     * king's). */
    gc_set evade = {{~0ull, ~0ull, ~0ull}};
    if (g->in_check)
        gc_check_path(p, &evade);
    else { /* the first pass by each piece's first steps alone, the
            * pawns all at once: one that shields nothing, the square
            * ahead of it empty (the rank ahead is on the board) */
        int c = p->side;
        uint64_t a0 = p->occ[0].w[0] | p->occ[1].w[0], a1 = p->occ[0].w[1] | p->occ[1].w[1],
                 a2 = p->occ[0].w[2] | p->occ[1].w[2], ahead[3];
        if (c == 0) {
            ahead[0] = a0 >> 16 | a1 << 48;
            ahead[1] = a1 >> 16 | a2 << 48;
            ahead[2] = a2 >> 16;
        } else {
            ahead[0] = a0 << 16;
            ahead[1] = a1 << 16 | a0 >> 48;
            ahead[2] = a2 << 16 | a1 >> 48;
        }
        for (int w = 0; w < 3; w++)
            if (p->pawns[c].w[w] & ~g->pinned.w[w] & ~ahead[w])
                return true;
        /* then the pieces but the king and the pawns */
        int k = p->king[c] - GC_FIRST;
        for (int w = 0; w < 3; w++)
            for (uint64_t bits = p->occ[c].w[w] & ~p->pawns[c].w[w] & ~g->pinned.w[w] &
                                 ~(k >> 6 == w ? 1ull << (k & 63) : 0);
                 bits; bits &= bits - 1)
                if (can_move(p, GC_FIRST + 64 * w + __builtin_ctzll(bits), c))
                    return true;
    }
    for (int pass = g->in_check ? 0 : 1; pass < 2; pass++)
        for (int w = 0; w < 3; w++)
            for (uint64_t bits = p->occ[p->side].w[w]; bits; bits &= bits - 1) {
                int from = GC_FIRST + 64 * w + __builtin_ctzll(bits);
                if (gc_needs_test(p, g, from) != pass)
                    continue;
                gc_set to = gc_targets(p, from, true);
                if (from != p->king[p->side])
                    for (int v = 0; v < 3; v++)
                        to.w[v] &= evade.w[v];
                for (int v = 0; v < 3; v++)
                    for (uint64_t t = to.w[v]; t; t &= t - 1) {
                        gc_move m = GC_MOVE(from, GC_FIRST + 64 * v + __builtin_ctzll(t));
                        if (!pass || gc_legal(p, m, g))
                            return true;
                    }
            }
    return false;
}

/* The legal moves of the king of the side to move (bits around it), and
 * the pieces that shield it (*pinned). */
static uint32_t king_moves(const gc_pos *p, gc_set *pinned)
{
    /* king_steps[i] as a bit around the king */
    static const int8_t step_bit[8] = {13, 11, 17, 7, 18, 16, 8, 6};
    const uint8_t *b = p->sq;
    int c = p->side, k = p->king[c], own = GC_FLAG(c);
    uint32_t alive = 0;
    if (p->unmoved >> c & 1) { /* its leaps too */
        gc_set to = gc_targets(p, k, true);
        for (int w = 0; w < 3; w++)
            for (uint64_t bits = to.w[w]; bits; bits &= bits - 1) {
                int s = GC_FIRST + 64 * w + __builtin_ctzll(bits);
                alive |= 1u << ((gc_rank(s) - gc_rank(k) + 2) * 5 + gc_file(s) - gc_file(k) + 2);
            }
    } else {
        for (int i = 0; i < 8; i++)
            alive |= (uint32_t)!(b[k + king_steps[i]] & own) << step_bit[i];
    }
    return king_safe(p, alive, pinned);
}

void gc_legal_sets(const gc_pos *p, const gc_guard *g, uint32_t king_to,
                   gc_piece_moves *m)
{
    const uint8_t *b = p->sq;
    int c = p->side, n = 0;
    gen_ctx x;
    gen_ctx_init(&x, p, c, true);
    /* the pieces in the order of their squares (m->from[i]), and the
     * places i of each kind, so that each kind's moves are found in a
     * loop of its own (not a jump by the kind for every piece) */
    uint8_t at[GC_NTYPES][GC_PIECES];
    int many[GC_NTYPES] = {0};
    for (int w = 0; w < 3; w++)
        for (uint64_t own = p->occ[c].w[w]; own; own &= own - 1) {
            int from = GC_FIRST + 64 * w + __builtin_ctzll(own), type = b[from] & GC_TYPE;
            m->from[n] = (uint16_t)from;
            at[type][many[type]++] = (uint8_t)n++;
        }
    m->n = n;
    for (int j = 0; j < many[GC_PAWN]; j++) {
        int i = at[GC_PAWN][j];
        m->to[i] = pawn_targets(b, m->from[i], c, &x);
    }
    for (int j = 0; j < many[GC_GIRAFFE]; j++) {
        int i = at[GC_GIRAFFE][j];
        m->to[i] = leaps_to(LEAP_GIRAFFE, m->from[i], &x.mask);
    }
    for (int j = 0; j < many[GC_LION]; j++) {
        int i = at[GC_LION][j];
        m->to[i] = leaps_to(LEAP_LION, m->from[i], &x.mask);
    }
    for (int j = 0; j < many[GC_CROC]; j++) {
        int i = at[GC_CROC][j];
        m->to[i] = slider_targets(m->from[i], diag, &x);
    }
    for (int j = 0; j < many[GC_ROOK]; j++) {
        int i = at[GC_ROOK][j];
        m->to[i] = slider_targets(m->from[i], orth, &x);
    }
    for (int j = 0; j < many[GC_AANCA]; j++) {
        int i = at[GC_AANCA][j];
        m->to[i] = aanca_targets(b, m->from[i], &x);
    }
    for (int j = 0; j < many[GC_UNICORN]; j++) {
        int i = at[GC_UNICORN][j];
        m->to[i] = unicorn_targets(p, m->from[i], c, &x);
    }
    int king = at[GC_KING][0];
    m->to[king] = (gc_set){{0, 0, 0}};
    m->king = king;
    m->king_to = king_to;
    if (!g->in_check && !(g->pinned.w[0] | g->pinned.w[1] | g->pinned.w[2]))
        return;
    /* in check, the others' moves must take the checker or stand in its
     * way: those alone are tried; else the shielding pieces' moves */
    gc_set evade = {{~0ull, ~0ull, ~0ull}};
    if (g->in_check)
        gc_check_path(p, &evade);
    gc_pos trial = *p; /* gc_legal tries moves on a copy */
    for (int i = 0; i < n; i++) {
        int from = m->from[i];
        if (i == king || (!g->in_check && !gc_set_has(&g->pinned, from)))
            continue;
        gc_set *to = &m->to[i];
        for (int v = 0; v < 3; v++) {
            to->w[v] &= evade.w[v];
            for (uint64_t bits = to->w[v]; bits; bits &= bits - 1) {
                int sq = GC_FIRST + 64 * v + __builtin_ctzll(bits);
                if (!gc_legal(&trial, GC_MOVE(from, sq), g))
                    to->w[v] &= ~(bits & -bits);
            }
        }
    }
}

int gc_legal_actions(const gc_pos *p, const gc_guard *g, uint32_t king_to,
                     int32_t *out)
{
    gc_piece_moves m;
    gc_legal_sets(p, g, king_to, &m);
    uint32_t *o = (uint32_t *)out;
    for (int i = 0; i < m.n; i++) {
        uint32_t base = (uint32_t)(gc_cell(m.from[i]) * GC_CELLS);
        o = emit(m.to[i], base, code_cell, o);
        if (i == m.king)
            for (uint32_t bits = m.king_to; bits; bits &= bits - 1)
                *o++ = base + code_cell[p->king[p->side] + gc_zone_offset(__builtin_ctz(bits))];
    }
    return (int)(o - (uint32_t *)out);
}

bool gc_pseudo_ok(const gc_pos *p, gc_move m)
{
    int from = GC_FROM(m), to = GC_TO(m), end = GC_FIRST + GC_RANKS * GC_W;
    if (from < GC_FIRST || from >= end || to < GC_FIRST || to >= end ||
        (p->sq[from] & GC_OFF) != GC_FLAG(p->side))
        return false;
    gc_set targets = gc_targets(p, from, true);
    return gc_set_has(&targets, to);
}

int gc_stalemate_rule(const gc_pos *p, int *type, bool *wins)
{
    /* Seed: more pieces wins; with as many, the higher pieces in the
     * hierarchy (notes §2.7: compared from the Aanca down); otherwise the
     * player who made the last move, i.e. not the stalemated one. */
    int me = p->side, you = me ^ 1, mine = 0, yours = 0;
    for (int t = GC_PAWN; t <= GC_KING; t++) {
        mine += p->count[me][t];
        yours += p->count[you][t];
    }
    *type = GC_NONE;
    if (mine != yours) {
        *wins = mine > yours;
        return GC_STALE_MORE;
    }
    for (int t = GC_AANCA; t >= GC_PAWN; t--)
        if (p->count[me][t] != p->count[you][t]) {
            *type = t;
            *wins = p->count[me][t] > p->count[you][t];
            return GC_STALE_HIGHER;
        }
    *wins = false;
    return GC_STALE_LAST;
}

bool gc_stalemate_wins(const gc_pos *p)
{
    int type;
    bool wins;
    gc_stalemate_rule(p, &type, &wins);
    return wins;
}

int gc_outcome(const gc_pos *p, bool has_moves)
{
    if (!has_moves) {
        if (gc_in_check(p))
            return -1; /* mate */
        return gc_stalemate_wins(p) ? 1 : -1;
    }
    return p->halfmove >= p->rules.cap ? 2 : 0;
}

uint64_t gc_perft(gc_pos *p, int depth)
{
    if (depth == 0)
        return 1;
    if (p->halfmove >= p->rules.cap)
        return 0; /* drawn by the cap: no moves */
    gc_move moves[GC_MAX_MOVES];
    int n = gc_gen(p, moves);
    gc_guard g;
    gc_guard_init(p, &g);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        if (!gc_legal(p, moves[i], &g))
            continue;
        if (depth == 1) {
            total++;
            continue;
        }
        gc_undo u;
        gc_make(p, moves[i], &u);
        total += gc_perft(p, depth - 1);
        gc_unmake(p, moves[i], &u);
    }
    return total;
}
