/* three_mens_morris.c — 3 Men's Morris (seed 000, "3 Men's Morris (3 młynki)").
 * The rules and the readings we chose are in RULES.md beside this file. */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <threads.h>

#include "ludoteka/adapt.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"
#include "morris3.h"

static const char *const names[POINTS] = {"A1", "B1", "C1", "A2", "B2",
                                          "C2", "A3", "B3", "C3"};
static const int8_t xy[POINTS][2] = {{0, 2}, {1, 2}, {2, 2}, {0, 1}, {1, 1},
                                     {2, 1}, {0, 0}, {1, 0}, {2, 0}};
/* The twelve orthogonal links, then the four diagonals through B2. */
static const int8_t links[16][2] = {
    {0, 1}, {1, 2}, {3, 4}, {4, 5}, {6, 7}, {7, 8},
    {0, 3}, {3, 6}, {1, 4}, {4, 7}, {2, 5}, {5, 8},
    {0, 4}, {4, 8}, {2, 4}, {4, 6}};

static graph boards[2]; /* with and without the diagonals */
/* has_line[d][set]: does the set of points contain a line of boards[d]?
 * count[set]: how many points it has. */
static bool has_line[2][1 << POINTS];
static uint8_t count[1 << POINTS];
/* nth_point[set][k]: the k-th point of the set in ascending order. */
static uint8_t nth_point[1 << POINTS][POINTS];
static once_flag boards_once = ONCE_FLAG_INIT;
static _Atomic(bool) boards_built;

static void build_boards(void)
{
    graph_build(&boards[DIAGONALS_ON],
                &(graph_spec){POINTS, names, xy, 16, links});
    graph_build(&boards[DIAGONALS_OFF],
                &(graph_spec){POINTS, names, xy, 12, links});
    for (uint32_t set = 0; set < 1u << POINTS; set++) {
        for (int d = 0; d < 2; d++)
            has_line[d][set] = graph_has_line(&boards[d], set);
        count[set] = (uint8_t)graph_count(set);
        for (int k = 0; k < count[set]; k++)
            nth_point[set][k] = (uint8_t)graph_nth(set, (unsigned)k);
    }
    atomic_store_explicit(&boards_built, true, memory_order_release);
}

static const graph *board(const m3 *s)
{
    /* once built, a plain load: the rules ask for it at every move */
    if (!atomic_load_explicit(&boards_built, memory_order_acquire))
        call_once(&boards_once, build_boards);
    return &boards[s->diagonals];
}

/* The men of a seat from the cells (men[] may not follow them yet). */
static uint32_t men_of(const m3 *s, int seat)
{
    uint32_t set = 0;
    for (int p = 0; p < POINTS; p++)
        set |= (uint32_t)(s->cell[p] == seat + 1) << p;
    return set;
}

static int count_of(const m3 *s, int seat)
{
    return graph_count(men_of(s, seat));
}

/* Decides whether the game is over from men[] (m3_settle below). */
static void settle(m3 *s)
{
    board(s); /* the tables */
    const bool *lines = has_line[s->diagonals];
    bool line0 = lines[s->men[0]], line1 = lines[s->men[1]];
    bool round = s->rows == ROWS_ROUND;
    s->result = PLAYING;
    if (!round && (line0 || line1))
        s->result = line0 ? WON_FIRST : WON_SECOND;
    else if (round && s->turn == 0 && (line0 || line1))
        s->result = line0 && line1 ? DRAWN : line0 ? WON_FIRST : WON_SECOND;
    else if (round && s->turn == 1 && line0)
        return; /* the second player's reply is still due */
    else if (s->ply >= s->cap)
        s->result = DRAWN; /* RULES.md: the ply cap draws */
    else if (s->movement == MOVE_NONE && count[s->men[0]] == MEN &&
             count[s->men[1]] == MEN)
        s->result = DRAWN; /* Alfonso's game: placing only */
}

/* Decides whether the game is over, from the position alone.  Seed: the
 * first to make a line wins, but if the first player does, the second
 * still moves in that round and a line of his then draws (RULES.md).  A
 * round ends when the first seat is to move again.  Option rows=first:
 * the first line wins at once. */
void m3_settle(m3 *s)
{
    s->men[0] = (uint16_t)men_of(s, 0);
    s->men[1] = (uint16_t)men_of(s, 1);
    settle(s);
}

static const char *const onoff[] = {
    NC_("option value", "on"), NC_("option value", "off"), NULL};
static const char *const movements[] = {
    NC_("option value", "step"), NC_("option value", "none"),
    NC_("option value", "anywhere"), NULL};
static const char *const rowss[] = {
    NC_("option value", "round"), NC_("option value", "first"), NULL};

static const lt_option options[] = {
    {NC_("option", "diagonals"), onoff, 0, 0, DIAGONALS_ON,
     N_("the two diagonals through the centre are lines: for moves and rows")},
    {NC_("option", "movement"), movements, 0, 0, MOVE_STEP,
     N_("after placing: step along a line; none (placing only); anywhere")},
    {NC_("option", "cap"), NULL, 6, CAP_MAX, 200,
     N_("the game is drawn after this many moves (both players' counted)")},
    {NC_("option", "rows"), rowss, 0, 0, ROWS_ROUND,
     N_("round: a row answered by a row in the same round draws (the source); "
        "first: the first row wins at once (Dudeney, modern rules)")},
    {NULL, NULL, 0, 0, 0, NULL}};

static lt_status init(m3 *s, const lt_config *cfg)
{
    memset(s, 0, sizeof *s);
    s->diagonals = (uint8_t)cfg->value[OPT_DIAGONALS];
    s->movement = (uint8_t)cfg->value[OPT_MOVEMENT];
    s->cap = (uint16_t)cfg->value[OPT_CAP];
    s->rows = (uint8_t)cfg->value[OPT_ROWS];
    m3_settle(s);
    return LT_OK;
}

static int current_player(const m3 *s)
{
    return s->result == PLAYING ? s->turn : LT_TERMINAL;
}

static int legal_actions(const m3 *s, lt_action *out)
{
    const graph *g = board(s);
    uint32_t own = s->men[s->turn];
    uint32_t empty = g->all & ~(uint32_t)(s->men[0] | s->men[1]);
    int n = 0;
    assert(s->result == PLAYING);
    if (count[own] < MEN) /* placing */
        return graph_emit(out, 0, empty);
    for (; own; own &= own - 1) {
        int from = __builtin_ctz(own);
        uint32_t to = s->movement == MOVE_ANYWHERE ? empty : g->adjmask[from] & empty;
        n += graph_emit(out + n, MOVE0 + from * POINTS, to);
    }
    if (n == 0)
        out[n++] = PASS; /* RULES.md: a player who cannot move passes */
    return n;
}

/* legal_actions' out[lt_rng_below(r, n)] without writing them: a
 * placement, or the steps of the three men (their ends compared, the man
 * picked by masks: the compiler makes a branch of a choice, and k is
 * random), or a pass; each a point of a set by the table. */
GRAPH_INLINE lt_action draw(const m3 *s, lt_rng *r, bool hw)
{
    const graph *g = board(s);
    uint32_t own = s->men[s->turn];
    uint32_t empty = g->all & ~(uint32_t)(s->men[0] | s->men[1]);
    if (count[own] < MEN)
        return nth_point[empty][lt_rng_below(r, (unsigned)GRAPH_COUNT(hw, empty))];
    uint32_t to[MEN];
    int from[MEN];
    unsigned end[MEN], total = 0;
    for (int i = 0; i < MEN; i++, own &= own - 1) {
        from[i] = __builtin_ctz(own);
        to[i] = s->movement == MOVE_ANYWHERE ? empty : g->adjmask[from[i]] & empty;
        end[i] = total += (unsigned)GRAPH_COUNT(hw, to[i]);
    }
    if (!total) { /* RULES.md: a player who cannot move passes */
        lt_rng_below(r, 1);
        return PASS;
    }
    unsigned k = (unsigned)lt_rng_below(r, total);
    uint32_t past0 = -(uint32_t)(k >= end[0]), past1 = -(uint32_t)(k >= end[1]);
    uint32_t first = ~past0, second = past0 & ~past1;
    k -= (end[0] & second) | (end[1] & past1);
    int man = (from[0] & (int)first) | (from[1] & (int)second) | (from[2] & (int)past1);
    uint32_t set = (to[0] & first) | (to[1] & second) | (to[2] & past1);
    return MOVE0 + man * POINTS + nth_point[set][k];
}
GRAPH_DRAW(m3, draw)

static void apply(m3 *s, lt_action a)
{
    if (a < MOVE0) {
        s->cell[a] = (uint8_t)(s->turn + 1);
        s->men[s->turn] |= (uint16_t)(1u << a);
    } else if (a < PASS) {
        int from = (a - MOVE0) / POINTS, to = (a - MOVE0) % POINTS;
        s->cell[to] = s->cell[from];
        s->cell[from] = 0;
        s->men[s->turn] ^= (uint16_t)(1u << from | 1u << to);
    }
    s->turn ^= 1;
    s->ply++;
    settle(s);
}

static void returns(const m3 *s, double *out)
{
    out[0] = s->result == WON_FIRST ? 1 : s->result == WON_SECOND ? -1 : 0;
    out[1] = -out[0];
}

static int action_name(const m3 *s, lt_action a, char *buf,
                       size_t size)
{
    if (a < MOVE0)
        return snprintf(buf, size, "%s", names[a]);
    if (a < PASS)
        return graph_move_name(board(s), (a - MOVE0) / POINTS,
                               (a - MOVE0) % POINTS, '-', buf, size);
    return snprintf(buf, size, "pass");
}

/* "B2" places, "A1-B2" (or "a1b2") steps, "pass" passes. */
static lt_status parse_action(const m3 *s, const char *text,
                              lt_action *out)
{
    const graph *g = board(s);
    if (strcasecmp(text, "pass") == 0) {
        *out = PASS;
        return LT_OK;
    }
    int from = graph_find(g, text), to;
    char sep;
    if (from >= 0) {
        *out = from;
        return LT_OK;
    }
    if (!graph_move_read(g, text, &from, &to, &sep) || sep == 'x')
        return LT_ESYNTAX;
    *out = MOVE0 + from * POINTS + to;
    return LT_OK;
}

/* "W.B/.W./B.. b 5": rows 3, 2, 1 from the left, the seat to move (w is
 * the first), and the number of moves made. */
static int write_state(const m3 *s, char *buf, size_t size)
{
    char rows[16];
    graph_board_write(board(s), s->cell, ".WB", rows, sizeof rows);
    return snprintf(buf, size, "%s %c %u", rows, s->turn ? 'b' : 'w',
                    (unsigned)s->ply);
}

bool m3_plausible(const m3 *t, lt_error *err)
{
    int nw = count_of(t, 0), nb = count_of(t, 1);
    if (nw > MEN || nb > MEN) {
        lt_error_set(err, _("each player has only %d men"), MEN);
        return false;
    }
    /* The first seat places first, so while placing it is one man ahead
     * after its own turn and level after the second seat's. */
    if ((nw < MEN || nb < MEN) && nw - nb != t->turn) {
        lt_error_set(err, _("men placed (%d W, %d B) do not fit %s to move"), nw,
                     nb, t->turn ? "b" : "w");
        return false;
    }
    bool line0 = graph_has_line(board(t), men_of(t, 0));
    bool line1 = graph_has_line(board(t), men_of(t, 1));
    if ((t->turn == 1 && line1) || (t->rows == ROWS_FIRST && t->turn == 0 && line0)) {
        lt_error_set(err, "%s",
                     t->turn ? _("Black's line would have ended the game already")
                             : _("White's line would have ended the game already"));
        return false;
    }
    if (t->rows == ROWS_FIRST && line0 && line1) {
        lt_error_set(err, _("with rows=first only one player can have a row"));
        return false;
    }
    if (t->movement == MOVE_NONE && nw + nb == 2 * MEN && t->turn == 1) {
        lt_error_set(err, _("with movement=none no man is ever moved"));
        return false;
    }
    return true;
}

static lt_status read_state(m3 *s, const char *text, lt_error *err)
{
    m3 t = *s;
    const char *p = text;
    if (!graph_board_read(board(&t), &p, ".WB", t.cell, err))
        return LT_ESYNTAX;
    char side[8];
    unsigned ply;
    int used = 0;
    if (sscanf(p, " %7s %u%n", side, &ply, &used) != 2 ||
        strspn(p + used, " \t\r\n") != strlen(p + used)) {
        lt_error_set(err, _("expected the board, the side to move (w or b) "
                          "and the number of moves made, e.g. '.../.../... w 0'"));
        return LT_ESYNTAX;
    }
    if (strcasecmp(side, "w") && strcasecmp(side, "b")) {
        lt_error_set(err, _("side to move: expected w or b, found '%s'"), side);
        return LT_ESYNTAX;
    }
    t.turn = tolower((unsigned char)side[0]) == 'b';
    if (!m3_plausible(&t, err))
        return LT_EILLEGAL;
    int men = count_of(&t, 0) + count_of(&t, 1);
    bool placing = men < 2 * MEN;
    if (ply > t.cap + 1u || ply < (unsigned)men || ply % 2 != t.turn ||
        (placing && ply != (unsigned)men)) {
        lt_error_set(err, _("move count %u does not fit the board and the side "
                          "to move (cap %u)"), ply, (unsigned)t.cap);
        return LT_EILLEGAL;
    }
    if (t.movement == MOVE_NONE && ply != (unsigned)men) {
        lt_error_set(err, _("with movement=none no man is ever moved"));
        return LT_EILLEGAL;
    }
    t.ply = (uint16_t)ply;
    m3_settle(&t);
    *s = t;
    return LT_OK;
}

/* How the game ended (RULES.md, Endings): the winner's line, or the
 * draw's rule - checked in the order m3_settle decides. */
static int end_reason(const m3 *s, char *buf, size_t size)
{
    const graph *g = board(s);
    if (s->result == WON_FIRST || s->result == WON_SECOND) {
        uint32_t men = men_of(s, s->result == WON_SECOND);
        int k = 0;
        while (k < g->nlines - 1 && (g->linemask[k] & men) != g->linemask[k])
            k++;
        return snprintf(buf, size, _("a line of three (%s %s %s)"),
                        g->name[g->line[k][0]], g->name[g->line[k][1]],
                        g->name[g->line[k][2]]);
    }
    if (graph_has_line(g, men_of(s, 0)) && graph_has_line(g, men_of(s, 1)))
        return snprintf(buf, size, "%s",
                        _("draw: both made a line in the same round"));
    if (s->ply >= s->cap)
        return lt_cap_reason(s->cap, buf, size);
    return snprintf(buf, size, "%s",
                    _("draw: all men placed and no line (placing only)"));
}

static void render(const m3 *s, lt_view *v)
{
    const graph *g = board(s);
    graph_render(g, v);
    int hw = MEN - count_of(s, 0), hb = MEN - count_of(s, 1);
    for (int seat = 0; seat < 2; seat++) {
        const char *text = seat ? "B" : "W", *glyph = seat ? "\u25cf" : "\u25cb";
        for (uint32_t m = men_of(s, seat); m; m &= m - 1)
            graph_piece(v, __builtin_ctz(m), seat, 0, text, glyph);
        for (int i = 0; i < (seat ? hb : hw); i++) /* in hand, off the board */
            graph_piece(v, -1, seat, 0, text, glyph);
    }
    if (hw || hb)
        snprintf(v->info[v->ninfo++], sizeof v->info[0],
                 _("In hand: white %d, black %d"), hw, hb);
    if (s->result == PLAYING && s->turn == 1 &&
        graph_has_line(g, men_of(s, 0)))
        snprintf(v->info[v->ninfo++], sizeof v->info[0],
                 "%s", _("White has a row; black completes the round"));
    lt_view_moves(v, s->ply + (s->result == PLAYING), s->cap);
    if (s->result != PLAYING)
        end_reason(s, v->info[v->ninfo++], sizeof v->info[0]);
}

static int action_cells(const m3 *s, lt_action a, int *cells, int max)
{
    (void)s;
    if (max < 2 || a == PASS)
        return 0;
    if (a < MOVE0) {
        cells[0] = a;
        return 1;
    }
    cells[0] = (a - MOVE0) / POINTS;
    cells[1] = (a - MOVE0) % POINTS;
    return 2;
}

static uint64_t hash(const m3 *s)
{
    return graph_set_key(0, men_of(s, 0)) ^ graph_set_key(1, men_of(s, 1)) ^
           (s->turn ? graph_key(2, 0) : 0) ^
           (uint64_t)s->ply * 0x9e3779b97f4a7c15u; /* the cap counts plies */
}

static bool invariants_ok(const m3 *s)
{
    for (int p = 0; p < POINTS; p++)
        if (s->cell[p] > 2)
            return false;
    if (s->men[0] != men_of(s, 0) || s->men[1] != men_of(s, 1) ||
        count_of(s, 0) > MEN || count_of(s, 1) > MEN || s->turn > 1 ||
        s->ply > s->cap + 1 || s->diagonals > 1 || s->movement > 2 ||
        s->rows > 1)
        return false;
    m3 t = *s;
    m3_settle(&t);
    return t.result == s->result;
}

LT_ADAPT_RULES(m3)
LT_ADAPT(m3, random_action, random_action)

const lt_game lt_three_mens_morris = {
    .id = "three-mens-morris", .title = N_("Three Men's Morris"),
    .source = N_("source 000: 3 Men's Morris (3 młynki)"),
    .group = LT_GROUP_ALFONSO, .options = options, .seats = lt_white_black,
    .seat_side = lt_side_first_south, LT_TWO_PLAYERS, LT_NO_CHANCE,
    /* nine empty points, or 3 men x 3 empty; and room for graph_emit */
    .max_actions = POINTS + GRAPH_EMIT_SLACK,
    .max_length = CAP_MAX + 1, /* a round begun at the cap is finished */
    .num_actions = PASS + 1, LT_RULES_MEMBERS(m3),
    .random_action = random_action_lt};
