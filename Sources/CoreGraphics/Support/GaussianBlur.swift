/// An approximate Gaussian blur of one channel: three successive box blurs per axis, whose
/// widths are chosen so the combined variance matches the Gaussian's.
enum GaussianBlur {
    /// The widths (odd) of three box blurs approximating a Gaussian of `sigma`.
    static func boxWidths(sigma: Double) -> [Int] {
        let n = 3.0
        // Boxes wider than a million pixels blur nothing anyone can see; bounded so the
        // conversion to Int cannot trap on a huge, infinite or NaN sigma.
        let ideal = min((12 * sigma * sigma / n + 1).squareRoot(), 1_000_000)
        guard ideal.isFinite else { return [1, 1, 1] }
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let upper = lower + 2
        let l = Double(lower)
        let m = ((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded()
        return (0..<3).map { Double($0) < m ? lower : upper }
    }

    /// The distance in pixels beyond which the blur leaves no trace: the sum of the three
    /// box radii.
    static func reach(sigma: Double) -> Int {
        guard sigma > 0 else { return 0 }
        return boxWidths(sigma: sigma).reduce(0) { $0 + ($1 - 1) / 2 }
    }

    /// Blurs `values` (`width × height`, row-major) in place; `scratch` must hold at least
    /// `max(width, height)` values.
    static func blur(
        _ values: UnsafeMutablePointer<Float>, width: Int, height: Int, sigma: Double,
        scratch: UnsafeMutablePointer<Float>
    ) {
        guard sigma > 0, width > 0, height > 0 else { return }
        for boxWidth in boxWidths(sigma: sigma) where boxWidth > 1 {
            let radius = (boxWidth - 1) / 2
            for row in 0..<height {
                boxPass(values + row * width, count: width, step: 1, radius: radius, scratch: scratch)
            }
            for column in 0..<width {
                boxPass(values + column, count: height, step: width, radius: radius, scratch: scratch)
            }
        }
    }

    /// One box blur along a line of `count` values `step` apart; outside values are 0.
    private static func boxPass(
        _ line: UnsafeMutablePointer<Float>, count: Int, step: Int, radius: Int,
        scratch: UnsafeMutablePointer<Float>
    ) {
        for i in 0..<count { scratch[i] = line[i * step] }
        let scale = 1 / Float(2 * radius + 1)
        var sum: Float = 0
        for i in 0..<min(radius, count) { sum += scratch[i] }
        for i in 0..<count {
            let entering = i + radius
            if entering < count { sum += scratch[entering] }
            let leaving = i - radius - 1
            if leaving >= 0 { sum -= scratch[leaving] }
            line[i * step] = max(0, sum * scale)
        }
    }
}
