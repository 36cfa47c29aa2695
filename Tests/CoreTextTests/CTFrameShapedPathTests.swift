import CoreGraphics
import CoreText
import Foundation
import XCTest

// Frames in paths that are not rectangles: each line goes where the path's inside spans the
// line's whole height, as Core Text fills a path line by line; a band with several stretches
// of the inside holds a line in each, left to right. Expectations come from the shapes'
// geometry computed here and the font's metrics: "Menlo" is matched to DejaVu Sans Mono,
// advancing 1233 of 2048 units per glyph, ascent 1901 and descent 483 units (fontTools).
final class CTFrameShapedPathTests: MonospacedFrameTestCase {
    func testLinesOfAnLShapedPathWrapToItsWidthAtTheirHeight() throws {
        // 200 wide above y = 60, 100 wide below; 100 high.
        let path = CGMutablePath()
        path.addLines(between: [
            CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 60), CGPoint(x: 200, y: 60),
            CGPoint(x: 200, y: 100), CGPoint(x: 0, y: 100),
        ])
        path.closeSubpath()
        let frame = frame(String(repeating: "a", count: 100), path)
        let lineHeight = ascent + descent
        // Lines 1 and 2 lie above y = 60 (down to 100 - 2 × 18.625); line 3 reaches below it.
        let counts = (0..<5).map { index in 100 - CGFloat(index + 1) * lineHeight >= 60 ? fitting(200) : fitting(100) }
        XCTAssertEqual(counts, [20, 20, 10, 10, 10])
        var location = 0
        var expected: [CFRange] = []
        for count in counts {
            expected.append(CFRange(location: location, length: count))
            location += count
        }
        XCTAssertEqual(try ranges(frame), expected)
        XCTAssertEqual(origins(frame), (0..<5).map { CGPoint(x: 0, y: 100 - CGFloat($0) * lineHeight - ascent) })
        XCTAssertEqual(CTFrameGetVisibleStringRange(frame), CFRange(location: 0, length: 70))
    }

    func testAPathWithAHoleHoldsALineEitherSideOfIt() throws {
        // A 200 × 60 rectangle with a hole from x = 80 to 120 its whole height: two columns.
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 200, height: 60))
        path.addRect(CGRect(x: 80, y: 0, width: 40, height: 60))
        let frame = frame(String(repeating: "a", count: 60), path)
        let lineHeight = ascent + descent
        // Three lines' height fit 60 points; each band holds 8 characters left and 8 right.
        XCTAssertEqual(fitting(80), 8)
        XCTAssertEqual(try ranges(frame), (0..<6).map { CFRange(location: 8 * $0, length: 8) })
        let expected = (0..<3).flatMap { row -> [CGPoint] in
            let y = 60 - CGFloat(row) * lineHeight - ascent
            return [CGPoint(x: 0, y: y), CGPoint(x: 120, y: y)]
        }
        XCTAssertEqual(origins(frame), expected)

        // Filled by winding numbers (both rectangles wind the same way) there is no hole.
        let wound = self.frame(
            String(repeating: "a", count: 60), path,
            [kCTFramePathFillRuleAttributeName: CTFramePathFillRule.windingNumber.rawValue])
        XCTAssertEqual(try ranges(wound), (0..<3).map { CFRange(location: 20 * $0, length: 20) })
    }

    func testPathsWithoutRoomForTextHoldNoLines() {
        // A line, and a triangle too narrow for a character, a billion points tall: passed
        // in at most 10,000 steps.
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 0, y: 1e9))
        let triangle = CGMutablePath()
        triangle.addLines(between: [.zero, CGPoint(x: 4, y: 0), CGPoint(x: 0, y: 1e9)])
        for path in [line as CGPath, triangle] {
            XCTAssertEqual(CFArrayGetCount(CTFrameGetLines(frame("abc", path))), 0)
        }
    }

    func testLinesOfAnEllipseSpanItsInsideOverTheirWholeHeight() throws {
        // An ellipse of radii 100 and 50 about (100, 50): at a distance d from its centre
        // line it spans 2 × 100 × √(1 − (d / 50)²). A line's band spans the least of that over
        // its height, at its edge farther from the centre; bands too narrow for one
        // character are passed a point at a time from the top.
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 200, height: 100), transform: nil)
        let frame = frame(String(repeating: "a", count: 200), path)
        let lineHeight = ascent + descent
        func halfWidth(_ d: CGFloat) -> CGFloat { d >= 50 ? 0 : 100 * (1 - (d / 50) * (d / 50)).squareRoot() }
        // The ellipse is drawn flattened to within 0.05 points of its curve: across, that is
        // 0.05 × √(1 + (dx/dd)²) at the band's edge, the slope steepest near the top and bottom.
        func tolerance(_ d: CGFloat) -> CGFloat {
            let slope = 100 * (d / 2500) / max(1 - (d / 50) * (d / 50), 1e-6).squareRoot()
            return 0.05 * (1 + slope * slope).squareRoot()
        }
        var expected: [(location: Int, length: Int, x: CGFloat, y: CGFloat, tolerance: CGFloat)] = []
        var top: CGFloat = 0
        var location = 0
        while top + lineHeight <= 100 {
            let far = max(abs(50 - top), abs(50 - top - lineHeight))
            let span = 2 * halfWidth(far)
            if fitting(span) == 0 {
                top += 1
                continue
            }
            expected.append((location, fitting(span), 100 - span / 2, 100 - top - ascent, tolerance(far)))
            location += fitting(span)
            top += lineHeight
        }
        let lines = try ranges(frame)
        let placed = origins(frame)
        XCTAssertEqual(lines.count, expected.count)
        XCTAssertEqual(lines, expected.map { CFRange(location: $0.location, length: $0.length) })
        for (origin, line) in zip(placed, expected) {
            XCTAssertEqual(origin.x, line.x, accuracy: line.tolerance)
            XCTAssertEqual(origin.y, line.y)
        }
    }
}
