import CPixman

/// The device pixels a frame must redraw: disjoint rectangles (a pixman region), kept
/// small — many or large damaged areas become their bounding box, which costs less to
/// redraw than many separate rectangles.
struct DamageRegion: Sendable {
    /// Disjoint rectangles, sorted in bands (pixman's order).
    private(set) var rects: [PixelRect] = []

    /// More rectangles than this are merged into their bounding box.
    static let maximumRects = 16

    init() {}

    /// The whole of `rect`.
    init(_ rect: PixelRect) {
        if !rect.isEmpty { rects = [rect] }
    }

    /// The union of `pieces` (which may overlap), within `limit`: their bounding box when
    /// they cover more than a quarter of it or are too many to keep apart.
    init(union pieces: [PixelRect], within limit: PixelRect) {
        var bounding = PixelRect.empty
        var total = 0
        var clipped: [PixelRect] = []
        clipped.reserveCapacity(pieces.count)
        for piece in pieces {
            let r = piece.intersection(limit)
            guard !r.isEmpty else { continue }
            clipped.append(r)
            bounding = bounding.union(r)
            total += r.area
        }
        guard !clipped.isEmpty else { return }
        if clipped.count == 1 || clipped.count > 4 * Self.maximumRects || total * 4 >= bounding.area * 3 {
            rects = [bounding]
            return
        }
        rects = Self.disjoint(clipped)
        if rects.count > Self.maximumRects { rects = [bounding] }
    }

    var isEmpty: Bool { rects.isEmpty }

    /// Pixels covered.
    var area: Int { rects.reduce(0) { $0 + $1.area } }

    /// The bounding box of every rectangle.
    var extents: PixelRect { rects.reduce(PixelRect.empty) { $0.union($1) } }

    /// This region and `other`, within `limit`.
    func union(_ other: DamageRegion, within limit: PixelRect) -> DamageRegion {
        if other.isEmpty { return self }
        if isEmpty { return other }
        return DamageRegion(union: rects + other.rects, within: limit)
    }

    /// The disjoint cover of `pieces`, computed by pixman.
    private static func disjoint(_ pieces: [PixelRect]) -> [PixelRect] {
        var boxes = pieces.map { pixman_box32_t(x1: $0.x0, y1: $0.y0, x2: $0.x1, y2: $0.y1) }
        var region = pixman_region32_t()
        let ok = boxes.withUnsafeMutableBufferPointer { buffer in
            pixman_region32_init_rects(&region, buffer.baseAddress, Int32(buffer.count))
        }
        defer { pixman_region32_fini(&region) }
        guard ok != 0 else {
            return [pieces.reduce(PixelRect.empty) { $0.union($1) }]
        }
        var count: Int32 = 0
        guard let result = pixman_region32_rectangles(&region, &count) else { return [] }
        return (0..<Int(count)).map { i in
            PixelRect(x0: result[i].x1, y0: result[i].y1, x1: result[i].x2, y1: result[i].y2)
        }
    }
}
