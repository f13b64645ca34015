/* tablefile.h — solved tables kept as files in the user's cache folder
 * ($XDG_CACHE_HOME/ludoteka, else ~/.cache/ludoteka), so that a table is
 * solved once per machine: Catch the Rabbit's perfect play and the
 * endgame tables.  A file is its kind's header, then the values, a byte
 * each.  It is written whole to a temporary file beside it and renamed
 * into place, so that a reader never sees half a table; it is read back
 * by mapping it, and trusted only whole: each kind checks its header
 * (version, rules, size) and the checksum of the values. */
#ifndef LT_TABLEFILE_H
#define LT_TABLEFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The path of the file `name` in the cache folder, the folders made if
 * make; false if there is no cache folder (neither XDG_CACHE_HOME nor
 * HOME), a folder cannot be made or the path does not fit. */
bool tf_path(const char *name, bool make, char *buf, size_t size);

/* A file mapped read-only. */
typedef struct {
    void *bytes;
    size_t size;
} tf_mapping;

enum { TF_NONE, TF_SHORT, TF_MAPPED };
/* Maps the file at path: TF_MAPPED; TF_NONE if it cannot be opened (or
 * mapped); TF_SHORT, mapping nothing, if it has fewer than `least`
 * bytes (a header at least). */
int tf_map(const char *path, size_t least, tf_mapping *);
void tf_unmap(tf_mapping *);

/* A 64-bit hash of n values, eight bytes a step: a changed or moved
 * byte changes it. */
uint64_t tf_checksum(const uint8_t *values, uint64_t n);

/* Writes head (head_size bytes) and then the n values to path, through a
 * temporary file renamed into place.  stop (may be NULL) is looked at
 * between chunks of the values: once set, nothing is left behind.  False
 * with a message (in the reader's language) if the file could not be
 * written or the write was stopped. */
bool tf_store(const char *path, const void *head, size_t head_size,
              const uint8_t *values, uint64_t n, const volatile int *stop,
              char *msg, size_t msg_size);

/* Frees a table's values: the mapping they were read from, or (mapping
 * NULL) the memory they were built in. */
void tf_release(void *mapping, size_t mapped, void *values);

#endif
