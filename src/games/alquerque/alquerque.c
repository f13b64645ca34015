/* alquerque.c — Alquerque, the seed's "12 Men's Morris (12 młynków)"
 * (seed 000).  The rules and the readings we chose are in RULES.md beside
 * this file. */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "alquerque.h"
#include "ludoteka/adapt.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"


/* notes §3.1: White (the first player) holds rows 1 and 2 and D3 E3,
 * Black rows 4 and 5 and A3 B3; C3 is empty. */
static const uint32_t SETUP_WHITE = 0x3ff | 1u << 13 | 1u << 14;
static const uint32_t SETUP_BLACK = 1u << 10 | 1u << 11 | 0x3ffu << 15;

static const graph *board(void)
{
    return graph_alquerque();
}

enum { ALL = (1 << POINTS) - 1 };

static uint32_t empty_of(const alq *s)
{
    return ALL & ~(s->men[0] | s->men[1]);
}

/* The planes of the player to move (alq_sync, inline in settle). */
GRAPH_INLINE void sync(alq *s)
{
    graph_alq_move_planes(&s->planes, s->men[s->turn], s->men[!s->turn],
                          empty_of(s), ~0u);
}

void alq_sync(alq *s)
{
    sync(s);
}

/* Decides, at the start of a turn, whether the game is over; finds the
 * men that can move. */
GRAPH_INLINE void settle(alq *s)
{
    sync(s);
    s->result = PLAYING;
    if (!(s->planes.w[0] | s->planes.w[1] | s->planes.w[2] | s->planes.w[3]))
        /* seed: whoever is blocked or has lost all his men loses */
        s->result = s->turn ? WON_FIRST : WON_SECOND;
    else if (graph_draw(&s->hist, s->men, s->quiet) >= 0)
        /* RULES.md: threefold repetition; `quiet` moves each without
         * capture */
        s->result = DRAWN;
}

static const char *const captures[] = {
    NC_("option value", "optional"), NC_("option value", "forced"), NULL};
static const char *const chains[] = {
    NC_("option value", "multi"), NC_("option value", "single"), NULL};

static const lt_option options[] = {
    {NC_("option", "capture"), captures, 0, 0, 0,
     N_("forced: a player who can jump must, and must go on jumping")},
    {NC_("option", "chain"), chains, 0, 0, 0,
     N_("single: one jump per move instead of a chain of jumps")},
    GRAPH_QUIET_OPTION,
    {NULL, NULL, 0, 0, 0, NULL}};

static lt_status init(alq *s, const lt_config *cfg)
{
    memset(s, 0, sizeof *s);
    s->men[0] = SETUP_WHITE;
    s->men[1] = SETUP_BLACK;
    s->chain = -1;
    s->forced = (uint8_t)cfg->value[OPT_CAPTURE];
    s->single = (uint8_t)cfg->value[OPT_CHAIN];
    s->quiet = (uint8_t)cfg->value[OPT_QUIET];
    settle(s);
    return LT_OK;
}

static int current_player(const alq *s)
{
    return s->result == PLAYING ? s->turn : LT_TERMINAL;
}

static int legal_actions(const alq *s, lt_action *out)
{
    const graph *g = board();
    assert(s->result == PLAYING);
    int n = 0;
    uint32_t enemy = s->men[!s->turn], empty = empty_of(s);
    if (s->chain >= 0) {
        /* RULES.md: the same piece may jump on, or stop */
        n = graph_emit(out, s->chain * POINTS,
                       graph_alq_hops1(g, s->chain, enemy, empty));
        if (!s->forced)
            out[n++] = STOP;
        return n;
    }
    /* seed: one point along a line, or a jump over an enemy man onto the
     * empty point behind it; capture=forced: only jumps if there are */
    uint32_t own = s->men[s->turn];
    uint32_t steppers = graph_alq_steppers(own, empty);
    uint32_t jumpers = graph_alq_jumpers(own, enemy, empty);
    if (s->forced && jumpers) {
        for (uint32_t m = jumpers; m; m &= m - 1) {
            int from = __builtin_ctz(m);
            n += graph_emit(out + n, from * POINTS,
                            graph_alq_hops1(g, from, enemy, empty));
        }
        return n;
    }
    uint32_t movers = steppers | jumpers;
    if (!jumpers) {
        for (uint32_t m = movers; m; m &= m - 1) {
            int from = __builtin_ctz(m);
            n += graph_emit(out + n, from * POINTS, g->adjmask[from] & empty);
        }
        return n;
    }
    /* the jumps of every man by direction, then each man's without a
     * branch */
    uint32_t land[8];
    graph_alq_landings(jumpers, enemy, empty, land);
    for (uint32_t m = movers; m; m &= m - 1) {
        int from = __builtin_ctz(m);
        n += graph_emit(out + n, from * POINTS,
                        (g->adjmask[from] & empty) | graph_alq_hops(land, from));
    }
    return n;
}

/* legal_actions' out[lt_rng_below(r, n)] without writing them, as the
 * point the man goes to (*from his), or -1 for STOP. */
GRAPH_INLINE int draw_move(const alq *s, lt_rng *r, bool hw, int *from)
{
    const graph *g = board();
    uint32_t enemy = s->men[!s->turn], empty = empty_of(s);
    if (s->chain >= 0) {
        uint32_t to = graph_alq_hops1(g, s->chain, enemy, empty);
        unsigned c = (unsigned)GRAPH_COUNT(hw, to);
        unsigned k = (unsigned)lt_rng_below(r, c + !s->forced);
        *from = s->chain;
        return k == c ? -1 : graph_nth_draw(to, k, hw);
    }
    /* capture=forced: only the jumps, if there are; the moves counted
     * by direction, the man found by their counts below points */
    graph_alq_planes pl = s->planes;
    uint32_t steps = ~0u;
    if (s->forced && graph_alq_jumpers(s->men[s->turn], enemy, empty)) {
        steps = 0;
        graph_alq_move_planes(&pl, s->men[s->turn], enemy, empty, 0);
    }
    unsigned k = (unsigned)lt_rng_below(r, graph_alq_planes_below(&pl, POINTS, hw));
    int p = graph_alq_planes_man(&pl, &k, hw);
    *from = p;
    return graph_nth_draw((g->adjmask[p] & empty & steps) |
                            graph_alq_hops1(g, p, enemy, empty),
                        k, hw);
}

GRAPH_INLINE void end_turn(alq *s)
{
    s->chain = -1;
    s->turn ^= 1;
    settle(s);
}

/* A step or a jump. */
GRAPH_INLINE void move(alq *s, int from, int to)
{
    const graph *g = board();
    uint32_t *own = &s->men[s->turn];
    if (graph_linked(g, from, to)) {
        graph_history_push(&s->hist, s->men[0], s->men[1]);
        *own ^= 1u << from | 1u << to;
        end_turn(s);
        return;
    }
    /* seed: the jumped man is taken at once, so a chain cannot jump it
     * twice; a capture cannot be undone, so older positions cannot recur */
    s->men[!s->turn] &= ~(1u << g->between[from][to]);
    *own ^= 1u << from | 1u << to;
    graph_history_clear(&s->hist);
    /* seed: "one or several" men in one move; RULES.md: the player may
     * stop after any jump (chain=single: after the first) */
    if (!s->single && graph_alq_jumpers(1u << to, s->men[!s->turn], empty_of(s)))
        s->chain = (int8_t)to;
    else
        end_turn(s);
}

static bool playing(const alq *s)
{
    return s->result == PLAYING;
}
_Static_assert((int)STOP == (int)GRAPH_CHAIN_STOP, "graph_chain_action_name's stop");
GRAPH_CHAIN_GAME(alq, draw_move, move, end_turn, playing)

static void returns(const alq *s, double *out)
{
    out[0] = s->result == WON_FIRST ? 1 : s->result == WON_SECOND ? -1 : 0;
    out[1] = -out[0];
}

static int action_name(const alq *s, lt_action a, char *buf, size_t size)
{
    (void)s;
    return graph_chain_action_name(board(), a, buf, size);
}

static lt_status parse_action(const alq *s, const char *text,
                              lt_action *out)
{
    (void)s;
    return graph_chain_action_read(board(), text, out);
}

/* "BBBBB/BBBBB/BB.WW/WWWWW/WWWWW w - -": rows 5 to 1, the seat to move,
 * the point of a piece in the middle of a capture chain (or -), and the
 * steps since the last capture, oldest first (or -). */
static int write_state(const alq *s, char *buf, size_t size)
{
    const graph *g = board();
    char middle[8];
    snprintf(middle, sizeof middle, "%c %s", s->turn ? 'b' : 'w',
             s->chain >= 0 ? g->name[s->chain] : "-");
    return graph_men_write(g, s->men, &s->hist, middle, buf, size);
}

static lt_status read_state(alq *s, const char *text, lt_error *err)
{
    const graph *g = board();
    alq t = *s;
    if (!graph_men_read(g, &text, t.men, err))
        return LT_ESYNTAX;
    char side[4], chain[4], steps[GRAPH_HISTORY * 6 + 2];
    int used = 0;
    if (sscanf(text, " %3s %3s %1201s%n", side, chain, steps, &used) != 3 ||
        text[used + strspn(text + used, " \t\r\n")] != '\0') {
        lt_error_set(err, _("expected the board, the side to move (w or b), the "
                          "piece in the middle of a capture (or -) and the "
                          "steps since the last capture (or -)"));
        return LT_ESYNTAX;
    }
    if (strcasecmp(side, "w") && strcasecmp(side, "b")) {
        lt_error_set(err, _("side to move: expected w or b, found '%s'"), side);
        return LT_ESYNTAX;
    }
    t.turn = tolower((unsigned char)side[0]) == 'b';
    if (graph_count(t.men[0]) > MEN || graph_count(t.men[1]) > MEN) {
        lt_error_set(err, _("each player has only %d men"), MEN);
        return LT_EILLEGAL;
    }
    if (!t.men[!t.turn]) {
        lt_error_set(err, _("the player not to move has no men: the game "
                          "would have ended"));
        return LT_EILLEGAL;
    }
    /* Undo the steps, newest first, then play them again from the
     * position after the last capture: each must have been legal. */
    int8_t from[GRAPH_HISTORY], to[GRAPH_HISTORY];
    int n = graph_steps_read(g, steps, from, to, 2 * t.quiet);
    if (n < 0) {
        lt_error_set(err, _("steps: expected '-' or steps like C2-C3,B4-C3 (at "
                          "most %d)"), 2 * t.quiet);
        return LT_ESYNTAX;
    }
    alq u = t;
    if (!graph_steps_undo(g, u.men, from, to, n, !t.turn, true, err))
        return LT_EILLEGAL;
    u.turn = (uint8_t)((t.turn + n) % 2);
    u.chain = -1;
    graph_history_clear(&u.hist);
    settle(&u);
    for (int i = 0; i < n; i++) {
        lt_action a = from[i] * POINTS + to[i], acts[LT_MAX_ACTIONS];
        bool ok = false;
        if (u.result == PLAYING)
            for (int k = legal_actions(&u, acts); k-- > 0;)
                ok = ok || acts[k] == a;
        if (!ok) {
            lt_error_set(err, _("step %s-%s was not legal then"), g->name[from[i]],
                         g->name[to[i]]);
            return LT_EILLEGAL;
        }
        apply(&u, a);
    }
    if (strcmp(chain, "-")) {
        int c = graph_find(g, chain);
        if (c < 0 || !(u.men[u.turn] >> c & 1) || n > 0 ||
            !graph_jumps(g, u.men, c, u.turn) || u.single) {
            lt_error_set(err, _("no capture chain can go on from '%s'"), chain);
            return LT_EILLEGAL;
        }
        u.chain = (int8_t)c;
        u.result = PLAYING;
    }
    *s = u;
    return LT_OK;
}

/* How the game ended (RULES.md, Endings), in settle's order. */
static int end_reason(const alq *s, char *buf, size_t size)
{
    int end = s->result != DRAWN ? (s->men[s->turn] ? GRAPH_END_BLOCKED : GRAPH_END_NO_MEN)
                                  : graph_draw(&s->hist, s->men, s->quiet);
    return graph_end_reason(end, s->turn, s->quiet, buf, size);
}

static void render(const alq *s, lt_view *v)
{
    const graph *g = board();
    graph_render(g, v);
    for (int p = 0; p < POINTS; p++)
        for (int seat = 0; seat < 2; seat++)
            if (s->men[seat] >> p & 1)
                graph_piece(v, p, seat, 0, seat ? "B" : "W",
                            seat ? "\u25cf" : "\u25cb");
    snprintf(v->info[v->ninfo++], sizeof v->info[0],
             _("Men: white %d, black %d"),
             graph_count(s->men[0]), graph_count(s->men[1]));
    if (s->chain >= 0)
        snprintf(v->info[v->ninfo++], sizeof v->info[0],
                 s->turn ? _("Black goes on capturing with the man on %s%s")
                         : _("White goes on capturing with the man on %s%s"),
                 g->name[s->chain], s->forced ? "" : _(", or stops (stop)"));
    graph_view_quiet(v, &s->hist, s->quiet);
    if (s->result != PLAYING)
        end_reason(s, v->info[v->ninfo++], sizeof v->info[0]);
}

static int action_cells(const alq *s, lt_action a, int *cells, int max)
{
    const graph *g = board();
    if (a == STOP) {
        if (max < 1 || s->chain < 0)
            return 0;
        cells[0] = s->chain;
        return 1;
    }
    if (max < 3)
        return 0;
    cells[0] = a / POINTS;
    cells[1] = a % POINTS;
    if (graph_linked(g, cells[0], cells[1]))
        return 2;
    cells[2] = g->between[cells[0]][cells[1]];
    return 3;
}

/* Board, side to move and chain; the steps since the last capture are
 * left out, as chess engines leave out the history. */
static uint64_t hash(const alq *s)
{
    return graph_set_key(0, s->men[0]) ^ graph_set_key(1, s->men[1]) ^
           (s->turn ? graph_key(2, 0) : 0) ^
           (s->chain >= 0 ? graph_key(3, s->chain) : 0);
}

static bool invariants_ok(const alq *s)
{
    const graph *g = board();
    if ((s->men[0] & s->men[1]) || ((s->men[0] | s->men[1]) & ~g->all) ||
        graph_count(s->men[0]) > MEN || graph_count(s->men[1]) > MEN ||
        s->turn > 1 || s->forced > 1 || s->single > 1 || s->quiet < GRAPH_QUIET_MIN ||
        s->quiet > GRAPH_QUIET_MAX || s->hist.n > 2 * s->quiet)
        return false;
    if (s->chain >= 0)
        return s->result == PLAYING && s->hist.n == 0 && !s->single &&
               s->men[s->turn] >> s->chain & 1 && graph_jumps(g, s->men, s->chain, s->turn);
    alq t = *s;
    settle(&t);
    return t.result == s->result &&
           !memcmp(&t.planes, &s->planes, sizeof t.planes);
}

LT_ADAPT_RULES(alq)
LT_ADAPT(alq, random_action, random_action)
LT_ADAPT(alq, random_playout, random_playout)

const lt_game lt_alquerque = {
    .id = "alquerque", .title = N_("Alquerque (12 Men's Morris)"),
    .source = N_("source 000: 12 Men's Morris (12 młynków)"),
    .group = LT_GROUP_ALFONSO, .options = options, .seats = lt_white_black,
    .seat_side = lt_side_first_south, LT_TWO_PLAYERS, LT_NO_CHANCE,
    /* one move per man and direction, and room for graph_emit */
    .max_actions = MEN * GRAPH_DEGREE + GRAPH_EMIT_SLACK, .num_actions = STOP + 1,
    /* at most 23 captures, each followed by a stop; between them at most
     * 2 quiet moves without one */
    .max_length = (2 * MEN - 1 + 1) * 2 * GRAPH_QUIET_MAX + 2 * (2 * MEN - 1),
    LT_RULES_MEMBERS(alq), .random_action = random_action_lt,
    .random_playout = random_playout_lt};
