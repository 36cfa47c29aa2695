import CoreGraphics
import QuartzCore

/// The pixels of a layer drawn with `render(in:)` into an RGBA bitmap, upright, as snapshot
/// and thumbnail code on iOS makes them (the context flipped as UIKit's image contexts are).
struct LayerSnapshot {
    let width: Int
    let height: Int
    private let bytes: [UInt8]
    private let bytesPerRow: Int

    /// Renders `layer` into a `width` × `height` bitmap; nil if the context cannot be made.
    init?(of layer: CALayer, width: Int, height: Int) {
        guard
            let ctx = CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        ctx.translateBy(x: 0, y: CGFloat(height))
        ctx.scaleBy(x: 1, y: -1)
        layer.render(in: ctx)
        guard let data = ctx.data else { return nil }
        self.width = width
        self.height = height
        bytesPerRow = ctx.bytesPerRow
        bytes = Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt8.self), count: bytesPerRow * height))
    }

    /// The premultiplied red, green, blue and alpha of the pixel at (x, y), row 0 at the top.
    func pixel(x: Int, y: Int) -> [UInt8] {
        let offset = y * bytesPerRow + x * 4
        return Array(bytes[offset..<offset + 4])
    }
}
