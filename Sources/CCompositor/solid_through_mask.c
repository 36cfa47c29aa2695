// A solid colour composited with OVER through an 8-bit alpha mask moved by fractions of a
// pixel, filtered bilinearly: a cached shadow image placed at a sub-pixel position. pixman
// takes this case through its general path (a fetch of the mask into a scanline, then a
// combine, for every row); this loop does both at once.

#include <stddef.h>

#if defined(__x86_64__)
#define LAMINA_WIDE_SHADOW 1
#include <immintrin.h>
#endif

#include "lamina_compositor.h"

/// `t` / 255, rounded, for `t` up to 255 × 255 (pixman's MUL_UN8 division).
static inline uint32_t div_255(uint32_t t) {
    t += 0x80;
    return (t + (t >> 8)) >> 8;
}

/// The mask's value at `(x, y)`, zero outside it.
static inline uint32_t mask_at(const uint8_t *mask, int32_t width, int32_t height, int32_t stride, int32_t x, int32_t y) {
    if (x < 0 || y < 0 || x >= width || y >= height) return 0;
    return mask[(int64_t)y * stride + x];
}

/// `color` composited with OVER through `m` into `*pixel`.
static inline void over(uint32_t *pixel, uint32_t color, uint32_t m) {
    uint32_t sa = div_255((color >> 24) * m);
    uint32_t keep = 255 - sa;
    uint32_t d = *pixel;
    uint32_t a = sa + div_255((d >> 24) * keep);
    uint32_t r = div_255(((color >> 16) & 0xff) * m) + div_255(((d >> 16) & 0xff) * keep);
    uint32_t g = div_255(((color >> 8) & 0xff) * m) + div_255(((d >> 8) & 0xff) * keep);
    uint32_t b = div_255((color & 0xff) * m) + div_255((d & 0xff) * keep);
    *pixel = a << 24 | r << 16 | g << 8 | b;
}

#if LAMINA_WIDE_SHADOW
/// `t` / 255 rounded in each 32-bit lane (as `div_255`).
__attribute__((target("avx2"))) static inline __m256i div_255_wide(__m256i t) {
    t = _mm256_add_epi32(t, _mm256_set1_epi32(0x80));
    return _mm256_srli_epi32(_mm256_add_epi32(t, _mm256_srli_epi32(t, 8)), 8);
}

/// The constant colour and weights of a row's wide loop.
typedef struct {
    __m256i v00, v01, v10, v11, ca, cr, cg, cb;
} wide_blend;

/// Eight pixels from `out` on: the blend of the two mask rows `u` and `l` (each read at
/// nine bytes) with the weights, `color` composited through it with OVER (the arithmetic of
/// `over`), written to the lanes `store` has set.
__attribute__((target("avx2"))) static inline void blend_eight(
    const uint8_t *u, const uint8_t *l, uint32_t *out, const wide_blend *w, __m256i store) {
    const __m256i byte = _mm256_set1_epi32(0xff), half = _mm256_set1_epi32(32768);
    __m256i m00 = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)u));
    __m256i m01 = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(u + 1)));
    __m256i m10 = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)l));
    __m256i m11 = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(l + 1)));
    __m256i m = _mm256_add_epi32(_mm256_mullo_epi32(m00, w->v00), _mm256_mullo_epi32(m01, w->v01));
    m = _mm256_add_epi32(m, _mm256_add_epi32(_mm256_mullo_epi32(m10, w->v10), _mm256_mullo_epi32(m11, w->v11)));
    m = _mm256_srli_epi32(_mm256_add_epi32(m, half), 16);
    // Nothing of the shadow here (its image's far corners): the target stays.
    if (_mm256_testz_si256(m, m)) return;
    __m256i sa = div_255_wide(_mm256_mullo_epi32(w->ca, m));
    __m256i keep = _mm256_sub_epi32(byte, sa);
    __m256i d = _mm256_loadu_si256((const __m256i *)out);
    __m256i a = _mm256_add_epi32(sa, div_255_wide(_mm256_mullo_epi32(_mm256_srli_epi32(d, 24), keep)));
    __m256i r = _mm256_add_epi32(
        div_255_wide(_mm256_mullo_epi32(w->cr, m)),
        div_255_wide(_mm256_mullo_epi32(_mm256_and_si256(_mm256_srli_epi32(d, 16), byte), keep)));
    __m256i g = _mm256_add_epi32(
        div_255_wide(_mm256_mullo_epi32(w->cg, m)),
        div_255_wide(_mm256_mullo_epi32(_mm256_and_si256(_mm256_srli_epi32(d, 8), byte), keep)));
    __m256i b = _mm256_add_epi32(
        div_255_wide(_mm256_mullo_epi32(w->cb, m)), div_255_wide(_mm256_mullo_epi32(_mm256_and_si256(d, byte), keep)));
    __m256i result = _mm256_or_si256(
        _mm256_or_si256(_mm256_slli_epi32(a, 24), _mm256_slli_epi32(r, 16)), _mm256_or_si256(_mm256_slli_epi32(g, 8), b));
    _mm256_maskstore_epi32((int *)out, store, result);
}

/// The blend of `count` (at least eight) pixels of two mask rows with constant weights,
/// `color` composited through it with OVER into `out`, eight pixels at a time; the last
/// eight overlap the ones before and write only the pixels those left. Each pixel `j` reads
/// `u[j]`, `u[j + 1]`, `l[j]`, `l[j + 1]`.
__attribute__((target("avx2"))) static void blend_rows_wide(
    const uint8_t *u, const uint8_t *l, uint32_t *out, int64_t count, uint32_t w00, uint32_t w01, uint32_t w10,
    uint32_t w11, uint32_t color) {
    const wide_blend w = {
        _mm256_set1_epi32((int)w00), _mm256_set1_epi32((int)w01), _mm256_set1_epi32((int)w10),
        _mm256_set1_epi32((int)w11), _mm256_set1_epi32((int)(color >> 24)),
        _mm256_set1_epi32((int)((color >> 16) & 0xff)), _mm256_set1_epi32((int)((color >> 8) & 0xff)),
        _mm256_set1_epi32((int)(color & 0xff))};
    const __m256i all = _mm256_set1_epi32(-1);
    int64_t j = 0;
    for (; j + 8 <= count; j += 8) blend_eight(u + j, l + j, out + j, &w, all);
    if (j == count) return;
    int64_t last = count - 8;
    // Lanes from `j - last` on are new.
    __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    __m256i store = _mm256_cmpgt_epi32(lane, _mm256_set1_epi32((int)(j - last - 1)));
    blend_eight(u + last, l + last, out + last, &w, store);
}
#endif

/// The mask moved by `(c, f)` (16.16; target pixel + offset = mask pixel): the four pixels
/// each target pixel reads sit alike for every pixel and weigh alike, so each row is a blend
/// of two mask rows with constant weights, eight pixels at a time with AVX2.
static void translated(
    const uint8_t *mask, int32_t mask_width, int32_t mask_height, int32_t mask_stride, lamina_target_image target,
    int32_t x, int32_t y, int32_t width, int32_t height, int32_t c, int32_t f, uint32_t color) {
    // The first pixel's centre, less half a pixel, in mask pixels (16.16).
    int64_t sx = (int64_t)x * 65536 + c, sy = (int64_t)y * 65536 + f;
    int64_t ix0 = sx >> 16;
    uint32_t wx = (uint32_t)(sx >> 8) & 0xff, wy = (uint32_t)(sy >> 8) & 0xff;
    static const uint8_t zeros[8192];
    for (int32_t row = 0; row < height; row++) {
        int64_t iy = (sy >> 16) + row;
        if (iy < -1 || iy >= mask_height) continue;
        uint32_t *out = (uint32_t *)((uint8_t *)target.pixels + (int64_t)(y + row) * target.bytes_per_row) + x;
        // Target pixels i read mask columns ix0 + i and ix0 + i + 1: the ones reading two
        // columns inside the mask go through the wide loop, the (at most two) others alone.
        int64_t first = -ix0, last = mask_width - 1 - ix0;  // i with both columns inside: [first, last)
        if (first < 0) first = 0;
        if (last > width) last = width;
        const uint8_t *upper = iy >= 0 ? mask + iy * mask_stride : NULL;
        const uint8_t *lower = iy + 1 < mask_height ? mask + (iy + 1) * mask_stride : NULL;
        for (int64_t i = 0; i < width; i++) {
            if (i >= first && i < last) {
                i = last - 1;
                continue;
            }
            int64_t ix = ix0 + i;
            uint32_t m00 = upper ? mask_at(upper, mask_width, 1, 0, (int32_t)ix, 0) : 0;
            uint32_t m01 = upper ? mask_at(upper, mask_width, 1, 0, (int32_t)ix + 1, 0) : 0;
            uint32_t m10 = lower ? mask_at(lower, mask_width, 1, 0, (int32_t)ix, 0) : 0;
            uint32_t m11 = lower ? mask_at(lower, mask_width, 1, 0, (int32_t)ix + 1, 0) : 0;
            uint32_t m = ((m00 * (256 - wx) + m01 * wx) * (256 - wy) + (m10 * (256 - wx) + m11 * wx) * wy + 32768) >> 16;
            if (m) over(out + i, color, m);
        }
        if (first >= last || mask_width > (int32_t)sizeof(zeros)) {
            if (first < last) {
                for (int64_t i = first; i < last; i++) {
                    int64_t ix = ix0 + i;
                    uint32_t m00 = upper ? upper[ix] : 0, m01 = upper ? upper[ix + 1] : 0;
                    uint32_t m10 = lower ? lower[ix] : 0, m11 = lower ? lower[ix + 1] : 0;
                    uint32_t m = ((m00 * (256 - wx) + m01 * wx) * (256 - wy) + (m10 * (256 - wx) + m11 * wx) * wy + 32768) >> 16;
                    over(out + i, color, m);
                }
            }
            continue;
        }
        // From the first pixel reading two columns inside the mask on.
        const uint8_t *u = (upper ? upper : zeros) + (ix0 + first), *l = (lower ? lower : zeros) + (ix0 + first);
        uint32_t *o = out + first;
        const uint32_t w00 = (256 - wx) * (256 - wy), w01 = wx * (256 - wy), w10 = (256 - wx) * wy, w11 = wx * wy;
#if LAMINA_WIDE_SHADOW
        if (lamina_compositor_has_wide_over() && last - first >= 8) {
            blend_rows_wide(u, l, o, last - first, w00, w01, w10, w11, color);
            continue;
        }
#endif
        for (int64_t j = 0; j < last - first; j++) {
            uint32_t m = (u[j] * w00 + u[j + 1] * w01 + l[j] * w10 + l[j + 1] * w11 + 32768) >> 16;
            over(o + j, color, m);
        }
    }
}

bool lamina_composite_solid_through_moved_mask(
    const uint8_t *mask, int32_t mask_width, int32_t mask_height, int32_t mask_stride, lamina_target_image target,
    int32_t x, int32_t y, int32_t width, int32_t height, int32_t dx, int32_t dy, uint32_t color) {
    if (width <= 0 || height <= 0 || x < 0 || y < 0 || x > target.width - width || y > target.height - height) return false;
    if (mask_width <= 0 || mask_height <= 0 || mask_stride < mask_width) return false;
    translated(mask, mask_width, mask_height, mask_stride, target, x, y, width, height, dx, dy, color);
    return true;
}
