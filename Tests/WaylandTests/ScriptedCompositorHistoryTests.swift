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
}
