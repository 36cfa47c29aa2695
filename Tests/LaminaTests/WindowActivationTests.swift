import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import XCTest

/// `Window.requestActivation()` and activation tokens through `xdg_activation_v1`, used
/// only where the compositor offers it.
@MainActor
final class WindowActivationTests: XCTestCase {
    private func window(offersActivation: Bool = true) async throws -> ScriptedWindow {
        var configuration = ScriptedCompositor.Configuration()
        configuration.desktopProtocols.offersActivation = offersActivation
        let scripted = try await ScriptedWindow(test: self, configuration: configuration)
        await scripted.completeFrame()
        return scripted
    }

    /// The protocol ID of the window's surface: the one its frames are committed on.
    private func surfaceID(_ scripted: ScriptedWindow) throws -> UInt32 {
        try XCTUnwrap(scripted.compositor.state.frames.first?.surfaceID)
    }

    func testActivationWithoutATokenAsksForOneNamingTheLatestPressThenPresentsIt() async throws {
        let scripted = try await window()
        scripted.compositor.pointerEnter(x: 10, y: 10)
        let press = scripted.compositor.pointerButton(pressed: true)
        scripted.compositor.pointerButton(pressed: false)
        _ = await scripted.compositor.roundtrip()
        XCTAssertTrue(scripted.window.requestActivation())
        let activated = await scripted.compositor.waitUntil { !$0.desktop.activations.isEmpty }
        XCTAssertTrue(activated, "the window presented its token")
        let state = scripted.compositor.state
        let request = try XCTUnwrap(state.desktop.activationTokenRequests.first)
        XCTAssertEqual(state.desktop.activationTokenRequests.count, 1)
        XCTAssertEqual(request.serial, press, "the press that led to it")
        XCTAssertEqual(request.appID, "org.lamina.app")
        XCTAssertEqual(request.surfaceID, try surfaceID(scripted))
        XCTAssertEqual(state.desktop.activations, [.init(token: request.token, surfaceID: try surfaceID(scripted))])
        XCTAssertEqual(state.violations, [])
    }

    func testAGivenTokenIsPresentedAsItIs() async throws {
        let scripted = try await window()
        XCTAssertTrue(scripted.window.requestActivation(token: "token-from-the-launcher"))
        let activated = await scripted.compositor.waitUntil { !$0.desktop.activations.isEmpty }
        XCTAssertTrue(activated)
        XCTAssertEqual(scripted.compositor.state.desktop.activations, [.init(token: "token-from-the-launcher", surfaceID: try surfaceID(scripted))])
        XCTAssertEqual(scripted.compositor.state.desktop.activationTokenRequests, [], "no token of its own")
    }

    func testATokenForAnotherApplicationIsHandedToTheCompletion() async throws {
        let scripted = try await window()
        var tokens: [String] = []
        XCTAssertTrue(scripted.window.requestActivationToken { tokens.append($0) })
        await waitUntil("the token arrived") { !tokens.isEmpty }
        let request = try XCTUnwrap(scripted.compositor.state.desktop.activationTokenRequests.first)
        XCTAssertEqual(tokens, [request.token])
        XCTAssertNil(request.serial, "no press yet")
        XCTAssertEqual(scripted.compositor.state.desktop.activations, [], "not presented by the window itself")
    }

    func testWithoutTheProtocolNothingIsSentAndFalseIsReturned() async throws {
        let scripted = try await window(offersActivation: false)
        XCTAssertFalse(scripted.window.requestActivation())
        XCTAssertFalse(scripted.window.requestActivationToken { _ in XCTFail("no token without the protocol") })
        _ = await scripted.framesAfterRoundtrip()
        XCTAssertFalse(scripted.compositor.state.requests.contains { $0.hasPrefix("xdg_activation") })
    }

    func testAClosedWindowAsksForNothing() async throws {
        let scripted = try await window()
        scripted.window.close()
        XCTAssertFalse(scripted.window.requestActivation(token: "late"))
        _ = await scripted.compositor.roundtrip()
        XCTAssertEqual(scripted.compositor.state.desktop.activations, [])
    }
}
