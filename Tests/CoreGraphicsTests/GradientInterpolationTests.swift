import CoreGraphics
import TestSupport
import XCTest

/// The stops a renderer is given for a gradient mixed in Generic RGB and drawn in sRGB: drawn
/// straight between them, they must follow the mix (the independent oracle) closely, and a
/// gradient of very many colours must not become a ramp of hundreds of thousands of stops.
final class GradientInterpolationTests: XCTestCase {
    private func colors(_ rgb: [GenericRGBGradientOracle.RGB]) -> [(location: Double, color: CGColor)] {
        rgb.enumerated().map { index, c in
            (Double(index) / Double(max(rgb.count - 1, 1)), CGColor(red: c.0, green: c.1, blue: c.2, alpha: 1))
        }
    }

    func testStopsDrawnStraightFollowTheMixWithinAThirdOfA255th() {
        let rgb: [GenericRGBGradientOracle.RGB] = [(1, 0, 0), (0, 0, 1), (1, 1, 1), (0, 0, 0), (0, 1, 0.047)]
        let given = colors(rgb)
        let stops = GradientInterpolation.stops(given, interpolatedIn: .sharedGenericRGB, drawnIn: nil)
        for step in 0...1000 {
            let t = Double(step) / 1000
            // What a renderer draws at t: the straight line between the stops around it.
            let upper = stops.firstIndex { $0.location >= t } ?? stops.count - 1
            let lower = max(upper - 1, 0)
            let (a, b) = (stops[lower], stops[upper])
            let f = b.location > a.location ? (t - a.location) / (b.location - a.location) : 1
            let drawn = (
                a.red + (b.red - a.red) * f, a.green + (b.green - a.green) * f, a.blue + (b.blue - a.blue) * f
            )
            let mix = GenericRGBGradientOracle.sRGB(at: t, of: rgb, locations: given.map(\.location))
            XCTAssertEqual(drawn.0, mix.0, accuracy: 1.0 / 3 / 255, "red at \(t)")
            XCTAssertEqual(drawn.1, mix.1, accuracy: 1.0 / 3 / 255, "green at \(t)")
            XCTAssertEqual(drawn.2, mix.2, accuracy: 1.0 / 3 / 255, "blue at \(t)")
        }
    }

    func testManyColoursAddAtMostTheBudgetOfStops() {
        let alternating: [GenericRGBGradientOracle.RGB] = (0..<1024).map { $0.isMultiple(of: 2) ? (1, 0, 0) : (0, 0, 1) }
        let stops = GradientInterpolation.stops(colors(alternating), interpolatedIn: .sharedGenericRGB, drawnIn: nil)
        XCTAssertLessThanOrEqual(stops.count, 1024 + GradientInterpolation.addedStopBudget)
        XCTAssertGreaterThan(stops.count, 1024, "still mixed between the colours")
    }
}
