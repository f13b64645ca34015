/* player.c — player specs ("human", "random", "ai:level=3", ...) and the
 * players they name. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "external.h"
#include "ludoteka/engines.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"
#include "search.h"

typedef enum { HUMAN, RANDOM, SEARCH, ENGINE, EXTERNAL } kind;

enum { DEPTH_MAX = 100000 }; /* the most plies a spec may ask for */

struct lt_player {
    const lt_game *game;
    kind kind;
    search_params params;     /* SEARCH: the kind, limits and style */
    minimax *mm;              /* SEARCH with an alpha-beta kind */
    const lt_engine *engine;  /* ENGINE: one of the game's own */
    void *instance;           /* ENGINE: its state */
    external *ext;            /* EXTERNAL: a program over UCI or XBoard */
    double blunder;           /* chance of a random move instead */
    lt_spec_origin origin;    /* may the spec start a program? */
    char spec[LT_SPEC_MAX];
};

/* The generic ladders, for games that name no levels of their own; the
 * measured results are in docs/levels.md.  With two players, level 1
 * searches shallowly and picks among the good-looking moves (temp):
 * human-like mistakes.  Levels 2-4 search further but now and then make a
 * random move (blunder), less often each level: drawn-out games between
 * careful players are decided by such slips, so the steps stay steps.
 * Level 5 searches furthest and never blunders. */
#define LADDER(kind, l1)                                                     \
    {"ai:" kind ":" l1, "ai:" kind ":nodes=20000:blunder=0.4",                \
     "ai:" kind ":nodes=20000:blunder=0.25",                                  \
     "ai:" kind ":nodes=60000:blunder=0.12", "ai:" kind ":nodes=300000"}
static const char *const mcts_levels[LT_LEVEL_MAX] = {
    "ai:mcts:nodes=60:temp=0.08", "ai:mcts:nodes=3000:blunder=0.2",
    "ai:mcts:nodes=3000:blunder=0.1", "ai:mcts:nodes=20000:blunder=0.04",
    "ai:mcts:nodes=100000"};
static const char *const alphabeta_levels[LT_LEVEL_MAX] =
    LADDER("alphabeta", "depth=1:temp=0.1");
static const char *const expectimax_levels[LT_LEVEL_MAX] =
    LADDER("expectimax", "depth=1:temp=0.05");
#undef LADDER
/* With three or four players random slips did not separate the levels:
 * the others do not punish a random move the way one opponent does, and
 * searching further did not help either (four-seasons, docs/levels.md).
 * So each level is hazier than the next: a softmax over the root moves'
 * values at a falling temperature, with the deeper search above it to
 * punish the weaker moves it lets through. */
static const char *const multi_levels[LT_LEVEL_MAX] = {
    "ai:brs:depth=1:temp=0.1", "ai:brs:nodes=500:temp=0.05",
    "ai:brs:nodes=2000:temp=0.03", "ai:brs:nodes=5000:temp=0.02",
    "ai:brs:nodes=20000:temp=0.005"};

bool lt_engine_limit(const char *key, const char *value, int max_depth,
                     double *seconds, int *depth, long long *nodes,
                     int *noise, bool *ok)
{
    long long n = 0;
    if (!strcmp(key, "time")) {
        char *end;
        *seconds = strtod(value, &end);
        *ok = end != value && !*end && *seconds > 0 && *seconds <= 1e6;
    } else if (!strcmp(key, "depth")) {
        *ok = lt_parse_int(value, 1, max_depth, &n);
        *depth = (int)n;
    } else if (!strcmp(key, "nodes")) {
        *ok = lt_parse_int(value, 1, 1000000000000LL, nodes);
    } else if (!strcmp(key, "noise")) {
        *ok = lt_parse_int(value, 0, 10000, &n);
        *noise = (int)n;
    } else {
        return false;
    }
    return true;
}

const char *const *lt_levels(const lt_game *g)
{
    const lt_engines *en = lt_engines_of(g);
    if (en->levels)
        return en->levels;
    if (!en->evaluate)
        return mcts_levels;
    if (g->max_players > 2)
        return multi_levels;
    return g->has_chance ? expectimax_levels : alphabeta_levels;
}

bool lt_evaluate(const lt_game *g, const lt_state *s, double *out)
{
    void (*evaluate)(const lt_state *, double *) = lt_engines_of(g)->evaluate;
    if (!evaluate)
        return false;
    evaluate(s, out);
    return true;
}

static const char expected[] =
    "expected human, random, ai, ai:level=1..5, "
    "ai:mcts|alphabeta|expectimax|paranoid|brs[:key=value...], "
    "ai:ENGINE[:params], uci:PATH or xboard:PATH";

/* Reads one "key=value" parameter of a search spec. */
static bool param(lt_player *p, const char *word, lt_error *err)
{
    const char *eq = strchr(word, '=');
    size_t klen = eq ? (size_t)(eq - word) : strlen(word);
    const char *v = eq ? eq + 1 : "";
    search_params *sp = &p->params;
    long long n;
    char *end;
#define KEY(k) (klen == sizeof(k) - 1 && !strncmp(word, k, klen))
    if (KEY("nodes") || KEY("iterations") || KEY("depth") || KEY("threads") ||
        KEY("playout")) {
        long long max = KEY("threads") ? LT_AI_THREADS_MAX
                        : KEY("nodes") || KEY("iterations") ? 1000000000000
                                                            : DEPTH_MAX;
        if (!lt_parse_int(v, 1, max, &n)) {
            lt_error_set(err, _("player '%s': %.*s must be a whole number from "
                              "1 to %lld"), p->spec, (int)klen, word, max);
            return false;
        }
        if (KEY("depth"))
            sp->limits.depth = (int)n;
        else if (KEY("threads"))
            sp->threads = (int)n;
        else if (KEY("playout"))
            sp->playout = (int)n;
        else
            sp->limits.nodes = n;
        return true;
    }
    if (KEY("time") || KEY("c") || KEY("temp") || KEY("blunder")) {
        double x = strtod(v, &end);
        if (end == v || *end || !(x > 0) || x > (KEY("blunder") ? 1 : 1e6)) {
            lt_error_set(err, _("player '%s': %.*s must be a positive number%s"),
                         p->spec, (int)klen, word,
                         KEY("blunder") ? " up to 1" : "");
            return false;
        }
        if (KEY("blunder"))
            p->blunder = x;
        else if (KEY("c"))
            sp->c = x;
        else if (KEY("temp"))
            sp->temp = x;
        else
            sp->limits.seconds = x;
        return true;
    }
    if (KEY("tt")) {
        if (strcmp(v, "on") && strcmp(v, "off")) {
            lt_error_set(err, _("player '%s': tt must be on or off"), p->spec);
            return false;
        }
        sp->tt = !strcmp(v, "on");
        return true;
    }
#undef KEY
    lt_error_set(err, _("player '%s': unknown parameter '%.*s'; %s"), p->spec,
                 (int)klen, word, expected);
    return false;
}

static bool parse(lt_player *p, const char *spec, int depth, lt_error *err);

/* An engine with hooks: the shared alpha-beta searcher with the game's
 * evaluation and ordering, or with view=mcts (where the hooks give
 * returns) Monte Carlo tree search on them.  Its words: time=, nodes=,
 * depth=, noise=, view=brs|paranoid|mcts, and blunder= as for any
 * player; where it has the mcts view, also c= (that tree's exploration,
 * as ai:mcts's). */
static bool hooked(lt_player *p, const lt_engine *e, char *words,
                   lt_error *err)
{
    search_params *sp = &p->params;
    sp->kind = e->hooks->mcts_default ? SEARCH_MCTS : SEARCH_ALPHABETA;
    sp->hooks = e->hooks;
    for (char *w = words, *next; w && *w; w = next) {
        next = strchr(w, ':');
        if (next)
            *next++ = '\0';
        if (!strncmp(w, "blunder=", 8) ||
            (!strncmp(w, "c=", 2) && e->hooks->returns)) {
            if (!param(p, w, err))
                return false;
            continue;
        }
        char *v = strchr(w, '=');
        bool ok = v != NULL;
        if (ok)
            *v++ = '\0';
        if (ok && !lt_engine_limit(w, v, DEPTH_MAX, &sp->limits.seconds,
                                   &sp->limits.depth, &sp->limits.nodes,
                                   &sp->noise, &ok)) {
            ok = !strcmp(w, "view") &&
                 (!strcmp(v, "paranoid") || !strcmp(v, "brs") ||
                  (!strcmp(v, "mcts") && e->hooks->returns));
            if (ok)
                sp->kind = !strcmp(v, "brs")    ? SEARCH_BRS
                           : !strcmp(v, "mcts") ? SEARCH_MCTS
                                                : SEARCH_ALPHABETA;
        }
        if (!ok) {
            if (e->hooks->returns)
                lt_error_set(err,
                             _("ai:%s: bad parameter '%s'; expected time=S, "
                               "nodes=N, depth=D, noise=P, "
                               "view=brs|paranoid|mcts or c=X (the mcts "
                               "view's exploration)"),
                             e->name, w);
            else
                lt_error_set(err,
                             _("ai:%s: bad parameter '%s'; expected time=S, "
                               "nodes=N, depth=D, noise=P or "
                               "view=brs|paranoid"),
                             e->name, w);
            return false;
        }
    }
    p->kind = SEARCH;
    search_params ab = *sp;
    if (sp->kind == SEARCH_MCTS) {
        /* each new leaf scored by the engine's own returns at once; the
         * positions the engine leaves to it by best-reply alpha-beta */
        sp->evaluate = e->hooks->returns;
        sp->playout = -1;
        if (!e->hooks->alphabeta_here)
            return true;
        ab.kind = SEARCH_BRS;
    }
    p->mm = minimax_new(p->game, &ab);
    if (!p->mm)
        lt_error_set(err, _("out of memory"));
    return p->mm != NULL;
}

/* "ai" or "ai:level=N[:params]": the spec of that level, with the
 * parameters after it added (a time limit: "ai:level=4:time=2"), parsed
 * in its place. */
static bool level(lt_player *p, const char *rest, int depth, lt_error *err)
{
    long long n = LT_LEVEL_DEFAULT;
    const char *more = rest ? strchr(rest, ':') : NULL;
    char number[16] = "";
    if (rest)
        snprintf(number, sizeof number, "%.*s",
                 more ? (int)(more - rest) - 6 : (int)strlen(rest + 6), rest + 6);
    if (rest && !lt_parse_int(number, LT_LEVEL_MIN, LT_LEVEL_MAX, &n)) {
        lt_error_set(err, _("player '%s': level must be %d to %d"), p->spec,
                     LT_LEVEL_MIN, LT_LEVEL_MAX);
        return false;
    }
    if (depth > 0) {
        lt_error_set(err, _("%s: a level names another level"), p->game->id);
        return false;
    }
    char spec[LT_SPEC_MAX];
    const char *base = lt_levels(p->game)[n - 1];
    if ((size_t)snprintf(spec, sizeof spec, "%s%s", base, more ? more : "") >=
        sizeof spec) {
        lt_error_set(err, _("player '%s': too long with the level's own '%s'"),
                     p->spec, base);
        return false;
    }
    return parse(p, spec, depth + 1, err);
}

bool lt_spec_starts_program(const char *spec)
{
    return !strncasecmp(spec, "uci:", 4) || !strncasecmp(spec, "xboard:", 7);
}

/* Parses spec into p; depth guards level specs that name levels. */
static bool parse(lt_player *p, const char *spec, int depth, lt_error *err)
{
    const lt_game *g = p->game;
    if (lt_spec_starts_program(spec)) {
        if (p->origin != LT_SPEC_TRUSTED) {
            char quoted[LT_QUOTE_MAX];
            lt_error_set(err, _("player %s would start a program, and only "
                              "the person running ludoteka may name one: "
                              "a player read from a file or a network "
                              "message never starts a program"),
                         lt_quote(quoted, sizeof quoted, spec));
            return false;
        }
        p->kind = EXTERNAL;
        p->ext = external_new(g, spec, err);
        return p->ext != NULL;
    }
    char words[LT_SPEC_MAX];
    lt_copy(words, sizeof words, spec);
    char *rest = strchr(words, ':');
    if (rest)
        *rest++ = '\0';
    if (!strcasecmp(words, "human") && !rest) {
        p->kind = HUMAN;
        return true;
    }
    if (!strcasecmp(words, "random") && !rest) {
        p->kind = RANDOM;
        return true;
    }
    if (strcasecmp(words, "ai")) {
        char quoted[LT_QUOTE_MAX];
        lt_error_set(err, _("unknown player %s; %s"),
                     lt_quote(quoted, sizeof quoted, spec), expected);
        return false;
    }
    if (!rest || !strncmp(rest, "level=", 6))
        return level(p, rest, depth, err);
    char *next = strchr(rest, ':');
    if (next)
        *next++ = '\0';
    const lt_engine *const *engines = lt_engines_of(g)->engines;
    for (int e = 0; engines && engines[e]; e++)
        if (!strcasecmp(rest, engines[e]->name)) {
            if (engines[e]->hooks)
                return hooked(p, engines[e], next, err);
            /* blunder=P is ours; the rest is the engine's */
            char params[LT_SPEC_MAX] = "";
            size_t len = 0;
            for (char *w = next; w && *w; w = next) {
                next = strchr(w, ':');
                if (next)
                    *next++ = '\0';
                if (!strncmp(w, "blunder=", 8)) {
                    if (!param(p, w, err))
                        return false;
                } else {
                    lt_appendf(params, sizeof params, &len, "%s%s",
                               len ? ":" : "", w);
                }
            }
            p->kind = ENGINE;
            p->engine = engines[e];
            p->instance = p->engine->create(g, params, err);
            return p->instance != NULL;
        }
    static const struct {
        const char *name;
        search_kind kind;
    } kinds[] = {{"mcts", SEARCH_MCTS},
                 {"alphabeta", SEARCH_ALPHABETA},
                 {"paranoid", SEARCH_ALPHABETA},
                 {"expectimax", SEARCH_EXPECTIMAX},
                 {"brs", SEARCH_BRS}};
    size_t k = 0;
    while (k < sizeof kinds / sizeof kinds[0] && strcasecmp(rest, kinds[k].name))
        k++;
    if (k == sizeof kinds / sizeof kinds[0]) {
        lt_error_set(err, _("player '%s': unknown search '%s'; %s"), p->spec,
                     rest, expected);
        return false;
    }
    p->kind = SEARCH;
    p->params.kind = kinds[k].kind;
    for (char *w = next; w && *w; w = next) {
        next = strchr(w, ':');
        if (next)
            *next++ = '\0';
        if (!param(p, w, err))
            return false;
    }
    if (p->params.kind != SEARCH_MCTS) {
        p->mm = minimax_new(g, &p->params);
        if (!p->mm) {
            lt_error_set(err, _("out of memory"));
            return false;
        }
    }
    return true;
}

lt_player *lt_player_new_from(const lt_game *g, const char *spec,
                              lt_spec_origin origin, lt_error *err)
{
    if (strlen(spec) >= LT_SPEC_MAX) {
        char quoted[LT_QUOTE_MAX];
        lt_error_set(err, _("player spec too long: at most %d characters, got %s"),
                     LT_SPEC_MAX - 1, lt_quote(quoted, sizeof quoted, spec));
        return NULL;
    }
    lt_player *p = calloc(1, sizeof *p);
    if (!p) {
        lt_error_set(err, _("out of memory"));
        return NULL;
    }
    p->game = g;
    p->params.evaluate = lt_engines_of(g)->evaluate;
    p->params.key = lt_engines_of(g)->key;
    p->origin = origin;
    lt_copy(p->spec, sizeof p->spec, spec);
    if (!parse(p, spec, 0, err)) {
        lt_player_free(p);
        return NULL;
    }
    return p;
}

lt_player *lt_player_new(const lt_game *g, const char *spec, lt_error *err)
{
    return lt_player_new_from(g, spec, LT_SPEC_UNTRUSTED, err);
}

void lt_player_free(lt_player *p)
{
    if (!p)
        return;
    if (p->instance)
        p->engine->destroy(p->instance);
    minimax_free(p->mm);
    external_free(p->ext);
    free(p);
}

bool lt_player_is_human(const lt_player *p)
{
    return p->kind == HUMAN;
}

const char *lt_player_spec(const lt_player *p)
{
    return p->spec;
}

void lt_player_new_game(lt_player *p, const lt_state *start)
{
    if (p->ext)
        external_new_game(p->ext, start);
}

void lt_player_observe(lt_player *p, const lt_state *before, lt_action a)
{
    if (p->ext)
        external_observe(p->ext, before, a);
}

const char *lt_player_error(const lt_player *p)
{
    return p->ext ? external_error(p->ext) : "";
}

double lt_limit_tighter(double a, double b)
{
    return a <= 0 ? b : b <= 0 ? a : a < b ? a : b;
}

lt_action lt_player_choose(lt_player *p, const lt_state *s, uint64_t seed,
                           const lt_limits *extra, lt_think_info *info)
{
    const lt_game *g = p->game;
    lt_limits lim = p->params.limits;
    if (extra) {
        lim.seconds = lt_limit_tighter(lim.seconds, extra->seconds);
        lim.nodes = (long long)lt_limit_tighter((double)lim.nodes,
                                                (double)extra->nodes);
        lim.depth = (int)lt_limit_tighter(lim.depth, extra->depth);
        lim.stop = extra->stop;
        /* a game's own engine plans its time from the clocks */
        lim.clocks = extra->clocks;
        lim.increment = extra->increment;
        lim.progress = extra->progress;
        lim.ctx = extra->ctx;
    }
    lt_action a;
    switch (p->kind) {
    case SEARCH:
        a = p->mm && (p->params.kind != SEARCH_MCTS ||
                      p->params.hooks->alphabeta_here(s))
                ? minimax_search(p->mm, s, &lim, seed, info)
                : mcts_search(g, s, &p->params, &lim, seed, info);
        break;
    case ENGINE:
        a = p->engine->choose(p->instance, s, &lim, seed, info);
        break;
    case EXTERNAL:
        return external_choose(p->ext, s, extra, info);
    default:
        /* random, and a stand-in for a human (hints use an ai player) */
        a = LT_NO_ACTION;
        if (info)
            memset(info, 0, sizeof *info);
        break;
    }
    lt_rng rng;
    lt_rng_seed(&rng, seed, 0);
    /* a random move: the random player's always, a blunderer's now and
     * then (a weaker level of a perfect player) */
    if (a == LT_NO_ACTION || (p->blunder > 0 && lt_rng_double(&rng) < p->blunder)) {
        a = lt_rng_play(&rng, g, s);
        if (info)
            info->best = a;
    }
    return a;
}
