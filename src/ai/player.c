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

typedef enum { HUMAN, RANDOM, MCTS } kind;

struct lt_player {
    const lt_game *game;
    kind kind;
    mcts_limits mcts;
    char spec[128];
};

/* MCTS iterations per level until the AI issue calibrates the ladder. */
static const long long level_iterations[LT_LEVEL_MAX + 1] = {
    0, 30, 300, 2000, 10000, 40000};

static const char expected[] =
    "expected human, random, ai, ai:level=1..5 or "
    "ai:mcts[:iterations=N][:time=S][:c=X]";

/* Reads one "key=value" parameter of an ai spec. */
static bool ai_param(lt_player *p, const char *word, lt_error *err)
{
    const char *eq = strchr(word, '=');
    if (!eq) {
        lt_error_set(err, "player '%s': '%s' is not key=value; %s", p->spec,
                     word, expected);
        return false;
    }
    size_t klen = (size_t)(eq - word);
    const char *v = eq + 1;
    long long n;
    char *end;
    if (klen == 5 && !strncmp(word, "level", 5)) {
        if (!lt_parse_int(v, LT_LEVEL_MIN, LT_LEVEL_MAX, &n)) {
            lt_error_set(err, "player '%s': level must be %d to %d", p->spec,
                         LT_LEVEL_MIN, LT_LEVEL_MAX);
            return false;
        }
        p->mcts.iterations = level_iterations[n];
        return true;
    }
    if (klen == 10 && !strncmp(word, "iterations", 10)) {
        if (!lt_parse_int(v, 1, 1000000000, &n)) {
            lt_error_set(err, "player '%s': iterations must be 1 to 10^9",
                         p->spec);
            return false;
        }
        p->mcts.iterations = n;
        return true;
    }
    if ((klen == 4 && !strncmp(word, "time", 4)) ||
        (klen == 1 && !strncmp(word, "c", 1))) {
        double x = strtod(v, &end);
        if (end == v || *end || !(x > 0) || x > 1e6) {
            lt_error_set(err, "player '%s': %.*s must be a positive number",
                         p->spec, (int)klen, word);
            return false;
        }
        if (klen == 1)
            p->mcts.c = x;
        else {
            p->mcts.seconds = x;
            p->mcts.iterations = 0;
        }
        return true;
    }
    lt_error_set(err, "player '%s': unknown parameter '%.*s'; %s", p->spec,
                 (int)klen, word, expected);
    return false;
}

lt_player *lt_player_new(const lt_game *g, const char *spec, lt_error *err)
{
    if (strlen(spec) >= sizeof((lt_player *)0)->spec) {
        lt_error_set(err, "player spec too long");
        return NULL;
    }
    lt_player *p = calloc(1, sizeof *p);
    if (!p) {
        lt_error_set(err, "out of memory");
        return NULL;
    }
    p->game = g;
    lt_copy(p->spec, sizeof p->spec, spec);
    char words[128];
    lt_copy(words, sizeof words, spec);
    char *rest = strchr(words, ':');
    if (rest)
        *rest++ = '\0';
    if (!strcasecmp(words, "human") && !rest) {
        p->kind = HUMAN;
        return p;
    }
    if (!strcasecmp(words, "random") && !rest) {
        p->kind = RANDOM;
        return p;
    }
    if (strcasecmp(words, "ai")) {
        lt_error_set(err, "unknown player '%s'; %s", spec, expected);
        free(p);
        return NULL;
    }
    p->kind = MCTS;
    p->mcts.iterations = level_iterations[LT_LEVEL_DEFAULT];
    while (rest && *rest) {
        char *next = strchr(rest, ':');
        if (next)
            *next++ = '\0';
        bool ok = !strcasecmp(rest, "mcts") || ai_param(p, rest, err);
        if (!ok) {
            free(p);
            return NULL;
        }
        rest = next;
    }
    return p;
}

void lt_player_free(lt_player *p)
{
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

lt_action lt_player_choose(lt_player *p, const lt_state *s, uint64_t seed,
                           lt_think_info *info)
{
    const lt_game *g = p->game;
    if (p->kind == MCTS)
        return mcts_search(g, s, &p->mcts, seed, info);
    /* random, and a stand-in for a human (hints use an ai player) */
    lt_rng rng;
    lt_rng_seed(&rng, seed, 0);
    lt_action a = lt_rng_play(&rng, g, s);
    if (info)
        *info = (lt_think_info){.best = a};
    return a;
}
