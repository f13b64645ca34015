/* player.c — player specs ("human", "random", "ai:level=3", ...) and the
 * players they name. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ludoteka/ai.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"
#include "mcts.h"

typedef enum { HUMAN, RANDOM, MCTS, ENGINE } kind;

struct lt_player {
    const lt_game *game;
    kind kind;
    lt_limits limits;     /* from the spec */
    mcts_params mcts;
    const lt_engine *engine; /* the game's engine, for ENGINE */
    void *instance;          /* and its instance */
    char spec[LT_SPEC_MAX];
};

/* The generic ladder, for games that name no levels of their own. */
static const char *const generic_levels[LT_LEVEL_MAX] = {
    "ai:mcts:iterations=30", "ai:mcts:iterations=300",
    "ai:mcts:iterations=2000", "ai:mcts:iterations=10000",
    "ai:mcts:iterations=40000"};

static const char expected[] =
    "expected human, random, ai, ai:level=1..5, "
    "ai:mcts[:iterations=N][:time=S][:c=X] or ai:ENGINE[:params]";

/* Reads one "key=value" parameter of a search spec. */
static bool param(lt_player *p, const char *word, lt_error *err)
{
    const char *eq = strchr(word, '=');
    size_t klen = eq ? (size_t)(eq - word) : strlen(word);
    const char *v = eq ? eq + 1 : "";
    long long n;
    char *end;
#define KEY(k) (klen == sizeof(k) - 1 && !strncmp(word, k, klen))
    if (KEY("iterations") || KEY("depth")) {
        if (!lt_parse_int(v, 1, KEY("depth") ? 1000 : 1000000000000, &n)) {
            lt_error_set(err, "player '%s': %.*s must be a positive whole "
                              "number", p->spec, (int)klen, word);
            return false;
        }
        if (KEY("depth"))
            p->limits.depth = (int)n;
        else
            p->limits.nodes = n;
        return true;
    }
    if (KEY("time") || KEY("c")) {
        double x = strtod(v, &end);
        if (end == v || *end || !(x > 0) || x > 1e6) {
            lt_error_set(err, "player '%s': %.*s must be a positive number",
                         p->spec, (int)klen, word);
            return false;
        }
        if (KEY("c"))
            p->mcts.c = x;
        else
            p->limits.seconds = x;
        return true;
    }
#undef KEY
    lt_error_set(err, "player '%s': unknown parameter '%.*s'; %s", p->spec,
                 (int)klen, word, expected);
    return false;
}

/* Parses spec into p; depth guards level specs that name levels. */
static bool parse(lt_player *p, const char *spec, int depth, lt_error *err)
{
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
        lt_error_set(err, "unknown player '%s'; %s", spec, expected);
        return false;
    }
    const lt_game *g = p->game;
    long long level = LT_LEVEL_DEFAULT;
    if (rest && !strncmp(rest, "level=", 6)) {
        if (!lt_parse_int(rest + 6, LT_LEVEL_MIN, LT_LEVEL_MAX, &level)) {
            lt_error_set(err, "player '%s': level must be %d to %d", spec,
                         LT_LEVEL_MIN, LT_LEVEL_MAX);
            return false;
        }
        rest = NULL;
    }
    if (!rest) {
        if (depth > 0) {
            lt_error_set(err, "%s: level %lld names another level", g->id, level);
            return false;
        }
        const char *const *levels = g->levels ? g->levels : generic_levels;
        return parse(p, levels[level - 1], depth + 1, err);
    }
    char *next = strchr(rest, ':');
    if (next)
        *next++ = '\0';
    for (int e = 0; g->engines && g->engines[e]; e++)
        if (!strcasecmp(rest, g->engines[e]->name)) {
            p->kind = ENGINE;
            p->engine = g->engines[e];
            p->instance = p->engine->create(g, next ? next : "", err);
            return p->instance != NULL;
        }
    if (strcasecmp(rest, "mcts")) {
        lt_error_set(err, "player '%s': unknown search '%s'; %s", spec, rest,
                     expected);
        return false;
    }
    p->kind = MCTS;
    for (char *w = next; w && *w; w = next) {
        next = strchr(w, ':');
        if (next)
            *next++ = '\0';
        if (!param(p, w, err))
            return false;
    }
    return true;
}

lt_player *lt_player_new(const lt_game *g, const char *spec, lt_error *err)
{
    if (strlen(spec) >= LT_SPEC_MAX) {
        lt_error_set(err, "player spec too long (at most %d characters)",
                     LT_SPEC_MAX - 1);
        return NULL;
    }
    lt_player *p = calloc(1, sizeof *p);
    if (!p) {
        lt_error_set(err, "out of memory");
        return NULL;
    }
    p->game = g;
    lt_copy(p->spec, sizeof p->spec, spec);
    if (!parse(p, spec, 0, err)) {
        lt_player_free(p);
        return NULL;
    }
    return p;
}

void lt_player_free(lt_player *p)
{
    if (!p)
        return;
    if (p->instance)
        p->engine->destroy(p->instance);
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

/* The tighter of two limits (zero is no limit). */
static double tighter(double a, double b)
{
    return a <= 0 ? b : b <= 0 ? a : a < b ? a : b;
}

lt_action lt_player_choose(lt_player *p, const lt_state *s, uint64_t seed,
                           const lt_limits *extra, lt_think_info *info)
{
    const lt_game *g = p->game;
    lt_limits lim = p->limits;
    if (extra) {
        lim.seconds = tighter(lim.seconds, extra->seconds);
        lim.nodes = (long long)tighter((double)lim.nodes, (double)extra->nodes);
        lim.depth = (int)tighter(lim.depth, extra->depth);
        lim.stop = extra->stop;
        lim.progress = extra->progress;
        lim.ctx = extra->ctx;
    }
    if (p->kind == MCTS)
        return mcts_search(g, s, &p->mcts, &lim, seed, info);
    if (p->kind == ENGINE)
        return p->engine->choose(p->instance, s, &lim, seed, info);
    /* random, and a stand-in for a human (hints use an ai player) */
    lt_rng rng;
    lt_rng_seed(&rng, seed, 0);
    lt_action a = lt_rng_play(&rng, g, s);
    if (info)
        *info = (lt_think_info){.best = a};
    return a;
}
