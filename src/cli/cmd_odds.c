/* cmd_odds.c — ludoteka odds: the exact chances of the turn in progress
 * (lt_engines.odds), one line per seat, as text or JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmd.h"
#include "words.h"
#include "ludoteka/ai.h"
#include "ludoteka/engines.h"
#include "ludoteka/options.h"
#include "ludoteka/text.h"

static void json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            printf("\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            printf("\\u%04x", *s);
        else
            putchar(*s);
    }
    putchar('"');
}

/* {"seat": N, "exact": "p/q", "decimal": x} (no seat when seat < 0),
 * or null when not defined. */
static void json_exact(const lt_exact *e, int seat)
{
    if (!e->known) {
        printf("null");
        return;
    }
    printf("{");
    if (seat >= 0)
        printf("\"seat\": %d, ", seat + 1);
    printf("\"exact\": ");
    if (e->exact[0])
        json_string(e->exact);
    else
        printf("null");
    printf(", \"decimal\": %.17g}", e->decimal);
}

/* A line of the text: the label, the fraction and the decimal (as the
 * reader's language writes it: the JSON is for programs). */
static void text_exact(const char *label, const lt_exact *e)
{
    char num[64];
    cli_number(num, sizeof num, e->decimal, 15, false);
    if (!e->known)
        printf("%s %s\n", label, _("not defined"));
    else
        printf("%s %s %s\n", label, e->exact[0] ? e->exact : _("(fraction too long)"),
               num);
}

int cmd_odds(int argc, char **argv)
{
    const lt_game *g = cli_first_game(argc, argv);
    if (!g)
        return EXIT_USAGE;
    if (!lt_engines_of(g)->odds)
        return cli_fail(EXIT_USAGE, _("%s has no odds to compute (only the dice "
                                      "games have)"),
                        g->id);
    bool used[CLI_ARGS_MAX] = {false};
    lt_config cfg;
    int status = cli_game_config(argc, argv, 2, g, &cfg, used);
    if (status != EXIT_OK)
        return status;
    const char *position = NULL, *v;
    bool json = false;
    for (int i = 2; i < argc; i++) {
        if (used[i])
            continue;
        if (!strcmp(argv[i], "--json"))
            json = true;
        else if (cli_flag(argc, argv, &i, "--position", &v)) {
            if (!v)
                return EXIT_USAGE;
            position = v;
        } else
            return cli_unexpected(argv[0], argv[i]);
    }
    lt_state *s = lt_state_new(g);
    lt_odds *o = calloc(1, sizeof *o);
    lt_error err = {0};
    if (!s || !o) {
        status = cli_no_memory();
        goto done;
    }
    if (lt_init(g, s, &cfg, &err) != LT_OK) {
        status = cli_fail(EXIT_USAGE, "%s", err.msg);
        goto done;
    }
    if (position && g->read_state(s, position, &err) != LT_OK) {
        status = cli_bad_position(g, err.msg);
        goto done;
    }
    if (lt_engines_of(g)->odds(s, LT_ODDS_SEAT_ORDER, o, &err) != LT_OK) {
        status = cli_fail(EXIT_FAIL, "%s", err.msg);
        goto done;
    }
    char name[64];
    if (json) {
        printf("{\"game\": \"%s\", \"players\": %d, \"seats\": [", g->id, o->nseats);
        for (int i = 0; i < o->nseats; i++) {
            printf("%s", i ? ", " : "");
            json_exact(&o->win[i], i);
        }
        printf("], \"none\": ");
        json_exact(&o->none, -1);
        printf(", \"value\": ");
        if (o->value_seat >= 0)
            json_exact(&o->value, o->value_seat);
        else
            printf("null");
        printf(", \"choices\": [");
        for (int k = 0; k < o->nchoices; k++) {
            printf("%s{\"action\": ", k ? ", " : "");
            json_string(lt_name(g, s, o->choice[k].action, name, sizeof name));
            printf(", \"value\": ");
            json_exact(&o->choice[k].value, -1);
            printf("}");
        }
        printf("], \"note\": ");
        json_string(o->note);
        printf("}\n");
        goto done;
    }
    for (int i = 0; i < o->nseats; i++) {
        char label[64];
        snprintf(label, sizeof label, _("seat%d"), i + 1);
        text_exact(label, &o->win[i]);
    }
    if (o->none.known)
        text_exact(P_("odds", "none"), &o->none);
    if (o->value_seat >= 0)
        text_exact(P_("odds", "value"), &o->value);
    for (int k = 0; k < o->nchoices; k++) {
        char label[128];
        snprintf(label, sizeof label, _("choice %s"),
                 lt_display_name(g, s, o->choice[k].action, name, sizeof name));
        text_exact(label, &o->choice[k].value);
    }
    if (o->value_seat >= 0)
        printf(_("# value: the stakes seat %d can expect to gain in the turn\n"),
               o->value_seat + 1);
    if (o->none.known)
        printf("%s\n", _("# none: the turn ends with no winner"));
    if (o->note[0])
        printf("# %s\n", o->note);
done:
    free(o);
    lt_state_free(s);
    return status;
}
