/* endgames.c — Four Seasons chess: the two-seat endgame tables without
 * dice (endgames.h): their layout, their retrograde build and their
 * check, for the shared tables (../endgame/endgame.h: the command, the
 * cache file).
 *
 * The build solves a table together with its partner, the table of the
 * same men with the sides' roles swapped (a move that captures nothing
 * leads from one to the other), smaller tables first (a capture leads to
 * a table of one man fewer, or to two bare kings: drawn).  A forward pass
 * with the game's own moves (fs4_moves, so the rules are the game's:
 * the centre, the alfil, pins, mate and stalemate both losing) finds the
 * positions without a move (lost now), looks the captures up, and counts
 * the other moves.  Then layers of distance D = 0, 1, ...: from each
 * position lost in D the way back (a move of the side that just moved,
 * taken back: every piece here moves the same way both ways) reaches the
 * positions won in D + 1 unless won sooner; from each position won in D
 * the positions before it lose one from their count, and at zero they are
 * lost, in D + 1 or later if a capture puts the end off.  What no layer
 * reaches is drawn.  A position stands for its images under the board's
 * symmetries (endgames.h): the moves to images of one position count
 * once in the forward pass, and the way back reaches each position before
 * a position once.  In the processes of an MPI job (eg_job) each table
 * is split into ranges as the shared solver's: the passes, the layers and
 * the check go over the process's own, the updates of others' positions
 * are sent to them through the shared exchange (eg_exchange), and a pair
 * solved goes to every process (eg_share). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../endgame/endgame.h"
#include "endgames.h"
#include "ludoteka/text.h"

enum {
    MATS = 85,       /* the men of a side as mat_code: none to three */
    TABLES_MAX = 164,
    SYMS = 8,        /* the board's symmetries */
    KINGS_MAX = 10,  /* squares of the mover's king: a1-d1-d4 */
    INVALID = 255    /* a count byte: not a legal position */
};

/* A position: side 0 is to move.  Squares 0..63; each side's men by
 * kind, then square. */
typedef struct {
    int ksq[2], n[2], kind[2][FS4EG_MEN_MAX], sq[2][FS4EG_MEN_MAX];
} fpos;

typedef struct {
    int mat[2];      /* the sides' men, as mat_code */
    int n[2], kind[2][FS4EG_MEN_MAX];
    int partner;     /* the table with the roles swapped */
    uint64_t size, offset;
} table;

/* The tables' layout, and their values while built or checked. */
typedef struct fs4eg {
    int centre, alfil, men, points, maxd;
    int ring[SQUARES];   /* a square's number among the points, or -1 */
    int square[SQUARES]; /* and back */
    int kings;           /* the squares of the mover's king, */
    int king_no[SQUARES];      /* a square's number among them, or -1, */
    int king_square[KINGS_MAX]; /* and back */
    uint8_t sym[SYMS][SQUARES]; /* a square under each symmetry */
    int tables;
    table tab[TABLES_MAX];
    int id[MATS][MATS];  /* the table of (mover's, other's) men, or -1 */
    uint64_t entries;
    char name[48];
    uint8_t *value;      /* the eg_tables' values (build, check) */
} fs4eg;

/* The men of a side as a number: 0 none, 1..4 one man (rook, knight,
 * alfil, General), 5 + 4a + b two (a <= b), 21 + 16a + 4b + c three (a
 * <= b <= c). */
static int mat_code(int n, const int *kind)
{
    static const int base[FS4EG_MEN_MAX + 1] = {0, 1, 5, 21};
    int code = 0;
    for (int i = 0; i < n; i++)
        code = code * 4 + kind[i] - K_ROOK;
    return base[n] + code;
}

static const char *const centre_names[CENTRES] = {"blocked", "diagonals", "open"};

static void side_name(const table *t, int side, char *out)
{
    static const char letter[KINDS] = "KRNBG";
    int len = 0;
    out[len++] = 'K';
    for (int i = 0; i < t->n[side]; i++)
        out[len++] = letter[t->kind[side][i]];
    out[len] = '\0';
}

static void add_table(fs4eg *e, int n0, const int *k0, int n1, const int *k1)
{
    table *t = &e->tab[e->tables];
    t->n[0] = n0;
    t->n[1] = n1;
    for (int i = 0; i < n0; i++)
        t->kind[0][i] = k0[i];
    for (int i = 0; i < n1; i++)
        t->kind[1][i] = k1[i];
    t->mat[0] = mat_code(n0, k0);
    t->mat[1] = mat_code(n1, k1);
    t->size = (uint64_t)e->kings;
    for (int i = 0; i < 1 + n0 + n1; i++)
        t->size *= (uint64_t)e->points;
    t->offset = e->entries;
    e->entries += t->size;
    e->id[t->mat[0]][t->mat[1]] = e->tables++;
}

/* The tables up to e->men men, one man first, each table beside its
 * partner. */
static void layout(fs4eg *e, int centre, int alfil, int men)
{
    memset(e, 0, sizeof *e);
    e->centre = centre;
    e->alfil = alfil;
    e->men = men;
    memset(e->id, -1, sizeof e->id);
    uint64_t forbidden = fs4_tables_get()->forbidden[centre];
    for (int sq = 0; sq < SQUARES; sq++) {
        e->ring[sq] = -1;
        if (!(forbidden & fs4_bit(sq))) {
            e->square[e->points] = sq;
            e->ring[sq] = e->points++;
        }
    }
    /* the eight symmetries of the board (the centre options and every
     * piece but the pawn move alike under them), and the mover's king's
     * squares: those with file <= d and rank <= file, where one of them
     * takes any square */
    for (int g = 0; g < SYMS; g++)
        for (int sq = 0; sq < SQUARES; sq++) {
            int f = sq % 8, r = sq / 8;
            if (g & 1)
                f = 7 - f;
            if (g & 2)
                r = 7 - r;
            e->sym[g][sq] = (uint8_t)(g & 4 ? f * 8 + r : r * 8 + f);
        }
    for (int sq = 0; sq < SQUARES; sq++) {
        e->king_no[sq] = -1;
        if (e->ring[sq] >= 0 && sq % 8 <= 3 && sq / 8 <= sq % 8) {
            e->king_square[e->kings] = sq;
            e->king_no[sq] = e->kings++;
        }
    }
    snprintf(e->name, sizeof e->name, "four-seasons-sym-centre-%s-alfil-%s",
             centre_names[centre], alfil == ALFIL_2 ? "2" : "1-2");
    int none[1] = {0};
    for (int x = K_ROOK; x <= K_GENERAL; x++) {
        int one[1] = {x};
        add_table(e, 1, one, 0, none);
        add_table(e, 0, none, 1, one);
    }
    if (men < 2)
        goto done;
    for (int x = K_ROOK; x <= K_GENERAL; x++)
        for (int y = x; y <= K_GENERAL; y++) {
            int two[2] = {x, y};
            add_table(e, 2, two, 0, none);
            add_table(e, 0, none, 2, two);
        }
    for (int x = K_ROOK; x <= K_GENERAL; x++)
        for (int y = K_ROOK; y <= K_GENERAL; y++) {
            int a[1] = {x}, b[1] = {y};
            add_table(e, 1, a, 1, b);
        }
    if (men < 3)
        goto done;
    for (int x = K_ROOK; x <= K_GENERAL; x++)
        for (int y = x; y <= K_GENERAL; y++)
            for (int z = y; z <= K_GENERAL; z++) {
                int three[3] = {x, y, z};
                add_table(e, 3, three, 0, none);
                add_table(e, 0, none, 3, three);
            }
    for (int x = K_ROOK; x <= K_GENERAL; x++)
        for (int y = x; y <= K_GENERAL; y++)
            for (int z = K_ROOK; z <= K_GENERAL; z++) {
                int two[2] = {x, y}, one[1] = {z};
                add_table(e, 2, two, 1, one);
                add_table(e, 1, one, 2, two);
            }
done:
    for (int i = 0; i < e->tables; i++)
        e->tab[i].partner = e->id[e->tab[i].mat[1]][e->tab[i].mat[0]];
}

/* Each side's men by kind, then square. */
static void sort_men(fpos *p)
{
    for (int s = 0; s < 2; s++)
        for (int i = 1; i < p->n[s]; i++)
            for (int j = i; j > 0 && (p->kind[s][j - 1] > p->kind[s][j] ||
                                      (p->kind[s][j - 1] == p->kind[s][j] &&
                                       p->sq[s][j - 1] > p->sq[s][j]));
                 j--) {
                int k = p->kind[s][j], q = p->sq[s][j];
                p->kind[s][j] = p->kind[s][j - 1];
                p->sq[s][j] = p->sq[s][j - 1];
                p->kind[s][j - 1] = k;
                p->sq[s][j - 1] = q;
            }
}

/* The index of a position within its table, its mover's king on one of
 * the kings' squares and its men sorted. */
static uint64_t raw_index(const fs4eg *e, const fpos *p)
{
    uint64_t i = (uint64_t)e->king_no[p->ksq[0]] * (uint64_t)e->points +
                 (uint64_t)e->ring[p->ksq[1]];
    for (int s = 0; s < 2; s++)
        for (int m = 0; m < p->n[s]; m++)
            i = i * (uint64_t)e->points + (uint64_t)e->ring[p->sq[s][m]];
    return i;
}

/* The table and index of a position (its men sorted); the table -1 for
 * two bare kings.  A position and its images under the board's
 * symmetries have one index: the least of the images' with the mover's
 * king on one of the kings' squares. */
static uint64_t index_of(const fs4eg *e, fpos *p, int *tab)
{
    sort_men(p);
    int t = e->id[mat_code(p->n[0], p->kind[0])][mat_code(p->n[1], p->kind[1])];
    *tab = t;
    if (t < 0)
        return 0;
    uint64_t best = UINT64_MAX;
    for (int g = 0; g < SYMS; g++) {
        if (e->king_no[e->sym[g][p->ksq[0]]] < 0)
            continue;
        fpos q = *p;
        for (int s = 0; s < 2; s++) {
            q.ksq[s] = e->sym[g][p->ksq[s]];
            for (int m = 0; m < p->n[s]; m++)
                q.sq[s][m] = e->sym[g][p->sq[s][m]];
        }
        sort_men(&q);
        uint64_t i = raw_index(e, &q);
        if (i < best)
            best = i;
    }
    return best;
}

/* The position at index i of table t; false if it is no position (two
 * pieces on a square, two men of a kind out of order, not the least
 * index of its images). */
static bool position_of(const fs4eg *e, int t, uint64_t i, fpos *p)
{
    const table *tb = &e->tab[t];
    uint64_t n = (uint64_t)e->points, used = 0, at = i;
    for (int s = 1; s >= 0; s--) {
        p->n[s] = tb->n[s];
        for (int m = tb->n[s] - 1; m >= 0; m--) {
            p->kind[s][m] = tb->kind[s][m];
            p->sq[s][m] = e->square[i % n];
            i /= n;
        }
    }
    p->ksq[1] = e->square[i % n];
    p->ksq[0] = e->king_square[i / n];
    for (int s = 0; s < 2; s++) {
        uint64_t b = fs4_bit(p->ksq[s]);
        if (used & b)
            return false;
        used |= b;
        for (int m = 0; m < p->n[s]; m++) {
            b = fs4_bit(p->sq[s][m]);
            if (used & b)
                return false;
            used |= b;
            if (m > 0 && p->kind[s][m - 1] == p->kind[s][m] &&
                p->sq[s][m - 1] > p->sq[s][m])
                return false;
        }
    }
    fpos q = *p;
    int tab;
    return index_of(e, &q, &tab) == at;
}

/* The game's state of a position: seat 0 to move, seat 1 the other, no
 * dice, no first move owed. */
static void state_of(const fs4eg *e, const fpos *p, fs4 *s)
{
    memset(s, 0, sizeof *s);
    s->centre = (uint8_t)e->centre;
    s->alfil = (uint8_t)e->alfil;
    s->first = FIRST_OFF;
    s->cap = CAP_DEFAULT;
    s->phase = PH_MOVE;
    for (int i = 0; i < SEATS; i++)
        s->recent[i] = (uint8_t)i;
    for (int side = 0; side < 2; side++) {
        uint64_t b = fs4_bit(p->ksq[side]);
        s->occ[side] |= b;
        s->kind[K_KING] |= b;
        for (int m = 0; m < p->n[side]; m++) {
            b = fs4_bit(p->sq[side][m]);
            s->occ[side] |= b;
            s->kind[p->kind[side][m]] |= b;
        }
    }
}

/* Is the side not to move out of check (else the position cannot
 * arise)? */
static bool legal(const fs4 *s)
{
    uint64_t blockers = fs4_all(s) | fs4_tables_get()->forbidden[s->centre];
    return !fs4_attackers(s, fs4_king(s, 1), s->occ[0], blockers);
}

/* The position after side 0's move from -> to; true if it captured. */
static bool after(const fpos *p, int from, int to, fpos *c)
{
    bool took = false;
    c->ksq[0] = p->ksq[1];
    c->n[0] = 0;
    for (int m = 0; m < p->n[1]; m++) {
        if (p->sq[1][m] == to) {
            took = true;
            continue;
        }
        c->kind[0][c->n[0]] = p->kind[1][m];
        c->sq[0][c->n[0]++] = p->sq[1][m];
    }
    c->ksq[1] = p->ksq[0] == from ? to : p->ksq[0];
    c->n[1] = p->n[0];
    for (int m = 0; m < p->n[0]; m++) {
        c->kind[1][m] = p->kind[0][m];
        c->sq[1][m] = p->sq[0][m] == from ? to : p->sq[0][m];
    }
    return took;
}

static int value_at(const fs4eg *e, const uint8_t *value, fpos *p)
{
    int t;
    uint64_t i = index_of(e, p, &t);
    return t < 0 ? 0 : value[e->tab[t].offset + i];
}

/* ---- The build ---- */

/* A pair solved in the processes of a job: each has the whole values,
 * and counts of its own ranges (eg_range); the updates of positions in
 * others' ranges go to them through the exchange (endgame.h). */
typedef struct {
    fs4eg *e;
    const eg_job *job;
    uint8_t *count[2]; /* the pair's moves not yet known to lose; INVALID */
    uint8_t *late[2];  /* the latest end a capture allows, for a loss */
    int pair[2];       /* the tables (the same one twice if its own
                        * partner) */
    uint64_t lo[2], hi[2]; /* this process's range of each */
    int top;           /* the highest value set (here) */
    eg_exchange x;
    int d, k;          /* the layer, the table its scan is in, */
    uint64_t next;     /* and the position it goes on from */
} build;

static int slot(const build *b, int t)
{
    return t == b->pair[0] ? 0 : 1;
}

static void set_value(build *b, int t, uint64_t i, int v)
{
    b->e->value[b->e->tab[t].offset + i] = (uint8_t)v;
    if (v > b->top)
        b->top = v;
}

/* Sorts the n indices at v and keeps each once, first; their number. */
static int distinct(uint64_t *v, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            uint64_t x = v[j];
            v[j] = v[j - 1];
            v[j - 1] = x;
        }
    int m = 0;
    for (int i = 0; i < n; i++)
        if (m == 0 || v[i] != v[m - 1])
            v[m++] = v[i];
    return m;
}

/* The forward pass over this process's range of table t. */
static void forward(build *b, int t)
{
    fs4eg *e = b->e;
    int k = slot(b, t);
    lt_action acts[256];
    for (uint64_t i = b->lo[k]; i < b->hi[k]; i++) {
        fpos p, c;
        fs4 s;
        b->count[k][i] = INVALID;
        b->late[k][i] = 0;
        if (!position_of(e, t, i, &p))
            continue;
        state_of(e, &p, &s);
        if (!legal(&s))
            continue;
        int n = fs4_moves(&s, 0, ~(uint64_t)0, false, acts), quiet = 0;
        int win = 0, late = 0; /* the quickest capture win, latest loss */
        bool draw = false;
        uint64_t kids[256];
        for (int a = 0; a < n; a++) {
            if (!after(&p, acts[a] / SQUARES, acts[a] % SQUARES, &c)) {
                int q;
                kids[quiet++] = index_of(e, &c, &q);
                continue;
            }
            int v = value_at(e, e->value, &c);
            if (v == 0)
                draw = true;
            else if ((v - 1) % 2 == 0 && (!win || v < win))
                win = v; /* the other side lost in v - 1: won in v */
            else if ((v - 1) % 2 == 1 && v > late)
                late = v;
        }
        /* the moves to positions alike count once: the way back from
         * a position reaches each position before it once */
        quiet = distinct(kids, quiet);
        b->count[k][i] = (uint8_t)(quiet + (draw ? 1 : 0));
        b->late[k][i] = (uint8_t)late;
        if (n == 0)
            set_value(b, t, i, 1);
        else if (win)
            set_value(b, t, i, 1 + win);
        else if (quiet == 0 && !draw)
            set_value(b, t, i, 1 + late);
    }
}

/* The positions before p (side 0 to move): side 1's move taken back. */
static int unmoves(const fs4eg *e, const fpos *p, fpos *out)
{
    const fs4_tables *g = fs4_tables_get();
    int c = e->centre, n = 0;
    uint64_t occ = fs4_bit(p->ksq[0]) | fs4_bit(p->ksq[1]);
    for (int s = 0; s < 2; s++)
        for (int m = 0; m < p->n[s]; m++)
            occ |= fs4_bit(p->sq[s][m]);
    for (int piece = -1; piece < p->n[1]; piece++) {
        int sq = piece < 0 ? p->ksq[1] : p->sq[1][piece];
        int k = piece < 0 ? K_KING : p->kind[1][piece];
        uint64_t from;
        switch (k) {
        case K_KING: from = g->king[c][sq]; break;
        case K_ROOK:
            from = fs4_rook_attacks(g, sq, occ | g->forbidden[c]) & ~g->forbidden[c];
            break;
        case K_KNIGHT: from = g->knight[c][sq]; break;
        case K_ALFIL: from = g->alfil[c][e->alfil][sq]; break;
        default: from = g->general[c][sq]; break;
        }
        for (from &= ~occ; from; from &= from - 1) {
            fpos *q = &out[n];
            int f = fs4_lsb(from);
            q->ksq[0] = piece < 0 ? f : p->ksq[1];
            q->ksq[1] = p->ksq[0];
            for (int s = 0; s < 2; s++) {
                q->n[s] = p->n[1 - s];
                for (int j = 0; j < q->n[s]; j++) {
                    q->kind[s][j] = p->kind[1 - s][j];
                    q->sq[s][j] = p->sq[1 - s][j];
                }
            }
            if (piece >= 0)
                q->sq[0][piece] = f;
            fs4 st;
            state_of(e, q, &st);
            if (legal(&st))
                n++;
        }
    }
    return n;
}

/* What reaching a position of layer D means to position qi of the
 * pair's table qk (in this process's range): if the position reached was
 * lost, qi is won in D + 1; if won, qi has one move fewer not known to
 * lose, and none left, it is lost. */
static void update(build *b, int qk, uint64_t qi)
{
    fs4eg *e = b->e;
    int q = b->pair[qk], d = b->d;
    uint8_t *qv = e->value + e->tab[q].offset + qi;
    if (d + 2 > 255) {
        b->top = 256; /* does not fit a byte */
    } else if (d % 2 == 0) { /* lost: won in d + 1 */
        if (*qv == 0 || *qv > d + 2)
            set_value(b, q, qi, d + 2);
    } else if (*qv == 0 && b->count[qk][qi] != INVALID &&
               b->count[qk][qi] > 0 && --b->count[qk][qi] == 0) {
        int late = b->late[qk][qi];
        set_value(b, q, qi, late > d + 2 ? late + 1 : d + 2);
    }
}

/* An update another process sent: index * 2 + table. */
static void update_word(void *ctx, uint64_t word)
{
    update(ctx, (int)(word & 1), word >> 1);
}

/* Layer D: from each position of this process's ranges at distance D,
 * from where the scan left off, the positions before it, until the pair
 * is through (true) or the updates put aside fill up. */
static bool scan(void *ctx)
{
    build *b = ctx;
    fs4eg *e = b->e;
    fpos before[256];
    int tabs = b->pair[0] == b->pair[1] ? 1 : 2;
    for (; b->k < tabs; b->k++, b->next = 0) {
        int t = b->pair[b->k];
        const uint8_t *v = e->value + e->tab[t].offset;
        uint64_t from = b->next > b->lo[b->k] ? b->next : b->lo[b->k];
        for (uint64_t i = from; i < b->hi[b->k]; i++) {
            if (v[i] != 1 + b->d || b->count[b->k][i] == INVALID)
                continue;
            fpos p;
            position_of(e, t, i, &p);
            /* the positions before it (all of the partner table), each
             * once: images of one another have one index */
            int n = unmoves(e, &p, before), q = -1;
            uint64_t idx[256];
            for (int j = 0; j < n; j++)
                idx[j] = index_of(e, &before[j], &q);
            n = distinct(idx, n);
            for (int j = 0; j < n; j++) {
                uint64_t qi = idx[j];
                int qk = slot(b, q);
                if (qi >= b->lo[qk] && qi < b->hi[qk])
                    update(b, qk, qi);
                else
                    eg_exchange_put(&b->x, eg_owner(b->job, e->tab[q].size, qi),
                                    qi << 1 | (uint64_t)qk);
            }
            if (b->x.full) {
                b->next = i + 1;
                return false;
            }
        }
    }
    return true;
}

/* The line of table t (report), its positions and the seconds of its
 * pair added up over the job: none of them no position. */
static void report_table(const build *b, int t, uint64_t none, double seconds,
                         void (*report)(void *, const eg_report *), void *ctx)
{
    const fs4eg *e = b->e;
    eg_report r = {.x = e->tab[t].n[0], .y = e->tab[t].n[1], .seconds = seconds};
    char a[8], c[8];
    side_name(&e->tab[t], 0, a);
    side_name(&e->tab[t], 1, c);
    snprintf(r.name, sizeof r.name, "%s-%s", a, c);
    eg_tally(&r, e->value + e->tab[t].offset, e->tab[t].size, none);
    report(ctx, &r);
}

/* Solves the pair t, u (in every process of the job): false with a
 * message when it failed in one. */
static bool solve_pair(build *b, int t, int u, char *msg, size_t size)
{
    fs4eg *e = b->e;
    const eg_job *job = b->job;
    int tabs = u != t ? 2 : 1;
    b->pair[0] = t;
    b->pair[1] = u;
    b->top = 0;
    for (int k = 0; k < tabs; k++) {
        eg_range(job, e->tab[b->pair[k]].size, &b->lo[k], &b->hi[k]);
        forward(b, b->pair[k]);
    }
    /* every process goes on while one has a layer to do, and none has a
     * distance too long */
    bool ok = true;
    for (b->d = 0; (ok = eg_all(job, b->top <= 255)) &&
                   !eg_all(job, b->d + 1 > b->top);
         b->d++) {
        b->k = 0;
        b->next = 0;
        eg_exchange_layer(&b->x, scan, update_word, b);
    }
    if (!ok) {
        snprintf(msg, size, "%s", _("a distance does not fit a byte"));
        return false;
    }
    for (int k = 0; ok && k < tabs; k++)
        ok = eg_share(job, e->value + e->tab[b->pair[k]].offset,
                      e->tab[b->pair[k]].size);
    if (!ok || b->x.failed) {
        snprintf(msg, size, "%s", _("the messages between the processes of "
                                    "the job failed"));
        return false;
    }
    return true;
}

/* The tables of e's layout solved into e->value (zeroed), in the
 * processes of job; false with a message when a distance does not fit a
 * byte, out of memory, or when the messages failed. */
static bool solve(fs4eg *e, const eg_job *job,
                  void (*report)(void *, const eg_report *), void *ctx,
                  char *msg, size_t size)
{
    uint64_t largest = 0;
    for (int t = 0; t < e->tables; t++)
        largest = e->tab[t].size > largest ? e->tab[t].size : largest;
    build b = {.e = e, .job = job};
    for (int k = 0; k < 2; k++) {
        b.count[k] = malloc(largest);
        b.late[k] = malloc(largest);
    }
    bool ok = eg_exchange_init(&b.x, job) && b.count[0] && b.count[1] &&
              b.late[0] && b.late[1];
    if (!eg_all(job, ok)) {
        eg_failed(!ok, _("out of memory"), msg, size);
        ok = false;
    }
    double top = 0; /* the highest value set in the pairs, here */
    for (int t = 0; ok && t < e->tables; t++) {
        int u = e->tab[t].partner;
        if (u < t)
            continue; /* solved with its partner */
        clock_t start = clock();
        if (!(ok = solve_pair(&b, t, u, msg, size)))
            break;
        top = b.top > top ? b.top : top;
        /* the processor time of the pair in every process, and the
         * indices that are no position in every range */
        double sums[3] = {(double)(clock() - start) / CLOCKS_PER_SEC, 0, 0};
        for (int k = 0; k < (u != t ? 2 : 1); k++)
            for (uint64_t i = b.lo[k]; i < b.hi[k]; i++)
                sums[1 + k] += b.count[k][i] == INVALID;
        eg_combine(job, sums, 3, false);
        if (report) {
            report_table(&b, t, (uint64_t)sums[1], sums[0], report, ctx);
            if (u != t)
                report_table(&b, u, (uint64_t)sums[2], sums[0], report, ctx);
        }
    }
    /* the longest distance: the highest value set anywhere */
    if (ok && !eg_combine(job, &top, 1, true)) {
        ok = false;
        snprintf(msg, size, "%s", _("the messages between the processes of "
                                    "the job failed"));
    }
    if (ok && top - 1 > e->maxd)
        e->maxd = (int)top - 1;
    eg_exchange_free(&b.x);
    for (int k = 0; k < 2; k++) {
        free(b.count[k]);
        free(b.late[k]);
    }
    return ok;
}

/* The variant of the rules: the centre and the alfil options. */
static int centre_of(unsigned variant) { return (int)(variant / ALFILS); }
static int alfil_of(unsigned variant) { return (int)(variant % ALFILS); }

/* eg_rules' layout: the positions of the tables in all (they are by the
 * men's kinds, not by men counts). */
static void table_layout(eg_tables *t)
{
    fs4eg e;
    layout(&e, centre_of(t->rules.variant), alfil_of(t->rules.variant), t->most);
    t->entries = e.entries;
}

/* eg_rules' build (eg_build), in the processes of job. */
static eg_tables *build_tables(const eg_rules *rules, int most,
                               const eg_job *job,
                               void (*report)(void *, const eg_report *),
                               void *ctx, char *msg, size_t size)
{
    eg_tables *t = calloc(1, sizeof *t);
    fs4eg *e = malloc(sizeof *e);
    if (t) {
        eg_layout(t, rules, most);
        t->value = calloc(t->entries, 1);
    }
    bool ok = t && e && t->value;
    if (!eg_all(job, ok)) {
        eg_failed(!ok, _("out of memory"), msg, size);
        goto fail;
    }
    layout(e, centre_of(rules->variant), alfil_of(rules->variant), most);
    e->value = t->value;
    if (!solve(e, job, report, ctx, msg, size))
        goto fail;
    t->maxd = e->maxd;
    free(e);
    return t;
fail:
    free(e);
    eg_free(t);
    return NULL;
}

/* The layout of each centre and alfil option with the most men there
 * are: the tables of fewer men are the first of it, in the same order. */
static fs4eg layouts[CENTRES][ALFILS];
static pthread_once_t layouts_once = PTHREAD_ONCE_INIT;

static void make_layouts(void)
{
    for (int c = 0; c < CENTRES; c++)
        for (int a = 0; a < ALFILS; a++)
            layout(&layouts[c][a], c, a, FS4EG_MEN_MAX);
}

static const fs4eg *layout_of(const eg_tables *t)
{
    pthread_once(&layouts_once, make_layouts);
    return &layouts[centre_of(t->rules.variant)][alfil_of(t->rules.variant)];
}

/* The position of a state in e's tables of up to most men (fs4eg_value);
 * false if it is none. */
static bool position_of_state(const fs4eg *e, int most, const fs4 *s, fpos *p)
{
    if (s->phase != PH_MOVE || s->dice || s->centre != e->centre ||
        s->alfil != e->alfil || fs4_count(s->kind[K_KING]) != 2)
        return false;
    int other = fs4_lsb(s->kind[K_KING] & ~s->occ[s->turn]);
    int seat[2] = {s->turn, fs4_owner_at(s, other)};
    /* a king left in check (a mate's army handed over next to it) is
     * taken at once: no position of the tables */
    uint64_t blockers = fs4_all(s) | fs4_tables_get()->forbidden[s->centre];
    if ((s->owe & ((1u << seat[0]) | (1u << seat[1]))) ||
        fs4_attackers(s, other, s->occ[seat[0]], blockers))
        return false;
    int men = 0;
    for (int side = 0; side < 2; side++) {
        p->ksq[side] = fs4_king(s, seat[side]);
        p->n[side] = 0;
        for (uint64_t b = s->occ[seat[side]] & ~s->kind[K_KING]; b; b &= b - 1) {
            int sq = fs4_lsb(b), k = fs4_kind_at(s, sq);
            if (k < K_ROOK || k > K_GENERAL || ++men > most)
                return false;
            p->kind[side][p->n[side]] = k;
            p->sq[side][p->n[side]++] = sq;
        }
    }
    return true;
}

int fs4eg_value(const eg_tables *t, const fs4 *s)
{
    const fs4eg *e = layout_of(t);
    fpos p;
    return position_of_state(e, t->most, s, &p) ? value_at(e, t->value, &p) : -1;
}

uint8_t *fs4eg_entry(eg_tables *t, const fs4 *s)
{
    const fs4eg *e = layout_of(t);
    fpos p;
    int tab;
    if (t->mapping || !position_of_state(e, t->most, s, &p))
        return NULL;
    uint64_t i = index_of(e, &p, &tab);
    return tab < 0 ? NULL : t->value + e->tab[tab].offset + i;
}

/* ---- The check ---- */

/* eg_rules' check of this process's range of each table (eg_verify). */
static uint64_t verify(const eg_tables *tables, const eg_job *job, char *msg,
                       size_t size)
{
    fs4eg layout_e, *e = &layout_e;
    layout(e, centre_of(tables->rules.variant), alfil_of(tables->rules.variant),
           tables->most);
    e->value = tables->value;
    uint64_t bad = 0;
    msg[0] = '\0';
    lt_action acts[256];
    for (int t = 0; t < e->tables; t++) {
        uint64_t lo, hi;
        eg_range(job, e->tab[t].size, &lo, &hi);
        for (uint64_t i = lo; i < hi; i++) {
            fpos p, c;
            fs4 s;
            if (!position_of(e, t, i, &p))
                continue;
            state_of(e, &p, &s);
            if (!legal(&s))
                continue;
            int n = fs4_moves(&s, 0, ~(uint64_t)0, false, acts);
            int win = 0, loss = 0; /* the quickest win, the slowest loss */
            bool draw = false;
            for (int a = 0; a < n; a++) {
                after(&p, acts[a] / SQUARES, acts[a] % SQUARES, &c);
                int v = value_at(e, e->value, &c);
                if (v == 0)
                    draw = true;
                else if ((v - 1) % 2 == 0 && (!win || v + 1 < win))
                    win = v + 1;
                else if ((v - 1) % 2 == 1 && v + 1 > loss)
                    loss = v + 1;
            }
            int want = n == 0 ? 1 : win ? win : draw ? 0 : loss;
            int got = e->value[e->tab[t].offset + i];
            if (got != want && bad++ == 0) {
                fs4 shown = s;
                shown.turn = 0;
                shown.out[2] = shown.out[3] = OUT_STALEMATED;
                char text[200];
                fs4_write_state(&shown, text, sizeof text);
                snprintf(msg, size,
                         _("position %s (table %d, index %llu): value %d, its "
                           "moves say %d"),
                         text, t, (unsigned long long)i, got, want);
            }
        }
    }
    return bad;
}

/* ---- The rules (endgame.h: the command, the cache file) and play ---- */

static void rules_of(eg_rules *r, unsigned variant)
{
    fs4eg e;
    layout(&e, centre_of(variant), alfil_of(variant), 1);
    eg_rules_init(r, &lt_four_seasons, e.points, 1, variant, NULL, NULL);
    r->layout = table_layout;
    r->build = build_tables;
    r->verify = verify;
    lt_copy(r->name, sizeof r->name, e.name);
}

bool fs4_endgame_config(const lt_config *cfg, eg_rules *r, int *men,
                        int *men_max, char *msg, size_t size)
{
    if (cfg->value[OPT_DICE] != DICE_OFF) {
        snprintf(msg, size, "%s", _("Four Seasons' endgame tables are for the "
                                    "game without dice (dice=off)"));
        return false;
    }
    rules_of(r, (unsigned)(cfg->value[OPT_CENTRE] * ALFILS + cfg->value[OPT_ALFIL]));
    *men = FS4EG_MEN_DEFAULT;
    *men_max = FS4EG_MEN_MAX;
    return true;
}

const eg_tables *fs4eg_in_play(const fs4 *s)
{
    static eg_slot slots[CENTRES][ALFILS];
    return eg_in_play(&slots[s->centre][s->alfil], rules_of,
                      (unsigned)(s->centre * ALFILS + s->alfil), FS4EG_MEN_MAX);
}
