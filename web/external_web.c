/* external_web.c — external engines in the browser: a page cannot start
 * other programs, so a uci: or xboard: player is refused with a message
 * (this replaces src/ai/external.c in the WebAssembly build). */
#include "ai/external.h"
#include "ludoteka/text.h"

external *external_new(const lt_game *g, const char *spec, lt_error *err)
{
    (void)g;
    lt_error_set(err, "player '%s': external engines cannot run in the "
                      "browser", spec);
    return NULL;
}

/* No external player is ever made, so these are never reached with one. */
void external_free(external *e)
{
    (void)e;
}

void external_new_game(external *e, const lt_state *start)
{
    (void)e;
    (void)start;
}

void external_observe(external *e, const lt_state *before, lt_action a)
{
    (void)e;
    (void)before;
    (void)a;
}

lt_action external_choose(external *e, const lt_state *s, const lt_limits *lim,
                          lt_think_info *info)
{
    (void)e;
    (void)s;
    (void)lim;
    (void)info;
    return LT_NO_ACTION;
}

const char *external_error(const external *e)
{
    (void)e;
    return "external engines cannot run in the browser";
}
