/* journal.c — the file a game in play is kept in.  It is a game record
 * (record.h) that grows a line at a time:
 *
 *   [Game "chess"] ... [Clock "5+3"] [Result "*"]      the header
 *
 *   1. e4 {[%clk 0:05:01.000] [%emt 0:00:02.000]}      a ply: its move
 *   e5 {[%clk 0:04:58.500] [%emt 0:00:04.500]}         number when it
 *   {[%offer draw 1]}                                  begins a row; an
 *   {[%answer 2 decline]}                              event
 *
 * Each line is written and flushed to disk before the session changes,
 * so a kill loses at most the line being written, and a torn last line
 * (no newline) is dropped on reading.  Taking plies back and the end of
 * the game (with the ply that ends it, never appended first) rewrite the
 * whole file atomically (lt_write_file_atomic), without what was taken
 * back or has been answered.  The comments are
 * skipped by every record reader; PGN's [%clk] and [%emt] are the usual
 * clock annotations.  docs/session.md has the whole format. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ludoteka/options.h"
#include "ludoteka/text.h"
#include "session_impl.h"

/* ---- Writing ----------------------------------------------------------- */

static void set_or_drop_tag(lt_record *r, const char *key, const char *value)
{
    for (int i = 0; i < r->nextra; i++)
        if (!strcmp(r->extra[i].key, key)) {
            if (value) {
                lt_copy(r->extra[i].value, sizeof r->extra[i].value, value);
            } else {
                memmove(&r->extra[i], &r->extra[i + 1],
                        (size_t)(r->nextra - i - 1) * sizeof r->extra[0]);
                r->nextra--;
            }
            return;
        }
    if (value)
        lt_record_set_tag(r, key, value);
}

/* The header's tags as the game stands. */
static void update_tags(lt_session *s)
{
    char text[256];
    size_t len = 0;
    bool named = false;
    text[0] = '\0';
    for (int i = 0; i < s->nseats; i++) {
        char name[LT_SEAT_NAME];
        lt_copy(name, sizeof name, s->seats[i].name);
        for (char *p = name; *p; p++)
            if (*p == ',' || *p == '"' || *p == '\\')
                *p = ' ';
        named |= name[0] != '\0';
        lt_appendf(text, sizeof text, &len, "%s%s", i ? "," : "", name);
        if (s->g->group == LT_GROUP_CHESS && i < 2)
            set_or_drop_tag(&s->hdr, i ? "Black" : "White",
                            name[0] ? name : NULL);
    }
    set_or_drop_tag(&s->hdr, "Names", named ? text : NULL);
    lt_time_control_format(&s->tc, text, sizeof text);
    set_or_drop_tag(&s->hdr, "Clock", s->tc.kind != LT_TC_NONE ? text : NULL);
    lt_session_result_token(s, text, sizeof text);
    set_or_drop_tag(&s->hdr, "Result", text);
    set_or_drop_tag(&s->hdr, "Termination",
                    s->end != LT_END_NONE ? ses_end_word(s->end) : NULL);
}

/* A ply's line, with its newline. */
static void ply_line(const lt_session *s, int k, char *buf, size_t size)
{
    const lt_ply *p = &s->plies[k];
    size_t len = 0;
    buf[0] = '\0';
    if (k == 0 || s->plies[k - 1].row != p->row)
        lt_appendf(buf, size, &len, "%d%s ", p->row,
                   p->col == 0 || s->g->numbering == LT_NUMBER_TURNS ? "."
                                                                     : "...");
    lt_appendf(buf, size, &len, "%s", p->name);
    char t[32];
    if (p->clock >= 0) {
        clk_exact(p->clock, t, sizeof t);
        lt_appendf(buf, size, &len, " {[%%clk %s]", t);
    }
    if (s->time.now) {
        clk_exact(p->took, t, sizeof t);
        lt_appendf(buf, size, &len, "%s[%%emt %s]", p->clock >= 0 ? " " : " {",
                   t);
    }
    if (p->clock >= 0 || s->time.now)
        lt_appendf(buf, size, &len, "}");
    lt_appendf(buf, size, &len, "\n");
}

static void put_leaves(const lt_session *s, int ply, lt_text *b)
{
    for (int i = 0; i < s->nleaves; i++)
        if (s->leaves[i].ply == ply) {
            char line[64];
            snprintf(line, sizeof line, "{[%%leave %d %s]}\n",
                     s->leaves[i].seat + 1, ses_end_word(s->leaves[i].reason));
            lt_text_put(b, line);
        }
}

char *jnl_text(lt_session *s, lt_error *err)
{
    update_tags(s);
    char *head = lt_record_format(&s->hdr, err);
    if (!head)
        return NULL;
    char *cut = strstr(head, "\n\n"); /* the tags, then the empty line */
    if (cut)
        cut[2] = '\0';
    lt_text b = {0};
    lt_text_put(&b, head);
    free(head);
    char line[512];
    for (int k = 0; k < s->nplies; k++) {
        put_leaves(s, k, &b);
        ply_line(s, k, line, sizeof line);
        lt_text_put(&b, line);
    }
    put_leaves(s, s->nplies, &b);
    if (s->offer != LT_OFFER_NONE) {
        snprintf(line, sizeof line, "{[%%offer %s %d]}\n",
                 s->offer == LT_OFFER_DRAW ? "draw" : "takeback",
                 s->offer_from + 1);
        lt_text_put(&b, line);
        for (int i = 0; i < s->nseats; i++)
            if ((s->agreed >> i & 1) && i != s->offer_from) {
                snprintf(line, sizeof line, "{[%%answer %d accept]}\n", i + 1);
                lt_text_put(&b, line);
            }
    }
    if (s->tc.kind != LT_TC_NONE) {
        size_t len = 0;
        lt_appendf(line, sizeof line, &len, "{[%%clocks");
        for (int i = 0; i < s->nseats; i++) {
            char t[32];
            clk_exact(clk_left(s, i), t, sizeof t);
            lt_appendf(line, sizeof line, &len, " %s", t);
        }
        lt_appendf(line, sizeof line, &len, "]}\n");
        lt_text_put(&b, line);
    }
    if (s->end != LT_END_NONE && s->end != LT_END_RULES) {
        snprintf(line, sizeof line, "{[%%result %s %d]}\n",
                 ses_end_word(s->end), s->end_seat + 1);
        lt_text_put(&b, line);
    }
    if (s->end != LT_END_NONE && s->g->group == LT_GROUP_CHESS) {
        lt_session_result_token(s, line, sizeof line);
        lt_text_put(&b, line); /* PGN closes the movetext with the result */
        lt_text_put(&b, "\n");
    }
    if (b.failed) {
        free(b.buf);
        lt_error_set(err, "out of memory");
        return NULL;
    }
    return b.buf;
}

/* Appends to the journal and flushes it to disk; on failure the file is
 * cut back to where it was. */
static lt_status append(lt_session *s, const char *text, lt_error *err)
{
    if (s->replaying || s->fd < 0)
        return LT_OK;
    size_t n = strlen(text), done = 0;
    off_t end = lseek(s->fd, 0, SEEK_END);
    while (end >= 0 && done < n) {
        ssize_t w = write(s->fd, text + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        done += (size_t)w;
    }
    if (end >= 0 && done == n && (s->nosync || fdatasync(s->fd) == 0))
        return LT_OK;
    int e = errno;
    if (end >= 0 && ftruncate(s->fd, end) != 0)
        e = errno;
    ses_say(s, err, _("cannot write %s: %s"), s->path,
            strerror(e));
    return LT_EIO;
}

lt_status jnl_ply(lt_session *s, int k, lt_error *err)
{
    if (s->replaying || s->fd < 0)
        return LT_OK;
    char line[512];
    ply_line(s, k, line, sizeof line);
    return append(s, line, err);
}

lt_status jnl_line(lt_session *s, const char *line, lt_error *err)
{
    if (s->replaying || s->fd < 0)
        return LT_OK;
    char text[512];
    snprintf(text, sizeof text, "%s\n", line);
    return append(s, text, err);
}

lt_status jnl_rewrite(lt_session *s, lt_error *err)
{
    if (s->replaying || !s->path)
        return LT_OK;
    char *text = jnl_text(s, err);
    if (!text)
        return LT_ENOMEM;
    lt_status st = lt_write_file_atomic(s->path, text, strlen(text), !s->nosync, err);
    free(text);
    if (st != LT_OK)
        return st;
    /* the old descriptor names the file that was replaced */
    if (s->fd >= 0)
        close(s->fd);
    s->fd = open(s->path, O_WRONLY | O_APPEND);
    if (s->fd < 0) {
        ses_say(s, err, _("cannot open %s: %s"),
                s->path, strerror(errno));
        return LT_EIO;
    }
    return LT_OK;
}

lt_status jnl_create(lt_session *s, const char *path, lt_error *err)
{
    char *copy = strdup(path);
    if (!copy) {
        lt_error_set(err, "out of memory");
        return LT_ENOMEM;
    }
    free(s->path);
    s->path = copy;
    lt_remove_stale_temps(path); /* what killed saves of it left */
    lt_status st = jnl_rewrite(s, err);
    if (st != LT_OK) {
        free(s->path);
        s->path = NULL;
    }
    return st;
}

void jnl_close(lt_session *s)
{
    if (s->fd >= 0)
        close(s->fd);
    s->fd = -1;
}

/* ---- Reading ----------------------------------------------------------- */

/* "[%name a b c]" commands of one comment: the name and its words. */
enum { WORDS_MAX = LT_MAX_PLAYERS + 2, COMMANDS_MAX = 8 };
typedef struct {
    char name[16];
    char *word[WORDS_MAX];
    int nwords;
} command;

/* The commands of a comment's text (cut up in place). */
static bool read_commands(char *text, command *cmd, int *ncmd)
{
    *ncmd = 0;
    for (char *q = text; (q = strstr(q, "[%")) != NULL;) {
        char *end = strchr(q, ']');
        if (!end || *ncmd == COMMANDS_MAX)
            return false;
        *end = '\0';
        command *c = &cmd[(*ncmd)++];
        memset(c, 0, sizeof *c);
        char *words[WORDS_MAX + 1];
        int n = lt_split(q + 2, words, WORDS_MAX + 1);
        if (n == 0 || n > WORDS_MAX)
            return false;
        lt_copy(c->name, sizeof c->name, words[0]);
        for (int i = 1; i < n; i++)
            c->word[c->nwords++] = words[i];
        q = end + 1;
    }
    return true;
}

static bool is_result_token(const char *w)
{
    return !strcmp(w, "1-0") || !strcmp(w, "0-1") || !strcmp(w, "1/2-1/2") ||
           !strcmp(w, "*");
}

static int seat_word(const lt_session *s, const char *w)
{
    long long v;
    return lt_parse_int(w, 1, s->nseats, &v) ? (int)v - 1 : -1;
}

/* Carries out an event's command: [%clocks], [%offer], [%answer],
 * [%leave], [%result].  Others' annotations ([%eval] ...) are skipped. */
static lt_status replay_event(lt_session *s, const command *c, lt_error *err)
{
    static const char *const events[] = {"clocks", "offer", "answer", "leave",
                                         "result"};
    bool known = false;
    for (size_t i = 0; i < sizeof events / sizeof *events; i++)
        known |= !strcmp(c->name, events[i]);
    if (!known)
        return LT_OK;
    lt_status st = LT_OK;
    int seat = c->nwords > 0 ? seat_word(s, c->word[c->nwords - 1]) : -1;
    if (!strcmp(c->name, "clocks")) {
        int64_t clocks[LT_MAX_PLAYERS];
        if (c->nwords != s->nseats) {
            lt_error_set(err, "[%%clocks] needs one time a seat");
            return LT_ESYNTAX;
        }
        for (int k = 0; k < c->nwords; k++)
            if (!clk_parse_exact(c->word[k], &clocks[k])) {
                lt_error_set(err, "[%%clocks]: bad time '%s'", c->word[k]);
                return LT_ESYNTAX;
            }
        if (s->tc.kind != LT_TC_NONE)
            ses_set_clocks(s, clocks);
        return LT_OK;
    }
    if (!strcmp(c->name, "result") && s->end != LT_END_NONE)
        return LT_OK; /* already ended by the line before (an agreement) */
    if (s->end != LT_END_NONE) {
        lt_error_set(err, "[%%%s] after the end of the game", c->name);
        return LT_EILLEGAL;
    }
    if (!strcmp(c->name, "offer") && c->nwords == 2 && seat >= 0 &&
        s->offer == LT_OFFER_NONE && lt_session_in_game(s, seat)) {
        bool draw = !strcmp(c->word[0], "draw");
        if (!draw && strcmp(c->word[0], "takeback"))
            st = LT_ESYNTAX;
        else
            st = ses_make_offer(s, seat,
                                draw ? LT_OFFER_DRAW : LT_OFFER_TAKEBACK, err);
    } else if (!strcmp(c->name, "answer") && c->nwords == 2 &&
               (seat = seat_word(s, c->word[0])) >= 0 &&
               s->offer != LT_OFFER_NONE && lt_session_in_game(s, seat) &&
               (!strcmp(c->word[1], "accept") ||
                !strcmp(c->word[1], "decline"))) {
        st = ses_make_answer(s, seat, !strcmp(c->word[1], "accept"), err);
    } else if (!strcmp(c->name, "leave") && c->nwords == 2 &&
               (seat = seat_word(s, c->word[0])) >= 0 &&
               lt_session_in_game(s, seat) &&
               ses_end_of_word(c->word[1]) != LT_END_NONE) {
        st = ses_leave_or_end(s, seat, ses_end_of_word(c->word[1]), err);
    } else if (!strcmp(c->name, "result") && c->nwords == 2) {
        lt_end e = ses_end_of_word(c->word[0]);
        seat = seat_word(s, c->word[1]);
        if (e == LT_END_RESIGN || e == LT_END_TIME || e == LT_END_ABANDON)
            st = seat >= 0 && lt_session_in_game(s, seat)
                     ? ses_leave_or_end(s, seat, e, err)
                     : LT_ESYNTAX;
        else if (e == LT_END_AGREEMENT || e == LT_END_CLAIM ||
                 e == LT_END_ABORT)
            st = ses_end(s, e, seat, err);
        else
            st = LT_ESYNTAX;
    } else {
        st = LT_ESYNTAX;
    }
    if (st == LT_ESYNTAX)
        lt_error_set(err, "cannot carry out [%%%s ...] here", c->name);
    return st;
}

/* The movetext as it is read: a ply waits for the comment after it (its
 * [%clk] and [%emt]) until the next word or event. */
typedef struct {
    lt_session *s;
    bool pending;
    lt_action action;
    int64_t took, clock;
    int line, ply_line; /* the line read, and that of the last ply */
    bool several;       /* two plies on one line: not a journal's text */
} body_reader;

static lt_status flush_ply(body_reader *r, lt_error *err)
{
    if (!r->pending)
        return LT_OK;
    r->pending = false;
    return ses_ply(r->s, r->action, r->took, r->clock, err);
}

/* A word: a move number ("12.", "12..."), a ply, or the closing result. */
static lt_status read_word(body_reader *r, char *w, lt_error *err)
{
    lt_status st = flush_ply(r, err);
    if (st != LT_OK)
        return st;
    char *m = w;
    while (*m >= '0' && *m <= '9')
        m++;
    if (m > w && *m == '.') {
        while (*m == '.')
            m++;
        w = m;
    }
    if (!*w)
        return LT_OK;
    lt_session *s = r->s;
    lt_error e = {0};
    if (s->end != LT_END_NONE ||
        lt_parse(s->g, ses_state(s, s->nplies), w, &r->action, &e) != LT_OK) {
        if (is_result_token(w))
            return LT_OK;
        lt_error_set(err, "%s", e.msg[0] ? e.msg : "the game is over");
        return LT_EILLEGAL;
    }
    r->pending = true;
    r->took = 0;
    r->clock = -1;
    r->several |= r->ply_line == r->line;
    r->ply_line = r->line;
    return LT_OK;
}

/* A comment: the waiting ply's times, or events. */
static lt_status read_comment(body_reader *r, char *text, lt_error *err)
{
    command cmd[COMMANDS_MAX];
    int n;
    if (!read_commands(text, cmd, &n)) {
        lt_error_set(err, "cannot read this comment");
        return LT_ESYNTAX;
    }
    for (int i = 0; i < n; i++) {
        const command *c = &cmd[i];
        bool clk = !strcmp(c->name, "clk"), emt = !strcmp(c->name, "emt");
        if (clk || emt) {
            if (r->pending && (c->nwords != 1 ||
                               !clk_parse_exact(c->word[0],
                                                clk ? &r->clock : &r->took))) {
                lt_error_set(err, "bad [%%%s] of a ply", c->name);
                return LT_ESYNTAX;
            }
            continue;
        }
        lt_status st = flush_ply(r, err);
        if (st == LT_OK)
            st = replay_event(r->s, c, err);
        if (st != LT_OK)
            return st;
    }
    return LT_OK;
}

/* Plays the movetext: the journal's one ply a line, or any record's
 * several (PGN's variations, NAGs and ;-comments are skipped, as every
 * record reader does; *several says so).  *line counts the lines, for
 * messages. */
static lt_status replay_body(lt_session *s, char *p, int *line, bool *several,
                             lt_error *err)
{
    body_reader r = {.s = s, .line = *line, .ply_line = -1};
    lt_status st = LT_OK;
    while (st == LT_OK && *p) {
        r.line = *line;
        if (*p == '\n') {
            ++*line;
            p++;
        } else if (isspace((unsigned char)*p)) {
            p++;
        } else if (*p == ';') {
            p += strcspn(p, "\n");
        } else if (*p == '$') {
            for (p++; isdigit((unsigned char)*p); p++) {
            }
        } else if (*p == '(') {
            int depth = 0;
            do {
                depth += (*p == '(') - (*p == ')');
                if (*p == '{')
                    p += strcspn(p, "}");
                *line += *p == '\n';
                if (*p)
                    p++;
            } while (*p && depth > 0);
            if (depth > 0) {
                lt_error_set(err, "a variation '(' is never closed");
                st = LT_ESYNTAX;
            }
        } else if (*p == '{') {
            char *close = strchr(p, '}');
            if (!close) {
                lt_error_set(err, "a comment '{' is never closed");
                return LT_ESYNTAX;
            }
            *close = '\0';
            st = read_comment(&r, p + 1, err);
            for (; p < close; p++)
                *line += *p == '\n';
            p = close + 1;
        } else {
            char *w = p;
            p += strcspn(p, " \t\r\n\f\v{(;$");
            char keep = *p;
            *p = '\0';
            st = read_word(&r, w, err);
            *p = keep;
        }
    }
    *several = r.several;
    return st == LT_OK ? flush_ply(&r, err) : st;
}

/* The setup a journal's header describes. */
static lt_status setup_of(const lt_record *rec, lt_session_setup *su,
                          lt_error *err)
{
    memset(su, 0, sizeof *su);
    su->game = rec->game;
    su->config = rec->config;
    su->seed = rec->seed;
    su->position = rec->position;
    const char *names = NULL;
    for (int i = 0; i < rec->nextra; i++) {
        const lt_tag *t = &rec->extra[i];
        if (!strcmp(t->key, "Clock") &&
            lt_time_control_parse(t->value, &su->clock, err) != LT_OK)
            return LT_ESYNTAX;
        if (!strcmp(t->key, "Names"))
            names = t->value;
    }
    for (int i = 0; i < rec->config.players; i++) {
        lt_seat *seat = &su->seats[i];
        const char *spec = rec->players[i];
        if (!strcmp(spec, "human") || !spec[0])
            seat->kind = LT_SEAT_HUMAN;
        else if (!strcmp(spec, "remote"))
            seat->kind = LT_SEAT_REMOTE;
        else
            seat->kind = LT_SEAT_COMPUTER;
        lt_copy(seat->spec, sizeof seat->spec, spec);
        if (names) {
            size_t n = strcspn(names, ",");
            if (n < sizeof seat->name) {
                memcpy(seat->name, names, n);
                seat->name[n] = '\0';
            }
            names = names[n] ? names + n + 1 : NULL;
        }
    }
    return LT_OK;
}

/* A journal's text without a torn last line: a kill while a line was
 * written leaves it without its newline, and it was never part of the
 * game.  *keep: the bytes kept; *size: the file's. */
static char *read_lines(const char *path, size_t *keep, size_t *size,
                        lt_error *err)
{
    char *text = lt_read_file(path, size, err);
    if (!text)
        return NULL;
    *keep = *size;
    while (*keep > 0 && text[*keep - 1] != '\n')
        --*keep;
    text[*keep] = '\0';
    return text;
}

/* Where the header (the tag lines at the top) ends. */
static char *body_of(char *text)
{
    char *body = text;
    while (*body == '\n')
        body++;
    while (*body == '[') {
        char *nl = strchr(body, '\n');
        body = nl ? nl + 1 : body + strlen(body);
    }
    return body;
}

/* Reads the header (the text up to body) into rec. */
static lt_status read_header(char *text, char *body, lt_record *rec,
                             lt_error *err)
{
    char saved = *body;
    *body = '\0';
    lt_cursor cur = {0};
    lt_status st = lt_record_parse(text, &cur, rec, err);
    *body = saved;
    return st;
}

/* The games in a text: one, and one more for every block of tag lines
 * after the first header (an arena's file of several games). */
static int games_in(const char *body)
{
    int games = 1;
    bool tags = false;
    for (const char *line = body; *line;) {
        bool tag = *line == '[';
        games += tag && !tags;
        tags = tag;
        const char *nl = strchr(line, '\n');
        line = nl ? nl + 1 : line + strlen(line);
    }
    return games;
}

lt_status lt_session_header(const char *path, lt_record *out, lt_error *err)
{
    size_t keep, size;
    memset(out, 0, sizeof *out);
    char *text = read_lines(path, &keep, &size, err);
    if (!text)
        return LT_EIO;
    lt_error e = {0};
    lt_status st = read_header(text, body_of(text), out, &e);
    if (st != LT_OK)
        lt_error_set(err, "%s: %s", path, e.msg);
    free(text);
    return st;
}

/* A game from its text (cut up in place): the header's tags, then the
 * movetext; with seats (the user's own), those instead of the text's.
 * Messages name the file, if there is one. */
static lt_session *load(char *text, const char *path, const lt_seat *seats,
                        int nseats, const lt_time_source *time,
                        bool *several, lt_error *err)
{
    const char *where = path ? path : "the text";
    char *body = body_of(text);
    int games = games_in(body);
    if (games > 1) {
        lt_error_set(err, "%.60s holds %d games, and only a file of one game "
                          "can be played on (saving it would keep the first "
                          "game alone); copy the game to play into a file of "
                          "its own", where, games);
        return NULL;
    }
    lt_record rec;
    lt_session *s = NULL;
    lt_error e = {0};
    int lineno = 1;
    for (const char *p = text; p < body; p++)
        lineno += *p == '\n';
    if (read_header(text, body, &rec, &e) != LT_OK) {
        lt_error_set(err, "%s: %s", where, e.msg);
        return NULL;
    }
    lt_session_setup su;
    if (setup_of(&rec, &su, &e) == LT_OK) {
        su.time = time ? *time : (lt_time_source){NULL, NULL};
        if (seats && nseats != su.config.players) {
            lt_error_set(&e, "the saved game has %d seats, got %d players",
                         su.config.players, nseats);
            su.game = NULL;
        } else if (seats) {
            memcpy(su.seats, seats, sizeof *seats * (size_t)nseats);
            su.origin = LT_SPEC_TRUSTED;
        }
        if (su.game)
            s = lt_session_new(&su, &e);
    }
    if (!s) {
        lt_error_set(err, "%s: %s", where, e.msg);
        lt_record_clear(&rec);
        return NULL;
    }
    /* the other tags as they came (Event, Site, ...) */
    for (int i = 0; i < rec.nextra; i++)
        lt_record_set_tag(&s->hdr, rec.extra[i].key, rec.extra[i].value);
    lt_record_clear(&rec);
    s->replaying = true;
    if (replay_body(s, body, &lineno, several, &e) != LT_OK) {
        if (path)
            lt_error_set(err, "%s:%d: %s", path, lineno, e.msg);
        else
            lt_error_set(err, "line %d: %s", lineno, e.msg);
        lt_session_free(s);
        return NULL;
    }
    s->replaying = false;
    s->since = ses_now(s);
    return s;
}

lt_session *lt_session_load_text(const char *text, const lt_time_source *time, lt_error *err)
{
    char *copy = strdup(text);
    if (!copy) {
        lt_error_set(err, "out of memory");
        return NULL;
    }
    bool several;
    lt_session *s = load(copy, NULL, NULL, 0, time, &several, err);
    free(copy);
    return s;
}

char *lt_session_text(lt_session *s, lt_error *err)
{
    return jnl_text(s, err);
}

lt_session *lt_session_load(const char *path, const lt_time_source *time, lt_error *err, lt_error *warning)
{
    return lt_session_load_seats(path, NULL, 0, time, err, warning);
}

lt_session *lt_session_load_seats(const char *path, const lt_seat *seats,
                                  int nseats, const lt_time_source *time, lt_error *err, lt_error *warning)
{
    size_t size = 0, keep = 0;
    if (warning)
        warning->msg[0] = '\0';
    lt_remove_stale_temps(path);
    char *text = read_lines(path, &keep, &size, err);
    if (!text)
        return NULL;
    if (keep < size)
        lt_error_set(warning, "%s: its last line was cut short (%zu bytes) "
                              "and is left out", path, size - keep);
    bool several = false;
    lt_session *s = load(text, path, seats, nseats, time, &several, err);
    free(text);
    if (!s)
        return NULL;
    /* go on in this file, without the torn line */
    s->path = strdup(path);
    s->fd = s->path ? open(path, O_WRONLY | O_APPEND) : -1;
    if (s->fd < 0 || ftruncate(s->fd, (off_t)keep) != 0) {
        lt_error_set(err, "cannot write %s: %s", path,
                     s->path ? strerror(errno) : "out of memory");
        lt_session_free(s);
        return NULL;
    }
    s->since = ses_now(s);
    /* other seats, or a record that is not a journal's one ply a line
     * (saved before journals, or by hand): kept on as a journal */
    if ((seats || several) && jnl_rewrite(s, err) != LT_OK) {
        lt_session_free(s);
        return NULL;
    }
    return s;
}
