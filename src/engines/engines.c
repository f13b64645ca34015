/* engines.c — the table of every game's engines (engines.def). */
#include <string.h>

#include "ludoteka/engines.h"

#define LT_ENGINES(name) extern const lt_engines name;
#include "engines.def"
#undef LT_ENGINES

static const lt_engines *const table[] = {
#define LT_ENGINES(name) &name,
#include "engines.def"
#undef LT_ENGINES
};

const lt_engines *lt_engines_of(const lt_game *g)
{
    static const lt_engines none = {0};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (!strcmp(table[i]->game, g->id))
            return table[i];
    return &none;
}
