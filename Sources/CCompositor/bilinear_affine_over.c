// Bilinear resampling of a cached image through an affine transform, composited with OVER in
// the same pass: the render server's most common step while layers turn, scale or move by
// fractions of a pixel. pixman does the same work in two passes (a general fetcher into a
// scanline buffer, then a combiner); here each target pixel reads its four source pixels,
// blends them and lands on the target in one go — four target pixels at a time on processors
// with AVX2 — and the source's transparent margins cost a test only. The arithmetic is
// pixman's, so the pixels are identical.

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

/// Whether the four pixels from `x0`, `y0` to `x0 + 1`, `y0 + 1` all lie inside the image (never
/// for an image one pixel wide or high).
static inline bool wholly_inside(const lamina_source_image *source, int32_t x0, int32_t y0) {
    return x0 >= 0 && y0 >= 0 && x0 < source->width - 1 && y0 < source->height - 1;
}

/// Composites the sample at 16.16 source coordinates `sx`, `sy` onto `*out`: from its four
/// pixels inside the image, or across its edge, or nothing when it lies wholly outside.
static inline void land_sample(uint32_t *out, int32_t sx, int32_t sy, const lamina_source_image *source, uint32_t alpha) {
    int32_t px = sx - (1 << 15), py = sy - (1 << 15);
    int32_t x0 = px >> 16, y0 = py >> 16;
    if (wholly_inside(source, x0, y0)) {
        const uint32_t *top = (const uint32_t *)((const uint8_t *)source->pixels + (int64_t)y0 * source->bytes_per_row) + x0;
        const uint32_t *bottom = (const uint32_t *)((const uint8_t *)top + source->bytes_per_row);
        land_inside(
            out, top, bottom, (uint32_t)(px >> (16 - weight_bits)) & (weight_one - 1),
            (uint32_t)(py >> (16 - weight_bits)) & (weight_one - 1), alpha);
    } else if (x0 >= -1 && y0 >= -1 && x0 <= source->width - 1 && y0 <= source->height - 1) {
        land(out, sample_at_edge(source, sx, sy), alpha);
    }
}

/// One row of `count` target pixels from `out`, the first sampled at `sx`, `sy`, each next
/// one `dx`, `dy` further, a pixel at a time.
static void land_row(
    uint32_t *out, int32_t count, int32_t sx, int32_t sy, int32_t dx, int32_t dy, const lamina_source_image *source,
    uint32_t alpha) {
    for (int32_t i = 0; i < count; i++, sx += dx, sy += dy) land_sample(out + i, sx, sy, source, alpha);
}

#if defined(__x86_64__)
#include <immintrin.h>

/// `neighbourhood` for a sample whose four pixels are known to lie inside the image.
static inline void neighbourhood_inside(
    const lamina_source_image *source, int32_t sx, int32_t sy, uint64_t *top, uint64_t *bottom, uint32_t *wx, uint32_t *wy) {
    int32_t px = sx - (1 << 15), py = sy - (1 << 15);
    *wx = (uint32_t)(px >> (16 - weight_bits)) & (weight_one - 1);
    *wy = (uint32_t)(py >> (16 - weight_bits)) & (weight_one - 1);
    const uint8_t *row = (const uint8_t *)source->pixels + (int64_t)(py >> 16) * source->bytes_per_row + (int64_t)(px >> 16) * 4;
    __builtin_memcpy(top, row, 8);
    __builtin_memcpy(bottom, row + source->bytes_per_row, 8);
}

/// The sample at 16.16 source coordinates `sx`, `sy`: its upper pixel pair (left pixel in the
/// low 32 bits) in `top`, its lower pair in `bottom`, its weights in `wx`, `wy`; pixels
/// outside the image are transparent. Returns whether any of its four pixels is inside.
static inline bool neighbourhood(
    const lamina_source_image *source, int32_t sx, int32_t sy, uint64_t *top, uint64_t *bottom, uint32_t *wx, uint32_t *wy) {
    int32_t px = sx - (1 << 15), py = sy - (1 << 15);
    int32_t x0 = px >> 16, y0 = py >> 16;
    *wx = (uint32_t)(px >> (16 - weight_bits)) & (weight_one - 1);
    *wy = (uint32_t)(py >> (16 - weight_bits)) & (weight_one - 1);
    if (wholly_inside(source, x0, y0)) {
        neighbourhood_inside(source, sx, sy, top, bottom, wx, wy);
        return true;
    }
    if (x0 >= -1 && y0 >= -1 && x0 <= source->width - 1 && y0 <= source->height - 1) {
        *top = (uint64_t)pixel_at(source, x0 + 1, y0) << 32 | pixel_at(source, x0, y0);
        *bottom = (uint64_t)pixel_at(source, x0 + 1, y0 + 1) << 32 | pixel_at(source, x0, y0 + 1);
        return true;
    }
    *top = *bottom = 0;
    return false;
}

/// The row as `land_row` composites it, four pixels at a time (with AVX2) where all four
/// samples lie inside the image: their four neighbourhoods loaded side by side, blended down
/// and across in 16-bit lanes, faded and composited OVER the four target pixels together.
/// The arithmetic is `land_inside`'s, lane for lane.
__attribute__((target("avx2"))) static void land_row_by_fours(
    uint32_t *out, int32_t count, int32_t sx, int32_t sy, int32_t dx, int32_t dy, const lamina_source_image *source,
    uint32_t alpha) {
    const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi16(weight_one);
    const __m256i half = _mm256_set1_epi16(0x80), scale = _mm256_set1_epi16(0x101), all = _mm256_set1_epi16(0xFF);
    const __m256i alpha16 = _mm256_set1_epi16((short)alpha);
    const __m256i spread_alpha = _mm256_setr_epi8(
        6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15, 6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    int32_t i = 0;
    for (; i + 4 <= count; i += 4, sx += 4 * dx, sy += 4 * dy) {
        uint32_t wx[4], wy[4];
        // Each sample's upper and lower pixel pairs (see `neighbourhood`), kept in registers.
        uint64_t t0, b0, t1, b1, t2, b2, t3, b3;
        int32_t first_x = (sx - (1 << 15)) >> 16, first_y = (sy - (1 << 15)) >> 16;
        int32_t last_x = (sx + 3 * dx - (1 << 15)) >> 16, last_y = (sy + 3 * dy - (1 << 15)) >> 16;
        if (wholly_inside(source, first_x, first_y) && wholly_inside(source, last_x, last_y)) {
            // The usual case, with one test: the samples lie on a line, so when the first and
            // the last have all their pixels inside the image, so have the two between.
            neighbourhood_inside(source, sx, sy, &t0, &b0, &wx[0], &wy[0]);
            neighbourhood_inside(source, sx + dx, sy + dy, &t1, &b1, &wx[1], &wy[1]);
            neighbourhood_inside(source, sx + 2 * dx, sy + 2 * dy, &t2, &b2, &wx[2], &wy[2]);
            neighbourhood_inside(source, sx + 3 * dx, sy + 3 * dy, &t3, &b3, &wx[3], &wy[3]);
        } else {
            bool reaches = neighbourhood(source, sx, sy, &t0, &b0, &wx[0], &wy[0]);
            reaches |= neighbourhood(source, sx + dx, sy + dy, &t1, &b1, &wx[1], &wy[1]);
            reaches |= neighbourhood(source, sx + 2 * dx, sy + 2 * dy, &t2, &b2, &wx[2], &wy[2]);
            reaches |= neighbourhood(source, sx + 3 * dx, sy + 3 * dy, &t3, &b3, &wx[3], &wy[3]);
            if (!reaches) continue;
        }
        __m256i upper = _mm256_setr_epi64x((long long)t0, (long long)t1, (long long)t2, (long long)t3);
        __m256i lower = _mm256_setr_epi64x((long long)b0, (long long)b1, (long long)b2, (long long)b3);
        // Samples 0 and 2 go to the low halves of the 128-bit lanes after unpacking, 1 and 3
        // to the high halves.
        // Four transparent neighbourhoods add nothing.
        __m256i any = _mm256_or_si256(upper, lower);
        if (_mm256_testz_si256(any, any)) continue;
        // Weights of the lower row (wy) and of the right column (wx), per sample, spread over
        // its lanes: samples 0 and 2 for the low halves, 1 and 3 for the high halves.
        __m256i wy_even = _mm256_setr_epi16(
            (short)wy[0], (short)wy[0], (short)wy[0], (short)wy[0], (short)wy[0], (short)wy[0], (short)wy[0], (short)wy[0],
            (short)wy[2], (short)wy[2], (short)wy[2], (short)wy[2], (short)wy[2], (short)wy[2], (short)wy[2], (short)wy[2]);
        __m256i wy_odd = _mm256_setr_epi16(
            (short)wy[1], (short)wy[1], (short)wy[1], (short)wy[1], (short)wy[1], (short)wy[1], (short)wy[1], (short)wy[1],
            (short)wy[3], (short)wy[3], (short)wy[3], (short)wy[3], (short)wy[3], (short)wy[3], (short)wy[3], (short)wy[3]);
        __m256i wx_even = _mm256_setr_epi32(
            (int)((wx[0] << 16) | (weight_one - wx[0])), (int)((wx[0] << 16) | (weight_one - wx[0])),
            (int)((wx[0] << 16) | (weight_one - wx[0])), (int)((wx[0] << 16) | (weight_one - wx[0])),
            (int)((wx[2] << 16) | (weight_one - wx[2])), (int)((wx[2] << 16) | (weight_one - wx[2])),
            (int)((wx[2] << 16) | (weight_one - wx[2])), (int)((wx[2] << 16) | (weight_one - wx[2])));
        __m256i wx_odd = _mm256_setr_epi32(
            (int)((wx[1] << 16) | (weight_one - wx[1])), (int)((wx[1] << 16) | (weight_one - wx[1])),
            (int)((wx[1] << 16) | (weight_one - wx[1])), (int)((wx[1] << 16) | (weight_one - wx[1])),
            (int)((wx[3] << 16) | (weight_one - wx[3])), (int)((wx[3] << 16) | (weight_one - wx[3])),
            (int)((wx[3] << 16) | (weight_one - wx[3])), (int)((wx[3] << 16) | (weight_one - wx[3])));
        // Down the columns: at most 255 × 128, in 16 bits.
        __m256i even = _mm256_add_epi16(
            _mm256_mullo_epi16(_mm256_unpacklo_epi8(upper, zero), _mm256_sub_epi16(one, wy_even)),
            _mm256_mullo_epi16(_mm256_unpacklo_epi8(lower, zero), wy_even));
        __m256i odd = _mm256_add_epi16(
            _mm256_mullo_epi16(_mm256_unpackhi_epi8(upper, zero), _mm256_sub_epi16(one, wy_odd)),
            _mm256_mullo_epi16(_mm256_unpackhi_epi8(lower, zero), wy_odd));
        // Across: each channel's left and right column side by side, multiplied and added.
        __m256i even_sums = _mm256_madd_epi16(_mm256_unpacklo_epi16(even, _mm256_srli_si256(even, 8)), wx_even);
        __m256i odd_sums = _mm256_madd_epi16(_mm256_unpacklo_epi16(odd, _mm256_srli_si256(odd, 8)), wx_odd);
        // Samples 0 and 1 in the low lane, 2 and 3 in the high one, four 16-bit channels each.
        __m256i sample = _mm256_packs_epi32(
            _mm256_srli_epi32(even_sums, 2 * weight_bits), _mm256_srli_epi32(odd_sums, 2 * weight_bits));
        if (alpha != 255) sample = _mm256_mulhi_epu16(_mm256_adds_epu16(_mm256_mullo_epi16(sample, alpha16), half), scale);
        __m128i target = _mm_loadu_si128((const __m128i *)(out + i));
        __m256i below = _mm256_cvtepu8_epi16(target);
        __m256i inverse = _mm256_xor_si256(_mm256_shuffle_epi8(sample, spread_alpha), all);
        below = _mm256_mulhi_epu16(_mm256_adds_epu16(_mm256_mullo_epi16(below, inverse), half), scale);
        __m256i sum = _mm256_adds_epu8(_mm256_packus_epi16(sample, zero), _mm256_packus_epi16(below, zero));
        // The low 64 bits of each lane hold two pixels: put all four together.
        __m256i ordered = _mm256_permute4x64_epi64(sum, _MM_SHUFFLE(3, 1, 2, 0));
        _mm_storeu_si128((__m128i *)(out + i), _mm256_castsi256_si128(ordered));
    }
    land_row(out + i, count - i, sx, sy, dx, dy, source, alpha);
}
#endif

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
#if defined(__x86_64__)
    const bool by_fours = lamina_compositor_has_wide_over();
#else
    const bool by_fours = false;
#endif
    for (int32_t row = y; row < y + height; row++) {
        uint32_t *out = (uint32_t *)((uint8_t *)target.pixels + (int64_t)row * target.bytes_per_row) + x;
        int32_t sx = (int32_t)transformed_centre(first, x, row), sy = (int32_t)transformed_centre(second, x, row);
#if defined(__x86_64__)
        if (by_fours) {
            land_row_by_fours(out, width, sx, sy, first[0], second[0], &source, alpha);
            continue;
        }
#endif
        (void)by_fours;
        land_row(out, width, sx, sy, first[0], second[0], &source, alpha);
    }
    return true;
}
