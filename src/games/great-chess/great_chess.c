/* great_chess.c — Great Chess (seed 000, "Wielkie Szachy"; Grande Acedrex)
 * as an lt_game: a thin adapter over the board beside it (gc.h).
 * The rules and the readings we chose are in RULES.md beside this file. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "great_chess.h"
#include "ludoteka/adapt.h"
#include "ludoteka/cpu.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"

/* Actions: from * 144 + to, squares numbered rank * 12 + file (a1 = 0). */
enum { NUM_ACTIONS = GC_CELLS * GC_CELLS };
enum { END_NONE, END_MATE, END_STALEMATE, END_CAP };
enum { OPT_UNICORN, OPT_KINGLEAP, OPT_CAP };
enum { CAP_MIN = 10, CAP_MAX = 400, CAP_DEFAULT = 200 };

static const char *const unicorns[] = {
    NC_("option value", "seed"), NC_("option value", "all"), NULL};
static const char *const leaps[] = {
    NC_("option value", "capture"), NC_("option value", "quiet"),
    NC_("option value", "cazaux"), NC_("option value", "forward"), NULL};

static const lt_option options[] = {
    {NC_("option", "unicorn"), unicorns, 0, 0, GC_UNICORN_SEED,
     N_("after its knight leap the unicorn may slide on diagonally: seed (only "
        "after a forward leap); all (after any leap, as Cazaux and "
        "Fairy-Max)")},
    {NC_("option", "kingleap"), leaps, 0, 0, GC_LEAP_CAPTURE,
     N_("the king's first-move two-square leap: capture (the source: may "
        "capture, also in check); quiet (never captures, as Fairy-Max); cazaux "
        "(never captures, not out of check, not over an attacked square); "
        "forward (Ludii: only forwards, may capture)")},
    {NC_("option", "cap"), NULL, CAP_MIN, CAP_MAX, CAP_DEFAULT,
     N_("the game is drawn after this many moves in a row (both players' "
        "counted) without a capture or a pawn move")},
    {NULL, NULL, 0, 0, 0, NULL}};

/* Decides whether the game is over, from the position and its guard. */
static void decide(great *s)
{
    /* (a safe king's move is a move) */
    int o = gc_outcome(&s->pos, s->king || gc_has_legal(&s->pos, &s->guard));
    s->result = PLAYING;
    s->end = END_NONE;
    if (o == 2) {
        s->result = DRAWN;
        s->end = END_CAP;
    } else if (o) {
        bool mover_wins = o > 0;
        s->result = (s->pos.side == 0) == mover_wins ? WHITE_WON : BLACK_WON;
        s->end = s->guard.in_check ? END_MATE : END_STALEMATE;
    }
}

/* ... from the position alone. */
static void settle(great *s)
{
    gc_guard_game(&s->pos, &s->guard, &s->king);
    decide(s);
}

static lt_status init(great *s, const lt_config *cfg)
{
    memset(s, 0, sizeof *s);
    gc_rules rules = {(uint8_t)cfg->value[OPT_UNICORN],
                      (uint8_t)cfg->value[OPT_KINGLEAP],
                      (uint16_t)cfg->value[OPT_CAP]};
    gc_clear(&s->pos, rules);
    char msg[GC_MSG];
    if (!gc_read(&s->pos, gc_start_fen, msg))
        return LT_EILLEGAL;
    settle(s);
    return LT_OK;
}

static int current_player(const great *s)
{
    return s->result == PLAYING ? s->pos.side : LT_TERMINAL;
}

static gc_move move_of(lt_action a)
{
    return GC_MOVE(gc_cell_sq(a / GC_CELLS), gc_cell_sq(a % GC_CELLS));
}

static int legal_actions(const great *s, lt_action *out)
{
    return gc_legal_actions(&s->pos, &s->guard, s->king, out);
}

/* The square of the set that is k-th in ascending order (k less than
 * its count). */
static inline int set_nth(const gc_set *set, unsigned k)
{
    int w = 0;
    for (unsigned c; k >= (c = (unsigned)__builtin_popcountll(set->w[w])); w++)
        k -= c;
    uint64_t bits = set->w[w];
    for (; k; k--)
        bits &= bits - 1;
    return GC_FIRST + 64 * w + __builtin_ctzll(bits);
}

/* legal_actions' out[lt_rng_below(r, n)] without writing them: each
 * piece's moves counted from its set (the king's from its bits), then
 * the drawn one found in the set of its piece. */
static inline __attribute__((always_inline)) lt_action draw(const great *s,
                                                             lt_rng *r)
{
    gc_piece_moves m;
    gc_legal_sets(&s->pos, &s->guard, s->king, &m);
    unsigned end[GC_PIECES], total = 0;
    unsigned king = (unsigned)__builtin_popcount(m.king_to);
    for (int i = 0; i < m.n; i++)
        end[i] = total += (unsigned)gc_set_count(&m.to[i]) + (i == m.king ? king : 0);
    unsigned k = (unsigned)lt_rng_below(r, total);
    int i = 0;
    while (end[i] <= k)
        i++;
    k -= i ? end[i - 1] : 0;
    int to;
    if (i == m.king) {
        uint32_t bits = m.king_to;
        for (; k; k--)
            bits &= bits - 1;
        to = s->pos.king[s->pos.side] + gc_zone_offset(__builtin_ctz(bits));
    } else {
        to = set_nth(&m.to[i], k);
    }
    return gc_cell(m.from[i]) * GC_CELLS + gc_cell(to);
}

/* The counts by the POPCNT instruction where the processor has it. */
LT_POPCNT_TARGET static lt_action draw_popcnt(const great *s, lt_rng *r)
{
    return draw(s, r);
}

static lt_action random_action(const great *s, lt_rng *r)
{
    if (lt_has_popcnt())
        return draw_popcnt(s, r);
    return draw(s, r);
}

static void apply(great *s, lt_action a)
{
    gc_undo u;
    gc_move m = move_of(a);
    gc_make(&s->pos, m, &u);
    gc_guard_after(&s->pos, m, &s->guard, &s->king);
    decide(s);
}

static void returns(const great *s, double *out)
{
    out[0] = s->result == WHITE_WON ? 1 : s->result == BLACK_WON ? -1 : 0;
    out[1] = -out[0];
}

/* How the game ended (RULES.md, Endings): mate, the seed's stalemate
 * rule with the step that decided it, the cap. */
static int end_reason(const great *s, char *buf, size_t size)
{
    if (s->end == END_CAP)
        return snprintf(buf, size,
                        lt_ngettext("draw: %u move without a capture or a pawn move",
                                    "draw: %u moves without a capture or a pawn move",
                                    s->pos.rules.cap),
                        (unsigned)s->pos.rules.cap);
    if (s->end == END_MATE)
        return snprintf(buf, size, "%s", _("checkmate"));
    /* seed: the stalemated side (to move) wins with more pieces, or more
     * of the highest rank where the counts differ, or else the side that
     * made the last move wins */
    /* "with more pawns": Polish needs the genitive plural */
    static const char *const types[GC_NTYPES] = {
        "", NC_("genitive", "pawns"), NC_("genitive", "giraffes"),
        NC_("genitive", "crocodiles"), NC_("genitive", "lions"), NC_("genitive", "rooks"),
        NC_("genitive", "unicorns"), NC_("genitive", "Aancas"), ""};
    const gc_pos *p = &s->pos;
    int type, winner = s->result == BLACK_WON, total[2] = {0, 0};
    bool wins;
    int rule = gc_stalemate_rule(p, &type, &wins);
    for (int c = 0; c < 2; c++)
        for (int t = GC_PAWN; t <= GC_KING; t++)
            total[c] += p->count[c][t];
    if (rule == GC_STALE_MORE)
        return snprintf(buf, size,
                        winner ? _("stalemate: Black wins with more pieces (%d to %d)")
                               : _("stalemate: White wins with more pieces (%d to %d)"),
                        total[winner], total[!winner]);
    if (rule == GC_STALE_HIGHER)
        return snprintf(buf, size,
                        winner ? _("stalemate: Black wins, equal in pieces, with more %s "
                                   "(%d to %d)")
                               : _("stalemate: White wins, equal in pieces, with more %s "
                                   "(%d to %d)"),
                        *types[type] ? P_("genitive", types[type]) : "",
                        p->count[winner][type], p->count[!winner][type]);
    return snprintf(buf, size, "%s",
                    winner ? _("stalemate: Black wins, all pieces equal, by making the last "
                               "move")
                           : _("stalemate: White wins, all pieces equal, by making the last "
                               "move"));
}

/* FIDE 6.9 read for this game (RULES.md): a lone king can neither mate
 * nor win by stalemate (a stalemate goes to the side with more pieces,
 * and a lone king never stalemates a lone king); anything more could. */
static bool can_win(const great *s, int seat)
{
    int pieces = 0;
    for (int t = GC_PAWN; t < GC_KING; t++)
        pieces += s->pos.count[seat][t];
    return pieces > 0;
}

static int square_name(int sq, char *buf)
{
    return sprintf(buf, "%c%d", 'a' + gc_file(sq), gc_rank(sq) + 1);
}

/* "g1-g3"; a promotion adds the new piece: "f11-f12=A". */
static int action_name(const great *s, lt_action a, char *buf, size_t size)
{
    gc_move m = move_of(a);
    char from[8], to[8], promo[3] = "";
    square_name(GC_FROM(m), from);
    square_name(GC_TO(m), to);
    if (gc_promotes(&s->pos, m))
        sprintf(promo, "=%c", gc_letters[gc_promotion[gc_file(GC_TO(m))]]);
    return snprintf(buf, size, "%s-%s%s", from, to, promo);
}

/* The coordinates XBoard and Fairy-Max use: "g1g3", "e11f12a" (ranks
 * 10-12 in two digits, the promoted piece in lower case). */
/* A promotion with the piece letters of the reader's language. */
static int display_name(const great *s, lt_action a, char *buf, size_t size)
{
    char name[32];
    int n = action_name(s, a, name, sizeof name);
    /* TRANSLATORS: Great Chess: the letters of the giraffe, crocodile,
     * lion, rook, unicorn, aanca and king ("=L" promotes to a lion);
     * seven different ASCII capitals */
    lt_swap_letters(name, "GCLRUAK", P_("great chess pieces", "GCLRUAK"), buf,
                    size);
    return n;
}

static int coord_name(const great *s, lt_action a, char *buf, size_t size)
{
    gc_move m = move_of(a);
    char from[8], to[8], promo[2] = "";
    square_name(GC_FROM(m), from);
    square_name(GC_TO(m), to);
    if (gc_promotes(&s->pos, m))
        promo[0] = (char)tolower(gc_letters[gc_promotion[gc_file(GC_TO(m))]]);
    return snprintf(buf, size, "%s%s%s", from, to, promo);
}

/* Reads a square "a1".."l12"; returns the characters used, 0 if none. */
static int parse_square(const char *t, int *sq)
{
    int f = tolower((unsigned char)t[0]) - 'a';
    if (f < 0 || f >= GC_FILES || !isdigit((unsigned char)t[1]))
        return 0;
    int r = t[1] - '0', n = 2;
    if (isdigit((unsigned char)t[2]))
        r = r * 10 + (t[n++] - '0');
    if (r < 1 || r > GC_RANKS)
        return 0;
    *sq = gc_sq(f, r - 1);
    return n;
}

/* "g1-g3", "g1xg3", "g1g3"; promotions "f11-f12=A", "f11f12a" or without
 * the piece, which the file decides. */
static lt_status parse_action(const great *s, const char *text,
                              lt_action *out)
{
    int from, to, n = parse_square(text, &from);
    if (!n)
        return LT_ESYNTAX;
    text += n;
    if (*text == '-' || *text == 'x' || *text == 'X')
        text++;
    if (!(n = parse_square(text, &to)))
        return LT_ESYNTAX;
    text += n;
    gc_move m = GC_MOVE(from, to);
    if (*text) {
        if (*text == '=')
            text++;
        int letter = toupper((unsigned char)*text);
        if (!letter || text[1] || !strchr("AURLCG", letter))
            return LT_ESYNTAX;
        if (!gc_promotes(&s->pos, m) ||
            letter != gc_letters[gc_promotion[gc_file(to)]])
            return LT_EILLEGAL; /* the file decides the piece */
    }
    *out = gc_cell(from) * GC_CELLS + gc_cell(to);
    return LT_OK;
}

static int write_state(const great *s, char *buf, size_t size)
{
    return gc_write(&s->pos, buf, (int)size);
}

static lt_status read_state(great *s, const char *text, lt_error *err)
{
    great t = *s;
    char msg[GC_MSG];
    if (!gc_read(&t.pos, text, msg)) {
        lt_error_set(err, "%s", msg);
        return LT_ESYNTAX;
    }
    settle(&t);
    *s = t;
    return LT_OK;
}

static const char *const glyphs[2][GC_NTYPES] = {
    {"", "\u2659", "", "\u2657", "", "\u2656", "", "", "\u2654"},
    {"", "\u265f", "", "\u265d", "", "\u265c", "", "", "\u265a"}};

static void render(const great *s, lt_view *v)
{
    const gc_pos *p = &s->pos;
    v->width = GC_FILES;
    v->height = GC_RANKS;
    v->ncells = GC_CELLS;
    v->nboards = 1;
    for (int cell = 0; cell < GC_CELLS; cell++) {
        int sq = gc_cell_sq(cell), f = gc_file(sq), r = gc_rank(sq);
        /* seed: the light corner square on each player's right (a1 dark) */
        v->cells[cell] = (lt_cell){
            .x = (int16_t)f, .y = (int16_t)(GC_RANKS - 1 - r),
            .shape = LT_SHAPE_SQUARE,
            .shade = (f + r) % 2 ? LT_SHADE_LIGHT : LT_SHADE_DARK};
        square_name(sq, v->cells[cell].name);
        int piece = p->sq[sq];
        if (!piece)
            continue;
        int c = (piece & GC_BLACK) != 0, type = piece & GC_TYPE;
        if (type == GC_KING && c == p->side && s->result == PLAYING &&
            s->guard.in_check)
            v->check[v->nchecks++] = (int16_t)cell;
        lt_piece *pc = &v->pieces[v->npieces++];
        *pc = (lt_piece){.cell = (int16_t)cell, .owner = (int8_t)c,
                         .kind = (uint8_t)type};
        char letter[2] = {gc_letters[type], '\0'}, shown[2];
        lt_swap_letters(letter, "GCLRUAK", P_("great chess pieces", "GCLRUAK"),
                        shown, sizeof shown);
        pc->text[0] = c ? (char)tolower((unsigned char)shown[0]) : shown[0];
        lt_copy(pc->glyph, sizeof pc->glyph, glyphs[c][type]);
    }
    char *line;
#define LINE() (line = v->info[v->ninfo++])
    int total[2] = {0, 0};
    for (int c = 0; c < 2; c++)
        for (int t = GC_PAWN; t <= GC_KING; t++)
            total[c] += p->count[c][t];
    if (s->result == PLAYING) {
        bool check = s->guard.in_check;
        snprintf(LINE(), sizeof v->info[0], "%s",
                 p->side ? (check ? _("Black to move (check)") : _("Black to move"))
                         : (check ? _("White to move (check)") : _("White to move")));
    } else {
        end_reason(s, LINE(), sizeof v->info[0]);
    }
    snprintf(LINE(), sizeof v->info[0],
             _("Pieces: white %d, black %d"),
             total[0], total[1]);
    if (p->unmoved)
        snprintf(LINE(), sizeof v->info[0], "%s",
                 p->unmoved == 3   ? _("King's two-square leap still open: White and Black")
                 : p->unmoved == 1 ? _("King's two-square leap still open: White")
                                   : _("King's two-square leap still open: Black"));
    snprintf(LINE(), sizeof v->info[0],
             _("Moves without capture or pawn move: %u of %u"),
             (unsigned)p->halfmove, (unsigned)p->rules.cap);
#undef LINE
    (void)line;
}

static int action_cells(const great *s, lt_action a, int *cells, int max)
{
    (void)s;
    if (max < 2)
        return 0;
    cells[0] = a / GC_CELLS;
    cells[1] = a % GC_CELLS;
    return 2;
}

static uint64_t hash(const great *s)
{
    return s->pos.key;
}

static bool invariants_ok(const great *s)
{
    if (!gc_consistent(&s->pos))
        return false;
    great t = *s;
    settle(&t);
    return t.result == s->result && t.end == s->end && t.king == s->king &&
           t.guard.in_check == s->guard.in_check &&
           !memcmp(&t.guard.pinned, &s->guard.pinned, sizeof t.guard.pinned);
}

static uint64_t perft(const great *s, int depth)
{
    gc_pos p = s->pos;
    if (depth > 0 && s->result != PLAYING)
        return 0;
    return gc_perft(&p, depth);
}

LT_ADAPT_RULES(great)
LT_ADAPT(great, can_win, can_win)
LT_ADAPT(great, display_name, display_name)
LT_ADAPT(great, perft, perft)
LT_ADAPT(great, coord_name, coord_name)
LT_ADAPT(great, random_action, random_action)

const lt_game lt_great_chess = {
    .id = "great-chess", .title = N_("Great Chess (Grande Acedrex)"),
    .source = N_("source 000: Wielkie Szachy"), .group = LT_GROUP_ALFONSO,
    .options = options, .seats = lt_white_black,
    .seat_side = lt_side_first_south, LT_TWO_PLAYERS, LT_NO_CHANCE,
    /* 23 Aancas (40 moves at most each) and a king (16) */
    .max_actions = 23 * 40 + 16, .num_actions = NUM_ACTIONS,
    /* every run of cap moves ends with a capture (46 at most) or a pawn
     * move (24 pawns, 11 steps at most) */
    .max_length = (46 + 24 * 11 + 1) * CAP_MAX, LT_RULES_MEMBERS(great),
    .display_name = display_name_lt, .coord_name = coord_name_lt,
    .perft = perft_lt, .can_win = can_win_lt, .random_action = random_action_lt};
