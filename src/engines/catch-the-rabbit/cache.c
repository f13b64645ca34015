/* cache.c — solved tables of Catch the Rabbit kept in the user's cache
 * folder ($XDG_CACHE_HOME/ludoteka, else ~/.cache/ludoteka), so that a
 * table is solved once per machine; read back by mapping the file.
 *
 * A file is trusted only whole (src/engines/tablefile.h): its header
 * names the version and the rules, its size must match, and a checksum
 * of the values must agree, so that a file cut short or damaged is
 * solved again, never played by. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tablefile.h"
#include "solve.h"

enum { VERSION = 3 };      /* 2: the checksum; 3: symmetric images
                            * kept once */

/* The file: this header, then the table's values. */
typedef struct {
    char magic[8]; /* "LTRABBIT" */
    uint32_t version;
    int32_t hunters, need, single, maxd;
    uint64_t entries;
    uint64_t checksum; /* of the values (tf_checksum) */
} header;

/* The file's path; with make, the folders are created. */
static bool cache_path(const rabbit_rules *r, bool make, char *buf, size_t size)
{
    char name[64];
    snprintf(name, sizeof name, "catch-the-rabbit-%d-%d-%s.table", r->hunters,
             r->need, r->single ? "single" : "multi");
    return tf_path(name, make, buf, size);
}

void rabbit_cache_path(const rabbit_rules *r, char *buf, size_t size)
{
    if (!cache_path(r, false, buf, size))
        buf[0] = '\0';
}

rabbit_table *rabbit_cache_load(const rabbit_rules *rules)
{
    char path[1200];
    tf_mapping map;
    if (!cache_path(rules, false, path, sizeof path) ||
        tf_map(path, sizeof(header) + 1, &map) != TF_MAPPED)
        return NULL;
    rabbit_table *t = calloc(1, sizeof *t);
    if (!t) {
        tf_unmap(&map);
        return NULL;
    }
    t->rules = *rules;
    rabbit_layout(t);
    const header *h = map.bytes;
    const uint8_t *values = (const uint8_t *)map.bytes + sizeof *h;
    /* a file of another version, other rules, cut short or damaged is
     * ignored (and solved again) */
    if (memcmp(h->magic, "LTRABBIT", 8) || h->version != VERSION ||
        h->hunters != rules->hunters || h->need != rules->need ||
        h->single != rules->single || h->entries != t->entries ||
        (uint64_t)map.size != sizeof *h + h->entries ||
        h->maxd < 0 || h->maxd >= UINT8_MAX ||
        tf_checksum(values, h->entries) != h->checksum) {
        tf_unmap(&map);
        free(t);
        return NULL;
    }
    t->maxd = h->maxd;
    t->mapping = map.bytes;
    t->mapped = map.size;
    t->value = (uint8_t *)values;
    return t;
}

bool rabbit_cache_store(const rabbit_table *t, const volatile int *stop)
{
    char path[1200], msg[1400];
    if (!cache_path(&t->rules, true, path, sizeof path))
        return false;
    header h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, "LTRABBIT", 8);
    h.version = VERSION;
    h.hunters = t->rules.hunters;
    h.need = t->rules.need;
    h.single = t->rules.single;
    h.maxd = t->maxd;
    h.entries = t->entries;
    h.checksum = tf_checksum(t->value, h.entries);
    return tf_store(path, &h, sizeof h, t->value, h.entries, stop, msg,
                    sizeof msg);
}
