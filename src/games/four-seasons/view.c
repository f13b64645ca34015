/* view.c — Four Seasons chess as the front ends draw it: the board with
 * its crossed-out centre, the pieces of the four seasons, the dice and
 * what the turn is about. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "four_seasons.h"
#include "ludoteka/text.h"

const char *const fs4_seats[SEATS] = {N_("Green"), N_("Red"), N_("Black"),
                                      N_("White")};
/* The names the view uses, all shown through _() or P_(). */
static const char *const seat_season[SEATS] = {
    N_("Green (spring)"), N_("Red (summer)"), N_("Black (autumn)"),
    N_("White (winter)")};
static const char *const short_name[SEATS] = {N_("green"), N_("red"),
                                              N_("black"), N_("white")};
/* after "towards": Polish "w stronę zielonych" */
static const char *const genitive[SEATS] = {
    NC_("genitive", "green"), NC_("genitive", "red"),
    NC_("genitive", "black"), NC_("genitive", "white")};
static const char *const dir_name[DIRS] = {
    NC_("direction of a move", "north"), NC_("direction of a move", "south"),
    NC_("direction of a move", "east"), NC_("direction of a move", "west")};
/* what each face of the die moves, 1..6 */
static const char *const face_name[7] = {NULL, N_("move a pawn"), N_("move a bishop"),
                                         N_("move a rook"), N_("move a knight"),
                                         N_("move a General or lose the turn"),
                                         N_("move the king")};

static const char *face(int f)
{
    return f >= 1 && f <= 6 ? _(face_name[f]) : "";
}

static const char piece_text[K_PAWN][2] = {"K", "R", "N", "B", "G"};
static const char *const piece_glyph[K_PAWN] = {"\u2654", "\u2656", "\u2658",
                                                "\u2657", "\u2655"};
static const char pawn_arrow[DIRS] = {'^', 'v', '>', '<'};
static const char *const pawn_glyph[DIRS] = {"\u2659\u2191", "\u2659\u2193",
                                             "\u2659\u2192", "\u2659\u2190"};

static void info(lt_view *v, const char *fmt, ...) LT_PRINTF(2, 3);
static void info(lt_view *v, const char *fmt, ...)
{
    if (v->ninfo >= LT_VIEW_INFO)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->info[v->ninfo++], sizeof v->info[0], fmt, ap);
    va_end(ap);
}

static void board(const fs4 *s, lt_view *v)
{
    uint64_t forbidden = fs4_tables_get()->forbidden[s->centre];
    v->width = v->height = 8;
    v->ncells = SQUARES;
    v->nboards = 1;
    for (int sq = 0; sq < SQUARES; sq++) {
        int f = sq % 8, r = sq / 8;
        lt_cell *c = &v->cells[sq];
        *c = (lt_cell){.x = (int16_t)f, .y = (int16_t)(7 - r),
                       .shape = LT_SHAPE_SQUARE,
                       .shade = forbidden & fs4_bit(sq) ? LT_SHADE_BLOCKED
                                : (f + r) % 2 == 0     ? LT_SHADE_DARK
                                                       : LT_SHADE_LIGHT};
        fs4_square_name(sq, c->name);
        int k = fs4_kind_at(s, sq);
        if (k < 0)
            continue;
        lt_piece *p = &v->pieces[v->npieces++];
        *p = (lt_piece){.cell = (int16_t)sq,
                        .owner = (int8_t)fs4_owner_at(s, sq),
                        .kind = (uint8_t)k};
        /* the owner's letter, the piece, a pawn's direction: "gK", "rP^" */
        p->text[0] = fs4_seat_letters[p->owner];
        p->text[1] = k < K_PAWN ? piece_text[k][0] : 'P';
        p->text[2] = k < K_PAWN ? '\0' : pawn_arrow[k - K_PAWN];
        lt_copy(p->glyph, sizeof p->glyph,
                k < K_PAWN ? piece_glyph[k] : pawn_glyph[k - K_PAWN]);
    }
}

/* The seats still in the game: "green, red". */
static void list_seats(const fs4 *s, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int p = 0; p < SEATS; p++)
        if (fs4_active(s, p))
            lt_appendf(buf, size, &len, "%s%s", len ? ", " : "",
                       _(short_name[p]));
}

/* Two kings and nothing else: neither can ever be eliminated. */
static bool bare_kings(const fs4 *s)
{
    return fs4_count(s->kind[K_KING]) == 2 && fs4_all(s) == s->kind[K_KING];
}

static void result(const fs4 *s, lt_view *v)
{
    char names[64];
    list_seats(s, names, sizeof names);
    if (fs4_count(s->kind[K_KING]) == 1)
        info(v, _("Game over: %s wins, the last king standing"), names);
    else if (bare_kings(s))
        info(v, _("Game over: drawn, two bare kings (%s)"), names);
    else
        info(v, lt_ngettext("Game over after %u turn: drawn among %s",
                            "Game over after %u turns: drawn among %s", s->ply),
             (unsigned)s->ply, names);
}

/* How seat p went out: "Red mated by Green", "Czerwone (mat: Zielone)". */
static void out_text(const fs4 *s, int p, char *buf, size_t size, size_t *len)
{
    const char *name = _(fs4_seats[p]), *by = _(fs4_seats[fs4_out_by(s->out[p])]);
    switch (fs4_out_cause(s->out[p])) {
    case OUT_MATED:
        lt_appendf(buf, size, len, _("%s mated by %s"), name, by);
        break;
    case OUT_STALEMATED:
        lt_appendf(buf, size, len, _("%s stalemated"), name);
        break;
    case OUT_TAKEN:
        lt_appendf(buf, size, len, _("%s's king taken by %s"), name, by);
        break;
    default:
        lt_appendf(buf, size, len, _("%s left the game"), name);
    }
}

/* Seats of a set joined: "Green, Red and Black"; Polish "Zielone,
 * Czerwone, Czarne". */
static void join_seats(unsigned set, char *buf, size_t size)
{
    char head[64];
    size_t len = 0;
    int last = -1;
    head[0] = '\0';
    for (int p = 0; p < SEATS; p++)
        if (set >> p & 1) {
            if (last >= 0)
                lt_appendf(head, sizeof head, &len, "%s%s", len ? ", " : "",
                           _(fs4_seats[last]));
            last = p;
        }
    if (len)
        /* TRANSLATORS: the last two seats of a list: "Green, Red and Black"
         * (the first %s may itself be a list) */
        snprintf(buf, size, P_("list of seats", "%s and %s"), head, _(fs4_seats[last]));
    else
        snprintf(buf, size, "%s", last >= 0 ? _(fs4_seats[last]) : "");
}

int fs4_end_reason(const fs4 *s, char *buf, size_t size)
{
    unsigned in = 0;
    size_t len = 0;
    buf[0] = '\0';
    for (int p = 0; p < SEATS; p++)
        in |= (unsigned)fs4_active(s, p) << p;
    /* the seats in the game, and how the others went out */
    char names[64], outs[192];
    size_t olen = 0;
    join_seats(in, names, sizeof names);
    outs[0] = '\0';
    for (int p = 0; p < SEATS; p++)
        if (!(in >> p & 1)) {
            lt_appendf(outs, sizeof outs, &olen, "%s", olen ? ", " : "");
            out_text(s, p, outs, sizeof outs, &olen);
        }
    if (__builtin_popcount(in) == 1)
        /* seed: "Ostatni pozostały gracz wygrywa" */
        lt_appendf(buf, size, &len, _("%s is the last king: %s"), names, outs);
    else if (bare_kings(s))
        lt_appendf(buf, size, &len,
                   _("draw: two bare kings, %s, cannot eliminate each other; out: %s"),
                   names, outs);
    else if (!olen)
        /* the survivors, who share the pot, are the result's to name */
        lt_appendf(buf, size, &len,
                   _("draw: %u turns without a capture, promotion or elimination"),
                   (unsigned)s->cap);
    else
        lt_appendf(buf, size, &len,
                   _("draw: %u turns without a capture, promotion or elimination; "
                     "out: %s"),
                   (unsigned)s->cap, outs);
    return (int)len;
}

static void turn(const fs4 *s, lt_view *v)
{
    const char *who = _(seat_season[s->turn]);
    switch (s->phase) {
    case PH_ROLL:
        info(v, _("%s to roll"), who);
        break;
    case PH_CHOOSE:
        info(v, _("%s to choose a die: %d (%s) or %d (%s)"),
             who, s->die[0], face(s->die[0]), s->die[1], face(s->die[1]));
        break;
    default:
        info(v, _("%s to move"), who);
        if (s->dice) {
            info(v, _("Die %d: %s"), s->die[0], face(s->die[0]));
            lt_action acts[LT_MAX_ACTIONS];
            if (fs4_legal_actions(s, acts) == 1 && acts[0] == A_PASS)
                info(v, "%s", _("No such move: the turn is lost (pass)"));
        }
    }
    if (fs4_first_rule_binds(s)) {
        int d = fs4_first_dir[s->array][s->turn];
        info(v, _("First move: towards %s (%s) if possible"),
             P_("genitive", genitive[(s->turn + 1) % SEATS]),
             P_("direction of a move", dir_name[d]));
    }
}

/* One line for every king in check, and who gives it. */
static void checks(const fs4 *s, lt_view *v)
{
    uint64_t all = fs4_all(s);
    uint64_t blockers = all | fs4_tables_get()->forbidden[s->centre];
    char line[96];
    size_t len = 0;
    line[0] = '\0';
    for (int p = 0; p < SEATS; p++) {
        if (!fs4_active(s, p))
            continue;
        uint64_t a = fs4_attackers(s, fs4_king(s, p), all & ~s->occ[p], blockers);
        if (!a)
            continue;
        if (v->nchecks < LT_VIEW_CHECKS)
            v->check[v->nchecks++] = (int16_t)fs4_king(s, p);
        char by[64];
        size_t blen = 0;
        by[0] = '\0';
        for (int q = 0; q < SEATS; q++)
            if (s->occ[q] & a)
                lt_appendf(by, sizeof by, &blen, "%s%s", blen ? ", " : "",
                           _(short_name[q]));
        lt_appendf(line, sizeof line, &len, "%s", len ? "; " : "");
        /* TRANSLATORS: a king in check and the seats that give it:
         * "green (by red, black)" */
        lt_appendf(line, sizeof line, &len, _("%s (by %s)"), _(short_name[p]), by);
    }
    if (len)
        info(v, _("In check: %s"), line);
}

void fs4_render(const fs4 *s, lt_view *v)
{
    board(s, v);
    if (s->dice && s->phase != PH_OVER) {
        bool two = s->phase == PH_CHOOSE ||
                   (s->phase == PH_ROLL && s->dice == DICE_TWO);
        int n = two ? 2 : 1;
        for (int i = 0; i < n; i++)
            v->dice[v->ndice++] = (lt_die){.owner = (int8_t)s->turn,
                                           .value = s->die[i]};
    }
    if (s->phase == PH_OVER)
        result(s, v);
    else
        turn(s, v);
    checks(s, v);
    for (int p = 0; p < SEATS; p++)
        if (!fs4_active(s, p)) {
            char line[96];
            size_t len = 0;
            line[0] = '\0';
            out_text(s, p, line, sizeof line, &len);
            info(v, _("Out: %s"), line);
        }
    info(v, _("Turn %u; %u of %u without a capture"),
         (unsigned)s->ply + (s->phase != PH_OVER), (unsigned)s->quiet, (unsigned)s->cap);
}

int fs4_action_cells(const fs4 *s, lt_action a, int *cells, int max)
{
    (void)s;
    if (a >= A_PASS || max < 2)
        return 0;
    cells[0] = a / SQUARES;
    cells[1] = a % SQUARES;
    return 2;
}
