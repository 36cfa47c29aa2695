import Foundation
import Lamina
import LaminaTesting
import Wayland
import XCTest

/// `VirtualKeyboard` types into a window of the test's own process on a real headless sway:
/// its keys arrive while the main thread keeps handling the window's events.
@MainActor
final class VirtualKeyboardEndToEndTests: XCTestCase {
    func testTextAndNamedKeysTypedFromTheAppsOwnProcessReachItsWindow() async throws {
        let sway = try HeadlessCompositor.start(.sway)
        let application = try Application(socket: sway.socketPath)
        addTeardownBlock { @MainActor in
            application.close()
            sway.stop()
        }
        let window = try Window(application: application, title: "typing")
        var pressed: [String] = []
        window.onKeyEvent = { event in
            guard event.kind == .pressed else { return }
            let text = event.text.map { $0 == "\r" ? "CR" : $0 } ?? "-"
            pressed.append("\(event.keysymName) \(text) \(event.modifiers.contains(.shift) ? "shift" : "")")
        }
        // Creating the keyboard gives the seat its keyboard: the window binds it and sway
        // gives the focused window the keyboard focus, all handled by the main thread.
        let keyboard = try VirtualKeyboard(compositor: sway)
        try await waitFor("the window has the keyboard focus") { window.isKeyWindow }
        try keyboard.type("aB1!")
        try keyboard.press("Return")
        try keyboard.press("BackSpace")
        try await waitFor("six key presses arrived") { pressed.count >= 6 }
        XCTAssertEqual(pressed, [
            "a a ", "B B shift", "1 1 ", "exclam ! shift", "Return CR ", "BackSpace \u{8} ",
        ])
        XCTAssertThrowsError(try keyboard.type("日"), "not on the us layout") { error in
            XCTAssertTrue("\(error)".contains("not on the us layout"), "\(error)")
        }
        XCTAssertThrowsError(try keyboard.press("NoSuchKeysym"))
    }

    func testTypedTextReachesTheFocusedTextLayerOnSway() async throws {
        // sway offers zwp_text_input_v3 too: the window enables it for the field; with no
        // input method running, the keys come as keys and are the field's text.
        let sway = try HeadlessCompositor.start(.sway)
        let application = try Application(socket: sway.socketPath)
        addTeardownBlock { @MainActor in
            application.close()
            sway.stop()
        }
        var fatalErrors: [LaminaError] = []
        application.onFatalError = { fatalErrors.append($0) }
        let window = try Window(application: application, title: "field")
        let field = TypedField()
        field.frame = CGRect(x: 20, y: 20, width: 200, height: 30)
        window.rootLayer.addSublayer(field)
        window.focusedLayer = field
        let keyboard = try VirtualKeyboard(compositor: sway)
        try await waitFor("the window has the keyboard focus") { window.isKeyWindow }
        try keyboard.type("Hi there!")
        try keyboard.press("BackSpace")
        try keyboard.press("a", modifiers: ScriptedCompositor.ModifierMask.control)  // a shortcut, not text
        try await waitFor("the field has the text") { field.text == "Hi there" && field.calls.count >= 10 }
        try await Task.sleep(nanoseconds: 100_000_000)
        XCTAssertEqual(field.text, "Hi there")
        XCTAssertEqual(field.calls.last, "deleteBackward")
        XCTAssertEqual(fatalErrors.count, 0, "\(fatalErrors)")
    }

    func testAnUnknownLayoutIsAClearError() async throws {
        XCTAssertThrowsError(try VirtualKeyboard(socket: "/nonexistent/wayland-0", layout: "no-such-layout")) { error in
            XCTAssertTrue("\(error)".contains("cannot compile the keyboard layout no-such-layout"), "\(error)")
        }
    }

    func testACompositorWithoutVirtualKeyboardsIsAClearError() async throws {
        let weston = try HeadlessCompositor.start(.weston)
        defer { weston.stop() }
        XCTAssertThrowsError(try VirtualKeyboard(compositor: weston)) { error in
            XCTAssertTrue("\(error)".contains("does not offer zwp_virtual_keyboard_manager_v1"), "\(error)")
        }
    }
}

/// A layer that keeps the text typed into it.
@MainActor
private final class TypedField: CALayer, TextInputHandling {
    var text = ""
    var calls: [String] = []

    func insertText(_ text: String) {
        calls.append("insert \(text)")
        self.text += text
    }

    func deleteBackward() {
        calls.append("deleteBackward")
        if !text.isEmpty { text.removeLast() }
    }

    func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        calls.append("mark \(markedText ?? "nil")")
    }

    func unmarkText() {
        calls.append("unmark")
    }
}
