/* robbers.c — Rozbójnicy (seed 001) as an lt_game: options, the start,
 * what to draw, and the glue to the rules core in board.c.  The rules
 * and the readings we chose are in RULES.md beside this file. */
#include <stdio.h>
#include <string.h>

#include "ludoteka/adapt.h"
#include "ludoteka/text.h"
#include "robbers.h"

enum { OPT_CAP };

static const lt_option options[] = {
    {NC_("option", "cap"), NULL, CAP_MIN, CAP_MAX, CAP_DEFAULT,
     N_("the game is drawn after this many moves (both players' counted)")},
    {NULL, NULL, 0, 0, 0, NULL}};

/* Seed 001, figure 1: commanders on the back ranks, soldiers in front of
 * them; orange on ranks 1-2 (notes §4). */
static lt_status rob_init(rob *s, const lt_config *cfg)
{
    memset(s, 0, sizeof *s);
    s->bb[ORANGE * 2 + COMMANDER] = UINT64_C(0xff);
    s->bb[ORANGE * 2 + SOLDIER] = UINT64_C(0xff) << 8;
    s->bb[GREEN * 2 + SOLDIER] = UINT64_C(0xff) << 48;
    s->bb[GREEN * 2 + COMMANDER] = UINT64_C(0xff) << 56;
    s->cap = (uint16_t)cfg->value[OPT_CAP];
    s->turn = ORANGE; /* notes §4, resolution 1: orange starts */
    s->key = rob_key(s);
    rob_settle(s);
    return LT_OK;
}

static int rob_current_player(const rob *s)
{
    return s->result == PLAYING ? s->turn : LT_TERMINAL;
}

static void rob_returns(const rob *s, double *out)
{
    out[0] = s->result == ORANGE_WON ? 1 : s->result == GREEN_WON ? -1 : 0;
    out[1] = -out[0];
}

/* How the game ended (RULES.md, Endings), in rob_settle's order. */
static int rob_end_reason(const rob *s, char *buf, size_t size)
{
    int orange = __builtin_popcountll(rob_side(s, ORANGE));
    int green = __builtin_popcountll(rob_side(s, GREEN));
    if (s->result == ORANGE_WON || s->result == GREEN_WON)
        return snprintf(buf, size, "%s",
                        s->result == ORANGE_WON ? _("all of Green's pieces captured")
                                                : _("all of Orange's pieces captured"));
    if (orange == 1 && green == 1)
        return snprintf(buf, size, "%s",
                        _("draw: one piece each"));
    if (s->ply >= s->cap)
        return lt_cap_reason(s->cap, buf, size);
    return snprintf(buf, size, "%s",
                    _("draw: neither side can move (two passes)"));
}

static void rob_render(const rob *s, lt_view *v)
{
    static const char *const text[4] = {"C", "S", "c", "s"};
    /* the seed marks commanders with a circle and a cross */
    static const char *const glyph[4] = {"\u2297", "\u25cf", "\u2297", "\u25cf"};
    v->width = v->height = 8;
    v->ncells = SQUARES;
    v->nboards = 1;
    for (int sq = 0; sq < SQUARES; sq++) {
        int file = sq & 7, rank = sq >> 3;
        v->cells[sq] = (lt_cell){.x = (int16_t)file, .y = (int16_t)(7 - rank),
                                 .shape = LT_SHAPE_SQUARE,
                                 .shade = (file + rank) % 2 ? LT_SHADE_LIGHT
                                                            : LT_SHADE_DARK};
        rob_square_name(sq, v->cells[sq].name);
        for (int b = 0; b < 4; b++)
            if (s->bb[b] & BIT(sq)) {
                lt_piece *pc = &v->pieces[v->npieces++];
                *pc = (lt_piece){.cell = (int16_t)sq, .owner = (int8_t)(b / 2),
                                 .kind = (uint8_t)(b % 2)};
                lt_copy(pc->text, sizeof pc->text, text[b]);
                lt_copy(pc->glyph, sizeof pc->glyph, glyph[b]);
            }
    }
    for (int side = 0; side < 2; side++)
        snprintf(v->info[v->ninfo++], sizeof v->info[0],
                 _("%s: commanders %d, soldiers %d"),
                 side == ORANGE ? _("Orange") : _("Green"),
                 __builtin_popcountll(s->bb[side * 2 + COMMANDER]),
                 __builtin_popcountll(s->bb[side * 2 + SOLDIER]));
    if (s->result == PLAYING && !rob_has_move(s, s->turn))
        snprintf(v->info[v->ninfo++], sizeof v->info[0], "%s",
                 s->turn == ORANGE
                     ? _("Orange has no move: pass")
                     : _("Green has no move: pass"));
    lt_view_moves(v, s->ply + (s->result == PLAYING), s->cap);
    if (s->result != PLAYING)
        rob_end_reason(s, v->info[v->ninfo++], sizeof v->info[0]);
}

static int rob_action_cells(const rob *s, lt_action a, int *cells, int max)
{
    if (a == PASS || max < 2)
        return 0;
    int n = 0;
    cells[n++] = a / SQUARES;
    cells[n++] = a % SQUARES;
    for (uint64_t c = rob_captures(s, s->turn, a % SQUARES); c && n < max;
         c &= c - 1)
        cells[n++] = __builtin_ctzll(c);
    return n;
}

static uint64_t rob_hash(const rob *s)
{
    return s->key;
}

static bool rob_invariants_ok(const rob *s)
{
    uint64_t seen = 0;
    for (int b = 0; b < 4; b++) {
        if (s->bb[b] & seen)
            return false;
        seen |= s->bb[b];
    }
    if (!rob_check(s, NULL) || s->turn > 1 || s->cap < CAP_MIN ||
        s->cap > CAP_MAX || s->ply > s->cap || s->key != rob_key(s))
        return false;
    rob t = *s;
    rob_settle(&t);
    return t.result == s->result;
}

/* Counts with the game's own generator; the last level is the number of
 * legal actions. */
static uint64_t count(const rob *s, int depth)
{
    if (s->result != PLAYING)
        return 0;
    lt_action acts[MAX_MOVES];
    int n = rob_legal_actions(s, acts);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        rob child = *s;
        rob_apply(&child, acts[i]);
        total += count(&child, depth - 1);
    }
    return total;
}

static uint64_t perft(const rob *s, int depth)
{
    return depth <= 0 ? 1 : count(s, depth);
}

static const char *const seats[] = {N_("Orange"), N_("Green")};

LT_ADAPT_RULES_NAMED(rob, rob_)
LT_ADAPT(rob, perft, perft)

const lt_game lt_robbers = {
    .id = "robbers", .title = N_("Robbers"),
    .source = N_("source 001: Rozbójnicy"), .group = LT_GROUP_ROBBERS,
    .options = options, .seats = seats, .seat_side = lt_side_first_south,
    LT_TWO_PLAYERS, LT_NO_CHANCE, .max_actions = MAX_MOVES,
    .num_actions = PASS + 1,
    .max_length = CAP_MAX, /* every action counts towards the cap */
    LT_RULES_MEMBERS(rob), .perft = perft_lt};
