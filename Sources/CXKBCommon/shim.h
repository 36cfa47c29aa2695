#ifndef LAMINA_CXKBCOMMON_SHIM_H
#define LAMINA_CXKBCOMMON_SHIM_H
#include <xkbcommon/xkbcommon.h>
#endif
