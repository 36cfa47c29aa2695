#ifndef LAMINA_CWAYLANDSERVER_SHIM_H
#define LAMINA_CWAYLANDSERVER_SHIM_H

#include <stdint.h>
#include <wayland-server-core.h>
#include <wayland-util.h>

/* wl_resource_post_error is variadic (printf-style), which Swift cannot call; this takes the
   message as it is. */
static inline void lamina_server_post_error(struct wl_resource *resource, uint32_t code, const char *message) {
    wl_resource_post_error(resource, code, "%s", message);
}

/* An anonymous memory file (MFD_CLOEXEC), for keymaps sent to clients; memfd_create is hidden
   behind _GNU_SOURCE in glibc's headers, so it is declared here from the Linux ABI. */
static inline int lamina_server_memfd(const char *name) {
    extern int memfd_create(const char *name, unsigned int flags);
    return memfd_create(name, 0x0001U);
}

static inline wl_fixed_t lamina_server_fixed_from_double(double d) { return wl_fixed_from_double(d); }

#endif
