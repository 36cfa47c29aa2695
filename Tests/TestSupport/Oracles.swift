import Foundation
import XCTest

/// The standard normal cumulative distribution Φ(z), from the C library's error function.
public func standardNormalCDF(_ z: Double) -> Double {
    0.5 * (1 + erf(z / 2.0.squareRoot()))
}

/// The 90th percentile of the standard normal distribution (published value): a Gaussian
/// edge rises from 10 % to 90 % over 2 × 1.2815515655446004 σ.
public let standardNormal90thPercentile = 1.2815515655446004

/// An opaque band from `left` to `right` (pixels) blurred by a Gaussian of standard
/// deviation `sigma`, read at `x`: Φ((x − left) / σ) − Φ((x − right) / σ).
public func gaussianBlurredBand(at x: Double, from left: Double, to right: Double, sigma: Double) -> Double {
    standardNormalCDF((x - left) / sigma) - standardNormalCDF((x - right) / sigma)
}

/// Where the samples `row` (sample i at the pixel centre i + ½) first rise through `level`
/// in `range`, by linear interpolation between neighbouring centres; nil if they never do.
public func risingCrossing(of row: [Double], level: Double, in range: Range<Int>) -> Double? {
    for i in range.dropLast() where row[i] < level && row[i + 1] >= level {
        let fraction = (level - row[i]) / (row[i + 1] - row[i])
        return Double(i) + 0.5 + fraction
    }
    return nil
}

/// Asserts that `row` (coverage 0...1 per pixel) is an opaque band from `left` to `right`
/// blurred by a Gaussian of `sigma`: each sample in `samples` within `tolerance`, and the
/// 10 %–90 % rise across the left edge within `riseTolerance` pixels of 2.563 σ.
public func assertGaussianBandProfile(
    _ row: [Double], from left: Double, to right: Double, sigma: Double, samples: Range<Int>,
    tolerance: Double = 0.03, riseTolerance: Double = 1, file: StaticString = #filePath, line: UInt = #line
) {
    for x in samples {
        let expected = gaussianBlurredBand(at: Double(x) + 0.5, from: left, to: right, sigma: sigma)
        XCTAssertEqual(row[x], expected, accuracy: tolerance, "coverage at x = \(x)", file: file, line: line)
    }
    let edge = Int(left - 4 * sigma)..<Int(left + 4 * sigma)
    guard let low = risingCrossing(of: row, level: 0.1, in: edge),
        let high = risingCrossing(of: row, level: 0.9, in: edge)
    else {
        return XCTFail("no 10 %–90 % rise around x = \(left)", file: file, line: line)
    }
    XCTAssertEqual(
        high - low, 2 * standardNormal90thPercentile * sigma, accuracy: riseTolerance, "10 %–90 % rise distance",
        file: file, line: line)
}

/// The y of the timing curve through (0, 0), (c1x, c1y), (c2x, c2y), (1, 1) at `x`, by
/// bisection on the Bézier's parameter (x(t) is increasing for control x in 0...1): an
/// oracle independent of `CAMediaTimingFunction`.
public func cubicBezierTiming(
    _ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double, at x: Double
) -> Double {
    func cubic(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<200 {
        let mid = (low + high) / 2
        if cubic(mid, c1x, c2x) < x { low = mid } else { high = mid }
    }
    return cubic((low + high) / 2, c1y, c2y)
}
