// The smallest rectangle holding an image's pixels that are not fully transparent: what a
// freshly drawn layer bitmap keeps of the box it was drawn into. Every bitmap drawn is
// scanned once, so rows are tested eight pixels at a time.

#include "lamina_compositor.h"

/// Whether any of `count` pixels from `row` is not zero.
static bool row_has_ink(const uint32_t *row, int32_t count) {
    int32_t x = 0;
    for (; x + 8 <= count; x += 8) {
        uint32_t any = row[x] | row[x + 1] | row[x + 2] | row[x + 3] | row[x + 4] | row[x + 5] | row[x + 6] | row[x + 7];
        if (any) return true;
    }
    for (; x < count; x++) {
        if (row[x]) return true;
    }
    return false;
}

static const uint32_t *row_at(const uint32_t *pixels, int32_t bytes_per_row, int32_t y) {
    return (const uint32_t *)((const uint8_t *)pixels + (int64_t)y * bytes_per_row);
}

bool lamina_inked_rect(const uint32_t *pixels, int32_t width, int32_t height, int32_t bytes_per_row, int32_t rect[4]) {
    if (width <= 0 || height <= 0 || bytes_per_row < width * 4) return false;
    int32_t top = 0;
    while (top < height && !row_has_ink(row_at(pixels, bytes_per_row, top), width)) top++;
    if (top == height) return false;
    int32_t bottom = height - 1;
    while (bottom > top && !row_has_ink(row_at(pixels, bytes_per_row, bottom), width)) bottom--;
    int32_t left = width, right = 0;
    for (int32_t y = top; y <= bottom; y++) {
        const uint32_t *row = row_at(pixels, bytes_per_row, y);
        // Only the columns outside the rectangle found so far can widen it.
        int32_t x = 0;
        while (x < left && !row[x]) x++;
        if (x < left) left = x;
        x = width - 1;
        while (x >= right && !row[x]) x--;
        if (x + 1 > right) right = x + 1;
    }
    rect[0] = left;
    rect[1] = top;
    rect[2] = right;
    rect[3] = bottom + 1;
    return true;
}
