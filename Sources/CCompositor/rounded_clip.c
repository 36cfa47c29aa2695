// A clip applied as coverage: the target's pixels under a clip's partly covered and
// uncovered pixels are kept before what the clip holds is drawn, and mixed back afterwards
// by each pixel's coverage (what was drawn in the coverage, what was there outside it), so
// that everything drawn inside the clip is masked by it once, as one group would be.

#include "lamina_compositor.h"

#include <string.h>

/// `x * a / 255`, rounded as pixman rounds it.
static inline uint32_t times(uint32_t x, uint32_t a) {
    const uint32_t t = x * a + 0x80;
    return ((t >> 8) + t) >> 8;
}

/// The pieces `from..<to` of row `y`'s columns `x..<x + width` outside the clip's wholly
/// covered span, as two pairs in `pieces` (each may be empty).
static inline void uncovered_pieces(const lamina_clip_coverage *clip, int32_t x, int32_t width, int32_t y, int32_t pieces[4]) {
    const int32_t *full = clip->full + 2 * (int64_t)(y - clip->y);
    const int32_t end = x + width;
    const int32_t f0 = full[0] < x ? x : full[0] > end ? end : full[0];
    const int32_t f1 = full[1] < f0 ? f0 : full[1] > end ? end : full[1];
    pieces[0] = x, pieces[1] = f0, pieces[2] = f1, pieces[3] = end;
}

/// Whether the rectangle is inside the clip's mask, the target and the saved pixels.
static bool fits(const lamina_clip_coverage *clip, lamina_target_image target, lamina_saved_pixels saved, int32_t x, int32_t y,
                 int32_t width, int32_t height) {
    return width > 0 && height > 0 && x >= 0 && y >= 0 && (int64_t)x + width <= target.width
        && (int64_t)y + height <= target.height && x >= clip->x && y >= clip->y
        && (int64_t)x + width <= (int64_t)clip->x + clip->width && (int64_t)y + height <= (int64_t)clip->y + clip->height
        && x >= saved.x && y >= saved.y && (int64_t)x + width <= (int64_t)saved.x + saved.width
        && (int64_t)y + height <= (int64_t)saved.y + saved.height && target.bytes_per_row % 4 == 0;
}

bool lamina_clip_save(
    const lamina_clip_coverage *clip, lamina_target_image target, lamina_saved_pixels saved, int32_t x, int32_t y,
    int32_t width, int32_t height) {
    if (!fits(clip, target, saved, x, y, width, height)) return false;
    for (int32_t row = y; row < y + height; row++) {
        const uint32_t *source = (const uint32_t *)((const uint8_t *)target.pixels + (int64_t)row * target.bytes_per_row);
        uint32_t *kept = saved.pixels + (int64_t)(row - saved.y) * saved.width - saved.x;
        int32_t pieces[4];
        uncovered_pieces(clip, x, width, row, pieces);
        for (int k = 0; k < 4; k += 2) {
            if (pieces[k + 1] > pieces[k]) memcpy(kept + pieces[k], source + pieces[k], (size_t)(pieces[k + 1] - pieces[k]) * 4);
        }
    }
    return true;
}

bool lamina_clip_restore(
    const lamina_clip_coverage *clip, lamina_target_image target, lamina_saved_pixels saved, int32_t x, int32_t y,
    int32_t width, int32_t height) {
    if (!fits(clip, target, saved, x, y, width, height)) return false;
    for (int32_t row = y; row < y + height; row++) {
        uint32_t *pixels = (uint32_t *)((uint8_t *)target.pixels + (int64_t)row * target.bytes_per_row);
        const uint32_t *kept = saved.pixels + (int64_t)(row - saved.y) * saved.width - saved.x;
        const uint8_t *mask = clip->coverage + (int64_t)(row - clip->y) * clip->width - clip->x;
        int32_t pieces[4];
        uncovered_pieces(clip, x, width, row, pieces);
        for (int k = 0; k < 4; k += 2) {
            for (int32_t px = pieces[k]; px < pieces[k + 1]; px++) {
                const uint32_t m = mask[px];
                if (m == 255) continue;
                if (m == 0) {
                    pixels[px] = kept[px];
                    continue;
                }
                const uint32_t drawn = pixels[px], before = kept[px];
                uint32_t mixed = 0;
                for (int shift = 0; shift < 32; shift += 8) {
                    uint32_t v = times((drawn >> shift) & 0xFF, m) + times((before >> shift) & 0xFF, 255 - m);
                    mixed |= (v > 255 ? 255 : v) << shift;
                }
                pixels[px] = mixed;
            }
        }
    }
    return true;
}
