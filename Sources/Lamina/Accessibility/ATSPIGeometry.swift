import Foundation

/// Points on the bus: AT-SPI sends coordinates as 32-bit integers.
enum ATSPIGeometry {
    /// `rect` (points) as whole-point extents: the origin rounded down, the far edge rounded
    /// up, so the extents cover what the layer draws; non-finite values become 0.
    static func extents(_ rect: CGRect) -> (x: Int32, y: Int32, width: Int32, height: Int32) {
        guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else {
            return (0, 0, 0, 0)
        }
        let minX = integer(rect.minX.rounded(.down)), minY = integer(rect.minY.rounded(.down))
        let maxX = integer(rect.maxX.rounded(.up)), maxY = integer(rect.maxY.rounded(.up))
        return (minX, minY, Int32(clamping: Int64(maxX) - Int64(minX)), Int32(clamping: Int64(maxY) - Int64(minY)))
    }

    /// A finite, whole value clamped into `Int32` (no trapping conversion).
    private static func integer(_ value: CGFloat) -> Int32 {
        if value >= CGFloat(Int32.max) { return .max }
        if value <= CGFloat(Int32.min) { return .min }
        return Int32(value)
    }
}
