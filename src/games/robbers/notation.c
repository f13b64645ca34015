/* notation.c — Rozbójnicy's move names ("b3-b4xa4") and position text
 * ("cccccccc/ssssssss/8/8/8/8/SSSSSSSS/CCCCCCCC o"). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "ludoteka/text.h"
#include "robbers.h"

void rob_square_name(int sq, char out[3])
{
    out[0] = (char)('a' + (sq & 7));
    out[1] = (char)('1' + (sq >> 3));
    out[2] = '\0';
}

/* A square at text ("b3" or "B3"), or -1. */
static int square_at(const char *text)
{
    if (!text[0])
        return -1;
    int file = tolower((unsigned char)text[0]) - 'a', rank = text[1] - '1';
    if (file < 0 || file > 7 || rank < 0 || rank > 7)
        return -1;
    return rank * 8 + file;
}

/* from-to, then each captured square after an x, in ascending order:
 * "b3-b4xa4", "h5-h6xh7xh8"; "pass". */
int rob_action_name(const rob *s, lt_action a, char *buf, size_t size)
{
    if (a == PASS)
        return snprintf(buf, size, "pass");
    char text[40], from[3], to[3];
    size_t len = 0;
    rob_square_name(a / SQUARES, from);
    rob_square_name(a % SQUARES, to);
    lt_appendf(text, sizeof text, &len, "%s-%s", from, to);
    for (uint64_t c = rob_captures(s, s->turn, a % SQUARES); c; c &= c - 1) {
        rob_square_name(__builtin_ctzll(c), to);
        lt_appendf(text, sizeof text, &len, "x%s", to);
    }
    return snprintf(buf, size, "%s", text);
}

/* "b3-b4", "b3b4", "B3-B4"; with the captures ("b3-b4xa4", in any order)
 * they must be the ones the move makes. */
lt_status rob_parse_action(const rob *s, const char *text, lt_action *out)
{
    if (strcasecmp(text, "pass") == 0) {
        *out = PASS;
        return LT_OK;
    }
    int from = square_at(text);
    if (from < 0)
        return LT_ESYNTAX;
    const char *p = text + 2;
    if (*p == '-')
        p++;
    int to = square_at(p);
    if (to < 0)
        return LT_ESYNTAX;
    p += 2;
    uint64_t named = 0;
    while (*p == 'x' || *p == 'X') {
        int sq = square_at(p + 1);
        if (sq < 0 || (named & BIT(sq)))
            return LT_ESYNTAX;
        named |= BIT(sq);
        p += 3;
    }
    if (*p)
        return LT_ESYNTAX;
    *out = from * SQUARES + to;
    /* the captures named must be the captures made; a move that is not
     * legal anyway is left for the caller to refuse */
    bool own = (rob_side(s, s->turn) & BIT(from)) != 0;
    if (named && own && !(rob_occupied(s) & BIT(to)) &&
        named != rob_captures(s, s->turn, to))
        return LT_EILLEGAL;
    return LT_OK;
}

static const char piece_letters[4] = {'C', 'S', 'c', 's'};

/* Ranks 8 to 1 separated by '/', C S orange, c s green, digits for runs
 * of empty squares; the side to move (o or g); the number of actions
 * made, when it is not zero (the cap counts them). */
int rob_write_state(const rob *s, char *buf, size_t size)
{
    char text[96];
    size_t len = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            int sq = rank * 8 + file, b = 0;
            while (b < 4 && !(s->bb[b] & BIT(sq)))
                b++;
            if (b == 4) {
                empty++;
                continue;
            }
            if (empty)
                lt_appendf(text, sizeof text, &len, "%d", empty);
            empty = 0;
            lt_appendf(text, sizeof text, &len, "%c", piece_letters[b]);
        }
        if (empty)
            lt_appendf(text, sizeof text, &len, "%d", empty);
        if (rank)
            lt_appendf(text, sizeof text, &len, "/");
    }
    lt_appendf(text, sizeof text, &len, " %c", s->turn == ORANGE ? 'o' : 'g');
    if (s->ply)
        lt_appendf(text, sizeof text, &len, " %u", (unsigned)s->ply);
    return snprintf(buf, size, "%s", text);
}

bool rob_check(const rob *t, lt_error *err)
{
    static const char *const names[2] = {N_("Orange"), N_("Green")};
    for (int side = 0; side < 2; side++) {
        uint64_t soldiers = t->bb[side * 2 + SOLDIER];
        int pieces = __builtin_popcountll(rob_side(t, side));
        if (pieces > 16) {
            lt_error_set(err, _("%s has %d pieces; a side has 16"),
                         _(names[side]), pieces);
            return false;
        }
        if (soldiers & UINT64_C(0xff000000000000ff)) {
            lt_error_set(err, _("a soldier on rank 1 or 8: it would be a "
                              "commander there, or could not have got there"));
            return false;
        }
        for (int file = 0; file < 8; file++)
            if (__builtin_popcountll(soldiers & (UINT64_C(0x0101010101010101)
                                                 << file)) > 1) {
                lt_error_set(err, _("two %s soldiers on file %c: a soldier "
                                  "never leaves its file"), names[side],
                             'a' + file);
                return false;
            }
    }
    if (!rob_side(t, ORANGE) && !rob_side(t, GREEN)) {
        lt_error_set(err, _("the board is empty"));
        return false;
    }
    return true;
}

lt_status rob_read_state(rob *s, const char *text, lt_error *err)
{
    rob t = *s;
    memset(t.bb, 0, sizeof t.bb);
    const char *p = text;
    while (isspace((unsigned char)*p))
        p++;
    for (int rank = 7; rank >= 0; rank--) {
        int file = 0;
        while (file < 8) {
            const char *c = *p ? memchr(piece_letters, *p, 4) : NULL;
            if (c) {
                t.bb[c - piece_letters] |= BIT(rank * 8 + file);
                file++;
            } else if (*p >= '1' && *p <= '8' && file + (*p - '0') <= 8) {
                file += *p - '0';
            } else {
                lt_error_set(err, _("rank %d: expected C, S, c, s or a count of "
                                  "empty squares for %c%d, found '%.1s'"),
                             rank + 1, 'a' + file, rank + 1, p);
                return LT_ESYNTAX;
            }
            p++;
        }
        if (rank && *p++ != '/') {
            lt_error_set(err, _("expected '/' after rank %d (8 squares a rank)"),
                         rank + 1);
            return LT_ESYNTAX;
        }
    }
    char side[8] = "";
    long long ply = 0;
    int used = 0;
    if (sscanf(p, " %7s%n", side, &used) != 1 ||
        (strcasecmp(side, "o") && strcasecmp(side, "g"))) {
        lt_error_set(err, _("after the board, expected the side to move: o "
                          "(orange) or g (green)"));
        return LT_ESYNTAX;
    }
    p += used;
    while (isspace((unsigned char)*p))
        p++;
    if (*p) {
        char count[16];
        size_t n = strcspn(p, " \t\r\n");
        if (n >= sizeof count) {
            lt_error_set(err, _("expected the number of moves made, found '%.20s'"), p);
            return LT_ESYNTAX;
        }
        memcpy(count, p, n);
        count[n] = '\0';
        if (!lt_parse_int(count, 0, t.cap, &ply)) {
            lt_error_set(err, _("the number of moves made must be 0 to %u "
                              "(option cap), found '%s'"), (unsigned)t.cap, count);
            return LT_ERANGE;
        }
        p += n;
        if (strspn(p, " \t\r\n") != strlen(p)) {
            lt_error_set(err, _("unexpected text after the position: '%.20s'"), p);
            return LT_ESYNTAX;
        }
    }
    if (!rob_check(&t, err))
        return LT_EILLEGAL;
    t.turn = tolower((unsigned char)side[0]) == 'g' ? GREEN : ORANGE;
    t.ply = (uint16_t)ply;
    t.key = rob_key(&t);
    rob_settle(&t);
    *s = t;
    return LT_OK;
}
