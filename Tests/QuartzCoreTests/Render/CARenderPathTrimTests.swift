import XCTest

@testable import QuartzCore

/// Trimming a path by length, as a shape layer's stroke is trimmed by `strokeStart` and
/// `strokeEnd`: curves stay curves, cut exactly where their length says.
final class CARenderPathTrimTests: XCTestCase {
    private func path(_ build: (CGMutablePath) -> Void) -> CARenderPath {
        let path = CGMutablePath()
        build(path)
        return CARenderPath(path)
    }

    func testAHalfOfAStraightLineEndsAtItsMiddle() {
        let line = path { $0.move(to: CGPoint(x: 0, y: 10)); $0.addLine(to: CGPoint(x: 20, y: 10)) }
        XCTAssertEqual(line.trimmed(from: 0, to: 0.5).elements, [.move(CGPoint(x: 0, y: 10)), .line(CGPoint(x: 10, y: 10))])
        XCTAssertEqual(line.trimmed(from: 0.25, to: 0.75).elements, [.move(CGPoint(x: 5, y: 10)), .line(CGPoint(x: 15, y: 10))])
    }

    func testASymmetricCurveHalvedIsItsFirstHalfByDeCasteljau() throws {
        // Symmetric about x = 20, so half its length is at t = 0.5: B(0.5) = (20, 15), and
        // the first half's control points are (P0 + P1) / 2 = (5, 10) and
        // (P0 + 2 P1 + P2) / 4 = (12.5, 15).
        let curve = path {
            $0.move(to: .zero)
            $0.addCurve(to: CGPoint(x: 40, y: 0), control1: CGPoint(x: 10, y: 20), control2: CGPoint(x: 30, y: 20))
        }
        let half = curve.trimmed(from: 0, to: 0.5).elements
        XCTAssertEqual(half.count, 2)
        XCTAssertEqual(half.first, .move(.zero))
        guard case .curve(let c1, let c2, let end) = half.last else { return XCTFail("not a curve: \(half)") }
        for (point, expected) in [(c1, CGPoint(x: 5, y: 10)), (c2, CGPoint(x: 12.5, y: 15)), (end, CGPoint(x: 20, y: 15))] {
            XCTAssertEqual(point.x, expected.x, accuracy: 1e-9)
            XCTAssertEqual(point.y, expected.y, accuracy: 1e-9)
        }
        // The second half starts where the first ends and ends at P3, with the mirrored
        // control points (27.5, 15) and (35, 10).
        let second = curve.trimmed(from: 0.5, to: 1).elements
        guard case .move(let start) = second.first, case .curve(let d1, let d2, let last) = second.last else {
            return XCTFail("not a move and a curve: \(second)")
        }
        for (point, expected) in [(start, CGPoint(x: 20, y: 15)), (d1, CGPoint(x: 27.5, y: 15)), (d2, CGPoint(x: 35, y: 10)),
                                  (last, CGPoint(x: 40, y: 0))] {
            XCTAssertEqual(point.x, expected.x, accuracy: 1e-9)
            XCTAssertEqual(point.y, expected.y, accuracy: 1e-9)
        }
    }

    func testACircleIsCutAtTheArcLengthAsTheCircleIsMeasured() throws {
        // A circle of radius 100 about the origin from (100, 0), through increasing angles:
        // a tenth of its length ends at 36°, within the Bézier approximation of the circle
        // (its radius is off by at most 0.03%).
        let circle = path { $0.addEllipse(in: CGRect(x: -100, y: -100, width: 200, height: 200)) }
        let tenth = circle.trimmed(from: 0, to: 0.1).elements
        XCTAssertEqual(tenth.count, 2, "one curve: the cut falls inside the first quarter")
        guard case .curve(_, _, let end) = tenth.last else { return XCTFail("not a curve: \(tenth)") }
        let angle = 36.0 * Double.pi / 180
        XCTAssertEqual(Double(end.x), 100 * cos(angle), accuracy: 0.1)
        XCTAssertEqual(Double(end.y), 100 * sin(angle), accuracy: 0.1)
    }

    func testUncutCurvesAreKeptAsTheyAre() {
        let circle = path { $0.addEllipse(in: CGRect(x: 0, y: 0, width: 40, height: 40)) }
        let whole = circle.elements
        guard case .curve = whole[1], case .curve = whole[2] else { return XCTFail("expected curves: \(whole)") }
        // Three quarters and a bit: the first three curves whole, the fourth cut.
        let trimmed = circle.trimmed(from: 0, to: 0.8).elements
        XCTAssertEqual(Array(trimmed.prefix(4)), Array(whole.prefix(4)))
        XCTAssertEqual(trimmed.count, 5)
        XCTAssertNotEqual(trimmed[4], whole[4])
    }

    func testAClosedSubpathInsideTheRangeStaysClosed() {
        let square = path {
            $0.addRect(CGRect(x: 4, y: 4, width: 12, height: 12))
            $0.move(to: CGPoint(x: 0, y: 40))
            $0.addLine(to: CGPoint(x: 48, y: 40))
        }
        XCTAssertEqual(square.trimmed(from: 0, to: 0.5).elements, [
            .move(CGPoint(x: 4, y: 4)), .line(CGPoint(x: 16, y: 4)), .line(CGPoint(x: 16, y: 16)), .line(CGPoint(x: 4, y: 16)), .close,
        ])
        // Cut inside the square (12 to 30 of 96): no longer closed, and the side it only
        // touches at its end adds nothing.
        XCTAssertEqual(square.trimmed(from: 0.125, to: 0.3125).elements, [
            .move(CGPoint(x: 16, y: 4)), .line(CGPoint(x: 16, y: 16)), .line(CGPoint(x: 10, y: 16)),
        ])
        // Across the closing side (30 to 42), which counts like the others.
        XCTAssertEqual(square.trimmed(from: 0.3125, to: 0.4375).elements, [
            .move(CGPoint(x: 10, y: 16)), .line(CGPoint(x: 4, y: 16)), .line(CGPoint(x: 4, y: 10)),
        ])
    }

    func testSubpathsCountByTotalLengthAndLoneMovesCountForNothing() {
        let lines = path {
            $0.move(to: CGPoint(x: 0, y: 5))
            $0.addLine(to: CGPoint(x: 10, y: 5))
            $0.move(to: CGPoint(x: 99, y: 99))
            $0.move(to: CGPoint(x: 0, y: 20))
            $0.addLine(to: CGPoint(x: 30, y: 20))
        }
        XCTAssertEqual(lines.trimmed(from: 0, to: 0.5).elements, [
            .move(CGPoint(x: 0, y: 5)), .line(CGPoint(x: 10, y: 5)), .move(CGPoint(x: 0, y: 20)), .line(CGPoint(x: 10, y: 20)),
        ])
    }

    func testAnEmptyOrInvertedRangeIsAnEmptyPath() {
        let line = path { $0.move(to: .zero); $0.addLine(to: CGPoint(x: 10, y: 0)) }
        XCTAssertEqual(line.trimmed(from: 0.6, to: 0.4).elements, [])
        XCTAssertEqual(path { $0.move(to: .zero) }.trimmed(from: 0, to: 1).elements, [])
    }
}
