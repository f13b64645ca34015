/* registry.c — the table of every game Ludoteka knows. */
#include <string.h>
#include <strings.h>

#include "ludoteka/game.h"
#include "rules_text.h"

#define LT_GAME(name) extern const lt_game name;
#include "games.def"
#undef LT_GAME

static const lt_game *const games[] = {
#define LT_GAME(name) &name,
#include "games.def"
#undef LT_GAME
};

int lt_game_count(void)
{
    return (int)(sizeof games / sizeof games[0]);
}

const lt_game *lt_game_at(int i)
{
    return i >= 0 && i < lt_game_count() ? games[i] : NULL;
}

const lt_game *lt_game_find(const char *id)
{
    for (int i = 0; i < lt_game_count(); i++)
        if (strcasecmp(games[i]->id, id) == 0)
            return games[i];
    return NULL;
}

const char *lt_rules_text(const lt_game *g, const char *lang)
{
    for (int i = 0; i < lt_rules_count; i++)
        if (!strcmp(lt_rules_table[i].id, g->id) &&
            !strcmp(lt_rules_table[i].lang, lang))
            return lt_rules_table[i].text;
    return NULL;
}
