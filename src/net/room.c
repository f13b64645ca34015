/* room.c — a room of `ludoteka serve`: its game in play, its seats'
 * secrets and its file. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
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

static int64_t now_ms(void *ctx)
{
    (void)ctx;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

const lt_time_source room_time = {now_ms, NULL};

static room *room_alloc(void)
{
    room *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    pthread_mutex_init(&r->lock, NULL);
    atomic_init(&r->refs, 0);
    r->active = server_now();
    return r;
}

void room_free(room *r)
{
    if (!r)
        return;
    lt_session_free(r->s);
    free(r->saved);
    free(r->saved_lobby);
    pthread_mutex_destroy(&r->lock);
    free(r);
}

room *room_create(const char *dir, const lt_game *g, const lt_config *cfg,
                  char specs[][LT_SPEC_MAX], const lt_time_control *tc,
                  bool rated, bool open, lt_error *err)
{
    room *r = room_alloc();
    char *path = NULL;
    uint64_t seed;
    char tokens[LT_MAX_PLAYERS * (ROOM_TOKEN_LEN + 1) + 1];
    size_t len = 0;
    if (!r) {
        lt_error_set(err, "out of memory");
        return NULL;
    }
    r->game = g;
    /* a fresh id: retry in the unlikely case it names a room already */
    for (int tries = 0;; tries++) {
        if (tries == 8 || !random_word(r->id, ROOM_ID_LEN)) {
            lt_error_set(err, "cannot make a room id");
            goto fail;
        }
        free(path);
        path = room_path(dir, r->id);
        if (!path) {
            lt_error_set(err, "out of memory");
            goto fail;
        }
        if (access(path, F_OK) != 0)
            break;
    }
    if (!random_bytes(&seed, sizeof seed)) {
        lt_error_set(err, "cannot read /dev/urandom");
        goto fail;
    }
    lt_session_setup su;
    memset(&su, 0, sizeof su);
    su.game = g;
    su.config = *cfg;
    su.seed = seed >> 1; /* records keep seeds below 2^63 */
    if (tc)
        su.clock = *tc;
    su.time = room_time;
    su.journal = path;
    tokens[0] = '\0';
    r->nseats = cfg->players;
    for (int i = 0; i < cfg->players; i++) {
        room_seat *s = &r->seats[i];
        bool human = !strcmp(specs[i], "human");
        lt_copy(s->spec, sizeof s->spec, specs[i]);
        if (human && !random_word(s->token, ROOM_TOKEN_LEN)) {
            lt_error_set(err, "cannot read /dev/urandom");
            goto fail;
        }
        su.seats[i].kind = human ? LT_SEAT_HUMAN : LT_SEAT_COMPUTER;
        if (!human)
            lt_copy(su.seats[i].spec, sizeof su.seats[i].spec, specs[i]);
        lt_appendf(tokens, sizeof tokens, &len, "%s%s", i ? "," : "",
                   s->token[0] ? s->token : "-");
    }
    lt_tag tags[4];
    int ntags = 0;
    const char *const tag[][2] = {{"Room", r->id}, {"Tokens", tokens},
                                  {"Rated", rated ? "1" : NULL},
                                  {"Open", open ? "1" : NULL}};
    for (size_t i = 0; i < sizeof tag / sizeof tag[0]; i++)
        if (tag[i][1]) {
            lt_copy(tags[ntags].key, sizeof tags[ntags].key, tag[i][0]);
            lt_copy(tags[ntags].value, sizeof tags[ntags].value, tag[i][1]);
            ntags++;
        }
    su.tags = tags;
    su.ntags = ntags;
    r->rated = rated;
    r->open = open;
    r->s = lt_session_new(&su, err);
    if (!r->s)
        goto fail;
    lt_session_set_sync(r->s, false); /* the store keeps it too */
    free(path);
    return r;
fail:
    free(path);
    room_free(r);
    return NULL;
}

/* Is path a regular file, not a symbolic link (someone else's file)? */
static bool plain_file(const char *path, lt_error *err)
{
    struct stat st;
    if (lstat(path, &st) != 0) {
        lt_error_set(err, "cannot read %s: %s", path, strerror(errno));
        return false;
    }
    if (!S_ISREG(st.st_mode)) {
        lt_error_set(err, "%s is %s, not a room's file", path,
                     S_ISLNK(st.st_mode) ? "a symbolic link" : "not a file");
        return false;
    }
    return true;
}

room *room_load(const char *dir, const char *id, lt_error *err)
{
    room *r = room_alloc();
    char *path = room_path(dir, id);
    if (!r || !path) {
        lt_error_set(err, "out of memory");
        goto fail;
    }
    lt_copy(r->id, sizeof r->id, id);
    if (!plain_file(path, err))
        goto fail;
    lt_error warning = {0};
    r->s = lt_session_load(path, &room_time, err, &warning);
    if (!r->s)
        goto fail;
    lt_session_set_sync(r->s, false); /* the store keeps it too */
    if (warning.msg[0])
        server_log("room %s: %s", id, warning.msg);
    r->game = lt_session_game(r->s);
    r->nseats = lt_session_seats(r->s);
    const char *tokens = lt_session_tag(r->s, "Tokens");
    const char *rid = lt_session_tag(r->s, "Room");
    if (!tokens || !rid || strcmp(rid, id) != 0) {
        lt_error_set(err, "%s: not a room's record (no Room or Tokens tag)", path);
        goto fail;
    }
    const char *p = tokens;
    for (int i = 0; i < r->nseats; i++) {
        room_seat *s = &r->seats[i];
        const lt_seat *seat = lt_session_seat(r->s, i);
        size_t k = strcspn(p, ",");
        bool human = seat->kind != LT_SEAT_COMPUTER;
        lt_copy(s->spec, sizeof s->spec, human ? "human" : seat->spec);
        if (!room_valid_spec(s->spec, err))
            goto fail;
        if (human ? k != ROOM_TOKEN_LEN : k != 1 || *p != '-') {
            lt_error_set(err, "%s: the tokens do not match the seats", path);
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
        lt_error_set(err, "%s: more tokens than seats", path);
        goto fail;
    }
    const char *rated = lt_session_tag(r->s, "Rated");
    const char *open = lt_session_tag(r->s, "Open");
    const char *taken = lt_session_tag(r->s, "Taken");
    r->rated = rated && !strcmp(rated, "1");
    r->open = open && !strcmp(open, "1");
    const char *away = lt_session_tag(r->s, "Away");
    long long seconds;
    if (away && lt_parse_int(away, 0, 86400, &seconds))
        r->away = (int)seconds;
    for (int i = 0; taken && i < r->nseats && taken[2 * i]; i++)
        r->taken[i] = taken[2 * i] == '1';
    const char *then = lt_session_tag(r->s, "AwayThen");
    r->away_computer = then && !strcmp(then, "computer");
    const char *standin = lt_session_tag(r->s, "StandIn");
    for (int i = 0; standin && *standin && i < r->nseats && i < LT_MAX_PLAYERS; i++) {
        if (*standin >= '0' && *standin <= '2')
            r->standin[i] = (char)(*standin - '0');
        standin += standin[1] == ',' ? 2 : 1;
    }
    const char *acc = lt_session_tag(r->s, "Accounts");
    for (int i = 0; acc && *acc && i < r->nseats; i++) {
        r->account[i] = strtoll(acc, NULL, 10);
        acc = strchr(acc, ',');
        acc = acc ? acc + 1 : NULL;
    }
    free(path);
    return r;
fail:
    free(path);
    room_free(r);
    return NULL;
}

lt_status room_bind(room *r, int seat, int64_t account, lt_error *err)
{
    char text[LT_MAX_PLAYERS * 21 + 1];
    size_t len = 0;
    r->account[seat] = account;
    text[0] = '\0';
    for (int i = 0; i < r->nseats; i++)
        lt_appendf(text, sizeof text, &len, "%s%lld", i ? "," : "",
                   (long long)r->account[i]);
    return lt_session_set_tag(r->s, "Accounts", text, err);
}

lt_status room_set_away(room *r, int seconds, lt_error *err)
{
    char text[16];
    r->away = seconds;
    snprintf(text, sizeof text, "%d", seconds);
    return lt_session_set_tag(r->s, "Away", text, err);
}

lt_status room_set_away_then(room *r, bool computer, lt_error *err)
{
    r->away_computer = computer;
    return lt_session_set_tag(r->s, "AwayThen", computer ? "computer" : "forfeit", err);
}

lt_status room_stand_in(room *r, int seat, bool on, lt_error *err)
{
    char text[2 * LT_MAX_PLAYERS + 1];
    if (on ? r->standin[seat] == 2 : r->standin[seat] != 2)
        return LT_OK; /* as it is already */
    r->standin[seat] = on ? 2 : 1;
    for (int i = 0; i < r->nseats; i++) {
        text[2 * i] = (char)('0' + r->standin[i]);
        text[2 * i + 1] = i + 1 < r->nseats ? ',' : '\0';
    }
    return lt_session_set_tag(r->s, "StandIn", text, err);
}

const char *room_robot_spec(const room *r, int seat)
{
    if (seat < 0 || seat >= r->nseats)
        return NULL;
    if (lt_session_seat(r->s, seat)->kind == LT_SEAT_COMPUTER)
        return r->seats[seat].spec;
    return r->standin[seat] == 2 ? ROOM_STANDIN_SPEC : NULL;
}

lt_status room_set_maker(room *r, const char *name, lt_error *err)
{
    return lt_session_set_tag(r->s, "Maker", name, err);
}

const char *room_maker(const room *r)
{
    const char *name = lt_session_tag(r->s, "Maker");
    return name ? name : "";
}

lt_status room_take(room *r, int seat, lt_error *err)
{
    char text[2 * LT_MAX_PLAYERS + 1];
    if (r->taken[seat])
        return LT_OK;
    r->taken[seat] = true;
    for (int i = 0; i < r->nseats; i++) {
        text[2 * i] = r->taken[i] ? '1' : '0';
        text[2 * i + 1] = i + 1 < r->nseats ? ',' : '\0';
    }
    return lt_session_set_tag(r->s, "Taken", text, err);
}

bool room_free_seat(const room *r, int seat)
{
    return r->open && !r->taken[seat] && r->seats[seat].token[0] &&
           !r->seats[seat].holder && !room_over(r);
}

int room_to_act(const room *r)
{
    return lt_session_to_act(r->s);
}

bool room_over(const room *r)
{
    return lt_session_to_act(r->s) == LT_TERMINAL;
}

bool room_robot_to_move(const room *r)
{
    return room_robot_spec(r, lt_session_to_act(r->s)) != NULL;
}

/* Removes the whole line that starts with `start` ("[Seed ") from text. */
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

char *room_public_text(char *journal, bool over)
{
    if (journal) {
        drop_line(journal, "[Tokens ");
        if (!over)
            drop_line(journal, "[Seed ");
    }
    return journal;
}

char *room_public_record(room *r, lt_error *err)
{
    return room_public_text(lt_session_text(r->s, err), room_over(r));
}

const char *room_end_word(lt_end e)
{
    static const char *const words[] = {
        [LT_END_NONE] = "", [LT_END_RULES] = "rules",
        [LT_END_RESIGN] = "resign", [LT_END_TIME] = "time",
        [LT_END_AGREEMENT] = "agreement", [LT_END_CLAIM] = "claim",
        [LT_END_ABANDON] = "abandon", [LT_END_ABORT] = "abort"};
    return e >= 0 && e < (int)(sizeof words / sizeof words[0]) ? words[e] : "";
}

void room_write_clock(room *r, jw *w)
{
    const lt_time_control *tc = lt_session_time_control(r->s);
    char text[64];
    jw_key(w, "clock");
    if (tc->kind == LT_TC_NONE) {
        jw_null(w);
        return;
    }
    jw_obj(w);
    lt_time_control_format(tc, text, sizeof text);
    jw_kstr(w, "control", text);
    jw_key(w, "left");
    jw_arr(w);
    for (int i = 0; i < r->nseats; i++)
        jw_int(w, lt_session_clock(r->s, i));
    jw_end(w);
    int to = lt_session_to_act(r->s);
    jw_kint(w, "running", to >= 0 ? to : -1);
    jw_end(w);
}

void room_write_end(room *r, jw *w)
{
    int seat = -1;
    lt_end e = lt_session_end(r->s, &seat);
    jw_key(w, "end");
    if (e == LT_END_NONE) {
        jw_null(w);
        return;
    }
    /* the words are the client's to choose, in its reader's language:
     * the record says the same (its Termination and result line) */
    jw_obj(w);
    jw_kstr(w, "reason", room_end_word(e));
    jw_kint(w, "seat", seat);
    jw_end(w);
}

void room_write_state(room *r, jw *w)
{
    const lt_game *g = r->game;
    const lt_state *now = lt_session_state(r->s);
    char text[1024];
    int to = lt_session_to_act(r->s);
    jw_kint(w, "ply", lt_session_plies(r->s));
    jw_kint(w, "to", to);
    if (g->write_state(now, text, sizeof text) >= (int)sizeof text)
        text[0] = '\0';
    jw_kstr(w, "pos", text);
    jw_key(w, "legal");
    jw_arr(w);
    if (to >= 0) {
        lt_action acts[LT_MAX_ACTIONS];
        int n = g->legal_actions(now, acts);
        for (int i = 0; i < n; i++)
            jw_str(w, lt_name(g, now, acts[i], text, sizeof text));
    }
    jw_end(w);
    lt_session_result_token(r->s, text, sizeof text);
    jw_kstr(w, "result", text);
    room_write_clock(r, w);
    int from = -1;
    lt_offer_kind offer = lt_session_offer_pending(r->s, &from);
    jw_key(w, "offer");
    if (offer == LT_OFFER_NONE) {
        jw_null(w);
    } else {
        jw_obj(w);
        jw_kstr(w, "kind", offer == LT_OFFER_DRAW ? "draw" : "takeback");
        jw_kint(w, "from", from);
        jw_key(w, "waiting");
        jw_arr(w);
        for (int i = 0; i < r->nseats; i++)
            if (lt_session_must_answer(r->s, i))
                jw_int(w, i);
        jw_end(w);
        jw_end(w);
    }
    jw_kbool(w, "claimable", lt_session_claimable(r->s, text, sizeof text));
    room_write_end(r, w);
}

void room_write_seats(room *r, jw *w)
{
    char name[LT_SEAT_NAME + 16];
    jw_key(w, "seats");
    jw_arr(w);
    for (int i = 0; i < r->nseats; i++) {
        jw_obj(w);
        jw_kstr(w, "spec", r->seats[i].spec);
        jw_kstr(w, "name", lt_session_seat_name(r->s, i, name, sizeof name));
        jw_kbool(w, "here", r->seats[i].holder != NULL);
        jw_kbool(w, "in", lt_session_in_game(r->s, i));
        jw_kbool(w, "free", room_free_seat(r, i));
        jw_kbool(w, "standin", r->standin[i] == 2);
        jw_end(w);
    }
    jw_end(w);
    jw_kint(w, "watchers", r->nwatchers);
}

int room_write_lobby(room *r, jw *w)
{
    bool free_seat = false, people = false;
    for (int i = 0; i < r->nseats; i++) {
        free_seat |= room_free_seat(r, i);
        people |= r->seats[i].holder != NULL;
    }
    char text[64];
    jw_obj(w);
    jw_kstr(w, "room", r->id);
    jw_kstr(w, "game", r->game->id);
    jw_kbool(w, "rated", r->rated);
    lt_time_control_format(lt_session_time_control(r->s), text, sizeof text);
    jw_kstr(w, "clock", text);
    char options[256];
    lt_config_write(r->game, lt_session_config(r->s), options, sizeof options);
    jw_kstr(w, "options", options);
    room_write_seats(r, w);
    jw_end(w);
    return room_over(r) ? 0 : free_seat ? 1 : people ? 2 : 0;
}
