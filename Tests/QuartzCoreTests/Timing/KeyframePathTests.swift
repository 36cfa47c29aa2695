import Foundation
import TestSupport
import XCTest

@testable import QuartzCore

/// `CAKeyframeAnimation.path` and `rotationMode`, evaluated at chosen times. Expected values
/// are closed forms (or, for arc lengths, an independent fine polyline) computed here.
/// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous @MainActor
/// test methods to nonisolated ones.
@MainActor
final class KeyframePathTests: XCTestCase {
    // MARK: Helpers

    /// Everything the animation writes at `time`, reading current values from `bases`.
    private func written(_ animation: CAAnimation, at time: CFTimeInterval, bases: [String: Any] = [:]) -> [String: Any] {
        var result: [String: Any] = [:]
        animation.makeEvaluator()?.apply(atParentTime: time, read: { bases[$0] }, write: { result[$0] = $1 })
        return result
    }

    private func position(_ animation: CAAnimation, at time: CFTimeInterval, bases: [String: Any] = [:]) -> CGPoint? {
        written(animation, at: time, bases: bases)["position"] as? CGPoint
    }

    private func transform(_ animation: CAAnimation, at time: CFTimeInterval, bases: [String: Any] = [:]) -> CATransform3D? {
        written(animation, at: time, bases: bases)["transform"] as? CATransform3D
    }

    private func animation(_ path: CGPath?, mode: CAAnimationCalculationMode = .linear) -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = path
        animation.calculationMode = mode
        animation.duration = 1
        return animation
    }

    private func polyline(_ points: [CGPoint]) -> CGPath {
        let path = CGMutablePath()
        path.addLines(between: points)
        return path
    }

    private func assertPoint(
        _ actual: CGPoint?, _ x: Double, _ y: Double, accuracy: Double = 1e-9, _ message: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let actual else { return XCTFail("no point written. \(message)", file: file, line: line) }
        XCTAssertEqual(Double(actual.x), x, accuracy: accuracy, "x. \(message)", file: file, line: line)
        XCTAssertEqual(Double(actual.y), y, accuracy: accuracy, "y. \(message)", file: file, line: line)
    }

    /// Asserts a pure z rotation by `angle` (identity base): m11 = cos, m12 = sin.
    private func assertRotation(
        _ t: CATransform3D?, _ angle: Double, _ message: String = "", file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let t else { return XCTFail("no transform written. \(message)", file: file, line: line) }
        XCTAssertEqual(Double(t.m11), cos(angle), accuracy: 1e-9, "m11. \(message)", file: file, line: line)
        XCTAssertEqual(Double(t.m12), sin(angle), accuracy: 1e-9, "m12. \(message)", file: file, line: line)
        XCTAssertEqual(Double(t.m21), -sin(angle), accuracy: 1e-9, "m21. \(message)", file: file, line: line)
        XCTAssertEqual(Double(t.m22), cos(angle), accuracy: 1e-9, "m22. \(message)", file: file, line: line)
        XCTAssertEqual(Double(t.m33), 1, accuracy: 1e-12, file: file, line: line)
    }

    /// y of the timing curve (0,0) (x1,y1) (x2,y2) (1,1) at x, by bisection (independent of
    /// `CAMediaTimingFunction.evaluate`).
    private func eased(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if bezier(middle, x1, x2) < x { low = middle } else { high = middle }
        }
        return bezier((low + high) / 2, y1, y2)
    }

    /// The cubic Bézier P0 P1 P2 P3 at parameter s.
    private func cubic(_ p: [CGPoint], _ s: Double) -> (x: Double, y: Double) {
        let u = 1 - s
        let w = [u * u * u, 3 * u * u * s, 3 * u * s * s, s * s * s]
        return (zip(w, p).reduce(0) { $0 + $1.0 * Double($1.1.x) }, zip(w, p).reduce(0) { $0 + $1.0 * Double($1.1.y) })
    }

    // MARK: Linear

    /// (0,0) → (100,0) → (100,50): two segments, a half of the duration each by default.
    private let lShape = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 50)]

    func testDefaults() async {
        let animation = CAKeyframeAnimation()
        XCTAssertNil(animation.path)
        XCTAssertNil(animation.rotationMode)
    }

    func testLinearPolylineSegmentsShareTheDurationEvenly() async {
        let a = animation(polyline(lShape))
        assertPoint(position(a, at: 0), 0, 0)
        assertPoint(position(a, at: 0.25), 50, 0)
        assertPoint(position(a, at: 0.5), 100, 0)
        assertPoint(position(a, at: 0.75), 100, 25)
        assertPoint(position(a, at: 0.9), 100, 40)
        XCTAssertNil(position(a, at: 1), "fill mode removed: over at the end")
        a.fillMode = .forwards
        assertPoint(position(a, at: 1), 100, 50)
    }

    func testLinearPolylineFollowsKeyTimesAndPerSegmentTimingFunctions() async {
        let a = animation(polyline(lShape))
        a.keyTimes = [0, 0.2, 1]
        assertPoint(position(a, at: 0.1), 50, 0)
        assertPoint(position(a, at: 0.6), 100, 25)
        a.timingFunctions = [CAMediaTimingFunction(controlPoints: 0.5, 0, 1, 1), CAMediaTimingFunction(controlPoints: 0, 0, 0.5, 1)]
        let first = eased(0.5, 0.5, 0, 1, 1), second = eased(0.5, 0, 0, 0.5, 1)
        XCTAssertLessThan(first, 0.4, "the test curve must ease noticeably")
        assertPoint(position(a, at: 0.1), 100 * first, 0, accuracy: 1e-6)
        assertPoint(position(a, at: 0.6), 100, 50 * second, accuracy: 1e-6)
        a.keyTimes = [0, 1]
        a.timingFunctions = nil
        assertPoint(position(a, at: 0.25), 50, 0, "wrong-length key times are ignored")
    }

    func testCurveSegmentsFollowTheirCurveParameter() async {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        let a = animation(path)
        // (1−s)²·P0 + 2(1−s)s·C + s²·P2 at s = 0.5 and 0.25.
        assertPoint(position(a, at: 0.5), 50, 50)
        assertPoint(position(a, at: 0.25), 2 * 0.75 * 0.25 * 50 + 0.0625 * 100, 2 * 0.75 * 0.25 * 100)
        a.calculationMode = .cubic
        assertPoint(position(a, at: 0.25), 2 * 0.75 * 0.25 * 50 + 0.0625 * 100, 2 * 0.75 * 0.25 * 100, "cubic as linear")
    }

    // MARK: Paced

    func testPacedMovesAtConstantSpeedAlongAnUnequalLShape() async {
        // Legs of 30 and 90: at half the time, half of the 120 points.
        let a = animation(polyline([CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 0), CGPoint(x: 30, y: 90)]), mode: .paced)
        a.keyTimes = [0, 0.9, 1]
        a.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut)]
        assertPoint(position(a, at: 0.5), 30, 30, "key times and timing functions are ignored")
        assertPoint(position(a, at: 0.125), 15, 0)
        assertPoint(position(a, at: 0.75), 30, 60)
        a.calculationMode = .cubicPaced
        assertPoint(position(a, at: 0.75), 30, 60)
    }

    func testPacedCubicCurveMatchesAFinePolyline() async throws {
        let p = [CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 80), CGPoint(x: 30, y: 100), CGPoint(x: 0, y: 100)]
        let path = CGMutablePath()
        path.move(to: p[0])
        path.addCurve(to: p[3], control1: p[1], control2: p[2])
        // Independent reference: 200 000 chords and their cumulative lengths.
        let n = 200_000
        var samples = [cubic(p, 0)], cumulative = [0.0]
        for i in 1...n {
            let s = cubic(p, Double(i) / Double(n)), last = samples[samples.count - 1]
            cumulative.append(cumulative[cumulative.count - 1] + hypot(s.x - last.x, s.y - last.y))
            samples.append(s)
        }
        let total = cumulative[n]
        func reference(atLength target: Double) -> (x: Double, y: Double) {
            var low = 0, high = n
            while high - low > 1 {
                let middle = (low + high) / 2
                if cumulative[middle] < target { low = middle } else { high = middle }
            }
            let f = (target - cumulative[low]) / (cumulative[high] - cumulative[low])
            return (samples[low].x + (samples[high].x - samples[low].x) * f, samples[low].y + (samples[high].y - samples[low].y) * f)
        }
        let length = try XCTUnwrap(KeyframePath(path).lengths.first)
        XCTAssertEqual(length, total, accuracy: 1e-9 * total, "arc length")

        let paced = animation(path, mode: .paced), linear = animation(path)
        for time in [0.1, 0.3, 0.5, 0.7, 0.95] {
            let expected = reference(atLength: time * total)
            assertPoint(position(paced, at: time), expected.x, expected.y, accuracy: 1e-6 * total, "t = \(time)")
        }
        // The curve parameter is not arc length here: linear mode is measurably elsewhere.
        let byParameter = try XCTUnwrap(position(linear, at: 0.3)), byLength = reference(atLength: 0.3 * total)
        XCTAssertGreaterThan(hypot(Double(byParameter.x) - byLength.x, Double(byParameter.y) - byLength.y), 1)
    }

    // MARK: Discrete, close, subpaths

    func testDiscreteJumpsFromVertexToVertex() async {
        let a = animation(polyline(lShape), mode: .discrete)
        assertPoint(position(a, at: 0.2), 0, 0)
        assertPoint(position(a, at: 0.4), 100, 0)
        assertPoint(position(a, at: 0.7), 100, 50)
        a.keyTimes = [0, 0.1, 0.2]
        assertPoint(position(a, at: 0.15), 100, 0)
        assertPoint(position(a, at: 0.5), 100, 50)
    }

    func testDiscreteKeyTimesOneShortOfAClosedPathLeaveTheClosingVertexOut() async {
        // Lottie's held positions: a path through each position, closed, with one key time per
        // position; Apple's renders of them show each position from its key time on. Four
        // corners and a close are five vertices; four key times step through the corners and
        // stay on the last one (by hand).
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100)])
        path.closeSubpath()
        let a = animation(path, mode: .discrete)
        a.keyTimes = [0, 0.25, 0.5, 0.75]
        assertPoint(position(a, at: 0.1), 0, 0)
        assertPoint(position(a, at: 0.3), 100, 0)
        assertPoint(position(a, at: 0.6), 100, 100)
        assertPoint(position(a, at: 0.8), 0, 100)
        assertPoint(position(a, at: 0.99), 0, 100, "not back at the start")
    }

    func testCloseSubpathIsALineBackToTheStart() async {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100)])
        path.closeSubpath()
        let a = animation(path)
        a.rotationMode = .rotateAuto
        assertPoint(position(a, at: 0.875), 0, 50, "four segments: the close is the last")
        assertRotation(transform(a, at: 0.875), -Double.pi / 2, "heading up (y-down space)")
        a.calculationMode = .paced
        assertPoint(position(a, at: 0.9), 0, 40, "360 of 400")
        a.fillMode = .forwards
        assertPoint(position(a, at: 1), 0, 0)
    }

    func testAClosedPathWithAKeyTimePerPointNeverRunsItsClosingSegment() async {
        // Apple's render of this animation paused at 0.45 shows (50, 0): the key times pace the
        // three points, and the segment back to the start is never reached.
        let path = polyline([CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100)]).mutableCopy()
        path?.closeSubpath()
        let a = animation(path)
        a.keyTimes = [0, 0.9, 1]
        assertPoint(position(a, at: 0.45), 50, 0)
        assertPoint(position(a, at: 0.95), 100, 50)
        a.fillMode = .forwards
        assertPoint(position(a, at: 1), 100, 100, "stops at the last point, not back at the start")
        // One key time per vertex, the closing one included, runs the close.
        a.keyTimes = [0, 0.5, 0.75, 1]
        assertPoint(position(a, at: 0.875), 50, 50)
        // Two fewer than the vertices is a length that does not fit: even spacing.
        a.keyTimes = [0, 1]
        assertPoint(position(a, at: 0.25), 75, 0, "three segments of a third each")
    }

    func testPathKeyTimesOutsideZeroToOneAreUsedInArrayOrder() async {
        // lottie's key times for a path whose first keyframe comes before the animation's
        // start: [0, −0.25, …] (a 0 it adds, with the first point repeated). As Apple's renders
        // of such paths show, the key times are used as given; by hand, at 0.25 the layer is
        // (0.25 + 0.25) / (0.75 + 0.25) = half-way along the segment from (0, 0) to (100, 0).
        let a = animation(polyline([CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100)]))
        a.keyTimes = [0, -0.25, 0.75, 1]
        assertPoint(position(a, at: 0.25), 50, 0)
        // (0.875 − 0.75) / 0.25 = half-way down the last segment.
        assertPoint(position(a, at: 0.875), 100, 50)
    }

    func testAnOpenPathTakesExactlyOneKeyTimePerVertex() async {
        let a = animation(polyline(lShape + [CGPoint(x: 0, y: 50)]))
        a.keyTimes = [0, 0.5, 1]
        assertPoint(position(a, at: 0.25), 75, 0, "one key time short on an open path is ignored: three even thirds")
    }

    func testMoveToStartsANewSubpathWithAJump() async {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.move(to: CGPoint(x: 0, y: 50))
        path.addLine(to: CGPoint(x: 100, y: 50))
        path.move(to: CGPoint(x: 999, y: 999))  // trailing: skipped
        let a = animation(path)
        // Default timing: the two lines share the duration; the jump takes no time.
        assertPoint(position(a, at: 0.25), 50, 0)
        assertPoint(position(a, at: 0.5), 0, 50)
        assertPoint(position(a, at: 0.75), 50, 50)
        a.fillMode = .forwards
        assertPoint(position(a, at: 1), 100, 50)
        // With key times (one per vertex, the move's included) the jump holds, then jumps.
        a.keyTimes = [0, 0.4, 0.6, 1]
        assertPoint(position(a, at: 0.5), 100, 0)
        assertPoint(position(a, at: 0.6), 0, 50)
        assertPoint(position(a, at: 0.8), 50, 50)
        a.calculationMode = .paced
        assertPoint(position(a, at: 0.25), 50, 0, "a jump has no length")
        assertPoint(position(a, at: 0.75), 50, 50)
    }

    // MARK: Rotation

    func testRotateAutoFollowsALine() async {
        let a = animation(polyline([.zero, CGPoint(x: 100, y: 100)]))
        a.rotationMode = .rotateAuto
        assertRotation(transform(a, at: 0.5), Double.pi / 4)
        assertRotation(transform(a, at: 0), Double.pi / 4, "at the start: the first direction")
        a.rotationMode = .rotateAutoReverse
        assertRotation(transform(a, at: 0.5), Double.pi / 4 + Double.pi)
        a.rotationMode = nil
        XCTAssertNil(transform(a, at: 0.5), "no rotation mode: no transform written")
        a.rotationMode = CAAnimationRotationMode(rawValue: "sideways")
        XCTAssertNil(transform(a, at: 0.5), "unknown modes don't rotate")
    }

    func testRotationOnACurveFollowsTheDerivative() async {
        let p = [CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 80), CGPoint(x: 30, y: 100), CGPoint(x: 0, y: 100)]
        let path = CGMutablePath()
        path.move(to: p[0])
        path.addCurve(to: p[3], control1: p[1], control2: p[2])
        let a = animation(path)
        a.rotationMode = .rotateAuto
        for s in [0.3, 0.6] {
            // B'(s) = 3(1−s)²(P1−P0) + 6(1−s)s(P2−P1) + 3s²(P3−P2)
            let u = 1 - s
            let dx = 3 * u * u * 0 + 6 * u * s * (30 - 100) + 3 * s * s * (0 - 30)
            let dy = 3 * u * u * 80 + 6 * u * s * (100 - 80) + 3 * s * s * 0
            assertRotation(transform(a, at: s), atan2(dy, dx), "s = \(s)")
        }
        assertRotation(transform(a, at: 0), Double.pi / 2, "leaves the start towards P1: straight down")
        a.fillMode = .forwards
        assertRotation(transform(a, at: 1), Double.pi, "arrives from P2: leftwards")
    }

    func testRotationAtAVertexUsesTheIncomingSegment() async {
        let a = animation(polyline(lShape))
        a.rotationMode = .rotateAuto
        assertRotation(transform(a, at: 0.25), 0)
        assertRotation(transform(a, at: 0.5), 0, "the corner: the incoming segment's end tangent")
        assertRotation(transform(a, at: 0.75), Double.pi / 2)
        a.calculationMode = .discrete
        assertRotation(transform(a, at: 0.2), 0)
        assertRotation(transform(a, at: 0.4), 0, "vertex 1: incoming (rightwards)")
        assertRotation(transform(a, at: 0.7), Double.pi / 2)
    }

    func testZeroLengthSegmentsKeepThePreviousAngle() async {
        let a = animation(polyline([.zero, CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100)]))
        a.rotationMode = .rotateAuto
        assertPoint(position(a, at: 0.5), 100, 0)
        assertRotation(transform(a, at: 0.5), 0, "inside the zero-length segment")
        assertRotation(transform(a, at: 5.0 / 6), Double.pi / 2)
        // A zero-length first segment takes the first direction the path has.
        let b = animation(polyline([.zero, .zero, CGPoint(x: 0, y: 100)]))
        b.rotationMode = .rotateAuto
        assertRotation(transform(b, at: 0.25), Double.pi / 2)
    }

    func testRotationKeepsTheBaseTransform() async throws {
        let a = animation(polyline([.zero, CGPoint(x: 100, y: 100)]))
        a.rotationMode = .rotateAuto
        var base = CATransform3DIdentity
        base.m11 = 2
        base.m22 = 3
        base.m41 = 7
        let t = try XCTUnwrap(transform(a, at: 0.5, bases: ["transform": base]))
        // Rotation first, in the layer's own space, then the base: R·B (row vectors).
        let c = cos(Double.pi / 4), s = sin(Double.pi / 4)
        XCTAssertEqual(Double(t.m11), 2 * c, accuracy: 1e-12)
        XCTAssertEqual(Double(t.m12), 3 * s, accuracy: 1e-12)
        XCTAssertEqual(Double(t.m21), -2 * s, accuracy: 1e-12)
        XCTAssertEqual(Double(t.m22), 3 * c, accuracy: 1e-12)
        XCTAssertEqual(Double(t.m41), 7, accuracy: 1e-12, "the base translation stays")
    }

    func testRotationModeIsIgnoredWithValues() async {
        let a = CAKeyframeAnimation(keyPath: "position")
        a.values = [CGPoint.zero, CGPoint(x: 100, y: 100)]
        a.rotationMode = .rotateAuto
        a.duration = 1
        let result = written(a, at: 0.5)
        XCTAssertNil(result["transform"])
        assertPoint(result["position"] as? CGPoint, 50, 50)
    }

    // MARK: Edge cases

    func testEmptyAndMoveOnlyPathsAnimateNothing() async {
        let empty = animation(CGMutablePath())
        empty.values = [CGPoint.zero, CGPoint(x: 10, y: 10)]
        empty.rotationMode = .rotateAuto
        XCTAssertTrue(written(empty, at: 0.5).isEmpty, "the (empty) path overrides the values")
        let moves = CGMutablePath()
        moves.move(to: CGPoint(x: 1, y: 1))
        moves.move(to: CGPoint(x: 2, y: 2))
        for mode in [CAAnimationCalculationMode.linear, .paced, .discrete, .cubicPaced] {
            XCTAssertTrue(written(animation(moves, mode: mode), at: 0.5).isEmpty, "\(mode.rawValue)")
        }
    }

    func testPathOverridesValues() async {
        let a = animation(polyline([.zero, CGPoint(x: 100, y: 0)]))
        a.values = [CGPoint(x: 1000, y: 1000), CGPoint(x: 2000, y: 2000)]
        assertPoint(position(a, at: 0.5), 50, 0)
    }

    func testCopiesAndEvaluatorsAreIndependentOfLaterChanges() async throws {
        let path = CGMutablePath()
        path.addLines(between: [.zero, CGPoint(x: 100, y: 0)])
        let original = animation(path)
        original.rotationMode = .rotateAutoReverse
        let evaluator = try XCTUnwrap(original.makeEvaluator())
        let copy = try XCTUnwrap(original.copy() as? CAKeyframeAnimation)
        path.addLine(to: CGPoint(x: 100, y: 100))
        XCTAssertEqual(original.path, polyline([.zero, CGPoint(x: 100, y: 0)]), "the animation keeps a copy")
        original.path = polyline([.zero, CGPoint(x: 0, y: 10)])
        XCTAssertEqual(copy.path, polyline([.zero, CGPoint(x: 100, y: 0)]))
        XCTAssertEqual(copy.rotationMode, .rotateAutoReverse)
        assertPoint(position(copy, at: 0.5), 50, 0)
        var point: CGPoint?
        evaluator.apply(atParentTime: 0.5, read: { _ in nil }, write: { if $0 == "position" { point = $1 as? CGPoint } })
        assertPoint(point, 50, 0, "an evaluator is a snapshot")
    }

    func testAdditiveAndCumulative() async {
        let a = animation(polyline([.zero, CGPoint(x: 100, y: 50)]))
        a.isAdditive = true
        assertPoint(position(a, at: 0.5, bases: ["position": CGPoint(x: 10, y: 20)]), 60, 45)
        a.isAdditive = false
        a.isCumulative = true
        a.repeatCount = 2
        assertPoint(position(a, at: 1.5), 150, 75, "second repeat starts at the end of the first")
    }
}
