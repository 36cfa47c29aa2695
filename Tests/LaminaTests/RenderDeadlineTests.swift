import XCTest

@testable import Lamina

/// A frame of a continuing run starts its expected render time and the compositor's margin
/// before its target: the render time is the second longest of the recent draws, so one draw
/// slowed down by the machine does not move the next frames' starts.
final class RenderDeadlineTests: XCTestCase {
    func testAFrameStartsTheSecondLongestRecentDrawAndTheMarginsBeforeItsTarget() {
        var deadline = RenderDeadline.frame
        for duration in [0.0004, 0.0015, 0.0004, 0.0004] { deadline.add(drawDuration: duration) }
        // 1.5 ms is the longest and the only long one: the second longest, 0.4 ms, + 2 ms.
        XCTAssertEqual(deadline.renderEstimate, 0.0024, accuracy: 1e-12)
        XCTAssertEqual(deadline.startTime(forTarget: 10), 10 - 0.0024 - 0.008, accuracy: 1e-12)
        XCTAssertEqual(
            deadline.startTime(forTarget: 10, compositorMargin: RenderDeadline.callbackRepaintMargin),
            10 - 0.0024 - 0.0015, accuracy: 1e-12, "1.5 ms before a repaint predicted from callbacks")
        // A second long draw: frames keep its time.
        deadline.add(drawDuration: 0.0015)
        XCTAssertEqual(deadline.renderEstimate, 0.0035, accuracy: 1e-12)
    }

    func testOneSlowDrawDoesNotMoveTheStartAndOldDrawsAreForgotten() {
        var deadline = RenderDeadline.frame
        deadline.add(drawDuration: 0.007)  // the machine was busy for one draw
        XCTAssertEqual(deadline.renderEstimate, 0.009, accuracy: 1e-12, "a single draw is all there is to go by")
        for _ in 0..<3 { deadline.add(drawDuration: 0.0003) }
        XCTAssertEqual(deadline.renderEstimate, 0.0023, accuracy: 1e-12)
        // Two slow draws, then sixteen quick ones: only the last sixteen count.
        var busy = RenderDeadline.frame
        busy.add(drawDuration: 0.007)
        busy.add(drawDuration: 0.006)
        XCTAssertEqual(busy.renderEstimate, 0.008, accuracy: 1e-12)
        for _ in 0..<RenderDeadline.sampleCount { busy.add(drawDuration: 0.0005) }
        XCTAssertEqual(busy.renderEstimate, 0.0025, accuracy: 1e-12)
    }

    func testDrawTimesThatAreNotFiniteAndPositiveCountAsNothing() {
        var deadline = RenderDeadline.lateInputRedraw
        for duration in [Double.nan, -1, .infinity, 0.001] { deadline.add(drawDuration: duration) }
        XCTAssertEqual(deadline.renderEstimate, 0.0005, accuracy: 1e-12, "the second longest is 0")
    }
}
