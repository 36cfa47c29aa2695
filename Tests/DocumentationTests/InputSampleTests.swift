import Foundation
import Lamina
import LaminaTesting
import XCTest

/// The input article's button layer does what the article says, in a window on a scripted
/// compositor.
@MainActor
final class InputSampleTests: XCTestCase {
    func testTheButtonLayerHoversAndFiresOnRelease() async throws {
        let compositor = try ScriptedCompositor()
        defer { compositor.stop() }
        let app = try Application(socket: compositor.socketPath)
        defer { app.close() }
        let window = try Window(application: app, title: "button", preferredSize: CGSize(width: 200, height: 100))
        let button = ButtonLayer()
        button.frame = CGRect(x: 20, y: 20, width: 80, height: 40)
        var presses = 0
        button.onPress = { presses += 1 }
        window.rootLayer.addSublayer(button)
        let drawn = await compositor.waitUntil { $0.frames.count >= 1 }
        XCTAssertTrue(drawn)
        XCTAssertEqual(window.cursor(for: button), .pointingHand)

        compositor.pointerEnter(x: 50, y: 30)
        _ = await compositor.roundtrip()
        XCTAssertEqual(button.opacity, 0.8, "hovered")
        compositor.pointerButton(pressed: true)
        compositor.pointerMove(x: 150, y: 80)     // captured: the release still goes to the button
        compositor.pointerButton(pressed: false)
        _ = await compositor.roundtrip()
        XCTAssertEqual(presses, 1)
        compositor.pointerLeave()
        _ = await compositor.roundtrip()
        XCTAssertEqual(button.opacity, 1, "no longer hovered")
    }
}
