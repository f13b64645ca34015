/* room.c — a room of `ludoteka serve`: its game, seats and record file. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ludoteka/ai.h"
#include "ludoteka/options.h"
#include "ludoteka/text.h"
#include "net/room.h"
#include "net/server.h"

/* Room ids and tokens: letters and digits a reader cannot confuse. */
static const char ALPHABET[] = "abcdefghijkmnpqrstuvwxyz23456789";

static bool random_bytes(void *buf, size_t n)
{
    int fd = open("/dev/urandom", O_RDONLY);
    if (fd < 0)
        return false;
    size_t done = 0;
    while (done < n) {
        ssize_t r = read(fd, (char *)buf + done, n - done);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        done += (size_t)r;
    }
    close(fd);
    return done == n;
}

/* n random characters of ALPHABET (32 of them: 5 bits each). */
static bool random_word(char *out, size_t n)
{
    unsigned char b[32];
    if (n >= sizeof b || !random_bytes(b, n))
        return false;
    for (size_t i = 0; i < n; i++)
        out[i] = ALPHABET[b[i] & 31];
    out[n] = '\0';
    return true;
}

bool room_valid_id(const char *text)
{
    size_t n = strlen(text);
    if (n != ROOM_ID_LEN)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!strchr(ALPHABET, text[i]) || text[i] == '\0')
            return false;
    return true;
}

bool room_valid_spec(const char *spec, lt_error *err)
{
    /* people, and the game's own levels: a room never starts programs
     * (uci:, xboard:) nor searches of any size a client might name */
    static const char *const fixed[] = {"human", "random", "ai"};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        if (!strcmp(spec, fixed[i]))
            return true;
    long long level;
    if (!strncmp(spec, "ai:level=", 9) &&
        lt_parse_int(spec + 9, LT_LEVEL_MIN, LT_LEVEL_MAX, &level))
        return true;
    lt_error_set(err, "seat '%.60s': expected human, random, ai or "
                      "ai:level=1..5", spec);
    return false;
}

static char *room_path(const char *dir, const char *id)
{
    size_t n = strlen(dir) + ROOM_ID_LEN + 8;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s.txt", dir, id);
    return p;
}

bool room_exists(const char *dir, const char *id)
{
    char *path = room_path(dir, id);
    bool there = path && access(path, F_OK) == 0;
    free(path);
    return there;
}

static room *room_alloc(void)
{
    room *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    pthread_mutex_init(&r->lock, NULL);
    atomic_init(&r->refs, 0);
    r->fd = -1;
    r->active = server_now();
    return r;
}

void room_free(room *r)
{
    if (!r)
        return;
    if (r->fd >= 0)
        close(r->fd);
    lt_state_free(r->state);
    lt_record_clear(&r->rec);
    free(r->path);
    pthread_mutex_destroy(&r->lock);
    free(r);
}

/* Removes the whole line that starts with `start` ("[Result ") from text. */
static void drop_line(char *text, const char *start)
{
    size_t n = strlen(start);
    for (char *line = text; line && *line;) {
        char *next = strchr(line, '\n');
        if (!strncmp(line, start, n)) {
            if (next)
                memmove(line, next + 1, strlen(next + 1) + 1);
            else
                *line = '\0';
            return;
        }
        line = next ? next + 1 : NULL;
    }
}

static lt_status open_for_append(room *r, lt_error *err)
{
    r->fd = open(r->path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC);
    if (r->fd < 0) {
        lt_error_set(err, "cannot open %s: %s", r->path, strerror(errno));
        return LT_EIO;
    }
    return LT_OK;
}

room *room_create(const char *dir, const lt_game *g, const lt_config *cfg,
                  char specs[][LT_SPEC_MAX], lt_error *err)
{
    room *r = room_alloc();
    uint64_t seed;
    char tokens[LT_MAX_PLAYERS * (ROOM_TOKEN_LEN + 1) + 1];
    size_t len = 0;
    if (!r) {
        lt_error_set(err, "out of memory");
        return NULL;
    }
    r->game = g;
    lt_record_init(&r->rec, g, cfg);
    /* a fresh id: retry in the unlikely case it names a room already */
    for (int tries = 0;; tries++) {
        if (tries == 8 || !random_word(r->id, ROOM_ID_LEN)) {
            lt_error_set(err, "cannot make a room id");
            goto fail;
        }
        free(r->path);
        r->path = room_path(dir, r->id);
        if (!r->path) {
            lt_error_set(err, "out of memory");
            goto fail;
        }
        if (access(r->path, F_OK) != 0)
            break;
    }
    if (!random_bytes(&seed, sizeof seed)) {
        lt_error_set(err, "cannot read /dev/urandom");
        goto fail;
    }
    r->rec.seed = seed >> 1; /* records keep seeds below 2^63 */
    tokens[0] = '\0';
    for (int i = 0; i < cfg->players; i++) {
        room_seat *s = &r->seats[i];
        lt_copy(s->spec, sizeof s->spec, specs[i]);
        lt_copy(r->rec.players[i], LT_SPEC_MAX, specs[i]);
        if (!strcmp(s->spec, "human") && !random_word(s->token, ROOM_TOKEN_LEN)) {
            lt_error_set(err, "cannot read /dev/urandom");
            goto fail;
        }
        lt_appendf(tokens, sizeof tokens, &len, "%s%s", i ? "," : "",
                   s->token[0] ? s->token : "-");
    }
    lt_record_set_tag(&r->rec, "Room", r->id);
    lt_record_set_tag(&r->rec, "Tokens", tokens);
    r->state = lt_state_new(g);
    if (!r->state || lt_init(g, r->state, cfg, err) != LT_OK) {
        if (!r->state)
            lt_error_set(err, "out of memory");
        goto fail;
    }
    /* the header now; the actions will follow it line by line */
    char *text = lt_record_format(&r->rec, err);
    if (!text)
        goto fail;
    drop_line(text, "[Result ");
    lt_status st = lt_write_file_atomic(r->path, text, strlen(text), err);
    free(text);
    if (st != LT_OK || open_for_append(r, err) != LT_OK)
        goto fail;
    return r;
fail:
    room_free(r);
    return NULL;
}

/* The whole of a room's file, which must be a regular file of sane size:
 * a symbolic link (someone else's file) is refused unread. */
static char *read_room_file(const char *path, lt_error *err)
{
    enum { ROOM_FILE_MAX = 16 << 20 };
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    struct stat st;
    char *text = NULL;
    if (fd < 0) {
        lt_error_set(err, "cannot read %s: %s", path,
                     errno == ELOOP ? "a symbolic link, not a room's file"
                                    : strerror(errno));
        return NULL;
    }
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > ROOM_FILE_MAX) {
        lt_error_set(err, "%s is not a room's file", path);
        goto done;
    }
    text = malloc((size_t)st.st_size + 1);
    size_t got = 0;
    while (text && got < (size_t)st.st_size) {
        ssize_t n = read(fd, text + got, (size_t)st.st_size - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    if (!text || got != (size_t)st.st_size) {
        lt_error_set(err, "cannot read %s", path);
        free(text);
        text = NULL;
        goto done;
    }
    text[got] = '\0';
done:
    close(fd);
    return text;
}

room *room_load(const char *dir, const char *id, lt_error *err)
{
    room *r = room_alloc();
    char *text = NULL;
    if (!r) {
        lt_error_set(err, "out of memory");
        return NULL;
    }
    lt_copy(r->id, sizeof r->id, id);
    r->path = room_path(dir, id);
    if (!r->path || !(text = read_room_file(r->path, err)))
        goto fail;
    /* a crash while appending can leave half a line: it was never
     * accepted, so it goes */
    size_t n = strlen(text);
    while (n > 0 && text[n - 1] != '\n')
        text[--n] = '\0';
    lt_cursor cur = {0};
    if (lt_record_parse(text, &cur, &r->rec, err) != LT_OK)
        goto fail;
    r->game = r->rec.game;
    const char *tokens = NULL, *rid = NULL;
    for (int i = 0; i < r->rec.nextra; i++) {
        if (!strcmp(r->rec.extra[i].key, "Tokens"))
            tokens = r->rec.extra[i].value;
        if (!strcmp(r->rec.extra[i].key, "Room"))
            rid = r->rec.extra[i].value;
    }
    if (!tokens || !rid || strcmp(rid, id) != 0) {
        lt_error_set(err, "%s: not a room's record (no Room or Tokens tag)",
                     r->path);
        goto fail;
    }
    const char *p = tokens;
    for (int i = 0; i < r->rec.config.players; i++) {
        room_seat *s = &r->seats[i];
        size_t k = strcspn(p, ",");
        lt_copy(s->spec, sizeof s->spec, r->rec.players[i]);
        if (!room_valid_spec(s->spec, err))
            goto fail;
        bool human = !strcmp(s->spec, "human");
        if (human ? k != ROOM_TOKEN_LEN : k != 1 || *p != '-') {
            lt_error_set(err, "%s: the tokens do not match the seats", r->path);
            goto fail;
        }
        if (human) {
            memcpy(s->token, p, k);
            s->token[k] = '\0';
        }
        p += k;
        if (*p == ',')
            p++;
    }
    if (*p) {
        lt_error_set(err, "%s: more tokens than seats", r->path);
        goto fail;
    }
    r->state = lt_state_new(r->game);
    if (!r->state || lt_record_replay(&r->rec, -1, r->state, err) != LT_OK) {
        if (!r->state)
            lt_error_set(err, "out of memory");
        goto fail;
    }
    if (r->game->current_player(r->state) != LT_TERMINAL) {
        if (open_for_append(r, err) != LT_OK || ftruncate(r->fd, (off_t)n) != 0)
            goto fail;
    }
    free(text);
    return r;
fail:
    free(text);
    room_free(r);
    return NULL;
}

lt_status room_apply(room *r, lt_action a, char name[64], lt_error *err)
{
    const lt_game *g = r->game;
    char line[72];
    lt_name(g, r->state, a, name, 64);
    int n = snprintf(line, sizeof line, "%s\n", name);
    /* on disk first: an action the players saw is never lost */
    off_t end = r->fd >= 0 ? lseek(r->fd, 0, SEEK_END) : -1;
    if (end < 0 || write(r->fd, line, (size_t)n) != n || fdatasync(r->fd) != 0) {
        lt_error_set(err, "cannot write the room's record: %s",
                     r->fd < 0 ? "closed" : strerror(errno));
        if (end >= 0 && ftruncate(r->fd, end) != 0)
            server_log("room %s: cannot take back half a line", r->id);
        return LT_EIO;
    }
    if (lt_record_push(&r->rec, a) != LT_OK) {
        /* the line is on disk but the game cannot go on in memory; the
         * room reloads from the file */
        lt_error_set(err, "out of memory");
        return LT_ENOMEM;
    }
    g->apply(r->state, a);
    r->active = server_now();
    if (g->current_player(r->state) == LT_TERMINAL) {
        /* the finished game as a formatted record, result included */
        close(r->fd);
        r->fd = -1;
        lt_error e = {0};
        if (lt_record_save(&r->rec, r->path, &e) != LT_OK)
            server_log("room %s: %s", r->id, e.msg);
    }
    return LT_OK;
}

bool room_robot_to_move(const room *r)
{
    int p = r->game->current_player(r->state);
    return p >= 0 && strcmp(r->seats[p].spec, "human") != 0;
}

char *room_public_record(const room *r, lt_error *err)
{
    lt_record pub = r->rec; /* shares the actions; only read */
    pub.nextra = 0;
    for (int i = 0; i < r->rec.nextra; i++)
        if (strcmp(r->rec.extra[i].key, "Tokens") != 0)
            pub.extra[pub.nextra++] = r->rec.extra[i];
    char *text = lt_record_format(&pub, err);
    if (text && r->game->current_player(r->state) != LT_TERMINAL)
        drop_line(text, "[Seed ");
    return text;
}

void room_write_state(const room *r, jw *w)
{
    const lt_game *g = r->game;
    char text[1024];
    int to = g->current_player(r->state);
    jw_key(w, "ply");
    jw_int(w, r->rec.nactions);
    jw_key(w, "to");
    jw_int(w, to);
    if (g->write_state(r->state, text, sizeof text) >= (int)sizeof text)
        text[0] = '\0';
    jw_key(w, "pos");
    jw_str(w, text);
    jw_key(w, "legal");
    jw_arr(w);
    if (to >= 0) {
        lt_action acts[LT_MAX_ACTIONS];
        int n = g->legal_actions(r->state, acts);
        for (int i = 0; i < n; i++)
            jw_str(w, lt_name(g, r->state, acts[i], text, sizeof text));
    }
    jw_end(w);
    lt_result_text(g, r->state, text, sizeof text);
    jw_key(w, "result");
    jw_str(w, text);
}

void room_write_seats(const room *r, jw *w)
{
    jw_key(w, "seats");
    jw_arr(w);
    for (int i = 0; i < r->rec.config.players; i++) {
        jw_obj(w);
        jw_key(w, "spec");
        jw_str(w, r->seats[i].spec);
        jw_key(w, "here");
        jw_bool(w, r->seats[i].holder != NULL);
        jw_end(w);
    }
    jw_end(w);
}
