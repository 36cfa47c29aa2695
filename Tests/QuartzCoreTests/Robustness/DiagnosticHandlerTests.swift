import Foundation
import QuartzCore
import XCTest

/// The diagnostic handler stays the same closure however often it is called: a long-running
/// app that keeps giving layers refused values must not slow down or run out of stack.
final class DiagnosticHandlerTests: XCTestCase {
    func testAHundredThousandDiagnosticsReachTheHandlerWithoutDeepeningIt() {
        final class Counter: @unchecked Sendable { var count = 0 }
        let counter = Counter()
        let previous = CALayer.diagnosticHandler
        CALayer.diagnosticHandler = { _ in counter.count += 1 }
        defer { CALayer.diagnosticHandler = previous }
        let layer = CALayer()
        for _ in 0..<100_000 { layer.position = CGPoint(x: CGFloat.nan, y: 0) }
        XCTAssertEqual(counter.count, 100_000)
        XCTAssertEqual(layer.position, .zero, "every NaN position was refused")
    }
}
