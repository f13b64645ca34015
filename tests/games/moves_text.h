/* moves_text.h — the legal moves of a position as one line of text, for
 * the point-and-line games' tests. */
#ifndef LUDOTEKA_TEST_MOVES_TEXT_H
#define LUDOTEKA_TEST_MOVES_TEXT_H

#include "support.h"

/* All legal moves, space-separated, in the game's (ascending) order. */
static inline const char *moves_of(const lt_game *g, const lt_state *s)
{
    static char buf[2048];
    lt_action acts[LT_MAX_ACTIONS];
    int n = g->legal_actions(s, acts);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len < sizeof buf; i++) {
        char name[32];
        g->action_name(s, acts[i], name, sizeof name);
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s", i ? " " : "",
                                name);
    }
    return buf;
}

#endif
