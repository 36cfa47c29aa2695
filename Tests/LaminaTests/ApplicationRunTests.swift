import Foundation
import Lamina
import LaminaTesting
import TestSupport
import XCTest

/// `run()` lasts until the application closes, and a broken connection ends it with the
/// error — reported to the app, which decides; the library never ends the process.
@MainActor
final class ApplicationRunTests: XCTestCase {
    func testALostConnectionEndsRunWithTheErrorAfterTheHandlerHeardItAndTheProcessGoesOn() async throws {
        let scripted = try await ScriptedWindow(test: self)
        let running = RunningApplication(scripted.application)
        _ = await scripted.compositor.roundtrip()
        XCTAssertNil(running.outcome, "it runs while the connection works")
        scripted.compositor.disconnectClients()
        await waitUntil("run() ended") { running.outcome != nil }
        guard case .failure(.connectionLost) = running.outcome else {
            return XCTFail("expected connectionLost, got \(String(describing: running.outcome))")
        }
        XCTAssertEqual(scripted.fatalErrors.count, 1, "the handler heard it once")
        // The application closed: a later run() ends at once, with the same error.
        do {
            try await scripted.application.run()
            XCTFail("a failed application's run() throws")
        } catch {
            XCTAssertEqual(error, scripted.fatalErrors.first)
        }
    }

    func testAProtocolErrorEndsRunWithIt() async throws {
        let scripted = try await ScriptedWindow(test: self)
        let running = RunningApplication(scripted.application)
        scripted.compositor.postProtocolError(on: "xdg_wm_base", code: 2, message: "scripted failure")
        await waitUntil("run() ended") { running.outcome != nil }
        guard case .failure(.protocolError(let interface, _, let code)) = running.outcome else {
            return XCTFail("expected a protocol error, got \(String(describing: running.outcome))")
        }
        XCTAssertEqual(interface, "xdg_wm_base")
        XCTAssertEqual(code, 2)
    }

    func testClosingTheApplicationEndsRunNormally() async throws {
        let scripted = try await ScriptedWindow(test: self)
        let running = RunningApplication(scripted.application)
        _ = await scripted.compositor.roundtrip()
        XCTAssertNil(running.outcome)
        scripted.application.close()
        await waitUntil("run() ended") { running.outcome != nil }
        guard case .success = running.outcome else { return XCTFail("got \(String(describing: running.outcome))") }
        XCTAssertEqual(scripted.fatalErrors, [])
    }

    func testTheDefaultFatalErrorHandlerPrintsTheErrorAndReturns() async throws {
        let compositor = try ScriptedCompositor()
        defer { compositor.stop() }
        let application = try Application(socket: compositor.socketPath)
        defer { application.close() }
        let report = application.onFatalError
        // Were the handler to exit, the test process would end here.
        let lines = standardErrorLines { report(.connectionLost("the compositor went away")) }
        XCTAssertEqual(lines, ["lamina: the compositor went away"])
    }
}
