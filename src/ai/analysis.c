/* analysis.c — a game analysed move by move (analysis.h): each position
 * searched once by the game's analyser (a fixed depth or number of nodes,
 * seeded by the ply), or valued by the exact odds at a dice game's
 * decisions. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ludoteka/ai.h"
#include "ludoteka/analysis.h"
#include "ludoteka/engines.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"

enum {
    DEFAULT_NODES = 20000,   /* a search without a depth of its own
                              * (engines.h: analysis_depth) */
    CHANCE_DEPTH = 2,        /* dice rolls in a row looked through */
    CHANCE_SHARE = 4,        /* the outcomes of a roll share the search of
                              * this many positions, ... */
    CHANCE_NODES = 1000      /* ... but each gets at least this many */
};

static bool has_engine(const lt_game *g, const char *name)
{
    const lt_engine *const *e = lt_engines_of(g)->engines;
    for (int k = 0; e && e[k]; k++)
        if (!strcmp(e[k]->name, name))
            return true;
    return false;
}

void lt_analyser_spec(const lt_game *g, char *spec, size_t size)
{
    const lt_engines *en = lt_engines_of(g);
    const char *s = "ai:mcts";
    if (has_engine(g, "perfect"))
        s = "ai:perfect";
    else if (has_engine(g, "engine"))
        s = "ai:engine";
    else if (en->evaluate && g->max_players > 2)
        s = "ai:brs";
    else if (en->evaluate)
        s = g->has_chance ? "ai:expectimax" : "ai:alphabeta";
    lt_copy(spec, size, s);
}

lt_mark lt_mark_of(double loss)
{
    /* a hair below each threshold still counts: the values come from
     * sums of fractions */
    const double eps = 1e-9;
    return loss >= LT_LOSS_BLUNDER - eps      ? LT_MARK_BLUNDER
           : loss >= LT_LOSS_MISTAKE - eps    ? LT_MARK_MISTAKE
           : loss >= LT_LOSS_INACCURACY - eps ? LT_MARK_INACCURACY
                                              : LT_MARK_NONE;
}

const char *lt_mark_name(lt_mark m)
{
    switch (m) {
    case LT_MARK_INACCURACY:
        return _("inaccuracy");
    case LT_MARK_MISTAKE:
        return _("mistake");
    case LT_MARK_BLUNDER:
        return _("blunder");
    default:
        return "";
    }
}

const char *lt_mark_sign(lt_mark m)
{
    static const char *const signs[] = {"", "?!", "?", "??"};
    return m >= LT_MARK_NONE && m <= LT_MARK_BLUNDER ? signs[m] : "";
}

/* ---- Values of positions ------------------------------------------------ */

typedef struct {
    const lt_game *g;
    lt_player *player;       /* NULL: the exact odds */
    lt_limits limits;
    int players;
} analyser;

/* A return in the game's units as an expected score in [-1, 1]. */
static double norm(const lt_game *g, double v)
{
    double span = g->max_return - g->min_return;
    if (!(span > 0))
        return 0;
    double e = 2 * (v - g->min_return) / span - 1;
    return e < -1 ? -1 : e > 1 ? 1 : e;
}

/* Every seat's value of the position in the game's units (out), by the
 * analyser; *best the move it would make there (decision nodes).  seed
 * makes the search reproducible. */
static lt_status value_of(analyser *an, const lt_state *s, uint64_t seed,
                          int chance_depth, double *out, lt_action *best,
                          bool *exact, lt_error *err)
{
    const lt_game *g = an->g;
    int p = g->current_player(s);
    for (int i = 0; i < LT_MAX_PLAYERS; i++)
        out[i] = 0;
    if (p == LT_TERMINAL) {
        g->returns(s, out);
        if (exact)
            *exact = true;
        return LT_OK;
    }
    if (p == LT_CHANCE) {
        lt_outcome oc[LT_MAX_OUTCOMES];
        int n = g->chance_outcomes(s, oc);
        if (chance_depth <= 0) {
            /* too deep a run of rolls: the game's evaluation, if any
             * (else nothing is known: zero) */
            lt_evaluate(g, s, out);
            return LT_OK;
        }
        lt_state *c = lt_state_new(g);
        if (!c) {
            lt_error_set(err, _("out of memory"));
            return LT_ENOMEM;
        }
        double total = 0, v[LT_MAX_PLAYERS];
        bool ex = true;
        /* each outcome searched less deeply: a roll costs a few searches,
         * not one per outcome */
        lt_limits saved = an->limits;
        if (an->limits.nodes && n > CHANCE_SHARE) {
            long long share = an->limits.nodes * CHANCE_SHARE / n;
            an->limits.nodes = share > CHANCE_NODES ? share : CHANCE_NODES;
            if (an->limits.nodes > saved.nodes)
                an->limits.nodes = saved.nodes;
        }
        if (an->limits.depth > 1 && n > CHANCE_SHARE)
            an->limits.depth--;
        for (int k = 0; k < n; k++) {
            lt_state_copy(g, c, s);
            lt_advance(g, c, oc[k].action);
            bool e = false;
            lt_status st = value_of(an, c, lt_choice_seed(seed, (uint64_t)k + 1),
                                    chance_depth - 1, v, NULL, &e, err);
            if (st != LT_OK) {
                an->limits = saved;
                lt_state_free(c);
                return st;
            }
            ex &= e;
            for (int i = 0; i < an->players; i++)
                out[i] += oc[k].weight * v[i];
            total += oc[k].weight;
        }
        an->limits = saved;
        lt_state_free(c);
        for (int i = 0; i < an->players && total > 0; i++)
            out[i] /= total;
        if (exact)
            *exact = ex;
        return LT_OK;
    }
    lt_think_info info;
    memset(&info, 0, sizeof info);
    lt_action a = lt_player_choose(an->player, s, seed, &an->limits, &info);
    if (a == LT_NO_ACTION || !lt_is_legal(g, s, a)) {
        const char *why = lt_player_error(an->player);
        lt_error_set(err, _("the analysis found no move: %s"),
                     why && *why ? why : "?");
        return LT_EILLEGAL;
    }
    for (int i = 0; i < an->players; i++)
        out[i] = info.value[i];
    if (best)
        *best = a;
    if (exact)
        *exact = !info.stand_in && has_engine(g, "perfect");
    return LT_OK;
}

static void exact_text(char *dst, const lt_exact *e)
{
    dst[0] = '\0';
    if (e->known && strlen(e->exact) < LT_ANALYSIS_EXACT)
        lt_copy(dst, LT_ANALYSIS_EXACT, e->exact);
}

/* A decision valued by the exact odds: true if the odds value its
 * choices (and the one played among them). */
static bool by_odds(const lt_game *g, const lt_state *s, lt_action played,
                    lt_analysed_ply *out, lt_odds *o)
{
    lt_status (*odds)(const lt_state *, unsigned, lt_odds *, lt_error *) =
        lt_engines_of(g)->odds;
    lt_error err = {0};
    if (!odds || odds(s, 0, o, &err) != LT_OK || o->nchoices < 2)
        return false;
    int b = -1, k = -1;
    double scale = 0;
    for (int c = 0; c < o->nchoices; c++) {
        if (!o->choice[c].value.known)
            return false;
        double v = o->choice[c].value.decimal;
        if (b < 0 || v > o->choice[b].value.decimal)
            b = c;
        if (o->choice[c].action == played)
            k = c;
        if (fabs(v) > scale)
            scale = fabs(v);
    }
    if (k < 0)
        return false;
    bool stakes = o->value_seat >= 0;
    double vb = o->choice[b].value.decimal, vk = o->choice[k].value.decimal;
    out->best = o->choice[b].action;
    out->value_before = vb;
    out->value_after = vk;
    if (stakes) {
        out->before = scale > 0 ? vb / scale : 0;
        out->after = scale > 0 ? vk / scale : 0;
    } else {
        out->before = 2 * vb - 1;
        out->after = 2 * vk - 1;
    }
    out->exact = true;
    exact_text(out->best_exact, &o->choice[b].value);
    exact_text(out->played_exact, &o->choice[k].value);
    /* the graph: the mover's score, the others' as the rest of it */
    int n = o->nseats > 0 ? o->nseats : 2;
    for (int i = 0; i < n && i < LT_MAX_PLAYERS; i++)
        out->score[i] = i == out->seat ? out->after : -out->after / (n - 1);
    return true;
}

/* ---- The game ----------------------------------------------------------- */

static lt_status fail(lt_analysis *a, lt_status st)
{
    lt_analysis_free(a);
    return st;
}

lt_status lt_analyse(const lt_game *g, const lt_state *start,
                     const lt_action *actions, int n,
                     const lt_analysis_limits *lim, lt_analysis *a,
                     lt_error *err)
{
    lt_analysis_limits none = {0};
    if (!lim)
        lim = &none;
    memset(a, 0, sizeof *a);
    a->game = g;
    a->nactions = n;
    int max = lim->max_plies > 0 ? lim->max_plies : LT_ANALYSIS_PLIES;
    if (n > max) {
        lt_error_set(err, _("the game has %d moves and dice; at most %d are "
                            "analysed"),
                     n, max);
        return LT_ERANGE;
    }
    analyser an = {.g = g, .players = g->num_players(start)};
    lt_analyser_spec(g, a->analyser, sizeof a->analyser);
    /* the game's own engine by depth where its table says so */
    int engine_depth = strcmp(a->analyser, "ai:engine")
                           ? 0
                           : lt_engines_of(g)->analysis_depth;
    an.limits.depth = lim->depth;
    an.limits.nodes = lim->nodes;
    if (!strcmp(a->analyser, "ai:mcts") && !an.limits.nodes)
        an.limits.nodes = DEFAULT_NODES; /* MCTS knows no depth */
    if (!an.limits.depth && !an.limits.nodes) {
        if (engine_depth > 0)
            an.limits.depth = engine_depth;
        else
            an.limits.nodes = DEFAULT_NODES;
    }
    an.limits.stop = lim->stop;
    a->depth = an.limits.depth;
    a->nodes = an.limits.nodes;
    if (!strcmp(a->analyser, "ai:perfect"))
        a->depth = 0, a->nodes = 0; /* the table knows no limits */
    bool dice = lt_engines_of(g)->odds != NULL;
    lt_odds *o = dice ? calloc(1, sizeof *o) : NULL;
    an.player = lt_player_new(g, a->analyser, err);
    lt_state *s = lt_state_new(g), *next = lt_state_new(g);
    a->plies = calloc((size_t)(n > 0 ? n : 1), sizeof *a->plies);
    lt_status st = LT_OK;
    if (!an.player || !s || !next || !a->plies || (dice && !o)) {
        if (an.player)
            lt_error_set(err, _("out of memory"));
        st = an.player ? LT_ENOMEM : LT_EILLEGAL;
        goto done;
    }
    if (dice)
        lt_copy(a->analyser, sizeof a->analyser, "odds");
    lt_state_copy(g, s, start);
    /* the value of the position now, once known (the previous ply's
     * "after"), so that each position is searched once */
    double known[LT_MAX_PLAYERS];
    lt_action known_best = LT_NO_ACTION;
    bool have = false, known_exact = false;
    int total = n; /* progress counts actions */
    for (int i = 0; i < n; i++) {
        if (lim->stop && *lim->stop) {
            lt_error_set(err, _("the analysis was stopped"));
            st = LT_EIO;
            goto done;
        }
        int p = g->current_player(s);
        if (!lt_is_legal(g, s, actions[i])) {
            lt_error_set(err, _("move %d is not legal"), i + 1);
            st = LT_EILLEGAL;
            goto done;
        }
        if (p < 0) { /* a dice outcome: nobody's choice */
            lt_advance(g, s, actions[i]);
            have = false;
            if (lim->progress)
                lim->progress(lim->ctx, i + 1, total);
            continue;
        }
        lt_analysed_ply *ap = &a->plies[a->n];
        ap->ply = i;
        ap->seat = p;
        ap->played = actions[i];
        lt_action legal[LT_MAX_ACTIONS];
        ap->nlegal = g->legal_actions(s, legal);
        uint64_t seed = lt_choice_seed(1, (uint64_t)i);
        lt_state_copy(g, next, s);
        lt_advance(g, next, actions[i]);
        if (dice && by_odds(g, s, actions[i], ap, o)) {
            have = false;
        } else if (dice && ap->nlegal == 1) {
            /* a throw that must be made: nothing is lost; the mover's
             * chance of the turn */
            have = false;
            ap->best = actions[i];
            lt_error e = {0};
            double w = 0.5;
            if (lt_engines_of(g)->odds(s, 0, o, &e) == LT_OK &&
                p < o->nseats && o->win[p].known)
                w = o->win[p].decimal;
            ap->value_before = ap->value_after = w;
            ap->before = ap->after = 2 * w - 1;
            ap->exact = o->win[p].known;
            int m = an.players;
            for (int k = 0; k < m; k++)
                ap->score[k] = k == p ? ap->after : -ap->after / (m - 1);
        } else {
            double v[LT_MAX_PLAYERS], w[LT_MAX_PLAYERS];
            bool e1 = known_exact, e2 = false;
            if (have) {
                memcpy(v, known, sizeof v);
                ap->best = known_best;
            } else {
                st = value_of(&an, s, seed, CHANCE_DEPTH, v, &ap->best, &e1, err);
                if (st != LT_OK)
                    goto done;
            }
            lt_action nb = LT_NO_ACTION;
            st = value_of(&an, next, lt_choice_seed(1, (uint64_t)i + 1),
                          CHANCE_DEPTH, w, &nb, &e2, err);
            if (st != LT_OK)
                goto done;
            ap->value_before = v[p];
            ap->value_after = w[p];
            ap->before = norm(g, v[p]);
            ap->after = norm(g, w[p]);
            ap->exact = e1 && e2;
            for (int k = 0; k < an.players; k++)
                ap->score[k] = norm(g, w[k]);
            /* the next position, if a player's, is already searched */
            have = g->current_player(next) >= 0;
            memcpy(known, w, sizeof known);
            known_best = nb;
            known_exact = e2;
        }
        double loss = ap->before - ap->after;
        ap->loss = ap->played == ap->best || loss < 0 ? 0 : loss;
        ap->mark = lt_mark_of(ap->loss);
        a->marks[ap->mark][p]++;
        a->n++;
        lt_state_copy(g, s, next);
        if (lim->progress)
            lim->progress(lim->ctx, i + 1, total);
    }
done:
    free(o);
    lt_player_free(an.player);
    lt_state_free(s);
    lt_state_free(next);
    return st == LT_OK ? LT_OK : fail(a, st);
}

lt_status lt_analyse_record(const lt_record *r, const lt_analysis_limits *lim,
                            lt_analysis *out, lt_error *err)
{
    memset(out, 0, sizeof *out);
    lt_state *s = lt_state_new(r->game);
    if (!s) {
        lt_error_set(err, _("out of memory"));
        return LT_ENOMEM;
    }
    lt_status st = lt_record_replay(r, 0, s, err);
    if (st == LT_OK)
        st = lt_analyse(r->game, s, r->actions, r->nactions, lim, out, err);
    lt_state_free(s);
    return st;
}

void lt_analysis_free(lt_analysis *a)
{
    if (!a)
        return;
    free(a->plies);
    a->plies = NULL;
    a->n = 0;
}
