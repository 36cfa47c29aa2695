import XCTest

@testable import Lamina

/// The render thread's records of frames in flight when a frame was drawn again for late
/// input: which presentation each input event is given, as a compositor presents or discards
/// the frame, its redraw and the frame after them.
final class FramesInFlightTests: XCTestCase {
    private func frame(_ number: UInt64, committedAt time: Double) -> FrameTiming {
        FrameTiming(
            frameNumber: number, targetTime: time + 0.010, renderBeginTime: time - 0.001, renderEndTime: time,
            bufferCommitTime: time, drawnPixels: 1, presentation: .unavailable)
    }

    private func input(_ number: UInt64, at time: Double) -> InputTiming {
        InputTiming(eventNumber: number, event: .pointer(.pressed(button: 0x110)), timestamp: 0, eventTime: time, arrivalTime: time)
    }

    private func presented(_ time: Double) -> FrameTiming.Presentation {
        .presented(time: time, refreshInterval: 0.016, sequence: nil, flags: .vsync)
    }

    func testARedrawTheCompositorShowedInsteadOfItsFrameGivesTheFrameAndEveryInputItsPresentation() throws {
        // weston: the redraw's commit discards the frame's feedback; the redraw is presented.
        var frames = FramesInFlight()
        frames.add(frame(1, committedAt: 1.000), inputs: [input(1, at: 0.995)], awaitsFeedback: true)
        XCTAssertTrue(frames.addRedraw(of: 1, inputs: [input(2, at: 1.002)], committedAt: 1.003, awaitsFeedback: true))
        frames.feedbackCame(1, .discarded)
        frames.frameCallbackCame(1, at: 1.004)
        XCTAssertTrue(frames.takeCompleted().isEmpty, "the redraw's feedback is awaited")
        frames.redrawFeedbackCame(1, presented(1.010))
        let completed = frames.takeCompleted()
        XCTAssertEqual(completed.count, 1)
        let record = try XCTUnwrap(completed.first)
        XCTAssertEqual(record.timing.presentationTime, 1.010)
        XCTAssertEqual(record.timing.bufferCommitTime, 1.003, "the commit of what was shown")
        XCTAssertEqual(record.inputs.map(\.eventNumber), [1, 2])
        XCTAssertEqual(record.inputs.map(\.presentationTime), [1.010, 1.010])
        XCTAssertEqual(record.inputs.map(\.bufferCommitTime), [1.003, 1.003])
        XCTAssertEqual(record.inputs.map(\.refreshInterval), [0.016, 0.016])
    }

    func testARedrawShownARefreshAfterItsFrameGivesItsOwnInputTheLaterPresentation() throws {
        // The redraw missed the repaint: the frame was presented, the redraw a refresh later.
        var frames = FramesInFlight()
        frames.add(frame(1, committedAt: 1.000), inputs: [input(1, at: 0.995)], awaitsFeedback: true)
        frames.addRedraw(of: 1, inputs: [input(2, at: 1.005)], committedAt: 1.006, awaitsFeedback: true)
        frames.frameCallbackCame(1, at: 1.004)
        frames.feedbackCame(1, presented(1.010))
        frames.redrawFeedbackCame(1, presented(1.026))
        let record = try XCTUnwrap(frames.takeCompleted().first)
        XCTAssertEqual(record.timing.presentationTime, 1.010)
        XCTAssertEqual(record.timing.bufferCommitTime, 1.000)
        XCTAssertEqual(record.inputs.map(\.presentationTime), [1.010, 1.026])
        XCTAssertEqual(record.inputs.map(\.bufferCommitTime), [1.000, 1.006])
    }

    func testADiscardedRedrawHandsItsInputToTheNextFrame() throws {
        // The redraw missed the repaint and the next frame replaced it before the one after.
        var frames = FramesInFlight()
        frames.add(frame(1, committedAt: 1.000), inputs: [input(1, at: 0.995)], awaitsFeedback: true)
        frames.addRedraw(of: 1, inputs: [input(2, at: 1.005)], committedAt: 1.006, awaitsFeedback: true)
        frames.frameCallbackCame(1, at: 1.004)
        frames.feedbackCame(1, presented(1.010))
        frames.add(frame(2, committedAt: 1.012), inputs: [input(3, at: 1.011)], awaitsFeedback: true)
        frames.redrawFeedbackCame(1, .discarded)
        let first = frames.takeCompleted()
        XCTAssertEqual(first.count, 1)
        XCTAssertEqual(first.first?.inputs.map(\.eventNumber), [1])
        frames.frameCallbackCame(2, at: 1.020)
        frames.feedbackCame(2, presented(1.026))
        let second = try XCTUnwrap(frames.takeCompleted().first)
        XCTAssertEqual(second.timing.frameNumber, 2)
        XCTAssertEqual(second.inputs.map(\.eventNumber), [2, 3], "the redraw's input first")
        XCTAssertEqual(second.inputs.map(\.frameNumber), [2, 2])
        XCTAssertEqual(second.inputs.map(\.presentationTime), [1.026, 1.026])
    }

    func testAnUnansweredRedrawFeedbackIsGivenUpWithTheFrames() throws {
        var frames = FramesInFlight()
        frames.add(frame(1, committedAt: 1.000), awaitsFeedback: true)
        frames.addRedraw(of: 1, inputs: [input(1, at: 1.002)], committedAt: 1.003, awaitsFeedback: true)
        frames.frameCallbackCame(1, at: 1.004)
        frames.feedbackCame(1, presented(1.010))
        XCTAssertEqual(frames.nextFeedbackDeadline, 1.004 + FramesInFlight.feedbackPatience)
        frames.giveUpOnFeedback(at: 1.004 + FramesInFlight.feedbackPatience)
        XCTAssertEqual(frames.unansweredFeedback, 1)
        let record = try XCTUnwrap(frames.takeCompleted().first)
        XCTAssertNil(record.inputs.first?.presentationTime, "not known to be presented")
        XCTAssertEqual(record.inputs.first?.frameCallbackTime, 1.004)
    }

    func testNoRedrawIsRecordedForAFrameNotInFlight() {
        var frames = FramesInFlight()
        XCTAssertFalse(frames.addRedraw(of: 7, inputs: [], committedAt: 1, awaitsFeedback: true))
    }
}
