#ifndef LAMINA_CXKBCOMMON_SHIM_H
#define LAMINA_CXKBCOMMON_SHIM_H
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>
#include <xkbcommon/xkbcommon-names.h>
#endif
