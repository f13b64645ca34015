/* fuzz.h — the entry point every fuzz target defines (libFuzzer's). */
#ifndef LUDOTEKA_FUZZ_H
#define LUDOTEKA_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Stops the run loudly: the input broke a promise. */
#define FUZZ_CHECK(cond)                                                   \
    do {                                                                   \
        if (!(cond)) {                                                     \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__,         \
                    __LINE__, #cond);                                      \
            abort();                                                       \
        }                                                                  \
    } while (0)

#endif
