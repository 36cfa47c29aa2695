import Foundation
import QuartzCore
import TestSupport
import XCTest

/// A value handed from one thread to another (the hand-over is the test's to order).
private final class Handover<Value>: @unchecked Sendable {
    var value: Value?
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
        // Threads open and nest transactions of their own at the same time as each other and
        // as the main thread's open one; each sees the defaults, then only its own values.
        let threads = 4, rounds = 200
        let seed = stressSeed(0x7A11_0001)
        let mismatches = ThreadOutcomes(count: threads, initial: -1)
        let crew = ThreadCrew()
        for thread in 0..<threads {
            crew.add("transaction values \(thread)") {
                var random = SplitMix64(seed: seed &+ UInt64(thread))
                var wrong = 0
                for _ in 0..<rounds {
                    if CATransaction.animationDuration() != 0.25 || CATransaction.disableActions() { wrong += 1 }
                    let outer = 1 + Double(random.int(1000))
                    let disables = random.chance(0.5)
                    CATransaction.begin()
                    CATransaction.setAnimationDuration(outer)
                    CATransaction.setDisableActions(disables)
                    CATransaction.begin()
                    let inner = outer + 0.5
                    CATransaction.setAnimationDuration(inner)
                    if CATransaction.animationDuration() != inner || CATransaction.disableActions() != disables { wrong += 1 }
                    CATransaction.commit()
                    if CATransaction.animationDuration() != outer || CATransaction.disableActions() != disables { wrong += 1 }
                    CATransaction.commit()
                }
                if CATransaction.animationDuration() != 0.25 || CATransaction.disableActions() { wrong += 1 }
                mismatches.set(thread, wrong)
            }
        }
        crew.start()
        var mainMismatches = 0
        while !crew.isFinished {
            if CATransaction.animationDuration() != 3 || !CATransaction.disableActions() { mainMismatches += 1 }
        }
        XCTAssertEqual(mismatches.all, Array(repeating: 0, count: threads))
        XCTAssertEqual(mainMismatches, 0, "the other threads' commits did not end the main thread's transaction")
        XCTAssertEqual(CATransaction.animationDuration(), 3)
        XCTAssertTrue(CATransaction.disableActions())
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
    }

    func testCommitsOnOtherThreadsRunTheirLayoutPassesThere() async {
        // Threads build, lay out and commit layers at the same time; each layer is laid out
        // once, by the thread that committed it, never by the main thread, which flushes
        // all the while.
        let threads = 4, layersPerThread = 50
        let built = ThreadOutcomes(count: threads, initial: [ThreadRecordingLayer]())
        let crew = ThreadCrew()
        for thread in 0..<threads {
            crew.add("layout \(thread)") {
                var layers: [ThreadRecordingLayer] = []
                for index in 0..<layersPerThread {
                    let layer = ThreadRecordingLayer()
                    CATransaction.begin()
                    layer.bounds = CGRect(x: 0, y: 0, width: 10 + index, height: 10)
                    layer.setNeedsLayout()
                    CATransaction.commit()
                    layers.append(layer)
                }
                built.set(thread, layers)
            }
        }
        crew.start()
        while !crew.isFinished { CATransaction.flush() }
        let layers = built.all.joined()
        XCTAssertEqual(layers.count, threads * layersPerThread)
        XCTAssertEqual(layers.filter { $0.layouts != [false] }.count, 0, "each laid out once, by its committing thread")
        CATransaction.flush()
        XCTAssertEqual(layers.filter { $0.layouts != [false] }.count, 0, "the main thread had nothing of them to commit")
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

    func testCompletionBlocksOfOtherThreadsTransactionsRunOnTheMainThread() async {
        let threads = 4, rounds = 25
        let ran = expectation(description: "every completion block")
        ran.expectedFulfillmentCount = threads * rounds
        let offMainThread = CallCounter()
        let crew = ThreadCrew()
        for thread in 0..<threads {
            crew.add("completion \(thread)") {
                for _ in 0..<rounds {
                    CATransaction.begin()
                    CATransaction.setCompletionBlock {
                        if !Thread.isMainThread { offMainThread.increment() }
                        ran.fulfill()
                    }
                    CALayer().opacity = 0.5
                    CATransaction.commit()
                }
            }
        }
        crew.start()
        await fulfillment(of: [ran], timeout: 30)
        XCTAssertTrue(crew.waitUntilFinished(timeout: 10))
        XCTAssertEqual(offMainThread.count, 0)
    }

    func testCommitObserversHearOfOtherThreadsCommitsToADisplayedTreeOnTheMainThread() async {
        let world = AnimationWorld(test: self, displayed: true)
        let threads = 3, rounds = 40
        let layers = (0..<threads).map { _ in world.committedSublayer() }
        nonisolated(unsafe) var heard: [[CALayer]] = []
        let token = CATransaction.addCommitObserver { roots in heard.append(roots) }
        defer { CATransaction.removeCommitObserver(token) }
        let seed = stressSeed(0x7A11_0003)
        let lastOpacity = ThreadOutcomes(count: threads, initial: Float(-1))
        let crew = ThreadCrew()
        for thread in 0..<threads {
            nonisolated(unsafe) let layer = layers[thread]
            crew.add("displayed tree \(thread)") {
                var random = SplitMix64(seed: seed &+ UInt64(thread))
                for _ in 0..<rounds {
                    let opacity = Float(random.int(1000)) / 1000
                    CATransaction.begin()
                    CATransaction.setDisableActions(true)
                    layer.opacity = opacity
                    CATransaction.commit()
                    lastOpacity.set(thread, opacity)
                }
            }
        }
        crew.start()
        // The main thread shows their commits while they go on committing.
        while !crew.isFinished {
            CATransaction.flush()
            _ = layers[0].presentation()
        }
        CATransaction.flush()
        XCTAssertFalse(heard.isEmpty, "the main thread's commits report the displayed tree")
        XCTAssertTrue(heard.allSatisfy { $0.count == 1 && $0.first === world.root }, "and only it, once per report")
        XCTAssertEqual(layers.map { $0.presentation()?.opacity }, lastOpacity.all.map { $0 })
    }

    func testOtherThreadsCommitsOfTreesNoWindowShowsAreNotReportedToTheMainThread() async {
        nonisolated(unsafe) var heard: [[CALayer]] = []
        let token = CATransaction.addCommitObserver { roots in heard.append(roots) }
        defer { CATransaction.removeCommitObserver(token) }
        let threads = 4, layersPerThread = 25
        let built = ThreadOutcomes(count: threads, initial: [CALayer]())
        let crew = ThreadCrew()
        for thread in 0..<threads {
            crew.add("undisplayed \(thread)") {
                var layers: [CALayer] = []
                for index in 0..<layersPerThread {
                    let layer = CALayer()
                    CATransaction.begin()
                    layer.opacity = Float(index) / Float(layersPerThread)
                    CATransaction.commit()
                    layers.append(layer)
                }
                built.set(thread, layers)
            }
        }
        crew.start()
        while !crew.isFinished { CATransaction.flush() }
        CATransaction.flush()
        XCTAssertTrue(heard.isEmpty, "each tree is its thread's until handed over")
        for layers in built.all {
            XCTAssertEqual(
                layers.map { $0.presentation()?.opacity }, (0..<layersPerThread).map { Float($0) / Float(layersPerThread) },
                "committed by their own thread")
        }
    }

    func testAnimationsCommittedOnOtherThreadsTellTheirDelegatesOnTheMainThread() async {
        let world = AnimationWorld(test: self, displayed: true)
        let threads = 4
        let offMainThread = CallCounter()
        let delegates = (0..<threads).map { thread in
            RecordingAnimationDelegate("fade \(thread)") { _ in if !Thread.isMainThread { offMainThread.increment() } }
        }
        let built = ThreadOutcomes(count: threads, initial: CALayer?.none)
        let crew = ThreadCrew()
        for thread in 0..<threads {
            nonisolated(unsafe) let delegate = delegates[thread]
            crew.add("animated builder \(thread)") {
                let layer = CALayer()
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 0
                fade.toValue = 1
                fade.duration = 2
                fade.delegate = delegate
                CATransaction.begin()
                layer.add(fade, forKey: "fade")
                CATransaction.commit()
                built.set(thread, layer)
            }
        }
        crew.start()
        XCTAssertTrue(crew.waitUntilFinished())
        let layers = built.all.compactMap { $0 }
        XCTAssertEqual(layers.count, threads)
        for layer in layers { world.root.addSublayer(layer) }
        CATransaction.flush()
        world.advance(to: 101)
        XCTAssertEqual(delegates.map(\.events), Array(repeating: ["start"], count: threads),
                       "the main thread advances the animations it took over")
        world.advance(to: 103)
        XCTAssertEqual(delegates.map(\.events), Array(repeating: ["start", "stop finished"], count: threads))
        XCTAssertTrue(layers.allSatisfy { $0.animation(forKey: "fade") == nil }, "removed on completion")
        XCTAssertEqual(offMainThread.count, 0, "every delegate call came on the main thread")
    }

    func testImplicitAnimationsStartedByOtherThreadsOnADisplayedTreeRunWithTheWindow() async {
        let world = AnimationWorld(test: self, displayed: true)
        let threads = 4
        let layers = (0..<threads).map { _ in world.committedSublayer() }
        let completed = CallCounter()
        let crew = ThreadCrew()
        for thread in 0..<threads {
            nonisolated(unsafe) let layer = layers[thread]
            crew.add("implicit animation \(thread)") {
                CATransaction.begin()
                CATransaction.setAnimationDuration(2)
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                CATransaction.setCompletionBlock { completed.increment() }
                layer.opacity = 0
                CATransaction.commit()
            }
        }
        crew.start()
        // The main thread shows and evaluates the tree while they commit (the clock stands).
        while !crew.isFinished {
            CATransaction.flush()
            _ = world.root.presentation()
        }
        world.advance(to: 101)
        // Linear from 1 to 0 over 2 s: halfway.
        for layer in layers { XCTAssertEqual(Double(layer.presentation()?.opacity ?? -1), 0.5, accuracy: 1e-6) }
        XCTAssertEqual(layers.map { $0.animationKeys() ?? [] }, Array(repeating: ["opacity"], count: threads))
        world.advance(to: 103)
        XCTAssertTrue(layers.allSatisfy { $0.animationKeys() == nil }, "removed when they ended")
        XCTAssertEqual(layers.map { $0.presentation()?.opacity }, Array(repeating: 0, count: threads))
        XCTAssertEqual(completed.count, threads, "each completion block ran once its animation ended")
    }

    func testThreadsBuildingLayersAndTransactionsAtOnceDoNotDisturbEachOther() async {
        let threads = 4, rounds = 150
        let seed = stressSeed(0x7A11_0002)
        let completions = expectation(description: "every completion block")
        completions.expectedFulfillmentCount = threads * rounds
        let mismatches = CallCounter()
        let crew = ThreadCrew()
        for thread in 0..<threads {
            crew.add("builder \(thread)") {
                var random = SplitMix64(seed: seed &+ UInt64(thread))
                for _ in 0..<rounds {
                    let duration = Double(random.int(10_000))
                    let children = 1 + random.int(8)
                    CATransaction.begin()
                    CATransaction.setAnimationDuration(duration)
                    CATransaction.setCompletionBlock { completions.fulfill() }
                    let root = CALayer()
                    for index in 0..<children {
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
                    if root.sublayers?.count != children || root.presentation() == nil { mismatches.increment() }
                }
            }
        }
        crew.start()
        await fulfillment(of: [completions], timeout: 60)
        XCTAssertTrue(crew.waitUntilFinished(timeout: 10))
        XCTAssertEqual(mismatches.count, 0)
    }
}
