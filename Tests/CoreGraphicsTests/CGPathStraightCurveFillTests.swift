import CoreGraphics
import TestSupport
import XCTest

/// A curve whose control points sit on its end points is the straight segment between them:
/// filled, its horizontal edges get the exact share of each pixel they cover, as lines do.
/// Expected values are the covered area computed by hand (±2 of 255 for rounding); cairo's
/// curve rasterizer would round a horizontal edge to fifteenths of a pixel (0.638 → 0.667,
/// 7 of 255 off).
final class CGPathStraightCurveFillTests: XCTestCase {
    /// The rectangle x 2...12, y 2...5.638 (user space, y up) as four curves.
    private func fill(_ build: (CGMutablePath, [CGPoint]) -> Void) throws -> CGImage {
        let c = try XCTUnwrap(makeBitmapContext(width: 20, height: 20))
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        let corners = [CGPoint(x: 2, y: 2), CGPoint(x: 12, y: 2), CGPoint(x: 12, y: 5.638), CGPoint(x: 2, y: 5.638)]
        let path = CGMutablePath()
        path.move(to: corners[0])
        build(path, corners)
        path.closeSubpath()
        c.addPath(path)
        c.fillPath()
        return try XCTUnwrap(c.makeImage())
    }

    /// Row 14 from the top holds y 5...6: the rectangle covers 0.638 of it.
    private let topEdge = px(0, 0, 163, 163)

    func testCubicsWithControlPointsOnTheirEndsFillExactEdges() throws {
        let image = try fill { path, corners in
            for index in 1...4 {
                let (start, end) = (corners[index - 1], corners[index % 4])
                path.addCurve(to: end, control1: start, control2: end)
            }
        }
        assertPixel(image, 6, 14, topEdge, tolerance: 2)
        assertPixel(image, 6, 15, px(0, 0, 255))
    }

    func testCubicsWithBothControlPointsOnOneEndFillExactEdges() throws {
        let image = try fill { path, corners in
            for index in 1...4 {
                let (start, end) = (corners[index - 1], corners[index % 4])
                path.addCurve(to: end, control1: end, control2: index.isMultiple(of: 2) ? end : start)
            }
        }
        assertPixel(image, 6, 14, topEdge, tolerance: 2)
    }

    func testQuadraticsWithTheControlPointOnAnEndFillExactEdges() throws {
        let image = try fill { path, corners in
            for index in 1...4 {
                let (start, end) = (corners[index - 1], corners[index % 4])
                path.addQuadCurve(to: end, control: index.isMultiple(of: 2) ? start : end)
            }
        }
        assertPixel(image, 6, 14, topEdge, tolerance: 2)
    }

    func testACurveWithAControlPointOffItsEndsStillBends() throws {
        // The top side bulges to y 5.638 + 1.5 in the middle (a quadratic goes half-way to its
        // control point), and above 7 between x 6 and 8: row 13 (y 6...7) is covered there.
        let image = try fill { path, corners in
            path.addLine(to: corners[1])
            path.addLine(to: corners[2])
            path.addQuadCurve(to: corners[3], control: CGPoint(x: 7, y: 5.638 + 3))
            path.addLine(to: corners[0])
        }
        assertPixel(image, 6, 13, px(0, 0, 255))
    }
}
