import Foundation
import Lamina
import LaminaTesting
import XCTest

/// A layer that records the key events it is offered and consumes them or not.
@MainActor
private final class KeyRecordingLayer: CALayer, KeyEventHandling {
    var received: [String] = []
    var consumes = false

    func handleKeyEvent(_ event: KeyEvent) -> Bool {
        received.append(event.keysymName)
        return consumes
    }
}

/// Keys from the compositor's `wl_keyboard`, translated through xkbcommon, reach
/// `Window.onKeyEvent` and the focused layer's chain; hostile keymaps are reported, not fatal.
@MainActor
final class WindowKeyboardTests: XCTestCase {
    private var scripted: ScriptedWindow!
    private var events: [KeyEvent] = []
    private var inputErrors: [InputError] = []

    private func open(keymap: ScriptedCompositor.Keymap = .layout("us"), repeat keyRepeat: (Int32, Int32)? = (25, 600)) async throws {
        var configuration = ScriptedCompositor.Configuration()
        configuration.offersKeyboard = true
        configuration.keymap = keymap
        configuration.keyRepeat = keyRepeat
        scripted = try await ScriptedWindow(test: self, configuration: configuration)
        scripted.application.onInputError = { [unowned self] in inputErrors.append($0) }
        scripted.window.onKeyEvent = { [unowned self] in events.append($0) }
        _ = await scripted.compositor.roundtrip()
    }

    private func waitForEvents(_ count: Int, file: StaticString = #filePath, line: UInt = #line) async {
        await waitUntil("\(count) key events arrived (have \(events.map(\.keysymName)))", file: file, line: line) { self.events.count >= count }
    }

    private func waitForInputError(file: StaticString = #filePath, line: UInt = #line) async -> InputError.KeymapFailure? {
        await waitUntil("an input error was reported", file: file, line: line) { !self.inputErrors.isEmpty }
        guard case .keymap(let error, _) = inputErrors.first else { return nil }
        return error
    }

    /// Descriptors of this process that are keymap files the scripted compositor sent.
    private func openKeymapFiles() -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.filter {
            ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) ?? "").contains("scripted-keymap")
        }.count
    }

    // MARK: - Keymap and text

    func testAKeyPressAndReleaseArriveWithKeysymNameAndText() async throws {
        try await open()
        scripted.compositor.keyboardEnter()
        scripted.compositor.type(ScriptedCompositor.KeyCode.a)
        scripted.compositor.type(ScriptedCompositor.KeyCode.enter)
        await waitForEvents(4)
        XCTAssertEqual(events.map(\.kind), [.pressed, .released, .pressed, .released])
        XCTAssertEqual(events.map(\.keysymName), ["a", "a", "Return", "Return"])
        XCTAssertEqual(events.map(\.keysym), [0x61, 0x61, 0xff0d, 0xff0d])
        XCTAssertEqual(events.map(\.text), ["a", "a", "\r", "\r"])
        XCTAssertEqual(events[0].modifiers, [])
        XCTAssertTrue(events[0].layer === scripted.window.rootLayer, "the default focused layer is the root")
        XCTAssertEqual(inputErrors, [])
        XCTAssertEqual(openKeymapFiles(), 0, "the keymap's descriptor was closed")
    }

    func testShiftFromTheModifiersEventGivesTheShiftedKeysymAndIsReported() async throws {
        try await open()
        scripted.compositor.keyboardEnter()
        scripted.compositor.keyModifiers(depressed: ScriptedCompositor.ModifierMask.shift)
        scripted.compositor.key(ScriptedCompositor.KeyCode.a, pressed: true)
        scripted.compositor.keyModifiers(depressed: ScriptedCompositor.ModifierMask.shift | ScriptedCompositor.ModifierMask.control)
        scripted.compositor.key(ScriptedCompositor.KeyCode.one, pressed: true)
        scripted.compositor.keyModifiers(locked: ScriptedCompositor.ModifierMask.capsLock)
        scripted.compositor.key(ScriptedCompositor.KeyCode.e, pressed: true)
        await waitForEvents(3)
        XCTAssertEqual(events.map(\.keysymName), ["A", "exclam", "E"])
        XCTAssertEqual(events.map(\.text), ["A", "!", "E"])
        XCTAssertEqual(events.map(\.modifiers), [[.shift], [.shift, .control], [.capsLock]])
    }

    func testADeadKeyComposesWithTheNextKeyThroughTheLocalesTable() async throws {
        try await open(keymap: .layout("us", variant: "intl"))
        scripted.compositor.keyboardEnter()
        scripted.compositor.key(ScriptedCompositor.KeyCode.apostrophe, pressed: true)
        scripted.compositor.key(ScriptedCompositor.KeyCode.e, pressed: true)
        await waitForEvents(2)
        XCTAssertEqual(events.map(\.keysymName), ["dead_acute", "eacute"])
        XCTAssertEqual(events.map(\.text), [nil, "é"], "the dead key types nothing; the sequence types é")
    }

    // MARK: - Hostile keymaps

    func testAKeymapOfSizeZeroIsReportedAndKeysAreDropped() async throws {
        try await open(keymap: .none)
        scripted.compositor.sendKeymap(.bytes([], size: 0))
        let reported = await waitForInputError()
        XCTAssertEqual(reported, .emptySize)
        scripted.compositor.keyboardEnter()
        scripted.compositor.type(ScriptedCompositor.KeyCode.a)
        _ = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(events.count, 0, "no keymap: keys cannot be translated")
        XCTAssertEqual(openKeymapFiles(), 0, "the descriptor was closed")
        XCTAssertTrue(inputErrors.first?.description.contains("size 0") ?? false, "\(inputErrors)")
    }

    func testAKeymapSizeLargerThanTheFileIsReportedWithoutReadingPastIt() async throws {
        try await open(keymap: .none)
        scripted.compositor.sendKeymap(.bytes(Array("xkb_keymap {".utf8), size: 65536))
        let reported = await waitForInputError()
        XCTAssertEqual(reported, .sizeExceedsFile(size: 65536, fileSize: 12))
        XCTAssertEqual(openKeymapFiles(), 0)
    }

    func testAKeymapAboveTheSizeLimitIsRefused() async throws {
        try await open(keymap: .none)
        scripted.compositor.sendKeymap(.bytes(Array("x".utf8), size: 64 << 20))
        let reported = await waitForInputError()
        XCTAssertEqual(reported, .tooLarge(size: 64 << 20, limit: 1 << 20))
        XCTAssertEqual(openKeymapFiles(), 0)
    }

    func testGarbageBytesAreNotAKeymap() async throws {
        let garbage: [UInt8] = [0xff, 0x00, 0x7b, 0x7d] + Array("xkb_keymap { garbage } ;;; \u{1}".utf8) + [0x80, 0xfe]
        try await open(keymap: .none)
        scripted.compositor.sendKeymap(.bytes(garbage))
        let reported = await waitForInputError()
        XCTAssertEqual(reported, .notAKeymap(size: garbage.count, prefix: "??{}xkb_keymap { garbage"))
        XCTAssertEqual(openKeymapFiles(), 0)
    }

    func testAKeymapInAnotherFormatIsReported() async throws {
        try await open(keymap: .none)
        scripted.compositor.sendKeymap(.bytes(Array("irrelevant".utf8), format: 0))
        let reported = await waitForInputError()
        XCTAssertEqual(reported, .unsupportedFormat(0))
        XCTAssertEqual(openKeymapFiles(), 0)
    }

    func testABadKeymapAfterAGoodOneKeepsTheGoodOne() async throws {
        try await open()
        scripted.compositor.sendKeymap(.bytes(Array("garbage".utf8)))
        _ = await waitForInputError()
        scripted.compositor.keyboardEnter()
        scripted.compositor.key(ScriptedCompositor.KeyCode.a, pressed: true)
        await waitForEvents(1)
        XCTAssertEqual(events.map(\.text), ["a"])
    }

    // MARK: - Repeat

    func testAHeldKeyRepeatsAtTheCompositorsRateUntilReleased() async throws {
        try await open(repeat: (100, 20))
        scripted.compositor.keyboardEnter()
        scripted.compositor.key(ScriptedCompositor.KeyCode.a, pressed: true)
        await waitForEvents(4)
        scripted.compositor.key(ScriptedCompositor.KeyCode.a, pressed: false)
        await waitUntil("the release arrived") { self.events.contains { $0.kind == .released } }
        let releaseIndex = try XCTUnwrap(events.firstIndex { $0.kind == .released })
        guard releaseIndex >= 3 else { return XCTFail("no repeats before the release: \(events.map(\.kind))") }
        XCTAssertEqual(events[0].kind, .pressed)
        XCTAssertEqual(Set(events[1..<releaseIndex].map(\.kind)), [.repeated])
        XCTAssertEqual(Set(events[1..<releaseIndex].map(\.text)), ["a"])
        XCTAssertEqual(events[1].timestamp &- events[0].timestamp, 20, "the first repeat comes after the delay")
        XCTAssertEqual(events[2].timestamp &- events[1].timestamp, 10, "then one per 1/rate s")
        // A later key is the next event: nothing repeats after the release.
        scripted.compositor.key(ScriptedCompositor.KeyCode.e, pressed: true)
        scripted.compositor.key(ScriptedCompositor.KeyCode.e, pressed: false)
        await waitUntil("e arrived") { self.events.contains { $0.keysymName == "e" } }
        XCTAssertEqual(events[(releaseIndex + 1)...].first?.keysymName, "e")
    }

    func testARateOfZeroDisablesRepeat() async throws {
        try await open(repeat: (0, 1))
        scripted.compositor.keyboardEnter()
        scripted.compositor.key(ScriptedCompositor.KeyCode.a, pressed: true)
        await waitForEvents(1)
        // A repeat would come 1 ms after the press; 100 ms pass with none.
        try await Task.sleep(nanoseconds: 100_000_000)
        XCTAssertEqual(events.map(\.kind), [.pressed])
    }

    func testLeavingStopsRepeatAndKeysGoOnlyToTheFocusedWindow() async throws {
        try await open(repeat: (100, 20))
        var focus: [Bool] = []
        scripted.window.onKeyFocusChanged = { focus.append($0) }
        XCTAssertFalse(scripted.window.isKeyWindow)
        scripted.compositor.keyboardEnter()
        scripted.compositor.key(ScriptedCompositor.KeyCode.a, pressed: true)
        await waitForEvents(2)  // the press and a repeat
        XCTAssertTrue(scripted.window.isKeyWindow)
        scripted.compositor.keyboardLeave()
        await waitUntil("the window lost the focus") { !self.scripted.window.isKeyWindow }
        let afterLeave = events.count
        scripted.compositor.type(ScriptedCompositor.KeyCode.e)
        try await Task.sleep(nanoseconds: 100_000_000)
        XCTAssertEqual(events.count, afterLeave, "no repeat and no key without the focus")
        XCTAssertEqual(focus, [true, false])
    }

    // MARK: - Responder chain

    func testKeyEventsGoToTheFocusedLayerThenUpItsSuperlayers() async throws {
        try await open()
        let parent = KeyRecordingLayer(), child = KeyRecordingLayer(), other = KeyRecordingLayer()
        parent.addSublayer(child)
        scripted.window.rootLayer.addSublayer(parent)
        scripted.window.rootLayer.addSublayer(other)
        scripted.window.focusedLayer = child
        scripted.compositor.keyboardEnter()
        scripted.compositor.key(ScriptedCompositor.KeyCode.a, pressed: true)
        await waitForEvents(1)
        XCTAssertEqual(child.received, ["a"])
        XCTAssertEqual(parent.received, ["a"], "not consumed: bubbled")
        XCTAssertEqual(other.received, [])
        XCTAssertTrue(events[0].layer === child)
        child.consumes = true
        scripted.compositor.key(ScriptedCompositor.KeyCode.e, pressed: true)
        await waitForEvents(2)
        XCTAssertEqual(child.received, ["a", "e"])
        XCTAssertEqual(parent.received, ["a"], "consumed by the focused layer")
        child.removeFromSuperlayer()
        XCTAssertTrue(scripted.window.focusedLayer === scripted.window.rootLayer, "a layer out of the tree is not focused")
    }
}
