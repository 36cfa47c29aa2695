import QuartzCore
import TestSupport
import XCTest

/// A subclass with its own field, to check presentation copies keep the dynamic type.
private final class BadgeLayer: CALayer {
    var badge = 0

    override init() {
        super.init()
    }

    required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? BadgeLayer {
            badge = other.badge
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CATransactionTests: XCTestCase {
    func testPresentationIsNilBeforeFirstCommit() async throws {
        commitEarlierTestsChanges()
        let layer = CALayer()
        layer.opacity = 0.5
        XCTAssertNil(layer.presentation())
        CATransaction.flush()
        XCTAssertNotNil(layer.presentation())
    }

    func testPresentationHoldsCommittedValues() async throws {
        commitEarlierTestsChanges()
        let layer = CALayer()
        layer.name = "box"
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.position = CGPoint(x: 200, y: 100)
        layer.anchorPoint = .zero
        layer.opacity = 0.25
        layer.zPosition = 3
        layer.isHidden = true
        layer.masksToBounds = true
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2))
        CATransaction.flush()
        let presentation = try XCTUnwrap(layer.presentation())
        XCTAssertFalse(presentation === layer)
        XCTAssertEqual(presentation.name, "box")
        XCTAssertEqual(presentation.bounds, layer.bounds)
        XCTAssertEqual(presentation.position, layer.position)
        XCTAssertEqual(presentation.anchorPoint, .zero)
        XCTAssertEqual(presentation.opacity, 0.25)
        XCTAssertEqual(presentation.zPosition, 3)
        XCTAssertTrue(presentation.isHidden)
        XCTAssertTrue(presentation.masksToBounds)
        XCTAssertEqual(presentation.backgroundColor, CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        XCTAssertEqual(presentation.transform, layer.transform)
        XCTAssertEqual(presentation.frame, layer.frame)
    }

    func testUncommittedChangesDoNotReachPresentation() async throws {
        commitEarlierTestsChanges()
        let layer = CALayer()
        layer.position = CGPoint(x: 10, y: 10)
        CATransaction.flush()
        let presentation = try XCTUnwrap(layer.presentation())
        layer.position = CGPoint(x: 99, y: 99)
        XCTAssertEqual(presentation.position, CGPoint(x: 10, y: 10))
        CATransaction.flush()
        XCTAssertEqual(presentation.position, CGPoint(x: 99, y: 99))
        XCTAssertTrue(layer.presentation() === presentation, "presentation copy is updated in place")
    }

    func testPresentationTreeMirrorsHierarchy() async throws {
        commitEarlierTestsChanges()
        let root = CALayer()
        let child = CALayer()
        root.addSublayer(child)
        CATransaction.flush()
        let rootPresentation = try XCTUnwrap(root.presentation())
        let childPresentation = try XCTUnwrap(child.presentation())
        XCTAssertEqual(rootPresentation.sublayers?.count, 1)
        XCTAssertTrue(rootPresentation.sublayers?.first === childPresentation)
        XCTAssertTrue(childPresentation.superlayer === rootPresentation)
        XCTAssertNil(rootPresentation.superlayer)
        XCTAssertTrue(childPresentation.model() === child)
        XCTAssertTrue(child.model() === child)
        XCTAssertTrue(childPresentation.presentation() === childPresentation)

        child.removeFromSuperlayer()
        XCTAssertEqual(rootPresentation.sublayers?.count, 1, "hierarchy change not committed yet")
        CATransaction.flush()
        XCTAssertNil(rootPresentation.sublayers)
        XCTAssertNil(childPresentation.superlayer)
    }

    func testPresentationCopyKeepsDynamicTypeAndSubclassFields() async throws {
        commitEarlierTestsChanges()
        let layer = BadgeLayer()
        layer.badge = 7
        layer.opacity = 0.5
        CATransaction.flush()
        let presentation: BadgeLayer = try XCTUnwrap(layer.presentation())
        XCTAssertEqual(presentation.badge, 7)
        XCTAssertTrue(presentation.model() === layer)
    }

    func testCommitObserverReceivesChangedRoots() async throws {
        commitEarlierTestsChanges()
        let rootA = CALayer()
        let childA = CALayer()
        rootA.addSublayer(childA)
        let rootB = CALayer()
        CATransaction.flush()

        var received: [[CALayer]] = []
        let token = CATransaction.addCommitObserver { roots in received.append(roots) }
        defer { CATransaction.removeCommitObserver(token) }

        childA.opacity = 0.5
        CATransaction.flush()
        XCTAssertEqual(received.count, 1)
        XCTAssertEqual(received.last?.map(ObjectIdentifier.init), [ObjectIdentifier(rootA)])

        rootB.position = CGPoint(x: 1, y: 1)
        childA.position = CGPoint(x: 2, y: 2)
        CATransaction.flush()
        XCTAssertEqual(received.last?.map(ObjectIdentifier.init), [rootB, rootA].map(ObjectIdentifier.init))

        childA.removeFromSuperlayer()
        CATransaction.flush()
        XCTAssertEqual(
            Set(received.last?.map(ObjectIdentifier.init) ?? []), Set([rootA, childA].map(ObjectIdentifier.init)))

        CATransaction.flush()
        XCTAssertEqual(received.count, 3, "nothing changed: no commit")
    }

    func testEachRenderContextHearsOfItsOwnTreesCommitsOnly() async throws {
        commitEarlierTestsChanges()
        let (rootA, rootB) = (CALayer(), CALayer())
        let childA = CALayer()
        rootA.addSublayer(childA)
        let (contextA, contextB) = (CARenderContext(rootLayer: rootA), CARenderContext(rootLayer: rootB))
        CATransaction.flush()
        var heard: [String] = []
        contextA.commitObserver = { heard.append("A") }
        contextB.commitObserver = { heard.append("B") }

        CATransaction.setDisableActions(true)
        childA.opacity = 0.5
        CATransaction.flush()
        XCTAssertEqual(heard, ["A"])
        CATransaction.setDisableActions(true)
        rootB.position = CGPoint(x: 1, y: 1)
        CATransaction.flush()
        XCTAssertEqual(heard, ["A", "B"])
        // A commit on another thread to tree B: heard at the main thread's next flush.
        final class Layer: @unchecked Sendable { let layer: CALayer; init(_ layer: CALayer) { self.layer = layer } }
        let shared = Layer(rootB)
        let committed = DispatchSemaphore(value: 0)
        Thread {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            shared.layer.position = CGPoint(x: 2, y: 2)
            CATransaction.commit()
            committed.signal()
        }.start()
        committed.wait()
        CATransaction.flush()
        XCTAssertEqual(heard, ["A", "B", "B"])
        // A tree no context shows is heard by nobody.
        CALayer().opacity = 0.5
        CATransaction.flush()
        XCTAssertEqual(heard, ["A", "B", "B"])
        withExtendedLifetime((contextA, contextB)) {}
    }

    func testRemovedObserverIsNotCalled() async throws {
        commitEarlierTestsChanges()
        var calls = 0
        let token = CATransaction.addCommitObserver { _ in calls += 1 }
        CATransaction.removeCommitObserver(token)
        CALayer().opacity = 0.5
        CATransaction.flush()
        XCTAssertEqual(calls, 0)
    }

    func testEachContextsSchedulerIsCalledOncePerImplicitTransactionThatChangesItsTree() async throws {
        commitEarlierTestsChanges()
        let (rootA, rootB, childA) = (CALayer(), CALayer(), CALayer())
        rootA.addSublayer(childA)
        let (contextA, contextB) = (CARenderContext(rootLayer: rootA), CARenderContext(rootLayer: rootB))
        CATransaction.flush()
        let (scheduledA, scheduledB) = (CallCounter(), CallCounter())
        contextA.implicitCommitScheduler = { scheduledA.increment() }
        contextB.implicitCommitScheduler = { scheduledB.increment() }

        let added = CALayer()
        childA.name = "changed"
        rootA.name = "changed too"
        childA.addSublayer(added)
        XCTAssertEqual([scheduledA.count, scheduledB.count], [1, 0], "tree A's first change asks A's context, once")
        XCTAssertNil(added.presentation(), "nothing commits before a flush")
        rootB.name = "changed"
        XCTAssertEqual([scheduledA.count, scheduledB.count], [1, 1], "tree B's first change asks B's context")
        CALayer().name = "no context"
        XCTAssertEqual([scheduledA.count, scheduledB.count], [1, 1], "a tree no context shows asks neither")
        CATransaction.flush()
        XCTAssertNotNil(added.presentation())

        rootB.name = "again"
        XCTAssertEqual([scheduledA.count, scheduledB.count], [1, 2], "the next implicit transaction asks again")
        CATransaction.flush()
        withExtendedLifetime((contextA, contextB)) {}
    }

    func testOtherThreadsCommitsToADisplayedTreeAskOnlyThatTreesContext() async throws {
        commitEarlierTestsChanges()
        let (rootA, rootB) = (CALayer(), CALayer())
        let (contextA, contextB) = (CARenderContext(rootLayer: rootA), CARenderContext(rootLayer: rootB))
        CATransaction.flush()
        let (scheduledA, scheduledB) = (CallCounter(), CallCounter())
        contextA.implicitCommitScheduler = { scheduledA.increment() }
        contextB.implicitCommitScheduler = { scheduledB.increment() }
        // Threads commit to layers of tree B at the same time (a layer each, so no thread
        // takes another's over), each commit asking B's context once.
        let threads = 3, rounds = 20
        let layersOfB = (0..<threads).map { _ in CALayer() }
        for layer in layersOfB { rootB.addSublayer(layer) }
        CATransaction.flush()
        XCTAssertEqual([scheduledA.count, scheduledB.count], [0, 1], "the main thread's implicit transaction asked B's context")
        let crew = ThreadCrew()
        for thread in 0..<threads {
            nonisolated(unsafe) let layer = layersOfB[thread]
            crew.add("commits to B \(thread)") {
                for round in 0..<rounds {
                    CATransaction.begin()
                    layer.name = "changed on thread \(thread), round \(round)"
                    CATransaction.commit()
                }
            }
        }
        crew.start()
        XCTAssertTrue(crew.waitUntilFinished())
        XCTAssertEqual([scheduledA.count, scheduledB.count], [0, 1 + threads * rounds], "B's context is asked for the main thread's turn")
        CATransaction.flush()
        XCTAssertEqual([scheduledA.count, scheduledB.count], [0, 1 + threads * rounds])
        withExtendedLifetime((contextA, contextB)) {}
    }

    func testAContextsSchedulerTakesTheMainQueuesTurnsPlaceForItsTree() async throws {
        commitEarlierTestsChanges()
        await endOfMainQueueTurn()  // a flush earlier tests asked for has run
        let root = CALayer()
        let context = CARenderContext(rootLayer: root)
        CATransaction.flush()
        let scheduled = CallCounter()
        context.implicitCommitScheduler = { scheduled.increment() }
        let added = CALayer()
        root.addSublayer(added)
        await endOfMainQueueTurn()
        XCTAssertNil(added.presentation(), "the context arranges the commit; nothing else flushes its tree")
        XCTAssertEqual(scheduled.count, 1)
        CATransaction.flush()
        XCTAssertNotNil(added.presentation())
        withExtendedLifetime(context) {}
    }

    func testATreeNoContextShowsCommitsAtTheEndOfTheMainQueuesTurn() async throws {
        commitEarlierTestsChanges()
        let root = CALayer()
        let child = CALayer()
        root.addSublayer(child)
        child.opacity = 0.5
        XCTAssertNil(child.presentation(), "not before the turn ends")
        await endOfMainQueueTurn()
        XCTAssertEqual(child.presentation()?.opacity, 0.5, "the main queue's turn committed it")
    }

    func testAContextWithoutASchedulerCommitsAtTheEndOfTheMainQueuesTurn() async throws {
        commitEarlierTestsChanges()
        let root = CALayer()
        let context = CARenderContext(rootLayer: root)
        CATransaction.flush()
        let added = CALayer()
        root.addSublayer(added)
        XCTAssertNil(added.presentation())
        await endOfMainQueueTurn()
        XCTAssertNotNil(added.presentation(), "the main queue's turn committed it")
        withExtendedLifetime(context) {}
    }

    func testExplicitTransactionsNestAndCommitAtOutermost() async throws {
        commitEarlierTestsChanges()
        let layer = CALayer()
        let context = CARenderContext(rootLayer: layer)
        let scheduled = CallCounter()
        context.implicitCommitScheduler = { scheduled.increment() }
        var commits = 0
        let token = CATransaction.addCommitObserver { _ in commits += 1 }
        defer { CATransaction.removeCommitObserver(token) }

        CATransaction.begin()
        CATransaction.begin()
        layer.opacity = 0.5
        CATransaction.commit()
        CATransaction.flush()
        XCTAssertNil(layer.presentation(), "inner commit and flush wait for the outermost commit")
        CATransaction.commit()
        XCTAssertEqual(layer.presentation()?.opacity, 0.5)
        XCTAssertEqual(scheduled.count, 0, "explicit transactions never schedule")
        XCTAssertEqual(commits, 1)
        CATransaction.commit()
        XCTAssertEqual(commits, 1, "an unbalanced commit is ignored")
        withExtendedLifetime(context) {}
    }

    func testPresentationHitTestRoutesToModel() async throws {
        commitEarlierTestsChanges()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let child = CALayer()
        child.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        root.addSublayer(child)
        CATransaction.flush()
        child.frame = CGRect(x: 60, y: 60, width: 20, height: 20)
        let presentation = try XCTUnwrap(root.presentation())
        XCTAssertTrue(presentation.hitTest(CGPoint(x: 15, y: 15))?.model() === child, "drawn where it was committed")
        XCTAssertTrue(root.hitTest(CGPoint(x: 65, y: 65)) === child, "the model moved already")
        XCTAssertTrue(presentation.hitTest(CGPoint(x: 65, y: 65))?.model() === root)
    }

    func testRenderTreeUsesPresentationValues() async throws {
        commitEarlierTestsChanges()
        let root = CALayer()
        root.name = "root"
        root.opacity = 0.5
        let child = CALayer()
        child.name = "child"
        root.addSublayer(child)
        let uncommitted = root.makeRenderTree()
        XCTAssertEqual(uncommitted.opacity, 0.5, "never committed: model values")
        XCTAssertEqual(uncommitted.sublayers.map(\.name), ["child"])
        CATransaction.flush()
        root.opacity = 1
        child.removeFromSuperlayer()
        let tree = root.makeRenderTree()
        XCTAssertEqual(tree.opacity, 0.5)
        XCTAssertEqual(tree.name, "root")
        XCTAssertEqual(tree.sublayers.map(\.name), ["child"])
        XCTAssertEqual(tree.layerID, ObjectIdentifier(root))
        XCTAssertEqual(tree.sublayers.first?.layerID, ObjectIdentifier(child))
        CATransaction.flush()
        XCTAssertEqual(root.makeRenderTree().opacity, 1)
        XCTAssertTrue(root.makeRenderTree().sublayers.isEmpty)
    }
}
