/* three_mens_morris.c — 3 Men's Morris (seed 000, "3 Men's Morris (3 młynki)").
 * The rules and the readings we chose are in RULES.md beside this file. */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <threads.h>

#include "../../boards/graph.h"
#include "ludoteka/text.h"

/* Points A1..C3: index = (row - 1) * 3 + column, A = column 0.
 * Actions: 0..8 place on a point; 9 + from * 9 + to: a step; 90: pass. */
enum { POINTS = 9, MEN = 3, MOVE0 = 9, PASS = MOVE0 + POINTS * POINTS };
enum { DIAGONALS_ON, DIAGONALS_OFF };
enum { MOVE_STEP, MOVE_NONE, MOVE_ANYWHERE };
enum { PLAYING, WON_FIRST, WON_SECOND, DRAWN };
enum { OPT_DIAGONALS, OPT_MOVEMENT, OPT_CAP };
enum { CAP_MAX = 10000 };

typedef struct {
    uint8_t cell[POINTS]; /* 0 empty, 1 the first seat's man, 2 the second's */
    uint8_t turn;         /* seat to move: 0 or 1 */
    uint8_t result;       /* PLAYING, WON_FIRST, WON_SECOND, DRAWN */
    uint8_t diagonals, movement;
    uint16_t ply, cap;    /* actions so far; the draw cap.  ply <= cap + 1:
                           * a round whose first move makes a row is
                           * finished even at the cap */
} m3;

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
static once_flag boards_once = ONCE_FLAG_INIT;

static void build_boards(void)
{
    graph_build(&boards[DIAGONALS_ON],
                &(graph_spec){POINTS, names, xy, 16, links});
    graph_build(&boards[DIAGONALS_OFF],
                &(graph_spec){POINTS, names, xy, 12, links});
}

static const graph *board(const m3 *s)
{
    call_once(&boards_once, build_boards);
    return &boards[s->diagonals];
}

static uint32_t men_of(const m3 *s, int seat)
{
    uint32_t set = 0;
    for (int p = 0; p < POINTS; p++)
        if (s->cell[p] == seat + 1)
            set |= 1u << p;
    return set;
}

static int count_of(const m3 *s, int seat)
{
    return __builtin_popcount(men_of(s, seat));
}

/* Decides whether the game is over, from the position alone.  Seed: the
 * first to make a line wins, but if the first player does, the second
 * still moves in that round and a line of his then draws (RULES.md).  A
 * round ends when the first seat is to move again. */
static void settle(m3 *s)
{
    const graph *g = board(s);
    bool line0 = graph_has_line(g, men_of(s, 0));
    bool line1 = graph_has_line(g, men_of(s, 1));
    s->result = PLAYING;
    if (s->turn == 0 && (line0 || line1))
        s->result = line0 && line1 ? DRAWN : line0 ? WON_FIRST : WON_SECOND;
    else if (s->turn == 1 && line0)
        return; /* the second player's reply is still due */
    else if (s->ply >= s->cap)
        s->result = DRAWN; /* RULES.md: the ply cap draws */
    else if (s->movement == MOVE_NONE && count_of(s, 0) == MEN &&
             count_of(s, 1) == MEN)
        s->result = DRAWN; /* Alfonso's game: placement only */
}

static const char *const onoff[] = {"on", "off", NULL};
static const char *const movements[] = {"step", "none", "anywhere", NULL};

static const lt_option options[] = {
    {"diagonals", onoff, 0, 0, DIAGONALS_ON,
     "the two diagonals through the centre are lines: for moves and rows",
     "dwie przekątne przez środek są liniami: do ruchu i do rzędów"},
    {"movement", movements, 0, 0, MOVE_STEP,
     "after placing: step along a line; none (placing only); anywhere",
     "po rozstawieniu: krok wzdłuż linii; none (tylko stawianie); "
     "anywhere (na dowolne wolne pole)"},
    {"cap", NULL, 6, CAP_MAX, 200,
     "the game is drawn after this many moves (both players' counted)",
     "remis po tylu posunięciach (liczonych dla obu graczy)"},
    {NULL, NULL, 0, 0, 0, NULL, NULL}};

static lt_status init(lt_state *st, const lt_config *cfg)
{
    m3 *s = (m3 *)st;
    memset(s, 0, sizeof *s);
    s->diagonals = (uint8_t)cfg->value[OPT_DIAGONALS];
    s->movement = (uint8_t)cfg->value[OPT_MOVEMENT];
    s->cap = (uint16_t)cfg->value[OPT_CAP];
    settle(s);
    return LT_OK;
}

static int num_players(const lt_state *st)
{
    (void)st;
    return 2;
}

static int current_player(const lt_state *st)
{
    const m3 *s = (const m3 *)st;
    return s->result == PLAYING ? s->turn : LT_TERMINAL;
}

static int legal_actions(const lt_state *st, lt_action *out)
{
    const m3 *s = (const m3 *)st;
    const graph *g = board(s);
    int n = 0;
    assert(s->result == PLAYING);
    if (count_of(s, s->turn) < MEN) { /* placing */
        for (int p = 0; p < POINTS; p++)
            if (!s->cell[p])
                out[n++] = p;
        return n;
    }
    for (int from = 0; from < POINTS; from++) {
        if (s->cell[from] != s->turn + 1)
            continue;
        for (int to = 0; to < POINTS; to++)
            if (!s->cell[to] &&
                (s->movement == MOVE_ANYWHERE || graph_linked(g, from, to)))
                out[n++] = MOVE0 + from * POINTS + to;
    }
    if (n == 0)
        out[n++] = PASS; /* RULES.md: a player who cannot move passes */
    return n;
}

static int chance_outcomes(const lt_state *st, lt_outcome *out)
{
    (void)st;
    (void)out;
    return 0;
}

static void apply(lt_state *st, lt_action a)
{
    m3 *s = (m3 *)st;
    if (a < MOVE0) {
        s->cell[a] = (uint8_t)(s->turn + 1);
    } else if (a < PASS) {
        int from = (a - MOVE0) / POINTS, to = (a - MOVE0) % POINTS;
        s->cell[to] = s->cell[from];
        s->cell[from] = 0;
    }
    s->turn ^= 1;
    s->ply++;
    settle(s);
}

static void returns(const lt_state *st, double *out)
{
    const m3 *s = (const m3 *)st;
    out[0] = s->result == WON_FIRST ? 1 : s->result == WON_SECOND ? -1 : 0;
    out[1] = -out[0];
}

static int action_name(const lt_state *st, lt_action a, char *buf,
                       size_t size)
{
    (void)st;
    if (a < MOVE0)
        return snprintf(buf, size, "%s", names[a]);
    if (a < PASS)
        return snprintf(buf, size, "%s-%s", names[(a - MOVE0) / POINTS],
                        names[(a - MOVE0) % POINTS]);
    return snprintf(buf, size, "pass");
}

/* "B2" places, "A1-B2" (or "a1b2") steps, "pass" passes. */
static lt_status parse_action(const lt_state *st, const char *text,
                              lt_action *out)
{
    const graph *g = board((const m3 *)st);
    if (strcasecmp(text, "pass") == 0) {
        *out = PASS;
        return LT_OK;
    }
    int from = graph_find_prefix(g, text);
    if (from < 0)
        return LT_ESYNTAX;
    const char *rest = text + 2;
    if (!*rest) {
        *out = from;
        return LT_OK;
    }
    if (*rest == '-')
        rest++;
    int to = graph_find(g, rest);
    if (to < 0)
        return LT_ESYNTAX;
    *out = MOVE0 + from * POINTS + to;
    return LT_OK;
}

/* "W.B/.W./B.. b 5": rows 3, 2, 1 from the left, the seat to move (w is
 * the first), and the number of moves made. */
static int write_state(const lt_state *st, char *buf, size_t size)
{
    const m3 *s = (const m3 *)st;
    char rows[12];
    int n = 0;
    for (int row = 2; row >= 0; row--) {
        for (int col = 0; col < 3; col++)
            rows[n++] = ".WB"[s->cell[row * 3 + col]];
        if (row)
            rows[n++] = '/';
    }
    rows[n] = '\0';
    return snprintf(buf, size, "%s %c %u", rows, s->turn ? 'b' : 'w',
                    (unsigned)s->ply);
}

static lt_status read_state(lt_state *st, const char *text, lt_error *err)
{
    m3 t = *(m3 *)st;
    const char *p = text;
    while (isspace((unsigned char)*p))
        p++;
    for (int row = 2; row >= 0; row--) {
        for (int col = 0; col < 3; col++, p++) {
            const char *c = *p ? strchr(".WB", toupper((unsigned char)*p)) : NULL;
            if (!c) {
                lt_error_set(err, "board: expected W, B or . for %s, found '%.1s'",
                             names[row * 3 + col], p);
                return LT_ESYNTAX;
            }
            t.cell[row * 3 + col] = (uint8_t)(c - ".WB");
        }
        if (row && *p++ != '/') {
            lt_error_set(err, "board: expected '/' after row %d", row + 1);
            return LT_ESYNTAX;
        }
    }
    char side[8];
    unsigned ply;
    int used = 0;
    if (sscanf(p, " %7s %u%n", side, &ply, &used) != 2 ||
        strspn(p + used, " \t\r\n") != strlen(p + used)) {
        lt_error_set(err, "expected the board, the side to move (w or b) "
                          "and the number of moves made, e.g. '.../.../... w 0'");
        return LT_ESYNTAX;
    }
    if (strcasecmp(side, "w") && strcasecmp(side, "b")) {
        lt_error_set(err, "side to move: expected w or b, found '%s'", side);
        return LT_ESYNTAX;
    }
    t.turn = tolower((unsigned char)side[0]) == 'b';
    int nw = count_of(&t, 0), nb = count_of(&t, 1);
    if (nw > MEN || nb > MEN) {
        lt_error_set(err, "each player has only %d men", MEN);
        return LT_EILLEGAL;
    }
    /* The first seat places first, so while placing it is one man ahead
     * after its own turn and level after the second seat's. */
    bool placing = nw < MEN || nb < MEN;
    if (placing && nw - nb != t.turn) {
        lt_error_set(err, "men placed (%d W, %d B) do not fit %s to move", nw,
                     nb, t.turn ? "b" : "w");
        return LT_EILLEGAL;
    }
    if (ply > t.cap + 1u || ply < (unsigned)(nw + nb) || ply % 2 != t.turn ||
        (placing && ply != (unsigned)(nw + nb))) {
        lt_error_set(err, "move count %u does not fit the board and the side "
                          "to move (cap %u)", ply, (unsigned)t.cap);
        return LT_EILLEGAL;
    }
    if (t.movement == MOVE_NONE && ply != (unsigned)(nw + nb)) {
        lt_error_set(err, "with movement=none no man is ever moved");
        return LT_EILLEGAL;
    }
    const graph *g = board(&t);
    if (t.turn == 1 && graph_has_line(g, men_of(&t, 1))) {
        lt_error_set(err, "black's line would have ended the game already");
        return LT_EILLEGAL;
    }
    t.ply = (uint16_t)ply;
    settle(&t);
    *(m3 *)st = t;
    return LT_OK;
}

static void render(const lt_state *st, lt_view *v)
{
    const m3 *s = (const m3 *)st;
    const graph *g = board(s);
    bool pl = v->lang == LT_LANG_PL;
    v->width = 3;
    v->height = 3;
    v->ncells = POINTS;
    v->nboards = 1;
    for (int p = 0; p < POINTS; p++) {
        v->cells[p] = (lt_cell){.x = g->x[p], .y = g->y[p],
                                .shape = LT_SHAPE_POINT,
                                .shade = LT_SHADE_PLAIN};
        lt_copy(v->cells[p].name, sizeof v->cells[p].name, names[p]);
        if (s->cell[p]) {
            lt_piece *pc = &v->pieces[v->npieces++];
            *pc = (lt_piece){.cell = (int16_t)p,
                             .owner = (int8_t)(s->cell[p] - 1),
                             .kind = 0};
            lt_copy(pc->text, sizeof pc->text, s->cell[p] == 1 ? "W" : "B");
            lt_copy(pc->glyph, sizeof pc->glyph,
                    s->cell[p] == 1 ? "\u25cb" : "\u25cf");
        }
    }
    v->nlinks = g->nlinks;
    for (int i = 0; i < g->nlinks; i++)
        v->links[i] = (lt_link){g->link[i][0], g->link[i][1]};
    int hw = MEN - count_of(s, 0), hb = MEN - count_of(s, 1);
    if (hw || hb)
        snprintf(v->info[v->ninfo++], sizeof v->info[0],
                 pl ? "Do postawienia: białe %d, czarne %d"
                    : "In hand: white %d, black %d", hw, hb);
    if (s->result == PLAYING && s->turn == 1 &&
        graph_has_line(g, men_of(s, 0)))
        snprintf(v->info[v->ninfo++], sizeof v->info[0],
                 pl ? "Białe ułożyły rząd; czarne kończą kolejkę"
                    : "White has a row; black completes the round");
    snprintf(v->info[v->ninfo++], sizeof v->info[0],
             pl ? "Posunięcie %u z %u" : "Move %u of %u",
             (unsigned)s->ply + (s->result == PLAYING), (unsigned)s->cap);
}

static int action_cells(const lt_state *st, lt_action a, int *cells, int max)
{
    (void)st;
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

static uint64_t hash(const lt_state *st)
{
    const m3 *s = (const m3 *)st;
    uint64_t h = 0;
    for (int p = 0; p < POINTS; p++)
        h = h * 3 + s->cell[p];
    return (h * 2 + s->turn) * (CAP_MAX + 2) + s->ply;
}

static bool invariants_ok(const lt_state *st)
{
    const m3 *s = (const m3 *)st;
    for (int p = 0; p < POINTS; p++)
        if (s->cell[p] > 2)
            return false;
    if (count_of(s, 0) > MEN || count_of(s, 1) > MEN || s->turn > 1 ||
        s->ply > s->cap + 1 || s->diagonals > 1 || s->movement > 2)
        return false;
    m3 t = *s;
    settle(&t);
    return t.result == s->result;
}

static const char *const seats_en[] = {"White", "Black"};
static const char *const seats_pl[] = {"Białe", "Czarne"};

const lt_game lt_three_mens_morris = {
    .id = "three-mens-morris",
    .title_en = "Three Men's Morris",
    .title_pl = "3 młynki",
    .source = "seed 000: 3 Men's Morris (3 młynki)",
    .group = LT_GROUP_ALFONSO,
    .options = options,
    .seats_en = seats_en,
    .seats_pl = seats_pl,
    .min_players = 2,
    .max_players = 2,
    .has_chance = false,
    .zero_sum = true,
    .min_return = -1,
    .max_return = 1,
    .state_size = sizeof(m3),
    .max_actions = POINTS, /* nine empty points, or 3 men x 3 empty */
    .max_outcomes = 0,
    .num_actions = PASS + 1,
    .max_length = CAP_MAX + 1, /* a round begun at the cap is finished */
    .init = init,
    .num_players = num_players,
    .current_player = current_player,
    .legal_actions = legal_actions,
    .chance_outcomes = chance_outcomes,
    .apply = apply,
    .returns = returns,
    .action_name = action_name,
    .parse_action = parse_action,
    .write_state = write_state,
    .read_state = read_state,
    .render = render,
    .action_cells = action_cells,
    .hash = hash,
    .evaluate = NULL,
    .invariants_ok = invariants_ok,
};
