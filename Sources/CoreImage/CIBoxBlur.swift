/// A Gaussian blur of premultiplied 8-bit ARGB pixels approximated by three box blurs
/// per axis (each a running sum: the cost does not grow with the radius).
package enum CIBoxBlur {
    /// Radii of three box blurs whose combined variance is `sigma²` (a box of width
    /// w = 2r + 1 has variance (w² − 1) / 12); none for a sigma below a tenth of a pixel.
    package static func radii(sigma: Double) -> [Int] {
        guard sigma >= 0.1, sigma.isFinite else { return [] }
        // Beyond this, the box is wider than any buffer.
        let clamped = min(sigma, 100_000)
        let ideal = (12 * clamped * clamped / 3 + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let upper = lower + 2
        let l = Double(lower)
        let passesAtLower = Int(((12 * clamped * clamped - 3 * l * l - 12 * l - 9) / (-4 * l - 4)).rounded())
        return (0..<3).map { ($0 < passesAtLower ? lower : upper) / 2 }.filter { $0 > 0 }
    }

    /// What lies outside the pixels blurred.
    package enum Edges: Sendable {
        /// Transparent (a layer's group, padded by the blur's reach).
        case transparent
        /// The nearest edge pixel repeated (a backdrop: what is behind the layer's bounds).
        case clamped
    }

    /// Blurs `width × height` pixels at `pixels` (`bytesPerRow` apart) in place with three
    /// box passes of each radius in `radii`, horizontally then vertically. Each output
    /// channel is the window's sum divided by its width, rounded to nearest.
    package static func blur(
        _ pixels: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int, radii: [Int], edges: Edges
    ) {
        guard width > 0, height > 0, !radii.isEmpty else { return }
        let words = pixels.assumingMemoryBound(to: UInt32.self)
        let rowWords = bytesPerRow / 4
        var line = [UInt32](repeating: 0, count: max(width, height))
        line.withUnsafeMutableBufferPointer { scratch in
            for radius in radii {
                for y in 0..<height {
                    pass(words + y * rowWords, count: width, step: 1, radius: radius, edges: edges, scratch: scratch)
                }
                for x in 0..<width {
                    pass(words + x, count: height, step: rowWords, radius: radius, edges: edges, scratch: scratch)
                }
            }
        }
    }

    /// One box pass over `count` pixels `step` words apart.
    private static func pass(
        _ line: UnsafeMutablePointer<UInt32>, count: Int, step: Int, radius: Int, edges: Edges,
        scratch: UnsafeMutableBufferPointer<UInt32>
    ) {
        for i in 0..<count { scratch[i] = line[i * step] }
        let width = UInt32(2 * radius + 1)
        let half = width / 2
        func at(_ i: Int) -> UInt32 {
            if i >= 0 && i < count { return scratch[i] }
            switch edges {
            case .transparent: return 0
            case .clamped: return scratch[i < 0 ? 0 : count - 1]
            }
        }
        // Four channel sums, one per byte of the word.
        var sums: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        func add(_ p: UInt32) {
            sums.0 += p & 0xFF
            sums.1 += (p >> 8) & 0xFF
            sums.2 += (p >> 16) & 0xFF
            sums.3 += p >> 24
        }
        func addRepeated(_ p: UInt32, _ n: Int) {
            let times = UInt32(n)
            sums.0 += (p & 0xFF) * times
            sums.1 += ((p >> 8) & 0xFF) * times
            sums.2 += ((p >> 16) & 0xFF) * times
            sums.3 += (p >> 24) * times
        }
        func subtract(_ p: UInt32) {
            sums.0 -= p & 0xFF
            sums.1 -= (p >> 8) & 0xFF
            sums.2 -= (p >> 16) & 0xFF
            sums.3 -= p >> 24
        }
        // The first window, in constant time per pixel of the line (a huge radius costs
        // no more than the line).
        for i in 0...min(radius, count - 1) { add(scratch[i]) }
        if case .clamped = edges {
            addRepeated(scratch[0], radius)
            if radius > count - 1 { addRepeated(scratch[count - 1], radius - (count - 1)) }
        }
        for i in 0..<count {
            line[i * step] = (sums.0 + half) / width | ((sums.1 + half) / width) << 8 | ((sums.2 + half) / width) << 16
                | ((sums.3 + half) / width) << 24
            subtract(at(i - radius))
            add(at(i + radius + 1))
        }
    }
}
