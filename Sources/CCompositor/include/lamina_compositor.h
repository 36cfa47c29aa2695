#ifndef LAMINA_COMPOSITOR_H
#define LAMINA_COMPOSITOR_H

#include <stdbool.h>
#include <stdint.h>

/// A premultiplied ARGB32 image read by the compositor's loops.
typedef struct {
    const uint32_t *pixels;
    int32_t width;
    int32_t height;
    /// Bytes from one row to the next (a multiple of 4).
    int32_t bytes_per_row;
} lamina_source_image;

/// A premultiplied ARGB32 image written by the compositor's loops.
typedef struct {
    uint32_t *pixels;
    int32_t width;
    int32_t height;
    int32_t bytes_per_row;
} lamina_target_image;

/// An affine transform in 16.16 fixed point: rows `a b c` and `d e f` of pixman's matrix,
/// mapping `(x, y)` to `(a x + b y + c, d x + e y + f)`.
typedef struct {
    int32_t a, b, c;
    int32_t d, e, f;
} lamina_affine_fixed;

/// Composites `source` with OVER into the rectangle `x`, `y`, `width`, `height` of `target`,
/// seen through the affine transform `matrix` (device pixels to source pixels), filtered bilinearly, transparent
/// outside the source, multiplied by the constant `alpha` (255: none).
///
/// The pixels are exactly those pixman composites for the same source image (its transform
/// set to `matrix`, `PIXMAN_FILTER_BILINEAR`, no repeat), the same solid mask and
/// `PIXMAN_OP_OVER`. Returns false, writing nothing, for a rectangle outside the target or
/// coordinates that do not fit 16.16 fixed point.
bool lamina_composite_bilinear_affine_over(
    lamina_source_image source, lamina_target_image target, int32_t x, int32_t y, int32_t width, int32_t height,
    lamina_affine_fixed matrix, uint8_t alpha);

/// Composites the rectangle of `source` at `source_x`, `source_y` with OVER into the rectangle
/// `x`, `y`, `width`, `height` of `target` (the same size), multiplied by the constant `alpha`
/// (255: none), eight pixels at a time.
///
/// The pixels are exactly those pixman composites for the same source image at that offset,
/// a solid mask of that alpha (none for 255) and `PIXMAN_OP_OVER`. Returns false, writing
/// nothing, when the processor lacks AVX2 (see `lamina_compositor_has_wide_over`) or either
/// rectangle is empty or not inside its image.
bool lamina_composite_over(
    lamina_source_image source, int32_t source_x, int32_t source_y, lamina_target_image target, int32_t x, int32_t y,
    int32_t width, int32_t height, uint8_t alpha);

/// Composites the premultiplied ARGB32 `color` with OVER through the 8-bit alpha `mask`
/// (`mask_width` × `mask_height`, `mask_stride` bytes a row) into the rectangle `x`, `y`,
/// `width`, `height` of `target`, target pixel `(px, py)` reading the mask at
/// `(px + dx, py + dy)` (`dx`, `dy` in 16.16 fixed point), filtered bilinearly with 8-bit
/// weights, transparent outside the mask. Returns false, writing nothing, for a rectangle
/// outside the target or an empty mask.
bool lamina_composite_solid_through_moved_mask(
    const uint8_t *mask, int32_t mask_width, int32_t mask_height, int32_t mask_stride, lamina_target_image target,
    int32_t x, int32_t y, int32_t width, int32_t height, int32_t dx, int32_t dy, uint32_t color);

/// Whether this processor runs the compositor's wide loops (an x86-64 with AVX2):
/// `lamina_composite_over` needs them; `lamina_composite_bilinear_affine_over` uses them when
/// there, four pixels at a time, and goes a pixel at a time otherwise.
bool lamina_compositor_has_wide_over(void);

/// For tests comparing the wide loops with the portable ones: `false` makes every loop take
/// its portable path from now on; `true` restores the wide ones where the processor has them.
/// Not for use while another thread composites.
void lamina_compositor_use_wide_loops(bool use);

/// The smallest rectangle holding every pixel of the image that is not zero (premultiplied
/// ARGB32: not fully transparent), as `x0, y0, x1, y1` in `rect`. Returns false, leaving
/// `rect` as it was, when there is none (or the image is empty).
bool lamina_inked_rect(const uint32_t *pixels, int32_t width, int32_t height, int32_t bytes_per_row, int32_t rect[4]);

/// Whether the compositor's loops were compiled with optimisation (they are slower than pixman's
/// otherwise, and callers should prefer pixman).
bool lamina_compositor_is_optimized(void);

/// The compositing formulas Lamina draws itself (cairo and pixman have no operator for
/// them), with the raw values of QuartzCore's `CompositingFormula`.
enum {
    LAMINA_FORMULA_PLUS_DARKER = 0,
    LAMINA_FORMULA_MULTIPLY_COMPOSITING,
    LAMINA_FORMULA_MAXIMUM_COMPOSITING,
    LAMINA_FORMULA_MINIMUM_COMPOSITING,
    LAMINA_FORMULA_SUBTRACT,
    LAMINA_FORMULA_DIVIDE,
    LAMINA_FORMULA_LINEAR_BURN,
    LAMINA_FORMULA_LINEAR_DODGE,
    LAMINA_FORMULA_LINEAR_LIGHT,
    LAMINA_FORMULA_PIN_LIGHT,
    LAMINA_FORMULA_VIVID_LIGHT,
    LAMINA_FORMULA_HARD_MIX,
    LAMINA_FORMULA_DESTINATION,
};

/// Combines the rectangle of `source` at `source_x`, `source_y` (multiplied by the constant
/// `alpha`, 255: none) with the rectangle `x`, `y`, `width`, `height` of `target` (the same
/// size) by the compositing `formula` (a `LAMINA_FORMULA_…` value), in place. Target pixels
/// under transparent source pixels are left as they are. Returns false, writing nothing,
/// for an unknown formula or a rectangle that is empty or not inside its image.
bool lamina_composite_formula(
    lamina_source_image source, int32_t source_x, int32_t source_y, lamina_target_image target, int32_t x, int32_t y,
    int32_t width, int32_t height, uint8_t alpha, int32_t formula);

/// A layer whose whole appearance is a background colour, a border and rounded corners.
typedef struct {
    /// Layer space (the bounds' origin at 0, 0) to device pixels: `(a x + c y + tx, b x + d y + ty)`.
    double a, b, c, d, tx, ty;
    /// The bounds' size, in layer points.
    double width, height;
    /// The corner radius (clamped to half the shorter side), and which corners it rounds
    /// (CACornerMask bits: 1 min x min y, 2 max x min y, 4 min x max y, 8 max x max y).
    double radius;
    uint32_t corners;
    /// Nonzero: the corners follow Apple's continuous curve (three cubics a corner, leaving
    /// each side 1.528665 radii from the corner) where the sides leave room for it; quarter
    /// circles where they do not.
    uint32_t continuous;
    /// The border's width, in layer points, drawn inside the bounds.
    double border_width;
    /// The colours, premultiplied ARGB32 (0: not drawn), each with its part's opacity.
    uint32_t background, border;
    /// The opacity the two parts are composited with as one group (255: each part is
    /// composited on its own).
    uint32_t group_alpha;
} lamina_plain_layer;

/// Draws `layer` into the rectangle `x`, `y`, `width`, `height` of `target`: its background
/// filling its outline, then its border between the outline and the outline inset by the
/// border's width (its radius less the width), each a solid colour in a mask of exact area
/// coverage (arcs and curves drawn as chords within 0.005 pixel of them, the translation taken to 1/256
/// pixel as cairo's fixed-point coordinates take it), composited with OVER as pixman
/// composites a solid colour through an 8-bit mask. The coverage of a small layer is kept per
/// thread, by its transform's linear part, sub-pixel phase, size, radius, corners and border
/// width, so that a layer that only fades, changes colour or moves by whole pixels (and any
/// other layer of that geometry) is blended without being covered again. Returns false,
/// writing nothing, for a rectangle outside the target, a transform or size that is not
/// finite, a layer wider than 16,000 pixels inside the rectangle, or no memory.
bool lamina_draw_plain_layer(
    lamina_target_image target, int32_t x, int32_t y, int32_t width, int32_t height, const lamina_plain_layer *layer);

/// Writes the exact area coverage of `layer`'s outline (its bounds with its rounded corners;
/// its colours and border ignored) of each device pixel of the rectangle `x`, `y`, `width`,
/// `height` into `mask` (`width` bytes a row, as `lamina_draw_plain_layer` covers the
/// background), and into `full` (two per row) the device columns `from..<to` of the longest
/// run the outline covers wholly in that row (`x..<x` when none). Returns false for a
/// rectangle that is empty or negative, a transform or size that is not finite, a layer wider
/// than 16,000 pixels inside the rectangle, or no memory.
bool lamina_plain_layer_coverage(
    const lamina_plain_layer *layer, int32_t x, int32_t y, int32_t width, int32_t height, uint8_t *mask, int32_t *full);

/// A clip's coverage of the device pixels `x..<x + width`, `y..<y + height`: 8-bit coverages,
/// `width` bytes a row, and per row the columns `from..<to` it covers wholly (two values a
/// row), as `lamina_plain_layer_coverage` writes them.
typedef struct {
    const uint8_t *coverage;
    const int32_t *full;
    int32_t x, y, width, height;
} lamina_clip_coverage;

/// Target pixels kept while what a clip holds is drawn: those of device pixels
/// `x..<x + width`, `y..<y + height`, `width` pixels a row.
typedef struct {
    uint32_t *pixels;
    int32_t x, y, width, height;
} lamina_saved_pixels;

/// Keeps in `saved` the target's pixels of the rectangle `x`, `y`, `width`, `height` that the
/// clip does not cover wholly. Returns false, doing nothing, for a rectangle that is empty or
/// not inside the clip, the target and the saved pixels.
bool lamina_clip_save(
    const lamina_clip_coverage *clip, lamina_target_image target, lamina_saved_pixels saved, int32_t x, int32_t y,
    int32_t width, int32_t height);

/// Masks what was drawn into the rectangle `x`, `y`, `width`, `height` since
/// `lamina_clip_save` by the clip: each pixel the clip does not cover wholly becomes the
/// drawn pixel times its coverage plus the kept one times the rest (each product rounded as
/// pixman rounds it). Returns false, doing nothing, as `lamina_clip_save` does.
bool lamina_clip_restore(
    const lamina_clip_coverage *clip, lamina_target_image target, lamina_saved_pixels saved, int32_t x, int32_t y,
    int32_t width, int32_t height);

#endif
