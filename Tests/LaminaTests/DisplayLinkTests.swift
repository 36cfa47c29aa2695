import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import XCTest

/// `CADisplayLink`: fires once per frame of its window with the frame's target time, keeps
/// frames coming while it runs, and lets the window go idle when paused or invalidated.
@MainActor
final class DisplayLinkTests: XCTestCase {
    func testALinkFiresOncePerFrameAndKeepsFramesComing() async throws {
        let scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame(.presented)
        try await scripted.window.settled(timeout: 10)
        var fired: [(timestamp: Double, target: Double, duration: Double)] = []
        let box = scripted.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        CATransaction.flush()
        await scripted.waitForFrames(2)
        await scripted.completeFrame(.presented)
        // The handler changes nothing: the frames come because the link runs.
        let link = CADisplayLink(window: scripted.window) { link in
            fired.append((link.timestamp, link.targetTimestamp, link.duration))
        }
        link.add(to: .main, forMode: .common)
        // The link asks for a frame, and each frame callback fires it and asks for the next.
        for frames in 3...6 {
            await scripted.waitForFrames(frames, "the link's frame")
            await scripted.completeFrame(.presented)
            await waitUntil("the link fired for frame \(frames)") { fired.count == frames - 2 }
        }
        XCTAssertEqual(fired.count, 4, "once per frame")
        for firing in fired {
            XCTAssertGreaterThan(firing.target, firing.timestamp, "the target is the next frame's, after this callback")
            XCTAssertEqual(firing.duration, 1 / 60.0, accuracy: 1e-6, "the scripted compositor's refresh interval")
        }
        XCTAssertEqual(box.position.x, 5, "nothing moved")
        link.invalidate()
    }

    func testAPausedOrInvalidatedLinkLetsTheWindowIdle() async throws {
        let scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame(.presented)
        var fired = 0
        let link = CADisplayLink(window: scripted.window) { _ in fired += 1 }
        link.add(to: .main, forMode: .default)
        await scripted.waitForFrames(2, "the link's first frame")
        link.isPaused = true
        await scripted.completeFrame(.presented)
        XCTAssertEqual(fired, 0, "a paused link does not fire")
        let idleFrames = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(idleFrames, 2, "a paused link asks for no frames")
        XCTAssertFalse(scripted.window.isFramePending)
        link.isPaused = false
        await scripted.waitForFrames(3, "the resumed link's frame")
        await scripted.completeFrame(.presented)
        XCTAssertEqual(fired, 1)
        link.invalidate()
        await scripted.waitForFrames(4, "the frame asked for before the link was invalidated")
        await scripted.completeFrame(.presented)
        let framesAfterInvalidate = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(framesAfterInvalidate, 4, "an invalidated link asks for no frames")
        XCTAssertEqual(fired, 1, "an invalidated link never fires")
    }

    func testAPreferredRateSkipsFrames() async throws {
        let scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame(.presented)
        var fired = 0
        let link = CADisplayLink(window: scripted.window) { _ in fired += 1 }
        // At most 1 per second: the frames completed here come much faster.
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 1, maximum: 1, preferred: 1)
        link.add(to: .main, forMode: .common)
        for frames in 2...5 {
            await scripted.waitForFrames(frames)
            await scripted.completeFrame(.presented)
        }
        XCTAssertEqual(fired, 1, "the first frame fires, the next ones come too soon")
        link.invalidate()
    }

    @available(*, deprecated)
    func testPreferredFramesPerSecondIsTheRangeOfThatRateAlone() async throws {
        let scripted = try await ScriptedWindow(test: self)
        let link = CADisplayLink(window: scripted.window) { _ in }
        XCTAssertEqual(link.preferredFramesPerSecond, 0)
        link.preferredFramesPerSecond = 30
        XCTAssertEqual(link.preferredFrameRateRange, CAFrameRateRange(minimum: 30, maximum: 30, preferred: 30))
        XCTAssertEqual(link.preferredFramesPerSecond, 30)
        link.preferredFramesPerSecond = 0
        XCTAssertEqual(link.preferredFrameRateRange, .default)
        link.preferredFramesPerSecond = -5
        XCTAssertEqual(link.preferredFrameRateRange, .default)
        link.invalidate()
    }
}

/// `CADisplayLink` on a real weston: it fires with the window's presented frames, its
/// target times move forward by whole frames, and paused the window goes idle.
@MainActor
final class DisplayLinkWestonTests: XCTestCase {
    func testALinkFollowsWestonsFramesThenTheWindowIdles() async throws {
        let weston = try HeadlessCompositor.start(.weston, width: 800, height: 600)
        let application = try Application(socket: weston.socketPath)
        defer {
            application.close()
            weston.stop()
        }
        application.onFatalError = { error in XCTFail("connection failed: \(error)") }
        let window = try Window(application: application, title: "link", preferredSize: CGSize(width: 320, height: 200))
        try await window.settled(timeout: 10)
        let before = window.statistics.committedFrames
        var targets: [Double] = []
        let link = CADisplayLink(window: window) { link in targets.append(link.targetTimestamp) }
        link.add(to: .main, forMode: .common)
        await waitUntil("20 firings") { targets.count >= 20 }
        link.isPaused = true
        XCTAssertEqual(targets, targets.sorted(), "target times move forward")
        XCTAssertEqual(Set(targets).count, targets.count, "one firing per frame")
        try await window.settled(timeout: 10)  // the paused link asks for no more frames
        let frames = window.statistics.committedFrames - before
        // Each firing asked for the frame after it; the first frame came before the first one.
        XCTAssertTrue((targets.count...targets.count + 1).contains(frames), "\(frames) frames for \(targets.count) firings")
        let settled = window.statistics.committedFrames
        // Absence has no event to wait for: the time of several weston frames (~25 ms each),
        // as the idle end-to-end test does.
        try await Task.sleep(nanoseconds: 200_000_000)
        XCTAssertEqual(window.statistics.committedFrames, settled, "paused: no more frames")
        XCTAssertFalse(window.isFramePending, "paused: no frame callback requested")
        link.invalidate()
    }
}

/// `CADisplayLink(handler:)`: a link made without a window follows the application's.
@MainActor
final class WindowFindingDisplayLinkTests: XCTestCase {
    func testALinkAddedWithoutAWindowFollowsTheApplicationsWindow() async throws {
        let scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame(.presented)
        var fired = 0
        let link = CADisplayLink { _ in fired += 1 }
        link.add(to: .main, forMode: .common)
        await scripted.waitForFrames(2, "the link's first frame")
        await scripted.completeFrame(.presented)
        await waitUntil("the link fired with the window's frame") { fired == 1 }
        link.invalidate()
        await scripted.waitForFrames(3, "the frame asked for before the link was invalidated")
        await scripted.completeFrame(.presented)
        let frames = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(frames, 3, "an invalidated link asks for no frames")
        XCTAssertEqual(fired, 1)
    }

    func testALinkMadeWithoutAHandlerCallsNothingAndRunsAsAnyLinkDoes() async throws {
        // Apple's init(), a link without a target: added, it keeps the window's frames coming
        // as any link does; invalidated, it lets the window idle.
        let scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame(.presented)
        try await scripted.window.settled(timeout: 10)
        let link = CADisplayLink()
        XCTAssertFalse(link.isPaused)
        link.add(to: .main, forMode: .common)
        await scripted.waitForFrames(2, "the link's first frame")
        await scripted.completeFrame(.presented)
        await scripted.waitForFrames(3, "the frame the link asked for after firing")
        link.invalidate()
        await scripted.completeFrame(.presented)
        let frames = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(frames, 3, "an invalidated link asks for no frames")
    }

    func testALinkAddedBeforeAnyWindowFollowsTheFirstWindowOpened() async throws {
        var fired = 0
        let link = CADisplayLink { _ in fired += 1 }
        link.add(to: .main, forMode: .common)
        let scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame(.presented)
        await waitUntil("the waiting link fired with the new window's frame") { fired >= 1 }
        link.invalidate()
    }
}
