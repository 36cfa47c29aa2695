import QuartzCore
import XCTest

@testable import Lamina

/// The overlay's label: the frame rate and median interval within runs of animation (the
/// time a window was idle is no interval), and the median render time.
@MainActor
final class FrameTimingOverlayTests: XCTestCase {
    func testTheLabelCountsIntervalsWithinRunsAndShowsTheMedianRenderTime() async {
        let overlay = FrameTimingOverlay()
        let root = CALayer()
        // Shown at 1.00, 1.02, 1.04, then after half a second idle at 1.54, 1.56; drawn in
        // 1, 2, 3, 4, 5 ms.
        let shown: [(time: Double, followsIdle: Bool)] = [(1.00, true), (1.02, false), (1.04, false), (1.54, true), (1.56, false)]
        for (index, frame) in shown.enumerated() {
            overlay.add(
                FrameTiming(
                    frameNumber: UInt64(index + 1), targetTime: frame.time, renderBeginTime: frame.time - Double(index + 1) / 1000,
                    renderEndTime: frame.time, bufferCommitTime: frame.time, frameCallbackTime: frame.time, drawnPixels: 1,
                    presentation: .unavailable, followsIdle: frame.followsIdle),
                to: root)
        }
        XCTAssertEqual(overlay.intervals.count, 3)
        XCTAssertEqual(overlay.text, "fps 50.0 · p50 20.0 ms · render 3.0 ms")
    }
}
