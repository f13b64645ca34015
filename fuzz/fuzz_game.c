/* fuzz_game.c — any text given to a game's read_state and parse_action.
 * The first byte picks the game; the rest is the text.  Nothing crashes; a
 * position that reads keeps its invariants and writes back to a text that
 * reads to the same position; an action that parses is legal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "ludoteka/game.h"
#include "ludoteka/options.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const lt_game *g = lt_game_at(data[0] % lt_game_count());
    char *text = malloc(size);
    if (!text)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    lt_config cfg;
    lt_config_default(g, &cfg, 0);
    lt_state *s = lt_state_new(g), *t = lt_state_new(g);
    lt_error err = {0};
    lt_init(g, s, &cfg, &err);
    lt_init(g, t, &cfg, &err);
    lt_action a;
    if (lt_parse(g, s, text, &a, &err) == LT_OK)
        FUZZ_CHECK(lt_is_legal(g, s, a));
    if (g->read_state(s, text, &err) == LT_OK) {
        char out[4096], again[4096];
        FUZZ_CHECK(g->invariants_ok(s));
        g->write_state(s, out, sizeof out);
        FUZZ_CHECK(g->read_state(t, out, &err) == LT_OK);
        g->write_state(t, again, sizeof again);
        FUZZ_CHECK(strcmp(out, again) == 0);
        lt_action acts[LT_MAX_ACTIONS];
        int n = lt_choices(g, s, acts);
        for (int i = 0; i < n; i++) {
            char name[64];
            lt_action b;
            FUZZ_CHECK(lt_parse(g, s, lt_name(g, s, acts[i], name, sizeof name),
                                &b, &err) == LT_OK && b == acts[i]);
        }
    }
    lt_state_free(s);
    lt_state_free(t);
    free(text);
    return 0;
}
