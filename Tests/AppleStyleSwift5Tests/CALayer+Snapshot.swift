import CoreGraphics
import QuartzCore

extension CALayer {
    /// Draws the layer with `render(in:)` into a `width` × `height` RGBA bitmap, flipped
    /// upright as UIKit's image contexts are, and returns its bytes (premultiplied red,
    /// green, blue, alpha; row 0 at the top), or nil if the context cannot be made.
    func snapshotBytes(width: Int, height: Int) -> [UInt8]? {
        let colorSpace = CGColorSpaceCreateDeviceRGB()
        let bitmapInfo = CGImageAlphaInfo.premultipliedLast.rawValue
        guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8,
                                      bytesPerRow: width * 4, space: colorSpace, bitmapInfo: bitmapInfo) else {
            return nil
        }
        context.translateBy(x: 0, y: CGFloat(height))
        context.scaleBy(x: 1, y: -1)
        render(in: context)
        guard let data = context.data else { return nil }
        let buffer = UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt8.self), count: width * height * 4)
        return Array(buffer)
    }
}

extension Array where Element == UInt8 {
    /// The four bytes of the pixel at (x, y) of a snapshot `width` pixels wide.
    func pixel(x: Int, y: Int, width: Int) -> [UInt8] {
        let offset = (y * width + x) * 4
        return Array(self[offset..<offset + 4])
    }
}
