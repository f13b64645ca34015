/* commands.c — the command table of a game in play, its parser, its help
 * and the commands that go to the session. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "ludoteka/commands.h"
#include "ludoteka/text.h"

static const lt_command table[LT_CMD_COUNT] = {
    {LT_CMD_MOVE, NC_("command", "move"), LT_ARG_REQUIRED,
     NC_("command argument", "MOVE"), N_("play a move (the word may be left out: e4)"), true},
    {LT_CMD_MOVES, NC_("command", "moves"), LT_ARG_NONE,
     NULL, N_("list the legal moves"), false},
    {LT_CMD_BOARD, NC_("command", "board"), LT_ARG_NONE,
     NULL, N_("show the board and the move list"), false},
    {LT_CMD_UNDO, NC_("command", "undo"), LT_ARG_NONE,
     NULL, N_("take back your last move (against the computer)"), true},
    {LT_CMD_REDO, NC_("command", "redo"), LT_ARG_NONE,
     NULL, N_("play again what undo took back"), true},
    {LT_CMD_HINT, NC_("command", "hint"), LT_ARG_NONE,
     NULL, N_("the computer's advice"), false},
    {LT_CMD_SAVE, NC_("command", "save"), LT_ARG_OPTIONAL,
     NC_("command argument", "[FILE]"), N_("save the game (and keep saving it there)"), true},
    {LT_CMD_RESIGN, NC_("command", "resign"), LT_ARG_NONE,
     NULL, N_("give up (with three or four players: leave the game)"), true},
    {LT_CMD_DRAW, NC_("command", "draw"), LT_ARG_NONE,
     NULL, N_("offer a draw (or accept the one offered)"), true},
    {LT_CMD_TAKEBACK, NC_("command", "takeback"), LT_ARG_NONE,
     NULL, N_("ask the others to let you take back your last move"), true},
    {LT_CMD_ACCEPT, NC_("command", "accept"), LT_ARG_NONE,
     NULL, N_("accept the offer"), true},
    {LT_CMD_DECLINE, NC_("command", "decline"), LT_ARG_NONE,
     NULL, N_("decline the offer"), true},
    {LT_CMD_CLAIM, NC_("command", "claim"), LT_ARG_OPTIONAL,
     NC_("command argument", "[MOVE]"), N_("claim a draw the rules allow (chess: threefold repetition, fifty "
     "moves), also with the move that brings it"), true},
    {LT_CMD_ABORT, NC_("command", "abort"), LT_ARG_NONE,
     NULL, N_("call the game off before everyone has moved"), true},
    {LT_CMD_REMATCH, NC_("command", "rematch"), LT_ARG_NONE,
     NULL, N_("play again, colours swapped"), false},
    {LT_CMD_FLIP, NC_("command", "flip"), LT_ARG_NONE,
     NULL, N_("turn the board round"), false},
    {LT_CMD_CLOCK, NC_("command", "clock"), LT_ARG_NONE,
     NULL, N_("show the clocks"), false},
    {LT_CMD_HELP, NC_("command", "help"), LT_ARG_NONE,
     NULL, N_("this list"), false},
    {LT_CMD_QUIT, NC_("command", "quit"), LT_ARG_NONE,
     NULL, N_("leave (the game stays saved)"), false},
};

const lt_command *lt_command_get(lt_command_id id)
{
    return (unsigned)id < LT_CMD_COUNT ? &table[id] : NULL;
}

/* Lower case, Polish letters without their accents: "Przywróć" and
 * "przywroc" read alike. */
static void fold(const char *in, char *out, size_t size)
{
    static const struct { const char *utf8; char ascii; } letters[] = {
        {"ą", 'a'}, {"ć", 'c'}, {"ę", 'e'}, {"ł", 'l'}, {"ń", 'n'},
        {"ó", 'o'}, {"ś", 's'}, {"ź", 'z'}, {"ż", 'z'}, {"Ą", 'a'},
        {"Ć", 'c'}, {"Ę", 'e'}, {"Ł", 'l'}, {"Ń", 'n'}, {"Ó", 'o'},
        {"Ś", 's'}, {"Ź", 'z'}, {"Ż", 'z'}};
    size_t n = 0;
    while (*in && n + 1 < size) {
        size_t k = 0;
        for (; k < sizeof letters / sizeof letters[0]; k++)
            if (!strncmp(in, letters[k].utf8, strlen(letters[k].utf8)))
                break;
        if (k < sizeof letters / sizeof letters[0]) {
            out[n++] = letters[k].ascii;
            in += strlen(letters[k].utf8);
        } else {
            out[n++] = (char)tolower((unsigned char)*in++);
        }
    }
    out[n] = '\0';
}

const lt_command *lt_command_find(const char *name)
{
    char want[64], have[64];
    fold(name, want, sizeof want);
    /* the English name, or its name in the reader's language */
    for (int i = 0; i < LT_CMD_COUNT; i++) {
        if (!strcmp(want, table[i].name))
            return &table[i];
        fold(P_("command", table[i].name), have, sizeof have);
        if (!strcmp(want, have))
            return &table[i];
    }
    return NULL;
}

lt_status lt_command_parse(const char *line, lt_command_id *id, char *arg,
                           size_t size, lt_error *err)
{
    while (isspace((unsigned char)*line))
        line++;
    size_t n = strlen(line);
    while (n && isspace((unsigned char)line[n - 1]))
        n--;
    if (n == 0) {
        lt_error_set(err, "%s", _("an empty line: type a move or a command (help)"));
        return LT_ESYNTAX;
    }
    size_t w = 0;
    while (w < n && !isspace((unsigned char)line[w]))
        w++;
    char word[64];
    const lt_command *c = NULL;
    if (w < sizeof word) {
        memcpy(word, line, w);
        word[w] = '\0';
        c = lt_command_find(word);
    }
    const char *rest = line;
    size_t rlen = n;
    if (c) {
        rest = line + w;
        while (rest < line + n && isspace((unsigned char)*rest))
            rest++;
        rlen = n - (size_t)(rest - line);
    }
    if (rlen >= size) {
        lt_error_set(err, "%s", _("the line is too long"));
        return LT_ERANGE;
    }
    memcpy(arg, rest, rlen);
    arg[rlen] = '\0';
    if (!c) {
        *id = LT_CMD_MOVE; /* a move, by its name */
        return LT_OK;
    }
    if (c->arg == LT_ARG_NONE && rlen) {
        lt_error_set(err, _("%s takes nothing after it"), P_("command", c->name));
        return LT_ESYNTAX;
    }
    if (c->arg == LT_ARG_REQUIRED && !rlen) {
        lt_error_set(err, _("%s needs %s after it"), P_("command", c->name),
                     P_("command argument", c->arg_name));
        return LT_ESYNTAX;
    }
    *id = c->id;
    return LT_OK;
}

int lt_command_help(unsigned offered, char *buf, size_t size)
{
    size_t len = 0;
    if (size)
        buf[0] = '\0';
    for (int i = 0; i < LT_CMD_COUNT; i++) {
        const lt_command *c = &table[i];
        if (offered && !(offered >> i & 1))
            continue;
        char head[64];
        const char *name = P_("command", c->name);
        const char *arg = c->arg_name ? P_("command argument", c->arg_name) : NULL;
        /* (the English names are taken too, but not shown: one language
         * on the screen) */
        snprintf(head, sizeof head, "%s%s%s", name, arg ? " " : "",
                 arg ? arg : "");
        /* pad by characters, not bytes, for letters such as Polish ones */
        int chars = 0;
        for (const char *p = head; *p; p++)
            chars += ((unsigned char)*p & 0xc0) != 0x80;
        lt_appendf(buf, size, &len, "  %s%*s %s\n", head,
                   chars < 28 ? 28 - chars : 0, "", _(c->help));
    }
    return (int)len;
}

lt_status lt_session_command(lt_session *s, int seat, lt_command_id id,
                             const char *arg, lt_error *err)
{
    const char *a = arg && *arg ? arg : NULL;
    switch (id) {
    case LT_CMD_MOVE: return lt_session_move(s, seat, arg ? arg : "", err);
    case LT_CMD_UNDO: return lt_session_undo(s, seat, err);
    case LT_CMD_REDO: return lt_session_redo(s, seat, err);
    case LT_CMD_SAVE: return lt_session_save(s, a, err);
    case LT_CMD_RESIGN: return lt_session_resign(s, seat, err);
    case LT_CMD_DRAW: return lt_session_offer(s, seat, LT_OFFER_DRAW, err);
    case LT_CMD_TAKEBACK: return lt_session_offer(s, seat, LT_OFFER_TAKEBACK, err);
    case LT_CMD_ACCEPT: return lt_session_answer(s, seat, true, err);
    case LT_CMD_DECLINE: return lt_session_answer(s, seat, false, err);
    case LT_CMD_CLAIM: return lt_session_claim(s, seat, a, err);
    case LT_CMD_ABORT: return lt_session_abort(s, seat, err);
    default:
        lt_error_set(err, "%s is the front end's to show",
                     lt_command_get(id) ? lt_command_get(id)->name : "?");
        return LT_EILLEGAL;
    }
}
