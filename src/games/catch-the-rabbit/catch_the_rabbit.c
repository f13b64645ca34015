/* catch_the_rabbit.c — Catch the Rabbit (seed 000, "Catch the Rabbit").
 * The rules and the readings we chose are in RULES.md beside this file. */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "ludoteka/adapt.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"
#include "rabbit.h"

typedef rabbit_state rs;

enum { OPT_HUNTERS, OPT_THRESHOLD, OPT_CAP, OPT_CHAIN };
enum { CAP_MIN = 10, CAP_MAX = 1000, CENTRE = 12 /* C3 */ };

static const graph *board(void)
{
    return graph_alquerque();
}

uint32_t rabbit_setup(int hunters)
{
    /* notes §3.2: twelve hunters on rows 1 and 2 and on A3 and E3; eleven
     * without B1; ten without B1 and D1.  Other counts take the points in
     * this order, so that the rabbit never has a jump on its first move:
     * the back row first, then the points shielded by it: A1 C1 E1 A2 E2
     * B2 D2 C2 A3 E3 D1 B1 (index = (row - 1) * 5 + column). */
    static const int8_t order[RB_MAX_HUNTERS] = {0, 2, 4, 5, 9, 6,
                                                 8, 7, 10, 14, 3, 1};
    uint32_t set = 0;
    for (int i = 0; i < hunters && i < RB_MAX_HUNTERS; i++)
        set |= 1u << order[i];
    return set;
}

enum { ALL = (1 << RB_POINTS) - 1 };

uint32_t rabbit_empty(const rs *s)
{
    return ALL & ~s->hunters & ~(1u << s->rabbit);
}

/* The rabbit's jumps (rabbit_jumps), inline in apply. */
GRAPH_INLINE uint32_t jumps(const rs *s, uint32_t empty)
{
    return graph_alq_hops1(board(), s->rabbit, s->hunters, empty);
}

uint32_t rabbit_jumps(const rs *s)
{
    return jumps(s, rabbit_empty(s));
}

static uint32_t rabbit_targets(const rs *s)
{
    uint32_t empty = rabbit_empty(s);
    return (board()->adjmask[s->rabbit] & empty) | jumps(s, empty);
}

/* Seed: the rabbit blocked (no step, no jump). */
GRAPH_INLINE bool blocked(const rs *s)
{
    uint32_t empty = rabbit_empty(s);
    return !(board()->adjmask[s->rabbit] & empty) && !jumps(s, empty);
}

/* rabbit_settle, inline in apply (a random playout's loop). */
GRAPH_INLINE void settle(rs *s)
{
    s->result = RB_PLAYING;
    if (graph_count(s->hunters) < s->need)
        s->result = RB_RABBIT_WON; /* RULES.md: too few hunters remain */
    else if (s->turn == RB_RABBIT && !s->chaining && blocked(s))
        s->result = RB_HUNTERS_WON; /* seed: the rabbit is blocked */
    else if (s->turn == RB_RABBIT && s->moves >= s->cap)
        s->result = RB_RABBIT_WON; /* RULES.md: no block within the cap */
}

void rabbit_settle(rs *s)
{
    settle(s);
}

static const char *const chains[] = {
    NC_("option value", "multi"), NC_("option value", "single"), NULL};

static const lt_option options[] = {
    {NC_("option", "hunters"), NULL, 1, RB_MAX_HUNTERS, 12,
     N_("the number of hunters (the source: 12, 11 or 10)")},
    {NC_("option", "threshold"), NULL, 1, RB_MAX_HUNTERS, 10,
     N_("the rabbit wins when fewer hunters than this remain")},
    {NC_("option", "cap"), NULL, CAP_MIN, CAP_MAX, 100,
     N_("the rabbit wins if the hunters have not blocked it after this many of "
        "their moves")},
    {NC_("option", "chain"), chains, 0, 0, 0,
     N_("single: the rabbit jumps once per move instead of a chain of jumps")},
    {NULL, NULL, 0, 0, 0, NULL}};

static lt_status init(rs *s, const lt_config *cfg)
{
    memset(s, 0, sizeof *s);
    s->start = (uint8_t)cfg->value[OPT_HUNTERS];
    s->need = (uint8_t)(cfg->value[OPT_THRESHOLD] < s->start
                            ? cfg->value[OPT_THRESHOLD] : s->start);
    s->cap = (uint16_t)cfg->value[OPT_CAP];
    s->single = (uint8_t)cfg->value[OPT_CHAIN];
    s->hunters = rabbit_setup(s->start);
    s->rabbit = CENTRE; /* seed: the rabbit in the centre; it moves first */
    s->turn = RB_RABBIT;
    rabbit_settle(s);
    return LT_OK;
}

static int current_player(const rs *s)
{
    return s->result == RB_PLAYING ? s->turn : LT_TERMINAL;
}

static int legal_actions(const rs *s, lt_action *out)
{
    const graph *g = board();
    assert(s->result == RB_PLAYING);
    int n;
    if (s->turn == RB_RABBIT) {
        /* seed: the rabbit moves one point and captures (by jumping, as in
         * 12 men's morris); RULES.md: in a chain it may jump on or stop */
        uint32_t to = s->chaining ? rabbit_jumps(s) : rabbit_targets(s);
        n = graph_emit(out, s->rabbit * RB_POINTS, to);
        if (s->chaining)
            out[n++] = RB_STOP;
        return n;
    }
    /* seed: the hunters cannot capture; they step along the lines */
    uint32_t empty = rabbit_empty(s);
    n = 0;
    for (uint32_t m = graph_alq_steppers(s->hunters, empty); m; m &= m - 1) {
        int from = __builtin_ctz(m);
        n += graph_emit(out + n, from * RB_POINTS, g->adjmask[from] & empty);
    }
    assert(n > 0); /* rabbit.h: the hunters always have a move */
    return n;
}

/* legal_actions' out[lt_rng_below(r, n)] without writing them, as the
 * point the rabbit or a hunter goes to (*from where it stands), or -1
 * for STOP. */
GRAPH_INLINE int draw_move(const rs *s, lt_rng *r, bool hw, int *from)
{
    const graph *g = board();
    uint32_t empty = rabbit_empty(s);
    if (s->turn == RB_RABBIT) {
        uint32_t to = graph_alq_hops1(g, s->rabbit, s->hunters, empty);
        if (!s->chaining)
            to |= g->adjmask[s->rabbit] & empty;
        unsigned c = (unsigned)GRAPH_COUNT(hw, to);
        unsigned k = (unsigned)lt_rng_below(r, c + s->chaining);
        *from = s->rabbit;
        return k == c ? -1 : graph_nth_draw(to, k, hw);
    }
    /* the hunters' steps counted by direction, the hunter found by
     * their counts below points */
    graph_alq_planes pl;
    graph_alq_step_planes(&pl, s->hunters, empty);
    unsigned k = (unsigned)lt_rng_below(r, graph_alq_planes_below(&pl, RB_POINTS, hw));
    int p = graph_alq_planes_man(&pl, &k, hw);
    *from = p;
    return graph_nth_draw(g->adjmask[p] & empty, k, hw);
}

/* The rabbit stops its chain. */
GRAPH_INLINE void stop(rs *s)
{
    s->chaining = 0;
    s->turn ^= 1;
    settle(s);
}

/* A step or a jump. */
GRAPH_INLINE void move(rs *s, int from, int to)
{
    const graph *g = board();
    if (s->turn == RB_HUNTERS) {
        s->hunters ^= 1u << from | 1u << to;
        s->moves++;
        s->turn = RB_RABBIT;
        /* settle, knowing that as many hunters remain as before: the
         * rabbit blocked, or the cap */
        s->result = blocked(s)              ? RB_HUNTERS_WON
                    : s->moves >= s->cap ? RB_RABBIT_WON
                                         : RB_PLAYING;
        return;
    }
    s->rabbit = (int8_t)to;
    if (graph_linked(g, from, to)) {
        /* a step (never in a chain): as many hunters as before, and they
         * always have a move, so the game goes on */
        s->turn = RB_HUNTERS;
        return;
    }
    s->hunters &= ~(1u << g->between[from][to]);
    s->chaining = !s->single && graph_count(s->hunters) >= s->need &&
                  rabbit_jumps(s) != 0;
    if (!s->chaining)
        s->turn = RB_HUNTERS;
    settle(s);
}

static bool playing(const rs *s)
{
    return s->result == RB_PLAYING;
}
_Static_assert((int)RB_STOP == (int)GRAPH_CHAIN_STOP, "graph_chain_action_name's stop");
GRAPH_CHAIN_GAME(rs, draw_move, move, stop, playing)

static void returns(const rs *s, double *out)
{
    out[0] = s->result == RB_RABBIT_WON ? 1 : s->result == RB_HUNTERS_WON ? -1 : 0;
    out[1] = -out[0];
}

static int action_name(const rs *s, lt_action a, char *buf, size_t size)
{
    (void)s;
    return graph_chain_action_name(board(), a, buf, size);
}

static lt_status parse_action(const rs *s, const char *text,
                              lt_action *out)
{
    (void)s;
    return graph_chain_action_read(board(), text, out);
}

/* "...../...../H.R.H/HHHHH/HHHHH r 0": rows 5 to 1, who moves (r the
 * rabbit, rx the rabbit in the middle of a capture chain, h the hunters),
 * and the number of hunter moves made. */
static int write_state(const rs *s, char *buf, size_t size)
{
    uint8_t content[RB_POINTS];
    for (int p = 0; p < RB_POINTS; p++)
        content[p] = (uint8_t)(p == s->rabbit ? 2 : s->hunters >> p & 1);
    char rows[64];
    graph_board_write(board(), content, ".HR", rows, sizeof rows);
    return snprintf(buf, size, "%s %s %u", rows,
                    s->turn == RB_HUNTERS ? "h" : s->chaining ? "rx" : "r",
                    (unsigned)s->moves);
}

static lt_status read_state(rs *s, const char *text, lt_error *err)
{
    rs t = *s;
    uint8_t content[RB_POINTS];
    if (!graph_board_read(board(), &text, ".HR", content, err))
        return LT_ESYNTAX;
    char side[4];
    unsigned moves;
    int used = 0;
    if (sscanf(text, " %3s %u%n", side, &moves, &used) != 2 ||
        text[used + strspn(text + used, " \t\r\n")] != '\0') {
        lt_error_set(err, _("expected the board, who moves (r, rx or h) and the "
                          "number of hunter moves made, e.g. "
                          "'...../...../H.R.H/HHHHH/HHHHH r 0'"));
        return LT_ESYNTAX;
    }
    t.hunters = 0;
    t.rabbit = -1;
    int rabbits = 0;
    for (int p = 0; p < RB_POINTS; p++) {
        t.hunters |= (uint32_t)(content[p] == 1) << p;
        if (content[p] == 2) {
            t.rabbit = (int8_t)p;
            rabbits++;
        }
    }
    if (rabbits != 1) {
        lt_error_set(err, _("there must be one rabbit (R), not %d"), rabbits);
        return LT_EILLEGAL;
    }
    int count = graph_count(t.hunters);
    if (count > t.start) {
        lt_error_set(err, _("%d hunters, but the game has %u"), count,
                     (unsigned)t.start);
        return LT_EILLEGAL;
    }
    if (strcasecmp(side, "r") && strcasecmp(side, "rx") && strcasecmp(side, "h")) {
        lt_error_set(err, _("who moves: expected r, rx or h, found '%s'"), side);
        return LT_ESYNTAX;
    }
    t.turn = tolower((unsigned char)side[0]) == 'h' ? RB_HUNTERS : RB_RABBIT;
    t.chaining = side[1] != '\0';
    if (moves > t.cap || (moves == t.cap && t.turn == RB_HUNTERS)) {
        lt_error_set(err, _("%u hunter moves do not fit the cap of %u with %s "
                          "to move"), moves, (unsigned)t.cap, side);
        return LT_EILLEGAL;
    }
    t.moves = (uint16_t)moves;
    if (t.chaining && (t.single || count < t.need || moves >= t.cap ||
                       !rabbit_jumps(&t))) {
        lt_error_set(err, _("the rabbit cannot be in the middle of a capture "
                          "chain here"));
        return LT_EILLEGAL;
    }
    rabbit_settle(&t);
    *s = t;
    return LT_OK;
}

/* How the game ended (RULES.md, Endings), in rabbit_settle's order. */
static int end_reason(const rs *s, char *buf, size_t size)
{
    int left = graph_count(s->hunters);
    if (left < s->need)
        return snprintf(buf, size,
                        lt_ngettext("fewer than %u hunter remains (%d)",
                                    "fewer than %u hunters remain (%d)", s->need),
                        (unsigned)s->need, left);
    if (s->result == RB_HUNTERS_WON)
        return snprintf(buf, size, "%s",
                        _("the rabbit is caught: blocked, with no move"));
    return snprintf(buf, size,
                    lt_ngettext("the rabbit got away: not blocked within %u hunter move",
                                "the rabbit got away: not blocked within %u hunter moves",
                                s->cap),
                    (unsigned)s->cap);
}

static void render(const rs *s, lt_view *v)
{
    const graph *g = board();
    graph_render(g, v);
    graph_piece(v, s->rabbit, RB_RABBIT, 0, "R", "\u25c6");
    for (uint32_t m = s->hunters; m; m &= m - 1)
        graph_piece(v, __builtin_ctz(m), RB_HUNTERS, 1, "H", "\u25cf");
    snprintf(v->info[v->ninfo++], sizeof v->info[0],
             _("Hunters: %d (the rabbit wins when fewer than %u remain)"),
             graph_count(s->hunters), (unsigned)s->need);
    snprintf(v->info[v->ninfo++], sizeof v->info[0],
             _("Hunter moves: %u of %u"),
             (unsigned)s->moves, (unsigned)s->cap);
    if (s->chaining)
        snprintf(v->info[v->ninfo++], sizeof v->info[0],
                 "%s", _("The rabbit goes on capturing, or stops (stop)"));
    if (s->result != RB_PLAYING)
        end_reason(s, v->info[v->ninfo++], sizeof v->info[0]);
}

static int action_cells(const rs *s, lt_action a, int *cells, int max)
{
    const graph *g = board();
    if (a == RB_STOP) {
        if (max < 1)
            return 0;
        cells[0] = s->rabbit;
        return 1;
    }
    if (max < 3)
        return 0;
    cells[0] = a / RB_POINTS;
    cells[1] = a % RB_POINTS;
    if (graph_linked(g, cells[0], cells[1]))
        return 2;
    cells[2] = g->between[cells[0]][cells[1]];
    return 3;
}

static uint64_t hash(const rs *s)
{
    return graph_set_key(0, s->hunters) ^ graph_key(1, s->rabbit) ^
           graph_key(2, s->turn * 2 + s->chaining) ^
           (uint64_t)s->moves * 0x9e3779b97f4a7c15u;
}

static bool invariants_ok(const rs *s)
{
    const graph *g = board();
    if (s->rabbit < 0 || s->rabbit >= RB_POINTS || (s->hunters & ~g->all) ||
        s->hunters >> s->rabbit & 1 || graph_count(s->hunters) > s->start ||
        s->start > RB_MAX_HUNTERS || s->need > s->start || s->turn > 1 ||
        s->single > 1 || s->moves > s->cap ||
        (s->chaining && (s->turn != RB_RABBIT || !rabbit_jumps(s))))
        return false;
    rs t = *s;
    rabbit_settle(&t);
    return t.result == s->result;
}

static const char *const seats[] = {N_("Rabbit"), N_("Hunters")};
LT_ADAPT_RULES(rs)
LT_ADAPT(rs, random_action, random_action)
LT_ADAPT(rs, random_playout, random_playout)

const lt_game lt_catch_the_rabbit = {
    .id = "catch-the-rabbit", .title = N_("Catch the Rabbit"),
    .source = N_("source 000: Catch the Rabbit"), .group = LT_GROUP_ALFONSO,
    .options = options, .seats = seats, .seat_side = lt_side_first_north,
    LT_TWO_PLAYERS, LT_NO_CHANCE, LT_RULES_MEMBERS(rs),
    .random_action = random_action_lt, .random_playout = random_playout_lt,
    .max_actions = RB_MAX_HUNTERS * GRAPH_DEGREE + GRAPH_EMIT_SLACK,
    .num_actions = RB_STOP + 1,
    /* cap hunter moves, a rabbit move before each and after the last, and
     * a jump and a stop for each of the 12 hunters */
    .max_length = 2 * CAP_MAX + 1 + 2 * RB_MAX_HUNTERS};
