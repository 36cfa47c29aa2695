import QuartzCore
import TestSupport
import XCTest

final class TimingFunctionTests: XCTestCase {
    /// An independent reference: bisection on a dense parameterisation, to machine precision.
    private func reference(_ f: CAMediaTimingFunction, _ x: Double) -> Double {
        func cubic(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
        }
        var low = 0.0, high = 1.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if cubic(mid, Double(f.c1x), Double(f.c2x)) < x { low = mid } else { high = mid }
        }
        return cubic((low + high) / 2, Double(f.c1y), Double(f.c2y))
    }

    func testNamedFunctionsHaveApplesControlPoints() {
        let expected: [(CAMediaTimingFunctionName, [Float])] = [
            (.linear, [0, 0, 1, 1]), (.easeIn, [0.42, 0, 1, 1]), (.easeOut, [0, 0, 0.58, 1]),
            (.easeInEaseOut, [0.42, 0, 0.58, 1]), (.default, [0.25, 0.1, 0.25, 1]),
        ]
        for (name, points) in expected {
            let function = CAMediaTimingFunction(name: name)
            XCTAssertEqual([function.c1x, function.c1y, function.c2x, function.c2y], points, name.rawValue)
        }
        XCTAssertEqual(CAMediaTimingFunctionName.easeInEaseOut.rawValue, "easeInEaseOut")
    }

    func testGetControlPoint() {
        let function = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)
        var values: [Float] = [9, 9]
        let points = (0...3).map { index -> [Float] in
            values.withUnsafeMutableBufferPointer { function.getControlPoint(at: index, values: $0.baseAddress!) }
            return values
        }
        XCTAssertEqual(points, [[0, 0], [0.1, 0.2], [0.3, 0.4], [1, 1]])
        values = [9, 9]
        values.withUnsafeMutableBufferPointer { function.getControlPoint(at: 7, values: $0.baseAddress!) }
        XCTAssertEqual(values, [9, 9], "an out-of-range index writes nothing")
        XCTAssertNil(function.controlPoint(at: -1))
    }

    func testEvaluationErrorIsBelow1e5AcrossTheCurve() {
        let functions = [
            CAMediaTimingFunction(name: .default), CAMediaTimingFunction(name: .easeIn),
            CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .easeInEaseOut),
            CAMediaTimingFunction(controlPoints: 0.9, -0.5, 0.1, 1.5),  // overshooting y
        ]
        for function in functions {
            for step in 0...1000 {
                let x = Double(step) / 1000
                XCTAssertEqual(function.evaluate(x), reference(function, x), accuracy: 1e-7, "\(function) at \(x)")
            }
        }
    }

    func testVerticalTangentStaysWithinTheIssuesBound() {
        // x'(t) = 0 at t = 0.5: y is ill-conditioned in x there, so even the reference is only
        // good to ~1e-6; the required bound is 1e-5.
        let steep = CAMediaTimingFunction(controlPoints: 1, 0, 0, 1)
        for step in 0...1000 {
            let x = Double(step) / 1000
            XCTAssertEqual(steep.evaluate(x), reference(steep, x), accuracy: 1e-5, "at \(x)")
        }
        XCTAssertEqual(steep.evaluate(0.5), 0.5, accuracy: 1e-9, "symmetric")
    }

    func testLinearIsIdentityAndEndpointsAreFixed() {
        let linear = CAMediaTimingFunction(name: .linear)
        XCTAssertEqual(linear.evaluate(0.3), 0.3, accuracy: 1e-9)
        let ease = CAMediaTimingFunction(name: .easeInEaseOut)
        // Float control points: 0.42f + 0.58f is not exactly 1, so the curve is symmetric to ~2e-8.
        XCTAssertEqual(ease.evaluate(0.5), 0.5, accuracy: 1e-7, "symmetric curve")
        XCTAssertEqual(ease.evaluate(0), 0)
        XCTAssertEqual(ease.evaluate(1), 1)
        XCTAssertEqual(ease.evaluate(-3), 0, "clamped")
        XCTAssertEqual(ease.evaluate(.nan), 0)
    }

    func testBadControlPointsAreMadeUsable() {
        let function = CAMediaTimingFunction(controlPoints: .nan, 2, 1.5, .infinity)
        XCTAssertEqual([function.c1x, function.c1y, function.c2x, function.c2y], [0, 2, 1, 0])
        XCTAssertEqual(function, CAMediaTimingFunction(controlPoints: 0, 2, 1, 0))
    }
}
