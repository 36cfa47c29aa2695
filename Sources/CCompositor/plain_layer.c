// A layer whose whole appearance is a background colour, a border and rounded corners,
// drawn straight into the target at its exact affine transform, with no bitmap.
//
// The outline (and the border's inner outline) is a convex polygon in device space: the
// sides exactly, each corner's arc by chords within a small fraction of a pixel of it. Each
// polygon is rasterised with exact area coverage: every edge adds, to the cells of the rows
// it crosses, the signed area it covers to their right, and a running sum along a row gives
// each pixel's coverage. Between the cells an outline's edges touch, a row's coverage is
// constant: those runs are filled as spans of one colour (eight pixels at a time with
// AVX2), and only the cells along the edges are blended one by one. The arithmetic of a
// blend is pixman's (a solid colour in an 8-bit coverage mask, then OVER), so the wide and
// the portable paths give the same pixels.

#include "lamina_compositor.h"
#include "pixel_arithmetic.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#define LAMINA_WIDE_PLAIN 1
#include <immintrin.h>
#endif

// MARK: - Outlines

/// The most chords per quarter circle.
enum { most_chords = 64, most_points = 4 * (most_chords + 1) };

typedef struct {
    double x, y;
} point;

/// Whole numbers from `lo` to `hi`: cells an outline's edges touched in a row (`lo...hi`,
/// empty when lo > hi), or rows (`lo..<hi`).
typedef struct {
    int32_t lo, hi;
} range;

/// How far (device pixels) a chord may stray from the arc it stands for, either way.
static const double chord_tolerance = 0.005;

/// The chords a quarter circle of `device_radius` pixels is drawn with. Their ends lie a
/// little outside the arc (see `chord_radius`), so each chord strays as far outside the
/// arc near its ends as inside it in its middle: r (1 − cos(θ / 2)) / 2 for the angle θ.
static int chords_for(double device_radius) {
    if (!(device_radius > chord_tolerance)) return 1;
    double angle = 2 * acos(1 - 2 * chord_tolerance / device_radius);
    int count = (int)ceil((M_PI / 2) / angle);
    return count < 1 ? 1 : count > most_chords ? most_chords : count;
}

/// The radius the ends of `chords` chords of a quarter circle of `radius` lie on: their
/// middles as far inside the arc as their ends are outside it.
static double chord_radius(double radius, int chords) {
    const double half = cos((M_PI / 4) / chords);
    return 2 * radius / (1 + half);
}

/// The largest whole number at most `x` (finite, within 32 bits), without a library call.
static inline int32_t floor_int(double x) {
    int32_t i = (int32_t)x;
    return i - (x < i);
}

/// The smallest whole number at least `x`.
static inline int32_t ceil_int(double x) {
    int32_t i = (int32_t)x;
    return i + (x > i);
}

/// Appends to `points` the outline of the rectangle `x0, y0, x1, y1` (layer space) with
/// the rounded `corners` (CACornerMask bits) of `radius`, mapped to device space, in the
/// order the layer's path goes (top left, top right, bottom right, bottom left). Returns
/// the number of points.
static int outline(
    const lamina_plain_layer *layer, double x0, double y0, double x1, double y1, double radius, point *points) {
    const double a = layer->a, b = layer->b, c = layer->c, d = layer->d, tx = layer->tx, ty = layer->ty;
    const double scale = fmax(hypot(a, b), hypot(c, d));
    const int chords = chords_for(radius * scale);
    const double ends = chord_radius(radius, chords);
    const double step_cosine = cos((M_PI / 2) / chords), step_sine = sin((M_PI / 2) / chords);
    // Corner: its bit, the arc's centre and its starting angle (the path turns clockwise
    // in layer space, y down).
    const struct {
        uint32_t bit;
        double cx, cy, start;
        double px, py;
    } corners[4] = {
        {1, x0 + radius, y0 + radius, M_PI, x0, y0},
        {2, x1 - radius, y0 + radius, 1.5 * M_PI, x1, y0},
        {8, x1 - radius, y1 - radius, 0, x1, y1},
        {4, x0 + radius, y1 - radius, 0.5 * M_PI, x0, y1},
    };
    int count = 0;
    for (int k = 0; k < 4; k++) {
        if (radius > 0 && (layer->corners & corners[k].bit)) {
            // From the quarter's start (a multiple of a quarter turn: exact), each point the
            // one before turned by a chord's angle; the end exactly.
            const double start_cosine = round(cos(corners[k].start)), start_sine = round(sin(corners[k].start));
            double cosine = start_cosine, sine = start_sine;
            for (int i = 0; i <= chords; i++) {
                if (i == chords) cosine = -start_sine, sine = start_cosine;
                // The quarter's first and last points are on the sides, the others just
                // outside the arc.
                const double r = i == 0 || i == chords ? radius : ends;
                double lx = corners[k].cx + r * cosine, ly = corners[k].cy + r * sine;
                points[count++] = (point){a * lx + c * ly + tx, b * lx + d * ly + ty};
                const double turned = cosine * step_cosine - sine * step_sine;
                sine = sine * step_cosine + cosine * step_sine;
                cosine = turned;
            }
        } else {
            double lx = corners[k].px, ly = corners[k].py;
            points[count++] = (point){a * lx + c * ly + tx, b * lx + d * ly + ty};
        }
    }
    return count;
}

// MARK: - Exact area coverage

/// One outline's coverage being accumulated over a strip of rows: per cell, the signed area
/// its edges add; per row, the cells the edges going down and going up touch.
typedef struct {
    float *cells;
    int32_t columns;  // cells per row: the strip's width + 2
    int32_t *touched; // per row: lowest and highest cell touched going down, then going up
} accumulation;

/// Adds the edge from `p` to `q` (strip coordinates: x from the strip's left, y from its
/// top row), inside x `0...width` and rows `0..<rows`, to `acc`: the signed area it covers to
/// the right of it in each cell it crosses.
static void add_edge(accumulation *acc, point p, point q, double width, int32_t rows, int32_t skip_from, int32_t skip_to) {
    if (p.y == q.y) return;
    const double direction = p.y < q.y ? 1 : -1;
    const int side = p.y < q.y ? 0 : 2;
    if (p.y > q.y) {
        point t = p;
        p = q;
        q = t;
    }
    if (q.y <= 0 || p.y >= rows) return;
    const double slope = (q.x - p.x) / (q.y - p.y);
    // Clipped to the strip's rows.
    if (p.y < 0) {
        p.x += slope * (0 - p.y);
        p.y = 0;
    }
    if (q.y > rows) {
        q.x -= slope * (q.y - rows);
        q.y = rows;
    }
    int32_t row = floor_int(p.y);
    double x = p.x, y = p.y;
    while (y < q.y && row < rows) {
        if (row >= skip_from && row < skip_to) {
            // Rows drawn as copies of the one before: nothing to add.
            const double resume = fmin((double)skip_to, q.y);
            x = resume >= q.y ? q.x : x + slope * (resume - y);
            y = resume;
            row = skip_to;
            continue;
        }
        double next_y = fmin(row + 1.0, q.y);
        double dy = next_y - y;
        double next_x = row + 1.0 >= q.y ? q.x : x + slope * dy;
        // Left of the strip the edge covers whole cells, right of it none: x is clamped
        // (the coverage of the cells inside does not change).
        double left = fmin(x, next_x), right = fmax(x, next_x);
        left = fmin(fmax(left, 0), width);
        right = fmin(fmax(right, 0), width);
        float *cells = acc->cells + (int64_t)row * acc->columns;
        int32_t *touched = acc->touched + row * 4 + side;
        const double area = dy * direction;
        int32_t first = floor_int(left), last;
        if (right - first <= 1) {
            // Within one cell: its share right of the edge's middle, the rest to the next.
            double middle = 0.5 * (left + right) - first;
            cells[first] += (float)(area * (1 - middle));
            cells[first + 1] += (float)(area * middle);
            last = first + 1;
        } else {
            // Across cells: the area grows with x under the edge, linearly between its ends.
            const double inverse = 1 / (right - left);
            const double left_fraction = left - first;
            last = ceil_int(right);
            const double right_fraction = right - last + 1;
            const double first_area = 0.5 * inverse * (1 - left_fraction) * (1 - left_fraction);
            const double last_area = 0.5 * inverse * right_fraction * right_fraction;
            cells[first] += (float)(area * first_area);
            if (last == first + 2) {
                cells[first + 1] += (float)(area * (1 - first_area - last_area));
            } else {
                const double second = inverse * (1.5 - left_fraction);
                cells[first + 1] += (float)(area * (second - first_area));
                for (int32_t i = first + 2; i < last - 1; i++) cells[i] += (float)(area * inverse);
                const double before_last = second + (last - first - 3) * inverse;
                cells[last - 1] += (float)(area * (1 - before_last - last_area));
            }
            cells[last] += (float)(area * last_area);
        }
        if (first < touched[0]) touched[0] = first;
        if (last > touched[1]) touched[1] = last;
        x = next_x;
        y = next_y;
        row++;
    }
}

/// Adds every edge of the closed polygon `points` (device space) to `acc`, for the strip
/// whose top left device pixel is `left`, `top`, but for its rows `skip_from..<skip_to`.
static void add_polygon(
    accumulation *acc, const point *points, int count, int32_t left, int32_t top, double width, int32_t rows,
    int32_t skip_from, int32_t skip_to) {
    for (int i = 0; i < count; i++) {
        point p = points[i], q = points[(i + 1) % count];
        p.x -= left, p.y -= top, q.x -= left, q.y -= top;
        add_edge(acc, p, q, width, rows, skip_from, skip_to);
    }
}

/// The device rows (`from..<to`) an upright layer's outline crosses with its straight left
/// and right sides only (and so does its inner outline): each is covered as the one before.
static range repeated_rows(const lamina_plain_layer *layer, double r, double bw, bool has_inner) {
    range none = {0, 0};
    if (layer->b != 0 || layer->c != 0 || layer->d == 0) return none;
    const uint32_t corners = layer->corners;
    // The sides' ends in layer points: below the top corners' arcs, above the bottom ones'.
    const double top_radius = (corners & 3) ? r : 0, bottom_radius = (corners & 12) ? r : 0;
    double from = top_radius, to = layer->height - bottom_radius;
    if (has_inner) {
        const double inner = fmax(r - bw, 0);
        from = fmax(from, bw + ((corners & 3) ? inner : 0));
        to = fmin(to, layer->height - bw - ((corners & 12) ? inner : 0));
    }
    double y0 = layer->d * from + layer->ty, y1 = layer->d * to + layer->ty;
    if (y0 > y1) {
        double t = y0;
        y0 = y1;
        y1 = t;
    }
    if (!(y0 > -1e9 && y1 < 1e9)) return none;
    // A row's margin either way, for rounding.
    range rows = {ceil_int(y0) + 1, floor_int(y1) - 1};
    return rows.lo < rows.hi ? rows : none;
}

/// One piece of a row as drawn: a run of constant coverage, or up to eight pixels with
/// their own masks.
typedef struct {
    int32_t at, count;
    bool is_run;
    float outer, inner;
    uint32_t outer_masks[8], ring_masks[8];
} row_piece;

enum { most_row_pieces = 16 };

/// An 8-bit coverage from an accumulated area (either winding).
static inline uint32_t coverage8(float area) {
    float a = fabsf(area);
    return a >= 1 ? 255 : (uint32_t)(a * 255 + 0.5f);
}

// MARK: - Blending

/// `colour` (premultiplied ARGB32) multiplied by `mask`, rounded as pixman rounds it.
static inline uint32_t in_mask(uint32_t colour, uint32_t mask) {
    return mask == 255 ? colour : mask == 0 ? 0 : multiply_pixel(colour, mask);
}

#if LAMINA_WIDE_PLAIN
/// `count` target pixels under the constant `source` (not opaque), eight at a time.
__attribute__((target("avx2"))) static void over_span_wide(uint32_t source, uint32_t *target, int32_t count) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i inverse = _mm256_set1_epi16((short)(255 - (source >> 24)));
    const __m256i s = _mm256_set1_epi32((int)source);
    const __m256i round = _mm256_set1_epi16(0x80), by257 = _mm256_set1_epi16(0x101);
    int32_t x = 0;
    for (; x + 8 <= count; x += 8) {
        __m256i t = _mm256_loadu_si256((const __m256i *)(target + x));
        __m256i low = _mm256_mullo_epi16(_mm256_unpacklo_epi8(t, zero), inverse);
        __m256i high = _mm256_mullo_epi16(_mm256_unpackhi_epi8(t, zero), inverse);
        low = _mm256_mulhi_epu16(_mm256_adds_epu16(low, round), by257);
        high = _mm256_mulhi_epu16(_mm256_adds_epu16(high, round), by257);
        _mm256_storeu_si256((__m256i *)(target + x), _mm256_adds_epu8(_mm256_packus_epi16(low, high), s));
    }
    for (; x < count; x++) target[x] = over_pixel(source, target[x]);
}
#endif

/// `count` target pixels under the constant `source`.
static void over_span(uint32_t source, uint32_t *target, int32_t count) {
    if (source == 0 || count <= 0) return;
    if (source >> 24 == 255) {
        for (int32_t x = 0; x < count; x++) target[x] = source;
        return;
    }
#if LAMINA_WIDE_PLAIN
    if (count >= 8 && lamina_compositor_has_wide_over()) return over_span_wide(source, target, count);
#endif
    for (int32_t x = 0; x < count; x++) target[x] = over_pixel(source, target[x]);
}

/// Blends one pixel or a run of `count` pixels with constant coverages.
static inline void blend_run(
    const lamina_plain_layer *layer, uint32_t *target, int32_t count, float outer, float inner, bool has_inner) {
    const uint32_t outer8 = coverage8(outer);
    if (outer8 == 0) return;
    const uint32_t ring8 = layer->border ? (has_inner ? coverage8(fabsf(outer) - fabsf(inner)) : outer8) : 0;
    const uint32_t background = in_mask(layer->background, outer8), border = in_mask(layer->border, ring8);
    if (layer->group_alpha != 255) {
        // The parts drawn together into a group, composited with its opacity.
        uint32_t group = border ? over_pixel(border, background) : background;
        over_span(in_mask(group, layer->group_alpha), target, count);
        return;
    }
    over_span(background, target, count);
    over_span(border, target, count);
}

/// One pixel with its own coverages (8-bit masks of the outline and of the border's ring).
static inline uint32_t blend_pixel(const lamina_plain_layer *layer, uint32_t target, uint32_t outer8, uint32_t ring8) {
    const uint32_t background = in_mask(layer->background, outer8), border = in_mask(layer->border, ring8);
    if (layer->group_alpha != 255) return over_pixel(in_mask(over_pixel(border, background), layer->group_alpha), target);
    return over_pixel(border, over_pixel(background, target));
}

#if LAMINA_WIDE_PLAIN
/// Each 16-bit lane divided by 255 as pixman rounds it.
__attribute__((target("avx2"))) static inline __m256i divide_255(__m256i x) {
    return _mm256_mulhi_epu16(_mm256_adds_epu16(x, _mm256_set1_epi16(0x80)), _mm256_set1_epi16(0x101));
}

/// The 16-bit lanes of `source` OVER those of `target` (unpacked the same way).
__attribute__((target("avx2"))) static inline __m256i over16(__m256i source, __m256i target) {
    const __m256i spread_alpha = _mm256_setr_epi8(
        6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15, 6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    const __m256i inverse = _mm256_xor_si256(_mm256_shuffle_epi8(source, spread_alpha), _mm256_set1_epi16(0xFF));
    // Saturated as pixman's 8-bit sum is.
    return _mm256_min_epu16(_mm256_add_epi16(source, divide_255(_mm256_mullo_epi16(target, inverse))), _mm256_set1_epi16(0xFF));
}

/// Up to eight pixels, each with its own masks (`outer`, `ring`: an 8-bit mask copied to
/// the four bytes of a word per pixel), blended as `blend_pixel` blends them.
__attribute__((target("avx2"))) static void blend_pixels_wide(
    const lamina_plain_layer *layer, uint32_t *target, int32_t count, const uint32_t *outer, const uint32_t *ring) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i lanes = _mm256_cmpgt_epi32(_mm256_set1_epi32(count), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    const __m256i t = _mm256_maskload_epi32((const int *)target, lanes);
    const __m256i o = _mm256_loadu_si256((const __m256i *)outer), r = _mm256_loadu_si256((const __m256i *)ring);
    const __m256i background = _mm256_set1_epi32((int)layer->background), border = _mm256_set1_epi32((int)layer->border);
    __m256i halves[2];
    for (int h = 0; h < 2; h++) {
        __m256i target16 = h ? _mm256_unpackhi_epi8(t, zero) : _mm256_unpacklo_epi8(t, zero);
        __m256i outer16 = h ? _mm256_unpackhi_epi8(o, zero) : _mm256_unpacklo_epi8(o, zero);
        __m256i ring16 = h ? _mm256_unpackhi_epi8(r, zero) : _mm256_unpacklo_epi8(r, zero);
        __m256i fill = divide_255(_mm256_mullo_epi16(h ? _mm256_unpackhi_epi8(background, zero) : _mm256_unpacklo_epi8(background, zero), outer16));
        __m256i edge = divide_255(_mm256_mullo_epi16(h ? _mm256_unpackhi_epi8(border, zero) : _mm256_unpacklo_epi8(border, zero), ring16));
        if (layer->group_alpha != 255) {
            __m256i group = divide_255(_mm256_mullo_epi16(over16(edge, fill), _mm256_set1_epi16((short)layer->group_alpha)));
            halves[h] = over16(group, target16);
        } else {
            halves[h] = over16(edge, over16(fill, target16));
        }
    }
    _mm256_maskstore_epi32((int *)target, lanes, _mm256_packus_epi16(halves[0], halves[1]));
}
#endif

/// `count` pixels, each with its own masks (as `blend_pixels_wide` takes them).
static void blend_pixels(
    const lamina_plain_layer *layer, uint32_t *target, int32_t count, const uint32_t *outer, const uint32_t *ring) {
#if LAMINA_WIDE_PLAIN
    if (lamina_compositor_has_wide_over()) {
        for (int32_t x = 0; x < count; x += 8) blend_pixels_wide(layer, target + x, count - x < 8 ? count - x : 8, outer + x, ring + x);
        return;
    }
#endif
    for (int32_t x = 0; x < count; x++) target[x] = blend_pixel(layer, target[x], outer[x] & 0xFF, ring[x] & 0xFF);
}

// MARK: - Drawing

/// Cells per outline in one strip (the strip has as many rows as fit).
enum { strip_cells = 1 << 15 };

/// Per thread: two outlines' cells (kept zero between calls) and touched ranges.
typedef struct {
    float cells[2][strip_cells];
    int32_t touched[2][strip_cells / 2 * 4];
} scratch;

static pthread_key_t scratch_key;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;

static void make_scratch_key(void) { pthread_key_create(&scratch_key, free); }

/// This thread's scratch space, made (zeroed) on first use; nil if it cannot be allocated.
static scratch *thread_scratch(void) {
    pthread_once(&scratch_once, make_scratch_key);
    scratch *space = pthread_getspecific(scratch_key);
    if (space) return space;
    space = calloc(1, sizeof(scratch));
    if (space && pthread_setspecific(scratch_key, space) != 0) {
        free(space);
        return NULL;
    }
    return space;
}

bool lamina_draw_plain_layer(
    lamina_target_image target, int32_t x, int32_t y, int32_t width, int32_t height, const lamina_plain_layer *layer) {
    if (width <= 0 || height <= 0 || x < 0 || y < 0 || (int64_t)x + width > target.width
        || (int64_t)y + height > target.height || target.bytes_per_row % 4 != 0)
        return false;
    if (!(layer->width > 0 && layer->height > 0)) return true;
    const double transform[6] = {layer->a, layer->b, layer->c, layer->d, layer->tx, layer->ty};
    for (int i = 0; i < 6; i++) {
        if (!isfinite(transform[i])) return false;
    }
    if (!isfinite(layer->width) || !isfinite(layer->height) || !isfinite(layer->radius)
        || !isfinite(layer->border_width))
        return false;
    if (layer->background == 0 && layer->border == 0) return true;

    point outer[most_points], inner[most_points];
    const double w = layer->width, h = layer->height, r = fmax(0, fmin(layer->radius, fmin(w, h) / 2));
    const int outer_count = outline(layer, 0, 0, w, h, r, outer);
    // The border fills the outline when it is as wide as half the shorter side.
    const double bw = layer->border_width;
    const bool has_inner = layer->border != 0 && bw > 0 && bw * 2 < fmin(w, h);
    lamina_plain_layer drawn_layer = *layer;
    if (!(layer->border != 0 && bw > 0)) drawn_layer.border = 0;
    const int inner_count = has_inner ? outline(layer, bw, bw, w - bw, h - bw, fmax(r - bw, 0), inner) : 0;

    // The rows and columns the outline reaches, inside the rectangle.
    double min_x = outer[0].x, max_x = outer[0].x, min_y = outer[0].y, max_y = outer[0].y;
    for (int i = 1; i < outer_count; i++) {
        min_x = fmin(min_x, outer[i].x), max_x = fmax(max_x, outer[i].x);
        min_y = fmin(min_y, outer[i].y), max_y = fmax(max_y, outer[i].y);
    }
    const int32_t left = (int32_t)fmax(x, floor(min_x)), right = (int32_t)fmin((double)x + width, ceil(max_x));
    const int32_t top = (int32_t)fmax(y, floor(min_y)), bottom = (int32_t)fmin((double)y + height, ceil(max_y));
    if (left >= right || top >= bottom) return true;
    const int32_t columns = right - left + 2;
    if (columns > strip_cells / 2) return false;
    scratch *space = thread_scratch();
    if (!space) return false;
    const int32_t strip_rows = strip_cells / columns < strip_cells / 2 ? strip_cells / columns : strip_cells / 2;
    // Rows covered alike: the first drawn and kept, the others drawn from it.
    range repeated = repeated_rows(layer, r, bw, has_inner);
    if (repeated.lo < top) repeated.lo = top;
    if (repeated.hi > bottom) repeated.hi = bottom;
    row_piece pieces[most_row_pieces];
    int piece_count = -1;

    for (int32_t strip = top; strip < bottom; strip += strip_rows) {
        const int32_t rows = bottom - strip < strip_rows ? bottom - strip : strip_rows;
        accumulation accs[2] = {
            {space->cells[0], columns, space->touched[0]},
            {space->cells[1], columns, space->touched[1]},
        };
        for (int k = 0; k < 2; k++) {
            for (int32_t i = 0; i < rows; i++) {
                int32_t *t = accs[k].touched + i * 4;
                t[0] = t[2] = INT32_MAX;
                t[1] = t[3] = -1;
            }
        }
        const int32_t skip_from = repeated.lo + 1 - strip, skip_to = repeated.hi - strip;
        add_polygon(&accs[0], outer, outer_count, left, strip, right - left, rows, skip_from, skip_to);
        if (has_inner) add_polygon(&accs[1], inner, inner_count, left, strip, right - left, rows, skip_from, skip_to);

        for (int32_t row = 0; row < rows; row++) {
            uint32_t *pixels = (uint32_t *)((uint8_t *)target.pixels + (int64_t)(strip + row) * target.bytes_per_row) + left;
            if (row >= skip_from && row < skip_to && piece_count >= 0) {
                for (int i = 0; i < piece_count; i++) {
                    const row_piece *piece = &pieces[i];
                    if (piece->is_run) {
                        blend_run(&drawn_layer, pixels + piece->at, piece->count, piece->outer, piece->inner, has_inner);
                    } else {
                        blend_pixels(&drawn_layer, pixels + piece->at, piece->count, piece->outer_masks, piece->ring_masks);
                    }
                }
                continue;
            }
            // The row repeated below is kept as it is drawn.
            const bool keeps = strip + row == repeated.lo;
            if (keeps) piece_count = 0;
            // The cells edges touched, as up to four disjoint ranges in order.
            range zones[4];
            int zone_count = 0;
            for (int k = 0; k < (has_inner ? 2 : 1); k++) {
                const int32_t *t = accs[k].touched + row * 4;
                for (int s = 0; s < 2; s++) {
                    if (t[2 * s] <= t[2 * s + 1]) zones[zone_count++] = (range){t[2 * s], t[2 * s + 1]};
                }
            }
            // Sorted and merged.
            for (int i = 1; i < zone_count; i++) {
                for (int j = i; j > 0 && zones[j].lo < zones[j - 1].lo; j--) {
                    range t = zones[j];
                    zones[j] = zones[j - 1];
                    zones[j - 1] = t;
                }
            }
            int merged = 0;
            for (int i = 0; i < zone_count; i++) {
                if (merged > 0 && zones[i].lo <= zones[merged - 1].hi + 1) {
                    if (zones[i].hi > zones[merged - 1].hi) zones[merged - 1].hi = zones[i].hi;
                } else {
                    zones[merged++] = zones[i];
                }
            }
            float *outer_cells = accs[0].cells + (int64_t)row * columns, *inner_cells = accs[1].cells + (int64_t)row * columns;
            float outer_sum = 0, inner_sum = 0;
            int32_t at = 0;
            const int32_t visible = right - left;
            for (int i = 0; i < merged; i++) {
                // Constant coverage up to the zone.
                int32_t run_end = zones[i].lo < visible ? zones[i].lo : visible;
                if (run_end > at) {
                    blend_run(&drawn_layer, pixels + at, run_end - at, outer_sum, inner_sum, has_inner);
                    if (keeps && piece_count >= 0 && piece_count < most_row_pieces) {
                        pieces[piece_count++] = (row_piece){.at = at, .count = run_end - at, .is_run = true, .outer = outer_sum, .inner = inner_sum};
                    } else if (keeps) {
                        piece_count = -1;
                    }
                }
                // The zone's cells, eight at a time: their masks, then one blend.
                for (int32_t chunk = zones[i].lo; chunk <= zones[i].hi; chunk += 8) {
                    uint32_t outer_masks[8] = {0}, ring_masks[8] = {0};
                    const int32_t end = chunk + 8 <= zones[i].hi + 1 ? chunk + 8 : zones[i].hi + 1;
                    for (int32_t cell = chunk; cell < end; cell++) {
                        outer_sum += outer_cells[cell];
                        outer_cells[cell] = 0;
                        if (has_inner) {
                            inner_sum += inner_cells[cell];
                            inner_cells[cell] = 0;
                        }
                        const uint32_t outer8 = coverage8(outer_sum);
                        const uint32_t ring8 = !drawn_layer.border ? 0
                            : has_inner                            ? coverage8(fabsf(outer_sum) - fabsf(inner_sum))
                                                                   : outer8;
                        outer_masks[cell - chunk] = outer8 * 0x01010101u;
                        ring_masks[cell - chunk] = ring8 * 0x01010101u;
                    }
                    const int32_t shown = (end < visible ? end : visible) - chunk;
                    if (shown > 0) {
                        blend_pixels(&drawn_layer, pixels + chunk, shown, outer_masks, ring_masks);
                        if (keeps && piece_count >= 0 && piece_count < most_row_pieces) {
                            row_piece *piece = &pieces[piece_count++];
                            *piece = (row_piece){.at = chunk, .count = shown, .is_run = false};
                            memcpy(piece->outer_masks, outer_masks, sizeof outer_masks);
                            memcpy(piece->ring_masks, ring_masks, sizeof ring_masks);
                        } else if (keeps) {
                            piece_count = -1;
                        }
                    }
                }
                at = zones[i].hi + 1;
            }
            // Nothing is covered after the last edge (its sum is back to zero).
        }
    }
    return true;
}
