#include "render_baselines.h"

#include <cairo.h>
#include <math.h>
#include <pixman.h>
#include <stdlib.h>
#include <string.h>

static void set_argb(cairo_t *cr, uint32_t argb, double opacity) {
    cairo_set_source_rgba(cr, ((argb >> 16) & 0xff) / 255.0, ((argb >> 8) & 0xff) / 255.0, (argb & 0xff) / 255.0,
                          ((argb >> 24) & 0xff) / 255.0 * opacity);
}

static void rounded_rect(cairo_t *cr, double x, double y, double w, double h, double r) {
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
    cairo_arc(cr, x + r, y + r, r, M_PI, 1.5 * M_PI);
    cairo_close_path(cr);
}

/// One item with its top-left corner at the origin of the current matrix: background,
/// then the border ring, each at the style's opacity.
static void draw_item(cairo_t *cr, uint32_t background, const baseline_style *s) {
    double n = s->size, w = s->border_width, r = s->corner_radius;
    rounded_rect(cr, 0, 0, n, n, r);
    set_argb(cr, background, s->opacity);
    cairo_fill(cr);
    rounded_rect(cr, 0, 0, n, n, r);
    rounded_rect(cr, w, w, n - 2 * w, n - 2 * w, r > w ? r - w : 0);
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
    set_argb(cr, s->border, s->opacity);
    cairo_fill(cr);
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
}

int baseline_cairo_frame(uint32_t *pixels, int width, int height, int stride, const baseline_item *items, int count,
                         const baseline_style *style) {
    for (int y = 0; y < height; y++) memset((char *)pixels + (size_t)y * stride, 0, (size_t)width * 4);
    cairo_surface_t *surface =
        cairo_image_surface_create_for_data((unsigned char *)pixels, CAIRO_FORMAT_ARGB32, width, height, stride);
    cairo_t *cr = cairo_create(surface);
    double half = style->size / 2.0;
    for (int i = 0; i < count; i++) {
        cairo_identity_matrix(cr);
        cairo_translate(cr, items[i].x + half, items[i].y + half);
        if (items[i].angle != 0) cairo_rotate(cr, items[i].angle);
        cairo_translate(cr, -half, -half);
        draw_item(cr, items[i].background, style);
    }
    int status = cairo_status(cr);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    return status;
}

struct baseline_bitmaps {
    int count;
    int size;
    pixman_image_t **images;
};

baseline_bitmaps *baseline_bitmaps_create(const baseline_item *items, int count, const baseline_style *style) {
    baseline_bitmaps *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->images = calloc((size_t)count, sizeof *b->images);
    if (!b->images) {
        free(b);
        return NULL;
    }
    b->count = count;
    b->size = style->size;
    for (int i = 0; i < count; i++) {
        pixman_image_t *image = pixman_image_create_bits(PIXMAN_a8r8g8b8, style->size, style->size, NULL, 0);
        if (!image) {
            baseline_bitmaps_destroy(b);
            return NULL;
        }
        b->images[i] = image;
        cairo_surface_t *surface = cairo_image_surface_create_for_data(
            (unsigned char *)pixman_image_get_data(image), CAIRO_FORMAT_ARGB32, style->size, style->size,
            pixman_image_get_stride(image));
        cairo_t *cr = cairo_create(surface);
        draw_item(cr, items[i].background, style);
        cairo_destroy(cr);
        cairo_surface_destroy(surface);
        pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, NULL, 0);
    }
    return b;
}

void baseline_bitmaps_destroy(baseline_bitmaps *b) {
    if (!b) return;
    for (int i = 0; i < b->count; i++)
        if (b->images[i]) pixman_image_unref(b->images[i]);
    free(b->images);
    free(b);
}

int baseline_pixman_frame(uint32_t *pixels, int width, int height, int stride, const baseline_item *items, int count,
                          const baseline_bitmaps *b) {
    pixman_image_t *target = pixman_image_create_bits(PIXMAN_a8r8g8b8, width, height, pixels, stride);
    if (!target) return -1;
    pixman_color_t clear = {0, 0, 0, 0};
    pixman_box32_t all = {0, 0, width, height};
    pixman_image_fill_boxes(PIXMAN_OP_SRC, target, &clear, 1, &all);
    double half = b->size / 2.0;
    for (int i = 0; i < count && i < b->count; i++) {
        pixman_image_t *image = b->images[i];
        if (items[i].angle == 0) {
            pixman_image_composite32(PIXMAN_OP_OVER, image, NULL, target, 0, 0, 0, 0, (int)floor(items[i].x),
                                     (int)floor(items[i].y), b->size, b->size);
            continue;
        }
        // Device → bitmap: the inverse of (rotate about the centre, then place).
        double c = cos(items[i].angle), s = sin(items[i].angle);
        double cx = items[i].x + half, cy = items[i].y + half;
        double reach = half * (fabs(c) + fabs(s)) + 1;
        int x0 = (int)floor(cx - reach), y0 = (int)floor(cy - reach), side = (int)ceil(2 * reach);
        struct pixman_f_transform f;
        pixman_f_transform_init_identity(&f);
        // bitmap = R(-a) * (device + origin - centre) + half
        f.m[0][0] = c;  f.m[0][1] = s;  f.m[0][2] = c * (x0 - cx) + s * (y0 - cy) + half;
        f.m[1][0] = -s; f.m[1][1] = c;  f.m[1][2] = -s * (x0 - cx) + c * (y0 - cy) + half;
        pixman_transform_t t;
        pixman_transform_from_pixman_f_transform(&t, &f);
        pixman_image_set_transform(image, &t);
        pixman_image_composite32(PIXMAN_OP_OVER, image, NULL, target, 0, 0, 0, 0, x0, y0, side, side);
        pixman_image_set_transform(image, NULL);
    }
    pixman_image_unref(target);
    return 0;
}

int baseline_pixman_placed_frame(uint32_t *pixels, int width, int height, int stride,
                                 const baseline_placement *placements, int count, const baseline_bitmaps *b,
                                 baseline_sampling sampling) {
    pixman_image_t *target = pixman_image_create_bits(PIXMAN_a8r8g8b8, width, height, pixels, stride);
    if (!target) return -1;
    pixman_color_t clear = {0, 0, 0, 0};
    pixman_box32_t all = {0, 0, width, height};
    pixman_image_fill_boxes(PIXMAN_OP_SRC, target, &clear, 1, &all);
    int status = 0;
    for (int i = 0; i < count && i < b->count; i++) {
        const baseline_placement *p = &placements[i];
        pixman_image_t *image = b->images[i];
        pixman_image_t *mask = NULL;
        if (p->alpha < 1) {
            pixman_color_t solid = {0, 0, 0, (uint16_t)(p->alpha * 65535 + 0.5)};
            mask = pixman_image_create_solid_fill(&solid);
            if (!mask) { status = -1; break; }
        }
        double tx = p->tx, ty = p->ty;
        if (sampling == BASELINE_SNAPPED) { tx = floor(tx); ty = floor(ty); }
        if (p->a == 1 && p->d == 1 && p->b == 0 && p->c == 0 && tx == floor(tx) && ty == floor(ty)) {
            pixman_image_composite32(PIXMAN_OP_OVER, image, mask, target, 0, 0, 0, 0, (int)tx, (int)ty, b->size,
                                     b->size);
        } else {
            // The device box of the transformed square, and device → bitmap.
            double n = b->size, xs[4], ys[4];
            double cx[4] = {0, n, 0, n}, cy[4] = {0, 0, n, n};
            double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
            for (int k = 0; k < 4; k++) {
                xs[k] = p->a * cx[k] + p->c * cy[k] + tx;
                ys[k] = p->b * cx[k] + p->d * cy[k] + ty;
                x0 = fmin(x0, xs[k]); x1 = fmax(x1, xs[k]); y0 = fmin(y0, ys[k]); y1 = fmax(y1, ys[k]);
            }
            int bx = (int)floor(x0), by = (int)floor(y0), bw = (int)ceil(x1) - bx + 1, bh = (int)ceil(y1) - by + 1;
            double det = p->a * p->d - p->b * p->c;
            struct pixman_f_transform f;
            pixman_f_transform_init_identity(&f);
            // Inverse of [a c tx; b d ty], with the device origin moved to (bx, by).
            f.m[0][0] = p->d / det;  f.m[0][1] = -p->c / det;
            f.m[1][0] = -p->b / det; f.m[1][1] = p->a / det;
            double ox = bx - tx, oy = by - ty;
            f.m[0][2] = f.m[0][0] * ox + f.m[0][1] * oy;
            f.m[1][2] = f.m[1][0] * ox + f.m[1][1] * oy;
            pixman_transform_t t;
            pixman_transform_from_pixman_f_transform(&t, &f);
            pixman_image_set_transform(image, &t);
            pixman_image_set_filter(image, sampling == BASELINE_SNAPPED ? PIXMAN_FILTER_NEAREST : PIXMAN_FILTER_BILINEAR,
                                    NULL, 0);
            pixman_image_composite32(PIXMAN_OP_OVER, image, mask, target, 0, 0, 0, 0, bx, by, bw, bh);
            pixman_image_set_transform(image, NULL);
        }
        if (mask) pixman_image_unref(mask);
    }
    pixman_image_unref(target);
    return status;
}
