#ifndef LAMINA_CWAYLANDCLIENT_SHIM_H
#define LAMINA_CWAYLANDCLIENT_SHIM_H

#include <stdint.h>
#include <wayland-client-core.h>
#include <wayland-util.h>

/* memfd_create and the sealing constants are hidden behind _GNU_SOURCE in glibc's headers,
   which Swift's Glibc module does not define. Declared here from the Linux ABI. */
extern int memfd_create(const char *name, unsigned int flags);
/* pipe2 is hidden behind _GNU_SOURCE too: the clipboard's pipes are made close-on-exec and
   non-blocking in one call, so no descriptor leaks into a child started meanwhile. */
extern int pipe2(int pipefd[2], int flags);

static inline unsigned int lamina_mfd_cloexec(void) { return 0x0001U; }
static inline unsigned int lamina_mfd_allow_sealing(void) { return 0x0002U; }
static inline int lamina_f_add_seals(void) { return 1024 + 9; }
static inline int lamina_f_get_seals(void) { return 1024 + 10; }
static inline int lamina_f_seal_seal(void) { return 0x0001; }
static inline int lamina_f_seal_shrink(void) { return 0x0002; }
static inline int lamina_f_seal_grow(void) { return 0x0004; }
static inline int lamina_f_seal_write(void) { return 0x0008; }

/* Fixed-point helpers (wl_fixed_t is 24.8); the header versions are static inline already,
   re-exported here with stable names. */
static inline double lamina_wl_fixed_to_double(wl_fixed_t f) { return wl_fixed_to_double(f); }
static inline wl_fixed_t lamina_wl_fixed_from_double(double d) { return wl_fixed_from_double(d); }

#endif
