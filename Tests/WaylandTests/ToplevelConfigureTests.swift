import Foundation
import LaminaTesting
import XCTest

@testable import Wayland

/// A toplevel against sizes a compositor may send — zero, negative, huge — and close requests,
/// driven event by event by the scripted compositor.
final class ToplevelConfigureTests: XCTestCase {
    private var compositor: ScriptedCompositor!
    private var connection: WaylandConnection!
    private var toplevel: ToplevelSurface!
    private var diagnostics: [String] = []
    private var configurations: [ToplevelSurface.Configuration] = []

    override func setUpWithError() throws {
        var configuration = ScriptedCompositor.Configuration()
        configuration.firstConfigure = nil
        compositor = try ScriptedCompositor(configuration)
        connection = try WaylandConnection(name: compositor.socketPath)
        let globals = try WaylandGlobals(connection: connection)
        toplevel = try ToplevelSurface(
            compositor: try globals.require(WlCompositor.self), shell: try XdgShell(globals: globals),
            title: "configure", appID: "lamina.test", preferredSize: (320, 200))
        toplevel.onDiagnostic = { [unowned self] in diagnostics.append($0) }
        toplevel.onConfigure = { [unowned self] in configurations.append($0) }
        try connection.roundtrip()
    }

    override func tearDown() {
        toplevel = nil
        connection = nil
        compositor.stop()
    }

    private func configure(_ width: Int32, _ height: Int32, states: [ScriptedCompositor.ToplevelState] = [.activated]) throws -> ToplevelSurface.Configuration? {
        let before = configurations.count
        compositor.configure(width: width, height: height, states: states)
        XCTAssertTrue(try connection.dispatch(until: { self.configurations.count > before }, timeout: 10), "configure \(width)×\(height) arrived")
        return configurations.last
    }

    func testEveryConfigureIsAcknowledgedWithItsSerial() throws {
        _ = try configure(100, 80)
        _ = try configure(200, 90)
        try connection.roundtrip()
        let state = compositor.state
        XCTAssertEqual(state.acknowledgedConfigures.count, 2)
        XCTAssertEqual(state.unacknowledgedConfigures, [])
        XCTAssertEqual(state.titles, ["configure"])
        XCTAssertEqual(state.appIDs, ["lamina.test"])
    }

    func testAZeroSizeLeavesTheChoiceToTheClient() throws {
        let configuration = try XCTUnwrap(try configure(0, 0))
        XCTAssertEqual(configuration.width, 320)
        XCTAssertEqual(configuration.height, 200)
        XCTAssertFalse(configuration.isSizeFromCompositor)
        XCTAssertEqual(diagnostics, [], "0 is a legal size: no diagnostic")
    }

    func testAChosenSizeIsUsedAsGiven() throws {
        let configuration = try XCTUnwrap(try configure(640, 480, states: [.maximized, .activated]))
        XCTAssertEqual(configuration.width, 640)
        XCTAssertEqual(configuration.height, 480)
        XCTAssertTrue(configuration.isSizeFromCompositor)
        XCTAssertTrue(configuration.isActivated)
        let inactive = try XCTUnwrap(try configure(640, 480, states: []))
        XCTAssertFalse(inactive.isActivated)
    }

    func testANegativeSizeFallsBackToThePreferredSizeWithADiagnostic() throws {
        let configuration = try XCTUnwrap(try configure(-5, 300))
        XCTAssertEqual(configuration.width, 320)
        XCTAssertEqual(configuration.height, 300)
        XCTAssertEqual(diagnostics, ["the compositor sent a negative width (-5); using 320"])
    }

    func testAHugeSizeIsClampedWithADiagnostic() throws {
        let configuration = try XCTUnwrap(try configure(100_000, Int32.max))
        XCTAssertEqual(configuration.width, ShmBufferPool.maximumDimension)
        XCTAssertEqual(configuration.height, 16_384)
        XCTAssertEqual(diagnostics, [
            "the compositor sent a width of 100000; clamped to 16384",
            "the compositor sent a height of 2147483647; clamped to 16384",
        ])
    }

    func testCloseIsReported() throws {
        var closes = 0
        toplevel.onClose = { closes += 1 }
        compositor.close()
        XCTAssertTrue(try connection.dispatch(until: { closes == 1 }, timeout: 10))
    }

    func testAProtocolErrorSurfacesAsAnErrorNamingTheObject() throws {
        compositor.postProtocolError(on: "xdg_wm_base", code: 3, message: "scripted")
        XCTAssertThrowsError(try connection.roundtrip()) { error in
            guard case .protocolError(let interface, let objectID, let code) = error as? WaylandError else {
                return XCTFail("expected a protocol error, got \(error)")
            }
            XCTAssertEqual(interface, "xdg_wm_base")
            XCTAssertGreaterThan(objectID, 1)
            XCTAssertEqual(code, 3)
        }
    }

    func testADisconnectSurfacesAsConnectionLost() throws {
        compositor.disconnectClients()
        XCTAssertThrowsError(try connection.roundtrip()) { error in
            guard case .connectionLost = error as? WaylandError else { return XCTFail("expected connectionLost, got \(error)") }
        }
    }
}
