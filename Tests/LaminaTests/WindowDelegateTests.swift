import Foundation
import Lamina
import LaminaTesting
import XCTest

/// A delegate that writes down what its window told it, in one log shared with the
/// window's closures so the order between the two is visible.
@MainActor
private final class RecordingWindowDelegate: WindowDelegate {
    var log: [String] = []
    var acceptsClose = true
    /// Whether it implements `windowShouldClose(_:)` at all (else the default answers).
    let answersShouldClose: Bool

    init(answersShouldClose: Bool = true) {
        self.answersShouldClose = answersShouldClose
    }

    func windowShouldClose(_ window: Window) -> Bool {
        log.append("shouldClose")
        return acceptsClose
    }

    func windowWillClose(_ window: Window) { log.append("willClose closed=\(window.isClosed)") }
    func windowDidClose(_ window: Window) { log.append("didClose closed=\(window.isClosed)") }
    func windowDidResize(_ window: Window) { log.append("didResize \(window.size.width)x\(window.size.height)") }
    func windowDidChangeBackingProperties(_ window: Window) { log.append("backingScale \(window.backingScaleFactor)") }
    func windowDidDisplayFrame(_ window: Window) { log.append("didDisplayFrame \(window.statistics.frameCallbacks)") }
    func window(_ window: Window, didCompleteFrame timing: FrameTiming) { log.append("didCompleteFrame \(timing.frameNumber)") }
    func windowDidBecomeKey(_ window: Window) { log.append("didBecomeKey \(window.isKeyWindow)") }
    func windowDidResignKey(_ window: Window) { log.append("didResignKey \(window.isKeyWindow)") }
}

/// A delegate that implements nothing: every method's default applies.
@MainActor
private final class SilentWindowDelegate: WindowDelegate {}

/// A window tells its delegate, then the matching closure, of close requests, closing,
/// resizes, scale changes, frames and key focus.
@MainActor
final class WindowDelegateTests: XCTestCase {
    func testARefusedCloseRequestAsksTheDelegateThenOnCloseAndTheWindowStays() async throws {
        let scripted = try await ScriptedWindow(test: self)
        let delegate = RecordingWindowDelegate()
        delegate.acceptsClose = false
        scripted.window.delegate = delegate
        scripted.window.onClose = { delegate.log.append("onClose") }
        scripted.compositor.close()
        await waitUntil("the close request was heard") { delegate.log.count == 2 }
        _ = await scripted.compositor.roundtrip()
        XCTAssertEqual(delegate.log, ["shouldClose", "onClose"])
        XCTAssertFalse(scripted.window.isClosed)
        XCTAssertEqual(scripted.compositor.liveObjectCount("xdg_toplevel"), 1)
    }

    func testAnAcceptedCloseRequestClosesTheWindowTellingWillAndDidClose() async throws {
        let scripted = try await ScriptedWindow(test: self)
        let delegate = RecordingWindowDelegate()
        scripted.window.delegate = delegate
        scripted.window.onClose = { delegate.log.append("onClose") }
        scripted.compositor.close()
        await waitUntil("the window closed") { scripted.window.isClosed }
        XCTAssertEqual(delegate.log, ["shouldClose", "onClose", "willClose closed=false", "didClose closed=true"])
        _ = await scripted.compositor.roundtrip()
        XCTAssertEqual(scripted.compositor.liveObjectCount("xdg_toplevel"), 0, "the toplevel was destroyed")
        XCTAssertEqual(scripted.fatalErrors, [])
    }

    func testADelegateThatDoesNotAnswerShouldCloseLetsTheWindowClose() async throws {
        let scripted = try await ScriptedWindow(test: self)
        let delegate = SilentWindowDelegate()
        scripted.window.delegate = delegate
        scripted.compositor.close()
        await waitUntil("the window closed") { scripted.window.isClosed }
    }

    func testWithoutADelegateACloseRequestOnlyCallsOnClose() async throws {
        let scripted = try await ScriptedWindow(test: self)
        var closes = 0
        scripted.window.onClose = { closes += 1 }
        scripted.compositor.close()
        await waitUntil("onClose was called") { closes == 1 }
        _ = await scripted.compositor.roundtrip()
        XCTAssertFalse(scripted.window.isClosed)
    }

    func testClosingTheWindowItselfTellsWillAndDidCloseButNotShouldClose() async throws {
        let scripted = try await ScriptedWindow(test: self)
        let delegate = RecordingWindowDelegate()
        scripted.window.delegate = delegate
        scripted.window.onClose = { delegate.log.append("onClose") }
        scripted.window.close()
        scripted.window.close()
        XCTAssertEqual(delegate.log, ["willClose closed=false", "didClose closed=true"])
    }

    func testAResizeIsToldOncePerNewSize() async throws {
        let scripted = try await ScriptedWindow(test: self)
        let delegate = RecordingWindowDelegate()
        scripted.window.delegate = delegate
        scripted.compositor.configure(width: 400, height: 300)
        await waitUntil("the window took the new size") { scripted.window.size == CGSize(width: 400, height: 300) }
        // The same size again is no resize.
        scripted.compositor.configure(width: 400, height: 300)
        scripted.compositor.configure(width: 500, height: 250)
        await waitUntil("the window took the second size") { scripted.window.size == CGSize(width: 500, height: 250) }
        _ = await scripted.compositor.roundtrip()
        XCTAssertEqual(delegate.log, ["didResize 400.0x300.0", "didResize 500.0x250.0"])
        XCTAssertEqual(scripted.window.rootLayer.bounds.size, CGSize(width: 500, height: 250), "the root followed first")
    }

    func testANewOutputScaleIsToldAsABackingPropertiesChange() async throws {
        let scripted = try await ScriptedWindow(test: self)
        let delegate = RecordingWindowDelegate()
        scripted.window.delegate = delegate
        await scripted.completeFrame()
        scripted.compositor.setOutputScale(2)
        await waitUntil("the window draws at 2") { scripted.window.backingScaleFactor == 2 }
        _ = await scripted.compositor.roundtrip()
        XCTAssertEqual(delegate.log.filter { $0.hasPrefix("backing") }, ["backingScale 2.0"])
    }

    func testAFrameCallbackIsToldToTheDelegateThenOnFrameDisplayedThenTheFramesRecord() async throws {
        let scripted = try await ScriptedWindow(test: self)
        let delegate = RecordingWindowDelegate()
        scripted.window.delegate = delegate
        scripted.window.onFrameDisplayed = { delegate.log.append("onFrameDisplayed \($0.frameCallbacks)") }
        scripted.window.onFrameTiming = { delegate.log.append("onFrameTiming \($0.frameNumber)") }
        await scripted.completeFrame()
        await waitUntil("the frame's record is complete") { delegate.log.count == 4 }
        XCTAssertEqual(
            delegate.log,
            [
                "didDisplayFrame 1", "onFrameDisplayed 1",
                "didCompleteFrame 1", "onFrameTiming 1",
            ])
    }

    func testGainingAndLosingTheKeyboardFocusIsToldBeforeOnKeyFocusChanged() async throws {
        var configuration = ScriptedCompositor.Configuration()
        configuration.offersKeyboard = true
        let scripted = try await ScriptedWindow(test: self, configuration: configuration)
        let delegate = RecordingWindowDelegate()
        scripted.window.delegate = delegate
        scripted.window.onKeyFocusChanged = { delegate.log.append("onKeyFocusChanged \($0)") }
        _ = await scripted.compositor.roundtrip()
        scripted.compositor.keyboardEnter()
        await waitUntil("the window has the focus") { scripted.window.isKeyWindow }
        scripted.compositor.keyboardLeave()
        await waitUntil("the window lost the focus") { !scripted.window.isKeyWindow }
        XCTAssertEqual(
            delegate.log,
            ["didBecomeKey true", "onKeyFocusChanged true", "didResignKey false", "onKeyFocusChanged false"])
    }

    func testTheWindowHoldsItsDelegateWeakly() async throws {
        let scripted = try await ScriptedWindow(test: self)
        var delegate: RecordingWindowDelegate? = RecordingWindowDelegate()
        scripted.window.delegate = delegate
        XCTAssertNotNil(scripted.window.delegate)
        delegate = nil
        XCTAssertNil(scripted.window.delegate)
    }
}
