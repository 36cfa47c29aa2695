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

/// The pixels of `image` with some coverage (alpha above `threshold`) inside `region`
/// (the whole image by default): their bounding box in pixels as `(minX, minY, maxX,
/// maxY)` with the max edges exclusive, or nil when there are none.
func inkBox(
    of image: CGImage, in region: (x: Range<Int>, y: Range<Int>)? = nil, threshold: UInt8 = 0
) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    let xs = region?.x ?? 0..<image.width, ys = region?.y ?? 0..<image.height
    var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
    for y in ys {
        for x in xs where (image.pixel(x: x, y: y)?.alpha ?? 0) > threshold {
            box = box.map { (min($0.minX, x), min($0.minY, y), max($0.maxX, x + 1), max($0.maxY, y + 1)) }
                ?? (x, y, x + 1, y + 1)
        }
    }
    return box
}
