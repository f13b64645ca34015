/* notation.c — moves as text: UCI long algebraic and SAN, both ways. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "chess.h"

static const char promo_lower[] = "pnbrqk";

int chess_uci(chess_move m, char *buf, size_t size)
{
    int from = move_from(m), to = move_to(m);
    if (move_kind(m) == MOVE_PROMO)
        return snprintf(buf, size, "%c%d%c%d%c", 'a' + sq_file(from),
                        sq_rank(from) + 1, 'a' + sq_file(to), sq_rank(to) + 1,
                        promo_lower[move_promo(m)]);
    return snprintf(buf, size, "%c%d%c%d", 'a' + sq_file(from),
                    sq_rank(from) + 1, 'a' + sq_file(to), sq_rank(to) + 1);
}

/* SAN without the check suffix. */
static int san_body(const chess_pos *p, chess_move m, const chess_move *list,
                    int n, char *out)
{
    int from = move_from(m), to = move_to(m), type = type_on(p, from), k = 0;
    if (move_kind(m) == MOVE_CASTLE)
        return sprintf(out, "%s", to > from ? "O-O" : "O-O-O");
    bool capture = chess_is_capture(p, m);
    if (type == PAWN) {
        if (capture) {
            out[k++] = (char)('a' + sq_file(from));
            out[k++] = 'x';
        }
    } else {
        out[k++] = chess_piece_letters[type];
        /* disambiguate among pieces of the type that can also go there:
         * by file if that tells them apart, else by rank, else both */
        bool other = false, same_file = false, same_rank = false;
        for (int i = 0; i < n; i++) {
            int f = move_from(list[i]);
            if (move_to(list[i]) != to || f == from || type_on(p, f) != type)
                continue;
            other = true;
            same_file |= sq_file(f) == sq_file(from);
            same_rank |= sq_rank(f) == sq_rank(from);
        }
        if (other && (!same_file || same_rank))
            out[k++] = (char)('a' + sq_file(from));
        if (other && same_file)
            out[k++] = (char)('1' + sq_rank(from));
        if (capture)
            out[k++] = 'x';
    }
    out[k++] = (char)('a' + sq_file(to));
    out[k++] = (char)('1' + sq_rank(to));
    if (move_kind(m) == MOVE_PROMO) {
        out[k++] = '=';
        out[k++] = chess_piece_letters[move_promo(m)];
    }
    out[k] = '\0';
    return k;
}

int chess_san(const chess_pos *p, chess_move m, char *buf, size_t size)
{
    chess_move list[CHESS_MAX_MOVES];
    int n = chess_legal(p, list);
    char out[16];
    int k = san_body(p, m, list, n, out);
    chess_pos after = *p;
    chess_undo u;
    chess_make(&after, m, &u);
    if (chess_in_check(&after))
        out[k++] = chess_count(&after) ? '+' : '#';
    out[k] = '\0';
    return snprintf(buf, size, "%s", out);
}

static int square_at(const char *s)
{
    if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
        return -1;
    return (s[1] - '1') * 8 + (s[0] - 'a');
}

static int piece_of(char c)
{
    const char *l = strchr(chess_piece_letters, toupper((unsigned char)c));
    return l && c ? (int)(l - chess_piece_letters) : -1;
}

/* Picks the one legal move matching the pattern (-1: any). */
static int pick(const chess_pos *p, int type, int from_file, int from_rank,
                int to, int promo, bool castle, chess_move *out)
{
    chess_move list[CHESS_MAX_MOVES];
    int n = chess_legal(p, list), found = 0;
    for (int i = 0; i < n; i++) {
        chess_move m = list[i];
        int f = move_from(m);
        if (castle != (move_kind(m) == MOVE_CASTLE))
            continue;
        if (!castle &&
            (type_on(p, f) != type || move_to(m) != to ||
             (from_file >= 0 && sq_file(f) != from_file) ||
             (from_rank >= 0 && sq_rank(f) != from_rank) ||
             (move_kind(m) == MOVE_PROMO ? move_promo(m) : -1) != promo))
            continue;
        if (castle && (move_to(m) > f) != (to > 0))
            continue;
        *out = m;
        found++;
    }
    return found == 1 ? PARSE_OK : found ? PARSE_AMBIGUOUS : PARSE_ILLEGAL;
}

int chess_parse_move(const chess_pos *p, const char *text, chess_move *out)
{
    char s[16];
    size_t len = strlen(text);
    /* annotations and the check marks are not part of the move */
    while (len && strchr("+#!?", text[len - 1]))
        len--;
    if (len == 0 || len >= sizeof s)
        return PARSE_SYNTAX;
    memcpy(s, text, len);
    s[len] = '\0';

    /* UCI: e2e4, e7e8q */
    if ((len == 4 || len == 5) && square_at(s) >= 0 && square_at(s + 2) >= 0) {
        int promo = len == 5 ? piece_of(s[4]) : -1;
        if (len == 5 && (promo < KNIGHT || promo > QUEEN))
            return PARSE_SYNTAX;
        chess_move list[CHESS_MAX_MOVES];
        int n = chess_legal(p, list);
        for (int i = 0; i < n; i++)
            if (move_from(list[i]) == square_at(s) &&
                move_to(list[i]) == square_at(s + 2) &&
                (move_kind(list[i]) == MOVE_PROMO ? move_promo(list[i]) : -1) ==
                    promo) {
                *out = list[i];
                return PARSE_OK;
            }
        return PARSE_ILLEGAL;
    }
    if (!strcmp(s, "O-O") || !strcmp(s, "0-0"))
        return pick(p, KING, -1, -1, 1, -1, true, out);
    if (!strcmp(s, "O-O-O") || !strcmp(s, "0-0-0"))
        return pick(p, KING, -1, -1, 0, -1, true, out);

    /* SAN: [piece][file][rank][x]square[=promotion] */
    const char *c = s;
    int type = PAWN, promo = -1;
    if (strchr("NBRQK", *c)) {
        type = piece_of(*c);
        c++;
    }
    const char *end = s + strlen(s);
    if (end - c >= 2 &&
        (end[-2] == '=' || (type == PAWN && isalpha((unsigned char)end[-1]) &&
                            isupper((unsigned char)end[-1])))) {
        promo = piece_of(end[-1]);
        if (promo < KNIGHT || promo > QUEEN || type != PAWN)
            return PARSE_SYNTAX;
        end -= end[-2] == '=' ? 2 : 1;
    }
    if (end - c < 2)
        return PARSE_SYNTAX;
    int to = square_at(end - 2);
    if (to < 0)
        return PARSE_SYNTAX;
    end -= 2;
    if (end > c && end[-1] == 'x')
        end--;
    else if (end > c && end[-1] == '-') /* long forms such as Ng1-f3 */
        end--;
    int from_file = -1, from_rank = -1;
    if (end > c && *c >= 'a' && *c <= 'h')
        from_file = *c++ - 'a';
    if (end > c && *c >= '1' && *c <= '8')
        from_rank = *c++ - '1';
    if (c != end)
        return PARSE_SYNTAX;
    return pick(p, type, from_file, from_rank, to, promo, false, out);
}
