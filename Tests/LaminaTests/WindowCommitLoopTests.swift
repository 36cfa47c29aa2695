import Foundation
import Lamina
import LaminaTesting
import XCTest

/// The window's commit loop in-process against a real weston: it follows the configured size,
/// renders once per committed change, paces by frame callbacks and routes hits through the
/// presentation tree. (Async tests: swift-corelibs-xctest cannot run synchronous main-actor tests.)
@MainActor
final class WindowCommitLoopTests: XCTestCase {
    private var weston: HeadlessCompositor!
    private var applications: [Application] = []

    override func setUp() async throws {
        weston = try HeadlessCompositor.start(.weston, width: 800, height: 600)
    }

    override func tearDown() async throws {
        for application in applications { application.close() }
        applications = []
        weston.stop()
    }

    private func openWindow() async throws -> (Application, Window) {
        let application = try Application(socket: weston.socketPath)
        application.onFatalError = { error in XCTFail("connection failed: \(error)") }
        applications.append(application)
        let window = try Window(application: application, title: "test", preferredSize: CGSize(width: 320, height: 200))
        try await window.settled(timeout: 10)
        return (application, window)
    }

    func testRootLayerFollowsTheConfiguredSize() async throws {
        let (_, window) = try await openWindow()
        // weston lets a floating window choose: the preferred content size, with the title bar
        // Lamina draws there (weston offers no xdg-decoration) on top of it.
        XCTAssertEqual(window.decorationMode, .clientSide)
        XCTAssertEqual(window.size, CGSize(width: 320, height: 232))
        XCTAssertEqual(window.rootLayer.frame, CGRect(x: 0, y: 0, width: 320, height: 200))
        XCTAssertEqual(window.rootLayer.presentation()?.frame, CGRect(x: 0, y: 0, width: 320, height: 200))
        XCTAssertEqual(window.statistics.committedFrames, 1, "settled after the first configure's one frame")
    }

    func testOneCommittedChangeRendersOneFrameThenGoesIdle() async throws {
        let (_, window) = try await openWindow()
        let before = window.statistics.committedFrames
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
        layer.backgroundColor = .white
        layer.opacity = 0.5
        window.rootLayer.addSublayer(layer)
        // The change was drawn and its frame callback came back.
        try await window.settled(timeout: 10, where: { $0.statistics.committedFrames > before })
        XCTAssertEqual(window.statistics.committedFrames, before + 1, "several changes in one turn are one commit, one frame")
        XCTAssertFalse(window.isFramePending, "idle: no frame callback requested")
    }

    func testAChangeToOneWindowsTreeCommitsAtTheEndOfTheTurnAndDrawsOnlyThatWindow() async throws {
        let application = try Application(socket: weston.socketPath)
        application.onFatalError = { error in XCTFail("connection failed: \(error)") }
        applications.append(application)
        let first = try Window(application: application, title: "first", preferredSize: CGSize(width: 200, height: 100))
        let second = try Window(application: application, title: "second", preferredSize: CGSize(width: 200, height: 100))
        await waitUntil("both windows settled") { first.isSettled && second.isSettled }
        let (firstBefore, secondBefore) = (first.statistics.committedFrames, second.statistics.committedFrames)
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
        layer.backgroundColor = .white
        first.rootLayer.addSublayer(layer)
        // No flush here: the main queue's turn commits the implicit transaction.
        await waitUntil("the first window drew the change and settled") {
            first.statistics.committedFrames > firstBefore && first.isSettled
        }
        XCTAssertEqual(layer.presentation()?.frame, CGRect(x: 10, y: 10, width: 50, height: 50))
        XCTAssertEqual(first.statistics.committedFrames, firstBefore + 1)
        XCTAssertEqual(second.statistics.committedFrames, secondBefore, "the other window's tree did not change: no frame")
        XCTAssertFalse(second.isFramePending)
    }

    func testChangesWhileAFrameIsPendingWaitForItsCallback() async throws {
        let (_, window) = try await openWindow()
        let before = window.statistics
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        window.rootLayer.addSublayer(layer)
        CATransaction.flush()
        await waitUntil("the first frame") { window.statistics.committedFrames == before.committedFrames + 1 }
        layer.position = CGPoint(x: 100, y: 100)
        CATransaction.flush()
        // The render thread reports a frame callback before the frame it lets it draw.
        await waitUntil("the second frame") { window.statistics.committedFrames == before.committedFrames + 2 }
        XCTAssertGreaterThan(window.statistics.frameCallbacks, before.frameCallbacks, "throttled until the frame callback")
    }

    func testPresentationFeedbackIsCounted() async throws {
        let (_, window) = try await openWindow()
        await waitUntil("weston reported a presented frame") { window.statistics.presentedFrames > 0 }
    }

    func testHitTestingUsesWhatWasDrawnNotUncommittedChanges() async throws {
        let (_, window) = try await openWindow()
        let layer = CALayer()
        layer.name = "box"
        layer.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
        window.rootLayer.addSublayer(layer)
        XCTAssertTrue(window.layer(at: CGPoint(x: 30, y: 30)) === window.rootLayer, "not committed yet: not hit")
        CATransaction.flush()
        XCTAssertTrue(window.layer(at: CGPoint(x: 30, y: 30)) === layer)
        CATransaction.setDisableActions(true)  // a jump, not an implicit animation
        layer.position = CGPoint(x: 200, y: 150)
        XCTAssertTrue(window.layer(at: CGPoint(x: 30, y: 30)) === layer, "the model moved, the drawn layer did not")
        CATransaction.flush()
        XCTAssertTrue(window.layer(at: CGPoint(x: 30, y: 30)) === window.rootLayer)
        XCTAssertTrue(window.layer(at: CGPoint(x: 200, y: 150)) === layer)
    }

    func testWindowTreeAnimatesImplicitlyAndHitsFollowThePresentation() async throws {
        let (_, window) = try await openWindow()
        let layer = CALayer()
        layer.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
        window.rootLayer.addSublayer(layer)
        CATransaction.flush()
        let framesBefore = window.statistics.committedFrames
        // A very slow implicit animation: for the next seconds the layer is drawn near its start.
        CATransaction.begin()
        CATransaction.setAnimationDuration(1000)
        layer.position = CGPoint(x: 250, y: 150)
        CATransaction.commit()
        XCTAssertEqual(layer.animationKeys(), ["position"], "the window's tree is displayed: changes animate")
        XCTAssertTrue(window.layer(at: CGPoint(x: 30, y: 30)) === layer, "hit where it is drawn, not at the model position")
        XCTAssertTrue(window.layer(at: CGPoint(x: 250, y: 150)) === window.rootLayer)
        await waitUntil("frames keep coming while it animates") { window.statistics.committedFrames >= framesBefore + 5 }
        XCTAssertFalse(window.isSettled, "an animating window is not settled")
        layer.removeAllAnimations()
        CATransaction.flush()
        XCTAssertTrue(window.layer(at: CGPoint(x: 250, y: 150)) === layer, "without the animation it is at the model position")
        try await window.settled(timeout: 10)  // once nothing animates
    }

    func testImpossiblePreferredSizeIsRefused() async throws {
        let application = try Application(socket: weston.socketPath)
        applications.append(application)
        XCTAssertThrowsError(try Window(application: application, title: "x", preferredSize: CGSize(width: 0, height: 10)))
        XCTAssertThrowsError(try Window(application: application, title: "x", preferredSize: CGSize(width: 1e9, height: 10)))
    }
}
