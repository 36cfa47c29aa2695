// pixman's per-channel arithmetic on premultiplied ARGB32 pixels, shared by the compositor's
// loops (their scalar paths) so that every loop rounds exactly as pixman does.

#ifndef LAMINA_PIXEL_ARITHMETIC_H
#define LAMINA_PIXEL_ARITHMETIC_H

#include <stdint.h>

/// `x * a / 255`, rounded as pixman rounds it.
static inline uint32_t multiply_channel(uint32_t x, uint32_t a) {
    uint32_t t = x * a + 0x80;
    return ((t >> 8) + t) >> 8;
}

/// Each channel of `pixel` times `a / 255`.
static inline uint32_t multiply_pixel(uint32_t pixel, uint32_t a) {
    uint32_t result = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        result |= multiply_channel((pixel >> shift) & 0xFF, a) << shift;
    }
    return result;
}

/// `source` OVER `target`, each channel's sum saturated at 255.
static inline uint32_t over_pixel(uint32_t source, uint32_t target) {
    uint32_t inverse = 255 - (source >> 24);
    uint32_t result = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t sum = ((source >> shift) & 0xFF) + multiply_channel((target >> shift) & 0xFF, inverse);
        result |= (sum > 255 ? 255 : sum) << shift;
    }
    return result;
}

#endif
