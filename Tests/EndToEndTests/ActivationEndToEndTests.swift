import Foundation
import Lamina
import LaminaTesting
import Wayland
import XCTest

/// `xdg_activation_v1` against real compositors that offer it: a window gets a token from
/// the compositor and presents it, and the connection stays healthy.
@MainActor
final class ActivationEndToEndTests: XCTestCase {
    func testOnKWinAWindowGetsAnActivationTokenAndPresentsIt() async throws {
        try await checkActivation(on: .kwin)
    }

    func testOnSwayAWindowGetsAnActivationTokenAndPresentsIt() async throws {
        try await checkActivation(on: .sway)
    }

    private func checkActivation(on kind: HeadlessCompositor.Kind) async throws {
        let compositor = try HeadlessCompositor.start(kind)
        let application = try Application(socket: compositor.socketPath)
        addTeardownBlock { @MainActor in
            application.close()
            compositor.stop()
        }
        var fatalErrors: [LaminaError] = []
        application.onFatalError = { fatalErrors.append($0) }
        let window = try Window(application: application, title: "activation", preferredSize: CGSize(width: 300, height: 200))
        try await window.settled(timeout: 10)  // the window is shown
        var tokens: [String] = []
        XCTAssertTrue(window.requestActivationToken { tokens.append($0) }, "\(kind.rawValue) offers xdg_activation_v1")
        try await waitFor("the compositor sent a token") { !tokens.isEmpty }
        XCTAssertFalse(tokens[0].isEmpty)
        XCTAssertTrue(window.requestActivation(token: tokens[0]))
        XCTAssertTrue(window.requestActivation())
        // A roundtrip on a connection of its own after the requests were flushed: the
        // compositor is alive and did not end the window's connection with an error.
        try await Task.sleep(nanoseconds: 50_000_000)
        let probe = try WaylandConnection(name: compositor.socketPath)
        try probe.roundtrip()
        XCTAssertTrue(compositor.isRunning)
        XCTAssertEqual(fatalErrors.count, 0, "\(fatalErrors)")
    }
}
