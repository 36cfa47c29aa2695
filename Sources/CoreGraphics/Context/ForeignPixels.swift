/// A bitmap context's caller-visible pixels when their layout is not cairo's: the
/// context draws into native memory and converts the touched pixels here after each
/// drawing operation (and from here before it, so the caller's own writes are kept).
final class ForeignPixels {
    /// The first byte of the caller-visible pixels.
    let base: UnsafeMutableRawPointer
    /// Their row stride.
    let bytesPerRow: Int
    /// Their format.
    let format: BitmapPixelFormat
    /// Keeps owned memory alive; `nil` when the caller owns it.
    let owner: PixelBuffer?

    init(base: UnsafeMutableRawPointer, bytesPerRow: Int, format: BitmapPixelFormat, owner: PixelBuffer?) {
        self.base = base
        self.bytesPerRow = bytesPerRow
        self.format = format
        self.owner = owner
    }

    /// Converts every pixel into `native`.
    func importAll(into native: NativeStorage, width: Int, height: Int) {
        importRegion(PixelRegion(x: 0, y: 0, width: width, height: height), into: native)
    }

    /// Converts the pixels of `region` (cairo's y-down rows) into `native`.
    func importRegion(_ region: PixelRegion, into native: NativeStorage) {
        let size = format.bytesPerPixel
        for row in region.y..<(region.y + region.height) {
            format.toNative(
                UnsafeRawPointer(base + row * bytesPerRow + region.x * size),
                native.base + row * native.bytesPerRow + region.x * 4, count: region.width)
        }
    }

    /// Converts the pixels of `region` from `native` back into the caller's layout.
    func exportRegion(_ region: PixelRegion, from native: NativeStorage) {
        let size = format.bytesPerPixel
        for row in region.y..<(region.y + region.height) {
            format.fromNative(
                UnsafeRawPointer(native.base + row * native.bytesPerRow + region.x * 4),
                base + row * bytesPerRow + region.x * size, count: region.width)
        }
    }
}

/// A rectangle of whole pixels in cairo's device space (origin top-left, y down).
struct PixelRegion: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The pixels touched by `rect` (device coordinates, y down), clamped to
    /// `0..<width × 0..<height`; empty when nothing is covered.
    init(covering rect: CGRect, width limitX: Int, height limitY: Int) {
        guard !rect.isNull else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        let x0 = PixelRegion.clamp(rect.minX.rounded(.down), limitX)
        let y0 = PixelRegion.clamp(rect.minY.rounded(.down), limitY)
        let x1 = PixelRegion.clamp(rect.maxX.rounded(.up), limitX)
        let y1 = PixelRegion.clamp(rect.maxY.rounded(.up), limitY)
        self.init(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    private static func clamp(_ value: CGFloat, _ limit: Int) -> Int {
        if value.isNaN || value <= 0 { return 0 }
        if value >= CGFloat(limit) { return limit }
        return Int(value)
    }
}
