/* nine_mens_morris.c — 9 Men's Morris (seed 000, "9 Men's Morris
 * (9 młynków)").  The rules and the readings we chose are in RULES.md
 * beside this file. */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "ludoteka/adapt.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"
#include "morris9.h"


static const graph *board(void)
{
    return graph_morris();
}

enum { ALL = (1 << POINTS) - 1, HOPS = 2 /* jumps from a point, at most */ };

static uint32_t empty_of(const nmm *s)
{
    return ALL & ~(s->men[0] | s->men[1]);
}

bool nmm_flies(const nmm *s, int seat)
{
    return s->flying && s->on[seat] == 3;
}

void nmm_sync(nmm *s)
{
    s->on[0] = (uint8_t)graph_count(s->men[0]);
    s->on[1] = (uint8_t)graph_count(s->men[1]);
    s->near[0] = s->near[1] = s->near[2] = 0;
    for (uint32_t m = empty_of(s); m; m &= m - 1)
        for (int w = 0; w < 3; w++)
            s->near[w] += board()->nearbytes[__builtin_ctz(m)][w];
}

/* Point `from` empties and point `to` fills (either may be POINTS, no
 * point): their neighbours' counts in near[] follow. */
static void near_follow(nmm *s, int from, int to)
{
    const uint64_t *out = board()->nearbytes[from], *in = board()->nearbytes[to];
    uint64_t d0 = out[0] - in[0], d1 = out[1] - in[1], d2 = out[2] - in[2];
    s->near[0] += d0; /* after the loads: s cannot be the board */
    s->near[1] += d1;
    s->near[2] += d2;
}

/* Eight points as bytes: 0xff at the points of the set's low eight,
 * else 0 (each bit picked into its byte, and a byte not 0 made 0xff). */
static const uint64_t ONES = 0x0101010101010101u, HIGHS = 0x8080808080808080u;
static inline uint64_t bytes_of(uint32_t set)
{
    uint64_t x = (uint64_t)(set & 255) * ONES & 0x8040201008040201u;
    return (((x + 0x7f7f7f7f7f7f7f7fu) & HIGHS) >> 7) * 0xff;
}

/* The men of seat's steps counted by point as bytes (see near). */
static inline void steps_by_point(const nmm *s, int seat, uint64_t count[3])
{
    for (int w = 0; w < 3; w++)
        count[w] = s->near[w] & bytes_of(s->men[seat] >> 8 * w);
}

/* Asked at every turn: nearly always the first man looked at steps. */
static bool can_move(const nmm *s, int seat)
{
    uint32_t empty = empty_of(s), own = s->men[seat];
    if (nmm_flies(s, seat))
        return empty != 0;
    for (uint32_t m = own; m; m &= m - 1)
        if (board()->adjmask[__builtin_ctz(m)] & empty)
            return true;
    return !s->mills && graph_morris_jumpers(own, s->men[!seat], empty);
}

/* The enemy men a mill may take: those in no mill, or any if all are. */
static uint32_t removable(const nmm *s)
{
    uint32_t enemy = s->men[!s->turn];
    uint32_t free = enemy & ~graph_morris_in_mills(enemy);
    return free ? free : enemy;
}

/* Decides, at the start of a turn, whether the game is over. */
static void settle(nmm *s)
{
    int seat = s->turn;
    int men = s->on[seat];
    bool placing = s->hand[seat] > 0;
    s->result = PLAYING;
    if (s->removing)
        return;
    if ((s->mills ? men + s->hand[seat] < 3 : men + s->hand[seat] == 0) ||
        (!placing && !can_move(s, seat)))
        /* seed: lost all men, or blocked; RULES.md (mills): two men left */
        s->result = seat ? WON_FIRST : WON_SECOND;
    else if (graph_draw(&s->hist, s->men, s->quiet) >= 0)
        /* RULES.md: threefold repetition; `quiet` moves each without
         * capture */
        s->result = DRAWN;
}

static const char *const captures[] = {
    NC_("option value", "jump"), NC_("option value", "mills"), NULL};
static const char *const onoff[] = {
    NC_("option value", "off"), NC_("option value", "on"), NULL};

static const lt_option options[] = {
    {NC_("option", "capture"), captures, 0, 0, CAPTURE_JUMP,
     N_("jump (the source: over an enemy man along a line); mills (classic: "
        "three in a row remove an enemy man)")},
    {NC_("option", "flying"), onoff, 0, 0, 0,
     N_("on: a player down to three men may move a man to any empty point")},
    GRAPH_QUIET_OPTION,
    {NULL, NULL, 0, 0, 0, NULL}};

static lt_status init(nmm *s, const lt_config *cfg)
{
    memset(s, 0, sizeof *s);
    s->hand[0] = s->hand[1] = MEN;
    s->mills = (uint8_t)cfg->value[OPT_CAPTURE];
    s->flying = (uint8_t)cfg->value[OPT_FLYING];
    s->quiet = (uint8_t)cfg->value[OPT_QUIET];
    nmm_sync(s);
    settle(s);
    return LT_OK;
}

static int current_player(const nmm *s)
{
    return s->result == PLAYING ? s->turn : LT_TERMINAL;
}

static int legal_actions(const nmm *s, lt_action *out)
{
    const graph *g = board();
    assert(s->result == PLAYING);
    if (s->removing)
        return graph_emit(out, REMOVE0, removable(s));
    uint32_t empty = empty_of(s);
    if (s->hand[s->turn]) /* seed: the men are placed on free points */
        return graph_emit(out, PLACE0, empty);
    uint32_t own = s->men[s->turn], enemy = s->men[!s->turn];
    int n = 0;
    if (nmm_flies(s, s->turn)) {
        for (uint32_t m = own; m; m &= m - 1)
            n += graph_emit(out + n, MOVE0 + __builtin_ctz(m) * POINTS, empty);
    } else {
        for (uint32_t m = graph_morris_steppers(own, empty); m; m &= m - 1) {
            int from = __builtin_ctz(m);
            n += graph_emit(out + n, MOVE0 + from * POINTS, g->adjmask[from] & empty);
        }
    }
    if (!s->mills) /* seed: capture by jumping; one jump, and optional */
        for (uint32_t m = graph_morris_jumpers(own, enemy, empty); m; m &= m - 1) {
            int from = __builtin_ctz(m);
            n += graph_emit(out + n, JUMP0 + from * POINTS,
                            graph_hops_k(g, from, enemy, empty, HOPS));
        }
    return n;
}

/* A random playout's draw counts the moves by the point they leave,
 * each point's in a byte of three words of eight points (at most 63 in
 * a word: three flying men with 21 empty points each).  The running
 * totals of a word, count * ONES, hold in byte j the moves from its
 * points 0..j, and in the top byte all of them. */
typedef struct {
    uint64_t run[3];
    unsigned end[3]; /* the moves from words 0..w */
} by_point;

static inline void by_point_count(by_point *b, const uint64_t count[3])
{
    unsigned total = 0;
    for (int w = 0; w < 3; w++) {
        b->run[w] = count[w] * ONES;
        b->end[w] = total += (unsigned)(b->run[w] >> 56);
    }
}

/* The point whose moves hold the k-th (k below the total), and k made
 * its: the word by its end (picked by masks: the compiler makes a branch
 * of a choice, and k is random), then the number of its running totals
 * at or below k, for all bytes at once (a byte's total, with its high
 * bit set, less k + 1 keeps the high bit iff the total is above k). */
static inline int by_point_pick(const by_point *b, unsigned *k)
{
    uint64_t past0 = -(uint64_t)(*k >= b->end[0]), past1 = -(uint64_t)(*k >= b->end[1]);
    int w = (int)(past0 & 1) + (int)(past1 & 1);
    *k -= (b->end[0] & (unsigned)(past0 & ~past1)) | (b->end[1] & (unsigned)past1);
    uint64_t run = (b->run[0] & ~past0) | (b->run[1] & past0 & ~past1) |
                   (b->run[2] & past1);
    uint64_t above = ((run | HIGHS) - (*k + 1) * ONES) & HIGHS;
    int j = 8 - (int)((above >> 7) * ONES >> 56);
    *k -= (unsigned)(run << 8 >> 8 * j & 255);
    return 8 * w + j;
}

/* legal_actions' out[lt_rng_below(r, n)] without writing them: a point
 * to place on or remove, or a man's move: the steps (or flights) of
 * each man, then with capture=jump the jumps of each man that jumps. */
GRAPH_INLINE lt_action draw(const nmm *s, lt_rng *r, bool hw)
{
    const graph *g = board();
    uint32_t empty = empty_of(s), own = s->men[s->turn], enemy = s->men[!s->turn];
    if (s->removing || s->hand[s->turn]) {
        uint32_t set = s->removing ? removable(s) : empty;
        unsigned k = (unsigned)lt_rng_below(r, (unsigned)GRAPH_COUNT(hw, set));
        return (s->removing ? REMOVE0 : PLACE0) + graph_nth_draw(set, k, hw);
    }
    bool flies = nmm_flies(s, s->turn);
    uint64_t count[3], jumps[3] = {0, 0, 0};
    if (flies) /* to every empty point */
        for (int w = 0; w < 3; w++)
            count[w] = bytes_of(own >> 8 * w) & (uint64_t)GRAPH_COUNT(hw, empty) * ONES;
    else
        steps_by_point(s, s->turn, count);
    by_point steps, jump;
    by_point_count(&steps, count);
    unsigned total = steps.end[2];
    uint32_t jumpers = s->mills ? 0 : graph_morris_jumpers(own, enemy, empty);
    if (jumpers) {
        for (uint32_t m = jumpers; m; m &= m - 1) {
            int from = __builtin_ctz(m);
            uint32_t to = graph_hops_k(g, from, enemy, empty, HOPS);
            jumps[from / 8] += (uint64_t)GRAPH_COUNT(hw, to) << from % 8 * 8;
        }
        by_point_count(&jump, jumps);
        total += jump.end[2];
    }
    unsigned k = (unsigned)lt_rng_below(r, total);
    if (k < steps.end[2]) {
        int from = by_point_pick(&steps, &k);
        return MOVE0 + from * POINTS +
               (flies ? graph_nth_draw(empty, k, hw)
                      : graph_nth4(g->adjmask[from] & empty, k));
    }
    k -= steps.end[2];
    int from = by_point_pick(&jump, &k);
    return JUMP0 + from * POINTS +
           graph_nth_draw(graph_hops_k(g, from, enemy, empty, HOPS), k, hw);
}
GRAPH_DRAW(nmm, draw)

static void end_turn(nmm *s)
{
    s->turn ^= 1;
    settle(s);
}

/* capture=mills: a man arriving at p in a new mill takes an enemy man,
 * if there is one on the board. */
static void arrive(nmm *s, int p)
{
    if (s->mills && graph_morris_mill_through(s->men[s->turn], p) &&
        s->men[!s->turn]) {
        s->removing = 1;
        s->result = PLAYING;
    } else {
        end_turn(s);
    }
}

static void apply(nmm *s, lt_action a)
{
    uint32_t *own = &s->men[s->turn];
    if (a >= REMOVE0) {
        s->men[!s->turn] &= ~(1u << (a - REMOVE0));
        s->on[!s->turn]--;
        near_follow(s, a - REMOVE0, POINTS);
        s->removing = 0;
        graph_history_clear(&s->hist);
        end_turn(s);
    } else if (a >= JUMP0) {
        int from = (a - JUMP0) / POINTS, to = (a - JUMP0) % POINTS;
        int over = board()->between[from][to];
        s->men[!s->turn] &= ~(1u << over);
        s->on[!s->turn]--;
        *own ^= 1u << from | 1u << to;
        near_follow(s, from, to);
        near_follow(s, over, POINTS);
        graph_history_clear(&s->hist);
        end_turn(s);
    } else if (a >= MOVE0) {
        int from = (a - MOVE0) / POINTS, to = (a - MOVE0) % POINTS;
        graph_history_push(&s->hist, s->men[0], s->men[1]);
        *own ^= 1u << from | 1u << to;
        near_follow(s, from, to);
        arrive(s, to);
    } else {
        *own |= 1u << a;
        s->on[s->turn]++;
        near_follow(s, POINTS, a);
        s->hand[s->turn]--;
        graph_history_clear(&s->hist);
        arrive(s, a);
    }
}

static void returns(const nmm *s, double *out)
{
    out[0] = s->result == WON_FIRST ? 1 : s->result == WON_SECOND ? -1 : 0;
    out[1] = -out[0];
}

static int action_name(const nmm *s, lt_action a, char *buf, size_t size)
{
    (void)s;
    const graph *g = board();
    if (a >= REMOVE0)
        return snprintf(buf, size, "x%s", g->name[a - REMOVE0]);
    if (a >= MOVE0) {
        int k = a >= JUMP0 ? a - JUMP0 : a - MOVE0;
        return graph_move_name(g, k / POINTS, k % POINTS, a >= JUMP0 ? 'x' : '-',
                               buf, size);
    }
    return snprintf(buf, size, "%s", g->name[a]);
}

/* "d1" places, "xd1" removes, "a1-d1" moves, "a1xg1" jumps; "a1d1" is a
 * move between neighbours, otherwise a jump. */
static lt_status parse_action(const nmm *s, const char *text,
                              lt_action *out)
{
    (void)s;
    const graph *g = board();
    if (tolower((unsigned char)text[0]) == 'x') {
        int p = graph_find(g, text + 1);
        if (p < 0)
            return LT_ESYNTAX;
        *out = REMOVE0 + p;
        return LT_OK;
    }
    int from = graph_find(g, text), to;
    if (from >= 0) {
        *out = PLACE0 + from;
        return LT_OK;
    }
    char sep;
    if (!graph_move_read(g, text, &from, &to, &sep))
        return LT_ESYNTAX;
    bool jump = sep == 'x' || (sep != '-' && !graph_linked(g, from, to));
    if (jump && g->between[from][to] < 0)
        return LT_EILLEGAL;
    *out = (jump ? JUMP0 : MOVE0) + from * POINTS + to;
    return LT_OK;
}

/* "..W/.../.../....../.../.../B.. b 8 9 -": rows 7 to 1 (the points of
 * each row from the left), who moves (w, b; wx, bx: after a mill, to
 * remove a man), the men White and Black still have to place, and the
 * steps since the last placement or capture, oldest first (or -). */
static int write_state(const nmm *s, char *buf, size_t size)
{
    char middle[16];
    snprintf(middle, sizeof middle, "%c%s %u %u", s->turn ? 'b' : 'w',
             s->removing ? "x" : "", (unsigned)s->hand[0],
             (unsigned)s->hand[1]);
    return graph_men_write(board(), s->men, &s->hist, middle, buf, size);
}

/* Whether the men and hands of t fit t's side to move; t.removing set. */
static bool plausible(const nmm *t, lt_error *err)
{
    int placed[2], men[2];
    for (int seat = 0; seat < 2; seat++) {
        men[seat] = graph_count(t->men[seat]);
        placed[seat] = MEN - t->hand[seat];
        if (t->hand[seat] > MEN || men[seat] > placed[seat]) {
            lt_error_set(err, _("%s has %d men on the board and %u to place: "
                              "more than %d"), seat ? "Black" : "White",
                         men[seat], (unsigned)t->hand[seat], MEN);
            return false;
        }
    }
    if (t->hand[0] || t->hand[1]) {
        /* White places first, so Black places next iff White has placed
         * one more; whoever removes has just placed */
        int next = placed[0] - placed[1];
        if ((next != 0 && next != 1) || t->turn != (t->removing ? !next : next)) {
            lt_error_set(err, _("the men to place (%u and %u) do not fit %s to "
                              "move"), (unsigned)t->hand[0],
                         (unsigned)t->hand[1], t->turn ? "Black" : "White");
            return false;
        }
        if (!t->mills && (men[0] != placed[0] || men[1] != placed[1])) {
            lt_error_set(err, _("no man is captured while the men are placed"));
            return false;
        }
    }
    int other = !t->turn;
    if (!t->removing &&
        (t->mills ? men[other] + t->hand[other] < 3 : men[other] + t->hand[other] == 0)) {
        lt_error_set(err, _("%s has too few men: the game would have ended"),
                     other ? "Black" : "White");
        return false;
    }
    if (t->removing && (!t->mills || !t->men[other] ||
                        !graph_has_line(board(), t->men[t->turn]))) {
        lt_error_set(err, _("there is no mill to remove a man by"));
        return false;
    }
    return true;
}

static lt_status read_state(nmm *s, const char *text, lt_error *err)
{
    const graph *g = board();
    nmm t = *s;
    if (!graph_men_read(g, &text, t.men, err))
        return LT_ESYNTAX;
    char side[4], steps[GRAPH_HISTORY * 6 + 2];
    unsigned hand[2];
    int used = 0;
    if (sscanf(text, " %3s %u %u %1201s%n", side, &hand[0], &hand[1], steps,
               &used) != 4 ||
        text[used + strspn(text + used, " \t\r\n")] != '\0') {
        lt_error_set(err, _("expected the board, who moves (w, b, wx or bx), the "
                          "men White and Black have to place, and the steps "
                          "since the last placement or capture (or -)"));
        return LT_ESYNTAX;
    }
    char c = (char)tolower((unsigned char)side[0]);
    if ((c != 'w' && c != 'b') || (side[1] && (tolower((unsigned char)side[1]) != 'x' || side[2]))) {
        lt_error_set(err, _("who moves: expected w, b, wx or bx, found '%s'"), side);
        return LT_ESYNTAX;
    }
    t.turn = c == 'b';
    t.removing = side[1] != '\0';
    if (hand[0] > MEN || hand[1] > MEN) {
        lt_error_set(err, _("each player has only %d men to place"), MEN);
        return LT_ERANGE;
    }
    t.hand[0] = (uint8_t)hand[0];
    t.hand[1] = (uint8_t)hand[1];
    if (!plausible(&t, err))
        return LT_EILLEGAL;
    int8_t from[GRAPH_HISTORY], to[GRAPH_HISTORY];
    int n = graph_steps_read(g, steps, from, to, 2 * t.quiet);
    if (n < 0 || (n > 0 && (t.hand[0] || t.hand[1]))) {
        lt_error_set(err, _("steps: expected '-' or steps like a1-d1,g7-g4 (at "
                          "most %d, none while men are placed)"), 2 * t.quiet);
        return LT_ESYNTAX;
    }
    /* Undo the steps, newest first (made by the remover itself, else by
     * the player not to move), then play them again: each must have been
     * legal, and they must end as the text says. */
    nmm u = t;
    int last = t.removing ? t.turn : !t.turn;
    if (!graph_steps_undo(g, u.men, from, to, n, last, false, err))
        return LT_EILLEGAL;
    nmm_sync(&u);
    if (n > 0) {
        u.turn = (uint8_t)((last + n - 1) % 2);
        u.removing = 0;
        graph_history_clear(&u.hist);
        settle(&u);
        for (int i = 0; i < n; i++) {
            lt_action a = MOVE0 + from[i] * POINTS + to[i], acts[LT_MAX_ACTIONS];
            bool ok = false;
            if (u.result == PLAYING)
                for (int k = legal_actions(&u, acts); k-- > 0;)
                    ok = ok || acts[k] == a;
            if (!ok) {
                lt_error_set(err, _("step %s-%s was not legal then"),
                             g->name[from[i]], g->name[to[i]]);
                return LT_EILLEGAL;
            }
            apply(&u, a);
        }
        if (u.removing != t.removing) {
            lt_error_set(err, "%s",
                         u.removing ? _("the last step makes a mill")
                                    : _("the last step makes no mill"));
            return LT_EILLEGAL;
        }
    } else {
        graph_history_clear(&u.hist);
        settle(&u);
    }
    *s = u;
    return LT_OK;
}

/* How the game ended (RULES.md, Endings), in settle's order. */
static int end_reason(const nmm *s, char *buf, size_t size)
{
    int men = graph_count(s->men[s->turn]) + s->hand[s->turn];
    int end = s->result != DRAWN ? (men == 0              ? GRAPH_END_NO_MEN
                                    : s->mills && men < 3 ? GRAPH_END_FEW_MEN
                                                          : GRAPH_END_BLOCKED)
              : graph_draw(&s->hist, s->men, s->quiet);
    return graph_end_reason(end, s->turn, s->quiet, buf, size);
}

static void render(const nmm *s, lt_view *v)
{
    const graph *g = board();
    graph_render(g, v);
    for (int seat = 0; seat < 2; seat++) {
        const char *text = seat ? "B" : "W", *glyph = seat ? "\u25cf" : "\u25cb";
        for (uint32_t m = s->men[seat]; m; m &= m - 1)
            graph_piece(v, __builtin_ctz(m), seat, 0, text, glyph);
        for (int i = 0; i < s->hand[seat]; i++) /* in hand, off the board */
            graph_piece(v, -1, seat, 0, text, glyph);
    }
    snprintf(v->info[v->ninfo++], sizeof v->info[0],
             _("On the board: white %d, black %d; to place: %u, %u"),
             graph_count(s->men[0]), graph_count(s->men[1]),
             (unsigned)s->hand[0], (unsigned)s->hand[1]);
    if (s->removing)
        snprintf(v->info[v->ninfo++], sizeof v->info[0], "%s",
                 s->turn ? _("Black made a mill and removes an enemy man")
                         : _("White made a mill and removes an enemy man"));
    graph_view_quiet(v, &s->hist, s->quiet);
    if (s->result != PLAYING)
        end_reason(s, v->info[v->ninfo++], sizeof v->info[0]);
}

static int action_cells(const nmm *s, lt_action a, int *cells, int max)
{
    (void)s;
    if (max < 3)
        return 0;
    if (a >= REMOVE0 || a < MOVE0) {
        cells[0] = a >= REMOVE0 ? a - REMOVE0 : a;
        return 1;
    }
    int k = a >= JUMP0 ? a - JUMP0 : a - MOVE0;
    cells[0] = k / POINTS;
    cells[1] = k % POINTS;
    if (a < JUMP0)
        return 2;
    cells[2] = board()->between[cells[0]][cells[1]];
    return 3;
}

/* Board, side to move, the men to place and a pending removal; not the
 * steps since the last capture. */
static uint64_t hash(const nmm *s)
{
    return graph_set_key(0, s->men[0]) ^ graph_set_key(1, s->men[1]) ^
           (s->turn ? graph_key(2, 0) : 0) ^ (s->removing ? graph_key(2, 1) : 0) ^
           graph_key(3, s->hand[0]) ^ graph_key(4, s->hand[1]);
}

static bool invariants_ok(const nmm *s)
{
    if ((s->men[0] & s->men[1]) || ((s->men[0] | s->men[1]) & ~board()->all) ||
        s->turn > 1 || s->mills > 1 || s->flying > 1 || s->quiet < GRAPH_QUIET_MIN ||
        s->quiet > GRAPH_QUIET_MAX || s->hist.n > 2 * s->quiet ||
        (s->hist.n && (s->hand[0] || s->hand[1])) || !plausible(s, NULL))
        return false;
    nmm t = *s;
    nmm_sync(&t);
    settle(&t);
    return t.result == s->result && !memcmp(t.on, s->on, sizeof t.on) &&
           !memcmp(t.near, s->near, sizeof t.near);
}

LT_ADAPT_RULES(nmm)
LT_ADAPT(nmm, random_action, random_action)

const lt_game lt_nine_mens_morris = {
    .id = "nine-mens-morris", .title = N_("Nine Men's Morris"),
    .source = N_("source 000: 9 Men's Morris (9 młynków)"),
    .group = LT_GROUP_ALFONSO, .options = options, .seats = lt_white_black,
    .seat_side = lt_side_first_south, LT_TWO_PLAYERS, LT_NO_CHANCE,
    LT_RULES_MEMBERS(nmm),
    .random_action = random_action_lt,
    /* placing: 24 points; moving: 4 neighbours and 2 jumps per man, or
     * three flying men with 21 empty points and their jumps; and room
     * for graph_emit */
    .max_actions = 80 + GRAPH_EMIT_SLACK, .num_actions = ACTIONS,
    /* 18 placements and at most 17 captures or removals, each followed by
     * at most 2 quiet moves without a capture */
    .max_length = 2 * MEN * (2 * GRAPH_QUIET_MAX + 3)};
