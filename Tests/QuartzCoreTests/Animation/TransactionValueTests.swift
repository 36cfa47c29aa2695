import Foundation
import QuartzCore
import TestSupport
import XCTest

/// `CATransaction`'s values, nesting and completion blocks.
@MainActor
final class TransactionValueTests: XCTestCase {
    func testDefaults() async {
        _ = AnimationWorld(test: self)
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
        XCTAssertFalse(CATransaction.disableActions())
        XCTAssertNil(CATransaction.animationTimingFunction())
        XCTAssertNil(CATransaction.completionBlock())
        XCTAssertEqual(CATransaction.value(forKey: kCATransactionAnimationDuration) as? Double, 0.25)
        XCTAssertEqual(CATransaction.value(forKey: kCATransactionDisableActions) as? Bool, false)
        XCTAssertNil(CATransaction.value(forKey: "anything"))
    }

    func testNestedTransactionsSeeAndRestoreOuterValues() async {
        _ = AnimationWorld(test: self)
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setValue("outer", forKey: "custom")
        CATransaction.begin()
        XCTAssertEqual(CATransaction.animationDuration(), 2, "an inner transaction sees the outer value")
        XCTAssertEqual(CATransaction.value(forKey: "custom") as? String, "outer")
        CATransaction.setAnimationDuration(3)
        CATransaction.setDisableActions(true)
        CATransaction.setValue(nil, forKey: "custom")
        XCTAssertEqual(CATransaction.animationDuration(), 3)
        XCTAssertNil(CATransaction.value(forKey: "custom"))
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 2, "restored on the inner commit")
        XCTAssertFalse(CATransaction.disableActions())
        XCTAssertEqual(CATransaction.value(forKey: "custom") as? String, "outer")
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
        XCTAssertNil(CATransaction.value(forKey: "custom"))
    }

    func testKeyedValuesMatchTheAccessors() async {
        _ = AnimationWorld(test: self)
        CATransaction.begin()
        CATransaction.setValue(1.5, forKey: kCATransactionAnimationDuration)
        CATransaction.setValue(true, forKey: kCATransactionDisableActions)
        let linear = CAMediaTimingFunction(name: .linear)
        CATransaction.setValue(linear, forKey: kCATransactionAnimationTimingFunction)
        XCTAssertEqual(CATransaction.animationDuration(), 1.5)
        XCTAssertTrue(CATransaction.disableActions())
        XCTAssertEqual(CATransaction.animationTimingFunction(), linear)
        var ran = false
        CATransaction.setValue({ @MainActor in ran = true } as @MainActor () -> Void, forKey: kCATransactionCompletionBlock)
        XCTAssertNotNil(CATransaction.completionBlock())
        CATransaction.commit()
        XCTAssertTrue(ran)
    }

    func testWrongValuesAreRefused() async {
        _ = AnimationWorld(test: self)
        CATransaction.begin()
        let diagnostics = capturingDiagnostics {
            CATransaction.setValue("slow", forKey: kCATransactionAnimationDuration)
            CATransaction.setValue(3, forKey: kCATransactionAnimationTimingFunction)
            CATransaction.setValue("yes", forKey: kCATransactionDisableActions)
            CATransaction.setAnimationDuration(-1)
            CATransaction.setAnimationDuration(.nan)
        }
        XCTAssertEqual(diagnostics.count, 5)
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
        XCTAssertFalse(CATransaction.disableActions())
        CATransaction.commit()
    }

    func testCompletionRunsAtOnceWithoutAnimations() async {
        _ = AnimationWorld(test: self)
        var runs = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { runs += 1 }
        XCTAssertEqual(runs, 0)
        CATransaction.commit()
        XCTAssertEqual(runs, 1)
        CATransaction.flush()
        XCTAssertEqual(runs, 1, "once")
    }

    func testReplacedCompletionBlockRunsAtOnce() async {
        _ = AnimationWorld(test: self)
        var log: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("first") }
        CATransaction.setCompletionBlock { log.append("second") }
        XCTAssertEqual(log, ["first"])
        CATransaction.commit()
        XCTAssertEqual(log, ["first", "second"])
    }

    func testCompletionWaitsForItsAnimationsAndRunsAfterTheirDelegates() async throws {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        var log: [String] = []
        let delegate = RecordingAnimationDelegate("explicit") { log.append($0) }
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("completion") }
        CATransaction.setAnimationDuration(1)
        layer.position = CGPoint(x: 0, y: 0)  // implicit, 1 s
        let explicit = linearAnimation("zPosition", from: 0, to: 1, duration: 2)
        explicit.delegate = delegate
        layer.add(explicit, forKey: "z")
        CATransaction.commit()
        XCTAssertEqual(log, [])
        world.advance(to: 101)
        XCTAssertEqual(log, ["explicit start"], "the implicit animation is over, the explicit one is not")
        world.advance(to: 102)
        XCTAssertEqual(log, ["explicit start", "explicit stop true", "completion"])
        world.advance(to: 103)
        XCTAssertEqual(log.count, 3)
    }

    func testAnimationsAddedAfterTheCommitDoNotCount() async {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        var ran = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran = true }
        CATransaction.commit()
        XCTAssertTrue(ran)
        ran = false
        layer.add(linearAnimation("zPosition", from: 0, to: 1), forKey: "z")
        CATransaction.flush()
        XCTAssertFalse(ran)
    }

    func testRemovalCompletesTheTransaction() async {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        var ran = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran = true }
        layer.add(linearAnimation("zPosition", from: 0, to: 1), forKey: "z")
        CATransaction.commit()
        XCTAssertFalse(ran)
        layer.removeAnimation(forKey: "z")
        CATransaction.flush()
        XCTAssertTrue(ran)
    }

    func testOuterCompletionWaitsForNestedAnimations() async {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        var log: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("outer") }
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("inner") }
        layer.add(linearAnimation("zPosition", from: 0, to: 1, duration: 1), forKey: "z")
        CATransaction.commit()
        layer.add(linearAnimation("opacity", from: Float(0), to: Float(1), duration: 3), forKey: "o")
        CATransaction.commit()
        world.advance(to: 101)
        XCTAssertEqual(log, ["inner"])
        world.advance(to: 103)
        XCTAssertEqual(log, ["inner", "outer"])
    }

    func testImplicitTransactionValuesLastUntilTheEndOfTheMainQueuesTurn() async {
        _ = AnimationWorld(test: self)
        CATransaction.flush()
        CATransaction.setAnimationDuration(5)
        XCTAssertEqual(CATransaction.animationDuration(), 5, "setting a value opens the implicit transaction")
        await endOfMainQueueTurn()
        XCTAssertEqual(CATransaction.animationDuration(), 0.25, "committed at the end of the main queue's turn")
    }

    func testLockExcludesOtherThreadsUntilUnlocked() async {
        CATransaction.lock()
        let other = LockContender()
        other.start()
        XCTAssertEqual(other.aboutToLock.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(
            other.acquired.wait(timeout: .now() + .milliseconds(100)), .timedOut,
            "another thread must not get the lock while this one holds it")
        CATransaction.unlock()
        XCTAssertEqual(other.acquired.wait(timeout: .now() + 5), .success, "it gets the lock once released")
        other.release.signal()
        XCTAssertEqual(other.released.wait(timeout: .now() + 5), .success)
    }

    func testLockIsRecursive() async {
        // A thread takes the lock twice; another gets it only after the second unlock.
        let holder = RecursiveLockHolder()
        holder.start()
        guard holder.heldTwice.wait(timeout: .now() + 5) == .success else {
            return XCTFail("locking twice on one thread deadlocked")
        }
        let other = LockContender()
        other.start()
        XCTAssertEqual(other.aboutToLock.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(other.acquired.wait(timeout: .now() + .milliseconds(100)), .timedOut, "held twice")
        holder.unlockOnce.signal()
        XCTAssertEqual(holder.unlockedOnce.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(
            other.acquired.wait(timeout: .now() + .milliseconds(100)), .timedOut, "still held once after one unlock")
        holder.unlockOnce.signal()
        XCTAssertEqual(holder.unlockedOnce.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(other.acquired.wait(timeout: .now() + 5), .success, "free after the second unlock")
        other.release.signal()
        XCTAssertEqual(other.released.wait(timeout: .now() + 5), .success)
    }

    func testUnbalancedCommitIsIgnored() async {
        _ = AnimationWorld(test: self)
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
    }
}

/// A thread that takes `CATransaction.lock()` when started: it signals `aboutToLock` just
/// before the call and `acquired` once it has the lock, then holds it until `release` is
/// signalled, unlocks and signals `released`.
private final class LockContender: Sendable {
    let aboutToLock = DispatchSemaphore(value: 0)
    let acquired = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let released = DispatchSemaphore(value: 0)

    func start() {
        Thread { [self] in
            aboutToLock.signal()
            CATransaction.lock()
            acquired.signal()
            release.wait()
            CATransaction.unlock()
            released.signal()
        }.start()
    }
}

/// A thread that takes `CATransaction.lock()` twice, signals `heldTwice`, then unlocks once
/// per `unlockOnce` signal, signalling `unlockedOnce` after each.
private final class RecursiveLockHolder: Sendable {
    let heldTwice = DispatchSemaphore(value: 0)
    let unlockOnce = DispatchSemaphore(value: 0)
    let unlockedOnce = DispatchSemaphore(value: 0)

    func start() {
        Thread { [self] in
            CATransaction.lock()
            CATransaction.lock()
            heldTwice.signal()
            for _ in 0..<2 {
                unlockOnce.wait()
                CATransaction.unlock()
                unlockedOnce.signal()
            }
        }.start()
    }
}
