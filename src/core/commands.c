/* commands.c — the command table of a game in play, its parser, its help
 * and the commands that go to the session. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "ludoteka/commands.h"
#include "ludoteka/text.h"

static const lt_command table[LT_CMD_COUNT] = {
    {LT_CMD_MOVE, "move", "ruch", LT_ARG_REQUIRED, "MOVE", "RUCH",
     "play a move (the word may be left out: e4)",
     "wykonuje ruch (słowo można pominąć: e4)", true},
    {LT_CMD_MOVES, "moves", "ruchy", LT_ARG_NONE, NULL, NULL,
     "list the legal moves", "wypisuje dozwolone ruchy", false},
    {LT_CMD_BOARD, "board", "plansza", LT_ARG_NONE, NULL, NULL,
     "show the board and the move list", "pokazuje planszę i zapis partii",
     false},
    {LT_CMD_UNDO, "undo", "cofnij", LT_ARG_NONE, NULL, NULL,
     "take back your last move (against the computer)",
     "cofa twój ostatni ruch (w grze z komputerem)", true},
    {LT_CMD_REDO, "redo", "przywróć", LT_ARG_NONE, NULL, NULL,
     "play again what undo took back",
     "przywraca to, co cofnięto", true},
    {LT_CMD_HINT, "hint", "podpowiedź", LT_ARG_NONE, NULL, NULL,
     "the computer's advice", "podpowiedź komputera", false},
    {LT_CMD_SAVE, "save", "zapisz", LT_ARG_OPTIONAL, "[FILE]", "[PLIK]",
     "save the game (and keep saving it there)",
     "zapisuje partię (i zapisuje ją tam dalej)", true},
    {LT_CMD_RESIGN, "resign", "poddaj", LT_ARG_NONE, NULL, NULL,
     "give up (with three or four players: leave the game)",
     "poddaje partię (przy trzech lub czterech graczach: odpada z gry)",
     true},
    {LT_CMD_DRAW, "draw", "remis", LT_ARG_NONE, NULL, NULL,
     "offer a draw (or accept the one offered)",
     "proponuje remis (albo przyjmuje zaproponowany)", true},
    {LT_CMD_TAKEBACK, "takeback", "wycofaj", LT_ARG_NONE, NULL, NULL,
     "ask the others to let you take back your last move",
     "prosi pozostałych o zgodę na cofnięcie twojego ostatniego ruchu", true},
    {LT_CMD_ACCEPT, "accept", "przyjmij", LT_ARG_NONE, NULL, NULL,
     "accept the offer", "przyjmuje propozycję", true},
    {LT_CMD_DECLINE, "decline", "odrzuć", LT_ARG_NONE, NULL, NULL,
     "decline the offer", "odrzuca propozycję", true},
    {LT_CMD_CLAIM, "claim", "reklamuj", LT_ARG_OPTIONAL, "[MOVE]", "[RUCH]",
     "claim a draw the rules allow (chess: threefold repetition, fifty "
     "moves), also with the move that brings it",
     "żąda remisu, na który pozwalają zasady (szachy: trzykrotne "
     "powtórzenie, pięćdziesiąt posunięć), także wraz z ruchem, który do "
     "niego prowadzi", true},
    {LT_CMD_ABORT, "abort", "przerwij", LT_ARG_NONE, NULL, NULL,
     "call the game off before everyone has moved",
     "przerywa partię, zanim wszyscy wykonają ruch", true},
    {LT_CMD_REMATCH, "rematch", "rewanż", LT_ARG_NONE, NULL, NULL,
     "play again, colours swapped", "gra jeszcze raz, z zamianą stron",
     false},
    {LT_CMD_FLIP, "flip", "obróć", LT_ARG_NONE, NULL, NULL,
     "turn the board round", "obraca planszę", false},
    {LT_CMD_CLOCK, "clock", "zegar", LT_ARG_NONE, NULL, NULL,
     "show the clocks", "pokazuje zegary", false},
    {LT_CMD_HELP, "help", "pomoc", LT_ARG_NONE, NULL, NULL,
     "this list", "ta lista", false},
    {LT_CMD_QUIT, "quit", "koniec", LT_ARG_NONE, NULL, NULL,
     "leave (the game stays saved)",
     "wychodzi (partia zostaje zapisana)", false},
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
    for (int i = 0; i < LT_CMD_COUNT; i++) {
        if (!strcmp(want, table[i].name))
            return &table[i];
        fold(table[i].name_pl, have, sizeof have);
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
        lt_error_set(err, "an empty line: type a move or a command (help)");
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
        lt_error_set(err, "the line is too long");
        return LT_ERANGE;
    }
    memcpy(arg, rest, rlen);
    arg[rlen] = '\0';
    if (!c) {
        *id = LT_CMD_MOVE; /* a move, by its name */
        return LT_OK;
    }
    if (c->arg == LT_ARG_NONE && rlen) {
        lt_error_set(err, "%s takes nothing after it", c->name);
        return LT_ESYNTAX;
    }
    if (c->arg == LT_ARG_REQUIRED && !rlen) {
        lt_error_set(err, "%s needs %s after it", c->name, c->arg_en);
        return LT_ESYNTAX;
    }
    *id = c->id;
    return LT_OK;
}

int lt_command_help(int lang, unsigned offered, char *buf, size_t size)
{
    size_t len = 0;
    bool pl = lang == LT_LANG_PL;
    if (size)
        buf[0] = '\0';
    for (int i = 0; i < LT_CMD_COUNT; i++) {
        const lt_command *c = &table[i];
        if (offered && !(offered >> i & 1))
            continue;
        char head[64];
        const char *arg = pl ? c->arg_pl : c->arg_en;
        if (pl)
            snprintf(head, sizeof head, "%s (%s)%s%s", c->name_pl, c->name,
                     arg ? " " : "", arg ? arg : "");
        else
            snprintf(head, sizeof head, "%s%s%s", c->name, arg ? " " : "",
                     arg ? arg : "");
        /* pad by characters, not bytes, for the Polish letters */
        int chars = 0;
        for (const char *p = head; *p; p++)
            chars += ((unsigned char)*p & 0xc0) != 0x80;
        lt_appendf(buf, size, &len, "  %s%*s %s\n", head,
                   chars < 28 ? 28 - chars : 0, "", pl ? c->help_pl : c->help_en);
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
