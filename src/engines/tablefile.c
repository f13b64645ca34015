/* tablefile.c — solved tables as files in the user's cache folder
 * (tablefile.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ludoteka/text.h"
#include "tablefile.h"

enum { CHUNK = 1 << 22 }; /* bytes written between looks at stop */

bool tf_path(const char *name, bool make, char *buf, size_t size)
{
    const char *base = getenv("XDG_CACHE_HOME");
    const char *tail = "/ludoteka";
    char dir[1024];
    if (!base || !*base) {
        base = getenv("HOME");
        tail = "/.cache/ludoteka";
    }
    if (!base || !*base)
        return false;
    int n = snprintf(dir, sizeof dir, "%s%s", base, tail);
    if (n < 0 || (size_t)n >= sizeof dir)
        return false;
    if (make) /* the folder and its parent */
        for (char *slash = strrchr(dir, '/'); slash; slash = NULL) {
            *slash = '\0';
            if (mkdir(dir, 0700) != 0 && errno != EEXIST)
                return false;
            *slash = '/';
            if (mkdir(dir, 0700) != 0 && errno != EEXIST)
                return false;
        }
    n = snprintf(buf, size, "%s/%s", dir, name);
    return n > 0 && (size_t)n < size;
}

int tf_map(const char *path, size_t least, tf_mapping *m)
{
    m->bytes = NULL;
    m->size = 0;
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return TF_NONE;
    struct stat st;
    int got = TF_NONE;
    if (fstat(fd, &st) == 0) {
        if (st.st_size < (off_t)least || st.st_size == 0) {
            got = TF_SHORT;
        } else {
            void *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
            if (map != MAP_FAILED) {
                m->bytes = map;
                m->size = (size_t)st.st_size;
                got = TF_MAPPED;
            }
        }
    }
    close(fd);
    return got;
}

void tf_unmap(tf_mapping *m)
{
    if (m->bytes)
        munmap(m->bytes, m->size);
    m->bytes = NULL;
    m->size = 0;
}

uint64_t tf_checksum(const uint8_t *v, uint64_t n)
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

static bool stopped(const volatile int *stop)
{
    return stop && *stop;
}

bool tf_store(const char *path, const void *head, size_t head_size,
              const uint8_t *values, uint64_t n, const volatile int *stop,
              char *msg, size_t msg_size)
{
    char tmp[1300];
    int len = snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", path);
    int fd = len > 0 && (size_t)len < sizeof tmp ? mkstemp(tmp) : -1;
    FILE *f = fd < 0 ? NULL : fdopen(fd, "wb");
    if (!f) {
        snprintf(msg, msg_size, "%s: %s", path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            remove(tmp);
        }
        return false;
    }
    bool ok = fwrite(head, head_size, 1, f) == 1;
    for (uint64_t at = 0; ok && at < n; at += CHUNK) {
        size_t k = n - at < CHUNK ? (size_t)(n - at) : CHUNK;
        ok = !stopped(stop) && fwrite(values + at, 1, k, f) == k;
    }
    ok = fflush(f) == 0 && ok && !stopped(stop) && fsync(fileno(f)) == 0;
    int err = ok ? 0 : errno;
    if (fclose(f) != 0 && ok) {
        ok = false;
        err = errno;
    }
    /* written whole, then renamed: a reader never sees half a table */
    if (ok && rename(tmp, path) == 0)
        return true;
    if (ok)
        err = errno;
    if (stopped(stop))
        snprintf(msg, msg_size, _("%s: stopped, not written"), path);
    else
        snprintf(msg, msg_size, "%s: %s", path, strerror(err));
    remove(tmp);
    return false;
}

void tf_release(void *mapping, size_t mapped, void *values)
{
    if (mapping)
        munmap(mapping, mapped);
    else
        free(values);
}
