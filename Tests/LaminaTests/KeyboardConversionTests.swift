import XCTest

@testable import Lamina
@testable import Wayland

/// What the keyboard reports in the Wayland module's types reaches apps in Lamina's own:
/// each modifier as the member of the same name, each keymap failure as the case naming the
/// same problem with the same values and sentence.
final class KeyboardConversionTests: XCTestCase {
    func testEveryKeyboardModifierBecomesTheLaminaModifierOfTheSameName() {
        let members: [(KeyModifiers, KeyEvent.Modifiers, String)] = [
            (.shift, .shift, "[shift]"), (.capsLock, .capsLock, "[capsLock]"), (.control, .control, "[control]"),
            (.alternate, .alternate, "[alternate]"), (.numLock, .numLock, "[numLock]"), (.logo, .logo, "[logo]"),
        ]
        for (keyboard, expected, name) in members {
            let converted = KeyEvent.Modifiers(keyboard)
            XCTAssertEqual(converted, expected, "\(keyboard)")
            XCTAssertEqual(converted.description, name)
        }
        XCTAssertEqual(KeyEvent.Modifiers([]), [])
        XCTAssertEqual(
            KeyEvent.Modifiers([.shift, .capsLock, .control, .alternate, .numLock, .logo]),
            [.shift, .capsLock, .control, .alternate, .numLock, .logo])
        XCTAssertEqual(KeyEvent.Modifiers([.control, .logo]).description, "[control, logo]")
    }

    func testEveryKeymapErrorBecomesTheLaminaFailureNamingTheSameProblem() {
        let failures: [(KeymapError, InputError.KeymapFailure)] = [
            (.unsupportedFormat(0), .unsupportedFormat(0)),
            (.emptySize, .emptySize),
            (.tooLarge(size: 67_108_864, limit: 1_048_576), .tooLarge(size: 67_108_864, limit: 1_048_576)),
            (.sizeExceedsFile(size: 65536, fileSize: 12), .sizeExceedsFile(size: 65536, fileSize: 12)),
            (.notARegularFile, .notARegularFile),
            (.system(operation: "fstat", errno: EBADF), .system(operation: "fstat", errno: EBADF)),
            (.notAKeymap(size: 9, prefix: "garbage"), .notAKeymap(size: 9, prefix: "garbage")),
            (.xkbUnavailable, .xkbUnavailable),
        ]
        for (keyboard, expected) in failures {
            let converted = InputError.KeymapFailure(keyboard)
            XCTAssertEqual(converted, expected, "\(keyboard)")
            XCTAssertEqual(converted.description, keyboard.description)
            XCTAssertEqual(InputError.keymap(converted, seat: 7).description, "keyboard of seat 7: \(keyboard.description)")
        }
        XCTAssertEqual(
            InputError.KeymapFailure.system(operation: "fstat", errno: EBADF).description,
            "cannot read the compositor's keymap: fstat failed: Bad file descriptor")
    }

    func testAKeyBecomesAKeyEventWithItsKeysymTextAndModifiers() {
        let key = KeyboardKey(
            keycode: 38, keysym: 0x41, keysymName: "A", text: "A", isPressed: true, modifiers: [.shift, .numLock],
            time: 1234, repeats: true)
        let event = KeyEvent(.repeated, key, timestamp: 1274, layer: nil)
        XCTAssertEqual(event.kind, .repeated)
        XCTAssertEqual(event.keysym, 0x41)
        XCTAssertEqual(event.keysymName, "A")
        XCTAssertEqual(event.text, "A")
        XCTAssertEqual(event.modifiers, [.shift, .numLock])
        XCTAssertEqual(event.timestamp, 1274)
        XCTAssertNil(event.layer)
    }
}
