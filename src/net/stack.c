/* stack.c — room on the stack of civetweb's threads for this program's
 * thread-local storage.
 *
 * Debian's civetweb (1.15) starts every thread with a 100 KiB stack, a
 * size fixed when it was compiled, and glibc carves a thread's static TLS
 * out of its stack.  This program's TLS is larger than that (the dice
 * games keep their exact-arithmetic tables per thread, about 170 KiB), so
 * each of civetweb's threads would fail to start with EINVAL.  This
 * definition takes the place of the C library's for the whole program
 * (the executable comes first when the dynamic linker looks a symbol up)
 * and raises small stacks to a size that fits; it changes nothing for
 * threads that ask for more. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>

enum { STACK_MIN = 1 << 20 };

typedef int (*setstacksize_fn)(pthread_attr_t *, size_t);
static setstacksize_fn libc_setstacksize;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void find_libc(void)
{
    /* POSIX allows converting dlsym's answer to a function pointer */
    *(void **)&libc_setstacksize = dlsym(RTLD_NEXT, "pthread_attr_setstacksize");
}

int pthread_attr_setstacksize(pthread_attr_t *attr, size_t size)
{
    pthread_once(&once, find_libc);
    if (!libc_setstacksize)
        return 0; /* keep the default size, which fits */
    return libc_setstacksize(attr, size < STACK_MIN ? STACK_MIN : size);
}
