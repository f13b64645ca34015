/* record.c — game records: PGN-style tags and action names; atomic files. */
#include <ctype.h>
#include <dirent.h>
#include <stdarg.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ludoteka/options.h"
#include "ludoteka/record.h"
#include "ludoteka/text.h"

enum { FILE_MAX = 64 << 20, LINE_WIDTH = 79, TAG_VALUE_MAX = 1024 };

/* PGN's closing tokens of the movetext. */
static const char *const result_tokens[] = {"1-0", "0-1", "1/2-1/2", "*"};

/* ---- Building ---------------------------------------------------------- */

void lt_record_init(lt_record *r, const lt_game *g, const lt_config *cfg)
{
    memset(r, 0, sizeof *r);
    r->game = g;
    r->config = *cfg;
}

void lt_record_clear(lt_record *r)
{
    free(r->position);
    free(r->actions);
    memset(r, 0, sizeof *r);
}

lt_status lt_record_push(lt_record *r, lt_action a)
{
    if (r->nactions == r->capacity) {
        int cap = r->capacity ? r->capacity * 2 : 64;
        lt_action *p = realloc(r->actions, (size_t)cap * sizeof *p);
        if (!p)
            return LT_ENOMEM;
        r->actions = p;
        r->capacity = cap;
    }
    r->actions[r->nactions++] = a;
    return LT_OK;
}

lt_status lt_record_set_position(lt_record *r, const char *text)
{
    char *copy = NULL;
    if (text) {
        size_t n = strlen(text) + 1;
        copy = malloc(n);
        if (!copy)
            return LT_ENOMEM;
        memcpy(copy, text, n);
    }
    free(r->position);
    r->position = copy;
    return LT_OK;
}

void lt_record_set_tag(lt_record *r, const char *key, const char *value)
{
    for (int i = 0; i < r->nextra; i++)
        if (strcmp(r->extra[i].key, key) == 0) {
            lt_copy(r->extra[i].value, sizeof r->extra[i].value, value);
            return;
        }
    if (r->nextra == LT_RECORD_TAGS)
        return;
    lt_copy(r->extra[r->nextra].key, sizeof r->extra[r->nextra].key, key);
    lt_copy(r->extra[r->nextra].value, sizeof r->extra[r->nextra].value, value);
    r->nextra++;
}

static lt_status start_state(const lt_record *r, lt_state *s, lt_error *err)
{
    lt_status st = lt_init(r->game, s, &r->config, err);
    if (st == LT_OK && r->position)
        st = r->game->read_state(s, r->position, err);
    return st;
}

lt_status lt_record_replay(const lt_record *r, int n, lt_state *s,
                           lt_error *err)
{
    lt_status st = start_state(r, s, err);
    if (st != LT_OK)
        return st;
    if (n < 0 || n > r->nactions)
        n = r->nactions;
    for (int i = 0; i < n; i++) {
        if (!lt_is_legal(r->game, s, r->actions[i])) {
            lt_error_set(err, "action %d of the record is not legal", i + 1);
            return LT_EILLEGAL;
        }
        r->game->apply(s, r->actions[i]);
    }
    return LT_OK;
}

/* ---- Writing ----------------------------------------------------------- */

static void put_tag(lt_text *b, const char *key, const char *value)
{
    lt_text_put(b, "[");
    lt_text_put(b, key);
    lt_text_put(b, " \"");
    for (const char *p = value; *p; p++) {
        if (*p == '"' || *p == '\\')
            lt_text_putn(b, "\\", 1);
        lt_text_putn(b, p, 1);
    }
    lt_text_put(b, "\"]\n");
}

char *lt_record_format(const lt_record *r, lt_error *err)
{
    const lt_game *g = r->game;
    lt_state *s = lt_state_new(g);
    lt_text b = {0}, moves = {0};
    char text[1024];
    if (!s) {
        lt_error_set(err, "out of memory");
        return NULL;
    }
    if (start_state(r, s, err) != LT_OK) {
        lt_state_free(s);
        return NULL;
    }

    /* Movetext: a move number before each turn of the first seat (and
     * "1..." when another seat begins).  A dice roll belongs to the turn of
     * the decision that follows it, so the number comes before the roll. */
    int *owner = malloc(((size_t)r->nactions + 1) * sizeof *owner);
    if (!owner) {
        lt_error_set(err, "out of memory");
        lt_state_free(s);
        return NULL;
    }
    for (int i = 0; i < r->nactions; i++) {
        owner[i] = g->current_player(s);
        if (!lt_is_legal(g, s, r->actions[i])) {
            lt_error_set(err, "action %d of the record is not legal", i + 1);
            free(owner);
            lt_state_free(s);
            return NULL;
        }
        g->apply(s, r->actions[i]);
    }
    for (int i = r->nactions - 1, next = LT_TERMINAL; i >= 0; i--)
        next = owner[i] = owner[i] >= 0 ? owner[i] : next;
    start_state(r, s, err);
    size_t col = 0;
    int number = 0;
    for (int i = 0; i < r->nactions; i++) {
        lt_action a = r->actions[i];
        char word[96];
        size_t wl = 0;
        word[0] = '\0';
        if (owner[i] == 0 && (i == 0 || owner[i - 1] != 0))
            lt_appendf(word, sizeof word, &wl, "%d. ", ++number);
        else if (i == 0)
            lt_appendf(word, sizeof word, &wl, "%d... ", ++number);
        char name[64];
        lt_appendf(word, sizeof word, &wl, "%s",
                   lt_name(g, s, a, name, sizeof name));
        if (col && col + 1 + wl > LINE_WIDTH) {
            lt_text_put(&moves, "\n");
            col = 0;
        } else if (col) {
            lt_text_put(&moves, " ");
            col++;
        }
        lt_text_put(&moves, word);
        col += wl;
        g->apply(s, a);
    }
    free(owner);
    /* The result, also as PGN's closing token; a game the moves leave
     * unfinished keeps the result it was given (a resignation, a draw
     * agreed). */
    char result[128];
    lt_result_text(g, s, result, sizeof result);
    const char *recorded = NULL;
    for (int i = 0; i < r->nextra; i++)
        if (strcmp(r->extra[i].key, "Result") == 0)
            recorded = r->extra[i].value;
    if (g->current_player(s) != LT_TERMINAL && recorded)
        lt_copy(result, sizeof result, recorded);
    /* PGN (the chess family) closes its movetext with the result */
    bool pgn = g->group == LT_GROUP_CHESS;
    for (size_t k = 0; pgn && k < sizeof result_tokens / sizeof *result_tokens; k++)
        if (!strcmp(result, result_tokens[k])) {
            if (col && col + 1 + strlen(result) > LINE_WIDTH) {
                lt_text_put(&moves, "\n");
                col = 0;
            }
            lt_text_put(&moves, col ? " " : "");
            lt_text_put(&moves, result);
            col += strlen(result) + 1;
        }
    if (col)
        lt_text_put(&moves, "\n");

    /* The tags.  The chess family's records are PGN: the Seven Tag Roster
     * first, in its order, and a set-up position as [SetUp] and [FEN]. */
    static const char *const roster[] = {"Event", "Site", "Date", "Round",
                                         "White", "Black"};
    if (pgn) {
        for (size_t k = 0; k < sizeof roster / sizeof roster[0]; k++) {
            const char *v = k == 2 ? "????.??.??" : "?";
            if (k >= 4 && r->players[k - 4][0])
                v = r->players[k - 4];
            for (int i = 0; i < r->nextra; i++)
                if (strcmp(r->extra[i].key, roster[k]) == 0)
                    v = r->extra[i].value;
            put_tag(&b, roster[k], v);
        }
        put_tag(&b, "Result", result);
    }
    put_tag(&b, "Game", g->id);
    lt_config_write(g, &r->config, text, sizeof text);
    put_tag(&b, "Options", text);
    size_t len = 0;
    text[0] = '\0';
    for (int i = 0; i < r->config.players; i++)
        lt_appendf(text, sizeof text, &len, "%s%s", i ? "," : "", r->players[i]);
    put_tag(&b, "Players", text);
    snprintf(text, sizeof text, "%" PRIu64, r->seed);
    put_tag(&b, "Seed", text);
    if (r->position && pgn) {
        put_tag(&b, "SetUp", "1");
        put_tag(&b, "FEN", r->position);
    } else if (r->position) {
        put_tag(&b, "Position", r->position);
    }
    for (int i = 0; i < r->nextra; i++) {
        bool skip = strcmp(r->extra[i].key, "Result") == 0 ||
                    strcmp(r->extra[i].key, "SetUp") == 0;
        for (size_t k = 0; pgn && k < sizeof roster / sizeof roster[0]; k++)
            skip = skip || strcmp(r->extra[i].key, roster[k]) == 0;
        if (!skip)
            put_tag(&b, r->extra[i].key, r->extra[i].value);
    }
    if (!pgn)
        put_tag(&b, "Result", result);
    lt_text_put(&b, "\n");
    if (moves.buf)
        lt_text_put(&b, moves.buf);
    free(moves.buf);
    lt_state_free(s);
    if (b.failed || moves.failed) {
        free(b.buf);
        lt_error_set(err, "out of memory");
        return NULL;
    }
    return b.buf;
}

/* ---- Reading ----------------------------------------------------------- */

typedef struct {
    const char *text;
    size_t pos;
    int line, col;
    lt_error *err;
} reader;

static int peek(const reader *rd)
{
    return (unsigned char)rd->text[rd->pos];
}

static void advance(reader *rd)
{
    if (rd->text[rd->pos] == '\n') {
        rd->line++;
        rd->col = 1;
    } else {
        rd->col++;
    }
    rd->pos++;
}

static lt_status fail_at(reader *rd, int line, int col, lt_status st,
                         const char *fmt, ...) LT_PRINTF(5, 6);

static lt_status fail_at(reader *rd, int line, int col, lt_status st,
                         const char *fmt, ...)
{
    if (rd->err) {
        char msg[sizeof rd->err->msg];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        lt_error_set(rd->err, "line %d, column %d: %.200s", line, col, msg);
        rd->err->line = line;
        rd->err->col = col;
    }
    return st;
}

/* Skips white space, comments ({...}, ; to the end of the line), PGN
 * variations ((...), nested) and NAGs ($12); false on an unterminated
 * comment or variation. */
/* Does the white space at the reader hold an empty line? */
static bool empty_line_next(const reader *rd)
{
    int newlines = 0;
    for (const char *p = rd->text + rd->pos; *p && isspace((unsigned char)*p); p++)
        newlines += *p == '\n';
    return newlines >= 2;
}

static bool skip_space(reader *rd)
{
    for (;;) {
        int c = peek(rd);
        if (c && isspace(c)) {
            advance(rd);
        } else if (c == ';') {
            while (peek(rd) && peek(rd) != '\n')
                advance(rd);
        } else if (c == '{' || c == '(') {
            int line = rd->line, col = rd->col, depth = 0;
            do {
                if (peek(rd) == '(')
                    depth++;
                else if (peek(rd) == ')')
                    depth--;
                else if (peek(rd) == '{')
                    while (peek(rd) && peek(rd) != '}')
                        advance(rd);
                if (peek(rd))
                    advance(rd);
            } while (peek(rd) && depth > 0);
            if (depth > 0 || (c == '{' && rd->text[rd->pos - 1] != '}')) {
                fail_at(rd, line, col, LT_ESYNTAX, "%s '%c' is never closed",
                        c == '{' ? "comment" : "variation", c);
                return false;
            }
        } else if (c == '$') {
            advance(rd);
            while (isdigit(peek(rd)))
                advance(rd);
        } else {
            return true;
        }
    }
}

typedef struct {
    char key[32];
    char value[TAG_VALUE_MAX];
    int line, col;
} raw_tag;

/* Reads [Key "value"] at the current position. */
static lt_status read_tag(reader *rd, raw_tag *t)
{
    t->line = rd->line;
    t->col = rd->col;
    advance(rd); /* '[' */
    while (peek(rd) == ' ' || peek(rd) == '\t')
        advance(rd);
    size_t n = 0;
    while (isalnum(peek(rd)) || peek(rd) == '_') {
        if (n + 1 >= sizeof t->key)
            return fail_at(rd, rd->line, rd->col, LT_ESYNTAX, "%s",
                           "tag name too long");
        t->key[n++] = (char)peek(rd);
        advance(rd);
    }
    t->key[n] = '\0';
    if (n == 0)
        return fail_at(rd, rd->line, rd->col, LT_ESYNTAX, "%s",
                       "expected a tag name after '['");
    while (peek(rd) == ' ' || peek(rd) == '\t')
        advance(rd);
    if (peek(rd) != '"')
        return fail_at(rd, rd->line, rd->col, LT_ESYNTAX,
                       "expected '\"' to open the value of tag %s", t->key);
    advance(rd);
    n = 0;
    for (;;) {
        int c = peek(rd);
        if (c == '\0' || c == '\n')
            return fail_at(rd, rd->line, rd->col, LT_ESYNTAX,
                           "the value of tag %s is never closed", t->key);
        if (c == '"')
            break;
        if (c == '\\') {
            advance(rd);
            c = peek(rd);
            if (c != '"' && c != '\\')
                return fail_at(rd, rd->line, rd->col, LT_ESYNTAX, "%s",
                               "only \\\" and \\\\ may be escaped");
        }
        if (n + 1 >= sizeof t->value)
            return fail_at(rd, rd->line, rd->col, LT_ESYNTAX,
                           "the value of tag %s is too long", t->key);
        t->value[n++] = (char)c;
        advance(rd);
    }
    t->value[n] = '\0';
    advance(rd); /* '"' */
    while (peek(rd) == ' ' || peek(rd) == '\t')
        advance(rd);
    if (peek(rd) != ']')
        return fail_at(rd, rd->line, rd->col, LT_ESYNTAX,
                       "expected ']' to close tag %s", t->key);
    advance(rd);
    return LT_OK;
}

/* Applies the tags that set the game up; the state starts the game. */
static lt_status setup(reader *rd, raw_tag *tags, int ntags, lt_record *r,
                       lt_state **sp)
{
    raw_tag *game = NULL, *options = NULL, *players = NULL, *seed = NULL,
            *position = NULL;
    for (int i = 0; i < ntags; i++) {
        raw_tag *t = &tags[i];
        raw_tag **slot = !strcmp(t->key, "Game")       ? &game
                         : !strcmp(t->key, "Options")  ? &options
                         : !strcmp(t->key, "Players")  ? &players
                         : !strcmp(t->key, "Seed")     ? &seed
                         : !strcmp(t->key, "Position") ? &position
                         : !strcmp(t->key, "FEN")      ? &position
                                                       : NULL;
        if (slot && *slot)
            return fail_at(rd, t->line, t->col, LT_ESYNTAX,
                           "tag %s appears twice%s", t->key,
                           slot == &position ? " (or with Position/FEN)" : "");
        if (slot)
            *slot = t;
    }
    /* A record with no [Game] tag is a PGN file's game: chess. */
    const lt_game *g = lt_game_find(game ? game->value : "chess");
    if (!g && !game)
        return fail_at(rd, rd->line, rd->col, LT_ESYNTAX, "%s",
                       "the record has no [Game \"...\"] tag");
    char quoted[LT_QUOTE_MAX];
    if (!g)
        return fail_at(rd, game->line, game->col, LT_ESYNTAX,
                       "unknown game %s (see 'ludoteka list')",
                       lt_quote(quoted, sizeof quoted, game->value));
    lt_config cfg;
    lt_config_default(g, &cfg, 0);
    int nplayers = 0;
    char specs[LT_MAX_PLAYERS][LT_SPEC_MAX] = {{0}};
    if (players) {
        const char *p = players->value;
        for (;;) {
            const char *comma = strchr(p, ',');
            size_t n = comma ? (size_t)(comma - p) : strlen(p);
            if (nplayers == LT_MAX_PLAYERS || n >= LT_SPEC_MAX)
                return fail_at(rd, players->line, players->col, LT_ERANGE,
                               "%s", "too many or too long player specs");
            memcpy(specs[nplayers], p, n);
            specs[nplayers++][n] = '\0';
            if (!comma)
                break;
            p = comma + 1;
        }
        cfg.players = nplayers;
    }
    lt_error e = {0};
    if (options && lt_config_parse(g, &cfg, options->value, &e) != LT_OK)
        return fail_at(rd, options->line, options->col, LT_ESYNTAX, "%s",
                       e.msg);
    lt_record_init(r, g, &cfg);
    memcpy(r->players, specs, sizeof specs);
    if (seed) {
        const char *v = seed->value;
        char *end;
        errno = 0;
        unsigned long long u = strtoull(v, &end, 10);
        if (!isdigit((unsigned char)v[0]) || errno || *end)
            return fail_at(rd, seed->line, seed->col, LT_ESYNTAX,
                           "seed %s is not a whole number",
                           lt_quote(quoted, sizeof quoted, v));
        r->seed = (uint64_t)u;
    }
    for (int i = 0; i < ntags; i++) {
        raw_tag *t = &tags[i];
        if (t != game && t != options && t != players && t != seed &&
            t != position)
            lt_record_set_tag(r, t->key, t->value);
    }
    lt_state *s = lt_state_new(g);
    if (!s)
        return fail_at(rd, rd->line, rd->col, LT_ENOMEM, "%s", "out of memory");
    *sp = s;
    if (lt_init(g, s, &cfg, &e) != LT_OK)
        return fail_at(rd, players ? players->line : rd->line,
                       players ? players->col : rd->col, LT_ERANGE, "%s",
                       e.msg);
    if (position) {
        if (g->read_state(s, position->value, &e) != LT_OK)
            return fail_at(rd, position->line, position->col, LT_ESYNTAX,
                           "bad position: %s", e.msg);
        if (lt_record_set_position(r, position->value) != LT_OK)
            return fail_at(rd, rd->line, rd->col, LT_ENOMEM, "%s",
                           "out of memory");
    }
    return LT_OK;
}

/* Skips a move number ("12." or "12...") at the start of a word; action
 * names never contain '.', so what follows is a move or nothing. */
static const char *skip_move_number(const char *w)
{
    const char *p = w;
    while (isdigit((unsigned char)*p))
        p++;
    if (p == w || *p != '.')
        return w;
    while (*p == '.')
        p++;
    return p;
}

lt_status lt_record_parse(const char *text, lt_cursor *cur, lt_record *r,
                          lt_error *err)
{
    reader rd = {text, cur->pos, cur->line ? cur->line : 1,
                 cur->col ? cur->col : 1, err};
    memset(r, 0, sizeof *r);
    if (err)
        *err = (lt_error){0};
    enum { TAGS_MAX = 32 };
    raw_tag *tags = malloc(TAGS_MAX * sizeof *tags);
    lt_state *s = NULL;
    lt_status st = LT_OK;
    int ntags = 0;
    if (!tags)
        return LT_ENOMEM;
    if (!skip_space(&rd)) {
        st = LT_ESYNTAX;
        goto done;
    }
    if (!peek(&rd)) {
        lt_error_set(err, "no record in the text");
        st = LT_EIO;
        goto done;
    }
    for (bool tags_over = false; !tags_over && peek(&rd) == '[';) {
        if (ntags == TAGS_MAX) {
            st = fail_at(&rd, rd.line, rd.col, LT_ERANGE, "%s", "too many tags");
            goto done;
        }
        st = read_tag(&rd, &tags[ntags++]);
        /* an empty line ends the tags (PGN's export format): what follows
         * is this game's movetext, even when it has no move and the next
         * game's tags come next (a game lost on time before its first) */
        tags_over = st == LT_OK && empty_line_next(&rd);
        if (st != LT_OK || !skip_space(&rd)) {
            st = st != LT_OK ? st : LT_ESYNTAX;
            goto done;
        }
    }
    st = setup(&rd, tags, ntags, r, &s);
    if (st != LT_OK)
        goto done;

    /* Movetext, up to the next record's first tag or the end. */
    while (peek(&rd) && peek(&rd) != '[') {
        char word[128];
        int line = rd.line, col = rd.col;
        size_t n = 0;
        while (peek(&rd) && !isspace(peek(&rd)) && !strchr("{(;$", peek(&rd))) {
            if (n + 1 < sizeof word)
                word[n++] = (char)peek(&rd);
            advance(&rd);
        }
        word[n] = '\0';
        const char *move = skip_move_number(word);
        /* PGN ends its movetext with the result; it is checked by the
         * Result tag, if any */
        bool end = false;
        lt_action dummy;
        for (size_t k = 0; k < sizeof result_tokens / sizeof *result_tokens; k++)
            end = end || (!strcmp(move, result_tokens[k]) &&
                          lt_parse(r->game, s, move, &dummy, NULL) != LT_OK);
        if (*move && !end) {
            lt_action a;
            lt_error e = {0};
            col += (int)(move - word);
            if (lt_parse(r->game, s, move, &a, &e) != LT_OK) {
                st = fail_at(&rd, line, col, LT_EILLEGAL, "%s", e.msg);
                goto done;
            }
            if ((st = lt_record_push(r, a)) != LT_OK)
                goto done;
            r->game->apply(s, a);
        }
        if (!skip_space(&rd)) {
            st = LT_ESYNTAX;
            goto done;
        }
    }
    /* A [Result] must agree with a game the moves finish; one they leave
     * unfinished was decided otherwise (resigned, agreed) and is kept. */
    for (int i = 0; i < ntags && r->game->current_player(s) == LT_TERMINAL; i++)
        if (!strcmp(tags[i].key, "Result")) {
            char result[128];
            lt_result_text(r->game, s, result, sizeof result);
            if (strcmp(result, tags[i].value) != 0) {
                char msg[400];
                char quoted[LT_QUOTE_MAX];
                snprintf(msg, sizeof msg,
                         "the record says the result is %s but its moves "
                         "give '%.60s'",
                         lt_quote(quoted, sizeof quoted, tags[i].value), result);
                st = fail_at(&rd, tags[i].line, tags[i].col, LT_EILLEGAL,
                             "%s", msg);
                goto done;
            }
        }
    *cur = (lt_cursor){rd.pos, rd.line, rd.col};
done:
    if (st != LT_OK)
        lt_record_clear(r);
    lt_state_free(s);
    free(tags);
    return st;
}

/* ---- Files ------------------------------------------------------------- */

char *lt_read_file(const char *path, size_t *size, lt_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        lt_error_set(err, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (len + 1 == cap) {
            if (cap >= FILE_MAX) {
                lt_error_set(err, "%s is larger than %d MiB", path,
                             FILE_MAX >> 20);
                free(buf);
                buf = NULL;
                break;
            }
            char *p = realloc(buf, cap * 2);
            if (!p) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = p;
            cap *= 2;
        }
        size_t n = fread(buf + len, 1, cap - 1 - len, f);
        len += n;
        if (n == 0)
            break;
    }
    if (buf && ferror(f)) {
        lt_error_set(err, "cannot read %s: %s", path, strerror(errno));
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (!buf) {
        if (err && !err->msg[0])
            lt_error_set(err, "out of memory reading %s", path);
        return NULL;
    }
    if (memchr(buf, '\0', len)) {
        lt_error_set(err, "%s is not a text file", path);
        free(buf);
        return NULL;
    }
    buf[len] = '\0';
    if (size)
        *size = len;
    return buf;
}

/* A save writes path.tmp-XXXXXX beside path (XXXXXX: mkstemp's six
 * letters and digits) and renames it over path.  It holds a lock (flock)
 * on that file from making it to the rename, so a temporary file whose
 * lock can be taken was left by a save that was interrupted. */
static const char TMP_SUFFIX[] = ".tmp-XXXXXX";
enum { TMP_RANDOM = 6, TMP_TRIES = 4 };

lt_status lt_write_file_atomic(const char *path, const char *data,
                               size_t size, bool durable, lt_error *err)
{
    size_t plen = strlen(path);
    char *tmp = malloc(plen + sizeof TMP_SUFFIX);
    if (!tmp) {
        lt_error_set(err, "out of memory");
        return LT_ENOMEM;
    }
    int fd = -1;
    for (int tries = 0; fd < 0 && tries < TMP_TRIES; tries++) {
        memcpy(tmp, path, plen);
        memcpy(tmp + plen, TMP_SUFFIX, sizeof TMP_SUFFIX);
        fd = mkstemp(tmp);
        if (fd < 0)
            break;
        /* Where locks work, another process's clean-up may have taken
         * the file for a leftover between mkstemp and flock: then it is
         * gone (no links), and a new one is made. */
        struct stat st;
        if (flock(fd, LOCK_EX) == 0 && fstat(fd, &st) == 0 && st.st_nlink == 0) {
            close(fd);
            fd = -1;
            errno = EEXIST;
        }
    }
    if (fd < 0) {
        lt_error_set(err, "cannot write %s: %s", path, strerror(errno));
        free(tmp);
        return LT_EIO;
    }
    size_t done = 0;
    while (done < size) {
        ssize_t w = write(fd, data + done, size - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        done += (size_t)w;
    }
    bool ok = done == size && (!durable || fsync(fd) == 0);
    int saved = errno;
    if (ok) {
        /* rename keeps the new file's permissions of mkstemp (0600);
         * give it the usual ones. */
        mode_t mask = umask(0);
        umask(mask);
        fchmod(fd, 0666 & ~mask);
        /* renamed before the file is closed, while the lock still says
         * that a save is writing it */
        ok = rename(tmp, path) == 0;
        saved = errno;
    }
    if (!ok)
        unlink(tmp);
    if (close(fd) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    if (!ok) {
        lt_error_set(err, "cannot write %s: %s", path, strerror(saved));
        free(tmp);
        return LT_EIO;
    }
    free(tmp);
    /* Make the rename itself durable. */
    char *dir = durable ? malloc(plen + 2) : NULL;
    if (dir) {
        memcpy(dir, path, plen + 1);
        char *slash = strrchr(dir, '/');
        if (slash)
            slash[slash == dir] = '\0';
        else
            strcpy(dir, ".");
        int dfd = open(dir, O_RDONLY);
        if (dfd >= 0) {
            fsync(dfd);
            close(dfd);
        }
        free(dir);
    }
    return LT_OK;
}

/* Is name (in the folder of path) one of path's temporary files? */
static bool is_temp_of(const char *name, const char *base)
{
    size_t blen = strlen(base), slen = sizeof TMP_SUFFIX - 1 - TMP_RANDOM;
    if (strncmp(name, base, blen) || strncmp(name + blen, TMP_SUFFIX, slen))
        return false;
    const char *x = name + blen + slen;
    for (int i = 0; i < TMP_RANDOM; i++)
        if (!isalnum((unsigned char)x[i]))
            return false;
    return x[TMP_RANDOM] == '\0';
}

/* Removes the temporary files that interrupted saves of path left beside
 * it (path.tmp-XXXXXX and nothing else), but none a save is writing now:
 * only those whose lock can be taken, and only while holding it. */
void lt_remove_stale_temps(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    size_t dlen = slash ? (size_t)(slash - path) + 1 : 0;
    char *dir = malloc(dlen + 2), *full = malloc(dlen + strlen(base) + 32);
    if (!dir || !full || !*base)
        goto done;
    memcpy(dir, path, dlen);
    strcpy(dir + dlen, dlen ? "" : ".");
    DIR *d = opendir(dir);
    if (!d)
        goto done;
    for (struct dirent *e; (e = readdir(d));) {
        if (!is_temp_of(e->d_name, base))
            continue;
        memcpy(full, path, dlen);
        strcpy(full + dlen, e->d_name);
        int fd = open(full, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0)
            continue;
        struct stat held, named;
        /* the lock is ours: no save is writing it; and the name still is
         * this file (not renamed over path meanwhile, nor made again) */
        if (flock(fd, LOCK_EX | LOCK_NB) == 0 && fstat(fd, &held) == 0 &&
            S_ISREG(held.st_mode) && lstat(full, &named) == 0 &&
            held.st_dev == named.st_dev && held.st_ino == named.st_ino)
            unlink(full);
        close(fd);
    }
    closedir(d);
done:
    free(dir);
    free(full);
}

lt_status lt_record_save(const lt_record *r, const char *path, lt_error *err)
{
    char *text = lt_record_format(r, err);
    if (!text)
        return LT_EILLEGAL;
    lt_remove_stale_temps(path);
    lt_status st = lt_write_file_atomic(path, text, strlen(text), true, err);
    free(text);
    return st;
}

lt_status lt_record_load(const char *path, lt_record *r, lt_error *err)
{
    memset(r, 0, sizeof *r);
    lt_remove_stale_temps(path);
    char *text = lt_read_file(path, NULL, err);
    if (!text)
        return LT_EIO;
    lt_cursor cur = {0};
    lt_status st = lt_record_parse(text, &cur, r, err);
    if (st != LT_OK && err) {
        char msg[sizeof err->msg];
        lt_copy(msg, sizeof msg, err->msg);
        lt_error_set(err, "%.60s: %.190s", path, msg);
    }
    /* A file of several games (an arena's, a tournament's) is not one
     * game to play on: saving it would keep the first game alone. */
    int games = 1;
    bool unreadable = false;
    while (st == LT_OK && !unreadable) {
        lt_record next;
        lt_status more = lt_record_parse(text, &cur, &next, NULL);
        if (more == LT_EIO)
            break;
        unreadable = more != LT_OK;
        lt_record_clear(&next);
        games++;
    }
    if (games > 1) {
        lt_record_clear(r);
        lt_error_set(err, "%.60s holds %s%d games, and only a file of one "
                     "game can be played on (saving it would keep the first "
                     "game alone); copy the game to play into a file of its "
                     "own", path, unreadable ? "at least " : "", games);
        st = LT_ERANGE;
    }
    free(text);
    return st;
}
