/// A rectangle of whole device pixels, `x0 ..< x1` × `y0 ..< y1`; empty when either side
/// is not positive.
struct PixelRect: Equatable, Sendable {
    var x0: Int32
    var y0: Int32
    var x1: Int32
    var y1: Int32

    static let empty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)

    init(x0: Int32, y0: Int32, x1: Int32, y1: Int32) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    /// The pixels covering `rect` (device coordinates) with `margin` more on each side,
    /// limited to `limit`; empty when `rect` is not finite.
    init(covering rect: CGRect, margin: CGFloat, within limit: PixelRect) {
        guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else {
            self = .empty
            return
        }
        func clamp(_ v: CGFloat, _ lo: Int32, _ hi: Int32) -> Int32 {
            v <= CGFloat(lo) ? lo : v >= CGFloat(hi) ? hi : Int32(v)
        }
        x0 = clamp((rect.minX - margin).rounded(.down), limit.x0, limit.x1)
        y0 = clamp((rect.minY - margin).rounded(.down), limit.y0, limit.y1)
        x1 = clamp((rect.maxX + margin).rounded(.up), limit.x0, limit.x1)
        y1 = clamp((rect.maxY + margin).rounded(.up), limit.y0, limit.y1)
        if isEmpty { self = .empty }
    }

    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    var width: Int32 { x1 - x0 }
    var height: Int32 { y1 - y0 }
    /// The number of pixels (0 when empty).
    var area: Int { isEmpty ? 0 : Int(width) * Int(height) }

    func intersection(_ other: PixelRect) -> PixelRect {
        let r = PixelRect(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
        return r.isEmpty ? .empty : r
    }

    func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelRect(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    /// Whether every pixel of `other` is in this rectangle (an empty one is in any).
    func contains(_ other: PixelRect) -> Bool {
        other.isEmpty || (x0 <= other.x0 && y0 <= other.y0 && other.x1 <= x1 && other.y1 <= y1)
    }

    func offsetBy(dx: Int32, dy: Int32) -> PixelRect {
        isEmpty ? .empty : PixelRect(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy)
    }

    var cgRect: CGRect { CGRect(x: Int(x0), y: Int(y0), width: Int(width), height: Int(height)) }
}
