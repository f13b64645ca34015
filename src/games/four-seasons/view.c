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
static const char *const seat_en[SEATS] = {"Green (spring)", "Red (summer)",
                                           "Black (autumn)", "White (winter)"};
static const char *const seat_pl[SEATS] = {"Zielone (wiosna)", "Czerwone (lato)",
                                           "Czarne (jesień)", "Białe (zima)"};
static const char *const short_en[SEATS] = {"green", "red", "black", "white"};
static const char *const short_pl[SEATS] = {"zielone", "czerwone", "czarne",
                                            "białe"};
static const char *const genitive_pl[SEATS] = {"zielonych", "czerwonych",
                                               "czarnych", "białych"};
static const char *const dir_en[DIRS] = {"north", "south", "east", "west"};
static const char *const dir_pl[DIRS] = {"na północ", "na południe",
                                         "na wschód", "na zachód"};
/* what each face of the die moves, 1..6 */
static const char *const face_en[7] = {"", "move a pawn", "move a bishop",
                                       "move a rook", "move a knight",
                                       "move a General or lose the turn",
                                       "move the king"};
static const char *const face_pl[7] = {"", "ruch piona", "ruch biskupa",
                                       "ruch wieży", "ruch rycerza",
                                       "ruch generała albo strata tury",
                                       "ruch króla"};

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
static void list_seats(const fs4 *s, bool pl, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int p = 0; p < SEATS; p++)
        if (fs4_active(s, p))
            lt_appendf(buf, size, &len, "%s%s", len ? ", " : "",
                       (pl ? short_pl : short_en)[p]);
}

/* Two kings and nothing else: neither can ever be eliminated. */
static bool bare_kings(const fs4 *s)
{
    return fs4_count(s->kind[K_KING]) == 2 && fs4_all(s) == s->kind[K_KING];
}

static void result(const fs4 *s, lt_view *v, bool pl)
{
    char names[64];
    list_seats(s, pl, names, sizeof names);
    if (fs4_count(s->kind[K_KING]) == 1)
        info(v, pl ? "Koniec: wygrywają %s, ostatni król na planszy"
                   : "Game over: %s wins, the last king standing", names);
    else if (bare_kings(s))
        info(v, pl ? "Koniec: remis, dwa samotne króle (%s)"
                   : "Game over: drawn, two bare kings (%s)", names);
    else
        info(v, pl ? "Koniec po %u turach: remis między %s"
                   : "Game over after %u turns: drawn among %s",
             (unsigned)s->ply, names);
}

/* How seat p went out: "Red mated by Green", "Czerwone (mat: Zielone)". */
static void out_text(const fs4 *s, int p, bool pl, char *buf, size_t size, size_t *len)
{
    const char *const *name = pl ? fs4_seats_pl : fs4_seats_en;
    const char *by = name[fs4_out_by(s->out[p])];
    switch (fs4_out_cause(s->out[p])) {
    case OUT_MATED:
        lt_appendf(buf, size, len, pl ? "%s (mat: %s)" : "%s mated by %s", name[p], by);
        break;
    case OUT_STALEMATED:
        lt_appendf(buf, size, len, pl ? "%s (pat)" : "%s stalemated", name[p]);
        break;
    case OUT_TAKEN:
        lt_appendf(buf, size, len, pl ? "%s (król zbity: %s)" : "%s's king taken by %s",
                   name[p], by);
        break;
    default:
        lt_appendf(buf, size, len, pl ? "%s (wyszły z gry)" : "%s left the game", name[p]);
    }
}

/* Seats of a set joined: "Green, Red and Black"; Polish "Zielone,
 * Czerwone, Czarne". */
static void join_seats(unsigned set, bool pl, char *buf, size_t size, size_t *len)
{
    int n = __builtin_popcount(set), k = 0;
    for (int p = 0; p < SEATS; p++)
        if (set >> p & 1) {
            k++;
            lt_appendf(buf, size, len, "%s%s",
                       k == 1 ? "" : k == n && !pl ? " and " : ", ",
                       (pl ? fs4_seats_pl : fs4_seats_en)[p]);
        }
}

int fs4_end_reason(const fs4 *s, char *buf, size_t size)
{
    int lang = lt_lang();
    bool pl = lang == LT_LANG_PL;
    unsigned in = 0;
    size_t len = 0;
    buf[0] = '\0';
    for (int p = 0; p < SEATS; p++)
        in |= (unsigned)fs4_active(s, p) << p;
    if (__builtin_popcount(in) == 1) {
        /* seed: "Ostatni pozostały gracz wygrywa" */
        lt_appendf(buf, size, &len, "%s", pl ? "ostatni król: " : "");
        join_seats(in, pl, buf, size, &len);
        lt_appendf(buf, size, &len, "%s", pl ? "" : " is the last king");
    } else if (bare_kings(s)) {
        lt_appendf(buf, size, &len, "%s", pl ? "remis: dwa samotne króle (" : "draw: two bare kings, ");
        join_seats(in, pl, buf, size, &len);
        lt_appendf(buf, size, &len, "%s",
                   pl ? ") nie mogą się wyeliminować" : ", cannot eliminate each other");
    } else {
        lt_appendf(buf, size, &len, "%s", pl ? "remis (" : "draw among ");
        join_seats(in, pl, buf, size, &len);
        lt_appendf(buf, size, &len,
                   pl ? "): limit %u tur bez bicia, promocji i eliminacji"
                      : ": %u turns without a capture, promotion or elimination",
                   (unsigned)s->cap);
    }
    const char *sep = pl ? "; poza grą: " : in & (in - 1) ? "; out: " : ": ";
    for (int p = 0; p < SEATS; p++)
        if (!(in >> p & 1)) {
            lt_appendf(buf, size, &len, "%s", sep);
            out_text(s, p, pl, buf, size, &len);
            sep = ", ";
        }
    return (int)len;
}

static void turn(const fs4 *s, lt_view *v, bool pl)
{
    const char *who = (pl ? seat_pl : seat_en)[s->turn];
    switch (s->phase) {
    case PH_ROLL:
        info(v, pl ? "%s rzucają kością" : "%s to roll", who);
        break;
    case PH_CHOOSE:
        info(v, pl ? "%s wybierają kość: %d (%s) lub %d (%s)"
                   : "%s to choose a die: %d (%s) or %d (%s)",
             who, s->die[0], (pl ? face_pl : face_en)[s->die[0]], s->die[1],
             (pl ? face_pl : face_en)[s->die[1]]);
        break;
    default:
        info(v, pl ? "%s na posunięciu" : "%s to move", who);
        if (s->dice) {
            info(v, pl ? "Kość %d: %s" : "Die %d: %s",
                 s->die[0], (pl ? face_pl : face_en)[s->die[0]]);
            lt_action acts[LT_MAX_ACTIONS];
            if (fs4_legal(s, acts) == 1 && acts[0] == A_PASS)
                info(v, pl ? "Brak takiego ruchu: tura stracona (pass)"
                           : "No such move: the turn is lost (pass)");
        }
    }
    if (fs4_first_rule_binds(s)) {
        int d = fs4_first_dir[s->array][s->turn];
        info(v, pl ? "Pierwszy ruch: w stronę %s (%s), jeśli się da"
                   : "First move: towards %s (%s) if possible",
             (pl ? genitive_pl : short_en)[(s->turn + 1) % SEATS],
             (pl ? dir_pl : dir_en)[d]);
    }
}

/* One line for every king in check, and who gives it. */
static void checks(const fs4 *s, lt_view *v, bool pl)
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
        lt_appendf(line, sizeof line, &len, "%s%s (%s ", len ? "; " : "",
                   (pl ? short_pl : short_en)[p], pl ? "przez" : "by");
        bool first = true;
        for (int q = 0; q < SEATS; q++)
            if (s->occ[q] & a) {
                lt_appendf(line, sizeof line, &len, "%s%s", first ? "" : ", ",
                           (pl ? short_pl : short_en)[q]);
                first = false;
            }
        lt_appendf(line, sizeof line, &len, ")");
    }
    if (len)
        info(v, pl ? "Szachowane: %s" : "In check: %s", line);
}

void fs4_render(const fs4 *s, lt_view *v)
{
    bool pl = lt_lang() == LT_LANG_PL;
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
        result(s, v, pl);
    else
        turn(s, v, pl);
    checks(s, v, pl);
    for (int p = 0; p < SEATS; p++)
        if (!fs4_active(s, p)) {
            char line[96];
            size_t len = 0;
            line[0] = '\0';
            out_text(s, p, pl, line, sizeof line, &len);
            info(v, pl ? "Poza grą: %s" : "Out: %s", line);
        }
    info(v, pl ? "Tura %u; bez bicia: %u z %u" : "Turn %u; %u of %u without a capture",
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
