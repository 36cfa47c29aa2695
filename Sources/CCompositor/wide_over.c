// A cached image composited with OVER at a whole-pixel offset, optionally faded by a constant
// opacity: the render server's most common step (every layer at rest, moved by whole pixels
// or fading). pixman's loop for it handles four pixels per step with SSE2; this one handles
// eight with AVX2, on processors that have it, and skips eight transparent pixels with one
// test. The arithmetic is pixman's (the opacity applied to the source and to its alpha, then
// OVER, each product rounded as pixman rounds it), so the pixels are identical.

#include "lamina_compositor.h"

#if defined(__x86_64__)
#define LAMINA_WIDE_OVER 1
#include <cpuid.h>
#include <immintrin.h>
#endif

#if LAMINA_WIDE_OVER

/// Whether the processor runs AVX2 and the operating system saves its registers.
static bool processor_has_avx2(void) {
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return false;
    const unsigned osxsave = 1u << 27, avx = 1u << 28;
    if ((ecx & (osxsave | avx)) != (osxsave | avx)) return false;
    // XCR0: the XMM and YMM state enabled.
    unsigned xcr0_low, xcr0_high;
    __asm__("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
    if ((xcr0_low & 0x6) != 0x6) return false;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return false;
    return (ebx & (1u << 5)) != 0;
}

/// Each 16-bit lane of `x` (at most 255 × 255 + 128) divided by 255, rounded as pixman
/// rounds it: `(t + (t >> 8)) >> 8` with `t = x + 128`, as `(t × 257) >> 16`.
__attribute__((target("avx2"))) static inline __m256i divide_by_255(__m256i x) {
    return _mm256_mulhi_epu16(_mm256_adds_epu16(x, _mm256_set1_epi16(0x80)), _mm256_set1_epi16(0x101));
}

/// Eight source pixels (`source`, faded by `alpha` unless it is 255) OVER eight target pixels.
__attribute__((target("avx2"))) static inline __m256i over8(__m256i source, __m256i target, __m256i alpha, bool fades) {
    const __m256i zero = _mm256_setzero_si256();
    // The alpha byte of each pixel, copied to its four 16-bit lanes.
    const __m256i spread_alpha = _mm256_setr_epi8(
        6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15, 6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    __m256i source_low = _mm256_unpacklo_epi8(source, zero), source_high = _mm256_unpackhi_epi8(source, zero);
    if (fades) {
        source_low = divide_by_255(_mm256_mullo_epi16(source_low, alpha));
        source_high = divide_by_255(_mm256_mullo_epi16(source_high, alpha));
    }
    const __m256i all = _mm256_set1_epi16(0xFF);
    __m256i inverse_low = _mm256_xor_si256(_mm256_shuffle_epi8(source_low, spread_alpha), all);
    __m256i inverse_high = _mm256_xor_si256(_mm256_shuffle_epi8(source_high, spread_alpha), all);
    __m256i target_low = divide_by_255(_mm256_mullo_epi16(_mm256_unpacklo_epi8(target, zero), inverse_low));
    __m256i target_high = divide_by_255(_mm256_mullo_epi16(_mm256_unpackhi_epi8(target, zero), inverse_high));
    return _mm256_adds_epu8(_mm256_packus_epi16(source_low, source_high), _mm256_packus_epi16(target_low, target_high));
}

/// One row: `count` source pixels OVER as many target pixels.
__attribute__((target("avx2"))) static void over_row(
    const uint32_t *source, uint32_t *target, int32_t count, __m256i alpha, bool fades) {
    const __m256i colour_bits = _mm256_set1_epi32(0x00FFFFFF), ones = _mm256_set1_epi32(-1);
    int32_t x = 0;
    for (; x + 8 <= count; x += 8) {
        __m256i s = _mm256_loadu_si256((const __m256i *)(source + x));
        // Transparent pixels leave the target as it is.
        if (_mm256_testz_si256(s, s)) continue;
        // Opaque pixels, not faded, replace it.
        if (!fades && _mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_or_si256(s, colour_bits), ones)) == -1) {
            _mm256_storeu_si256((__m256i *)(target + x), s);
            continue;
        }
        __m256i t = _mm256_loadu_si256((const __m256i *)(target + x));
        _mm256_storeu_si256((__m256i *)(target + x), over8(s, t, alpha, fades));
    }
    if (x < count) {
        // The last one to seven pixels, read and written through a mask of lanes.
        __m256i lanes = _mm256_cmpgt_epi32(_mm256_set1_epi32(count - x), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        __m256i s = _mm256_maskload_epi32((const int *)(source + x), lanes);
        if (_mm256_testz_si256(s, s)) return;
        __m256i t = _mm256_maskload_epi32((const int *)(target + x), lanes);
        _mm256_maskstore_epi32((int *)(target + x), lanes, over8(s, t, alpha, fades));
    }
}

__attribute__((target("avx2"))) static void over_rows(
    const uint8_t *source, int32_t source_stride, uint8_t *target, int32_t target_stride, int32_t width, int32_t height,
    uint8_t alpha) {
    const __m256i alpha16 = _mm256_set1_epi16(alpha);
    const bool fades = alpha != 255;
    for (int32_t row = 0; row < height; row++) {
        over_row(
            (const uint32_t *)(source + (int64_t)row * source_stride), (uint32_t *)(target + (int64_t)row * target_stride),
            width, alpha16, fades);
    }
}

static int has_avx2 = -1;

bool lamina_compositor_has_wide_over(void) {
    // Racing first calls compute the same answer.
    int known = __atomic_load_n(&has_avx2, __ATOMIC_RELAXED);
    if (known < 0) {
        known = processor_has_avx2() ? 1 : 0;
        __atomic_store_n(&has_avx2, known, __ATOMIC_RELAXED);
    }
    return known == 1;
}

void lamina_compositor_use_wide_loops(bool use) {
    __atomic_store_n(&has_avx2, use && processor_has_avx2() ? 1 : 0, __ATOMIC_RELAXED);
}

#else

bool lamina_compositor_has_wide_over(void) { return false; }

void lamina_compositor_use_wide_loops(bool use) { (void)use; }

#endif

/// Whether `x`, `y`, `width`, `height` is a non-empty rectangle inside an image of `image_width` × `image_height`.
static bool inside(int32_t x, int32_t y, int32_t width, int32_t height, int32_t image_width, int32_t image_height) {
    return width > 0 && height > 0 && x >= 0 && y >= 0 && (int64_t)x + width <= image_width
        && (int64_t)y + height <= image_height;
}

bool lamina_composite_over(
    lamina_source_image source, int32_t source_x, int32_t source_y, lamina_target_image target, int32_t x, int32_t y,
    int32_t width, int32_t height, uint8_t alpha) {
    if (!lamina_compositor_has_wide_over()) return false;
    if (!inside(source_x, source_y, width, height, source.width, source.height)) return false;
    if (!inside(x, y, width, height, target.width, target.height)) return false;
    if (source.bytes_per_row % 4 != 0 || target.bytes_per_row % 4 != 0) return false;
#if LAMINA_WIDE_OVER
    const uint8_t *from = (const uint8_t *)source.pixels + (int64_t)source_y * source.bytes_per_row + (int64_t)source_x * 4;
    uint8_t *to = (uint8_t *)target.pixels + (int64_t)y * target.bytes_per_row + (int64_t)x * 4;
    over_rows(from, source.bytes_per_row, to, target.bytes_per_row, width, height, alpha);
    return true;
#else
    return false;
#endif
}
