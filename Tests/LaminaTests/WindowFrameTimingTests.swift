import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import XCTest

/// Each frame's timing reaches `onFrameTiming` with its presentation feedback: the pixels it
/// drew, its draw time and when it was shown (nil when the compositor discarded it).
@MainActor
final class WindowFrameTimingTests: XCTestCase {
    func testPresentedAndDiscardedFramesReportTheirTiming() async throws {
        let scripted = try await ScriptedWindow(test: self)
        var timings: [FrameTiming] = []
        scripted.window.onFrameTiming = { timings.append($0) }
        await scripted.completeFrame(.presented)
        await waitUntil("the first frame's timing") { timings.count == 1 }
        let first = try XCTUnwrap(timings.first)
        XCTAssertEqual(first.drawnPixels, 320 * 200, "the first frame draws every pixel")
        XCTAssertGreaterThanOrEqual(first.drawDuration, 0)
        XCTAssertNotNil(first.presentationTime)
        XCTAssertTrue(first.logLine.hasPrefix("lamina: frame-timing target="), first.logLine)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        scripted.addLayer(CGRect(x: 20, y: 20, width: 10, height: 10), CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        CATransaction.commit()
        await scripted.waitForFrames(2)
        await scripted.completeFrame(.discarded)
        await waitUntil("the second frame's timing") { timings.count == 2 }
        XCTAssertNil(timings[1].presentationTime)
        XCTAssertNil(timings[1].latency)
        XCTAssertTrue(timings[1].logLine.hasSuffix("discarded"), timings[1].logLine)
    }
}
