/* cache.c — solved tables of Catch the Rabbit kept in the user's cache
 * folder ($XDG_CACHE_HOME/ludoteka, else ~/.cache/ludoteka), so that a
 * table is solved once per machine; read back by mapping the file. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "solve.h"

enum { VERSION = 1 };

/* The file: this header, then the table's values. */
typedef struct {
    char magic[8]; /* "LTRABBIT" */
    uint32_t version;
    int32_t hunters, need, single, maxd;
    uint64_t entries;
} header;

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
    /* a file of another version, other rules or cut short is ignored */
    if (memcmp(h->magic, "LTRABBIT", 8) || h->version != VERSION ||
        h->hunters != rules->hunters || h->need != rules->need ||
        h->single != rules->single || h->entries != t->positions / 2 ||
        (uint64_t)st.st_size != sizeof *h + h->entries) {
        munmap(map, (size_t)st.st_size);
        free(t);
        return NULL;
    }
    t->maxd = h->maxd;
    t->mapping = map;
    t->mapped = (size_t)st.st_size;
    t->value = (uint8_t *)map + sizeof *h;
    return t;
}

bool rabbit_cache_store(const rabbit_table *t)
{
    char path[1200], tmp[1300];
    if (!cache_path(&t->rules, true, path, sizeof path))
        return false;
    snprintf(tmp, sizeof tmp, "%s.tmp-%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return false;
    header h = {.version = VERSION, .hunters = t->rules.hunters,
                .need = t->rules.need, .single = t->rules.single,
                .maxd = t->maxd, .entries = t->positions / 2};
    memcpy(h.magic, "LTRABBIT", 8);
    bool ok = fwrite(&h, sizeof h, 1, f) == 1 &&
              fwrite(t->value, 1, h.entries, f) == h.entries;
    ok = fflush(f) == 0 && fsync(fileno(f)) == 0 && ok;
    ok = fclose(f) == 0 && ok;
    /* written whole, then renamed: a reader never sees half a table */
    if (!ok || rename(tmp, path) != 0) {
        remove(tmp);
        return false;
    }
    return true;
}
