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

#endif
