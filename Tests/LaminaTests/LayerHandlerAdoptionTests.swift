import Foundation
import Lamina
import LaminaTesting
import XCTest

/// A layer subclass that adopts every handler protocol in its own declaration — no
/// `@MainActor`, no extension — and whose `layoutSublayers()` override reads its stored
/// properties and its sublayers. This file compiles only while adopting a handler protocol
/// leaves the class's other members nonisolated.
final class DeckLayer: CALayer, PointerEventHandling, KeyEventHandling, CursorProviding, TouchEventHandling,
    GestureEventHandling, TextInputHandling
{
    var cardHeight: CGFloat = 20
    var pointerEvents: [PointerEvent.Kind] = []
    var text = ""

    override func layoutSublayers() {
        super.layoutSublayers()
        for (index, card) in (sublayers ?? []).enumerated() {
            card.frame = CGRect(x: 0, y: CGFloat(index) * cardHeight, width: bounds.width, height: cardHeight)
        }
    }

    func handlePointerEvent(_ event: PointerEvent) -> Bool {
        if event.kind != .hoverEntered, event.kind != .hoverExited { pointerEvents.append(event.kind) }
        return true
    }

    func handleKeyEvent(_ event: KeyEvent) -> Bool { false }
    var cursor: Cursor? { .pointingHand }
    func handleTouchEvent(_ event: TouchEvent) -> Bool { false }
    func handleGestureEvent(_ event: GestureEvent) -> Bool { false }
    func insertText(_ text: String) { self.text += text }
    func deleteBackward() { _ = text.popLast() }
    func setMarkedText(_ markedText: String?, selectedRange: NSRange) {}
    func unmarkText() {}
}

/// Lays a deck out where no actor isolates it (what a layout pass off the main thread does).
private func layOutDeckOffTheMainActor() -> [CGRect] {
    let deck = DeckLayer()
    deck.cardHeight = 30
    deck.bounds = CGRect(x: 0, y: 0, width: 100, height: 90)
    for _ in 0..<3 { deck.addSublayer(CALayer()) }
    deck.layoutIfNeeded()
    return (deck.sublayers ?? []).map(\.frame)
}

/// A layer subclass adopts the handler protocols without its other members changing
/// isolation, and still receives what the window routes to it.
@MainActor
final class LayerHandlerAdoptionTests: XCTestCase {
    func testAnAdoptingLayerLaysOutItsSublayersOffTheMainActor() async throws {
        let frames = await Task.detached { layOutDeckOffTheMainActor() }.value
        XCTAssertEqual(
            frames,
            [
                CGRect(x: 0, y: 0, width: 100, height: 30), CGRect(x: 0, y: 30, width: 100, height: 30),
                CGRect(x: 0, y: 60, width: 100, height: 30),
            ])
    }

    func testAnAdoptingLayerStillReceivesPointerEventsAndNamesItsCursor() async throws {
        let scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame()
        let deck = DeckLayer()
        deck.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
        scripted.window.rootLayer.addSublayer(deck)
        await scripted.waitForFrames(2)
        scripted.compositor.pointerEnter(x: 50, y: 50)
        scripted.compositor.pointerButton(0x110, pressed: true)
        await waitUntil("the deck heard the press") { deck.pointerEvents.count == 2 }
        XCTAssertEqual(deck.pointerEvents, [.entered, .pressed(button: 0x110)])
        XCTAssertEqual(scripted.window.cursor(for: deck), .pointingHand)
    }
}
