/* notation.c — Medh Kuu Lash: names of actions, and the position text.
 *
 * Actions: a throw "3-5" (green's die first, wooden's second); "roll";
 * "pass-M3" (drop that morning piece); "G1-G6" (a move or fall, from and
 * to); "G1=W1" (a swap); "keep" (two own pieces swapped: no change);
 * "push-M5" (the push chain goes that way and ends on M5); "xG3" (remove
 * the piece on G3); "back-G5", "add-M4" (the placements of §8).
 *
 * Position: the rows W1..W8 / M1..M8 / G1..G8 (g green, w wooden, .
 * empty), the side to act (g, w, or - before the start and after a draw),
 * the phase, and the number of turns played:
 *   wwwwwwww/......../gggggggg - open 0
 * Phases: open, start, roll, won, drawn; deed:D, push:D:CELL,
 * back:D:C:R, add:D:C:R, remove:D:R, where D is the throw ("3-5"), C the
 * colour of the piece being placed and R the removals still due. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "ludoteka/dice.h"
#include "ludoteka/text.h"
#include "medh.h"

static const char piece_char[] = ".gw";

static lt_action dice_action(const medh *s)
{
    return lt_dice_encode(2, (int[]){s->die[0], s->die[1]});
}

int medh_action_name(const medh *s, lt_action a, char *buf, size_t size)
{
    if (a < A_ROLL)
        return lt_dice_name(a, 2, buf, size);
    if (a == A_ROLL)
        return snprintf(buf, size, "roll");
    if (a < A_GO)
        return snprintf(buf, size, "pass-M%d", a - A_PASS + 1);
    if (a < A_SWAP)
        return snprintf(buf, size, "%s-%s", medh_cell_name(a - A_GO),
                        medh_cell_name(medh_landing(s, a - A_GO)));
    if (a < A_KEEP)
        return snprintf(buf, size, "%s=%s", medh_cell_name((a - A_SWAP) / CELLS),
                        medh_cell_name((a - A_SWAP) % CELLS));
    if (a == A_KEEP)
        return snprintf(buf, size, "keep");
    if (a < A_REMOVE)
        return snprintf(buf, size, "push-%s",
                        medh_cell_name(medh_chain_end(s, a - A_PUSH)));
    if (a < A_BACK)
        return snprintf(buf, size, "x%s", medh_cell_name(a - A_REMOVE));
    if (a < A_ADD)
        return snprintf(buf, size, "back-%s", medh_cell_name(a - A_BACK));
    return snprintf(buf, size, "add-%s", medh_cell_name(a - A_ADD));
}

/* A whole cell name, or -1. */
static int whole_cell(const char *text)
{
    int len = 0, c = medh_cell_parse(text, &len);
    return c >= 0 && text[len] == '\0' ? c : -1;
}

/* "WORD-CELL" with this word: the cell, or -1. */
static int after_word(const char *text, const char *word)
{
    size_t n = strlen(word);
    return strncasecmp(text, word, n) == 0 ? whole_cell(text + n) : -1;
}

lt_status medh_parse_action(const medh *s, const char *text,
                            lt_action *out)
{
    int c, len = 0;
    if (strcasecmp(text, "roll") == 0 || strcasecmp(text, "keep") == 0) {
        *out = tolower((unsigned char)text[0]) == 'r' ? A_ROLL : A_KEEP;
        return LT_OK;
    }
    if ((c = after_word(text, "pass-")) >= MORNING0) {
        *out = A_PASS + c - MORNING0;
        return LT_OK;
    }
    if ((c = after_word(text, "x")) >= 0 || (c = after_word(text, "back-")) >= 0 ||
        (c = after_word(text, "add-")) >= 0) {
        int first = tolower((unsigned char)text[0]);
        *out = (first == 'x' ? A_REMOVE : first == 'b' ? A_BACK : A_ADD) + c;
        return LT_OK;
    }
    if ((c = after_word(text, "push-")) >= 0) {
        for (int d = 0; d < 2 && s->phase == PUSH; d++)
            if (medh_chain_end(s, d) == c) {
                *out = A_PUSH + d;
                return LT_OK;
            }
        return LT_EILLEGAL;
    }
    int from = medh_cell_parse(text, &len);
    if (from >= 0 && (text[len] == '-' || text[len] == '=')) {
        int to = whole_cell(text + len + 1);
        if (to < 0)
            return LT_ESYNTAX;
        if (text[len] == '=') { /* a swap: either order */
            int a = from < to ? from : to, b = from < to ? to : from;
            *out = A_SWAP + a * CELLS + b;
            return a != b ? LT_OK : LT_EILLEGAL;
        }
        *out = A_GO + from;
        return medh_landing(s, from) == to ? LT_OK : LT_EILLEGAL;
    }
    return lt_dice_parse(text, 2, out);
}

static int write_dice(const medh *s, char *buf, size_t size)
{
    return lt_dice_name(dice_action(s), 2, buf, size);
}

int medh_write_state(const medh *s, char *buf, size_t size)
{
    char rows[3 * COLS + 3], d[8], phase[32];
    int n = 0;
    for (int k = 0; k < COLS; k++)
        rows[n++] = piece_char[s->cell[own_peak(WOODEN, k)]];
    rows[n++] = '/';
    for (int k = 0; k < COLS; k++)
        rows[n++] = piece_char[s->cell[MORNING0 + k]];
    rows[n++] = '/';
    for (int k = 0; k < COLS; k++)
        rows[n++] = piece_char[s->cell[own_peak(GREEN, k)]];
    rows[n] = '\0';
    if (s->die[0])
        write_dice(s, d, sizeof d);
    int placed = s->phase == BACK ? s->victim : opposite(s->victim);
    switch (s->phase) {
    case OPENING: snprintf(phase, sizeof phase, "open"); break;
    case START: snprintf(phase, sizeof phase, "start"); break;
    case ROLL: snprintf(phase, sizeof phase, "roll"); break;
    case DEED: snprintf(phase, sizeof phase, "deed:%s", d); break;
    case PUSH:
        snprintf(phase, sizeof phase, "push:%s:%s", d, medh_cell_name(s->from));
        break;
    case BACK:
    case ADD:
        snprintf(phase, sizeof phase, "%s:%s:%c:%u", s->phase == BACK ? "back" : "add",
                 d, piece_char[placed], (unsigned)s->removals);
        break;
    case REMOVE:
        snprintf(phase, sizeof phase, "remove:%s:%u", d, (unsigned)s->removals);
        break;
    case WON: snprintf(phase, sizeof phase, "won"); break;
    default: snprintf(phase, sizeof phase, "drawn"); break;
    }
    char side = s->phase == OPENING || s->phase == DRAWN ? '-' : "gw"[s->turn];
    return snprintf(buf, size, "%s %c %s %u", rows, side, phase,
                    (unsigned)s->turns);
}

/* The phase token into t; false if it is not one. */
static bool read_phase(medh *t, const char *tok)
{
    static const char *const words[] = {"open", "start", "roll", "deed", "push",
                                        "back", "add", "remove", "won", "drawn"};
    size_t n = strcspn(tok, ":");
    int phase = -1;
    for (int i = 0; i <= DRAWN; i++)
        if (strlen(words[i]) == n && strncasecmp(tok, words[i], n) == 0)
            phase = i;
    if (phase < 0)
        return false;
    t->phase = (uint8_t)phase;
    const char *rest = tok + n;
    if (phase < DEED || phase > REMOVE)
        return *rest == '\0';
    /* ":3-5", then what the phase needs */
    char d[4];
    lt_action dice;
    if (rest[0] != ':' || strlen(rest) < 4)
        return false;
    memcpy(d, rest + 1, 3);
    d[3] = '\0';
    if (lt_dice_parse(d, 2, &dice) != LT_OK)
        return false;
    int faces[2];
    lt_dice_decode(dice, 2, faces);
    t->die[0] = (uint8_t)faces[0];
    t->die[1] = (uint8_t)faces[1];
    rest += 4;
    if (phase == DEED)
        return *rest == '\0';
    if (phase == PUSH) {
        int c = rest[0] == ':' ? whole_cell(rest + 1) : -1;
        t->from = (uint8_t)(c < 0 ? 0 : c);
        return c >= 0;
    }
    if (phase == BACK || phase == ADD) {
        const char *p = rest[0] == ':' ? strchr("gw", tolower((unsigned char)rest[1])) : NULL;
        if (!p || !rest[1] || rest[2] != ':')
            return false;
        int placed = (int)(p - "gw") + GREEN;
        t->victim = (uint8_t)(phase == BACK ? placed : opposite(placed));
        rest += 2;
    }
    if (rest[0] != ':' || rest[1] < '0' || rest[1] > '2' || rest[2])
        return false;
    t->removals = (uint8_t)(rest[1] - '0');
    return true;
}

lt_status medh_read_state(medh *s, const char *text, lt_error *err)
{
    medh t = *s;
    memset(t.cell, 0, sizeof t.cell);
    t.turn = t.die[0] = t.die[1] = t.from = t.victim = t.removals = 0;
    const char *p = text;
    while (isspace((unsigned char)*p))
        p++;
    for (int row = 0; row < 3; row++) {
        for (int k = 0; k < COLS; k++, p++) {
            const char *c = *p ? strchr(piece_char, tolower((unsigned char)*p)) : NULL;
            if (!c) {
                lt_error_set(err, _("board: expected g, w or . in row %d, found '%.1s' "
                                  "(rows W1..W8/M1..M8/G1..G8)"), row + 1, p);
                return LT_ESYNTAX;
            }
            int cell = row == 0 ? own_peak(WOODEN, k) : row == 1 ? MORNING0 + k
                                                                 : own_peak(GREEN, k);
            t.cell[cell] = (uint8_t)(c - piece_char);
        }
        if (row < 2 && *p++ != '/') {
            lt_error_set(err, _("board: expected '/' after row %d of 8 cells"), row + 1);
            return LT_ESYNTAX;
        }
    }
    char side[4], phase[32];
    unsigned turns;
    int used = 0;
    if (sscanf(p, " %3s %31s %u%n", side, phase, &turns, &used) != 3 ||
        strspn(p + used, " \t\r\n") != strlen(p + used) || strlen(side) != 1 ||
        !strchr("gw-", tolower((unsigned char)side[0])) || !read_phase(&t, phase)) {
        lt_error_set(err, _("expected the board, the side (g, w or -), the phase "
                          "and the turns played, e.g. "
                          "'wwwwwwww/......../gggggggg g deed:3-5 0'"));
        return LT_ESYNTAX;
    }
    bool none = side[0] == '-';
    if (none != (t.phase == OPENING || t.phase == DRAWN)) {
        lt_error_set(err, _("side '-' is for the opening throw and a draw only"));
        return LT_EILLEGAL;
    }
    t.turn = tolower((unsigned char)side[0]) == 'w';
    if (turns > CAP_MAX) {
        lt_error_set(err, _("turns played: at most %d"), CAP_MAX);
        return LT_ERANGE;
    }
    t.turns = (uint16_t)turns;
    lt_status status = medh_check(&t, err);
    if (status == LT_OK)
        *s = t;
    return status;
}
