import TestSupport

/// Random premultiplied ARGB32 pixels for tests comparing Lamina's compositing loops with
/// pixman's.
enum RandomPixels {
    /// An image with a transparent margin two pixels wide, a translucent ring three pixels
    /// wide and an opaque middle, every pixel's colour random.
    static func image(_ random: inout SplitMix64, width: Int, height: Int) -> [UInt32] {
        (0..<width * height).map { index in
            let x = index % width, y = index / width
            let edge = min(x, y, width - 1 - x, height - 1 - y)
            let alpha: UInt32 = edge < 2 ? 0 : edge < 5 ? UInt32(random.int(256)) : 255
            let channels = (0..<3).map { _ in UInt32(random.int(Int(alpha) + 1)) }
            return alpha << 24 | channels[0] << 16 | channels[1] << 8 | channels[2]
        }
    }

    /// `count` pixels of random alpha and random colour within it.
    static func premultiplied(_ random: inout SplitMix64, count: Int) -> [UInt32] {
        (0..<count).map { _ in
            let alpha = UInt32(random.int(256))
            return alpha << 24 | UInt32(random.int(Int(alpha) + 1)) << 16 | UInt32(random.int(Int(alpha) + 1)) << 8
                | UInt32(random.int(Int(alpha) + 1))
        }
    }
}
