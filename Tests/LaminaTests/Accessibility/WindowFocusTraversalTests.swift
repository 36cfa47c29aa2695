import Foundation
import Lamina
import LaminaTesting
import XCTest

/// A layer that consumes the key events it is offered, or not.
@MainActor
private final class TabTakingLayer: CALayer, KeyEventHandling {
    var takesKeys = false

    func handleKeyEvent(_ event: KeyEvent) -> Bool { takesKeys }
}

/// Tab and Shift-Tab from the compositor's keyboard that no layer consumes move the window's
/// focused layer among its focusable accessibility elements, in reading order.
@MainActor
final class WindowFocusTraversalTests: XCTestCase {
    /// `KEY_TAB` in linux/input-event-codes.h.
    private let tabKey: UInt32 = 15

    func testTabAndShiftTabMoveTheFocusInReadingOrderUnlessALayerConsumesThem() async throws {
        var configuration = ScriptedCompositor.Configuration()
        configuration.offersKeyboard = true
        let scripted = try await ScriptedWindow(test: self, configuration: configuration)
        let window = scripted.window
        let holder = TabTakingLayer()
        holder.frame = window.rootLayer.bounds
        window.rootLayer.addSublayer(holder)
        var buttons: [CALayer] = []
        for (index, name) in ["One", "Two", "Three"].enumerated() {
            let button = CALayer()
            button.frame = CGRect(x: 10 + 60 * CGFloat(index), y: 10, width: 50, height: 30)
            button.isAccessibilityElement = true
            button.accessibilityLabel = name
            button.accessibilityTraits = .button
            holder.addSublayer(button)
            buttons.append(button)
        }
        var presses = 0
        window.onKeyEvent = { if $0.kind == .pressed { presses += 1 } }
        _ = await scripted.compositor.roundtrip()
        scripted.compositor.keyboardEnter()
        func press(shift: Bool = false) async {
            let before = presses
            scripted.compositor.keyModifiers(depressed: shift ? ScriptedCompositor.ModifierMask.shift : 0)
            scripted.compositor.type(tabKey)
            await waitUntil("the Tab press arrived") { presses > before }
        }
        func focusedName() -> String? { window.focusedLayer.accessibilityLabel }

        XCTAssertTrue(window.focusedLayer === window.rootLayer)
        await press()
        XCTAssertEqual(focusedName(), "One", "from the root, Tab goes to the first")
        await press()
        XCTAssertEqual(focusedName(), "Two")
        await press()
        await press()
        XCTAssertEqual(focusedName(), "One", "wraps round after the last")
        await press(shift: true)
        XCTAssertEqual(focusedName(), "Three", "Shift-Tab goes back, wrapping round")
        buttons[1].accessibilityTraits = [.button, .notEnabled]
        await press(shift: true)
        await press(shift: true)
        XCTAssertEqual(focusedName(), "Three", "a disabled element is skipped: Three, One, Three")
        holder.takesKeys = true
        await press()
        XCTAssertEqual(focusedName(), "Three", "a layer that consumes Tab keeps it")
    }
}
