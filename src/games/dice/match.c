/* match.c — the match frame of the dice games: turns, the throw for the
 * order of play, money, and the lt_game members every dice game shares.
 * The rules of a turn are the game's own (dice_rules). */
#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <threads.h>

#include "dicegame.h"

/* No padding before `shown`: the hash reads the bytes after `rules`. */
_Static_assert(offsetof(dice_state, players) == 8 &&
                   offsetof(dice_state, t) == 96 &&
                   offsetof(dice_state, shown) == 112,
               "dice_state has no hidden padding");

const char *const dice_order_choices[] = {
    NC_("option value", "highest"), NC_("option value", "lowest"), NULL};

enum { OPT_ORDER, OPT_TURNS };

const lt_option dice_order_turns_options[] = {DICE_OPT_ORDER, DICE_OPT_TURNS,
                                              {NULL, NULL, 0, 0, 0, NULL}};

void dice_configure_order_turns(dice_state *s, const lt_config *cfg)
{
    s->lowest = (uint8_t)cfg->value[OPT_ORDER];
    s->turns = (uint16_t)cfg->value[OPT_TURNS];
}

/* ---- dice ---- */

const uint8_t dice_w3[19] = {0,  0,  0,  1,  3,  6,  10, 15, 21, 25,
                             27, 27, 25, 21, 15, 10, 6,  3,  1};
const uint8_t dice_w2[13] = {0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1};

static struct {
    lt_outcome out[LT_DICE_MAX + 1][LT_DICE_OUTCOMES_MAX];
    int n[LT_DICE_MAX + 1];
    lt_action sorted[LT_DICE_MAX + 1][LT_DICE_OUTCOMES_MAX]; /* ordered ->
                                                               * its multiset */
    int16_t byte[LT_DICE_MAX + 1][256]; /* a random byte -> a throw, or -1 */
} tables;
static once_flag tables_once = ONCE_FLAG_INIT;

static void build_tables(void)
{
    for (int nd = 1; nd <= LT_DICE_MAX; nd++) {
        tables.n[nd] = lt_dice_outcomes(nd, false, tables.out[nd]);
        int total = nd == 1 ? 6 : nd == 2 ? 36 : 216;
        for (int a = 0; a < total; a++) {
            int f[LT_DICE_MAX];
            lt_dice_decode(a, nd, f);
            lt_dice_sort(nd, f);
            tables.sorted[nd][a] = lt_dice_encode(nd, f);
        }
        /* bytes below the largest multiple of the outcome count */
        int limit = 256 - 256 % total;
        for (int b = 0; b < 256; b++)
            tables.byte[nd][b] =
                (int16_t)(b < limit ? tables.sorted[nd][b % total] : -1);
    }
}

void dice_faces(lt_action a, int ndice, int *faces)
{
    lt_dice_decode(a, ndice, faces);
}

int dice_sum(lt_action a, int ndice)
{
    switch (ndice) { /* the faces are base-6 digits, each one less */
    case 1: return a + 1;
    case 2: return a / 6 + a % 6 + 2;
    default: return a / 36 + a / 6 % 6 + a % 6 + 3;
    }
}

bool dice_is_hazard3(int sum)
{
    return sum <= 6 || sum >= 15; /* seed 000, e: 3-6 and 15-18 */
}

lt_action dice_source_roll(dice_source *src, int ndice)
{
    if (!src->ready) {
        call_once(&tables_once, build_tables);
        src->ready = true;
    }
    for (;;) {
        if (src->left == 0) {
            src->bits = lt_rng_next(src->rng);
            src->left = 8;
        }
        int a = tables.byte[ndice][src->bits & 255];
        src->bits >>= 8;
        src->left--;
        if (a >= 0)
            return a;
    }
}

/* ---- the match ---- */

static dice_state *ds(lt_state *st)
{
    return (dice_state *)st;
}

static const dice_state *cds(const lt_state *st)
{
    return (const dice_state *)st;
}

bool dice_can_pay(dice_state *s, int seat, int32_t amount)
{
    if (s->money[seat] >= amount)
        return true;
    s->shown.broke |= (uint8_t)(1u << seat);
    return false;
}

bool dice_pay(dice_state *s, int seat, int32_t amount)
{
    if (!dice_can_pay(s, seat, amount))
        return false;
    s->money[seat] -= amount;
    s->pot += amount;
    return true;
}

void dice_take(dice_state *s, int seat, int32_t amount)
{
    assert(amount <= s->pot);
    s->pot -= amount;
    s->money[seat] += amount;
}

int32_t dice_equity(const dice_state *s, int seat)
{
    const dice_rules *r = s->rules;
    return s->money[seat] +
           (r->claim ? r->claim(s, seat) : s->pot / s->players);
}

/* RULES.md: at the end of the match what is left in the pot is split
 * evenly (a remainder, which no game leaves, goes in seat order). */
void dice_end_match(dice_state *s)
{
    int n = s->players;
    int32_t share = s->pot / n, rest = s->pot % n;
    for (int i = 0; i < n; i++)
        s->money[i] += share + (i < rest);
    s->pot = 0;
    s->phase = PHASE_OVER;
    s->steps = 0;
    s->split = 0;
    s->payer = 0;
    memset(s->order, 0, sizeof s->order);
    memset(s->othrow, 0, sizeof s->othrow);
    memset(s->t, 0, sizeof s->t);
}

static void enter_turn(dice_state *s)
{
    const dice_rules *r = s->rules;
    s->phase = PHASE_TURN;
    s->steps = 0;
    s->split = 0;
    memset(s->othrow, 0, sizeof s->othrow);
    memset(s->t, 0, sizeof s->t);
    if (r->turn_start && !r->turn_start(s))
        dice_end_match(s); /* a player cannot cover the stakes: he loses */
}

int dice_turn_player(const dice_state *s)
{
    const dice_rules *r = s->rules;
    return r->turn_player ? r->turn_player(s) : LT_CHANCE;
}

int dice_turn_dice(const dice_state *s)
{
    const dice_rules *r = s->rules;
    return r->turn_dice ? r->turn_dice(s) : r->ndice;
}

static void begin_turn(dice_state *s)
{
    const dice_rules *r = s->rules;
    int n = s->players;
    memset(s->t, 0, sizeof s->t);
    s->steps = 0;
    if (s->turn >= s->turns) {
        dice_end_match(s);
        return;
    }
    unsigned broke = r->short_of ? r->short_of(s) : 0;
    if (broke) { /* RULES.md: a player who cannot cover the stakes loses */
        s->shown.broke = (uint8_t)broke;
        dice_end_match(s);
        return;
    }
    if (r->order_throw == ORDER_EACH_TURN ||
        (r->order_throw == ORDER_ONCE && s->turn == 0)) {
        /* the players throw for the order of play: all tied so far */
        s->phase = PHASE_ORDER;
        s->split = 0;
        for (int k = 0; k < n; k++)
            s->order[k] = (uint8_t)k;
        memset(s->othrow, 0, sizeof s->othrow);
        return;
    }
    if (r->order_throw == ORDER_ONCE) {
        /* the two roles change hands after every turn */
        uint8_t t = s->order[0];
        s->order[0] = s->order[1];
        s->order[1] = t;
    } else {
        /* no throw for the order: seat order, the first seat moving on
         * by one each turn */
        for (int k = 0; k < n; k++)
            s->order[k] = (uint8_t)((s->turn + k) % n);
    }
    enter_turn(s);
}

void dice_end_turn(dice_state *s, int winner, dice_why why)
{
    assert(why.why > DICE_WHY_NONE);
    if (winner >= 0)
        s->won[winner]++;
    s->shown.winner = (int8_t)winner;
    s->shown.why = why.why;
    s->shown.by = why.by;
    memcpy(s->shown.v, why.v, sizeof why.v);
    s->shown.amount = why.amount;
    s->shown.tdice = s->shown.ndice;
    s->shown.taction = s->shown.action;
    s->turn++;
    s->shown.turn = s->turn;
    s->shown.playoff = 0;
    begin_turn(s);
}

bool dice_enter_seat_order(dice_state *s)
{
    if (s->phase != PHASE_ORDER)
        return s->phase == PHASE_TURN;
    for (int k = 0; k < s->players; k++)
        s->order[k] = (uint8_t)k;
    enter_turn(s);
    return s->phase == PHASE_TURN;
}

lt_status dice_init(lt_state *st, const lt_config *cfg, const dice_rules *r)
{
    dice_state *s = ds(st);
    memset(s, 0, sizeof *s);
    s->rules = r;
    s->players = (uint8_t)cfg->players;
    s->ndice = (uint8_t)r->ndice;
    s->money_game = r->money;
    s->turns = 1;
    r->configure(s, cfg);
    for (int i = 0; i < s->players; i++)
        s->money[i] = s->money_game ? s->bankroll : 0;
    if (!s->money_game)
        s->bankroll = 0;
    s->shown.seat = s->shown.winner = s->shown.by = -1;
    begin_turn(s);
    return LT_OK;
}

int dice_num_players(const lt_state *st)
{
    return cds(st)->players;
}

int dice_current_player(const lt_state *st)
{
    const dice_state *s = cds(st);
    switch (s->phase) {
    case PHASE_ORDER: return LT_CHANCE;
    case PHASE_TURN: return dice_turn_player(s);
    default: return LT_TERMINAL;
    }
}

int dice_legal_actions(const lt_state *st, lt_action *out)
{
    const dice_state *s = cds(st);
    assert(s->phase == PHASE_TURN);
    return s->rules->turn_actions(s, out);
}

/* Dice in the throw now due. */
static int throw_dice(const dice_state *s)
{
    return s->phase == PHASE_ORDER ? s->ndice : dice_turn_dice(s);
}

int dice_chance_outcomes(const lt_state *st, lt_outcome *out)
{
    const dice_state *s = cds(st);
    call_once(&tables_once, build_tables);
    int nd = throw_dice(s);
    memcpy(out, tables.out[nd], sizeof out[0] * (size_t)tables.n[nd]);
    return tables.n[nd];
}

/* ---- the throw for the order of play ----
 * order[] holds blocks of players not yet told apart; the leftmost block
 * of two or more throws, each in turn, and splits by what they threw
 * (RULES.md: ties are thrown again among the tied). */

static bool block_ends(const dice_state *s, int pos)
{
    return pos == s->players - 1 || (s->split >> pos & 1);
}

/* The leftmost block of two or more: positions [*b0, *b1]; false if the
 * order is complete. */
static bool open_block(const dice_state *s, int *b0, int *b1)
{
    for (int p = 0; p < s->players;) {
        int e = p;
        while (!block_ends(s, e))
            e++;
        if (e > p) {
            *b0 = p;
            *b1 = e;
            return true;
        }
        p = e + 1;
    }
    return false;
}

static int order_thrower(const dice_state *s)
{
    int b0 = 0, b1 = 0;
    if (!open_block(s, &b0, &b1))
        return -1;
    for (int p = b0; p <= b1; p++)
        if (!s->othrow[s->order[p]])
            return s->order[p];
    return -1;
}

static void order_throw(dice_state *s, lt_action a)
{
    int b0 = 0, b1 = 0;
    bool open = open_block(s, &b0, &b1);
    assert(open);
    (void)open;
    int seat = order_thrower(s);
    s->othrow[seat] = (uint8_t)dice_sum(a, s->ndice);
    if (order_thrower(s) >= 0)
        return;
    /* the whole block has thrown: sort it, best first, keeping the
     * present order among equal throws */
    for (int i = b0 + 1; i <= b1; i++)
        for (int j = i; j > b0; j--) {
            int x = s->othrow[s->order[j - 1]], y = s->othrow[s->order[j]];
            if (s->lowest ? y < x : y > x) {
                uint8_t t = s->order[j];
                s->order[j] = s->order[j - 1];
                s->order[j - 1] = t;
            } else {
                break;
            }
        }
    for (int p = b0; p < b1; p++)
        if (s->othrow[s->order[p]] != s->othrow[s->order[p + 1]])
            s->split |= (uint8_t)(1u << p);
    for (int p = b0; p <= b1; p++)
        s->othrow[s->order[p]] = 0;
    if (!open_block(s, &b0, &b1))
        enter_turn(s);
}

int dice_thrower(const dice_state *s)
{
    switch (s->phase) {
    case PHASE_ORDER: return order_thrower(s);
    case PHASE_TURN: return s->rules->turn_thrower(s);
    default: return -1;
    }
}

int dice_throw_seat(const lt_state *st)
{
    return dice_thrower(cds(st));
}

void dice_apply(lt_state *st, lt_action a)
{
    dice_state *s = ds(st);
    const dice_rules *r = s->rules;
    if (a < DICE_STOP) {
        s->shown.seat = (int8_t)dice_thrower(s);
        s->shown.ndice = (uint8_t)throw_dice(s);
        s->shown.action = (int16_t)a;
    }
    if (s->phase == PHASE_ORDER) {
        order_throw(s, a);
        if (s->phase == PHASE_ORDER && ++s->steps >= DICE_ORDER_CAP) {
            /* RULES.md: ties still standing after the cap keep their
             * present (seat) order */
            s->split = 0;
            memset(s->othrow, 0, sizeof s->othrow);
            enter_turn(s);
        }
        return;
    }
    uint16_t turn = s->turn;
    r->turn_apply(s, a);
    if (s->phase == PHASE_TURN && s->turn == turn &&
        ++s->steps >= DICE_TURN_CAP) {
        if (r->turn_abort)
            r->turn_abort(s);
        /* RULES.md: the cap ends the turn undecided */
        dice_end_turn(s, -1, (dice_why){.why = DICE_WHY_CAP, .by = -1});
    }
}

void dice_returns(const lt_state *st, double *out)
{
    const dice_state *s = cds(st);
    int n = s->players;
    for (int i = 0; i < n; i++)
        out[i] = 0;
    if (s->phase != PHASE_OVER)
        return;
    if (s->money_game) {
        /* the money won or lost, in units */
        for (int i = 0; i < n; i++)
            out[i] = (s->money[i] - s->bankroll) / 2.0;
        return;
    }
    /* The most turns won wins the match; winners share it.  Scaled so
     * that returns sum to zero and a sole winner gets 1. */
    int best = 0, k = 0;
    for (int i = 0; i < n; i++)
        best = s->won[i] > best ? s->won[i] : best;
    for (int i = 0; i < n; i++)
        k += s->won[i] == best;
    for (int i = 0; i < n; i++) {
        double share = s->won[i] == best ? 1.0 / k : 0;
        out[i] = (n * share - 1) / (n - 1);
    }
}

int dice_action_name(const lt_state *st, lt_action a, char *buf, size_t size)
{
    const dice_state *s = cds(st);
    if (a == DICE_STOP)
        return snprintf(buf, size, "stop");
    if (a == DICE_THROW)
        return snprintf(buf, size, "throw");
    /* "6-5-4", as lt_dice_name writes it, without printf: names are made
     * for every outcome at every throw */
    int nd = throw_dice(s), f[LT_DICE_MAX], len = 2 * nd - 1;
    char text[2 * LT_DICE_MAX];
    lt_dice_decode(a, nd, f);
    for (int i = 0; i < nd; i++) {
        text[2 * i] = (char)('0' + f[i]);
        text[2 * i + 1] = '-';
    }
    text[len] = '\0';
    if (size > 0) {
        size_t n = (size_t)len < size ? (size_t)len : size - 1;
        memcpy(buf, text, n);
        buf[n] = '\0';
    }
    return len;
}

/* At a throw: its faces in any order ("4-6-5", "456"); at a decision:
 * "stop" or "throw". */
lt_status dice_parse_action(const lt_state *st, const char *text,
                            lt_action *out)
{
    const dice_state *s = cds(st);
    if (s->phase == PHASE_OVER)
        return LT_EILLEGAL;
    if (dice_current_player(st) >= 0) {
        if (!strcasecmp(text, "stop"))
            *out = DICE_STOP;
        else if (!strcasecmp(text, "throw"))
            *out = DICE_THROW;
        else
            return LT_ESYNTAX;
        return LT_OK;
    }
    int nd = throw_dice(s), f[LT_DICE_MAX];
    lt_action a;
    if (lt_dice_parse(text, nd, &a) != LT_OK)
        return LT_ESYNTAX;
    lt_dice_decode(a, nd, f);
    lt_dice_sort(nd, f);
    *out = lt_dice_encode(nd, f);
    return LT_OK;
}

uint64_t dice_hash(const lt_state *st)
{
    const unsigned char *p = (const unsigned char *)st;
    uint64_t h = 0xcbf29ce484222325u;
    for (size_t i = offsetof(dice_state, players);
         i < offsetof(dice_state, shown); i++)
        h = (h ^ p[i]) * 0x100000001b3u;
    return h ^ h >> 29;
}

int dice_action_cells(const lt_state *st, lt_action a, int *cells, int max)
{
    (void)st;
    (void)a;
    (void)cells;
    (void)max;
    return 0; /* no board */
}

bool dice_invariants_ok(const lt_state *st)
{
    const dice_state *s = cds(st);
    if (!s->rules || s->players < 1 || s->players > DICE_SEATS ||
        s->phase > PHASE_OVER || s->turn > s->turns)
        return false;
    /* the match ends after its turns, or earlier when money runs out */
    if (s->phase != PHASE_OVER ? s->turn >= s->turns
                               : s->turn < s->turns && !s->money_game)
        return false;
    /* order is a permutation of the seats (zero when over) */
    unsigned seen = 0;
    for (int k = 0; k < s->players; k++)
        seen |= 1u << s->order[k];
    if (s->phase != PHASE_OVER && seen != (1u << s->players) - 1)
        return false;
    int32_t total = s->pot;
    for (int i = 0; i < s->players; i++) {
        if (s->money[i] < 0)
            return false;
        total += s->money[i];
    }
    if (s->pot < 0 || total != s->players * s->bankroll)
        return false;
    if (s->phase == PHASE_ORDER && dice_thrower(s) < 0)
        return false;
    if (s->phase == PHASE_TURN) {
        int p = dice_current_player(st);
        if (p == LT_CHANCE) {
            int nd = throw_dice(s);
            if (nd < 1 || nd > LT_DICE_MAX)
                return false;
        } else if (p < 0 || p >= s->players) {
            return false;
        }
    }
    return true;
}
