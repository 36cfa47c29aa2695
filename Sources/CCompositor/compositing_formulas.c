// Lamina's own compositing formulas: the Core Image and Core Animation blends that neither
// cairo nor pixman has an operator for, a pixel at a time on premultiplied ARGB32.

#include "lamina_compositor.h"

#include <math.h>

static float clamp01(float v) { return v < 0 ? 0 : (v > 1 ? 1 : v); }

static float color_burn(float backdrop, float source) {
    if (backdrop >= 1) return 1;
    if (source <= 0) return 0;
    return 1 - fminf(1, (1 - backdrop) / source);
}

static float color_dodge(float backdrop, float source) {
    if (backdrop <= 0) return 0;
    if (source >= 1) return 1;
    return fminf(1, backdrop / (1 - source));
}

/// The separable blend function B(Cd, Cs) of `formula` on unpremultiplied components.
static float separable(int32_t formula, float cd, float cs) {
    switch (formula) {
    case LAMINA_FORMULA_SUBTRACT: return fmaxf(0, cd - cs);
    case LAMINA_FORMULA_DIVIDE:
        if (cs <= 0) return cd <= 0 ? 0 : 1;
        return fminf(1, cd / cs);
    case LAMINA_FORMULA_LINEAR_BURN: return fmaxf(0, cd + cs - 1);
    case LAMINA_FORMULA_LINEAR_DODGE: return fminf(1, cd + cs);
    case LAMINA_FORMULA_LINEAR_LIGHT: return clamp01(cd + 2 * cs - 1);
    case LAMINA_FORMULA_PIN_LIGHT: return cs <= 0.5f ? fminf(cd, 2 * cs) : fmaxf(cd, 2 * cs - 1);
    case LAMINA_FORMULA_VIVID_LIGHT: return cs <= 0.5f ? color_burn(cd, 2 * cs) : color_dodge(cd, 2 * cs - 1);
    case LAMINA_FORMULA_HARD_MIX: return cd + cs >= 1 ? 1 : 0;
    default: return cs;
    }
}

static uint32_t to_byte(float v) { return (uint32_t)(clamp01(v) * 255.0f + 0.5f); }

/// One source pixel `s` (already scaled by the constant alpha, components in 0...1 as
/// a, r, g, b) combined with the target pixel `d` by `formula`.
static uint32_t combine(int32_t formula, const float s[4], uint32_t d) {
    float t[4] = {
        (float)(d >> 24) / 255.0f, (float)((d >> 16) & 0xff) / 255.0f, (float)((d >> 8) & 0xff) / 255.0f,
        (float)(d & 0xff) / 255.0f};
    float r[4];
    switch (formula) {
    case LAMINA_FORMULA_PLUS_DARKER:
        r[0] = fminf(1, s[0] + t[0]);
        for (int c = 1; c < 4; c++) r[c] = fmaxf(0, r[0] - ((t[0] - t[c]) + (s[0] - s[c])));
        break;
    case LAMINA_FORMULA_MULTIPLY_COMPOSITING:
        for (int c = 0; c < 4; c++) r[c] = s[c] * t[c];
        break;
    case LAMINA_FORMULA_MAXIMUM_COMPOSITING:
        for (int c = 0; c < 4; c++) r[c] = fmaxf(s[c], t[c]);
        break;
    case LAMINA_FORMULA_MINIMUM_COMPOSITING:
        for (int c = 0; c < 4; c++) r[c] = fminf(s[c], t[c]);
        break;
    default: {
        float sa = s[0], da = t[0];
        r[0] = sa + da - sa * da;
        for (int c = 1; c < 4; c++) {
            float blended = 0;
            if (sa > 0 && da > 0) blended = separable(formula, clamp01(t[c] / da), clamp01(s[c] / sa));
            r[c] = s[c] * (1 - da) + t[c] * (1 - sa) + sa * da * blended;
        }
        break;
    }
    }
    // Premultiplied: no component above alpha.
    for (int c = 1; c < 4; c++) r[c] = fminf(r[c], r[0]);
    return (to_byte(r[0]) << 24) | (to_byte(r[1]) << 16) | (to_byte(r[2]) << 8) | to_byte(r[3]);
}

bool lamina_composite_formula(
    lamina_source_image source, int32_t source_x, int32_t source_y, lamina_target_image target, int32_t x, int32_t y,
    int32_t width, int32_t height, uint8_t alpha, int32_t formula) {
    if (formula < LAMINA_FORMULA_PLUS_DARKER || formula > LAMINA_FORMULA_DESTINATION) return false;
    if (width <= 0 || height <= 0) return false;
    if (x < 0 || y < 0 || x > target.width - width || y > target.height - height) return false;
    if (source_x < 0 || source_y < 0 || source_x > source.width - width || source_y > source.height - height)
        return false;
    if (formula == LAMINA_FORMULA_DESTINATION) return true;
    const float scale = (float)alpha / (255.0f * 255.0f);
    for (int32_t row = 0; row < height; row++) {
        const uint32_t *from =
            (const uint32_t *)((const uint8_t *)source.pixels + (int64_t)(source_y + row) * source.bytes_per_row) + source_x;
        uint32_t *to = (uint32_t *)((uint8_t *)target.pixels + (int64_t)(y + row) * target.bytes_per_row) + x;
        for (int32_t column = 0; column < width; column++) {
            uint32_t p = from[column];
            // A transparent source pixel leaves what is behind it.
            if ((p >> 24) == 0 || alpha == 0) continue;
            float s[4] = {
                (float)(p >> 24) * scale, (float)((p >> 16) & 0xff) * scale, (float)((p >> 8) & 0xff) * scale,
                (float)(p & 0xff) * scale};
            to[column] = combine(formula, s, to[column]);
        }
    }
    return true;
}
