// Two C baselines for the render benchmark: the same scene of rounded, bordered,
// translucent layers drawn (a) by cairo in full every frame and (b) from bitmaps
// rasterised once and composited by pixman (the floor for a CPU compositor).
#ifndef RENDER_BASELINES_H
#define RENDER_BASELINES_H

#include <stdint.h>

/// One layer of the scene: its top-left corner (device pixels), rotation about its
/// centre (radians) and colour (0xAARRGGBB, straight alpha).
typedef struct {
    double x, y, angle;
    uint32_t background;
} baseline_item;

/// The appearance shared by every item.
typedef struct {
    int size;            // side in pixels (64)
    double corner_radius;
    double border_width;
    uint32_t border;     // 0xAARRGGBB
    double opacity;      // applied to the whole item
} baseline_style;

/// Clears `pixels` and draws every item with cairo, rotated when its angle is not 0.
/// Returns 0, or a cairo status code.
int baseline_cairo_frame(uint32_t *pixels, int width, int height, int stride, const baseline_item *items, int count,
                         const baseline_style *style);

/// Bitmaps of `count` items rasterised once by cairo; NULL when out of memory.
typedef struct baseline_bitmaps baseline_bitmaps;
baseline_bitmaps *baseline_bitmaps_create(const baseline_item *items, int count, const baseline_style *style);
void baseline_bitmaps_destroy(baseline_bitmaps *bitmaps);

/// Clears `pixels` and composites each item's bitmap with pixman OVER: at whole pixels,
/// or through a bilinear affine transform when its angle is not 0. Returns 0, or -1.
int baseline_pixman_frame(uint32_t *pixels, int width, int height, int stride, const baseline_item *items, int count,
                          const baseline_bitmaps *bitmaps);

/// One bitmap placed on the target: `a b c d tx ty` map bitmap pixels to target pixels
/// (x' = a x + c y + tx, y' = b x + d y + ty), composited with a constant `alpha` mask
/// when it is below 1.
typedef struct {
    double a, b, c, d, tx, ty;
    double alpha;
} baseline_placement;

/// How `baseline_pixman_placed_frame` samples a transformed bitmap.
typedef enum {
    /// Whole pixels: the translation rounded down, nearest filtering (the snapped floor).
    BASELINE_SNAPPED = 0,
    /// Exact: bilinear filtering at the sub-pixel transform (the sub-pixel-correct floor).
    BASELINE_BILINEAR = 1,
} baseline_sampling;

/// Clears `pixels` and composites bitmap i at `placements[i]` with pixman OVER, over the
/// target pixels its transformed square covers. Returns 0, or -1.
int baseline_pixman_placed_frame(uint32_t *pixels, int width, int height, int stride,
                                 const baseline_placement *placements, int count, const baseline_bitmaps *bitmaps,
                                 baseline_sampling sampling);

#endif
