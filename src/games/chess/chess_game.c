/* chess_game.c — chess (seed 002) as an lt_game: a thin adapter over the
 * bitboard board beside it (chess.h), which its engine shares.
 * The rules and the readings we chose are in RULES.md beside this file. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "chess_game.h"
#include "ludoteka/adapt.h"
#include "ludoteka/text.h"

/* Actions: (from * 64 + to) * 5 + promotion (0 none, 1..4 N B R Q);
 * castling is the king's two-square move. */
enum { ACTIONS = 64 * 64 * 5 };
enum { OPT_RULES };

static const char *const rule_sets[] = {
    NC_("option value", "fide"), NC_("option value", "seed"), NULL};

static const lt_option options[] = {
    {NC_("option", "rules"), rule_sets, 0, 0, CHESS_FIDE,
     N_("fide: castling, en passant, promotion to Q/R/B/N; seed: the source's "
        "text - no castling, no en passant, promotion only to a captured "
        "piece")},
    {NULL, NULL, 0, 0, 0, NULL}};

lt_action chess_action_of(chess_move m)
{
    int promo = move_kind(m) == MOVE_PROMO ? move_promo(m) : 0;
    return (move_from(m) * 64 + move_to(m)) * 5 + promo;
}

chess_move chess_move_of(const chess_pos *p, lt_action a)
{
    int promo = a % 5, to = (a / 5) % 64, from = a / 320;
    int type = type_on(p, from);
    if (promo)
        return chess_mk(from, to, MOVE_PROMO, promo);
    if (type == KING && (from - to == 2 || to - from == 2))
        return chess_mk(from, to, MOVE_CASTLE, 0);
    if (type == PAWN && sq_file(from) != sq_file(to) && p->board[to] == EMPTY)
        return chess_mk(from, to, MOVE_EP, 0);
    return chess_mk(from, to, MOVE_NORMAL, 0);
}

/* How many times the position has stood on the board, this time too
 * (FIDE 9.2: the same player to move, the same castling rights and en
 * passant captures - all in the key). */
static int repetitions(const chess_state *s)
{
    /* the key holds the side to move: only every other earlier position,
     * from two plies back, can be the same */
    int reps = 1;
    for (int i = s->nhist - 2; i >= 0; i -= 2)
        reps += s->hist[i] == s->pos.key;
    return reps;
}

/* Decides whether the game is over.  Mate and stalemate come first (a
 * mating move wins even on the seventy-fifth move, FIDE 9.6.2); then the
 * draws that end the game without a claim (FIDE 5.2.2, 9.6). */
static void settle(chess_state *s)
{
    const chess_pos *p = &s->pos;
    if (!chess_has_legal(p))
        s->end = chess_in_check(p) ? END_MATE : END_STALEMATE;
    else if (chess_insufficient(p))
        s->end = END_MATERIAL;
    else if (p->halfmove >= 150)
        s->end = END_SEVENTYFIVE;
    else if (repetitions(s) >= 5)
        s->end = END_FIVEFOLD;
    else
        s->end = END_NONE;
}

static lt_status init(chess_state *s, const lt_config *cfg)
{
    memset(s, 0, sizeof *s);
    chess_startpos(&s->pos, cfg->value[OPT_RULES]);
    settle(s);
    return LT_OK;
}

static int current_player(const chess_state *s)
{
    return s->end == END_NONE ? s->pos.side : LT_TERMINAL;
}

static int legal_actions(const chess_state *s, lt_action *out)
{
    chess_move list[CHESS_MAX_MOVES];
    int n = chess_gen_ordered(&s->pos, list); /* ascending actions */
    for (int i = 0; i < n; i++)
        out[i] = chess_action_of(list[i]);
    return n;
}

void chess_state_play(chess_state *s, chess_move m)
{
    uint64_t before = s->pos.key;
    chess_undo u;
    chess_make(&s->pos, m, &u);
    /* positions before a capture or a pawn move can never come back */
    if (s->pos.halfmove == 0)
        s->nhist = 0;
    else
        s->hist[s->nhist++] = before;
    settle(s);
}

static void apply(chess_state *s, lt_action a)
{
    chess_state_play(s, chess_move_of(&s->pos, a));
}

static void returns(const chess_state *s, double *out)
{
    out[0] = out[1] = 0;
    if (s->end == END_MATE) { /* the side to move is mated */
        out[s->pos.side] = -1;
        out[s->pos.side ^ 1] = 1;
    }
}

static int action_name(const chess_state *s, lt_action a, char *buf, size_t size)
{
    return chess_san(&s->pos, chess_move_of(&s->pos, a), buf, size);
}

/* SAN with the piece letters of the reader's language: "Sf3", "e8=H"
 * in Polish. */
static int display_name(const chess_state *s, lt_action a, char *buf, size_t size)
{
    char san[32];
    int n = action_name(s, a, san, sizeof san);
    /* TRANSLATORS: the letters of the king, queen, rook, bishop and knight
     * in chess moves ("Nf3"); five different ASCII capitals */
    lt_swap_letters(san, "KQRBN", P_("chess pieces", "KQRBN"), buf, size);
    return n;
}

static int coord_name(const chess_state *s, lt_action a, char *buf, size_t size)
{
    return chess_uci(chess_move_of(&s->pos, a), buf, size);
}

static lt_status parse_action(const chess_state *s, const char *text,
                              lt_action *out)
{
    chess_move m;
    switch (chess_parse_move(&s->pos, text, &m)) {
    case PARSE_OK:
        *out = chess_action_of(m);
        return LT_OK;
    case PARSE_SYNTAX:
        return LT_ESYNTAX;
    default:
        return LT_EILLEGAL;
    }
}

/* The FEN.  FEN cannot hold the earlier positions, so a game ended by
 * fivefold repetition adds a seventh word, "repetition" (RULES.md). */
static int write_state(const chess_state *s, char *buf, size_t size)
{
    char fen[128];
    chess_to_fen(&s->pos, fen, sizeof fen);
    return snprintf(buf, size, "%s%s", fen,
                    s->end == END_FIVEFOLD ? " repetition" : "");
}

static lt_status read_state(chess_state *s, const char *text, lt_error *err)
{
    chess_state t;
    memset(&t, 0, sizeof t);
    char fen[256], msg[200];
    if (strlen(text) >= sizeof fen) {
        lt_error_set(err, _("FEN: too long (%zu characters)"), strlen(text));
        return LT_ESYNTAX;
    }
    lt_copy(fen, sizeof fen, text);
    size_t len = strlen(fen);
    while (len && strchr(" \t\r\n", fen[len - 1]))
        fen[--len] = '\0';
    bool repeated = len > 11 && !strcmp(fen + len - 11, " repetition");
    if (repeated)
        fen[len - 11] = '\0';
    if (!chess_from_fen(&t.pos, fen, s->pos.rules, msg, sizeof msg)) {
        lt_error_set(err, "%s", msg);
        return LT_ESYNTAX;
    }
    settle(&t);
    if (repeated) {
        if (t.end != END_NONE) {
            lt_error_set(err, _("repetition: the game had already ended"));
            return LT_EILLEGAL;
        }
        t.end = END_FIVEFOLD;
    }
    *s = t;
    return LT_OK;
}

static const char *const glyphs[2][6] = {
    {"\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654"},
    {"\u265f", "\u265e", "\u265d", "\u265c", "\u265b", "\u265a"}};

static int end_reason(const chess_state *s, char *buf, size_t size)
{
    static const char *const ends[] = {
        "",
        N_("checkmate"),
        N_("draw: stalemate"),
        N_("draw: seventy-five moves without a capture or a pawn move"),
        N_("draw: the same position for the fifth time"),
        N_("draw: neither side can mate")};
    return snprintf(buf, size, "%s", s->end != END_NONE ? _(ends[s->end]) : "");
}

/* FIDE 9.2, 9.3: the player to move may claim a draw when the position
 * has stood three times, or after fifty moves of each side without a
 * capture or a pawn move (a mate on that move wins: the game would be
 * over). */
static bool claimable(const chess_state *s, char *buf, size_t size)
{
    if (s->end != END_NONE)
        return false;
    if (repetitions(s) >= 3)
        snprintf(buf, size, "%s", _("threefold repetition"));
    else if (s->pos.halfmove >= 100)
        snprintf(buf, size, "%s", _("fifty moves without a capture or a pawn move"));
    else
        return false;
    return true;
}

/* FIDE 6.9: a flag fall draws when the opponent cannot mate by any
 * series of legal moves.  RULES.md's reading: a lone king cannot mate,
 * nor can a king with one knight or one bishop against a lone king;
 * any other material could, with the opponent's help. */
static bool can_win(const chess_state *s, int seat)
{
    const chess_pos *p = &s->pos;
    uint64_t mine = p->by_color[seat] & ~p->by_type[KING];
    uint64_t theirs = p->by_color[seat ^ 1] & ~p->by_type[KING];
    if (!mine)
        return false;
    bool one_minor = !(mine & (mine - 1)) &&
                     (mine & (p->by_type[KNIGHT] | p->by_type[BISHOP]));
    return !(one_minor && !theirs);
}

static void render(const chess_state *s, lt_view *v)
{
    const chess_pos *p = &s->pos;
    v->width = v->height = 8;
    v->ncells = 64;
    v->nboards = 1;
    for (int sq = 0; sq < 64; sq++) {
        lt_cell *c = &v->cells[sq];
        *c =
            (lt_cell){.x = (int16_t)sq_file(sq),
                      .y = (int16_t)(7 - sq_rank(sq)),
                      .shape = LT_SHAPE_SQUARE,
                      .shade = (sq_file(sq) + sq_rank(sq)) % 2 ? LT_SHADE_LIGHT
                                                               : LT_SHADE_DARK};
        /* a file letter and a rank digit: "a1" .. "h8" */
        c->name[0] = (char)('a' + sq_file(sq));
        c->name[1] = (char)('1' + sq_rank(sq));
        c->name[2] = '\0';
        if (p->board[sq] == EMPTY)
            continue;
        int color = p->board[sq] >> 3, type = p->board[sq] & 7;
        lt_piece *pc = &v->pieces[v->npieces++];
        *pc = (lt_piece){
            .cell = (int16_t)sq, .owner = (int8_t)color, .kind = (uint8_t)type};
        /* the letter of the reader's language: white capitals */
        char letter[2] = {chess_piece_letters[type], '\0'}, shown[2];
        lt_swap_letters(letter, "KQRBN", P_("chess pieces", "KQRBN"), shown,
                        sizeof shown);
        pc->text[0] = color ? (char)tolower((unsigned char)shown[0]) : shown[0];
        lt_copy(pc->glyph, sizeof pc->glyph, glyphs[color][type]);
    }
    bool check = chess_in_check(p);
    if (check)
        v->check[v->nchecks++] = (int16_t)king_sq(p, p->side);
    if (s->end != END_NONE)
        end_reason(s, v->info[v->ninfo++], sizeof v->info[0]);
    else
        snprintf(v->info[v->ninfo++], sizeof v->info[0], "%s",
                 p->side ? (check ? _("Black to move (check)") : _("Black to move"))
                         : (check ? _("White to move (check)") : _("White to move")));
    snprintf(
        v->info[v->ninfo++], sizeof v->info[0],
        _("Move %u; %u of 100 half-moves without a capture or pawn move"),
        (unsigned)p->fullmove, (unsigned)p->halfmove);
    if (p->rules == CHESS_SEED) {
        for (int c = 0; c < 2; c++) {
            char list[16] = "";
            size_t len = 0;
            unsigned t = chess_promo_types(p, c);
            for (int ty = QUEEN; ty >= KNIGHT; ty--)
                if (t & (1u << ty))
                    lt_appendf(list, sizeof list, &len, "%c",
                               chess_piece_letters[ty]);
            snprintf(v->info[v->ninfo++], sizeof v->info[0],
                     c ? _("Black may promote to: %s") : _("White may promote to: %s"),
                     len ? list : "-");
        }
    }
}

static int action_cells(const chess_state *s, lt_action a, int *cells, int max)
{
    chess_move m = chess_move_of(&s->pos, a);
    if (max < 3)
        return 0;
    cells[0] = move_from(m);
    cells[1] = move_to(m);
    if (move_kind(m) == MOVE_EP) {
        cells[2] = move_to(m) ^ 8;
        return 3;
    }
    return 2;
}

static uint64_t hash(const chess_state *s)
{
    return s->pos.key ^ (s->end == END_FIVEFOLD ? 0x7265706574697469u : 0);
}

static bool invariants_ok(const chess_state *s)
{
    if (!chess_pos_ok(&s->pos) || s->nhist > s->pos.halfmove ||
        s->nhist > CHESS_HIST)
        return false;
    chess_state t = *s;
    settle(&t);
    if (s->end == END_FIVEFOLD) /* the history may be gone (read_state) */
        return t.end == END_NONE || t.end == END_FIVEFOLD;
    return t.end == s->end;
}

static uint64_t perft(const chess_state *s, int depth)
{
    if (s->end != END_NONE)
        return depth == 0;
    return chess_perft(&s->pos, depth);
}

LT_ADAPT_RULES(chess_state)
LT_ADAPT(chess_state, claimable, claimable)
LT_ADAPT(chess_state, can_win, can_win)
LT_ADAPT(chess_state, display_name, display_name)
LT_ADAPT(chess_state, perft, perft)
LT_ADAPT(chess_state, coord_name, coord_name)

const lt_game lt_chess = {
    .id = "chess", .title = N_("Chess"), .source = N_("source 002: Szachy"),
    .group = LT_GROUP_CHESS, .options = options, .seats = lt_white_black,
    .seat_side = lt_side_first_south, LT_TWO_PLAYERS, LT_NO_CHANCE,
    .max_actions = CHESS_MAX_MOVES, .num_actions = ACTIONS,
    /* each stretch of 150 half-moves needs a capture (at most 30) or a
     * pawn move (at most 16 x 6) to go on: 127 stretches at most */
    .max_length = 127 * 150, LT_RULES_MEMBERS(chess_state),
    .display_name = display_name_lt, .coord_name = coord_name_lt,
    .perft = perft_lt, .claimable = claimable_lt, .can_win = can_win_lt};
