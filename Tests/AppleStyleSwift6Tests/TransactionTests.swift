import Foundation
import QuartzCore
import TestSupport
import XCTest

// Explicit transactions as iOS and macOS code writes them: a duration and pacing for the
// implicit animations, actions turned off, a completion block, the transaction lock.

extension CATransaction {
    /// Runs `changes` in a transaction of its own (a helper many apps define).
    static func perform(
        duration: CFTimeInterval? = nil, disableActions: Bool = false, completion: (() -> Void)? = nil,
        _ changes: () -> Void
    ) {
        begin()
        if let duration { setAnimationDuration(duration) }
        setDisableActions(disableActions)
        setCompletionBlock(completion)
        changes()
        commit()
    }
}

/// A tally that threads update under the transaction lock.
final class LockedTally: @unchecked Sendable {
    private var value = 0

    func add(_ amount: Int) {
        CATransaction.lock()
        value += amount
        CATransaction.unlock()
    }

    var total: Int {
        CATransaction.lock()
        defer { CATransaction.unlock() }
        return value
    }
}

final class TransactionTests: XCTestCase {
    /// A committed layer in `window`.
    private func committedLayer(in window: WindowStandIn) -> CALayer {
        let layer = CALayer()
        CATransaction.begin()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        window.rootLayer.addSublayer(layer)
        CATransaction.commit()
        return layer
    }

    func testTheDurationAndPacingApplyToTheImplicitAnimations() throws {
        let window = WindowStandIn()
        defer { window.close() }
        let layer = committedLayer(in: window)
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.opacity = 0
        CATransaction.commit()
        let fade = try XCTUnwrap(layer.animation(forKey: "opacity") as? CABasicAnimation)
        XCTAssertEqual(fade.keyPath, "opacity")
        XCTAssertEqual(fade.duration, 2)
        XCTAssertEqual(fade.timingFunction, CAMediaTimingFunction(name: .linear))
        XCTAssertEqual(layer.opacity, 0, "the model changes at once")
        window.advance(by: 0.5)
        XCTAssertEqual(layer.presentation()?.opacity, 0.75)
    }

    func testDisabledActionsChangeTheScreenAtOnce() {
        let window = WindowStandIn()
        defer { window.close() }
        let layer = committedLayer(in: window)
        CATransaction.perform(disableActions: true) {
            layer.position = CGPoint(x: 70, y: 80)
            layer.opacity = 0.25
        }
        XCTAssertNil(layer.animationKeys())
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 70, y: 80))
        XCTAssertEqual(layer.presentation()?.opacity, 0.25)
    }

    func testNestedTransactionsSeeTheirOwnValuesThenTheOuterOnes() {
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.begin()
        CATransaction.setAnimationDuration(3)
        CATransaction.setDisableActions(true)
        XCTAssertEqual(CATransaction.animationDuration(), 3)
        XCTAssertTrue(CATransaction.disableActions())
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 1)
        XCTAssertFalse(CATransaction.disableActions())
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
    }

    func testTheCompletionBlockRunsWhenTheAnimationsEnd() {
        let window = WindowStandIn()
        defer { window.close() }
        let layer = committedLayer(in: window)
        var completions = 0
        let done = expectation(description: "completion block")
        CATransaction.perform(duration: 1, completion: {
            XCTAssertTrue(Thread.isMainThread)
            completions += 1
            done.fulfill()
        }) {
            layer.position = CGPoint(x: 100, y: 0)
            layer.add(makeShake(), forKey: "shake")
        }
        window.advance(by: 0.5)
        XCTAssertEqual(completions, 0, "the position animation runs 1 s")
        window.advance(by: 0.5)
        wait(for: [done], timeout: 10)
        XCTAssertEqual(completions, 1)
    }

    func testACompletionBlockWithoutAnimationsRunsAfterTheCommit() {
        let window = WindowStandIn()
        defer { window.close() }
        let layer = committedLayer(in: window)
        let done = expectation(description: "completion block")
        CATransaction.perform(disableActions: true, completion: { done.fulfill() }) {
            layer.position = CGPoint(x: 5, y: 5)
        }
        wait(for: [done], timeout: 10)
    }

    func testTheTransactionLockGuardsSharedState() {
        let tally = LockedTally()
        let group = DispatchGroup()
        for _ in 0..<8 {
            DispatchQueue.global().async(group: group) {
                for _ in 0..<1000 { tally.add(1) }
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(tally.total, 8000)
    }
}
