/* rooms.c — the rooms a server has in memory: a table under one lock,
 * rooms loaded from disk on demand and unloaded when space is needed; and
 * the rooms on disk, at most so many, removed when long untouched. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ludoteka/text.h"
#include "net/cluster.h"
#include "net/rooms.h"
#include "net/server.h"

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static room **table; /* [0, count) in use */
static int count, cap;
static char *dir;
static bool shared;  /* rooms kept by several processes (cluster.c) */
static int stored, max_stored; /* room files on disk, and the limit */

/* Is name a room's file name (ID.txt)?  The id goes to id. */
static bool room_file(const char *name, char id[ROOM_ID_LEN + 1])
{
    size_t len = strlen(name);
    if (len != ROOM_ID_LEN + 4 || strcmp(name + ROOM_ID_LEN, ".txt"))
        return false;
    memcpy(id, name, ROOM_ID_LEN);
    id[ROOM_ID_LEN] = '\0';
    return room_valid_id(id);
}

static int count_stored(void)
{
    DIR *d = opendir(dir);
    int n = 0;
    char id[ROOM_ID_LEN + 1];
    for (struct dirent *e; d && (e = readdir(d)) != NULL;)
        n += room_file(e->d_name, id);
    if (d)
        closedir(d);
    return n;
}

bool rooms_init(const char *data_dir, int max, int max_files, bool several)
{
    shared = several;
    table = calloc((size_t)max, sizeof *table);
    size_t n = strlen(data_dir) + 1;
    dir = malloc(n);
    if (!table || !dir)
        return false;
    memcpy(dir, data_dir, n);
    cap = max;
    count = 0;
    max_stored = max_files;
    stored = count_stored();
    return true;
}

void rooms_shutdown(void)
{
    pthread_mutex_lock(&table_lock);
    for (int i = 0; i < count; i++)
        room_free(table[i]);
    free(table);
    free(dir);
    table = NULL;
    dir = NULL;
    count = cap = 0;
    pthread_mutex_unlock(&table_lock);
}

static room *lookup(const char *id)
{
    for (int i = 0; i < count; i++)
        if (!strcmp(table[i]->id, id))
            return table[i];
    return NULL;
}

/* Rooms a watcher or a new room may take: the last quarter of the table
 * is kept for players coming back to their seats. */
static int open_cap(void)
{
    return cap - cap / 4;
}

/* Makes space for one more room (table locked) within limit rooms:
 * unloads the room idle the longest among those nobody uses; it stays on
 * disk. */
static bool make_space(int limit, lt_error *err)
{
    if (count < limit)
        return true;
    int victim = -1;
    double oldest = 0;
    for (int i = 0; i < count; i++) {
        room *r = table[i];
        if (atomic_load(&r->refs) != 0)
            continue;
        pthread_mutex_lock(&r->lock);
        double active = r->active;
        pthread_mutex_unlock(&r->lock);
        if (victim < 0 || active < oldest) {
            victim = i;
            oldest = active;
        }
    }
    if (victim < 0) {
        lt_error_set(err, "the server has as many rooms in play as it "
                          "allows (%d); try again later", limit);
        return false;
    }
    cluster_release(table[victim]);
    room_free(table[victim]);
    table[victim] = table[--count];
    return true;
}

/* Loads room id into the table (table locked, space made); NULL with a
 * message, or with its owner's name when another process keeps it. */
static room *load(const char *id, char owner[STORE_NODE_MAX], lt_error *err)
{
    if (shared) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.txt", dir, id);
        if (cluster_claim(id, path, owner, err) != 1)
            return NULL;
    } else if (!room_exists(dir, id)) {
        lt_error_set(err, "there is no room '%.20s'", id);
        return NULL;
    }
    room *r = room_load(dir, id, err);
    if (!r) {
        server_log("room %s not loaded: %s", id, err ? err->msg : "");
        if (shared)
            cluster_release_id(id);
        return NULL;
    }
    cluster_load_chat(r);
    table[count++] = r;
    return r;
}

room *rooms_find(const char *id, bool seat, bool *full,
                 char owner[STORE_NODE_MAX], lt_error *err)
{
    pthread_mutex_lock(&table_lock);
    room *r = lookup(id);
    *full = false;
    owner[0] = '\0';
    if (r) {
        /* in memory */
    } else if (!room_valid_id(id)) {
        lt_error_set(err, "there is no room '%.20s'", id);
    } else if (!make_space(seat ? cap : open_cap(), err)) {
        *full = true;
    } else {
        r = load(id, owner, err);
    }
    if (r)
        atomic_fetch_add(&r->refs, 1);
    pthread_mutex_unlock(&table_lock);
    return r;
}

bool rooms_loaded(const char *id)
{
    pthread_mutex_lock(&table_lock);
    bool in = lookup(id) != NULL;
    pthread_mutex_unlock(&table_lock);
    return in;
}

room *rooms_create(const lt_game *g, const lt_config *cfg,
                   char specs[][LT_SPEC_MAX], const lt_time_control *tc,
                   bool rated, bool open, const char *owner, lt_error *err)
{
    pthread_mutex_lock(&table_lock);
    room *r = NULL;
    if (stored >= max_stored) {
        lt_error_set(err, "the server keeps %d rooms already; try again "
                          "later", max_stored);
    } else if (make_space(open_cap(), err)) {
        r = room_create(dir, g, cfg, specs, tc, rated, open, err);
        if (r && !cluster_own(r, err)) {
            room_free(r);
            r = NULL;
        }
        if (r) {
            atomic_init(&r->refs, 1);
            lt_copy(r->owner, sizeof r->owner, owner);
            table[count++] = r;
            stored++;
        }
    }
    pthread_mutex_unlock(&table_lock);
    return r;
}

void rooms_ref(room *r)
{
    atomic_fetch_add(&r->refs, 1);
}

void rooms_release(room *r)
{
    if (r)
        atomic_fetch_sub(&r->refs, 1);
}

int rooms_count(void)
{
    pthread_mutex_lock(&table_lock);
    int n = count;
    pthread_mutex_unlock(&table_lock);
    return n;
}

int rooms_load_all(void (*f)(room *))
{
    if (shared) /* rooms are taken over from the store (rooms_adopt) */
        return 0;
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    room **loaded = calloc((size_t)cap, sizeof *loaded);
    int n = 0;
    struct dirent *e;
    pthread_mutex_lock(&table_lock);
    while (loaded && n < open_cap() && (e = readdir(d)) != NULL) {
        char id[ROOM_ID_LEN + 1];
        if (!room_file(e->d_name, id) || lookup(id) || count >= open_cap())
            continue;
        lt_error err = {0};
        room *r = room_load(dir, id, &err);
        if (!r) {
            server_log("room %s not loaded: %s", id, err.msg);
            continue;
        }
        if (room_over(r)) {
            room_free(r); /* finished: loaded again if someone asks */
            continue;
        }
        cluster_load_chat(r);
        atomic_init(&r->refs, 1);
        table[count++] = r;
        loaded[n++] = r;
    }
    pthread_mutex_unlock(&table_lock);
    closedir(d);
    for (int i = 0; i < n; i++)
        f(loaded[i]);
    free(loaded);
    return n;
}

void rooms_each_running(void (*f)(room *))
{
    room **running = NULL;
    int n = 0;
    pthread_mutex_lock(&table_lock);
    running = count ? malloc((size_t)count * sizeof *running) : NULL;
    for (int i = 0; running && i < count; i++) {
        room *r = table[i];
        pthread_mutex_lock(&r->lock);
        bool runs = !room_over(r) &&
                    (lt_session_time_control(r->s)->kind != LT_TC_NONE ||
                     r->away > 0);
        pthread_mutex_unlock(&r->lock);
        if (runs) {
            atomic_fetch_add(&r->refs, 1);
            running[n++] = r;
        }
    }
    pthread_mutex_unlock(&table_lock);
    for (int i = 0; i < n; i++) {
        f(running[i]);
        rooms_release(running[i]);
    }
    free(running);
}

int rooms_stored(void)
{
    pthread_mutex_lock(&table_lock);
    int n = stored;
    pthread_mutex_unlock(&table_lock);
    return n;
}

int rooms_expire(double keep_seconds)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    time_t now = time(NULL);
    int removed = 0;
    char id[ROOM_ID_LEN + 1], path[4096];
    pthread_mutex_lock(&table_lock);
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        struct stat st;
        if (!room_file(e->d_name, id) || lookup(id))
            continue; /* rooms in memory are in use */
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (lstat(path, &st) != 0 || difftime(now, st.st_mtime) < keep_seconds)
            continue;
        if (unlink(path) == 0) {
            removed++;
            server_log("room %s expired (untouched for %.0f days)", id,
                       difftime(now, st.st_mtime) / 86400);
        } else {
            server_log("room %s: cannot remove: %s", id, strerror(errno));
        }
    }
    closedir(d);
    stored = count_stored();
    pthread_mutex_unlock(&table_lock);
    return removed;
}

int rooms_adopt(void (*f)(room *))
{
    enum { AT_ONCE = 64 };
    char ids[AT_ONCE][16];
    int n = cluster_orphans(ids, AT_ONCE), adopted = 0;
    for (int i = 0; i < n; i++) {
        bool full;
        char owner[STORE_NODE_MAX];
        lt_error err = {0};
        room *r = rooms_find(ids[i], false, &full, owner, &err);
        if (!r)
            continue; /* taken by another, or no space: asked again later */
        adopted++;
        f(r);
    }
    return adopted;
}
