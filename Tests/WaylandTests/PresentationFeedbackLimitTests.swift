import Foundation
import LaminaTesting
import XCTest

@testable import Wayland

/// Feedback a compositor never answers is given up once too many wait, so a long run keeps a
/// bounded number of feedback objects; answered feedback still reaches its handler.
final class PresentationFeedbackLimitTests: XCTestCase {
    func testUnansweredFeedbackBeyondTheLimitIsGivenUpAndLaterFeedbackStillArrives() throws {
        let compositor = try ScriptedCompositor()
        defer { compositor.stop() }
        let connection = try WaylandConnection(name: compositor.socketPath)
        let globals = try WaylandGlobals(connection: connection)
        let toplevel = try ToplevelSurface(
            compositor: try globals.require(WlCompositor.self), shell: try XdgShell(globals: globals),
            title: "feedback", appID: "lamina.test", preferredSize: (64, 64))
        let timing = PresentationTiming(presentation: try XCTUnwrap(try globals.bind(WpPresentation.self)))
        XCTAssertTrue(try connection.dispatch(until: { toplevel.configuration != nil }, timeout: 10))

        let limit = PresentationTiming.maximumOutstanding
        var answers: [Int: PresentationResult] = [:]
        // Three times the limit, each committed and left unanswered (as sway 1.7 headless does).
        for frame in 0..<(3 * limit) {
            try timing.feedback(for: toplevel.surface) { answers[frame] = $0 }
            try toplevel.surface.commit()
            try connection.roundtrip()  // the compositor has the request before it completes the frame
            compositor.completeFrame(.unanswered)
            XCTAssertLessThanOrEqual(timing.outstandingCount, limit, "frame \(frame)")
        }
        try connection.roundtrip()
        XCTAssertEqual(timing.outstandingCount, limit, "the newest \(limit) still wait")
        XCTAssertEqual(answers.count, 0, "nothing was answered")

        // A frame the compositor answers reaches its handler as before.
        try timing.feedback(for: toplevel.surface) { answers[-1] = $0 }
        try toplevel.surface.commit()
        try connection.roundtrip()
        compositor.completeFrame(.discarded)
        XCTAssertTrue(try connection.dispatch(until: { answers[-1] != nil }, timeout: 10))
        XCTAssertEqual(answers[-1], .discarded)
        XCTAssertEqual(timing.outstandingCount, limit - 1, "the oldest was given up when it was asked for, and it is answered")
    }
}
