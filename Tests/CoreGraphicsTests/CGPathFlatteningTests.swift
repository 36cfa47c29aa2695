import CoreGraphics
import XCTest

// A flattened path's chords stay within the threshold of the curve: checked against the true
// ellipse x²/100² + y²/50² = 1 (the Bézier arcs that draw an ellipse leave it by under 0.03%
// of its radius, 0.03 units here), measuring each chord's midpoint — where a chord is farthest
// from the curve — by its scaled radius.
final class CGPathFlatteningTests: XCTestCase {
    private let ellipse = CGPath(ellipseIn: CGRect(x: -100, y: -50, width: 200, height: 100), transform: nil)

    private func elements(of path: CGPath) -> [(CGPathElementType, [CGPoint])] {
        var found: [(CGPathElementType, [CGPoint])] = []
        path.applyWithBlock { element in
            let count = element.pointee.type == .addCurveToPoint ? 3 : element.pointee.type == .addQuadCurveToPoint ? 2 : element.pointee.type == .closeSubpath ? 0 : 1
            found.append((element.pointee.type, (0..<count).map { element.pointee.points[$0] }))
        }
        return found
    }

    /// The largest distance, roughly, of a chord's midpoint from the ellipse.
    private func largestDeviation(_ path: CGPath) -> CGFloat {
        var previous: CGPoint?
        var largest: CGFloat = 0
        for (type, points) in elements(of: path) {
            if type == .addLineToPoint, let start = previous, let end = points.first {
                let mid = CGPoint(x: (start.x + end.x) / 2, y: (start.y + end.y) / 2)
                let r = ((mid.x / 100) * (mid.x / 100) + (mid.y / 50) * (mid.y / 50)).squareRoot()
                largest = max(largest, abs(1 - r) * 100)
            }
            previous = points.first ?? previous
        }
        return largest
    }

    func testCurvesBecomeChordsWithinTheThreshold() {
        for threshold: CGFloat in [1, 0.1, 0.01] {
            let flat = ellipse.flattened(threshold: threshold)
            let types = Set(elements(of: flat).map(\.0.rawValue))
            XCTAssertTrue(types.isSubset(of: [CGPathElementType.moveToPoint.rawValue, CGPathElementType.addLineToPoint.rawValue, CGPathElementType.closeSubpath.rawValue]), "\(types)")
            XCTAssertLessThanOrEqual(largestDeviation(flat), threshold + 0.03, "threshold \(threshold)")
        }
        XCTAssertLessThan(
            elements(of: ellipse.flattened(threshold: 1)).count, elements(of: ellipse.flattened(threshold: 0.01)).count,
            "a finer threshold takes more chords")
        XCTAssertGreaterThan(largestDeviation(ellipse.flattened(threshold: 1)), 0.1, "a coarse threshold is used, not a fine one")
    }

    func testLinesAndMovesStayAndABadThresholdStillEnds() {
        let rect = CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil)
        let flat = rect.flattened(threshold: 0.5)
        XCTAssertEqual(elements(of: flat).map(\.0), elements(of: rect).map(\.0))
        XCTAssertEqual(elements(of: flat).map(\.1), elements(of: rect).map(\.1))
        for threshold in [0, -1, CGFloat.nan, .infinity] {
            let count = elements(of: ellipse.flattened(threshold: threshold)).count
            XCTAssertGreaterThan(count, 4)
            XCTAssertLessThanOrEqual(count, 4 * 16_384 + 2)
        }
    }
}
