/* rules.c — Medh Kuu Lash: the turn.  The throw, the deed the dice call
 * for (move, swap, fall, removal), pushes and their chains, captures,
 * triples, the minimum of four pieces, and the end of the turn.  The
 * numbers in comments are the seed's sections and the notes' resolutions
 * (RULES.md lists them). */
#include <assert.h>

#include "ludoteka/dice.h"
#include "medh.h"

static int mover(const medh *s)
{
    return s->turn + 1;
}

/* seed §3: the opponent's die says what to do, one's own die how */
int medh_own_die(const medh *s)
{
    return s->die[s->turn];
}

int medh_their_die(const medh *s)
{
    return s->die[1 - s->turn];
}

enum { DO_REMOVE_OWN, DO_REMOVE_ENEMY, DO_MOVE, DO_SWAP, DO_FALL };

static int task(const medh *s)
{
    int o = medh_their_die(s), m = medh_own_die(s);
    if (o == 1 && m == 1)
        return DO_REMOVE_OWN; /* §4: 1+1, remove one of your own */
    if (o == 6 && m == 6)
        return DO_REMOVE_ENEMY; /* §4: 6+6, remove one of the opponent's */
    return o <= 3 ? DO_MOVE : o <= 5 ? DO_SWAP : DO_FALL;
}

int medh_landing(const medh *s, int from)
{
    int own = medh_own_die(s);
    /* §3, §5: a move goes the sum of both dice along the ring */
    if (is_peak(from))
        return (from + medh_their_die(s) + own) % RING;
    /* §3 "spadek": down to the player's own peak of the column (one
     * cell), then own die - 1 further along the ring (notes 11) */
    return (own_peak(mover(s), column_of(from)) + own + RING - 1) % RING;
}

/* The first half of a move or fall: the piece leaves `from` and lands.
 * Returns the colour it landed on (EMPTY if none): that piece goes into
 * the morning of column *col (§6, notes 5). */
static int land(medh *t, int from, int *col)
{
    int to = medh_landing(t, from);
    int hit = t->cell[to];
    t->cell[from] = EMPTY;
    t->cell[to] = (uint8_t)mover(t);
    *col = column_of(to);
    return hit;
}

/* A chain of `colour` pieces pushed on from the morning of col in
 * direction dir ends at the first morning past them; -1 if they run off
 * the row (no wrap, notes 6). */
static int chain_end(const medh *t, int col, int colour, int dir)
{
    int k = col + dir;
    while (k >= 0 && k < COLS && t->cell[MORNING0 + k] == colour)
        k += dir;
    return k >= 0 && k < COLS ? k : -1;
}

/* §6, notes 6: the directions open to a chain when a `colour` piece is
 * pushed into a morning held by its own colour: those ending on a free
 * morning; only if there are none, those ending in a capture. */
static unsigned chain_choices(const medh *t, int col, int colour)
{
    unsigned free = 0, capture = 0;
    for (int d = 0; d < 2; d++) {
        int end = chain_end(t, col, colour, d ? 1 : -1);
        if (end >= 0)
            *(t->cell[MORNING0 + end] == EMPTY ? &free : &capture) |= 1u << d;
    }
    return free ? free : capture;
}

unsigned medh_push_choices(const medh *s, int from)
{
    medh t = *s;
    int col, hit = land(&t, from, &col);
    if (hit == EMPTY || t.cell[MORNING0 + col] != hit)
        return 0;
    unsigned open = chain_choices(&t, col, hit);
    return open == 3 ? 3 : 0;
}

int medh_chain_end(const medh *s, int d)
{
    medh t = *s;
    int col, hit = land(&t, s->from, &col);
    return MORNING0 + chain_end(&t, col, hit, d ? 1 : -1);
}

/* §6: a `colour` piece pushed into the morning of col; dir is the
 * chain's direction (-1, +1), 0 when no direction is open.  Returns the
 * colour of the piece captured, or EMPTY. */
static int push(medh *t, int col, int colour, int dir)
{
    int m = MORNING0 + col, there = t->cell[m];
    if (there != colour) { /* free, or an enemy of the pushed piece */
        t->cell[m] = (uint8_t)colour;
        return there;
    }
    if (dir == 0)
        return colour; /* notes 6: nowhere to go, the pushed piece is lost */
    int end = chain_end(t, col, colour, dir);
    int lost = t->cell[MORNING0 + end];
    for (int k = col; k != end + dir; k += dir)
        t->cell[MORNING0 + k] = (uint8_t)colour;
    return lost;
}

static void begin_turn(medh *s, int seat)
{
    s->turn = (uint8_t)seat;
    s->die[0] = s->die[1] = 0;
    s->from = s->victim = s->removals = 0;
    /* §10: the pass is offered only when one is possible */
    s->phase = medh_can_pass(s, seat + 1) ? START : ROLL;
}

static void end_turn(medh *s)
{
    int me = mover(s);
    s->turns++;
    s->die[0] = s->die[1] = 0;
    s->from = s->victim = s->removals = 0;
    /* notes 15: wins are judged after every whole deed; if both sides
     * qualify, the player who made it wins */
    if (medh_qualifies(s, me) || medh_qualifies(s, opposite(me))) {
        s->phase = WON;
        s->turn = (uint8_t)(medh_qualifies(s, me) ? me : opposite(me)) - 1;
    } else if (s->turns >= s->cap) {
        s->phase = DRAWN; /* notes 18: the turn cap draws */
        s->turn = 0;
    } else {
        begin_turn(s, 1 - s->turn);
    }
}

/* After a placement or a removal: the removals still due, then the end. */
static void go_on(medh *s)
{
    s->victim = 0;
    if (s->removals) {
        s->phase = REMOVE;
        return;
    }
    end_turn(s);
}

/* §8: a side left with three: the player whose turn it is puts the piece
 * back on a free peak, then adds one of the other colour (notes 14). */
static void after_loss(medh *s, int lost)
{
    if (lost != EMPTY && medh_count(s, lost) < MIN_PIECES) {
        s->phase = BACK;
        s->victim = (uint8_t)lost;
        return;
    }
    go_on(s);
}

/* The end of a move, fall or swap.  §7: a triple of the player's that
 * did not stand before the deed lets him remove an enemy piece, unless
 * making it captured one; a triple that stood throughout (a piece inside
 * it replaced) is not new (notes 13). */
static void deed_done(medh *s, unsigned before, int lost)
{
    int me = mover(s);
    int fresh = __builtin_popcount(medh_triples(s, me) & ~before);
    if (lost == opposite(me))
        fresh--;
    assert(fresh <= 2);
    s->removals = (uint8_t)(fresh > 0 ? fresh : 0);
    after_loss(s, lost);
}

/* A move or fall from `from`; dir: the chain's direction when the player
 * chose it, 0 otherwise. */
static void go(medh *s, int from, int dir)
{
    unsigned before = medh_triples(s, mover(s));
    int col, hit = land(s, from, &col), lost = EMPTY;
    if (hit != EMPTY) {
        if (!dir) {
            unsigned open = chain_choices(s, col, hit);
            assert(open != 3 || s->cell[MORNING0 + col] != hit);
            dir = open & 1 ? -1 : open & 2 ? 1 : 0;
        }
        lost = push(s, col, hit, dir);
    }
    deed_done(s, before, lost);
}

/* §7: own pieces on both peaks of a column with an enemy between them */
static bool swap_captures(const medh *s, int a, int b)
{
    int me = mover(s);
    return is_peak(a) && is_peak(b) && column_of(a) == column_of(b) &&
           s->cell[a] == me && s->cell[b] == me &&
           s->cell[MORNING0 + column_of(a)] == opposite(me);
}

static void swap(medh *s, int a, int b)
{
    unsigned before = medh_triples(s, mover(s));
    int lost = EMPTY;
    if (swap_captures(s, a, b)) {
        lost = opposite(mover(s));
        s->cell[MORNING0 + column_of(a)] = EMPTY;
    }
    uint8_t t = s->cell[a];
    s->cell[a] = s->cell[b];
    s->cell[b] = t;
    deed_done(s, before, lost);
}

/* §3, notes 8 and 10: swaps of one own piece with another piece, along
 * the ring at exactly the own die's distance (either way), or across the
 * rows in one column.  Two own pieces swapped change nothing unless they
 * capture: all such swaps are the one action A_KEEP. */
static int swaps(const medh *s, lt_action *out)
{
    int me = mover(s), d = medh_own_die(s), n = 0;
    bool keep = false;
    for (int a = 0; a < CELLS; a++) {
        if (s->cell[a] == EMPTY)
            continue;
        int part[4], np = 0, col = column_of(a);
        if (is_peak(a)) {
            part[np++] = (a + d) % RING;       /* along the ring */
            part[np++] = (a + RING - d) % RING;
            part[np++] = a < COLS ? RING - 1 - col : col; /* the other peak */
            part[np++] = MORNING0 + col;
        } else {
            part[np++] = col;                  /* the peaks of the column */
            part[np++] = RING - 1 - col;
        }
        for (int i = 1; i < np; i++) /* ascending, for ascending actions */
            for (int j = i; j > 0 && part[j] < part[j - 1]; j--) {
                int t = part[j];
                part[j] = part[j - 1];
                part[j - 1] = t;
            }
        for (int i = 0; i < np; i++) {
            int b = part[i];
            if (b <= a || (i && b == part[i - 1]) || s->cell[b] == EMPTY ||
                (s->cell[a] != me && s->cell[b] != me))
                continue;
            if (s->cell[a] == s->cell[b] && !swap_captures(s, a, b))
                keep = true;
            else
                out[n++] = A_SWAP + a * CELLS + b;
        }
    }
    if (keep)
        out[n++] = A_KEEP;
    return n;
}

/* Own pieces on the peaks (moves) or on the mornings (falls). */
static int goes(const medh *s, bool mornings, lt_action *out)
{
    int n = 0;
    for (int c = mornings ? MORNING0 : 0; c < (mornings ? CELLS : RING); c++)
        if (s->cell[c] == mover(s))
            out[n++] = A_GO + c;
    return n;
}

static int cells_holding(const medh *s, int what, bool peaks_only,
                         lt_action base, lt_action *out)
{
    int n = 0;
    for (int c = 0; c < (peaks_only ? RING : CELLS); c++)
        if (s->cell[c] == what)
            out[n++] = base + c;
    return n;
}

int medh_legal_actions(const medh *s, lt_action *out)
{
    int me = mover(s), n = 0;
    switch (s->phase) {
    case START:
        out[n++] = A_ROLL;
        for (int k = 0; k < COLS; k++)
            if (s->cell[MORNING0 + k] == me && s->cell[own_peak(me, k)] == EMPTY)
                out[n++] = A_PASS + k;
        return n;
    case DEED:
        switch (task(s)) {
        case DO_REMOVE_OWN:
            return cells_holding(s, me, false, A_REMOVE, out);
        case DO_REMOVE_ENEMY:
            return cells_holding(s, opposite(me), false, A_REMOVE, out);
        case DO_SWAP:
            n = swaps(s, out);
            break;
        case DO_FALL:
            n = goes(s, true, out);
            break;
        default:
            break;
        }
        /* §3: a swap or fall that is impossible becomes a move by the sum */
        return n ? n : goes(s, false, out);
    case PUSH:
        out[0] = A_PUSH;
        out[1] = A_PUSH + 1;
        return 2;
    case BACK: /* §8: "lecz nie na poranku": a free peak */
        return cells_holding(s, EMPTY, true, A_BACK, out);
    case ADD: /* §8: "gdziekolwiek – także na poranek" */
        return cells_holding(s, EMPTY, false, A_ADD, out);
    case REMOVE: /* §7: any one enemy piece */
        return cells_holding(s, opposite(me), false, A_REMOVE, out);
    default:
        assert(!"no player acts now");
        return 0;
    }
}

int medh_chance_outcomes(const medh *s, lt_outcome *out)
{
    int n = 0;
    for (int g = 1; g <= 6; g++)
        for (int w = 1; w <= 6; w++)
            /* §2: equal dice are thrown again, so the opening throw is
             * one of the 30 with different faces, each as likely */
            if (s->phase == ROLL || g != w)
                out[n++] = (lt_outcome){lt_dice_encode(2, (int[]){g, w}), 1};
    return n;
}

void medh_apply(medh *s, lt_action a)
{
    int faces[2];
    switch (s->phase) {
    case OPENING: /* §2: the colour of the higher die begins */
        lt_dice_decode(a, 2, faces);
        begin_turn(s, faces[0] > faces[1] ? 0 : 1);
        return;
    case ROLL:
        lt_dice_decode(a, 2, faces);
        s->die[0] = (uint8_t)faces[0];
        s->die[1] = (uint8_t)faces[1];
        s->phase = DEED;
        return;
    case START:
        if (a == A_ROLL) {
            s->phase = ROLL;
            return;
        }
        /* §10: giving up the turn drops a morning piece to the peak below */
        s->cell[MORNING0 + a - A_PASS] = EMPTY;
        s->cell[own_peak(mover(s), a - A_PASS)] = (uint8_t)mover(s);
        end_turn(s);
        return;
    case DEED:
        if (a >= A_REMOVE) {
            int lost = s->cell[a - A_REMOVE];
            s->cell[a - A_REMOVE] = EMPTY;
            after_loss(s, lost);
        } else if (a == A_KEEP) {
            end_turn(s); /* §10: two own pieces swapped, nothing changes */
        } else if (a >= A_SWAP) {
            swap(s, (a - A_SWAP) / CELLS, (a - A_SWAP) % CELLS);
        } else if (medh_push_choices(s, a - A_GO)) {
            s->phase = PUSH;
            s->from = (uint8_t)(a - A_GO);
        } else {
            go(s, a - A_GO, 0);
        }
        return;
    case PUSH: {
        int from = s->from;
        s->from = 0;
        go(s, from, a == A_PUSH ? -1 : 1);
        return;
    }
    case BACK:
        s->cell[a - A_BACK] = s->victim;
        if (medh_count(s, opposite(s->victim)) < PIECES)
            s->phase = ADD;
        else
            go_on(s); /* notes 14: nothing left to add */
        return;
    case ADD:
        s->cell[a - A_ADD] = (uint8_t)opposite(s->victim);
        go_on(s);
        return;
    case REMOVE: {
        int lost = s->cell[a - A_REMOVE];
        s->cell[a - A_REMOVE] = EMPTY;
        s->removals--;
        after_loss(s, lost);
        return;
    }
    default:
        assert(!"the game is over");
    }
}
