import QuartzCore
import TestSupport
import XCTest

extension AnimationWorld {
    /// Runs `change` on `layer` (committed in this displayed world) in a transaction whose
    /// implicit animations last 4 s with linear timing, then moves the clock to `fraction`
    /// of the way (the world starts at 100).
    func animateImplicitly<Layer: CALayer>(_ layer: Layer, to fraction: Double, _ change: (Layer) -> Void) {
        CATransaction.begin()
        CATransaction.setAnimationDuration(4)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        change(layer)
        CATransaction.commit()
        clock.set(100 + 4 * fraction)
    }
}

/// `a + (b − a) × t`, the expected value of a linear interpolation.
func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

/// Asserts that `color` has the RGBA components `expected` within 1e-9.
func assertComponents(
    _ color: CGColor?, _ expected: [Double], file: StaticString = #filePath, line: UInt = #line
) {
    let components = (color?.rgba).map { [$0.red, $0.green, $0.blue, $0.alpha].map(Double.init) } ?? []
    XCTAssertEqual(components.count, expected.count, "components of \(String(describing: color))", file: file, line: line)
    for (got, want) in zip(components, expected) {
        XCTAssertEqual(got, want, accuracy: 1e-9, "components \(components) vs \(expected)", file: file, line: line)
    }
}

/// The points of `path`, in element order (control points included).
func points(of path: CGPath?) -> [CGPoint] {
    var result: [CGPoint] = []
    path?.applyWithBlock { element in
        for index in 0..<element.pointee.type.pointCount { result.append(element.pointee.points[index]) }
    }
    return result
}
