// pixman's per-channel arithmetic on premultiplied ARGB32 pixels, shared by the compositor's
// loops (their scalar paths) so that every loop rounds exactly as pixman does.

#ifndef LAMINA_PIXEL_ARITHMETIC_H
#define LAMINA_PIXEL_ARITHMETIC_H

#include <stdint.h>

/// Each channel of `pixel` times `a / 255`, each rounded as pixman rounds it
/// (`t = x * a + 0x80`, then `(t + (t >> 8)) >> 8`), two channels at a time in one 32-bit
/// word (red and blue, alpha and green), as pixman's UN8x4 macros compute it.
static inline uint32_t multiply_pixel(uint32_t pixel, uint32_t a) {
    uint32_t rb = (pixel & 0x00FF00FF) * a + 0x00800080;
    rb = ((rb + ((rb >> 8) & 0x00FF00FF)) >> 8) & 0x00FF00FF;
    uint32_t ag = ((pixel >> 8) & 0x00FF00FF) * a + 0x00800080;
    ag = (ag + ((ag >> 8) & 0x00FF00FF)) & 0xFF00FF00;
    return rb | ag;
}

/// Each channel of `x` plus that of `y`, saturated at 255.
static inline uint32_t add_saturated_pixel(uint32_t x, uint32_t y) {
    uint32_t rb = (x & 0x00FF00FF) + (y & 0x00FF00FF);
    rb = (rb | (0x01000100 - ((rb >> 8) & 0x00010001))) & 0x00FF00FF;
    uint32_t ag = ((x >> 8) & 0x00FF00FF) + ((y >> 8) & 0x00FF00FF);
    ag = (ag | (0x01000100 - ((ag >> 8) & 0x00010001))) & 0x00FF00FF;
    return rb | (ag << 8);
}

/// `source` OVER `target`, each channel's sum saturated at 255.
static inline uint32_t over_pixel(uint32_t source, uint32_t target) {
    const uint32_t alpha = source >> 24;
    if (alpha == 255) return source;
    return add_saturated_pixel(multiply_pixel(target, 255 - alpha), source);
}

#endif
