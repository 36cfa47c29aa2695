import Foundation

/// Where cached pixels are fully opaque, and which target pixels they hide when composited:
/// an opaque interior composited over anything gives its own pixels, so what lies below it
/// need not be composited at all (a card's background under its clipped gradient, the
/// shadow under the card).
enum OpaqueInterior {
    /// A large rectangle of pixels with alpha 255 in an image (premultiplied ARGB, `stride`
    /// bytes per row), found from its centre: the largest of the rectangle grown row by row
    /// around the opaque run through the centre row, the one grown column by column around
    /// the opaque run through the centre column (a rounded rectangle keeps all but its
    /// corners' rows or columns) and the one grown on all sides in turn (a rotated shape).
    /// Empty when the centre pixel is not opaque.
    static func rect(in pixels: UnsafePointer<UInt32>, width: Int, height: Int, stride: Int) -> PixelRect {
        guard width > 0, height > 0 else { return .empty }
        let wordsPerRow = stride / 4
        func isOpaque(_ x: Int, _ y: Int) -> Bool { pixels[y * wordsPerRow + x] >> 24 == 0xFF }
        let (cx, cy) = (width / 2, height / 2)
        guard isOpaque(cx, cy) else { return .empty }

        // The centre row's run, then the rows above and below that keep all of it.
        var (left, right) = (cx, cx + 1)
        while left > 0, isOpaque(left - 1, cy) { left -= 1 }
        while right < width, isOpaque(right, cy) { right += 1 }
        func rowKeeps(_ y: Int) -> Bool { (left..<right).allSatisfy { isOpaque($0, y) } }
        var (top, bottom) = (cy, cy + 1)
        while top > 0, rowKeeps(top - 1) { top -= 1 }
        while bottom < height, rowKeeps(bottom) { bottom += 1 }
        let byRows = PixelRect(x0: Int32(left), y0: Int32(top), x1: Int32(right), y1: Int32(bottom))

        // The centre column's run, then the columns left and right that keep all of it.
        (top, bottom) = (cy, cy + 1)
        while top > 0, isOpaque(cx, top - 1) { top -= 1 }
        while bottom < height, isOpaque(cx, bottom) { bottom += 1 }
        func columnKeeps(_ x: Int) -> Bool { (top..<bottom).allSatisfy { isOpaque(x, $0) } }
        (left, right) = (cx, cx + 1)
        while left > 0, columnKeeps(left - 1) { left -= 1 }
        while right < width, columnKeeps(right) { right += 1 }
        let byColumns = PixelRect(x0: Int32(left), y0: Int32(top), x1: Int32(right), y1: Int32(bottom))

        // Every side grown by a pixel in turn while the row or column it adds is opaque: near
        // the largest for a rotated shape, where neither run above holds for long.
        (left, right, top, bottom) = (cx, cx + 1, cy, cy + 1)
        var growing = true
        while growing {
            growing = false
            if left > 0, ((top..<bottom).allSatisfy { isOpaque(left - 1, $0) }) {
                left -= 1
                growing = true
            }
            if right < width, ((top..<bottom).allSatisfy { isOpaque(right, $0) }) {
                right += 1
                growing = true
            }
            if top > 0, ((left..<right).allSatisfy { isOpaque($0, top - 1) }) {
                top -= 1
                growing = true
            }
            if bottom < height, ((left..<right).allSatisfy { isOpaque($0, bottom) }) {
                bottom += 1
                growing = true
            }
        }
        let balanced = PixelRect(x0: Int32(left), y0: Int32(top), x1: Int32(right), y1: Int32(bottom))

        return [byRows, byColumns, balanced].max { $0.area < $1.area }!
    }

    /// How far inside an opaque rectangle (in its pixels) a bilinear sample point must lie:
    /// half a pixel so that both pixels it reads on each axis are inside, and a quarter more
    /// for pixman's fixed-point coordinates.
    static let samplingMargin: CGFloat = 0.75

    /// The target pixels that an image, composited through `deviceToImage` (target pixels →
    /// its pixels) with bilinear filtering, covers with pixels of its opaque rectangle
    /// `opaque` only: an axis-aligned rectangle whose pixel centres all map inside
    /// `opaque`, shrunk by ``samplingMargin``. Empty when the transform does not invert.
    static func deviceRect(hiddenBy opaque: PixelRect, deviceToImage t: CGAffineTransform) -> PixelRect {
        let hu = CGFloat(opaque.width) / 2 - samplingMargin
        let hv = CGFloat(opaque.height) / 2 - samplingMargin
        let centre = CGPoint(x: CGFloat(opaque.x0) + CGFloat(opaque.width) / 2, y: CGFloat(opaque.y0) + CGFloat(opaque.height) / 2)
        var best = PixelRect.empty
        forEachInscribedRect(centre: centre, hu: hu, hv: hv, deviceToImage: t) { centre, halfWidth, halfHeight in
            // Pixels whose centres (x + 0.5) are inside.
            let candidate = pixels(
                x0: (centre.x - halfWidth - 0.5).rounded(.up), y0: (centre.y - halfHeight - 0.5).rounded(.up),
                x1: (centre.x + halfWidth - 0.5).rounded(.down) + 1, y1: (centre.y + halfHeight - 0.5).rounded(.down) + 1)
            if candidate.area > best.area { best = candidate }
        }
        return best
    }

    /// The whole target pixels that lie entirely inside `rect` (in a space that
    /// `toDevice` maps to target pixels, at any affine transform): a pixel drawn with the
    /// exact area coverage of a shape holding `rect` is covered fully. Empty when the
    /// transform does not invert.
    static func wholePixels(inside rect: CGRect, toDevice: CGAffineTransform) -> PixelRect {
        guard !rect.isEmpty else { return .empty }
        var best = PixelRect.empty
        forEachInscribedRect(
            centre: CGPoint(x: rect.midX, y: rect.midY), hu: rect.width / 2, hv: rect.height / 2,
            deviceToImage: toDevice.inverted()
        ) { centre, halfWidth, halfHeight in
            let candidate = pixels(
                x0: (centre.x - halfWidth).rounded(.up), y0: (centre.y - halfHeight).rounded(.up),
                x1: (centre.x + halfWidth).rounded(.down), y1: (centre.y + halfHeight).rounded(.down))
            if candidate.area > best.area { best = candidate }
        }
        return best
    }

    /// Calls `body` with axis-aligned device rectangles (centre, half-width, half-height)
    /// whose corners map inside the image rectangle of half-extents (`hu`, `hv`) around
    /// `centre` through `deviceToImage`. A device rectangle of half-extents (w, h) around the
    /// centre maps into it when its corners do: |a·w| + |c·h| ≤ hu and |b·w| + |d·h| ≤ hv.
    /// Three shapes are tried, each at its largest scale: the image rectangle's sides as long
    /// as they are in device pixels (best for small turns), the same turned a quarter, and
    /// its bounding box in device pixels. None when the transform does not invert.
    private static func forEachInscribedRect(
        centre: CGPoint, hu: CGFloat, hv: CGFloat, deviceToImage t: CGAffineTransform,
        _ body: (CGPoint, CGFloat, CGFloat) -> Void
    ) {
        guard hu > 0, hv > 0 else { return }
        let determinant = t.a * t.d - t.b * t.c
        guard determinant.isFinite, abs(determinant) > 1e-9 else { return }
        let imageToDevice = t.inverted()
        let centre = centre.applying(imageToDevice)
        guard centre.x.isFinite, centre.y.isFinite else { return }
        let (side, otherSide) = (
            hu * (imageToDevice.a * imageToDevice.a + imageToDevice.b * imageToDevice.b).squareRoot(),
            hv * (imageToDevice.c * imageToDevice.c + imageToDevice.d * imageToDevice.d).squareRoot())
        let boundingShape = (
            abs(imageToDevice.a) * hu + abs(imageToDevice.c) * hv, abs(imageToDevice.b) * hu + abs(imageToDevice.d) * hv)
        for (w, h) in [(side, otherSide), (otherSide, side), boundingShape] where w > 0 && h > 0 {
            let scale = min(hu / (abs(t.a) * w + abs(t.c) * h), hv / (abs(t.b) * w + abs(t.d) * h)) * 0.999
            guard scale.isFinite, scale > 0 else { continue }
            body(centre, w * min(scale, 1e6), h * min(scale, 1e6))
        }
    }

    /// The pixel rectangle with these edges, empty when they are beyond the pixel grid's
    /// range or hold no pixel.
    private static func pixels(x0: CGFloat, y0: CGFloat, x1: CGFloat, y1: CGFloat) -> PixelRect {
        let limit = CGFloat(1 << 30)
        guard x0 > -limit, y0 > -limit, x1 < limit, y1 < limit, x0 < x1, y0 < y1 else { return .empty }
        return PixelRect(x0: Int32(x0), y0: Int32(y0), x1: Int32(x1), y1: Int32(y1))
    }
}

extension PixelRect {
    /// The pixels of this rectangle outside `other`: up to four rectangles (the rows above
    /// and below it across the whole width, then the pieces left and right of it).
    func subtracting(_ other: PixelRect) -> [PixelRect] {
        let cut = intersection(other)
        guard !cut.isEmpty else { return isEmpty ? [] : [self] }
        let pieces = [
            PixelRect(x0: x0, y0: y0, x1: x1, y1: cut.y0),
            PixelRect(x0: x0, y0: cut.y1, x1: x1, y1: y1),
            PixelRect(x0: x0, y0: cut.y0, x1: cut.x0, y1: cut.y1),
            PixelRect(x0: cut.x1, y0: cut.y0, x1: x1, y1: cut.y1),
        ]
        return pieces.filter { !$0.isEmpty }
    }
}
