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
        await waitUntil("the window settled") { scripted.window.isSettled }
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
}
