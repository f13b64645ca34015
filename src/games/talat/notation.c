/* notation.c — Talat's notation: squares, towers, actions, and the
 * position text (write_state / read_state). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "ludoteka/text.h"
#include "talat.h"

static const char colour_letter[] = "RBV";
static const char base_letter[] = "tsh";

void tl_cell_name(int cell, char out[3])
{
    out[0] = (char)('a' + tl_board(cell) * TL_SIDE + tl_file(cell));
    out[1] = (char)('1' + tl_row(cell));
    out[2] = '\0';
}

int tl_parse_cell(const char *text)
{
    int letter = tolower((unsigned char)text[0]) - 'a';
    int row = text[0] ? text[1] - '1' : -1;
    if (letter < 0 || letter >= TL_BOARDS * TL_SIDE || row < 0 || row >= TL_SIDE)
        return -1;
    return letter / TL_SIDE * TL_BOARD_CELLS + row * TL_SIDE + letter % TL_SIDE;
}

void tl_kind_name(int kind, char out[3])
{
    out[0] = (char)('1' + kind / 3);
    out[1] = base_letter[kind % 3];
    out[2] = '\0';
}

int tl_parse_kind(const char *text)
{
    int h = text[0] - '1';
    const char *b = text[0] && text[1] ? strchr(base_letter, tolower((unsigned char)text[1]))
                                       : NULL;
    if (h < 0 || h > 2 || !b || !*b)
        return -1;
    return h * 3 + (int)(b - base_letter);
}

/* "3h@c1" places, "c1-c2" moves, "c1xd2" captures, "pass". */
int tl_action_name(const tl_state *s, lt_action a, char *buf, size_t size)
{
    char k[3], from[3], to[3];
    if (a < TL_MOVE0) {
        tl_kind_name(a / TL_CELLS, k);
        tl_cell_name(a % TL_CELLS, to);
        return snprintf(buf, size, "%s@%s", k, to);
    }
    if (a >= TL_PASS)
        return snprintf(buf, size, "pass");
    int cell = (a - TL_MOVE0) / TL_DIRS, t = s->sq[cell] - 1;
    int target = t < 0 ? -1 : tl_step(tl_colour(t), cell, (a - TL_MOVE0) % TL_DIRS);
    if (target < 0)
        return snprintf(buf, size, "#%d", (int)a); /* no tower: not legal */
    tl_cell_name(cell, from);
    tl_cell_name(target, to);
    return snprintf(buf, size, "%s%c%s", from, s->sq[target] ? 'x' : '-', to);
}

/* The letters of the reader's language: towers' colours and bases. */
const char *tl_colour_letters(void)
{
    /* TRANSLATORS: Talat: the initials of the colours red, blue and
     * violet, as towers are written ("R3h"); three different ASCII
     * capitals */
    const char *t = P_("Talat colours", "RBV");
    return strlen(t) == 3 ? t : colour_letter;
}

const char *tl_base_letters(void)
{
    /* TRANSLATORS: Talat: the initials of the bases triangle, square and
     * hexagon ("3h": a tall hexagonal tower); three different ASCII
     * lower-case letters */
    const char *t = P_("Talat bases", "tsh");
    return strlen(t) == 3 ? t : base_letter;
}

void tl_kind_shown(int kind, char out[3])
{
    out[0] = (char)('1' + kind / 3);
    out[1] = tl_base_letters()[kind % 3];
    out[2] = '\0';
}

/* As the reader reads it: "3s@c1" (a tall hexagonal tower) in Polish. */
int tl_display_name(const tl_state *s, lt_action a, char *buf, size_t size)
{
    if (a >= TL_MOVE0) {
        char name[16];
        int n = tl_action_name(s, a, name, sizeof name);
        lt_move_words(name, buf, size);
        return n;
    }
    char to[3], k[3];
    tl_kind_shown(a / TL_CELLS, k);
    tl_cell_name(a % TL_CELLS, to);
    return snprintf(buf, size, "%s@%s", k, to);
}

lt_status tl_parse_action(const tl_state *s, const char *text, lt_action *out)
{
    if (strcasecmp(text, "pass") == 0) {
        *out = TL_PASS;
        return LT_OK;
    }
    int kind = tl_parse_kind(text);
    if (kind >= 0) {
        int cell = text[2] == '@' ? tl_parse_cell(text + 3) : -1;
        if (cell < 0 || text[5])
            return LT_ESYNTAX;
        *out = kind * TL_CELLS + cell;
        return LT_OK;
    }
    int from = tl_parse_cell(text);
    if (from < 0)
        return LT_ESYNTAX;
    const char *rest = text + 2;
    if (*rest == '-' || *rest == 'x' || *rest == 'X')
        rest++;
    int to = tl_parse_cell(rest);
    if (to < 0 || rest[2])
        return LT_ESYNTAX;
    int t = s->sq[from] - 1;
    if (t < 0)
        return LT_EILLEGAL;
    for (int d = 0; d < TL_DIRS; d++)
        if (tl_step(tl_colour(t), from, d) == to) {
            *out = TL_MOVE0 + from * TL_DIRS + d;
            return LT_OK;
        }
    return LT_EILLEGAL;
}

static bool add_tower(char *buf, size_t size, size_t *len, int t)
{
    char k[3];
    tl_kind_name(tl_kind(t), k);
    return lt_appendf(buf, size, len, "%c%s", colour_letter[tl_colour(t)], k);
}

/* The three boards (red-blue, blue-violet, violet-red), each as rows 5
 * to 1 from file a (f, k) to e (j, o), '/' between rows: '.' an empty
 * square, a tower as colour, height and base ("R3h"), with '+' after a
 * neutral tower that scores for the player who moved it there.  Then
 * the seat to act (r, b, v) and, for each seat, the towers it captured
 * ('-' for none):
 *   "R1t.R2sR3h./...../...../...../..... ...  r - B1s -" */
int tl_write_state(const tl_state *s, char *buf, size_t size)
{
    size_t len = 0;
    if (size)
        buf[0] = '\0';
    bool ok = true;
    for (int b = 0; b < TL_BOARDS; b++) {
        for (int r = TL_SIDE - 1; r >= 0; r--) {
            for (int f = 0; f < TL_SIDE; f++) {
                int cell = b * TL_BOARD_CELLS + r * TL_SIDE + f, t = s->sq[cell] - 1;
                if (t < 0) {
                    ok &= lt_appendf(buf, size, &len, ".");
                    continue;
                }
                ok &= add_tower(buf, size, &len, t);
                if (s->credit[t])
                    ok &= lt_appendf(buf, size, &len, "+");
            }
            ok &= lt_appendf(buf, size, &len, r ? "/" : " ");
        }
    }
    ok &= lt_appendf(buf, size, &len, "%c", "rbv"[s->turn]);
    for (int p = 0; p < s->players; p++) {
        ok &= lt_appendf(buf, size, &len, " ");
        size_t mark = len;
        for (int t = 0; t < TL_TOWERS; t++)
            if (s->at[t] == TL_TAKEN + p)
                ok &= add_tower(buf, size, &len, t);
        if (len == mark)
            ok &= lt_appendf(buf, size, &len, "-");
    }
    if (s->left) {
        ok &= lt_appendf(buf, size, &len, " out:");
        for (int p = 0; p < s->players; p++)
            if (!tl_in_game(s, p))
                ok &= lt_appendf(buf, size, &len, "%c", "rbv"[p]);
    }
    if (!ok) { /* too small: say how much is needed */
        char big[1024];
        return tl_write_state(s, big, sizeof big);
    }
    return (int)len;
}

/* A tower "R3h" at text; -1 if there is none. */
static int parse_tower(const char *text)
{
    const char *c = text[0] ? strchr(colour_letter, toupper((unsigned char)text[0])) : NULL;
    int kind = c ? tl_parse_kind(text + 1) : -1;
    return kind < 0 ? -1 : (int)(c - colour_letter) * TL_KINDS + kind;
}

/* "R3h" for messages */
static const char *tower_str(int t, char out[4])
{
    out[0] = colour_letter[tl_colour(t)];
    tl_kind_name(tl_kind(t), out + 1);
    return out;
}

static lt_status read_board(tl_state *t, int b, const char *p, lt_error *err)
{
    char name[3], tn[4];
    int count[2] = {0, 0}; /* towers of the row-1 colour, of the row-5 colour */
    for (int r = TL_SIDE - 1; r >= 0; r--) {
        for (int f = 0; f < TL_SIDE; f++) {
            int cell = b * TL_BOARD_CELLS + r * TL_SIDE + f;
            tl_cell_name(cell, name);
            if (*p == '.') {
                p++;
                continue;
            }
            int tw = parse_tower(p);
            if (tw < 0) {
                lt_error_set(err, _("square %s: expected '.' or a tower such as "
                                  "R3h (colour R/B/V, height 1-3, base t/s/h), "
                                  "found '%.3s'"), name, p);
                return LT_ESYNTAX;
            }
            p += 3;
            int c = tl_colour(tw);
            if (c != b && c != (b + 1) % TL_COLOURS) {
                lt_error_set(err, _("square %s: %s towers do not play on this board"),
                             name, tower_str(tw, tn));
                return LT_EILLEGAL;
            }
            if (t->at[tw] != TL_HAND) {
                lt_error_set(err, _("tower %s appears twice"), tower_str(tw, tn));
                return LT_EILLEGAL;
            }
            t->at[tw] = (uint8_t)cell;
            t->sq[cell] = (uint8_t)(tw + 1);
            /* a board gets at most five towers of a colour, one for each
             * square of its start line, and towers never change boards */
            if (++count[c == b ? 0 : 1] > TL_SIDE) {
                static const char *const colour[] = {N_("Red"), N_("Blue"),
                                                     N_("Violet")};
                lt_error_set(err, _("board %d: more than %d towers of %s"),
                             b + 1, TL_SIDE, _(colour[c]));
                return LT_EILLEGAL;
            }
            if (*p == '+') {
                p++;
                int owner = tl_line_owner(cell);
                if (t->players != 2 || c != TL_NEUTRAL || owner < 0 || owner == TL_NEUTRAL) {
                    lt_error_set(err, _("square %s: '+' marks only a neutral tower on "
                                      "a player's start line (two players)"), name);
                    return LT_EILLEGAL;
                }
                t->credit[tw] = (uint8_t)(1 - owner + 1);
            }
        }
        if (*p++ != (r ? '/' : '\0')) {
            lt_error_set(err,
                         r ? _("board %d, row %d: expected 5 squares and '/'")
                           : _("board %d, row %d: expected 5 squares"),
                         b + 1, r + 1);
            return LT_ESYNTAX;
        }
    }
    return LT_OK;
}

static lt_status read_captures(tl_state *t, int seat, const char *p, lt_error *err)
{
    char tn[4];
    if (strcmp(p, "-") == 0)
        return LT_OK;
    for (; *p; p += 3) {
        int tw = parse_tower(p);
        if (tw < 0) {
            lt_error_set(err, _("captured towers of seat %d: expected towers such "
                              "as B2s, or '-', found '%.3s'"), seat + 1, p);
            return LT_ESYNTAX;
        }
        if (tl_colour(tw) == seat) {
            lt_error_set(err, _("seat %d cannot have captured its own tower %s"),
                         seat + 1, tower_str(tw, tn));
            return LT_EILLEGAL;
        }
        if (t->at[tw] != TL_HAND) {
            lt_error_set(err, _("tower %s appears twice"), tower_str(tw, tn));
            return LT_EILLEGAL;
        }
        t->at[tw] = (uint8_t)(TL_TAKEN + seat);
    }
    return LT_OK;
}

/* Do the towers placed, the captures and the seat to act fit the order
 * of placing (seed 5, 6, 7)? */
static lt_status check_phase(tl_state *t, lt_error *err)
{
    int count[TL_COLOURS] = {0}, n = 0;
    bool captures = false;
    for (int tw = 0; tw < TL_TOWERS; tw++) {
        if (t->at[tw] == TL_HAND)
            continue;
        count[tl_colour(tw)]++;
        n++;
        captures |= t->at[tw] >= TL_TAKEN;
    }
    int want_turn = -1;
    if (t->players == 2 && count[TL_NEUTRAL] > TL_NEUTRAL_USED) {
        lt_error_set(err, _("only %d neutral towers are used"), TL_NEUTRAL_USED);
        return LT_EILLEGAL;
    }
    t->placed = (uint8_t)n;
    if (!tl_placing(t))
        return LT_OK;
    if (t->left) {
        /* RULES.md: the seats still in go on placing in turn, so their
         * counts differ by one at most and the one to act has fewest */
        for (int c = 0; c < TL_COLOURS; c++)
            if (tl_in_game(t, c) &&
                (count[c] < count[t->turn] || count[c] > count[t->turn] + 1)) {
                lt_error_set(err, _("towers placed (%d red, %d blue, %d violet) do "
                                  "not follow the order of placing"),
                             count[0], count[1], count[2]);
                return LT_EILLEGAL;
            }
        want_turn = t->turn;
    } else if (t->players == 3) {
        for (int c = 0; c < TL_COLOURS; c++)
            if (count[c] != (n + 2 - c) / 3) {
                lt_error_set(err, _("towers placed (%d red, %d blue, %d violet) do "
                                  "not follow the order of placing"),
                             count[0], count[1], count[2]);
                return LT_EILLEGAL;
            }
        want_turn = n % 3;
    } else if (count[TL_NEUTRAL] < TL_NEUTRAL_USED) {
        if (count[0] || count[1]) {
            lt_error_set(err, _("the %d neutral towers are placed before the "
                              "players' own"), TL_NEUTRAL_USED);
            return LT_EILLEGAL;
        }
        want_turn = n % 2;
    } else {
        want_turn = count[0] - count[1];
        if (want_turn < 0 || want_turn > 1) {
            lt_error_set(err, _("towers placed (%d red, %d blue) do not follow the "
                              "order of placing"), count[0], count[1]);
            return LT_EILLEGAL;
        }
    }
    if (captures) {
        lt_error_set(err, _("no tower is captured while the towers are placed"));
        return LT_EILLEGAL;
    }
    for (int cell = 0; cell < TL_CELLS; cell++) {
        int tw = t->sq[cell] - 1;
        if (tw >= 0 && tl_line_owner(cell) != tl_colour(tw)) {
            char name[3], tn[4];
            tl_cell_name(cell, name);
            lt_error_set(err, _("%s on %s: while placing, every tower stands on "
                              "its own start line"), tower_str(tw, tn), name);
            return LT_EILLEGAL;
        }
    }
    if (t->turn != want_turn) {
        lt_error_set(err, _("it is %c's turn to place a tower"), "rbv"[want_turn]);
        return LT_EILLEGAL;
    }
    return LT_OK;
}

lt_status tl_read_state(tl_state *st, const char *text, lt_error *err)
{
    char copy[512], *w[8], tn[4];
    if (strlen(text) >= sizeof copy) {
        lt_error_set(err, _("position text too long"));
        return LT_ESYNTAX;
    }
    lt_copy(copy, sizeof copy, text);
    int nw = lt_split(copy, w, 8);
    const char *out = NULL;
    if (nw == TL_BOARDS + 2 + st->players && !strncmp(w[nw - 1], "out:", 4))
        out = w[--nw] + 4;
    if (nw != TL_BOARDS + 1 + st->players) {
        lt_error_set(err, _("expected the three boards, the seat to act and the "
                          "captured towers of each of the %d seats, e.g. "
                          "'...../...../...../...../..... (twice more) r%s'"),
                     st->players, st->players == 3 ? " - - -" : " - -");
        return LT_ESYNTAX;
    }
    tl_state t = *st;
    memset(t.sq, 0, sizeof t.sq);
    memset(t.at, TL_HAND, sizeof t.at);
    memset(t.credit, 0, sizeof t.credit);
    for (int b = 0; b < TL_BOARDS; b++) {
        lt_status e = read_board(&t, b, w[b], err);
        if (e != LT_OK)
            return e;
    }
    const char *turn = strchr("rbv", tolower((unsigned char)w[3][0]));
    if (!w[3][0] || w[3][1] || !turn || turn - "rbv" >= st->players) {
        lt_error_set(err,
                     st->players == 3 ? _("seat to act: expected r, b or v, found '%s'")
                                      : _("seat to act: expected r or b, found '%s'"),
                     w[3]);
        return LT_ESYNTAX;
    }
    t.turn = (uint8_t)(turn - "rbv");
    t.left = 0;
    for (const char *p = out; p && *p; p++) {
        const char *c = strchr("rbv", tolower((unsigned char)*p));
        if (st->players != 3 || !c || !tl_in_game(&t, (int)(c - "rbv"))) {
            lt_error_set(err, _("out: expected the seats that left (r, b, v; "
                              "three players), found '%s'"), out);
            return LT_ESYNTAX;
        }
        t.left |= (uint8_t)(1u << (c - "rbv"));
    }
    if (out && (!*out || !tl_in_game(&t, t.turn))) {
        lt_error_set(err, _("out: a seat that left never acts (found '%s')"), out);
        return LT_EILLEGAL;
    }
    for (int tw = 0; tw < TL_TOWERS; tw++)
        if (!tl_in_game(&t, tl_colour(tw)) && tl_on_board(t.at[tw])) {
            lt_error_set(err, _("tower %s: a seat that left has no towers on "
                              "the boards"), tower_str(tw, tn));
            return LT_EILLEGAL;
        }
    for (int p = 0; p < st->players; p++) {
        lt_status e = read_captures(&t, p, w[4 + p], err);
        if (e != LT_OK)
            return e;
    }
    lt_status e = check_phase(&t, err);
    if (e != LT_OK)
        return e;
    tl_settle(&t);
    *st = t;
    return LT_OK;
}
