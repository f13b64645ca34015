/* turn.c — Four Seasons chess: the course of a turn (dice, choice, move),
 * captures, promotion, eliminations by mate and stalemate, the end and the
 * returns. */
#include <assert.h>
#include <string.h>

#include "four_seasons.h"
#include "ludoteka/dice.h"

static int square_of(const char *name)
{
    return (name[1] - '1') * 8 + (name[0] - 'a');
}

void fs4_setup(fs4 *s, const lt_config *cfg)
{
    memset(s, 0, sizeof *s);
    s->array = (uint8_t)cfg->value[OPT_ARRAY];
    s->centre = (uint8_t)cfg->value[OPT_CENTRE];
    s->alfil = (uint8_t)cfg->value[OPT_ALFIL];
    s->first = (uint8_t)cfg->value[OPT_FIRST];
    s->dice = (uint8_t)cfg->value[OPT_DICE];
    s->cap = (uint16_t)cfg->value[OPT_CAP];
    for (int i = 0; i < ARRAY_PIECES; i++) {
        const fs4_placement *p = &fs4_arrays[s->array][i];
        uint64_t b = fs4_bit(square_of(p->square));
        s->occ[p->seat] |= b;
        s->kind[p->kind] |= b;
    }
    /* seed: spring (green) moves first, then summer, autumn, winter */
    s->turn = GREEN;
    /* before anyone has moved, the seats that moved "most recently" are
     * those just before green in the turn order */
    static const uint8_t initial_recent[SEATS] = {WHITE, BLACK, RED, GREEN};
    memcpy(s->recent, initial_recent, sizeof s->recent);
    s->owe = fs4_first_seats(s->first);
    s->phase = s->dice ? PH_ROLL : PH_MOVE;
}

bool fs4_game_over(const fs4 *s)
{
    return s->phase == PH_OVER;
}

int fs4_current_player(const fs4 *s)
{
    switch (s->phase) {
    case PH_OVER: return LT_TERMINAL;
    case PH_ROLL: return LT_CHANCE;
    default: return s->turn;
    }
}

int fs4_legal_actions(const fs4 *s, lt_action *out)
{
    assert(s->phase == PH_MOVE || s->phase == PH_CHOOSE);
    if (s->phase == PH_CHOOSE) {
        /* seed: with two dice the player picks one, even one that loses
         * the turn */
        out[0] = A_CHOOSE + s->die[1] - 1;
        out[1] = A_CHOOSE + s->die[0] - 1;
        return 2;
    }
    uint64_t movable = s->dice ? fs4_die_pieces(s, s->die[0]) : ~(uint64_t)0;
    int n = fs4_moves(s, s->turn, movable, fs4_first_rule_binds(s), out);
    if (n == 0) {
        /* seed: "Jeśli ruch nie jest możliwy to tura zostaje stracona";
         * only with dice: without them a player with no move is out
         * before his turn begins */
        assert(s->dice);
        out[n++] = A_PASS;
    }
    return n;
}

int fs4_chance_outcomes(const fs4 *s, lt_outcome *out)
{
    assert(s->phase == PH_ROLL);
    int n = lt_dice_outcomes(s->dice == DICE_TWO ? 2 : 1, false, out);
    for (int i = 0; i < n; i++)
        out[i].action += A_ROLL;
    return n;
}

/* The seat after `seat` in turn order that still has a king. */
static int next_active(const fs4 *s, int seat)
{
    for (int k = 1; k <= SEATS; k++) {
        int p = (seat + k) % SEATS;
        if (fs4_active(s, p))
            return p;
    }
    return seat;
}

static int active_count(const fs4 *s)
{
    return fs4_count(s->kind[K_KING]);
}

/* Clears the lowest bit: no bit left means at most one was set. */
static uint64_t but_one(uint64_t b)
{
    return b & (b - 1);
}

/* The loser's pieces change hands (pawns keep their directions: the
 * direction is part of the kind). */
static void hand_over(fs4 *s, int from, int to)
{
    s->occ[to] |= s->occ[from];
    s->occ[from] = 0;
    s->owe &= (uint8_t)~(1u << from);
}

/* seed: "Mat lub Pat eliminuje danego gracza z gry"; RULES.md: judged at
 * the start of his turn, on his full set of moves.  Mated (in check):
 * his king is removed and his other pieces pass to the player who gave
 * the check, the most recent mover among those attacking the king.
 * Stalemated: all his pieces are removed. */
static void eliminate(fs4 *s, int seat)
{
    int ksq = fs4_king(s, seat);
    uint64_t enemy = fs4_all(s) & ~s->occ[seat];
    uint64_t blockers = fs4_all(s) | fs4_tables_get()->forbidden[s->centre];
    uint64_t attackers = fs4_attackers(s, ksq, enemy, blockers);
    if (attackers) {
        int mater = -1;
        for (int i = 0; i < SEATS && mater < 0; i++)
            if (s->occ[s->recent[i]] & attackers)
                mater = s->recent[i];
        assert(mater >= 0);
        s->kind[K_KING] &= ~fs4_bit(ksq);
        s->occ[seat] &= ~fs4_bit(ksq);
        hand_over(s, seat, mater);
        s->out[seat] = (uint8_t)(OUT_MATED | mater << 4);
    } else {
        for (int k = 0; k < KINDS; k++)
            s->kind[k] &= ~s->occ[seat];
        s->occ[seat] = 0;
        s->owe &= (uint8_t)~(1u << seat);
        s->out[seat] = OUT_STALEMATED;
    }
}

/* RULES.md: the last king standing wins.  Our reading: two bare kings
 * can never eliminate each other (neither can step next to the other, nor
 * stalemate it alone), so they draw at once. */
static bool decided(const fs4 *s)
{
    uint64_t kings = s->kind[K_KING];
    return !but_one(kings) ||
           (!but_one(but_one(kings)) && fs4_all(s) == kings);
}

bool fs4_finished(const fs4 *s)
{
    /* RULES.md: the ply cap; notes ambiguity 10: counted in turns without
     * a capture or a promotion (and, our reading, an elimination) */
    return decided(s) || s->quiet >= s->cap;
}

/* The next seat in the game begins his turn, unless he has no legal
 * move, in which case he is out and the following one is judged in turn.
 * Then the end: the cap draws among the survivors (a mate on the last
 * turn still counts). */
static void pass_turn(fs4 *s)
{
    s->die[0] = s->die[1] = 0;
    while (!decided(s)) {
        s->turn = (uint8_t)next_active(s, s->turn);
        if (fs4_has_move(s, s->turn))
            break;
        eliminate(s, s->turn);
        s->quiet = 0;
    }
    s->phase = fs4_finished(s) ? PH_OVER : s->dice ? PH_ROLL : PH_MOVE;
}

/* After a turn (a move or a lost one). */
static void next_turn(fs4 *s, bool progress)
{
    s->ply++;
    s->quiet = progress ? 0 : (uint16_t)(s->quiet + 1);
    pass_turn(s);
}

/* RULES.md (our reading): a player who leaves - resigns, or runs out of
 * time - is out as a stalemated player is: all his pieces leave the
 * board.  That is an elimination (the cap's count starts again); if it
 * was his turn, the next player in the game begins his; the last king
 * left wins. */
void fs4_leave(fs4 *s, int seat)
{
    assert(s->phase != PH_OVER && fs4_active(s, seat));
    for (int k = 0; k < KINDS; k++)
        s->kind[k] &= ~s->occ[seat];
    s->occ[seat] = 0;
    s->owe &= (uint8_t)~(1u << seat);
    s->out[seat] = OUT_LEFT;
    s->quiet = 0;
    if (s->turn == seat)
        pass_turn(s);
    else if (fs4_finished(s))
        s->phase = PH_OVER;
}

/* Makes the move; true if it captured or promoted. */
static bool make_move(fs4 *s, int from, int to)
{
    const fs4_tables *t = fs4_tables_get();
    int me = s->turn, k = fs4_kind_at(s, from);
    uint64_t bf = fs4_bit(from), bt = fs4_bit(to);
    int victim = -1;
    bool progress = (fs4_all(s) & bt) != 0;
    if (progress) {
        /* RULES.md: any opponent may be captured */
        victim = fs4_owner_at(s, to);
        if (!(s->kind[K_KING] & bt))
            victim = -1;
        for (int j = 0; j < KINDS; j++)
            s->kind[j] &= ~bt;
        for (int p = 0; p < SEATS; p++)
            s->occ[p] &= ~bt;
    }
    s->occ[me] ^= bf | bt;
    s->kind[k] ^= bf;
    /* seed: a pawn reaching the end of the board becomes a General */
    if (k >= K_PAWN && (t->edge[k - K_PAWN] & bt)) {
        k = K_GENERAL;
        progress = true;
    }
    s->kind[k] |= bt;
    /* RULES.md (our reading): a king left in check can be taken by the
     * next player able to; that ends its owner's game as a mate by the
     * taker would, and his pieces pass to the taker */
    if (victim >= 0) {
        hand_over(s, victim, me);
        s->out[victim] = (uint8_t)(OUT_TAKEN | me << 4);
    }
    /* the mover becomes the most recent mover; his first move is made */
    int i = 0;
    while (s->recent[i] != me)
        i++;
    memmove(s->recent + 1, s->recent, (size_t)i);
    s->recent[0] = (uint8_t)me;
    s->owe &= (uint8_t)~(1u << me);
    return progress;
}

void fs4_apply(fs4 *s, lt_action a)
{
    if (s->phase == PH_ROLL) {
        int f[2] = {0, 0}, nd = s->dice == DICE_TWO ? 2 : 1;
        lt_dice_decode(a - A_ROLL, nd, f);
        lt_dice_sort(nd, f);
        s->die[0] = (uint8_t)f[0];
        s->die[1] = (uint8_t)f[1];
        if (nd == 2 && f[0] == f[1])
            s->die[1] = 0; /* two equal dice leave nothing to choose */
        s->phase = s->die[1] ? PH_CHOOSE : PH_MOVE;
        return;
    }
    if (s->phase == PH_CHOOSE) {
        s->die[0] = (uint8_t)(a - A_CHOOSE + 1);
        s->die[1] = 0;
        s->phase = PH_MOVE;
        return;
    }
    next_turn(s, a != A_PASS && make_move(s, a / SQUARES, a % SQUARES));
}

void fs4_returns(const fs4 *s, double *out)
{
    /* RULES.md (four-seasons returns): every player stakes one third;
     * the survivors share the pot.  The last king alone: +1, the others
     * -1/3; a draw at the cap among k survivors: (4 - k) / (3k) each. */
    int k = active_count(s);
    for (int p = 0; p < SEATS; p++)
        out[p] = !fs4_game_over(s) ? 0
                 : fs4_active(s, p) ? (double)(SEATS - k) / (3.0 * k)
                                    : -1.0 / 3.0;
}
