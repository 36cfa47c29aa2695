// A layer whose whole appearance is a background colour, a border and rounded corners,
// drawn straight into the target at its exact affine transform, with no bitmap.
//
// The outline (and the border's inner outline) is a convex polygon in device space: the
// sides exactly, each corner's arc by chords within a small fraction of a pixel of it. Each
// polygon is rasterised with exact area coverage: every edge adds, to the cells of the rows
// it crosses, the signed area it covers to their right, and a running sum along a row gives
// each pixel's coverage. Between the cells an outline's edges touch, a row's coverage is
// constant. The coverage becomes a row program: per row, runs of one coverage and the
// edge cells' own coverages, rows an upright layer's straight sides cross sharing the
// segments of the first. The program holds no colour, so it is kept per thread (a compact
// copy, enough of them for every sub-pixel phase of a layer moving along one axis), keyed by
// the layer's geometry and sub-pixel phase, and a layer that fades, changes colour or moves
// by whole pixels is blended from it without being covered again. Blending fills runs as
// spans of one colour (eight pixels at a time with AVX2, fewer with SSE2) and the edge cells
// eight at a time; rows that share their segments get their colours computed once and are
// blended together, segment by segment down the rows (runs eight pixels at a time, the last
// few through a mask; edge cells four and two at a time with SSE2). The arithmetic of a
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

/// How a quarter circle of a radius is drawn at a scale: its chords, the radius their ends
/// lie on, and the turn of one chord.
typedef struct {
    double radius, scale;
    int chords;
    double ends, step_cosine, step_sine;
} arc_steps;

/// The steps of a quarter circle of `radius` at `scale`: computed once for the last two
/// radii and scales a thread asked for (a layer's outline and its border's inner outline).
static arc_steps steps_for(double radius, double scale) {
    static _Thread_local arc_steps known[2];
    static _Thread_local int next;
    for (int i = 0; i < 2; i++) {
        if (known[i].chords > 0 && known[i].radius == radius && known[i].scale == scale) return known[i];
    }
    arc_steps steps = {.radius = radius, .scale = scale, .chords = chords_for(radius * scale)};
    steps.ends = chord_radius(radius, steps.chords);
    steps.step_cosine = cos((M_PI / 2) / steps.chords), steps.step_sine = sin((M_PI / 2) / steps.chords);
    known[next] = steps;
    next ^= 1;
    return steps;
}

/// How many radii from its corner a continuous corner leaves each side (Apple's
/// `cornerCurveExpansionFactor` for `.continuous`).
static const double continuous_extent = 1.528665;

/// Whether continuous corners of `radius` fit a rectangle of `width × height`: each needs
/// `continuous_extent` radii of both its sides (else quarter circles are drawn).
static bool continuous_fits(double radius, double width, double height) {
    return radius > 0 && radius * continuous_extent <= fmin(width, height) / 2;
}

/// The cubics of one continuous corner, in radii from the corner along the side the path
/// comes from and along the side it goes to: from (continuous_extent, 0), each as its two
/// control points and its end (the published measurements of Apple's curve).
static const double continuous_cubics[3][3][2] = {
    {{1.088493, 0}, {0.868407, 0}, {0.631494, 0.074911}},
    {{0.372824, 0.169059}, {0.169059, 0.372824}, {0.074911, 0.631494}},
    {{0, 0.868407}, {0, 1.088493}, {0, continuous_extent}},
};

/// Appends the continuous corner at (`px`, `py`) of `radius` (layer space), reached along the
/// side in direction −`back` and left along `forward` (unit vectors), mapped to device space
/// by `layer`, as chords of each cubic within `chord_tolerance` of it (a cubic's chords of n
/// equal steps stray at most an eighth of its second difference's bound over n²). Returns
/// the number of points.
static int continuous_corner(
    const lamina_plain_layer *layer, double px, double py, double back_x, double back_y, double forward_x, double forward_y,
    double radius, double scale, point *points) {
    const double a = layer->a, b = layer->b, c = layer->c, d = layer->d, tx = layer->tx, ty = layer->ty;
    int count = 0;
    double from[2] = {continuous_extent, 0};
    for (int k = 0; k < 3; k++) {
        const double *c1 = continuous_cubics[k][0], *c2 = continuous_cubics[k][1], *end = continuous_cubics[k][2];
        // The second differences of the control points bound the curve's second derivative (× 6).
        double bend = 0;
        for (int axis = 0; axis < 2; axis++) {
            bend = fmax(bend, fabs(from[axis] - 2 * c1[axis] + c2[axis]));
            bend = fmax(bend, fabs(c1[axis] - 2 * c2[axis] + end[axis]));
        }
        const double device_bend = 6 * bend * radius * scale * sqrt(2);
        int steps = (int)ceil(sqrt(device_bend / (8 * chord_tolerance)));
        steps = steps < 1 ? 1 : steps > most_chords / 3 ? most_chords / 3 : steps;
        for (int i = k == 0 ? 0 : 1; i <= steps; i++) {
            const double t = (double)i / steps, u = 1 - t;
            const double w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t;
            const double along = w0 * from[0] + w1 * c1[0] + w2 * c2[0] + w3 * end[0];
            const double across = w0 * from[1] + w1 * c1[1] + w2 * c2[1] + w3 * end[1];
            const double lx = px + radius * (along * back_x + across * forward_x);
            const double ly = py + radius * (along * back_y + across * forward_y);
            points[count++] = (point){a * lx + c * ly + tx, b * lx + d * ly + ty};
        }
        from[0] = end[0], from[1] = end[1];
    }
    return count;
}

/// Appends to `points` the outline of the rectangle `x0, y0, x1, y1` (layer space) with
/// the rounded `corners` (CACornerMask bits) of `radius` — continuous ones when the layer
/// asks for them and they fit — mapped to device space, in the order the layer's path goes
/// (top left, top right, bottom right, bottom left). Returns the number of points.
static int outline(
    const lamina_plain_layer *layer, double x0, double y0, double x1, double y1, double radius, point *points) {
    const double a = layer->a, b = layer->b, c = layer->c, d = layer->d, tx = layer->tx, ty = layer->ty;
    if (layer->continuous && continuous_fits(radius, x1 - x0, y1 - y0)) {
        const double scale = fmax(hypot(a, b), hypot(c, d));
        // Each corner: its bit, where it is, and the directions back along the side the path
        // comes from and on along the one it goes to (clockwise in layer space, y down).
        const struct {
            uint32_t bit;
            double px, py, back_x, back_y, forward_x, forward_y;
        } corners[4] = {
            {1, x0, y0, 0, 1, 1, 0},
            {2, x1, y0, -1, 0, 0, 1},
            {8, x1, y1, 0, -1, -1, 0},
            {4, x0, y1, 1, 0, 0, -1},
        };
        int count = 0;
        for (int k = 0; k < 4; k++) {
            if (layer->corners & corners[k].bit) {
                count += continuous_corner(
                    layer, corners[k].px, corners[k].py, corners[k].back_x, corners[k].back_y, corners[k].forward_x,
                    corners[k].forward_y, radius, scale, points + count);
            } else {
                points[count++] = (point){a * corners[k].px + c * corners[k].py + tx, b * corners[k].px + d * corners[k].py + ty};
            }
        }
        return count;
    }
    const arc_steps steps = steps_for(radius, fmax(hypot(a, b), hypot(c, d)));
    const int chords = steps.chords;
    const double ends = steps.ends, step_cosine = steps.step_cosine, step_sine = steps.step_sine;
    // Corner: its bit, the arc's centre and the cosine and sine of its starting angle (a
    // whole number of quarter turns: π, 3π/2, 0, π/2; the path turns clockwise in layer
    // space, y down).
    const struct {
        uint32_t bit;
        double cx, cy, start_cosine, start_sine;
        double px, py;
    } corners[4] = {
        {1, x0 + radius, y0 + radius, -1, 0, x0, y0},
        {2, x1 - radius, y0 + radius, 0, -1, x1, y0},
        {8, x1 - radius, y1 - radius, 1, 0, x1, y1},
        {4, x0 + radius, y1 - radius, 0, 1, x0, y1},
    };
    int count = 0;
    for (int k = 0; k < 4; k++) {
        if (radius > 0 && (layer->corners & corners[k].bit)) {
            // From the quarter's start, each point the one before turned by a chord's
            // angle; the end exactly.
            const double start_cosine = corners[k].start_cosine, start_sine = corners[k].start_sine;
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
    // The sides' ends in layer points: below the top corners' curves, above the bottom ones'
    // (a continuous corner's reaches 1.53 radii along its sides).
    const double w = layer->width, h = layer->height;
    const double reach = layer->continuous && continuous_fits(r, w, h) ? continuous_extent * r : r;
    const double top_radius = (corners & 3) ? reach : 0, bottom_radius = (corners & 12) ? reach : 0;
    double from = top_radius, to = h - bottom_radius;
    if (has_inner) {
        const double inner = fmax(r - bw, 0);
        const double inner_reach = layer->continuous && continuous_fits(inner, w - 2 * bw, h - 2 * bw) ? continuous_extent * inner : inner;
        from = fmax(from, bw + ((corners & 3) ? inner_reach : 0));
        to = fmin(to, h - bw - ((corners & 12) ? inner_reach : 0));
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
/// Eight target pixels `t` under the constant source `s` whose inverse alpha is in every
/// 16-bit lane of `inverse`: pixman's OVER, each product divided by 255 as pixman rounds it.
__attribute__((target("avx2"))) static inline __m256i over_constant_wide(__m256i t, __m256i inverse, __m256i s) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i round = _mm256_set1_epi16(0x80), by257 = _mm256_set1_epi16(0x101);
    __m256i low = _mm256_mullo_epi16(_mm256_unpacklo_epi8(t, zero), inverse);
    __m256i high = _mm256_mullo_epi16(_mm256_unpackhi_epi8(t, zero), inverse);
    low = _mm256_mulhi_epu16(_mm256_adds_epu16(low, round), by257);
    high = _mm256_mulhi_epu16(_mm256_adds_epu16(high, round), by257);
    return _mm256_adds_epu8(_mm256_packus_epi16(low, high), s);
}

/// `count` target pixels in each of `rows` rows (`stride` pixels apart) under the constant
/// `source` (not opaque), eight at a time, the last fewer than eight of a row through a mask.
__attribute__((target("avx2"))) static void over_rows_wide(
    uint32_t source, uint32_t *target, int32_t count, int32_t rows, int64_t stride) {
    const __m256i inverse = _mm256_set1_epi16((short)(255 - (source >> 24)));
    const __m256i s = _mm256_set1_epi32((int)source);
    const __m256i lanes = _mm256_cmpgt_epi32(_mm256_set1_epi32(count % 8), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    const int32_t whole = count / 8 * 8;
    for (int32_t row = 0; row < rows; row++, target += stride) {
        int32_t x = 0;
        for (; x < whole; x += 8) {
            const __m256i t = _mm256_loadu_si256((const __m256i *)(target + x));
            _mm256_storeu_si256((__m256i *)(target + x), over_constant_wide(t, inverse, s));
        }
        if (x < count) {
            const __m256i t = _mm256_maskload_epi32((const int *)(target + x), lanes);
            _mm256_maskstore_epi32((int *)(target + x), lanes, over_constant_wide(t, inverse, s));
        }
    }
}
#endif

#if LAMINA_WIDE_PLAIN
/// Fewer than eight target pixels under the constant `source` (not opaque): four, then two
/// at a time in 128-bit lanes (SSE2, on every x86-64), the last one alone.
static void over_span_narrow(uint32_t source, uint32_t *target, int32_t count) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i inverse = _mm_set1_epi16((short)(255 - (source >> 24)));
    const __m128i s = _mm_set1_epi32((int)source);
    const __m128i round = _mm_set1_epi16(0x80), by257 = _mm_set1_epi16(0x101);
    int32_t x = 0;
    if (count - x >= 4) {
        __m128i t = _mm_loadu_si128((const __m128i *)(target + x));
        __m128i low = _mm_mullo_epi16(_mm_unpacklo_epi8(t, zero), inverse);
        __m128i high = _mm_mullo_epi16(_mm_unpackhi_epi8(t, zero), inverse);
        low = _mm_mulhi_epu16(_mm_adds_epu16(low, round), by257);
        high = _mm_mulhi_epu16(_mm_adds_epu16(high, round), by257);
        _mm_storeu_si128((__m128i *)(target + x), _mm_adds_epu8(_mm_packus_epi16(low, high), s));
        x += 4;
    }
    if (count - x >= 2) {
        __m128i t = _mm_loadl_epi64((const __m128i *)(target + x));
        __m128i low = _mm_mullo_epi16(_mm_unpacklo_epi8(t, zero), inverse);
        low = _mm_mulhi_epu16(_mm_adds_epu16(low, round), by257);
        _mm_storel_epi64((__m128i *)(target + x), _mm_adds_epu8(_mm_packus_epi16(low, zero), s));
        x += 2;
    }
    if (x < count) target[x] = over_pixel(source, target[x]);
}
#endif

/// Whether this thread's drawing takes the wide loops: `lamina_compositor_has_wide_over()`,
/// read once per layer drawn rather than once per span.
static _Thread_local bool wide_loops;

/// `count` target pixels under the constant `source`.
static void over_span(uint32_t source, uint32_t *target, int32_t count) {
    if (source == 0 || count <= 0) return;
    if (source >> 24 == 255) {
        for (int32_t x = 0; x < count; x++) target[x] = source;
        return;
    }
#if LAMINA_WIDE_PLAIN
    if (wide_loops) {
        if (count < 8) return over_span_narrow(source, target, count);
        return over_rows_wide(source, target, count, 1, 0);
    }
#endif
    for (int32_t x = 0; x < count; x++) target[x] = over_pixel(source, target[x]);
}

/// `count` target pixels in each of `rows` rows (`stride` pixels apart) under the constant
/// `source`, as `over_span` blends one row.
static void over_rows(uint32_t source, uint32_t *target, int32_t count, int32_t rows, int64_t stride) {
    if (source == 0 || count <= 0) return;
#if LAMINA_WIDE_PLAIN
    if (source >> 24 != 255 && wide_loops) return over_rows_wide(source, target, count, rows, stride);
#endif
    for (int32_t row = 0; row < rows; row++) over_span(source, target + row * stride, count);
}

/// Blends a run of `count` pixels with the same 8-bit masks of the outline and of the
/// border's ring.
static inline void blend_run(const lamina_plain_layer *layer, uint32_t *target, int32_t count, uint32_t outer8, uint32_t ring8) {
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
    const __m256i t = count == 8 ? _mm256_loadu_si256((const __m256i *)target) : _mm256_maskload_epi32((const int *)target, lanes);
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
    if (count == 8) {
        _mm256_storeu_si256((__m256i *)target, _mm256_packus_epi16(halves[0], halves[1]));
    } else {
        _mm256_maskstore_epi32((int *)target, lanes, _mm256_packus_epi16(halves[0], halves[1]));
    }
}
#endif

/// `count` pixels, each with its own masks (as `blend_pixels_wide` takes them).
static void blend_pixels(
    const lamina_plain_layer *layer, uint32_t *target, int32_t count, const uint32_t *outer, const uint32_t *ring) {
#if LAMINA_WIDE_PLAIN
    // One or two pixels cost less one by one (the same arithmetic).
    if (count > 2 && wide_loops) {
        for (int32_t x = 0; x < count; x += 8) blend_pixels_wide(layer, target + x, count - x < 8 ? count - x : 8, outer + x, ring + x);
        return;
    }
#endif
    for (int32_t x = 0; x < count; x++) target[x] = blend_pixel(layer, target[x], outer[x] & 0xFF, ring[x] & 0xFF);
}

// MARK: - Row programs

/// Pixels of one row with the same masks (a run), or pixels each with its own (their masks
/// from `masks` on in the program's mask arrays). `at` counts columns from the program's
/// left.
typedef struct {
    int32_t at, count, masks;
    uint8_t outer, ring, is_run;
} segment;

/// A row's segments: `count` from `first`. Rows covered alike share them.
typedef struct {
    int32_t first, count;
} row_segments;

/// What a program depends on: the layer's geometry, with its translation's whole pixels
/// left out (`fx`, `fy`: what remains, in 1/256 pixel), and whether it has a border
/// (`corners`: CACornerMask bits, and 0x100 for continuous corners).
typedef struct {
    double a, b, c, d, fx, fy, width, height, radius, border_width;
    uint32_t corners, has_border;
} program_key;

/// A layer's coverage as rows of segments, in the pixels of a frame whose origin is a whole
/// pixel of the target: what blending it needs, and nothing of its colours or opacity, so a
/// layer that only fades, changes colour or moves by whole pixels is blended from the
/// program it had.
typedef struct {
    program_key key;
    bool valid;
    /// When it was last used (its thread's count of uses).
    uint64_t last_use;
    /// The frame pixel of the first column and row, and how many rows.
    int32_t left, top, rows;
    row_segments *row;
    int32_t row_capacity;
    segment *segments;
    int32_t segment_count, segment_capacity;
    /// 8-bit masks, each copied to the four bytes of a word (as `blend_pixels` takes them);
    /// eight more than used, so that eight can always be loaded.
    uint32_t *outer_masks, *ring_masks;
    int32_t mask_count, mask_capacity;
    /// Whether the rows, segments and masks are one allocation (`row`) of their exact sizes:
    /// a kept program, copied from the one it was built in.
    bool compact;
} program;

/// A row's colours as blended: per run, and per pixel of its other segments, the background
/// and the border in their masks (or, composited as one group, the group in its opacity,
/// in `fill`). Rows covered alike are blended from the same.
enum { most_prepared = 256 };
typedef struct {
    int32_t first, count;
    uint32_t fill[most_prepared], ring[most_prepared];
} prepared_row;

/// Programs kept per thread (in sets of `program_ways`, a key kept in one of its set's),
/// the most bytes one may keep, and the most all of a thread's may. Layers of one size
/// moving along one axis have at most 256 sub-pixel phases: all of them are kept.
enum {
    kept_programs = 1024, program_ways = 4, most_kept_bytes = 64 * 1024, most_thread_bytes = 4 * 1024 * 1024
};

static size_t program_bytes(const program *p) {
    return (size_t)p->row_capacity * sizeof(row_segments) + (size_t)p->segment_capacity * sizeof(segment)
        + (size_t)p->mask_capacity * 2 * sizeof(uint32_t);
}

static void release_program(program *p) {
    free(p->row);
    if (!p->compact) {
        free(p->segments);
        free(p->outer_masks);
        free(p->ring_masks);
    }
    const uint64_t last_use = p->last_use;
    *p = (program){.last_use = last_use};
}

/// The bytes a compact copy of `built` takes: its rows, segments and masks (eight more
/// masks than used, zero, for the loads of eight).
static size_t compact_bytes(const program *built) {
    return (size_t)built->rows * sizeof(row_segments) + (size_t)built->segment_count * sizeof(segment)
        + (size_t)(built->mask_count + 8) * 2 * sizeof(uint32_t);
}

/// Makes `p` (released) a compact copy of `built` for `key`; false if it cannot be allocated.
static bool keep_copy(program *p, const program *built, const program_key *key) {
    const size_t rows = (size_t)built->rows * sizeof(row_segments);
    const size_t segments = (size_t)built->segment_count * sizeof(segment);
    const size_t masks = (size_t)(built->mask_count + 8) * sizeof(uint32_t);
    // The segments start on 16 bytes after the rows.
    uint8_t *block = malloc(compact_bytes(built) + 16);
    if (!block) return false;
    const size_t segments_at = (rows + 15) & ~(size_t)15;
    *p = (program){
        .key = *key, .valid = true, .last_use = p->last_use, .left = built->left, .top = built->top,
        .rows = built->rows, .row = (row_segments *)block, .row_capacity = built->rows,
        .segments = (segment *)(block + segments_at), .segment_count = built->segment_count,
        .segment_capacity = built->segment_count,
        .outer_masks = (uint32_t *)(block + segments_at + segments),
        .ring_masks = (uint32_t *)(block + segments_at + segments + masks), .mask_count = built->mask_count,
        .mask_capacity = built->mask_count + 8, .compact = true,
    };
    // A program of whole pixels only may have no segments or masks (and their storage none).
    if (rows > 0) memcpy(p->row, built->row, rows);
    if (segments > 0) memcpy(p->segments, built->segments, segments);
    if (built->mask_count > 0) {
        memcpy(p->outer_masks, built->outer_masks, (size_t)built->mask_count * sizeof(uint32_t));
        memcpy(p->ring_masks, built->ring_masks, (size_t)built->mask_count * sizeof(uint32_t));
    }
    memset(p->outer_masks + built->mask_count, 0, 8 * sizeof(uint32_t));
    memset(p->ring_masks + built->mask_count, 0, 8 * sizeof(uint32_t));
    return true;
}

/// Room for `rows` rows; false if it cannot be allocated.
static bool reserve_rows(program *p, int32_t rows) {
    if (rows <= p->row_capacity) return true;
    row_segments *grown = realloc(p->row, (size_t)rows * sizeof(row_segments));
    if (!grown) return false;
    p->row = grown;
    p->row_capacity = rows;
    return true;
}

static bool push_segment(program *p, segment s) {
    if (p->segment_count == p->segment_capacity) {
        const int32_t capacity = p->segment_capacity ? 2 * p->segment_capacity : 64;
        segment *grown = realloc(p->segments, (size_t)capacity * sizeof(segment));
        if (!grown) return false;
        p->segments = grown;
        p->segment_capacity = capacity;
    }
    p->segments[p->segment_count++] = s;
    return true;
}

static bool push_mask(program *p, uint32_t outer8, uint32_t ring8) {
    if (p->mask_count + 8 >= p->mask_capacity) {
        const int32_t capacity = p->mask_capacity ? 2 * p->mask_capacity : 256;
        uint32_t *outer = realloc(p->outer_masks, (size_t)capacity * sizeof(uint32_t));
        if (!outer) return false;
        p->outer_masks = outer;
        uint32_t *ring = realloc(p->ring_masks, (size_t)capacity * sizeof(uint32_t));
        if (!ring) return false;
        p->ring_masks = ring;
        // The words past the last mask are loaded, never used: zero, not indeterminate.
        memset(outer + p->mask_capacity, 0, (size_t)(capacity - p->mask_capacity) * sizeof(uint32_t));
        memset(ring + p->mask_capacity, 0, (size_t)(capacity - p->mask_capacity) * sizeof(uint32_t));
        p->mask_capacity = capacity;
    }
    p->outer_masks[p->mask_count] = outer8 * 0x01010101u;
    p->ring_masks[p->mask_count] = ring8 * 0x01010101u;
    p->mask_count++;
    return true;
}

/// Appends `count` pixels of the same masks from column `at` to the row whose segments
/// start at `first`, joining the run before it when it continues it.
static bool emit_run(program *p, int32_t first, int32_t at, int32_t count, uint32_t outer8, uint32_t ring8) {
    if (count <= 0 || outer8 == 0) return true;
    if (p->segment_count > first) {
        segment *last = &p->segments[p->segment_count - 1];
        if (last->is_run && last->outer == outer8 && last->ring == ring8 && last->at + last->count == at) {
            last->count += count;
            return true;
        }
    }
    return push_segment(p, (segment){.at = at, .count = count, .outer = (uint8_t)outer8, .ring = (uint8_t)ring8, .is_run = 1});
}

/// Appends the pixel at column `at`: to the segment before it when it continues it, two
/// alike pixels becoming a run.
static bool emit_pixel(program *p, int32_t first, int32_t at, uint32_t outer8, uint32_t ring8) {
    if (outer8 == 0) return true;
    if (p->segment_count > first) {
        segment *last = &p->segments[p->segment_count - 1];
        if (last->at + last->count == at) {
            if (last->is_run) {
                if (last->outer == outer8 && last->ring == ring8) {
                    last->count++;
                    return true;
                }
            } else {
                // The last segment's masks are the last ones pushed.
                const int32_t end = p->mask_count - 1;
                if ((p->outer_masks[end] & 0xFF) == outer8 && (p->ring_masks[end] & 0xFF) == ring8) {
                    last->count--;
                    p->mask_count--;
                    if (last->count == 0) p->segment_count--;
                    return push_segment(
                        p, (segment){.at = at - 1, .count = 2, .outer = (uint8_t)outer8, .ring = (uint8_t)ring8, .is_run = 1});
                }
                if (!push_mask(p, outer8, ring8)) return false;
                last->count++;
                return true;
            }
        }
    }
    const int32_t index = p->mask_count;
    if (!push_mask(p, outer8, ring8)) return false;
    return push_segment(p, (segment){.at = at, .count = 1, .masks = index});
}

/// The masks of a pixel from its accumulated areas: the outline's, and the ring's between
/// it and the inner outline (the whole outline when the border fills it; none without a
/// border).
static inline void masks_of(float outer, float inner, bool has_inner, bool has_border, uint32_t *outer8, uint32_t *ring8) {
    *outer8 = coverage8(outer);
    *ring8 = !has_border ? 0 : has_inner ? coverage8(fabsf(outer) - fabsf(inner)) : *outer8;
}

// MARK: - Drawing

/// Cells per outline in one strip (the strip has as many rows as fit).
enum { strip_cells = 1 << 15 };

/// Per thread: two outlines' cells (kept zero between calls) and touched ranges, the
/// programs kept, and one for a layer too large to keep.
typedef struct {
    float cells[2][strip_cells];
    int32_t touched[2][strip_cells / 2 * 4];
    program kept[kept_programs];
    program passing;
    uint64_t uses;
    /// The bytes the kept programs hold.
    size_t kept_bytes;
    prepared_row prepared;
} scratch;

static pthread_key_t scratch_key;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;

static void free_scratch(void *pointer) {
    scratch *space = pointer;
    for (int i = 0; i < kept_programs; i++) release_program(&space->kept[i]);
    release_program(&space->passing);
    free(space);
}

static void make_scratch_key(void) { pthread_key_create(&scratch_key, free_scratch); }

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

/// The outlines of a layer in a frame's pixels, and what its program depends on.
typedef struct {
    const point *outer, *inner;
    int outer_count, inner_count;
    bool has_inner, has_border;
    /// Rows covered alike: the first built, the others sharing its segments.
    range repeated;
} geometry;

static bool build_rows(program *p, scratch *space, const geometry *g, int32_t left, int32_t right, int32_t top, int32_t rows);

/// Builds into `p` the frame's rows `top..<top + rows` and columns `left..<right` of the
/// layer (`rows` at most a strip's): each row's runs of constant coverage between the cells
/// the outlines' edges touch, and those cells one by one. When it cannot (no memory), it
/// leaves the cells zero for the next layer and returns false.
static bool build(program *p, scratch *space, const geometry *g, int32_t left, int32_t right, int32_t top, int32_t rows) {
    if (build_rows(p, space, g, left, right, top, rows)) return true;
    for (int k = 0; k < 2; k++) memset(space->cells[k], 0, (size_t)rows * (size_t)(right - left + 2) * sizeof(float));
    return false;
}

static bool build_rows(program *p, scratch *space, const geometry *g, int32_t left, int32_t right, int32_t top, int32_t rows) {
    p->left = left, p->top = top, p->rows = rows;
    p->segment_count = 0, p->mask_count = 0;
    if (!reserve_rows(p, rows)) return false;
    const int32_t columns = right - left + 2;
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
    // The first repeated row in these rows is built; the rows after it share its segments.
    const int32_t kept = g->repeated.lo > top ? g->repeated.lo : top;
    const int32_t skip_from = kept + 1 - top, skip_to = g->repeated.hi - top;
    add_polygon(&accs[0], g->outer, g->outer_count, left, top, right - left, rows, skip_from, skip_to);
    if (g->has_inner) add_polygon(&accs[1], g->inner, g->inner_count, left, top, right - left, rows, skip_from, skip_to);

    const int32_t visible = right - left;
    for (int32_t row = 0; row < rows; row++) {
        if (row >= skip_from && row < skip_to) {
            p->row[row] = p->row[row - 1];
            continue;
        }
        const int32_t first = p->segment_count;
        // The cells edges touched, as up to four disjoint ranges in order.
        range zones[4];
        int zone_count = 0;
        for (int k = 0; k < (g->has_inner ? 2 : 1); k++) {
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
        uint32_t outer8, ring8;
        for (int i = 0; i < merged; i++) {
            // Constant coverage up to the zone.
            const int32_t run_end = zones[i].lo < visible ? zones[i].lo : visible;
            masks_of(outer_sum, inner_sum, g->has_inner, g->has_border, &outer8, &ring8);
            if (!emit_run(p, first, at, run_end - at, outer8, ring8)) return false;
            // The zone's cells one by one (the cells past the visible ones only emptied).
            for (int32_t cell = zones[i].lo; cell <= zones[i].hi; cell++) {
                outer_sum += outer_cells[cell];
                outer_cells[cell] = 0;
                if (g->has_inner) {
                    inner_sum += inner_cells[cell];
                    inner_cells[cell] = 0;
                }
                if (cell >= visible) continue;
                masks_of(outer_sum, inner_sum, g->has_inner, g->has_border, &outer8, &ring8);
                if (!emit_pixel(p, first, cell, outer8, ring8)) return false;
            }
            at = zones[i].hi + 1;
        }
        // Nothing is covered after the last edge (its sum is back to zero).
        p->row[row] = (row_segments){first, p->segment_count - first};
    }
    return true;
}

/// Prepares the row whose segments are `segments`; false if it has too many pixels of their own.
static bool prepare(prepared_row *row, const program *p, row_segments segments, const lamina_plain_layer *layer) {
    int32_t e = 0;
    const bool grouped = layer->group_alpha != 255;
    for (int32_t i = segments.first; i < segments.first + segments.count; i++) {
        const segment *s = &p->segments[i];
        const int32_t n = s->is_run ? 1 : s->count;
        if (e + n > most_prepared) return false;
        for (int32_t k = 0; k < n; k++, e++) {
            const uint32_t outer8 = s->is_run ? s->outer : p->outer_masks[s->masks + k] & 0xFF;
            const uint32_t ring8 = s->is_run ? s->ring : p->ring_masks[s->masks + k] & 0xFF;
            const uint32_t background = in_mask(layer->background, outer8), border = in_mask(layer->border, ring8);
            row->fill[e] = grouped ? in_mask(border ? over_pixel(border, background) : background, layer->group_alpha) : background;
            row->ring[e] = grouped ? 0 : border;
        }
    }
    row->first = segments.first, row->count = segments.count;
    return true;
}

#if LAMINA_WIDE_PLAIN
/// Two unpacked target pixels (16-bit lanes) times the inverse alpha of the unpacked source
/// pixels above them, each divided by 255 as pixman rounds it.
static inline __m128i under_narrow(__m128i source16, __m128i target16) {
    // Each pixel's alpha in its four lanes, inverted.
    const __m128i alpha = _mm_shufflehi_epi16(_mm_shufflelo_epi16(source16, 0xFF), 0xFF);
    const __m128i product = _mm_mullo_epi16(target16, _mm_xor_si128(alpha, _mm_set1_epi16(0xFF)));
    return _mm_mulhi_epu16(_mm_adds_epu16(product, _mm_set1_epi16(0x80)), _mm_set1_epi16(0x101));
}

/// Four `source` pixels OVER four `target` pixels, each its own (SSE2): as `over_pixel`,
/// the sums saturated at 255 per channel.
static inline __m128i over_narrow(__m128i source, __m128i target) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i low = under_narrow(_mm_unpacklo_epi8(source, zero), _mm_unpacklo_epi8(target, zero));
    const __m128i high = under_narrow(_mm_unpackhi_epi8(source, zero), _mm_unpackhi_epi8(target, zero));
    return _mm_adds_epu8(_mm_packus_epi16(low, high), source);
}
#endif

/// `count` target pixels in each of `rows` rows (`stride` pixels apart) under their own
/// colours, the same in every row: `fill`, then `ring` over it.
static void over_pixels_twice(
    const uint32_t *fill, const uint32_t *ring, uint32_t *target, int32_t count, int32_t rows, int64_t stride) {
    int32_t x = 0;
#if LAMINA_WIDE_PLAIN
    if (wide_loops) {
        for (; x + 4 <= count; x += 4) {
            const __m128i f = _mm_loadu_si128((const __m128i *)(fill + x)), r = _mm_loadu_si128((const __m128i *)(ring + x));
            for (int32_t row = 0; row < rows; row++) {
                uint32_t *pixels = target + row * stride + x;
                _mm_storeu_si128((__m128i *)pixels, over_narrow(r, over_narrow(f, _mm_loadu_si128((const __m128i *)pixels))));
            }
        }
        if (count - x >= 2) {
            const __m128i f = _mm_loadl_epi64((const __m128i *)(fill + x)), r = _mm_loadl_epi64((const __m128i *)(ring + x));
            for (int32_t row = 0; row < rows; row++) {
                uint32_t *pixels = target + row * stride + x;
                _mm_storel_epi64((__m128i *)pixels, over_narrow(r, over_narrow(f, _mm_loadl_epi64((const __m128i *)pixels))));
            }
            x += 2;
        }
    }
#endif
    for (int32_t row = 0; row < rows; row++) {
        uint32_t *pixels = target + row * stride;
        for (int32_t k = x; k < count; k++) pixels[k] = over_pixel(ring[k], over_pixel(fill[k], pixels[k]));
    }
}

/// The target columns `start..<end` of segment `s` (its first column at the target's `base`)
/// inside `x0..<x1`, and how many of its pixels are `skipped` before them; false when none are.
static inline bool segment_within(
    const segment *s, int32_t base, int32_t x0, int32_t x1, int32_t *start, int32_t *end, int32_t *skipped) {
    *start = base + s->at, *end = *start + s->count, *skipped = 0;
    if (*start < x0) *skipped = x0 - *start, *start = x0;
    if (*end > x1) *end = x1;
    return *end > *start;
}

/// Blends a prepared row into `rows` rows of the target from `pixels` on (`stride` pixels
/// apart) inside `x0..<x1`, its first column at the target's `base`: segment by segment,
/// each through all the rows.
static void blend_prepared(
    const prepared_row *row, const program *p, uint32_t *pixels, int32_t rows, int64_t stride, int32_t base, int32_t x0,
    int32_t x1) {
    int32_t e = 0;
    for (int32_t i = row->first; i < row->first + row->count; i++) {
        const segment *s = &p->segments[i];
        int32_t start, end, skipped;
        const int32_t n = s->is_run ? 1 : s->count;
        if (segment_within(s, base, x0, x1, &start, &end, &skipped)) {
            if (s->is_run) {
                over_rows(row->fill[e], pixels + start, end - start, rows, stride);
                over_rows(row->ring[e], pixels + start, end - start, rows, stride);
            } else {
                over_pixels_twice(row->fill + e + skipped, row->ring + e + skipped, pixels + start, end - start, rows, stride);
            }
        }
        e += n;
    }
}

/// Blends the program's pixels inside the target's `x0..<x1`, `y0..<y1`, its frame's origin
/// at the target's pixel `ox`, `oy`: a row covered as the next one is prepared once for both,
/// other rows are blended from their masks eight pixels at a time.
static void replay(
    const program *p, const lamina_plain_layer *layer, prepared_row *prepared, lamina_target_image target, int32_t ox,
    int32_t oy, int32_t x0, int32_t y0, int32_t x1, int32_t y1) {
    const int32_t from = y0 - oy - p->top > 0 ? y0 - oy - p->top : 0;
    const int32_t to = y1 - oy - p->top < p->rows ? y1 - oy - p->top : p->rows;
    const int32_t base = ox + p->left;
    prepared->count = -1;
    for (int32_t row = from; row < to; row++) {
        uint32_t *pixels = (uint32_t *)((uint8_t *)target.pixels + (int64_t)(oy + p->top + row) * target.bytes_per_row);
        const row_segments segments = p->row[row];
        if (segments.count == 0) continue;
        const bool ready = prepared->count == segments.count && prepared->first == segments.first;
        const bool repeats = row + 1 < to && p->row[row + 1].first == segments.first && p->row[row + 1].count == segments.count;
        if (ready || (repeats && prepare(prepared, p, segments, layer))) {
            // This row and the next ones covered alike, at once.
            int32_t alike = 1;
            while (row + alike < to && p->row[row + alike].first == segments.first
                   && p->row[row + alike].count == segments.count)
                alike++;
            blend_prepared(prepared, p, pixels, alike, target.bytes_per_row / 4, base, x0, x1);
            row += alike - 1;
            continue;
        }
        for (int32_t i = segments.first; i < segments.first + segments.count; i++) {
            const segment *s = &p->segments[i];
            int32_t start, end, skipped;
            if (!segment_within(s, base, x0, x1, &start, &end, &skipped)) continue;
            if (s->is_run) {
                blend_run(layer, pixels + start, end - start, s->outer, s->ring);
            } else {
                const int32_t masks = s->masks + skipped;
                blend_pixels(layer, pixels + start, end - start, p->outer_masks + masks, p->ring_masks + masks);
            }
        }
    }
}

/// The first slot of the set of programs `key` may be kept in.
static uint32_t set_of(const program_key *key) {
    uint64_t words[sizeof(program_key) / sizeof(uint64_t)];
    memcpy(words, key, sizeof words);
    // Each word mixed both ways (a double's differences are in its high bits).
    uint64_t hash = 0x9E3779B97F4A7C15u;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        hash = (hash ^ words[i]) * 0xBF58476D1CE4E5B9u;
        hash ^= hash >> 31;
    }
    hash = (hash ^ (hash >> 29)) * 0x94D049BB133111EBu;
    return (uint32_t)(hash ^ (hash >> 32)) % (kept_programs / program_ways) * program_ways;
}

/// The program kept for `key`, or nil; `*vacant` the slot of its set to keep it in then
/// (an empty one, or the one used longest ago).
static program *kept_program(scratch *space, const program_key *key, program **vacant) {
    program *set = space->kept + set_of(key);
    program *oldest = set;
    for (int i = 0; i < program_ways; i++) {
        if (set[i].valid && memcmp(&set[i].key, key, sizeof *key) == 0) return &set[i];
        if (!set[i].valid ? oldest->valid : oldest->valid && set[i].last_use < oldest->last_use) oldest = &set[i];
    }
    *vacant = oldest;
    return NULL;
}

/// What is done with the programs covering a layer inside a rectangle: each is given with
/// the target pixel of its frame's origin (`ox`, `oy`), the rectangle (`x0..<x1`,
/// `y0..<y1`), and the layer as drawn (its border dropped when it draws none).
typedef struct {
    void (*visit)(void *context, const program *p, const lamina_plain_layer *drawn, prepared_row *prepared, int32_t ox,
                  int32_t oy, int32_t x0, int32_t y0, int32_t x1, int32_t y1);
    void *context;
} program_visitor;

/// Covers `layer` inside the rectangle `x`, `y`, `width`, `height` (device pixels, not
/// negative) and hands each program to `visitor`: the one kept for its geometry (built and
/// kept if there is none), or, for a layer too large to keep, one strip of rows after
/// another. Returns false, visiting nothing, for a transform or size that is not finite, a
/// layer wider than 16,000 pixels inside the rectangle, or no memory.
static bool cover(int32_t x, int32_t y, int32_t width, int32_t height, const lamina_plain_layer *layer, program_visitor visitor) {
    const double transform[6] = {layer->a, layer->b, layer->c, layer->d, layer->tx, layer->ty};
    for (int i = 0; i < 6; i++) {
        if (!isfinite(transform[i])) return false;
    }
    if (!isfinite(layer->width) || !isfinite(layer->height) || !isfinite(layer->radius)
        || !isfinite(layer->border_width))
        return false;
    wide_loops = lamina_compositor_has_wide_over();
    // The translation to 1/256 pixel, as cairo's fixed-point coordinates hold it: the whole
    // pixels place the frame the layer is covered in, the rest is part of its geometry.
    const double tx = round(layer->tx * 256) / 256, ty = round(layer->ty * 256) / 256;
    const double frame_limit = 1 << 29;
    const bool framed = fabs(tx) < frame_limit && fabs(ty) < frame_limit;
    const int32_t ox = framed ? floor_int(tx) : 0, oy = framed ? floor_int(ty) : 0;
    lamina_plain_layer placed = *layer;
    placed.tx = tx - ox, placed.ty = ty - oy;
    const double w = layer->width, h = layer->height, r = fmax(0, fmin(layer->radius, fmin(w, h) / 2));
    const double bw = layer->border_width;
    lamina_plain_layer drawn_layer = *layer;
    // The border fills the outline when it is as wide as half the shorter side.
    const bool has_border = layer->border != 0 && bw > 0, has_inner = has_border && bw * 2 < fmin(w, h);
    if (!has_border) drawn_layer.border = 0;

    // The frame's rows and columns the bounds reach (the outline is inside them), and those
    // inside the rectangle.
    double min_x = INFINITY, max_x = -INFINITY, min_y = INFINITY, max_y = -INFINITY;
    for (int i = 0; i < 4; i++) {
        const double lx = i & 1 ? w : 0, ly = i & 2 ? h : 0;
        const double dx = placed.a * lx + placed.c * ly + placed.tx, dy = placed.b * lx + placed.d * ly + placed.ty;
        min_x = fmin(min_x, dx), max_x = fmax(max_x, dx), min_y = fmin(min_y, dy), max_y = fmax(max_y, dy);
    }
    if (!(isfinite(min_x) && isfinite(max_x) && isfinite(min_y) && isfinite(max_y))) return false;
    const double x0 = (double)x - ox, y0 = (double)y - oy, x1 = x0 + width, y1 = y0 + height;
    const int32_t left = (int32_t)fmax(x0, floor(min_x)), right = (int32_t)fmin(x1, ceil(max_x));
    const int32_t top = (int32_t)fmax(y0, floor(min_y)), bottom = (int32_t)fmin(y1, ceil(max_y));
    if (left >= right || top >= bottom) return true;
    scratch *space = thread_scratch();
    if (!space) return false;

    point outer[most_points], inner[most_points];
    geometry g = {.outer = outer, .inner = inner, .has_inner = has_inner, .has_border = has_border};
    // A layer inside one strip is built whole and kept for the next layer of its geometry.
    const double box_columns = ceil(max_x) - floor(min_x) + 2, box_rows = ceil(max_y) - floor(min_y);
    if (framed && box_columns * box_rows <= strip_cells && box_rows <= strip_cells / 2) {
        const program_key key = {
            .a = layer->a, .b = layer->b, .c = layer->c, .d = layer->d, .fx = placed.tx, .fy = placed.ty,
            .width = w, .height = h, .radius = r, .border_width = bw,
            .corners = layer->corners | (layer->continuous ? 0x100u : 0),
            .has_border = has_border,
        };
        program *vacant = NULL, *p = kept_program(space, &key, &vacant);
        if (!p) {
            // Built in the thread's passing program, then kept as a compact copy where it
            // fits the budgets (in the slot of its set used longest ago).
            if (vacant->valid) space->kept_bytes -= program_bytes(vacant);
            release_program(vacant);
            g.outer_count = outline(&placed, 0, 0, w, h, r, outer);
            g.inner_count = has_inner ? outline(&placed, bw, bw, w - bw, h - bw, fmax(r - bw, 0), inner) : 0;
            g.repeated = repeated_rows(&placed, r, bw, has_inner);
            const int32_t whole_left = (int32_t)floor(min_x), whole_top = (int32_t)floor(min_y);
            p = &space->passing;
            if (!build(p, space, &g, whole_left, (int32_t)ceil(max_x), whole_top, (int32_t)box_rows)) {
                release_program(p);
                return false;
            }
            const size_t bytes = compact_bytes(p);
            if (bytes <= most_kept_bytes && space->kept_bytes + bytes <= most_thread_bytes && keep_copy(vacant, p, &key)) {
                space->kept_bytes += program_bytes(vacant);
                p = vacant;
            }
        }
        p->last_use = ++space->uses;
        visitor.visit(visitor.context, p, &drawn_layer, &space->prepared, ox, oy, x, y, x + width, y + height);
        // The passing program keeps its room for the next, unless it grew large.
        if (p == &space->passing && program_bytes(p) > most_kept_bytes) release_program(p);
        return true;
    }

    // Otherwise strip by strip, inside the rectangle.
    const int32_t columns = right - left + 2;
    if (columns > strip_cells / 2) return false;
    g.outer_count = outline(&placed, 0, 0, w, h, r, outer);
    g.inner_count = has_inner ? outline(&placed, bw, bw, w - bw, h - bw, fmax(r - bw, 0), inner) : 0;
    g.repeated = repeated_rows(&placed, r, bw, has_inner);
    const int32_t strip_rows = strip_cells / columns < strip_cells / 2 ? strip_cells / columns : strip_cells / 2;
    program *p = &space->passing;
    bool built = true;
    for (int32_t strip = top; strip < bottom && built; strip += strip_rows) {
        const int32_t rows = bottom - strip < strip_rows ? bottom - strip : strip_rows;
        built = build(p, space, &g, left, right, strip, rows);
        if (built) visitor.visit(visitor.context, p, &drawn_layer, &space->prepared, ox, oy, x, y, x + width, y + height);
    }
    if (!built || program_bytes(p) > most_kept_bytes) release_program(p);
    return built;
}

/// Blends a program into the target (`context`).
static void replay_into(
    void *context, const program *p, const lamina_plain_layer *drawn, prepared_row *prepared, int32_t ox, int32_t oy,
    int32_t x0, int32_t y0, int32_t x1, int32_t y1) {
    replay(p, drawn, prepared, *(const lamina_target_image *)context, ox, oy, x0, y0, x1, y1);
}

bool lamina_draw_plain_layer(
    lamina_target_image target, int32_t x, int32_t y, int32_t width, int32_t height, const lamina_plain_layer *layer) {
    if (width <= 0 || height <= 0 || x < 0 || y < 0 || (int64_t)x + width > target.width
        || (int64_t)y + height > target.height || target.bytes_per_row % 4 != 0)
        return false;
    if (!(layer->width > 0 && layer->height > 0)) return true;
    if (layer->background == 0 && layer->border == 0) {
        // Checked as drawing checks it, drawing nothing.
        const double values[10] = {layer->a, layer->b, layer->c, layer->d, layer->tx, layer->ty, layer->width,
                                   layer->height, layer->radius, layer->border_width};
        for (int i = 0; i < 10; i++) {
            if (!isfinite(values[i])) return false;
        }
        return true;
    }
    return cover(x, y, width, height, layer, (program_visitor){replay_into, &target});
}

// MARK: - Coverage masks

/// Where a program's coverage goes: an 8-bit mask and its rows' fully covered spans.
typedef struct {
    uint8_t *mask;
    int32_t *full;
    int32_t x, y, stride;
} coverage_target;

/// Writes a program's outline coverage into the mask (`context`, a `coverage_target`), and
/// per row the span of its pixels covered wholly.
static void write_coverage(
    void *context, const program *p, const lamina_plain_layer *drawn, prepared_row *prepared, int32_t ox, int32_t oy,
    int32_t x0, int32_t y0, int32_t x1, int32_t y1) {
    (void)drawn, (void)prepared;
    const coverage_target *c = context;
    const int32_t from = y0 - oy - p->top > 0 ? y0 - oy - p->top : 0;
    const int32_t to = y1 - oy - p->top < p->rows ? y1 - oy - p->top : p->rows;
    const int32_t base = ox + p->left;
    for (int32_t row = from; row < to; row++) {
        const int32_t y = oy + p->top + row;
        uint8_t *line = c->mask + (int64_t)(y - c->y) * c->stride - c->x;
        int32_t *full = c->full + 2 * (int64_t)(y - c->y);
        const row_segments segments = p->row[row];
        for (int32_t i = segments.first; i < segments.first + segments.count; i++) {
            const segment *s = &p->segments[i];
            int32_t start, end, skipped;
            if (!segment_within(s, base, x0, x1, &start, &end, &skipped)) continue;
            if (s->is_run) {
                memset(line + start, s->outer, (size_t)(end - start));
                if (s->outer == 255 && end - start > full[1] - full[0]) full[0] = start, full[1] = end;
            } else {
                for (int32_t k = 0; k < end - start; k++) line[start + k] = (uint8_t)(p->outer_masks[s->masks + skipped + k] & 0xFF);
            }
        }
    }
}

bool lamina_plain_layer_coverage(
    const lamina_plain_layer *layer, int32_t x, int32_t y, int32_t width, int32_t height, uint8_t *mask, int32_t *full) {
    if (width <= 0 || height <= 0 || x < 0 || y < 0) return false;
    memset(mask, 0, (size_t)width * (size_t)height);
    for (int32_t row = 0; row < height; row++) full[2 * row] = full[2 * row + 1] = x;
    if (!(layer->width > 0 && layer->height > 0)) return true;
    coverage_target target = {mask, full, x, y, width};
    return cover(x, y, width, height, layer, (program_visitor){write_coverage, &target});
}
