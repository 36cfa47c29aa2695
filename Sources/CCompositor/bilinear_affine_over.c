// Bilinear resampling of a cached image through an affine transform, composited with OVER in
// the same pass: the render server's most common step while layers turn, scale or move by
// fractions of a pixel. pixman does the same work in two passes (a general fetcher into a
// scanline buffer, then a combiner); here each target pixel reads its four source pixels,
// blends them and lands on the target in one go, and the source's transparent margins cost a
// test only. The arithmetic is pixman's, so the pixels are identical.

#include "lamina_compositor.h"
#include "pixel_arithmetic.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// pixman's bilinear weights have 7 bits.
enum { weight_bits = 7, weight_one = 1 << weight_bits };

bool lamina_compositor_is_optimized(void) {
#if defined(__OPTIMIZE__)
    return true;
#else
    return false;
#endif
}

/// The four source pixels around a sample, blended with weights `wx`, `wy` (0...127) of
/// the right and lower pixels: each channel's weighted sum, truncated.
static inline uint32_t blend_pixels(uint32_t tl, uint32_t tr, uint32_t bl, uint32_t br, uint32_t wx, uint32_t wy) {
    uint32_t result = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t left = ((tl >> shift) & 0xFF) * (weight_one - wy) + ((bl >> shift) & 0xFF) * wy;
        uint32_t right = ((tr >> shift) & 0xFF) * (weight_one - wy) + ((br >> shift) & 0xFF) * wy;
        result |= ((left * (weight_one - wx) + right * wx) >> (2 * weight_bits)) << shift;
    }
    return result;
}

/// The source pixel at `x`, `y`; transparent outside the image.
static inline uint32_t pixel_at(const lamina_source_image *image, int32_t x, int32_t y) {
    if (x < 0 || y < 0 || x >= image->width || y >= image->height) return 0;
    const uint8_t *row = (const uint8_t *)image->pixels + (int64_t)y * image->bytes_per_row;
    return ((const uint32_t *)row)[x];
}

/// The sample at 16.16 source coordinates `sx`, `sy` (pixel centres at halves), for one
/// whose four pixels may lie partly outside the image.
static uint32_t sample_at_edge(const lamina_source_image *image, int32_t sx, int32_t sy) {
    int32_t x = sx - (1 << 15), y = sy - (1 << 15);
    uint32_t wx = (uint32_t)(x >> (16 - weight_bits)) & (weight_one - 1);
    uint32_t wy = (uint32_t)(y >> (16 - weight_bits)) & (weight_one - 1);
    int32_t x0 = x >> 16, y0 = y >> 16;
    return blend_pixels(
        pixel_at(image, x0, y0), pixel_at(image, x0 + 1, y0), pixel_at(image, x0, y0 + 1), pixel_at(image, x0 + 1, y0 + 1),
        wx, wy);
}

/// Composites one target pixel from a sample already blended.
static inline void land(uint32_t *target, uint32_t sample, uint32_t alpha) {
    if (alpha != 255) sample = multiply_pixel(sample, alpha);
    if (sample == 0) return;
    *target = (sample >> 24) == 255 ? sample : over_pixel(sample, *target);
}

#if defined(__SSE2__)
/// The sample whose four pixels start at `top` and `bottom` (two each), blended and
/// composited OVER `*target` with the constant `alpha`, in 16-bit lanes.
static inline void land_inside(uint32_t *target, const uint32_t *top, const uint32_t *bottom, uint32_t wx, uint32_t wy, uint32_t alpha) {
    __m128i upper = _mm_loadl_epi64((const __m128i *)top);
    __m128i lower = _mm_loadl_epi64((const __m128i *)bottom);
    // A transparent neighbourhood (the margins of a shadowed or rounded image) adds nothing.
    if (_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_or_si128(upper, lower), _mm_setzero_si128())) == 0xFFFF) return;
    const __m128i zero = _mm_setzero_si128();
    upper = _mm_unpacklo_epi8(upper, zero);
    lower = _mm_unpacklo_epi8(lower, zero);
    // Down the columns: at most 255 × 128, in 16 bits.
    __m128i columns = _mm_add_epi16(
        _mm_mullo_epi16(upper, _mm_set1_epi16((short)(weight_one - wy))), _mm_mullo_epi16(lower, _mm_set1_epi16((short)wy)));
    // Across: each channel's left and right column side by side, multiplied and added.
    __m128i pairs = _mm_unpacklo_epi16(columns, _mm_srli_si128(columns, 8));
    __m128i sums = _mm_madd_epi16(pairs, _mm_set1_epi32((int)((wx << 16) | (weight_one - wx))));
    __m128i sample = _mm_srli_epi32(sums, 2 * weight_bits);
    sample = _mm_packs_epi32(sample, zero); // four 16-bit channels
    const __m128i half = _mm_set1_epi16(0x80), scale = _mm_set1_epi16(0x101);
    if (alpha != 255) {
        sample = _mm_mulhi_epu16(_mm_adds_epu16(_mm_mullo_epi16(sample, _mm_set1_epi16((short)alpha)), half), scale);
    }
    uint32_t packed = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(sample, zero));
    if (packed == 0) return;
    if ((packed >> 24) == 255) {
        *target = packed;
        return;
    }
    __m128i inverse = _mm_xor_si128(_mm_shufflelo_epi16(sample, _MM_SHUFFLE(3, 3, 3, 3)), _mm_set1_epi16(0xFF));
    __m128i below = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)*target), zero);
    below = _mm_mulhi_epu16(_mm_adds_epu16(_mm_mullo_epi16(below, inverse), half), scale);
    *target = (uint32_t)_mm_cvtsi128_si32(_mm_adds_epu8(_mm_packus_epi16(sample, zero), _mm_packus_epi16(below, zero)));
}
#else
static inline void land_inside(uint32_t *target, const uint32_t *top, const uint32_t *bottom, uint32_t wx, uint32_t wy, uint32_t alpha) {
    if ((top[0] | top[1] | bottom[0] | bottom[1]) == 0) return;
    land(target, blend_pixels(top[0], top[1], bottom[0], bottom[1], wx, wy), alpha);
}
#endif

/// One coordinate of the target pixel centre (`x` + ½, `y` + ½) through a row of the
/// matrix, as pixman's 31.16 transform of a point computes it.
static int64_t transformed_centre(const int32_t row[3], int32_t x, int32_t y) {
    int64_t whole = (int64_t)row[0] * x + (int64_t)row[1] * y + row[2];
    int64_t fraction = (int64_t)row[0] * 0x8000 + (int64_t)row[1] * 0x8000;
    return whole + ((fraction + 0x8000) >> 16);
}

static bool fits(int64_t value) { return value >= INT32_MIN && value <= INT32_MAX; }

bool lamina_composite_bilinear_affine_over(
    lamina_source_image source, lamina_target_image target, int32_t x, int32_t y, int32_t width, int32_t height,
    lamina_affine_fixed matrix, uint8_t alpha) {
    if (width <= 0 || height <= 0) return true;
    if (x < 0 || y < 0 || (int64_t)x + width > target.width || (int64_t)y + height > target.height) return false;
    if (source.width <= 0 || source.height <= 0 || source.bytes_per_row < 4 * (int64_t)source.width) return false;
    const int32_t first[3] = {matrix.a, matrix.b, matrix.c}, second[3] = {matrix.d, matrix.e, matrix.f};
    // Every sample position of the rectangle must fit 16.16 (its corners bound them).
    for (int corner = 0; corner < 4; corner++) {
        int32_t cx = (corner & 1) ? x + width - 1 : x, cy = (corner & 2) ? y + height - 1 : y;
        if (!fits(transformed_centre(first, cx, cy)) || !fits(transformed_centre(second, cx, cy))) return false;
    }
    const int32_t last_x = source.width - 2, last_y = source.height - 2;
    for (int32_t row = y; row < y + height; row++) {
        uint32_t *out = (uint32_t *)((uint8_t *)target.pixels + (int64_t)row * target.bytes_per_row) + x;
        int32_t sx = (int32_t)transformed_centre(first, x, row), sy = (int32_t)transformed_centre(second, x, row);
        for (int32_t i = 0; i < width; i++, sx += first[0], sy += second[0]) {
            int32_t px = sx - (1 << 15), py = sy - (1 << 15);
            int32_t x0 = px >> 16, y0 = py >> 16;
            if ((uint32_t)x0 <= (uint32_t)last_x && (uint32_t)y0 <= (uint32_t)last_y) {
                const uint32_t *top = (const uint32_t *)((const uint8_t *)source.pixels + (int64_t)y0 * source.bytes_per_row) + x0;
                const uint32_t *bottom = (const uint32_t *)((const uint8_t *)top + source.bytes_per_row);
                land_inside(
                    out + i, top, bottom, (uint32_t)(px >> (16 - weight_bits)) & (weight_one - 1),
                    (uint32_t)(py >> (16 - weight_bits)) & (weight_one - 1), alpha);
            } else if (x0 >= -1 && y0 >= -1 && x0 <= source.width - 1 && y0 <= source.height - 1) {
                land(out + i, sample_at_edge(&source, sx, sy), alpha);
            }
        }
    }
    return true;
}
