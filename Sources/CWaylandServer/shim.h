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

static inline wl_fixed_t lamina_server_fixed_from_double(double d) { return wl_fixed_from_double(d); }

#endif
