/* great_chess_ref.h — a deliberately simple second move generator for
 * Great Chess, written from the seed's sentences and not from the engine:
 * a plain 12x12 array of FEN letters, bounds checked at every step, each
 * piece walked along its path, and a move legal when afterwards no enemy
 * move could take the king.  Slow and plain, so that it can be believed;
 * the tests compare the fast generator with it. */
#ifndef LUDOTEKA_GREAT_CHESS_REF_H
#define LUDOTEKA_GREAT_CHESS_REF_H

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { REF_N = 12, REF_MAX = 2048 };
enum { REF_LEAP_CAPTURE, REF_LEAP_QUIET, REF_LEAP_CAZAUX, REF_LEAP_FORWARD };

typedef struct {
    char b[REF_N][REF_N]; /* [rank][file]: '.' or a FEN letter */
    int side;             /* 0 White (upper case), 1 Black */
    bool unmoved[2];      /* the king has not moved yet */
    int half, full;       /* plies without capture or pawn move; move no. */
    /* rules */
    bool unicorn_all;
    int kingleap, cap;
} ref_pos;

typedef struct {
    int ff, fr, tf, tr;
} ref_move;

typedef struct {
    ref_move m[REF_MAX];
    int n;
} ref_list;

static inline bool ref_inside(int f, int r)
{
    return f >= 0 && f < REF_N && r >= 0 && r < REF_N;
}

/* -1 for an empty square, else the colour of the piece. */
static inline int ref_colour(char ch)
{
    return ch == '.' ? -1 : isupper((unsigned char)ch) ? 0 : 1;
}

/* Seed, Piony: the pawn becomes "the piece of its file"; the set-up row
 * read off the diagram, the king's file g giving a Słonioptak. */
static inline char ref_promotion(int file)
{
    return "RLUGCAACGULR"[file];
}

static bool ref_read(ref_pos *p, const char *fen)
{
    memset(p->b, '.', sizeof p->b);
    int r = REF_N - 1, f = 0;
    const char *s = fen;
    for (; *s && *s != ' '; s++) {
        if (*s == '/') {
            r--;
            f = 0;
        } else if (isdigit((unsigned char)*s)) {
            int run = *s - '0';
            if (isdigit((unsigned char)s[1]))
                run = run * 10 + (*++s - '0');
            f += run;
        } else {
            if (!ref_inside(f, r))
                return false;
            p->b[r][f++] = *s;
        }
    }
    char side, kings[8];
    if (sscanf(s, " %c %7s %d %d", &side, kings, &p->half, &p->full) != 4)
        return false;
    p->side = side == 'b';
    p->unmoved[0] = strchr(kings, 'K') != NULL;
    p->unmoved[1] = strchr(kings, 'k') != NULL;
    return true;
}

static void ref_write(const ref_pos *p, char *out)
{
    int n = 0;
    for (int r = REF_N - 1; r >= 0; r--) {
        int run = 0;
        for (int f = 0; f < REF_N; f++) {
            if (p->b[r][f] == '.') {
                run++;
                continue;
            }
            if (run)
                n += sprintf(out + n, "%d", run);
            run = 0;
            out[n++] = p->b[r][f];
        }
        if (run)
            n += sprintf(out + n, "%d", run);
        if (r)
            out[n++] = '/';
    }
    sprintf(out + n, " %c %s%s%s %d %d", p->side ? 'b' : 'w',
            p->unmoved[0] ? "K" : "", p->unmoved[1] ? "k" : "",
            p->unmoved[0] || p->unmoved[1] ? "" : "-", p->half, p->full);
}

static void ref_add(ref_list *l, int ff, int fr, int tf, int tr)
{
    l->m[l->n++] = (ref_move){ff, fr, tf, tr};
}

/* The target square: off the board or our own piece -> no move;
 * otherwise the move is added.  Returns whether the square was empty,
 * i.e. whether a longer path may go on through it. */
static bool ref_target(const ref_pos *p, int me, int ff, int fr, int tf,
                       int tr, ref_list *l)
{
    if (!ref_inside(tf, tr))
        return false;
    int who = ref_colour(p->b[tr][tf]);
    if (who == me)
        return false;
    ref_add(l, ff, fr, tf, tr);
    return who < 0;
}

/* Straight on from (f, r) by (df, dr) over empty squares; the first
 * piece ends it (taken if it is an enemy's). */
static void ref_ride(const ref_pos *p, int me, int ff, int fr, int f, int r,
                     int df, int dr, ref_list *l)
{
    for (f += df, r += dr; ref_target(p, me, ff, fr, f, r, l); f += df, r += dr)
        ;
}

static bool ref_attacked(const ref_pos *p, int f, int r, int by);

/* Every move of the piece on (f, r), its own king's safety aside; for
 * attacks only the moves that could capture (no leap of a king that may
 * not capture with it). */
static void ref_piece(const ref_pos *p, int f, int r, ref_list *l,
                      bool attacks)
{
    char ch = p->b[r][f];
    int me = ref_colour(ch), ahead = me == 0 ? 1 : -1;
    switch (toupper((unsigned char)ch)) {
    case 'P':
        /* "one square forward; capture one square diagonally forward" */
        if (ref_inside(f, r + ahead) && p->b[r + ahead][f] == '.')
            ref_add(l, f, r, f, r + ahead);
        for (int df = -1; df <= 1; df += 2)
            if (ref_inside(f + df, r + ahead) &&
                ref_colour(p->b[r + ahead][f + df]) == 1 - me)
                ref_add(l, f, r, f + df, r + ahead);
        break;
    case 'R': /* along ranks and files, any distance */
        ref_ride(p, me, f, r, f, r, 1, 0, l);
        ref_ride(p, me, f, r, f, r, -1, 0, l);
        ref_ride(p, me, f, r, f, r, 0, 1, l);
        ref_ride(p, me, f, r, f, r, 0, -1, l);
        break;
    case 'C': /* "like the modern bishop" */
        ref_ride(p, me, f, r, f, r, 1, 1, l);
        ref_ride(p, me, f, r, f, r, 1, -1, l);
        ref_ride(p, me, f, r, f, r, -1, 1, l);
        ref_ride(p, me, f, r, f, r, -1, -1, l);
        break;
    case 'L': {
        /* "three squares along a line, or the 4x2 field", jumping */
        static const int j[12][2] = {{3, 0},  {-3, 0}, {0, 3},  {0, -3},
                                     {3, 1},  {3, -1}, {-3, 1}, {-3, -1},
                                     {1, 3},  {1, -3}, {-1, 3}, {-1, -3}};
        for (int i = 0; i < 12; i++)
            ref_target(p, me, f, r, f + j[i][0], r + j[i][1], l);
        break;
    }
    case 'G': {
        /* "one along a line and two diagonally: the 3x4 field", jumping */
        static const int j[8][2] = {{3, 2},  {3, -2}, {-3, 2}, {-3, -2},
                                    {2, 3},  {2, -3}, {-2, 3}, {-2, -3}};
        for (int i = 0; i < 8; i++)
            ref_target(p, me, f, r, f + j[i][0], r + j[i][1], l);
        break;
    }
    case 'A':
        /* "one square diagonally, which must be made, then any number
         * along a line"; outwards (notes 2.3); a capture or a piece on
         * the diagonal square ends it */
        for (int df = -1; df <= 1; df += 2)
            for (int dr = -1; dr <= 1; dr += 2)
                if (ref_target(p, me, f, r, f + df, r + dr, l)) {
                    ref_ride(p, me, f, r, f + df, r + dr, df, 0, l);
                    ref_ride(p, me, f, r, f + df, r + dr, 0, dr, l);
                }
        break;
    case 'U':
        /* "a knight's leap, which may end the move; then, unless it
         * captured, diagonally but only forwards and in the leap's
         * direction (not after a backward leap), without jumping" */
        for (int df = -2; df <= 2; df++)
            for (int dr = -2; dr <= 2; dr++) {
                if (abs(df * dr) != 2)
                    continue;
                if (!ref_target(p, me, f, r, f + df, r + dr, l))
                    continue;
                bool forwards = (dr > 0) == (ahead > 0);
                if (forwards || p->unicorn_all)
                    ref_ride(p, me, f, r, f + df, r + dr, df > 0 ? 1 : -1,
                             dr > 0 ? 1 : -1, l);
            }
        break;
    case 'K':
        /* "one square in any direction" */
        for (int df = -1; df <= 1; df++)
            for (int dr = -1; dr <= 1; dr++)
                if (df || dr)
                    ref_target(p, me, f, r, f + df, r + dr, l);
        /* "on its first move two squares in any direction, jumping the
         * square between; it may capture, in check or not" -- and the
         * other readings of the options */
        if (!p->unmoved[me] ||
            (attacks && (p->kingleap == REF_LEAP_QUIET ||
                         p->kingleap == REF_LEAP_CAZAUX)))
            break;
        if (p->kingleap == REF_LEAP_CAZAUX && ref_attacked(p, f, r, 1 - me))
            break;
        for (int df = -1; df <= 1; df++)
            for (int dr = -1; dr <= 1; dr++) {
                int tf = f + 2 * df, tr = r + 2 * dr;
                if ((!df && !dr) || !ref_inside(tf, tr))
                    continue;
                int who = ref_colour(p->b[tr][tf]);
                bool takes = p->kingleap == REF_LEAP_CAPTURE ||
                             p->kingleap == REF_LEAP_FORWARD;
                if (who == me || (who >= 0 && !takes))
                    continue;
                if (p->kingleap == REF_LEAP_FORWARD && dr != ahead)
                    continue;
                if (p->kingleap == REF_LEAP_CAZAUX &&
                    ref_attacked(p, f + df, r + dr, 1 - me))
                    continue;
                ref_add(l, f, r, tf, tr);
            }
        break;
    default:
        break;
    }
}

/* Could a piece of `by` take a piece of the other side standing on
 * (f, r)?  (A stand-in is put there, so that pawns count as attacking
 * empty squares.) */
static bool ref_attacked(const ref_pos *p, int f, int r, int by)
{
    ref_pos q = *p;
    q.b[r][f] = by ? 'P' : 'p';
    ref_list l;
    for (int rr = 0; rr < REF_N; rr++)
        for (int ff = 0; ff < REF_N; ff++) {
            if (ref_colour(q.b[rr][ff]) != by)
                continue;
            l.n = 0;
            ref_piece(&q, ff, rr, &l, true);
            for (int i = 0; i < l.n; i++)
                if (l.m[i].tf == f && l.m[i].tr == r)
                    return true;
        }
    return false;
}

static bool ref_in_check(const ref_pos *p, int who)
{
    for (int r = 0; r < REF_N; r++)
        for (int f = 0; f < REF_N; f++)
            if (p->b[r][f] == (who ? 'k' : 'K'))
                return ref_attacked(p, f, r, 1 - who);
    return false;
}

static void ref_make(ref_pos *p, ref_move m)
{
    char ch = p->b[m.fr][m.ff];
    bool pawn = toupper((unsigned char)ch) == 'P';
    bool capture = p->b[m.tr][m.tf] != '.';
    if (pawn && (m.tr == 0 || m.tr == REF_N - 1)) {
        char to = ref_promotion(m.tf);
        ch = p->side ? (char)tolower((unsigned char)to) : to;
    }
    if (toupper((unsigned char)ch) == 'K')
        p->unmoved[p->side] = false;
    p->b[m.tr][m.tf] = ch;
    p->b[m.fr][m.ff] = '.';
    p->half = pawn || capture ? 0 : p->half + 1;
    p->full += p->side;
    p->side = 1 - p->side;
}

/* The legal moves: every piece's moves that leave its king safe. */
static void ref_legal(const ref_pos *p, ref_list *out)
{
    out->n = 0;
    ref_list all;
    all.n = 0;
    for (int r = 0; r < REF_N; r++)
        for (int f = 0; f < REF_N; f++)
            if (ref_colour(p->b[r][f]) == p->side)
                ref_piece(p, f, r, &all, false);
    for (int i = 0; i < all.n; i++) {
        ref_pos q = *p;
        ref_make(&q, all.m[i]);
        if (!ref_in_check(&q, p->side))
            out->m[out->n++] = all.m[i];
    }
}

/* "a1-b2", with "=X" for a promotion. */
static void ref_name(const ref_pos *p, ref_move m, char *out)
{
    int n = sprintf(out, "%c%d-%c%d", 'a' + m.ff, m.fr + 1, 'a' + m.tf, m.tr + 1);
    if (toupper((unsigned char)p->b[m.fr][m.ff]) == 'P' &&
        (m.tr == 0 || m.tr == REF_N - 1))
        sprintf(out + n, "=%c", ref_promotion(m.tf));
}

/* The seed's stalemate rule: more pieces; then more of the highest kind
 * where they differ; then the player who made the last move. */
static int ref_stalemate_winner(const ref_pos *p)
{
    int count[2][128] = {{0}};
    int total[2] = {0, 0};
    for (int r = 0; r < REF_N; r++)
        for (int f = 0; f < REF_N; f++) {
            int who = ref_colour(p->b[r][f]);
            if (who >= 0) {
                count[who][toupper((unsigned char)p->b[r][f])]++;
                total[who]++;
            }
        }
    if (total[0] != total[1])
        return total[0] > total[1] ? 0 : 1;
    for (const char *k = "AURLCGP"; *k; k++)
        if (count[0][(int)*k] != count[1][(int)*k])
            return count[0][(int)*k] > count[1][(int)*k] ? 0 : 1;
    return 1 - p->side; /* who moved last */
}

#endif
