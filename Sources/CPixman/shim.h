#ifndef LAMINA_CPIXMAN_SHIM_H
#define LAMINA_CPIXMAN_SHIM_H
#include <pixman.h>
#endif
