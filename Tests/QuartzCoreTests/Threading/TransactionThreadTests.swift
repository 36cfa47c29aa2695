import Foundation
import QuartzCore
import TestSupport
import XCTest

/// A value handed from one thread to another (the hand-over is the test's to order).
private final class Handover<Value>: @unchecked Sendable {
    var value: Value?
}

/// Runs `body` on a new thread and waits until it returned (not until the thread ended).
private func onNewThread<Value>(_ body: @escaping () -> Value) -> Value {
    let result = Handover<Value>()
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) let body = body
    Thread {
        result.value = body()
        done.signal()
    }.start()
    done.wait()
    return result.value!
}

/// Runs `body` on a new thread and returns once the thread has ended (joined), its
/// thread-local storage torn down.
private func runOnJoinedThread(_ body: @escaping () -> Void) {
    final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
    var thread = pthread_t()
    let work = Unmanaged.passRetained(Work(body)).toOpaque()
    let status = pthread_create(&thread, nil, { pointer in
        let work = Unmanaged<Work>.fromOpaque(pointer!).takeRetainedValue()
        work.body()
        return nil
    }, work)
    precondition(status == 0, "pthread_create failed: \(status)")
    pthread_join(thread, nil)
}

/// Records where and how often it lays out and draws.
private final class ThreadRecordingLayer: CALayer {
    nonisolated(unsafe) var layouts: [Bool] = []
    nonisolated(unsafe) var draws: [Bool] = []
    nonisolated(unsafe) var onLayout: (() -> Void)?

    override func layoutSublayers() {
        layouts.append(Thread.isMainThread)
        onLayout?()
    }

    override func draw(in ctx: CGContext) {
        draws.append(Thread.isMainThread)
    }
}

/// Transactions belong to the thread that opens them, as Apple documents ("begin a new
/// transaction for the current thread"); what reaches user code (completion blocks,
/// animation delegates, commit observers) does so on the main thread.
@MainActor
final class TransactionThreadTests: XCTestCase {
    override func setUp() async throws {
        CATransaction.flush()
    }

    override func tearDown() async throws {
        CATransaction.flush()
    }

    func testValuesSetInOneThreadsTransactionAreNotSeenByAnother() async {
        CATransaction.begin()
        CATransaction.setAnimationDuration(3)
        CATransaction.setDisableActions(true)
        let seen = onNewThread { () -> [Double] in
            let before = [CATransaction.animationDuration(), CATransaction.disableActions() ? 1 : 0]
            CATransaction.begin()
            CATransaction.setAnimationDuration(7)
            let inside = CATransaction.animationDuration()
            CATransaction.commit()
            return before + [inside, CATransaction.animationDuration()]
        }
        // The other thread started from the defaults (0.25 s, actions on), saw its own 7 s,
        // and its commit did not end the main thread's transaction.
        XCTAssertEqual(seen, [0.25, 0, 7, 0.25])
        XCTAssertEqual(CATransaction.animationDuration(), 3)
        XCTAssertTrue(CATransaction.disableActions())
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
    }

    func testACommitOnAnotherThreadRunsTheLayoutPassThere() async {
        let layer = onNewThread { () -> ThreadRecordingLayer in
            let layer = ThreadRecordingLayer()
            CATransaction.begin()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.setNeedsLayout()
            CATransaction.commit()
            return layer
        }
        XCTAssertEqual(layer.layouts, [false], "laid out once, by the committing thread")
        CATransaction.flush()
        XCTAssertEqual(layer.layouts, [false], "the main thread had nothing of it to commit")
    }

    func testAThreadThatEndsWithAnImplicitTransactionLeavesItsLayersToTheNextThreadThatChangesThem() async {
        let layer = ThreadRecordingLayer()
        nonisolated(unsafe) let handed = layer
        runOnJoinedThread {
            // No begin(): an implicit transaction, which this thread never flushes.
            handed.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            handed.setNeedsLayout()
        }
        // The thread has ended (joined): nothing ran while it was torn down.
        XCTAssertEqual(layer.layouts, [])
        let root = CALayer()
        root.addSublayer(layer)
        CATransaction.flush()
        XCTAssertEqual(layer.layouts, [true], "the main thread took the layer over, with its pending layout")
        XCTAssertEqual(layer.presentation()?.bounds, CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    func testACompletionBlockLeftOpenByAnEndingThreadRunsOnTheMainThread() async {
        nonisolated(unsafe) var ranOnMainThread: Bool?
        runOnJoinedThread {
            CATransaction.setCompletionBlock { ranOnMainThread = Thread.isMainThread }
            CALayer().opacity = 0.5
        }
        XCTAssertNil(ranOnMainThread, "not run while the thread was torn down")
        CATransaction.flush()
        XCTAssertEqual(ranOnMainThread, true, "run by the main thread's next commit")
    }

    func testLayersHandedOverBeforeTheirThreadCommitsAreCommittedByTheNewThread() async {
        let root = CALayer()
        let handedOver = DispatchSemaphore(value: 0)
        let mayEnd = DispatchSemaphore(value: 0)
        let ended = DispatchSemaphore(value: 0)
        let box = Handover<ThreadRecordingLayer>()
        Thread {
            let layer = ThreadRecordingLayer()
            layer.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
            layer.setNeedsDisplay()
            box.value = layer
            handedOver.signal()
            // The implicit transaction stays open until the thread ends, after the hand-over.
            mayEnd.wait()
            ended.signal()
        }.start()
        handedOver.wait()
        let layer = box.value!
        box.value = nil
        root.addSublayer(layer)
        CATransaction.flush()
        XCTAssertEqual(layer.draws, [true], "the main thread took the layer over with its pending display")
        XCTAssertNotNil(layer.presentation(), "and committed it")
        mayEnd.signal()
        XCTAssertEqual(ended.wait(timeout: .now() + 10), .success)
        // Give the ending thread's exit commit a chance to (wrongly) draw it again.
        let exited = expectation(description: "a later thread ran")
        Thread { exited.fulfill() }.start()
        await fulfillment(of: [exited], timeout: 10)
        XCTAssertEqual(layer.draws, [true], "the old thread's transaction no longer has it")
    }

    func testACompletionBlockOfAnotherThreadsTransactionRunsOnTheMainThread() async {
        let ran = expectation(description: "completion block")
        nonisolated(unsafe) var ranOnMainThread: Bool?
        onNewThread {
            CATransaction.begin()
            CATransaction.setCompletionBlock {
                ranOnMainThread = Thread.isMainThread
                ran.fulfill()
            }
            CALayer().opacity = 0.5
            CATransaction.commit()
        }
        await fulfillment(of: [ran], timeout: 10)
        XCTAssertEqual(ranOnMainThread, true)
    }

    func testCommitObserversHearOfAnotherThreadsCommitToADisplayedTreeOnTheMainThread() async {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        nonisolated(unsafe) var heard: [[CALayer]] = []
        let token = CATransaction.addCommitObserver { roots in heard.append(roots) }
        defer { CATransaction.removeCommitObserver(token) }
        nonisolated(unsafe) let handed = layer
        onNewThread {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            handed.opacity = 0.25
            CATransaction.commit()
        }
        XCTAssertTrue(heard.isEmpty, "not told on the committing thread")
        CATransaction.flush()
        XCTAssertEqual(heard.count, 1)
        XCTAssertTrue(heard.first?.first === world.root, "the main thread's next commit reports the displayed tree")
        XCTAssertEqual(layer.presentation()?.opacity, 0.25)
    }

    func testAnotherThreadsCommitOfATreeNoWindowShowsIsNotReportedToTheMainThread() async {
        nonisolated(unsafe) var heard: [[CALayer]] = []
        let token = CATransaction.addCommitObserver { roots in heard.append(roots) }
        defer { CATransaction.removeCommitObserver(token) }
        let layer = onNewThread { () -> CALayer in
            let layer = CALayer()
            CATransaction.begin()
            layer.opacity = 0.25
            CATransaction.commit()
            return layer
        }
        CATransaction.flush()
        XCTAssertTrue(heard.isEmpty, "the other thread may still be changing it: it is that thread's until handed over")
        XCTAssertEqual(layer.presentation()?.opacity, 0.25, "committed by its own thread")
    }

    func testAnimationsCommittedOnAnotherThreadTellTheirDelegateOnTheMainThread() async {
        let world = AnimationWorld(test: self, displayed: true)
        let delegate = RecordingAnimationDelegate()
        nonisolated(unsafe) let handedDelegate = delegate
        let layer = onNewThread { () -> CALayer in
            let layer = CALayer()
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.toValue = 1
            fade.duration = 2
            fade.delegate = handedDelegate
            CATransaction.begin()
            layer.add(fade, forKey: "fade")
            CATransaction.commit()
            return layer
        }
        world.root.addSublayer(layer)
        CATransaction.flush()
        world.advance(to: 101)
        XCTAssertEqual(delegate.events, ["start"], "the main thread advances the animation it took over")
        world.advance(to: 103)
        XCTAssertEqual(delegate.events, ["start", "stop finished"])
        XCTAssertNil(layer.animation(forKey: "fade"), "removed on completion")
    }

    func testAnImplicitAnimationStartedByAnotherThreadOnADisplayedLayerRunsWithTheWindow() async {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        nonisolated(unsafe) let handed = layer
        nonisolated(unsafe) var completed = false
        onNewThread {
            CATransaction.begin()
            CATransaction.setAnimationDuration(2)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            CATransaction.setCompletionBlock { completed = true }
            handed.opacity = 0
            CATransaction.commit()
        }
        world.advance(to: 101)
        // Linear from 1 to 0 over 2 s: halfway.
        XCTAssertEqual(Double(layer.presentation()?.opacity ?? -1), 0.5, accuracy: 1e-6)
        XCTAssertEqual(layer.animationKeys(), ["opacity"])
        world.advance(to: 103)
        XCTAssertNil(layer.animationKeys(), "removed when it ended")
        XCTAssertEqual(layer.presentation()?.opacity, 0)
        XCTAssertTrue(completed, "its completion block ran once it ended")
    }

    func testThreadsBuildingLayersAndTransactionsAtOnceDoNotDisturbEachOther() async {
        let threads = 4, rounds = 150
        let completions = expectation(description: "every completion block")
        completions.expectedFulfillmentCount = threads * rounds
        let finished = DispatchGroup()
        let mismatches = CallCounter()
        for thread in 0..<threads {
            finished.enter()
            Thread {
                for round in 0..<rounds {
                    let duration = Double(thread * 1000 + round)
                    CATransaction.begin()
                    CATransaction.setAnimationDuration(duration)
                    CATransaction.setCompletionBlock { completions.fulfill() }
                    let root = CALayer()
                    for index in 0..<5 {
                        let child = CAShapeLayer()
                        child.frame = CGRect(x: Double(index), y: 0, width: 4, height: 4)
                        child.path = CGPath(rect: child.bounds, transform: nil)
                        root.addSublayer(child)
                    }
                    let pulse = CABasicAnimation(keyPath: "opacity")
                    pulse.toValue = 0.5
                    root.add(pulse, forKey: "pulse")
                    root.removeAnimation(forKey: "pulse")
                    if CATransaction.animationDuration() != duration { mismatches.increment() }
                    CATransaction.commit()
                    if root.sublayers?.count != 5 || root.presentation() == nil { mismatches.increment() }
                }
                finished.leave()
            }.start()
        }
        await fulfillment(of: [completions], timeout: 60)
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(mismatches.count, 0)
    }
}
