import Foundation
import Lamina
import LaminaTesting
import XCTest

/// What an app catches from Lamina's public API is a `LaminaError` whose case says what to do
/// and whose description says it in a sentence; no Wayland type reaches the app.
@MainActor
final class LaminaErrorTests: XCTestCase {
    func testNoCompositorAtTheSocketIsCannotConnectNamingTheSocketAndWhatToDo() async throws {
        let socket = "/nonexistent-dir/lamina-no-compositor"
        do {
            _ = try Application(socket: socket)
            XCTFail("there is no compositor at \(socket)")
        } catch {
            guard case .cannotConnect(let named, let reason) = error else { return XCTFail("got \(error)") }
            XCTAssertEqual(named, socket)
            XCTAssertTrue(reason.contains(socket), reason)
            XCTAssertTrue(reason.contains("WAYLAND_DISPLAY"), "it says how to name a compositor: \(reason)")
            XCTAssertEqual(error.description, reason)
        }
    }

    func testAnImpossiblePreferredSizeIsAnInvalidArgumentNamingTheLimits() async throws {
        let scripted = try await ScriptedWindow(test: self)
        do {
            _ = try Window(application: scripted.application, title: "x", preferredSize: CGSize(width: 0, height: 10))
            XCTFail("a window 0 points wide cannot be opened")
        } catch {
            XCTAssertEqual(
                error,
                .invalidArgument("a window's preferred size must be 1...16384 on each side, not CGSize(width: 0.0, height: 10.0)"))
        }
    }

    func testAProtocolErrorReachesTheAppAsLaminaErrorWithASentence() async throws {
        let scripted = try await ScriptedWindow(test: self)
        scripted.compositor.postProtocolError(on: "xdg_wm_base", code: 2, message: "scripted failure")
        await waitUntil("the application reported the error") { !scripted.fatalErrors.isEmpty }
        guard case .protocolError(let interface, let objectID, let code) = scripted.fatalErrors.first else {
            return XCTFail("expected a protocol error, got \(scripted.fatalErrors)")
        }
        XCTAssertEqual(interface, "xdg_wm_base")
        XCTAssertEqual(code, 2)
        XCTAssertEqual(
            scripted.fatalErrors.first?.description,
            "the compositor reported protocol error 2 on xdg_wm_base@\(objectID) and closed the connection")
    }

    func testPresentationReportsUseLaminasFrameTimingValues() async throws {
        let scripted = try await ScriptedWindow(test: self)
        var reports: [FrameTiming.Presentation] = []
        scripted.window.onPresentation = { reports.append($0) }
        await scripted.completeFrame(.discarded)
        await waitUntil("the report came") { !reports.isEmpty }
        XCTAssertEqual(reports, [.discarded])
    }
}
