#ifndef LAMINA_CCAIRO_SHIM_H
#define LAMINA_CCAIRO_SHIM_H
#include <cairo.h>
#endif
