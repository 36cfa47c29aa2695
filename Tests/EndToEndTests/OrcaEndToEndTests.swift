import Foundation
import LaminaTesting
import XCTest

/// Orca itself (Debian's `orca`) reading `window-demo` on headless sway: the labels Lamina
/// publishes are what Orca would speak as the keyboard focus moves. See ``OrcaScreenReader``
/// for how it runs without audio or a desktop.
final class OrcaEndToEndTests: XCTestCase {
    func testOrcaSpeaksTheWindowTitleThenEachElementTabMovesTheFocusTo() throws {
        let sway = try HeadlessCompositor.start(.sway)
        defer { sway.stop() }
        let (bus, demo) = try AccessibilityBus.startDemo(on: sway, shownAt: "1280x720")
        defer { demo.terminate(); bus.stop() }
        // The seat gets its keyboard now; the demo's window takes the keyboard focus.
        let keyboard = try VirtualKeyboard(compositor: sway)
        XCTAssertEqual(try ATSPIClient(bus: bus).run(["active", "window-demo"])["name"] as? String, "Lamina demo")
        let orca = try OrcaScreenReader(compositor: sway, bus: bus)
        defer { orca.stop() }
        // Orca starts by finding the active window and reading its name and role (the
        // window's title; AT-SPI's frame).
        var expected = ["Screen reader on.", "Lamina demo frame."]
        XCTAssertTrue(wait(timeout: 20) { orca.spoken.starts(with: expected) }, "Orca spoke \(orca.spoken)")
        // Tab to the first card, Tab to the second, Shift-Tab back to the first: for each,
        // Orca reads the label and role, then the hint (the card's accessibilityLabel, its
        // .button trait, its accessibilityHint).
        for (shift, label) in [(false, "Coral card"), (false, "Amber card"), (true, "Coral card")] {
            try keyboard.press("Tab", modifiers: shift ? ScriptedCompositor.ModifierMask.shift : 0)
            expected += ["\(label) push button.", "Counts its activations."]
            XCTAssertTrue(
                wait(timeout: 20) { orca.spoken.starts(with: expected) },
                "Orca speaks \(label) after \(shift ? "Shift-Tab" : "Tab"); it spoke \(orca.spoken)")
        }
        XCTAssertEqual(orca.spoken, expected, "nothing more")
        XCTAssertTrue(demo.isRunning, "stderr \(demo.errors.suffix(5))")
    }
}
