import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import XCTest

/// A window's title, application ID, size limits and states reach the compositor as
/// `xdg_toplevel` requests while it is open; closing it unmaps it and keeps the process.
@MainActor
final class WindowManagementTests: XCTestCase {
    func testTitleAppIDAndSizeLimitsAreSentWhenTheyChange() async throws {
        let scripted = try await ScriptedWindow(test: self)
        scripted.window.title = "Second title"
        scripted.window.appID = "org.example.second"
        scripted.window.minimumSize = CGSize(width: 100.4, height: .nan)
        scripted.window.maximumSize = CGSize(width: 1e9, height: 300)
        scripted.window.setMaximized(true)
        let arrived = await scripted.compositor.waitUntil { state in
            state.requests.contains("xdg_toplevel.set_maximized")
        }
        XCTAssertTrue(arrived)
        let state = scripted.compositor.state
        XCTAssertEqual(state.titles.last, "Second title")
        XCTAssertEqual(state.appIDs.last, "org.example.second")
        // Whole points; NaN is no limit (0), a huge side is clamped to 16384.
        XCTAssertEqual(state.minimumSizes.last?.width, 100)
        XCTAssertEqual(state.minimumSizes.last?.height, 0)
        XCTAssertEqual(state.maximumSizes.last?.width, 16_384)
        XCTAssertEqual(state.maximumSizes.last?.height, 300)
        XCTAssertEqual(scripted.window.title, "Second title")
    }

    func testCloseUnmapsTheWindowAndAClosedWindowSendsNothingMore() async throws {
        let scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame()
        var asked = 0
        scripted.window.onClose = { asked += 1 }
        scripted.window.close()
        let unmapped = await scripted.compositor.waitUntil { state in
            state.commits.last.map { !$0.attachedBuffer || $0.bufferSize == nil } ?? false
        }
        XCTAssertTrue(unmapped, "a null buffer was committed")
        XCTAssertTrue(scripted.window.isClosed)
        XCTAssertEqual(asked, 0, "onClose reports the compositor's request, not close()")
        let titles = scripted.compositor.state.titles.count
        scripted.window.title = "ignored"
        _ = await scripted.compositor.roundtrip()
        XCTAssertEqual(scripted.compositor.state.titles.count, titles, "a closed window sends no title")
    }
}
