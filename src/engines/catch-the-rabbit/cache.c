/* cache.c — solved tables of Catch the Rabbit kept in the user's cache
 * folder ($XDG_CACHE_HOME/ludoteka, else ~/.cache/ludoteka), so that a
 * table is solved once per machine; read back by mapping the file.
 *
 * A file is trusted only whole: its header names the version and the
 * rules, its size must match, and a checksum of the values must agree,
 * so that a file cut short or damaged is solved again, never played by.
 * It is written to a temporary file beside it and renamed into place. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "solve.h"

enum { VERSION = 3 };      /* 2: the checksum; 3: symmetric images
                            * kept once */
enum { CHUNK = 1 << 22 };  /* bytes written between looks at the stop flag */

/* The file: this header, then the table's values. */
typedef struct {
    char magic[8]; /* "LTRABBIT" */
    uint32_t version;
    int32_t hunters, need, single, maxd;
    uint64_t entries;
    uint64_t checksum; /* of the values (checksum below) */
} header;

/* A 64-bit hash of the values, eight bytes a step: a changed or moved
 * byte changes it. */
static uint64_t checksum(const uint8_t *v, uint64_t n)
{
    const uint64_t k = 0x9e3779b97f4a7c15u;
    uint64_t h = n * k, w;
    uint64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        memcpy(&w, v + i, 8);
        h = ((h << 31 | h >> 33) ^ w) * k;
    }
    for (w = 0; i < n; i++)
        w = w << 8 | v[i];
    h = ((h << 31 | h >> 33) ^ w) * k;
    return h ^ h >> 29;
}

/* The file's path; with make, the folders are created. */
static bool cache_path(const rabbit_rules *r, bool make, char *buf, size_t size)
{
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    char dir[1024];
    if (xdg && *xdg) {
        snprintf(dir, sizeof dir, "%s", xdg);
    } else if (home && *home) {
        snprintf(dir, sizeof dir, "%s/.cache", home);
    } else {
        return false;
    }
    if (make && mkdir(dir, 0700) != 0 && errno != EEXIST)
        return false;
    size_t len = strlen(dir);
    snprintf(dir + len, sizeof dir - len, "/ludoteka");
    if (make && mkdir(dir, 0700) != 0 && errno != EEXIST)
        return false;
    int n = snprintf(buf, size, "%s/catch-the-rabbit-%d-%d-%s.table", dir,
                     r->hunters, r->need, r->single ? "single" : "multi");
    return n > 0 && (size_t)n < size;
}

void rabbit_cache_path(const rabbit_rules *r, char *buf, size_t size)
{
    if (!cache_path(r, false, buf, size))
        buf[0] = '\0';
}

rabbit_table *rabbit_cache_load(const rabbit_rules *rules)
{
    char path[1200];
    if (!cache_path(rules, false, path, sizeof path))
        return NULL;
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return NULL;
    rabbit_table *t = calloc(1, sizeof *t);
    struct stat st;
    void *map = MAP_FAILED;
    if (t && fstat(fd, &st) == 0 && st.st_size > (off_t)sizeof(header))
        map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
    close(fd);
    if (!t || map == MAP_FAILED) {
        free(t);
        return NULL;
    }
    t->rules = *rules;
    rabbit_layout(t);
    const header *h = map;
    const uint8_t *values = (const uint8_t *)map + sizeof *h;
    /* a file of another version, other rules, cut short or damaged is
     * ignored (and solved again) */
    if (memcmp(h->magic, "LTRABBIT", 8) || h->version != VERSION ||
        h->hunters != rules->hunters || h->need != rules->need ||
        h->single != rules->single || h->entries != t->entries ||
        (uint64_t)st.st_size != sizeof *h + h->entries ||
        h->maxd < 0 || h->maxd >= UINT8_MAX ||
        checksum(values, h->entries) != h->checksum) {
        munmap(map, (size_t)st.st_size);
        free(t);
        return NULL;
    }
    t->maxd = h->maxd;
    t->mapping = map;
    t->mapped = (size_t)st.st_size;
    t->value = (uint8_t *)values;
    return t;
}

static bool stopped(const volatile int *stop)
{
    return stop && *stop;
}

bool rabbit_cache_store(const rabbit_table *t, const volatile int *stop)
{
    char path[1200], tmp[1300];
    if (!cache_path(&t->rules, true, path, sizeof path))
        return false;
    snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0)
        return false;
    FILE *f = fdopen(fd, "wb");
    if (!f) {
        close(fd);
        remove(tmp);
        return false;
    }
    header h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, "LTRABBIT", 8);
    h.version = VERSION;
    h.hunters = t->rules.hunters;
    h.need = t->rules.need;
    h.single = t->rules.single;
    h.maxd = t->maxd;
    h.entries = t->entries;
    h.checksum = checksum(t->value, h.entries);
    bool ok = fwrite(&h, sizeof h, 1, f) == 1;
    for (uint64_t at = 0; ok && at < h.entries; at += CHUNK) {
        size_t n = h.entries - at < CHUNK ? (size_t)(h.entries - at) : CHUNK;
        ok = !stopped(stop) && fwrite(t->value + at, 1, n, f) == n;
    }
    ok = fflush(f) == 0 && ok && !stopped(stop) && fsync(fileno(f)) == 0;
    ok = fclose(f) == 0 && ok;
    /* written whole, then renamed: a reader never sees half a table */
    if (!ok || stopped(stop) || rename(tmp, path) != 0) {
        remove(tmp);
        return false;
    }
    return true;
}
