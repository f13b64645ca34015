/* view.c — Medh Kuu Lash for the front ends: the three rows on a layout
 * grid (wooden peaks on top, mornings, green peaks below, as the green
 * player sees the board), the pieces, the pieces off the board, the two
 * dice with their owners, and what the player has to do. */
#include <stdio.h>

#include "ludoteka/text.h"
#include "medh.h"

/* How the game ended (RULES.md, Endings): the winner's goal (notes 15:
 * judged for both sides after every whole deed; if both reach one, the
 * mover wins), or the turn cap. */
int medh_end_reason(const medh *s, char *buf, size_t size)
{
    if (s->phase == DRAWN)
        return snprintf(buf, size, _("draw: the turn cap (%u turns)"), (unsigned)s->cap);
    int winner = s->turn + 1, loser = opposite(winner);
    const char *other = _(medh_seats[s->turn ^ 1]);
    /* seed §9 and §1 */
    const char *goal = medh_count(s, winner) == PIECES && medh_count(s, loser) == MIN_PIECES
                           ? _("a lead of 9 pieces to 4")
                           : _("all its pieces on mornings");
    size_t len = 0;
    buf[0] = '\0';
    if (medh_qualifies(s, loser))
        lt_appendf(buf, size, &len,
                   _("%s; %s reached a goal in the same deed: the mover wins"), goal,
                   other);
    else
        lt_appendf(buf, size, &len, "%s", goal);
    return (int)len;
}

/* The task of the deed, from the throw: one info line. */
static void deed_line(const medh *s, char *out, size_t size)
{
    int o = medh_their_die(s), m = medh_own_die(s);
    const char *who = _(medh_seats[s->turn]);
    lt_action acts[MAX_ACTIONS];
    /* a swap or fall that is impossible has become a move */
    bool moves = medh_legal_actions(s, acts) > 0 && acts[0] >= A_GO && acts[0] < A_GO + RING;
    if (o == 1 && m == 1)
        snprintf(out, size, _("1+1: %s removes one of his own pieces"), who);
    else if (o == 6 && m == 6)
        snprintf(out, size, _("6+6: %s removes one of the opponent's pieces"), who);
    else if (o <= 3 || moves) {
        size_t len = 0;
        out[0] = '\0';
        if (o > 3)
            lt_appendf(out, size, &len, "%s ",
                       o <= 5 ? _("No swap possible.") : _("No fall possible."));
        lt_appendf(out, size, &len,
                   lt_ngettext("Move: a piece on a peak %d cell along the ring",
                               "Move: a piece on a peak %d cells along the ring",
                               (unsigned long)(o + m)),
                   o + m);
    } else if (o <= 5)
        snprintf(out, size,
                 lt_ngettext("Swap: an own piece with another %d cell away, or across",
                             "Swap: an own piece with another %d cells away, or across",
                             (unsigned long)m),
                 m);
    else if (m == 1)
        snprintf(out, size, "%s", _("Fall: a morning piece drops to its own peak below"));
    else
        snprintf(out, size,
                 lt_ngettext("Fall: a morning piece drops to its own peak, then %d cell on",
                             "Fall: a morning piece drops to its own peak, then %d cells on",
                             (unsigned long)(m - 1)),
                 m - 1);
}

void medh_render(const medh *s, lt_view *v)
{
    v->width = COLS;
    v->height = 3;
    v->ncells = CELLS;
    v->nboards = 1;
    for (int c = 0; c < CELLS; c++) {
        /* seed: the peaks are triangles in their row's colour, the
         * mornings green dots */
        int row = is_peak(c) ? (c < COLS ? 2 : 0) : 1;
        v->cells[c] = (lt_cell){.x = (int16_t)column_of(c), .y = (int16_t)row,
                                .shape = is_peak(c) ? LT_SHAPE_SQUARE : LT_SHAPE_POINT,
                                .shade = row == 2   ? LT_SHADE_DARK
                                         : row == 0 ? LT_SHADE_LIGHT
                                                    : LT_SHADE_PLAIN};
        lt_copy(v->cells[c].name, sizeof v->cells[c].name, medh_cell_name(c));
    }
    /* the ring's straight runs: along each row of peaks */
    for (int c = 0; c < RING; c++)
        if (c % COLS != COLS - 1)
            v->links[v->nlinks++] = (lt_link){(int16_t)c, (int16_t)(c + 1)};
    /* the pieces on the board, then those off it (the reserve and the
     * captured share one pool, notes 7) */
    for (int colour = GREEN; colour <= WOODEN; colour++) {
        int off = PIECES - medh_count(s, colour);
        for (int c = -off; c < CELLS; c++) {
            if (c >= 0 && s->cell[c] != colour)
                continue;
            lt_piece *p = &v->pieces[v->npieces++];
            *p = (lt_piece){.cell = (int16_t)(c < 0 ? -1 : c),
                            .owner = (int8_t)(colour - 1), .kind = c < 0};
            lt_copy(p->text, sizeof p->text, colour == GREEN ? "g" : "w");
            lt_copy(p->glyph, sizeof p->glyph, colour == GREEN ? "\u25cf" : "\u25cb");
        }
    }
    v->ndice = 2;
    v->dice[0] = (lt_die){.owner = 0, .value = s->die[0]};
    v->dice[1] = (lt_die){.owner = 1, .value = s->die[1]};

    char(*line)[96] = v->info;
    const char *who = _(medh_seats[s->turn]);
    switch (s->phase) {
    case OPENING:
        snprintf(line[v->ninfo++], 96, "%s",
                 _("Throw for the start: the higher die's colour begins"));
        break;
    case START:
        snprintf(line[v->ninfo++], 96, _("%s: roll, or pass (drop a morning piece)"), who);
        break;
    case ROLL:
        snprintf(line[v->ninfo++], 96, _("%s throws both dice"), who);
        break;
    case DEED:
        deed_line(s, line[v->ninfo++], 96);
        break;
    case PUSH:
        snprintf(line[v->ninfo++], 96,
                 _("%s: the pushed piece enters a morning; choose the chain's way"), who);
        break;
    case BACK:
        snprintf(line[v->ninfo++], 96,
                 _("%s is down to 3: %s puts its piece back on a free peak"),
                 _(medh_seats[s->victim - 1]), who);
        break;
    case ADD:
        snprintf(line[v->ninfo++], 96, _("%s adds a piece of %s on any free cell"),
                 who, _(medh_seats[opposite(s->victim) - 1]));
        break;
    case REMOVE:
        snprintf(line[v->ninfo++], 96,
                 _("New triple: %s removes an enemy piece (%u to go)"),
                 who, (unsigned)s->removals);
        break;
    case WON:
        snprintf(line[v->ninfo++], 96, _("%s wins"), who);
        medh_end_reason(s, line[v->ninfo++], 96);
        break;
    default:
        medh_end_reason(s, line[v->ninfo++], 96);
    }
    if (s->die[0])
        snprintf(line[v->ninfo++], 96,
                 _("Dice: green %d, wooden %d (own die %d, opponent's %d)"),
                 s->die[0], s->die[1], medh_own_die(s), medh_their_die(s));
    snprintf(line[v->ninfo++], 96,
             _("Off the board (reserve and captured): green %d, wooden %d"),
             PIECES - medh_count(s, GREEN), PIECES - medh_count(s, WOODEN));
    snprintf(line[v->ninfo++], 96, "%s",
             _("Rows: W1..W8, M1..M8, G1..G8; the ring G1..G8, W8..W1"));
    snprintf(line[v->ninfo++], 96, _("Turn %u of %u"),
             (unsigned)s->turns + (s->phase < WON), (unsigned)s->cap);
}

int medh_action_cells(const medh *s, lt_action a, int *cells, int max)
{
    int n = 0, c[3];
    if (a < A_PASS || a == A_KEEP)
        return 0;
    if (a < A_GO) { /* pass: down from the morning to the own peak */
        c[n++] = MORNING0 + a - A_PASS;
        c[n++] = own_peak(s->turn + 1, a - A_PASS);
    } else if (a < A_SWAP) {
        c[n++] = a - A_GO;
        c[n++] = medh_landing(s, a - A_GO);
    } else if (a < A_KEEP) {
        int x = (a - A_SWAP) / CELLS, y = (a - A_SWAP) % CELLS, me = s->turn + 1;
        c[n++] = x;
        c[n++] = y;
        int m = MORNING0 + column_of(x);
        if (is_peak(x) && is_peak(y) && column_of(x) == column_of(y) &&
            s->cell[x] == me && s->cell[y] == me && s->cell[m] == opposite(me))
            c[n++] = m; /* the swap captures the piece between */
    } else if (a < A_REMOVE) {
        c[n++] = medh_chain_end(s, a - A_PUSH);
    } else {
        c[n++] = (a - A_REMOVE) % CELLS;
    }
    if (n > max)
        n = max < 0 ? 0 : max;
    for (int i = 0; i < n; i++)
        cells[i] = c[i];
    return n;
}
