import Foundation
import Lamina
import LaminaTesting
import Wayland
import XCTest

/// Close requests and a compositor that fails: the window and application report, the
/// process goes on.
@MainActor
final class WindowLifecycleTests: XCTestCase {
    func testACloseRequestCallsOnCloseAndTheWindowStays() async throws {
        let scripted = try await ScriptedWindow(test: self)
        var closes = 0
        scripted.window.onClose = { closes += 1 }
        scripted.compositor.close()
        await waitUntil("onClose was called") { closes == 1 }
        let answered = await scripted.compositor.roundtrip()
        XCTAssertTrue(answered, "the application still runs and answers")
        XCTAssertEqual(closes, 1)
        XCTAssertEqual(scripted.fatalErrors, [])
    }

    func testAProtocolErrorReachesOnFatalErrorNamingTheObject() async throws {
        let scripted = try await ScriptedWindow(test: self)
        scripted.compositor.postProtocolError(on: "xdg_wm_base", code: 2, message: "scripted failure")
        await waitUntil("the application reported the error") { !scripted.fatalErrors.isEmpty }
        guard case .protocolError(let interface, _, let code) = scripted.fatalErrors.first else {
            return XCTFail("expected a protocol error, got \(scripted.fatalErrors)")
        }
        XCTAssertEqual(interface, "xdg_wm_base")
        XCTAssertEqual(code, 2)
        XCTAssertEqual(scripted.fatalErrors.count, 1, "reported once")
    }

    func testADisconnectWhileAFrameIsPendingReportsTheLostConnection() async throws {
        let scripted = try await ScriptedWindow(test: self)
        XCTAssertTrue(scripted.window.isFramePending, "mid-frame: the first frame's callback is outstanding")
        scripted.compositor.disconnectClients()
        await waitUntil("the application reported the lost connection") { !scripted.fatalErrors.isEmpty }
        guard case .connectionLost = scripted.fatalErrors.first else {
            return XCTFail("expected connectionLost, got \(scripted.fatalErrors)")
        }
        // Drawing after the loss does not crash or report again.
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        scripted.window.rootLayer.addSublayer(layer)
        CATransaction.flush()
        XCTAssertEqual(scripted.fatalErrors.count, 1)
    }

    func testAClosedApplicationDoesNotReportItsConnectionBroken() async throws {
        let scripted = try await ScriptedWindow(test: self)
        // A request whose flush waits for the next turn of the main queue…
        scripted.window.title = "renamed"
        // …which finds the connection gone, after the application let go of it.
        scripted.application.close()
        scripted.compositor.stop()
        for _ in 0..<3 {
            await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
                DispatchQueue.main.async { resumed.resume() }
            }
        }
        XCTAssertEqual(scripted.fatalErrors.count, 0, "nothing is reported for a closed application: \(scripted.fatalErrors)")
    }
}
