/* cluster.c — the rooms in the store, and the processes that share it
 * (cluster.h).
 *
 * Between processes the notifications carry frames (frames.h) of these
 * kinds:
 *   M  a client's message to the room's owner: "account\taddress\tname\n"
 *      and the message
 *   C  that client has gone
 *   S  a message for the client
 *   X  the owner closes the client's connection
 *   P  a message for a client that waited to be paired (seek)
 * id is the client's connection number in the process it is connected to.
 * A frame's pieces come in order: a process's notifications arrive in the
 * order sent. */
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ludoteka/record.h"
#include "ludoteka/text.h"
#include "net/cluster.h"
#include "net/frames.h"
#include "net/referee.h"
#include "net/rooms.h"
#include "net/server.h"

enum {
    INBOX_MAX = 65536,     /* payloads waiting for the service thread */
    PARTIAL_MAX = 1 << 20, /* bytes of a message coming in pieces */
    NODES_MAX = 64         /* other processes talked to at once */
};

static store *db;
static char where[512];
static char me[STORE_NODE_MAX];
static bool shared;
static void (*wake)(void);
static unsigned next_id;

/* ---- Keys and names --------------------------------------------------- */

/* A 64-bit key for an advisory lock (FNV-1a). */
static int64_t key_of(const char *kind, const char *name)
{
    uint64_t h = 1469598103934665603ull;
    for (const char *p = kind; *p; p++)
        h = (h ^ (unsigned char)*p) * 1099511628211ull;
    for (const char *p = name; *p; p++)
        h = (h ^ (unsigned char)*p) * 1099511628211ull;
    return (int64_t)h;
}

static void channel_of(const char *node, char *buf, size_t size)
{
    snprintf(buf, size, "lt_%s", node);
}

/* Is this a name a process may have (letters, digits, '-', '_')? */
static bool valid_node(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n >= STORE_NODE_MAX - 4)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_",
                    name[i]))
            return false;
    return true;
}

/* ---- The listening thread ----------------------------------------------- */

static pthread_t listener;
static bool listening;
static volatile bool quitting;
static pthread_mutex_t inbox_lock = PTHREAD_MUTEX_INITIALIZER;
static char **inbox;
static int inbox_n;

static void arrived(const char *payload, void *ctx)
{
    (void)ctx;
    pthread_mutex_lock(&inbox_lock);
    char *copy = inbox_n < INBOX_MAX ? strdup(payload) : NULL;
    if (copy)
        inbox[inbox_n++] = copy;
    pthread_mutex_unlock(&inbox_lock);
    if (!copy)
        server_log("cluster: a notification dropped (%d waiting)", inbox_n);
}

static void *listen_loop(void *arg)
{
    (void)arg;
    char chan[64];
    channel_of(me, chan, sizeof chan);
    store_listener *l = NULL;
    while (!quitting) {
        lt_error err = {0};
        if (!l && (l = store_listen(where, chan, &err)) == NULL) {
            server_log("cluster: %s", err.msg);
            poll(NULL, 0, 1000); /* and try again */
            continue;
        }
        if (store_listener_wait(l, 500, arrived, NULL, &err) != LT_OK) {
            server_log("cluster: %s", err.msg);
            store_listener_close(l);
            l = NULL;
        }
        pthread_mutex_lock(&inbox_lock);
        bool any = inbox_n > 0;
        pthread_mutex_unlock(&inbox_lock);
        if (any)
            wake();
    }
    store_listener_close(l);
    return NULL;
}

/* ---- Start and stop ---------------------------------------------------- */

bool cluster_init(store *s, const char *url, const char *node,
                  void (*wake_fn)(void), lt_error *err)
{
    db = s;
    wake = wake_fn;
    shared = url != NULL && store_shared(s);
    if (node && !valid_node(node)) {
        lt_error_set(err, "--node: a name of letters, digits, - and _ "
                          "(at most %d), not '%.60s'", STORE_NODE_MAX - 5, node);
        return false;
    }
    if (node) {
        lt_copy(me, sizeof me, node);
    } else if (!shared) {
        lt_copy(me, sizeof me, "local");
    } else {
        char host[32] = "";
        gethostname(host, sizeof host - 1);
        for (char *p = host; *p; p++)
            if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_", *p))
                *p = '_';
        snprintf(me, sizeof me, "%.24s-%ld", host[0] ? host : "ludoteka", (long)getpid());
    }
    if (!shared)
        return store_seek_drop(db, me, -1, err) == LT_OK; /* a past run's */
    lt_copy(where, sizeof where, url);
    int got = store_try_lock(db, key_of("node:", me), err);
    if (got != 1) {
        if (got == 0)
            lt_error_set(err, "another process is serving as %s (--node)", me);
        return false;
    }
    inbox = calloc(INBOX_MAX, sizeof *inbox);
    if (!inbox || pthread_create(&listener, NULL, listen_loop, NULL) != 0) {
        lt_error_set(err, "cannot start listening");
        return false;
    }
    listening = true;
    server_log("cluster: serving as %s", me);
    return store_seek_drop(db, me, -1, err) == LT_OK; /* a past run's */
}

const char *cluster_node(void)
{
    return me;
}

/* ---- Rooms ---------------------------------------------------------------- */

int cluster_claim(const char *id, const char *path, char owner[STORE_NODE_MAX],
                  lt_error *err)
{
    owner[0] = '\0';
    int got = store_try_lock(db, key_of("room:", id), err);
    if (got < 0)
        return -1;
    char *journal = NULL;
    lt_status st = store_room_get(db, id, &journal, owner, err);
    if (got == 0) {
        free(journal);
        if (st != LT_OK)
            return -1;
        if (!owner[0] || !strcmp(owner, me))
            lt_copy(owner, STORE_NODE_MAX, CLUSTER_MOVING);
        return 0;
    }
    if (st == LT_OK && journal[0])
        st = lt_write_file_atomic(path, journal, strlen(journal), false, err);
    else if (st == LT_OK)
        st = LT_EILLEGAL;
    free(journal);
    if (st == LT_OK)
        st = store_room_own(db, id, me, err);
    if (st != LT_OK) {
        store_unlock(db, key_of("room:", id), NULL);
        return -1;
    }
    if (shared)
        server_log("room %s: owned by %s", id, me);
    return 1;
}

bool cluster_own(room *r, lt_error *err)
{
    if (store_try_lock(db, key_of("room:", r->id), err) != 1)
        return false;
    pthread_mutex_lock(&r->lock);
    cluster_save(r);
    pthread_mutex_unlock(&r->lock);
    if (shared)
        server_log("room %s: owned by %s", r->id, me);
    return true;
}

void cluster_release_id(const char *id)
{
    store_unlock(db, key_of("room:", id), NULL);
}

void cluster_release(room *r)
{
    lt_error err = {0};
    if (!room_over(r) && store_room_own(db, r->id, "", &err) != LT_OK)
        server_log("room %s: %s", r->id, err.msg);
    store_unlock(db, key_of("room:", r->id), NULL);
}

void cluster_expire(double keep_seconds)
{
    lt_error err = {0};
    int n = store_rooms_expire(db, (int64_t)time(NULL) - (int64_t)keep_seconds, &err);
    if (n < 0)
        server_log("rooms not expired: %s", err.msg);
    else if (n > 0)
        server_log("%d rooms untouched for %.0f days forgotten", n, keep_seconds / 86400);
}

/* The text of a file (malloc'd), or NULL. */
static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    for (size_t k; buf && (k = fread(buf + n, 1, cap - n - 1, f)) > 0;) {
        n += k;
        if (cap - n - 1 == 0) {
            char *more = realloc(buf, cap *= 2);
            if (!more) {
                free(buf);
                buf = NULL;
            }
            buf = more;
        }
    }
    fclose(f);
    if (buf)
        buf[n] = '\0';
    return buf;
}

static bool same(const char *a, const char *b)
{
    return a && b && !strcmp(a, b);
}

/* Has the file at path changed since the room last wrote it to the store
 * (another inode after a rewrite, another size or time of change)?  Its
 * state now into st. */
static bool file_changed(const room *r, const char *path, struct stat *st)
{
    return stat(path, st) != 0 || st->st_ino != r->saved_ino ||
           st->st_size != r->saved_size ||
           st->st_mtim.tv_sec != r->saved_mtime.tv_sec ||
           st->st_mtim.tv_nsec != r->saved_mtime.tv_nsec;
}

void cluster_save(room *r)
{
    const char *path = lt_session_journal(r->s);
    struct stat st;
    if (!path)
        return;
    /* the file is read again only when it has changed */
    char *journal = NULL;
    if (file_changed(r, path, &st)) {
        if ((journal = read_file(path)) == NULL)
            return;
        if (same(journal, r->saved)) { /* rewritten the same */
            free(journal);
            journal = NULL;
            r->saved_ino = st.st_ino;
            r->saved_size = st.st_size;
            r->saved_mtime = st.st_mtim;
        }
    }
    jw w = {0};
    int listed = room_write_lobby(r, &w);
    const char *lobby = listed ? jw_text(&w) : "";
    if (!journal && same(lobby, r->saved_lobby)) {
        jw_free(&w);
        return;
    }
    lt_error err = {0};
    store_room sr = {r->id, journal ? journal : r->saved ? r->saved : "", me, lobby,
                     room_over(r), listed, (int64_t)time(NULL)};
    char *copy = strdup(lobby);
    if (!copy || store_room_put(db, &sr, &err) != LT_OK) {
        server_log("room %s: not written to the store: %s", r->id,
                   copy ? err.msg : "out of memory");
        free(journal);
        free(copy);
    } else {
        if (journal) {
            free(r->saved);
            r->saved = journal;
            r->saved_ino = st.st_ino;
            r->saved_size = st.st_size;
            r->saved_mtime = st.st_mtim;
        }
        free(r->saved_lobby);
        r->saved_lobby = copy;
    }
    jw_free(&w);
}

void cluster_load_chat(room *r)
{
    store_line lines[ROOM_CHAT];
    lt_error err = {0};
    int n = store_chat_of(db, r->id, lines, ROOM_CHAT, &err);
    if (n < 0) {
        server_log("room %s: its chat: %s", r->id, err.msg);
        return;
    }
    r->chat_first = 0;
    r->chat_count = n;
    for (int i = 0; i < n; i++) {
        room_line *l = &r->chat[i];
        l->seat = lines[i].seat;
        lt_copy(l->name, sizeof l->name, lines[i].name);
        lt_copy(l->text, sizeof l->text, lines[i].text);
        l->at = lines[i].at;
    }
    r->chat_next = n ? lines[n - 1].n + 1 : 0;
}

void cluster_save_line(room *r, const room_line *l)
{
    store_line sl = {.n = r->chat_next++, .seat = l->seat, .at = l->at};
    lt_copy(sl.name, sizeof sl.name, l->name);
    lt_copy(sl.text, sizeof sl.text, l->text);
    lt_error err = {0};
    if (store_chat_add(db, r->id, &sl, ROOM_CHAT, &err) != LT_OK)
        server_log("room %s: chat not kept: %s", r->id, err.msg);
}

/* ---- Who lives -------------------------------------------------------- */

/* Is the process of this name alive (holding its lock)?  Asked once a
 * tick per process: the answers of this tick are kept. */
static struct {
    char name[STORE_NODE_MAX];
    bool alive;
} known[NODES_MAX];
static int nknown;

static bool alive(const char *node)
{
    if (!strcmp(node, me))
        return true;
    for (int i = 0; i < nknown; i++)
        if (!strcmp(known[i].name, node))
            return known[i].alive;
    lt_error err = {0};
    int64_t k = key_of("node:", node);
    int got = store_try_lock(db, k, &err);
    if (got == 1)
        store_unlock(db, k, NULL);
    bool live = got != 1; /* an error: taken as alive, asked again later */
    if (nknown < NODES_MAX) {
        lt_copy(known[nknown].name, sizeof known[nknown].name, node);
        known[nknown++].alive = live;
    }
    if (!live) {
        server_log("cluster: %s has gone", node);
        if (store_seek_drop(db, node, -1, &err) != LT_OK) /* its waiting */
            server_log("cluster: %s", err.msg);
    }
    return live;
}

int cluster_orphans(char (*ids)[16], int max)
{
    enum { OWNERS = 64 };
    static char owners[OWNERS][STORE_NODE_MAX];
    /* this process's own rooms are looked for once, when it starts (it
     * may have kept them before it restarted); later every room it owns
     * is in memory: one it unloads is nobody's */
    static bool own_done;
    if (!shared)
        return 0;
    lt_error err = {0};
    int n = store_room_owners(db, owners, OWNERS, &err), k = 0;
    if (n < 0)
        server_log("cluster: %s", err.msg);
    for (int i = 0; i < n && k < max; i++) {
        bool mine = !strcmp(owners[i], me);
        if (mine ? own_done : alive(owners[i]))
            continue;
        char found[64][16];
        int m = store_rooms_unfinished(db, owners[i], found, 64, &err), taken = k;
        for (int j = 0; j < m && k < max; j++)
            if (!rooms_loaded(found[j]))
                lt_copy(ids[k++], sizeof ids[0], found[j]);
        if (mine && k == taken)
            own_done = true;
    }
    return k;
}

/* ---- Frames out ---------------------------------------------------------- */

/* What is to be sent to each process (frames.h). */
typedef struct {
    char node[STORE_NODE_MAX];
    frames_out out;
} outbox;

static outbox boxes[NODES_MAX];
static int nboxes;

/* Queues a frame (kind, id, head + body) for a process. */
static void frame(const char *node, char kind, unsigned id, const char *head,
                  const char *body, size_t len)
{
    outbox *b = NULL;
    for (int i = 0; i < nboxes && !b; i++)
        if (!strcmp(boxes[i].node, node))
            b = &boxes[i];
    if (!b && nboxes < NODES_MAX) {
        b = &boxes[nboxes++];
        memset(b, 0, sizeof *b);
        lt_copy(b->node, sizeof b->node, node);
    }
    if (!b || !frames_put(&b->out, me, kind, id, head, body, len))
        server_log("cluster: a message to %s dropped (%s)", node,
                   b ? "out of memory" : "too many processes");
}

void cluster_flush(void)
{
    if (!shared)
        return;
    enum { BATCH = 8 };
    for (int i = 0; i < nboxes; i++) {
        frames_out *o = &boxes[i].out;
        if (!frames_seal(o))
            server_log("cluster: out of memory");
        char chan[64];
        channel_of(boxes[i].node, chan, sizeof chan);
        for (int k = 0; k < o->nfull; k += BATCH) {
            const char *chans[BATCH], *loads[BATCH];
            int n = o->nfull - k < BATCH ? o->nfull - k : BATCH;
            for (int j = 0; j < n; j++) {
                chans[j] = chan;
                loads[j] = o->full[k + j];
            }
            lt_error err = {0};
            if (store_notify(db, n, chans, loads, &err) != LT_OK)
                server_log("cluster: to %s: %s", boxes[i].node, err.msg);
        }
        frames_clear(o);
    }
}

/* ---- Connections ------------------------------------------------------------ */

/* A list of connections, found by number. */
typedef struct {
    conn **at;
    int n, cap;
} conn_list;

static bool list_add(conn_list *l, conn *c)
{
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 64;
        conn **more = realloc(l->at, (size_t)cap * sizeof *more);
        if (!more)
            return false;
        l->at = more;
        l->cap = cap;
    }
    l->at[l->n++] = c;
    return true;
}

static void list_drop(conn_list *l, const conn *c)
{
    for (int i = 0; i < l->n; i++)
        if (l->at[i] == c) {
            l->at[i] = l->at[--l->n];
            return;
        }
}

static conn_list locals;  /* this process's clients */
static conn_list tunnels; /* ... those relayed to another process */
static conn_list remotes; /* other processes' clients in rooms kept here */

void cluster_opened(conn *c)
{
    if (c->remote)
        return; /* numbered by its process */
    c->id = ++next_id;
    if (!list_add(&locals, c))
        server_log("cluster: out of memory");
}

void cluster_closed(conn *c)
{
    cluster_untunnel(c);
    list_drop(&locals, c);
}

static conn *local_of(unsigned id)
{
    for (int i = 0; i < locals.n; i++)
        if (locals.at[i]->id == id)
            return locals.at[i];
    return NULL;
}

void cluster_paired(const char *node, unsigned id, const char *text)
{
    conn *c;
    if (strcmp(node, me))
        frame(node, 'P', id, "", text, strlen(text));
    else if ((c = local_of(id)) != NULL)
        referee_paired(c, text);
}

/* ---- Connections relayed from here (tunnels) ----------------------------- */


void cluster_forward(conn *c, const char *data, size_t len)
{
    char head[STORE_NODE_MAX + PEER_ADDR_MAX + 64];
    snprintf(head, sizeof head, "%" PRId64 "\t%s\t%s\n", c->account,
             c->peer ? c->peer->addr : "", c->name);
    frame(c->owner, 'M', c->id, head, data, len);
}

void cluster_tunnel(conn *c, const char *owner, const char *id,
                    const char *data, size_t len)
{
    if (c->owner[0])
        cluster_untunnel(c);
    if (!list_add(&tunnels, c)) {
        referee_error(c, -1, "server", "out of memory");
        return;
    }
    lt_copy(c->owner, sizeof c->owner, owner);
    lt_copy(c->owner_room, sizeof c->owner_room, id);
    conn_settled(c);
    cluster_forward(c, data, len);
}

void cluster_untunnel(conn *c)
{
    if (!c->owner[0])
        return;
    frame(c->owner, 'C', c->id, "", "", 0);
    list_drop(&tunnels, c);
    c->owner[0] = '\0';
    c->owner_room[0] = '\0';
}

static conn *tunnel_of(unsigned id, const char *from)
{
    for (int i = 0; i < tunnels.n; i++)
        if (tunnels.at[i]->id == id && !strcmp(tunnels.at[i]->owner, from))
            return tunnels.at[i];
    return NULL;
}

/* ---- Remote conns: clients of other processes in rooms kept here ---------- */

static conn *remote_of(unsigned id, const char *from, bool make)
{
    for (int i = 0; i < remotes.n; i++)
        if (remotes.at[i]->from_id == id && !strcmp(remotes.at[i]->from, from))
            return remotes.at[i];
    conn *c = make ? calloc(1, sizeof *c) : NULL;
    if (!c)
        return NULL;
    if (!list_add(&remotes, c)) {
        free(c);
        return NULL;
    }
    c->remote = true;
    c->from_id = id;
    lt_copy(c->from, sizeof c->from, from);
    c->id = ++next_id;
    c->counted = referee_opened(c);
    if (!c->counted) {
        c->gone = true; /* told why; its process closes it */
        frame(from, 'X', id, "", "", 0);
    }
    return c;
}

/* The remote conn has gone: out of its room and freed. */
static void remote_gone(conn *c)
{
    list_drop(&remotes, c);
    if (c->peer)
        c->peer->connections--;
    if (c->counted)
        referee_closed(c);
    free(c->partial);
    free(c);
}

void cluster_send(conn *c, const char *text)
{
    if (!c->gone)
        frame(c->from, 'S', c->from_id, "", text, strlen(text));
}

void cluster_close(conn *c)
{
    if (c->gone)
        return;
    c->gone = true;
    frame(c->from, 'X', c->from_id, "", "", 0);
}

/* ---- Frames in ---------------------------------------------------------- */

/* A whole message for a remote conn: "account\taddress\tname\n" json. */
static void remote_message(conn *c, const char *text, size_t len)
{
    const char *nl = memchr(text, '\n', len);
    if (!nl || c->gone)
        return;
    char head[STORE_NODE_MAX + PEER_ADDR_MAX + 64];
    size_t hl = (size_t)(nl - text) < sizeof head - 1 ? (size_t)(nl - text) : sizeof head - 1;
    memcpy(head, text, hl);
    head[hl] = '\0';
    char *addr = strchr(head, '\t'), *name = addr ? strchr(addr + 1, '\t') : NULL;
    if (!name)
        return;
    *addr++ = '\0';
    *name++ = '\0';
    c->account = strtoll(head, NULL, 10);
    lt_copy(c->name, sizeof c->name, name);
    if (!c->peer && (c->peer = peers_get(addr, server_now())) != NULL)
        c->peer->connections++; /* kept while it is here */
    if (!c->peer) {
        referee_error(c, -1, "too-many-connections", "the server is full");
        cluster_close(c);
        return;
    }
    referee_message(c, nl + 1, len - (size_t)(nl + 1 - text));
}

/* Adds a piece to a conn's message in pieces; true when it is whole (in
 * c->partial, c->partial_len). */
static bool piece(conn *c, const char *data, size_t len, bool more)
{
    if (c->partial_len + len > PARTIAL_MAX) {
        free(c->partial);
        c->partial = NULL;
        c->partial_len = 0;
        return false;
    }
    char *p = realloc(c->partial, c->partial_len + len + 1);
    if (!p)
        return false;
    memcpy(p + c->partial_len, data, len);
    c->partial = p;
    c->partial_len += len;
    p[c->partial_len] = '\0';
    return !more;
}

static void take_frame(const char *from, char kind, unsigned id, bool more,
                       const char *data, size_t len)
{
    conn *c;
    switch (kind) {
    case 'M':
        if ((c = remote_of(id, from, true)) != NULL && piece(c, data, len, more)) {
            char *text = c->partial;
            size_t n = c->partial_len;
            c->partial = NULL;
            c->partial_len = 0;
            remote_message(c, text, n);
            free(text);
        }
        break;
    case 'C':
        if ((c = remote_of(id, from, false)) != NULL)
            remote_gone(c);
        break;
    case 'S':
        if ((c = tunnel_of(id, from)) != NULL && piece(c, data, len, more)) {
            conn_send(c, c->partial);
            free(c->partial);
            c->partial = NULL;
            c->partial_len = 0;
        }
        break;
    case 'X':
        if ((c = tunnel_of(id, from)) != NULL)
            conn_close(c);
        break;
    case 'P': /* paired by another process */
        if ((c = local_of(id)) != NULL && piece(c, data, len, more)) {
            referee_paired(c, c->partial);
            free(c->partial);
            c->partial = NULL;
            c->partial_len = 0;
        }
        break;
    default:
        break;
    }
}

static void take_one(void *ctx, const char *from, char kind, unsigned id,
                     bool more, const char *data, size_t len)
{
    (void)ctx;
    take_frame(from, kind, id, more, data, len);
}

void cluster_receive(void)
{
    if (!shared)
        return;
    for (;;) {
        pthread_mutex_lock(&inbox_lock);
        int n = inbox_n;
        char **got = n ? malloc((size_t)n * sizeof *got) : NULL;
        if (got) {
            memcpy(got, inbox, (size_t)n * sizeof *got);
            inbox_n = 0;
        }
        pthread_mutex_unlock(&inbox_lock);
        if (!got)
            return;
        for (int i = 0; i < n; i++) {
            if (!frames_take(got[i], take_one, NULL))
                server_log("cluster: a bad notification: %.60s", got[i]);
            free(got[i]);
        }
        free(got);
    }
}

void cluster_tick(void)
{
    if (!shared)
        return;
    nknown = 0; /* who lives is asked again */
    /* connections relayed to a process that has died: closed, so that
     * their clients join again where the room is now */
    for (int i = tunnels.n - 1; i >= 0; i--) {
        conn *c = tunnels.at[i];
        if (!alive(c->owner)) {
            list_drop(&tunnels, c);
            c->owner[0] = '\0';
            referee_error(c, -1, "moved", "the room's server has gone; join again");
            conn_close(c);
        }
    }
    /* and the clients of a process that has died leave their rooms here */
    for (int i = remotes.n - 1; i >= 0; i--)
        if (!alive(remotes.at[i]->from))
            remote_gone(remotes.at[i]);
    /* nobody is paired with its clients that were waiting (alive() drops
     * a dead process's seeks) */
    char nodes[NODES_MAX][STORE_NODE_MAX];
    lt_error err = {0};
    int n = store_seek_nodes(db, nodes, NODES_MAX, &err);
    for (int i = 0; i < n; i++)
        alive(nodes[i]);
}

void cluster_shutdown(void)
{
    quitting = true;
    if (listening)
        pthread_join(listener, NULL);
    listening = false;
    for (int i = 0; i < inbox_n; i++)
        free(inbox[i]);
    free(inbox);
    inbox = NULL;
    inbox_n = 0;
    for (int i = 0; i < remotes.n; i++) {
        free(remotes.at[i]->partial);
        free(remotes.at[i]);
    }
    conn_list *lists[] = {&locals, &tunnels, &remotes};
    for (int i = 0; i < 3; i++) {
        free(lists[i]->at);
        memset(lists[i], 0, sizeof *lists[i]);
    }
    for (int i = 0; i < nboxes; i++) {
        frames_clear(&boxes[i].out);
        free(boxes[i].out.full);
    }
    nboxes = 0;
}
