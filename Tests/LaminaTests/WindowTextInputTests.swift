import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import XCTest

/// A text field as an app writes one: it keeps its text and marked text and records what it
/// was told, in order.
@MainActor
private final class TextField: CALayer, TextInputHandling {
    var text = ""
    var markedText = ""
    var selectedRange = NSRange(location: NSNotFound, length: 0)
    var calls: [String] = []
    var caret = CGRect(x: 30, y: 2, width: 2, height: 16)

    func insertText(_ text: String) {
        calls.append("insert \(text)")
        self.text += text
        markedText = ""
    }

    func deleteBackward() {
        calls.append("deleteBackward")
        if !text.isEmpty { text.removeLast() }
    }

    func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        calls.append("mark \(markedText ?? "nil") \(selectedRange.location == NSNotFound ? "hidden" : "\(selectedRange.location),\(selectedRange.length)")")
        self.markedText = markedText ?? ""
        self.selectedRange = selectedRange
    }

    func unmarkText() {
        calls.append("unmark")
        text += markedText
        markedText = ""
    }

    var caretRect: CGRect { caret }
}

/// Text input: typed keys and `zwp_text_input_v3` compositions reach the focused layer
/// that adopts `TextInputHandling`, and the input method is told where its caret is.
@MainActor
final class WindowTextInputTests: XCTestCase {
    private func window(offersTextInput: Bool = true) async throws -> (ScriptedWindow, TextField) {
        var configuration = ScriptedCompositor.Configuration()
        configuration.offersKeyboard = true
        configuration.desktopProtocols.offersTextInput = offersTextInput
        let scripted = try await ScriptedWindow(test: self, configuration: configuration)
        await scripted.completeFrame()
        let field = TextField()
        field.frame = CGRect(x: 40, y: 50, width: 200, height: 20)
        scripted.window.rootLayer.addSublayer(field)
        await scripted.waitForFrames(2)
        return (scripted, field)
    }

    /// A window whose focused text field has the text-input focus, enabled and committed once.
    private func enabledField() async throws -> (ScriptedWindow, TextField) {
        let (scripted, field) = try await window()
        scripted.window.focusedLayer = field
        scripted.compositor.textInputEnter()
        let enabled = await scripted.compositor.waitUntil { $0.desktop.textInputRequests.contains(.commit(1)) }
        XCTAssertTrue(enabled, "text input was enabled for the field")
        return (scripted, field)
    }

    func testFocusingATextLayerEnablesTextInputWithItsCaretInSurfaceCoordinates() async throws {
        let (scripted, field) = try await window()
        scripted.compositor.textInputEnter()
        _ = await scripted.compositor.roundtrip()
        XCTAssertEqual(scripted.compositor.state.desktop.textInputRequests, [], "the root layer edits no text")
        scripted.window.focusedLayer = field
        let sent = await scripted.compositor.waitUntil { $0.desktop.textInputRequests.count >= 4 }
        XCTAssertTrue(sent)
        XCTAssertEqual(scripted.compositor.state.desktop.textInputRequests, [
            .enable, .contentType(hint: 0, purpose: 0), .cursorRectangle(.init(x: 70, y: 52, width: 2, height: 16)), .commit(1),
        ])
        scripted.window.focusedLayer = scripted.window.rootLayer
        let disabled = await scripted.compositor.waitUntil { $0.desktop.textInputRequests.count >= 6 }
        XCTAssertTrue(disabled)
        XCTAssertEqual(scripted.compositor.state.desktop.textInputRequests.suffix(2), [.disable, .commit(2)])
        XCTAssertEqual(scripted.compositor.state.violations, [])
    }

    func testACompositionIsMarkedTextAndItsResultIsInserted() async throws {
        let (scripted, field) = try await enabledField()
        // "にほん" is 9 bytes of UTF-8, 3 UTF-16 units; the cursor at its end.
        scripted.compositor.textInputPreedit("にほん", cursorBegin: 9, cursorEnd: 9)
        scripted.compositor.textInputDone()
        scripted.compositor.textInputPreedit("日本", cursorBegin: 0, cursorEnd: 6)
        scripted.compositor.textInputDone()
        scripted.compositor.textInputPreedit(nil, cursorBegin: 0, cursorEnd: 0)
        scripted.compositor.textInputCommit("日本")
        scripted.compositor.textInputDone()
        _ = await scripted.compositor.roundtrip()
        XCTAssertEqual(field.calls, ["mark にほん 3,0", "mark 日本 0,2", "insert 日本"])
        XCTAssertEqual(field.text, "日本")
        XCTAssertEqual(field.markedText, "")
    }

    func testACancelledCompositionRemovesTheMarkedTextAndAHiddenCursorIsNotFound() async throws {
        let (scripted, field) = try await enabledField()
        scripted.compositor.textInputPreedit("ab", cursorBegin: -1, cursorEnd: -1)
        scripted.compositor.textInputDone()
        scripted.compositor.textInputDone()  // nothing pending: the composition is gone
        _ = await scripted.compositor.roundtrip()
        XCTAssertEqual(field.calls, ["mark ab hidden", "mark nil 0,0"])
        XCTAssertEqual(field.text, "")
    }

    func testCursorOffsetsFromTheCompositorAreClampedToCharacterBoundaries() async throws {
        let (scripted, field) = try await enabledField()
        // "é" is 2 bytes: 1 lands inside it (back to 0); 500 and -7 are out of range.
        scripted.compositor.textInputPreedit("éa", cursorBegin: 1, cursorEnd: 500)
        scripted.compositor.textInputDone()
        scripted.compositor.textInputPreedit("éa", cursorBegin: -7, cursorEnd: 2)
        scripted.compositor.textInputDone()
        _ = await scripted.compositor.roundtrip()
        XCTAssertEqual(field.calls, ["mark éa 0,2", "mark éa 0,1"])
    }

    func testLosingTheFocusKeepsOrDropsTheComposition() async throws {
        let (scripted, field) = try await enabledField()
        scripted.compositor.textInputPreedit("ka", cursorBegin: 2, cursorEnd: 2)
        scripted.compositor.textInputDone()
        _ = await scripted.compositor.roundtrip()
        // The app moves the focus: the layer keeps its composition as text.
        scripted.window.focusedLayer = scripted.window.rootLayer
        XCTAssertEqual(field.calls.last, "unmark")
        XCTAssertEqual(field.text, "ka")
        scripted.window.focusedLayer = field
        scripted.compositor.textInputPreedit("ki", cursorBegin: 2, cursorEnd: 2)
        scripted.compositor.textInputDone()
        _ = await scripted.compositor.roundtrip()
        // The compositor takes the focus away: the composition is dropped.
        scripted.compositor.textInputLeave()
        _ = await scripted.compositor.roundtrip()
        XCTAssertEqual(field.calls.suffix(2), ["mark ki 2,0", "mark nil 0,0"])
        XCTAssertEqual(field.text, "ka")
        let requests = scripted.compositor.state.desktop.textInputRequests
        XCTAssertEqual(requests.suffix(2), [.disable, .commit(4)], "disabled on leave")
    }

    func testADoneForAnOlderCommitIsAppliedButTheCaretWaitsForTheCurrentOne() async throws {
        let (scripted, field) = try await enabledField()
        field.caret = CGRect(x: 60, y: 2, width: 2, height: 16)
        scripted.compositor.textInputCommit("a")
        scripted.compositor.textInputDone(serial: 0)  // stale
        _ = await scripted.compositor.roundtrip()
        XCTAssertEqual(field.text, "a")
        XCTAssertEqual(scripted.compositor.state.desktop.textInputRequests.count, 4, "no new caret for a stale done")
        scripted.compositor.textInputCommit("b")
        scripted.compositor.textInputDone()
        let moved = await scripted.compositor.waitUntil { $0.desktop.textInputRequests.count >= 6 }
        XCTAssertTrue(moved)
        XCTAssertEqual(scripted.compositor.state.desktop.textInputRequests.suffix(2), [
            .cursorRectangle(.init(x: 100, y: 52, width: 2, height: 16)), .commit(2),
        ])
        XCTAssertEqual(field.text, "ab")
    }

    func testTypedKeysReachTheFocusedTextLayerWithoutAnInputMethod() async throws {
        let (scripted, field) = try await window(offersTextInput: false)
        scripted.window.focusedLayer = field
        scripted.compositor.keyboardEnter()
        scripted.compositor.type(ScriptedCompositor.KeyCode.a)
        scripted.compositor.keyModifiers(depressed: ScriptedCompositor.ModifierMask.shift)
        scripted.compositor.type(ScriptedCompositor.KeyCode.one)  // "!"
        scripted.compositor.keyModifiers(depressed: ScriptedCompositor.ModifierMask.control)
        scripted.compositor.type(ScriptedCompositor.KeyCode.a)  // a shortcut, not text
        scripted.compositor.keyModifiers()
        scripted.compositor.type(14)  // KEY_BACKSPACE
        scripted.compositor.type(ScriptedCompositor.KeyCode.enter)  // "\r": not text
        _ = await scripted.compositor.roundtrip()
        XCTAssertEqual(field.calls, ["insert a", "insert !", "deleteBackward"])
        XCTAssertEqual(field.text, "a")
        XCTAssertFalse(scripted.compositor.state.boundGlobals.contains("zwp_text_input_manager_v3"))
    }
}
