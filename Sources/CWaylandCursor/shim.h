#ifndef LAMINA_CWAYLANDCURSOR_SHIM_H
#define LAMINA_CWAYLANDCURSOR_SHIM_H
#include <wayland-client-core.h>
#include <wayland-cursor.h>
#endif
