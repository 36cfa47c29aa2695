import Foundation
import TestSupport
import XCTest

@testable import QuartzCore

/// `CGPath` values in animations (`shadowPath`, …): point-wise interpolation of paths with the
/// same structure (lines and quadratic curves raised to cubic ones where the other path has a
/// curve), discrete switching otherwise. Expected paths are built here from points
/// computed with plain arithmetic.
/// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous @MainActor
/// test methods to nonisolated ones.
@MainActor
final class PathInterpolationTests: XCTestCase {
    // MARK: Helpers

    /// A path with the structure move, line, quad, cubic, close, from its 7 points in order
    /// (move; line; quad control, end; cubic control 1, control 2, end).
    private func shape(_ p: [CGPoint]) -> CGPath {
        let path = CGMutablePath()
        path.move(to: p[0])
        path.addLine(to: p[1])
        path.addQuadCurve(to: p[3], control: p[2])
        path.addCurve(to: p[6], control1: p[4], control2: p[5])
        path.closeSubpath()
        return path
    }

    private func points(_ pairs: [(Double, Double)]) -> [CGPoint] { pairs.map { CGPoint(x: $0.0, y: $0.1) } }

    private let a: [(Double, Double)] = [(0, 0), (100, 0), (120, 40), (100, 100), (80, 120), (20, 120), (0, 100)]
    private let b: [(Double, Double)] = [(10, 20), (200, 40), (140, 60), (300, 300), (100, 140), (40, 160), (20, 200)]

    /// `a + (b − a)·f`, point by point.
    private func blend(_ f: Double) -> [(Double, Double)] {
        zip(a, b).map { ($0.0.0 + ($0.1.0 - $0.0.0) * f, $0.0.1 + ($0.1.1 - $0.0.1) * f) }
    }

    private var pathA: CGPath { shape(points(a)) }
    private var pathB: CGPath { shape(points(b)) }
    /// A rectangle: move, lines, close.
    private var rectangle: CGPath { CGPath(rect: CGRect(x: 0, y: 0, width: 50, height: 50), transform: nil) }
    /// An ellipse: move, four cubic curves, close.
    private var ellipse: CGPath { CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 50, height: 50), transform: nil) }

    private func value(_ animation: CAAnimation, at time: CFTimeInterval, base: Any? = nil) -> CGPath? {
        var result: CGPath?
        animation.makeEvaluator()?.apply(atParentTime: time, read: { _ in base }, write: { key, value in
            if key == "shadowPath" { result = value as? CGPath }
        })
        return result
    }

    private func basic(from: Any? = nil, to: Any? = nil, by: Any? = nil) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "shadowPath")
        animation.fromValue = from
        animation.toValue = to
        animation.byValue = by
        animation.duration = 1
        animation.fillMode = .forwards
        return animation
    }

    // MARK: Values

    func testPathsUnboxByStructureAndBoxBackAsPaths() async throws {
        let value = try XCTUnwrap(AnimationValue(pathA))
        XCTAssertEqual(value.kind, .path([.moveToPoint, .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath]))
        XCTAssertEqual(value.components.count, 14)
        XCTAssertEqual(value.boxed as? CGPath, pathA)
        let empty = try XCTUnwrap(AnimationValue(CGMutablePath()))
        XCTAssertEqual(empty.kind, .path([]))
        XCTAssertEqual((empty.boxed as? CGPath)?.isEmpty, true)
    }

    func testSameStructureInterpolatesEveryPoint() async throws {
        let from = try XCTUnwrap(AnimationValue(pathA)), to = try XCTUnwrap(AnimationValue(pathB))
        XCTAssertTrue(from.isCompatible(with: to))
        XCTAssertEqual(from.interpolated(to: to, fraction: 0).boxed as? CGPath, pathA)
        XCTAssertEqual(from.interpolated(to: to, fraction: 0.5).boxed as? CGPath, shape(points(blend(0.5))))
        XCTAssertEqual(from.interpolated(to: to, fraction: 0.25).boxed as? CGPath, shape(points(blend(0.25))))
        XCTAssertEqual(from.interpolated(to: to, fraction: 1).boxed as? CGPath, pathB)
        // Control points move too: the quad's control at half-way is (130, 50).
        XCTAssertEqual(blend(0.5)[2].0, 130)
    }

    func testDifferentStructuresAreNotCompatible() async throws {
        let rect = try XCTUnwrap(AnimationValue(rectangle)), oval = try XCTUnwrap(AnimationValue(ellipse))
        XCTAssertFalse(rect.isCompatible(with: oval))
        // Same number of points, different element types: still not compatible.
        let lines = CGMutablePath()
        lines.addLines(between: [.zero, CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 0, y: 1)])
        let curve = CGMutablePath()
        curve.move(to: .zero)
        curve.addCurve(to: CGPoint(x: 0, y: 1), control1: CGPoint(x: 1, y: 0), control2: CGPoint(x: 1, y: 1))
        let l = try XCTUnwrap(AnimationValue(lines)), c = try XCTUnwrap(AnimationValue(curve))
        XCTAssertEqual(l.components.count, c.components.count)
        XCTAssertFalse(l.isCompatible(with: c))
        XCTAssertEqual(l.interpolated(to: c, fraction: 0.4).boxed as? CGPath, lines)
        XCTAssertEqual(l.interpolated(to: c, fraction: 0.6).boxed as? CGPath, curve)
        // Nor with other values of as many components.
        let line = CGMutablePath()
        line.addLines(between: [.zero, CGPoint(x: 1, y: 1)])
        let rectValue = try XCTUnwrap(AnimationValue(CGRect(x: 0, y: 0, width: 1, height: 1)))
        XCTAssertFalse(try XCTUnwrap(AnimationValue(line)).isCompatible(with: rectValue))
        XCTAssertFalse(rectValue.isCompatible(with: try XCTUnwrap(AnimationValue(line))))
    }

    /// A square traced by lines, and a shape with a cubic curve at each side, both move, four
    /// drawing elements, close, with the same vertices.
    private var squareOfLines: CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        for p in [CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100), CGPoint(x: 0, y: 0)] { path.addLine(to: p) }
        path.closeSubpath()
        return path
    }

    /// The square with a cubic curve at each side whose two controls are pushed out from the
    /// side's ends by `push`, perpendicular to the side.
    private func squareOfCurves(pushedOutBy push: CGFloat) -> CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: -push), control2: CGPoint(x: 100, y: -push))
        path.addCurve(to: CGPoint(x: 100, y: 100), control1: CGPoint(x: 100 + push, y: 0), control2: CGPoint(x: 100 + push, y: 100))
        path.addCurve(to: CGPoint(x: 0, y: 100), control1: CGPoint(x: 100, y: 100 + push), control2: CGPoint(x: 0, y: 100 + push))
        path.addCurve(to: CGPoint(x: 0, y: 0), control1: CGPoint(x: -push, y: 100), control2: CGPoint(x: -push, y: 0))
        path.closeSubpath()
        return path
    }

    private var squareOfCurves: CGPath { squareOfCurves(pushedOutBy: 40) }

    /// Half-way between the two: each side a cubic whose controls are pushed out by 20 (a line
    /// from a to b is the cubic with controls a and b; the midpoint of each pair of controls).
    private var squareHalfway: CGPath { squareOfCurves(pushedOutBy: 20) }

    // Apple's renders of lottie's shape morphs (a bar whose sides are lines turning into one
    // whose sides are curves, the same number of elements) show the shapes in between.
    func testLinesAndCurvesInTheSamePlacesBlendAsCubicCurves() async throws {
        let lines = try XCTUnwrap(AnimationValue(squareOfLines)), curves = try XCTUnwrap(AnimationValue(squareOfCurves))
        XCTAssertTrue(lines.isCompatible(with: curves))
        XCTAssertTrue(curves.isCompatible(with: lines))
        XCTAssertEqual(lines.interpolated(to: curves, fraction: 0.5).boxed as? CGPath, squareHalfway)
        XCTAssertEqual(curves.interpolated(to: lines, fraction: 0.5).boxed as? CGPath, squareHalfway)
        XCTAssertEqual(value(basic(from: squareOfLines, to: squareOfCurves), at: 0.5), squareHalfway)
        // The distance is measured between the raised shapes: 8 controls moved by 40.
        XCTAssertEqual(lines.distance(to: curves), (8 * 40.0 * 40).squareRoot(), accuracy: 1e-9)
        // A move where the other has a line, or a different count, stays incompatible.
        let moved = CGMutablePath()
        moved.move(to: .zero)
        moved.addLine(to: CGPoint(x: 1, y: 0))
        let twoMoves = CGMutablePath()
        twoMoves.move(to: .zero)
        twoMoves.move(to: CGPoint(x: 1, y: 0))
        XCTAssertFalse(try XCTUnwrap(AnimationValue(moved)).isCompatible(with: try XCTUnwrap(AnimationValue(twoMoves))))
    }

    func testAQuadraticCurveIsRaisedToTheCubicThatDrawsIt() async throws {
        // The quadratic from (0, 0) through control (30, 60) to (90, 0) is the cubic with
        // controls (0, 0) + ⅔·((30, 60) − (0, 0)) = (20, 40) and (90, 0) + ⅔·((30, 60) − (90, 0)) = (50, 40).
        let quad = CGMutablePath()
        quad.move(to: .zero)
        quad.addQuadCurve(to: CGPoint(x: 90, y: 0), control: CGPoint(x: 30, y: 60))
        let cubic = CGMutablePath()
        cubic.move(to: .zero)
        cubic.addCurve(to: CGPoint(x: 90, y: 0), control1: CGPoint(x: 0, y: 0), control2: CGPoint(x: 90, y: 0))
        let expected = CGMutablePath()
        expected.move(to: .zero)
        expected.addCurve(to: CGPoint(x: 90, y: 0), control1: CGPoint(x: 10, y: 20), control2: CGPoint(x: 70, y: 20))
        let q = try XCTUnwrap(AnimationValue(quad)), c = try XCTUnwrap(AnimationValue(cubic))
        XCTAssertEqual(q.interpolated(to: c, fraction: 0.5).boxed as? CGPath, expected)
    }

    func testKeyframesOfLinesAndCurvesBlendInEveryMode() async {
        let keyframes = CAKeyframeAnimation(keyPath: "shadowPath")
        keyframes.values = [squareOfLines, squareOfCurves, squareOfLines]
        keyframes.duration = 1
        XCTAssertEqual(value(keyframes, at: 0.25), squareHalfway)
        for mode in [CAAnimationCalculationMode.cubic, .paced, .cubicPaced] {
            keyframes.calculationMode = mode
            XCTAssertEqual(value(keyframes, at: 0.5), squareOfCurves, "\(mode.rawValue) passes through each keyframe")
        }
        keyframes.calculationMode = .paced
        XCTAssertEqual(value(keyframes, at: 0.25), squareHalfway, "equal distances: half-way at a quarter")
    }

    // MARK: Animations

    func testBasicAnimationOfAPath() async {
        let animation = basic(from: pathA, to: pathB)
        XCTAssertEqual(value(animation, at: 0), pathA)
        XCTAssertEqual(value(animation, at: 0.5), shape(points(blend(0.5))))
        XCTAssertEqual(value(animation, at: 1), pathB)
        XCTAssertEqual(value(basic(to: pathB), at: 0.5, base: pathA), shape(points(blend(0.5))), "from the current path")
    }

    func testMismatchedPathsSwitchDiscretely() async {
        let animation = basic(from: rectangle, to: ellipse)
        XCTAssertEqual(value(animation, at: 0.4), rectangle)
        XCTAssertEqual(value(animation, at: 0.6), ellipse)
        XCTAssertEqual(value(basic(to: ellipse), at: 0.4, base: rectangle), rectangle, "from a current path of another shape")
        XCTAssertEqual(value(basic(to: ellipse), at: 0.6, base: rectangle), ellipse)
        XCTAssertNotNil(value(basic(from: rectangle, by: ellipse), at: 0.5), "by-values of another shape don't crash")
        XCTAssertNotNil(value(basic(to: rectangle, by: ellipse), at: 0.5))

        let keyframes = CAKeyframeAnimation(keyPath: "shadowPath")
        keyframes.values = [rectangle, ellipse, rectangle]
        keyframes.duration = 1
        for mode in [CAAnimationCalculationMode.linear, .cubic, .paced, .cubicPaced, .discrete] {
            keyframes.calculationMode = mode
            XCTAssertEqual(value(keyframes, at: 0.2), rectangle, mode.rawValue)
            XCTAssertEqual(value(keyframes, at: 0.5), ellipse, mode.rawValue)
            XCTAssertEqual(value(keyframes, at: 0.9), rectangle, mode.rawValue)
        }
    }

    func testKeyframeValuesOfTheSameStructureBlend() async {
        let keyframes = CAKeyframeAnimation(keyPath: "shadowPath")
        keyframes.values = [pathA, pathB]
        keyframes.duration = 1
        XCTAssertEqual(value(keyframes, at: 0.5), shape(points(blend(0.5))))
        keyframes.values = [pathA, pathB, pathA]
        keyframes.calculationMode = .cubic
        XCTAssertEqual(value(keyframes, at: 0.5), pathB, "the spline passes through each keyframe")
        keyframes.calculationMode = .paced
        XCTAssertEqual(value(keyframes, at: 0.25), shape(points(blend(0.5))), "equal distances: half-way at a quarter")
    }

    func testAdditiveAndCumulativePathsAddPointwise() async {
        let additive = basic(from: pathA, to: pathB)
        additive.isAdditive = true
        let base: [(Double, Double)] = [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10), (11, 12), (13, 14)]
        let sum = zip(base, blend(0.5)).map { ($0.0 + $1.0, $0.1 + $1.1) }
        XCTAssertEqual(value(additive, at: 0.5, base: shape(points(base))), shape(points(sum)))
        XCTAssertEqual(value(additive, at: 0.5, base: ellipse), shape(points(blend(0.5))), "another count of elements: not additive")

        let cumulative = basic(from: pathA, to: pathB)
        cumulative.isCumulative = true
        cumulative.repeatCount = 2
        // Second repeat: blend(0.5) + (b − a).
        let expected = zip(blend(0.5), zip(a, b)).map { ($0.0 + $1.1.0 - $1.0.0, $0.1 + $1.1.1 - $1.0.1) }
        XCTAssertEqual(value(cumulative, at: 1.5), shape(points(expected)))
        let mismatched = basic(from: rectangle, to: ellipse)
        mismatched.isCumulative = true
        mismatched.repeatCount = 2
        XCTAssertEqual(value(mismatched, at: 1.75), ellipse, "another shape: repeats add nothing")
        XCTAssertEqual(value(mismatched, at: 1.25), rectangle)
    }
}
