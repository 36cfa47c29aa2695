import XCTest

@testable import LaminaTesting

/// With a history limit the scripted compositor's state keeps only the newest commits and
/// requests, so a long run does not grow.
final class ScriptedCompositorHistoryTests: XCTestCase {
    func testOnlyTheNewestRequestsAreKeptOnceTwiceTheLimitIsPassed() {
        var state = ScriptedCompositor.State()
        state.requests = (0..<6).map { "wl_surface.r\($0)" }
        state.trimHistory(keeping: 3)
        XCTAssertEqual(state.requests.count, 6, "up to twice the limit is kept")
        state.requests.append("wl_surface.r6")
        state.trimHistory(keeping: 3)
        XCTAssertEqual(state.requests, ["wl_surface.r4", "wl_surface.r5", "wl_surface.r6"], "the newest three")
        XCTAssertEqual(state.count(of: "wl_surface.r5"), 1)
        XCTAssertEqual(state.count(of: "wl_surface.r0"), 0, "dropped")
        state.trimHistory(keeping: -1)
        XCTAssertEqual(state.requests, [], "a negative limit keeps nothing")
    }

    func testEveryListOfWhatHappenedIsTrimmedAndWhatIsCurrentIsKept() {
        var state = ScriptedCompositor.State()
        state.pongs = Array(1...7)
        state.acknowledgedConfigures = Array(1...7)
        state.cursorRequests = (1...7).map { $0 % 2 == 0 }
        state.titles = (1...7).map { "t\($0)" }
        state.unacknowledgedConfigures = Array(1...7)
        state.violations = (1...7).map { "v\($0)" }
        state.trimHistory(keeping: 3)
        XCTAssertEqual(state.pongs, [5, 6, 7], "a roundtrip waits for its own, newest pong")
        XCTAssertEqual(state.acknowledgedConfigures, [5, 6, 7])
        XCTAssertEqual(state.cursorRequests, [false, true, false])
        XCTAssertEqual(state.titles, ["t5", "t6", "t7"])
        XCTAssertEqual(state.unacknowledgedConfigures, Array(1...7), "configures still to be acknowledged are current")
        XCTAssertEqual(state.violations.count, 7, "every violation is kept: a test reports them all")
    }
}
