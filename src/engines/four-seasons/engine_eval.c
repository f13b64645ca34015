/* engine_eval.c — Four Seasons chess for ai:engine: how well each seat
 * stands, in pawns, turned into each seat's expected return.
 *
 * A seat's strength: its material; its pieces under attack, each weighed
 * by the chance that an attacker may move before the seat can save it
 * (with dice, the chance of the attacker's face); the danger to its king
 * (the others' attacks on the squares around it, their pieces near it,
 * its flight squares, a check, a king the player to move can take) and,
 * as the other side of the same coin, its own attack on the kings of the
 * seats still in play (a mated or taken king's army passes to the one who
 * took it: the attack is worth that army; with dice, a check that may
 * last for rounds and a check that may come); the hunt of a king
 * outgunned; a little mobility; pieces on the central squares where the
 * centre option opens them (with the centre crossed out, the default, it
 * is nobody's); pawns near their edge.  The chance that nobody wins grows
 * as the men leave the board. */
#include <math.h>
#include <stdlib.h>

#include "../../games/four-seasons/four_seasons.h"
#include "engine.h"

/* Piece groups as the dice name them: the kind, pawns of every
 * direction together. */
enum { GROUPS = K_PAWN + 1 };
static int group_of(int kind) { return kind < K_PAWN ? kind : K_PAWN; }
/* seed, dice variant: 6 king, 3 rook, 4 knight, 2 alfil, 5 General,
 * 1 pawn */
static const int face_of[GROUPS] = {6, 3, 4, 2, 5, 1};

/* Values in pawns.  The General steps one square diagonally (the old
 * fers); the alfil that may also step is worth more than the bare leaper.
 * The king's value is what it costs to attack with it: a king takes only
 * what nobody guards. */
static const double value[GROUPS] = {20.0, 5.0, 3.0, 2.2, 1.8, 1};
static const double bare_alfil = 1.5;
enum { DRAW_HORIZON = 100 }; /* turns before the cap when a draw looms */
static const double TROPISM = 0.2; /* a piece a step nearer a king */
/* A seat that another outguns by HUNT pawns is hunted: each eighth of the
 * board its king cannot reach costs it HUNT_BOX, and is worth as much to
 * its last opponent, whose king is worth HUNT_KING a step nearer (a mate
 * needs it, with a rook or less), or HUNT_SHARE of that to each hunter
 * while more seats play. */
static const double HUNT = 4, HUNT_BOX = 1.0, HUNT_KING = 0.2,
                    HUNT_SHARE = 0.5;
/* ... and, against its last opponent, each step of its king from the
 * nearest corner is worth HUNT_CORNER to it: around the crossed-out
 * centre a lone king is mated or stalemated only in a corner (Kh8 by Kf7
 * and a rook on the h file). */
static const double HUNT_CORNER = 0.3;
/* MINOR: what a piece less than a rook adds to a seat's force to mate
 * with (fs4_mating_force).  DRAWN: the weight of "nobody wins" beside
 * the seats' weights. */
static const double MINOR = 0.2, DRAWN = 0.3;
/* ... that with the whole arrays on the board (START pawns' worth of men
 * besides the kings), and growing as they leave it, up to DRAWN_MAX
 * times. */
static const double START = 4 * (5 + 3 + 2.2 + 4), DRAWN_MAX = 8;
/* With dice, how much of a king a check given costs on average (a check
 * answered only by the king's face and taken only by the checker's lasts
 * to the take with 5/11, fs4_king_taken; other answers make it less). */
static const double LASTING = 0.3;

static double group_value(const fs4 *s, int g)
{
    return g == K_ALFIL && s->alfil == ALFIL_2 ? bare_alfil : value[g];
}

/* Every seat's attacks, by piece group. */
typedef struct {
    uint64_t by[SEATS][GROUPS];
    uint64_t all[SEATS];
} attack_maps;

static void attacks_of(const fs4 *s, attack_maps *m)
{
    const fs4_tables *t = fs4_tables_get();
    int c = s->centre;
    uint64_t blockers = fs4_all(s) | t->forbidden[c];
    for (int p = 0; p < SEATS; p++) {
        for (int g = 0; g < GROUPS; g++)
            m->by[p][g] = 0;
        for (uint64_t b = s->occ[p]; b; b &= b - 1) {
            int sq = fs4_lsb(b), k = fs4_kind_at(s, sq);
            uint64_t a;
            switch (k) {
            case K_KING: a = t->king[c][sq]; break;
            case K_ROOK:
                a = fs4_rook_attacks(t, sq, blockers) & ~t->forbidden[c];
                break;
            case K_KNIGHT: a = t->knight[c][sq]; break;
            case K_ALFIL: a = t->alfil[c][s->alfil][sq]; break;
            case K_GENERAL: a = t->general[c][sq]; break;
            default: a = t->capture[c][k - K_PAWN][sq]; break;
            }
            m->by[p][group_of(k)] |= a;
        }
        m->all[p] = 0;
        for (int g = 0; g < GROUPS; g++)
            m->all[p] |= m->by[p][g];
    }
}

/* The chance that the seat, at its next move, may move a piece of one of
 * the groups in `groups` (a bit per group): 1 without dice; with dice
 * the chance of a face allowing one, or certainty either way once the
 * seat has thrown. */
/* The chance that a throw still to come lets one of `groups` move (with
 * dice; 1 without). */
static double throw_chance(const fs4 *s, unsigned groups)
{
    if (!s->dice || !groups)
        return groups ? 1 : 0;
    double miss = (double)(GROUPS - __builtin_popcount(groups)) / GROUPS;
    return s->dice == DICE_TWO ? 1 - miss * miss : 1 - miss;
}

static double chance(const fs4 *s, int seat, unsigned groups)
{
    if (s->dice && groups && s->turn == seat && s->phase != PH_ROLL) {
        for (int i = 0; i < 2; i++)
            for (int g = 0; g < GROUPS; g++)
                if ((groups >> g & 1) && s->die[i] == face_of[g])
                    return 1;
        return 0;
    }
    return throw_chance(s, groups);
}

/* The groups of the seat's pieces that attack sq. */
static unsigned groups_on(const attack_maps *m, int seat, int sq)
{
    unsigned g = 0;
    for (int k = 0; k < GROUPS; k++)
        if (m->by[seat][k] & fs4_bit(sq))
            g |= 1u << k;
    return g;
}

/* Squares within two king steps of sq (centre ignored). */
static uint64_t near_king(const fs4_tables *t, int sq)
{
    uint64_t z = t->king[CENTRE_OPEN][sq] | fs4_bit(sq), n = z;
    for (uint64_t b = z; b; b &= b - 1)
        n |= t->king[CENTRE_OPEN][fs4_lsb(b)];
    return n;
}

/* Kings' steps between two squares. */
static int distance(int a, int b)
{
    int df = abs(a % 8 - b % 8), dr = abs(a / 8 - b / 8);
    return df > dr ? df : dr;
}

/* Kings' steps from sq to the nearest corner of the board. */
static int corner_distance(int sq)
{
    int f = sq % 8, r = sq / 8;
    int df = f < 7 - f ? f : 7 - f, dr = r < 7 - r ? r : 7 - r;
    return df > dr ? df : dr;
}

/* Steps a pawn on sq going in direction d has to its edge. */
static int steps_to_edge(int sq, int d)
{
    switch (d) {
    case DIR_N: return 7 - sq / 8;
    case DIR_S: return sq / 8;
    case DIR_E: return 7 - sq % 8;
    default: return sq % 8;
    }
}

/* The squares a king on sq reaches by steps over the squares of
 * `open`. */
static uint64_t reach(int sq, uint64_t open)
{
    const uint64_t not_a = ~0x0101010101010101u, not_h = ~0x8080808080808080u;
    uint64_t r = fs4_bit(sq), prev = 0;
    while (r != prev) {
        prev = r;
        uint64_t v = r | r << 8 | r >> 8;
        r |= (v | (v & not_h) << 1 | (v & not_a) >> 1) & open;
    }
    return r;
}

/* A pawn that can never step on as things stand: the square ahead is
 * off the board's ring or holds a pawn coming the other way (pawns
 * locked head on). */
static bool pawn_stuck(const fs4 *s, int sq, int d)
{
    static const int opposite[DIRS] = {DIR_S, DIR_N, DIR_W, DIR_E};
    uint64_t ahead = fs4_tables_get()->push[s->centre][d][sq];
    return !ahead || (s->kind[K_PAWN + opposite[d]] & ahead);
}

/* How well the seat's men can mate, from 0.1 (a bare king) to 1: a rook
 * mates with its king's help; without one, each knight, alfil or General
 * adds MINOR and each pawn that may still walk to its edge (and become a
 * General) half of that. */
double fs4_mating_force(const fs4 *s, int seat)
{
    uint64_t own = s->occ[seat];
    if (own & s->kind[K_ROOK])
        return 1;
    double minors = fs4_count(own & (s->kind[K_KNIGHT] | s->kind[K_ALFIL] |
                                     s->kind[K_GENERAL]));
    for (int d = 0; d < DIRS; d++)
        for (uint64_t b = own & s->kind[K_PAWN + d]; b; b &= b - 1)
            minors += pawn_stuck(s, fs4_lsb(b), d) ? 0 : 0.5;
    return fmin(1, 0.1 + MINOR * minors);
}

static double material(const fs4 *s, int seat)
{
    double v = 0;
    for (int k = K_ROOK; k < KINDS; k++)
        v += fs4_count(s->occ[seat] & s->kind[k]) * group_value(s, group_of(k));
    return v;
}

/* Pieces under attack: each the loss if it is taken (less what the
 * taker's piece is worth when it is guarded), by the chance an attacker
 * moves first; the seat loses about its worst one and a little of the
 * rest. */
static double threats(const fs4 *s, int seat, const attack_maps *m)
{
    double worst = 0, rest = 0;
    uint64_t own = s->occ[seat];
    for (uint64_t b = own & ~s->kind[K_KING]; b; b &= b - 1) {
        int sq = fs4_lsb(b), g = group_of(fs4_kind_at(s, sq));
        double v = group_value(s, g), safe = 1, cheapest = 1e9;
        for (int q = 0; q < SEATS; q++) {
            if (q == seat || !(m->all[q] & fs4_bit(sq)))
                continue;
            unsigned gs = groups_on(m, q, sq);
            safe *= 1 - chance(s, q, gs);
            for (int k = 0; k < GROUPS; k++)
                if ((gs >> k & 1) && group_value(s, k) < cheapest)
                    cheapest = group_value(s, k);
        }
        if (safe >= 1)
            continue;
        double loss = m->all[seat] & fs4_bit(sq)
                          ? fmax(0, v - cheapest) + 0.1 * v
                          : v;
        /* the seat to move may still save it, if its die lets it */
        if (s->turn == seat)
            loss *= 1 - 0.7 * chance(s, seat, 1u << g);
        loss *= 1 - safe;
        if (loss > worst) {
            rest += worst;
            worst = loss;
        } else {
            rest += loss;
        }
    }
    return 0.6 * worst + 0.15 * rest;
}

/* With dice a check can last for rounds: its owner answers it only if
 * his throw lets him move a piece that can (the king to a free square,
 * a piece onto a checker or between it and the king), and each checker
 * takes the king only if its throw lets it, turn after turn.  The chance
 * that the seat's king is taken, by the seats checking it now, the
 * likeliest of them in *taker; 0 without dice (the search sees those
 * checks through). */
static double king_taken(const fs4 *s, int seat, const attack_maps *m,
                         int flight, int *taker)
{
    const fs4_tables *t = fs4_tables_get();
    int ksq = fs4_king(s, seat);
    uint64_t blockers = fs4_all(s) | t->forbidden[s->centre];
    unsigned answer = flight ? 1u << K_KING : 0;
    /* the checkers before the owner's turn, after it this round, and in
     * every later round: the chance that none of them takes the king */
    double miss_before = 1, miss_after = 1, miss_later = 1, likeliest = 0;
    int owner = (seat - s->turn + SEATS) % SEATS;
    *taker = -1;
    if (!s->dice)
        return 0;
    for (int q = 0; q < SEATS; q++) {
        unsigned checking = q == seat ? 0 : groups_on(m, q, ksq);
        if (!checking)
            continue;
        uint64_t from = fs4_attackers(s, ksq, s->occ[q], blockers);
        for (; from; from &= from - 1) {
            int cs = fs4_lsb(from);
            uint64_t between = t->line[ksq][cs] &
                               fs4_rook_attacks(t, ksq, blockers) &
                               fs4_rook_attacks(t, cs, blockers);
            answer |= groups_on(m, seat, cs) & ~(1u << K_KING);
            for (; between; between &= between - 1)
                answer |= groups_on(m, seat, fs4_lsb(between)) &
                          ~(1u << K_KING);
        }
        double now = chance(s, q, checking);
        if ((q - s->turn + SEATS) % SEATS < owner)
            miss_before *= 1 - now;
        else
            miss_after *= 1 - now;
        miss_later *= 1 - throw_chance(s, checking);
        if (now > likeliest) {
            likeliest = now;
            *taker = q;
        }
    }
    if (*taker < 0)
        return 0;
    /* a later round: the owner fails (f), then a checker takes (c) */
    double f = 1 - throw_chance(s, answer), c = 1 - miss_later;
    double later = f * c > 0 ? f * c / (1 - f * (1 - c)) : 0;
    double fails = 1 - chance(s, seat, answer);
    return 1 - miss_before +
           miss_before * fails * (1 - miss_after + miss_after * later);
}

/* With dice, the chance that some other seat throws a face that lets it
 * check the seat's king at its next move (a rook, knight, alfil or
 * General onto a square attacking the king); 0 without dice. */
static double checks_coming(const fs4 *s, int seat, const attack_maps *m)
{
    if (!s->dice)
        return 0;
    const fs4_tables *t = fs4_tables_get();
    int c = s->centre, ksq = fs4_king(s, seat);
    uint64_t blockers = fs4_all(s) | t->forbidden[c];
    uint64_t from[GROUPS] = {0};
    from[K_ROOK] = fs4_rook_attacks(t, ksq, blockers) & ~t->forbidden[c];
    from[K_KNIGHT] = t->knight[c][ksq];
    from[K_ALFIL] = t->alfil[c][s->alfil][ksq];
    from[K_GENERAL] = t->general[c][ksq];
    double miss = 1;
    for (int q = 0; q < SEATS; q++) {
        if (q == seat || !fs4_active(s, q))
            continue;
        unsigned groups = 0;
        for (int g = K_ROOK; g <= K_GENERAL; g++)
            if (m->by[q][g] & from[g] & ~s->occ[q])
                groups |= 1u << g;
        miss *= 1 - chance(s, q, groups);
    }
    return 1 - miss;
}

double fs4_checks_coming(const fs4 *s, int seat)
{
    attack_maps m;
    attacks_of(s, &m);
    return checks_coming(s, seat, &m);
}

/* The squares the other seats attack, and the seat's king's flight
 * squares (free of its own men and of those attacks). */
static int flight_of(const fs4 *s, int seat, const attack_maps *m,
                     uint64_t *enemy_att)
{
    *enemy_att = 0;
    for (int q = 0; q < SEATS; q++)
        if (q != seat)
            *enemy_att |= m->all[q];
    return fs4_count(fs4_tables_get()->king[s->centre][fs4_king(s, seat)] &
                     ~s->occ[seat] & ~*enemy_att);
}

/* A king outgunned: every square taken from the part of the board it can
 * reach brings its end nearer (a stalemate puts it out too), and so does
 * every step nearer a corner. */
static double boxed(const fs4 *s, int seat, uint64_t enemy_att, int flight)
{
    const fs4_tables *t = fs4_tables_get();
    int ksq = fs4_king(s, seat), seats = 0;
    uint64_t room = reach(ksq, ~((fs4_all(s) & ~s->occ[seat]) | enemy_att |
                                 t->forbidden[s->centre]));
    for (int p = 0; p < SEATS; p++)
        seats += fs4_active(s, p);
    /* the corner, where the mate is, once the hunt is the game */
    return HUNT_BOX * (6 - fs4_count(room) / 8.0) + 0.2 * (8 - flight) +
           (seats == 2 ? HUNT_CORNER * (4 - corner_distance(ksq)) : 0);
}

double fs4_king_taken(const fs4 *s, int seat)
{
    attack_maps m;
    attacks_of(s, &m);
    uint64_t enemy_att;
    int flight = flight_of(s, seat, &m, &enemy_att), taker;
    return king_taken(s, seat, &m, flight, &taker);
}

double fs4_boxed(const fs4 *s, int seat)
{
    attack_maps m;
    attacks_of(s, &m);
    uint64_t enemy_att;
    int flight = flight_of(s, seat, &m, &enemy_att);
    return boxed(s, seat, enemy_att, flight);
}

void fs4_strengths(const fs4 *s, double *out)
{
    const fs4_tables *t = fs4_tables_get();
    int c = s->centre;
    attack_maps m;
    attacks_of(s, &m);
    double mat[SEATS] = {0}, attack[SEATS] = {0};
    int seats = 0;
    /* the pieces that make an attack on a king: not kings, not pawns */
    uint64_t pieces = s->kind[K_ROOK] | s->kind[K_KNIGHT] |
                      s->kind[K_ALFIL] | s->kind[K_GENERAL];
    for (int p = 0; p < SEATS; p++)
        if (fs4_active(s, p)) {
            mat[p] = material(s, p);
            seats++;
        }
    for (int p = 0; p < SEATS; p++) {
        out[p] = 0;
        if (!fs4_active(s, p))
            continue;
        uint64_t own = s->occ[p], enemy_att;
        int flight = flight_of(s, p, &m, &enemy_att);
        double score = mat[p] - threats(s, p, &m);
        score += 0.03 * fs4_count(m.all[p] & ~own);
        /* the centre, where the option lets pieces stand on it */
        uint64_t centre = 0x00003c3c3c3c0000u & ~t->forbidden[c];
        score += 0.15 * fs4_count(own & centre & ~s->kind[K_KING]);
        for (int d = 0; d < DIRS; d++)
            for (uint64_t b = own & s->kind[K_PAWN + d]; b; b &= b - 1) {
                /* a pawn on its way to a General: a step is worth more
                 * the nearer the edge */
                int sq = fs4_lsb(b), left = steps_to_edge(sq, d);
                if (!pawn_stuck(s, sq, d))
                    score += left <= 1 ? 0.4 : 0.12 * (6 - left) / 5.0 * 2;
            }
        /* pieces that go after the other kings: nearer is better */
        for (uint64_t b = own & pieces; b; b &= b - 1) {
            int sq = fs4_lsb(b), best = 7;
            for (int q = 0; q < SEATS; q++)
                if (q != p && fs4_active(s, q)) {
                    int dist = distance(sq, fs4_king(s, q));
                    if (dist < best)
                        best = dist;
                }
            score += TROPISM * (7 - best);
        }

        /* the king: who attacks around it, who stands near, where it can
         * go */
        int ksq = fs4_king(s, p);
        uint64_t zone = t->king[c][ksq] | fs4_bit(ksq);
        uint64_t near = near_king(t, ksq);
        double danger[SEATS] = {0}, total = 0, take = 0;
        int taker = -1;
        bool checked = false;
        for (int q = 0; q < SEATS; q++) {
            if (q == p || !fs4_active(s, q))
                continue;
            double d = fs4_count(m.all[q] & zone) +
                       0.6 * fs4_count(s->occ[q] & near & pieces);
            unsigned checking = groups_on(&m, q, ksq);
            if (checking) {
                d += 2;
                checked = true;
                /* a seat that moves before the king's owner may take the
                 * king, if its die lets it: surely if it is to move */
                int before = (q - s->turn + SEATS) % SEATS;
                int owner = (p - s->turn + SEATS) % SEATS;
                double ch = chance(s, q, checking);
                double now = before == 0 ? ch : before < owner ? 0.5 * ch : 0;
                if (now > take) {
                    take = now;
                    taker = q;
                }
            }
            danger[q] = d;
            total += d;
        }
        if (s->dice && checked)
            take = king_taken(s, p, &m, flight, &taker);
        double pen = 0.05 * total * total;
        if (pen > 6)
            pen = 6;
        if (total > 0 && flight == 0)
            pen += 0.5;
        double richest = 0;
        for (int q = 0; q < SEATS; q++)
            if (q != p && fs4_active(s, q) && mat[q] > richest)
                richest = mat[q];
        if (richest - mat[p] >= HUNT) {
            double box = boxed(s, p, enemy_att, flight);
            pen += box;
            /* Its last opponent gets the box too, and its king's steps:
             * the hunt's end is the game's.  With more seats a hunter
             * gets half of it: more would make the prey worth more to
             * him alive (boxed) than out. */
            for (int q = 0; q < SEATS; q++)
                if (q != p && fs4_active(s, q) && mat[q] - mat[p] >= HUNT)
                    attack[q] += seats > 2 ? HUNT_SHARE * box
                                           : box + HUNT_KING *
                                                 (7 - distance(fs4_king(s, q),
                                                               ksq));
        }
        if (!checked)
            /* a check to come, lasting as above: about LASTING of a
             * king lost, unless its owner moves first */
            pen += checks_coming(s, p, &m) * LASTING * (8 + mat[p]) *
                   (s->turn == p ? 0.5 : 1);
        if (take > 0) {
            /* the king and its army, which passes to the taker */
            pen += take * (8 + mat[p]);
            attack[taker] += take * (4 + mat[p]);
        } else if (checked) {
            /* its owner must answer the check first */
            pen += (s->turn == p ? 0.6 : 1.5) * (flight ? 1 : 2);
        }
        score -= pen;
        for (int q = 0; q < SEATS; q++)
            if (total > 0)
                attack[q] += 0.5 * pen * danger[q] / total;
        score += 0.1 * fs4_count(zone & own);
        out[p] = score;
    }
    for (int p = 0; p < SEATS; p++)
        out[p] += attack[p];
}

double fs4_expect(const fs4 *s, double *out)
{
    if (fs4_game_over(s)) {
        fs4_returns(s, out);
        return fs4_count(s->kind[K_KING]) > 1;
    }
    double strength[SEATS], w[SEATS] = {0}, board = 0;
    int alive = 0;
    fs4_strengths(s, strength);
    for (int p = 0; p < SEATS; p++)
        if (fs4_active(s, p))
            board += material(s, p);
    /* nobody wins likelier as the men to mate with leave the board */
    double drawn = DRAWN * fmin(DRAWN_MAX, START / fmax(board, 1));
    double total = drawn;
    for (int p = 0; p < SEATS; p++)
        if (fs4_active(s, p)) {
            /* four pawns of advantage make a seat e times likelier to
             * win, if it has the men to mate with */
            w[p] = exp(strength[p] / 4.0) * fs4_mating_force(s, p);
            total += w[p];
            alive++;
        }
    /* Each seat wins with chance w/total, or nobody does (DRAWN/total)
     * and the survivors share the pot, (4 - alive) / (3 alive) each.
     * Near the cap the value tends to that of the draw. */
    double draw = (double)(SEATS - alive) / (3.0 * alive);
    double left = (double)(s->cap - s->quiet) / DRAW_HORIZON;
    double lambda = left > 1 ? 1 : left;
    double sum = total - drawn;
    for (int p = 0; p < SEATS; p++) {
        if (!fs4_active(s, p)) {
            out[p] = -1.0 / 3.0;
            continue;
        }
        double v = (w[p] - (sum - w[p]) / 3.0 + drawn * draw) / total;
        out[p] = lambda * v + (1 - lambda) * draw;
        if (out[p] > 1)
            out[p] = 1;
        if (out[p] < -1.0 / 3.0)
            out[p] = -1.0 / 3.0;
    }
    return lambda * drawn / total + (1 - lambda);
}
