#include "MallocStatistics.h"

// Any C library header defines __GLIBC__ on glibc.
#include <stdlib.h>

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
#include <malloc.h>

size_t lamina_malloc_bytes_in_use(void) {
    // mallinfo2 sums every arena.
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
#else
size_t lamina_malloc_bytes_in_use(void) { return 0; }
#endif
