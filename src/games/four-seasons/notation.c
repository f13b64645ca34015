/* notation.c — Four Seasons chess: names of actions and the position
 * text, with the checks that keep a read position within the rules. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "four_seasons.h"
#include "ludoteka/dice.h"
#include "ludoteka/text.h"

const char fs4_seat_letters[SEATS + 1] = "grbw";
/* how a seat went out, by OUT_*: mated, stalemated, king taken, left */
static const char out_letters[OUTS + 1] = "-mstl";
static const char kind_letters[] = "KRNBGP";
static const char dir_letters[] = "nsew";

void fs4_square_name(int sq, char out[3])
{
    out[0] = (char)('a' + sq % 8);
    out[1] = (char)('1' + sq / 8);
    out[2] = '\0';
}

/* A square named by the first two characters of text, or -1. */
static int parse_square(const char *text)
{
    int f = tolower((unsigned char)text[0]) - 'a';
    int r = text[0] ? text[1] - '1' : -1;
    return f >= 0 && f < 8 && r >= 0 && r < 8 ? r * 8 + f : -1;
}

/* Moves: "a7-b5", a capture "a7xb5", a promotion adds "=G".  The lost
 * turn: "pass".  The choice of a die: "die3".  Rolls: "4", or "6-3" for
 * two dice (highest first). */
int fs4_action_name(const fs4 *s, lt_action a, char *buf, size_t size)
{
    if (a >= A_ROLL)
        return lt_dice_name(a - A_ROLL, s->dice == DICE_TWO ? 2 : 1, buf, size);
    if (a >= A_CHOOSE)
        return snprintf(buf, size, "die%d", a - A_CHOOSE + 1);
    if (a == A_PASS)
        return snprintf(buf, size, "pass");
    int from = a / SQUARES, to = a % SQUARES, k = fs4_kind_at(s, from);
    char f[3], t[3];
    fs4_square_name(from, f);
    fs4_square_name(to, t);
    bool promotes =
        k >= K_PAWN && (fs4_tables_get()->edge[k - K_PAWN] & fs4_bit(to));
    return snprintf(buf, size, "%s%c%s%s", f,
                    fs4_all(s) & fs4_bit(to) ? 'x' : '-', t,
                    promotes ? "=G" : "");
}

lt_status fs4_parse_action(const fs4 *s, const char *text, lt_action *out)
{
    if (!strcasecmp(text, "pass")) {
        *out = A_PASS;
        return LT_OK;
    }
    if (!strncasecmp(text, "die", 3) && text[3] >= '1' && text[3] <= '6' &&
        !text[4]) {
        *out = A_CHOOSE + text[3] - '1';
        return LT_OK;
    }
    if (isdigit((unsigned char)text[0])) {
        int nd = s->dice == DICE_TWO ? 2 : 1, f[2];
        lt_action code;
        if (lt_dice_parse(text, nd, &code) != LT_OK)
            return LT_ESYNTAX;
        lt_dice_decode(code, nd, f);
        lt_dice_sort(nd, f);
        *out = A_ROLL + lt_dice_encode(nd, f);
        return LT_OK;
    }
    int from = parse_square(text);
    if (from < 0)
        return LT_ESYNTAX;
    const char *p = text + 2;
    if (*p == '-' || *p == 'x' || *p == 'X')
        p++;
    int to = parse_square(p);
    if (to < 0)
        return LT_ESYNTAX;
    p += 2;
    bool promotion = !strcasecmp(p, "=G") || !strcasecmp(p, "G");
    if (*p && !promotion)
        return LT_ESYNTAX;
    /* "=G" only on a pawn's move onto its edge */
    int k = fs4_kind_at(s, from);
    if (promotion &&
        !(k >= K_PAWN && (fs4_tables_get()->edge[k - K_PAWN] & fs4_bit(to))))
        return LT_EILLEGAL;
    *out = from * SQUARES + to;
    return LT_OK;
}

/* The position text, fields separated by spaces:
 *   board   ranks 8 to 1, '/' between; a digit counts empty squares; a
 *           piece is its owner (g r b w) and kind (K R N B G P), a pawn
 *           then its direction (n s e w): "gK", "rPn"
 *   turn    the seat whose turn it is (g r b w)
 *   dice    '-' without dice or when the game is over, '?' before the
 *           roll, "6-3" two dice to choose from, "3" the die that rules
 *   first   the seats whose first move is still to come, or '-'
 *   recent  the four seats from the most recent mover to the least
 *   ply     the turns played so far
 *   quiet   the turns since the last capture, promotion or elimination
 * The start of the default game:
 *   gKgRgPe2wPwwRwK/gNgBgPe2wPwwBwN/gPsgPs4wPswPs/8/8/rPnrPn4bPnbPn/
 *   rNrBrPe2bPwbBbN/rKrRrPe2bPwbRbK g - grbw wbrg 0 0  (on one line) */
int fs4_write_state(const fs4 *s, char *buf, size_t size)
{
    char text[320];
    size_t len = 0;
    for (int r = 7; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < 8; f++) {
            int sq = r * 8 + f, k = fs4_kind_at(s, sq);
            if (k < 0) {
                empty++;
                continue;
            }
            if (empty)
                lt_appendf(text, sizeof text, &len, "%d", empty);
            empty = 0;
            lt_appendf(text, sizeof text, &len, "%c%c",
                       fs4_seat_letters[fs4_owner_at(s, sq)],
                       kind_letters[k < K_PAWN ? k : K_PAWN]);
            if (k >= K_PAWN)
                lt_appendf(text, sizeof text, &len, "%c", dir_letters[k - K_PAWN]);
        }
        if (empty)
            lt_appendf(text, sizeof text, &len, "%d", empty);
        if (r)
            lt_appendf(text, sizeof text, &len, "/");
    }
    lt_appendf(text, sizeof text, &len, " %c ", fs4_seat_letters[s->turn]);
    if (s->phase == PH_ROLL)
        lt_appendf(text, sizeof text, &len, "?");
    else if (s->phase == PH_CHOOSE)
        lt_appendf(text, sizeof text, &len, "%d-%d", s->die[0], s->die[1]);
    else if (s->phase == PH_MOVE && s->dice)
        lt_appendf(text, sizeof text, &len, "%d", s->die[0]);
    else
        lt_appendf(text, sizeof text, &len, "-");
    lt_appendf(text, sizeof text, &len, " ");
    for (int p = 0; p < SEATS; p++)
        if ((s->owe >> p) & 1)
            lt_appendf(text, sizeof text, &len, "%c", fs4_seat_letters[p]);
    if (!s->owe)
        lt_appendf(text, sizeof text, &len, "-");
    lt_appendf(text, sizeof text, &len, " ");
    for (int i = 0; i < SEATS; i++)
        lt_appendf(text, sizeof text, &len, "%c", fs4_seat_letters[s->recent[i]]);
    lt_appendf(text, sizeof text, &len, " %u %u", (unsigned)s->ply,
               (unsigned)s->quiet);
    /* the seats out of the game: "out:rmg,bs" - red mated by green, black
     * stalemated (t: king taken by, l: left the game) */
    const char *sep = " out:";
    for (int p = 0; p < SEATS; p++) {
        int cause = fs4_out_cause(s->out[p]);
        if (cause == OUT_IN)
            continue;
        lt_appendf(text, sizeof text, &len, "%s%c%c", sep, fs4_seat_letters[p],
                   out_letters[cause]);
        if (cause == OUT_MATED || cause == OUT_TAKEN)
            lt_appendf(text, sizeof text, &len, "%c",
                       fs4_seat_letters[fs4_out_by(s->out[p])]);
        sep = ",";
    }
    return snprintf(buf, size, "%s", text);
}

static int seat_of(char c)
{
    const char *p = c ? strchr(fs4_seat_letters, tolower((unsigned char)c)) : NULL;
    return p ? (int)(p - fs4_seat_letters) : -1;
}

static lt_status read_board(fs4 *t, const char **pp, lt_error *err)
{
    const char *p = *pp;
    for (int r = 7; r >= 0; r--) {
        int f = 0;
        while (f < 8) {
            char name[3];
            fs4_square_name(r * 8 + f, name);
            if (*p >= '1' && *p <= '8') {
                f += *p++ - '0';
                continue;
            }
            int seat = seat_of(*p);
            const char *k = seat >= 0 && p[1]
                                ? strchr(kind_letters, toupper((unsigned char)p[1]))
                                : NULL;
            if (!k) {
                lt_error_set(err, _("board: expected a digit or a piece such as "
                                  "gK or rPn at %s, found '%.2s'"), name, p);
                return LT_ESYNTAX;
            }
            int kind = (int)(k - kind_letters);
            p += 2;
            if (kind == K_PAWN) {
                int c = tolower((unsigned char)*p);
                const char *d = c ? strchr(dir_letters, c) : NULL;
                if (!d) {
                    lt_error_set(err, _("board: the pawn on %s needs a direction "
                                      "(n, s, e or w)"), name);
                    return LT_ESYNTAX;
                }
                kind += (int)(d - dir_letters);
                p++;
            }
            t->occ[seat] |= fs4_bit(r * 8 + f);
            t->kind[kind] |= fs4_bit(r * 8 + f);
            f++;
        }
        if (f != 8) {
            lt_error_set(err, _("board: rank %d has more than 8 squares"), r + 1);
            return LT_ESYNTAX;
        }
        if (r && *p++ != '/') {
            lt_error_set(err, _("board: expected '/' after rank %d"), r + 1);
            return LT_ESYNTAX;
        }
    }
    *pp = p;
    return LT_OK;
}

/* The dice field: sets phase and dice. */
static lt_status read_dice(fs4 *t, const char *w, lt_error *err)
{
    int a = 0, b = 0;
    char extra;
    t->die[0] = t->die[1] = 0;
    if (!strcmp(w, "-")) {
        t->phase = PH_MOVE;
        if (!t->dice)
            return LT_OK;
    } else if (!strcmp(w, "?")) {
        t->phase = PH_ROLL;
        if (t->dice)
            return LT_OK;
    } else if (sscanf(w, "%1d-%1d%c", &a, &b, &extra) == 2) {
        t->phase = PH_CHOOSE;
        t->die[0] = (uint8_t)a;
        t->die[1] = (uint8_t)b;
        if (t->dice == DICE_TWO && a > b && b >= 1 && a <= 6)
            return LT_OK;
    } else if (sscanf(w, "%1d%c", &a, &extra) == 1) {
        t->phase = PH_MOVE;
        t->die[0] = (uint8_t)a;
        if (t->dice && a >= 1 && a <= 6)
            return LT_OK;
    }
    lt_error_set(err, t->dice == DICE_OFF
                          ? "dice: expected '-' (the game has no dice), found '%s'"
                      : t->dice == DICE_ONE
                          ? "dice: expected '?' (to roll) or the die rolled (1 to "
                            "6), found '%s'"
                          : "dice: expected '?' (to roll), two different dice to "
                            "choose from, highest first (6-3), or the die that "
                            "rules (1 to 6), found '%s'",
                 w);
    return LT_ESYNTAX;
}

/* Reads "out:rmg,bs" (see fs4_write_state) into out[]. */
static bool read_out(const char *text, uint8_t *out)
{
    const char *p = text + 4;
    if (strncmp(text, "out:", 4))
        return false;
    for (;;) {
        int seat = seat_of(p[0]);
        const char *c = p[0] && p[1] ? strchr(out_letters + 1, p[1]) : NULL;
        if (seat < 0 || !c || out[seat])
            return false;
        int cause = (int)(c - out_letters);
        p += 2;
        int by = 0;
        if (cause == OUT_MATED || cause == OUT_TAKEN) {
            by = seat_of(*p++);
            if (by < 0 || by == seat)
                return false;
        }
        out[seat] = (uint8_t)(cause | by << 4);
        if (!*p)
            return true;
        if (*p++ != ',')
            return false;
    }
}

lt_status fs4_read_state(fs4 *s, const char *text, lt_error *err)
{
    fs4 t = *s;
    memset(t.occ, 0, sizeof t.occ);
    memset(t.kind, 0, sizeof t.kind);
    const char *p = text;
    while (isspace((unsigned char)*p))
        p++;
    lt_status st = read_board(&t, &p, err);
    if (st != LT_OK)
        return st;
    char turn[4], dice[8], owe[8], recent[8], out[24] = "";
    unsigned ply, quiet;
    int used = 0, more = 0;
    memset(t.out, 0, sizeof t.out);
    int fields = sscanf(p, " %3s %7s %7s %7s %u %u%n %23s%n", turn, dice, owe,
                        recent, &ply, &quiet, &used, out, &more);
    if (fields == 7)
        used = more;
    if (fields < 6 || strspn(p + used, " \t\r\n") != strlen(p + used) ||
        (fields == 7 && !read_out(out, t.out))) {
        lt_error_set(err, _("after the board expected: the seat to move (g, r, b "
                          "or w), the dice (-), the seats owing their first "
                          "move (grbw or -), the four seats from the most recent "
                          "mover (wbrg), the turns played and the turns since "
                          "the last capture, promotion or elimination, e.g. "
                          "'g - grbw wbrg 0 0', then the seats out of the game "
                          "and how, if any: 'out:rmg,bs' (red mated by green, "
                          "black stalemated; t: king taken by, l: left)"));
        return LT_ESYNTAX;
    }
    int seat = turn[1] ? -1 : seat_of(turn[0]);
    if (seat < 0) {
        lt_error_set(err, _("seat to move: expected g, r, b or w, found '%s'"), turn);
        return LT_ESYNTAX;
    }
    t.turn = (uint8_t)seat;
    t.owe = 0;
    for (const char *c = owe; strcmp(owe, "-") && *c; c++) {
        int q = seat_of(*c);
        if (q < 0 || ((t.owe >> q) & 1)) {
            lt_error_set(err, _("first moves: expected seat letters (g, r, b, "
                              "w) once each, or '-', found '%s'"), owe);
            return LT_ESYNTAX;
        }
        t.owe |= (uint8_t)(1u << q);
    }
    unsigned seen = 0;
    for (int i = 0; i < SEATS; i++) {
        int q = seat_of(recent[i]);
        if (q < 0 || ((seen >> q) & 1) || (i == SEATS - 1 && recent[i + 1])) {
            lt_error_set(err, _("recent movers: expected the four seat letters "
                              "g, r, b, w in some order, found '%s'"), recent);
            return LT_ESYNTAX;
        }
        seen |= 1u << q;
        t.recent[i] = (uint8_t)q;
    }
    if (quiet > t.cap || quiet > ply ||
        ply > (unsigned)(PROGRESS_MAX + 1) * CAP_MAX) {
        lt_error_set(err, _("turns: %u played, %u of them since the last capture, "
                          "promotion or elimination, do not fit (the cap is %u)"),
                     ply, quiet, (unsigned)t.cap);
        return LT_ERANGE;
    }
    t.ply = (uint16_t)ply;
    t.quiet = (uint16_t)quiet;
    /* the end is decided by the position */
    if (t.kind[K_KING] && fs4_finished(&t)) {
        if (strcmp(dice, "-")) {
            lt_error_set(err, _("the game is over in this position: the dice "
                              "field must be '-'"));
            return LT_EILLEGAL;
        }
        t.phase = PH_OVER;
        t.die[0] = t.die[1] = 0;
    } else if ((st = read_dice(&t, dice, err)) != LT_OK) {
        return st;
    }
    if (!fs4_valid(&t, err))
        return LT_EILLEGAL;
    *s = t;
    return LT_OK;
}

static bool fail(lt_error *err, const char *msg)
{
    lt_error_set(err, "%s", msg);
    return false;
}

/* The invariants of four_seasons.h, with a message for the first one
 * that fails. */
bool fs4_valid(const fs4 *s, lt_error *err)
{
    const fs4_tables *t = fs4_tables_get();
    if (s->array >= ARRAYS || s->centre >= CENTRES || s->alfil >= ALFILS ||
        s->first > FIRST_OFF || s->dice > DICE_TWO || s->cap < CAP_MIN ||
        s->cap > CAP_MAX || s->turn >= SEATS || s->quiet > s->cap ||
        s->quiet > s->ply)
        return fail(err, "options or counters out of range");
    uint64_t all = 0, kinds = 0;
    for (int p = 0; p < SEATS; p++) {
        if (all & s->occ[p])
            return fail(err, "a square has two owners");
        all |= s->occ[p];
    }
    for (int k = 0; k < KINDS; k++) {
        if (kinds & s->kind[k])
            return fail(err, "a square holds two pieces");
        kinds |= s->kind[k];
    }
    if (all != kinds)
        return fail(err, "a piece without an owner");
    if (all & t->forbidden[s->centre])
        return fail(err, "a piece stands in the crossed-out centre");
    for (int d = 0; d < DIRS; d++)
        if (s->kind[K_PAWN + d] & t->edge[d])
            return fail(err, "a pawn stands on the edge where it would have "
                             "been promoted");
    /* pieces only change hands, so no kind outnumbers the four arrays */
    int pawns = 0;
    for (int k = 0; k < KINDS; k++) {
        int n = fs4_count(s->kind[k]);
        if (k >= K_PAWN || k == K_GENERAL)
            pawns += n;
        if (n > 4 && k != K_GENERAL)
            return fail(err, "more pieces of a kind than the four arrays have "
                             "(4 each; 4 pawns of each direction)");
    }
    if (pawns > 16)
        return fail(err, "more pawns and generals than the 16 pawns of the "
                         "arrays");
    if (!s->kind[K_KING])
        return fail(err, "no king is left");
    for (int p = 0; p < SEATS; p++) {
        int kings = fs4_count(s->occ[p] & s->kind[K_KING]);
        if (kings > 1)
            return fail(err, "a seat has two kings");
        if (!kings && s->occ[p])
            return fail(err, "a seat without a king has pieces left (a player "
                             "who is out owns nothing)");
        if (!kings && ((s->owe >> p) & 1))
            return fail(err, "a seat that is out owes a first move");
        int cause = fs4_out_cause(s->out[p]), by = fs4_out_by(s->out[p]);
        if (kings ? s->out[p] != OUT_IN : cause == OUT_IN || cause >= OUTS)
            return fail(err, "the seats out of the game (out:) must be those "
                             "without a king, each with how it went out");
        if ((cause == OUT_MATED || cause == OUT_TAKEN) ? by >= SEATS || by == p : by != 0)
            return fail(err, "a mate or a king taken names another seat, the "
                             "other ways none");
    }
    if (s->owe & ~fs4_first_seats(s->first))
        return fail(err, "first moves: only seats the first-move option "
                         "binds may owe one");
    unsigned seen = 0;
    for (int i = 0; i < SEATS; i++)
        seen |= s->recent[i] < SEATS ? 1u << s->recent[i] : 16u;
    if (seen != 0xf)
        return fail(err, "recent movers are not the four seats");
    bool over = fs4_finished(s);
    if (over != (s->phase == PH_OVER))
        return fail(err, "the game's end does not fit the position");
    if (over)
        return s->die[0] == 0 && s->die[1] == 0
                   ? true
                   : fail(err, "dice left after the end");
    if (!fs4_active(s, s->turn))
        return fail(err, "the seat to move is out of the game");
    bool dice_ok;
    switch (s->phase) {
    case PH_MOVE:
        dice_ok = s->die[1] == 0 &&
                  (s->dice ? s->die[0] >= 1 && s->die[0] <= 6 : s->die[0] == 0);
        break;
    case PH_ROLL: dice_ok = s->dice && !s->die[0] && !s->die[1]; break;
    case PH_CHOOSE:
        dice_ok = s->dice == DICE_TWO && s->die[0] <= 6 && s->die[1] >= 1 &&
                  s->die[0] > s->die[1];
        break;
    default: dice_ok = false;
    }
    if (!dice_ok)
        return fail(err, "the dice do not fit the dice option");
    /* RULES.md: a player with no legal move is out before his turn */
    if (!fs4_has_move(s, s->turn))
        return fail(err, "the seat to move has no legal move: he would "
                         "already be out");
    return true;
}
