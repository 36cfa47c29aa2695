#ifndef LAMINA_MALLOC_STATISTICS_H
#define LAMINA_MALLOC_STATISTICS_H

#include <stddef.h>

/// Bytes the C library's malloc has handed out and not had back (in its arenas and in
/// separately mapped blocks); 0 where the C library cannot say.
size_t lamina_malloc_bytes_in_use(void);

#endif
