import CoreGraphics
import TestSupport
import XCTest

/// The elements of a path as (type, points) pairs.
func elements(of path: CGPath) -> [(CGPathElementType, [CGPoint])] {
    var result: [(CGPathElementType, [CGPoint])] = []
    path.applyWithBlock { element in
        let e = element.pointee
        result.append((e.type, (0..<e.type.pointCount).map { e.points[$0] }))
    }
    return result
}

func assertPoint(_ a: CGPoint, _ b: CGPoint, accuracy: CGFloat = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.x, b.x, accuracy: accuracy, "x of \(a) vs \(b)", file: file, line: line)
    XCTAssertEqual(a.y, b.y, accuracy: accuracy, "y of \(a) vs \(b)", file: file, line: line)
}

final class CGPathTests: XCTestCase {
    func testMutablePathRecordsElementsInOrder() {
        let path = CGMutablePath()
        XCTAssertTrue(path.isEmpty)
        XCTAssertEqual(path.currentPoint, .zero)
        path.move(to: CGPoint(x: 1, y: 2))
        path.addLine(to: CGPoint(x: 3, y: 4))
        path.addQuadCurve(to: CGPoint(x: 5, y: 6), control: CGPoint(x: 7, y: 8))
        path.addCurve(to: CGPoint(x: 9, y: 10), control1: CGPoint(x: 11, y: 12), control2: CGPoint(x: 13, y: 14))
        path.closeSubpath()
        let list = elements(of: path)
        XCTAssertEqual(list.map(\.0), [.moveToPoint, .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath])
        XCTAssertEqual(list[2].1, [CGPoint(x: 7, y: 8), CGPoint(x: 5, y: 6)])
        XCTAssertEqual(list[3].1, [CGPoint(x: 11, y: 12), CGPoint(x: 13, y: 14), CGPoint(x: 9, y: 10)])
        XCTAssertEqual(path.currentPoint, CGPoint(x: 1, y: 2), "closeSubpath returns to the subpath start")
        XCTAssertFalse(path.isEmpty)
    }

    func testLineWithoutCurrentPointIsIgnored() {
        let path = CGMutablePath()
        let lines = standardErrorLines { path.addLine(to: CGPoint(x: 3, y: 4)) }
        XCTAssertTrue(path.isEmpty)
        XCTAssertEqual(lines, ["CGPathAddLineToPoint: no current point."])
    }

    func testLineAfterCloseStartsNewSubpathAtClosedStart() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 1))
        path.addLine(to: CGPoint(x: 5, y: 1))
        path.closeSubpath()
        path.addLine(to: CGPoint(x: 1, y: 9))
        XCTAssertEqual(elements(of: path).map(\.0), [.moveToPoint, .addLineToPoint, .closeSubpath, .moveToPoint, .addLineToPoint])
        XCTAssertEqual(elements(of: path)[3].1, [CGPoint(x: 1, y: 1)])
    }

    func testTransformAppliesToAddedPoints() {
        let path = CGMutablePath()
        let t = CGAffineTransform(translationX: 10, y: 20).scaledBy(x: 2, y: 2)
        path.move(to: CGPoint(x: 1, y: 1), transform: t)
        path.addLine(to: CGPoint(x: 2, y: 3), transform: t)
        XCTAssertEqual(elements(of: path).map(\.1), [[CGPoint(x: 12, y: 22)], [CGPoint(x: 14, y: 26)]])
        path.addRect(CGRect(x: 0, y: 0, width: 1, height: 1), transform: t)
        XCTAssertEqual(path.boundingBox, CGRect(x: 10, y: 20, width: 4, height: 6))
    }

    func testRectInitializerAndIsRect() {
        let rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        let path = CGPath(rect: rect, transform: nil)
        XCTAssertEqual(
            elements(of: path).map(\.1).flatMap { $0 },
            [CGPoint(x: 1, y: 2), CGPoint(x: 4, y: 2), CGPoint(x: 4, y: 6), CGPoint(x: 1, y: 6)])
        var found = CGRect.zero
        XCTAssertTrue(path.isRect(&found))
        XCTAssertEqual(found, rect)
        XCTAssertFalse(CGPath(ellipseIn: rect, transform: nil).isRect(nil))
        var t = CGAffineTransform(translationX: 10, y: 0)
        XCTAssertEqual(CGPath(rect: rect, transform: &t).boundingBox, rect.offsetBy(dx: 10, dy: 0))
    }

    func testEllipseStartsAtMaxXAndSweepsTowardsMaxY() {
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 50), transform: nil)
        let list = elements(of: path)
        XCTAssertEqual(list.map(\.0), [.moveToPoint] + Array(repeating: .addCurveToPoint, count: 4) + [.closeSubpath])
        assertPoint(list[0].1[0], CGPoint(x: 100, y: 25))
        assertPoint(list[1].1[2], CGPoint(x: 50, y: 50))
        assertPoint(list[2].1[2], CGPoint(x: 0, y: 25))
        assertPoint(list[3].1[2], CGPoint(x: 50, y: 0))
        assertPoint(list[4].1[2], CGPoint(x: 100, y: 25))
        XCTAssertEqual(path.boundingBoxOfPath.minX, 0, accuracy: 1e-9)
        XCTAssertEqual(path.boundingBoxOfPath.maxY, 50, accuracy: 1e-9)
    }

    func testRoundedRectCornersAndClamping() {
        let path = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 5, cornerHeight: 4, transform: nil)
        let box = path.boundingBoxOfPath
        XCTAssertEqual(box.minX, 0, accuracy: 1e-9)
        XCTAssertEqual(box.maxX, 40, accuracy: 1e-9)
        XCTAssertEqual(box.maxY, 20, accuracy: 1e-9)
        XCTAssertTrue(path.contains(CGPoint(x: 20, y: 10)))
        XCTAssertTrue(path.contains(CGPoint(x: 0.5, y: 10)))
        XCTAssertFalse(path.contains(CGPoint(x: 0.3, y: 0.3)), "the rounded corner excludes the rectangle's corner")
        // Corner sizes larger than half a side are clamped: a 10×10 "rounded rect" of corner 50 is a circle.
        let circle = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 10, height: 10), cornerWidth: 50, cornerHeight: 50, transform: nil)
        XCTAssertFalse(circle.contains(CGPoint(x: 1, y: 1)))
        XCTAssertTrue(circle.contains(CGPoint(x: 5, y: 5)))
        let plain = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 10, height: 10), cornerWidth: 0, cornerHeight: 0, transform: nil)
        XCTAssertTrue(plain.isRect(nil))
    }

    func testQuarterArcEndPointsCounterClockwise() {
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 10, y: 10), radius: 5, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let list = elements(of: path)
        XCTAssertEqual(list.map(\.0), [.moveToPoint, .addCurveToPoint])
        assertPoint(list[0].1[0], CGPoint(x: 15, y: 10))
        assertPoint(list[1].1[2], CGPoint(x: 10, y: 15))
        // Quarter-circle control points: kappa × radius along the tangents.
        assertPoint(list[1].1[0], CGPoint(x: 15, y: 10 + 5 * 0.5522847498), accuracy: 1e-6)
        assertPoint(path.currentPoint, CGPoint(x: 10, y: 15))
    }

    func testClockwiseArcGoesTheOtherWayRound() {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        // Three quarters through negative y.
        let list = elements(of: path)
        XCTAssertEqual(list.count, 4)
        assertPoint(list[1].1[2], CGPoint(x: 0, y: -1))
        assertPoint(list[2].1[2], CGPoint(x: -1, y: 0))
        assertPoint(list[3].1[2], CGPoint(x: 0, y: 1))
        let box = path.boundingBoxOfPath
        XCTAssertEqual(box.minY, -1, accuracy: 1e-9)
        XCTAssertEqual(box.minX, -1, accuracy: 1e-9)
    }

    func testArcAfterCurrentPointAddsLineAndFullCircle() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(center: CGPoint(x: 10, y: 0), radius: 2, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        let list = elements(of: path)
        XCTAssertEqual(list.map(\.0), [.moveToPoint, .addLineToPoint] + Array(repeating: .addCurveToPoint, count: 4))
        assertPoint(list[1].1[0], CGPoint(x: 12, y: 0))
        assertPoint(list[5].1[2], CGPoint(x: 12, y: 0))
    }

    func testRelativeArcSweepsDelta() {
        let path = CGMutablePath()
        path.addRelativeArc(center: .zero, radius: 2, startAngle: .pi / 2, delta: -.pi / 2)
        let list = elements(of: path)
        assertPoint(list[0].1[0], CGPoint(x: 0, y: 2))
        assertPoint(list.last!.1[2], CGPoint(x: 2, y: 0))
    }

    func testTangentArcRoundsACorner() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 5)
        let list = elements(of: path)
        XCTAssertEqual(list.map(\.0), [.moveToPoint, .addLineToPoint, .addCurveToPoint])
        assertPoint(list[1].1[0], CGPoint(x: 5, y: 0))
        assertPoint(list[2].1[2], CGPoint(x: 10, y: 5))
        // Collinear points degrade to a line to tangent1End.
        let straight = CGMutablePath()
        straight.move(to: .zero)
        straight.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 10, y: 0), radius: 3)
        XCTAssertEqual(elements(of: straight).last?.1, [CGPoint(x: 5, y: 0)])
    }

    func testBoundingBoxIncludesControlPointsButBoundingBoxOfPathDoesNot() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 0, y: 10), control2: CGPoint(x: 10, y: 10))
        XCTAssertEqual(path.boundingBox, CGRect(x: 0, y: 0, width: 10, height: 10))
        // The curve's top is at t = 0.5: y = 3/4 × 10.
        let tight = path.boundingBoxOfPath
        XCTAssertEqual(tight.minX, 0)
        XCTAssertEqual(tight.maxX, 10)
        XCTAssertEqual(tight.height, 7.5, accuracy: 1e-9)
        let quad = CGMutablePath()
        quad.move(to: .zero)
        quad.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
        XCTAssertEqual(quad.boundingBox.height, 10)
        XCTAssertEqual(quad.boundingBoxOfPath.height, 5, accuracy: 1e-9)
        XCTAssertTrue(CGMutablePath().boundingBox.isNull)
        XCTAssertTrue(CGMutablePath().boundingBoxOfPath.isNull)
    }

    func testContainsWithWindingAndEvenOddRules() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        path.addRect(CGRect(x: 2, y: 2, width: 6, height: 6))
        let center = CGPoint(x: 5, y: 5)
        XCTAssertTrue(path.contains(center, using: .winding))
        XCTAssertFalse(path.contains(center, using: .evenOdd))
        XCTAssertTrue(path.contains(CGPoint(x: 1, y: 1), using: .evenOdd))
        XCTAssertFalse(path.contains(CGPoint(x: 11, y: 5)))
        // A reversed inner rectangle makes a hole under the winding rule too.
        let hole = CGMutablePath()
        hole.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        hole.addLines(between: [CGPoint(x: 2, y: 2), CGPoint(x: 2, y: 8), CGPoint(x: 8, y: 8), CGPoint(x: 8, y: 2)])
        hole.closeSubpath()
        XCTAssertFalse(hole.contains(center, using: .winding))
        XCTAssertTrue(hole.contains(CGPoint(x: 1, y: 5), using: .winding))
    }

    func testAnEllipseMirroredAboutItsCentreLineWindsTheOtherWayFromTheSameStart() {
        // A mirror about the ellipse's horizontal centre line maps it onto itself, its start
        // (maxX, midY) onto itself, and reverses its direction: inside another ellipse it
        // cancels the winding (+1 − 1 = 0), where the ellipse as made adds to it (2).
        let outer = CGRect(x: 0, y: 0, width: 100, height: 60), inner = outer.insetBy(dx: 20, dy: 15)
        var mirror = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: inner.minY + inner.maxY)
        let reversed = CGPath(ellipseIn: inner, transform: &mirror)
        assertPoint(elements(of: reversed)[0].1[0], CGPoint(x: inner.maxX, y: inner.midY))
        let ring = CGMutablePath(), disc = CGMutablePath()
        ring.addEllipse(in: outer)
        ring.addPath(reversed)
        disc.addEllipse(in: outer)
        disc.addEllipse(in: inner)
        let centre = CGPoint(x: 50, y: 30), band = CGPoint(x: 10, y: 30)
        XCTAssertFalse(ring.contains(centre, using: .winding), "a hole where the windings cancel")
        XCTAssertTrue(ring.contains(band, using: .winding))
        XCTAssertTrue(disc.contains(centre, using: .winding), "the same ellipse twice winds twice")
    }

    func testARectangleOrRoundedRectangleTracedTheOtherWayCutsAHoleUnderTheWindingRule() {
        // UIKit's `reversing()` of a cutout, as the porting command writes it: a rectangle's
        // corners from the same start the other way round, a rounded rectangle mirrored about
        // its horizontal centre line. Inside a rectangle as made, the windings cancel.
        let outer = CGRect(x: 0, y: 0, width: 100, height: 60), hole = CGRect(x: 20, y: 15, width: 40, height: 30)
        let lines = CGMutablePath()
        lines.addRect(outer)
        lines.addLines(between: [
            CGPoint(x: hole.minX, y: hole.minY), CGPoint(x: hole.minX, y: hole.maxY), CGPoint(x: hole.maxX, y: hole.maxY),
            CGPoint(x: hole.maxX, y: hole.minY),
        ])
        lines.closeSubpath()
        let rounded = CGMutablePath()
        rounded.addRect(outer)
        rounded.addPath(
            CGPath(roundedRect: hole, cornerWidth: 8, cornerHeight: 8, transform: nil),
            transform: CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: hole.minY + hole.maxY))
        let centre = CGPoint(x: hole.midX, y: hole.midY), band = CGPoint(x: 10, y: 30), corner = CGPoint(x: hole.minX + 1, y: hole.minY + 1)
        for path in [lines, rounded] {
            XCTAssertFalse(path.contains(centre, using: .winding), "a hole where the windings cancel")
            XCTAssertTrue(path.contains(band, using: .winding))
        }
        XCTAssertTrue(rounded.contains(corner, using: .winding), "the rounded corner is filled outside its arc")
        XCTAssertFalse(lines.contains(corner, using: .winding))
    }

    func testContainsOnCurvesAndWithTransform() {
        let circle = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        XCTAssertTrue(circle.contains(CGPoint(x: 9.9, y: 0)))
        XCTAssertTrue(circle.contains(CGPoint(x: 7, y: 7)))  // radius 9.9
        XCTAssertFalse(circle.contains(CGPoint(x: 7.2, y: 7.2)))  // radius 10.18
        XCTAssertTrue(circle.contains(CGPoint(x: 25, y: 0), transform: CGAffineTransform(translationX: 20, y: 0)))
        XCTAssertFalse(circle.contains(CGPoint(x: 0, y: 0), transform: CGAffineTransform(translationX: 20, y: 0)))
    }

    func testCopyIsIndependentOfLaterMutation() throws {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
        let snapshot = try XCTUnwrap(path.copy())
        let mutable = try XCTUnwrap(path.mutableCopy())
        XCTAssertEqual(snapshot, path)
        path.addRect(CGRect(x: 5, y: 5, width: 1, height: 1))
        XCTAssertNotEqual(snapshot, path)
        XCTAssertEqual(snapshot.boundingBox, CGRect(x: 0, y: 0, width: 1, height: 1))
        mutable.addLine(to: CGPoint(x: 9, y: 9))
        XCTAssertEqual(snapshot.boundingBox, CGRect(x: 0, y: 0, width: 1, height: 1))
        var t = CGAffineTransform(scaleX: 3, y: 3)
        XCTAssertEqual(snapshot.copy(using: &t)?.boundingBox, CGRect(x: 0, y: 0, width: 3, height: 3))
    }

    func testAddPathAppendsTransformedElements() {
        let inner = CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 2), transform: nil)
        let path = CGMutablePath()
        path.addPath(inner, transform: CGAffineTransform(translationX: 5, y: 5))
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0)])
        XCTAssertEqual(path.boundingBox, CGRect(x: 0, y: 0, width: 7, height: 7))
        XCTAssertEqual(elements(of: path).count, 7)
        XCTAssertEqual(path.currentPoint, CGPoint(x: 1, y: 0))
    }

    func testApplyFunctionVisitsEveryElement() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        var count = 0
        withUnsafeMutablePointer(to: &count) { pointer in
            path.apply(info: pointer) { info, _ in
                info?.assumingMemoryBound(to: Int.self).pointee += 1
            }
        }
        XCTAssertEqual(count, 5)
    }

    func testStrokedCopyCoversTheStrokeArea() {
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 0))
        line.addLine(to: CGPoint(x: 10, y: 0))
        let butt = line.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        XCTAssertEqual(butt.boundingBox, CGRect(x: 0, y: -2, width: 10, height: 4))
        XCTAssertTrue(butt.contains(CGPoint(x: 5, y: 1.9)))
        XCTAssertFalse(butt.contains(CGPoint(x: 5, y: 2.1)))
        XCTAssertFalse(butt.contains(CGPoint(x: -0.5, y: 0)))
        let square = line.copy(strokingWithWidth: 4, lineCap: .square, lineJoin: .miter, miterLimit: 10)
        XCTAssertEqual(square.boundingBox, CGRect(x: -2, y: -2, width: 14, height: 4))
        let round = line.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        XCTAssertTrue(round.contains(CGPoint(x: -1.9, y: 0)))
        XCTAssertFalse(round.contains(CGPoint(x: -1.5, y: 1.5)))
        XCTAssertEqual(round.boundingBoxOfPath.minX, -2, accuracy: 1e-9)
    }

    func testStrokedCopyJoins() {
        let corner = CGMutablePath()
        corner.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
        let miter = corner.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        XCTAssertTrue(miter.contains(CGPoint(x: 10.9, y: -0.9)), "miter fills the outer corner square")
        let bevel = corner.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .bevel, miterLimit: 10)
        XCTAssertFalse(bevel.contains(CGPoint(x: 10.9, y: -0.9)))
        XCTAssertTrue(bevel.contains(CGPoint(x: 10.4, y: -0.4)))
        let round = corner.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .round, miterLimit: 10)
        XCTAssertTrue(round.contains(CGPoint(x: 10.6, y: -0.6)))
        XCTAssertFalse(round.contains(CGPoint(x: 10.9, y: -0.9)))
        // A miter limit below the corner's ratio (√2 for a right angle) bevels it.
        let limited = corner.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 1.2)
        XCTAssertFalse(limited.contains(CGPoint(x: 10.9, y: -0.9)))
    }

    func testDashedCopySplitsLinesAtPatternBoundaries() {
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 10, y: 0))
        let dashed = line.copy(dashingWithPhase: 0, lengths: [3, 2])
        let points = elements(of: dashed).map { $0.1[0].x }
        XCTAssertEqual(elements(of: dashed).map(\.0), [.moveToPoint, .addLineToPoint, .moveToPoint, .addLineToPoint])
        XCTAssertEqual(points, [0, 3, 5, 8])
        let shifted = line.copy(dashingWithPhase: 1, lengths: [3, 2])
        XCTAssertEqual(elements(of: shifted).map { $0.1[0].x }, [0, 2, 4, 7, 9, 10])
        // Invalid patterns give the path back unchanged.
        XCTAssertEqual(line.copy(dashingWithPhase: 0, lengths: []), line)
        XCTAssertEqual(line.copy(dashingWithPhase: 0, lengths: [-1, 2]), line)
    }

    func testApplesUnderscoredStrokingAndDashingInitializersMakeTheCopies() throws {
        // Core Graphics' CGPathCreateCopyByStrokingPath and CGPathCreateCopyByDashingPath, as
        // Swift code on Apple platforms calls them (`CGPath(__byStroking: …)!`).
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 10, y: 0))
        let stroked = try XCTUnwrap(
            CGPath(__byStroking: line, transform: nil, lineWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10))
        XCTAssertEqual(stroked.boundingBox, CGRect(x: 0, y: -2, width: 10, height: 4))
        var shift = CGAffineTransform(translationX: 0, y: 5)
        let moved = try XCTUnwrap(
            CGPath(__byStroking: line, transform: &shift, lineWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10))
        XCTAssertEqual(moved.boundingBox, CGRect(x: 0, y: 3, width: 10, height: 4))
        let lengths: [CGFloat] = [3, 2]
        let dashed = try XCTUnwrap(CGPath(__byDashing: line, transform: nil, phase: 0, lengths: lengths, count: lengths.count))
        XCTAssertEqual(elements(of: dashed).map { $0.1[0].x }, [0, 3, 5, 8])
        // No lengths: the path as it is.
        XCTAssertEqual(CGPath(__byDashing: line, transform: nil, phase: 0, lengths: nil, count: 0), line)
    }

    func testDashedCopyKeepsCurvesOnTheCurve() {
        let circle = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        let dashed = circle.copy(dashingWithPhase: 0, lengths: [5, 5])
        let list = elements(of: dashed)
        XCTAssertGreaterThan(list.filter { $0.0 == .moveToPoint }.count, 5)
        for (type, points) in list where type == .addCurveToPoint {
            let end = points[2]
            XCTAssertEqual((end.x * end.x + end.y * end.y).squareRoot(), 10, accuracy: 0.01)
        }
    }

    func testEqualityComparesElements() {
        let a = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        let b = CGMutablePath()
        b.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        b.closeSubpath()  // already closed: no change
        XCTAssertEqual(a, b)
        b.move(to: .zero)
        XCTAssertNotEqual(a, b)
    }
}
