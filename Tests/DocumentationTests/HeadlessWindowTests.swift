import Foundation
import Lamina
import LaminaTesting
import XCTest

// The sample of the "Testing your windows headless" article: a real test, run with the
// others. ArticleSampleTests checks that the article's ```swift blocks appear here verbatim.

final class CardWindowTests: XCTestCase {
    @MainActor
    func testCardIsDrawnAndPressed() async throws {
        let compositor = try ScriptedCompositor()          // in this process, on its own thread
        defer { compositor.stop() }
        let app = try Application(socket: compositor.socketPath)
        defer { app.close() }
        let window = try Window(application: app, title: "test", preferredSize: CGSize(width: 200, height: 100))

        let card = CALayer()
        card.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        card.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        window.rootLayer.addSublayer(card)

        // Every commit is recorded with a copy of its pixels.
        let drawn = await compositor.waitUntil { state in
            state.frames.last?.image?.pixel(x: 50, y: 50) == CGImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255)
        }
        XCTAssertTrue(drawn, "the card was drawn")
        XCTAssertEqual(compositor.state.frames.last?.bufferSize?.width, 200)

        // Input is scripted too: the press reaches the layer under the pointer.
        var pressed: CALayer?
        window.onPointerEvent = { event in
            if case .pressed = event.kind { pressed = event.layer }
        }
        compositor.pointerEnter(x: 50, y: 50)
        compositor.pointerButton(pressed: true)
        _ = await compositor.roundtrip()
        XCTAssertTrue(pressed === card)
    }
}
